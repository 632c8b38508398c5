"""The sockets the launcher listens on and hands to its children (`--fd`): the web processes'
(a socket each, on one port) and the live process's. Created before the children start, kept
open while they are restarted."""

import socket


def listening_socket(host: str, port: int, shared_port: bool = False) -> socket.socket:
    """A listening socket for a child process to adopt (`--fd`). `shared_port`: one of several
    on the same port (`web_sockets`)."""
    if ":" in host:
        # daphne adopts an inherited socket as IPv4 only.
        raise SystemExit(f"pokerfest: HOST must be an IPv4 address such as 127.0.0.1 or 0.0.0.0, not {host}")
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if shared_port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        raise SystemExit(
            f"pokerfest: cannot listen on {host}:{port} ({error.strerror}); set PORT to a free port"
        ) from None
    sock.listen(1024)
    sock.set_inheritable(True)
    return sock


def web_sockets(host: str, port: int, processes: int) -> list[socket.socket]:
    """A listening socket for each web process, all on one port (SO_REUSEPORT): the kernel
    hands each new connection to one of them by a hash of its addresses. One socket shared by
    every process gave each burst of new connections to whichever process woke first, and daphne
    accepts all that are queued at once: in a registration burst one process did 72 % of the
    work, saturated, while the other idled (docs/benchmarks.md). The launcher keeps every socket
    open, so connections queued for a process that is being restarted wait for it instead of
    being refused."""
    # A port another server holds is refused here, before sockets of ours could join its group.
    with listening_socket(host, port) as probe:
        port = probe.getsockname()[1]
    return [listening_socket(host, port, shared_port=True) for _ in range(processes)]
