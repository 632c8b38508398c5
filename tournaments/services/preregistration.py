"""Online pre-registration: a player holds a seat (or a place on the waiting list) before the
event; the desk checks the photo ID and confirms it into an entry through the sale's rules.

Locking: these run when a whole festival registers at once, so the tournament row (the
seats' counter and the log's next seq) is taken as late as the transaction allows: the
checks and the insert come first (a document already registered is refused there by its
constraint), the seat and the seq are taken by one conditional UPDATE of the row (which locks
it until commit), and the event follows. The log stays gap-free and in commit order; a
flight's registrations queue only for that UPDATE (which returns the waiting list's length,
kept on the row), the event row and the commit. A cancellation, which may promote the first
on the waiting list, takes the row first.
"""

from datetime import UTC, datetime

from django.db import IntegrityError, connection, transaction
from django.utils.translation import gettext as _

from core import kinds, log, model_rows, time_source
from core.access import recorded_user
from core.operation import operation
from players.models import TERMS_VERSION, Consent, Player, PreRegistration, normalise_document_number
from players.queries.players import player_summary
from players.rules import eligibility
from rules.refusals import Refused
from tournaments.models import Entry, Event, Festival, Tournament
from tournaments.queries.entries import Sale, sale_clock, tournament_moment
from tournaments.queries.preregistration import (
    OPEN_STATUSES,
    flight_counts,
    has_flights_of,
    locked_counts,
    other_flights_with_seats,
    takes_preregistrations,
    waiting_position,
)
from tournaments.rules import preregistration
from tournaments.rules.entries import Kind
from tournaments.services.desk import EntryRefused, Known, register_entry

DESK_METHODS = (Entry.Method.CASH, Entry.Method.CARD, Entry.Method.TRANSFER)


class PreRegistrationRefused(Refused):
    """The application fails a check that can be made online; `reasons` name their rules."""

    def __init__(self, reasons: list[eligibility.Reason]):
        super().__init__(" ".join(reason.message for reason in reasons))
        self.reasons = reasons

    def details(self) -> dict:
        return {"reasons": [{"rule": r.rule, "ok": r.ok, "message": r.message} for r in self.reasons]}


class FlightFull(Refused):
    """Every seat is sold or held: the answer names the waiting list and the other flights."""

    def __init__(self, tournament: Tournament, alternatives: list[Tournament], waiting: int):
        names = [t.name for t in alternatives]
        if names:
            message = _("%(flight)s is full: join its waiting list or choose %(others)s.") % {
                "flight": tournament.name,
                "others": _(" or ").join(names),
            }
        else:
            message = _(
                "%(flight)s is full: join its waiting list (%(waiting)s waiting) and you will move up when "
                "a seat comes free."
            ) % {"flight": tournament.name, "waiting": waiting}
        super().__init__(message)
        self.tournament, self.alternatives, self.waiting = tournament, alternatives, waiting

    def details(self) -> dict:
        return {
            "full": True,
            "waiting": self.waiting,
            "alternatives": [{"id": t.id, "name": t.name} for t in self.alternatives],
        }


def preregister(
    tournament_id: int, application: preregistration.Application, join_waiting_list: bool = False, now=None
) -> PreRegistration:
    """Hold a seat for the player, or, with `join_waiting_list`, put them on the flight's
    waiting list when no seat is left (a seat left is held all the same). Raises
    PreRegistrationRefused, FlightFull, or Refused (closed, duplicate)."""
    # With its main event (the answer names it: queries.public_view) and the one clock's time. A
    # flight has no flights of its own: only a main event asks whether it has.
    tournament, clock = model_rows.tournament_with_main_event(tournament_id)
    now = now or clock
    has_flights = tournament.main_event_id is None and has_flights_of(tournament_id)
    if not takes_preregistrations(tournament, has_flights):
        raise Refused(
            _("Choose one of %(event)s's flights: each has its own seats.") % {"event": tournament.name}
            if has_flights
            else _("%(event)s takes no pre-registrations now: registration is %(state)s.")
            % {
                "event": tournament.name,
                "state": _("closed") if tournament.registration_closed else tournament.get_status_display(),
            }
        )
    zone = tournament.festival.time_zone
    today = eligibility.local_day(now, zone)
    play_day = max(today, eligibility.local_day(tournament.starts_at, zone)) if tournament.starts_at else today
    refused = preregistration.check_application(
        application, tournament.rules().eligibility.minimum_age, play_day, today
    )
    if refused:
        raise PreRegistrationRefused(refused)
    try:
        return _hold(tournament, application, join_waiting_list, now)
    except IntegrityError as error:  # the whole transaction rolled back: nothing half-written
        # A document already held, waiting or confirmed for this flight: its insert, before the
        # flight's lock, is refused by the constraint (no read first), a race's as well.
        if constraint_of(error) != "prereg_one_per_document_per_flight":
            raise
        raise _already_registered(tournament, application) from None


def _already_registered(tournament: Tournament, application: preregistration.Application) -> Refused:
    return Refused(
        _(
            "This %(document)s is already pre-registered for %(flight)s: your confirmation page "
            "(the page you saw after registering) has its code. Cancel that one first to register again."
        )
        % {"document": _document_words()[application.id_document_type], "flight": tournament.name}
    )


def constraint_of(error: IntegrityError) -> str | None:
    """The name of the constraint PostgreSQL refused the statement by (psycopg's diagnostics)."""
    diagnostics = getattr(error.__cause__, "diag", None)
    return getattr(diagnostics, "constraint_name", None)


def _hold(
    tournament: Tournament, application: preregistration.Application, join_waiting_list: bool, now
) -> PreRegistration:
    """The row is inserted before the flight's lock (no one sees it before the commit, which
    writes it with its seat or not at all); the seat's UPDATE takes the lock and the log's next
    seq (and the waiting list's length, kept on the row) in one statement, so the flight's row
    is held for that UPDATE, the event (one statement) and the commit. A full flight is locked first and the row written
    again under the lock: its id is the waiting list's order, given in the order people join."""
    tournament_id = tournament.id
    with transaction.atomic():
        held = _insert(tournament, application, now, PreRegistration.Status.HELD)
        taken = _take_a_seat(tournament_id)
        if taken is not None:
            max_entries, sold, seats_held, waiting, *place = taken
            # The answer's counts are the row's as this hold wrote it, not as read before the lock.
            tournament.seats_sold, tournament.seats_held = sold, seats_held
            counts = flight_counts(tournament, waiting)
            log.append_event(
                tournament_id,
                kinds.PREREGISTRATION_HELD,
                payload={"code": held.code, **counts},
                public=counts,
                place=log.Place(*place),
            )
            held.counts_as_held = counts  # the answer's (queries.public_view): not counted again
            return held
        locked = _refuse_unless_open(tournament_id)
        if not join_waiting_list:
            raise FlightFull(tournament, other_flights_with_seats(tournament), locked.preregistrations_waiting)
        PreRegistration.objects.filter(pk=held.pk).delete()
        held = _insert(tournament, application, now, PreRegistration.Status.WAITING)
        counts = locked_counts(tournament_id)
        position = waiting_position(held)
        log.append_event(
            tournament_id,
            kinds.PREREGISTRATION_WAITING,
            payload={"code": held.code, "position": position, **counts},
            public={"position": position, **counts},
        )
    return held


def _document_words() -> dict[str, str]:
    return {"passport": _("passport"), "id_card": _("national ID card"), "driving_licence": _("driving licence")}


def _insert(tournament: Tournament, application: preregistration.Application, now, status: str) -> PreRegistration:
    """The row as PreRegistration.save writes it, in one static statement (core/model_rows.py)."""
    held = PreRegistration(
        tournament=tournament,
        status=status,
        first_name=application.first_name.strip(),
        last_name=application.last_name.strip(),
        date_of_birth=application.date_of_birth,
        email=application.email.strip(),
        nationality=application.nationality.strip().upper(),
        id_document_type=application.id_document_type,
        id_document_number=normalise_document_number(application.id_document_number),
        id_document_country=application.id_document_country.strip().upper(),
        terms_version=TERMS_VERSION,
        filming_release=application.filming_release,
        marketing_opt_in=application.marketing_opt_in,
        initials_only=application.initials_only,
        payment=application.payment,
        payment_reference=application.payment_reference.strip() if application.payment == "online" else "",
        created_at=now,
        changed_at=now,
    )
    written = model_rows.inserted(held)
    written.tournament = tournament  # with its festival and main event: the answer names them
    return written


def _take_a_seat(tournament_id: int) -> tuple | None:
    """One seat more held, if one is left and pre-registration is open: a conditional UPDATE,
    so two registrations for the last seat cannot both have it (the check constraint on
    sold + held <= max_entries stands behind it); it takes the log's next seq too. Returns
    the row's counts, the waiting list's length (kept on the row: a count here would read the
    statement's snapshot, taken before it waited for the row) and the event's place
    (core.log.BUMPED); None: no seat, no seq."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {Tournament._meta.db_table} SET seats_held = seats_held + 1, {log.BUMP} WHERE id = %s "
            "AND status = ANY(%s) AND NOT registration_closed "
            "AND (max_entries IS NULL OR seats_sold + seats_held < max_entries) "
            f"RETURNING max_entries, seats_sold, seats_held, preregistrations_waiting, {log.BUMPED}",
            [tournament_id, list(OPEN_STATUSES)],
        )
        return cursor.fetchone()


def _refuse_unless_open(tournament_id: int) -> Tournament:
    """The flight's row, locked, if it still takes pre-registrations."""
    tournament = Tournament.objects.select_for_update(of=("self",)).get(pk=tournament_id)
    if tournament.status not in OPEN_STATUSES or tournament.registration_closed:
        raise Refused(_("%(event)s has just closed its registration: ask at the desk.") % {"event": tournament.name})
    return tournament


def cancel_preregistration(code: str, actor=None) -> PreRegistration:
    """The player cancels with their code (or the desk for them). A held seat goes to the
    first on the waiting list, if anyone waits. Cancelling twice changes nothing."""
    found = PreRegistration.objects.filter(code=preregistration.code_from_scan(code)).first()
    if found is None:
        raise Refused(_("No pre-registration has this code: check it on your confirmation."))
    with operation(found.tournament_id, actor) as op:
        entry = PreRegistration.objects.select_for_update().get(pk=found.pk)
        if entry.status == PreRegistration.Status.CANCELLED:
            return entry
        if entry.status == PreRegistration.Status.CONFIRMED:
            raise Refused(_("This pre-registration is already an entry: ask the desk about a refund."))
        was, now = entry.status, time_source.now()
        entry.status, entry.changed_at = PreRegistration.Status.CANCELLED, now
        entry.save(update_fields=["status", "changed_at"])
        promoted = None
        if was == PreRegistration.Status.HELD:
            promoted = (
                PreRegistration.objects.select_for_update()
                .filter(tournament_id=entry.tournament_id, status=PreRegistration.Status.WAITING)
                .order_by("id")
                .first()
            )
            if promoted is None:
                Tournament.objects.filter(pk=entry.tournament_id).update(seats_held=op.tournament.seats_held - 1)
            else:  # the seat stays held: for the first in line now
                promoted.status, promoted.changed_at = PreRegistration.Status.HELD, now
                promoted.save(update_fields=["status", "changed_at"])
        counts = locked_counts(entry.tournament_id)
        op.append(
            kinds.PREREGISTRATION_CANCELLED,
            payload={"code": entry.code, "was": was, **counts},
            public={"was": was, **counts},
        )
        if promoted is not None:
            op.append(kinds.PREREGISTRATION_PROMOTED, payload={"code": promoted.code, **counts}, public=counts)
    return entry


def confirm_preregistration(tournament_id: int, code: str, method: str, desk: str, shift: str, actor) -> Entry:
    """The desk has checked the photo ID against the pre-registration: it becomes an entry,
    sold by the desk's own rules (eligibility, the sale window), paid at the desk by `method`
    or online with the player's reference. Confirming twice gives the one entry: the
    pre-registration's row, locked first, answers a repeat (whatever the request's key), and
    the entry carries the key `prereg-<code>`, which no other sale can have."""
    code = preregistration.code_from_scan(code)
    refusal = None
    with transaction.atomic():
        found, now = _locked_preregistration(code)
        if found is None:
            raise Refused(
                _("No pre-registration has the code %(code)s: scan it again or search by name.") % {"code": code}
            )
        if found.tournament_id != tournament_id:
            raise Refused(
                _("This pre-registration is for %(flight)s: confirm it at that tournament's desk.")
                % {"flight": found.tournament.name}
            )
        if found.status == PreRegistration.Status.CONFIRMED:
            return found.entry
        _check_confirmable(found)
        if found.payment == PreRegistration.Payment.ONLINE:
            method = Entry.Method.ONLINE
        elif method not in DESK_METHODS:
            raise Refused(_("Choose how the buy-in is paid at the desk: cash, card or bank transfer."))
        tournament = found.tournament
        player, created = _player_for(found, actor, now, tournament.festival.time_zone)
        clock = sale_clock(tournament)
        kind = Kind.LATE if tournament_moment(tournament, now, clock).started else Kind.BUY_IN
        try:
            entry = register_entry(
                tournament_id,
                player.id,
                Sale(kind=kind, method=method, desk=desk, shift=shift),
                actor,
                request_key=f"prereg-{code}",
                releasing_hold=True,
                player_locked=True,  # _player_for locked (or created) the player's row
                known=Known(tournament, player, clock, now=now, new_player=created),
            )
        except EntryRefused as refused:
            refusal = refused  # the player record and the log's refusal stay; the seat stays held
        else:
            found.status, found.entry, found.player = PreRegistration.Status.CONFIRMED, entry, player
            found.confirmed_by, found.changed_at = recorded_user(actor), now
            # The sale's own tournament row (locked, its seats as just written): no second read.
            # Its waiting list's length is the one the lock read (kept on the row): a held seat
            # confirmed neither joins nor leaves the list.
            counts = flight_counts(entry.tournament, entry.tournament.preregistrations_waiting)
            event = log.following(
                entry.last_event,
                kinds.PREREGISTRATION_CONFIRMED,
                actor=actor,
                public=counts,
                payload={
                    "code": code,
                    "entry": entry.number,
                    "player": player_summary(player),
                    "player_created": created,
                    "method": method,
                    "payment_reference": found.payment_reference,
                    **counts,
                },
            )
            _confirmed(found, entry.last_event, event)
    if refusal is not None:
        raise refusal
    return entry


def _confirmed(entry: PreRegistration, sold: Event, event: Event) -> None:
    """Write the confirmation on the pre-registration's row with its event, which follows the
    sale's (`sold`): one round trip under the flight's row."""
    table = PreRegistration._meta.db_table
    log.written_with(
        sold,
        event,
        f"UPDATE {table} SET status = %s, entry_id = %s, player_id = %s, confirmed_by_id = %s, changed_at = %s "
        f"WHERE id = %s",
        [entry.status, entry.entry_id, entry.player_id, entry.confirmed_by_id, entry.changed_at, entry.id],
    )


def _check_confirmable(entry: PreRegistration) -> None:
    if entry.status == PreRegistration.Status.WAITING:
        raise Refused(
            _("%(name)s is on the waiting list (number %(position)s): no seat is held for them yet.")
            % {"name": f"{entry.first_name} {entry.last_name}", "position": waiting_position(entry)}
        )
    if entry.status == PreRegistration.Status.CANCELLED:
        raise Refused(_("This pre-registration was cancelled: register the player as a walk-in."))


_PRE = model_rows.columns(PreRegistration, "p")
# A confirmation's first read: the pre-registration locked, with its flight, festival and main
# event (FLIGHT-REENTRY reads it), one static statement (core/model_rows.py).
_LOCKED_PREREGISTRATION = f"""
    SELECT clock_timestamp(), {_PRE.sql},
        {model_rows.TOURNAMENT.sql}, {model_rows.FESTIVAL.sql}, {model_rows.MAIN_EVENT.sql}
    FROM {PreRegistration._meta.db_table} p JOIN {Tournament._meta.db_table} t ON t.id = p.tournament_id
    JOIN {Festival._meta.db_table} f ON f.id = t.festival_id {model_rows.JOIN_MAIN_EVENT}
    WHERE p.code = %s FOR UPDATE OF p"""


def _locked_preregistration(code: str) -> tuple[PreRegistration | None, datetime | None]:
    """The pre-registration with its flight, festival and main event, locked, and the one
    clock's time (core.time_source.now's), in one statement; (None, None): no such code."""
    with connection.cursor() as cursor:
        cursor.execute(_LOCKED_PREREGISTRATION, [code])
        row = cursor.fetchone()
    if row is None:
        return None, None
    at, row = row[0].astimezone(UTC), row[1:]
    found, flight, flight.festival = model_rows.instances(row, _PRE, model_rows.TOURNAMENT, model_rows.FESTIVAL)
    found.tournament = model_rows.with_main_event(flight, row, len(row) - len(model_rows.MAIN_EVENT.names))
    return found, at


_PLAYER = model_rows.columns(Player, "p")
# The unique document (players.Player's constraint, partial: a number is given).
_ON_DOCUMENT_ON_FILE = "ON CONFLICT (id_document_type, id_document_number) WHERE id_document_number <> '' DO NOTHING"


def _player_for(entry: PreRegistration, actor, now, time_zone: str) -> tuple[Player, bool]:
    """The player the document names (a returning player keeps their record), or a new one
    with the consents given online. Either way the photo ID is seen today (REG-ID). Its row is
    written first (no read before: a new player is one statement); a document on file already
    leaves it out (the constraint, a concurrent desk's insert waited for), and the record on
    file is marked seen and locked in one UPDATE."""
    today = eligibility.local_day(now, time_zone)
    player = Player(
        first_name=entry.first_name,
        last_name=entry.last_name,
        date_of_birth=entry.date_of_birth,
        nationality=entry.nationality or entry.id_document_country,
        email=entry.email,
        id_document_type=entry.id_document_type,
        id_document_number=normalise_document_number(entry.id_document_number),
        initials_only=entry.initials_only,
        id_checked_on=today,
    )
    written = model_rows.inserted(player, _ON_DOCUMENT_ON_FILE)
    created = written is not None
    if created:
        player = written
    else:
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {Player._meta.db_table} p SET id_checked_on = %s "
                "WHERE id_document_type = %s AND id_document_number = %s AND id_document_number <> '' "
                f"RETURNING {_PLAYER.sql}",
                [today, player.id_document_type, player.id_document_number],
            )
            player = model_rows.instance(_PLAYER, cursor.fetchone())
    clerk = recorded_user(actor)
    # The consents as given online, in the same records the desk writes (the latest row counts).
    Consent.objects.bulk_create(
        [
            Consent(
                player=player,
                kind=Consent.Kind.TERMS,
                granted=True,
                version=entry.terms_version,
                at=entry.created_at,
                recorded_by=clerk,
            ),
            Consent(
                player=player,
                kind=Consent.Kind.FILMING,
                granted=entry.filming_release,
                at=entry.created_at,
                recorded_by=clerk,
            ),
            Consent(
                player=player,
                kind=Consent.Kind.MARKETING,
                granted=entry.marketing_opt_in,
                at=entry.created_at,
                recorded_by=clerk,
            ),
        ]
    )
    return player, created
