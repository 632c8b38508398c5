// Flights into Day 2 on the set-up and director's pages: add a flight to a main event, close a
// flight (its bags qualify), open Day 2's tables by ranges and draw Day 2. Each control is one
// API call; a refusal is shown in a sentence, a success reloads the page, which shows the state.
import { gettext, interpolate } from "./i18n.js";
import { newRequestKey, postJSON, serverAnswered } from "./api.js";
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
      if (!(await askConfirm(gettext("Close this flight? Its tables close and its bags qualify for Day 2.")))) return;
      return this.post("close-flight/", {}, gettext("Flight closed: its bags qualify for Day 2."));
    });
    this.on("[data-day-two-tables]", "submit", (form) => this.post("day-two/tables/", { tables: form.elements.tables.value },
      interpolate(gettext("Day 2 tables opened: %(tables)s."), { tables: form.elements.tables.value.trim() }, true)));
    this.on("[data-day-two-draw]", "click", async () => {
      if (!(await askConfirm(gettext("Draw Day 2 now? Every qualified bag gets a seat at random over the open tables.")))) return;
      return this.post("day-two/draw/", {}, gettext("Day 2 is drawn."));
    });
    // What the last control did, said again after the reload that shows its result.
    const said = sessionStorage.getItem(DONE_KEY);
    if (said) {
      sessionStorage.removeItem(DONE_KEY);
      this.root.querySelector("[data-flights-result]").textContent = said;
    }
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
