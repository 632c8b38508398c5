"""Driving pages from a browser test: sign in, and call a service beside Playwright's loop."""

from concurrent.futures import ThreadPoolExecutor

from django.db import connection

from tests.helpers.personas import PASSWORD


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
