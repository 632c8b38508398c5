"""The `live` process: the read-only public lobby socket on the `websockets` library.

    python -m pokerfest.live --port 8001 [--host 127.0.0.1]   # or --fd N, an inherited socket

Serves `/ws/tournaments/<id>/lobby/` (lobby, TV and phone pages) with the protocol of
docs/live-protocol.md: the snapshot first, then the group's frames in seq order as core.broadcast
publishes them on Redis; `{"type": "resync"}` is answered with a snapshot, anything else with an
error frame. One per node, started and restarted by the launcher (pokerfest/stack.py) beside the
daphne processes, which keep the staff sockets (tournaments/consumers.py). Each frame goes to
every ready socket of its group with one `websockets.broadcast` (core.fanout.BroadcastFanout):
encoded and framed once, written to each socket without a task per socket, which is how this
library's own fan-out reaches its floor.

Django is set up for its settings and the ORM, which runs only in a thread (sync_to_async): the
snapshot, and whether a tournament exists. Only the apps whose models the snapshot reads are
loaded (LIVE_PROCESS_APPS): not daphne, the admin, the API or their imports, which would double
the process's memory before its first socket. The lobby is public: an anonymous user's right to
VIEW_LOBBY, checked without the database; a tournament's existence is read once per process.
The snapshot's text is kept for the sockets that follow while no newer seq has come
(core.fanout.Snapshots), so a room of phones opening costs one read, not one per socket.
A refused socket is accepted, then closed with 4404 (no such tournament), 4403 (not allowed) or
4429 (too many sockets or resyncs from its address this minute: core/throttle.py, the address
as pokerfest/proxy.py reads it, the venue's own VENUE_ADDRESSES never limited), so the browser
sees the code; a browser from an origin that is not this site's (ALLOWED_HOSTS,
CSRF_TRUSTED_ORIGINS) is refused at the handshake (403); a client that sends no Origin is no
browser and may connect.
"""

import argparse
import asyncio
import importlib
import json
import logging
import os
import re
import signal
import socket
from http import HTTPStatus

import django
from django.conf import settings

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerfest.settings")
if not settings.configured:  # else a test imported this module with Django set up already
    configured = importlib.import_module(os.environ["DJANGO_SETTINGS_MODULE"])
    values = {name: getattr(configured, name) for name in dir(configured) if name.isupper()}
    settings.configure(**{**values, "INSTALLED_APPS": values["LIVE_PROCESS_APPS"]})
django.setup()

from asgiref.sync import sync_to_async  # noqa: E402
from django.contrib.auth.models import AnonymousUser  # noqa: E402
from django.core.exceptions import PermissionDenied  # noqa: E402
from django.db import close_old_connections  # noqa: E402
from websockets.asyncio.server import ServerConnection, serve  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from core import throttle  # noqa: E402
from core.access import Action, check  # noqa: E402
from core.broadcast import group_name  # noqa: E402
from core.fanout import BroadcastFanout, SharedReads, Snapshots, fanout  # noqa: E402
from core.kinds import PUBLIC  # noqa: E402
from pokerfest.proxy import client_of  # noqa: E402
from tournaments.models import Tournament  # noqa: E402
from tournaments.queries.snapshot import snapshot  # noqa: E402

logger = logging.getLogger("pokerfest.live")

LOBBY_PATH = re.compile(r"/ws/tournaments/([0-9]+)/lobby/")
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404
# Each socket's settings (bench/fanout_baseline.py's floor has the same, tests/unit keeps them so):
# a frame is small JSON, and deflate's state would cost ~100 KiB a socket; the socket takes only
# {"type": "resync"}; the library's keepalive (a ping every 20 s) drops phones that vanished.
LOBBY_SOCKETS = {"compression": None, "max_size": 4096, "ping_interval": 20, "max_queue": 16}
READ_ONLY = 'The lobby feed is read-only; the only request it takes is {"type": "resync"}.'


def in_a_thread(function):
    """The ORM off the event loop, on a connection checked before and after (as Channels'
    database_sync_to_async does): a connection PostgreSQL dropped is replaced, not reused."""

    def checked(*args):
        close_old_connections()
        try:
            return function(*args)
        finally:
            close_old_connections()

    return sync_to_async(checked, thread_sensitive=False)


# Both read once for every socket that asks at about the same time (a room of phones opening).
existing = SharedReads(in_a_thread(lambda tournament_id: Tournament.objects.filter(pk=tournament_id).exists()))
snapshots = Snapshots(in_a_thread(snapshot))
known: set[int] = set()  # tournaments that exist (one deleted is answered 4404 by its snapshot read)


async def lobby_of(tournament_id: int) -> None:
    """Raises PermissionDenied or Tournament.DoesNotExist, as core.access.tournament_for does,
    without a database read for a tournament this process already knows."""
    check(AnonymousUser(), Action.VIEW_LOBBY)
    if tournament_id not in known:
        if not await existing.get(tournament_id):
            raise Tournament.DoesNotExist(f"no tournament {tournament_id}")
        known.add(tournament_id)


def allowed_origins(hosts: list[str], trusted: list[str]) -> list | None:
    """The Origin headers this site's pages send: any scheme and port of a host Django serves
    (ALLOWED_HOSTS, its ".example.com" subdomain form included) or a CSRF_TRUSTED_ORIGINS entry
    ("https://*.example.com" too), and none at all (no browser). None accepts any (a "*" host)."""
    if "*" in hosts:
        return None
    patterns: list = [None]
    for host in hosts:
        if host.startswith("."):
            name = rf"([^/:]+\.)?{re.escape(host[1:])}"
        else:
            name = re.escape(host)
        patterns.append(re.compile(rf"https?://{name}(:[0-9]+)?"))
    for origin in trusted:
        patterns.append(re.compile(re.escape(origin).replace(r"\*", r"[^/:]+") + "(:[0-9]+)?"))
    return patterns


def only_the_lobby(connection: ServerConnection, request):
    """Any other path is answered 404 before the handshake (the staff sockets are daphne's)."""
    if not LOBBY_PATH.fullmatch(request.path.split("?", 1)[0]):
        return connection.respond(HTTPStatus.NOT_FOUND, "Not a lobby socket.\n")
    return None


def client_address(connection: ServerConnection) -> str:
    """The socket's peer, or the client a trusted proxy named (pokerfest/proxy.py's rule)."""
    peer = connection.remote_address[0] if connection.remote_address else "unknown"
    return client_of(peer, ",".join(connection.request.headers.get_all("X-Forwarded-For")))


async def refuse_flood(connection: ServerConnection, verdict: throttle.Verdict, what: str) -> None:
    """The error frame saying so and when to try again, then close code 4429 with the same."""
    try:
        await connection.send(verdict.frame(what))
    except ConnectionClosed:
        return
    await connection.close(throttle.CLOSE_TOO_MANY, verdict.reason(what))


async def send_snapshot(connection: ServerConnection, group: str, tournament_id: int) -> None:
    feed = fanout(BroadcastFanout)
    feed.hold(group, connection)  # frames from now on follow the snapshot
    await feed.catch_up(group, connection, await snapshots.text(tournament_id, PUBLIC, feed, group))


async def watch(connection: ServerConnection) -> None:
    tournament_id = int(LOBBY_PATH.fullmatch(connection.request.path.split("?", 1)[0]).group(1))
    # A flood from one address is refused before any read, with a code the page shows.
    address = client_address(connection)
    verdict = await throttle.live_socket_opens(address)
    if not verdict.allowed:
        await refuse_flood(connection, verdict, "sockets")
        return
    try:
        await lobby_of(tournament_id)
    except PermissionDenied:
        await connection.close(CLOSE_FORBIDDEN, "not allowed")
        return
    except Tournament.DoesNotExist:
        await connection.close(CLOSE_NOT_FOUND, "no such tournament")
        return
    group = group_name(tournament_id, PUBLIC)
    feed = fanout(BroadcastFanout)
    # Joined before the snapshot is read: nothing committed after it can be missed, and the
    # client drops any event whose seq the snapshot already covers.
    await feed.join(group, connection)
    try:
        try:
            # Not kept in a local: the snapshot's text would live as long as the socket.
            await feed.catch_up(group, connection, await snapshots.text(tournament_id, PUBLIC, feed, group))
        except Tournament.DoesNotExist:  # deleted since this process first saw it
            known.discard(tournament_id)
            await connection.close(CLOSE_NOT_FOUND, "no such tournament")
            return
        async for message in connection:
            try:
                request = json.loads(message)
            except (TypeError, ValueError):
                request = None
            if isinstance(request, dict) and request.get("type") == "resync":
                verdict = await throttle.live_snapshot_asked(address)
                if not verdict.allowed:
                    await refuse_flood(connection, verdict, "resyncs")
                    return
                await send_snapshot(connection, group, tournament_id)
            else:
                await connection.send(json.dumps({"type": "error", "message": READ_ONLY}))
    except ConnectionClosed:
        pass
    finally:
        await feed.leave(group, connection)


async def serve_lobby(sock: socket.socket) -> None:
    stopping = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(signum, stopping.set)
    async with serve(
        watch,
        sock=sock,
        origins=allowed_origins(settings.ALLOWED_HOSTS, settings.CSRF_TRUSTED_ORIGINS),
        process_request=only_the_lobby,
        server_header=None,
        **LOBBY_SOCKETS,
    ):
        logger.info("live: serving lobby sockets on %s:%s", *sock.getsockname()[:2])
        await stopping.wait()
        logger.info("live: stopping")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m pokerfest.live", description=__doc__.splitlines()[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--port", type=int, help="listen on this port")
    where.add_argument("--fd", type=int, help="adopt this inherited listening socket")
    parser.add_argument("--host", default="127.0.0.1", help="with --port: listen on this address")
    args = parser.parse_args(argv)
    if args.fd is not None:
        sock = socket.socket(fileno=args.fd)
    else:
        sock = socket.create_server((args.host, args.port), reuse_port=False, backlog=1024)
    asyncio.run(serve_lobby(sock))


if __name__ == "__main__":
    main()
