"""One client process of the fan-out benchmark (bench/fanout.py starts several, so no one
process's open-file limit caps the number of sockets).

Talks JSON lines: on stdin `{"open": url, "count": n}`, `{"report": key}`, `{"close": true}`; on
stdout `{"opened": n}`, and for each broadcast key `{"key": k, "count": c, "last": t}` as soon as
every socket of this process has the frame (or when asked with `report`), `t` being the
`time.monotonic()` of the last arrival (one clock for every process of the machine). A frame's
key is its `seq`; heartbeats and snapshots are not counted. No Django.
"""

import asyncio
import contextlib
import json
import re
import sys
import time

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidMessage

SEQ = re.compile(r'"seq":(\d+)')

clients = []
arrivals: dict[int, list[float]] = {}
reported: set[int] = set()
retries = [0]  # connections tried again


def say(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def report(key: int) -> None:
    got = arrivals.get(key, [])
    say({"key": key, "count": len(got), "last": max(got) if got else None})


async def listen(client) -> None:
    with contextlib.suppress(ConnectionClosed):
        await receive(client)


async def receive(client) -> None:
    async for text in client:
        if text.startswith('{"type":"event"'):
            key = int(SEQ.search(text).group(1))
            got = arrivals.setdefault(key, [])
            got.append(time.monotonic())
            if len(got) == len(clients) and key not in reported:
                reported.add(key)
                report(key)


async def open_one(url: str, attempts: int = 8):
    """One socket with its first frame (the snapshot, or the baseline's hello). A server busy
    past its handshake timeout closes the connection: try again, as a phone would; None when
    it never opened."""
    for attempt in range(attempts):
        try:
            client = await connect(
                url,
                origin="http://127.0.0.1",
                compression=None,
                max_queue=None,
                open_timeout=120,
                ping_interval=None,
                close_timeout=2,
            )
            await asyncio.wait_for(client.recv(), 60)
            return client
        except (InvalidHandshake, InvalidMessage, ConnectionClosed, OSError, TimeoutError):
            if attempt == attempts - 1:
                return None
            retries[0] += 1
            await asyncio.sleep(0.5 * (attempt + 1))


async def open_clients(url: str, count: int, batch: int = 50) -> None:
    for start in range(0, count, batch):
        opened = await asyncio.gather(*[open_one(url) for _ in range(min(batch, count - start))])
        clients.extend(client for client in opened if client is not None)
    for client in clients:
        asyncio.create_task(listen(client))


async def main() -> None:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=1 << 20)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while line := await reader.readline():
        command = json.loads(line)
        if "open" in command:
            try:
                await open_clients(command["open"], command["count"])
            except Exception as error:  # noqa: BLE001 - the parent prints it and stops
                say({"error": f"{type(error).__name__}: {error}", "opened": len(clients)})
                continue
            say({"opened": len(clients), "retries": retries[0]})
        elif "report" in command:
            report(command["report"])
        elif "close" in command:
            await asyncio.gather(*[client.close() for client in clients], return_exceptions=True)
            say({"closed": len(clients)})
            return


if __name__ == "__main__":
    asyncio.run(main())
