"""PAY-POINTS: a league's ranking points, pure. A league's formula is data: a points table by
place, or an expression of the field size `n`, the buy-in `buyin` (whole currency units) and
the `place`, read by a tiny evaluator that knows only arithmetic and a few functions (never
Python's eval). A tied range of places shares the average of its places' points; knockouts
may add points; a re-entry event counts a player's best or first entry.

`chips`' points at the gong (tournaments/rules/payouts.py: league_points) come from here too.
"""

import ast
import math
from dataclasses import dataclass
from functools import lru_cache

from rules.refusals import gettext as _

# Named formulas as league software commonly has them; `scale` multiplies each.
NAMED = {
    # Tournament Director's default-like formula: more for a bigger field and a dearer buy-in.
    "sqrt_buyin": "sqrt(n / place) * (1 + log10(buyin + 0.25))",
    "sqrt": "sqrt(n / place)",
    "field_minus_place": "n - place + 1",
}
VARIABLES = ("n", "place", "buyin")
FUNCTIONS = {"sqrt": math.sqrt, "log10": math.log10, "log": math.log, "min": min, "max": max, "abs": abs}
OPERATORS = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
    ast.Pow: lambda a, b: _power(a, b),
}
REENTRY = ("best", "first")
LONGEST = 200  # characters of an expression
# The fields and buy-ins a formula is tried on before it is accepted (finite, >= 0, non-increasing).
TRIAL_FIELDS = (1, 2, 3, 7, 30, 120)
TRIAL_BUYINS = (0, 5, 100, 10_000)


class FormulaError(ValueError):
    """A formula a person wrote that cannot be used; str() says why."""


def _power(base: float, exponent: float) -> float:
    if abs(exponent) > 10:
        raise FormulaError(_("An exponent in the formula is larger than 10."))
    return base**exponent


def _compile(node: ast.AST):
    """The expression as a function of the variables; only the allowed shapes."""
    if isinstance(node, ast.Expression):
        return _compile(node.body)
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        value = float(node.value)
        return lambda names: value
    if isinstance(node, ast.Name) and node.id in VARIABLES:
        name = node.id
        return lambda names: names[name]
    if isinstance(node, ast.BinOp) and type(node.op) in OPERATORS:
        op, left, right = OPERATORS[type(node.op)], _compile(node.left), _compile(node.right)
        return lambda names: op(left(names), right(names))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        sign, inner = (-1.0 if isinstance(node.op, ast.USub) else 1.0), _compile(node.operand)
        return lambda names: sign * inner(names)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in FUNCTIONS
        and not node.keywords
        and node.args
    ):
        function, args = FUNCTIONS[node.func.id], [_compile(arg) for arg in node.args]
        return lambda names: function(*(arg(names) for arg in args))
    raise FormulaError(
        _(
            "The formula may use only numbers, n, place, buyin, + - * / **, brackets and "
            "sqrt, log10, log, min, max, abs."
        )
    )


@dataclass(frozen=True)
class Formula:
    """How a league scores one entry. `table`: points by place (places beyond it score
    nothing); else `expression` (or a NAMED one) times `scale`. `knockout`: points per player
    knocked out. `reentry`: "best" or "first" entry of a player in one event counts."""

    table: tuple[float, ...] = ()
    expression: str = "sqrt_buyin"
    scale: float = 10.0
    knockout: float = 0.0
    reentry: str = "best"

    def text(self) -> str:
        return NAMED.get(self.expression, self.expression)


def checked(formula: Formula) -> Formula:
    """The formula, or FormulaError with a sentence a director can act on."""
    if formula.reentry not in REENTRY:
        raise FormulaError(_("The re-entry rule is 'best' or 'first'."))
    if not (math.isfinite(formula.knockout) and formula.knockout >= 0):
        raise FormulaError(_("Points per knockout must be a number of 0 or more."))
    if formula.table:
        if any(not (math.isfinite(p) and p >= 0) for p in formula.table):
            raise FormulaError(_("Every place in the points table needs a number of points of 0 or more."))
        if any(lower > higher for higher, lower in zip(formula.table, formula.table[1:], strict=False)):
            raise FormulaError(_("The points table must never give a lower place more points than a higher one."))
        return formula
    if not (math.isfinite(formula.scale) and formula.scale > 0):
        raise FormulaError(_("The scale must be a number more than 0."))
    if len(formula.text()) > LONGEST:
        raise FormulaError(_("The formula is longer than 200 characters."))
    evaluate = _parse(formula.text())
    for n in TRIAL_FIELDS:
        for buyin in TRIAL_BUYINS:
            before = math.inf
            for place in range(1, n + 1):
                points = _value(evaluate, n, place, buyin)
                if points > before + 1e-9:
                    raise FormulaError(
                        _("The formula gives place %(place)s more points than the place above it (field %(n)s).")
                        % {"place": place, "n": n}
                    )
                before = points
    return formula


@lru_cache(maxsize=64)  # a league's board asks for the same formula once per result row
def _parse(text: str):
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, ValueError):
        raise FormulaError(_("The formula is not a readable expression: %(text)s") % {"text": text[:LONGEST]}) from None
    return _compile(tree)


def _value(evaluate, n: int, place: int, buyin: float) -> float:
    try:
        points = float(evaluate({"n": float(n), "place": float(place), "buyin": float(buyin)}))
    except FormulaError:
        raise
    except (ArithmeticError, ValueError, TypeError):
        raise FormulaError(
            _("The formula cannot be worked out for a field of %(n)s, place %(place)s and buy-in %(buyin)s.")
            % {"n": n, "place": place, "buyin": buyin}
        ) from None
    if not math.isfinite(points) or points < 0:
        raise FormulaError(
            _("The formula gives place %(place)s of %(n)s a negative or endless number of points.")
            % {"place": place, "n": n}
        )
    return points


def place_points(formula: Formula, n: int, place: int, buyin: float = 0) -> float:
    """Points for one place of a field of n (0 for a place outside the field)."""
    if n <= 0 or place < 1 or place > n:
        return 0.0
    if formula.table:
        return float(formula.table[place - 1]) if place <= len(formula.table) else 0.0
    return formula.scale * _value(_parse(formula.text()), n, place, buyin)


def shared_points(formula: Formula, n: int, best: int, worst: int, buyin: float = 0) -> float:
    """A tied range of places (best..worst) shares the average of its places' points: each of
    them gets the same, and together they get what the places are worth."""
    places = range(best, worst + 1)
    return sum(place_points(formula, n, place, buyin) for place in places) / len(places)


@dataclass(frozen=True)
class Finish:
    """One entry's result in one event, as the results rows give it."""

    player: int
    name: str
    event: int
    entry: int  # the entry's number: the lower, the earlier
    best: int
    worst: int
    field: int
    buyin: float  # whole currency units
    knockouts: int = 0
    event_name: str = ""


def entry_points(formula: Formula, finish: Finish) -> float:
    """The entry's points: its place's (shared when tied) plus its knockouts'."""
    place = shared_points(formula, finish.field, finish.best, finish.worst, finish.buyin)
    return round(place + formula.knockout * finish.knockouts, 2)


def counted(formula: Formula, finishes: list[Finish]) -> list[tuple[Finish, float]]:
    """Per player and event, the entry that counts (re-entry rule) with its points: "best"
    the most points (then the earlier entry), "first" the earliest entry. A counted entry's
    own knockouts count with it, the others' not."""
    chosen: dict[tuple[int, int], tuple[Finish, float]] = {}
    for finish in finishes:
        points = entry_points(formula, finish)
        key = (finish.player, finish.event)
        held = chosen.get(key)
        if held is None:
            chosen[key] = (finish, points)
        elif formula.reentry == "first":
            if finish.entry < held[0].entry:
                chosen[key] = (finish, points)
        elif (points, -finish.entry) > (held[1], -held[0].entry):
            chosen[key] = (finish, points)
    return sorted(chosen.values(), key=lambda pair: (pair[0].event, pair[0].best, pair[0].entry))


def standings(formula: Formula, finishes: list[Finish]) -> list[dict]:
    """The leaderboard: players by points (then best place, then name), each with their rank
    (equal points share a rank), events counted, best place and knockouts."""
    board: dict[int, dict] = {}
    for finish, points in counted(formula, finishes):
        mine = board.setdefault(
            finish.player,
            {"player": finish.player, "name": finish.name, "points": 0.0, "events": 0, "best": None, "knockouts": 0},
        )
        mine["points"] = round(mine["points"] + points, 2)
        mine["events"] += 1
        mine["knockouts"] += finish.knockouts
        mine["best"] = finish.best if mine["best"] is None else min(mine["best"], finish.best)
    rows = sorted(board.values(), key=lambda r: (-r["points"], r["best"], r["name"], r["player"]))
    for position, row in enumerate(rows, start=1):
        above = rows[position - 2] if position > 1 else None
        row["rank"] = above["rank"] if above is not None and above["points"] == row["points"] else position
    return rows


def history(formula: Formula, finishes: list[Finish], player: int) -> list[dict]:
    """One player's events in the league: each entry, its place, points, and whether it counts."""
    counting = {id(finish) for finish, _points in counted(formula, finishes)}
    return [
        {
            "event": finish.event,
            "event_name": finish.event_name,
            "entry": finish.entry,
            "place": [finish.best, finish.worst],
            "field": finish.field,
            "knockouts": finish.knockouts,
            "points": entry_points(formula, finish),
            "counts": id(finish) in counting,
        }
        for finish in finishes
        if finish.player == player
    ]
