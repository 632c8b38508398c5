"""FLIGHT-ITM: a flight may play into the money. Its players out after the main event's bubble
(by the combined field) are placed by the order of elimination across flights; Day 1 busts
outside the money take no place. Pure rules, no database."""

from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules.flights import FlightBust, FlightReentry, flight_places
from tournaments.rules.rulesets import Ruleset, preset


def _busts(draw_flights: list[int], holds: list[bool] | None = None) -> list[FlightBust]:
    """One bust per hand, in order; `draw_flights`: the flight each bust is in."""
    holds = holds or [False] * len(draw_flights)
    return [
        FlightBust(entry=100 + i, moment=(i, flight, i), flight=flight, table=1, hand=i, holds_a_bag=holds[i])
        for i, flight in enumerate(draw_flights)
    ]


def test_FLIGHT_ITM_is_a_house_choice_in_the_ruleset():
    """FLIGHT-ITM: every preset lets a flight play into the money; a house may turn it off."""
    assert all(preset(name).entries.flights_play_into_money for name in ("pokerfest", "chips", "kentucky"))
    ruleset = Ruleset.from_json({"preset": "pokerfest", "entries": {"flights_play_into_money": False}})
    assert ruleset.entries.flights_play_into_money is False


def test_FLIGHT_ITM_places_the_last_busts_above_the_bubble():
    """FLIGHT-ITM: 3 players still in, 5 places paid, six busts across two flights: the last
    two out take 5th and 4th; the four before them are out before the money (no place)."""
    busts = _busts([1, 2, 1, 2, 2, 1])
    placed = flight_places(3, 5, busts, plays_into_money=True, field_final=True, reentry="best_stack")
    assert placed == {105: (4, 4), 104: (5, 5)}


def test_FLIGHT_ITM_nobody_is_placed_while_the_field_can_grow_or_the_house_says_no():
    busts = _busts([1, 1, 1])
    assert flight_places(1, 5, busts, plays_into_money=True, field_final=False, reentry="each") == {}
    assert flight_places(1, 5, busts, plays_into_money=False, field_final=True, reentry="each") == {}
    assert flight_places(1, 0, busts, plays_into_money=True, field_final=True, reentry="each") == {}


def test_FLIGHT_ITM_a_player_holding_a_bag_is_not_out_of_the_event():
    """FLIGHT-ITM with FLIGHT-REENTRY "best_stack": a player with a bag from Day 1A who busts
    Day 1B is still in the event (the bag goes forward): no place; with "each" the entry is out."""
    busts = _busts([1, 2], holds=[False, True])
    assert flight_places(2, 4, busts, plays_into_money=True, field_final=True, reentry="best_stack") == {100: (3, 3)}
    assert flight_places(2, 4, busts, plays_into_money=True, field_final=True, reentry="each") == {
        101: (3, 3),
        100: (4, 4),
    }


def test_FLIGHT_ITM_players_out_in_one_hand_at_one_table_rank_by_starting_stack():
    """ELIM-SAMETABLE across the flights' busts: two out in one hand of one flight's table rank
    by the chips they started it with; the same table number in another flight is another table."""
    busts = [
        FlightBust(1, (1, 1, 1), flight=1, table=3, hand=7, starting_stack=500),
        FlightBust(2, (1, 1, 2), flight=1, table=3, hand=7, starting_stack=900),
        FlightBust(3, (2, 2, 1), flight=2, table=3, hand=7, starting_stack=100),
    ]
    placed = flight_places(2, 10, busts, plays_into_money=True, field_final=True, reentry="first")
    assert placed == {3: (3, 3), 2: (4, 4), 1: (5, 5)}


@given(
    left=st.integers(0, 30),
    paid=st.integers(1, 40),
    flights=st.lists(st.integers(1, 3), max_size=40),
    holds=st.lists(st.booleans(), min_size=40, max_size=40),
    reentry=st.sampled_from([rule.value for rule in FlightReentry]),
)
def test_FLIGHT_ITM_places_are_paid_distinct_below_day_two_and_in_order(left, paid, flights, holds, reentry):
    """FLIGHT-ITM, any field: every place given is paid and below the players still in (the
    places above go to Day 2); one bust per hand takes one place each, consecutive from just
    below the players left; a later bust never finishes below an earlier one; a bag holder's
    bust is placed only under "each"."""
    busts = _busts(flights, holds[: len(flights)])
    placed = flight_places(left, paid, busts, plays_into_money=True, field_final=True, reentry=reentry)
    assert all(best == worst and left < best <= paid for best, worst in placed.values())
    assert sorted(best for best, _ in placed.values()) == list(range(left + 1, left + 1 + len(placed)))
    by_order = [placed[b.entry][0] for b in busts if b.entry in placed]
    assert by_order == sorted(by_order, reverse=True)
    if reentry != "each":
        assert not any(b.holds_a_bag and b.entry in placed for b in busts)
    counted = [b for b in busts if reentry == "each" or not b.holds_a_bag]
    assert len(placed) == max(0, min(len(counted), paid - left))
