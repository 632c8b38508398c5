"""Online pre-registration against PostgreSQL and Redis: seats held and never oversold, the
waiting list, duplicate documents, the rate limit, and the desk's confirmation into an entry."""

import threading
from datetime import date

import pytest
from django.db import connection
from django.test import Client, override_settings

from core import chain as log_chain
from core import throttle
from players.models import Consent, Player, PreRegistration
from players.services import desk as player_services
from tournaments.api.preregistration import THROTTLE_SCOPE
from tournaments.models import Entry, Event, Tournament
from tournaments.queries.entries import Sale
from tournaments.rules import preregistration
from tournaments.rules.entries import Kind
from tournaments.services import desk as desk_services
from tournaments.services import preregistration as services


def application(n=1, **more):
    fields = {
        "first_name": f"Player{n}",
        "last_name": "Online",
        "date_of_birth": date(1990, 5, 17),
        "email": f"p{n}@example.com",
        "id_document_type": "passport",
        "id_document_number": f"PRE{n:05d}",
        "id_document_country": "AT",
        "accepts_terms": True,
        **more,
    }
    return preregistration.Application(**fields)


def body(n=1, **more):
    return {
        "first_name": f"Player{n}",
        "last_name": "Online",
        "date_of_birth": "1990-05-17",
        "email": f"p{n}@example.com",
        "id_document_type": "passport",
        "id_document_number": f"PRE{n:05d}",
        "id_document_country": "AT",
        "accepts_terms": True,
        **more,
    }


@pytest.fixture
def flights(make_tournament):
    """A main event with two flights, Day 1A and Day 1B, each with `seats` seats."""

    def make(seats=3):
        main = make_tournament(name="Main Event")
        Tournament.objects.filter(pk=main.pk).update(buy_in=100_000, fee=10_000, status="scheduled")
        made = []
        for name in ("Day 1A", "Day 1B"):
            flight = Tournament.objects.create(
                festival=main.festival,
                name=name,
                main_event=main,
                buy_in=100_000,
                fee=10_000,
                max_entries=seats,
                status=Tournament.Status.REGISTRATION,
            )
            made.append(flight)
        return main, made[0], made[1]

    return make


def counts(tournament):
    tournament.refresh_from_db()
    return tournament.seats_sold, tournament.seats_held


@pytest.mark.django_db
def test_a_pre_registration_holds_a_seat_and_logs_the_counts_without_personal_data(flights):
    _, day_1a, _ = flights(seats=3)
    held = services.preregister(day_1a.id, application(1))
    assert held.status == "held" and preregistration.looks_like_code(held.code)
    assert held.id_document_number == "PRE00001" and held.terms_version == player_services.TERMS_VERSION
    assert counts(day_1a) == (0, 1)
    event = Event.objects.get(tournament=day_1a, kind="preregistration.held")
    assert event.public == {"seats_left": 2, "seats_held": 1, "seats_sold": 0, "max_entries": 3, "waiting": 0}
    assert "Player1" not in str(event.public)


@pytest.mark.django_db
def test_a_main_event_with_flights_sends_players_to_its_flights(flights):
    main, _, _ = flights()
    with pytest.raises(services.Refused, match="Choose one of Main Event's flights"):
        services.preregister(main.id, application(1))


@pytest.mark.django_db
def test_REG_AGE_is_checked_online_on_the_flight_s_day(flights):
    """REG-AGE"""
    _, day_1a, _ = flights()
    with pytest.raises(services.PreRegistrationRefused) as refused:
        services.preregister(day_1a.id, application(1, date_of_birth=date.today().replace(year=date.today().year - 17)))
    assert [r.rule for r in refused.value.reasons] == ["REG-AGE"]
    assert counts(day_1a) == (0, 0) and not PreRegistration.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_two_pre_registrations_for_the_last_seat_one_wins(flights):
    _, day_1a, _ = flights(seats=1)
    outcomes, start = [], threading.Barrier(2)

    def register(n):
        start.wait()
        try:
            outcomes.append(services.preregister(day_1a.id, application(n)).status)
        except services.FlightFull as full:
            outcomes.append(str(full))
        finally:
            connection.close()

    threads = [threading.Thread(target=register, args=(n,)) for n in (1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["Day 1A is full: join its waiting list or choose Day 1B.", "held"]
    assert counts(day_1a) == (0, 1)
    assert PreRegistration.objects.filter(tournament=day_1a).count() == 1


@pytest.mark.django_db
def test_a_full_flight_offers_its_waiting_list_and_a_cancellation_moves_the_first_one_up(flights):
    _, day_1a, day_1b = flights(seats=1)
    first = services.preregister(day_1a.id, application(1))
    with pytest.raises(services.FlightFull) as full:
        services.preregister(day_1a.id, application(2))
    assert full.value.details()["alternatives"] == [{"id": day_1b.id, "name": "Day 1B"}]
    second = services.preregister(day_1a.id, application(2), join_waiting_list=True)
    third = services.preregister(day_1a.id, application(3), join_waiting_list=True)
    assert (second.status, third.status) == ("waiting", "waiting")
    assert services.waiting_position(third) == 2
    services.cancel_preregistration(first.code)
    second.refresh_from_db()
    third.refresh_from_db()
    assert (second.status, services.waiting_position(third)) == ("held", 1)
    assert counts(day_1a) == (0, 1)
    assert services.cancel_preregistration(first.code).status == "cancelled"  # twice: nothing more
    kinds = list(Event.objects.filter(tournament=day_1a).order_by("seq").values_list("kind", flat=True))
    assert kinds == [
        "preregistration.held",
        "preregistration.waiting",
        "preregistration.waiting",
        "preregistration.cancelled",
        "preregistration.promoted",
    ]
    services.cancel_preregistration(second.code)  # third moves up into the seat
    assert counts(day_1a) == (0, 1)
    services.cancel_preregistration(third.code)  # nobody waits: the seat is free again
    assert counts(day_1a) == (0, 0)


def waiting_kept(tournament) -> tuple[int, int]:
    """The waiting list's length as the flight's row keeps it, and as counted."""
    tournament.refresh_from_db()
    counted = PreRegistration.objects.filter(tournament=tournament, status="waiting").count()
    return tournament.preregistrations_waiting, counted


@pytest.mark.django_db
def test_the_waiting_list_s_length_is_kept_on_the_flight_s_row_through_joins_promotions_and_cancellations(flights):
    _, day_1a, _ = flights(seats=1)
    first = services.preregister(day_1a.id, application(1))
    assert waiting_kept(day_1a) == (0, 0)
    waiting = [services.preregister(day_1a.id, application(n), join_waiting_list=True) for n in (2, 3, 4)]
    assert waiting_kept(day_1a) == (3, 3)
    with pytest.raises(services.FlightFull) as full:
        services.preregister(day_1a.id, application(5))
    assert full.value.waiting == 3
    services.cancel_preregistration(waiting[2].code)  # one who waits gives up
    assert waiting_kept(day_1a) == (2, 2)
    services.cancel_preregistration(first.code)  # the first who waits takes the seat
    assert waiting_kept(day_1a) == (1, 1)
    Tournament.objects.filter(pk=day_1a.pk).update(max_entries=3)  # more seats: a hold names who still waits
    services.preregister(day_1a.id, application(6))
    held = Event.objects.filter(tournament=day_1a, kind="preregistration.held").order_by("-seq").first()
    assert held.public["waiting"] == 1
    stale = Tournament.objects.get(pk=day_1a.pk)  # as a form loaded it: one waiting
    PreRegistration.objects.filter(pk=waiting[1].pk).delete()  # removed by hand: the count follows
    assert waiting_kept(day_1a) == (0, 0)
    stale.save()  # a form's save writes its fields, never the kept count back
    assert waiting_kept(day_1a) == (0, 0)


@pytest.mark.django_db
def test_the_same_document_twice_for_one_flight_is_refused_but_another_flight_is_fine(flights):
    _, day_1a, day_1b = flights()
    first = services.preregister(day_1a.id, application(1))
    with pytest.raises(services.Refused, match="This passport is already pre-registered for Day 1A"):
        services.preregister(day_1a.id, application(1, id_document_number="pre-00001", email="other@example.com"))
    assert counts(day_1a) == (0, 1)
    services.preregister(day_1b.id, application(1))
    services.cancel_preregistration(first.code)
    assert services.preregister(day_1a.id, application(1)).status == "held"


@pytest.mark.django_db
def test_a_walk_in_cannot_take_a_seat_a_pre_registration_holds(flights, staff):
    _, day_1a, _ = flights(seats=1)
    services.preregister(day_1a.id, application(1))
    walk_in = player_services.create_player(
        day_1a.id,
        player_services.NewPlayer(
            "Walk",
            "In",
            date(1980, 1, 1),
            id_document_type="passport",
            id_document_number="W1",
            accepts_terms=True,
            id_checked=True,
        ),
        staff["desk"],
    )
    with pytest.raises(desk_services.EntryRefused, match="held by pre-registrations"):
        desk_services.register_entry(day_1a.id, walk_in.id, Sale(Kind.BUY_IN, "cash", "desk 1", "am"), staff["desk"])


@pytest.mark.django_db
def test_confirming_at_the_desk_makes_one_entry_however_often_it_is_tapped(flights, staff):
    _, day_1a, _ = flights(seats=1)
    held = services.preregister(
        day_1a.id, application(1, payment="online", payment_reference="PAY-991", filming_release=True)
    )
    scanned = f"https://venue.example/preregistered/{held.code}/"
    entry = services.confirm_preregistration(day_1a.id, scanned, "cash", "desk 1", "am", staff["desk"])
    again = services.confirm_preregistration(day_1a.id, held.code.lower(), "cash", "desk 2", "am", staff["desk"])
    assert entry.pk == again.pk and Entry.objects.filter(tournament=day_1a).count() == 1
    assert (entry.method, entry.paid, entry.kind) == ("online", 110_000, "buy_in")
    assert counts(day_1a) == (1, 0)
    held.refresh_from_db()
    assert held.status == "confirmed" and held.entry_id == entry.pk
    player = Player.objects.get(pk=entry.player_id)
    assert player.id_document_number == "PRE00001" and player.id_checked_on is not None
    assert {c.kind: c.granted for c in Consent.objects.filter(player=player)} == {
        "terms": True,
        "filming": True,
        "marketing": False,
    }
    confirmed = Event.objects.get(tournament=day_1a, kind="preregistration.confirmed")
    assert confirmed.payload["payment_reference"] == "PAY-991" and confirmed.public["seats_sold"] == 1
    seqs = list(Event.objects.filter(tournament=day_1a).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))  # the log stays gap-free
    # The confirmed event takes its seq in the pre-registration's UPDATE: the chain stays whole.
    assert log_chain.verify(day_1a.id).intact


@pytest.mark.django_db
def test_a_returning_player_keeps_their_record_and_a_waiting_one_cannot_be_confirmed(flights, staff):
    _, day_1a, _ = flights(seats=1)
    known = player_services.create_player(
        day_1a.id,
        player_services.NewPlayer(
            "Player1",
            "Online",
            date(1990, 5, 17),
            id_document_type="passport",
            id_document_number="PRE00001",
            accepts_terms=True,
        ),
        staff["desk"],
    )
    services.preregister(day_1a.id, application(1))
    waiting = services.preregister(day_1a.id, application(2), join_waiting_list=True)
    with pytest.raises(services.Refused, match="is on the waiting list \\(number 1\\)"):
        services.confirm_preregistration(day_1a.id, waiting.code, "cash", "desk 1", "am", staff["desk"])
    held = PreRegistration.objects.get(tournament=day_1a, status="held")
    entry = services.confirm_preregistration(day_1a.id, held.code, "card", "desk 1", "am", staff["desk"])
    assert entry.player_id == known.id and entry.method == "card"


@pytest.mark.django_db
def test_the_public_api_registers_answers_full_and_the_desk_api_confirms(flights, staff):
    _, day_1a, day_1b = flights(seats=1)
    public = Client(REMOTE_ADDR="10.77.0.1")
    throttle.reset(THROTTLE_SCOPE, "10.77.0.1")
    made = public.post(f"/api/tournaments/{day_1a.id}/preregistrations/", body(1), content_type="application/json")
    assert made.status_code == 201, made.content
    code = made.json()["code"]
    assert made.json()["url"] == f"/preregistered/{code}/"
    page = public.get(f"/preregistered/{code}/")
    assert page.status_code == 200 and b"<svg" in page.content and code.encode() in page.content
    full = public.post(f"/api/tournaments/{day_1a.id}/preregistrations/", body(2), content_type="application/json")
    assert (
        full.status_code == 409 and full.json()["detail"] == "Day 1A is full: join its waiting list or choose Day 1B."
    )
    board = public.get(f"/api/festivals/{day_1a.festival_id}/preregistration/").json()
    flights_shown = {row["name"]: row for row in board["events"][0]["flights"]}
    assert flights_shown["Day 1A"]["seats_left"] == 0 and flights_shown["Day 1B"]["seats_left"] == 1
    assert public.get(f"/api/tournaments/{day_1a.id}/preregistrations/").status_code == 401
    floor = Client()
    floor.force_login(staff["floor"])
    assert floor.get(f"/api/tournaments/{day_1a.id}/preregistrations/").status_code == 403
    desk = Client()
    desk.force_login(staff["desk"])
    found = desk.get(f"/api/tournaments/{day_1a.id}/preregistrations/", {"q": f"http://x/preregistered/{code}/"})
    assert [row["id_document_number"] for row in found.json()] == ["PRE00001"]
    confirm = f"/api/tournaments/{day_1a.id}/preregistrations/{code}/confirm/"
    answers = [
        desk.post(
            confirm,
            {"method": "cash", "desk": "desk 1", "shift": "am"},
            content_type="application/json",
            headers={"Idempotency-Key": "tap-1"},
        )
        for _ in range(2)
    ]
    assert [a.status_code for a in answers] == [200, 200] and answers[0].json() == answers[1].json()
    assert answers[0].json()["ticket_url"].endswith("/entries/1/ticket/")


@pytest.mark.django_db
def test_the_rate_limit_answers_429_with_when_to_try_again():
    address = "10.77.0.2"
    throttle.reset(THROTTLE_SCOPE, address)
    client = Client(REMOTE_ADDR=address)
    with override_settings(PREREGISTRATION_RATE_PER_MINUTE=2):
        answers = [
            client.post("/api/tournaments/999999/preregistrations/", body(n), content_type="application/json")
            for n in range(3)
        ]
        assert [a.status_code for a in answers] == [404, 404, 429]
        assert "Too many registration attempts from your connection" in answers[2].json()["detail"]
        assert 1 <= answers[2].json()["retry_after"] <= 60
        assert answers[2]["Retry-After"] == str(answers[2].json()["retry_after"])
        other = Client(REMOTE_ADDR="10.77.0.3")
        throttle.reset(THROTTLE_SCOPE, "10.77.0.3")
        assert (
            other.post(
                "/api/tournaments/999999/preregistrations/", body(1), content_type="application/json"
            ).status_code
            == 404
        )
    throttle.reset(THROTTLE_SCOPE, address)


@pytest.mark.django_db(transaction=True)
def test_ten_people_joining_a_full_flights_waiting_list_at_once_are_each_told_their_real_place(flights):
    """Ten joins at once through the public API: each answer, and each join's event, names the
    place that person really has in the stored order (the order the desk promotes in)."""
    _, day_1a, _ = flights(seats=1)
    services.preregister(day_1a.id, application(1))
    answers, start = {}, threading.Barrier(10)

    def join(n):
        address = f"10.78.0.{n}"
        throttle.reset(THROTTLE_SCOPE, address)
        client = Client(REMOTE_ADDR=address)
        start.wait()
        try:
            made = client.post(
                f"/api/tournaments/{day_1a.id}/preregistrations/",
                body(n, join_waiting_list=True),
                content_type="application/json",
            )
            answers[n] = (made.status_code, made.json())
        finally:
            connection.close()

    threads = [threading.Thread(target=join, args=(n,)) for n in range(2, 12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert {status for status, _ in answers.values()} == {201}, answers
    told = {made["code"]: made["position"] for _, made in answers.values()}
    stored = PreRegistration.objects.filter(tournament=day_1a, status="waiting").order_by("id")
    assert [told[row.code] for row in stored] == list(range(1, 11))
    logged = Event.objects.filter(tournament=day_1a, kind="preregistration.waiting")
    assert {event.payload["code"]: event.payload["position"] for event in logged} == told


@pytest.mark.django_db
def test_REG_EXCLUDE_a_returning_player_excluded_since_is_refused_when_confirmed(flights, staff):
    """A confirmation writes a new player in one statement and reads no exclusion for them; a
    document on file is the returning player, whose exclusions and other flights are read."""
    _, day_1a, _ = flights(seats=2)
    known = player_services.create_player(
        day_1a.id,
        player_services.NewPlayer(
            "Player1", "Online", date(1990, 5, 17), "", "passport", "PRE00001", accepts_terms=True
        ),
        staff["desk"],
    )
    player_services.exclude_player(day_1a.id, known.id, "self-exclusion", date(2020, 1, 1), None, staff["desk"])
    held = services.preregister(day_1a.id, application(1))
    with pytest.raises(desk_services.EntryRefused, match=r"Excluded \(self-exclusion\) until lifted"):
        services.confirm_preregistration(day_1a.id, held.code, "cash", "desk 1", "am", staff["desk"])
    held.refresh_from_db()
    assert held.status == "held" and counts(day_1a) == (0, 1)  # the seat stays held
    assert Player.objects.filter(id_document_number="PRE00001").count() == 1
    assert Player.objects.get(pk=known.pk).id_checked_on is not None  # REG-ID: seen today all the same
    refused = Event.objects.get(tournament=day_1a, kind="entry.refused")
    assert refused.payload["rules"] == ["REG-EXCLUDE"]
    fresh = services.preregister(day_1a.id, application(2))
    entry = services.confirm_preregistration(day_1a.id, fresh.code, "cash", "desk 1", "am", staff["desk"])
    assert entry.player.id_document_number == "PRE00002" and entry.player.id_checked_on is not None


@pytest.mark.django_db(transaction=True)
def test_FLIGHT_REENTRY_one_document_confirmed_at_two_flights_desks_at_once_is_one_player(flights, staff):
    """Two desks confirm one person's pre-registrations for Day 1A and Day 1B at the same moment:
    one player record (the second insert waits for the first and leaves its row out), each
    flight's sale judged against the other's (FLIGHT-REENTRY), both logs gap-free."""
    _, day_1a, day_1b = flights(seats=2)
    codes = {flight.id: services.preregister(flight.id, application(7)).code for flight in (day_1a, day_1b)}
    outcomes, start = {}, threading.Barrier(2)

    def confirm(flight_id):
        start.wait()
        try:
            entry = services.confirm_preregistration(flight_id, codes[flight_id], "cash", "desk", "am", staff["desk"])
            outcomes[flight_id] = ("entry", entry.player_id)
        except desk_services.EntryRefused as refused:
            outcomes[flight_id] = ("refused", [reason.rule for reason in refused.reasons])
        finally:
            connection.close()

    threads = [threading.Thread(target=confirm, args=(flight.id,)) for flight in (day_1a, day_1b)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert Player.objects.filter(id_document_number="PRE00007").count() == 1
    player = Player.objects.get(id_document_number="PRE00007")
    assert sorted(outcomes.values(), key=str) == [("entry", player.id), ("refused", ["FLIGHT-REENTRY"])]
    assert Consent.objects.filter(player=player, kind="terms").count() == 2  # each confirmation's consents
    for flight in (day_1a, day_1b):
        seqs = list(Event.objects.filter(tournament=flight).order_by("seq").values_list("seq", flat=True))
        assert seqs == list(range(1, len(seqs) + 1)) and log_chain.verify(flight.id).intact
