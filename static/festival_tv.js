// The festival's TV (templates/pokerfest/festival_tv.html): every running tournament's clock at
// once. Each card has its own live feed (static/live.js: one socket per tournament, the lobby's
// public one) and its own ClockDisplay; the page shows at most eight.
import { ClockDisplay, LiveFeed, liveStatusWords } from "./live.js";

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("[data-live-feed]").forEach((card) => {
    const status = card.querySelector("[data-feed-status]");
    let display;
    const feed = new LiveFeed(card.dataset.liveFeed, {
      onSnapshot(snapshot) {
        display.tournamentStatus = snapshot.tournament.status;
        display.updateField(snapshot);
        display.update(snapshot.clock);
      },
      onEvent(event) {
        const data = event.data || {};
        if (data.tournament_status) display.tournamentStatus = data.tournament_status;
        display.updateField(data);
        if (data.clock) display.update(data.clock);
      },
      onStatus(state, detail) {
        status.dataset.feedStatus = state;
        status.textContent = liveStatusWords(state, detail);
      },
    });
    display = new ClockDisplay(card, feed);
    feed.start();
  });
});
