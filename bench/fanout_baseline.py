"""The fan-out benchmark's baseline server: the leanest WebSocket fan-out this language has.

    python bench/fanout_baseline.py --fd 5 --redis redis://127.0.0.1:6379/0 --channel bench:raw

One process of the `websockets` library, adopting the inherited listening socket, subscribed to
one Redis pub/sub channel, forwarding each message to every socket it holds with
`websockets.broadcast` (the frame is encoded once and written to each connection). A socket gets
one `hello` frame on opening, as pokerfest's sockets get their snapshot. No Django, no database.

Its sockets have the live process's settings where they cost memory or time per socket (the
library's own keyword arguments, LOBBY_SOCKETS here and in pokerfest/live.py, which a unit test
keeps equal): no permessage-deflate (its compressor state is ~100 KiB a socket), frames of at
most 4 KiB, the library's keepalive ping every 20 s (a task per socket; the live process needs it
to drop phones that vanished) and its default receive queue.
"""

import argparse
import asyncio
import socket

import redis.asyncio as aioredis
from websockets import broadcast
from websockets.asyncio.server import serve

connections = set()
LOBBY_SOCKETS = {"compression": None, "max_size": 4096, "ping_interval": 20, "max_queue": 16}


async def hold(connection) -> None:
    connections.add(connection)
    try:
        await connection.send('{"type":"hello"}')
        await connection.wait_closed()
    finally:
        connections.discard(connection)


async def forward(redis_url: str, channel: str) -> None:
    client = aioredis.Redis.from_url(redis_url)
    pubsub = client.pubsub()
    await pubsub.subscribe(channel)
    async for message in pubsub.listen():
        if message["type"] == "message":
            broadcast(connections, message["data"].decode())


async def main(args) -> None:
    sock = socket.socket(fileno=args.fd)
    async with serve(hold, sock=sock, **LOBBY_SOCKETS):
        await forward(args.redis, args.channel)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fd", type=int, required=True)
    parser.add_argument("--redis", required=True)
    parser.add_argument("--channel", required=True)
    asyncio.run(main(parser.parse_args()))
