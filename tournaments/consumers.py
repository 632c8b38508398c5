"""Live sockets: a snapshot first, then events in seq order (docs/live-protocol.md).

Async so that one broadcast reaches thousands of sockets without a thread hop per socket; the
ORM is reached only through database_sync_to_async. The consumers only translate: frames to
service calls (none yet: both sockets are read-only), group messages to frames.
"""

import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.core.exceptions import PermissionDenied

from core.access import Action, tournament_for
from core.broadcast import group_name
from core.kinds import PUBLIC, STAFF
from tournaments.models import Tournament
from tournaments.queries import snapshot

# Close codes a client can tell apart (4000-4999 are the application's).
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404


class LiveConsumer(AsyncWebsocketConsumer):
    audience = PUBLIC
    action = Action.VIEW_LOBBY

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
        # Join before the snapshot is read: nothing committed after it can be missed, and the
        # client drops any event whose seq the snapshot already covers.
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_snapshot()

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

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
        document = await database_sync_to_async(snapshot)(self.tournament_id, self.audience)
        await self.send(text_data=json.dumps(document, separators=(",", ":")))

    async def dispatch(self, message):
        # Channels checks the database connection (a hop to its one sync thread) before every
        # handler. A live frame never touches the database, and with thousands of sockets that
        # hop per socket per broadcast is most of the fan-out time. Handlers that do use the
        # database go through database_sync_to_async, which does the same check itself.
        if message["type"] == "live.frame":
            await self.live_frame(message)
        else:
            await super().dispatch(message)

    async def live_frame(self, message):
        # Already encoded once for the whole group by core.broadcast.broadcast.
        await self.send(text_data=message["text"])


class LobbyConsumer(LiveConsumer):
    audience = PUBLIC
    action = Action.VIEW_LOBBY


class FloorConsumer(LiveConsumer):
    audience = STAFF
    action = Action.STAFF_FEED
