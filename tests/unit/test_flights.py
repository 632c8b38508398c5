"""Flights into Day 2 (FLIGHT-REENTRY, AC-CARRY): who may enter another flight, which bags go
forward, and the Day 2 tables as the director types them. Pure rules, no database."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules.flights import Bag, FlightReentry, OtherFlightEntry, entry_refusal, qualify, table_ranges
from tournaments.rules.rulesets import Ruleset, preset

RULES = [rule.value for rule in FlightReentry]


def test_FLIGHT_REENTRY_the_presets_say_how_players_enter_several_flights():
    """FLIGHT-REENTRY: the touring festival lets a player try several flights (the best bag goes
    on); the others keep the first bag."""
    assert preset("pokerfest").entries.flight_reentry == "best_stack"
    assert {preset(name).entries.flight_reentry for name in ("neverending", "chips", "kentucky", "action-clock")} == {
        "first"
    }
    assert (
        Ruleset.from_json({"preset": "chips", "entries": {"flight_reentry": "each"}}).entries.flight_reentry == "each"
    )
    with pytest.raises(ValueError, match="entries.flight_reentry must be one of: best_stack, first, each"):
        Ruleset.from_json({"entries": {"flight_reentry": "twice"}})


def test_FLIGHT_REENTRY_at_the_desk():
    """FLIGHT-REENTRY: one flight at a time; "first" refuses a player who has bagged in another
    flight; "best_stack" and "each" let them try again; a bust in another flight refuses nothing."""
    busted = OtherFlightEntry("Day 1A", playing=False, bagged=False)
    bagged = OtherFlightEntry("Day 1A", playing=False, bagged=True)
    playing = OtherFlightEntry("Day 1B", playing=True, bagged=False)
    for rule in RULES:
        assert entry_refusal(rule, []) is None
        assert entry_refusal(rule, [busted]) is None
        assert "still in play in Day 1B" in entry_refusal(rule, [busted, playing])
    assert entry_refusal("best_stack", [bagged]) is None
    assert entry_refusal("each", [bagged]) is None
    assert entry_refusal("first", [bagged]) == (
        "The player has bagged chips in Day 1A, and this event's re-entry rule is 'first': a player who has "
        "bagged in one flight cannot enter another (FLIGHT-REENTRY)."
    )


bags = st.lists(st.tuples(st.integers(1, 6), st.integers(1, 4), st.integers(1, 500_000)), max_size=30).map(
    lambda rows: [
        Bag(bag=i + 1, player=player, flight_order=order, flight=f"Day 1{'ABCD'[order - 1]}", chips=chips)
        for i, (player, order, chips) in enumerate(rows)
    ]
)


@given(bags, st.sampled_from(RULES))
def test_FLIGHT_REENTRY_every_bag_goes_forward_or_is_forfeited_with_a_reason(field, rule):
    """FLIGHT-REENTRY, AC-CARRY: the bags split into forward and forfeited, each forfeit says why."""
    decided = qualify(rule, field)
    assert sorted(decided.forward + list(decided.forfeited)) == sorted(bag.bag for bag in field)
    assert not set(decided.forward) & set(decided.forfeited)
    assert all("goes forward instead" in reason for reason in decided.forfeited.values())


@given(bags)
def test_FLIGHT_REENTRY_best_stack_keeps_each_players_biggest_bag(field):
    """FLIGHT-REENTRY "best_stack": one bag per player, the biggest; a tie goes to the earlier flight."""
    decided = qualify("best_stack", field)
    by_id = {bag.bag: bag for bag in field}
    forward = [by_id[bag] for bag in decided.forward]
    assert sorted(bag.player for bag in forward) == sorted({bag.player for bag in field})
    for bag in forward:
        theirs = [other for other in field if other.player == bag.player]
        assert bag.chips == max(other.chips for other in theirs)
        assert bag.flight_order == min(other.flight_order for other in theirs if other.chips == bag.chips)


@given(bags)
def test_FLIGHT_REENTRY_first_keeps_the_earliest_flights_bag(field):
    """FLIGHT-REENTRY "first": one bag per player, the first flight's."""
    decided = qualify("first", field)
    by_id = {bag.bag: bag for bag in field}
    for bag in (by_id[bag] for bag in decided.forward):
        assert bag.flight_order == min(other.flight_order for other in field if other.player == bag.player)
    assert len(decided.forward) == len({bag.player for bag in field})


@given(bags)
def test_FLIGHT_REENTRY_each_bag_is_a_day_two_entry_in_flight_order(field):
    """FLIGHT-REENTRY "each": every bag goes forward, in the order the flights were played."""
    decided = qualify("each", field)
    assert decided.forfeited == {}
    orders = [next(bag.flight_order for bag in field if bag.bag == kept) for kept in decided.forward]
    assert orders == sorted(orders)


def test_FLIGHT_REENTRY_a_forfeit_names_the_bag_that_goes_on():
    decided = qualify("best_stack", [Bag(1, 7, 1, "Day 1A", 30_000), Bag(2, 7, 2, "Day 1B", 82_500)])
    assert decided.forward == [2]
    assert decided.forfeited == {1: "The bag of Day 1B (82,500 chips) goes forward instead (best_stack)."}


def test_day_two_tables_are_typed_as_ranges_over_one_or_two_rooms():
    assert table_ranges("1-3, 101-103") == [1, 2, 3, 101, 102, 103]
    assert table_ranges("5 7;9") == [5, 7, 9]
    assert table_ranges("1 – 2") == [1, 2]
    for typed, problem in [
        ("", "Type the Day 2 tables"),
        ("1-3, 2", "listed twice"),
        ("4-2", "runs backwards"),
        ("a-b", "is neither"),
        ("0-3", "runs backwards or past"),
    ]:
        with pytest.raises(ValueError, match=problem):
            table_ranges(typed)


@given(st.lists(st.tuples(st.integers(1, 500), st.integers(0, 20)), min_size=1, max_size=5))
def test_day_two_ranges_list_every_table_of_each_range_once_in_order(ranges):
    numbers = [n for first, extra in ranges for n in range(first, first + extra + 1)]
    text = ", ".join(f"{first}-{first + extra}" for first, extra in ranges)
    if len(set(numbers)) != len(numbers):
        with pytest.raises(ValueError):
            table_ranges(text)
    else:
        assert table_ranges(text) == numbers
