"""Reads of people: how events and public pages name a player, the desk's search, consents
(the logo compliance report: players/queries/logos.py).

Query floor: the lowest of the apps' queries; it reads models only.
"""

from django.db.models import Q
from django.db.models.functions import Upper

from players.models import Player, normalise_document_number


def player_summary(player: Player) -> dict:
    """What an event may say about a player: who, not their personal data."""
    return {"id": player.id, "name": str(player)}


def entry_search(text: str, entry: str) -> Q:
    """The director's search of a record by player (rulings, penalties): an entry number (#12 or
    12), or a player whose first or last name starts with each word given. `entry`: the path from
    the record to its entry ("entry", "players")."""
    words = text.replace("#", " ").split()
    if len(words) == 1 and words[0].isdigit():
        return Q(**{f"{entry}__number": int(words[0])})
    found = Q()
    for word in words:
        found &= Q(**{f"{entry}__player__first_name__istartswith": word}) | Q(
            **{f"{entry}__player__last_name__istartswith": word}
        )
    return found


def public_name(first_name: str, last_name: str, initials_only: bool = False) -> str:
    """REG-CONSENT: how public pages name a player, as they chose at the desk: first name and
    last initial ("Anna K."), or initials only ("A. K.") for a player who opted out."""
    if initials_only:
        return " ".join(f"{name[:1].upper()}." for name in (first_name, last_name) if name)
    return f"{first_name} {last_name[:1]}." if last_name else first_name


def public_name_of(player: Player) -> str:
    return public_name(player.first_name, player.last_name, player.initials_only)


def find_players(query: str, limit: int = 20) -> list[Player]:
    """Search-as-you-type: by name (each word a prefix of first or last name), member number
    or ID number."""
    words = query.split()
    if not words:
        return []
    match = Q()
    for word in words:
        match &= Q(first_name__istartswith=word) | Q(last_name__istartswith=word)
    document = normalise_document_number(query)
    if document:
        match |= Q(id_document_number__startswith=document) | Q(membership__number__iexact=query.strip())
    return list(
        Player.objects.filter(match)
        .select_related("membership")
        .order_by(Upper("last_name"), Upper("first_name"))[:limit]
    )


def current_consents(player: Player) -> dict[str, bool]:
    latest = {}
    for consent in player.consents.all():  # newest first
        latest.setdefault(consent.kind, consent.granted)
    return latest
