import os
import socket

import pytest
from django.conf import settings
from playwright.sync_api import expect, sync_playwright

from tests.helpers.pages import WAIT_MS
from tests.helpers.processes import Processes
from tests.helpers.stack import Stack, drop_queued_tasks, forget_earlier_tests, forget_run_keys

CHROMIUM = "/usr/bin/chromium"
# Waits on state, bounded alike for actions and assertions (expect's own default is 5 s): on a
# loaded machine (CI beside other work: load 12 on two cores) a request and its redraw took more
# than 15 s without anything being wrong.
expect.set_options(timeout=WAIT_MS)
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


# One Chromium for the run's browser tests (each test has contexts of its own). Playwright's loop
# must be gone before any asyncio test runs: the browser tests run last (tests/conftest.py).
@pytest.fixture(scope="session")
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


_shared: list[Stack] = []  # the run's shared stack, once started


@pytest.fixture(scope="session")
def shared_stack(django_db_setup, tmp_path_factory):
    """daphne, a worker and beat for every browser test of the run (tests/helpers/stack.py)."""
    drop_queued_tasks()  # an earlier run's, given back to the queue as its worker stopped
    processes = Processes(tmp_path_factory.mktemp("shared-stack"))
    try:
        started = Stack.start(processes, worker_name=f"{settings.NAMESPACE}-browser@{socket.gethostname()}")
        started.wait_until_ready()  # its first revoke must find it listening
        _shared.append(started)
        yield started
    finally:
        _shared.clear()
        processes.stop()
        drop_queued_tasks()  # what the stopping worker gave back


@pytest.fixture(autouse=True)
def clean_slate(request):
    """Before every browser test, and before any fixture of it sends a task: nothing an earlier
    test left in Redis or in the worker reaches it (the database was emptied after that test)."""
    if "stack" not in request.fixturenames:
        return
    if request.node.get_closest_marker("own_stack"):
        drop_queued_tasks()
        forget_run_keys()
        if _shared:
            forget_earlier_tests(_shared[0])
        return
    shared = request.getfixturevalue("shared_stack")
    stopped = [child.args[2:4] for child in shared.processes.running if child.poll() is not None]
    assert not stopped, f"a process of the shared stack has stopped: {stopped}\n{shared.processes.logs()}"
    forget_earlier_tests(shared)


@pytest.fixture
def stack(request, transactional_db):
    """A web process, a worker and beat against the test database: the run's shared ones, or
    this test's own for a test marked `own_stack` (it kills one, or needs other settings)."""
    if request.node.get_closest_marker("own_stack"):
        own = Stack.start(request.getfixturevalue("processes"))
        yield own
        own.socket.close()
        return
    shared = request.getfixturevalue("shared_stack")
    yield shared
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        print(shared.logs_of_this_test())


@pytest.fixture
def new_page(browser):
    contexts = []

    def make(width=1280, height=800):  # a tablet by default; the TV and laptops give their size
        context = browser.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(WAIT_MS)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()
