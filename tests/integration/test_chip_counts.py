"""CHIP-COUNT on PostgreSQL: chips in play always known, counts from the tables checked against
it with the gap's size, bags confirmed by a second person, chip leaders published to the lobby."""

import json

import pytest
from django.test import Client

from clock.services.day import bag_chips
from rules.refusals import Refused
from tables.models import ChipAdjustment
from tables.queries.counts import count_check
from tables.services.counts import confirm_bag, publish_chip_leaders, report_counts
from tables.services.floor import player_out
from tournaments.queries.snapshot import field_counts, snapshot
from tournaments.services.rulings import disqualify

pytestmark = pytest.mark.django_db


def test_CHIP_COUNT_chips_in_play_follow_disqualifications_and_counts_are_checked_with_the_gap(seated, staff):
    tournament, seats = seated
    assert field_counts(tournament.id)["chips_in_play"] == 60_000
    first, *others = sorted(seats)
    partial = report_counts(tournament.id, 1, {first: 20_000}, staff["floor"])
    assert not partial["complete"] and partial["sentence"].startswith("1 of 6 stacks counted")
    short = report_counts(tournament.id, 1, dict.fromkeys(others, 8000), staff["media"])
    assert (short["counted"], short["in_play"], short["gap"]) == (60_000, 60_000, 0) and short["agrees"]
    # A player disqualified with 14,500 in front of them: those chips leave play.
    disqualify(tournament.id, seats[others[0]], "collusion", staff["director"], chips=14_500)
    assert field_counts(tournament.id)["chips_in_play"] == 45_500
    assert ChipAdjustment.objects.get().chips == -14_500
    check = count_check(tournament, 45_500)
    assert (check["counted"], check["gap"], check["seats_in_play"]) == (
        52_000,
        6_500,
        5,
    )  # the DQ'd count no longer counts
    assert check["sentence"] == (
        "The counts come to 52,000, 6,500 more than the 45,500 chips in play: recount or find the chips."
    )
    event = tournament.events.filter(kind="chips.counted").last()
    assert event.public is None and event.payload["counts"] == {str(seat): 8_000 for seat in others}
    with pytest.raises(Refused, match="Seat 9 at table 1 is empty"):
        report_counts(tournament.id, 1, {9: 1_000}, staff["floor"])
    with pytest.raises(Refused, match="a count is from 0 to"):
        report_counts(tournament.id, 1, {first: -5}, staff["floor"])


def test_CHIP_COUNT_a_disqualified_player_out_of_chips_already_removes_nothing_more(seated, staff):
    tournament, seats = seated
    busted = seats[sorted(seats)[0]]
    player_out(tournament.id, 1, sorted(seats)[0], staff["floor"])
    disqualify(tournament.id, busted, "abuse after the bust", staff["director"])
    assert field_counts(tournament.id)["chips_in_play"] == 60_000  # their chips are in other stacks
    assert not ChipAdjustment.objects.exists()


def test_CHIP_COUNT_an_end_of_day_bag_is_confirmed_by_a_second_person_counting_the_same(seated, staff):
    tournament, seats = seated
    tournament.tables.update(hands_left=0)  # the table has played its last hand of the day (CLK-EOD)
    seat = sorted(seats)[0]
    bag_chips(tournament.id, 1, seat, 12_300, staff["floor"])
    with pytest.raises(Refused, match="A second person confirms a bag"):
        confirm_bag(tournament.id, 1, seat, 12_300, staff["floor"])
    with pytest.raises(Refused, match="Your count of 12,200 differs from the first count of 12,300"):
        confirm_bag(tournament.id, 1, seat, 12_200, staff["director"])
    bag_chips(tournament.id, 1, seat, 12_200, staff["floor"])  # counted together: the first count was wrong
    assert confirm_bag(tournament.id, 1, seat, 12_200, staff["director"]) == {"table": 1, "seat": seat, "chips": 12_200}
    check = count_check(tournament, 60_000)
    assert check["counted"] == 12_200 and check["bags_to_confirm"] == 0
    with pytest.raises(Refused, match="already bagged today and the bag is confirmed"):
        bag_chips(tournament.id, 1, seat, 12_300, staff["floor"])


def test_CHIP_COUNT_media_publish_the_chip_leaders_and_the_lobby_shows_public_names(seated, staff):
    tournament, seats = seated
    with pytest.raises(Refused, match="No stack has been counted yet"):
        publish_chip_leaders(tournament.id, staff["media"])
    ordered = sorted(seats)
    report_counts(tournament.id, 1, {ordered[0]: 30_000, ordered[1]: 5_000, ordered[2]: 25_000}, staff["floor"])
    published = publish_chip_leaders(tournament.id, staff["media"])
    assert [row["chips"] for row in published["leaders"]] == [30_000, 25_000, 5_000]
    assert published["average"] == 10_000 and published["leaders"][0]["name"].endswith(".")  # "P0 S." style
    leaders = snapshot(tournament.id)["chip_leaders"]
    assert leaders == {**published, "leaders": [{**row, "out": False} for row in published["leaders"]]}

    client = Client()
    base = f"/api/tournaments/{tournament.id}/"
    client.force_login(staff["desk"])
    assert client.post(f"{base}chip-leaders/publish/").status_code == 403
    assert (
        client.post(
            f"{base}tables/1/chip-counts/", json.dumps({"counts": {"1": 5}}), content_type="application/json"
        ).status_code
        == 403
    )
    client.force_login(staff["media"])
    answer = client.get(f"{base}chip-counts/").json()
    assert answer["seats_counted"] == 3 and [row["chips"] for row in answer["stacks"]] == [30_000, 5_000, 25_000]
    # A leader who goes out after the board was published is marked out, not kept as if playing.
    player_out(tournament.id, 1, ordered[1], staff["floor"])
    gone = {row["entry"]: row["out"] for row in snapshot(tournament.id)["chip_leaders"]["leaders"]}
    busted = tournament.events.filter(kind="player.out").get().public["entry"]
    assert gone[busted] and sum(gone.values()) == 1


def test_CHIP_COUNT_chips_a_count_on_request_within_10_percent_is_the_rulesets_tolerance_used_by_the_check(
    seated, staff
):
    """CHIP-COUNT (chips L105): counts on request must be right to within 10% of the actual chips;
    the ruleset holds that tolerance and the count check says when a gap is within it (a gap
    still, never "agrees"); beyond it, or in a house with no tolerance, it is a plain gap."""
    tournament, seats = seated
    assert tournament.rules().chips.count_on_request_percent == 0  # pokerfest: exact
    type(tournament).objects.filter(pk=tournament.pk).update(ruleset_preset="chips")
    tournament.refresh_from_db()
    assert tournament.rules().chips.count_on_request_percent == 10
    first, *others = sorted(seats)
    within = report_counts(tournament.id, 1, {first: 4_000, **dict.fromkeys(others, 10_000)}, staff["floor"])
    assert (within["gap"], within["agrees"], within["within_tolerance"], within["tolerance_percent"]) == (
        -6_000,
        False,
        True,
        10,
    )  # 6,000 of 60,000 chips in play: 10% exactly
    assert within["sentence"] == (
        "The counts come to 54,000, 6,000 fewer than the 60,000 chips in play: within the 10% a count on "
        "request may be off; count the stacks exactly to settle it."
    )
    beyond = report_counts(tournament.id, 1, {first: 3_999}, staff["floor"])
    assert (beyond["gap"], beyond["within_tolerance"]) == (-6_001, False)
    assert beyond["sentence"].endswith("recount or find the chips.")
    type(tournament).objects.filter(pk=tournament.pk).update(
        ruleset={**tournament.rules().to_json(), "chips": {"count_on_request_percent": 0}}
    )
    tournament.refresh_from_db()
    exact = report_counts(tournament.id, 1, {first: 4_000}, staff["floor"])
    assert (exact["gap"], exact["within_tolerance"], exact["tolerance_percent"]) == (-6_000, False, 0)
