"""Sponsors' logos through the desk's API: the companies, a logo an entrant declares
(PF-LOGO-DECLARE), the compliance report, and resolving a cap breach (PF-LOGO-CAP).

The operations moved here from tournaments/api/desk.py keep the operation ids they had there,
which clients generated from the OpenAPI document know them by."""

from decimal import Decimal

from ninja import Field, Router, Schema, Status
from ninja.security import django_auth

from core.access import Action, check, tournament_for
from core.api import ERRORS, MOST_ENTRIES, Answer, EntryNumber, Id, ReasonOut, TableNumber
from players.models import Company
from players.queries import logos as logo_queries
from players.services import logos as compliance

router = Router(tags=["desk"], auth=django_auth)


class CompanyOut(Answer):
    id: int
    name: str
    status: str


class LogoIn(Schema):
    company_id: Id
    placement: str = Field(..., pattern="^(breast|sleeve|cap|card_protector|other)$")
    width_cm: float = Field(..., gt=0, le=100)
    height_cm: float = Field(..., gt=0, le=100)
    written_proof: str = Field("", max_length=200)


class ResolveIn(Schema):
    company_id: Id
    keep: list[EntryNumber] | None = Field(
        None,
        max_length=MOST_ENTRIES,
        description="entry numbers the players or the company chose; omit for a high-card draw",
    )
    table: TableNumber | None = Field(None, description="a TV table's number: its cap of two (PF-LOGO-TV)")


@router.get(
    "/companies/",
    response={200: list[CompanyOut], **ERRORS},
    summary="Sponsors and their status",
    operation_id="tournaments_api_desk_companies",
)
def companies(request):
    check(request.user, Action.DESK)
    return Company.objects.all()


class LogoOut(Answer):
    id: int
    before_start: bool = Field(..., description="declared before play started (PF-LOGO-DECLARE)")
    violations: list[ReasonOut]


class LogoViolationOut(Answer):
    rule: str
    entry: int
    player: str
    company: str
    message: str


class WearerOut(Answer):
    entry: int
    player: str


class CapBreachOut(Answer):
    """PF-LOGO-CAP: more of the field wears a company's logo than the cap allows; PF-LOGO-TV:
    more than two at a TV table."""

    rule: str
    table: int | None = Field(..., description="the TV table (PF-LOGO-TV); none: the field's cap")
    company: str
    allowed: int = Field(..., description="how many may keep wearing it")
    must_remove: int
    wearers: list[WearerOut]


class ComplianceOut(Answer):
    field: int
    cap: int = Field(..., description="how many of the field may wear one company's logo")
    violations: list[LogoViolationOut]
    breaches: list[CapBreachOut]
    tv_breaches: list[CapBreachOut]


class CapResolvedOut(Answer):
    drawn: bool = Field(..., description="by high-card draw; otherwise the recorded choice")
    seed: int | None = Field(..., description="the draw's seed, which replays it exactly; none: chosen")
    cards: dict[str, str] = Field(..., description="entry number -> the card drawn")
    kept: list[int] = Field(..., description="entry numbers that keep the logo")
    removed: list[int] = Field(..., description="entry numbers that must remove it")


@router.post(
    "/tournaments/{tournament_id}/entries/{number}/logos/",
    response={**ERRORS, 201: LogoOut},
    summary="Declare a logo the entrant wears (PF-LOGO-DECLARE); answers with any violations",
    operation_id="tournaments_api_desk_declare_logo",
)
def declare_logo(request, tournament_id: Id, number: EntryNumber, body: LogoIn):
    tournament_for(request.user, tournament_id, Action.DESK)
    declaration, found = compliance.declare_logo(
        tournament_id,
        number,
        body.company_id,
        body.placement,
        Decimal(str(body.width_cm)),
        Decimal(str(body.height_cm)),
        request.user,
        body.written_proof,
    )
    return Status(
        201,
        {
            "id": declaration.id,
            "before_start": declaration.before_start,
            "violations": [{"rule": v.rule, "ok": False, "message": v.message} for v in found],
        },
    )


@router.get(
    "/tournaments/{tournament_id}/compliance/",
    response={200: ComplianceOut, **ERRORS},
    summary="Every logo violation with its rule, and cap breaches to resolve",
    operation_id="tournaments_api_desk_compliance_report",
)
def compliance_report(request, tournament_id: Id):
    tournament_for(request.user, tournament_id, Action.LOGO_RULINGS)
    return logo_queries.compliance_report(tournament_id)


@router.post(
    "/tournaments/{tournament_id}/compliance/resolve/",
    response={200: CapResolvedOut, **ERRORS},
    summary="Resolve a cap breach by recorded choice or by high-card draw (PF-LOGO-CAP, PF-LOGO-TV)",
    operation_id="tournaments_api_desk_resolve",
)
def resolve(request, tournament_id: Id, body: ResolveIn):
    tournament_for(request.user, tournament_id, Action.LOGO_RULINGS)
    done = compliance.resolve_cap(tournament_id, body.company_id, request.user, keep=body.keep, table=body.table)
    return {"drawn": done.drawn, "seed": done.seed, "cards": done.cards, "kept": done.kept, "removed": done.removed}
