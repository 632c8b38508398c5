"""Issue 21 in Chromium: every page that has JavaScript loads it as one ES module (static/, served
by WhiteNoise as it is), the whole module graph runs (the entry's `load` fires) and nothing on
the page throws while it loads: no uncaught error, no module refused (a wrong MIME type, a
missing file or export), no error in the console. tests/unit/test_js_modules.py checks the
files themselves."""

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from players.models import PreRegistration
from tests.helpers.pages import act, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# From the first moment of every document (Playwright's init scripts run outside the page's
# CSP): the module scripts that ran (`load`) and those refused (`error`: fetch, MIME, parse or link).
WATCH = """
window.pokerfestModules = { ran: [], refused: [] };
document.addEventListener("load", (event) => {
  if (event.target.type === "module") window.pokerfestModules.ran.push(event.target.getAttribute("src"));
}, true);
document.addEventListener("error", (event) => {
  if (event.target.tagName === "SCRIPT") window.pokerfestModules.refused.push(event.target.getAttribute("src"));
}, true);
"""


class Watched:
    """A page whose uncaught errors, console errors and scripts served are collected."""

    def __init__(self, page):
        self.page, self.errors, self.console, self.scripts = page, [], [], []
        page.on("pageerror", lambda error: self.errors.append(f"{page.url}: {error}"))
        page.on(
            "console",
            lambda message: self.console.append(f"{page.url}: {message.text}") if message.type == "error" else None,
        )
        page.on(
            "response",
            lambda response: (
                self.scripts.append((response.url, response.status, response.headers.get("content-type", "")))
                if response.request.resource_type == "script"
                else None
            ),
        )
        page.add_init_script(WATCH)

    def visit(self, url: str, live: bool = False, ready: str | None = None) -> None:
        response = self.page.goto(url, timeout=60_000)  # a web process's first answer is slow on a busy machine
        assert response.status == 200, f"{url}: {response.status}"
        self.page.wait_for_function(
            "() => window.pokerfestModules.ran.length + window.pokerfestModules.refused.length > 0"
        )
        modules = self.page.evaluate("window.pokerfestModules")
        assert modules["refused"] == [] and len(modules["ran"]) == 1, (url, modules)
        assert self.errors == [] and self.console == [], (url, self.errors, self.console)  # linked and ran
        if live:  # static/live.js started the page's feed
            expect(self.page.locator("[data-live-status]")).to_have_text("live")
        if ready:  # something the page's own module draws once it runs
            expect(self.page.locator(ready).first).not_to_be_empty()
        assert self.errors == [] and self.console == [], (url, self.errors, self.console)  # nor once it started
        for script, status, content_type in self.scripts:
            assert status in (200, 304) and content_type.split(";")[0] == "text/javascript", (
                script,
                status,
                content_type,
            )
        self.scripts.clear()


def test_every_page_runs_its_module_graph_without_an_error(stack, new_page, field, staff):
    tournament, entries = act(field, 2, tables=1)
    entry = entries[0]
    base, t, f = (
        stack.url,
        f"{stack.url}/tournaments/{tournament.id}",
        f"{stack.url}/festivals/{tournament.festival_id}",
    )
    prereg = act(
        PreRegistration.objects.create,
        tournament=tournament,
        status="held",
        first_name="Ada",
        last_name="Online",
        date_of_birth="1990-05-17",
        email="ada@example.com",
        id_document_type="passport",
        id_document_number="P1",
        terms_version="2026-1",
        payment="desk",
        created_at=timezone.now(),
        changed_at=timezone.now(),
    )

    public = Watched(new_page())
    public.visit(f"{t}/", live=True, ready="[data-chart-summary]")
    public.visit(f"{t}/seat/{entry.public_code}/", live=True)
    public.visit(f"{t}/results/", live=True, ready="[data-results] tbody")
    public.visit(f"{t}/tv/", live=True)
    public.visit(f"{f}/tv/")
    expect(public.page.locator("[data-feed-status]").first).to_have_text("live")  # static/festival_tv.js's own feed
    public.visit(f"{f}/schedule/", ready="[data-schedule-updated]")
    public.visit(f"{f}/register/")
    public.visit(f"{base}/preregistered/{prereg.code}/")

    director = new_page()
    sign_in(director, base, staff["superuser"], "/")
    director = Watched(director)
    for path in ("desk/", "floor/", "director/", "compliance/", "counts/"):
        director.visit(f"{t}/{path}", live=True)
    director.visit(f"{t}/setup/")
    director.visit(f"{t}/payouts/", ready="[data-prizes] tbody")
    director.visit(f"{t}/entries/{entry.number}/ticket/")
    director.visit(f"{base}/tournaments/new/")


def test_the_watch_sees_a_refused_module_and_an_uncaught_error(stack, new_page):
    watched = Watched(new_page())
    page = watched.page
    page.goto(f"{stack.url}/accounts/login/")  # a page with no module of its own: the watch is in every document
    page.evaluate(
        "document.head.append(Object.assign(document.createElement('script'),"
        " { type: 'module', src: '/static/no-such-module.js' }))"
    )
    page.wait_for_function("() => window.pokerfestModules.refused.length > 0")
    assert page.evaluate("window.pokerfestModules.refused") == ["/static/no-such-module.js"]
    with page.expect_event("pageerror") as thrown:
        page.evaluate("setTimeout(() => { throw new Error('thrown by the test'); })")
    assert "thrown by the test" in str(thrown.value) and watched.errors
