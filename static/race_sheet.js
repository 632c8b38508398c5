// CHIP-RACE, CHIP-ODD on the tablet: each table card shows the race sheet of the latest
// colour-up (the odd chips of the leaving chip per seated player, and whether they have other
// chips), and once the table has raced, the result per seat. The race is run by the server,
// once per table: a second tablet sending the sheet gets the recorded result.
import { gettext, interpolate } from "./i18n.js";
import { element, getJSON } from "./api.js";
import { fmt, touches } from "./live.js";

export const raceSheets = {
  current: null, // the latest colour-up (GET colour-up/), null before the first
  asked: 0,
  page: null, // the floor tablet (static/floor.js), set as it starts

  async load() {
    const root = document.querySelector(".floor");
    if (!root) return;
    const asked = ++this.asked;
    const { ok, answer } = await getJSON(`${root.dataset.apiBase}colour-up/`);
    if (!ok || asked !== this.asked) return;
    const before = JSON.stringify(this.current);
    this.current = answer.current;
    if (JSON.stringify(this.current) !== before && this.page) this.page.refresh();
  },

  // A race answered by the server (this tablet's or another's) replaces the table's sheet.
  raced(answer) {
    const row = this.current && this.current.number === answer.colour_up
      ? this.current.tables.find((t) => t.table === answer.table) : null;
    if (row) Object.assign(row, { raced: true, race: answer });
  },
};

function raceResult(race) {
  const box = element("div", { className: "race-result" });
  box.dataset.difference = race.difference;
  const lines = Object.entries(race.lines).sort((a, b) => Number(a[0]) - Number(b[0]));
  box.append(element("ul", {}, ...lines.map(([seat, line]) =>
    element("li", {}, line, element("small", {}, interpolate(gettext(" · cards %(cards)s"), { cards: (race.cards[seat] || []).join(" ") }, true))))));
  const sign = race.difference > 0 ? "+" : "";
  box.append(element("p", {}, interpolate(gettext("Chips in play change by %(difference)s (rounding and chips not raced out)."), { difference: `${sign}${fmt(race.difference)}` }, true)));
  return box;
}

// The race sheet for one table card of static/floor.js; `act(path, body, done, form)` is the
// tablet's one way to call the API. Returns the elements to append (none without a colour-up).
export function raceSheet(table, act) {
  const current = raceSheets.current;
  const row = current && current.tables.find((t) => t.table === table.number);
  if (!row) return [];
  const how = row.race && row.race.pot ? gettext("odd chips to the high card done") : gettext("chip race done");
  const box = element("section", { className: "race-sheet" },
    element("h3", {}, interpolate(gettext("Colour-up %(number)s: chips of %(leaving)s leave · "), { number: current.number, leaving: fmt(current.leaving) }, true) +
      (row.raced ? how : interpolate(gettext("race into %(chips)s"), { chips: fmt(current.smallest) }, true))));
  box.dataset.raceSheet = table.number;
  if (row.raced) {
    box.append(raceResult(row.race));
    return [box];
  }
  const seated = Object.entries(table.players);
  const key = (seat, what) => `race-${current.number}-${table.number}-${seat}-${what}`;
  const form = element("form", { className: "player-form" },
    element("p", {}, interpolate(gettext("Odd chips of %(leaving)s per player (fewer than %(count)s); \"other chips: no\" when they are the whole stack."), { leaving: fmt(current.leaving), count: current.smallest / current.leaving }, true)),
    ...seated.map(([seat, player]) => {
      const odd = element("input", { type: "number", min: "0", step: "1", value: "", placeholder: "0", ariaLabel: interpolate(gettext("Odd chips: seat %(seat)s, %(name)s"), { seat, name: player.name }, true) });
      odd.dataset.key = key(seat, "odd");
      odd.dataset.seat = seat;
      const other = element("select", { ariaLabel: interpolate(gettext("Other chips: seat %(seat)s, %(name)s"), { seat, name: player.name }, true) },
        element("option", { value: "yes" }, gettext("other chips: yes")), element("option", { value: "no" }, gettext("other chips: no")));
      other.dataset.key = key(seat, "other");
      other.dataset.otherFor = seat;
      return element("label", {}, `${seat}. ${player.name} `, odd, " ", other);
    }),
    element("button", { type: "submit" }, gettext("Race the odd chips")));
  form.addEventListener("submit", (submit) => {
    submit.preventDefault();
    const seats = [...form.querySelectorAll("input[data-seat]")].map((input) => ({
      seat: Number(input.dataset.seat),
      odd_chips: input.value === "" ? 0 : Number(input.value),
      has_other_chips: form.querySelector(`select[data-other-for="${input.dataset.seat}"]`).value !== "no",
    }));
    act(`colour-ups/${current.number}/tables/${table.number}/race/`, { seats }, (answer) => {
      raceSheets.raced(answer);
      return interpolate(answer.already_raced ? gettext("Table %(table)s had already raced: the recorded result stands: %(lines)s.") : gettext("Table %(table)s raced: %(lines)s."),
        { table: table.number, lines: Object.values(answer.lines).join("; ") }, true);
    }, form);
  });
  box.append(form);
  return [box];
}

document.addEventListener("pokerfest:event", (event) => {
  if (touches(event.detail.kind, "colour_up")) raceSheets.load();
});
document.addEventListener("pokerfest:snapshot", () => raceSheets.load());
document.addEventListener("DOMContentLoaded", () => raceSheets.load());
