"""Leagues (PAY-POINTS), set up by the director through a page or the API: create or edit a
league's formula and the tournaments that count. A league spans festivals, so its changes are
written in the log of each tournament they touch (`league.changed`), in one transaction."""

from django.db import transaction
from django.utils.translation import gettext as _

from core import kinds, log
from core.operation import lock_tournament
from rules.refusals import Invalid, Refused
from tournaments.models import League, Tournament
from tournaments.queries.leagues import summary
from tournaments.rules import league as rules


def _formula(data: dict) -> rules.Formula:
    try:
        return rules.checked(
            rules.Formula(
                table=tuple(float(points) for points in data.get("table") or ()),
                expression=(data.get("expression") or "sqrt_buyin").strip(),
                scale=float(data.get("scale", 10)),
                knockout=float(data.get("knockout", 0)),
                reentry=data.get("reentry") or "best",
            )
        )
    except rules.FormulaError as problem:
        raise Invalid(str(problem)) from None
    except (TypeError, ValueError):
        raise Invalid(_("The points table, scale and points per knockout must be numbers.")) from None


def save_league(league_id: int | None, data: dict, director) -> dict:
    """PAY-POINTS: create (league_id None) or edit a league: its name, formula and tournaments.
    Refused with a sentence (nothing written) for a bad formula, an unknown tournament, no
    tournament at all or a name another league has."""
    name = (data.get("name") or "").strip()
    if not name:
        raise Invalid(_("Give the league a name."))
    formula = _formula(data)
    wanted = sorted({int(t) for t in data.get("tournaments") or ()})
    if not wanted:
        raise Invalid(_("Choose at least one tournament for the league."))
    with transaction.atomic():
        league = None
        if league_id is not None:
            league = League.objects.select_for_update().filter(pk=league_id).first()
            if league is None:
                raise Refused(_("There is no league %(id)s.") % {"id": league_id})
        if League.objects.filter(name__iexact=name).exclude(pk=getattr(league, "pk", None)).exists():
            raise Refused(_("Another league is called %(name)s: choose another name.") % {"name": name})
        before = set(league.tournaments.values_list("id", flat=True)) if league else set()
        touched = sorted(before | set(wanted))
        found = set(Tournament.objects.filter(pk__in=wanted).values_list("id", flat=True))
        missing = [t for t in wanted if t not in found]
        if missing:
            raise Invalid(_("There is no tournament %(id)s.") % {"id": missing[0]})
        for tournament_id in touched:  # in id order: two directors' saves never wait on each other crosswise
            lock_tournament(tournament_id)
        league = league or League()
        league.name = name
        league.table = list(formula.table)
        league.expression = formula.expression
        league.scale = formula.scale
        league.knockout = formula.knockout
        league.reentry = formula.reentry
        league.save()
        league.tournaments.set(wanted)
        public = {
            **{k: v for k, v in summary(league).items() if k != "tournaments"},
            "league": league.id,
            "tournaments": wanted,
            "added": sorted(set(wanted) - before),
            "removed": sorted(before - set(wanted)),
        }
        for tournament_id in touched:
            log.append_event(tournament_id, kinds.LEAGUE_CHANGED, actor=director, payload=public, public=public)
    return summary(league)
