"""Structures on the pages (issue 22, CLK-LEVELS): templates for the common speeds, created,
copied, edited and imported as CSV through the API (a bad CSV refused naming its line), a
tournament's own structure edited through the clock's rules (played levels stay), and one
numbering of levels and breaks everywhere."""

import re
from datetime import timedelta

import pytest
from django.test import Client

from clock.models import Clock, Structure
from clock.rules.speeds import SPEEDS, speed_levels
from clock.rules.structures import from_csv, to_csv
from clock.services import level_clock as clock_services
from tournaments.models import Festival

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def post(client, url, body, status=200):
    answer = client.post(url, body, content_type="application/json")
    assert answer.status_code == status, answer.content
    return answer.json()


def test_CLK_LEVELS_every_speed_template_is_a_structure_levels_numbered_from_1_breaks_unnumbered():
    for key in SPEEDS:
        levels = speed_levels(key)
        assert from_csv(to_csv(levels)) == levels
        assert not levels[0].is_break and not levels[-1].is_break
        assert all(level.big_blind >= level.small_blind for level in levels)
    turbo, deep = speed_levels("turbo"), speed_levels("deepstack")
    assert turbo[0].duration == timedelta(minutes=15) and deep[0].duration == timedelta(minutes=40)
    assert any(level.colour_up for level in deep)  # the colour-ups are noted


def test_CLK_LEVELS_the_director_creates_copies_edits_and_imports_a_structure_without_the_admin(staff):
    festival = Festival.objects.create(name="Autumn", venue="Casino", currency="EUR")
    director = signed_in(staff["director"])
    assert (
        signed_in(staff["floor"]).post("/api/structures/", {"name": "X"}, content_type="application/json").status_code
        == 403
    )

    made = post(director, "/api/structures/", {"name": "Deep", "festival_id": festival.id, "speed": "deepstack"}, 201)
    assert made["is_template"] and made["festival"] == festival.id and made["tournament"] is None
    first_break = next(level for level in made["levels"] if level["is_break"])
    assert first_break["number"] is None and first_break["position"] == 4  # after level 4
    assert [level["number"] for level in made["levels"][:6]] == [1, 2, 3, 4, None, 5]
    assert made["levels"][0]["label"] == "Level 1: 100/200 (40 min)"
    assert made["levels"][2]["label"] == "Level 3: 300/600, big-blind ante 600 (40 min)"
    assert first_break["label"] == "Break (15 min)"

    copied = post(director, f"/api/structures/{made['id']}/copy/", {"name": "Deep copy"}, 201)
    assert copied["id"] != made["id"] and copied["festival"] is None
    assert [row["label"] for row in copied["levels"]] == [row["label"] for row in made["levels"]]

    levels = [
        {"small_blind": 100, "big_blind": 200, "minutes": 20},
        {"is_break": True, "minutes": 10, "name": "dinner", "colour_up": "100 chips leave"},
        {"small_blind": 200, "big_blind": 400, "ante": 400, "big_blind_ante": True, "minutes": 20},
    ]
    edited = post(
        director, f"/api/structures/{copied['id']}/", {"name": "Short", "levels": levels, "late_entry_until_level": 2}
    )
    assert edited["name"] == "Short" and edited["late_entry_until_level"] == 2
    assert [row["label"] for row in edited["levels"]] == [
        "Level 1: 100/200 (20 min)",
        "Break: dinner (10 min)",
        "Level 2: 200/400, big-blind ante 400 (20 min)",
    ]
    assert Structure.objects.get(pk=made["id"]).levels.count() == len(made["levels"])  # the original stays

    wrong = director.post(
        f"/api/structures/{copied['id']}/",
        {"name": "Short", "levels": [levels[0], {"small_blind": 500, "big_blind": 100, "minutes": 20}]},
        content_type="application/json",
    )
    assert wrong.status_code == 409
    assert wrong.json()["detail"] == "Level 2: the big blind (100) is below the small blind (500)."
    late = director.post(
        f"/api/structures/{copied['id']}/",
        {"name": "Short", "late_entry_until_level": 9},
        content_type="application/json",
    )
    assert late.status_code == 409 and "a level from 1 to 2" in late.json()["detail"]

    # CSV: a bad line is refused in a sentence naming it, nothing changes; a good one replaces the levels.
    bad = "small_blind,big_blind,ante,minutes\n100,200,0,20\n200,400,0,20\n300,six hundred,0,20\n"
    refused = director.post(
        f"/api/structures/{copied['id']}/", {"name": "Short", "csv": bad}, content_type="application/json"
    )
    assert refused.status_code == 409
    assert refused.json()["detail"] == "Line 4: big_blind must be a number, not 'six hundred'."
    assert len(Structure.objects.get(pk=copied["id"]).timeline_levels()) == 3
    no_minutes = director.post(
        "/api/structures/", {"name": "N", "csv": "small_blind,big_blind\n1,2\n"}, content_type="application/json"
    )
    assert no_minutes.status_code == 409 and no_minutes.json()["detail"].startswith("Line 1: the CSV needs the columns")
    turbo = to_csv(speed_levels("turbo"))
    imported = post(
        director, f"/api/structures/{copied['id']}/", {"name": "Short", "csv": turbo, "late_entry_until_level": 2}
    )
    assert Structure.objects.get(pk=copied["id"]).timeline_levels() == speed_levels("turbo")
    assert len(imported["levels"]) == len(speed_levels("turbo"))
    from_file = post(director, "/api/structures/", {"name": "From a file", "csv": turbo}, 201)
    assert Structure.objects.get(pk=from_file["id"]).timeline_levels() == speed_levels("turbo")

    download = director.get(f"/structures/{copied['id']}/levels.csv")
    assert download["Content-Type"].startswith("text/csv") and download.content.decode() == turbo
    assert signed_in(staff["floor"]).get(f"/structures/{copied['id']}/levels.csv").status_code == 403
    assert director.get("/structures/").status_code == 200
    assert "Short" in director.get(f"/structures/{copied['id']}/").content.decode()


def test_CLK_LEVELS_the_new_tournament_runs_a_copy_of_a_speed(staff):
    festival = Festival.objects.create(name="Autumn", venue="Casino", currency="EUR")
    director = signed_in(staff["director"])
    page = director.get("/tournaments/new/").content.decode()
    assert 'value="speed:turbo"' in page and 'value="speed:day2"' in page
    body = {
        "festival_id": festival.id,
        "speed": "turbo",
        "name": "Turbo Tuesday",
        "buy_in": 10_000,
        "fee": 1_000,
        "starting_stack": 20_000,
    }
    created = post(director, "/api/tournaments/", body, 201)
    clock = Clock.objects.get(tournament_id=created["id"])
    assert clock.structure.timeline_levels() == speed_levels("turbo") and not clock.structure.is_template
    both = director.post(
        "/api/tournaments/", {**body, "structure_id": clock.structure_id}, content_type="application/json"
    )
    assert both.status_code == 409 and both.json()["detail"] == "Choose one structure: a template or a speed."


def test_CLK_LEVELS_a_running_tournaments_structure_changes_only_after_the_level_being_played(make_tournament, staff):
    """Edited on the structure page, a tournament's own structure goes through the clock's
    revise_structure: the levels played and the one being played stay, the log says so."""
    tournament = make_tournament(level_seconds=(600, 300, 600, 600), breaks=(1,))
    structure = Clock.objects.get(tournament=tournament).structure
    director = signed_in(staff["director"])
    document = director.get(f"/api/structures/{structure.id}/").json()
    assert document["tournament"] == {"id": tournament.id, "name": tournament.name} and document["played"] == 0
    assert [row["number"] for row in document["levels"]] == [1, None, 2, 3]
    clock_services.start_clock(tournament.id, None)
    clock_services.go_to_level(tournament.id, None, 2)  # level 2, after the break

    rows = [{k: v for k, v in row.items() if k not in ("position", "number", "label")} for row in document["levels"]]
    changed_played = [rows[0], {**rows[1], "minutes": 20}, rows[2], rows[3]]
    refused = director.post(
        f"/api/structures/{structure.id}/",
        {"name": structure.name, "levels": changed_played},
        content_type="application/json",
    )
    assert refused.status_code == 409
    assert refused.json()["detail"] == (
        "Level 2 is being played: it and what came before it stay as they were; only the levels and breaks after it "
        "can change."
    )
    renamed = director.post(
        f"/api/structures/{structure.id}/", {"name": "Other", "levels": rows}, content_type="application/json"
    )
    assert renamed.status_code == 409
    future = [
        *rows[:3],
        {**rows[3], "small_blind": 500, "big_blind": 1000, "ante": 0},
        {"minutes": 30, "small_blind": 600, "big_blind": 1200},
    ]
    saved = post(director, f"/api/structures/{structure.id}/", {"name": structure.name, "levels": future})
    assert saved["played"] == 3 and [row["number"] for row in saved["levels"]] == [1, None, 2, 3, 4]
    assert saved["levels"][3]["label"] == "Level 3: 500/1,000 (10 min)"
    assert tournament.events.filter(kind="clock.structure_set").count() == 1
    # The console numbers the levels the same way as the clock (breaks unnumbered).
    console = director.get(f"/tournaments/{tournament.id}/director/").content.decode()
    assert ">Level 2: 300/600 ante 600 (10 min)<" in console and ">Break (5 min)<" in console


def test_END_FINISH_the_console_offers_only_the_endings_its_house_has_and_the_gong_is_refused_elsewhere(
    make_tournament, staff
):
    from rules.refusals import Refused
    from tournaments.services.deals import end_at_the_gong

    director = signed_in(staff["director"])
    for preset, has_gong, has_limit in (("pokerfest", False, False), ("chips", True, False), ("kentucky", False, True)):
        tournament = make_tournament(name=f"{preset} event")
        tournament.ruleset_preset = preset
        tournament.save(update_fields=["ruleset_preset"])
        console = director.get(f"/tournaments/{tournament.id}/director/").content.decode()
        assert ('data-end="gong"' in console) is has_gong
        assert ('data-end="time-limit"' in console) is has_limit
        if not has_gong:
            with pytest.raises(Refused, match=rf"The house rules \({preset}\) have no final gong"):
                end_at_the_gong(tournament.id, {1: 1, 2: 2}, staff["director"])


def test_PAY_CHOP_the_deal_form_starts_from_the_last_chips_counted(seated, staff):
    from tables.services.counts import report_counts

    tournament, seats = seated
    director = signed_in(staff["director"])
    url = f"/api/tournaments/{tournament.id}/deals/players/"
    assert {row["chips"] for row in director.get(url).json()} == {None}  # nothing counted yet
    first, second = sorted(seats)[:2]
    report_counts(tournament.id, 1, {first: 12_000}, staff["floor"])
    report_counts(tournament.id, 1, {first: 15_500, second: 4_000}, staff["floor"])  # the later count wins
    chips = {row["entry"]: row["chips"] for row in director.get(url).json()}
    assert chips[seats[first]] == 15_500 and chips[seats[second]] == 4_000
    assert sum(1 for value in chips.values() if value is None) == 4


def test_the_structures_page_names_a_tournament_once_before_its_own_structure(make_tournament, staff):
    """The walkthrough read "Day 1C: Day 1C: Main Event: …": a copy named after its tournament is
    not prefixed with the name again; another name still is."""
    named, other = make_tournament(name="Day 1C"), make_tournament(name="Day 1D")
    Structure.objects.filter(clocks__tournament=named).update(name="Day 1C: Main Event")
    Structure.objects.filter(clocks__tournament=other).update(name="Turbo copy")
    page = signed_in(staff["director"]).get("/structures/").content.decode()
    running = " ".join(re.sub(r"<[^>]+>", "", page.split("data-running")[1].split("</ul>")[0]).split())
    assert "Day 1C: Main Event · CSV" in running and "Day 1C: Day 1C" not in running
    assert "Day 1D: Turbo copy · CSV" in running
