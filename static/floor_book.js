// The floor's book on each table card of the tablet: record a ruling (TD-RULING) and dispute
// one before the next hand, count the stacks (CHIP-COUNT), and confirm a bag as the second
// person. `act(path, body, done)` is the tablet's one way to call the API.
import { gettext, interpolate } from "./i18n.js";
import { element } from "./api.js";
import { askText } from "./dialog.js";

// A field the tablet's redraw keeps while it is being filled in (static/floor.js).
function keyed(field, key) {
  field.dataset.key = key;
  return field;
}

export function floorBook(table, act) {
  const book = element("details", { className: "floor-book" }, element("summary", {}, interpolate(gettext("Floor's book · table %(table)s"), { table: table.number }, true)));
  book.dataset.book = table.number;
  const seated = Object.entries(table.players);

  // Rulings of the hand being played: open to dispute until Hand done.
  for (const ruling of table.rulings_this_hand || []) {
    const line = element("p", { className: "ruling" }, interpolate(gettext("Ruling, hand %(hand)s: %(decision)s"), { hand: table.hand, decision: ruling.decision }, true));
    if (ruling.overturned) line.append(interpolate(gettext(" · overturned by the director: %(why)s"), { why: ruling.overturned }, true));
    else if (ruling.disputed) line.append(gettext(" · disputed: the director reviews it"));
    else {
      const dispute = element("button", { type: "button" }, gettext("Dispute"));
      dispute.addEventListener("click", async () => {
        const why = await askText(gettext("Who disputes the ruling, and why?"), { label: gettext("Dispute"), maxLength: 1000 }); // static/dialog.js
        if (why) act(`rulings/${ruling.id}/dispute/`, { dispute: why }, () => gettext("Dispute recorded: the director reviews it."));
      });
      line.append(" ", dispute);
    }
    book.append(line);
  }

  const ruling = element("form", { className: "player-form" },
    element("h3", {}, gettext("Record a ruling")),
    element("label", {}, gettext("Called by "), keyed(element("input", { name: "called_by", required: true, maxLength: 100, placeholder: gettext("the dealer, seat 4…"), ariaLabel: interpolate(gettext("Called by: table %(table)s"), { table: table.number }, true) }), `ruling-${table.number}-by`)),
    element("fieldset", {}, element("legend", {}, gettext("Players involved")),
      ...seated.map(([seat, player]) => element("label", { className: "check" },
        keyed(element("input", { type: "checkbox", name: "players", value: player.number }), `ruling-${table.number}-player-${player.number}`), ` ${seat}. ${player.name}`))),
    element("label", {}, gettext("Decision "), keyed(element("textarea", { name: "decision", required: true, maxLength: 1000, rows: 2, ariaLabel: interpolate(gettext("Decision: table %(table)s"), { table: table.number }, true) }), `ruling-${table.number}-decision`)),
    element("label", {}, gettext("Rule cited "), keyed(element("input", { name: "rule_cited", maxLength: 200, placeholder: gettext("e.g. PEN-LADDER, or the rule's words"), ariaLabel: interpolate(gettext("Rule cited: table %(table)s"), { table: table.number }, true) }), `ruling-${table.number}-rule`)),
    element("label", { className: "check" }, keyed(element("input", { type: "checkbox", name: "director_consulted" }), `ruling-${table.number}-consulted`), gettext(" director consulted")),
    element("button", { type: "submit" }, gettext("Record the ruling")));
  ruling.addEventListener("submit", (submit) => {
    submit.preventDefault();
    const form = submit.target.elements;
    act("rulings/", {
      table: table.number, called_by: form.called_by.value, decision: form.decision.value, rule_cited: form.rule_cited.value,
      director_consulted: form.director_consulted.checked,
      players: [...submit.target.querySelectorAll("input[name=players]:checked")].map((box) => Number(box.value)),
    }, (answer) => interpolate(gettext("Ruling recorded at table %(table)s, hand %(hand)s."), { table: table.number, hand: answer.hand }, true), submit.target);
  });
  book.append(ruling);

  if (seated.length) book.append(chipCountForm(table, act));
  if (seated.length > 1) book.append(buttonForm(table, seated, act));

  // End of day: a bag counted by one person stands when a second counts the same.
  for (const seat of table.bagged.filter((s) => !(table.bags_confirmed || []).includes(s))) {
    const player = table.players[String(seat)];
    const chips = element("input", { type: "number", min: "0", step: "1", required: true, placeholder: gettext("chips"), ariaLabel: interpolate(gettext("Second count: seat %(seat)s"), { seat }, true) });
    chips.dataset.key = `confirm-${table.number}-${seat}`;
    const confirmBag = element("form", { className: "bag" }, (player ? interpolate(gettext("Confirm the bag of seat %(seat)s, %(name)s"), { seat, name: player.name }, true)
      : interpolate(gettext("Confirm the bag of seat %(seat)s"), { seat }, true)) + " ", chips,
      element("button", { type: "submit" }, gettext("Confirm")));
    confirmBag.addEventListener("submit", (submit) => {
      submit.preventDefault();
      act(`tables/${table.number}/seats/${seat}/bag/confirm/`, { chips: Number(chips.value) }, () => interpolate(gettext("Bag of seat %(seat)s confirmed."), { seat }, true), submit.target);
    });
    book.append(confirmBag);
  }
  return book;
}

// BTN-DRAW: the floor corrects an incorrect button by hand, with a reason for the log.
function buttonForm(table, seated, act) {
  const seat = keyed(element("select", { name: "seat", ariaLabel: interpolate(gettext("Button seat: table %(table)s"), { table: table.number }, true) },
    ...seated.map(([number, player]) => element("option", { value: number, selected: Number(number) === table.button }, `${number}. ${player.name}`))), `button-${table.number}-seat`);
  const reason = keyed(element("input", { name: "reason", required: true, maxLength: 500, ariaLabel: interpolate(gettext("Why the button is corrected: table %(table)s"), { table: table.number }, true) }), `button-${table.number}-reason`);
  const form = element("form", { className: "player-form" }, element("h3", {}, gettext("Set the button by hand")),
    element("label", {}, gettext("Button on seat "), seat), element("label", {}, gettext("Reason "), reason),
    element("button", { type: "submit" }, gettext("Set the button")));
  form.addEventListener("submit", (submit) => {
    submit.preventDefault();
    act(`tables/${table.number}/button/`, { seat: Number(seat.value), reason: reason.value },
      (answer) => interpolate(gettext("Table %(table)s: the button is on seat %(seat)s."), { table: answer.table, seat: answer.button }, true), submit.target);
  });
  return form;
}

// CHIP-COUNT: a count that disagrees with the chips in play, by table: said next to the button
// tapped, and kept there through the page's redraws until a count of the table agrees.
const countWarnings = new Map();

function countWarning(form, text) {
  let warning = form.querySelector("[data-count-warning]");
  if (!text) {
    if (warning) warning.remove();
    return;
  }
  if (!warning) {
    warning = element("p", { className: "notice count-warning", role: "alert" });
    warning.dataset.countWarning = "";
    form.querySelector("button[type=submit]").after(warning);
  }
  warning.textContent = text;
}

// CHIP-COUNT: a count input per seated player and "Report the counts" (the tablet's book and the
// media's chip-count page, static/media.js).
export function chipCountForm(table, act) {
  const counts = element("form", { className: "player-form" }, element("h3", {}, gettext("Chip counts")),
    ...Object.entries(table.players).map(([seat, player]) => {
      const input = element("input", { type: "number", min: "0", step: "1", placeholder: gettext("chips"), ariaLabel: interpolate(gettext("Chip count: seat %(seat)s, %(name)s"), { seat, name: player.name }, true) });
      input.dataset.key = `count-${table.number}-${seat}`; // kept through a redraw
      input.dataset.seat = seat;
      return element("label", {}, `${seat}. ${player.name} `, input);
    }),
    element("button", { type: "submit" }, gettext("Report the counts")));
  countWarning(counts, countWarnings.get(table.number));
  counts.addEventListener("submit", (submit) => {
    submit.preventDefault();
    const filled = [...submit.target.querySelectorAll("input[data-seat]")].filter((input) => input.value !== "");
    const body = { counts: Object.fromEntries(filled.map((input) => [input.dataset.seat, Number(input.value)])) };
    const form = submit.target;
    act(`tables/${table.number}/chip-counts/`, body, (answer) => {
      const disagrees = answer.complete && !answer.agrees;
      if (disagrees) countWarnings.set(table.number, answer.sentence);
      else countWarnings.delete(table.number);
      countWarning(form, countWarnings.get(table.number));
      return answer.sentence;
    }, form);
  });
  return counts;
}
