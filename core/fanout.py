"""The live broadcast's two ends, one Redis pub/sub channel per group.

Sending (core.broadcast, after commit): one PUBLISH of the frame's text per group.

Receiving (each web process): one subscription per group the process has sockets in; each
message is decoded once and written to every local socket of the group straight away. The
channel layer did this with a queue, a decode and a task switch per socket, and a Redis
subscription of its own per socket; with thousands of sockets that was most of the fan-out.

Under daphne the frame is also put on the wire once: its WebSocket bytes are built once per
message and sent to each open connection's socket, as `websockets.broadcast` does; the
per-socket path through channels' session wrapper, daphne's reply handler, autobahn's framing
(whose debug logging formats its arguments on every frame) and Twisted's deferred write took
most of the time. Anything that is not an open daphne connection with nothing queued goes the
ASGI way (`send`).

A frame lost here (Redis away, a reconnect) is healed by the protocol, not by this module: the
heartbeat carries the seq and a screen that sees a gap asks for a snapshot.
"""

import asyncio
import functools
import logging
import struct
from collections.abc import Awaitable, Callable

import redis.asyncio as aioredis
from django.conf import settings

logger = logging.getLogger(__name__)

Sender = Callable[[str, bytes], Awaitable[None]]  # the frame's text, and its bytes on the wire


def text_frame(text: str) -> bytes:
    """One unfragmented, unmasked WebSocket text frame (RFC 6455 5.2), as a server sends it."""
    payload = text.encode()
    length = len(payload)
    if length < 126:
        return bytes((0x81, length)) + payload
    if length < 1 << 16:
        return struct.pack("!BBH", 0x81, 126, length) + payload
    return struct.pack("!BBQ", 0x81, 127, length) + payload


def daphne_connection(send):
    """The daphne (autobahn) connection under an ASGI `send`, or None under any other server:
    channels' middleware wraps daphne's `partial(server.handle_reply, protocol)` (each wrapper
    keeps the next as `real_send`)."""
    for _ in range(8):
        if isinstance(send, functools.partial):
            protocol = send.args[0] if send.args else None
            return (
                protocol
                if getattr(send.func, "__name__", "") == "handle_reply" and hasattr(protocol, "send_queue")
                else None
            )
        send = getattr(getattr(send, "__self__", None), "real_send", None)
        if send is None:
            return None
    return None


def write_directly(connection, wire: bytes) -> bool:
    """Write a frame to an open daphne connection; False when it must go through autobahn (not
    open yet or any more, or frames already queued there, which must go first).

    Twisted buffers every write until the loop reports the socket writable (two epoll changes and
    a loop pass per socket); when nothing is buffered this sends at once, as asyncio's transports
    do, and hands Twisted only what the socket did not take. A TLS transport has no `socket` and
    gets the plain `write`."""
    if connection is None or connection.state != connection.STATE_OPEN or connection.send_queue:
        return False
    transport = connection.transport
    if transport is None or not transport.connected or transport.disconnecting:
        return False
    sock = getattr(transport, "socket", None)
    idle = (
        sock is not None
        and not getattr(transport, "_tempDataBuffer", True)
        and len(getattr(transport, "dataBuffer", b"x")) == getattr(transport, "offset", -1)
    )
    if not idle:
        transport.write(wire)
        return True
    try:
        sent = sock.send(wire)
    except BlockingIOError:
        sent = 0
    except OSError:
        return True  # the connection is going: Twisted notices on its next read and closes it
    if sent < len(wire):
        transport.write(wire[sent:])
    return True


def redis_channel(group: str) -> str:
    return f"{settings.NAMESPACE}:live:{group}"


class Fanout:
    """One per web process (per event loop): the groups this process has sockets in."""

    RETRY_SECONDS = 1.0

    def __init__(self) -> None:
        self.groups: dict[str, set[Sender]] = {}
        self.subscribed: set[str] = set()
        self.client = aioredis.Redis.from_url(settings.REDIS_URL)
        self.pubsub = self.client.pubsub()
        self.listener: asyncio.Task | None = None
        self.lock = asyncio.Lock()  # one SUBSCRIBE/UNSUBSCRIBE at a time, in the order asked

    async def join(self, group: str, sender: Sender) -> None:
        """Returns once the process is subscribed to the group (every socket of a new group
        waits for it, so no socket reads its snapshot before frames can reach it)."""
        self.groups.setdefault(group, set()).add(sender)
        if group not in self.subscribed:
            async with self.lock:
                if group not in self.subscribed and group in self.groups:
                    await self.pubsub.subscribe(redis_channel(group))
                    self.subscribed.add(group)
        if self.listener is None or self.listener.done():
            self.listener = asyncio.create_task(self.listen())

    async def leave(self, group: str, sender: Sender) -> None:
        members = self.groups.get(group)
        if members is None:
            return
        members.discard(sender)
        if members:
            return
        del self.groups[group]
        async with self.lock:
            if group not in self.groups and group in self.subscribed:
                self.subscribed.discard(group)
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
            if self.subscribed:
                try:
                    await self.pubsub.subscribe(*[redis_channel(group) for group in self.subscribed])
                except (aioredis.ConnectionError, aioredis.TimeoutError, OSError):
                    logger.warning("live fan-out: Redis still away")

    @staticmethod
    async def deliver(members: set[Sender], text: str) -> None:
        wire = text_frame(text)
        for send in list(members):  # a socket may leave while others are written to
            try:
                await send(text, wire)
            except Exception:  # noqa: BLE001 - one closing socket must not cost the others their frame
                logger.debug("live frame not written to a closing socket", exc_info=True)


_fanouts: dict[asyncio.AbstractEventLoop, Fanout] = {}


def fanout() -> Fanout:
    """This event loop's Fanout (a web process has one loop; tests may run several)."""
    loop = asyncio.get_running_loop()
    if loop not in _fanouts:
        _fanouts[loop] = Fanout()
    return _fanouts[loop]
