"""A PostgreSQL outage under a running web process: answers come quickly as 503 with a sentence
(JSON for the API, a "try again" page for pages), nothing is half-recorded, and the site serves
again within seconds of the database returning.

The outage is real at the network level: the web process reaches PostgreSQL through a TCP relay
that the test closes (every connection reset, new ones refused) and opens again."""

import http.cookiejar
import json
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest
from django.conf import settings

from clock.services import level_clock
from pokerfest import stack
from tests.helpers.personas import PASSWORD
from tests.helpers.processes import database_url_for_children, process_env

DB_WAIT_SECONDS = 2
# The web process must answer within its wait plus a margin for a loaded machine; a request
# that hangs instead fails the test through this client timeout.
CLIENT_TIMEOUT = DB_WAIT_SECONDS + 8


class Relay:
    """A TCP relay to PostgreSQL that can be cut and restored on the same port. The server is
    reached over TCP, or over its Unix socket when its host is a folder (the embedded server
    `make test` starts without DATABASE_URL listens there only)."""

    def __init__(self, target: tuple[str, int]):
        self.target = target
        self.port = 0
        self.listener: socket.socket | None = None
        self.pairs: list[socket.socket] = []
        self.lock = threading.Lock()

    def open(self) -> None:
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", self.port))
        self.port = self.listener.getsockname()[1]
        self.listener.listen(64)
        threading.Thread(target=self._accept, args=(self.listener,), daemon=True).start()

    def cut(self) -> None:
        # shutdown first: on Linux close() alone leaves a thread blocked in accept() accepting.
        self.listener.shutdown(socket.SHUT_RDWR)
        self.listener.close()
        with self.lock:
            for end in self.pairs:
                try:
                    end.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                end.close()
            self.pairs.clear()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # cut
            server = self._connect()
            with self.lock:
                self.pairs += [client, server]
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pipe, args=(source, sink), daemon=True).start()

    def _connect(self) -> socket.socket:
        host, port = self.target
        if not host.startswith("/"):
            return socket.create_connection(self.target)
        server = socket.socket(socket.AF_UNIX)
        server.connect(f"{host}/.s.PGSQL.{port}")
        return server

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                try:
                    end.close()
                except OSError:
                    pass


def through(relay: Relay) -> str:
    parts = urllib.parse.urlsplit(database_url_for_children())
    return parts._replace(netloc=f"{parts.username or 'postgres'}@127.0.0.1:{relay.port}").geturl()


class Browser:
    """A signed-in staff member's HTTP client (cookies, CSRF), as a tablet would be."""

    def __init__(self, base: str):
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def csrf(self) -> str:
        return next(cookie.value for cookie in self.cookies if cookie.name == "csrftoken")

    def login(self, username: str) -> None:
        self.request("GET", "/accounts/login/")
        form = urllib.parse.urlencode({"username": username, "password": PASSWORD, "csrfmiddlewaretoken": self.csrf()})
        status, _, _ = self.request(
            "POST", "/accounts/login/", form.encode(), {"Content-Type": "application/x-www-form-urlencoded"}
        )
        assert status == 200 and any(cookie.name == "sessionid" for cookie in self.cookies)

    def request(self, method: str, path: str, body: bytes | None = None, headers=None) -> tuple[int, dict, str]:
        request = urllib.request.Request(self.base + path, data=body, method=method, headers=headers or {})
        try:
            with self.opener.open(request, timeout=CLIENT_TIMEOUT) as answer:
                return answer.status, dict(answer.headers), answer.read().decode()
        except urllib.error.HTTPError as answer:
            return answer.code, dict(answer.headers), answer.read().decode()

    def api_post(self, path: str, payload: dict) -> tuple[int, dict, str]:
        return self.request(
            "POST", path, json.dumps(payload).encode(), {"Content-Type": "application/json", "X-CSRFToken": self.csrf()}
        )


def until(check, what: str, within: float = 60):
    deadline = time.monotonic() + within
    while True:
        result = check()
        if result:
            return result
        assert time.monotonic() < deadline, f"still not {what} after {within} s"
        time.sleep(0.2)


@pytest.mark.django_db(transaction=True)
def test_an_outage_is_a_quick_503_with_a_sentence_and_the_site_recovers_when_postgresql_returns(
    processes, make_tournament, staff
):
    tournament = make_tournament()
    level_clock.start_clock(tournament.id, staff["director"])
    db = settings.DATABASES["default"]
    relay = Relay((db["HOST"] or "127.0.0.1", int(db["PORT"] or 5432)))
    relay.open()
    env = process_env(DATABASE_URL=through(relay), DB_WAIT_SECONDS=str(DB_WAIT_SECONDS))
    sock = stack.listening_socket("127.0.0.1", 0)
    processes.start("web", stack.web_command(sock), env=env, pass_fds=(sock.fileno(),))
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    director = Browser(base)
    until(lambda: _answers(director), "serving")
    director.login("director-user")
    lobby = f"/tournaments/{tournament.id}/"
    assert director.request("GET", lobby)[0] == 200

    relay.cut()
    status, headers, body = director.request("GET", f"/api/tournaments/{tournament.id}/")
    assert status == 503 and headers["Content-Type"] == "application/json"
    assert json.loads(body) == {
        "detail": "The database is unavailable; the action was not recorded, try again in a few seconds."
    }
    assert headers["Retry-After"] == "5"
    status, _, body = director.api_post(f"/api/tournaments/{tournament.id}/clock/pause/", {"reason": "outage"})
    assert status == 503 and "the action was not recorded" in json.loads(body)["detail"]
    status, headers, body = director.request("GET", lobby)
    assert status == 503 and headers["Content-Type"].startswith("text/html")
    assert "Try again in a few seconds" in body and "Traceback" not in body
    status, _, body = director.request("GET", "/health/")
    assert status == 503 and json.loads(body)["postgresql"].startswith("PostgreSQL does not answer")

    relay.open()  # PostgreSQL is back, on the same address
    until(lambda: director.request("GET", lobby)[0] == 200, "serving pages again", within=30)
    status, _, body = director.request("GET", f"/api/tournaments/{tournament.id}/")
    assert status == 200
    # The pause refused during the outage was not half-recorded: the clock still runs.
    assert json.loads(body)["clock"]["status"] == "running"


def _answers(client: Browser) -> bool:
    try:
        return client.request("GET", "/health/")[0] in (200, 503)
    except OSError:
        return False
