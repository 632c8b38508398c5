// The structures pages (CLK-LEVELS): a new structure (a speed's template, a copy, a CSV, or one
// level to type the rest), and the editor of one structure's levels and breaks, its CSV import
// and its copy. Levels are numbered 1, 2, 3… as the clock numbers them; breaks take no number.
// Each save is one API call answered in a sentence; a tournament's played levels stay locked.
import { gettext, interpolate, ngettext } from "./i18n.js";
import { element, newRequestKey, postJSON } from "./api.js";

function showResult(root, text, ok) {
  const result = root.querySelector("[data-result]");
  result.className = `result ${ok ? "ok" : "refused"}`;
  result.textContent = text;
}

// "20,000" or "20000" -> 20000; a field typed wrong throws a sentence naming it.
function whole(input, label) {
  const text = input.value.replace(/[,\s.]/g, "");
  if (text === "") return 0;
  if (!/^\d+$/.test(text)) throw new Error(interpolate(gettext("%(field)s: type a whole number, not \"%(typed)s\"."), { field: label, typed: input.value }, true));
  return Number(text);
}

function optionalLevel(input) {
  const text = input.value.trim();
  if (text === "") return null;
  if (!/^\d+$/.test(text)) throw new Error(interpolate(gettext("%(field)s: type a level number, not \"%(typed)s\"."), { field: input.getAttribute("aria-label"), typed: input.value }, true));
  return Number(text);
}

async function fileText(input) {
  const file = input.files && input.files[0];
  if (!file) throw new Error(gettext("Choose a CSV file first."));
  return file.text();
}

const FIELDS = ["small_blind", "big_blind", "ante", "big_blind_ante", "minutes", "name", "colour_up"];

const editor = {
  root: null,
  structure: null,

  start(root) {
    this.root = root;
    this.structure = JSON.parse(document.getElementById("pokerfest-structure").textContent);
    this.draw(this.structure);
    const form = root.querySelector("[data-structure-form]");
    root.querySelectorAll("[data-add]").forEach((button) => button.addEventListener("click", () => {
      const isBreak = button.dataset.add === "break";
      const last = [...this.body().children].reverse().find((row) => row.dataset.break === "0");
      const big = last ? Number(last.querySelector("[name=big_blind]").value.replace(/\D/g, "")) || 0 : 0;
      this.body().append(this.row(isBreak ? { is_break: true, minutes: 15, name: "", colour_up: "" }
        : { small_blind: big, big_blind: big * 2, ante: 0, big_blind_ante: false, minutes: last ? Number(last.querySelector("[name=minutes]").value) : 20, name: "", colour_up: "" }, false));
      this.renumber();
    }));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      let body;
      try { body = { ...this.closing(form), name: form.elements.structure_name.value, levels: this.levels() }; } catch (problem) { return showResult(root, problem.message, false); }
      this.save(body, (answer) => this.savedSentence(answer));
    });
    root.querySelector("[data-import]").addEventListener("submit", async (event) => {
      event.preventDefault();
      let body;
      try { body = { ...this.closing(form), name: form.elements.structure_name.value, csv: await fileText(event.target.elements.csv) }; } catch (problem) { return showResult(root, problem.message, false); }
      this.save(body, (answer) => interpolate(gettext("CSV imported: %(sentence)s"), { sentence: this.savedSentence(answer) }, true));
    });
    root.querySelector("[data-copy]").addEventListener("submit", async (event) => {
      event.preventDefault();
      const copy = event.target;
      const festival = copy.elements.festival_id.value;
      const { ok, answer } = await postJSON(`/api/structures/${this.structure.id}/copy/`,
        { name: copy.elements.name.value, festival_id: festival ? Number(festival) : null }, newRequestKey());
      if (!ok) return showResult(root, answer.detail, false);
      location.assign(`/structures/${answer.id}/`);
    });
  },

  body() { return this.root.querySelector("[data-levels]"); },

  closing(form) {
    return { late_entry_until_level: optionalLevel(form.elements.late_entry_until_level), rebuys_until_level: optionalLevel(form.elements.rebuys_until_level) };
  },

  async save(body, sentence) {
    const { ok, answer } = await postJSON(`/api/structures/${this.structure.id}/`, body, newRequestKey());
    if (!ok) return showResult(this.root, answer.detail, false);
    this.structure = answer;
    this.draw(answer);
    showResult(this.root, sentence(answer), true);
  },

  savedSentence(answer) {
    const levels = answer.levels.filter((level) => !level.is_break).length;
    const breaks = answer.levels.length - levels;
    return interpolate(gettext("Structure saved: %(levels)s, %(breaks)s."), {
      levels: interpolate(ngettext("%(count)s level", "%(count)s levels", levels), { count: levels }, true),
      breaks: interpolate(ngettext("%(count)s break", "%(count)s breaks", breaks), { count: breaks }, true),
    }, true);
  },

  draw(structure) {
    this.body().replaceChildren(...structure.levels.map((level) => this.row(level, level.position < structure.played)));
    this.renumber();
  },

  row(level, played) {
    const row = element("tr", { className: played ? "played" : "" });
    row.dataset.break = level.is_break ? "1" : "0";
    row.dataset.played = played ? "1" : "0";
    const cell = (...children) => element("td", {}, ...children);
    const input = (name, value, properties = {}) => {
      const made = element("input", { name, value: value === undefined || value === null ? "" : String(value), disabled: played, ...properties });
      return made;
    };
    const number = element("th", { scope: "row" });
    number.dataset.number = "";
    const blinds = level.is_break ? [cell(), cell(), cell(), cell()] : [
      cell(input("small_blind", level.small_blind, { inputMode: "numeric", size: 7 })),
      cell(input("big_blind", level.big_blind, { inputMode: "numeric", size: 7 })),
      cell(input("ante", level.ante, { inputMode: "numeric", size: 7 })),
      cell(input("big_blind_ante", "", { type: "checkbox", checked: Boolean(level.big_blind_ante) })),
    ];
    const actions = played ? cell(gettext("played")) : cell(
      element("button", { type: "button", textContent: "↑", title: gettext("Move up"), onclick: () => { if (row.previousElementSibling && row.previousElementSibling.dataset.played !== "1") { row.previousElementSibling.before(row); this.renumber(); } } }),
      element("button", { type: "button", textContent: "↓", title: gettext("Move down"), onclick: () => { if (row.nextElementSibling) { row.nextElementSibling.after(row); this.renumber(); } } }),
      element("button", { type: "button", textContent: gettext("Remove"), onclick: () => { row.remove(); this.renumber(); } }));
    row.append(number, ...blinds, cell(input("minutes", level.minutes, { inputMode: "decimal", size: 4 })),
      cell(level.is_break ? input("name", level.name, { maxLength: 100, size: 10 }) : ""),
      cell(input("colour_up", level.colour_up, { maxLength: 100, size: 14 })), actions);
    return row;
  },

  // Play levels 1, 2, 3…; a break is "Break" (as the clock and the lobby say), and each field
  // is labelled with its level for screen readers and the tests.
  renumber() {
    let number = 0;
    for (const row of this.body().children) {
      const isBreak = row.dataset.break === "1";
      if (!isBreak) number += 1;
      const name = isBreak ? (number ? interpolate(gettext("Break after level %(number)s"), { number }, true) : gettext("Break before level 1"))
        : interpolate(gettext("Level %(number)s"), { number }, true);
      row.querySelector("[data-number]").textContent = isBreak ? gettext("Break") : String(number);
      row.setAttribute("aria-label", name);
      const labels = { small_blind: gettext("small blind"), big_blind: gettext("big blind"), ante: gettext("ante"), big_blind_ante: gettext("big-blind ante"),
        minutes: gettext("minutes"), name: gettext("name"), colour_up: gettext("colour-up") };
      for (const field of FIELDS) {
        const input = row.querySelector(`[name=${field}]`);
        if (input) input.setAttribute("aria-label", `${name}: ${labels[field]}`);
      }
    }
  },

  levels() {
    return [...this.body().children].map((row) => {
      const value = (name) => row.querySelector(`[name=${name}]`);
      const label = row.getAttribute("aria-label");
      const minutes = Number(value("minutes").value.replace(",", "."));
      if (!(minutes > 0)) throw new Error(interpolate(gettext("%(level)s: type its minutes, more than 0."), { level: label }, true));
      if (row.dataset.break === "1") {
        return { is_break: true, minutes, name: value("name").value, colour_up: value("colour_up").value };
      }
      return { is_break: false, minutes, small_blind: whole(value("small_blind"), value("small_blind").getAttribute("aria-label")),
        big_blind: whole(value("big_blind"), value("big_blind").getAttribute("aria-label")), ante: whole(value("ante"), value("ante").getAttribute("aria-label")),
        big_blind_ante: value("big_blind_ante").checked, name: "", colour_up: value("colour_up").value };
    });
  },
};

function startNewStructure(root) {
  const form = root.querySelector("[data-new-structure]");
  const source = form.elements.source;
  const file = root.querySelector("[data-csv-file]");
  const follow = () => (file.hidden = source.value !== "csv");
  source.addEventListener("change", follow);
  follow();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const festival = form.elements.festival_id.value;
    const body = { name: form.elements.name.value, festival_id: festival ? Number(festival) : null };
    const [kind, value] = source.value.split(":");
    if (kind === "speed") body.speed = value;
    if (kind === "copy") body.copy_of = Number(value);
    if (kind === "csv") {
      try { body.csv = await fileText(form.elements.csv); } catch (problem) { return showResult(root, problem.message, false); }
    }
    const { ok, answer } = await postJSON("/api/structures/", body, newRequestKey());
    if (!ok) return showResult(root, answer.detail, false);
    location.assign(`/structures/${answer.id}/`);
  });
}

document.addEventListener("DOMContentLoaded", () => {
  const editing = document.querySelector("[data-structure-editor]");
  if (editing) editor.start(editing);
  const listing = document.querySelector("[data-structures]");
  if (listing) startNewStructure(listing);
});
