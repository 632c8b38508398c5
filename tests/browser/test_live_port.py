"""The pages' live client and the `live` process, as `make run` has them: daphne serves the
pages with LIVE_PORT set, and the lobby page opens its socket on that port of the page's host
(the live process, pokerfest/live.py), follows the clock there, and says why when a socket is
closed for good (4404) instead of retrying, or refused as a flood from its address (4429) and
waiting the time it is told."""

import re

import pytest
from playwright.sync_api import expect

from clock.services import level_clock as services
from pokerfest import stack
from tests.helpers.pages import act
from tests.helpers.processes import process_env, wait_for_answer

NO_SUCH_TOURNAMENT = """() => import(new URL("../live.js", document.querySelector('script[src*="pages/"]').src).href)
  .then((live) => new live.LiveFeed("/ws/tournaments/987654/lobby/", { onSnapshot() {}, onEvent() {} }).start())"""


@pytest.mark.django_db(transaction=True)
def test_CLK_CONTROL_the_lobby_page_follows_the_clock_through_the_live_process_on_its_port(
    processes, new_page, make_tournament
):
    live_base, _ = processes.live()
    live_port = live_base.rsplit(":", 1)[1]
    sock = stack.listening_socket("127.0.0.1", 0)
    web = processes.start(
        "web", stack.web_command(sock), env=process_env(LIVE_PORT=live_port), pass_fds=(sock.fileno(),)
    )
    url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    try:
        wait_for_answer(url, web)
        tournament = make_tournament()
        lobby = new_page()
        sockets = []
        lobby.on("websocket", lambda socket: sockets.append(socket.url))
        lobby.goto(f"{url}/tournaments/{tournament.id}/")
        expect(lobby.locator("[data-live-status]")).to_have_text("live")
        assert sockets == [f"ws://127.0.0.1:{live_port}/ws/tournaments/{tournament.id}/lobby/"]
        expect(lobby.locator('[data-clock="status"]')).to_have_text("not started")
        act(services.start_clock, tournament.id, None)
        expect(lobby.locator('[data-clock="status"]')).to_have_text("running")

        lobby.evaluate(NO_SUCH_TOURNAMENT)
        expect(lobby.locator("[data-live-status]")).to_have_text("disconnected: no such tournament")
        assert len(sockets) == 2  # closed with 4404: not tried again
    finally:
        sock.close()


@pytest.mark.django_db(transaction=True)
def test_a_lobby_page_refused_as_a_flood_says_so_and_how_long_it_waits(processes, new_page, make_tournament):
    # No socket at all from this address this minute: the page's first socket is refused (4429).
    live_base, _ = processes.live(LIVE_SOCKETS_PER_ADDRESS_PER_MINUTE="0", VENUE_ADDRESSES="")
    sock = stack.listening_socket("127.0.0.1", 0)
    web = processes.start(
        "web",
        stack.web_command(sock),
        env=process_env(LIVE_PORT=live_base.rsplit(":", 1)[1]),
        pass_fds=(sock.fileno(),),
    )
    url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    try:
        wait_for_answer(url, web)
        tournament = make_tournament()
        lobby = new_page()
        lobby.goto(f"{url}/tournaments/{tournament.id}/")
        expect(lobby.locator("[data-live-status]")).to_have_text(
            re.compile(r"disconnected: too many connections from your network: trying again in [0-9]+ s")
        )
    finally:
        sock.close()
