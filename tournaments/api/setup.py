"""The director's set-up through the API: create and edit a tournament, venue tables, seat
pins, keep-apart groups, sponsor companies and exclusions (the set-up page posts here)."""

from datetime import date

from django.utils.translation import gettext as _
from ninja import Field, Router, Schema, Status
from ninja.errors import HttpError
from ninja.security import django_auth

from core.access import Action, check, tournament_for
from core.api import (
    ERRORS,
    MOST_CHIPS,
    MOST_ENTRIES,
    MOST_LEVELS,
    MOST_SEATS,
    Answer,
    EntryNumber,
    Id,
    Money,
    SeatNumber,
    TableNumber,
    request_key,
)
from players.models import Company
from players.services import desk as player_services
from players.services import logos as compliance
from tournaments.api.logos import CompanyOut
from tournaments.api.tournaments import SettingsIn
from tournaments.queries.venue_tables import venue_tables as venue_table_rows
from tournaments.services import setup, venue_tables

router = Router(tags=["set-up"], auth=django_auth)


class SetupSettingsIn(SettingsIn):
    """The set-up page's settings: the tournament's, its ruleset's bounty stage (BNT-MYSTERY)
    and, in a house with rebuys, the rebuy's price and chips (ENT-REBUY)."""

    bounty_stage_starts: str | None = Field(
        None, max_length=12, description="when a mystery event's envelopes start: bubble, twice_paid, day_two or level"
    )
    bounty_stage_level: int | None = Field(None, ge=1, le=MOST_LEVELS, description="with level: the level")
    rebuy_price: Money | None = Field(None, description="ENT-REBUY: what a rebuy adds to the pool, minor units")
    rebuy_chips: int | None = Field(None, ge=0, le=MOST_CHIPS, description="ENT-REBUY: the chips a rebuy brings")
    collect_seat_cards: bool | None = Field(
        None, description="SEAT-COLLECT: seat cards are collected at the draw; a seat number's stacks go in together"
    )
    time_limit_split: str | None = Field(
        None, max_length=20, description="CLK-LIMIT: the time limit's chip-chop, exact or rounded_percent"
    )
    alter_published_breaking_order: bool | None = Field(None, description="SEAT-BREAK: the director may alter it")
    seat_by_cards: bool | None = Field(None, description="kentucky: the floor seats each table by its cards")
    rebuys: bool | None = Field(None, description="ENT-REBUY: the event sells rebuys (a league event may)")
    rebuy_minutes: int | None = Field(None, ge=1, le=6_000, description="ENT-REBUY: minutes of play rebuys are sold")
    addon_sold: bool | None = Field(None, description="ENT-ADDON: an add-on at the end of the rebuy period")
    addon_price: Money | None = Field(None, description="ENT-ADDON: what the add-on adds to the pool, minor units")
    addon_chips: int | None = Field(None, ge=0, le=MOST_CHIPS, description="ENT-ADDON: the chips the add-on brings")
    addon_minutes: int | None = Field(
        None, ge=1, le=600, description="ENT-ADDON: minutes on sale from the end of a timed rebuy period"
    )
    # AC-PERIOD, with the action clock: its period; a field sent as null is no bound, one not sent stays.
    action_clock_from_level: int | None = Field(None, ge=1, le=MOST_LEVELS, description="AC-PERIOD: from this level")
    action_clock_until_level: int | None = Field(None, ge=1, le=MOST_LEVELS, description="AC-PERIOD: to this level")
    action_clock_from_day: int | None = Field(None, ge=1, le=30, description="AC-PERIOD: from this day")
    action_clock_until_day: int | None = Field(None, ge=1, le=30, description="AC-PERIOD: to this day")


class StageSetOut(Answer):
    starts: str = Field(..., description="bubble, twice_paid, day_two or level")
    level: int | None = None


class RebuySetOut(Answer):
    price: int = Field(..., description="minor units")
    chips: int


class ActionPeriodOut(Answer):
    from_level: int | None
    until_level: int | None
    from_day: int | None
    until_day: int | None


class AddonSetOut(Answer):
    price: int = Field(..., description="minor units")
    chips: int
    minutes: int = Field(..., description="on sale this long from the end of a timed rebuy period")


class ChangesOut(Answer):
    """Only the settings that changed, each with its new value."""

    name: str = None
    ruleset_preset: str = None
    buy_in: int = None
    fee: int = None
    starting_stack: int = None
    starts_at: str | None = Field(None, description="ISO 8601, in the festival's time zone unless an offset was given")
    max_entries: int | None = None
    guarantee: int | None = None
    places_paid: int | None = None
    satellite_for: int | None = None
    bounty_format: str = None
    bounty: int = None
    bounty_cash_percent: int = None
    bounty_stage: StageSetOut = Field(None, description="the ruleset's bounty stage, when the set-up changed it")
    rebuy: RebuySetOut = Field(None, description="the ruleset's rebuy, when the set-up changed it")
    collect_seat_cards: bool = Field(None, description="SEAT-COLLECT, when the set-up changed it")
    time_limit_split: str = Field(None, description="the ruleset's clock.time_limit_split, when changed")
    alter_published_breaking_order: bool = Field(None, description="the ruleset's seating choice, when changed")
    seat_by_cards: bool = Field(None, description="the ruleset's seating choice, when changed")
    rebuys: bool = Field(None, description="the ruleset's entries.rebuy, when changed")
    rebuy_minutes: int | None = Field(None, description="the ruleset's entries.rebuy_minutes, when changed")
    addon_sold: bool = Field(None, description="the ruleset's entries.addon, when changed")
    addon: AddonSetOut = Field(None, description="the ruleset's add-on, when the set-up changed it")
    action_clock_period: ActionPeriodOut = Field(None, description="AC-PERIOD, when the set-up changed it")


class SettingsChangedOut(Answer):
    changes: ChangesOut


@router.post(
    "/tournaments/{tournament_id}/settings/",
    response={200: SettingsChangedOut, **ERRORS},
    exclude_unset=True,
    summary="Edit the tournament: everything until the clock starts, then name, cap, guarantee, places paid",
)
def settings(request, tournament_id: Id, body: SetupSettingsIn):
    tournament = tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    in_ruleset = {"bounty_stage_starts", "bounty_stage_level", "collect_seat_cards", *REBUY, *ADDON, *CHOICES}
    given = body.dict(exclude={*in_ruleset, *ACTION_PERIOD})
    ruleset = bounty_stage_ruleset(tournament, body.bounty_stage_starts, body.bounty_stage_level)
    # ENT-REBUY, ENT-ADDON: the prices and chips the page gives (none: as they are).
    priced = {name: getattr(body, name) for name in (*REBUY, *ADDON) if getattr(body, name) is not None}
    ruleset = section_ruleset(tournament, ruleset, "entries", priced)
    if body.ruleset_preset in (None, tournament.ruleset_preset) and body.collect_seat_cards is not None:
        # SEAT-COLLECT; a new preset brings its own.
        ruleset = section_ruleset(tournament, ruleset, "seating", {"collect_by_seat_number": body.collect_seat_cards})
    ruleset = choices_ruleset(tournament, ruleset, {name: getattr(body, name) for name in CHOICES})
    period = {name: getattr(body, name) for name in ACTION_PERIOD if name in body.model_fields_set}
    ruleset = section_ruleset(tournament, ruleset, "clock", period)
    answer = setup.update_tournament(
        tournament_id, setup.Settings(**given, ruleset=ruleset), request.user, request_key(request)
    )
    changes = dict(answer["changes"])
    if "ruleset" in changes:  # the set-up edits the bounty stage and the rebuy of the ruleset: said as such
        now, before = changes.pop("ruleset"), tournament.rules().to_json()
        if now["bounties"] != before["bounties"]:
            stage = now["bounties"]
            changes["bounty_stage"] = {"starts": stage["stage_starts"], "level": stage["stage_level"]}
        if now["entries"] != before["entries"]:
            changes["rebuy"] = {"price": now["entries"]["rebuy_price"], "chips": now["entries"]["rebuy_chips"]}
        if now["seating"]["collect_by_seat_number"] != before["seating"]["collect_by_seat_number"]:
            changes["collect_seat_cards"] = now["seating"]["collect_by_seat_number"]
        for name, (section, setting) in CHOICES.items():
            if now[section][setting] != before[section][setting]:
                changes[name] = now[section][setting]
        if any(now["entries"][name] != before["entries"][name] for name in ADDON):
            changes["addon"] = {name[len("addon_") :]: now["entries"][name] for name in ADDON}
        if any(now["clock"][name] != before["clock"][name] for name in ACTION_PERIOD):
            changes["action_clock_period"] = {
                name[len("action_clock_") :]: now["clock"][name] for name in ACTION_PERIOD
            }
    return {**answer, "changes": changes}


def bounty_stage_ruleset(tournament, starts: str | None, level: int | None) -> dict | None:
    """BNT-MYSTERY: the ruleset's bounties section as the set-up page edits it (when the bounty
    stage starts, and its level), in the tournament's own copy of its ruleset; None when it is
    as it is. The service checks the copy (a stage from a level needs its level)."""
    if starts is None:
        return None
    rules = tournament.rules().to_json()
    section = {**rules["bounties"], "stage_starts": starts, "stage_level": level}
    if section == rules["bounties"]:
        return None
    return {**rules, "bounties": section}


# The house's choices the set-up page edits in the tournament's own ruleset: the setting's name on
# the page, and its section and name in the ruleset. A league event (neverending L37) may sell
# rebuys for a set time and an add-on at their end though its house's preset has neither.
CHOICES = {
    "time_limit_split": ("clock", "time_limit_split"),
    "alter_published_breaking_order": ("seating", "alter_published_breaking_order"),
    "seat_by_cards": ("seating", "seat_by_cards"),
    "rebuys": ("entries", "rebuy"),
    "rebuy_minutes": ("entries", "rebuy_minutes"),
    "addon_sold": ("entries", "addon"),
}


def choices_ruleset(tournament, ruleset: dict | None, given: dict) -> dict | None:
    """CLK-LIMIT's split, SEAT-BREAK's altered order and kentucky's seating by cards as the set-up
    page gives them (None: as it is), in the ruleset as the rebuy left it; None when nothing in
    it changes. The service checks the copy (a split that is neither exact nor rounded_percent)."""
    rules = ruleset or tournament.rules().to_json()
    changed = {**rules}
    for name, value in given.items():
        section, setting = CHOICES[name]
        if value is not None and value != rules[section][setting]:
            changed[section] = {**changed[section], setting: value}
    return ruleset if changed == rules else changed


ACTION_PERIOD = (
    "action_clock_from_level",
    "action_clock_until_level",
    "action_clock_from_day",
    "action_clock_until_day",
)


REBUY = ("rebuy_price", "rebuy_chips")
ADDON = ("addon_price", "addon_chips", "addon_minutes")


def section_ruleset(tournament, ruleset: dict | None, name: str, settings: dict) -> dict | None:
    """The ruleset (as the set-up left it) with the settings of its section `name` the set-up
    page gives: the add-on's (ENT-ADDON), the action clock's period (AC-PERIOD); None when
    nothing changes. The service checks the copy (an end before its start is refused)."""
    rules = ruleset or tournament.rules().to_json()
    section = {**rules[name], **settings}
    if section == rules[name]:
        return ruleset
    return {**rules, name: section}


class VenueTableIn(Schema):
    number: TableNumber | None = Field(None, description="one table; or `tables` for several")
    tables: str | None = Field(None, max_length=500, description='a range or list, e.g. "1-40" or "1-20, 31-40"')
    seats: int = Field(9, ge=2, le=MOST_SEATS)
    is_tv: bool = False


class VenueTableOut(Answer):
    table: int = Field(..., description="the (first) table")
    tables: list[int] = Field(None, description="every table added, changed or removed")
    seats: int
    is_tv: bool


@router.post(
    "/tournaments/{tournament_id}/venue-tables/",
    response={200: VenueTableOut, **ERRORS},
    summary="Add a table, or a range of tables with the same seats, to the festival's venue",
)
def venue_table(request, tournament_id: Id, body: VenueTableIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    if (body.number is None) == (body.tables is None):
        raise HttpError(422, _("Give the table's number, or a range such as 1-40."))
    tables = str(body.number) if body.number is not None else body.tables
    return venue_tables.add_venue_tables(
        tournament_id, tables, body.seats, body.is_tv, request.user, request_key(request)
    )


class VenueTableRowOut(Answer):
    table: int
    seats: int
    is_tv: bool
    in_use: str | None = Field(..., description="the tournament the table is open in now")
    used: str | None = Field(..., description="a tournament whose record names the table (it cannot be removed)")


@router.get(
    "/tournaments/{tournament_id}/venue-tables/",
    response={200: list[VenueTableRowOut], **ERRORS},
    summary="The festival's venue tables, and where each is in use",
)
def venue_table_list(request, tournament_id: Id):
    tournament = tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return venue_table_rows(tournament.festival_id)


class VenueTableChangeIn(Schema):
    seats: int = Field(..., ge=2, le=MOST_SEATS)
    is_tv: bool = False


@router.post(
    "/tournaments/{tournament_id}/venue-tables/{table_number}/",
    response={200: VenueTableOut, **ERRORS},
    summary="Change a venue table's seats or TV mark while no tournament has it open",
)
def venue_table_change(request, tournament_id: Id, table_number: TableNumber, body: VenueTableChangeIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return venue_tables.change_venue_table(
        tournament_id, table_number, body.seats, body.is_tv, request.user, request_key(request)
    )


@router.post(
    "/tournaments/{tournament_id}/venue-tables/{table_number}/remove/",
    response={200: VenueTableOut, **ERRORS},
    summary="Remove a venue table no tournament has used",
)
def venue_table_remove(request, tournament_id: Id, table_number: TableNumber):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return venue_tables.remove_venue_table(tournament_id, table_number, request.user, request_key(request))


class PinIn(Schema):
    entry: EntryNumber
    table: TableNumber
    seat: SeatNumber
    reason: str = Field(..., max_length=200)


class PinOut(Answer):
    entry: int
    table: int
    seat: int
    reason: str


@router.post(
    "/tournaments/{tournament_id}/seat-pins/",
    response={200: PinOut, **ERRORS},
    summary="Reserve a seat for an entry before the draw (SEAT-DRAW)",
)
def seat_pin(request, tournament_id: Id, body: PinIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return setup.pin_seat(tournament_id, body.entry, body.table, body.seat, body.reason, request.user)


class KeepApartIn(Schema):
    name: str = Field(..., max_length=100, description="e.g. the Smith family")
    entries: list[EntryNumber] = Field(..., min_length=2, max_length=MOST_ENTRIES)


class KeptApartOut(Answer):
    group: str = Field(..., description="the group's name")
    entries: list[int]


@router.post(
    "/tournaments/{tournament_id}/keep-apart/",
    response={200: KeptApartOut, **ERRORS},
    summary="Keep entries of one family or association at different tables (SEAT-SEPARATE)",
)
def keep_apart(request, tournament_id: Id, body: KeepApartIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    return setup.keep_apart(tournament_id, body.name, body.entries, request.user)


class CompanyIn(Schema):
    name: str = Field(..., max_length=100)
    status: str = Field(..., description=", ".join(Company.Status.values))


@router.post(
    "/tournaments/{tournament_id}/companies/",
    response={200: CompanyOut, **ERRORS},
    summary="A sponsor company and its status, new or changed (PF-LOGO-*)",
)
def company(request, tournament_id: Id, body: CompanyIn):
    tournament_for(request.user, tournament_id, Action.DIRECTOR_APPROVAL)
    saved = compliance.save_company(tournament_id, body.name, body.status, request.user)
    return {"id": saved.id, "name": saved.name, "status": saved.status}


class ExclusionIn(Schema):
    reason: str = Field(..., max_length=100)
    starts: date
    ends: date | None = None


class ExclusionOut(Answer):
    player: int = Field(..., description="the player's id")
    reason: str
    starts: date
    ends: date | None = Field(..., description="none: until lifted")


@router.post(
    "/tournaments/{tournament_id}/players/{player_id}/exclusions/",
    response={200: ExclusionOut, **ERRORS},
    summary="Exclude a player for a period, with the reason (REG-EXCLUDE)",
)
def exclusion(request, tournament_id: Id, player_id: Id, body: ExclusionIn):
    tournament_for(request.user, tournament_id, Action.DESK)
    done = player_services.exclude_player(tournament_id, player_id, body.reason, body.starts, body.ends, request.user)
    return {"player": player_id, "reason": done.reason, "starts": done.starts, "ends": done.ends}


class FestivalIn(Schema):
    name: str = Field(..., max_length=200)
    venue: str = Field(..., max_length=200)
    time_zone: str = Field("UTC", max_length=64, description="e.g. Europe/Vienna")
    currency: str = Field("EUR", max_length=3, description="ISO 4217, e.g. EUR")
    language: str = Field("", max_length=8, description="the pages' language: en, de, or empty for each browser's own")


class FestivalOut(Answer):
    id: int
    name: str
    venue: str
    currency: str
    language: str


@router.post(
    "/festivals/", response={201: FestivalOut, **ERRORS}, summary="A festival for new tournaments (the director)"
)
def festival(request, body: FestivalIn):
    check(request.user, Action.DIRECTOR_APPROVAL)
    made = setup.create_festival(body.name, body.venue, body.time_zone, body.currency, body.language)
    return Status(
        201,
        {"id": made.id, "name": made.name, "venue": made.venue, "currency": made.currency, "language": made.language},
    )
