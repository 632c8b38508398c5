// The public lobby: the seating chart (first names and last initials only), redrawn after
// seating changes, and "find my seat" by name.
"use strict";

const lobbyPage = {
  base: null,

  start() {
    const root = document.querySelector(".lobby[data-api-base]");
    if (!root) return;
    this.base = root.dataset.apiBase;
    reloadOnSeatingChanges(() => this.chart(), 1000);
    document.querySelector("[data-find-seat]").addEventListener("submit", (submit) => {
      submit.preventDefault();
      this.find(submit.target.elements.name.value);
    });
    this.chart();
  },

  async chart() {
    const { ok, answer } = await getJSON(`${this.base}seating/`);
    if (!ok) return;
    const seated = answer.tables.reduce((sum, table) => sum + Object.keys(table.players).length, 0);
    document.querySelector("[data-chart-summary]").textContent = answer.tables.length
      ? `${seated} players at ${answer.tables.length} tables.` : "The seating chart appears once the field is drawn.";
    document.querySelector("[data-chart]").replaceChildren(...answer.tables.map((table) => {
      const seats = [];
      for (let seat = 1; seat <= table.seats; seat++) {
        const player = table.players[String(seat)];
        seats.push(element("li", { className: player ? "taken" : "", textContent: player ? `${player.name} (#${player.entry})` : "—" }));
      }
      const card = element("article", {}, element("h3", { textContent: `Table ${table.number}${table.is_final ? " · final table" : ""}` }),
        element("ol", {}, ...seats));
      card.dataset.table = table.number;
      return card;
    }));
  },

  async find(name) {
    const found = document.querySelector("[data-found]");
    const { ok, answer } = await getJSON(`${this.base}seating/find/?name=${encodeURIComponent(name)}`);
    if (!ok) return found.replaceChildren(element("li", { className: "notice", textContent: answer.detail }));
    if (!answer.length) return found.replaceChildren(element("li", { textContent: "Nobody seated by that name: check the spelling, or ask the desk." }));
    found.replaceChildren(...answer.map((p) => element("li", { textContent: `${p.name} (#${p.entry}): table ${p.table}, seat ${p.seat}` })));
  },
};

document.addEventListener("DOMContentLoaded", () => lobbyPage.start());
