"""Logo compliance services: declare a logo at the desk, resolve a cap breach (director). The
report that lists every violation with its rule is a query (players/queries/players.py).

Service floor: calls no other app's services; reads the tournaments' queries.
"""

import random
import secrets
from decimal import Decimal

from django.utils.translation import gettext as _

from core import kinds, time_source
from core.access import recorded_user
from core.operation import operation
from players.models import Company, LogoCapResolution, LogoDeclaration
from players.queries.logos import standing_seats, tv_seats, tv_table_breaches, wearers
from players.queries.players import player_summary
from players.rules import logos
from rules.refusals import Refused
from tables.rules.high_card import high_card
from tournaments.models import Entry
from tournaments.queries.entries import tournament_moment


def declare_logo(
    tournament_id: int,
    entry_number: int,
    company_id: int,
    placement: str,
    width_cm: Decimal,
    height_cm: Decimal,
    actor,
    written_proof: str = "",
) -> tuple[LogoDeclaration, list[logos.Violation]]:
    """Record a logo an entrant wears. Before the start it is a waiver declaration; after it,
    the clerk records the written proof of sponsorship seen (PF-LOGO-DECLARE)."""
    now = time_source.now()
    with operation(tournament_id, actor) as op:
        tournament = op.tournament
        entry = Entry.objects.select_related("player").get(tournament=tournament, number=entry_number)
        if entry.status != Entry.Status.ACTIVE or entry.kind not in Entry.SEAT_KINDS:
            raise Refused(
                _("Entry #%(entry_number)s is not a player's active entry; logos are declared on that.")
                % {"entry_number": entry_number}
            )
        company = Company.objects.get(pk=company_id)
        declaration = LogoDeclaration.objects.create(
            entry=entry,
            company=company,
            placement=placement,
            width_cm=width_cm,
            height_cm=height_cm,
            declared_at=now,
            before_start=not tournament_moment(tournament, now).started,
            written_proof=written_proof.strip(),
            recorded_by=recorded_user(actor),
        )
        worn, _wearing = wearers(tournament)
        mine = next(w for w in worn if w.player_id == entry.number)
        found = logos.wearer_violations(mine, filmed=entry.number in tv_seats(tournament))
        op.append(
            kinds.LOGO_DECLARED,
            public=None,
            payload={
                "entry": entry.number,
                "player": player_summary(entry.player),
                "company": company.name,
                "placement": placement,
                "violations": [v.message for v in found],
            },
        )
    return declaration, found


def resolve_cap(
    tournament_id: int,
    company_id: int,
    actor,
    keep: list[int] | None = None,
    seed: int | None = None,
    table: int | None = None,
) -> LogoCapResolution:
    """PF-LOGO-CAP, or PF-LOGO-TV at TV table `table`: the players or the company choose who
    keeps the logo (`keep`); failing that, a high-card draw whose seed is recorded decides. The
    others must remove it."""
    with operation(tournament_id, actor) as op:
        tournament = op.tournament
        company = Company.objects.get(pk=company_id)
        worn, entries = wearers(tournament)
        if table is None:
            field = standing_seats(tournament).count()
            breach = next((b for b in logos.field_cap_breaches(worn, field) if b.company == company.name), None)
            why = "PF-LOGO-CAP: over 10% of the field wore it"
            if breach is None:
                raise Refused(
                    _("%(company_name)s is within the cap (%(field)s of a field of %(field2)s).")
                    % {"company_name": company.name, "field": logos.field_cap_allowed(field), "field2": field}
                )
        else:
            here = tv_table_breaches(tournament, worn).get(table, [])
            breach = next((b for b in here if b.company == company.name), None)
            why = f"PF-LOGO-TV: more than {logos.TV_TABLE_CAP} at TV table {table} wore it"
            if breach is None:
                raise Refused(
                    _("%(company_name)s is within the cap at TV table %(table)s (%(allowed)s players).")
                    % {"company_name": company.name, "table": table, "allowed": logos.TV_TABLE_CAP}
                )
        cards = {}
        if keep is not None:
            keep = sorted(set(keep))
            if not set(keep) <= set(breach.wearers) or len(keep) != breach.allowed:
                raise Refused(
                    _("Choose exactly %(allowed)s of the entries wearing %(company_name)s: %(value)s.")
                    % {
                        "allowed": breach.allowed,
                        "company_name": company.name,
                        "value": ", ".join(f"#{n}" for n in breach.wearers),
                    }
                )
            kept = keep
        else:
            seed = secrets.randbits(62) if seed is None else seed
            draw = high_card(list(breach.wearers), random.Random(seed))
            kept, cards = sorted(draw.order[: breach.allowed]), {str(k): v for k, v in draw.cards.items()}
        removed = [n for n in breach.wearers if n not in kept]
        how = "lost the high-card draw" if keep is None else "not chosen to keep it"
        now = time_source.now()
        LogoDeclaration.objects.filter(
            entry__in=[entries[n] for n in removed], company=company, removed_at__isnull=True
        ).update(removed_at=now, removed_because=f"{why}; {how}")
        resolution = LogoCapResolution.objects.create(
            tournament=tournament,
            company=company,
            rule=breach.rule,
            drawn=keep is None,
            seed=seed if keep is None else None,
            cards=cards,
            kept=kept,
            removed=removed,
            at=now,
            actor=recorded_user(actor),
        )
        op.append(
            kinds.LOGO_CAP_RESOLVED,
            public=None,
            payload={
                "rule": breach.rule,
                "table": table,
                "company": company.name,
                "drawn": keep is None,
                "seed": resolution.seed,
                "cards": cards,
                "kept": kept,
                "removed": removed,
            },
        )
    return resolution


def save_company(tournament_id: int, name: str, status: str, actor) -> Company:
    """A sponsor and its status, from the director's set-up page: a new company, or a new
    status for one already known (by name)."""
    name = name.strip()
    if not name:
        raise Refused(_("Give the company's name."))
    if status not in Company.Status.values:
        raise Refused(_("Choose a status: %(values)s.") % {"values": ", ".join(Company.Status.values)})
    with operation(tournament_id, actor) as op:
        company, created = Company.objects.update_or_create(name=name, defaults={"status": status})
        op.append(
            kinds.COMPANY_SAVED,
            public=None,
            payload={"company": company.name, "status": company.status, "created": created},
        )
    return company
