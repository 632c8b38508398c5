"""The pages' own words in German (static/*.js through Django's JavaScript catalog) for a German
browser: the lobby's live clock, the TV, the seat page and the desk's messages, with numbers and
money written the German way and times in the festival's time zone, not the device's. The same
pages in English are the other browser tests, unchanged."""

from datetime import date
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import expect

from clock.models import Level
from clock.services import level_clock
from players.services import desk as player_services
from tables.models import Absence, Seating
from tables.services.absent import mark_absent
from tables.services.floor import player_out
from tests.helpers.fields import seated_field
from tests.helpers.pages import act, sign_in
from tournaments.models import Festival, Tournament
from tournaments.services.penalties import give_penalty

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VIENNA = "Europe/Vienna"


def german(browser, width=1280, height=800):
    """A German browser on a device whose own clock is in New York: the festival's zone must win."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale="de-DE", timezone_id="America/New_York"
    )
    context.set_default_timeout(30_000)  # as conftest.py's WAIT_MS
    return context, context.new_page()


def test_a_german_browser_sees_the_lobby_tv_and_seat_page_in_german(stack, browser, make_tournament, staff):
    tournament = seated_field(make_tournament, staff, 3, buy_in=1_234_500, level_seconds=(600, 600))
    Festival.objects.filter(pk=tournament.festival_id).update(time_zone=VIENNA)
    t = f"{stack.url}/tournaments/{tournament.id}"
    context, lobby = german(browser)

    lobby.goto(f"{t}/")
    expect(lobby.locator("html")).to_have_attribute("lang", "de")
    expect(lobby.locator('[data-clock="status"]')).to_have_text("nicht gestartet")
    expect(lobby.locator("[data-chart-summary]")).to_have_text("3 Spieler an 1 Tisch.")
    expect(lobby.locator("[data-chart] h3")).to_have_text("Tisch 1")
    act(level_clock.start_clock, tournament.id, None)
    expect(lobby.locator('[data-clock="status"]')).to_have_text("läuft")
    expect(lobby.locator('[data-clock="level"]')).to_have_text("Level 1")
    expect(lobby.locator('[data-clock="ante"]')).to_have_text("Ante 200")
    expect(lobby.locator('[data-clock="next"]')).to_have_text("Als Nächstes: 200 / 400 Ante 400")
    expect(lobby.locator('[data-clock="to-break"]')).to_have_text("keine Pause mehr")
    expect(lobby.locator('[data-clock="pool"]')).to_have_text("37.035,00 EUR")  # three buy-ins of 12,345.00

    tv = context.new_page()
    tv.goto(f"{t}/tv/?panel=payouts")
    expect(tv.locator('[data-clock="status"]')).to_have_text("läuft")
    expect(tv.locator('[data-tv="pool"]')).to_have_text("37.035,00 EUR")
    expect(tv.locator('[data-tv="pay-jump"]')).to_have_text(
        "Mindestgewinn 37.035,00 EUR"
    )  # three players: one place paid
    expect(tv.locator("[data-tv-payouts-note]")).to_have_text("1 Platz bezahlt · Preispool 37.035,00 EUR")
    expect(tv.locator("dt", has_text="Anmeldungen")).to_have_count(1)  # the entries count's label, not "Entries"
    expect(tv.locator(".tv-stats")).not_to_contain_text("Entries")
    expect(tv.locator(".tv-stats")).not_to_contain_text("Preisgeld")  # the pool is the Preispool everywhere

    sitting = (
        Seating.objects.select_related("entry", "tournament_table__table")
        .filter(tournament=tournament, ended_at__isnull=True)
        .order_by("entry__number")
        .first()
    )
    table, seat = sitting.tournament_table.table.number, sitting.seat
    phone = context.new_page()
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.goto(f"{t}/seat/{sitting.entry.public_code}/")
    expect(phone.locator("[data-seat]")).to_have_text(f"Tisch {table} · Platz {seat}")
    expect(phone.locator(".seat-card:not([data-entry-numbers])")).to_have_text(
        f"Anmeldung #{sitting.entry.number} · Startstack 10.000"
    )  # the entry in German too, not "Entry #1"
    act(mark_absent, tournament.id, table, seat, staff["floor"])
    phone.reload()  # the absence is the floor's: the page shows it as it loads
    since = Absence.objects.get(entry=sitting.entry).since.astimezone(ZoneInfo(VIENNA)).strftime("%H:%M:%S")
    expect(phone.locator("[data-my-absence]")).to_have_text(
        f"Seit {since} als abwesend vermerkt: Sie bekommen Karten und werden ausgeblindet. "
        "Sagen Sie dem Floor Bescheid, wenn Sie zurück sind."
    )
    act(player_out, tournament.id, table, seat, staff["floor"])
    expect(phone.locator("[data-seat]")).to_have_text("Dieser Entry ist ausgeschieden.")
    expect(phone.locator("[data-my-finish]")).to_contain_text("Platz 3 von 3 · ")
    phone.reload()  # the same line as the page renders it on load
    expect(phone.locator("[data-seat]")).to_have_text("Dieser Entry ist ausgeschieden.")
    context.close()


def test_the_desk_says_its_messages_in_german_with_german_money(stack, new_page, make_tournament, staff):
    tournament = make_tournament()
    Tournament.objects.filter(pk=tournament.pk).update(buy_in=50_000, fee=5_000)
    act(
        player_services.create_player,
        tournament.id,
        player_services.NewPlayer(
            "Grace", "Hopper", date(1906, 12, 9), accepts_terms=True, id_checked=True, filming_release=True
        ),
        None,
    )
    page = new_page()
    sign_in(page, stack.url, staff["desk"], f"/tournaments/{tournament.id}/desk/")
    page.set_extra_http_headers({"Accept-Language": "de"})  # signed in; from now on a German browser
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("[data-live-status]")).to_have_text("live")

    page.locator("#player-search").fill("hop")
    page.get_by_role("button", name="Hopper, Grace · geb. 1906-12-09").click()
    expect(page.locator("[data-player-details]")).to_contain_text("geb. 1906-12-09")
    expect(page.locator("[data-player-details]")).to_contain_text("Filmaufnahmen ja · Marketing nein")
    expect(page.locator("[data-kinds] option:checked")).to_have_text("Buy-in")
    register = page.locator("#sale button[type=submit]")
    register.click()
    expect(page.locator("[data-sale-result]")).to_have_text("Zuerst oben Schalter und Schicht eintragen.")
    page.locator("#desk-name").fill("Schalter 1")
    page.locator("#desk-shift").fill("Samstag früh")
    register.click()
    result = page.locator("[data-sale-result]")
    expect(result).to_contain_text("Entry #1 registriert: 550,00 EUR bar bezahlt.")
    expect(result.locator("a")).to_have_text("Ticket drucken")


def test_a_german_director_reads_the_level_list_and_the_penalty_record_in_german(
    stack, new_page, make_tournament, staff
):
    """The level list says no "ante 0" and no "break break"; an infraction and its step named by the
    house's preset (stored in English) are shown in German."""
    tournament = seated_field(make_tournament, staff, 3, level_seconds=(600, 900, 1200), breaks=(1,))
    Level.objects.filter(structure__clocks__tournament=tournament, position=0).update(ante=0)
    Level.objects.filter(structure__clocks__tournament=tournament, position=1).update(name="break")
    sitting = (
        Seating.objects.select_related("tournament_table__table")
        .filter(tournament=tournament, ended_at__isnull=True)
        .order_by("entry__number")
        .first()
    )
    act(
        give_penalty,
        tournament.id,
        sitting.tournament_table.table.number,
        sitting.seat,
        "acting out of turn",
        staff["floor"],
        step="1 orbit",
    )
    page = new_page()
    sign_in(page, stack.url, staff["director"], f"/tournaments/{tournament.id}/director/")
    page.set_extra_http_headers({"Accept-Language": "de"})
    page.reload()
    expect(page.locator("#level-index option")).to_have_text(
        ["Level 1: 100/200 (10 Min.)", "Pause (15 Min.)", "Level 2: 300/600 Ante 600 (20 Min.)"]
    )
    expect(page.locator("tr[data-penalty]")).to_contain_text("1 Orbit (Handeln außer der Reihe)")
