"""CHIP-RACE and CHIP-ODD on PostgreSQL: the director starts a colour-up, each table's race sheet
is raced once from a recorded seed (seat 1 or left of the dealer by house, kentucky's pot to the
high card, nobody raced out), and the chips in play change by the race's difference only."""

import json
import random

import pytest
from django.db import IntegrityError, transaction
from django.test import Client

from clock.models import Level
from rules.refusals import Refused
from tables.models import ChipAdjustment, ChipRace, ColourUp, Seating
from tables.queries.colour_up import colour_up_view
from tables.queries.counts import count_check
from tables.rules.colour_up import OddChips, chip_race, chips_for, odd_chip_pot
from tables.rules.high_card import shoe
from tables.services.colour_up import race_table, start_colour_up
from tables.services.counts import report_counts
from tables.services.draw import draw_field, open_tables
from tournaments.queries.snapshot import field_counts

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated(field, staff):
    """6 players × 10,000 chips at table 1, the button drawn (pokerfest unless changed)."""
    tournament, _ = field(6, tables=1)
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=5)
    seats = sorted(Seating.objects.filter(tournament=tournament, ended_at__isnull=True).values_list("seat", flat=True))
    return tournament, seats


def house(tournament, preset):
    type(tournament).objects.filter(pk=tournament.pk).update(ruleset_preset=preset, ruleset={})


def replay(tournament, table: int, number: int):
    """The race again from what the log holds: the sheet and the seed in its chips.raced event."""
    logged = next(
        event.payload
        for event in tournament.events.filter(kind="chips.raced")
        if (event.payload["table"], event.payload["colour_up"]) == (table, number)
    )
    sheet = [OddChips(row["seat"], row["odd_chips"], row["has_other_chips"]) for row in logged["sheet"]]
    cards = shoe(max(1, sum(row.odd_chips for row in sheet)), random.Random(logged["seed"]))
    if logged["pot"]:
        return odd_chip_pot(sheet, logged["leaving"], logged["smallest"], cards)
    return chip_race(sheet, logged["leaving"], logged["smallest"], logged["start_after"], cards)


def test_CHIP_RACE_pokerfest_deals_from_left_of_the_dealer_neverending_from_seat_1(seated, staff):
    tournament, seats = seated
    button = tournament.tables.get().button
    assert button in seats
    start_colour_up(tournament.id, 25, 100, staff["director"])
    sheet = [{"seat": seat, "odd_chips": 2, "has_other_chips": True} for seat in seats]  # 12 × 25 → 3 chips
    answer = race_table(tournament.id, 1, 1, sheet, staff["floor"], seed=11)
    race = ChipRace.objects.get()
    assert race.start_after == button and answer["start_after"] == button and not answer["pot"]
    first_card = str(shoe(12, random.Random(11))[0])
    left_of_dealer = next((seat for seat in seats if seat > button), seats[0])
    assert answer["cards"][str(left_of_dealer)][0] == first_card  # the first card to the left of the dealer
    assert sorted(answer["new_chips"].values()) == [0, 0, 0, 1, 1, 1]  # one chip each at most
    assert replay(tournament, 1, 1).new_chips == {int(seat): chips for seat, chips in answer["new_chips"].items()}

    # neverending: from seat 1, whoever holds the button.
    house(tournament, "neverending")
    start_colour_up(tournament.id, 100, 500, staff["director"])
    sheet = [{"seat": seat, "odd_chips": 2, "has_other_chips": True} for seat in seats]  # 1,200 → 2 chips + 200
    answer = race_table(tournament.id, 2, 1, sheet, staff["floor"], seed=11)
    assert answer["start_after"] is None
    assert answer["cards"][str(seats[0])][0] == first_card  # 12 cards again: the same shoe, dealt from seat 1
    assert sum(answer["new_chips"].values()) == chips_for(1_200, 500) == 2
    assert replay(tournament, 1, 2).difference == answer["difference"] == 1_000 - 1_200


def test_CHIP_ODD_kentucky_the_tables_odd_chips_go_in_one_pot_to_the_high_card(seated, staff):
    tournament, seats = seated
    house(tournament, "kentucky")
    start_colour_up(tournament.id, 25, 100, staff["director"])
    sheet = [
        {"seat": seats[0], "odd_chips": 3},
        {"seat": seats[1], "odd_chips": 2},
        {"seat": seats[2], "odd_chips": 1},
        {"seat": seats[3], "odd_chips": 0},
    ]
    answer = race_table(tournament.id, 1, 1, sheet, staff["floor"], seed=3)
    assert answer["pot"] and answer["start_after"] is None
    dealt = shoe(6, random.Random(3))[:3]  # one card to each player with odd chips, in seat order
    assert answer["cards"] == {str(seat): [str(card)] for seat, card in zip(seats[:3], dealt)}
    high = seats[max(range(3), key=lambda i: dealt[i].strength)]
    assert answer["new_chips"][str(high)] == chips_for(6 * 25, 100) == 2  # the whole pot, coloured up
    assert sum(answer["new_chips"].values()) == 2 and answer["difference"] == 200 - 150
    assert answer["lines"][str(high)] == f"seat {high} takes the pot: 2 chips of 100"
    assert replay(tournament, 1, 1).new_chips == {int(seat): chips for seat, chips in answer["new_chips"].items()}


def test_CHIP_RACE_nobody_is_raced_out_and_the_chips_in_play_change_by_the_difference_exactly(seated, staff):
    tournament, seats = seated
    before = field_counts(tournament.id)["chips_in_play"]
    assert before == 60_000
    report_counts(tournament.id, 1, dict.fromkeys(seats, 10000), staff["floor"])
    assert count_check(tournament, before)["agrees"]
    start_colour_up(tournament.id, 25, 100, staff["director"])
    # seats[0]: three odd 25s; seats[1]: one odd 25 that is its whole stack. 100 races off: one
    # chip. A seed where seats[1]'s one card is not the best of the four.
    rows = [OddChips(seats[0], 3), OddChips(seats[1], 1, has_other_chips=False)]
    button = tournament.tables.get().button
    seed = next(seed for seed in range(200) if chip_race(rows, 25, 100, button, shoe(4, random.Random(seed))).protected)
    sheet = [{"seat": seats[0], "odd_chips": 3}, {"seat": seats[1], "odd_chips": 1, "has_other_chips": False}]
    answer = race_table(tournament.id, 1, 1, sheet, staff["floor"], seed=seed)
    assert answer["protected"] == [seats[1]]
    assert answer["lines"] == {
        str(seats[0]): f"seat {seats[0]} wins one 100 chip",
        str(seats[1]): f"seat {seats[1]} keeps one 100 chip: not raced out",
    }
    assert (answer["odd_value"], answer["new_value"], answer["difference"]) == (100, 200, 100)
    adjustment = ChipAdjustment.objects.get()
    assert (adjustment.kind, adjustment.table, adjustment.chips) == ("colour_up", 1, answer["difference"])
    assert field_counts(tournament.id)["chips_in_play"] == before + answer["difference"] == answer["chips_in_play"]
    event = tournament.events.get(kind="chips.raced")
    assert (
        event.public is None and event.payload["seed"] == seed and event.payload["sheet"][1]["has_other_chips"] is False
    )
    assert event.payload["protected"] == [seats[1]] and event.payload["difference"] == 100
    assert replay(tournament, 1, 1).protected == (seats[1],)
    # The counts before the race no longer describe the stacks: left out and named, not a gap.
    check = count_check(tournament, field_counts(tournament.id)["chips_in_play"])
    assert (check["complete"], check["seats_counted"], check["stale_counts"]) == (False, 0, 6)
    assert check["sentence"].endswith("6 counts predate a colour-up at the table: count again.")


def test_CHIP_RACE_a_table_races_once_a_second_sheet_gets_the_recorded_result(seated, staff):
    tournament, seats = seated
    start_colour_up(tournament.id, 25, 100, staff["director"])
    sheet = [{"seat": seat, "odd_chips": 1} for seat in seats]
    first = race_table(tournament.id, 1, 1, sheet, staff["floor"], seed=1)
    in_play = field_counts(tournament.id)["chips_in_play"]
    second = race_table(tournament.id, 1, 1, sheet, staff["director"], seed=2)  # another tablet, the same sheet
    other = race_table(tournament.id, 1, 1, [{"seat": seats[0], "odd_chips": 3}], staff["floor"])
    assert second["already_raced"] and other["already_raced"] and not first["already_raced"]
    for again in (second, other):
        assert {key: again[key] for key in ("new_chips", "cards", "difference")} == {
            key: first[key] for key in ("new_chips", "cards", "difference")
        }
    assert ChipRace.objects.count() == ChipAdjustment.objects.count() == 1
    assert tournament.events.filter(kind="chips.raced").count() == 1
    assert field_counts(tournament.id)["chips_in_play"] == in_play
    # The database holds the rule too: one race per table and colour-up.
    race = ChipRace.objects.get()
    with pytest.raises(IntegrityError), transaction.atomic():
        ChipRace.objects.create(
            colour_up=race.colour_up,
            table=1,
            pot=False,
            seed=1,
            sheet=[],
            result={},
            odd_value=0,
            new_value=0,
            difference=0,
            adjustment=ChipAdjustment.objects.create(
                tournament=tournament, kind="colour_up", chips=0, reason="x", at=race.raced_at
            ),
            raced_at=race.raced_at,
        )
    view = colour_up_view(tournament)["current"]
    assert view["tables"][0]["raced"] and view["to_race"] == 0 and view["difference"] == first["difference"]


def test_CHIP_RACE_a_colour_up_or_a_sheet_that_makes_no_sense_is_refused_with_nothing_recorded(seated, staff):
    tournament, seats = seated
    for leaving, smallest, sentence in [
        (100, 100, "must be worth more than the chip leaving"),
        (100, 25, "must be worth more"),
        (25, 60, "not a whole number of 25 chips"),
    ]:
        with pytest.raises(Refused, match=sentence):
            start_colour_up(tournament.id, leaving, smallest, staff["director"])
    assert not ColourUp.objects.exists()
    with pytest.raises(Refused, match="There is no colour-up 1"):
        race_table(tournament.id, 1, 1, [{"seat": seats[0], "odd_chips": 1}], staff["floor"])
    start_colour_up(tournament.id, 25, 100, staff["director"])
    empty = next(seat for seat in range(1, 10) if seat not in seats)
    for sheet, sentence in [
        ([], "at least one seat"),
        ([{"seat": seats[0], "odd_chips": 4}], "fewer than 4 chips of 25"),
        ([{"seat": empty, "odd_chips": 1}], f"Seat {empty} at table 1 is empty"),
        ([{"seat": seats[0], "odd_chips": 0, "has_other_chips": False}], "record the bust"),
        ([{"seat": seats[0], "odd_chips": 1}, {"seat": seats[0], "odd_chips": 2}], "once"),
        ([{"seat": seats[0], "odd_chips": -1}], "whole number from 0"),
    ]:
        with pytest.raises(Refused, match=sentence):
            race_table(tournament.id, 1, 1, sheet, staff["floor"])
    with pytest.raises(Refused, match="Table 2 is not open"):
        race_table(tournament.id, 1, 2, [{"seat": 1, "odd_chips": 1}], staff["floor"])
    assert not ChipRace.objects.exists() and not ChipAdjustment.objects.exists()
    with pytest.raises(Refused, match="still has table 1 to race"):
        start_colour_up(tournament.id, 100, 500, staff["director"])
    race_table(tournament.id, 1, 1, [{"seat": seats[0], "odd_chips": 1}], staff["floor"])
    with pytest.raises(Refused, match="Chips of 25 already left play .* the smallest chip in play is 100"):
        start_colour_up(tournament.id, 25, 500, staff["director"])
    with pytest.raises(IntegrityError), transaction.atomic():  # the database refuses it too
        ColourUp.objects.create(
            tournament=tournament, number=9, leaving=100, smallest=250, started_at=ChipRace.objects.get().raced_at
        )


def test_CHIP_RACE_the_structure_notes_suggest_the_colour_up(seated, staff):
    tournament, _ = seated
    structure = tournament.clock.structure
    Level.objects.filter(structure=structure, position=1).update(colour_up="$25 green chips leave")
    Level.objects.filter(structure=structure, position=2).update(colour_up="$100 black chips leave")
    assert colour_up_view(tournament)["suggestion"] == {"leaving": 25, "smallest": 100, "note": "$25 green chips leave"}
    start_colour_up(tournament.id, 25, 100, staff["director"], note="$25 green chips leave")
    assert colour_up_view(tournament)["suggestion"] == {
        "leaving": 100,
        "smallest": None,
        "note": "$100 black chips leave",
    }
    public = tournament.events.get(kind="chips.colour_up_started").public
    assert public == {"colour_up": 1, "leaving": 25, "smallest": 100, "note": "$25 green chips leave"}


def test_CHIP_RACE_the_api_the_director_starts_the_floor_races_a_key_repeats_nothing(seated, staff):
    tournament, seats = seated
    base = f"/api/tournaments/{tournament.id}/"
    client = Client()

    def post(path, body, **headers):
        return client.post(f"{base}{path}", json.dumps(body), content_type="application/json", headers=headers)

    client.force_login(staff["floor"])
    assert post("colour-ups/", {"leaving": 25, "smallest": 100}).status_code == 403
    client.force_login(staff["director"])
    assert post("colour-ups/", {"leaving": 0, "smallest": 100}).status_code == 422
    refused = post("colour-ups/", {"leaving": 25, "smallest": 30})
    assert refused.status_code == 409 and "not a whole number of 25 chips" in refused.json()["detail"]
    started = post("colour-ups/", {"leaving": 25, "smallest": 100}).json()
    assert started["current"]["number"] == 1 and started["chips_in_play"] == 60_000
    client.force_login(staff["desk"])
    assert client.get(f"{base}colour-up/").status_code == 403
    client.force_login(staff["floor"])
    sheet = {"seats": [{"seat": seat, "odd_chips": 1} for seat in seats[:3]]}
    assert post("colour-ups/1/tables/1/race/", {"seats": [{"seat": seats[0], "odd_chips": 5000}]}).status_code == 422
    raced = post("colour-ups/1/tables/1/race/", sheet, **{"Idempotency-Key": "race-1"})
    assert raced.status_code == 200, raced.content
    again = post("colour-ups/1/tables/1/race/", sheet, **{"Idempotency-Key": "race-1"}).json()
    assert again["new_chips"] == raced.json()["new_chips"] and not again["already_raced"]
    assert ChipRace.objects.count() == 1
    view = client.get(f"{base}colour-up/").json()
    assert view["current"]["tables"][0]["race"]["difference"] == raced.json()["difference"] == 100 - 75
    assert view["chips_in_play"] == 60_000 + 25
