// The public results, live: the places, prizes and payouts redrawn after a bust, its undoing,
// a disqualification, a deal, the end or a change of public name (the `results` view of the
// catalogue), and after any event that moves the money (a sale grows the pool). Names as each
// player consented at the desk (REG-CONSENT).
import { gettext, interpolate, ngettext } from "./i18n.js";
import { element, formatMoney, getJSON } from "./api.js";
import { fmt, sayCount, touches } from "./live.js";

const resultsPage = {
  root: null,
  asked: 0,
  timer: null,

  start() {
    this.root = document.querySelector("[data-results-api]");
    if (!this.root) return;
    this.currency = this.root.dataset.currency;
    document.addEventListener("pokerfest:snapshot", () => this.soon());
    document.addEventListener("pokerfest:event", (event) => {
      const { kind, data } = event.detail;
      if (touches(kind, "results") || (data && data.money)) this.soon();
    });
  },

  // A burst of busts is one reload; spread over a moment so a room of phones does not ask at once.
  soon() {
    if (this.timer) return;
    this.timer = setTimeout(() => { this.timer = null; this.reload(); }, 200 + Math.random() * 600);
  },

  money(minor) {
    return formatMoney(minor, this.currency);
  },

  async reload() {
    const asked = ++this.asked;
    const { ok, answer } = await getJSON(this.root.dataset.resultsApi);
    if (!ok || asked !== this.asked) return; // offline: the last results stay on screen
    this.draw(answer);
  },

  draw(results) {
    const summary = this.root.querySelector("[data-results-summary]");
    const overlay = results.pool.overlay ? interpolate(gettext(" (guarantee: %(amount)s added)"), { amount: this.money(results.pool.overlay) }, true) : "";
    const places = results.payouts.length;
    // One event in every count: a main event's entries are every flight's; a flight shows its main event's money.
    const event = results.main_event;
    const entries = event ? interpolate(gettext(" · %(entries)s entries in all flights of %(event)s"), { entries: fmt(results.field), event: event.name }, true)
      : interpolate(gettext(" · %(entries)s entries"), { entries: fmt(results.field) }, true);
    summary.replaceChildren(gettext("Prize pool "), element("strong", { textContent: this.money(results.pool.pool) }),
      overlay + entries + sayCount(places, ngettext(" · %(count)s place paid", " · %(count)s places paid", places)));
    summary.dataset.field = results.field;
    const before = this.root.querySelector("[data-out-before-the-money]"); // FLIGHT-ITM: out of a flight before the money
    before.hidden = !results.out_before_the_money;
    before.textContent = results.out_before_the_money ? interpolate(ngettext("%(count)s player out of this flight before the money: no finishing place (FLIGHT-ITM).",
      "%(count)s players out of this flight before the money: no finishing place (FLIGHT-ITM).", results.out_before_the_money), { count: fmt(results.out_before_the_money) }, true) : "";
    summary.querySelector("strong").dataset.pool = "";
    const rows = results.out.map((row) => {
      const [from, to] = row.place;
      const seat = row.seat ? interpolate(gettext("Seat in %(target)s"), { target: row.seat.name }, true) : "";
      const cash = row.prize ? this.money(row.prize) : "";
      const prize = (seat && cash ? `${seat} + ${cash}` : seat || cash || "–") + (row.freeroll ? gettext(" + freeroll into the next level") : "");
      const line = element("tr", {}, element("td", { textContent: from === to ? `${from}` : interpolate(gettext("%(from)s–%(to)s (tied)"), { from, to }, true) }),
        element("td", { textContent: row.name }), element("td", { textContent: row.from_flight // a Day 2 entry: its flight's number too
          ? `#${row.entry} ` + interpolate(gettext("(%(flight)s #%(number)s)"), { flight: row.from_flight.flight, number: row.from_flight.entry }, true)
          : row.flight ? interpolate(gettext("#%(entry)s (%(flight)s)"), { entry: row.entry, flight: row.flight }, true) : `#${row.entry}` }),
        element("td", { textContent: prize }), element("td", { textContent: row.points ? fmt(row.points) : "–" }),
        ...(this.root.dataset.bounties ? [element("td", { textContent: String(row.knockouts || 0) }), element("td", { textContent: this.money(row.bounties_won || 0) })] : [])); // ELIM-BY
      line.dataset.entry = row.entry;
      return line;
    });
    if (!rows.length) rows.push(element("tr", {}, element("td", { colSpan: this.root.dataset.bounties ? 7 : 5, textContent: results.out_before_the_money // FLIGHT-ITM: players went out, but took no place
      ? gettext("No finishing place in this flight yet.") : gettext("Nobody is out yet.") })));
    this.root.querySelector("[data-results] tbody").replaceChildren(...rows);
    const deal = results.deal;
    this.root.querySelector("[data-deal-section]").hidden = !deal;
    this.root.querySelector("[data-payouts-section]").hidden = Boolean(deal);
    if (deal) {
      this.root.querySelector("[data-deal-title]").textContent = interpolate(gettext("Deal (%(method)s)"), { method: deal.method }, true);
      this.root.querySelector("[data-deal]").replaceChildren(...deal.players.map((player) =>
        element("li", { textContent: `${player.name} (#${player.entry}): ${this.money(player.amount)}` })));
      const left = this.root.querySelector("[data-left-to-play]");
      left.hidden = !deal.left_to_play;
      left.textContent = deal.left_to_play ? interpolate(gettext("%(amount)s left to play for the winner."), { amount: this.money(deal.left_to_play) }, true) : "";
    }
    this.root.querySelector("[data-unpublished]").hidden = results.published;
    const satellite = results.satellite; // REG-NONTRANSFER: a place worth a seat's price is a seat in the target
    const passed = this.root.querySelector("[data-seats-passed]"); // SAT-SEATS
    passed.hidden = !(satellite && satellite.seats_passed);
    passed.textContent = passed.hidden ? "" : sayCount(satellite.seats_passed, ngettext(
      "%(count)s winner was disqualified: the voucher is void and the seat passed to the next place.",
      "%(count)s winners were disqualified: their vouchers are void and the seats passed to the next places.", satellite.seats_passed));
    this.root.querySelector("[data-payouts]").replaceChildren(...results.payouts.map((prize) =>
      element("li", { textContent: satellite && prize >= satellite.price
        ? interpolate(gettext("Seat in %(target)s"), { target: satellite.target.name }, true) : this.money(prize) })));
  },
};

document.addEventListener("DOMContentLoaded", () => resultsPage.start());
