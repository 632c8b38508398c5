"""The registration desk's API: players, eligibility, entries, voids, refunds,
substitutes, opening and closing registration (sponsors' logos: tournaments/api/logos.py).
Personal data is served to desk, cashier and director only; the close-outs: tournaments/api/close_out.py."""

from datetime import date

from django.utils import timezone
from django.utils.translation import gettext as _
from ninja import Field, Router, Schema, Status
from ninja.security import django_auth

from core.access import Action, check, tournament_for
from core.api import ERRORS, Answer, EntryNumber, Id, Money, ReasonOut, request_key
from players.models import Player
from players.queries import players as player_queries
from players.services import desk as player_services
from tables.queries.seating import place_of
from tables.queries.tables import field_shape
from tournaments.api.tournaments import TargetOut
from tournaments.models import Entry
from tournaments.queries.desk import festival_history, sale_prices
from tournaments.queries.entries import Sale, check_entry, entry_summary
from tournaments.queries.flights import flight_reason
from tournaments.queries.satellites import unused_vouchers
from tournaments.rules.entries import Kind, RefundReason
from tournaments.services import desk as services

router = Router(tags=["desk"], auth=django_auth)


class PlayerOut(Answer):
    id: int
    first_name: str
    last_name: str
    date_of_birth: date
    nationality: str
    id_document_type: str
    id_document_number: str
    id_checked_on: date | None
    city: str
    membership_number: str | None
    full_member: bool | None
    initials_only: bool


def player_out(player: Player) -> dict:
    membership = getattr(player, "membership", None)
    return {
        **{
            f: getattr(player, f)
            for f in (
                "id",
                "first_name",
                "last_name",
                "date_of_birth",
                "nationality",
                "id_document_type",
                "id_document_number",
                "id_checked_on",
                "city",
                "initials_only",
            )
        },
        "membership_number": membership.number if membership else None,
        "full_member": membership.full_member if membership else None,
    }


class PlayerIn(Schema):
    first_name: str = Field(..., min_length=1, max_length=100)
    last_name: str = Field(..., min_length=1, max_length=100)
    date_of_birth: date
    nationality: str = Field("", max_length=2)
    id_document_type: str = Field("", pattern="^(|passport|id_card|driving_licence)$")
    id_document_number: str = Field("", max_length=64)
    email: str = Field("", max_length=254)
    phone: str = Field("", max_length=40)
    city: str = Field("", max_length=100)
    membership_number: str = Field("", max_length=30)
    full_member: bool = True
    membership_fee_paid_until: date | None = None
    release_signed: bool = False
    accepts_terms: bool = False
    filming_release: bool = False
    marketing_opt_in: bool = False
    id_checked: bool = False
    initials_only: bool = False  # REG-CONSENT: public screens show initials only


class PublicNameIn(Schema):
    initials_only: bool


class EntrySummaryOut(Answer):
    number: int
    kind: str
    status: str
    chips: int
    paid: int = Field(..., description="minor units")
    method: str
    desk: str
    shift: str
    returned: int = Field(..., description="paid back by a refund, minor units")


class PlayerSummaryOut(Answer):
    """Who, without personal data."""

    id: int
    name: str


class VoucherOut(Answer):
    """A won seat (REG-NONTRANSFER: the player's own)."""

    code: str
    target: TargetOut
    source: str = Field(..., description="what won it, e.g. the satellite and place")
    used: bool
    void: bool = Field(..., description="SAT-SEATS: its winner was disqualified; the seat passed on")
    player: PlayerSummaryOut
    entry: int | None = Field(..., description="the entry number that won it")


class PriceOut(Answer):
    """A kind of sale's price here, minor units."""

    price: int = Field(..., description="what the player pays: pool plus bounty plus fee (0: a won entry's voucher)")
    pool: int
    bounty: int = Field(..., description="BNT-POOL: the bounty part, minor units (0: no bounty)")
    fee: int
    voucher: bool = Field(..., description="a won entry: the voucher pays, no charge")


class HistoryEventOut(Answer):
    id: int
    name: str


class HistoryEntryOut(Answer):
    """One of the player's entries elsewhere in the festival."""

    tournament: HistoryEventOut
    main_event: HistoryEventOut | None = Field(..., description="the event a flight feeds")
    number: int
    kind: str
    status: str
    paid: int
    bag: int | None = Field(..., description="the chips bagged at the end of the flight")
    bag_status: str = Field(..., description="'', bagged, confirmed, forward (to Day 2) or forfeited")
    same_event: bool = Field(..., description="a flight of the same main event as this tournament")


class HistoryOut(Answer):
    entries: list[HistoryEntryOut]
    flight_reentry: str | None = Field(..., description="a flight's main event's re-entry rule")
    reentry_means: str = Field(..., description="what entering this flight means under FLIGHT-REENTRY")


class CheckOut(Answer):
    player: PlayerOut
    may_enter: bool
    reasons: list[ReasonOut]
    kinds: dict[str, ReasonOut] = Field(..., description="each kind of sale (buy_in, re_entry, …): open or why not")
    consents: dict[str, bool] = Field(..., description="each consent's kind: granted, as last recorded")
    entries: list[EntrySummaryOut] = Field(..., description="the player's entries in this tournament")
    won_seats: list[VoucherOut] = Field(..., description="the player's unused vouchers good here")
    prices: dict[str, PriceOut] = Field(..., description="each kind of sale's price at this desk")
    history: HistoryOut = Field(..., description="the player's entries and bags elsewhere in the festival")


class SaleIn(Schema):
    player_id: Id
    kind: Kind
    method: Entry.Method
    desk: str = Field(..., min_length=1, max_length=40)
    shift: str = Field(..., min_length=1, max_length=40)
    visitor_signed_in_by: str = Field("", max_length=30)
    sponsor_present: bool = False
    visitor_fee: Money = Field(0, description="chips: the visitor fee charged with a visitor's sale, minor units")
    won_seat_code: str = Field("", max_length=16)


class EntryOut(EntrySummaryOut):
    player: PlayerSummaryOut
    visitor_signed_in_by: str = Field(..., description="chips: the full member who signed the visitor in, or empty")
    visitor_fee: int = Field(..., description="chips: the visitor fee charged with the sale, minor units")
    ticket_url: str
    table: int | None = None
    seat: int | None = None
    waiting_position: int | None = None
    seats_free: int | None = Field(
        None,
        description="while the entry waits (ENT-WAIT): the free seats at the open tables, none of them one a new "
        "player may take this hand (ENT-LATE: in or between the blinds and the button)",
    )


class VoidIn(Schema):
    reason: str = Field(..., min_length=1, max_length=200)


class RefundIn(Schema):
    reason: RefundReason
    note: str = Field("", max_length=200)


def entry_out(entry: Entry) -> dict:
    answer = {
        **entry_summary(entry),
        "player": player_queries.player_summary(entry.player),
        "ticket_url": f"/tournaments/{entry.tournament_id}/entries/{entry.number}/ticket/",
        "visitor_signed_in_by": entry.visitor_signed_in_by,
        "visitor_fee": entry.visitor_fee,
        **place_of(entry),
    }
    if answer["waiting_position"]:
        shape = field_shape(entry.tournament)
        answer["seats_free"] = shape.seats - shape.players
    return answer


@router.get("/players/", response={200: list[PlayerOut], **ERRORS}, summary="Find players by name, member or ID number")
def find_players(request, q: str = ""):
    check(request.user, Action.PERSONAL_DATA)
    return [player_out(player) for player in player_queries.find_players(q[:100])]


@router.post("/tournaments/{tournament_id}/players/", response={**ERRORS, 201: PlayerOut})
def create_player(request, tournament_id: Id, body: PlayerIn):
    tournament_for(request.user, tournament_id, Action.DESK)
    check(request.user, Action.PERSONAL_DATA)
    if body.id_checked and not body.id_document_number.strip():  # REG-ID: the desk saw which document?
        raise player_services.PlayerRefused(
            _("'Photo ID seen now' needs the ID document on file: give its type and number.")
        )
    player = player_services.create_player(
        tournament_id, player_services.NewPlayer(**body.dict()), request.user, request_key(request)
    )
    return Status(201, player_out(Player.objects.select_related("membership").get(pk=player.pk)))


@router.get(
    "/tournaments/{tournament_id}/players/{player_id}/check/",
    response={200: CheckOut, **ERRORS},
    summary="Every reason the player can or cannot enter now",
)
def check_player(request, tournament_id: Id, player_id: Id):
    tournament = tournament_for(request.user, tournament_id, Action.DESK)
    check(request.user, Action.PERSONAL_DATA)
    player = Player.objects.select_related("membership").get(pk=player_id)
    found = check_entry(tournament, player, None, timezone.now())
    # FLIGHT-REENTRY: a main event's seats are sold in its flights, and a flight's by the ruleset's
    # re-entry across flights; the desk says so for each kind of sale that seats a player.
    flights = flight_reason(tournament, player, True)
    return {
        "player": player_out(player),
        "may_enter": all(reason.ok for reason in found["reasons"]),
        "reasons": found["reasons"],
        "kinds": {
            kind.value: flights if flights and kind.seats_a_player else reason
            for kind, reason in found["kinds"].items()
        },
        "consents": player_queries.current_consents(player),
        "entries": [entry_summary(e) for e in tournament.entries.filter(player=player)],
        "won_seats": unused_vouchers(tournament, player),  # REG-NONTRANSFER: the player's own, good here
        "prices": sale_prices(tournament),
        "history": festival_history(tournament, player),
    }


@router.post(
    "/tournaments/{tournament_id}/players/{player_id}/id-check/",
    response={200: PlayerOut, **ERRORS},
    summary="Record that the player's photo ID was checked today (REG-ID)",
)
def id_check(request, tournament_id: Id, player_id: Id):
    tournament_for(request.user, tournament_id, Action.DESK)
    player = player_services.record_id_check(tournament_id, player_id, request.user)
    return player_out(Player.objects.select_related("membership").get(pk=player.pk))


class IdDocumentIn(Schema):
    id_document_type: str = Field(..., pattern="^(passport|id_card|driving_licence)$")
    id_document_number: str = Field(..., min_length=1, max_length=64)


@router.post(
    "/tournaments/{tournament_id}/players/{player_id}/id-document/",
    response={200: PlayerOut, **ERRORS},
    summary="Put the ID document the desk is looking at on an existing player's file, seen today (REG-ID)",
)
def id_document(request, tournament_id: Id, player_id: Id, body: IdDocumentIn):
    tournament_for(request.user, tournament_id, Action.DESK)
    check(request.user, Action.PERSONAL_DATA)
    player = player_services.record_id_document(
        tournament_id, player_id, body.id_document_type, body.id_document_number, request.user, request_key(request)
    )
    return player_out(Player.objects.select_related("membership").get(pk=player.pk))


@router.post(
    "/tournaments/{tournament_id}/players/{player_id}/public-name/",
    response={200: PlayerOut, **ERRORS},
    summary="REG-CONSENT: how public screens name the player (initials only, or first name and last initial)",
)
def public_name(request, tournament_id: Id, player_id: Id, body: PublicNameIn):
    tournament_for(request.user, tournament_id, Action.DESK)
    player = player_services.set_public_name(
        tournament_id, player_id, body.initials_only, request.user, request_key(request)
    )
    return player_out(Player.objects.select_related("membership").get(pk=player.pk))


@router.post("/tournaments/{tournament_id}/entries/", response={**ERRORS, 201: EntryOut})
def register(request, tournament_id: Id, body: SaleIn):
    tournament_for(request.user, tournament_id, Action.DESK)
    sale = Sale(**body.dict(exclude={"player_id"}))
    entry = services.register_entry(tournament_id, body.player_id, sale, request.user, request_key(request))
    return Status(201, entry_out(entry))


@router.post("/tournaments/{tournament_id}/entries/{number}/void/", response={200: EntryOut, **ERRORS})
def void(request, tournament_id: Id, number: EntryNumber, body: VoidIn):
    tournament_for(request.user, tournament_id, Action.VOID_OR_REFUND)
    return entry_out(services.void_entry(tournament_id, number, body.reason, request.user, request_key(request)))


@router.post("/tournaments/{tournament_id}/entries/{number}/refund/", response={200: EntryOut, **ERRORS})
def refund(request, tournament_id: Id, number: EntryNumber, body: RefundIn):
    tournament_for(request.user, tournament_id, Action.VOID_OR_REFUND)
    entry = services.refund_entry(tournament_id, number, body.reason, request.user, body.note, request_key(request))
    return entry_out(entry)


class SubstituteIn(Schema):
    player_id: Id
    reason: str = Field(..., min_length=1, max_length=200)


class SubstituteOut(Answer):
    entry: int
    entrant: str
    substitute: str
    reason: str


@router.post(
    "/tournaments/{tournament_id}/entries/{number}/substitute/",
    response={**ERRORS, 201: SubstituteOut},
    summary="The director approves a substitute for an entry's seat (ENT-SUBST)",
)
def substitute(request, tournament_id: Id, number: EntryNumber, body: SubstituteIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    done = services.approve_substitute(tournament_id, number, body.player_id, body.reason, request.user)
    return Status(
        201,
        {"entry": number, "entrant": str(done.entry.player), "substitute": str(done.substitute), "reason": done.reason},
    )


class RegistrationOpenedOut(Answer):
    tournament_status: str


class RegistrationClosedOut(Answer):
    registration_closed: bool


@router.post(
    "/tournaments/{tournament_id}/registration/open/",
    response={200: RegistrationOpenedOut, **ERRORS},
    summary="The director opens registration: the desks sell from now on",
)
def open_registration(request, tournament_id: Id):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return services.open_registration(tournament_id, request.user, request_key(request))


@router.post(
    "/tournaments/{tournament_id}/registration/close/",
    response={200: RegistrationClosedOut, **ERRORS},
    summary="The director closes registration (ENT-LATE)",
)
def close_registration(request, tournament_id: Id):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    services.close_registration(tournament_id, request.user)
    return {"registration_closed": True}
