"""The log's hash chain (issue 27): checking a tournament's chain (`manage.py verify_log`), and
sealing it again after an erasure of personal data rewrote events.

core/log.py links each event as it is appended (rules/chain.py says how). A row changed outside
the services (the admin, SQL) no longer matches its hash; a row removed leaves a gap in the
seqs or a head that is not the last event's. An erasure is the one sanctioned rewrite: the
erasing service calls `reseal` (below) in its own
operation, which recomputes the hashes and appends `log.resealed` recording the old head and
the old hash of every event it changed, so whoever kept the old head (the data feed carries it)
can check that the old chain ends there.
"""

from dataclasses import dataclass, field

from django.db import connection
from django.utils.translation import gettext as _

from core.kinds import LOG_RESEALED
from core.log import content_of
from core.operation import Operation
from rules import chain
from tournaments.models import Event, Tournament

FIELDS = ["tournament_id", "seq", "at", "kind", "actor_id", "payload", "public", "request_key", "hash"]


@dataclass
class Verdict:
    tournament_id: int
    events: int = 0
    head: str = chain.GENESIS
    first_bad: int | None = None  # the seq of the first event that does not match
    problem: str = ""
    reseals: list[dict] = field(default_factory=list)  # each: seq, old_seq, old_head, rewritten, checked

    @property
    def intact(self) -> bool:
        return self.first_bad is None and not self.problem


def verify(tournament_id: int) -> Verdict:
    """Walk the tournament's log from the genesis: the first event whose seq, content or
    predecessor does not match its stored hash, and whether the head on the tournament row is
    the last event's. Raises Tournament.DoesNotExist for an unknown id."""
    tournament = Tournament.objects.get(pk=tournament_id)
    verdict = Verdict(tournament_id)
    head = chain.GENESIS
    contents = []  # (seq, content), to check each re-seal's old head
    for event in Event.objects.filter(tournament_id=tournament_id).order_by("seq").only(*FIELDS).iterator():
        expected = verdict.events + 1
        if event.seq != expected:
            verdict.first_bad = expected
            verdict.problem = _("event #%(seq)s is missing (the next event in the log is #%(next)s)") % {
                "seq": expected,
                "next": event.seq,
            }
            return verdict
        content = content_of(event)
        head = chain.link(head, content)
        if event.hash != head:
            verdict.first_bad = event.seq
            verdict.problem = _(
                "event #%(seq)s (%(kind)s) does not match its hash: it or the event before it was changed "
                "outside the services"
            ) % {"seq": event.seq, "kind": event.kind}
            return verdict
        if event.kind == LOG_RESEALED.name:
            verdict.reseals.append(reseal_record(event, contents))
        contents.append((event.seq, content))
        verdict.events = event.seq
    verdict.head = head
    for number, reseal in enumerate(verdict.reseals):
        if any(seq <= reseal["old_seq"] for later in verdict.reseals[number + 1 :] for seq in later["rewritten"]):
            reseal["checked"] = None  # rewritten again since: the rows no longer hold what it sealed
        elif not reseal["checked"] and verdict.first_bad is None:
            verdict.first_bad = reseal["seq"]
            verdict.problem = _(
                "the re-seal #%(seq)s records an old head the events before it do not chain to: it is not a "
                "sanctioned erasure's"
            ) % {"seq": reseal["seq"]}
    if verdict.problem:
        return verdict
    if tournament.last_seq != verdict.events:
        verdict.first_bad = verdict.events + 1
        verdict.problem = _(
            "event #%(seq)s is missing: the log ends at #%(last)s, the tournament counted %(count)s"
        ) % {
            "seq": verdict.events + 1,
            "last": verdict.events,
            "count": tournament.last_seq,
        }
    elif (tournament.chain_head or chain.GENESIS) != head:
        verdict.problem = _("the tournament's chain head is not the hash of its last event")
    return verdict


def reseal_record(event: Event, contents: list[tuple[int, dict]]) -> dict:
    """A re-seal and whether its recorded old head is what the events before it, with the old
    hashes it recorded for the ones it rewrote, chain to. A later erasure may have rewritten
    them again: then this one is no longer checkable from the rows (None)."""
    payload = event.payload if isinstance(event.payload, dict) else {}
    old_seq, old_head = payload.get("old_seq"), payload.get("old_head")
    try:
        rewritten = {int(seq): old for seq, old in payload.get("rewritten", {}).items()}
        old_seq = int(old_seq)
    except (AttributeError, TypeError, ValueError):  # not what the re-seal service writes
        return {"seq": event.seq, "old_seq": 0, "old_head": old_head, "rewritten": [], "checked": False}
    head = chain.GENESIS
    for seq, content in contents[:old_seq]:
        head = rewritten.get(seq) or chain.link(head, content)
    checked = head == old_head
    return {
        "seq": event.seq,
        "old_seq": old_seq,
        "old_head": old_head,
        "rewritten": sorted(rewritten),
        "checked": checked,
    }


def reseal(op: Operation) -> dict:
    """Seal the chain again after an erasure rewrote events of `op`'s tournament, in the same
    operation (the same transaction, the tournament row locked): every hash recomputed, the new
    head on the tournament row. Answers what the erasing service logs as `log.resealed`: the
    old head, the old seq and the old hash of each event whose content changed."""
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
    return {"old_seq": old_seq, "old_head": old_head or chain.GENESIS, "rewritten": rewritten}
