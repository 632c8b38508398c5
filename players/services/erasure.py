"""Erasure on request (GDPR art. 17) and the ID numbers' end (ID_NUMBER_KEEP_DAYS after the
festival): each one operation with its `player.erased` event.

Erased: the name beyond what the player consented to show (first name and last initial, or
initials only: REG-CONSENT), birth date, nationality, ID document, e-mail, phone, city, and the
same in their pre-registrations. Kept: the results (entries, places, prizes) under that public
name, so a tournament's record stays whole. The name, e-mail, phone and ID number are also
rewritten wherever else they were written as text, the log's payloads included
(`rewrite_everywhere`, the one function that rewrites payloads).
"""

import json
from datetime import date, timedelta

from django.db import connection
from django.db.models import Max, Q
from django.utils.translation import gettext as _

from core import chain, kinds, time_source
from core.operation import Operation, lock_tournament, operation
from players.models import Player, PreRegistration
from players.queries.players import public_name_of
from rules.refusals import Refused
from tournaments.models import Entry, Event, Tournament

ERASED_BIRTH_DATE = date(1900, 1, 1)  # the column needs a date; this one says "none kept"
TEXT_TYPES = ("text", "character varying")
JSON_TYPES = ("json", "jsonb")


class ErasureRefused(Refused):
    pass


def text_columns() -> list[tuple[str, str, str]]:
    """Every (table, column, type) of the database that holds text or JSON."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT table_name, column_name, data_type FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND data_type = ANY(%s)",
            [list(TEXT_TYPES + JSON_TYPES)],
        )
        return cursor.fetchall()


def tournaments_mentioning(replacements: list[tuple[str, str]]) -> list[int]:
    """The tournaments whose logged events hold any of the texts an erasure replaces."""
    touched: set[int] = set()
    with connection.cursor() as cursor:
        for old, _new in replacements:
            cursor.execute(
                f"SELECT DISTINCT tournament_id FROM {Event._meta.db_table} "
                "WHERE payload::text LIKE %s OR public::text LIKE %s",
                [f"%{json_text(old)}%"] * 2,
            )
            touched.update(row[0] for row in cursor.fetchall())
    return sorted(touched)


def rewrite_everywhere(replacements: list[tuple[str, str]]) -> None:
    """Replaces each (old, new) text in every text and JSON column of every table, the event
    log's payloads included."""
    with connection.cursor() as cursor:
        for table, column, kind in text_columns():
            for old, new in replacements:
                if kind in JSON_TYPES:
                    cursor.execute(
                        f'UPDATE "{table}" SET "{column}" = replace("{column}"::text, %s, %s)::{kind} '
                        f'WHERE "{column}"::text LIKE %s',
                        [json_text(old), json_text(new), f"%{json_text(old)}%"],
                    )
                else:
                    cursor.execute(
                        f'UPDATE "{table}" SET "{column}" = replace("{column}", %s, %s) WHERE "{column}" LIKE %s',
                        [old, new, f"%{old}%"],
                    )


def json_text(text: str) -> str:
    """How `text` is spelled inside a JSON document (PostgreSQL's jsonb text keeps non-ASCII)."""
    return json.dumps(text, ensure_ascii=False)[1:-1]


def rewritten_and_resealed(op: Operation, replacements: list[tuple[str, str]], reason: str) -> None:
    """Rewrites the personal texts everywhere, then seals again the log of each tournament whose
    events changed (core/chain.py). Those tournament rows are locked before the rewrite, in id
    order, so no append there links to a head the re-seal is about to replace."""
    replacements = [(old, new) for old, new in replacements if old]
    touched = tournaments_mentioning(replacements)
    others = {
        tournament_id: lock_tournament(tournament_id) for tournament_id in touched if tournament_id != op.tournament_id
    }
    rewrite_everywhere(replacements)
    for tournament_id in touched:
        sealing = op if tournament_id == op.tournament_id else Operation(others[tournament_id], op.actor, None)
        reseal_log(sealing, reason)


def reseal_log(op: Operation, reason: str) -> Event:
    """The chain of `op`'s tournament sealed again (core/chain.py), and `log.resealed` saying so
    with the old head and the old hash of each event rewritten; the reason stays with staff."""
    sealed = chain.reseal(op)
    kept = {"old_seq": sealed["old_seq"], "old_head": sealed["old_head"]}
    return op.append(
        kinds.LOG_RESEALED,
        payload={**kept, "reason": reason, "rewritten": sealed["rewritten"]},
        public={**kept, "rewritten": sorted(int(seq) for seq in sealed["rewritten"])},
    )


def erase_player(tournament_id: int, player_id: int, actor, request_key: str | None = None) -> Player:
    """Erases the player's personal data on their request, from the desk of a tournament."""
    with operation(tournament_id, actor, request_key) as op:
        player = Player.objects.select_for_update().filter(pk=player_id).first()
        if player is None:
            raise ErasureRefused(
                _("There is no player %(player_id)s: search for them again.") % {"player_id": player_id}
            )
        if op.repeated:
            return player
        if player.erased_at is not None:
            raise ErasureRefused(
                _("This player's personal data was erased already, on %(day)s.") % {"day": player.erased_at.date()}
            )
        shown = public_name_of(player)
        first = player.first_name[:1] + "." if player.initials_only else player.first_name
        replacements = [
            (f"{player.first_name} {player.last_name}", shown),
            (f"{player.last_name}, {player.first_name}", shown),
            (player.email, ""),
            (player.phone, ""),
            (player.id_document_number, ""),
        ]
        for pre in PreRegistration.objects.filter(player=player):
            replacements += [(pre.email, ""), (pre.id_document_number, "")]
        PreRegistration.objects.filter(player=player).update(
            first_name=first,
            last_name=player.last_name[:1] + ".",
            date_of_birth=ERASED_BIRTH_DATE,
            email="",
            nationality="",
            id_document_number="",
            id_document_country="",
        )
        Player.objects.filter(pk=player.pk).update(
            first_name=first,
            last_name=player.last_name[:1] + ".",
            date_of_birth=ERASED_BIRTH_DATE,
            nationality="",
            id_document_type="",
            id_document_number="",
            email="",
            phone="",
            city="",
            erased_at=time_source.now(),
        )
        rewritten_and_resealed(op, replacements, _("a player's personal data erased on request"))
        op.append(
            kinds.PLAYER_ERASED,
            payload={"player": {"id": player.id, "name": shown}, "what": "personal data", "on_request": True},
            public={},
        )
    return Player.objects.get(pk=player_id)


def festival_ended_before(player: Player, cutoff) -> bool:
    """Every tournament the player entered is over, its last event before `cutoff`."""
    tournaments = Tournament.objects.filter(
        festival__tournaments__in=Entry.objects.filter(player=player).values("tournament")
    ).distinct()
    if not tournaments.exists():
        return player.created_at < cutoff
    if tournaments.exclude(status__in=[Tournament.Status.FINISHED, Tournament.Status.CANCELLED]).exists():
        return False
    last = Event.objects.filter(tournament__in=tournaments).aggregate(last=Max("at"))["last"]
    return last is None or last < cutoff


def purge_id_numbers(keep_days: int, now=None) -> list[int]:
    """The ID numbers of players whose festivals ended more than `keep_days` ago are removed,
    each with its event in the player's last tournament's log. Safe twice."""
    now = now or time_source.now()
    cutoff = now - timedelta(days=keep_days)
    purged = []
    for player in Player.objects.filter(~Q(id_document_number="")):
        if not festival_ended_before(player, cutoff):
            continue
        last_entry = Entry.objects.filter(player=player).order_by("-id").first()
        if last_entry is None:
            Player.objects.filter(pk=player.pk).update(id_document_type="", id_document_number="")
            purged.append(player.id)
            continue
        with operation(last_entry.tournament_id) as op:
            number = Player.objects.select_for_update().get(pk=player.pk).id_document_number
            if not number:
                continue
            Player.objects.filter(pk=player.pk).update(id_document_type="", id_document_number="")
            PreRegistration.objects.filter(player=player).update(id_document_number="", id_document_country="")
            rewritten_and_resealed(op, [(number, "")], _("an ID number removed after the festival"))
            op.append(
                kinds.PLAYER_ERASED,
                payload={"player": {"id": player.id, "name": public_name_of(player)}, "what": "ID number"},
                public={},
            )
        purged.append(player.id)
    return purged
