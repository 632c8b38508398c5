"""Sign-in throttling as a person meets it, in Chromium against a real daphne (where Django runs
the middleware asynchronously): ten wrong passwords, then the right one is refused on the page."""

import pytest
from playwright.sync_api import expect

from tests.helpers.personas import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def submit(page, username: str, password: str) -> int:
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    with page.expect_navigation() as answer:  # returns once the answer is the page shown
        page.get_by_role("button", name="Sign in").click()
    return answer.value.status


def test_ten_wrong_passwords_and_the_sign_in_page_says_to_wait_or_ask_a_director(stack, new_page, staff):
    url = stack.url
    page = new_page()
    page.goto(f"{url}/accounts/login/")
    statuses = [submit(page, "floor-user", f"wrong-{attempt}") for attempt in range(10)]
    assert statuses == [200] * 9 + [429]  # the form again nine times, then the lockout
    assert submit(page, "floor-user", PASSWORD) == 429
    expect(page.locator("[data-lockout]")).to_have_text(
        "Too many failed sign-ins for this user or from this address: try again in 15 minutes, "
        "or ask a director to unlock it."
    )
    expect(page.get_by_label("Username")).to_have_value("floor-user")
