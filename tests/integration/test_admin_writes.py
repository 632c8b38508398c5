"""The admin writes through the services (issue 21): every change it makes to a tournament's
live state is the service's operation, with its event in the log and its broadcast after the
commit; what no service changes is read-only there; a refusal is a sentence on the page with
nothing written. Driven through the admin's own pages as a superuser."""

import json
from dataclasses import replace
from datetime import date, timedelta

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth.models import Permission, User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, RequestFactory

from clock.models import Clock, Level, Structure
from clock.rules import structures
from clock.services import level_clock as clock_services
from core import broadcast
from players.models import Exclusion, Membership, Player
from players.services import desk as player_services
from rules.refusals import Refused
from tables.models import ChipBag, KeepApart, SeatPin, Table, TournamentTable
from tests.helpers.personas import PASSWORD
from tournaments.admin import ServiceAdmin, ServiceForm
from tournaments.models import Entry, Event, Festival, Tournament, WonSeat
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk, setup

ADULT = date(1980, 5, 17)


@pytest.fixture
def superuser(staff):
    client = Client()
    client.force_login(staff["superuser"])
    return client


@pytest.fixture
def broadcasts(monkeypatch):
    """The events broadcast, recorded instead of sent to Redis."""
    sent = []
    monkeypatch.setattr(broadcast, "send", lambda event, read_at=None: sent.append(event))
    return sent


@pytest.fixture
def post_and_commit(superuser, broadcasts, django_capture_on_commit_callbacks):
    """POST to an admin page, then commit: nothing is broadcast before the commit; the kinds
    broadcast after it come back with the response."""

    def post(url, data):
        with django_capture_on_commit_callbacks(execute=True):
            response = superuser.post(url, data)
            assert broadcasts == [], "broadcast before the commit"
        response.broadcast = [event.kind for event in broadcasts]
        broadcasts.clear()
        return response

    return post


def kinds_logged(tournament) -> list[str]:
    return list(Event.objects.filter(tournament=tournament).order_by("seq").values_list("kind", flat=True))


def page_text(response) -> str:
    return response.content.decode()


def template_with_levels(name="Deepstack", festival=None, minutes=(20, 20, 20)) -> Structure:
    template = Structure.objects.create(name=name, festival=festival, is_template=True)
    for position, length in enumerate(minutes):
        Level.objects.create(
            structure=template,
            position=position,
            small_blind=100 * (position + 1),
            big_blind=200 * (position + 1),
            duration=timedelta(minutes=length),
        )
    return template


def entrant(tournament, first="Ada", document="P1") -> Entry:
    player = player_services.create_player(
        tournament.id,
        player_services.NewPlayer(
            first,
            "Lovelace",
            ADULT,
            id_document_type="passport",
            id_document_number=document,
            accepts_terms=True,
            id_checked=True,
        ),
        None,
    )
    return desk.register_entry(
        tournament.id, player.id, Sale(kind=Kind.BUY_IN, method="cash", desk="1", shift="a"), None
    )


# The tournament's change page as the admin's form posts it (booleans: present when ticked).


def clock_inline(tournament) -> dict:
    return {
        "clock-TOTAL_FORMS": "1",
        "clock-INITIAL_FORMS": "1",
        "clock-MIN_NUM_FORMS": "0",
        "clock-MAX_NUM_FORMS": "1",
        "clock-0-tournament": tournament.id,
    }


def tournament_form(tournament, **changes) -> dict:
    tournament.refresh_from_db()
    form = {
        "name": tournament.name,
        "ruleset_preset": tournament.ruleset_preset,
        "ruleset": json.dumps(tournament.ruleset),
        "buy_in": tournament.buy_in,
        "fee": tournament.fee,
        "starting_stack": tournament.starting_stack,
        "max_entries": tournament.max_entries or "",
        "places_paid": tournament.places_paid or "",
        "guarantee": tournament.guarantee or "",
        "satellite_for": tournament.satellite_for_id or "",
        "status": tournament.status,
        "template": "",
        "reason": "",
        **clock_inline(tournament),
    }
    for flag in ("guarantee_void", "registration_closed"):
        if getattr(tournament, flag):
            form[flag] = "on"
    form.update(changes)
    return {name: value for name, value in form.items() if value is not None}


def change_url(obj) -> str:
    return f"/admin/{obj._meta.app_label}/{obj._meta.model_name}/{obj.pk}/change/"


def add_url(model) -> str:
    return f"/admin/{model._meta.app_label}/{model._meta.model_name}/add/"


def delete_url(obj) -> str:
    return f"/admin/{obj._meta.app_label}/{obj._meta.model_name}/{obj.pk}/delete/"


# The tournament: settings, ruleset, status, registration, structure, creation.


@pytest.mark.django_db
def test_the_admin_edits_a_tournaments_settings_through_the_set_up_service(make_tournament, post_and_commit):
    tournament = make_tournament()
    response = post_and_commit(change_url(tournament), tournament_form(tournament, name="Main Event", fee="2500"))
    assert response.status_code == 302, page_text(response)[:3000]
    tournament.refresh_from_db()
    assert (tournament.name, tournament.fee) == ("Main Event", 2500)
    updated = Event.objects.get(tournament=tournament, kind="tournament.updated")
    assert updated.public == {"changes": {"name": "Main Event", "fee": 2500}}
    assert response.broadcast == ["tournament.updated"]


@pytest.mark.django_db
def test_the_admin_changes_the_ruleset_through_the_service_until_the_clock_starts(make_tournament, post_and_commit):
    tournament = make_tournament()
    ruleset = {"entries": {"late_entry_minutes": 90}}
    response = post_and_commit(change_url(tournament), tournament_form(tournament, ruleset=json.dumps(ruleset)))
    assert response.status_code == 302, page_text(response)[:3000]
    tournament.refresh_from_db()
    assert tournament.ruleset == ruleset and tournament.rules().entries.late_entry_minutes == 90
    assert kinds_logged(tournament) == ["tournament.updated"] and response.broadcast == ["tournament.updated"]

    clock_services.start_clock(tournament.id, None)
    later = {"entries": {"late_entry_minutes": 240}}
    refused = post_and_commit(change_url(tournament), tournament_form(tournament, ruleset=json.dumps(later)))
    assert refused.status_code == 200 and "The clock has started: ruleset can no longer change." in page_text(refused)
    tournament.refresh_from_db()
    assert tournament.ruleset == ruleset and kinds_logged(tournament) == ["tournament.updated", "clock.started"]
    assert refused.broadcast == []


@pytest.mark.django_db
def test_the_admin_voids_a_guarantee_after_the_start_through_the_service(make_tournament, post_and_commit):
    tournament = make_tournament()
    Tournament.objects.filter(pk=tournament.pk).update(guarantee=1_000_000)
    clock_services.start_clock(tournament.id, None)
    response = post_and_commit(change_url(tournament), tournament_form(tournament, guarantee_void="on"))
    assert response.status_code == 302, page_text(response)[:3000]
    tournament.refresh_from_db()
    assert tournament.guarantee_void is True
    assert Event.objects.get(tournament=tournament, kind="tournament.updated").public == {
        "changes": {"guarantee_void": True}
    }
    assert response.broadcast == ["tournament.updated"]


@pytest.mark.django_db
def test_the_admin_opens_registration_and_cancels_through_the_desks_services(make_tournament, post_and_commit):
    tournament = make_tournament()
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.SCHEDULED)
    opened = post_and_commit(change_url(tournament), tournament_form(tournament, status="registration"))
    assert opened.status_code == 302 and opened.broadcast == ["registration.opened"]
    tournament.refresh_from_db()
    assert tournament.status == "registration"

    entry = entrant(tournament)
    unexplained = post_and_commit(change_url(tournament), tournament_form(tournament, status="cancelled"))
    assert unexplained.status_code == 200
    assert "Say why the tournament is cancelled: the reason goes in the tournament log." in page_text(unexplained)
    tournament.refresh_from_db()
    entry.refresh_from_db()
    assert (tournament.status, entry.status) == ("registration", "active") and unexplained.broadcast == []

    cancelled = post_and_commit(
        change_url(tournament), tournament_form(tournament, status="cancelled", reason="the venue flooded")
    )
    assert cancelled.status_code == 302 and cancelled.broadcast == ["tournament.cancelled"]
    tournament.refresh_from_db()
    entry.refresh_from_db()
    assert (tournament.status, entry.status) == ("cancelled", "refunded")  # END-CANCEL refunds every entry
    assert (
        Event.objects.get(tournament=tournament, kind="tournament.cancelled").payload["reason"] == "the venue flooded"
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("status", "says"),
    [
        ("running", "The clock&#x27;s start makes the tournament running"),
        ("finished", "The tournament finishes with its last bust, a deal or its time limit."),
        ("scheduled", "A tournament is scheduled only until registration opens."),
    ],
)
def test_a_status_that_comes_from_play_is_refused_in_the_admin(make_tournament, post_and_commit, status, says):
    tournament = make_tournament()
    response = post_and_commit(change_url(tournament), tournament_form(tournament, status=status))
    assert response.status_code == 200 and says in page_text(response)
    tournament.refresh_from_db()
    assert tournament.status == "registration" and kinds_logged(tournament) == []


@pytest.mark.django_db
def test_the_admin_closes_registration_through_the_service_and_cannot_reopen_it(make_tournament, post_and_commit):
    tournament = make_tournament()
    closed = post_and_commit(change_url(tournament), tournament_form(tournament, registration_closed="on"))
    assert closed.status_code == 302 and closed.broadcast == ["registration.closed"]
    tournament.refresh_from_db()
    assert tournament.registration_closed is True

    form = tournament_form(tournament)
    del form["registration_closed"]
    reopened = post_and_commit(change_url(tournament), form)
    assert reopened.status_code == 200 and "Registration, once closed, stays closed." in page_text(reopened)
    tournament.refresh_from_db()
    assert tournament.registration_closed is True and kinds_logged(tournament) == ["registration.closed"]


@pytest.mark.django_db
def test_the_admin_gives_a_tournament_a_templates_copy_through_the_clocks_service(make_tournament, post_and_commit):
    tournament = make_tournament()
    template = template_with_levels(festival=tournament.festival)
    response = post_and_commit(change_url(tournament), tournament_form(tournament, template=template.id))
    assert response.status_code == 302, page_text(response)[:3000]
    clock = Clock.objects.get(tournament=tournament)
    assert clock.structure_id != template.id and clock.structure.timeline_levels() == template.timeline_levels()
    assert response.broadcast == ["clock.structure_set"]

    clock_services.start_clock(tournament.id, None)
    running = post_and_commit(change_url(tournament), tournament_form(tournament, template=template.id))
    assert running.status_code == 200
    assert "The clock has started: edit the future levels of its structure instead." in page_text(running)
    assert Clock.objects.get(tournament=tournament).structure_id == clock.structure_id


@pytest.mark.django_db
def test_the_clock_inline_is_read_only(make_tournament, superuser):
    tournament = make_tournament()
    other = Structure.objects.create(name="elsewhere")
    clock = Clock.objects.get(tournament=tournament)
    form = tournament_form(tournament, **{"clock-0-structure": other.id, "clock-0-status": "running"})
    response = superuser.post(change_url(tournament), form)
    assert response.status_code == 302
    clock.refresh_from_db()
    assert clock.structure_id != other.id and clock.status == "ready"
    assert kinds_logged(tournament) == []


@pytest.mark.django_db
def test_the_admin_creates_a_tournament_through_the_set_up_service(staff, post_and_commit):
    festival = Festival.objects.create(name="Spring", venue="Casino")
    template = template_with_levels()
    form = {"festival": festival.id, "name": "Opener", "ruleset_preset": "kentucky", "buy_in": "5000"}
    form |= {"fee": "500", "starting_stack": "20000", "ruleset": "{}"}

    missing = post_and_commit(add_url(Tournament), form)
    assert missing.status_code == 200 and not Tournament.objects.exists()

    empty = Structure.objects.create(name="empty", is_template=True)
    no_levels = post_and_commit(add_url(Tournament), {**form, "template": empty.id})
    assert no_levels.status_code == 200 and "The template &#x27;empty&#x27; has no levels yet." in page_text(no_levels)
    assert not Tournament.objects.exists() and not Event.objects.exists()

    made = post_and_commit(add_url(Tournament), {**form, "template": template.id, "late_entry_until_level": "2"})
    assert made.status_code == 302, page_text(made)[:3000]
    tournament = Tournament.objects.get()
    assert (tournament.name, tournament.status, tournament.ruleset_preset) == ("Opener", "scheduled", "kentucky")
    assert made["Location"].endswith("/admin/tournaments/tournament/")
    assert kinds_logged(tournament) == ["tournament.created", "clock.structure_set"]
    assert made.broadcast == ["tournament.created", "clock.structure_set"]
    assert Clock.objects.get(tournament=tournament).structure.late_entry_until_level == 2


@pytest.mark.django_db
def test_a_tournament_is_never_deleted_in_the_admin(make_tournament, superuser):
    tournament = make_tournament()
    assert superuser.post(delete_url(tournament), {"post": "yes"}).status_code == 403
    assert Tournament.objects.filter(pk=tournament.pk).exists()


@pytest.mark.django_db
def test_a_refusal_that_comes_only_at_the_save_rolls_everything_back(make_tournament, superuser, monkeypatch):
    """The state may move between the rehearsal and the save: the service then writes its
    operation and refuses after all; the whole request is rolled back and the page says why."""
    tournament = make_tournament()
    real_update, calls = setup.update_tournament, []

    def moved_on(*args, **kwargs):
        calls.append(args)
        real_update(*args, **kwargs)  # the rehearsal's, and the save's writes…
        if len(calls) == 2:
            raise Refused("The tournament moved on meanwhile.")  # …then the save's refusal

    monkeypatch.setattr(setup, "update_tournament", moved_on)
    response = superuser.post(change_url(tournament), tournament_form(tournament, name="Renamed"), follow=True)
    assert len(calls) == 2 and "The tournament moved on meanwhile." in page_text(response)
    tournament.refresh_from_db()
    assert tournament.name == "Test Event" and tournament.last_seq == 0 and kinds_logged(tournament) == []


# Won seats, seat pins, keep-apart groups.


@pytest.mark.django_db
def test_won_seats_are_issued_through_the_service_and_then_read_only(make_tournament, post_and_commit, superuser):
    tournament = make_tournament()
    winner = entrant(tournament).player
    refused = post_and_commit(add_url(WonSeat), {"tournament": tournament.id, "player": winner.id, "source": "  "})
    assert refused.status_code == 200 and not WonSeat.objects.exists()
    issued = post_and_commit(
        add_url(WonSeat), {"tournament": tournament.id, "player": winner.id, "source": "Satellite 2, 1st"}
    )
    assert issued.status_code == 302 and issued.broadcast == ["won_seat.issued"]
    seat = WonSeat.objects.get()
    assert Event.objects.get(tournament=tournament, kind="won_seat.issued").payload["code"] == seat.code
    assert seat.code in page_text(superuser.get("/admin/tournaments/wonseat/"))
    changed = superuser.post(change_url(seat), {"tournament": tournament.id, "player": winner.id, "source": "x"})
    assert changed.status_code == 403
    assert superuser.post(delete_url(seat), {"post": "yes"}).status_code == 403
    seat.refresh_from_db()
    assert seat.source == "Satellite 2, 1st"


@pytest.fixture
def venue_table(db):
    def make(tournament, number=1, seats=9) -> Table:
        return Table.objects.create(festival=tournament.festival, number=number, seats=seats)

    return make


@pytest.mark.django_db
def test_seats_are_pinned_through_the_set_up_service(make_tournament, venue_table, post_and_commit, superuser):
    tournament = make_tournament()
    table = venue_table(tournament)
    entry = entrant(tournament)
    pin = {"tournament": tournament.id, "entry": entry.id, "table": table.id, "seat": "3", "reason": "wheelchair"}
    pinned = post_and_commit(add_url(SeatPin), pin)
    assert pinned.status_code == 302, page_text(pinned)[:3000]
    row = SeatPin.objects.get()
    assert (row.entry_id, row.table_id, row.seat) == (entry.id, table.id, 3)
    assert Event.objects.get(tournament=tournament, kind="seat.pinned").payload == {
        "entry": entry.number,
        "table": 1,
        "seat": 3,
        "reason": "wheelchair",
    }
    assert pinned.broadcast == ["seat.pinned"]

    moved = post_and_commit(change_url(row), {"table": table.id, "seat": "5", "reason": "nearer the door"})
    assert moved.status_code == 302 and moved.broadcast == ["seat.pinned"]
    row.refresh_from_db()
    assert (row.seat, row.reason) == (5, "nearer the door")
    assert superuser.post(delete_url(row), {"post": "yes"}).status_code == 403  # no service unpins


@pytest.mark.django_db
def test_a_pin_the_service_refuses_is_a_sentence_with_nothing_written(make_tournament, venue_table, post_and_commit):
    tournament = make_tournament()
    table = venue_table(tournament)
    entry = entrant(tournament)
    desk.void_entry(tournament.id, entry.number, "sold by mistake", None)
    events_before = kinds_logged(tournament)
    pin = {"tournament": tournament.id, "entry": entry.id, "table": table.id, "seat": "3", "reason": "TV"}
    refused = post_and_commit(add_url(SeatPin), pin)
    assert refused.status_code == 200 and f"There is no active entry #{entry.number}." in page_text(refused)
    assert not SeatPin.objects.exists() and kinds_logged(tournament) == events_before and refused.broadcast == []

    other = make_tournament(name="Side Event")
    stranger = entrant(other, first="Grace", document="P2")
    wrong = post_and_commit(add_url(SeatPin), {**pin, "entry": stranger.id})
    assert wrong.status_code == 200 and f"is not an entry of {tournament.name}" in page_text(wrong)
    assert not SeatPin.objects.exists()


@pytest.mark.django_db
def test_keep_apart_groups_are_set_through_the_service_and_then_read_only(make_tournament, post_and_commit, superuser):
    tournament = make_tournament()
    smiths = [entrant(tournament, first=f"Smith{i}", document=f"S{i}") for i in range(2)]
    # The raw-id widget posts the ids as one comma-separated value.
    group = {"tournament": tournament.id, "name": "the Smith family", "entries": ",".join(str(e.id) for e in smiths)}
    made = post_and_commit(add_url(KeepApart), group)
    assert made.status_code == 302, page_text(made)[:3000]
    row = KeepApart.objects.get()
    assert set(row.entries.all()) == set(smiths) and made.broadcast == ["keep_apart.set"]
    assert Event.objects.get(tournament=tournament, kind="keep_apart.set").payload == {
        "group": "the Smith family",
        "entries": sorted(entry.number for entry in smiths),
    }
    assert superuser.post(change_url(row), {**group, "name": "renamed"}).status_code == 403
    assert superuser.post(delete_url(row), {"post": "yes"}).status_code == 403
    row.refresh_from_db()
    assert row.name == "the Smith family"

    alone = post_and_commit(add_url(KeepApart), {**group, "entries": str(smiths[0].id)})
    assert alone.status_code == 200 and "Name two entries or more to keep apart." in page_text(alone)
    assert KeepApart.objects.count() == 1


# Venue tables and structures: reference data, until a tournament plays on them.


@pytest.mark.django_db
def test_a_venue_table_is_reference_data_until_a_tournament_opens_it(make_tournament, venue_table, superuser):
    tournament = make_tournament()
    table = venue_table(tournament)
    form = {"festival": tournament.festival_id, "number": "1", "seats": "8", "area": "terrace"}
    assert superuser.post(change_url(table), form).status_code == 302
    table.refresh_from_db()
    assert (table.seats, table.area) == (8, "terrace") and kinds_logged(tournament) == []  # no tournament's play

    TournamentTable.objects.create(tournament=tournament, table=table, open_order=1)
    assert superuser.post(change_url(table), {**form, "seats": "10"}).status_code == 403
    assert superuser.post(delete_url(table), {"post": "yes"}).status_code == 403
    table.refresh_from_db()
    assert table.seats == 8


def structure_form(structure, **changes) -> dict:
    count = structure.levels.count()
    form = {
        "name": structure.name,
        "late_entry_until_level": structure.late_entry_until_level or "",
        "rebuys_until_level": structure.rebuys_until_level or "",
        "levels-TOTAL_FORMS": str(count),
        "levels-INITIAL_FORMS": str(count),
        "levels-MIN_NUM_FORMS": "0",
        "levels-MAX_NUM_FORMS": "1000",
    }
    for index, level in enumerate(structure.levels.all()):
        form |= {
            f"levels-{index}-id": level.id,
            f"levels-{index}-structure": structure.id,
            f"levels-{index}-position": level.position,
            f"levels-{index}-small_blind": level.small_blind,
            f"levels-{index}-big_blind": level.big_blind,
            f"levels-{index}-ante": level.ante,
            f"levels-{index}-duration": str(level.duration),
        }
    if structure.is_template:
        form["is_template"] = "on"
    return form | changes


def csv_of(levels) -> SimpleUploadedFile:
    return SimpleUploadedFile("structure.csv", structures.to_csv(levels).encode())


@pytest.mark.django_db
def test_a_template_is_edited_in_the_admin_as_reference_data(superuser):
    template = template_with_levels()
    form = structure_form(template, name="Deepstack II", **{"levels-1-big_blind": "500"})
    assert superuser.post(change_url(template), form).status_code == 302
    template.refresh_from_db()
    assert template.name == "Deepstack II" and template.levels.get(position=1).big_blind == 500
    assert not Event.objects.exists()


@pytest.mark.django_db
def test_a_tournaments_structure_is_revised_through_the_clocks_service(make_tournament, post_and_commit, superuser):
    tournament = make_tournament(level_seconds=(600, 600, 600))
    structure = Clock.objects.get(tournament=tournament).structure
    levels = structure.timeline_levels()
    longer = [replace(level, duration=timedelta(minutes=30)) for level in levels]

    revised = post_and_commit(
        change_url(structure), structure_form(structure, csv_file=csv_of(longer), late_entry_until_level="2")
    )
    assert revised.status_code == 302, page_text(revised)[:3000]
    structure.refresh_from_db()
    clock = Clock.objects.get(tournament=tournament)
    assert structure.timeline_levels() == longer and structure.late_entry_until_level == 2
    assert clock.remaining == timedelta(minutes=30)  # a clock not yet started: the first level's new time
    event = Event.objects.get(tournament=tournament, kind="clock.structure_set")
    assert event.payload["revised"] == ["late_entry_until_level", "levels"]
    assert revised.broadcast == ["clock.structure_set"]

    clock_services.start_clock(tournament.id, None)
    played = [replace(longer[0], big_blind=999), *longer[1:]]
    refused = post_and_commit(change_url(structure), structure_form(structure, csv_file=csv_of(played)))
    assert refused.status_code == 200
    assert "Level 1 is being played: it and what came before it stay as they were" in page_text(refused)
    late = post_and_commit(change_url(structure), structure_form(structure, late_entry_until_level="3"))
    assert late.status_code == 200 and "late registration and rebuys close at the levels" in page_text(late)
    assert structure.timeline_levels() == longer and refused.broadcast == late.broadcast == []

    future = [*longer[:2], replace(longer[2], ante=1234)]
    later = post_and_commit(change_url(structure), structure_form(structure, csv_file=csv_of(future)))
    assert later.status_code == 302 and structure.timeline_levels() == future
    assert later.broadcast == ["clock.structure_set"]

    # The levels inline is read-only there, and the structure is not deleted while it runs.
    untouched = post_and_commit(change_url(structure), structure_form(structure, **{"levels-2-ante": "1"}))
    assert untouched.status_code == 302 and structure.levels.get(position=2).ante == 1234
    assert superuser.post(delete_url(structure), {"post": "yes"}).status_code == 403


# Players: their record is corrected here; the desk's services own the rest.


def player_form(player, **changes) -> dict:
    form = {
        "first_name": player.first_name,
        "last_name": player.last_name,
        "date_of_birth": player.date_of_birth.isoformat(),
        "nationality": player.nationality,
        "id_document_type": player.id_document_type,
        "id_document_number": player.id_document_number,
        "email": player.email,
        "phone": player.phone,
        "city": player.city,
    }
    for prefix, rows in (
        ("membership", Membership.objects.filter(player=player)),
        ("exclusions", player.exclusions.all()),
        ("consents", player.consents.all()),
    ):
        count = rows.count()
        form |= {
            f"{prefix}-TOTAL_FORMS": str(count),
            f"{prefix}-INITIAL_FORMS": str(count),
            f"{prefix}-MIN_NUM_FORMS": "0",
            f"{prefix}-MAX_NUM_FORMS": "1000",
        }
        for index, row in enumerate(rows):
            form |= {f"{prefix}-{index}-id": row.id, f"{prefix}-{index}-player": player.id}
    if player.initials_only:
        form["initials_only"] = "on"
    return form | changes


@pytest.mark.django_db
def test_a_players_public_name_and_a_new_exclusion_go_through_the_desks_services(make_tournament, post_and_commit):
    tournament = make_tournament()
    player = entrant(tournament).player
    logged_before = kinds_logged(tournament)

    corrected = post_and_commit(change_url(player), player_form(player, last_name="King", city="London"))
    assert corrected.status_code == 302 and corrected.broadcast == []
    player.refresh_from_db()
    assert (player.last_name, player.city) == ("King", "London") and kinds_logged(tournament) == logged_before

    unlogged = post_and_commit(change_url(player), player_form(player, initials_only="on"))
    assert unlogged.status_code == 200 and "Choose the tournament whose log records this change." in page_text(unlogged)
    player.refresh_from_db()
    assert player.initials_only is False

    initials = post_and_commit(
        change_url(player), player_form(player, initials_only="on", log_tournament=tournament.id)
    )
    assert initials.status_code == 302 and initials.broadcast == ["player.public_name"]
    player.refresh_from_db()
    assert player.initials_only is True

    backwards = {"exclusion_reason": "self-exclusion", "exclusion_starts": "2026-03-01", "exclusion_ends": "2026-02-01"}
    refused = post_and_commit(change_url(player), player_form(player, log_tournament=tournament.id, **backwards))
    assert refused.status_code == 200 and "The exclusion cannot end before it starts." in page_text(refused)
    assert not Exclusion.objects.exists()

    banned = post_and_commit(
        change_url(player),
        player_form(player, log_tournament=tournament.id, **{**backwards, "exclusion_ends": "2027-03-01"}),
    )
    assert banned.status_code == 302 and banned.broadcast == ["player.excluded"]
    exclusion = Exclusion.objects.get(player=player)
    assert (exclusion.reason, exclusion.ends, exclusion.recorded_by.username) == (
        "self-exclusion",
        date(2027, 3, 1),
        "super-user",
    )
    assert Event.objects.filter(tournament=tournament, kind="player.excluded").count() == 1


@pytest.mark.django_db
def test_what_no_service_changes_about_a_player_is_read_only_and_the_standing_is_kept(make_tournament, superuser):
    tournament = make_tournament()
    player = entrant(tournament).player
    Membership.objects.create(player=player, number="M-7", fee_paid_until=date(2026, 1, 31))
    player_services.exclude_player(tournament.id, player.id, "venue ban", date(2026, 1, 1), None, None)
    exclusion = Exclusion.objects.get()
    form = player_form(
        player,
        staff_entry_approved="on",
        organiser_staff_or_family="on",
        id_checked_on="2020-01-01",
        **{
            "membership-0-number": "M-7",
            "membership-0-fee_paid_until": "2030-12-31",
            "exclusions-0-ends": "2026-01-02",
            "exclusions-0-reason": "lifted",
            "exclusions-0-DELETE": "on",
        },
    )
    assert superuser.post(change_url(player), form).status_code == 302
    player.refresh_from_db()
    exclusion.refresh_from_db()
    # the person's standing and membership are renewed here (no page does it yet); the photo ID
    # seen and the exclusions are the services' to change
    assert (player.staff_entry_approved, player.organiser_staff_or_family) == (True, True)
    assert player.id_checked_on != date(2020, 1, 1)
    assert Membership.objects.get(player=player).fee_paid_until == date(2030, 12, 31)
    assert (exclusion.reason, exclusion.ends) == ("venue ban", None)
    assert superuser.post(delete_url(player), {"post": "yes"}).status_code == 403  # the ban would go unlogged
    assert superuser.get(add_url(Player)).status_code == 403  # players are made at the desk, with consents
    assert Player.objects.filter(pk=player.pk).exists()


# Festivals and records.


@pytest.mark.django_db
def test_a_festivals_time_zone_and_currency_are_fixed_once_a_tournament_has_opened(make_tournament, superuser):
    tournament = make_tournament()  # registration open
    festival = tournament.festival
    form = {"name": "Summer Festival", "venue": "Pier", "time_zone": "Europe/Vienna", "currency": "GBP"}
    assert superuser.post(change_url(festival), form).status_code == 302
    festival.refresh_from_db()
    assert (festival.name, festival.venue, festival.time_zone, festival.currency) == (
        "Summer Festival",
        "Pier",
        "UTC",
        "EUR",
    )
    assert superuser.post(delete_url(festival), {"post": "yes"}).status_code == 403

    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.SCHEDULED)
    assert superuser.post(change_url(festival), form).status_code == 302
    festival.refresh_from_db()
    assert (festival.time_zone, festival.currency) == ("Europe/Vienna", "GBP")


@pytest.mark.django_db
def test_the_records_are_read_only(make_tournament, superuser):
    tournament = make_tournament()
    entry = entrant(tournament)
    bag = ChipBag.objects.create(
        tournament=tournament, entry=entry, day=1, table=1, seat=1, chips=1000, bagged_at=entry.created_at
    )
    event = Event.objects.filter(tournament=tournament).first()
    for row in (event, entry, bag):
        assert superuser.post(change_url(row), {"post": "yes"}).status_code == 403, row
        assert superuser.post(delete_url(row), {"post": "yes"}).status_code == 403, row
    assert Event.objects.filter(pk=event.pk).exists() and ChipBag.objects.filter(pk=bag.pk).exists()


@pytest.mark.django_db
def test_the_admin_is_for_superusers_only(make_tournament):
    tournament = make_tournament()
    clerk = User.objects.create_user("staff-clerk", password=PASSWORD, is_staff=True)
    clerk.user_permissions.set(Permission.objects.filter(content_type__app_label__in=["tournaments", "tables"]))
    client = Client()
    client.force_login(clerk)
    assert client.get(change_url(tournament)).status_code == 403
    assert client.post(change_url(tournament), tournament_form(tournament, name="Mine")).status_code == 403
    tournament.refresh_from_db()
    assert tournament.name == "Test Event"


# Every model admin: what may stay editable, and why. Anything else editable must save
# through its services (a ServiceAdmin, whose form is a ServiceForm).
MAY_STAY_EDITABLE = {
    "auth.user": "staff accounts: nobody's play depends on them",
    "auth.group": "the roles of the house (director, floor, desk, cashier, media)",
    "tournaments.festival": "name, venue, language: labels; time zone and currency lock once a tournament opens",
    "tables.table": "the venue's tables: read-only while open in a tournament or holding a pinned seat",
    "clock.structure": "templates and structures no tournament runs; one that runs is revised by the clock's service",
    "clock.level": "a template's levels (the inline); a running tournament's levels are read-only there",
    "players.membership": "the person's standing the desk reads at each sale: renewed here until a page does it",
    "axes.accessattempt": "sign-in throttling (django-axes): deleting an attempt unlocks a sign-in",
    "axes.accessfailurelog": "sign-in throttling (django-axes)",
    "axes.accesslog": "sign-in throttling (django-axes)",
}
THROUGH_SERVICES = {
    "tournaments.tournament",
    "tournaments.wonseat",
    "tables.seatpin",
    "tables.keepapart",
    "clock.structure",
    "players.player",
}


@pytest.mark.django_db
def test_every_model_admin_writes_through_a_service_or_is_read_only(staff, make_tournament, superuser):
    entrant(make_tournament())  # a row of each kind the inlines hang on
    request = RequestFactory().get("/admin/")
    request.user = staff["superuser"]
    unexplained = []
    for model in apps.get_models():
        if not admin.site.is_registered(model):
            continue
        model_admin, label = admin.site.get_model_admin(model), model._meta.label_lower
        if (row := model._default_manager.first()) is not None:  # its page opens, read-only or not
            assert superuser.get(change_url(row)).status_code == 200, label
        writes = [
            model_admin.has_add_permission(request),
            model_admin.has_change_permission(request),
            model_admin.has_delete_permission(request),
        ]
        if label in THROUGH_SERVICES:
            assert isinstance(model_admin, ServiceAdmin) and issubclass(model_admin.get_form(request), ServiceForm)
        elif any(writes) and label not in MAY_STAY_EDITABLE:
            unexplained.append(label)
        for parent in {None, model._default_manager.first()}:  # an inline may depend on its row
            for inline in model_admin.get_inline_instances(request, parent):
                inline_writes = [
                    inline.has_add_permission(request, parent),
                    inline.has_change_permission(request, parent),
                    inline.has_delete_permission(request, parent),
                ]
                if any(inline_writes) and inline.model._meta.label_lower not in MAY_STAY_EDITABLE:
                    unexplained.append(f"{label}: inline {inline.model._meta.label_lower}")
    assert unexplained == [], "editable in the admin without a service behind it"
