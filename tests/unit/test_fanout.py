"""core.fanout's pieces that need no server: one socket's failure costs the others nothing,
sockets that ask for a snapshot at about the same time share one read, and the kept snapshot
serves later sockets only while no frame has told a newer seq."""

import asyncio
import importlib.util
import json
from pathlib import Path

from core.fanout import Fanout, Snapshots
from core.http_cache import matches, without_volatile
from pokerfest.live import LOBBY_SOCKETS


def test_one_failing_socket_costs_the_others_nothing():
    got = []

    async def healthy(text):
        got.append(text)

    async def closing(text):
        raise ConnectionResetError("the phone went away")

    async def deliver():
        await Fanout().deliver("tournament.1.public", {healthy, closing}, '{"type":"event","seq":3}')

    asyncio.run(deliver())
    assert got == ['{"type":"event","seq":3}']


def test_sockets_asking_together_share_one_read_and_a_later_one_gets_a_new_read():
    reads = []

    async def read(tournament_id, audience):
        reads.append((tournament_id, audience))
        await asyncio.sleep(0.01)
        return {"type": "snapshot", "seq": len(reads)}

    async def ask():
        snapshots = Snapshots(read)
        together = await asyncio.gather(*[snapshots.text(7, "public") for _ in range(50)])
        later = await snapshots.text(7, "public")
        return together, later

    together, later = asyncio.run(ask())
    assert set(together) == {'{"type":"snapshot","seq":1}'} and later == '{"type":"snapshot","seq":2}'
    assert reads == [(7, "public"), (7, "public")]


def test_the_etag_leaves_out_only_the_moment_of_reading():
    document = {
        "seq": 4,
        "server_time": "t1",
        "clock": {"remaining_ms": 10, "ends_at": "e"},
        "rows": [{"server_time": 1}],
    }
    assert without_volatile(document) == {"seq": 4, "clock": {"ends_at": "e"}, "rows": [{}]}
    assert matches('W/"abc", "def"', 'W/"def"') and matches('"abc"', 'W/"abc"') and matches("*", 'W/"x"')
    assert not matches('W/"abc"', 'W/"abd"') and not matches("", 'W/"abc"')


GROUP = "tournament.7.public"


def subscribed_fanout() -> Fanout:
    """A fan-out that holds the group as if its process had subscribed (no Redis needed)."""
    feed = Fanout()
    feed.subscribed.add(GROUP)
    return feed


def snapshot_reader(seqs: list[int], reads: list, pause: float = 0.0):
    async def read(tournament_id, audience):
        reads.append(tournament_id)
        if pause:
            await asyncio.sleep(pause)
        return {"type": "snapshot", "seq": seqs[min(len(reads), len(seqs)) - 1], "server_time": "then"}

    return read


def test_a_kept_snapshot_serves_the_next_sockets_until_a_frame_carries_a_newer_seq():
    reads = []

    async def sockets():
        feed, snapshots = subscribed_fanout(), Snapshots(snapshot_reader([4, 5], reads))
        first = await snapshots.text(7, "public", feed, GROUP)
        second = await snapshots.text(7, "public", feed, GROUP)
        feed.saw(GROUP, 4)  # a frame the snapshot covers: still current
        third = await snapshots.text(7, "public", feed, GROUP)
        feed.saw(GROUP, 5)  # a new seq: the next socket reads again
        fourth = await snapshots.text(7, "public", feed, GROUP)
        return [json.loads(text) for text in (first, second, third, fourth)]

    frames = asyncio.run(sockets())
    assert len(reads) == 2 and [frame["seq"] for frame in frames] == [4, 4, 4, 5]
    # Each socket gets the moment it is sent, not the read's: its clock offset is right.
    assert all(frame["server_time"] != "then" and frame["server_time"].startswith("20") for frame in frames)


def test_a_snapshot_older_than_a_seq_already_told_is_never_kept_nor_sent_again():
    """A heartbeat or event with seq 9 arrives while a read that saw seq 8 is under way: that
    read answers the sockets that asked before it (they joined the group and hold frame 9), but
    a socket asking after the frame never gets seq 8."""
    reads = []

    async def sockets():
        feed, snapshots = subscribed_fanout(), Snapshots(snapshot_reader([8, 9], reads, pause=0.05))
        asking = asyncio.create_task(snapshots.text(7, "public", feed, GROUP))
        await asyncio.sleep(0.01)
        feed.saw(GROUP, 9)
        early = json.loads(await asking)
        late = json.loads(await snapshots.text(7, "public", feed, GROUP))
        return early, late

    early, late = asyncio.run(sockets())
    assert (early["seq"], late["seq"], len(reads)) == (8, 9, 2)


def test_no_snapshot_is_kept_across_an_unsubscribe_or_past_its_age(monkeypatch):
    reads = []

    async def sockets():
        feed, snapshots = subscribed_fanout(), Snapshots(snapshot_reader([3, 3, 3, 3], reads, pause=0.02))
        asking = asyncio.create_task(snapshots.text(7, "public", feed, GROUP))
        await asyncio.sleep(0.005)
        feed.subscribed.discard(GROUP)  # the last socket left meanwhile: frames may be missed
        feed.forget(GROUP)
        await asking
        feed.subscribed.add(GROUP)
        await snapshots.text(7, "public", feed, GROUP)  # read again (nothing was kept), kept now
        await snapshots.text(7, "public", feed, GROUP)
        monkeypatch.setattr(Fanout, "SNAPSHOT_MAX_AGE", 0.0)  # the clock moves without events
        await asyncio.sleep(0.001)
        await snapshots.text(7, "public", feed, GROUP)

    asyncio.run(sockets())
    assert len(reads) == 3


def test_the_live_process_and_its_floor_in_the_benchmark_have_the_same_socket_settings():
    path = Path(__file__).resolve().parents[2] / "bench" / "fanout_baseline.py"
    spec = importlib.util.spec_from_file_location("fanout_baseline", path)
    baseline = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(baseline)
    assert baseline.LOBBY_SOCKETS == LOBBY_SOCKETS
