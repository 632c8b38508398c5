"""A club switching over: a Tournament Director 3 file (`.tdt`) imported as a finished
tournament with its results (issue 26). The file is read by the pure parser
(tournaments/rules/tdt.py); this service writes everything in one transaction with its events,
or nothing: a garbage or partial file is refused with a sentence before anything is written.

Players are matched against the player database by name (first and last, case-insensitive)
and, when the file gives one, e-mail: exactly one such player is that player; none, a new
player is created; several, a new player is created and the report lists them as ambiguous,
for the desk to check.

The file's levels become the tournament's structure, under a finished clock. What the file has
and the tournament keeps no place for is named in the report's `not_imported`, with the file's
values beside it: the prizes per place (the results pay the payout table on the pool), the birth
dates (Tournament Director keeps none, and a player's date of birth is a required column: a new
player's is UNKNOWN_BIRTH until the desk sees the ID), the league and the points formula.
"""

import hashlib
from datetime import UTC, date, datetime, timedelta

from django.db import transaction
from django.utils.translation import gettext as _

from clock.models import Clock, Level, Structure
from clock.rules import timeline
from core import kinds, log, time_source
from players.models import Player
from players.queries.players import player_summary
from rules.refusals import Invalid, Refused
from tournaments.models import Elimination, Entry, Event, Festival, Knockout, Tournament
from tournaments.rules import tdt

# Tournament Director keeps none and the column needs a date; the desk corrects it at the ID check.
UNKNOWN_BIRTH = date(1900, 1, 1)
MOST_MINOR_UNITS = 10**12


def _minor(amount: float) -> int:
    cents = round(amount * 100)
    if not 0 <= cents <= MOST_MINOR_UNITS:
        raise Invalid(_("An amount in the file is out of range: %(amount)s.") % {"amount": amount})
    return cents


def _moment(ms: int | None) -> datetime | None:
    if ms is None:
        return None
    try:
        return datetime.fromtimestamp(ms / 1000, tz=UTC)
    except (OverflowError, ValueError, OSError):
        raise Invalid(_("A time in the file is out of range.")) from None


def _match(player: tdt.TdtPlayer) -> tuple[Player | None, int]:
    """The one player on file with that name (and e-mail, if the file has it); how many matched."""
    found = Player.objects.filter(first_name__iexact=player.first_name, last_name__iexact=player.last_name)
    if player.email:
        found = found.filter(email__iexact=player.email)
    matched = list(found[:2])
    return (matched[0] if len(matched) == 1 else None), len(matched)


def import_tdt(festival_id: int, text: str, director) -> dict:
    """Import the file as a finished tournament of the festival; the report: the tournament,
    the players matched, created and ambiguous, and what of the file was not imported."""
    try:
        read = tdt.tournament(text)
    except tdt.TdtError as problem:
        raise Invalid(_("The file cannot be imported: %(why)s") % {"why": problem}) from None
    playing = {entry.player for entry in read.entries}
    now = time_source.now()
    digest = hashlib.sha256(text.encode()).hexdigest()
    with transaction.atomic():
        # The festival's row, locked, makes imports take turns: a double submit or a retried
        # request finds the first one's event and is refused, not imported twice.
        festival = Festival.objects.select_for_update().filter(pk=festival_id).first()
        if festival is None:
            raise Refused(_("There is no festival %(id)s.") % {"id": festival_id})
        earlier = Event.objects.filter(
            kind=kinds.TOURNAMENT_IMPORTED.name, tournament__festival=festival, payload__file_sha256=digest
        ).first()
        if earlier is not None:
            raise Refused(_("This file was imported already, as tournament %(id)s.") % {"id": earlier.tournament_id})
        tournament = Tournament.objects.create(
            festival=festival,
            name=read.title,
            status=Tournament.Status.SCHEDULED,
            buy_in=_minor(read.buy_in),
            starts_at=_moment(read.starts_ms),
            registration_closed=True,
            places_paid=len(read.prizes) or None,
        )
        report = {"tournament": tournament.id, "name": read.title, "matched": [], "created": [], "ambiguous": []}
        players: dict[str, Player] = {}
        new_players: list[Player] = []
        for player in read.players:
            if player.uuid not in playing:
                continue  # on the file's list, never bought in
            found, count = _match(player)
            if found is None:
                found = Player.objects.create(
                    first_name=player.first_name,
                    last_name=player.last_name,
                    date_of_birth=UNKNOWN_BIRTH,
                    email=player.email,
                )
                new_players.append(found)
                report["ambiguous" if count > 1 else "created"].append({"id": found.id, "name": str(found)})
            else:
                report["matched"].append({"id": found.id, "name": str(found)})
            players[player.uuid] = found
        report["entries"] = len(read.entries)
        report["league"] = read.league
        report["points_formula"] = read.points_formula
        report["prizes_in_file"] = [{"place": p.place, "amount": _minor(p.amount)} for p in read.prizes]
        report["levels"] = _write_levels(tournament, read)
        report["not_imported"] = _not_imported(read, report, new_players)
        public = {
            "entries": len(read.entries),
            "field": len(read.entries),
            "source": "Tournament Director 3",
        }
        log.append_event(
            tournament.id,
            kinds.TOURNAMENT_IMPORTED,
            actor=director,
            payload={
                **public,
                "players_created": report["created"] + report["ambiguous"],
                "players_matched": report["matched"],
                "file_sha256": digest,
            },
            public=public,
        )
        for created in new_players:
            log.append_event(
                tournament.id,
                kinds.PLAYER_CREATED,
                actor=director,
                payload={"player": player_summary(created)},
                public=None,
            )
        _write_results(tournament, read, players, director, now)
        Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    return report


def _write_levels(tournament: Tournament, read: tdt.TdtTournament) -> int:
    """The file's levels as the tournament's structure, under a clock finished at the last
    level; how many levels (a level of no minutes is left out)."""
    played = [level for level in read.levels if level[2] > 0]
    if not played:
        return 0
    structure = Structure.objects.create(name=read.title, festival=tournament.festival)
    Level.objects.bulk_create(
        Level(
            structure=structure,
            position=position,
            small_blind=max(small, 0),
            big_blind=max(big, 0),
            duration=timedelta(minutes=minutes),
        )
        for position, (small, big, minutes) in enumerate(played)
    )
    Clock.objects.create(
        tournament=tournament,
        structure=structure,
        status=timeline.FINISHED,
        level_index=len(played) - 1,
        remaining=timedelta(0),
    )
    return len(played)


def _not_imported(read: tdt.TdtTournament, report: dict, new_players: list) -> list[str]:
    """A sentence for each part of the file the tournament keeps no place for."""
    left = []
    if read.prizes:
        left.append(
            _("The prizes per place (%(prizes)s): the results pay the payout table on the prize pool.")
            % {"prizes": ", ".join(f"{p['place']}: {p['amount'] / 100:.2f}" for p in report["prizes_in_file"])}
        )
    if new_players:
        left.append(
            _(
                "Birth dates: the file has none; the new players' date of birth is %(date)s until the desk "
                "checks their ID."
            )
            % {"date": UNKNOWN_BIRTH.isoformat()}
        )
    if len(read.levels) > report["levels"]:
        left.append(_("Levels of no minutes: %(count)s.") % {"count": len(read.levels) - report["levels"]})
    if read.league:
        left.append(_("The league %(league)s: add the tournament to a league.") % {"league": read.league})
    if read.points_formula:
        left.append(_("The points formula: %(formula)s.") % {"formula": read.points_formula})
    return left


def _write_results(tournament: Tournament, read: tdt.TdtTournament, players: dict, director, now) -> None:
    """The entries, then each bust in order with its event (`player.out`) and its knockouts."""
    seen: set[str] = set()
    entries: dict[int, Entry] = {}
    for row in sorted(read.entries, key=lambda e: e.number):
        buyin = _minor(read.buy_in)
        entries[row.number] = Entry.objects.create(
            tournament=tournament,
            player=players[row.player],
            number=row.number,
            kind=Entry.Kind.RE_ENTRY if row.player in seen else Entry.Kind.BUY_IN,
            status=Entry.Status.ACTIVE if row.busted_at is None else Entry.Status.BUSTED,
            chips=0 if row.busted_at is not None else tournament.starting_stack,
            pool_part=buyin,
            fee_part=0,
            paid=buyin,
            method=Entry.Method.CASH,
            desk="import",
            shift="import",
            clerk=director if getattr(director, "pk", None) else None,
            created_at=now,
        )
        seen.add(row.player)
    busted = [row for row in read.entries if row.busted_at is not None]
    for hand, row in enumerate(sorted(busted, key=lambda e: e.number), start=1):
        by = [_hitman_entry(read, uuid, row.busted_at) for uuid in row.hitmen]
        by = [number for number in by if number is not None and number != row.number]
        public = {"entry": row.number, "place": [row.place, row.place], "by": by, "imported": True}
        event = log.append_event(tournament.id, kinds.PLAYER_OUT, actor=director, payload=public, public=public)
        elimination = Elimination.objects.create(
            tournament=tournament,
            entry=entries[row.number],
            seq=event.seq,
            table=1,
            seat=1,
            hand=hand,
            at=_moment(row.busted_at) or now,
        )
        for number in sorted(set(by)):
            Knockout.objects.create(elimination=elimination, by_entry=entries[number])


def _hitman_entry(read: tdt.TdtTournament, uuid: str, at: int) -> int | None:
    """The hitman's entry still in at that moment: the first of theirs out after it, or the one never out."""
    theirs = [e for e in read.entries if e.player == uuid and (e.busted_at is None or e.busted_at >= at)]
    theirs.sort(key=lambda e: (e.busted_at is None, e.busted_at or 0))
    return theirs[0].number if theirs else None
