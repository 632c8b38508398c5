"""The director's set-up without the admin (issue 11): create a tournament from a preset and a
structure template, edit it, venue tables, seat pins, keep-apart groups, companies, exclusions."""

from datetime import date

import pytest
from django.test import Client

from clock.models import Clock, Structure
from clock.services import level_clock
from players.models import Company, Player
from players.services.desk import NewPlayer, create_player
from tables.models import KeepApart, SeatPin
from tests.helpers.api import client_for
from tournaments.models import Festival, Tournament
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services.desk import EntryRefused, register_entry

JSON = "application/json"


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def template(db):
    festival = Festival.objects.create(name="Spring Festival", venue="Casino", currency="EUR")
    structure = Structure.objects.create(name="Turbo", is_template=True)
    for position, (small, big) in enumerate([(100, 200), (200, 400), (300, 600)]):
        structure.levels.create(position=position, small_blind=small, big_blind=big, ante=0, duration="00:20:00")
    return festival, structure


@pytest.mark.django_db
def test_the_director_creates_a_tournament_from_a_preset_and_a_template_without_the_admin(template, staff):
    festival, structure = template
    body = {
        "festival_id": festival.id,
        "structure_id": structure.id,
        "name": "Main Event",
        "ruleset_preset": "kentucky",
        "buy_in": 50_000,
        "fee": 5_000,
        "starting_stack": 30_000,
        "max_entries": 200,
        "guarantee": 1_000_000,
        "places_paid": 10,
        "late_entry_until_level": 2,
        "starts_at": "2026-12-05T18:00:00Z",
    }
    assert signed_in(staff["desk"]).post("/api/tournaments/", body, content_type="application/json").status_code == 403
    director = signed_in(staff["director"])
    wrong = director.post("/api/tournaments/", {**body, "ruleset_preset": "casino"}, content_type="application/json")
    assert wrong.status_code == 409 and wrong.json()["detail"].startswith("Choose a preset")
    created = director.post("/api/tournaments/", body, content_type="application/json")
    assert created.status_code == 201
    tournament = Tournament.objects.get(pk=created.json()["id"])
    assert (tournament.name, tournament.ruleset_preset, tournament.buy_in, tournament.fee, tournament.places_paid) == (
        "Main Event",
        "kentucky",
        50_000,
        5_000,
        10,
    )
    clock = Clock.objects.get(tournament=tournament)
    assert clock.structure.late_entry_until_level == 2 and clock.structure.levels.count() == 3
    assert not clock.structure.is_template and structure.levels.count() == 3  # a copy; the template stays
    assert list(tournament.events.values_list("seq", "kind")) == [(1, "tournament.created"), (2, "clock.structure_set")]

    settings = f"/api/tournaments/{tournament.id}/settings/"
    edit = {
        key: value
        for key, value in body.items()
        if key not in ("festival_id", "structure_id", "late_entry_until_level")
    }
    assert director.post(settings, {**edit, "buy_in": 40_000}, content_type="application/json").status_code == 200
    level_clock.start_clock(tournament.id, staff["director"])
    frozen = director.post(settings, {**edit, "buy_in": 45_000}, content_type="application/json")
    assert (
        frozen.status_code == 409 and frozen.json()["detail"] == "The clock has started: buy in can no longer change."
    )
    renamed = director.post(
        settings, {**edit, "buy_in": 40_000, "name": "Main Event Day 1"}, content_type="application/json"
    )
    assert renamed.json() == {"changes": {"name": "Main Event Day 1"}}
    assert tournament.events.filter(kind="tournament.updated").count() == 2


@pytest.mark.django_db
def test_venue_tables_pins_keep_apart_companies_and_exclusions_from_the_set_up(field, staff):
    tournament, entries = field(4, tables=2)
    director = signed_in(staff["director"])
    base = f"/api/tournaments/{tournament.id}"
    added = director.post(
        f"{base}/venue-tables/", {"number": 9, "seats": 10, "is_tv": True}, content_type="application/json"
    )
    assert added.json() == {"table": 9, "tables": [9], "seats": 10, "is_tv": True}
    again = director.post(f"{base}/venue-tables/", {"number": 9}, content_type="application/json")
    assert again.status_code == 409 and again.json()["detail"] == "The venue already has a table 9."
    pinned = director.post(
        f"{base}/seat-pins/",
        {"entry": 2, "table": 9, "seat": 1, "reason": "wheelchair"},
        content_type="application/json",
    )
    assert pinned.status_code == 200 and SeatPin.objects.get(tournament=tournament).entry.number == 2
    taken = director.post(
        f"{base}/seat-pins/", {"entry": 3, "table": 9, "seat": 1, "reason": "TV"}, content_type="application/json"
    )
    assert taken.status_code == 409 and "reserved for another entry" in taken.json()["detail"]
    apart = director.post(
        f"{base}/keep-apart/", {"name": "the Smith family", "entries": [1, 3]}, content_type="application/json"
    )
    assert apart.status_code == 200 and sorted(KeepApart.objects.get().entries.values_list("number", flat=True)) == [
        1,
        3,
    ]
    company = director.post(
        f"{base}/companies/", {"name": "Acme Poker", "status": "approved"}, content_type="application/json"
    )
    assert company.status_code == 200 and Company.objects.get(name="Acme Poker").status == "approved"
    player = Player.objects.get(entries__tournament=tournament, entries__number=4)
    excluded = signed_in(staff["desk"]).post(
        f"{base}/players/{player.id}/exclusions/",
        {"reason": "self-exclusion", "starts": date.today().isoformat()},
        content_type="application/json",
    )
    assert excluded.status_code == 200
    check = signed_in(staff["desk"]).get(f"{base}/players/{player.id}/check/").json()
    assert [r["rule"] for r in check["reasons"] if not r["ok"]] == ["REG-EXCLUDE"]  # every desk refuses the player
    kinds = set(tournament.events.values_list("kind", flat=True))
    assert {"venue_table.added", "seat.pinned", "keep_apart.set", "company.saved", "player.excluded"} <= kinds


@pytest.mark.django_db
def test_a_new_tournament_sells_once_the_director_opens_registration(template, staff):
    festival, structure = template
    created = (
        signed_in(staff["director"])
        .post(
            "/api/tournaments/",
            {"festival_id": festival.id, "structure_id": structure.id, "name": "Opener", "buy_in": 1_000},
            content_type="application/json",
        )
        .json()
    )
    tournament = Tournament.objects.get(pk=created["id"])
    assert tournament.status == "scheduled"
    player = create_player(
        tournament.id, NewPlayer("Eager", "Early", date(1980, 1, 1), accepts_terms=True, id_checked=True), None
    )
    with pytest.raises(EntryRefused, match="Registration is not open yet"):
        register_entry(tournament.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    assert signed_in(staff["desk"]).post(f"/api/tournaments/{tournament.id}/registration/open/").status_code == 403
    opened = signed_in(staff["director"]).post(f"/api/tournaments/{tournament.id}/registration/open/")
    assert opened.json() == {"tournament_status": "registration"}
    assert register_entry(tournament.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None).number == 1
    again = signed_in(staff["director"]).post(f"/api/tournaments/{tournament.id}/registration/open/")
    assert again.status_code == 409
    level_clock.start_clock(tournament.id, staff["director"])
    tournament.refresh_from_db()
    assert tournament.status == "running"


@pytest.mark.django_db
def test_the_director_creates_a_festival_without_the_admin(staff):
    director = signed_in(staff["director"])
    assert (
        signed_in(staff["desk"])
        .post("/api/festivals/", {"name": "X", "venue": "Y"}, content_type="application/json")
        .status_code
        == 403
    )
    wrong = director.post(
        "/api/festivals/",
        {"name": "Winter", "venue": "Casino", "time_zone": "Mars/Olympus"},
        content_type="application/json",
    )
    assert wrong.status_code == 409 and "time zone" in wrong.json()["detail"]
    made = director.post(
        "/api/festivals/",
        {"name": "Winter", "venue": "Casino", "time_zone": "Europe/Vienna", "currency": "eur"},
        content_type="application/json",
    )
    assert made.status_code == 201 and Festival.objects.get(pk=made.json()["id"]).currency == "EUR"


@pytest.mark.django_db
def test_a_start_typed_without_an_offset_is_the_festivals_wall_clock_and_saving_it_again_changes_nothing(
    template, staff
):
    """The set-up page sends the datetime-local field as typed: 12:00 at a Vienna festival is
    11:00 UTC, shown as 12:00 again, and sending the page back unchanged moves nothing."""
    festival, structure = template
    festival.time_zone = "Europe/Vienna"
    festival.save()
    director = signed_in(staff["director"])
    body = {
        "festival_id": festival.id,
        "structure_id": structure.id,
        "name": "Main Event",
        "ruleset_preset": "pokerfest",
        "buy_in": 50_000,
        "fee": 5_000,
        "starting_stack": 30_000,
        "starts_at": "2026-12-05T12:00",
    }
    created = director.post("/api/tournaments/", body, content_type="application/json")
    assert created.status_code == 201
    tournament = Tournament.objects.get(pk=created.json()["id"])
    assert tournament.starts_at.isoformat() == "2026-12-05T11:00:00+00:00"
    page = director.get(f"/tournaments/{tournament.id}/setup/").content.decode()
    assert 'name="starts_at" type="datetime-local" value="2026-12-05T12:00"' in page
    edit = {key: value for key, value in body.items() if key not in ("festival_id", "structure_id")}
    again = director.post(f"/api/tournaments/{tournament.id}/settings/", edit, content_type="application/json")
    assert again.status_code == 409 and again.json()["detail"] == "Nothing changed."
    flight = director.post(
        f"/api/tournaments/{tournament.id}/flights/",
        {"name": "Day 1A", "starts_at": "2026-12-05T12:00"},
        content_type="application/json",
    )
    assert flight.status_code == 201
    assert Tournament.objects.get(main_event=tournament).starts_at == tournament.starts_at


def test_BNT_MYSTERY_the_set_up_page_sets_the_rulesets_bounty_stage(make_tournament, staff):
    """BNT-MYSTERY: the set-up page's bounty stage (when the envelopes start) is the ruleset's
    bounties section in the tournament's own copy; sent unchanged, it changes nothing."""
    tournament = make_tournament()
    client = client_for("director", staff)
    url = f"/api/tournaments/{tournament.id}/settings/"
    body = {"name": tournament.name, "buy_in": 10_000, "fee": 1_000, "bounty_stage_starts": "bubble"}
    assert client.post(url, body, content_type="application/json").status_code == 200
    tournament.refresh_from_db()
    assert tournament.ruleset == {}  # the stage as the preset has it: no copy made
    refused = client.post(url, {**body, "bounty_stage_starts": "level"}, content_type="application/json")
    assert refused.status_code == 409 and "level" in refused.json()["detail"]
    answer = client.post(url, {**body, "bounty_stage_starts": "day_two"}, content_type="application/json")
    assert answer.status_code == 200, answer.json()
    tournament.refresh_from_db()
    assert answer.json()["changes"]["bounty_stage"] == {"starts": "day_two", "level": None}
    assert tournament.rules().bounties.stage_starts == "day_two"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "starts_at, sentence",
    [
        ("2026-12-05T12:00:00+18:49", "A start time's offset from UTC is at most 15:59 hours either way, not +18:49."),
        ("2026-12-05T12:00:00-16:00", "A start time's offset from UTC is at most 15:59 hours either way, not -16:00."),
        ("0001-01-01T00:30:00+01:00", "A start time must fall between the years 1 and 9999: "),
        ("9999-12-31T23:30:00-05:00", "A start time must fall between the years 1 and 9999: "),
        ("0001-01-01T00:00", "A start time must fall between the years 1 and 9999: "),  # Vienna is ahead of UTC
    ],
)
def test_a_start_time_the_database_cannot_keep_is_a_422_sentence_everywhere_it_is_typed(
    template, staff, starts_at, sentence
):
    """A tournament's, a flight's and the settings' start: an offset PostgreSQL refuses or a moment
    outside the years 1-9999 answers 422 with a sentence (the set-up page shows it), never a 500,
    and nothing is written."""
    festival, structure = template
    festival.time_zone = "Europe/Vienna"
    festival.save()
    director = signed_in(staff["director"])
    body = {
        "festival_id": festival.id,
        "structure_id": structure.id,
        "name": "Main Event",
        "ruleset_preset": "pokerfest",
        "buy_in": 50_000,
        "fee": 5_000,
        "starting_stack": 30_000,
    }
    before = Tournament.objects.count()
    created = director.post("/api/tournaments/", {**body, "starts_at": starts_at}, content_type="application/json")
    assert created.status_code == 422 and created.json()["detail"].startswith(sentence), created.content
    assert Tournament.objects.count() == before

    tournament = Tournament.objects.get(pk=director.post("/api/tournaments/", body, content_type=JSON).json()["id"])
    edit = {"name": "Main Event", "starts_at": starts_at}
    changed = director.post(f"/api/tournaments/{tournament.id}/settings/", edit, content_type=JSON)
    assert changed.status_code == 422 and changed.json()["detail"].startswith(sentence), changed.content
    flight = director.post(f"/api/tournaments/{tournament.id}/flights/", edit | {"name": "Day 1A"}, content_type=JSON)
    assert flight.status_code == 422 and flight.json()["detail"].startswith(sentence), flight.content
    tournament.refresh_from_db()
    assert tournament.starts_at is None and not Tournament.objects.filter(main_event=tournament).exists()
    assert director.get(f"/tournaments/{tournament.id}/setup/").status_code == 200
