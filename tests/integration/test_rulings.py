"""TD-RULING on PostgreSQL: a floor ruling recorded against a table's hand, disputed only until
the next hand starts, overturned by the director with a reason, and found again by player."""

import json

import pytest
from django.test import Client

from rules.refusals import Refused
from tables.services.draw import draw_field, open_tables
from tables.services.floor import hand_done
from tournaments.models import Ruling
from tournaments.queries.record import rulings
from tournaments.services.rulings import dispute_ruling, overturn_ruling, record_ruling

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated(field, staff):
    tournament, entries = field(12, tables=2)
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    return tournament, entries


def test_TD_RULING_a_ruling_records_table_hand_players_decision_rule_and_whether_the_director_was_consulted(
    seated, staff
):
    tournament, entries = seated
    hand_done(tournament.id, 1, staff["floor"])
    made = record_ruling(
        tournament.id,
        1,
        "the dealer",
        [entries[0].number, entries[3].number],
        "The out-of-turn raise stands: action had not changed.",
        "PEN-LADDER",
        True,
        staff["floor"],
    )
    assert (made["table"], made["hand"], made["called_by"], made["director_consulted"]) == (1, 2, "the dealer", True)
    assert [p["entry"] for p in made["players"]] == sorted([entries[0].number, entries[3].number])
    assert made["open_to_dispute"] and made["made_by"] == "floor-user"
    event = tournament.events.get(kind="ruling.recorded")
    assert event.public is None  # staff only: names and decisions stay off the lobby
    assert event.payload["hand"] == 2 and event.payload["rule_cited"] == "PEN-LADDER"


def test_TD_RULING_a_dispute_must_come_before_the_tables_next_hand_starts(seated, staff):
    tournament, entries = seated
    first = record_ruling(tournament.id, 1, "seat 4", [entries[1].number], "Pot to seat 4.", "", False, staff["floor"])
    disputed = dispute_ruling(tournament.id, first["id"], "seat 7: the bet was in before the fold", staff["floor"])
    assert disputed["dispute"] == "seat 7: the bet was in before the fold" and not disputed["open_to_dispute"]
    with pytest.raises(Refused, match="already disputed"):
        dispute_ruling(tournament.id, first["id"], "again", staff["floor"])
    late = record_ruling(tournament.id, 1, "seat 2", [], "Hand dead: cards exposed.", "", False, staff["floor"])
    hand_done(tournament.id, 1, staff["floor"])
    with pytest.raises(Refused, match="Too late to dispute: table 1 has started its next hand"):
        dispute_ruling(tournament.id, late["id"], "seat 2 disagrees", staff["floor"])
    assert Ruling.objects.get(pk=late["id"]).disputed_at is None


def test_TD_RULING_the_director_overturns_with_a_reason_and_the_record_is_searchable_by_player(seated, staff):
    tournament, entries = seated
    alice = entries[2]
    made = record_ruling(
        tournament.id,
        2,
        "the dealer",
        [alice.number],
        "Chips behind the line are not in play.",
        "",
        False,
        staff["floor"],
    )
    record_ruling(tournament.id, 1, "seat 1", [entries[5].number], "Misdeal: redeal.", "", False, staff["floor"])
    with pytest.raises(Refused, match="Say why the ruling is overturned"):
        overturn_ruling(tournament.id, made["id"], "  ", staff["director"])
    overturned = overturn_ruling(tournament.id, made["id"], "The chips were pushed forward: a call.", staff["director"])
    assert overturned["overturn_reason"] == "The chips were pushed forward: a call."
    assert [r["id"] for r in rulings(tournament.id, f"#{alice.number}")] == [made["id"]]
    assert [r["id"] for r in rulings(tournament.id, alice.player.first_name)] == [made["id"]]
    assert len(rulings(tournament.id)) == 2 and rulings(tournament.id, "nobody-by-this-name") == []


def test_TD_RULING_through_the_api_the_floor_records_and_only_the_director_overturns(seated, staff):
    tournament, entries = seated
    base = f"/api/tournaments/{tournament.id}/rulings/"
    floor, director, desk = Client(), Client(), Client()
    floor.force_login(staff["floor"])
    director.force_login(staff["director"])
    desk.force_login(staff["desk"])
    body = json.dumps({"table": 1, "called_by": "seat 3", "players": [entries[0].number], "decision": "Pot split."})
    assert desk.post(base, body, content_type="application/json").status_code == 403
    made = floor.post(base, body, content_type="application/json")
    assert made.status_code == 200
    refused = floor.post(
        base, json.dumps({"table": 9, "called_by": "x", "decision": "y"}), content_type="application/json"
    )
    assert refused.status_code == 409 and refused.json()["detail"] == "Table 9 is not playing in this tournament."
    unknown = floor.post(
        base,
        json.dumps({"table": 1, "called_by": "x", "decision": "y", "players": [999]}),
        content_type="application/json",
    )
    assert unknown.status_code == 409 and unknown.json()["detail"] == "No entry #999 in this tournament."
    overturn = f"{base}{made.json()['id']}/overturn/"
    assert floor.post(overturn, json.dumps({"reason": "r"}), content_type="application/json").status_code == 403
    assert director.post(overturn, json.dumps({"reason": "r"}), content_type="application/json").status_code == 200
    assert floor.get(f"{base}?player={entries[0].number}").json()[0]["overturn_reason"] == "r"
