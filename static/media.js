// The media's chip-count page (CHIP-COUNT): the seated players by table, as the public seating
// chart names them (first name, last initial) with their entry numbers, and a count per seat
// (chipCountForm, static/floor_book.js). The check against the chips in play and "Publish the
// chip leaders" are static/chips.js's, as on the director's page.
import { gettext, interpolate } from "./i18n.js";
import { element, getJSON, postJSON } from "./api.js";
import { reloadOnSeatingChanges } from "./tables.js";
import { chipCountForm } from "./floor_book.js";

const mediaPage = {
  root: null,

  start() {
    this.root = document.querySelector(".media-counts");
    if (!this.root) return;
    reloadOnSeatingChanges(() => this.refresh());
    this.refresh();
  },

  base() {
    return this.root.dataset.apiBase;
  },

  async refresh() {
    const { ok, answer } = await getJSON(`${this.base()}seating/`);
    if (!ok) return this.say(answer.detail, false);
    const holder = this.root.querySelector("[data-count-tables]");
    const typed = new Map([...holder.querySelectorAll("[data-key]")].filter((i) => i.value).map((i) => [i.dataset.key, i.value]));
    holder.replaceChildren(...answer.tables.map((table) => {
      const card = element("article", { className: "table-card" }, element("h2", {}, interpolate(gettext("Table %(table)s"), { table: table.number }, true)));
      card.dataset.table = table.number;
      const players = Object.fromEntries(Object.entries(table.players).map(([seat, p]) => [seat, { ...p, name: `${p.name} #${p.entry}` }]));
      if (Object.keys(players).length) {
        card.append(chipCountForm({ number: table.number, players }, (path, body, done, form) => this.act(path, body, done, form)));
      }
      return card;
    }));
    holder.querySelectorAll("[data-key]").forEach((input) => { if (typed.has(input.dataset.key)) input.value = typed.get(input.dataset.key); });
    if (!answer.tables.length) holder.textContent = gettext("No tables are open yet: the director opens them and draws the field.");
  },

  async act(path, body, done, form) {
    const { ok, answer } = await postJSON(`${this.base()}${path}`, body);
    this.say(ok ? done(answer) : answer.detail, ok);
    if (ok && form && form.isConnected) form.reset();
  },

  say(text, ok) {
    const result = this.root.querySelector("[data-result]");
    result.className = `result ${ok ? "ok" : "refused"}`;
    result.textContent = text;
  },
};

document.addEventListener("DOMContentLoaded", () => mediaPage.start());
