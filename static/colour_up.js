// CHIP-RACE, CHIP-ODD on the director's page: start a colour-up (the chip leaving and the
// smallest staying, prefilled from the structure's note for the current or next level), then
// follow the tables' races and the chips in play, which change only by each race's difference.
import { gettext, interpolate, ngettext } from "./i18n.js";
import { element, getJSON, postJSON } from "./api.js";
import { fmt, touches } from "./live.js";

(() => {
  const box = document.querySelector("[data-colour-up]");
  if (!box) return;
  const base = document.querySelector("[data-api-base]").dataset.apiBase;
  const result = document.querySelector("[data-result]");
  const form = box.querySelector("[data-colour-up-start]");
  let note = ""; // the structure's note the suggestion came from, logged with the colour-up
  let asked = 0;

  const signed = (chips) => `${chips > 0 ? "+" : ""}${fmt(chips)}`;

  function show(answer) {
    box.querySelector("[data-colour-up-in-play]").textContent = fmt(answer.chips_in_play);
    const suggestion = answer.suggestion;
    note = suggestion.note || "";
    // Prefill what the director has not typed.
    if (suggestion.leaving && !form.elements.leaving.value) form.elements.leaving.value = suggestion.leaving;
    if (suggestion.smallest && !form.elements.smallest.value) form.elements.smallest.value = suggestion.smallest;
    box.querySelector("[data-colour-up-note]").textContent = note ? interpolate(gettext("Next in the structure: %(note)s."), { note }, true) : "";
    const current = answer.current;
    const list = box.querySelector("[data-colour-up-tables]");
    if (!current) {
      list.replaceChildren();
      return;
    }
    const raced = current.tables.filter((t) => t.raced).length;
    box.querySelector("[data-colour-up-status]").textContent =
      interpolate(gettext("Colour-up %(number)s: chips of %(leaving)s leave, raced into %(smallest)s · "), { number: current.number, leaving: fmt(current.leaving), smallest: fmt(current.smallest) }, true) +
      interpolate(ngettext("%(raced)s of %(count)s table raced · chips in play changed by %(difference)s", "%(raced)s of %(count)s tables raced · chips in play changed by %(difference)s", current.tables.length),
        { raced, count: current.tables.length, difference: signed(current.difference) }, true);
    list.replaceChildren(...current.tables.map((t) => {
      const item = element("li", {}, t.raced ? interpolate(gettext("Table %(table)s: raced · %(difference)s"), { table: t.table, difference: signed(t.race.difference) }, true)
        : interpolate(gettext("Table %(table)s: to race"), { table: t.table }, true));
      item.dataset.colourUpTable = t.table;
      item.className = t.raced ? "" : "needs";
      return item;
    }));
  }

  async function load() {
    const mine = ++asked;
    const { ok, answer } = await getJSON(`${base}colour-up/`);
    if (ok && mine === asked) show(answer);
  }

  form.addEventListener("submit", async (submit) => {
    submit.preventDefault();
    const leaving = Number(form.elements.leaving.value), smallest = Number(form.elements.smallest.value);
    const { ok, answer } = await postJSON(`${base}colour-ups/`, { leaving, smallest, note });
    result.className = `result ${ok ? "ok" : "refused"}`;
    result.textContent = ok ? interpolate(gettext("Colour-up %(number)s started: chips of %(leaving)s leave; the tables race."), { number: answer.current.number, leaving: fmt(leaving) }, true) : answer.detail;
    if (ok) {
      form.reset();
      show(answer);
    }
  });
  document.addEventListener("pokerfest:event", (event) => {
    const { kind, data } = event.detail;
    if (touches(kind, "colour_up") || touches(kind, "chip_counts") || (data && data.chips_in_play !== undefined)) load();
  });
  document.addEventListener("pokerfest:snapshot", load);
})();
