"""Accessibility of every screen of a running event, in Chromium at each screen's device size:
axe-core finds no critical or serious violation; the borders of inputs and buttons stand out
3:1 from what is behind them; buttons, links and inputs show a focus ring; each page has one
<h1>; and the clock's live region announces a new level, never the seconds ticking."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from clock.services import level_clock
from tests.helpers.pages import act
from tests.helpers.running_event import SCREENS, open_screen, run_an_event, staff_session

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# WCAG's contrast ratio, and the colour behind an element (the first ancestor with a background).
CONTRAST = """
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const opaque = (c) => c.length === 3 || (c.length === 4 && c[3] > 0);
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const behind = (el) => {
    for (let up = el.parentElement; up; up = up.parentElement) {
      const c = rgb(getComputedStyle(up).backgroundColor);
      if (opaque(c)) return c;
    }
    return [255, 255, 255];
  };
  const shown = (el) => el.checkVisibility({visibilityProperty: true});
  const name = (el) => `${el.tagName.toLowerCase()} "${(el.textContent.trim() || el.name || el.getAttribute("aria-label") || el.placeholder || el.type || "").slice(0, 30)}"`;
"""
CONTROLS = "button, input:not([type=hidden]):not([type=checkbox]):not([type=radio]), select, textarea"

# WCAG 1.4.11: a control's border, where it has one, at least 3:1 against what is behind it.
WEAK_BORDERS = (
    "() => {"
    + CONTRAST
    + f"""
  const weak = [];
  for (const el of document.querySelectorAll("{CONTROLS}")) {{
    if (el.disabled || !shown(el)) continue;
    const style = getComputedStyle(el);
    if (style.borderTopStyle === "none" || parseFloat(style.borderTopWidth) === 0) continue;
    const r = ratio(rgb(style.borderTopColor), behind(el));
    if (r < 3) weak.push(`${{name(el)}} border ${{r.toFixed(2)}}:1`);
  }}
  return weak;
}}"""
)

# WCAG 2.4.7: every button, link and input shows a solid outline of 2 px or more when focused
# from the keyboard, 3:1 against what is behind it.
NO_FOCUS_RING = (
    "() => {"
    + CONTRAST
    + f"""
  const missing = [];
  const was = document.activeElement;
  for (const el of document.querySelectorAll("{CONTROLS}, a[href], input[type=checkbox]")) {{
    if (el.disabled || !shown(el)) continue;
    el.focus({{preventScroll: true}});
    if (document.activeElement !== el) continue;
    const style = getComputedStyle(el);
    const width = parseFloat(style.outlineWidth);
    const visible = el.matches(":focus-visible") && style.outlineStyle !== "none" && style.outlineStyle !== "auto" && width >= 2
      && ratio(rgb(style.outlineColor), behind(el)) >= 3;
    if (!visible) missing.push(`${{name(el)}} (${{style.outlineStyle}} ${{style.outlineWidth}} ${{style.outlineColor}})`);
  }}
  if (was && was.focus) was.focus({{preventScroll: true}});
  return missing;
}}"""
)

# The time left must not be inside a live region: a screen reader would read it every second.
CHATTY_CLOCK = """() => [...document.querySelectorAll('[data-clock="remaining"]')]
  .filter((el) => el.closest('[aria-live]:not([aria-live="off"]), [role=status], [role=alert], [role=log], [role=marquee]'))
  .map((el) => el.parentElement.outerHTML.slice(0, 120))"""


def findings(page) -> list[str]:
    results = Axe().run(page)
    found = [
        f"axe {v['id']} ({v['impact']}): {v['help']}: " + " | ".join(node["html"][:100] for node in v["nodes"][:4])
        for v in results.response["violations"]
        if v["impact"] in ("critical", "serious")
    ]
    found += [f"weak border: {what}" for what in page.evaluate(WEAK_BORDERS)]
    page.keyboard.press("Shift")  # from the keyboard now, as after a mouse click focus rings rightly stay off
    found += [f"no focus ring: {what}" for what in page.evaluate(NO_FOCUS_RING)]
    headings = page.locator("h1").count()
    if headings != 1:
        found.append(f"{headings} <h1> elements")
    found += [f"time left in a live region: {where}" for where in page.evaluate(CHATTY_CLOCK)]
    return found


def test_every_screen_of_a_running_event_passes_axe_with_borders_focus_rings_and_one_heading(
    stack, browser, make_tournament, staff
):
    event = run_an_event(make_tournament, staff)
    signed_in = staff_session(browser, stack, staff["superuser"])
    problems = []
    for screen in SCREENS:
        context, page = open_screen(browser, stack, event, screen, signed_in)
        problems += [f"{screen.name}: {problem}" for problem in findings(page)]
        context.close()
    assert not problems, "\n".join(problems)


def test_the_clock_announces_a_new_level_politely_and_never_the_seconds(stack, browser, make_tournament, staff):
    event = run_an_event(make_tournament, staff)
    pages = [
        open_screen(browser, stack, event, screen, None)[1]
        for screen in SCREENS
        if screen.name in ("lobby", "seat", "tv", "festival-tv")
    ]
    # The festival's TV has a clock for each tournament: this one's card.
    clocks = [
        page.locator(f'[data-tournament="{event.id}"]') if "/festivals/" in page.url else page.locator("body")
        for page in pages
    ]
    for page, clock in zip(pages, clocks):
        announcer = clock.locator("[data-clock-announce]")
        expect(announcer).to_have_attribute("aria-live", "polite")
        expect(announcer).to_be_empty()  # nothing said on opening the page
        assert page.evaluate(CHATTY_CLOCK) == []
    act(level_clock.go_to_level, event.id, staff["director"], 2)
    for clock in clocks:
        expect(clock.locator("[data-clock-announce]")).to_have_text("Level 3: blinds 300 / 600, ante 600")
        expect(clock.locator('[data-clock="remaining"]')).to_have_text(re.compile(r"\d:\d\d"))
