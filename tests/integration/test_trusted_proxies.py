"""Whose address counts (issue 27): the rate limits and the login lockout count by the socket's
address, and by X-Forwarded-For only when the peer is a proxy TRUSTED_PROXIES names
(pokerfest/proxy.py); a client cannot escape either by sending the header itself."""

import http.client
import json
import socket
import time
from ipaddress import ip_network

import pytest
from django.test import Client, override_settings

from bench.cluster import wait_for_port
from core import throttle
from pokerfest import stack
from tests.helpers.personas import PASSWORD
from tests.helpers.processes import process_env
from tournaments.api.preregistration import THROTTLE_SCOPE

LOGIN = "/accounts/login/"
PROXY = "10.0.0.1"
APPLICATION = {
    "first_name": "Pat",
    "last_name": "Online",
    "date_of_birth": "1990-05-17",
    "email": "pat@example.com",
    "id_document_type": "passport",
    "id_document_number": "PRE00001",
    "id_document_country": "AT",
    "accepts_terms": True,
}


def register(port: int, forwarded_for: str) -> int:
    """A pre-registration for a tournament that does not exist (404), as a phone sends it."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request(
        "POST",
        "/api/tournaments/999999/preregistrations/",
        body=json.dumps(APPLICATION),
        headers={"Content-Type": "application/json", "X-Forwarded-For": forwarded_for},
    )
    status = connection.getresponse().status
    connection.close()
    return status


def daphne(processes, **env) -> tuple[int, socket.socket]:
    sock = stack.listening_socket("127.0.0.1", 0)
    env = process_env(PREREGISTRATION_RATE_PER_MINUTE="2", **env)
    processes.start("web", stack.web_command(sock), env=env, pass_fds=(sock.fileno(),))
    wait_for_port(sock.getsockname()[1])
    return sock.getsockname()[1], sock


def in_one_minute(addresses, requests):
    """`requests()` with the addresses' counts at zero, all in one of the limit's fixed minutes:
    run once more if the minute turned while they ran (a new minute lets the next one in, as it
    should, and the sequence would read otherwise)."""
    for attempt in range(2):
        for address in addresses:
            throttle.reset(THROTTLE_SCOPE, address)
        minute = time.time() // 60
        answers = requests()
        if time.time() // 60 == minute or attempt:
            return answers


@pytest.mark.django_db(transaction=True)
def test_the_rate_limit_counts_the_socket_unless_a_trusted_proxy_names_the_client(processes):
    port, sock = daphne(processes, TRUSTED_PROXIES="")
    # Untrusted: a new X-Forwarded-For each time changes nothing; the socket's address is limited.
    untrusted = in_one_minute(["127.0.0.1"], lambda: [register(port, f"203.0.113.{n}") for n in range(3)])
    assert untrusted == [404, 404, 429]
    sock.close()

    port, sock = daphne(processes, TRUSTED_PROXIES="127.0.0.0/8")
    # Behind a trusted proxy: each client it names has its own count.
    named = [f"198.51.100.{n}" for n in range(3)]
    assert in_one_minute(["127.0.0.1", *named], lambda: [register(port, address) for address in named]) == [404] * 3
    # The proxy appends; an address the client wrote in front of it does not count.
    assert in_one_minute(
        ["127.0.0.1", "198.51.100.9", "1.2.3.4"],
        lambda: [register(port, "198.51.100.9") for _ in range(3)] + [register(port, "1.2.3.4, 198.51.100.9")],
    ) == [404, 404, 429, 429]
    sock.close()


def sign_in(peer: str, forwarded_for: str, username: str, password: str = "wrong-password") -> int:
    client = Client(REMOTE_ADDR=peer, HTTP_X_FORWARDED_FOR=forwarded_for)
    return client.post(LOGIN, {"username": username, "password": password}).status_code


@pytest.mark.django_db
@override_settings(TRUSTED_PROXIES=[])
def test_the_login_lockout_ignores_x_forwarded_for_from_a_client(staff):
    for n in range(10):
        sign_in("10.0.0.9", f"203.0.113.{n}", f"guess-{n}")
    assert sign_in("10.0.0.9", "203.0.113.99", "desk-user", PASSWORD) == 429


@pytest.mark.django_db
@override_settings(TRUSTED_PROXIES=[ip_network(PROXY)])
def test_the_login_lockout_counts_the_client_a_trusted_proxy_names(staff):
    for n in range(10):
        sign_in(PROXY, "203.0.113.7", f"guess-{n}")
    assert sign_in(PROXY, "203.0.113.7", "desk-user", PASSWORD) == 429
    assert sign_in(PROXY, "203.0.113.8", "desk-user", PASSWORD) == 302  # another client behind the same proxy
