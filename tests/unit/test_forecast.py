"""Issue 26, "A live forecast of the day": the pure model (tournaments/rules/forecast.py) on a
recorded day and on generated ones. bench/forecast.py measures its error on simulated days."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.rules.forecast import Day, forecast, in_play

MINUTE, HOUR = 60.0, 3600.0
BREAKS = tuple((t * MINUTE, (t + 15) * MINUTE) for t in (120, 255, 390, 525, 660, 795, 930, 1065, 1200))


def levels_of(count=40):
    """40-minute levels, the big blind a quarter up each, the breaks between every third."""
    out, t = [], 0.0
    for index in range(count):
        for start, end in BREAKS:
            if start == t:
                t = end
        out.append((t, t + 40 * MINUTE, round(200 * 1.25**index)))
        t += 40 * MINUTE
    return tuple(out)


# A recorded day: 31 seated at the start, 14 late entries; the minute of every bust until one was left.
LATE = (7, 10, 13, 13, 16, 27, 58, 66, 76, 78, 91, 96, 117, 149)
BUSTS = (3, 20, 98, 116, 171, 182, 206, 241, 253, 290, 317, 322, 337, 380, 419, 424, 425, 440, 457, 468, 473)
BUSTS += (575, 583, 585, 586, 623, 640, 653, 655, 680, 685, 692, 701, 730, 753, 782, 812, 820, 858, 860, 993, 999)
BUSTS += (1014, 1129)
ENTRIES = (0,) * 31 + LATE


def recorded(at_minute: float, **more) -> Day:
    now = at_minute * MINUTE
    sold = tuple(t * MINUTE for t in ENTRIES if t * MINUTE <= now)
    return Day(
        now=now,
        started_at=0.0,
        entries=len(sold),
        bust_times=tuple(t * MINUTE for t in BUSTS if t * MINUTE <= now),
        paid_places=6,
        breaks=BREAKS,
        entry_times=sold,
        registration_closes_at=180 * MINUTE,
        levels=levels_of(),
        chips_in_play=30_000 * len(sold),
        **more,
    )


def test_on_the_recorded_day_the_ranges_hold_the_bubble_and_the_final_table_and_narrow():
    """The bubble burst at minute 858 (6 left of 45), the final table formed at 782 (9 left)."""
    widths = []
    for minute in (300, 450, 600):
        guess = forecast(recorded(minute))
        assert guess.players_left == 45 - sum(1 for b in BUSTS if b <= minute)
        bubble, final = guess.bubble, guess.final_table
        assert bubble.early <= 858 * MINUTE <= bubble.late
        assert final.early <= 782 * MINUTE <= final.late
        assert final.at <= bubble.at <= guess.end_of_day.at
        widths.append(bubble.late - bubble.early)
    assert widths == sorted(widths, reverse=True)  # more busts seen, a narrower range


def test_the_day_that_stops_at_its_last_level_ends_then_and_tables_and_dealers_follow_the_players():
    guess = forecast(recorded(300, day_ends_at=600 * MINUTE))
    assert guess.day_stops and guess.end_of_day.at == 600 * MINUTE
    assert [h.at for h in guess.hours] == [(300 + 60 * i) * MINUTE for i in range(1, len(guess.hours) + 1)]
    assert all(h.tables == -(-h.players // 9) and h.dealers == h.tables + -(-h.tables // 3) for h in guess.hours)
    players = [h.players for h in guess.hours]
    assert players == sorted(players, reverse=True)


def test_a_flight_ends_with_its_bags_at_its_days_end_never_with_a_winner():
    """A flight (Day 1A) plays to its day's last level and bags (FLIGHT-REENTRY): its end is the
    players left then, going to Day 2, even where the model would reach one player first."""
    ordinary = forecast(recorded(600, day_ends_at=1400 * MINUTE))
    assert not ordinary.day_stops and ordinary.end_of_day.at < 1400 * MINUTE  # a winner before the day's end
    guess = forecast(recorded(600, day_ends_at=1400 * MINUTE, flight=True))
    assert guess.day_stops and guess.end_of_day.at == guess.end_of_day.late == 1400 * MINUTE
    assert guess.bags is not None and 1 <= guess.bags <= guess.players_left
    short = forecast(recorded(300, day_ends_at=420 * MINUTE, flight=True))
    assert short.players_left > short.bags > 6  # busts still to come in the two hours left
    unknown = forecast(recorded(300, flight=True))  # no last level set: the end is not known
    assert unknown.end_of_day is None and unknown.bags is None and not unknown.day_stops
    assert ordinary.bags is None


def test_a_flight_sells_out_when_its_seats_fill_before_registration_closes():
    early = recorded(30, capacity=40)
    assert forecast(early).sell_out.sells_out  # 31 + 5 seated and entries coming fast
    assert not forecast(recorded(30, capacity=200)).sell_out.sells_out
    assert forecast(recorded(200, capacity=40)).sell_out is None  # registration is closed


def test_no_busts_yet_gives_no_estimate_and_one_player_left_is_over():
    assert forecast(recorded(2)).why_not == "no busts yet"
    assert forecast(recorded(1200)).why_not == "over"


def test_play_time_leaves_the_breaks_out():
    assert in_play(0, 3 * HOUR, BREAKS) == 3 * HOUR - 15 * MINUTE
    assert in_play(125 * MINUTE, 130 * MINUTE, BREAKS) == 0


@settings(max_examples=40, deadline=None)
@given(
    entries=st.integers(20, 300),
    busted=st.floats(0.05, 0.8),
    hours=st.floats(1, 8),
    paid=st.integers(2, 40),
)
def test_the_estimates_come_in_order_and_each_range_holds_its_estimate(entries, busted, hours, paid):
    now = hours * HOUR
    count = int(entries * busted)
    busts = tuple(now * (i + 1) / (count + 1) for i in range(count))
    day = Day(
        now=now,
        started_at=0,
        entries=entries,
        bust_times=busts,
        paid_places=paid,
        breaks=BREAKS,
        levels=levels_of(),
        chips_in_play=30_000 * entries,
    )
    guess = forecast(day)
    made = [e for e in (guess.bubble if paid > 9 else None, guess.final_table, guess.end_of_day) if e is not None]
    for estimate in made:
        assert now <= estimate.early <= estimate.at and (estimate.late is None or estimate.at <= estimate.late)
    times = [e.at for e in made]
    assert times == sorted(times)
