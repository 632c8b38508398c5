import os

import pytest
from playwright.sync_api import expect, sync_playwright

CHROMIUM = "/usr/bin/chromium"
# Waits on state, bounded alike for actions and assertions (expect's own default is 5 s): on a
# loaded machine a redraw can take longer than that without anything being wrong.
expect.set_options(timeout=15_000)
# Without the background-networking flags Chromium keeps dialling out of a closed network.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")  # Playwright's loop must be gone before any asyncio test runs
def browser():
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium (apt-get install chromium)")
    # Playwright's sync API keeps an event loop running in this thread; the tests' own ORM
    # calls (fixtures, assertions) are plain synchronous code beside it.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            yield chromium
            chromium.close()
    finally:
        del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]


@pytest.fixture
def stack(processes):
    """A web process, a worker and beat for this test, against the test database."""
    url, sock, web = processes.web()
    processes.worker()
    processes.beat()
    yield type("Stack", (), {"url": url, "socket": sock, "web": web})
    sock.close()


@pytest.fixture
def new_page(browser):
    contexts = []

    def make(width=1280, height=800):  # a tablet by default; the TV and laptops give their size
        context = browser.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()
