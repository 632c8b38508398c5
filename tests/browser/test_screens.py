"""The screenshots in docs/screens/ (shown in the README): every screen at its device size in a
running event, made by `make screens` (POKERFEST_SCREENS=1; skipped in the ordinary test run).
They start the stack as the browser tests do, so they stay true to what the tests prove."""

import os
from pathlib import Path

import pytest

from tests.helpers.running_event import SCREENS, open_screen, run_an_event, staff_session

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(os.environ.get("POKERFEST_SCREENS") != "1", reason="make screens sets POKERFEST_SCREENS=1"),
]

FOLDER = Path(__file__).resolve().parents[2] / "docs" / "screens"


def test_screenshots_of_every_screen_at_its_device_size(stack, browser, make_tournament, staff):
    event = run_an_event(make_tournament, staff)
    signed_in = staff_session(browser, stack, staff["superuser"])
    FOLDER.mkdir(parents=True, exist_ok=True)
    for screen in SCREENS:
        context, page = open_screen(browser, stack, event, screen, signed_in)
        path = FOLDER / f"{screen.name}.png"
        page.screenshot(path=path, animations="disabled", caret="hide")
        context.close()
        assert path.stat().st_size > 10_000, f"{path} is nearly empty"
