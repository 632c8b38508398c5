"""The director's console, as a browser test drives it."""


def disqualify_on_the_console(page, number: int, reason: str, chips: str = "", grounds: str = "", end=False):
    page.get_by_text("Undo a bust or disqualify a player").click()
    form = page.locator("[data-entry-ruling]")
    form.get_by_label("Entry #").fill(str(number))
    form.get_by_label("Reason").fill(reason)
    form.get_by_label("Stack counted").fill(chips)
    if grounds:
        form.get_by_label("Grounds").select_option(label=grounds)
    if end:
        form.get_by_label("End the membership too").check()
    form.get_by_role("button", name="Disqualify").click()
