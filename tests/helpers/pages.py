"""Driving pages from a browser test: sign in, and call a service beside Playwright's loop."""

import json
from concurrent.futures import ThreadPoolExecutor

from django.db import connection

from tests.helpers.personas import PASSWORD

# Every browser wait is on state, bounded at 30 s (tests/browser/conftest.py sets it for expect
# and each page); a loaded machine answers late, never wrongly.
WAIT_MS = 30_000


def act(service, *args, **kwargs):
    """Call a service as a view or task would: from a thread with no event loop (Playwright's
    sync API keeps one running in the test's own thread)."""

    def call():
        try:
            return service(*args, **kwargs)
        finally:
            connection.close()  # the thread ends; its connection must not outlive it

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(call).result()


def sign_in(page, base: str, user, then: str) -> None:
    page.goto(f"{base}/accounts/login/?next={then}")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{base}{then}")


def is_heartbeat(payload: str | bytes) -> bool:
    try:
        return json.loads(payload).get("type") == "heartbeat"
    except ValueError:
        return False


class LiveSocket:
    """A page's live socket as Playwright sees it (made before the page opens it): waits for the
    frames the page receives, e.g. beat's heartbeats, which come every HEARTBEAT_SECONDS."""

    def __init__(self, page):
        self.sockets = []
        page.on("websocket", lambda socket: self.sockets.append(socket))

    def wait_for_heartbeats(self, count: int, timeout: float = 15_000) -> None:
        """Until `count` more heartbeats have reached the page: later events, so whatever the page
        showed before them it had time to change."""
        assert self.sockets, "the page has opened no socket yet"
        for _ in range(count):
            self.sockets[-1].wait_for_event("framereceived", predicate=is_heartbeat, timeout=timeout)
