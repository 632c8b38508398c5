"""A signed-in member of staff calling the JSON API as the pages do (session cookie, CSRF
token), and what the drill demands of every answer: never a 500; a refused connection or a
503 during an outage is retried with the same Idempotency-Key until the system answers."""

import http.client
import http.cookiejar
import json
import socket
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

from bench.drill.tally import Tally

PASSWORD = "pokerfest-demo"  # the staff logins `manage.py load_demo` creates
RETRY_FOR = 180.0  # seconds a request is retried through an outage before the drill gives up
TRANSIENT = (urllib.error.URLError, http.client.HTTPException, ConnectionError, socket.timeout, TimeoutError)


class Gone(Exception):
    """The system did not answer for RETRY_FOR seconds."""


class Answer:
    def __init__(self, status: int, body):
        self.status, self.body = status, body

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    def __getitem__(self, key):
        return self.body[key]

    def __repr__(self) -> str:
        return f"{self.status} {json.dumps(self.body)[:300]}"


class Staff:
    """One person at one screen: `director`, `desk`, `floor` or `cashier`."""

    def __init__(self, base: str, username: str, tally: Tally):
        self.base, self.username, self.tally = base, username, tally
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        self.acked: list[tuple[str, str]] = []  # (Idempotency-Key, what): each must be in the log
        self.sign_in()

    def cookie(self, name: str) -> str:
        return next((c.value for c in self.cookies if c.name == name), "")

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.cookies)

    def sign_in(self) -> None:
        deadline = time.monotonic() + RETRY_FOR
        while True:
            try:
                self.opener.open(f"{self.base}/accounts/login/", timeout=30).read()
                form = urllib.parse.urlencode(
                    {"username": self.username, "password": PASSWORD, "csrfmiddlewaretoken": self.cookie("csrftoken")}
                ).encode()
                self.opener.open(
                    urllib.request.Request(f"{self.base}/accounts/login/", form, headers={"Referer": self.base}),
                    timeout=30,
                ).read()
                if self.cookie("sessionid"):
                    return
                raise Gone(f"{self.username} could not sign in (wrong password?)")
            except urllib.error.HTTPError as error:
                self.note_status(error.code, "sign-in", error.read())
                if time.monotonic() > deadline:
                    raise Gone(f"{self.username} could not sign in: {error.code}") from None
            except TRANSIENT:
                self.tally.retries["connection"] += 1
                if time.monotonic() > deadline:
                    raise Gone(f"{self.username} could not sign in: no answer") from None
            time.sleep(0.5)

    def note_status(self, status: int, what: str, body: bytes) -> None:
        if status >= 500 and status not in (502, 503, 504):
            self.tally.violation(f"{status} from {what}: {body[:300].decode(errors='replace')}")
        elif status >= 500 and self.tally.late_5xx(time.monotonic()):
            self.tally.violation(
                f"{status} from {what} more than {self.tally.outlive:.0f} s after the last fault's recovery: "
                f"{body[:200].decode(errors='replace')}"
            )
        self.tally.retries[str(status)] += 1

    def get(self, path: str) -> Answer:
        return self.call("GET", path, None, None)

    def post(self, path: str, body: dict | None = None, what: str = "", keyed: bool = True) -> Answer:
        """One action: retried through faults with one key; a 2xx is counted and remembered
        (`keyed`: the endpoint honours Idempotency-Key, so its key must appear in the log)."""
        key = uuid.uuid4().hex
        answer = self.call("POST", path, body, key)
        what = what or path.split("/")[-2]
        if answer.ok:
            self.tally.actions[what] += 1
            if keyed:
                self.acked.append((key, f"{what} {path}"))
        return answer

    def call(self, method: str, path: str, body: dict | None, key: str | None) -> Answer:
        deadline = time.monotonic() + RETRY_FOR
        wait = 0.2
        while True:
            headers = {"Accept": "application/json", "Referer": self.base}
            data = None
            if method == "POST":
                headers.update(
                    {
                        "Content-Type": "application/json",
                        "X-CSRFToken": self.cookie("csrftoken"),
                        "Idempotency-Key": key,
                    }
                )
                data = json.dumps(body or {}).encode()
            request = urllib.request.Request(f"{self.base}{path}", data, headers=headers, method=method)
            try:
                with self.opener.open(request, timeout=60) as response:
                    return Answer(response.status, json.loads(response.read() or b"null"))
            except urllib.error.HTTPError as error:
                raw = error.read()
                if error.code == 401:  # a session lost: sign in again, same key
                    self.tally.retries["401"] += 1
                    self.sign_in()
                    continue
                if error.code < 500:
                    try:
                        return Answer(error.code, json.loads(raw))
                    except ValueError:
                        self.tally.violation(f"{error.code} without JSON from {method} {path}: {raw[:200]!r}")
                        return Answer(error.code, {"detail": raw.decode(errors="replace")})
                self.note_status(error.code, f"{method} {path}", raw)
            except TRANSIENT:
                self.tally.retries["connection"] += 1
            if time.monotonic() > deadline:
                raise Gone(f"{method} {path}: no answer for {RETRY_FOR:.0f} s")
            time.sleep(wait)
            wait = min(wait * 2, 2.0)
