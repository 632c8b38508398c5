"""The director's set-up without the admin: create a tournament from a preset and a structure
template, edit it (everything until its clock starts, then only what may change), the venue's
tables, seat pins and keep-apart groups.

Service floor: tournaments' services may call the clock's (the structure's copy).
"""

from dataclasses import asdict, dataclass, replace
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clock.rules.speeds import speed_levels, speed_name
from clock.rules.timeline import READY
from clock.services.level_clock import run_structure, structure_from_template
from core import kinds
from core.operation import operation
from rules.refusals import Refused, logged_reason
from rules.times import festival_time
from tables.models import KeepApart, SeatPin, Table
from tournaments.models import Entry, Festival, Tournament
from tournaments.rules.bounties import Format
from tournaments.rules.rulesets import Ruleset


@dataclass(frozen=True)
class Settings:
    """What the set-up page edits. Money in minor units."""

    name: str
    ruleset_preset: str
    buy_in: int
    fee: int
    starting_stack: int
    starts_at: datetime | None = None
    max_entries: int | None = None
    guarantee: int | None = None
    places_paid: int | None = None
    satellite_for: int | None = None  # a satellite's target (neverending: the next level), by id
    # None: as it is (the preset as shipped, the guarantee standing), so a caller that does not
    # edit these (the set-up page) leaves them alone.
    ruleset: dict | None = None  # the tournament's own copy of its preset (tournaments/rules/rulesets.py)
    guarantee_void: bool | None = None  # force majeure: the guarantee does not apply
    # BNT-POOL: the bounty format (tournaments/rules/bounties.py Format), the bounty part of an
    # entry (minor units) and BNT-PKO's cash share, in percent. None: as it is.
    bounty_format: str | None = None
    bounty: int | None = None
    bounty_cash_percent: int | None = None


# Once the clock has started these may still change; the rest is what players bought into.
CHANGEABLE_AFTER_THE_START = {"name", "max_entries", "guarantee", "places_paid", "guarantee_void"}
# Settings whose None means "as it is" rather than a value.
AS_IT_IS_WHEN_NONE = {"ruleset", "guarantee_void", "bounty_format", "bounty", "bounty_cash_percent"}
BOUNTY_SETTINGS = ("bounty_format", "bounty", "bounty_cash_percent")


def _check(settings: Settings) -> None:
    if not settings.name.strip():
        raise Refused(_("Give the tournament a name."))
    if settings.ruleset_preset not in Tournament.Preset.values:
        raise Refused(_("Choose a preset: %(values)s.") % {"values": ", ".join(Tournament.Preset.values)})
    if settings.starting_stack < 1:
        raise Refused(_("The starting stack must be at least one chip."))
    if settings.places_paid is not None and settings.places_paid < 1:
        raise Refused(_("Places paid must be at least 1, or empty for the payout table's own number."))
    if settings.ruleset:
        try:
            Ruleset.from_json(settings.ruleset)
        except ValueError as problem:
            raise Refused(str(problem)) from None


def _check_bounty(bounty_format: str, bounty: int, cash_percent: int) -> None:
    """BNT-POOL: a bounty event has a bounty part, an event without bounties none."""
    if bounty_format not in {value.value for value in Format}:
        raise Refused(_("Choose a bounty format: %(values)s.") % {"values": ", ".join(value.value for value in Format)})
    if not 0 <= cash_percent <= 100:
        raise Refused(_("The cash share of a progressive bounty is 0 to 100 percent."))
    if bounty < 0:
        raise Refused(_("The bounty part cannot be negative."))
    if bounty_format == Format.NONE and bounty:
        raise Refused(
            _("An event without bounties has no bounty part: choose a bounty format, or set the bounty to 0.")
        )
    if bounty_format != Format.NONE and not bounty:
        raise Refused(_("A bounty event needs a bounty part: set the bounty of each entry (minor units)."))


def _given(settings: Settings) -> dict:
    """The settings as the caller gave them, without those left as they are."""
    return {
        name: value for name, value in asdict(settings).items() if not (name in AS_IT_IS_WHEN_NONE and value is None)
    }


def _check_target(settings: Settings, festival_id: int, tournament: Tournament | None) -> None:
    """A satellite's target: an event of the same festival, not itself nor one of its own
    satellites, not over, and with an entry price to divide the pool by (a neverending level
    promotes by freeroll and needs none)."""
    if settings.satellite_for is None:
        return
    target = Tournament.objects.filter(pk=settings.satellite_for).first()
    if target is None or target.festival_id != festival_id:
        raise Refused(_("A satellite feeds an event of its own festival: choose one from the list."))
    if tournament is not None and target.id == tournament.id:
        raise Refused(_("A tournament cannot be a satellite for itself."))
    if target.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
        raise Refused(
            _("%(target)s is %(status)s: a satellite cannot award seats in it.")
            % {"target": target.name, "status": _(target.status)}
        )
    chain, step = set(), target
    while step is not None and step.id not in chain:
        if tournament is not None and step.satellite_for_id == tournament.id:
            raise Refused(
                _("%(target)s already feeds this tournament: satellites cannot go round in a circle.")
                % {"target": step.name}
            )
        chain.add(step.id)
        step = step.satellite_for
    ruleset = settings.ruleset if settings.ruleset is not None else (tournament.ruleset if tournament else {})
    rules = Tournament(ruleset_preset=settings.ruleset_preset, ruleset=ruleset).rules()
    if not rules.payouts.freeroll_per_entrants and target.buy_in + target.fee == 0:
        raise Refused(
            _("%(target)s has no entry price: a satellite's seats are worth its buy-in plus fee.")
            % {"target": target.name}
        )


def create_festival(name: str, venue: str, time_zone: str, currency: str, language: str = "") -> Festival:
    """A festival (a venue's series of tournaments) for the director's new tournaments. It has
    no log of its own: each tournament's log starts by naming its festival."""
    festival = Festival(
        name=name.strip(),
        venue=venue.strip(),
        time_zone=time_zone.strip() or "UTC",
        currency=currency.strip().upper() or "EUR",
        language=language.strip(),
    )
    if not festival.name or not festival.venue:
        raise Refused(_("Give the festival's name and its venue."))
    try:
        festival.full_clean()
    except ValidationError as problem:
        raise Refused(
            " ".join(f"{field.replace('_', ' ')}: {' '.join(errors)}" for field, errors in problem.message_dict.items())
        ) from None
    festival.save()
    return festival


def create_tournament(
    festival_id: int,
    settings: Settings,
    structure_id: int | None,
    director,
    late_entry_until_level: int | None = None,
    speed: str | None = None,
) -> Tournament:
    """A new tournament in a festival, from a preset and a copy of a structure template (or of
    a common speed's, CLK-LEVELS); its log starts with tournament.created."""
    _check(settings)
    if (structure_id is None) == (speed is None):
        raise Refused(_("Choose one structure: a template or a speed."))
    festival = Festival.objects.filter(pk=festival_id).first()
    if festival is None:
        raise Refused(_("There is no such festival."))
    _check_target(settings, festival.id, None)
    settings = replace(settings, starts_at=festival_time(settings.starts_at, festival.time_zone))
    _check_bounty(settings.bounty_format or Format.NONE, settings.bounty or 0, _or(settings.bounty_cash_percent, 50))
    settings = replace(settings, ruleset=_with_rebuy(settings))
    columns = {_column(name): value for name, value in _given(settings).items()}
    with transaction.atomic():
        tournament = Tournament.objects.create(festival=festival, **{**columns, "name": settings.name.strip()})
        with operation(tournament.id, director) as op:
            public = {
                "tournament": {
                    "id": tournament.id,
                    "name": tournament.name,
                    "festival": festival.name,
                    "preset": tournament.ruleset_preset,
                }
            }
            op.append(kinds.TOURNAMENT_CREATED, public=public, payload=public)
            if speed is not None:
                run_structure(op, speed_name(speed), speed_levels(speed), late_entry_until_level)
            else:
                structure_from_template(op, structure_id, late_entry_until_level)
    return tournament


def _with_rebuy(settings: Settings) -> dict | None:
    """ENT-REBUY: a house whose rulebook has rebuys without naming their price (chips: "at the
    discretion of the TD and announced before play begins") sells, until the director sets
    otherwise on the set-up page, a starting stack for the prize-pool part of an entry; the
    tournament's own copy of its ruleset carries both numbers."""
    rules = Tournament(ruleset_preset=settings.ruleset_preset, ruleset=settings.ruleset or {}).rules()
    entries = rules.entries
    if not entries.rebuy or entries.rebuy_price or entries.rebuy_chips or not settings.buy_in:
        return settings.ruleset
    data = rules.to_json()
    data["entries"] = {**data["entries"], "rebuy_price": settings.buy_in, "rebuy_chips": settings.starting_stack}
    return data


def update_tournament(tournament_id: int, settings: Settings, director, request_key: str | None = None) -> dict:
    """The director edits the tournament: everything until its clock starts; after that only
    the name, the seat cap, the guarantee (and its voiding by force majeure), the places paid
    and filming."""
    _check(settings)
    with operation(tournament_id, director, request_key) as op:
        if op.repeated:
            return op.repeated.public
        tournament = op.tournament
        settings = replace(settings, starts_at=festival_time(settings.starts_at, tournament.festival.time_zone))
        changes = {
            name: value for name, value in _given(settings).items() if value != getattr(tournament, _column(name))
        }
        clock = op.locked_clock()
        started = clock is not None and clock.status != READY
        if started and set(changes) - CHANGEABLE_AFTER_THE_START:
            frozen = ", ".join(sorted(set(changes) - CHANGEABLE_AFTER_THE_START)).replace("_", " ")
            raise Refused(_("The clock has started: %(frozen)s can no longer change.") % {"frozen": frozen})
        if tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
            raise Refused(
                _("The tournament is %(tournament_status)s: its settings are final.")
                % {"tournament_status": _(tournament.status)}
            )
        if changes.get("max_entries") is not None and changes["max_entries"] < tournament.seats_sold:
            raise Refused(
                _("%(seats_sold)s seats are sold already: the cap cannot be lower.")
                % {"seats_sold": tournament.seats_sold}
            )
        if not changes:
            raise Refused(_("Nothing changed."))
        if bounty_changes := sorted(set(changes) & set(BOUNTY_SETTINGS)):
            _check_bounty_change(tournament, settings, bounty_changes)
        if "satellite_for" in changes:
            _check_target(settings, tournament.festival_id, tournament)
        Tournament.objects.filter(pk=tournament.pk).update(**{_column(name): value for name, value in changes.items()})
        if bounty_changes:  # a flight sells with its main event's bounty
            tournament.flights.update(**{name: changes[name] for name in bounty_changes})
        public = {
            "changes": {
                name: value.isoformat() if isinstance(value, datetime) else value for name, value in changes.items()
            }
        }
        op.append(kinds.TOURNAMENT_UPDATED, public=public, payload=public)
    return public


def _or(value, default):
    return default if value is None else value


def _check_bounty_change(tournament: Tournament, settings: Settings, changed: list[str]) -> None:
    if tournament.main_event_id is not None:
        raise Refused(_("A flight's bounty is its main event's: set it on %(name)s.") % {"name": tournament.main_event})
    sold = tournament.seats_sold + sum(tournament.flights.values_list("seats_sold", flat=True))
    if sold and set(changed) & {"bounty_format", "bounty"}:
        raise Refused(
            _("%(sold)s entries are sold with the bounty as it is: the bounty can no longer change.") % {"sold": sold}
        )
    _check_bounty(
        _or(settings.bounty_format, tournament.bounty_format),
        _or(settings.bounty, tournament.bounty),
        _or(settings.bounty_cash_percent, tournament.bounty_cash_percent),
    )


def _column(name: str) -> str:
    return "satellite_for_id" if name == "satellite_for" else name


def add_venue_table(tournament_id: int, number: int, seats: int, is_tv: bool, director) -> dict:
    """A table of the festival's venue (for every tournament of the festival)."""
    if not 2 <= seats <= 12:
        raise Refused(_("A table has 2 to 12 seats."))
    with operation(tournament_id, director) as op:
        try:
            with transaction.atomic():
                Table.objects.create(festival_id=op.tournament.festival_id, number=number, seats=seats, is_tv=is_tv)
        except IntegrityError:
            raise Refused(_("The venue already has a table %(number)s.") % {"number": number}) from None
        public = {"table": number, "seats": seats, "is_tv": is_tv}
        op.append(kinds.VENUE_TABLE_ADDED, public=public, payload=public)
    return public


def pin_seat(tournament_id: int, entry_number: int, table_number: int, seat: int, reason: str, director) -> dict:
    """SEAT-DRAW: a seat reserved for an entry before the draw (special needs, the TV table)."""
    reason = logged_reason(reason, _("the seat is reserved"))
    with operation(tournament_id, director) as op:
        tournament = op.tournament
        if tournament.seatings.exists():
            raise Refused(_("The field is drawn: move the player by hand instead."))
        entry = Entry.objects.filter(tournament=tournament, number=entry_number, status=Entry.Status.ACTIVE).first()
        table = Table.objects.filter(festival_id=tournament.festival_id, number=table_number).first()
        if entry is None or table is None:
            raise Refused(
                _("There is no active entry #%(entry_number)s.") % {"entry_number": entry_number}
                if entry is None
                else _("The venue has no table %(table_number)s.") % {"table_number": table_number}
            )
        if not 1 <= seat <= table.seats:
            raise Refused(
                _("Table %(table_number)s has seats 1 to %(seats)s.")
                % {"table_number": table_number, "seats": table.seats}
            )
        if SeatPin.objects.filter(tournament=tournament, table=table, seat=seat).exclude(entry=entry).exists():
            raise Refused(
                _("Seat %(seat)s at table %(table_number)s is reserved for another entry.")
                % {"seat": seat, "table_number": table_number}
            )
        SeatPin.objects.update_or_create(
            tournament=tournament, entry=entry, defaults={"table": table, "seat": seat, "reason": reason}
        )
        payload = {"entry": entry_number, "table": table_number, "seat": seat, "reason": reason}
        op.append(kinds.SEAT_PINNED, public=None, payload=payload)
    return payload


def keep_apart(tournament_id: int, name: str, entry_numbers: list[int], director) -> dict:
    """SEAT-SEPARATE: entrants of one family or association, kept at different tables."""
    name = logged_reason(name, _("these players are kept apart (a name, e.g. the Smith family)"))
    numbers = sorted(set(entry_numbers))
    if len(numbers) < 2:
        raise Refused(_("Name two entries or more to keep apart."))
    with operation(tournament_id, director) as op:
        entries = list(Entry.objects.filter(tournament=op.tournament, number__in=numbers))
        if len(entries) != len(numbers):
            missing = sorted(set(numbers) - {entry.number for entry in entries})
            raise Refused(
                _("There is no entry %(value)s in this tournament.") % {"value": ", ".join(f"#{n}" for n in missing)}
            )
        group = KeepApart.objects.create(tournament=op.tournament, name=name)
        group.entries.set(entries)
        payload = {"group": name, "entries": numbers}
        op.append(kinds.KEEP_APART_SET, public=None, payload=payload)
    return payload
