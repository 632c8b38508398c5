"""PEN-ABSENT, ENT-SUBST and REG-ID on PostgreSQL: absent players are dealt in and blinded off
until they arrive; their stack leaves play only after the ruleset's time of play (clock time,
not wall time), never for a retired player; returning players' photo ID is checked each day."""

import json
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.db import IntegrityError, transaction
from django.test import Client
from django.utils import timezone

from clock.models import Clock
from clock.services.day import finish_day
from players.models import Player
from rules.refusals import Refused
from tables.models import Absence, ChipAdjustment
from tables.queries.absent import absent_view, id_checks_view
from tables.services.absent import mark_absent, mark_present, remove_absent_stack
from tables.services.floor import player_out
from tournaments.models import Elimination, Entry, PhotoIdCheck
from tournaments.queries.results import standings
from tournaments.queries.snapshot import field_counts
from tournaments.services.id_checks import record_photo_id

pytestmark = pytest.mark.django_db


def _rules(tournament, preset="pokerfest", after=10):
    tournament.ruleset_preset = preset
    tournament.ruleset = {"preset": preset, "penalties": {"absent_stack_removed_after_minutes": after}}
    tournament.save(update_fields=["ruleset_preset", "ruleset"])


def _played(tournament, level_index: int, remaining_seconds: int):
    """The clock paused at a level with this much left (levels of 10 minutes)."""
    Clock.objects.filter(tournament=tournament).update(
        status="paused", level_index=level_index, ends_at=None, remaining=timedelta(seconds=remaining_seconds)
    )


def test_PEN_ABSENT_marked_at_the_start_blinded_off_and_present_again(seated, staff):
    tournament, seats = seated
    seat = sorted(seats)[0]
    answer = mark_absent(tournament.id, 1, seat, staff["floor"])  # before the clock starts: not arrived
    assert answer["entry"] == seats[seat] and not answer["retired"]
    shown = absent_view(tournament, timezone.now())["1"][str(seat)]
    assert not shown["may_remove"] and shown["sentence"].endswith("this house never removes it.")  # pokerfest: never
    assert Entry.objects.get(tournament=tournament, number=seats[seat]).status == Entry.Status.ACTIVE
    assert field_counts(tournament.id)["chips_in_play"] == 60_000  # the chips stay in play
    with pytest.raises(Refused, match="already marked absent"):
        mark_absent(tournament.id, 1, seat, staff["floor"])
    with pytest.raises(Refused, match="only an absent player's stack is removed"):
        remove_absent_stack(tournament.id, 1, sorted(seats)[1], 9_000, staff["floor"])
    with pytest.raises(Refused, match="never remove"):
        remove_absent_stack(tournament.id, 1, seat, 9_000, staff["floor"])
    arrived = mark_present(tournament.id, 1, seat, staff["floor"])
    assert arrived["absent_minutes"] == 0 and absent_view(tournament, timezone.now()) == {}
    assert Absence.objects.get().ended_because == "arrived"
    with pytest.raises(Refused, match="is not marked absent"):
        mark_present(tournament.id, 1, seat, staff["floor"])
    assert [e.kind for e in tournament.events.filter(kind__in=["player.absent", "player.present"])] == [
        "player.absent",
        "player.present",
    ]
    assert tournament.events.get(kind="player.absent").public is None  # staff only


def test_PEN_ABSENT_stack_removed_only_after_the_rulesets_clock_time_and_ranked_like_a_bust(seated, staff):
    tournament, seats = seated
    _rules(tournament, after=10)
    first, second, *_ = sorted(seats)
    mark_absent(tournament.id, 1, first, staff["floor"])  # clock not started: 0 minutes played
    _played(tournament, 0, 300)  # 5 minutes of play since
    with pytest.raises(Refused, match=r"after 10 minutes of play absent \(5 minutes to go\)"):
        remove_absent_stack(tournament.id, 1, first, 7_500, staff["floor"])
    assert not absent_view(tournament, timezone.now())["1"][str(first)]["may_remove"]
    assert (
        not ChipAdjustment.objects.exists()
        and Entry.objects.get(number=seats[first], tournament=tournament).status == "active"
    )
    player_out(tournament.id, 1, second, staff["floor"])  # another player busts first: 6th
    _played(tournament, 1, 300)  # 15 minutes of play
    shown = absent_view(tournament, timezone.now())["1"][str(first)]
    assert shown["may_remove"] and shown["sentence"] == "Absent for 15 minutes of play: stack may be removed."
    answer = remove_absent_stack(tournament.id, 1, first, 7_500, staff["floor"])
    assert answer["chips"] == 7_500 and answer["chips_in_play"] == 52_500
    assert field_counts(tournament.id) == {"players_left": 4, "chips_in_play": 52_500}
    removed = ChipAdjustment.objects.get()
    assert (removed.kind, removed.chips, removed.entry.number) == ("removed", -7_500, seats[first])
    entry = Entry.objects.get(tournament=tournament, number=seats[first])
    assert entry.status == Entry.Status.BUSTED and Elimination.objects.filter(entry=entry).exists()
    places = {row["entry"]: row["place"] for row in standings(tournament)["out"]}
    assert places[seats[first]] == [5, 5] and places[seats[second]] == [6, 6]  # a bust like any other
    assert Absence.objects.get().ended_because == "stack_removed"
    kinds = list(tournament.events.order_by("seq").values_list("kind", flat=True))
    assert kinds[-2:] == ["absent.stack_removed", "player.out"]


def test_PEN_ABSENT_wall_time_over_a_paused_clock_does_not_count(seated, staff):
    tournament, seats = seated
    _rules(tournament, after=10)
    _played(tournament, 0, 300)
    seat = sorted(seats)[0]
    mark_absent(tournament.id, 1, seat, staff["floor"])
    Absence.objects.update(since=timezone.now() - timedelta(hours=12))  # a night away, the clock stopped
    with pytest.raises(Refused, match="10 minutes to go"):
        remove_absent_stack(tournament.id, 1, seat, 5_000, staff["floor"])


def test_ENT_SUBST_a_retired_players_stack_is_never_removed_they_keep_being_blinded_off(seated, staff):
    tournament, seats = seated
    with pytest.raises(Refused, match="Only a house with substitutes"):
        mark_absent(tournament.id, 1, sorted(seats)[0], staff["floor"], retired=True)  # pokerfest has none
    _rules(tournament, preset="neverending", after=10)
    seat = sorted(seats)[0]
    assert mark_absent(tournament.id, 1, seat, staff["floor"], retired=True)["retired"]
    _played(tournament, 2, 1)  # nearly 30 minutes of play: far past the 10
    shown = absent_view(tournament, timezone.now())["1"][str(seat)]
    assert shown["retired"] and not shown["may_remove"] and "Retired (ENT-SUBST)" in shown["sentence"]
    with pytest.raises(Refused, match="Retired"):
        remove_absent_stack(tournament.id, 1, seat, 4_000, staff["director"])
    assert not ChipAdjustment.objects.exists()
    assert Entry.objects.get(tournament=tournament, number=seats[seat]).status == Entry.Status.ACTIVE
    with pytest.raises(IntegrityError), transaction.atomic():  # the database refuses it too
        Absence.objects.filter(retired=True).update(ended_at=timezone.now(), ended_because="stack_removed")


def test_REG_ID_returning_players_are_checked_each_day_by_the_floor_or_the_desk(seated, staff):
    tournament, seats = seated
    assert id_checks_view(tournament) == {
        "required": True,
        "day": 1,
        "day_started": True,
        "unchecked": [],
        "checked": sorted(seats.values()),
    }
    tournament.tables.update(hands_left=0)  # CLK-EOD: every table played its last hand
    assert finish_day(tournament.id)
    view = id_checks_view(tournament)
    assert view["day"] == 2 and [row["entry"] for row in view["unchecked"]] == [seats[s] for s in sorted(seats)]
    assert view["day_started"] is False  # the tablets list them once day 2 starts; the desk checks early arrivals
    first = seats[sorted(seats)[0]]
    Player.objects.filter(entries__number=first, entries__tournament=tournament).update(id_checked_on=None)
    answer = record_photo_id(tournament.id, first, "floor", staff["floor"])
    assert (answer["day"], answer["where"], answer["already"]) == (2, "floor", False)
    assert record_photo_id(tournament.id, first, "desk", staff["desk"])["already"]  # once a day
    assert PhotoIdCheck.objects.get().where == "floor"
    assert Player.objects.get(entries__number=first, entries__tournament=tournament).id_checked_on is not None
    view = id_checks_view(tournament)
    assert first not in [row["entry"] for row in view["unchecked"]] and len(view["unchecked"]) == 5
    with pytest.raises(Refused, match="no entry #99"):
        record_photo_id(tournament.id, 99, "floor", staff["floor"])
    _rules(tournament, preset="chips")
    assert not id_checks_view(tournament)["required"]
    with pytest.raises(Refused, match="do not ask for photo ID"):
        record_photo_id(tournament.id, seats[sorted(seats)[1]], "floor", staff["floor"])


def test_REG_ID_and_PEN_ABSENT_through_the_api_for_the_roles_that_may(seated, staff):
    tournament, seats = seated
    seat = sorted(seats)[0]
    base = f"/api/tournaments/{tournament.id}/"
    clients = {}
    for role in ("floor", "desk", "media", "director"):
        clients[role] = Client()
        clients[role].force_login(staff[role])
    absent = f"{base}tables/1/seats/{seat}/absent/"
    assert clients["media"].post(absent, "{}", content_type="application/json").status_code == 403
    assert clients["desk"].post(absent, "{}", content_type="application/json").status_code == 403
    assert clients["floor"].post(absent, "{}", content_type="application/json").status_code == 200
    view = clients["floor"].get(f"{base}tables/").json()
    assert view["absent"]["1"][str(seat)]["sentence"] and view["id_checks"]["required"]
    removed = clients["director"].post(
        f"{base}tables/1/seats/{seat}/remove-stack/", json.dumps({"chips": -3}), content_type="application/json"
    )
    assert removed.status_code == 422
    refused = clients["director"].post(
        f"{base}tables/1/seats/{seat}/remove-stack/", json.dumps({"chips": 3}), content_type="application/json"
    )
    assert refused.status_code == 409 and "never remove" in refused.json()["detail"]
    tournament.tables.update(hands_left=0)
    finish_day(tournament.id)
    check = f"{base}entries/{seats[seat]}/photo-id/"
    assert clients["media"].post(check, "{}", content_type="application/json").status_code == 403
    assert clients["desk"].post(check, "{}", content_type="application/json").json()["where"] == "desk"
    unchecked = clients["desk"].get(f"{base}absent-and-id/").json()["id_checks"]["unchecked"]
    assert len(unchecked) == 5 and seats[seat] not in [row["entry"] for row in unchecked]
    assert clients["media"].get(f"{base}absent-and-id/").status_code == 403


MEDIA_PAGE = {"anonymous": 302, "director": 200, "floor": 200, "media": 200, "desk": 403, "cashier": 403}


def test_CHIP_COUNT_the_media_page_opens_for_media_director_and_floor_not_the_desk(make_tournament, staff):
    tournament = make_tournament()
    for persona, status in MEDIA_PAGE.items():
        client = Client()
        if persona != "anonymous":
            client.force_login(staff[persona])
        page = client.get(f"/tournaments/{tournament.id}/counts/")
        assert page.status_code == status, persona
        home = client.get("/").content.decode()
        assert (f"/tournaments/{tournament.id}/counts/" in home) == (status == 200), persona
    media = Client()
    media.force_login(staff["media"])
    page = media.get(f"/tournaments/{tournament.id}/counts/").content.decode()
    # the page's one module (issue 21: ES modules) brings the chip check and the floor's count form
    assert "data-publish-leaders>" in page and 'src="/static/pages/media.js"' in page
    static = Path(settings.BASE_DIR) / "static"
    assert 'import "../chips.js";' in (static / "pages" / "media.js").read_text()
    assert 'from "./floor_book.js";' in (static / "media.js").read_text()
    floor = Client()
    floor.force_login(staff["floor"])
    assert "data-publish-leaders hidden" in floor.get(f"/tournaments/{tournament.id}/counts/").content.decode()
