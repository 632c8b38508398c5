// The public results, live: the places, prizes and payouts redrawn after a bust, its undoing,
// a disqualification, a deal, the end or a change of public name (the `results` view of the
// catalogue), and after any event that moves the money (a sale grows the pool). Names as each
// player consented at the desk (REG-CONSENT).
"use strict";

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
    const overlay = results.pool.overlay ? ` (guarantee: ${this.money(results.pool.overlay)} added)` : "";
    summary.replaceChildren("Prize pool ", element("strong", { textContent: this.money(results.pool.pool) }),
      `${overlay} · ${fmt(results.field)} entries · ${plural(results.payouts.length, "place")} paid`);
    summary.querySelector("strong").dataset.pool = "";
    const rows = results.out.map((row) => {
      const [from, to] = row.place;
      const prize = (row.prize ? this.money(row.prize) : "–") + (row.freeroll ? " + freeroll into the next level" : "");
      const line = element("tr", {}, element("td", { textContent: from === to ? `${from}` : `${from}–${to} (tied)` }),
        element("td", { textContent: row.name }), element("td", { textContent: `#${row.entry}` }),
        element("td", { textContent: prize }), element("td", { textContent: row.points ? fmt(row.points) : "–" }));
      line.dataset.entry = row.entry;
      return line;
    });
    if (!rows.length) rows.push(element("tr", {}, element("td", { colSpan: 5, textContent: "Nobody is out yet." })));
    this.root.querySelector("[data-results] tbody").replaceChildren(...rows);
    const deal = results.deal;
    this.root.querySelector("[data-deal-section]").hidden = !deal;
    this.root.querySelector("[data-payouts-section]").hidden = Boolean(deal);
    if (deal) {
      this.root.querySelector("[data-deal-title]").textContent = `Deal (${deal.method})`;
      this.root.querySelector("[data-deal]").replaceChildren(...deal.players.map((player) =>
        element("li", { textContent: `${player.name} (#${player.entry}): ${this.money(player.amount)}` })));
      const left = this.root.querySelector("[data-left-to-play]");
      left.hidden = !deal.left_to_play;
      left.textContent = deal.left_to_play ? `${this.money(deal.left_to_play)} left to play for the winner.` : "";
    }
    this.root.querySelector("[data-unpublished]").hidden = results.published;
    this.root.querySelector("[data-payouts]").replaceChildren(...results.payouts.map((prize) =>
      element("li", { textContent: this.money(prize) })));
  },
};

document.addEventListener("DOMContentLoaded", () => resultsPage.start());
