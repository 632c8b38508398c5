// Flights into Day 2 on the set-up and director's pages: add a flight to a main event, close a
// flight (its bags qualify), open Day 2's tables by ranges and draw Day 2. Each control is one
// API call; a refusal is shown in a sentence, a success reloads the page, which shows the state.
import { gettext, interpolate, ngettext } from "./i18n.js";
import { element, getJSON, newRequestKey, postJSON, serverAnswered } from "./api.js";
import { fmt, reloadOnLive, touches } from "./live.js";
import { askConfirm } from "./dialog.js";

const DONE_KEY = "pokerfest-flights-done";

const flightsPage = {
  root: null,

  start() {
    this.root = document.querySelector("[data-flights]");
    if (!this.root) return;
    this.base = this.root.dataset.apiBase;
    this.on("[data-add-flight]", "submit", (form) => {
      const cap = form.elements.max_entries.value.trim();
      const starts = form.elements.starts_at.value;
      const name = form.elements.name.value;
      return this.post("flights/", {
        name,
        starts_at: starts || null, // festival time as typed: the server reads it in the festival's zone
        max_entries: cap === "" ? null : Number(cap),
      }, interpolate(gettext("Flight %(name)s added."), { name: name.trim() }, true));
    });
    this.on("[data-close-flight]", "click", async () => {
      // CHIP-COUNT: the director closes knowing the bags and the chips in play do not agree.
      const { ok, answer } = await getJSON(`${this.base}chip-counts/`);
      const differs = ok && answer.complete && !answer.agrees;
      const question = differs
        ? interpolate(gettext("The bags total %(counted)s chips but %(in_play)s are in play: the counts differ by %(gap)s. Close this flight anyway? Its tables close and its bags qualify for Day 2."),
          { counted: fmt(answer.counted), in_play: fmt(answer.in_play), gap: fmt(Math.abs(answer.gap)) }, true)
        : gettext("Close this flight? Its tables close and its bags qualify for Day 2.");
      if (!(await askConfirm(question))) return;
      return this.post("close-flight/", {}, gettext("Flight closed: its bags qualify for Day 2."));
    });
    this.on("[data-day-two-tables]", "submit", (form) => this.post("day-two/tables/", { tables: form.elements.tables.value },
      interpolate(gettext("Day 2 tables opened: %(tables)s."), { tables: form.elements.tables.value.trim() }, true)));
    this.on("[data-day-two-level]", "submit", (form) => this.post("day-two/level/", { level_index: Number(form.elements.level_index.value) },
      interpolate(gettext("Day 2 starts at %(level)s."), { level: form.elements.level_index.selectedOptions[0].textContent.split(" (")[0] }, true)));
    this.on("[data-day-two-draw]", "click", async () => {
      if (!(await askConfirm(gettext("Draw Day 2 now? Every qualified bag gets a seat at random over the open tables.")))) return;
      return this.post("day-two/draw/", {}, gettext("Day 2 is drawn."));
    });
    // CHIP-COUNT: beside "Close flight", the seats still to bag and the bags waiting for a second
    // person, kept up to date as the floor bags and confirms.
    if (this.root.querySelector("[data-bags-waiting]")) {
      this.bagsWaiting();
      reloadOnLive((kind) => touches(kind, "chip_counts") || touches(kind, "tables"), () => this.bagsWaiting());
    }
    // What the last control did, said again after the reload that shows its result.
    const said = sessionStorage.getItem(DONE_KEY);
    if (said) {
      sessionStorage.removeItem(DONE_KEY);
      this.root.querySelector("[data-flights-result]").textContent = said;
    }
  },

  async bagsWaiting() {
    const asked = (this.bagsAsked = (this.bagsAsked || 0) + 1);
    const { ok, answer } = await getJSON(`${this.base}bags/`);
    const box = this.root.querySelector("[data-bags-waiting]");
    if (asked !== this.bagsAsked) return;
    if (!ok) {
      // A read that failed (a busy server, a dropped connection) is asked again, or the list
      // would show bags already confirmed until the next bag event.
      setTimeout(() => { if (asked === this.bagsAsked) this.bagsWaiting(); }, 2000);
      return;
    }
    const seat = (row) => interpolate(gettext("table %(table)s seat %(seat)s, %(name)s (#%(entry)s)"), row, true);
    const parts = [];
    if (answer.to_bag.length) {
      parts.push(element("p", {}, interpolate(ngettext("Still to bag: %(n)s seat.", "Still to bag: %(n)s seats.", answer.to_bag.length), { n: answer.to_bag.length }, true)),
        element("ul", { className: "to-bag" }, ...answer.to_bag.map((row) => element("li", {}, seat(row)))));
    }
    if (answer.waiting.length) {
      parts.push(element("p", {}, interpolate(ngettext("%(n)s bag waits for a second person to confirm it:", "%(n)s bags wait for a second person to confirm them:", answer.waiting.length), { n: answer.waiting.length }, true)),
        element("ul", { className: "bags-to-confirm" }, ...answer.waiting.map((bag) => {
          const item = element("li", {}, seat(bag) + " · " + interpolate(gettext("%(chips)s chips, bagged by %(person)s"), { chips: fmt(bag.chips), person: bag.bagged_by || "?" }, true)
            + (bag.first_count !== null && bag.first_count !== bag.chips ? " " + interpolate(gettext("(counted again; first count %(first)s)"), { first: fmt(bag.first_count) }, true) : ""));
          item.dataset.bagWaiting = `${bag.table}-${bag.seat}`;
          return item;
        })));
    } else if (answer.confirmed && !answer.to_bag.length) {
      parts.push(element("p", {}, interpolate(ngettext("%(n)s bag, confirmed by a second person.", "All %(n)s bags confirmed by a second person.", answer.confirmed), { n: answer.confirmed }, true)));
    }
    box.replaceChildren(...parts);
  },

  on(selector, type, act) {
    const target = this.root.querySelector(selector);
    if (!target) return;
    target.addEventListener(type, async (event) => {
      event.preventDefault();
      target.disabled = true;
      try {
        await act(target);
      } finally {
        target.disabled = false;
      }
    });
  },

  async post(path, body, done) {
    const { ok, answer } = await postJSON(this.base + path, body, newRequestKey());
    const result = this.root.querySelector("[data-flights-result]");
    if (!ok) {
      result.textContent = answer.detail || serverAnswered(0);
      return;
    }
    result.textContent = done;
    sessionStorage.setItem(DONE_KEY, done);
    window.location.reload();
  },
};

document.addEventListener("DOMContentLoaded", () => flightsPage.start());
