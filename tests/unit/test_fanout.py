"""core.fanout's pieces that need no server: the frame it puts on the wire for every socket,
how it finds daphne's connection under channels' wrappers, and that one socket's failure costs
the others nothing."""

import asyncio
import functools

import pytest
from hypothesis import given
from hypothesis import strategies as st
from websockets.frames import Frame, Opcode
from websockets.streams import StreamReader

from core.fanout import Fanout, daphne_connection, text_frame
from core.http_cache import matches, without_volatile


def parsed(data: bytes) -> Frame:
    reader = StreamReader()
    reader.feed_data(data)
    reader.feed_eof()
    parser = Frame.parse(reader.read_exact, mask=False)
    try:
        next(parser)
    except StopIteration as done:
        return done.value
    raise AssertionError("the frame was incomplete")


@pytest.mark.parametrize("length", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_a_text_frame_at_each_length_boundary_is_what_a_websocket_client_parses(length):
    text = "é" * (length // 2) + "x" * (length % 2)  # two bytes each in UTF-8: lengths land on the bounds
    frame = parsed(text_frame(text))
    assert (frame.opcode, frame.fin, frame.data.decode()) == (Opcode.TEXT, True, text)


@given(st.text(max_size=300))
def test_any_text_survives_framing(text):
    assert parsed(text_frame(text)).data.decode() == text


class Protocol:
    send_queue: list = []


class Server:
    def handle_reply(self, protocol, message):
        raise AssertionError("not called")


class Wrapper:
    """As channels' session middleware wraps send."""

    def __init__(self, real_send):
        self.real_send = real_send

    async def send(self, message):
        await self.real_send(message)


def test_daphne_connection_is_found_under_channels_wrappers_and_not_elsewhere():
    protocol = Protocol()
    daphne_send = functools.partial(Server().handle_reply, protocol)
    assert daphne_connection(Wrapper(Wrapper(daphne_send).send).send) is protocol
    assert daphne_connection(daphne_send) is protocol

    async def another_server(message):
        pass

    assert daphne_connection(Wrapper(another_server).send) is None
    assert daphne_connection(functools.partial(print, protocol)) is None


def test_one_failing_socket_costs_the_others_nothing():
    got = []

    async def healthy(text, wire):
        got.append((text, wire))

    async def closing(text, wire):
        raise ConnectionResetError("the phone went away")

    members = {healthy, closing}
    asyncio.run(Fanout.deliver(members, '{"type":"event","seq":3}'))
    assert got == [('{"type":"event","seq":3}', text_frame('{"type":"event","seq":3}'))]


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
