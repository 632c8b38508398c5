"""Live sockets: a snapshot first, then events in seq order (docs/live-protocol.md).

Async so that one broadcast reaches thousands of sockets without a thread hop per socket; the
ORM is reached only through database_sync_to_async. The consumers only translate: frames to
service calls (none yet: both sockets are read-only), group messages to frames. The frames come
from core.fanout (one Redis subscription per group and process), not the channel layer.

The staff floor socket lives here. The public lobby socket is the `live` process's
(pokerfest/live.py) wherever the launcher runs one; LobbyConsumer serves it where none runs (a
plain daphne, the tests' communicators), with the same protocol.
"""

import asyncio
import json
from datetime import datetime
from urllib.parse import parse_qs
from uuid import uuid4

from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from core import presence, throttle
from core.access import Action, tournament_for
from core.broadcast import group_name
from core.fanout import Snapshots, fanout
from core.kinds import PUBLIC, STAFF
from tournaments.models import Tournament
from tournaments.queries.feed import changed_sections, feed
from tournaments.queries.snapshot import snapshot

# Close codes a client can tell apart (4000-4999 are the application's).
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404


snapshots = Snapshots(database_sync_to_async(snapshot))


class LiveConsumer(AsyncWebsocketConsumer):
    audience = PUBLIC
    action = Action.VIEW_LOBBY
    # No channel layer: it would subscribe each socket to Redis and hand it every frame through a
    # queue of its own. core.fanout hands each group's frames to its sockets.
    channel_layer_alias = None
    held: list[str] | None = None  # frames waiting for the snapshot being sent

    async def connect(self):
        self.tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        # A flood of sockets from one address is refused before any read (the venue's own
        # addresses never are): the page reads the code and waits the time the reason says.
        verdict = await throttle.live_socket_opens(self.client_address())
        if not verdict.allowed:
            await self.accept()
            await self.send(text_data=verdict.frame("sockets"))
            await self.close(code=throttle.CLOSE_TOO_MANY, reason=verdict.reason("sockets"))
            return
        try:
            await database_sync_to_async(tournament_for)(self.scope.get("user"), self.tournament_id, self.action)
        except PermissionDenied:
            await self.refuse(CLOSE_FORBIDDEN)
            return
        except Tournament.DoesNotExist:
            await self.refuse(CLOSE_NOT_FOUND)
            return
        self.group = group_name(self.tournament_id, self.audience)
        await self.accept()
        # Join before the snapshot is read: nothing committed after it can be missed, and the
        # client drops any event whose seq the snapshot already covers. Frames that come before
        # the snapshot is sent wait for it: the snapshot is always the first frame.
        self.held = []
        await fanout().join(self.group, self.send_frame)
        await self.send_snapshot()

    async def refuse(self, code: int) -> None:
        # Accepted first: a socket closed before its handshake reaches the browser as 1006, and
        # the page could not say why (or know not to retry).
        await self.accept()
        await self.close(code=code)

    def client_address(self) -> str:
        # pokerfest.proxy put the client a trusted proxy named here; else it is the peer.
        client = self.scope.get("client")
        return client[0] if client else "unknown"

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
            verdict = await throttle.live_snapshot_asked(self.client_address())
            if not verdict.allowed:
                await self.send(text_data=verdict.frame("resyncs"))
                await self.close(code=throttle.CLOSE_TOO_MANY, reason=verdict.reason("resyncs"))
                return
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
        # Kept for the sockets after it while no newer seq has come (core.fanout.Snapshots).
        await self.send(text_data=await snapshots.text(self.tournament_id, self.audience, fanout(), self.group))
        held = self.held
        while held:  # frames may still arrive while these are sent
            await self.send(text_data=held.pop(0))
        self.held = None

    async def send_frame(self, text: str) -> None:
        # Encoded once for every socket by core.broadcast.
        if self.held is not None:
            self.held.append(text)
        else:
            await self.send(text_data=text)


class LobbyConsumer(LiveConsumer):
    audience = PUBLIC
    action = Action.VIEW_LOBBY


class FloorConsumer(LiveConsumer):
    audience = STAFF
    action = Action.STAFF_FEED
    present = False

    # Issue 27: the director sees every staff device connected (who, which table) and a mass drop.
    async def connect(self):
        await super().connect()
        if hasattr(self, "group"):  # accepted, not refused
            user = self.scope.get("user")
            query = parse_qs(self.scope.get("query_string", b"").decode())
            table = query.get("table", [""])[0][:10]
            person = user.get_username() if user is not None and user.is_authenticated else ""
            self.device = uuid4().hex  # no channel layer here, so no channel name
            await sync_to_async(presence.arrived)(self.tournament_id, self.device, person, table)
            self.present = True

    async def disconnect(self, code):
        await super().disconnect(code)
        if self.present:
            await sync_to_async(presence.left)(self.tournament_id, self.device)


class FeedConsumer(AsyncWebsocketConsumer):
    """The data feed's stream, version 1 (issue 26, docs/feed.md): a `snapshot` frame with the
    whole feed document (tournaments/queries/feed.py), then a `patch` frame with the sections
    that changed, after each event of the tournament and when a delayed draw comes due.
    Replaying the frames onto an empty document gives the HTTP feed. It listens to the lobby's
    public group only as a doorbell: what it sends is always read from the database, so it
    carries no more than the HTTP feed."""

    channel_layer_alias = None
    sent: dict | None = None

    async def connect(self):
        self.tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        try:
            await database_sync_to_async(tournament_for)(self.scope.get("user"), self.tournament_id, Action.VIEW_LOBBY)
        except PermissionDenied:
            await self.accept()
            await self.close(code=CLOSE_FORBIDDEN)
            return
        except Tournament.DoesNotExist:
            await self.accept()
            await self.close(code=CLOSE_NOT_FOUND)
            return
        self.group = group_name(self.tournament_id, PUBLIC)
        self.due = asyncio.Event()
        await self.accept()
        await fanout().join(self.group, self.ring)  # before the first read: no event is missed
        self.worker = asyncio.create_task(self.follow())

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await fanout().leave(self.group, self.ring)
            self.worker.cancel()

    async def receive(self, text_data=None, bytes_data=None):
        message = 'The data feed is read-only; the only request it takes is {"type": "resync"}.'
        try:
            request = json.loads(text_data or "")
        except ValueError:
            request = None
        if isinstance(request, dict) and request.get("type") == "resync":
            self.sent = None
            self.due.set()
            return
        await self.send(text_data=json.dumps({"type": "error", "message": message}))

    async def ring(self, text: str) -> None:
        self.due.set()  # the fan-out's loop must not wait for this socket's read

    async def follow(self) -> None:
        self.due.set()
        while True:
            await self.due.wait()
            self.due.clear()
            document = await database_sync_to_async(feed)(self.tournament_id)
            if self.sent is None:
                await self.send(text_data=json.dumps({"type": "snapshot", "document": document}))
            else:
                changed = changed_sections(self.sent, document)
                if changed:
                    frame = {"type": "patch", "seq": document["seq"], "set": changed}
                    await self.send(text_data=json.dumps(frame))
            self.sent = document
            self.wake_when_the_draw_is_public(document["draw"])

    def wake_when_the_draw_is_public(self, draw: dict) -> None:
        if draw["tables"] is not None or draw["public_at"] is None:
            return
        waiting = (datetime.fromisoformat(draw["public_at"]) - timezone.now()).total_seconds()
        asyncio.get_running_loop().call_later(max(waiting, 0) + 0.05, self.due.set)
