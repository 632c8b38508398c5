"""Issue 27, "Devices that drop": the staff sockets say which devices are connected (who, which
table); when a set share of them closes at once, the console's API says the network went."""

import json

import pytest
import redis
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from core import presence
from pokerfest.asgi import application
from tests.helpers.api import client_for

ORIGIN = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]


@database_sync_to_async
def session_cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}".encode()


async def open_socket(path: str, user) -> WebsocketCommunicator:
    """A staff socket, its snapshot read."""
    socket = WebsocketCommunicator(application, path, headers=[*ORIGIN, (b"cookie", await session_cookie(user))])
    connected, _ = await socket.connect(timeout=10)
    assert connected
    first = json.loads(await socket.receive_from(timeout=10))
    assert first["type"] == "snapshot"
    return socket


def forget(tournament_id: int) -> None:
    client = redis.Redis.from_url(settings.REDIS_URL)
    for key in client.scan_iter(f"{settings.NAMESPACE}:presence:{tournament_id}:*"):
        client.delete(key)


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_closed_sockets_tell_the_console_of_a_mass_drop(make_tournament, staff):
    tournament = await database_sync_to_async(make_tournament)()
    await database_sync_to_async(forget)(tournament.id)
    director = await database_sync_to_async(client_for)("director", staff)
    url = f"/api/tournaments/{tournament.id}/devices/"
    read = database_sync_to_async(lambda: director.get(url).json())
    sockets = []
    for table in ("1", "2", "3"):
        sockets.append(await open_socket(f"/ws/tournaments/{tournament.id}/floor/?table={table}", staff["floor"]))
    seen = await read()
    assert [(d["person"], d["table"]) for d in seen["connected"]] == [(staff["floor"].username, t) for t in "123"]
    assert not seen["mass_drop"]

    await sockets[0].disconnect()  # one tablet's battery: not the network
    one = await read()
    assert (len(one["connected"]), one["dropped_lately"], one["mass_drop"]) == (2, 1, False)
    await sockets[1].disconnect()
    many = await read()
    assert many["mass_drop"] and many["percent"] == 67 and many["dropped"][0]["table"] == "2"
    await sockets[2].disconnect()
    floor = await database_sync_to_async(client_for)("floor", staff)
    assert (await database_sync_to_async(lambda: floor.get(url).status_code)()) == 403


@pytest.mark.django_db
def test_a_page_reloaded_is_not_a_drop_and_three_reloads_are_no_mass_drop():
    """The second walkthrough reloaded three pages and the console called it a mass drop."""
    tournament_id = 987_654  # presence is Redis only: no tournament row needed
    forget(tournament_id)
    for n, table in enumerate(("1", "2", "3")):
        presence.arrived(tournament_id, f"s{n}", "floor", table, now=100.0)
    for n, table in enumerate(("1", "2", "3")):  # each page reloaded: its socket closes, a new one opens
        presence.left(tournament_id, f"s{n}", now=200.0)
        presence.arrived(tournament_id, f"r{n}", "floor", table, now=200.5)
    shown = presence.devices(tournament_id, now=201.0)
    assert (len(shown["connected"]), shown["dropped"], shown["mass_drop"]) == (3, [], False)
    presence.left(tournament_id, "r0", now=202.0)  # table 1's tablet really goes
    presence.left(tournament_id, "r1", now=202.0)  # and table 2's
    shown = presence.devices(tournament_id, now=203.0)
    assert [d["table"] for d in shown["dropped"]] == ["1", "2"] and shown["mass_drop"]
    forget(tournament_id)
