"""Issue 27: a flood from one address (hundreds of sockets, or a resync loop) is limited for that
address only, through real processes: the `live` process and daphne's consumers refuse the
socket with close code 4429 and a reason that says so and when to try again; the HTTP snapshot
answers 429 with a sentence and Retry-After. Another address is not touched, the venue's own
(VENUE_ADDRESSES) is never limited, and behind a trusted proxy the address counted is the one
it names (TRUSTED_PROXIES), not the proxy's. (A developer's run leaves loopback out of the
limits; these processes are told which addresses are the venue's.)

The limit's window is the clock's minute: a test that straddles its turn may see up to twice the
limit opened, so each asserts a refusal within a bound, not the exact socket it falls on."""

import json
import urllib.error
import urllib.request

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from core import throttle

ORIGIN = "http://127.0.0.1:8000"
LIMIT = 4
FLOOD = 3 * LIMIT  # more than twice the limit: refused even if the minute turns once


@pytest.fixture(autouse=True)
def counts_start_at_zero():
    for address in ("127.0.0.1", "127.0.0.2", "127.0.0.3", "198.51.100.7", "198.51.100.8", "198.51.100.9"):
        for scope in (throttle.SOCKETS, throttle.SNAPSHOTS):
            throttle.reset(scope, address)


def first_frame(url: str, source: str = "127.0.0.1", **headers) -> dict | tuple[int, str, dict]:
    """The socket's first frame, or (code, reason, error frame) when the server refused it."""
    with connect(
        url, origin=ORIGIN, source_address=(source, 0), additional_headers=headers or None, open_timeout=30
    ) as socket:
        frame = json.loads(socket.recv(timeout=20))
        if frame["type"] != "error":
            return frame
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=20)
        return closed.value.rcvd.code, closed.value.rcvd.reason, frame


def flood(url: str, source: str = "127.0.0.1", **headers) -> list:
    return [first_frame(url, source, **headers) for _ in range(FLOOD)]


def refused(answers: list) -> list[tuple[int, str]]:
    return [answer for answer in answers if isinstance(answer, tuple)]


def assert_limited(answers: list, reason_too: bool = True) -> None:
    opened = [answer for answer in answers if isinstance(answer, dict)]
    assert opened and all(answer["type"] == "snapshot" for answer in opened)
    assert LIMIT <= len(opened) <= 2 * LIMIT
    code, reason, frame = refused(answers)[-1]
    assert code == throttle.CLOSE_TOO_MANY
    assert frame["message"].startswith("too many sockets from your address: try again in ")
    assert 0 < frame["retry_after"] <= 60
    if reason_too:  # daphne drops a close's reason: the frame before it says the same
        assert reason == frame["message"]


@pytest.mark.django_db(transaction=True)
def test_a_flood_of_sockets_from_one_address_is_refused_by_the_live_process_and_no_one_else(processes, make_tournament):
    base, _ = processes.live(
        LIVE_SOCKETS_PER_ADDRESS_PER_MINUTE=str(LIMIT), VENUE_ADDRESSES="127.0.0.3", TRUSTED_PROXIES="127.0.0.2"
    )
    url = f"{base}/ws/tournaments/{make_tournament().id}/lobby/"
    assert_limited(flood(url))
    assert not refused(flood(url, "127.0.0.3"))  # the venue's NAT: its tablets are not a flood
    # Behind a trusted proxy the client it names is counted, not the proxy: one client's flood
    # leaves the next client of the same proxy alone.
    assert_limited(flood(url, "127.0.0.2", **{"X-Forwarded-For": "198.51.100.7"}))
    assert first_frame(url, "127.0.0.2", **{"X-Forwarded-For": "198.51.100.8"})["type"] == "snapshot"
    # A client's own X-Forwarded-For counts for nothing: 127.0.0.1 is counted and refused (a flood,
    # as the minute may have turned since), and the address it named is not counted at all.
    answers = flood(url, **{"X-Forwarded-For": "198.51.100.9"})
    assert refused(answers) and refused(answers)[-1][0] == throttle.CLOSE_TOO_MANY
    assert first_frame(url, "127.0.0.2", **{"X-Forwarded-For": "198.51.100.9"})["type"] == "snapshot"


@pytest.mark.django_db(transaction=True)
def test_a_flood_of_sockets_from_one_address_is_refused_by_daphne_too(processes, make_tournament):
    web, _, _ = processes.web(LIVE_SOCKETS_PER_ADDRESS_PER_MINUTE=str(LIMIT), VENUE_ADDRESSES="127.0.0.3")
    url = f"{web.replace('http://', 'ws://')}/ws/tournaments/{make_tournament().id}/lobby/"
    assert_limited(flood(url), reason_too=False)
    assert first_frame(url, "127.0.0.2")["type"] == "snapshot"  # another address opens
    assert not refused(flood(url, "127.0.0.3"))


@pytest.mark.django_db(transaction=True)
def test_a_resync_loop_is_closed_with_4429_and_another_address_resyncs(processes, make_tournament):
    base, _ = processes.live(LIVE_SNAPSHOTS_PER_ADDRESS_PER_MINUTE=str(LIMIT), VENUE_ADDRESSES="")
    url = f"{base}/ws/tournaments/{make_tournament().id}/lobby/"
    with connect(url, origin=ORIGIN) as looping, connect(url, origin=ORIGIN, source_address=("127.0.0.2", 0)) as calm:
        assert json.loads(looping.recv(timeout=20))["type"] == "snapshot"
        assert json.loads(calm.recv(timeout=20))["type"] == "snapshot"
        answered = 0
        for _ in range(FLOOD):
            looping.send(json.dumps({"type": "resync"}))
            answer = json.loads(looping.recv(timeout=20))
            if answer["type"] != "snapshot":
                break
            answered += 1
        assert LIMIT <= answered <= 2 * LIMIT
        assert answer["type"] == "error" and answer["message"].startswith("too many resyncs from your address")
        with pytest.raises(ConnectionClosed) as closed:
            looping.recv(timeout=20)
        assert closed.value.rcvd.code == throttle.CLOSE_TOO_MANY
        assert closed.value.rcvd.reason.startswith("too many resyncs from your address: try again in ")
        calm.send(json.dumps({"type": "resync"}))
        assert json.loads(calm.recv(timeout=20))["type"] == "snapshot"


@pytest.mark.django_db(transaction=True)
def test_a_flood_of_snapshot_requests_gets_429_with_retry_after(processes, make_tournament):
    web, _, _ = processes.web(LIVE_SNAPSHOTS_PER_ADDRESS_PER_MINUTE=str(LIMIT), VENUE_ADDRESSES="")
    url = f"{web}/api/tournaments/{make_tournament().id}/"
    statuses, refusal = [], None
    for _ in range(FLOOD):
        try:
            with urllib.request.urlopen(url, timeout=20) as answer:
                statuses.append(answer.status)
        except urllib.error.HTTPError as error:
            statuses.append(error.code)
            refusal = error
    # At most LIMIT let in a minute: the minute may turn once during the flood and let in LIMIT
    # more (CI saw [200 x4, 429 x6, 200, 200]), so the refusals are counted, not the last answer.
    assert statuses[0] == 200 and LIMIT <= statuses.count(200) <= 2 * LIMIT
    assert statuses.count(429) == FLOOD - statuses.count(200) and statuses.count(429) >= FLOOD - 2 * LIMIT
    assert 0 < int(refusal.headers["Retry-After"]) <= 60
    body = json.loads(refusal.read())
    assert body["detail"].startswith("Too many snapshot requests from your connection")
    assert body["retry_after"] == int(refusal.headers["Retry-After"])
