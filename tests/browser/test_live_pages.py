"""Every live page as a person uses it, in Debian's Chromium against real daphne, Celery worker
and beat processes, PostgreSQL and Redis."""

import os
import re
import signal

import pytest
from playwright.sync_api import expect

from clock.services import level_clock as services
from tests.helpers.pages import LiveSocket, act, sign_in
from tests.helpers.tablet import answer_questions

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_CLK_LEVELS_the_lobby_shows_the_next_level_arrive_live_without_a_reload(stack, new_page, make_tournament):
    tournament = make_tournament(level_seconds=(4, 60))
    lobby = new_page()
    lobby.goto(f"{stack.url}/tournaments/{tournament.id}/")
    expect(lobby.locator("[data-live-status]")).to_have_text("live")
    expect(lobby.locator('[data-clock="status"]')).to_have_text("not started")
    lobby.evaluate("window.sameDocument = true")
    act(services.start_clock, tournament.id, None)
    expect(lobby.locator('[data-clock="status"]')).to_have_text("running")
    expect(lobby.locator('[data-clock="level"]')).to_have_text("Level 1")
    expect(lobby.locator('[data-clock="blinds"]')).to_have_text("100 / 200")
    expect(lobby.locator('[data-clock="level"]')).to_have_text("Level 2", timeout=20_000)
    expect(lobby.locator('[data-clock="blinds"]')).to_have_text("200 / 400")
    expect(lobby.locator('[data-clock="ante"]')).to_have_text("ante 400")
    expect(lobby.locator('[data-clock="next"]')).to_have_text("Last level")
    remaining = lobby.locator('[data-clock="remaining"]').inner_text()
    assert re.fullmatch(r"1:00|0:[0-5]\d", remaining), remaining  # level 2's minute, however late the test looks
    assert lobby.evaluate("window.sameDocument") is True  # the page was never reloaded


def test_CLK_CONTROL_the_director_runs_the_clock_and_every_screen_follows(stack, new_page, make_tournament, staff):
    tournament = make_tournament(level_seconds=(600, 600))
    t = tournament.id
    director, floor, desk, lobby = new_page(), new_page(), new_page(), new_page()
    lobby_socket = LiveSocket(lobby)
    sign_in(director, stack.url, staff["director"], f"/tournaments/{t}/director/")
    sign_in(floor, stack.url, staff["floor"], f"/tournaments/{t}/floor/")
    sign_in(desk, stack.url, staff["desk"], f"/tournaments/{t}/desk/")
    lobby.goto(f"{stack.url}/tournaments/{t}/")
    for page in (director, floor, desk, lobby):
        expect(page.locator("[data-live-status]")).to_have_text("live")
        expect(page.locator('[data-clock="status"]')).to_have_text("not started")

    director.get_by_role("button", name="Start", exact=True).click()
    expect(director.locator("[data-result]")).to_have_text("Done.")
    for page in (director, floor, desk, lobby):
        expect(page.locator('[data-clock="status"]')).to_have_text("running")
    expect(desk.locator("[data-tournament-status]")).to_have_text("running")

    # The console offers what the clock's state allows (a running clock is not resumed, Start
    # is gone); a control the clock refuses says why, in words, and changes nothing.
    expect(director.get_by_role("button", name="Resume")).to_be_disabled()
    expect(director.get_by_role("button", name="Start", exact=True)).to_be_hidden()
    director.locator("#adjust-seconds").fill("-1000")
    director.get_by_role("button", name="Add/remove seconds").click()
    expect(director.locator("[data-result]")).to_contain_text("cannot be removed")
    director.locator("#adjust-seconds").fill("")
    director.get_by_role("button", name="Add/remove seconds").click()
    expect(director.locator("[data-result]")).to_have_text(
        "Enter a whole number of seconds, positive to add, negative to remove."
    )

    director.get_by_label("Reason for pausing").fill("player dispute, table 7")
    director.get_by_role("button", name="Pause").click()
    for page in (lobby, floor):  # the bound: the lobby and a tablet stop within a second
        expect(page.locator('[data-clock="status"]')).to_have_text("paused", timeout=1000)
    for page in (director, desk):
        expect(page.locator('[data-clock="status"]')).to_have_text("paused")
    expect(floor.locator("[data-event-feed] li").first).to_contain_text("clock.paused by director-user")
    frozen = lobby.locator('[data-clock="remaining"]').inner_text()
    lobby_socket.wait_for_heartbeats(3)  # beat's, a second apart: time passes on the server and the page
    assert lobby.locator('[data-clock="remaining"]').inner_text() == frozen  # a paused clock stands still

    director.get_by_role("button", name="+1 min").click()
    expect(lobby.locator('[data-clock="remaining"]')).not_to_have_text(frozen)
    director.locator("#level-index").select_option("1")
    director.get_by_role("button", name="Go to level").click()
    expect(lobby.locator('[data-clock="level"]')).to_have_text("Level 2")
    expect(lobby.locator('[data-clock="remaining"]')).to_have_text("10:00")
    kinds = list(tournament.events.order_by("seq").values_list("kind", flat=True))
    assert kinds == ["clock.started", "clock.paused", "clock.adjusted", "clock.level_set"]  # refusals wrote nothing

    director.get_by_role("button", name="Close registration").click()
    expect(director.locator("[data-result]")).to_have_text("Registration closed.")
    expect(director.locator("[data-registration]")).to_have_text("Registration is closed.")  # from the live feed
    expect(director.get_by_role("button", name="Close registration")).to_be_disabled()


@pytest.mark.own_stack  # it kills the web process
def test_a_screen_shows_reconnecting_and_catches_up_when_the_server_comes_back(
    stack, processes, new_page, make_tournament
):
    tournament = make_tournament(level_seconds=(600, 600))
    act(services.start_clock, tournament.id, None)
    lobby = new_page()
    lobby.goto(f"{stack.url}/tournaments/{tournament.id}/")
    expect(lobby.locator("[data-live-status]")).to_have_text("live")
    lobby.evaluate("window.sameDocument = true")

    os.kill(stack.web.pid, signal.SIGKILL)  # the web process dies
    expect(lobby.locator("[data-live-status]")).to_have_text("reconnecting…")
    act(services.pause_clock, tournament.id, None)  # a change the lobby cannot hear about
    processes.web(stack.socket)  # a new web process takes over the address
    expect(lobby.locator("[data-live-status]")).to_have_text("live", timeout=20_000)
    expect(lobby.locator('[data-clock="status"]')).to_have_text("paused")
    assert lobby.evaluate("window.sameDocument") is True


def test_staff_pages_send_anonymous_visitors_to_sign_in(stack, new_page, make_tournament):
    tournament = make_tournament()
    page = new_page()
    page.goto(f"{stack.url}/tournaments/{tournament.id}/director/")
    expect(page.get_by_role("heading", name="Staff sign-in")).to_be_visible()
    page.get_by_label("Username").fill("nobody")
    page.get_by_label("Password").fill("wrong")
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator(".errorlist")).to_contain_text("correct username and password")


def test_PAY_CHOP_the_director_proposes_three_deals_and_records_the_one_everyone_agrees_to(
    stack, new_page, make_tournament, staff
):
    from datetime import date

    from players.services import desk as player_services
    from tables.models import Table
    from tables.services.draw import draw_field, open_tables
    from tournaments.models import Entry, Tournament
    from tournaments.queries.entries import Sale
    from tournaments.rules.entries import Kind
    from tournaments.services import desk

    tournament = make_tournament()
    Tournament.objects.filter(pk=tournament.pk).update(buy_in=10_000)
    Table.objects.create(festival=tournament.festival, number=1, seats=9)
    for i in range(3):
        player = act(
            player_services.create_player,
            tournament.id,
            player_services.NewPlayer(f"Deal{i}", "Maker", date(1980, 1, 1), accepts_terms=True, id_checked=True),
            None,
        )
        act(desk.register_entry, tournament.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    act(open_tables, tournament.id, [1], staff["director"])
    act(draw_field, tournament.id, staff["director"], 1)
    director = new_page()
    sign_in(director, stack.url, staff["director"], f"/tournaments/{tournament.id}/director/")
    lobby = new_page()
    lobby.goto(f"{stack.url}/tournaments/{tournament.id}/")
    director.get_by_text("Deals: chip-chop, ICM").click()
    # Issue 11, item 9: the form names the players left; the director types only their chips.
    director.get_by_label("Chips: #1 Deal0 Maker").fill("400,000")
    director.get_by_label("Chips: #2 Deal1 Maker").fill("250000")
    director.get_by_label("Chips: #3 Deal2 Maker").fill("three")
    director.get_by_role("button", name="Propose deals").click()
    expect(director.locator("[data-result]")).to_have_text(
        "Type the chips of #3 Deal2 Maker as a number, e.g. 250,000."
    )
    director.get_by_label("Chips: #3 Deal2 Maker").fill("100000")
    director.get_by_role("button", name="Propose deals").click()
    expect(director.locator("[data-deal-proposals] tbody tr")).to_have_count(3)
    expect(director.locator("[data-deal-proposals] tbody tr").first).to_contain_text("#1 Deal0 Maker")
    director.get_by_label("Deal", exact=True).select_option("chip_chop")
    director.get_by_label("#1 Deal0 Maker agrees").check()
    director.get_by_label("Tournament representative present").fill("Pat Floor")
    director.get_by_role("button", name="Record the deal").click()
    expect(director.locator("[data-result]")).to_have_text("Every player left must agree; not yet: entries 2, 3.")
    director.get_by_label("#2 Deal1 Maker agrees").check()
    director.get_by_label("#3 Deal2 Maker agrees").check()
    director.get_by_role("button", name="Record the deal").click()
    expect(director.locator("[data-result]")).to_contain_text("Deal recorded (chip-chop): #1 Deal0 Maker ")
    assert Entry.objects.filter(tournament=tournament).count() == 3 and tournament.deals.count() == 1
    # The lobby shows the agreed amounts, and a full deal ends the tournament (END-FINISH).
    expect(lobby.locator('[data-clock="paid"]')).to_contain_text("deal (chip-chop): Deal0 M. ")
    expect(lobby.locator("[data-winner]")).to_have_text("The tournament is over. Winner: Deal0 M. (#1).")


def test_END_CANCEL_the_director_cancels_and_the_lobby_says_every_entry_is_refunded(
    stack, new_page, make_tournament, staff
):
    from datetime import date

    from players.services import desk as player_services
    from tournaments.models import Entry
    from tournaments.queries.entries import Sale
    from tournaments.rules.entries import Kind
    from tournaments.services import desk

    tournament = make_tournament()
    for i in range(2):
        player = act(
            player_services.create_player,
            tournament.id,
            player_services.NewPlayer(f"Early{i}", "Bird", date(1980, 1, 1), accepts_terms=True, id_checked=True),
            None,
        )
        act(desk.register_entry, tournament.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    director, lobby = new_page(), new_page()
    sign_in(director, stack.url, staff["director"], f"/tournaments/{tournament.id}/director/")
    lobby.goto(f"{stack.url}/tournaments/{tournament.id}/")
    expect(lobby.locator("[data-live-status]")).to_have_text("live")
    answer_questions(director)
    director.get_by_text("Cancel the tournament (END-CANCEL)").click()
    director.get_by_label("Why cancel").fill("not enough players")
    director.get_by_role("button", name="Cancel and refund every entry").click()
    expect(director.locator("[data-result]")).to_have_text("The tournament is cancelled: 2 entries refunded in full.")
    expect(director.locator("[data-tournament-status]")).to_have_text("cancelled")
    expect(lobby.locator("[data-winner]")).to_have_text(
        "The tournament is cancelled: every entry still standing is refunded in full at the desk."
    )
    assert set(Entry.objects.filter(tournament=tournament).values_list("status", flat=True)) == {"refunded"}


def test_a_heartbeat_that_overtakes_its_events_frame_costs_no_resync_and_a_lost_event_is_caught_at_the_next(
    stack, new_page, make_tournament
):
    """Beat reads the seq once an event commits, and its heartbeat can reach a screen before the
    event's own frame (the web process sends that after the commit). A loaded CI run lost the
    director's "The clock stops" line that way: the early heartbeat made the page resync, and the
    frame, then covered by the snapshot, was dropped. Frames fed to static/live.js's LiveFeed."""
    tournament = make_tournament()
    lobby = new_page()
    lobby.goto(f"{stack.url}/tournaments/{tournament.id}/")
    expect(lobby.locator("[data-live-status]")).to_have_text("live")
    seen = lobby.evaluate(
        """async () => {
          const { LiveFeed } = await import("/static/live.js");  // the page's own module
          const seen = [];
          const feed = new LiveFeed("/nowhere/", {
            onSnapshot: (snapshot) => seen.push(`snapshot ${snapshot.seq}`),
            onEvent: (event) => seen.push(`event ${event.seq}`),
          });
          feed.status = () => {};  // the lobby's own status stays the lobby's feed's
          feed.resync = () => { seen.push("resync"); feed.awaitingSnapshot = true; };
          for (const frame of [
            { type: "snapshot", seq: 5 },
            { type: "heartbeat", seq: 6 },  // ahead of event 6's frame
            { type: "event", seq: 6, kind: "clock.paused" },
            { type: "heartbeat", seq: 6 },
            { type: "heartbeat", seq: 7 },  // event 7's frame was lost…
            { type: "heartbeat", seq: 7 },  // …and is still missing at the next heartbeat
            { type: "snapshot", seq: 7 },
            { type: "event", seq: 7, kind: "clock.resumed" },  // late: the snapshot had it
            { type: "heartbeat", seq: 7 },
          ]) feed.receive(frame);
          return seen;
        }"""
    )
    assert seen == ["snapshot 5", "event 6", "resync", "snapshot 7"]


def test_the_directors_log_shows_the_events_a_resync_skipped(stack, new_page, make_tournament, staff, monkeypatch):
    """A snapshot brings a screen's state back, not the events between; the director's log is
    the story of what happened, so it fetches the lines it missed (GET …/log/?after=)."""
    from core import broadcast

    tournament = make_tournament(level_seconds=(600, 600))
    director = new_page(1440, 900)
    answer_questions(director)
    sign_in(director, stack.url, staff["director"], f"/tournaments/{tournament.id}/director/")
    expect(director.locator("[data-live-status]")).to_have_text("live")
    log = director.locator("[data-event-feed] li")
    with monkeypatch.context() as away:
        away.setattr(broadcast, "send", lambda event, read_at=None: None)  # Redis is away: committed, not sent
        act(services.start_clock, tournament.id, staff["director"])
        act(services.pause_clock, tournament.id, staff["director"], "a dispute at table 2")
    expect(log.first).to_contain_text("The clock stops", timeout=15_000)  # the heartbeat's resync
    expect(log.nth(1)).to_contain_text("The clock runs; the tournament is running by director-user")
    act(services.resume_clock, tournament.id, staff["director"])  # sent live again
    expect(log.first).to_contain_text("The clock runs again")
    kinds = log.evaluate_all("(lines) => lines.map((line) => line.dataset.kind)")
    assert kinds[:3] == ["clock.resumed", "clock.paused", "clock.started"]  # each once, in order


def test_a_screen_whose_last_event_was_lost_catches_up_from_the_heartbeat(
    stack, new_page, make_tournament, monkeypatch
):
    """Issue 12, item 4: the director paused while Redis was away; screens kept showing the
    clock running until some later event. Beat's heartbeat carries the seq: they resync."""
    from clock.services import level_clock
    from core import broadcast

    tournament = make_tournament()
    lobby = new_page()
    lobby.goto(f"{stack.url}/tournaments/{tournament.id}/")
    expect(lobby.locator("[data-live-status]")).to_have_text("live")
    monkeypatch.setattr(
        broadcast, "send", lambda event, read_at=None: None
    )  # Redis is away: the event is committed, not sent
    act(level_clock.start_clock, tournament.id, None)
    expect(lobby.locator('[data-clock="status"]')).to_have_text("running", timeout=15_000)
