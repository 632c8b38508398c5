"""core.fanout's pieces that need no server: one socket's failure costs the others nothing, and
sockets that ask for a snapshot at about the same time share one read."""

import asyncio

from core.fanout import Fanout, Snapshots
from core.http_cache import matches, without_volatile


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
