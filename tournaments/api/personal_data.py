"""A player's personal data on request (GDPR): the export of everything held about them, and
erasure. Desk and director only (PERSONAL_DATA and the tournament's desk); the pages:
tournaments/views/personal_data.py."""

import json

from django.http import JsonResponse
from django.utils.translation import gettext as _
from ninja import Field, Router, Schema
from ninja.security import django_auth

from core.access import Action, check, tournament_for
from core.api import ERRORS, Answer, Id, request_key
from players.models import Player
from players.queries.personal_data import everything_about
from players.services import erasure

router = Router(tags=["personal data"], auth=django_auth)


# A row of the player's records as it was held: each field's value as JSON's own types (dates
# and times as ISO text, a relation as its id).
Held = dict[str, str | int | float | bool | None | list[int]]


class EntryHeld(Answer):
    tournament: str
    festival: str
    number: int
    status: str


class EventAbout(Answer):
    tournament: int
    seq: int
    at: str
    kind: str
    payload: str = Field(..., description="the event's payload as JSON text, as the log holds it")


class PersonalDataOut(Answer):
    player: Held
    membership: Held | None
    consents: list[Held]
    exclusions: list[Held]
    preregistrations: list[Held]
    entries: list[EntryHeld]
    events: list[EventAbout]


class EraseIn(Schema):
    confirm: bool = False  # the desk read the player's request back to them


class ErasedOut(Answer):
    id: int
    public_name: str
    erased_at: str


def player_for(request, tournament_id: int, player_id: int) -> Player:
    tournament_for(request.user, tournament_id, Action.DESK)
    check(request.user, Action.PERSONAL_DATA)
    return Player.objects.get(pk=player_id)


@router.get(
    "/tournaments/{tournament_id}/players/{player_id}/data/",
    response={200: PersonalDataOut, **ERRORS},
    summary="Everything held about a player, as JSON (their data export on request)",
)
def export(request, tournament_id: Id, player_id: Id):
    player = player_for(request, tournament_id, player_id)
    held = everything_about(player)
    # A download with its file name, so the answer is made here; PersonalDataOut documents it.
    events = [{**event, "payload": json.dumps(event["payload"], ensure_ascii=False)} for event in held["events"]]
    held = PersonalDataOut.model_validate({**held, "events": events}).model_dump()
    answer = JsonResponse(held, json_dumps_params={"ensure_ascii": False, "indent": 1})
    answer["Content-Disposition"] = f'attachment; filename="player-{player.id}-data.json"'
    return answer


@router.post(
    "/tournaments/{tournament_id}/players/{player_id}/erase/",
    response={200: ErasedOut, **ERRORS},
    summary="Erase a player's personal data on their request; results stay under their public name",
)
def erase(request, tournament_id: Id, player_id: Id, body: EraseIn):
    player_for(request, tournament_id, player_id)
    if not body.confirm:
        raise erasure.ErasureRefused(
            _("Erasure cannot be undone: confirm it (confirm: true) once the player has asked for it.")
        )
    player = erasure.erase_player(tournament_id, player_id, request.user, request_key(request))
    return {
        "id": player.id,
        "public_name": f"{player.first_name} {player.last_name}",
        "erased_at": player.erased_at.isoformat(),
    }
