"""A Tournament Director 3 save file (`.tdt`) read into plain data, pure: text in, a
TdtTournament out, or TdtError with a sentence; never another exception.

The file is JavaScript-like text: an object `{V: ..., T: new Tournament({...})}` of objects,
arrays, strings, numbers, booleans, `new Name({...})` and `Map.from([...])`. What a club's
switch-over needs (as the open-source tdwpimport documents the format): Title, LeagueName,
StartTime (ms), the buy-in (Financials' fee profiles), Players (GamePlayer: UUID, a
PlayerName, their Buyins, each GameBuyin with its Amount and, once out, a GameBustOut with its
Time and the HitmanUUID of who knocked them out), Levels (GameRound), Prizes (GamePrize:
Recipient place, CalculatedAmount, AwardedToPlayers) and PointsForPlaying's formula text.
"""

import json
import math
from dataclasses import dataclass, field

from rules.refusals import gettext as _

MOST_CHARACTERS = 20_000_000  # a big club night's file is a few hundred kilobytes
MOST_DEPTH = 60
PUNCTUATION = set("{}[]():,.;")


class TdtError(ValueError):
    """The file cannot be imported; str() says why."""


@dataclass(frozen=True)
class New:
    """`new Name(arg)` in the file."""

    name: str
    arg: object


@dataclass(frozen=True)
class TdtBuyin:
    amount: float
    busted_at: int | None  # ms since the epoch; None: still in at the end
    hitmen: tuple[str, ...] = ()


@dataclass(frozen=True)
class TdtPlayer:
    uuid: str
    first_name: str
    last_name: str
    email: str
    buyins: tuple[TdtBuyin, ...]


@dataclass(frozen=True)
class TdtPrize:
    place: int
    amount: float
    awarded_to: tuple[str, ...]


@dataclass(frozen=True)
class TdtEntry:
    """One buy-in as an entry, with its finishing place (1: the winner)."""

    player: str
    number: int  # in the order of buy-ins: the player's earlier entries first
    place: int
    busted_at: int | None
    hitmen: tuple[str, ...]


@dataclass(frozen=True)
class TdtTournament:
    title: str
    league: str
    starts_ms: int | None
    buy_in: float
    players: tuple[TdtPlayer, ...]
    levels: tuple[tuple[int, int, int], ...]  # (small blind, big blind, minutes)
    prizes: tuple[TdtPrize, ...]
    points_formula: str
    entries: tuple[TdtEntry, ...] = field(default=())


def _tokens(text: str):
    n, at = len(text), 0
    while at < n:
        c = text[at]
        if c.isspace():
            at += 1
        elif text.startswith("//", at):
            end = text.find("\n", at)
            at = n if end < 0 else end
        elif text.startswith("/*", at):
            end = text.find("*/", at + 2)
            if end < 0:
                raise TdtError(_("The file ends inside a comment."))
            at = end + 2
        elif c in PUNCTUATION:
            yield c, c, at
            at += 1
        elif c in "\"'":
            end, chars = at + 1, []
            while True:
                if end >= n:
                    raise TdtError(_("The file ends inside a text (from character %(at)s).") % {"at": at})
                if text[end] == "\\" and end + 1 < n:
                    chars.append(text[end : end + 2])
                    end += 2
                    continue
                if text[end] == c:
                    break
                chars.append(text[end])
                end += 1
            raw = "".join(chars)
            try:
                value = json.loads('"' + raw.replace('"', '\\"').replace("\\'", "'") + '"', strict=False)
            except ValueError:
                raise TdtError(_("A text at character %(at)s is not readable.") % {"at": at}) from None
            yield "string", value, at
            at = end + 1
        elif c.isdigit() or c in "-+" and at + 1 < n and (text[at + 1].isdigit() or text[at + 1] == "."):
            end = at + 1
            while end < n and (text[end].isalnum() or text[end] in ".+-"):
                end += 1
            word = text[at:end]
            try:
                value = float(word) if any(ch in word for ch in ".eE") else int(word)
            except ValueError:
                raise TdtError(_("%(word)r at character %(at)s is not a number.") % {"word": word, "at": at}) from None
            if not math.isfinite(value):
                raise TdtError(_("%(word)r at character %(at)s is not a number.") % {"word": word, "at": at})
            yield "number", value, at
            at = end
        elif c.isalpha() or c in "_$":
            end = at + 1
            while end < n and (text[end].isalnum() or text[end] in "_$"):
                end += 1
            yield "name", text[at:end], at
            at = end
        else:
            raise TdtError(_("Unexpected %(char)r at character %(at)s.") % {"char": c, "at": at})
    yield "end", None, n


class _Reader:
    def __init__(self, text: str):
        self.tokens = list(_tokens(text))
        self.at = 0

    def peek(self):
        return self.tokens[self.at]

    def take(self, kind: str):
        token = self.tokens[self.at]
        if token[0] != kind:
            shown = "the end of the file" if token[0] == "end" else repr(token[1])
            raise TdtError(
                _("Expected %(kind)s at character %(at)s, found %(found)s.")
                % {"kind": repr(kind), "at": token[2], "found": shown}
            )
        self.at += 1
        return token

    def value(self, depth: int):
        if depth > MOST_DEPTH:
            raise TdtError(_("The file nests deeper than a Tournament Director file does."))
        kind, value, at = self.peek()
        if kind in ("string", "number"):
            self.at += 1
            return value
        if kind == "{":
            return self.object(depth)
        if kind == "[":
            self.take("[")
            items = []
            while self.peek()[0] != "]":
                items.append(self.value(depth + 1))
                if self.peek()[0] != ",":
                    break
                self.take(",")
            self.take("]")
            return items
        if kind == "name":
            self.at += 1
            if value in ("true", "false"):
                return value == "true"
            if value in ("null", "undefined"):
                return None
            if value == "new":
                name = self.take("name")[1]
                while self.peek()[0] == ".":
                    self.take(".")
                    name += "." + self.take("name")[1]
                self.take("(")
                arg = None if self.peek()[0] == ")" else self.value(depth + 1)
                self.take(")")
                return New(name, arg)
            if self.peek()[0] == ".":  # Map.from([...]) and the like: the argument is the data
                self.take(".")
                self.take("name")
                self.take("(")
                arg = None if self.peek()[0] == ")" else self.value(depth + 1)
                self.take(")")
                return arg
        shown = "the end of the file" if kind == "end" else repr(value)
        raise TdtError(_("Unexpected %(found)s at character %(at)s.") % {"found": shown, "at": at})

    def object(self, depth: int) -> dict:
        self.take("{")
        entries = {}
        while self.peek()[0] != "}":
            kind, key, at = self.peek()
            if kind not in ("name", "string", "number"):
                raise TdtError(_("Expected a key at character %(at)s.") % {"at": at})
            self.at += 1
            self.take(":")
            entries[str(key)] = self.value(depth + 1)
            if self.peek()[0] != ",":
                break
            self.take(",")
        self.take("}")
        return entries


def read(text: str) -> dict:
    """The file's root object as dicts, lists and New values."""
    if not isinstance(text, str) or not text.strip():
        raise TdtError(_("The file is empty."))
    if len(text) > MOST_CHARACTERS:
        raise TdtError(_("The file is larger than a Tournament Director file can be (20 MB)."))
    reader = _Reader(text.lstrip("\ufeff"))
    root = reader.value(0)
    if reader.peek()[0] == ";":
        reader.take(";")
    reader.take("end")
    if not isinstance(root, dict):
        raise TdtError(_("The file does not start with '{': it is not a Tournament Director file."))
    return root


def _new(value, name: str):
    """The argument object of `new Name({...})` (or a bare object, as older files write it)."""
    if isinstance(value, New) and value.name == name and isinstance(value.arg, dict):
        return value.arg
    if isinstance(value, dict):
        return value
    return None


def _text(obj: dict, key: str) -> str:
    value = obj.get(key)
    return value.strip() if isinstance(value, str) else ""


def _number(obj: dict, key: str, default=0):
    value = obj.get(key)
    return value if isinstance(value, int | float) and not isinstance(value, bool) else default


def _list(value) -> list:
    wrapped = value.arg if isinstance(value, New) else value
    if isinstance(wrapped, dict):  # GamePlayers({Players: [...]}) and GamePrizes({Prizes: [...]})
        wrapped = next((v for v in wrapped.values() if isinstance(v, list)), [])
    return wrapped if isinstance(wrapped, list) else []


def _player(item) -> TdtPlayer | None:
    if isinstance(item, list) and len(item) >= 2:  # Map.from([[uuid, new GamePlayer(...)], ...])
        item = item[1]
    obj = _new(item, "GamePlayer")
    if obj is None:
        return None
    uuid = _text(obj, "UUID")
    name = obj.get("Name")
    named = _new(name, "PlayerName") if not isinstance(name, str) else None
    first = _text(named, "FirstName") if named else ""
    last = _text(named, "LastName") if named else ""
    nickname = (_text(named, "Nickname") if named else "") or (name.strip() if isinstance(name, str) else "")
    nickname = nickname or _text(obj, "Nickname")
    if not (first and last) and nickname:
        first, _space, last = nickname.partition(" ")
    if not uuid or not first:
        raise TdtError(_("A player in the file has no UUID or no name: the file is incomplete."))
    buyins = []
    for raw in _list(obj.get("Buyins")):
        buyin = _new(raw, "GameBuyin")
        if buyin is None:
            continue
        bust = _new(buyin.get("BustOut"), "GameBustOut") if buyin.get("BustOut") is not None else None
        hitmen = tuple(h for h in _list(bust.get("HitmanUUID")) if isinstance(h, str)) if bust else ()
        busted_at = int(_number(bust, "Time", 0)) if bust is not None else None
        buyins.append(TdtBuyin(float(_number(buyin, "Amount", 0)), busted_at, hitmen))
    return TdtPlayer(uuid, first[:100], (last or "-")[:100], _text(obj, "Email")[:254], tuple(buyins))


def _entries(players: tuple[TdtPlayer, ...]) -> tuple[TdtEntry, ...]:
    """Every buy-in an entry, numbered by the time it ended (the still-in last), placed by when
    it went out: the last out is second, the one entry never out first."""
    known = {player.uuid for player in players}
    rows = [(player, buyin, n) for player in players for n, buyin in enumerate(player.buyins)]
    if len(rows) < 2:
        raise TdtError(_("The file has fewer than two entries: there is no tournament to import."))
    left = [row for row in rows if row[1].busted_at is None]
    if len(left) != 1:
        raise TdtError(
            _("The tournament in the file is not finished: %(left)s entries never went out (one winner is needed).")
            % {"left": len(left)}
        )
    for _player_row, buyin, _n in rows:
        unknown = [h for h in buyin.hitmen if h not in known]
        if unknown:
            raise TdtError(_("A bust-out names a player who is not in the file (%(uuid)s).") % {"uuid": unknown[0]})
    out = sorted((row for row in rows if row[1].busted_at is not None), key=lambda row: (row[1].busted_at, row[2]))
    ordered = out + left
    field_size = len(ordered)
    return tuple(
        TdtEntry(player.uuid, number, field_size - number + 1, buyin.busted_at, buyin.hitmen)
        for number, (player, buyin, _n) in enumerate(ordered, start=1)
    )


def tournament(text: str) -> TdtTournament:
    """The finished tournament a `.tdt` file holds, or TdtError saying what is wrong."""
    root = read(text)
    obj = _new(root.get("T"), "Tournament")
    if obj is None:
        raise TdtError(_("The file holds no tournament (no 'T: new Tournament({...})')."))
    players = tuple(p for p in (_player(item) for item in _list(obj.get("Players"))) if p is not None)
    if len({p.uuid for p in players}) != len(players):
        raise TdtError(_("Two players in the file have the same UUID."))
    fees = []
    financials = _new(obj.get("Financials"), "FinancialConfig") or {}
    buys = _new(financials.get("Buyins"), "BuyConfig") or {}
    for profile in _list(buys.get("Profiles")):
        fee = _new(profile, "FeeProfile")
        if fee is not None:
            fees.append((_text(fee, "Name"), float(_number(fee, "Fee", 0))))
    standard = [amount for name, amount in fees if name == "Standard"] or [amount for _name, amount in fees]
    levels = []
    for raw in _list(obj.get("Levels")):
        level = _new(raw, "GameRound")
        if level is not None:
            levels.append(
                (int(_number(level, "SmallBlind")), int(_number(level, "BigBlind")), int(_number(level, "Minutes")))
            )
    prizes = []
    for raw in _list(obj.get("Prizes")):
        prize = _new(raw, "GamePrize")
        if prize is not None:
            awarded = tuple(u for u in _list(prize.get("AwardedToPlayers")) if isinstance(u, str))
            prizes.append(
                TdtPrize(int(_number(prize, "Recipient")), float(_number(prize, "CalculatedAmount")), awarded)
            )
    formula = _new(obj.get("PointsForPlaying"), "UserFormula") or {}
    starts = _number(obj, "StartTime", None)
    title = _text(obj, "Title") or _text(obj, "Description")
    if not title:
        raise TdtError(_("The tournament in the file has no title."))
    if any(b.amount < 0 for p in players for b in p.buyins) or any(p.amount < 0 for p in prizes):
        raise TdtError(_("The file has a negative amount."))
    return TdtTournament(
        title=title[:200],
        league=_text(obj, "LeagueName"),
        starts_ms=int(starts) if starts is not None else None,
        buy_in=max(0.0, standard[0]) if standard else 0.0,
        players=players,
        levels=tuple(levels),
        prizes=tuple(prizes),
        points_formula=_text(formula, "Formula"),
        entries=_entries(players),
    )
