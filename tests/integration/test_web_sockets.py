"""The launcher's web processes listen on one port, each on a socket of its own
(`pokerfest.listening.web_sockets`): the kernel spreads new connections over them, where one shared socket
left a burst of kept-alive clients on whichever process woke first. Real sockets, no mock."""

import socket

import pytest

from pokerfest.listening import listening_socket, web_sockets


def queued(sock: socket.socket) -> int:
    """Connections waiting in `sock`'s accept queue, accepted and closed."""
    sock.setblocking(False)
    count = 0
    while True:
        try:
            accepted, _ = sock.accept()
        except BlockingIOError:
            return count
        accepted.close()
        count += 1


def test_two_web_processes_sockets_share_one_port_and_each_gets_its_part_of_a_burst():
    socks = web_sockets("127.0.0.1", 0, 2)
    try:
        port = socks[0].getsockname()[1]
        assert socks[1].getsockname()[1] == port
        clients = [socket.create_connection(("127.0.0.1", port), timeout=10) for _ in range(200)]
        counts = [queued(sock) for sock in socks]
        for client in clients:
            client.close()
    finally:
        for sock in socks:
            sock.close()
    assert sum(counts) == 200
    # A hash of each connection's addresses: fewer than 60 of 200 on one side happens about
    # once in 10^8 bursts. One shared socket could give one process all 200.
    assert min(counts) >= 60, counts


def test_a_port_another_server_listens_on_is_refused_not_joined():
    other = web_sockets("127.0.0.1", 0, 2)  # another launcher's, on the same machine
    plain = listening_socket("127.0.0.1", 0)  # any other server's
    try:
        for taken in (other[0], plain):
            with pytest.raises(SystemExit, match="cannot listen on 127.0.0.1"):
                web_sockets("127.0.0.1", taken.getsockname()[1], 2)
    finally:
        for sock in other + [plain]:
            sock.close()
