"""The live broadcast's two ends, one Redis pub/sub channel per group.

Sending (core.broadcast, after commit): one PUBLISH of the frame's text per group.

Receiving (each process that holds sockets): one subscription per group the process has sockets
in; each message is decoded once and handed to the group's sockets straight away. The channel
layer did this with a queue, a decode and a task switch per socket, and a Redis subscription of
its own per socket; with thousands of sockets that was most of the fan-out.

Two receivers, both on public APIs only: the `live` process (pokerfest/live.py, the `websockets`
library) puts each frame on the wire once with `websockets.broadcast` (BroadcastFanout); the
Channels consumers (the staff floor socket, and the lobby where no live process runs) each
`send` it (Fanout). A socket whose snapshot is not sent yet holds the frames meanwhile: the
snapshot is always its first frame.

A frame lost here (Redis away, a reconnect) is healed by the protocol, not by this module: the
heartbeat carries the seq and a screen that sees a gap asks for a snapshot.
"""

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass

import redis.asyncio as aioredis
import websockets
from django.conf import settings
from django.utils import timezone

from rules.times import iso_time

logger = logging.getLogger(__name__)

Sender = Callable[[str], Awaitable[None]]  # one Channels socket's send of a frame's text


def redis_channel(group: str) -> str:
    return f"{settings.NAMESPACE}:live:{group}"


def frame_seq(text: str) -> int | None:
    """The seq an event or heartbeat frame carries (None: a frame without one)."""
    try:
        seq = json.loads(text).get("seq")
    except (ValueError, AttributeError):
        return None
    return seq if isinstance(seq, int) else None


@dataclass(frozen=True)
class Kept:
    """A snapshot's text, encoded once, without its `server_time` (each socket gets the moment
    it is sent, so a screen's clock offset is never the age of the cache)."""

    seq: int | None
    body: str  # the JSON object, server_time left out
    read_at: float  # time.monotonic() when the read finished
    timed: bool  # the document had a server_time

    def text(self) -> str:
        if not self.timed:
            return self.body
        return '{"server_time":' + json.dumps(iso_time(timezone.now())) + "," + self.body[1:]


class Fanout:
    """One per process (per event loop): the groups this process has sockets in. A member is
    whatever `deliver` hands a frame to (here a Channels socket's Sender)."""

    RETRY_SECONDS = 1.0
    # A kept snapshot serves new sockets for this long at most, even with no frame since: the
    # clock's level and the announcements' expiry move with time alone.
    SNAPSHOT_MAX_AGE = 1.0

    def __init__(self) -> None:
        self.groups: dict[str, set[Hashable]] = {}
        self.subscribed: set[str] = set()
        # The snapshot cache: per group, the latest seq a frame (event or heartbeat) carried
        # since subscribing, and the snapshot kept for new sockets while no frame is newer.
        # `epoch` turns whenever frames may have been missed (an unsubscribe, Redis lost).
        self.seen: dict[str, int] = {}
        self.kept: dict[str, Kept] = {}
        self.epoch = 0
        self.client = aioredis.Redis.from_url(settings.REDIS_URL)
        self.pubsub = self.client.pubsub()
        self.listener: asyncio.Task | None = None
        self.lock = asyncio.Lock()  # one SUBSCRIBE/UNSUBSCRIBE at a time, in the order asked

    async def join(self, group: str, member: Hashable) -> None:
        """Returns once the process is subscribed to the group (every socket of a new group
        waits for it, so no socket reads its snapshot before frames can reach it)."""
        self.groups.setdefault(group, set()).add(member)
        if group not in self.subscribed:
            async with self.lock:
                if group not in self.subscribed and group in self.groups:
                    await self.pubsub.subscribe(redis_channel(group))
                    self.subscribed.add(group)
        if self.listener is None or self.listener.done():
            self.listener = asyncio.create_task(self.listen())

    async def leave(self, group: str, member: Hashable) -> None:
        members = self.groups.get(group)
        if members is None:
            return
        members.discard(member)
        if members:
            return
        del self.groups[group]
        async with self.lock:
            if group not in self.groups and group in self.subscribed:
                self.subscribed.discard(group)
                self.forget(group)
                try:
                    await self.pubsub.unsubscribe(redis_channel(group))
                except (aioredis.ConnectionError, aioredis.TimeoutError, OSError):
                    pass  # the reconnect subscribes to the groups still held only

    async def listen(self) -> None:
        prefix_length = len(redis_channel(""))
        while True:
            try:
                async for message in self.pubsub.listen():
                    if message["type"] != "message":
                        continue
                    group = message["channel"].decode()[prefix_length:]
                    members = self.groups.get(group)
                    if members:
                        text = message["data"].decode()
                        self.saw(group, frame_seq(text))
                        await self.deliver(group, members, text)
                if not self.groups:
                    return  # no group left: the next join starts listening again
                raise ConnectionError("sockets are held but nothing is subscribed")  # a resubscribe failed
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - Redis away: heartbeat and resync heal the screens
                logger.warning("live fan-out lost Redis; subscribing again", exc_info=True)
                await asyncio.sleep(self.RETRY_SECONDS)
                await self.resubscribe()

    async def resubscribe(self) -> None:
        async with self.lock:
            try:
                await self.pubsub.aclose()
            except Exception:  # noqa: BLE001 - it is being replaced anyway
                pass
            self.pubsub = self.client.pubsub()
            self.subscribed = set(self.groups)
            self.epoch += 1  # frames were lost meanwhile: no kept snapshot is current
            self.seen.clear()
            self.kept.clear()
            if self.subscribed:
                try:
                    await self.pubsub.subscribe(*[redis_channel(group) for group in self.subscribed])
                except (aioredis.ConnectionError, aioredis.TimeoutError, OSError):
                    logger.warning("live fan-out: Redis still away")

    def forget(self, group: str) -> None:
        self.epoch += 1
        self.seen.pop(group, None)
        self.kept.pop(group, None)

    def saw(self, group: str, seq: int | None) -> None:
        if seq is None or seq <= self.seen.get(group, -1):
            return
        self.seen[group] = seq
        kept = self.kept.get(group)
        if kept is not None and (kept.seq is None or kept.seq < seq):
            del self.kept[group]  # a newer seq: the next socket reads a new snapshot

    def kept_snapshot(self, group: str) -> Kept | None:
        """The group's kept snapshot if it is still current: read while subscribed, no frame
        since with a newer seq, and younger than SNAPSHOT_MAX_AGE. A socket that joined the
        group gets it and then every frame after: the same as a snapshot read for it alone."""
        kept = self.kept.get(group)
        if kept is None:
            return None
        if group not in self.subscribed or time.monotonic() - kept.read_at > self.SNAPSHOT_MAX_AGE:
            del self.kept[group]
            return None
        return kept

    def keep_snapshot(self, group: str, epoch: int, kept: Kept) -> None:
        """Keep a snapshot asked for at `epoch`, unless frames may have been missed since or a
        frame already carried a newer seq."""
        if epoch != self.epoch or group not in self.subscribed:
            return
        if kept.seq is None or kept.seq < self.seen.get(group, -1):
            return
        current = self.kept.get(group)
        if current is None or current.read_at <= kept.read_at:
            self.kept[group] = kept

    async def deliver(self, group: str, members: set[Sender], text: str) -> None:
        for send in list(members):  # a socket may leave while others are written to
            try:
                await send(text)
            except Exception:  # noqa: BLE001 - one closing socket must not cost the others their frame
                logger.debug("live frame not written to a closing socket", exc_info=True)


class BroadcastFanout(Fanout):
    """The live process's fan-out: members are `websockets` server connections. A frame goes to
    the group's connections whose snapshot was sent with one `websockets.broadcast` (encoded and
    framed once, written to each socket without a task switch); a connection still waiting for
    its snapshot holds the frame and sends it after (`catch_up`)."""

    def __init__(self) -> None:
        super().__init__()
        self.ready: dict[str, set] = {}  # group -> connections whose snapshot was sent
        self.waiting: dict[str, dict] = {}  # group -> connection -> frames held for it, in order

    def hold(self, group: str, connection) -> None:
        """From now until `catch_up`, the connection's frames are held (a snapshot is coming)."""
        self.ready.get(group, set()).discard(connection)
        self.waiting.setdefault(group, {})[connection] = []

    async def join(self, group: str, connection) -> None:
        self.hold(group, connection)
        await super().join(group, connection)

    async def catch_up(self, group: str, connection, snapshot: str) -> None:
        """The snapshot, then the frames held meanwhile, then the connection takes broadcasts."""
        await connection.send(snapshot)
        held = self.waiting[group][connection]
        while held:  # frames may still arrive while these are written
            await connection.send(held.pop(0))
        del self.waiting[group][connection]
        self.ready.setdefault(group, set()).add(connection)

    async def leave(self, group: str, connection) -> None:
        self.ready.get(group, set()).discard(connection)
        self.waiting.get(group, {}).pop(connection, None)
        for table in (self.ready, self.waiting):
            if group in table and not table[group]:
                del table[group]
        await super().leave(group, connection)

    async def deliver(self, group: str, members: set, text: str) -> None:
        ready = self.ready.get(group)
        if ready:
            websockets.broadcast(ready, text)  # skips connections that are closing
        for held in self.waiting.get(group, {}).values():
            held.append(text)


class SharedReads:
    """One read for every socket that asks for the same thing at about the same time (a room of
    phones opening, or reconnecting after the wifi came back). `read(*key)` is awaitable (the
    caller runs the ORM in a thread); an error it raises is raised to each socket that asked.

    A socket that asks while a read is under way waits for the next read, which starts after it
    asked: what it gets is never older than its asking (for a snapshot: it joined its group
    before asking, so the snapshot plus the group's events miss nothing)."""

    def __init__(self, read: Callable[..., Awaitable]) -> None:
        self.read = read
        self.waiting: dict[tuple, asyncio.Future] = {}
        self.reading: set[tuple] = set()

    async def get(self, *key):
        waiting = self.waiting.get(key)
        if waiting is None:
            waiting = self.waiting[key] = asyncio.get_running_loop().create_future()
            if key not in self.reading:
                asyncio.create_task(self.read_for_the_waiting(key))
        return await asyncio.shield(waiting)

    def encode(self, result):
        return result

    async def read_for_the_waiting(self, key: tuple) -> None:
        self.reading.add(key)
        try:
            while key in self.waiting:
                answered = self.waiting.pop(key)  # the sockets that asked before this read starts
                try:
                    result = self.encode(await self.read(*key))
                except Exception as error:  # noqa: BLE001 - each waiting socket gets it raised
                    answered.set_exception(error)
                else:
                    answered.set_result(result)
        finally:
            self.reading.discard(key)


class Snapshots(SharedReads):
    """Snapshots read once for every socket that asks at about the same time, encoded once.
    `read(tournament_id, audience)` is the snapshot query.

    Given the socket's fan-out and group (which the socket has joined), the encoded snapshot is
    kept there for the sockets that come after it (Fanout.kept_snapshot says for how long): a
    room of phones opening costs one read and one encoding, not one per socket."""

    def encode(self, result) -> Kept:
        timed = isinstance(result, dict) and "server_time" in result
        if timed:
            result = {key: value for key, value in result.items() if key != "server_time"}
        seq = result.get("seq") if isinstance(result, dict) else None
        return Kept(seq, json.dumps(result, separators=(",", ":")), time.monotonic(), timed)

    async def text(self, tournament_id: int, audience: str, feed: Fanout | None = None, group: str = "") -> str:
        if feed is None:
            return (await self.get(tournament_id, audience)).text()
        kept = feed.kept_snapshot(group)
        if kept is not None:
            return kept.text()
        epoch = feed.epoch
        kept = await self.get(tournament_id, audience)
        feed.keep_snapshot(group, epoch, kept)
        return kept.text()


_fanouts: dict[tuple[asyncio.AbstractEventLoop, type], Fanout] = {}


def fanout(kind: type[Fanout] = Fanout) -> Fanout:
    """This event loop's fan-out of that kind (a process has one loop; tests may run several)."""
    key = (asyncio.get_running_loop(), kind)
    if key not in _fanouts:
        _fanouts[key] = kind()
    return _fanouts[key]
