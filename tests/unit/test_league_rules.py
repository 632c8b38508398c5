"""PAY-POINTS as plain data: a league's formula (table or safe expression), shared places,
knockouts and the re-entry rule (best or first entry)."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.rules import league
from tournaments.rules.league import Finish, Formula, FormulaError
from tournaments.rules.payouts import PayoutRules, league_points

NAMED = [Formula(expression=name) for name in league.NAMED]
tables = st.lists(st.integers(0, 1000), min_size=1, max_size=20).map(lambda p: Formula(table=tuple(sorted(p)[::-1])))
formulas = st.one_of(st.sampled_from(NAMED), tables)


@settings(max_examples=60, deadline=None)
@given(formulas, st.integers(1, 400), st.integers(0, 5000))
def test_pay_points_never_rise_as_the_place_falls(formula, n, buyin):
    """PAY-POINTS: points by place are non-increasing, finite and never negative."""
    points = [league.place_points(formula, n, place, buyin) for place in range(1, n + 1)]
    assert all(math.isfinite(p) and p >= 0 for p in points)
    assert all(lower <= higher + 1e-9 for higher, lower in zip(points, points[1:], strict=False))


@settings(max_examples=60, deadline=None)
@given(formulas, st.integers(2, 200), st.data())
def test_pay_points_a_tie_shares_its_places_consistently(formula, n, data):
    """PAY-POINTS: a tied range gets the average of its places: each the same, together the
    places' worth, between the best and the worst place's points."""
    best = data.draw(st.integers(1, n))
    worst = data.draw(st.integers(best, n))
    shared = league.shared_points(formula, n, best, worst, 50)
    alone = [league.place_points(formula, n, place, 50) for place in range(best, worst + 1)]
    assert shared * len(alone) == pytest.approx(sum(alone))
    assert alone[-1] - 1e-9 <= shared <= alone[0] + 1e-9


def test_pay_points_tdd_like_formula_as_documented():
    """PAY-POINTS: sqrt(n / place) * (1 + log10(buyin + 0.25)), times the scale."""
    formula = Formula(expression="sqrt_buyin", scale=10)
    assert league.place_points(formula, 100, 1, 100) == pytest.approx(10 * 10 * (1 + math.log10(100.25)))
    assert league.place_points(formula, 100, 4, 100) == pytest.approx(10 * 5 * (1 + math.log10(100.25)))
    assert league.place_points(formula, 100, 101, 100) == 0


def test_pay_points_table_places_beyond_it_score_nothing():
    formula = league.checked(Formula(table=(100, 60, 40)))
    assert [league.place_points(formula, 10, p) for p in (1, 2, 3, 4)] == [100, 60, 40, 0]
    assert league.shared_points(formula, 10, 2, 3) == 50


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 30), st.integers(0, 5)), min_size=1, max_size=6), st.integers(0, 20))
def test_pay_points_best_or_first_entry_counts(entries, knockout):
    """PAY-POINTS: a re-entry event counts one entry per player: `best` the most points of
    any of them, `first` the earliest entry's; knockouts add to the entry that made them."""
    finishes = [
        Finish(player=1, name="A", event=9, entry=number, best=place, worst=place, field=30, buyin=10, knockouts=kos)
        for number, (place, kos) in enumerate(entries, start=1)
    ]
    for rule in league.REENTRY:
        formula = Formula(expression="field_minus_place", scale=1, knockout=knockout, reentry=rule)
        (row,) = league.standings(formula, finishes)
        each = [league.entry_points(formula, finish) for finish in finishes]
        assert row["events"] == 1
        assert row["points"] == (max(each) if rule == "best" else each[0])
        assert each[0] == 30 - entries[0][0] + 1 + knockout * entries[0][1]


def test_pay_points_knockouts_count_and_equal_points_share_a_rank():
    formula = Formula(table=(10, 5), knockout=2)
    finishes = [
        Finish(1, "Ann", 1, 1, 1, 1, 5, 0, knockouts=0),
        Finish(2, "Bob", 1, 2, 2, 2, 5, 0, knockouts=3),
        Finish(3, "Cy", 2, 1, 2, 2, 5, 0, knockouts=0),
        Finish(3, "Cy", 2, 2, 1, 1, 5, 0, knockouts=0),
    ]
    board = league.standings(formula, finishes)
    assert [(r["name"], r["points"], r["rank"]) for r in board] == [("Bob", 11, 1), ("Ann", 10, 2), ("Cy", 10, 2)]
    history = league.history(formula, finishes, 3)
    assert [h["counts"] for h in history] == [False, True]


@pytest.mark.parametrize(
    "formula, says",
    [
        (Formula(expression="__import__('os')"), "may use only"),
        (Formula(expression="place * 10"), "more points than the place above"),
        (Formula(expression="n - place - 5"), "negative"),
        (Formula(expression="2 ** (n * 100)"), "exponent"),
        (Formula(expression="sqrt(n / (place - 1))"), "cannot be worked out"),
        (Formula(expression="n +"), "not a readable expression"),
        (Formula(table=(5, 10)), "never give a lower place more"),
        (Formula(reentry="last"), "best' or 'first"),
        (Formula(expression="n" * 300), "longer than 200"),
        (Formula(scale=0), "more than 0"),
    ],
)
def test_pay_points_a_bad_formula_is_refused_with_a_sentence(formula, says):
    with pytest.raises(FormulaError, match=says):
        league.checked(formula)


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=60))
def test_pay_points_any_text_is_a_formula_or_a_sentence(text):
    """Whatever a director types: accepted, or refused with FormulaError, never another error."""
    try:
        league.checked(Formula(expression=text))
    except FormulaError as problem:
        assert str(problem)


def test_pay_points_chips_gong_points_come_from_the_league_machinery():
    """PAY-POINTS (`chips`): the gong's points are the league formula `sqrt` times the scale."""
    chips = PayoutRules(points="sqrt", points_scale=10)
    formula = Formula(expression="sqrt", scale=10)
    for place in (1, 4, 25, 100):
        assert league_points(100, place, place, chips) == int(league.place_points(formula, 100, place))
