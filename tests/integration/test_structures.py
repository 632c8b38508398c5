"""Structures in the database (CLK-LEVELS): templates copied into a tournament, future levels
only, closing levels for late registration, CSV through the admin."""

from datetime import date, timedelta

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from clock.models import Clock, Level, Structure
from clock.rules.structures import PRESET_STRUCTURES, to_csv
from clock.services import level_clock as clock_services
from players.services import desk as player_services
from tournaments.queries.entries import check_entry, entry_rules
from tournaments.rules.entries import Kind


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_CLK_LEVELS_the_director_copies_the_kentucky_template_and_the_template_stays(make_tournament, staff):
    tournament = make_tournament()
    template = Structure.objects.get(name="kentucky (rulebook)", is_template=True)  # shipped by a migration
    director, url = signed_in(staff["director"]), f"/api/tournaments/{tournament.id}/clock/structure/"
    assert (
        signed_in(staff["floor"]).post(url, {"structure_id": template.id}, content_type="application/json").status_code
        == 403
    )
    clock = director.post(url, {"structure_id": template.id}, content_type="application/json").json()
    assert (clock["level"]["small_blind"], clock["level"]["big_blind"], clock["remaining_ms"]) == (25, 50, 1_200_000)
    copy = Clock.objects.get(tournament=tournament).structure
    assert copy.pk != template.pk and copy.levels.count() == template.levels.count() == 19
    assert tournament.events.filter(kind="clock.structure_set").count() == 1
    missing = director.post(url, {"structure_id": 999_999}, content_type="application/json")
    assert (
        missing.status_code == 409
        and missing.json()["detail"] == "There is no such structure template for this festival."
    )

    clock_services.start_clock(tournament.id, None)
    started = director.post(url, {"structure_id": template.id}, content_type="application/json")
    assert started.status_code == 409 and "The clock has started" in started.json()["detail"]
    played = copy.levels.get(position=0)
    with pytest.raises(ValidationError, match="only future levels can change"):
        played.full_clean()
    future = copy.levels.get(position=5)
    future.big_blind_ante = True
    future.full_clean()  # a future level may change
    assert template.levels.get(position=5).big_blind_ante is False


@pytest.mark.django_db
def test_CLK_LEVELS_late_registration_closes_at_the_end_of_the_structures_level(make_tournament, staff):
    tournament = make_tournament(level_seconds=(600, 600, 600))
    structure = Clock.objects.get(tournament=tournament).structure
    structure.late_entry_until_level = 2
    structure.save()
    player = player_services.create_player(
        tournament.id,
        player_services.NewPlayer("Late", "Comer", date(1980, 1, 1), accepts_terms=True, id_checked=True),
        None,
    )
    clock_services.start_clock(tournament.id, None)
    assert entry_rules(tournament).late_entry_minutes == 20
    Clock.objects.filter(tournament=tournament).update(ends_at=timezone.now() - timedelta(seconds=1))
    clock_services.advance_due_levels(tournament.id)  # into level 2: still open
    assert check_entry(tournament, player, None, timezone.now())["kinds"][Kind.LATE].ok
    Clock.objects.filter(tournament=tournament).update(ends_at=timezone.now() - timedelta(seconds=1))
    clock_services.advance_due_levels(tournament.id)  # level 3
    closed = check_entry(tournament, player, None, timezone.now())["kinds"][Kind.LATE]
    assert not closed.ok and closed.message == "Late registration ended after 20 minutes of play."


@pytest.mark.django_db
def test_CLK_LEVELS_the_admin_imports_a_structure_from_csv_and_downloads_it_again(staff):
    admin = signed_in(staff["superuser"])
    management = {
        "levels-TOTAL_FORMS": "0",
        "levels-INITIAL_FORMS": "0",
        "levels-MIN_NUM_FORMS": "0",
        "levels-MAX_NUM_FORMS": "1000",
    }
    bad = admin.post(
        "/admin/clock/structure/add/",
        {
            "name": "Broken",
            **management,
            "csv_file": SimpleUploadedFile("s.csv", b"small_blind,big_blind,minutes\n100,50,20\n"),
        },
    )
    assert "Line 2: the big blind (50) is below the small blind (100)." in bad.content.decode()
    assert not Structure.objects.filter(name="Broken").exists()
    admin.post(
        "/admin/clock/structure/add/",
        {
            "name": "Imported",
            "is_template": "on",
            **management,
            "csv_file": SimpleUploadedFile("s.csv", to_csv(PRESET_STRUCTURES["kentucky"]).encode()),
        },
    )
    imported = Structure.objects.get(name="Imported")
    assert imported.timeline_levels() == PRESET_STRUCTURES["kentucky"]
    download = admin.post("/admin/clock/structure/", {"action": "download_csv", "_selected_action": [imported.pk]})
    assert download["Content-Type"] == "text/csv"
    assert download.content.decode() == to_csv(PRESET_STRUCTURES["kentucky"])
    assert Level.objects.filter(structure=imported).count() == 19


@pytest.mark.django_db
def test_CLK_INTERVAL_a_chips_tournament_gets_its_intervals_in_the_copied_structure(make_tournament, staff):
    from tournaments.models import Tournament

    tournament = make_tournament()
    Tournament.objects.filter(pk=tournament.pk).update(ruleset_preset="chips")
    template = Structure.objects.create(name="club nights", is_template=True)
    for position in range(4):
        Level.objects.create(
            structure=template,
            position=position,
            small_blind=25 * (position + 1),
            big_blind=50 * (position + 1),
            duration=timedelta(minutes=30),
        )
    clock_services.copy_structure(tournament.id, template.id, staff["director"])
    copied = Clock.objects.get(tournament=tournament).structure.timeline_levels()
    assert [(level.is_break, int(level.duration / timedelta(minutes=1))) for level in copied] == [
        (False, 30),
        (False, 25),
        (True, 5),
        (False, 5),
        (False, 30),
        (False, 20),
        (True, 5),
        (False, 10),
    ]
    assert template.levels.count() == 4  # the template is untouched
