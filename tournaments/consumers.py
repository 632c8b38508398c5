"""Live sockets: a snapshot first, then events in seq order (docs/live-protocol.md).

Async so that one broadcast reaches thousands of sockets without a thread hop per socket; the
ORM is reached only through database_sync_to_async. The consumers only translate: frames to
service calls (none yet: both sockets are read-only), group messages to frames. The frames come
from core.fanout (one Redis subscription per group and process), not the channel layer.
"""

import asyncio
import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.core.exceptions import PermissionDenied

from core.access import Action, tournament_for
from core.broadcast import group_name
from core.fanout import daphne_connection, fanout, write_directly
from core.kinds import PUBLIC, STAFF
from tournaments.models import Tournament
from tournaments.queries.snapshot import snapshot

# Close codes a client can tell apart (4000-4999 are the application's).
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404


class Snapshots:
    """Snapshots read once for every socket that asks at about the same time (a room of phones
    opening, or reconnecting after the wifi came back), encoded once.

    A socket that asks while a snapshot is being read waits for the next read, which starts
    after it asked: it joined its group before asking, so the snapshot plus the group's events
    miss nothing."""

    def __init__(self) -> None:
        self.waiting: dict[tuple[int, str], asyncio.Future] = {}
        self.reading: set[tuple[int, str]] = set()

    async def text(self, tournament_id: int, audience: str) -> str:
        key = (tournament_id, audience)
        waiting = self.waiting.get(key)
        if waiting is None:
            waiting = self.waiting[key] = asyncio.get_running_loop().create_future()
            if key not in self.reading:
                asyncio.create_task(self.read_for_the_waiting(key))
        return await asyncio.shield(waiting)

    async def read_for_the_waiting(self, key: tuple[int, str]) -> None:
        self.reading.add(key)
        try:
            while key in self.waiting:
                answered = self.waiting.pop(key)  # the sockets that asked before this read starts
                try:
                    document = await database_sync_to_async(snapshot)(*key)
                except Exception as error:  # noqa: BLE001 - each waiting socket gets it raised
                    answered.set_exception(error)
                else:
                    answered.set_result(json.dumps(document, separators=(",", ":")))
        finally:
            self.reading.discard(key)


snapshots = Snapshots()


class LiveConsumer(AsyncWebsocketConsumer):
    audience = PUBLIC
    action = Action.VIEW_LOBBY
    # No channel layer: it would subscribe each socket to Redis and hand it every frame through a
    # queue of its own. core.fanout writes each group's frames to its sockets directly.
    channel_layer_alias = None
    held: list[str] | None = None  # frames waiting for the snapshot being sent
    connection = None  # daphne's connection, for core.fanout's direct writes

    async def connect(self):
        self.tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        try:
            await database_sync_to_async(tournament_for)(self.scope.get("user"), self.tournament_id, self.action)
        except PermissionDenied:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        except Tournament.DoesNotExist:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        self.group = group_name(self.tournament_id, self.audience)
        await self.accept()
        self.connection = daphne_connection(self.base_send)
        # Join before the snapshot is read: nothing committed after it can be missed, and the
        # client drops any event whose seq the snapshot already covers. Frames that come before
        # the snapshot is sent wait for it: the snapshot is always the first frame.
        self.held = []
        await fanout().join(self.group, self.send_frame)
        await self.send_snapshot()

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await fanout().leave(self.group, self.send_frame)

    async def receive(self, text_data=None, bytes_data=None):
        try:
            request = json.loads(text_data or "")
        except ValueError:
            request = None
        kind = request.get("type") if isinstance(request, dict) else None
        if kind == "resync":
            await self.send_snapshot()
            return
        await self.send_error(kind)

    async def send_error(self, kind):
        if self.audience == PUBLIC:
            message = 'The lobby feed is read-only; the only request it takes is {"type": "resync"}.'
        else:
            message = f'Unknown request {kind!r}; this socket takes {{"type": "resync"}}. Actions go through the API.'
        await self.send(text_data=json.dumps({"type": "error", "message": message}))

    async def send_snapshot(self):
        # Events written while the snapshot is read follow it (a client applies those after the
        # snapshot's seq and drops the rest), as they would in one queue.
        if self.held is None:
            self.held = []
        text = await snapshots.text(self.tournament_id, self.audience)
        await self.base_send({"type": "websocket.send", "text": text})
        held, self.held = self.held, None
        for text in held:
            await self.base_send({"type": "websocket.send", "text": text})

    async def send_frame(self, text: str, wire: bytes) -> None:
        # Encoded once for every socket by core.broadcast, framed once by core.fanout.
        if self.held is not None:
            self.held.append(text)
        elif not write_directly(self.connection, wire):
            await self.base_send({"type": "websocket.send", "text": text})


class LobbyConsumer(LiveConsumer):
    audience = PUBLIC
    action = Action.VIEW_LOBBY


class FloorConsumer(LiveConsumer):
    audience = STAFF
    action = Action.STAFF_FEED
