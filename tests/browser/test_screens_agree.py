"""Issue 22, "Screens that agree with themselves", in Chromium at each device's size (TV
1920x1080, tablet 1280x800, console 1440x900, phone 390x844), against real daphne, worker and
beat: the TV's latest results and a deal on its payouts, the festival's TV picking up an event
that opens later, the lobby and TV at the end of the day and the finish, the director's log
naming its subject, recent busts to undo, the tablet's Undo going once it cannot work, and a
count that disagrees warned beside its button."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from clock.models import Clock
from clock.services import day, level_clock
from players.models import Player
from tables.models import Seating
from tables.services.draw import draw_field, open_tables
from tables.services.floor import hand_done, player_out
from tests.helpers.fields import field, seated_field
from tests.helpers.pages import act, sign_in
from tests.helpers.tablet import answer, fill_fields, seat_action
from tournaments.models import Announcement, Entry, Tournament
from tournaments.services import deals, record
from tournaments.services.preregistration import confirm_preregistration

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TV, TABLET, CONSOLE, PHONE = (1920, 1080), (1280, 800), (1440, 900), (390, 844)


def seats_of(tournament) -> dict[int, int]:
    """seat -> entry number at table 1."""
    return dict(
        Seating.objects.filter(tournament=tournament, ended_at__isnull=True).values_list("seat", "entry__number")
    )


def test_TV_latest_results_put_the_latest_busts_first_and_after_a_deal_the_payouts_show_it(
    stack, new_page, make_tournament, staff
):
    tournament = seated_field(make_tournament, staff, 9)
    act(level_clock.start_clock, tournament.id, staff["director"])
    results, payouts = new_page(*TV), new_page(*TV)
    results.goto(f"{stack.url}/tournaments/{tournament.id}/tv/?panel=results")
    payouts.goto(f"{stack.url}/tournaments/{tournament.id}/tv/?panel=payouts")
    for tv in (results, payouts):
        expect(tv.locator("[data-live-status]")).to_have_text("live")
    expect(payouts.locator("[data-tv-payouts] li").first).to_contain_text("EUR")
    seats = seats_of(tournament)
    order = sorted(seats)
    for seat in order[:6]:  # places 9 to 4, in that order: one a hand
        act(player_out, tournament.id, 1, seat, staff["floor"])
        act(hand_done, tournament.id, 1, staff["floor"])
    rows = results.locator("[data-tv-results] li")
    expect(rows).to_have_count(6)
    expect(rows.first).to_contain_text("4. Tv")  # the latest bust first, not the first one out
    expect(rows.first).to_contain_text(f"(#{seats[order[5]]})")
    expect(rows.last).to_contain_text("9. Tv")
    assert [int(rows.nth(i).get_attribute("data-place")) for i in range(6)] == [4, 5, 6, 7, 8, 9]

    # PAY-CHOP: the three left agree a deal with something left to play: the payouts panel says it.
    left = list(Entry.objects.filter(tournament=tournament, status="active").values_list("number", flat=True))
    stacks = dict.fromkeys(left, 30_000)
    act(deals.record, tournament.id, "chip_chop", stacks, 1000, left, "Pat Floor", staff["director"])
    expect(payouts.locator("[data-tv-payouts-note]")).to_contain_text("Deal (")
    dealt = payouts.locator("[data-tv-payouts] li[data-deal]")
    expect(dealt).to_have_count(3)
    for number in left:
        expect(payouts.locator("[data-tv-payouts]")).to_contain_text(f"(#{number})")
    expect(payouts.locator("[data-tv-payouts]")).to_contain_text("10.00 EUR left to play")
    assert payouts.evaluate(
        "document.documentElement.scrollHeight <= innerHeight && document.documentElement.scrollWidth <= innerWidth"
    )


def test_the_festival_TV_picks_up_an_event_that_opens_after_it_loaded(stack, new_page, make_tournament, staff):
    first = make_tournament(name="Main Event Day 1A")
    act(level_clock.start_clock, first.id, staff["director"])
    later = make_tournament(name="Turbo")
    Tournament.objects.filter(pk=later.pk).update(festival=first.festival, status=Tournament.Status.SCHEDULED)
    screen = new_page(*TV)
    screen.goto(f"{stack.url}/festivals/{first.festival_id}/tv/")
    cards = screen.locator("[data-tournament]")
    expect(cards).to_have_count(1)
    expect(screen.locator(f'[data-tournament="{first.id}"] [data-feed-status]')).to_have_text("live")
    screen.evaluate("window.sameDocument = true")

    Tournament.objects.filter(pk=later.pk).update(status=Tournament.Status.REGISTRATION)  # the director opens it
    # The page asks every minute (a timer in the page; here stepped by hand, as the TV's rotation).
    screen.evaluate(
        "() => import(document.querySelector('script[type=module]').src).then(({ festivalScreen }) => festivalScreen.refresh())"
    )
    expect(cards).to_have_count(2)
    card = screen.locator(f'[data-tournament="{later.id}"]')
    expect(card.locator("[data-card-name]")).to_have_text("Turbo")
    expect(card.locator("[data-feed-status]")).to_have_text("live")
    expect(card.locator('[data-clock="status"]')).to_have_text("not started")
    expect(screen.locator("[data-festival-tv]")).to_have_attribute("data-count", "2")
    act(level_clock.start_clock, later.id, staff["director"])
    expect(card.locator('[data-clock="status"]')).to_have_text("running")  # its own live feed
    assert screen.evaluate("window.sameDocument") is True
    assert screen.evaluate(
        "document.documentElement.scrollHeight <= innerHeight && document.documentElement.scrollWidth <= innerWidth"
    )


def test_CLK_EOD_the_TV_says_the_last_hands_as_the_lobby_does_and_after_the_finish_only_the_result_shows(
    stack, new_page, make_tournament, staff
):
    tournament = seated_field(make_tournament, staff, 3)
    act(level_clock.start_clock, tournament.id, staff["director"])
    Clock.objects.filter(tournament=tournament).update(day_last_level=0, ends_at=timezone.now() + timedelta(minutes=10))
    tv, lobby = new_page(*TV), new_page(*PHONE)
    tv.goto(f"{stack.url}/tournaments/{tournament.id}/tv/")
    lobby.goto(f"{stack.url}/tournaments/{tournament.id}/")
    for page in (tv, lobby):
        expect(page.locator("[data-live-status]")).to_have_text("live")

    act(day.announce_last_hands, tournament.id, 2, staff["director"])
    said = "Day 1, last 2 hands: still playing at table 1."
    expect(lobby.locator("[data-end-of-day]")).to_have_text(said)
    expect(tv.locator("[data-tv-end-of-day]")).to_have_text(said)
    tv.reload()  # a TV switched on later says the same, from the snapshot
    expect(tv.locator("[data-tv-end-of-day]")).to_have_text(said)

    seats = sorted(seats_of(tournament))
    act(player_out, tournament.id, 1, seats[0], staff["floor"])
    act(player_out, tournament.id, 1, seats[1], staff["floor"])  # the winner
    expect(lobby.locator("[data-winner]")).to_contain_text("Winner:")
    for gone in ("[data-end-of-day]", "[data-hand-for-hand]"):
        expect(lobby.locator(gone)).to_be_hidden()
    expect(tv.locator("[data-tv-winner]")).to_be_visible()
    expect(tv.locator("[data-tv-end-of-day]")).to_be_hidden()
    lobby.reload()  # from the snapshot too
    expect(lobby.locator("[data-winner]")).to_contain_text("Winner:")
    expect(lobby.locator("[data-end-of-day]")).to_be_hidden()
    expect(lobby.locator("[data-hand-for-hand]")).to_be_hidden()


def test_the_directors_live_log_names_the_player_entry_and_table_of_each_line(stack, new_page, make_tournament, staff):
    tournament = seated_field(make_tournament, staff, 4)
    director = new_page(*CONSOLE)
    sign_in(director, stack.url, staff["director"], f"/tournaments/{tournament.id}/director/")
    expect(director.locator("[data-live-status]")).to_have_text("live")
    seats = seats_of(tournament)
    seat = min(seats)
    name = Entry.objects.get(tournament=tournament, number=seats[seat]).player
    act(player_out, tournament.id, 1, seat, staff["floor"])
    line = director.locator('[data-event-feed] li[data-kind="player.out"]')
    expect(line).to_contain_text(f"{name} (#{seats[seat]}) · table 1, seat {seat}: ")
    expect(line).to_contain_text("by floor-user")
    director.reload()  # the lines written before the page opened name their subject too
    expect(director.locator('[data-event-feed] li[data-kind="player.out"]')).to_contain_text(
        f"{name} (#{seats[seat]}) · table 1, seat {seat}: "
    )


def test_undo_a_bust_lists_the_latest_busts_to_pick_from(stack, new_page, make_tournament, staff):
    tournament = seated_field(make_tournament, staff, 5)
    act(level_clock.start_clock, tournament.id, staff["director"])
    seats = seats_of(tournament)
    first, second = sorted(seats)[:2]
    act(player_out, tournament.id, 1, first, staff["floor"])
    act(player_out, tournament.id, 1, second, staff["floor"])
    director = new_page(*CONSOLE)
    sign_in(director, stack.url, staff["director"], f"/tournaments/{tournament.id}/director/")
    expect(director.locator("[data-live-status]")).to_have_text("live")
    # The sections above load and grow after "live" (the devices list a few seconds later), so a
    # click by coordinates could land on the line that moved there: the click goes to the
    # summary itself, and the test waits until the box is open.
    director.get_by_text("Undo a bust or disqualify a player").dispatch_event("click")
    expect(director.locator("details.entry-rulings")).to_have_attribute("open", "")
    busts = director.locator("[data-recent-busts] li")
    expect(busts).to_have_count(2)
    expect(busts.first).to_contain_text(f"#{seats[second]} ")  # the latest first
    expect(busts.first).to_contain_text(f"table 1, seat {second}")
    busts.first.get_by_role("button").click()
    form = director.locator("[data-entry-ruling]")
    expect(form.get_by_label("Entry #")).to_have_value(str(seats[second]))
    form.get_by_label("Reason").fill("the wrong player was called out")
    form.get_by_role("button", name="Undo the bust").click()
    expect(director.locator("[data-result]")).to_have_text(
        f"Entry #{seats[second]} is back in: table 1, seat {second}."
    )
    expect(busts).to_have_count(1)  # the list follows
    expect(busts.first).to_contain_text(f"#{seats[first]} ")


def test_the_tablet_stops_offering_undo_once_something_else_happened_at_the_table(
    stack, new_page, make_tournament, staff
):
    tournament = field(make_tournament, 6, 1)
    act(open_tables, tournament.id, [1], staff["director"])
    act(draw_field, tournament.id, staff["director"], 5)
    tablet = new_page(*TABLET)
    sign_in(tablet, stack.url, staff["floor"], f"/tournaments/{tournament.id}/floor/")
    expect(tablet.locator("[data-live-status]")).to_have_text("live")
    seat = min(seats_of(tournament))
    seat_action(tablet, 1, seat, "Out")
    answer(tablet)
    undo = tablet.locator("[data-undo]")
    expect(undo).to_contain_text("Last tap:")
    expect(undo.get_by_role("button", name="Undo")).to_be_visible()
    tablet.locator("[data-result]").evaluate("(el) => (el.dataset.before = el.textContent)")

    act(hand_done, tournament.id, 1, staff["director"])  # another tablet, or the director, at the same table
    expect(undo).to_be_hidden()  # the tap is no longer the table's last: the server would refuse it
    expect(tablet.get_by_role("button", name="Undo", exact=True)).to_have_count(0)


def test_CHIP_COUNT_a_count_that_disagrees_is_warned_next_to_the_button_tapped(stack, new_page, make_tournament, staff):
    tournament = field(make_tournament, 6, 1)  # 6 players × 10,000 chips
    act(open_tables, tournament.id, [1], staff["director"])
    act(draw_field, tournament.id, staff["director"], 5)
    tablet = new_page(*TABLET)
    sign_in(tablet, stack.url, staff["floor"], f"/tournaments/{tournament.id}/floor/")
    card = tablet.locator('.table-card[data-table="1"]')
    expect(card.locator(".seats li:not(.empty)")).to_have_count(6)
    card.get_by_text("Floor's book · table 1").click()
    counts = card.get_by_label("Chip count: seat")
    expect(counts).to_have_count(6)
    fill_fields(counts, [9000] * 6)
    report = card.get_by_role("button", name="Report the counts")
    report.click()
    warning = card.locator("[data-count-warning]")
    expect(warning).to_have_text(
        "The counts come to 54,000, 6,000 fewer than the 60,000 chips in play: recount or find the chips."
    )
    # Right beside the button tapped, and kept through the tablet's redraws.
    assert card.locator("button:text('Report the counts') + [data-count-warning]").count() == 1
    below = warning.evaluate(
        "(el) => el.getBoundingClientRect().top - el.previousElementSibling.getBoundingClientRect().bottom"
    )
    assert below < 40, below
    act(hand_done, tournament.id, 1, staff["floor"])  # a redraw
    expect(card).to_have_attribute("data-hand", "2")
    expect(warning).to_be_visible()
    fill_fields(counts, [10_000] * 6)  # through the tablet's redraws after Hand done
    report.click()
    expect(tablet.locator("[data-result]")).to_have_text("The counts agree: 60,000 chips in play.")
    expect(warning).to_have_count(0)


NO_SIDEWAYS = "document.documentElement.scrollWidth <= innerWidth"


def test_the_home_page_fits_a_phone_lists_flights_under_their_main_event_and_pre_registration_says_what_it_does(
    stack, new_page, make_tournament, staff
):
    main = make_tournament(name="Main Event")
    Tournament.objects.filter(pk=main.pk).update(status="scheduled", buy_in=100_000, fee=10_000)
    flights = [
        Tournament.objects.create(
            festival=main.festival,
            name=name,
            main_event=main,
            buy_in=100_000,
            fee=10_000,
            status=Tournament.Status.REGISTRATION,
        )
        for name in ("Day 1A", "Day 1B")
    ]
    phone = new_page(*PHONE)
    phone.goto(f"{stack.url}/")
    event = phone.locator(f'[data-event="{main.id}"]')
    expect(event.locator("[data-flight]")).to_have_count(2)  # under their main event, not rows of their own
    expect(event.locator(f'[data-flight="{flights[0].id}"]')).to_contain_text("Day 1A")
    expect(phone.locator(f"[data-event='{flights[0].id}']")).to_have_count(0)
    assert phone.evaluate(NO_SIDEWAYS)
    festival = phone.locator(f'[data-festival="{main.festival_id}"]')
    expect(festival.get_by_role("link", name="Schedule")).to_have_attribute(
        "href", f"/festivals/{main.festival_id}/schedule/"
    )
    festival.get_by_role("link", name="Pre-register online").click()
    expect(phone).to_have_url(f"{stack.url}/festivals/{main.festival_id}/register/")
    assert phone.evaluate(NO_SIDEWAYS)

    # No email is promised; the terms are a link away.
    expect(phone.locator("#email-use")).to_contain_text("no email is sent")
    terms = phone.locator("[data-terms-link]")
    expect(terms).to_have_attribute("href", f"/festivals/{main.festival_id}/terms/")
    page = new_page(*PHONE)
    page.goto(f"{stack.url}{terms.get_attribute('href')}")
    expect(page.get_by_role("heading", name="Terms and tournament rules")).to_be_visible()

    # Each reason a registration is refused, once.
    phone.locator(f'[data-flight="{flights[0].id}"] input').check()
    phone.get_by_label("First name").fill("Young")
    phone.get_by_label("Last name").fill("Player")
    phone.get_by_label("Date of birth").fill(f"{timezone.now().year - 10}-01-01")
    phone.get_by_label("Email").fill("young@example.com")
    phone.get_by_label("Photo ID you will show at the desk").select_option("passport")
    phone.get_by_label("ID number").fill("P 10")
    phone.get_by_label("I accept the terms and tournament rules").check()
    phone.get_by_role("button", name="Register").click()
    result = phone.locator("[data-prereg-result]")
    expect(result.locator(".reasons li")).to_have_count(1)
    assert result.inner_text().count("18 or older") == 1, result.inner_text()

    # Registered: the price on the confirmation; the desk confirms; the seat page is linked.
    phone.get_by_label("First name").fill("Ada")
    phone.get_by_label("Date of birth").fill("1990-05-17")
    phone.get_by_role("button", name="Register").click()
    expect(phone).to_have_url(re.compile(r"/preregistered/[A-Z0-9]{10}/$"))
    expect(phone.locator("[data-prereg-price]")).to_have_text("1,100.00 EUR")
    assert "email" not in phone.locator("main").inner_text().lower()
    code = phone.locator("[data-prereg-code]").inner_text()
    act(confirm_preregistration, flights[0].id, code, "cash", "desk 1", "day 1", staff["desk"])
    # The page asks every few seconds (a timer in the page; here stepped by hand).
    phone.evaluate(
        "() => import(document.querySelector('script[type=module]').src).then(({ confirmationPage }) => confirmationPage.follow())"
    )
    expect(phone.locator("[data-prereg-status]")).to_contain_text("Confirmed at the desk: entry #1.")
    phone.locator("[data-seat-link]").click()
    expect(phone).to_have_url(re.compile(rf"/tournaments/{flights[0].id}/seat/[\w-]+/$"))
    assert phone.evaluate(NO_SIDEWAYS)


LONG = "Maximilianaxkonstantinawilhelminafriederikeelisabethcharlottewilhelminaaugustaviktoriaxluisexsophiea"


@pytest.mark.parametrize(
    "width, height, page", [(*PHONE, "lobby"), (*CONSOLE, "director"), (*TABLET, "floor"), (*TV, "tv")]
)
def test_a_name_of_100_letters_never_widens_a_page_and_a_name_cut_to_fit_says_so(
    stack, new_page, make_tournament, staff, width, height, page
):
    assert len(LONG) == 100 and " " not in LONG
    tournament = seated_field(make_tournament, staff, 4)
    Tournament.objects.filter(pk=tournament.pk).update(name=LONG)
    seats = seats_of(tournament)
    first = min(seats)
    Player.objects.filter(entries__tournament=tournament, entries__number=seats[first]).update(
        first_name=LONG, last_name=LONG
    )
    act(level_clock.start_clock, tournament.id, staff["director"])
    screen = new_page(width, height)
    path = {"lobby": "/", "director": "/director/", "floor": "/floor/", "tv": "/tv/?panel=seating"}[page]
    if page in ("director", "floor"):
        sign_in(screen, stack.url, staff["director"], f"/tournaments/{tournament.id}{path}")
    else:
        screen.goto(f"{stack.url}/tournaments/{tournament.id}{path}")
    expect(screen.locator("[data-live-status]").first).to_have_text("live")
    screen.wait_for_function("(text) => document.body.innerText.includes(text)", arg=LONG[:30])
    assert screen.evaluate(NO_SIDEWAYS), screen.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    if page == "tv":  # cut with "…" on the TV: the whole name is in its title
        cut = f'[data-panel="seating"] li[data-seat="{first}"] .tv-line'
        expect(screen.locator(cut)).to_have_attribute("title", re.compile(f"^{LONG}"))
        # Cut, not wrapped, once the line is drawn and shown: read once, CI found it not cut
        # (a redraw or a moment the panel was hidden), so this waits on the state.
        screen.wait_for_function(
            "(cut) => { const line = document.querySelector(cut);"
            " return line !== null && line.clientWidth > 0 && line.scrollWidth > line.clientWidth; }",
            arg=cut,
        )
        expect(screen.locator("h1.tv-name")).to_have_attribute("title", LONG)


def test_one_money_format_on_the_lobby_the_tv_and_the_results(stack, new_page, make_tournament, staff):
    tournament = seated_field(make_tournament, staff, 6)
    act(level_clock.start_clock, tournament.id, staff["director"])
    lobby = new_page(*PHONE)
    lobby.goto(f"{stack.url}/tournaments/{tournament.id}/")
    expect(lobby.locator('[data-clock="pool"]')).to_have_text("600.00 EUR")  # as the TV and the results write it
    tv = new_page(*TV)
    tv.goto(f"{stack.url}/tournaments/{tournament.id}/tv/")
    expect(tv.locator('[data-tv="pool"]')).to_have_text("600.00 EUR")
    results = new_page(*PHONE)
    results.goto(f"{stack.url}/tournaments/{tournament.id}/results/")
    expect(results.locator("main")).to_contain_text("600.00 EUR")


def test_TD_ANNOUNCE_a_level_banner_goes_when_its_level_is_old_news(stack, new_page, make_tournament, staff):
    tournament = make_tournament(level_seconds=(600, 600, 600))
    act(level_clock.start_clock, tournament.id, staff["director"])
    level_end = timezone.now() + timedelta(seconds=8)
    Clock.objects.filter(tournament=tournament).update(ends_at=level_end)  # level 1 ends soon
    rebuys = act(
        record.announce,
        tournament.id,
        "Last chance for rebuys and add-ons: they close at the end of this level.",
        staff["director"],
        template="rebuys_closing",
        minutes=20,
    )
    act(record.announce, tournament.id, "Dinner at nine.", staff["director"], minutes=20)
    assert Announcement.objects.get(pk=rebuys["announcement"]).expires_at == level_end  # bound to its level
    lobby = new_page(*PHONE)
    lobby.goto(f"{stack.url}/tournaments/{tournament.id}/")
    expect(lobby.locator("[data-live-status]")).to_have_text("live")
    banner = lobby.locator("[data-announcements] .announcement")
    expect(lobby.locator('[data-clock="level"]')).to_have_text("Level 2")  # the level ended (beat's repair)
    expect(banner).to_have_text(["Dinner at nine."])  # the rebuys line went with its level; the other stays
