"""Reads for logo compliance (PF-LOGO-*): what each entrant still in wears, who sits at a TV
table, who started the final table logo-free, and the report that lists every violation with
its rule. Player ids in the pure rules are entry numbers here.

Query floor: the lowest of the apps' queries; it reads models only.
"""

from django.db.models import Max, Q

from players.models import LogoDeclaration
from players.rules import logos
from tables.models import Seating, TournamentTable
from tournaments.models import Entry, Tournament


def standing_seats(tournament: Tournament):
    return tournament.entries.filter(kind__in=Entry.SEAT_KINDS, status__in=[Entry.Status.ACTIVE, Entry.Status.BUSTED])


def tv_seats(tournament: Tournament) -> dict[int, int]:
    """Entry number -> the TV table it sits at now: there the filmed sizes apply (PF-LOGO-SIZE)
    and two wearers of a company at most (PF-LOGO-TV)."""
    return dict(
        Seating.objects.filter(
            tournament=tournament,
            ended_at__isnull=True,
            tournament_table__broken_at__isnull=True,
            tournament_table__table__is_tv=True,
        ).values_list("entry__number", "tournament_table__table__number")
    )


def logo_free_at_final_table(tournament: Tournament) -> set[int]:
    """PF-LOGO-TV: the entry numbers that sat down at the final table's draw wearing no logo;
    they stay logo-free. Read from the seats drawn there and the logos worn at that moment."""
    final = TournamentTable.objects.filter(tournament=tournament, is_final=True).first()
    if final is None:
        return set()
    # The redraw ends every seat "final table" and opens the new ones at the same moment.
    start = tournament.seatings.filter(ended_because="final table").aggregate(start=Max("ended_at"))["start"]
    starters = set(final.seatings.filter(started_at=start).values_list("entry_id", flat=True))
    wearing = set(
        LogoDeclaration.objects.filter(entry_id__in=starters, declared_at__lte=start)
        .filter(Q(removed_at__isnull=True) | Q(removed_at__gt=start))
        .values_list("entry_id", flat=True)
    )
    return set(Entry.objects.filter(pk__in=starters - wearing).values_list("number", flat=True))


def wearers(tournament: Tournament) -> tuple[list[logos.Wearer], dict[int, Entry]]:
    """What each entrant still in wears (logos not removed), keyed by entry number."""
    entries = {
        e.number: e for e in standing_seats(tournament).filter(status=Entry.Status.ACTIVE).select_related("player")
    }
    worn: dict[int, list[logos.Logo]] = {number: [] for number in entries}
    declarations = LogoDeclaration.objects.filter(entry__in=entries.values(), removed_at__isnull=True).select_related(
        "company", "entry"
    )
    for declaration in declarations:
        worn[declaration.entry.number].append(
            logos.Logo(
                declaration.company.name,
                logos.CompanyStatus(declaration.company.status),
                logos.Placement(declaration.placement),
                float(declaration.width_cm),
                float(declaration.height_cm),
                declared_before_start=declaration.before_start,
                written_proof=bool(declaration.written_proof),
            )
        )
    logo_free = logo_free_at_final_table(tournament)
    return [
        logos.Wearer(number, tuple(items), no_logo_at_final_table_start=number in logo_free)
        for number, items in worn.items()
        if items
    ], entries


def tv_table_breaches(tournament: Tournament, worn: list[logos.Wearer] | None = None) -> dict[int, list]:
    """PF-LOGO-TV: TV table number -> the companies worn there by more than two."""
    if worn is None:
        worn, _entries = wearers(tournament)
    at = tv_seats(tournament)
    by_table: dict[int, list[logos.Wearer]] = {}
    for wearer in worn:
        if wearer.player_id in at:
            by_table.setdefault(at[wearer.player_id], []).append(wearer)
    return {table: found for table, here in sorted(by_table.items()) if (found := logos.tv_table_breaches(here))}


def _breach(breach: logos.CapBreach, entries: dict[int, Entry], table: int | None = None) -> dict:
    return {
        "rule": breach.rule,
        "table": table,
        "company": breach.company,
        "allowed": breach.allowed,
        "must_remove": breach.must_remove,
        "wearers": [{"entry": n, "player": str(entries[n].player)} for n in breach.wearers],
    }


def _violation(v: logos.Violation, entries: dict[int, Entry]) -> dict:
    return {
        "rule": v.rule,
        "entry": v.player_id,
        "player": str(entries[v.player_id].player),
        "company": v.company,
        "message": v.message,
    }


def tv_table_findings(tournament: Tournament, tables: set[int]) -> list[dict]:
    """What the logos of the players now at these tables break, for the TV tables among them:
    the cap of two (PF-LOGO-TV), the filmed sizes (PF-LOGO-SIZE), a logo-free final-table
    starter wearing one. The seating services log it as players sit down there."""
    if not tables:  # a break that seats nobody at a TV table reads no seat
        return []
    at = {number: table for number, table in tv_seats(tournament).items() if table in tables}
    if not at:  # no TV table among them: a bust's move or a big draw reads no logos
        return []
    worn, entries = wearers(tournament)
    breaches = tv_table_breaches(tournament, worn)
    found = []
    for table in sorted(set(at.values())):
        here = [w for w in worn if at.get(w.player_id) == table]
        violations = [v for w in here for v in logos.wearer_violations(w, filmed=True)]
        if violations or table in breaches:
            found.append(
                {
                    "table": table,
                    "breaches": [_breach(b, entries, table) for b in breaches.get(table, [])],
                    "violations": [_violation(v, entries) for v in violations],
                }
            )
    return found


def compliance_report(tournament_id: int) -> dict:
    """Every violation (per wearer, the field cap and each TV table's cap), each naming its
    rule. The filmed sizes apply to the players seated at a TV table."""
    tournament = Tournament.objects.get(pk=tournament_id)
    worn, entries = wearers(tournament)
    at_tv = tv_seats(tournament)
    violations = [v for w in worn for v in logos.wearer_violations(w, filmed=w.player_id in at_tv)]
    field = standing_seats(tournament).count()
    return {
        "field": field,
        "cap": logos.field_cap_allowed(field),
        "violations": [_violation(v, entries) for v in violations],
        "breaches": [_breach(b, entries) for b in logos.field_cap_breaches(worn, field)],
        "tv_breaches": [
            _breach(b, entries, table) for table, found in tv_table_breaches(tournament, worn).items() for b in found
        ],
    }
