"""The registration desk against PostgreSQL: players, eligibility, entries and money in."""

import threading
from datetime import date, timedelta

import pytest
from django.db import connection
from django.test import Client

from clock.services import level_clock as clock_services
from players.models import Exclusion, Membership, Player
from players.queries import players as player_queries
from players.services import desk as player_services
from tests.helpers.personas import PERSONAS
from tournaments.models import Entry, Event, Tournament, WonSeat
from tournaments.queries.close_out import close_out
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind, RefundReason
from tournaments.services import desk as services
from tournaments.services import satellites as satellite_services

ADULT = date(1990, 5, 17)


def new_player(first="Ada", last="Lovelace", born=ADULT, document="P1234567", **more):
    return player_services.NewPlayer(
        first_name=first,
        last_name=last,
        date_of_birth=born,
        id_document_type="passport" if document else "",
        id_document_number=document,
        accepts_terms=True,
        id_checked=True,
        **more,
    )


def sale(kind=Kind.BUY_IN, method="cash", **more):
    return Sale(kind=kind, method=method, desk="desk 1", shift="morning", **more)


@pytest.fixture
def desk_tournament(make_tournament):
    def make(preset="pokerfest", **fields):
        tournament = make_tournament()
        Tournament.objects.filter(pk=tournament.pk).update(
            ruleset_preset=preset, buy_in=50_000, fee=5_000, starting_stack=30_000, **fields
        )
        tournament.refresh_from_db()
        return tournament

    return make


def client_for(persona, staff):
    client = Client()
    if persona != "anonymous":
        client.force_login(staff[persona])
    return client


@pytest.mark.django_db
def test_REG_CONSENT_a_new_player_accepts_the_terms_and_chooses_filming_and_marketing(desk_tournament, staff):
    tournament = desk_tournament()
    with pytest.raises(player_services.PlayerRefused, match="must accept the terms"):
        player_services.create_player(tournament.id, player_services.NewPlayer("No", "Terms", ADULT), staff["desk"])
    player = player_services.create_player(tournament.id, new_player(filming_release=True), staff["desk"])
    assert player_queries.current_consents(player) == {"terms": True, "filming": True, "marketing": False}
    assert player.consents.get(kind="terms").version == player_services.TERMS_VERSION
    player_services.set_marketing_consent(tournament.id, player.id, True, staff["desk"])
    player_services.set_marketing_consent(tournament.id, player.id, False, staff["desk"])  # withdrawn
    assert player_queries.current_consents(player)["marketing"] is False
    assert list(player.consents.filter(kind="marketing").order_by("id").values_list("granted", flat=True)) == [
        False,
        True,
        False,
    ]  # the history stays
    kinds = list(tournament.events.values_list("kind", flat=True))
    assert kinds == ["player.created", "player.marketing_consent", "player.marketing_consent"]
    assert all(set(e.payload["player"]) == {"id", "name"} for e in tournament.events.all())  # no personal data


@pytest.mark.django_db
def test_a_birth_date_that_cannot_be_right_is_refused_as_a_typo(desk_tournament):
    tournament = desk_tournament()
    for born, says in ((date.today() + timedelta(days=1), "in the future"), (date(1899, 12, 31), "before 1900")):
        with pytest.raises(player_services.PlayerRefused, match=says):
            player_services.create_player(tournament.id, new_player(born=born), None)
    assert not Player.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_two_desks_creating_the_same_document_make_one_player(desk_tournament, staff):
    tournament = desk_tournament()
    outcomes = []

    def create(i):
        try:
            outcomes.append(
                player_services.create_player(
                    tournament.id, new_player(first=f"Clerk{i}", document="x12 345-67"), None
                ).id
            )
        except player_services.PlayerRefused as refusal:
            outcomes.append(("refused", refusal.existing_id, str(refusal)))
        finally:
            connection.close()

    threads = [threading.Thread(target=create, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert Player.objects.count() == 1
    player = Player.objects.get()
    assert player.id_document_number == "X1234567"
    refusals = [o for o in outcomes if isinstance(o, tuple)]
    assert len(refusals) == 7 and {o[1] for o in refusals} == {player.id}
    assert "already exists" in refusals[0][2] and "Select them instead" in refusals[0][2]


@pytest.mark.django_db(transaction=True)
def test_twenty_desks_racing_for_the_last_ten_seats_sell_exactly_ten(desk_tournament):
    tournament = desk_tournament(max_entries=10)
    players = [
        player_services.create_player(tournament.id, new_player(first=f"P{i}", document=f"D{i}"), None)
        for i in range(20)
    ]
    sold, refused = [], []

    def register(player):
        try:
            sold.append(services.register_entry(tournament.id, player.id, sale(), None).number)
        except services.EntryRefused as refusal:
            refused.append(refusal.reasons)
        finally:
            connection.close()

    threads = [threading.Thread(target=register, args=(p,)) for p in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(sold) == list(range(1, 11))
    assert len(refused) == 10 and all(r[0].message == "Sold out: all 10 seats are taken." for r in refused)
    tournament.refresh_from_db()
    assert tournament.seats_sold == 10 == Entry.objects.filter(tournament=tournament).count()
    assert tournament.events.filter(kind="entry.refused").count() == 10


@pytest.mark.django_db
def test_the_database_itself_refuses_a_sale_over_the_cap(desk_tournament):
    from django.db import IntegrityError, transaction

    tournament = desk_tournament(max_entries=1, seats_sold=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Tournament.objects.filter(pk=tournament.pk).update(seats_sold=2)


@pytest.mark.django_db
def test_REG_AGE_an_under_age_player_is_refused_with_the_reason_and_only_the_refusal_is_logged(desk_tournament, staff):
    tournament = desk_tournament()
    seventeen = date(date.today().year - 17, date.today().month, 1)  # 17 all month long
    minor = player_services.create_player(tournament.id, new_player(born=seventeen, document="M1"), staff["desk"])
    with pytest.raises(services.EntryRefused) as refusal:
        services.register_entry(tournament.id, minor.id, sale(), staff["desk"])
    assert [r.rule for r in refusal.value.reasons] == ["REG-AGE"]
    assert refusal.value.reasons[0].message.startswith("Under age: 17 on ")
    assert not Entry.objects.exists()
    logged = tournament.events.get(kind="entry.refused")
    assert logged.public is None and logged.payload["rules"] == ["REG-AGE"]
    # The staff feed reaches the floor: neither the age nor the birth date in it (a bare "17"
    # would also match a player or entry id).
    assert "17 on " not in str(logged.payload) and seventeen.isoformat() not in str(logged.payload)


@pytest.mark.django_db
def test_REG_ID_and_REG_EXCLUDE_block_at_the_desk_until_resolved(desk_tournament, staff):
    tournament = desk_tournament()
    player = player_services.create_player(
        tournament.id,
        player_services.NewPlayer("Bo", "Banned", ADULT, "", "passport", "B1", accepts_terms=True),
        staff["desk"],
    )  # a document on file: the photo ID check needs one (issue 22)
    Exclusion.objects.create(player=player, reason="venue ban", starts=date(2020, 1, 1), ends=date(2020, 12, 31))
    with pytest.raises(services.EntryRefused) as refusal:
        services.register_entry(tournament.id, player.id, sale(), staff["desk"])
    assert [r.rule for r in refusal.value.reasons] == ["REG-ID"]  # the old ban has ended
    player_services.record_id_check(tournament.id, player.id, staff["desk"])
    Exclusion.objects.create(player=player, reason="self-exclusion", starts=date(2020, 1, 1))
    with pytest.raises(services.EntryRefused, match=r"Excluded \(self-exclusion\) until lifted"):
        services.register_entry(tournament.id, player.id, sale(), staff["desk"])


@pytest.mark.django_db
def test_REG_MEMBER_chips_visitor_signed_in_by_a_present_full_member(desk_tournament, staff):
    tournament = desk_tournament("chips")
    member = player_services.create_player(
        tournament.id,
        new_player("Mem", "Ber", document="M-1", membership_number="C-100", membership_fee_paid_until=date(2099, 1, 1)),
        None,
    )
    visitor = player_services.create_player(tournament.id, new_player("Vis", "Itor", document="V-1"), None)
    with pytest.raises(services.EntryRefused, match="sign them in as a visitor"):
        services.register_entry(tournament.id, visitor.id, sale(), None)
    with pytest.raises(services.EntryRefused, match="signed in by a full member"):
        services.register_entry(
            tournament.id,
            visitor.id,
            sale(visitor_signed_in_by="C-999", sponsor_present=True, visitor_fee=500),
            None,
        )
    with pytest.raises(services.EntryRefused, match="The visitor fee is not paid"):
        services.register_entry(
            tournament.id, visitor.id, sale(visitor_signed_in_by="C-100", sponsor_present=True), None
        )
    entry = services.register_entry(
        tournament.id, visitor.id, sale(visitor_signed_in_by="C-100", sponsor_present=True, visitor_fee=500), None
    )
    assert entry.visitor_signed_in_by == "C-100"
    assert services.register_entry(tournament.id, member.id, sale(), None).number == 2
    assert Membership.objects.get(number="C-100").player == member


@pytest.mark.django_db
def test_REG_MEMBER_chips_the_visitor_fee_is_money_taken_at_the_desk_and_in_the_close_out(desk_tournament, staff):
    """REG-MEMBER (chips): a visitor's sale charges the visitor fee as an amount (the club's, on
    top of the entry's price), records the member who signed them in, and the close-out shows it."""
    tournament = desk_tournament("chips")
    player_services.create_player(
        tournament.id,
        new_player("Mem", "Ber", document="M-1", membership_number="C-100", membership_fee_paid_until=date(2099, 1, 1)),
        None,
    )
    visitor = player_services.create_player(tournament.id, new_player("Vis", "Itor", document="V-1"), None)
    answer = client_for("desk", staff).post(
        f"/api/tournaments/{tournament.id}/entries/",
        {
            "player_id": visitor.id,
            "kind": "buy_in",
            "method": "cash",
            "desk": "desk 1",
            "shift": "evening",
            "visitor_signed_in_by": "C-100",
            "sponsor_present": True,
            "visitor_fee": 500,
        },
        content_type="application/json",
    )
    assert answer.status_code == 201, answer.json()
    sold = answer.json()
    assert (sold["visitor_signed_in_by"], sold["visitor_fee"], sold["paid"]) == ("C-100", 500, 50_000 + 5_000 + 500)
    entry = Entry.objects.get(tournament=tournament, number=sold["number"])
    assert (entry.pool_part, entry.fee_part, entry.visitor_fee) == (50_000, 5_000, 500)  # the pool is untouched
    report = close_out(tournament.id)
    assert (report["totals"]["taken"], report["totals"]["visitor_fees"]) == (55_500, 500)
    assert report["visitors"] == [
        {
            "event": tournament.name,
            "entry": entry.number,
            "player": "Vis Itor",
            "signed_in_by": "C-100",
            "visitor_fee": 500,
        }
    ]
    page = client_for("director", staff).get(f"/tournaments/{tournament.id}/close-out/").content.decode()
    assert "data-visitor-fees" in page
    assert "data-visitor-sales" in page and "<td>C-100</td>" in page  # the signing member, on the record


@pytest.mark.django_db
def test_ENT_REBUY_and_ENT_ADDON_at_the_desk_follow_the_live_clock(make_tournament, staff):
    tournament = make_tournament(level_seconds=(1200, 1200, 600, 1200), breaks=(2,))
    Tournament.objects.filter(pk=tournament.pk).update(ruleset_preset="kentucky", buy_in=8_500, fee=1_500)
    player = player_services.create_player(tournament.id, new_player(), None)
    services.register_entry(tournament.id, player.id, sale(), None)
    with pytest.raises(services.EntryRefused, match="Rebuys start with play"):
        services.register_entry(tournament.id, player.id, sale(Kind.REBUY), None)
    clock_services.start_clock(tournament.id, None)
    rebuys = [services.register_entry(tournament.id, player.id, sale(Kind.REBUY), None) for _ in range(3)]
    assert [(e.chips, e.paid, e.pool_part) for e in rebuys] == [(2000, 5000, 5000)] * 3  # unlimited until the break
    with pytest.raises(services.EntryRefused, match="at the intermission"):
        services.register_entry(tournament.id, player.id, sale(Kind.ADDON), None)
    clock_services.go_to_level(tournament.id, None, 2)  # the intermission
    with pytest.raises(services.EntryRefused, match="Rebuys ended at the intermission"):
        services.register_entry(tournament.id, player.id, sale(Kind.REBUY), None)
    addon = services.register_entry(tournament.id, player.id, sale(Kind.ADDON, "card"), None)
    assert (addon.chips, addon.paid) == (5000, 5000)
    with pytest.raises(services.EntryRefused, match="limited to 1 per player"):
        services.register_entry(tournament.id, player.id, sale(Kind.ADDON), None)


@pytest.mark.django_db
def test_ENT_LATE_after_the_start_a_late_entry_not_a_buy_in(desk_tournament, staff):
    tournament = desk_tournament()
    clock_services.start_clock(tournament.id, None)
    player = player_services.create_player(tournament.id, new_player(), None)
    with pytest.raises(services.EntryRefused, match="sell a late entry"):
        services.register_entry(tournament.id, player.id, sale(Kind.BUY_IN), None)
    late = services.register_entry(tournament.id, player.id, sale(Kind.LATE), None)
    assert (late.kind, late.chips, late.paid) == ("late", 30_000, 55_000)
    with pytest.raises(services.EntryRefused, match="one entry per player"):
        services.register_entry(tournament.id, player.id, sale(Kind.LATE), None)
    Tournament.objects.filter(pk=tournament.pk).update(registration_closed=True)
    other = player_services.create_player(tournament.id, new_player("Late", "Comer", document="L1"), None)
    with pytest.raises(services.EntryRefused, match="Registration is closed"):
        services.register_entry(tournament.id, other.id, sale(Kind.LATE), None)


@pytest.mark.django_db
def test_ENT_REFUND_void_and_refunds_reverse_money_by_rule_and_the_close_out_adds_up(desk_tournament, staff):
    tournament = desk_tournament("neverending", max_entries=3)
    people = [
        player_services.create_player(
            tournament.id,
            new_player(
                f"P{i}",
                document=f"D{i}",
                membership_number=f"N-{i}",
                membership_fee_paid_until=date(2099, 1, 1),
                release_signed=True,
            ),
            None,
        )
        for i in range(3)
    ]
    paid = services.register_entry(tournament.id, people[0].id, sale(method="cash"), staff["desk"])
    voucher = WonSeat.objects.create(tournament=tournament, player=people[1], source="Freeroll 7, 1st")
    won = services.register_entry(
        tournament.id, people[1].id, sale(Kind.SATELLITE, "won", won_seat_code=voucher.code), staff["desk"]
    )
    mistake = services.register_entry(tournament.id, people[2].id, sale(method="card"), staff["desk"])
    assert (won.paid, won.pool_part, won.fee_part) == (0, 50_000, 5_000)

    voided = services.void_entry(tournament.id, mistake.number, "wrong player selected", staff["cashier"])
    assert (voided.status, voided.returned, voided.returned_from_pool) == ("voided", 55_000, 50_000)
    with pytest.raises(Exception, match="is voided; only an active entry"):
        services.void_entry(tournament.id, mistake.number, "again", staff["cashier"])
    withdrawn = services.refund_entry(tournament.id, paid.number, RefundReason.WITHDRAWAL, staff["cashier"])
    assert (withdrawn.returned, withdrawn.returned_from_pool) == (50_000, 50_000)  # the buy-in, not the fee
    freeroll = services.refund_entry(tournament.id, won.number, RefundReason.WITHDRAWAL, staff["cashier"])
    assert freeroll.returned == 27_500  # 55,000 value less the 50% administration fee
    with pytest.raises(Exception, match="not a refund"):
        services.refund_entry(tournament.id, won.number, RefundReason.DISQUALIFIED, staff["cashier"])
    tournament.refresh_from_db()
    assert tournament.seats_sold == 0 and Entry.objects.filter(tournament=tournament).count() == 3

    report = close_out(tournament.id)
    assert [(r["method"], r["sales"], r["taken"], r["returned"], r["net"]) for r in report["rows"]] == [
        ("card", 1, 55_000, 55_000, 0),
        ("cash", 1, 55_000, 50_000, 5_000),
        ("won", 1, 0, 27_500, -27_500),
    ]
    assert report["totals"]["net"] == sum(r["net"] for r in report["rows"]) == -22_500
    assert (report["totals"]["voided"], report["totals"]["refunded"]) == (1, 2)


@pytest.mark.django_db
def test_a_double_submitted_sale_makes_one_entry(desk_tournament):
    tournament = desk_tournament()
    player = player_services.create_player(tournament.id, new_player(), None)
    first = services.register_entry(tournament.id, player.id, sale(), None, request_key="form-42")
    again = services.register_entry(tournament.id, player.id, sale(), None, request_key="form-42")
    assert first.pk == again.pk and Entry.objects.count() == 1


@pytest.mark.django_db
def test_the_desk_api_registers_and_explains_refusals(desk_tournament, staff):
    tournament = desk_tournament()
    desk = client_for("desk", staff)
    created = desk.post(
        f"/api/tournaments/{tournament.id}/players/",
        {
            "first_name": "Ada",
            "last_name": "Lovelace",
            "date_of_birth": "1990-05-17",
            "id_document_type": "passport",
            "id_document_number": "p 99",
            "accepts_terms": True,
        },
        content_type="application/json",
    )
    assert created.status_code == 201 and created.json()["id_document_number"] == "P99"
    player_id = created.json()["id"]
    assert [p["id"] for p in desk.get("/api/players/?q=love").json()] == [player_id]
    assert [p["id"] for p in desk.get("/api/players/?q=P99").json()] == [player_id]
    checked = desk.get(f"/api/tournaments/{tournament.id}/players/{player_id}/check/").json()
    assert checked["may_enter"] is False and [r["rule"] for r in checked["reasons"] if not r["ok"]] == ["REG-ID"]
    body = {"player_id": player_id, "kind": "buy_in", "method": "cash", "desk": "desk 2", "shift": "evening"}
    refused = desk.post(f"/api/tournaments/{tournament.id}/entries/", body, content_type="application/json")
    assert refused.status_code == 409 and refused.json()["reasons"][0]["rule"] == "REG-ID"
    desk.post(f"/api/tournaments/{tournament.id}/players/{player_id}/id-check/")
    sold = desk.post(
        f"/api/tournaments/{tournament.id}/entries/",
        body,
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY="form-1",
    )
    assert sold.status_code == 201 and sold.json()["number"] == 1 and sold.json()["paid"] == 55_000
    bad = desk.post(
        f"/api/tournaments/{tournament.id}/entries/", {**body, "kind": "freeroll"}, content_type="application/json"
    )
    assert bad.status_code == 422 and bad.json()["detail"].startswith("Invalid input — kind:")
    duplicate = desk.post(
        f"/api/tournaments/{tournament.id}/players/",
        {
            "first_name": "Ada",
            "last_name": "Again",
            "date_of_birth": "1990-05-17",
            "id_document_type": "passport",
            "id_document_number": "P99",
            "accepts_terms": True,
        },
        content_type="application/json",
    )
    assert duplicate.status_code == 409 and "already exists: Ada Lovelace" in duplicate.json()["detail"]
    assert (
        desk.post(
            f"/api/tournaments/{tournament.id}/entries/1/void/", {"reason": "x"}, content_type="application/json"
        ).status_code
        == 403
    )  # money back needs a cashier


PERSONAL = {
    "anonymous": 401,
    "director": 200,
    "floor": 403,
    "desk": 200,
    "cashier": 200,
    "media": 403,
    "superuser": 200,
}


@pytest.mark.django_db
@pytest.mark.parametrize("persona", PERSONAS)
def test_personal_data_reaches_desk_cashier_and_director_only(persona, desk_tournament, staff):
    tournament = desk_tournament()
    player = player_services.create_player(tournament.id, new_player(), None)
    services.register_entry(tournament.id, player.id, sale(), None)
    client = client_for(persona, staff)
    assert client.get("/api/players/?q=ada").status_code == PERSONAL[persona]
    assert client.get(f"/api/tournaments/{tournament.id}/players/{player.id}/check/").status_code == PERSONAL[persona]
    public = Client().get(f"/api/tournaments/{tournament.id}/").content.decode()
    assert "Lovelace" not in public and "1990" not in public and '"entries": 1' in public
    lobby_events = Event.objects.filter(tournament=tournament).exclude(public=None)
    assert all("Lovelace" not in str(event.public) for event in lobby_events)


@pytest.mark.django_db
def test_REG_NONTRANSFER_a_won_seat_is_spent_only_by_its_winner_and_only_once(desk_tournament):
    tournament = desk_tournament()
    winner = player_services.create_player(tournament.id, new_player("Win", "Ner", document="W1"), None)
    friend = player_services.create_player(tournament.id, new_player("Fri", "End", document="F1"), None)
    seat = WonSeat.objects.create(tournament=tournament, player=winner, source="Satellite 3, 1st place")
    with pytest.raises(services.EntryRefused, match="No won seat with that voucher code"):
        services.register_entry(tournament.id, winner.id, sale(Kind.SATELLITE, "won", won_seat_code="NOPE"), None)
    with pytest.raises(services.EntryRefused) as refusal:
        services.register_entry(tournament.id, friend.id, sale(Kind.SATELLITE, "won", won_seat_code=seat.code), None)
    assert [r.rule for r in refusal.value.reasons] == ["REG-NONTRANSFER"]
    assert "issued to another player" in refusal.value.reasons[0].message
    entry = services.register_entry(
        tournament.id, winner.id, sale(Kind.SATELLITE, "won", won_seat_code=seat.code.lower()), None
    )
    seat.refresh_from_db()
    assert (seat.entry, entry.paid, entry.pool_part) == (entry, 0, 50_000)
    with pytest.raises(services.EntryRefused, match="already been used"):
        services.register_entry(tournament.id, winner.id, sale(Kind.SATELLITE, "won", won_seat_code=seat.code), None)
    voided = services.void_entry(tournament.id, entry.number, "sold by mistake", None)
    assert f"voucher {seat.code} released" in voided.close_reason
    again = services.register_entry(
        tournament.id, winner.id, sale(Kind.SATELLITE, "won", won_seat_code=seat.code), None
    )
    seat.refresh_from_db()
    assert seat.entry == again


@pytest.mark.django_db
def test_ENT_SUBST_the_director_approves_an_eligible_substitute_and_the_entry_stays_the_entrants(
    desk_tournament, staff
):
    tournament = desk_tournament("neverending")
    member = {"membership_fee_paid_until": date(2099, 1, 1), "release_signed": True}
    entrant = player_services.create_player(
        tournament.id, new_player("En", "Trant", document="E1", membership_number="N-1", **member), None
    )
    stand_in = player_services.create_player(
        tournament.id, new_player("Sub", "Stitute", document="S1", membership_number="N-2", **member), None
    )
    outsider = player_services.create_player(tournament.id, new_player("Not", "Member", document="X1"), None)
    entry = services.register_entry(tournament.id, entrant.id, sale(), None)
    director, desk = client_for("director", staff), client_for("desk", staff)
    url = f"/api/tournaments/{tournament.id}/entries/{entry.number}/substitute/"
    assert (
        desk.post(url, {"player_id": stand_in.id, "reason": "called away"}, content_type="application/json").status_code
        == 403
    )
    refused = director.post(url, {"player_id": outsider.id, "reason": "called away"}, content_type="application/json")
    assert refused.status_code == 409 and [r["rule"] for r in refused.json()["reasons"]] == ["REG-MEMBER"]
    approved = director.post(
        url, {"player_id": stand_in.id, "reason": "family emergency"}, content_type="application/json"
    )
    assert approved.status_code == 201 and approved.json()["substitute"] == "Sub Stitute"
    entry.refresh_from_db()
    assert entry.player == entrant and entry.status == "active"  # the prize stays with the entrant
    assert tournament.events.get(kind="entry.substituted").payload["substitute"]["name"] == "Sub Stitute"


@pytest.mark.django_db
def test_ENT_LATE_the_director_closes_registration_and_every_desk_hears_it(desk_tournament, staff):
    tournament = desk_tournament()
    player = player_services.create_player(tournament.id, new_player(), None)
    assert client_for("desk", staff).post(f"/api/tournaments/{tournament.id}/registration/close/").status_code == 403
    director = client_for("director", staff)
    assert director.post(f"/api/tournaments/{tournament.id}/registration/close/").status_code == 200
    again = director.post(f"/api/tournaments/{tournament.id}/registration/close/")
    assert again.status_code == 409 and again.json()["detail"] == "Registration is already closed."
    event = tournament.events.get(kind="registration.closed")
    assert (
        event.public == {"registration_closed": True, "breaking_order": [], "places_paid": 0}
        and event.actor == staff["director"]
    )
    with pytest.raises(services.EntryRefused, match="Registration is closed"):
        services.register_entry(tournament.id, player.id, sale(), None)


@pytest.mark.django_db
def test_REG_NONTRANSFER_won_seats_are_issued_through_the_log(desk_tournament, staff):
    tournament = desk_tournament()
    winner = player_services.create_player(tournament.id, new_player("Win", "Ner", document="W2"), None)
    with pytest.raises(Exception, match="Say where the seat was won"):
        satellite_services.issue_won_seat(tournament.id, winner.id, " ", staff["director"])
    seat = satellite_services.issue_won_seat(tournament.id, winner.id, "Satellite 9, 1st place", staff["director"])
    logged = tournament.events.get(kind="won_seat.issued")
    assert logged.payload["code"] == seat.code and logged.public is None and seat.issued_by == staff["director"]
    admin = client_for("superuser", staff)
    response = admin.post(
        "/admin/tournaments/wonseat/add/", {"tournament": tournament.id, "player": winner.id, "source": "Freeroll 2"}
    )
    assert response.status_code == 302
    assert tournament.events.filter(kind="won_seat.issued").count() == 2


@pytest.mark.django_db
def test_ENT_ADDON_neverending_with_rebuys_sells_the_addon_at_the_end_of_the_rebuy_period_not_at_the_break(
    make_tournament, staff
):
    # Levels of 20 minutes, a 10-minute first break at minute 40; rebuys for 70 minutes.
    tournament = make_tournament(level_seconds=(1200, 1200, 600, 1200, 1200, 1200), breaks=(2,))
    Tournament.objects.filter(pk=tournament.pk).update(ruleset_preset="neverending", buy_in=5_000, fee=500)
    director = client_for("director", staff)
    url = f"/api/tournaments/{tournament.id}/settings/"
    body = {"name": tournament.name, "ruleset_preset": "neverending", "buy_in": 5_000, "fee": 500}
    # The league event switches rebuys (70 minutes) and the add-on on in the set-up page's house choices,
    # then the page shows the rebuy's and the add-on's numbers.
    switched = director.post(
        url, {**body, "rebuys": True, "rebuy_minutes": 70, "addon_sold": True}, content_type="application/json"
    )
    assert switched.status_code == 200, switched.json()
    assert {k: switched.json()["changes"][k] for k in ("rebuys", "rebuy_minutes", "addon_sold")} == {
        "rebuys": True,
        "rebuy_minutes": 70,
        "addon_sold": True,
    }
    numbers = {"rebuy_price": 2_000, "rebuy_chips": 10_000, "addon_price": 3_000, "addon_chips": 15_000}
    changed = director.post(url, {**body, **numbers, "addon_minutes": 15}, content_type="application/json")
    assert changed.status_code == 200, changed.json()
    assert changed.json()["changes"]["addon"] == {"price": 3_000, "chips": 15_000, "minutes": 15}
    member = {"membership_number": "N-7", "membership_fee_paid_until": date(2099, 1, 1), "release_signed": True}
    player = player_services.create_player(tournament.id, new_player(**member), None)
    other = player_services.create_player(
        tournament.id, new_player("Bo", "Bell", document="P7654321", **{**member, "membership_number": "N-8"}), None
    )
    for entrant in (player, other):
        services.register_entry(tournament.id, entrant.id, sale(), None)
    clock_services.start_clock(tournament.id, None)
    clock_services.go_to_level(tournament.id, None, 2)  # the first break: rebuys still on, no add-on yet
    services.register_entry(tournament.id, player.id, sale(Kind.REBUY), None)
    end_of_period = "The add-on is sold at the end of the rebuy period only: from 70 to 85 minutes of play."
    with pytest.raises(services.EntryRefused, match=end_of_period):
        services.register_entry(tournament.id, player.id, sale(Kind.ADDON), None)
    clock_services.go_to_level(tournament.id, None, 4)  # minute 70: the rebuy period is over
    with pytest.raises(services.EntryRefused, match="The rebuy period ended after 70 minutes"):
        services.register_entry(tournament.id, player.id, sale(Kind.REBUY), None)
    addon = services.register_entry(tournament.id, player.id, sale(Kind.ADDON), None)
    assert (addon.kind, addon.chips, addon.paid) == (Kind.ADDON, 15_000, 3_000)
    assert (
        Event.objects.filter(tournament=tournament, kind="entry.registered").last().payload["entry"]["kind"] == "addon"
    )
    clock_services.go_to_level(tournament.id, None, 5)  # minute 90: the add-on's 15 minutes are over
    with pytest.raises(services.EntryRefused, match=end_of_period):
        services.register_entry(tournament.id, other.id, sale(Kind.ADDON), None)


@pytest.mark.django_db
def test_ENT_LATE_a_busted_player_buys_a_re_entry_not_a_late_entry(desk_tournament, staff):
    """The walkthrough's desk offered "late entry" first to a busted player: in a freezeout that
    sold a re-entry the house has none of, and in a re-entry event it hid one under another name."""
    tournament = desk_tournament()
    clock_services.start_clock(tournament.id, None)
    player = player_services.create_player(tournament.id, new_player(), None)
    first = services.register_entry(tournament.id, player.id, sale(Kind.LATE), None)
    Entry.objects.filter(pk=first.pk).update(status=Entry.Status.BUSTED)  # out at the table
    with pytest.raises(services.EntryRefused, match="sell a re-entry"):
        services.register_entry(tournament.id, player.id, sale(Kind.LATE), None)
    again = services.register_entry(tournament.id, player.id, sale(Kind.RE_ENTRY), None)
    assert again.kind == "re_entry"

    freezeout = desk_tournament(preset="action-clock")
    clock_services.start_clock(freezeout.id, None)
    other = player_services.create_player(freezeout.id, new_player("Free", "Zout", document="F1"), None)
    entry = services.register_entry(freezeout.id, other.id, sale(Kind.LATE), None)
    Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.BUSTED)
    with pytest.raises(services.EntryRefused, match="no re-entries"):
        services.register_entry(freezeout.id, other.id, sale(Kind.LATE), None)
