"""Sealing a tournament's log again after an erasure of personal data rewrote logged events
(issue 27; docs/architecture.md, "A log that proves itself"). `manage.py verify_log` checks the
chain (core/chain.py)."""

from django.db import connection

from core import kinds
from core.log import content_of
from core.operation import Operation
from rules import chain
from tournaments.models import Event, Tournament

FIELDS = ["tournament_id", "seq", "at", "kind", "actor_id", "payload", "public", "request_key", "hash"]


def reseal_after_erasure(op: Operation, *, reason: str) -> Event:
    """Seal the chain again after an erasure rewrote events of `op`'s tournament, in the same
    operation (the same transaction, the tournament row locked). Appends `log.resealed` with
    the old head, the old seq and the old hash of each event whose hash changed."""
    tournament_id = op.tournament_id
    old_seq, old_head = Tournament.objects.filter(pk=tournament_id).values_list("last_seq", "chain_head").get()
    head = stored = chain.GENESIS
    changed, rewritten = [], {}
    for event in Event.objects.filter(tournament_id=tournament_id).order_by("seq").only(*FIELDS).iterator():
        content = content_of(event)
        if event.hash != chain.link(stored, content):  # its content is not what was sealed
            rewritten[str(event.seq)] = event.hash
        stored = event.hash
        head = chain.link(head, content)
        if event.hash != head:
            event.hash = head
            changed.append(event)
    Event.objects.bulk_update(changed, ["hash"], batch_size=1000)
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {Tournament._meta.db_table} SET chain_head = %s WHERE id = %s", [head, tournament_id])
    sealed = {"old_seq": old_seq, "old_head": old_head or chain.GENESIS}
    return op.append(
        kinds.LOG_RESEALED,
        payload={**sealed, "reason": reason, "rewritten": rewritten},
        public={**sealed, "rewritten": sorted(int(seq) for seq in rewritten)},
    )
