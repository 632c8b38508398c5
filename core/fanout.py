"""The live broadcast's two ends, one Redis pub/sub channel per group.

Sending (core.broadcast, after commit): one PUBLISH of the frame's text per group.

Receiving (each web process): one subscription per group the process has sockets in; each
message is decoded once and written to every local socket of the group straight away. The
channel layer did this with a queue, a decode and a task switch per socket, and a Redis
subscription of its own per socket; with thousands of sockets that was most of the fan-out.

A frame lost here (Redis away, a reconnect) is healed by the protocol, not by this module: the
heartbeat carries the seq and a screen that sees a gap asks for a snapshot.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable

import redis.asyncio as aioredis
from django.conf import settings

logger = logging.getLogger(__name__)

Sender = Callable[[str], Awaitable[None]]


def redis_channel(group: str) -> str:
    return f"{settings.NAMESPACE}:live:{group}"


class Fanout:
    """One per web process (per event loop): the groups this process has sockets in."""

    RETRY_SECONDS = 1.0

    def __init__(self) -> None:
        self.groups: dict[str, set[Sender]] = {}
        self.client = aioredis.Redis.from_url(settings.REDIS_URL)
        self.pubsub = self.client.pubsub()
        self.listener: asyncio.Task | None = None
        self.lock = asyncio.Lock()

    async def join(self, group: str, sender: Sender) -> None:
        members = self.groups.setdefault(group, set())
        members.add(sender)
        if len(members) == 1:
            async with self.lock:
                if self.groups.get(group):  # still wanted once the lock is ours
                    await self.pubsub.subscribe(redis_channel(group))
        if self.listener is None or self.listener.done():
            self.listener = asyncio.create_task(self.listen())

    async def leave(self, group: str, sender: Sender) -> None:
        members = self.groups.get(group)
        if members is None:
            return
        members.discard(sender)
        if not members:
            del self.groups[group]
            async with self.lock:
                if group not in self.groups:
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
                    members = self.groups.get(message["channel"].decode()[prefix_length:])
                    if members:
                        await self.deliver(members, message["data"].decode())
                return  # no group left: the next join starts listening again
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
            groups = [redis_channel(group) for group in self.groups]
            if groups:
                try:
                    await self.pubsub.subscribe(*groups)
                except (aioredis.ConnectionError, aioredis.TimeoutError, OSError):
                    logger.warning("live fan-out: Redis still away")

    @staticmethod
    async def deliver(members: set[Sender], text: str) -> None:
        for send in list(members):  # a socket may leave while others are written to
            try:
                await send(text)
            except Exception:  # noqa: BLE001 - one closing socket must not cost the others their frame
                logger.debug("live frame not written to a closing socket", exc_info=True)


_fanouts: dict[asyncio.AbstractEventLoop, Fanout] = {}


def fanout() -> Fanout:
    """This event loop's Fanout (a web process has one loop; tests may run several)."""
    loop = asyncio.get_running_loop()
    if loop not in _fanouts:
        _fanouts[loop] = Fanout()
    return _fanouts[loop]
