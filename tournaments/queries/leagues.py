"""Leagues (PAY-POINTS): the leaderboard and each player's history, scored by the league's
formula (tournaments/rules/league.py) from the results rows every results page and export
reads (tournaments/queries/results.py: standings), so no place is worked out twice."""

from tournaments.models import League, Tournament
from tournaments.queries.results import standings
from tournaments.rules import league as rules


def summary(league: League) -> dict:
    """The league as the API and the pages show it: its formula and its tournaments."""
    formula = league.formula()
    return {
        "id": league.id,
        "name": league.name,
        "table": list(formula.table),
        "expression": formula.expression,
        "formula": "" if formula.table else formula.text(),
        "scale": formula.scale,
        "knockout": formula.knockout,
        "reentry": formula.reentry,
        "tournaments": [
            {"id": t.id, "name": t.name, "festival": t.festival.name, "status": t.status}
            for t in league.tournaments.select_related("festival").order_by("starts_at", "id")
        ],
    }


def finishes(tournaments: list[Tournament]) -> list[rules.Finish]:
    """Every entry placed in the tournaments, as the results rows give it (public names)."""
    out = []
    for tournament in tournaments:
        table = standings(tournament)
        for row in table["out"]:
            if row["flight"] and tournament.main_event_id is None:
                continue  # FLIGHT-ITM: counted with the flight the player went out of
            out.append(
                rules.Finish(
                    player=row["player"],
                    name=row["public_name"],
                    event=tournament.id,
                    entry=row["entry"],
                    best=row["place"][0],
                    worst=row["place"][1],
                    field=table["field"],
                    buyin=tournament.buy_in / 100,  # whole currency units, as league formulas take them
                    knockouts=row["knockouts"],
                    event_name=tournament.name,
                )
            )
    return out


def _tournaments(league: League) -> list[Tournament]:
    return list(league.tournaments.select_related("festival").order_by("starts_at", "id"))


def leaderboard(league: League) -> dict:
    """PAY-POINTS: the league's players by points, then best place, then name."""
    return {**summary(league), "rows": rules.standings(league.formula(), finishes(_tournaments(league)))}


def player_history(league: League, player_id: int) -> dict | None:
    """One player's events in the league, each entry's place and points and whether it counts;
    None if the player has no result in the league."""
    formula = league.formula()
    found = finishes(_tournaments(league))
    rows = rules.history(formula, found, player_id)
    if not rows:
        return None
    board = rules.standings(formula, found)
    mine = next(row for row in board if row["player"] == player_id)
    return {"league": summary(league), "player": mine, "events": rows}


def all_leagues() -> list[dict]:
    return [{"id": league.id, "name": league.name} for league in League.objects.order_by("name")]
