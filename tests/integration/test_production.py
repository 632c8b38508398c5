"""The production configuration (DEBUG off, no POKERFEST_DEVELOPMENT, a SECRET_KEY, the HTTPS
settings at their defaults) as docker-compose.yml runs it: Django's deploy checks pass, a missing
SECRET_KEY stops it with a sentence, and a real daphne redirects to HTTPS, sends the security
headers and no Server name, while GET /health/ answers over plain HTTP for the healthcheck; a
WebSocket arriving with the headers deploy/nginx.conf sends is served, not redirected."""

import http.client
import json
import secrets
import socket
import subprocess
import sys
import time

import pytest
import redis
from django.conf import settings
from websockets.sync.client import connect

from bench.cluster import wait_for_port
from pokerfest import stack
from tests.helpers.processes import process_env
from tournaments.tasks import HEARTBEAT_KEY

HOST = "pokerfest.example"


def production_env(**extra) -> dict:
    env = process_env(
        DJANGO_SETTINGS_MODULE="pokerfest.settings",
        POKERFEST_DEVELOPMENT="0",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS=HOST,
        **extra,
    )
    for name in (
        "SECURE_SSL_REDIRECT",
        "SESSION_COOKIE_SECURE",
        "CSRF_COOKIE_SECURE",
        "SECURE_HSTS_SECONDS",
        "SECURE_HSTS_INCLUDE_SUBDOMAINS",
        "SECURE_HSTS_PRELOAD",
        "SECURE_PROXY_SSL_HEADER",
    ):
        env.pop(name, None)  # the defaults are what is checked
    return env


def manage(env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=stack.ROOT,
        env=env,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        timeout=120,
    )


def test_the_deploy_checks_pass_in_the_production_configuration():
    result = manage(production_env(), "check", "--deploy")
    assert result.returncode == 0, result.stdout
    # One silenced: axes.W002, which looks for axes' middleware by its path, not its subclass
    # (pokerfest.lockout.LockoutToSignIn; tests/unit/test_production_shape.py keeps it innermost).
    assert "System check identified no issues (1 silenced)." in result.stdout
    assert "WARNING" not in result.stdout and "?: (security." not in result.stdout, result.stdout


def test_production_without_a_secret_key_refuses_to_start_and_says_why():
    env = production_env()
    del env["SECRET_KEY"]
    result = manage(env, "check")
    assert result.returncode != 0
    assert "SECRET_KEY is not set. Production needs a long random key of its own" in result.stdout


def test_a_developer_run_needs_no_secret_key():
    env = process_env(DJANGO_SETTINGS_MODULE="pokerfest.settings", POKERFEST_DEVELOPMENT="1", DEBUG="0")
    env.pop("SECRET_KEY", None)
    assert manage(env, "check").returncode == 0


def get(port: int, path: str, **headers) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path, headers={"Host": HOST, **headers})
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


@pytest.mark.django_db(transaction=True)
def test_daphne_in_production_redirects_to_https_names_no_server_and_answers_health_over_http(processes):
    sock = stack.listening_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    env = production_env(TRUSTED_PROXIES="127.0.0.1")  # the HTTPS proxy, on this machine here
    processes.start("web", stack.web_command(sock), env=env, pass_fds=(sock.fileno(),))
    wait_for_port(port)

    plain = get(port, "/")
    assert plain.status == 301 and plain.getheader("Location") == f"https://{HOST}/"
    assert plain.getheader("Server") is None

    # Behind the HTTPS proxy: its X-Forwarded-Proto counts, as it is a trusted one (pokerfest/proxy.py).
    proxied = {"X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https"}
    secure = get(port, "/", **proxied)
    assert secure.status == 200 and secure.getheader("Server") is None
    assert secure.getheader("Strict-Transport-Security") == "max-age=31536000; includeSubDomains; preload"
    policy = secure.getheader("Content-Security-Policy")
    assert "default-src 'self'" in policy and "script-src 'self'" in policy and "unsafe-inline" not in policy
    login = get(port, "/accounts/login/", **proxied)
    assert "secure" in login.getheader("Set-Cookie").lower()  # the CSRF cookie

    # /health/ is exempt from the redirect: no worker yet, so a 503 that says so.
    redis.Redis.from_url(settings.REDIS_URL).delete(HEARTBEAT_KEY)  # an earlier test's worker's
    health = get(port, "/health/")
    assert health.status == 503 and health.getheader("Server") is None

    # The compose healthcheck: unhealthy until a worker runs beat's heartbeat, then healthy.
    check_env = {**env, "PORT": str(port)}
    command = [sys.executable, "-m", "pokerfest.healthcheck"]
    first = subprocess.run(command, cwd=stack.ROOT, env=check_env, text=True, capture_output=True, timeout=30)
    assert first.returncode == 1 and first.stdout.startswith("503 ") and "worker_and_beat" in first.stdout
    processes.worker()
    processes.beat()
    deadline = time.monotonic() + 60
    while (
        check := subprocess.run(command, cwd=stack.ROOT, env=check_env, text=True, capture_output=True, timeout=30)
    ).returncode != 0:
        assert time.monotonic() < deadline, check.stdout + processes.logs()
        time.sleep(0.5)
    assert check.stdout.startswith('200 {"healthy": true')
    sock.close()


@pytest.mark.django_db(transaction=True)
def test_a_client_that_is_no_trusted_proxy_cannot_say_it_came_over_https(processes):
    """X-Forwarded-Proto from a peer TRUSTED_PROXIES does not name is dropped: still the redirect."""
    sock = stack.listening_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    env = production_env(TRUSTED_PROXIES="10.9.9.9")
    processes.start("web", stack.web_command(sock), env=env, pass_fds=(sock.fileno(),))
    wait_for_port(port)
    spoofed = get(port, "/", **{"X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https"})
    assert spoofed.status == 301 and spoofed.getheader("Location") == f"https://{HOST}/"
    sock.close()


@pytest.mark.django_db(transaction=True)
def test_a_websocket_with_the_proxys_headers_reaches_a_production_web_replica(processes, make_tournament):
    """What deploy/nginx.conf sends on: Host, X-Forwarded-For/-Proto, Upgrade and Connection."""
    tournament = make_tournament()
    sock = stack.listening_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    processes.start("web", stack.web_command(sock), env=production_env(), pass_fds=(sock.fileno(),))
    wait_for_port(port)
    proxied = {"X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https"}
    # The socket to 127.0.0.1, the handshake for the site's name, as the proxy passes $host on.
    with connect(
        f"ws://{HOST}/ws/tournaments/{tournament.id}/lobby/",
        sock=socket.create_connection(("127.0.0.1", port)),
        origin=f"https://{HOST}",
        additional_headers=proxied,
        open_timeout=60,
    ) as lobby:
        first = json.loads(lobby.recv(timeout=60))
    assert first["type"] == "snapshot" and first["tournament"]["name"] == "Test Event"
    sock.close()
