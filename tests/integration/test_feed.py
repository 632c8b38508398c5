"""Issue 26: the official live data feed for media and results sites (docs/feed.md). Public
JSON with an ETag and Cache-Control, names only as each player consented (REG-CONSENT), no
personal data, the draw only after the house's delay, and a stream whose frames replayed onto
an empty document give the HTTP feed."""

import json
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.utils import timezone

from clock.services import level_clock as clock_services
from core.http_cache import PUBLIC_MAX_AGE, without_volatile
from players.models import Player
from pokerfest.asgi import application
from tables.services.floor import player_out
from tournaments.models import DrawSeed, Tournament
from tournaments.queries.feed import feed

ORIGIN = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]


def set_draw_delay(tournament: Tournament, minutes: int) -> None:
    ruleset = {"preset": tournament.ruleset_preset, "seating": {"feed_draw_delay_minutes": minutes}}
    Tournament.objects.filter(pk=tournament.pk).update(ruleset=ruleset)


def url_of(tournament: Tournament) -> str:
    return f"/api/feed/v1/tournaments/{tournament.id}/"


@pytest.mark.django_db
def test_REG_CONSENT_the_feed_carries_public_names_only_and_no_personal_data(seated, staff):
    tournament, seats = seated
    set_draw_delay(tournament, 0)
    players = list(Player.objects.filter(entries__tournament=tournament).distinct().order_by("id"))
    Player.objects.filter(pk=players[0].pk).update(
        initials_only=True,
        email="anna@example.invalid",
        phone="+43 660 1234567",
        id_document_type="passport",
        id_document_number="P1234567",
    )
    Player.objects.filter(pk__in=[p.pk for p in players[1:]]).update(email="x@example.invalid", phone="+43 1 555")
    out = sorted(seats)[1]
    player_out(tournament.id, 1, out, staff["floor"], starting_stack=10_000)
    tournament.refresh_from_db()

    response = Client().get(url_of(tournament))
    assert response.status_code == 200
    document = response.json()
    assert (document["version"], document["seq"], document["chain_head"]) == (
        "1",
        tournament.last_seq,
        tournament.chain_head,
    )
    assert [row["entry"] for row in document["eliminations"]] == [seats[out]]
    assert document["eliminations"][0]["place"] == [6, 6]
    assert document["counts"]["players_left"] == 5
    names = {seat["name"] for table in document["draw"]["tables"] for seat in table["players"].values()}
    assert "P0 S." not in names and "P. S." in names  # the player who asked for initials only
    text = response.content.decode()
    for player in Player.objects.filter(pk__in=[p.pk for p in players]):
        for personal in (player.email, player.phone, player.id_document_number, player.date_of_birth.isoformat()):
            assert not personal or personal not in text
        assert player.last_name not in text  # "Seated": only its initial
        assert f'"player": {player.pk}' not in text and f'"player":{player.pk}' not in text


@pytest.mark.django_db
def test_the_feed_has_an_etag_a_short_public_cache_and_answers_304(seated):
    tournament, _ = seated
    client = Client()
    first = client.get(url_of(tournament))
    assert first["Cache-Control"] == f"public, max-age={PUBLIC_MAX_AGE}" and first["ETag"].startswith('W/"')
    again = client.get(url_of(tournament), HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    clock_services.start_clock(tournament.id, None)
    assert client.get(url_of(tournament), HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200


@pytest.mark.django_db
def test_the_openapi_document_describes_the_feed():
    schema = Client().get("/api/openapi.json").json()
    operation = schema["paths"]["/api/feed/v1/tournaments/{tournament_id}/"]["get"]
    assert operation["tags"] == ["feed"]
    assert {"version", "seq", "chain_head", "draw", "eliminations", "payouts", "clock", "counts"} <= set(
        schema["components"]["schemas"]["FeedOut"]["properties"]
    )


@pytest.mark.django_db
def test_the_draw_is_hidden_until_the_houses_delay_has_passed(seated):
    tournament, _ = seated
    set_draw_delay(tournament, 10)
    drawn_at = DrawSeed.objects.get(tournament=tournament, drawn_at__isnull=False).drawn_at
    document = Client().get(url_of(tournament)).json()
    assert document["draw"]["tables"] is None
    public_at = drawn_at + timedelta(minutes=10)
    assert document["draw"]["public_at"] == public_at.isoformat(timespec="milliseconds")
    assert "P0" not in json.dumps(document)  # nobody's seat, nobody's name
    assert feed(tournament.id, now=public_at - timedelta(seconds=1))["draw"]["tables"] is None
    shown = feed(tournament.id, now=public_at)["draw"]["tables"]
    assert [table["number"] for table in shown] == [1] and len(shown[0]["players"]) == 6


async def frames_until(socket: WebsocketCommunicator, copy: dict, seq: int) -> dict:
    """Apply the stream's frames to `copy` until it covers `seq`."""
    while copy.get("seq") != seq:
        frame = json.loads(await socket.receive_from(timeout=10))
        if frame["type"] == "snapshot":
            copy = dict(frame["document"])
        else:
            assert frame["type"] == "patch" and set(frame["set"]) <= set(copy)
            copy.update(frame["set"])
    return copy


async def last_seq(tournament_id: int) -> int:
    return (await Tournament.objects.aget(pk=tournament_id)).last_seq


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_stream_replayed_into_an_empty_copy_is_the_feed(seated, staff):
    tournament, seats = seated
    await database_sync_to_async(set_draw_delay)(tournament, 0)
    socket = WebsocketCommunicator(application, f"/ws/feed/v1/tournaments/{tournament.id}/", headers=ORIGIN)
    connected, _ = await socket.connect(timeout=10)
    assert connected
    copy = await frames_until(socket, {}, await last_seq(tournament.id))
    await database_sync_to_async(clock_services.start_clock)(tournament.id, staff["director"])
    copy = await frames_until(socket, copy, await last_seq(tournament.id))
    for seat in sorted(seats)[:2]:
        await database_sync_to_async(player_out)(tournament.id, 1, seat, staff["floor"], starting_stack=10_000)
    copy = await frames_until(socket, copy, await last_seq(tournament.id))
    await database_sync_to_async(clock_services.pause_clock)(tournament.id, staff["director"], "a ruling")
    copy = await frames_until(socket, copy, await last_seq(tournament.id))

    served = await database_sync_to_async(Client().get)(url_of(tournament))
    assert without_volatile(copy) == without_volatile(served.json())
    assert sorted(row["entry"] for row in copy["eliminations"]) == sorted(seats[seat] for seat in sorted(seats)[:2])
    assert copy["clock"]["status"] == "paused" and copy["counts"]["players_left"] == 4
    await socket.send_to(text_data='{"type": "bet"}')
    assert json.loads(await socket.receive_from(timeout=10))["type"] == "error"
    await socket.disconnect()


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_an_unknown_tournament_closes_the_stream_with_4404():
    socket = WebsocketCommunicator(application, "/ws/feed/v1/tournaments/999999/", headers=ORIGIN)
    connected, _ = await socket.connect(timeout=10)
    assert connected
    closed = await socket.receive_output(timeout=10)
    assert closed == {"type": "websocket.close", "code": 4404}


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_the_stream_sends_the_draw_when_its_delay_has_passed_without_an_event(seated):
    tournament, seats = seated
    await database_sync_to_async(set_draw_delay)(tournament, 1)
    soon = timezone.now() - timedelta(minutes=1) + timedelta(seconds=2)  # the draw's minute is nearly up
    await DrawSeed.objects.filter(tournament=tournament, drawn_at__isnull=False).aupdate(drawn_at=soon)
    socket = WebsocketCommunicator(application, f"/ws/feed/v1/tournaments/{tournament.id}/", headers=ORIGIN)
    connected, _ = await socket.connect(timeout=10)
    assert connected
    first = json.loads(await socket.receive_from(timeout=10))
    assert first["type"] == "snapshot" and first["document"]["draw"]["tables"] is None
    patch = json.loads(await socket.receive_from(timeout=15))
    assert patch["type"] == "patch" and set(patch["set"]) == {"draw"}
    assert sorted(int(seat) for seat in patch["set"]["draw"]["tables"][0]["players"]) == sorted(seats)
    await socket.disconnect()
