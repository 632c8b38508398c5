"""The staff devices of a tournament (issue 27, "Devices that drop"): for the director's
console, which asks every few seconds and warns at a mass drop."""

from ninja import Field, Router
from ninja.security import django_auth

from core import presence
from core.access import Action, tournament_for
from core.api import ERRORS, Answer, Id

router = Router(tags=["Devices"])


class DeviceOut(Answer):
    person: str = Field(..., description="the staff member signed in on it")
    table: str = Field(..., description="the table a tablet shows, if it shows one")
    since: float = Field(..., description="connected since (Unix seconds)")
    socket: str | None = None
    left: float | None = Field(None, description="dropped at (Unix seconds)")


class DevicesOut(Answer):
    connected: list[DeviceOut]
    dropped: list[DeviceOut] = Field(..., description="the last hour's drops, latest first")
    dropped_lately: int = Field(..., description="drops within window_seconds")
    percent: int = Field(..., description="of the devices, the share dropped within window_seconds")
    mass_drop: bool = Field(..., description="the share reached threshold_percent: the venue's network")
    threshold_percent: int
    window_seconds: int


@router.get(
    "/tournaments/{tournament_id}/devices/",
    response={200: DevicesOut, **ERRORS},
    auth=django_auth,
    summary="Every staff device connected (who, which table, since when), recent drops, and a mass drop",
)
def devices(request, tournament_id: Id):
    tournament_for(request.user, tournament_id, Action.RUN_CLOCK)
    return presence.devices(tournament_id)
