// The public lobby: the seating chart (first names and last initials only), redrawn after
// seating changes, and "find my seat" by name.
import { gettext, interpolate } from "./i18n.js";
import { element, getJSON } from "./api.js";
import { flightOverLine, lastHandsLine, touches } from "./live.js";
import { handForHandLine, playersAtTables, reloadOnSeatingChanges, waitingLine } from "./tables.js";

// HFH-MODE: the bubble burst (the `hfh.ended` event, or the snapshot's `bubble_burst`).
function inTheMoney(ended) {
  return ended ? interpolate(gettext("In the money! %(left)s players left, %(paid)s paid."), { left: ended.players_left, paid: ended.places_paid }, true) : "";
}

const lobbyPage = {
  base: null,

  start() {
    const root = document.querySelector(".lobby[data-api-base]");
    if (!root) return;
    this.base = root.dataset.apiBase;
    reloadOnSeatingChanges(() => this.chart(), 1000);
    document.addEventListener("pokerfest:snapshot", (event) => {
      this.endOfDay(event.detail.end_of_day);
      this.handForHand(event.detail.hand_for_hand, inTheMoney(event.detail.bubble_burst));
      this.finished(event.detail.winners, event.detail.tournament.status);
      if (event.detail.flight_over) this.flightOver(event.detail.flight_over);
    });
    document.addEventListener("pokerfest:event", (event) => {
      const { kind, data } = event.detail;
      if (touches(kind, "hand_for_hand")) this.handForHand(data);
      if (kind === "hand.done" && data.hand_for_hand) this.handForHand(data.hand_for_hand);
      if (kind === "hfh.ended") this.handForHand(null, inTheMoney(data));
      if (kind === "tournament.finished") this.finished(data.winners);
      if (kind === "tournament.cancelled") this.finished([], "cancelled");
      if (kind === "flight.closed") this.flightOver(data);
    });
    document.addEventListener("pokerfest:event", (event) => {
      const { kind, data } = event.detail;
      if (kind === "day.last_hands" || kind === "table.last_hand_played") this.endOfDay({ day: data.day ?? this.day, day_over: false, playing: data.playing, hands: data.hands ?? this.hands });
      if (kind === "day.ended") this.endOfDay({ day: data.day, day_over: true, playing: [] });
      if (kind === "clock.resumed" && data.day) this.endOfDay(null);
    });
    document.querySelector("[data-find-seat]").addEventListener("submit", (submit) => {
      submit.preventDefault();
      this.find(submit.target.elements.name.value);
    });
    this.chart();
  },

  // HFH-MODE: the hand and which tables are done, waiting or frozen; then "in the money".
  handForHand(state, announcement) {
    const line = document.querySelector("[data-hand-for-hand]");
    line.hidden = (!state && !announcement) || this.over; // after the finish the result only
    line.textContent = state ? handForHandLine(state) : announcement || "";
  },

  // END-FINISH: the winner, once the tournament is over; END-CANCEL: that it is not.
  finished(winners, status) {
    const line = document.querySelector("[data-winner]");
    this.over = Boolean(winners && winners.length) || status === "cancelled";
    this.cancelled = status === "cancelled";
    line.hidden = !this.over;
    if (this.over) document.querySelectorAll("[data-hand-for-hand], [data-end-of-day]").forEach((other) => (other.hidden = true)); // the result only
    if (status === "cancelled") line.textContent = gettext("The tournament is cancelled: every entry still standing is refunded in full at the desk.");
    else if (this.over) line.textContent = interpolate(gettext("The tournament is over. Winner: %(winners)s."), { winners: winners.map((w) => `${w.name} (#${w.entry})`).join(", ") }, true);
  },

  // A closed flight: "Day 1A is over: N bags", never that the tournament is over.
  flightOver(over) {
    this.flightClosed = flightOverLine(over);
    const line = document.querySelector("[data-winner]");
    line.hidden = false;
    line.textContent = this.flightClosed;
    document.querySelector("[data-end-of-day]").hidden = true;
    this.chart();
  },

  // CLK-EOD: which tables still play their last hands of the day.
  endOfDay(state) {
    const line = document.querySelector("[data-end-of-day]");
    line.hidden = !state || this.over;
    if (!state) return;
    this.day = state.day;
    this.hands = state.hands;
    line.textContent = lastHandsLine(state);
  },

  async chart() {
    const { ok, answer } = await getJSON(`${this.base}seating/`);
    if (!ok) return;
    const seated = answer.tables.reduce((sum, table) => sum + Object.keys(table.players).length, 0);
    document.querySelector("[data-chart-summary]").textContent = answer.tables.length
      ? playersAtTables(seated, answer.tables.length) + waitingLine(answer.waiting_list, false)
      : this.flightClosed ? this.flightClosed
      : this.cancelled ? gettext("The tournament is cancelled.")
      : this.over ? gettext("The tournament is over: see the results.") : gettext("The seating chart appears once the field is drawn.");
    document.querySelector("[data-chart]").replaceChildren(...answer.tables.map((table) => {
      const seats = [];
      for (let seat = 1; seat <= table.seats; seat++) {
        const player = table.players[String(seat)];
        seats.push(element("li", { className: player ? "taken" : "", textContent: player ? `${player.name} (#${player.entry})` : "—" }));
      }
      const card = element("article", {}, element("h3", { textContent: interpolate(table.is_final ? gettext("Table %(table)s · final table") : gettext("Table %(table)s"), { table: table.number }, true) }),
        element("ol", {}, ...seats));
      card.dataset.table = table.number;
      return card;
    }));
  },

  async find(name) {
    const found = document.querySelector("[data-found]");
    const { ok, answer } = await getJSON(`${this.base}seating/find/?name=${encodeURIComponent(name)}`);
    if (!ok) return found.replaceChildren(element("li", { className: "notice", textContent: answer.detail }));
    if (!answer.length) return found.replaceChildren(element("li", { textContent: gettext("Nobody seated by that name: check the spelling, or ask the desk.") }));
    found.replaceChildren(...answer.map((p) => element("li", { textContent: p.bag === undefined
      ? interpolate(gettext("%(name)s (#%(entry)s): table %(table)s, seat %(seat)s"), { name: p.name, entry: p.entry, table: p.table, seat: p.seat }, true)
      : interpolate(gettext("%(name)s (#%(entry)s): table %(table)s, seat %(seat)s, bag %(bag)s"), { name: p.name, entry: p.entry, table: p.table, seat: p.seat, bag: p.bag.toLocaleString(document.documentElement.lang || "en") }, true) })));
  },
};

document.addEventListener("DOMContentLoaded", () => lobbyPage.start());
