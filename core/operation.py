"""The operation: what every service that changes a tournament runs inside.

    with operation(tournament_id, actor, request_key) as op:
        if op.repeated:                      # the same Idempotency-Key again: answer, do nothing
            return op.repeated.public
        ...change the models...
        op.append(kinds.HAND_DONE, payload=..., public=...)
        op.after_commit("clock.tasks.finish_day", tournament_id)

Locking rules, written once here: the tournament row first (`of=("self",)`: never the
festival's row, so a festival's tournaments do not queue behind each other), then, if the
operation needs it, the clock row (`op.locked_clock()`), always in that order, inside one
transaction. A reaction of another app inside the same operation (a bust that tops up
extension chips, a hand that counts the day's last hands) takes `op`, so its signature says
that it runs inside a locked operation.
"""

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection, transaction

from clock.models import Clock
from core import log, model_rows, schedule
from core.kinds import EventKind
from tournaments.models import Event, Tournament

_UNREAD = object()  # the clock row, before it is locked
_THE_OPERATIONS_ACTOR = object()


class Operation:
    def __init__(self, tournament: Tournament, actor, request_key: str | None):
        self.tournament = tournament
        self.actor = actor
        self.request_key = request_key
        self.repeated: Event | None = log.earlier(tournament.id, request_key)
        self.events: list[Event] = []
        self._clock = _UNREAD

    @property
    def tournament_id(self) -> int:
        return self.tournament.id

    def locked_clock(self) -> Clock | None:
        """The tournament's clock row, locked after the tournament's (None without a clock)."""
        if self._clock is _UNREAD:
            self._clock = (
                Clock.objects.select_for_update(of=("self",))
                .select_related("structure")
                .filter(tournament_id=self.tournament.id)
                .first()
            )
        return self._clock

    def append(
        self, kind: EventKind, *, payload: dict, public: dict | None, actor=_THE_OPERATIONS_ACTOR, place=None
    ) -> Event:
        """Append an event to the log, in order. The request's key marks the first one, which
        `repeated` finds when the request comes again. `actor` defaults to the operation's;
        `place`: the seq the caller's own statement took (core.log.BUMP)."""
        who = self.actor if actor is _THE_OPERATIONS_ACTOR else actor
        event = log.append_event(
            self.tournament.id,
            kind,
            actor=who,
            payload=payload,
            public=public,
            request_key=None if self.events else self.request_key,
            place=place,
        )
        self.events.append(event)
        return event

    @staticmethod
    def after_commit(task_name: str, *args, eta=None) -> None:
        """Queue a Celery task by name once the operation commits."""
        schedule.after_commit(task_name, *args, eta=eta)


def lock_tournament(tournament_id: int) -> Tournament:
    """The tournament row, locked until the transaction ends (with its festival, unlocked)."""
    if not connection.in_atomic_block:
        raise RuntimeError("lock_tournament belongs inside a transaction: use operation()")
    return model_rows.tournament(tournament_id, for_update=True)  # static: the ORM's took longer to build


@contextmanager
def operation(
    tournament_id: int, actor=None, request_key: str | None = None, savepoint: bool = True
) -> Iterator[Operation]:
    """One transaction with the tournament row locked. Raises Tournament.DoesNotExist for an
    unknown id. An exception inside rolls everything back, events included. `savepoint=False`
    inside a caller's transaction that ends with any exception from here: no savepoint, so the
    row is held for one statement fewer (its RELEASE)."""
    with transaction.atomic(savepoint=savepoint):
        yield Operation(lock_tournament(tournament_id), actor, request_key)
