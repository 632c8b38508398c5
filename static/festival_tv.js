// The festival's TV (templates/pokerfest/festival_tv.html): every running tournament's clock at
// once. Each card has its own live feed (static/live.js: one socket per tournament, the lobby's
// public one) and its own ClockDisplay; the page shows at most eight. A TV left on all day asks
// every minute which tournaments to show: one that opens after it loaded gets its card, one
// that is over loses its card, without a reload.
import { getJSON } from "./api.js";
import { ClockDisplay, flightOverLine, LiveFeed, liveStatusWords } from "./live.js";

const MOST_CARDS = 8;

export const festivalScreen = {
  REFRESH_MS: 60000,
  root: null,
  feeds: new Map(), // tournament id -> its LiveFeed

  start() {
    this.root = document.querySelector("[data-festival-tv]");
    if (!this.root) return;
    this.root.querySelectorAll("[data-live-feed]").forEach((card) => this.listen(card));
    setInterval(() => this.refresh(), this.REFRESH_MS);
  },

  listen(card) {
    const status = card.querySelector("[data-feed-status]");
    let display;
    // A closed flight says its end ("Day 1A is over: 5 bags"), not a stopped clock.
    const flightOver = (over) => {
      display.flightOver = over ? flightOverLine(over) : null;
      card.toggleAttribute("data-flight-over", Boolean(over));
      display.render();
    };
    const feed = new LiveFeed(card.dataset.liveFeed, {
      onSnapshot(snapshot) {
        display.tournamentStatus = snapshot.tournament.status;
        flightOver(snapshot.flight_over);
        display.updateField(snapshot);
        display.update(snapshot.clock);
      },
      onEvent(event) {
        const data = event.data || {};
        if (data.tournament_status) display.tournamentStatus = data.tournament_status;
        if (event.kind === "flight.closed") flightOver(data);
        display.updateField(data);
        if (data.clock) display.update(data.clock);
      },
      onStatus(state, detail) {
        status.dataset.feedStatus = state;
        status.textContent = liveStatusWords(state, detail);
      },
    });
    display = new ClockDisplay(card, feed);
    this.feeds.set(card.dataset.tournament, feed);
    feed.start();
  },

  // The tournaments open or running now: new cards for new ones, in the server's order.
  async refresh() {
    const { ok, answer } = await getJSON(this.root.dataset.apiPath);
    if (!ok) return;
    const grid = this.root.querySelector(".festival-grid");
    const shown = answer.tournaments.slice(0, MOST_CARDS);
    const wanted = new Set(shown.map((t) => String(t.id)));
    grid.querySelectorAll("[data-tournament]").forEach((card) => {
      if (wanted.has(card.dataset.tournament)) return;
      const feed = this.feeds.get(card.dataset.tournament);
      if (feed) {
        feed.stopped = true;
        feed.socket.close();
        this.feeds.delete(card.dataset.tournament);
      }
      card.remove();
    });
    shown.forEach((tournament, i) => {
      let card = grid.querySelector(`[data-tournament="${tournament.id}"]`);
      if (!card) {
        card = this.root.querySelector("[data-festival-card]").content.firstElementChild.cloneNode(true);
        card.dataset.tournament = tournament.id;
        card.dataset.liveFeed = tournament.live_path;
        card.querySelector("[data-card-name]").textContent = tournament.name;
        card.querySelector("h2").title = tournament.name; // a long name is cut with "…"
        this.listen(card);
      }
      if (grid.children[i] !== card) grid.insertBefore(card, grid.children[i] || null);
    });
    const none = grid.querySelector("[data-festival-none]");
    if (none) none.hidden = shown.length > 0;
    this.root.dataset.count = shown.length;
  },
};

document.addEventListener("DOMContentLoaded", () => festivalScreen.start());
