"""Eliminations, places and money in the database (ELIM-SAMETABLE, PAY-POOL, PAY-DQ, PAY-STRUCT)."""

import pytest
from django.test import Client

from clock.services import level_clock
from players.queries.players import public_name
from tables.queries.floor import floor_view
from tables.services.draw import draw_field, open_tables
from tables.services.floor import hand_done, player_out
from tournaments.models import Entry, Tournament
from tournaments.queries.entries import Sale
from tournaments.queries.payouts import money_summary, payout, prize_pool
from tournaments.queries.results import standings
from tournaments.queries.snapshot import snapshot
from tournaments.rules.entries import Kind
from tournaments.services.desk import close_registration, register_entry, void_entry
from tournaments.services.rulings import disqualify, undo_bust


def seats_of(tournament) -> dict[int, tuple[int, int]]:
    """entry number -> (table, seat)."""
    found = {}
    for table in floor_view(tournament.id)["tables"]:
        for seat, player in table["players"].items():
            found[Entry.objects.get(pk=player["entry"]).number] = (table["number"], int(seat))
    return found


@pytest.fixture
def nine_players(field, staff):
    tournament, entries = field(9, tables=1, buy_in=10_000)
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=9)
    return tournament


@pytest.mark.django_db
def test_PAY_POOL_pool_parts_less_refunds_topped_up_to_the_guarantee_unless_force_majeure(nine_players):
    tournament = nine_players
    collected = sum(Entry.objects.filter(tournament=tournament).values_list("pool_part", flat=True))
    assert prize_pool(tournament) == {"collected": collected, "guarantee": 0, "pool": collected, "overlay": 0}
    Tournament.objects.filter(pk=tournament.pk).update(guarantee=collected + 50_000)
    tournament.refresh_from_db()
    assert prize_pool(tournament)["pool"] == collected + 50_000 and prize_pool(tournament)["overlay"] == 50_000
    Tournament.objects.filter(pk=tournament.pk).update(guarantee_void=True)
    tournament.refresh_from_db()
    assert prize_pool(tournament)["pool"] == collected


@pytest.mark.django_db
def test_ELIM_SAMETABLE_two_out_in_one_hand_rank_by_starting_stack_and_the_results_pay_them(nine_players, staff):
    tournament = nine_players
    floor = Client()
    floor.force_login(staff["floor"])
    seats = seats_of(tournament)
    small, big = seats[1], seats[2]
    base = f"/api/tournaments/{tournament.id}/tables/1/seats"
    floor.post(f"{base}/{small[1]}/out/", {"starting_stack": 4_000}, content_type="application/json")
    floor.post(f"{base}/{big[1]}/out/", {"starting_stack": 9_000}, content_type="application/json")
    refused = floor.post(f"{base}/{seats[3][1]}/out/", {"starting_stack": -5}, content_type="application/json")
    assert refused.status_code == 422
    results = Client().get(f"/api/tournaments/{tournament.id}/results/").json()
    by_entry = {row["entry"]: row for row in results["out"]}
    assert (by_entry[1]["place"], by_entry[2]["place"]) == ([9, 9], [8, 8])  # the bigger stack finishes higher
    assert results["field"] == 9 and sum(results["payouts"]) == results["pool"]["pool"]
    assert len(results["payouts"]) == 2  # 15% of nine, rounded up
    out = tournament.events.filter(kind="player.out").last()
    assert out.public["money"]["places_paid"] == 2 and out.public["players_left"] == 7


@pytest.mark.django_db
def test_ELIM_SAMETABLE_a_second_bust_before_hand_done_is_the_same_hand_only_when_the_floor_says_so(
    nine_players, staff
):
    """Issue 11, item 5: busts on separate hands at one table became a tie because nobody
    tapped "Hand done". The tablet sees who is already out in the hand; a new hand is recorded
    with the bust."""
    tournament = nine_players
    seats = seats_of(tournament)
    floor = Client()
    floor.force_login(staff["floor"])
    base = f"/api/tournaments/{tournament.id}/tables/1/seats"
    assert floor_view(tournament.id)["tables"][0]["out_this_hand"] == []
    floor.post(f"{base}/{seats[1][1]}/out/", {}, content_type="application/json")
    first = Entry.objects.get(tournament=tournament, number=1).player
    assert floor_view(tournament.id)["tables"][0]["out_this_hand"] == [str(first)]
    hands = floor_view(tournament.id)["tables"][0]["hands_dealt"]
    again = floor.post(f"{base}/{seats[2][1]}/out/", {"new_hand": True}, content_type="application/json")
    assert again.status_code == 200
    view = floor_view(tournament.id)["tables"][0]
    assert view["hands_dealt"] == hands + 1 and view["out_this_hand"] == [
        str(Entry.objects.get(tournament=tournament, number=2).player)
    ]
    kinds = list(tournament.events.order_by("seq").values_list("kind", flat=True))
    assert kinds[-3:] == ["player.out", "hand.done", "player.out"]  # the hand done is recorded first
    by_entry = {row["entry"]: row["place"] for row in standings(tournament)["out"]}
    assert by_entry == {1: [9, 9], 2: [8, 8]}  # each a place of its own, no tie


@pytest.mark.django_db
def test_a_bust_undone_by_mistake_puts_the_player_back_and_the_places_close_up(nine_players, staff):
    tournament = nine_players
    seats = seats_of(tournament)
    player_out(tournament.id, *seats[4], staff["floor"], starting_stack=1_000)
    player_out(tournament.id, *seats[5], staff["floor"], starting_stack=1_000)
    with pytest.raises(Exception, match="Say why"):
        undo_bust(tournament.id, 4, " ", staff["director"])
    undone = undo_bust(tournament.id, 4, "wrong seat tapped", staff["director"])
    assert (undone["table"], undone["seat"]) == seats[4] and undone["players_left"] == 8
    assert [row["entry"] for row in standings(tournament)["out"]] == [5]
    assert standings(tournament)["out"][0]["place"] == [9, 9]  # entry 5 is now the first out
    with pytest.raises(Exception, match="not out"):
        undo_bust(tournament.id, 4, "again", staff["director"])
    assert tournament.events.get(kind="player.out_undone").payload["reason"] == "wrong seat tapped"


@pytest.mark.django_db
def test_PAY_DQ_the_api_needs_the_counted_stack_which_leaves_play_the_buy_in_stays_the_rest_move_up(
    nine_players, staff
):
    tournament = nine_players
    seats = seats_of(tournament)
    pool = prize_pool(tournament)["pool"]
    player_out(tournament.id, *seats[6], staff["floor"])
    assert standings(tournament)["out"][0]["place"] == [9, 9]
    director = Client()
    director.force_login(staff["director"])
    url = f"/api/tournaments/{tournament.id}/entries/7/disqualify/"
    assert Client().post(url, {"reason": "x"}, content_type="application/json").status_code == 401
    # The count is required: without it, or not a count, a 422 with a sentence and nothing changed.
    missing = director.post(url, {"reason": "collusion"}, content_type="application/json")
    assert missing.status_code == 422 and "Count " in missing.json()["detail"]
    assert "stack out of play (PAY-DQ" in missing.json()["detail"]
    negative = director.post(url, {"reason": "collusion", "chips": -5}, content_type="application/json")
    assert negative.status_code == 422 and "chips" in negative.json()["detail"]
    assert Entry.objects.get(tournament=tournament, number=7).status == "active"
    stack = Entry.objects.get(tournament=tournament, number=7).chips
    counted = stack + 2_500  # the counted stack, not the chips bought: it won pots
    done = director.post(url, {"reason": "collusion", "chips": counted}, content_type="application/json").json()
    assert done["players_left"] == 7 and prize_pool(tournament)["pool"] == pool  # the buy-in stays
    assert standings(tournament)["out"][0]["place"] == [8, 8]  # the rest move up
    assert standings(tournament)["field"] == 9  # issue 11, item 8: the payout table's field does not shrink
    assert Entry.objects.get(tournament=tournament, number=7).status == "disqualified"
    assert 7 not in seats_of(tournament)
    assert done["chips_in_play"] == 9 * stack - counted  # the counted stack left play
    again = director.post(url, {"reason": "again", "chips": 0}, content_type="application/json")
    assert again.status_code == 409 and "disqualified" in again.json()["detail"]
    assert money_summary(tournament, 7)["next_out_prize"] == 0


@pytest.mark.django_db
def test_PAY_POINTS_every_finisher_scores_and_the_season_leaderboard_adds_them_up(field, staff):
    tournament, entries = field(4, tables=1, buy_in=10_000)
    Tournament.objects.filter(pk=tournament.pk).update(ruleset_preset="chips")
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    seats = seats_of(tournament)
    from tables.services.floor import hand_done

    for number in (4, 3, 2):  # one a hand: a place each
        player_out(tournament.id, *seats[number], staff["floor"])
        if number > 2:
            hand_done(tournament.id, 1, staff["floor"])
    rows = {row["entry"]: row for row in standings(Tournament.objects.get(pk=tournament.pk))["out"]}
    assert [rows[n]["place"] for n in (1, 2, 3, 4)] == [[1, 1], [2, 2], [3, 3], [4, 4]]
    assert [rows[n]["points"] for n in (1, 2, 3, 4)] == [20, 14, 11, 10]  # 10 * sqrt(4 / place)
    board = Client().get(f"/festivals/{tournament.festival_id}/leaderboard/").content.decode()
    assert "P0 S." in board and "<td>20</td>" in board
    cashier, floor = Client(), Client()
    cashier.force_login(staff["cashier"])
    floor.force_login(staff["floor"])
    assert floor.get(f"/tournaments/{tournament.id}/results.csv").status_code == 403
    lines = cashier.get(f"/tournaments/{tournament.id}/results.csv").content.decode().splitlines()
    assert lines[0] == "place_from,place_to,entry,name,prize_minor_units,currency,points,freeroll,flight,field_entries"
    assert lines[1].startswith("1,1,1,P0 Seated,")


@pytest.mark.django_db
def test_REG_ID_the_payout_desk_pays_each_prize_once_and_wires_only_with_id_on_file(field, staff):
    from players.models import Player

    tournament, entries = field(4, tables=1, buy_in=10_000)
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    seats = seats_of(tournament)
    for number in (4, 3, 2):
        player_out(tournament.id, *seats[number], staff["floor"])
    paid_out = [row for row in standings(tournament)["out"] if row["prize"]]
    winner = paid_out[0]["entry"]
    cashier, desk = Client(), Client()
    cashier.force_login(staff["cashier"])
    desk.force_login(staff["desk"])
    url = f"/api/tournaments/{tournament.id}/entries/{winner}/pay-prize/"
    assert desk.post(url, {"method": "cash"}, content_type="application/json").status_code == 403
    Player.objects.filter(entries__tournament=tournament, entries__number=winner).update(id_document_number="")
    wire = cashier.post(url, {"method": "wire"}, content_type="application/json")
    assert wire.status_code == 409 and "ID document on file" in wire.json()["detail"]
    assert (
        cashier.post(url, {"method": "cash"}, content_type="application/json").json()["amount"] == paid_out[0]["prize"]
    )
    again = cashier.post(url, {"method": "cash"}, content_type="application/json")
    assert again.json()["detail"].startswith(f"Entry #{winner}'s prize has already been paid")
    nothing = cashier.post(
        f"/api/tournaments/{tournament.id}/entries/4/pay-prize/", {"method": "cash"}, content_type="application/json"
    )
    assert nothing.json()["detail"] == "Entry #4 has no prize to pay."
    listed = cashier.get(f"/api/tournaments/{tournament.id}/prizes/").json()
    assert [(row["entry"], row["paid"], row["paid_amount"]) for row in listed][0] == (
        winner,
        "cash",
        paid_out[0]["prize"],
    )
    assert tournament.events.get(kind="prize.paid").public is None  # staff only

    # A payment made by mistake is reversed with a reason, kept on record, and paid again.
    reverse = f"/api/tournaments/{tournament.id}/entries/{winner}/reverse-payment/"
    unexplained = cashier.post(reverse, {"reason": " "}, content_type="application/json")
    assert unexplained.status_code == 409 and unexplained.json()["detail"].startswith("Say why")
    reversed_ = cashier.post(reverse, {"reason": "counted out to the wrong player"}, content_type="application/json")
    assert reversed_.status_code == 200 and reversed_.json()["amount"] == paid_out[0]["prize"]
    assert cashier.post(reverse, {"reason": "twice"}, content_type="application/json").status_code == 409
    assert cashier.get(f"/api/tournaments/{tournament.id}/prizes/").json()[0]["paid"] is None
    assert cashier.post(url, {"method": "cash"}, content_type="application/json").status_code == 200
    assert tournament.prize_payments.count() == 2 and tournament.prize_payments.filter(reversed_at=None).count() == 1
    assert tournament.events.get(kind="prize.payment_reversed").payload["reason"] == "counted out to the wrong player"
    # The close-out counts the payout desk too: the standing payment, and the reversed one on record.
    report = cashier.get(f"/api/tournaments/{tournament.id}/close-out/").json()
    prize = paid_out[0]["prize"]
    assert report["prizes"]["rows"] == [
        {
            "event_id": tournament.id,  # issue 22: each row names the tournament or flight it was paid in
            "event": tournament.name,
            "cashier": staff["cashier"].username,
            "method": "cash",
            "payments": 1,
            "paid": prize,
            "reversed": 1,
            "reversed_amount": prize,
        }
    ]
    assert report["net_after_prizes"] == report["totals"]["net"] - prize


@pytest.mark.django_db
def test_PAY_POOL_kentucky_publishes_the_payouts_at_the_first_break(make_tournament, staff):
    from datetime import timedelta

    from django.utils import timezone

    from clock.models import Clock
    from clock.services import level_clock as clock_services

    tournament = make_tournament(level_seconds=(600, 300, 600), breaks=(1,))
    Tournament.objects.filter(pk=tournament.pk).update(ruleset_preset="kentucky", buy_in=5_000)
    public = Client().get(f"/api/tournaments/{tournament.id}/results/").json()
    assert public["published"] is False and public["payouts"] == []
    assert "published at the first break" in Client().get(f"/tournaments/{tournament.id}/results/").content.decode()
    clock_services.start_clock(tournament.id, None)
    Clock.objects.filter(tournament=tournament).update(ends_at=timezone.now() - timedelta(seconds=1))
    clock_services.advance_due_levels(tournament.id)  # the intermission
    assert Client().get(f"/api/tournaments/{tournament.id}/results/").json()["published"] is True


@pytest.mark.django_db
def test_PAY_STRUCT_the_places_paid_override_sets_the_amounts_as_well_as_the_bubble(field):
    """Issue 11, item 2: places paid set to 10 changed the bubble and hand-for-hand, but the
    payout table kept 3 amounts and the lobby said "next out 0"."""
    tournament, _ = field(20, tables=3, buy_in=10_000)
    assert len(payout(tournament)) == 3  # 15% of 20
    Tournament.objects.filter(pk=tournament.pk).update(places_paid=10)
    tournament.refresh_from_db()
    table = payout(tournament)
    assert len(table) == 10 and sum(table) == prize_pool(tournament)["pool"]
    money = money_summary(tournament, 10)
    assert money["places_paid"] == 10 and money["in_the_money"] and money["next_out_prize"] == table[9] > 0


@pytest.mark.django_db
def test_END_FINISH_the_last_player_standing_wins_the_clock_stops_and_the_tables_close(field, staff):
    """Issue 11, item 3: with one player left the tournament stayed running, the clock went on
    and the winner's tablet row still offered Out."""
    tournament, entries = field(3, tables=1, buy_in=10_000)
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    level_clock.start_clock(tournament.id, staff["director"])
    seats = seats_of(tournament)
    player_out(tournament.id, *seats[1], staff["floor"])
    tournament.refresh_from_db()
    assert tournament.status == "running" and snapshot(tournament.id)["winners"] == []
    player_out(tournament.id, *seats[2], staff["floor"], new_hand=True)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    finished = tournament.events.get(kind="tournament.finished")
    assert finished.public["winners"] == [
        {"entry": 3, "name": public_name(entries[2].player.first_name, entries[2].player.last_name)}
    ]
    assert finished.public["clock"]["status"] == "paused"
    lobby = snapshot(tournament.id)
    assert lobby["tournament"]["status"] == "finished" and lobby["winners"] == finished.public["winners"]
    assert lobby["money"]["in_the_money"] and lobby["money"]["next_out_prize"] == 0  # the winner is not "next out"
    view = floor_view(tournament.id)
    assert view["tables"] == [] and view["tournament_status"] == "finished"  # the tablets have nothing to tap
    places = {row["entry"]: row["place"] for row in standings(tournament)["out"]}
    assert places == {1: [3, 3], 2: [2, 2], 3: [1, 1]}
    with pytest.raises(Exception, match="finished: its clock stays stopped"):
        level_clock.resume_clock(tournament.id, staff["director"])
    with pytest.raises(Exception, match="results are final"):
        undo_bust(tournament.id, 2, "wrong seat", staff["director"])
    with pytest.raises(Exception, match="not open"):
        player_out(tournament.id, *seats[3], staff["floor"])


@pytest.mark.django_db
def test_END_CANCEL_a_tournament_that_does_not_go_ahead_refunds_every_entry_in_full(field, staff):
    tournament, entries = field(4, tables=1, buy_in=10_000)
    Entry.objects.filter(tournament=tournament).update(fee_part=1_000, paid=11_000)
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    level_clock.start_clock(tournament.id, staff["director"])
    player_out(tournament.id, *seats_of(tournament)[4], staff["floor"])
    director = Client()
    director.force_login(staff["director"])
    url = f"/api/tournaments/{tournament.id}/cancel/"
    assert Client().post(url, {"reason": "x"}, content_type="application/json").status_code == 401
    unexplained = director.post(url, {"reason": " "}, content_type="application/json")
    assert unexplained.status_code == 409 and unexplained.json()["detail"].startswith("Say why")
    done = director.post(url, {"reason": "the venue lost power"}, content_type="application/json").json()
    assert done["refunded"] == 4 and done["players_left"] == 0 and done["tournament_status"] == "cancelled"
    refunded = Entry.objects.filter(tournament=tournament)
    assert set(refunded.values_list("status", flat=True)) == {"refunded"}  # the busted one too
    assert all(e.returned == e.pool_part + e.fee_part == 11_000 for e in refunded)  # in full, fee included
    tournament.refresh_from_db()
    assert (tournament.status, tournament.seats_sold, tournament.registration_closed) == ("cancelled", 0, True)
    assert snapshot(tournament.id)["clock"]["status"] == "paused" and floor_view(tournament.id)["tables"] == []
    assert prize_pool(tournament)["pool"] == 0
    again = director.post(url, {"reason": "again", "chips": 0}, content_type="application/json")
    assert again.status_code == 409 and again.json()["detail"] == "The tournament is already cancelled."
    with pytest.raises(Exception, match="cancelled: its clock stays stopped"):
        level_clock.resume_clock(tournament.id, staff["director"])
    cancelled = tournament.events.get(kind="tournament.cancelled")
    assert cancelled.payload["reason"] == "the venue lost power" and "reason" not in cancelled.public


@pytest.mark.django_db
def test_PAY_DQ_a_disqualification_leaves_the_payout_table_as_it_was(field, staff):
    """Issue 11, item 8: a disqualification changed the payout table (16 places paid to 15) and
    would have moved prizes already paid."""
    tournament, entries = field(14, tables=2, buy_in=10_000)
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=8)
    before = payout(tournament)
    assert len(before) == 3  # 15% of 14, rounded up; 13 would pay 2
    disqualify(
        tournament.id, 5, "collusion", staff["director"], chips=Entry.objects.get(tournament=tournament, number=5).chips
    )
    assert payout(tournament) == before and money_summary(tournament, 13)["places_paid"] == 3
    player_out(tournament.id, *seats_of(tournament)[6], staff["floor"])
    assert {row["entry"]: row["place"] for row in standings(tournament)["out"]} == {6: [13, 13]}  # the rest move up


@pytest.mark.django_db
def test_PAY_STRUCT_closing_registration_fixes_the_places_paid_a_void_after_it_does_not_move_them(field, staff):
    """Issue 11: once published, the payout table changes only by the director's recorded
    decision."""
    tournament, entries = field(14, tables=2, buy_in=10_000)
    close_registration(tournament.id, staff["director"])
    tournament.refresh_from_db()
    assert tournament.places_paid == 3 and tournament.events.get(kind="registration.closed").public["places_paid"] == 3
    void_entry(tournament.id, 14, "sold twice", staff["cashier"])  # 13 entries would pay 2
    tournament.refresh_from_db()
    assert len(payout(tournament)) == 3


@pytest.mark.django_db
def test_ELIM_SAMETABLE_a_bust_recorded_after_hand_done_keeps_the_hand_it_happened_in(nine_players, staff):
    """Issue 11: a bust recorded late kept the place of its recording, not of its hand."""
    tournament = nine_players
    seats = seats_of(tournament)
    floor = Client()
    floor.force_login(staff["floor"])
    base = f"/api/tournaments/{tournament.id}/tables/1/seats"
    early = floor.post(f"{base}/{seats[1][1]}/out/", {"last_hand": True}, content_type="application/json")
    assert early.status_code == 409 and "has not finished a hand yet" in early.json()["detail"]
    floor.post(f"{base}/{seats[1][1]}/out/", {"starting_stack": 8_000}, content_type="application/json")
    hand_done(tournament.id, 1, staff["floor"])  # the dealer moves on before the second bust is recorded
    assert floor_view(tournament.id)["tables"][0]["out_last_hand"] == [
        str(Entry.objects.get(tournament=tournament, number=1).player)
    ]
    late = floor.post(
        f"{base}/{seats[2][1]}/out/", {"starting_stack": 3_000, "last_hand": True}, content_type="application/json"
    )
    assert late.status_code == 200
    by_entry = {row["entry"]: row["place"] for row in standings(tournament)["out"]}
    assert by_entry == {1: [8, 8], 2: [9, 9]}  # one hand: the smaller stack finishes lower, though recorded later
    assert floor_view(tournament.id)["tables"][0]["out_this_hand"] == []


@pytest.mark.django_db
def test_PAY_DQ_after_the_finish_a_prize_already_paid_that_the_ruling_changes_is_reversed_first(nine_players, staff):
    """A disqualification after the finish moved the places up under prizes already paid: the
    payout desk then owed more than it could pay (one standing payment per entry)."""
    tournament = nine_players
    seats = seats_of(tournament)
    for order, number in enumerate(range(1, 9)):
        player_out(tournament.id, *seats[number], staff["floor"], new_hand=order > 0)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    prizes = {row["entry"]: row["prize"] for row in standings(tournament)["out"] if row["prize"]}
    assert sorted(prizes) == [8, 9]  # two places paid: the winner #9 and #8 second
    cashier = Client()
    cashier.force_login(staff["cashier"])
    base = f"/api/tournaments/{tournament.id}/entries"
    assert cashier.post(f"{base}/8/pay-prize/", {"method": "cash"}, content_type="application/json").status_code == 200
    events = tournament.events.count()

    with pytest.raises(Exception, match=r"moves up entries whose prizes were already paid \(#8\)"):
        disqualify(tournament.id, 9, "collusion", staff["director"])
    with pytest.raises(Exception, match="Entry #8's prize was paid"):
        disqualify(tournament.id, 8, "collusion", staff["director"])
    assert Entry.objects.get(tournament=tournament, number=9).status == "active"  # nothing half-written
    assert tournament.events.count() == events

    reverse = f"{base}/8/reverse-payment/"
    reversed_ = cashier.post(reverse, {"reason": "the ruling moves him up"}, content_type="application/json")
    assert reversed_.status_code == 200
    disqualify(tournament.id, 9, "collusion", staff["director"])
    after = {row["entry"]: (row["place"], row["prize"]) for row in standings(tournament)["out"] if row["prize"]}
    assert after == {8: ([1, 1], prizes[9]), 7: ([2, 2], prizes[8])}  # PAY-DQ: no prize to #9, the rest move up
    paid = cashier.post(f"{base}/8/pay-prize/", {"method": "cash"}, content_type="application/json").json()
    assert paid["amount"] == prizes[9]


@pytest.mark.django_db
def test_ELIM_SAMETABLE_a_player_back_in_by_a_re_entry_is_not_named_as_out_in_this_hand(nine_players, staff):
    """The walkthrough's tablet asked whether a player "already went out in this hand" naming a
    player who had re-entered and sat down again at that table."""
    tournament = nine_players
    level_clock.start_clock(tournament.id, staff["director"])
    player_out(tournament.id, *seats_of(tournament)[1], staff["floor"])
    first = Entry.objects.get(tournament=tournament, number=1).player
    assert floor_view(tournament.id)["tables"][0]["out_this_hand"] == [str(first)]
    register_entry(tournament.id, first.id, Sale(Kind.RE_ENTRY, "cash", "d", "s"), None)
    assert 10 in seats_of(tournament)  # the re-entry sits down at the table
    assert floor_view(tournament.id)["tables"][0]["out_this_hand"] == []
