"""The `live` process for real (pokerfest/live.py in a subprocess, this run's PostgreSQL and Redis):
the lobby socket's snapshot first, events broadcast after commit in seq order, a resync, the
error frame, the close codes a websockets client (as a browser) sees, and an origin refused. The
staff floor socket stays on daphne: refused there too, the client sees the code, not 1006."""

import json

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from clock.services import level_clock as services

ORIGIN = "http://127.0.0.1:8000"  # a page of this site (ALLOWED_HOSTS), on any port


def frame(socket) -> dict:
    return json.loads(socket.recv(timeout=20))


def closed_with(socket) -> int:
    with pytest.raises(ConnectionClosed) as closed:
        socket.recv(timeout=20)
    return closed.value.rcvd.code


@pytest.mark.django_db(transaction=True)
def test_CLK_CONTROL_the_live_process_sends_a_snapshot_then_every_event_in_seq_order(processes, make_tournament, staff):
    base, _ = processes.live()
    tournament = make_tournament()
    services.start_clock(tournament.id, staff["director"])
    path = f"/ws/tournaments/{tournament.id}/lobby/"
    with connect(f"{base}{path}", origin=ORIGIN) as lobby, connect(f"{base}{path}") as phone:
        for screen in (lobby, phone):  # a phone app sends no Origin: no browser, allowed
            first = frame(screen)
            assert (first["type"], first["seq"], first["audience"]) == ("snapshot", 1, "public")
            assert first["clock"]["status"] == "running"
        services.pause_clock(tournament.id, staff["director"], reason="dispute at table 4")
        services.adjust_clock(tournament.id, staff["director"], seconds=60)
        services.resume_clock(tournament.id, staff["director"])
        for screen in (lobby, phone):
            frames = [frame(screen) for _ in range(3)]
            assert [(f["type"], f["seq"], f["kind"]) for f in frames] == [
                ("event", 2, "clock.paused"),
                ("event", 3, "clock.adjusted"),
                ("event", 4, "clock.resumed"),
            ]
            assert all("actor" not in f and "reason" not in f["data"] for f in frames)  # public frames

        lobby.send(json.dumps({"type": "resync"}))
        again = frame(lobby)
        assert (again["type"], again["seq"]) == ("snapshot", 4)
        services.adjust_clock(tournament.id, staff["director"], seconds=-30)
        assert (frame(lobby)["seq"], frame(phone)["seq"]) == (5, 5)  # a resynced socket goes on

        lobby.send(json.dumps({"type": "pause_clock"}))
        error = frame(lobby)
        assert error["type"] == "error" and "read-only" in error["message"]


@pytest.mark.django_db(transaction=True)
def test_refused_sockets_close_with_a_code_the_client_sees(processes, make_tournament):
    base, _ = processes.live()
    with connect(f"{base}/ws/tournaments/987654/lobby/", origin=ORIGIN) as lobby:
        assert closed_with(lobby) == 4404
    tournament = make_tournament()
    with pytest.raises(InvalidStatus) as refused:  # a page of another site may not read the lobby
        connect(f"{base}/ws/tournaments/{tournament.id}/lobby/", origin="https://elsewhere.example")
    assert refused.value.response.status_code == 403
    with pytest.raises(InvalidStatus) as unknown:  # the staff socket is not the live process's
        connect(f"{base}/ws/tournaments/{tournament.id}/floor/", origin=ORIGIN)
    assert unknown.value.response.status_code == 404

    # daphne's staff socket, refused to the anonymous and for an unknown tournament: accepted
    # first, so the page reads the code and stops retrying.
    web, _, _ = processes.web()
    web = web.replace("http://", "ws://")
    with connect(f"{web}/ws/tournaments/{tournament.id}/floor/", origin=ORIGIN) as floor:
        assert closed_with(floor) == 4403
    with connect(f"{web}/ws/tournaments/987654/lobby/", origin=ORIGIN) as lobby:
        assert closed_with(lobby) == 4404
