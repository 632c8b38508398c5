"""Driving the floor tablet's table (static/floor.js) and the in-page questions
(static/dialog.js) from the browser tests: tap a seat, tap one of its actions, answer."""

import re

from playwright.sync_api import expect


def seat_box(page, table, seat):
    return page.locator(f'.table-card[data-table="{table}"] li[data-seat="{seat}"]')


def sheet(page, table, seat):
    """The seat's actions (shown once the seat is tapped)."""
    return page.locator(f'.table-card[data-table="{table}"] [data-sheet="{seat}"]')


def open_seat(page, table, seat):
    """Tap the seat until its sheet is open. The tap toggles (a second tap closes it), and a live
    redraw that moves the seats while the tap lands can send it to the seat beside it (a loaded
    CI machine saw seat 7's tap leave every sheet closed): each tap waits for the state it
    should make, and taps again only if it did not."""
    tap, actions = seat_box(page, table, seat).locator("[data-seat-tap]"), sheet(page, table, seat)
    for _ in range(3):
        expect(tap).to_be_visible()
        if actions.is_visible():
            return actions
        tap.click()
        try:
            expect(actions).to_be_visible(timeout=10_000)
            return actions
        except AssertionError:
            continue
    expect(actions).to_be_visible()
    return actions


def seat_action(page, table, seat, words):
    """Tap the seat, then its action button that says `words` ("Out", "Clock", "Penalty", "Absent"...)."""
    open_seat(page, table, seat).locator("button").filter(has_text=re.compile(f"^{re.escape(words)}$")).click()


def answer(page, text=None, button=None):
    """Answer the open in-page question: type `text` (if given) in its first field, then tap
    `button` (by its words) or the proposed one."""
    asked = page.locator("dialog[data-ask][open]")
    expect(asked).to_be_visible()
    if text is not None:
        asked.locator("input").first.fill(str(text))
    (asked.get_by_role("button", name=button, exact=True) if button else asked.locator("button.primary")).click()
    expect(asked).to_have_count(0)


def question(page):
    return page.locator("dialog[data-ask][open]")


def player_out(page, table, seat, stack="", which=None):
    """Out from the seat: `which` answers a second bust's question ("Same hand…", "A new hand…",
    "In this hand", "In the last hand…": the start of the button's words); `stack` the starting chips."""
    seat_action(page, table, seat, "Out")
    if which is not None:
        question(page).locator("button", has_text=which).click()
    answer(page, stack)


def no_native_dialogs(page):
    """Any browser confirm()/prompt()/alert() fails the test: the tablet asks in the page."""
    opened = []

    def refuse(dialog):
        opened.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", refuse)
    return opened


# Answers each in-page question as soon as it opens, as page.on("dialog", ...) did for the
# browser's own: the page asks Python (reply) and types and taps what it says. Injected by the
# test through the DevTools protocol, outside the page's CSP; the pages carry no test hook.
ANSWERER = """() => {
  if (window.pokerfestAnswering) return;
  window.pokerfestAnswering = true;
  const seen = new WeakSet();
  const answer = async (dialog) => {
    if (seen.has(dialog)) return;
    seen.add(dialog);
    const [text, button] = await window.pokerfestReply(dialog.querySelector(".ask-text").textContent);
    if (text !== null && text !== undefined) dialog.querySelector("input").value = String(text);
    const buttons = [...dialog.querySelectorAll("button")];
    (button ? buttons.find((b) => b.textContent.startsWith(button)) : dialog.querySelector("button.primary")).click();
  };
  new MutationObserver(() => document.querySelectorAll("dialog[data-ask][open]").forEach(answer))
    .observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["open"] });
}"""


def answer_questions(page, reply=None):
    """Every in-page question on `page` answered by reply(question's words) -> (text to type or
    None, the start of the button's words or None for the proposed one). Without `reply`: the
    proposed answer (OK)."""
    page.expose_function("pokerfestReply", lambda question: list(reply(question)) if reply else [None, None])
    page.add_init_script(script=f"({ANSWERER})()")
    if page.url.startswith("http"):
        page.evaluate(ANSWERER)


def tap(seat_item, words):
    """Tap the seat shown by the locator `seat_item` (an li[data-seat]), then its action `words`."""
    seat = seat_item.get_attribute("data-seat")
    table = seat_item.locator("xpath=ancestor::article[1]").get_attribute("data-table")
    actions = open_seat(seat_item.page, table, seat)
    actions.locator("button").filter(has_text=re.compile(f"^{re.escape(words)}$")).click()


def fill_fields(fields, values):
    """Fill each field of a tablet's form with its value, and again any that a redraw replaced
    while Playwright was filling it (fill resolves the node, then types: a redraw in between
    leaves the new node with the old value). Waits on the values, not on time."""
    values = [str(value) for value in values]
    for _ in range(5):
        for index, value in enumerate(values):
            if fields.nth(index).input_value() != value:
                fields.nth(index).fill(value)
        if [fields.nth(index).input_value() for index in range(len(values))] == values:
            return
    for index, value in enumerate(values):
        expect(fields.nth(index)).to_have_value(value)
