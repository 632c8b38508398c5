"""Logo compliance services: declare a logo at the desk, resolve a cap breach (director), and
the compliance report that lists every violation with its rule."""

import random
import secrets
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from players import logos
from players.models import Company, LogoCapResolution, LogoDeclaration
from players.services import player_summary
from pokerfest.access import recorded_user
from pokerfest.refusals import Refused
from tournaments import events
from tournaments.high_card import high_card
from tournaments.models import Entry, Tournament


def _standing_seats(tournament: Tournament):
    return tournament.entries.filter(kind__in=Entry.SEAT_KINDS, status__in=[Entry.Status.ACTIVE, Entry.Status.BUSTED])


def wearers(tournament: Tournament) -> tuple[list[logos.Wearer], dict[int, Entry]]:
    """What each entrant still in wears (logos not removed), keyed by entry number."""
    entries = {e.number: e for e in _standing_seats(tournament).filter(status=Entry.Status.ACTIVE)
               .select_related("player")}
    worn: dict[int, list[logos.Logo]] = {number: [] for number in entries}
    declarations = (LogoDeclaration.objects.filter(entry__in=entries.values(), removed_at__isnull=True)
                    .select_related("company", "entry"))
    for declaration in declarations:
        worn[declaration.entry.number].append(logos.Logo(
            declaration.company.name, logos.CompanyStatus(declaration.company.status),
            logos.Placement(declaration.placement), float(declaration.width_cm), float(declaration.height_cm),
            declared_before_start=declaration.before_start, written_proof=bool(declaration.written_proof)))
    return [logos.Wearer(number, tuple(items)) for number, items in worn.items() if items], entries


def report(tournament_id: int) -> dict:
    """Every violation (per wearer and the field cap), each naming its rule. Player ids in the
    pure rules are entry numbers here."""
    tournament = Tournament.objects.get(pk=tournament_id)
    worn, entries = wearers(tournament)
    violations = [v for wearer in worn for v in logos.wearer_violations(wearer, filmed=tournament.filmed)]
    field = _standing_seats(tournament).count()
    breaches = logos.field_cap_breaches(worn, field)
    return {
        "field": field,
        "cap": logos.field_cap_allowed(field),
        "violations": [{"rule": v.rule, "entry": v.player_id, "player": str(entries[v.player_id].player),
                        "company": v.company, "message": v.message} for v in violations],
        "breaches": [{"rule": b.rule, "company": b.company, "allowed": b.allowed, "must_remove": b.must_remove,
                      "wearers": [{"entry": n, "player": str(entries[n].player)} for n in b.wearers]}
                     for b in breaches],
    }


def declare_logo(tournament_id: int, entry_number: int, company_id: int, placement: str, width_cm: Decimal,
                 height_cm: Decimal, actor, written_proof: str = "") -> tuple[LogoDeclaration, list[logos.Violation]]:
    """Record a logo an entrant wears. Before the start it is a waiver declaration; after it,
    the clerk records the written proof of sponsorship seen (PF-LOGO-DECLARE)."""
    from tournaments.services import tournament_moment

    now = timezone.now()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        entry = Entry.objects.select_related("player").get(tournament=tournament, number=entry_number)
        if entry.status != Entry.Status.ACTIVE or entry.kind not in Entry.SEAT_KINDS:
            raise Refused(f"Entry #{entry_number} is not a player's active entry; logos are declared on that.")
        company = Company.objects.get(pk=company_id)
        declaration = LogoDeclaration.objects.create(
            entry=entry, company=company, placement=placement, width_cm=width_cm, height_cm=height_cm,
            declared_at=now, before_start=not tournament_moment(tournament, now).started,
            written_proof=written_proof.strip(), recorded_by=recorded_user(actor))
        worn, _ = wearers(tournament)
        mine = next(w for w in worn if w.player_id == entry.number)
        found = logos.wearer_violations(mine, filmed=tournament.filmed)
        events.append_event(tournament_id, "logo.declared", actor=actor, public=None, payload={
            "entry": entry.number, "player": player_summary(entry.player), "company": company.name,
            "placement": placement, "violations": [v.message for v in found]})
    return declaration, found


def resolve_cap(tournament_id: int, company_id: int, actor, keep: list[int] | None = None,
                seed: int | None = None) -> LogoCapResolution:
    """PF-LOGO-CAP: the players or the company choose who keeps the logo (`keep`); failing
    that, a high-card draw whose seed is recorded decides. The others must remove it."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        company = Company.objects.get(pk=company_id)
        worn, entries = wearers(tournament)
        field = _standing_seats(tournament).count()
        breach = next((b for b in logos.field_cap_breaches(worn, field) if b.company == company.name), None)
        if breach is None:
            raise Refused(f"{company.name} is within the cap ({logos.field_cap_allowed(field)} of a field of {field}).")
        cards = {}
        if keep is not None:
            keep = sorted(set(keep))
            if not set(keep) <= set(breach.wearers) or len(keep) != breach.allowed:
                raise Refused(f"Choose exactly {breach.allowed} of the entries wearing {company.name}: "
                              f"{', '.join(f'#{n}' for n in breach.wearers)}.")
            kept = keep
        else:
            seed = secrets.randbits(62) if seed is None else seed
            draw = high_card(list(breach.wearers), random.Random(seed))
            kept, cards = sorted(draw.order[: breach.allowed]), {str(k): v for k, v in draw.cards.items()}
        removed = [n for n in breach.wearers if n not in kept]
        how = "lost the high-card draw" if keep is None else "not chosen to keep it"
        now = timezone.now()
        LogoDeclaration.objects.filter(entry__in=[entries[n] for n in removed], company=company,
                                       removed_at__isnull=True).update(
            removed_at=now, removed_because=f"PF-LOGO-CAP: over 10% of the field wore it; {how}")
        resolution = LogoCapResolution.objects.create(
            tournament=tournament, company=company, rule=breach.rule, drawn=keep is None,
            seed=seed if keep is None else None, cards=cards, kept=kept, removed=removed, at=now,
            actor=recorded_user(actor))
        events.append_event(tournament_id, "logo.cap_resolved", actor=actor, public=None, payload={
            "company": company.name, "drawn": keep is None, "seed": resolution.seed, "cards": cards,
            "kept": kept, "removed": removed})
    return resolution
