"""The Content-Security-Policy (settings.CONTENT_SECURITY_POLICY) in Chromium: every kind of page
loads its scripts, styles and live socket with no violation, so no page relies on inline code."""

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from players.models import PreRegistration
from tests.helpers.pages import act, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Collects violations from the first moment of every document (Playwright's init scripts run
# outside the page's CSP).
WATCH = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} ` +
                            `at ${event.sourceFile}:${event.lineNumber}`);
});
"""


def watched(page) -> list[str]:
    console = []
    page.on("console", lambda message: console.append(message.text) if message.type == "error" else None)
    page.add_init_script(WATCH)
    return console


def visit(page, url: str, console: list[str], live: bool, ready: str = "main") -> None:
    # Generous waits: a web process's first answer and the API docs' 1.5 MB bundle are slow on a busy machine.
    response = page.goto(url, timeout=60_000)
    assert response.status == 200, f"{url}: {response.status}"
    assert "content-security-policy" in response.headers, url
    if live:  # the WebSocket is allowed (connect-src) and connected
        expect(page.locator("[data-live-status]")).to_have_text("live")
    expect(page.locator(ready).first).to_be_visible(timeout=30_000)
    violations = page.evaluate("window.cspViolations")
    csp_errors = [text for text in console if "Content Security Policy" in text]
    assert violations == [] and csp_errors == [], (url, violations, csp_errors)


def test_no_page_breaks_the_content_security_policy(stack, new_page, field, staff):
    tournament, entries = act(field, 2, tables=1)
    entry = entries[0]
    base, t = stack.url, f"{stack.url}/tournaments/{tournament.id}"

    public = new_page()
    console = watched(public)
    visit(public, f"{base}/", console, live=False)
    visit(public, f"{t}/", console, live=True)
    visit(public, f"{t}/seat/{entry.public_code}/", console, live=True)
    visit(public, f"{base}/festivals/{tournament.festival_id}/register/", console, live=False)
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
    visit(public, f"{base}/preregistered/{prereg.code}/", console, live=False)
    visit(public, f"{base}/accounts/login/", console, live=False)
    visit(public, f"{base}/api/docs", console, live=False, ready=".swagger-ui .info .title")

    director = new_page()
    console = watched(director)
    sign_in(director, base, staff["director"], "/")
    for path, live in [
        ("desk/", True),
        ("floor/", True),
        ("director/", True),
        ("setup/", False),
        ("payouts/", False),
        ("compliance/", True),
        (f"entries/{entry.number}/ticket/", False),
    ]:
        visit(director, f"{t}/{path}", console, live)
    visit(director, f"{base}/tournaments/new/", console, live=False)

    # The watch itself sees a violation: an image from another site is refused.
    director.evaluate("document.body.append(Object.assign(new Image(), {src: 'https://elsewhere.invalid/x.png'}))")
    director.wait_for_function("() => window.cspViolations.length > 0")
    assert director.evaluate("window.cspViolations")[0].startswith("img-src blocked https://elsewhere.invalid/x.png")
