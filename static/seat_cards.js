// Seating by cards (kentucky): after the draw and at the final table, the floor types the card
// each player drew and the table's seats follow: the high card keeps their seat and the button,
// the rest sit to its left high to low (tables/rules/seat_cards.py). Shown while a table waits.
import { gettext, interpolate } from "./i18n.js";
import { element } from "./api.js";

export function seatCardsForm(table, act) {
  const inputs = Object.entries(table.players).map(([seat, player]) => {
    const input = element("input", { name: `card-${seat}`, required: true, maxLength: 8, size: 4, autocomplete: "off",
      placeholder: gettext("e.g. As"), ariaLabel: interpolate(gettext("Card drawn: seat %(seat)s, %(name)s"), { seat, name: player.name }, true) });
    input.dataset.key = `cards-${table.number}-${seat}`; // kept through a redraw
    input.dataset.seat = seat;
    return element("label", {}, `${seat}. ${player.name} `, input);
  });
  const form = element("form", { className: "player-form seat-cards" },
    element("h3", {}, interpolate(gettext("Seat table %(table)s by cards"), { table: table.number }, true)),
    element("p", { className: "hint" }, gettext("One card to each player from seat 1: the high card stays and deals the first hand; the others sit to the dealer's left, high card to low. The same rank without suits: the first card dealt wins.")),
    ...inputs, element("button", { type: "submit" }, gettext("Seat by the cards")));
  form.dataset.seatCards = table.number;
  form.addEventListener("submit", (submit) => {
    submit.preventDefault();
    const cards = Object.fromEntries(inputs.map((label) => label.querySelector("input")).map((input) => [input.dataset.seat, input.value.trim()]));
    act(`tables/${table.number}/seat-cards/`, { cards },
      (answer) => interpolate(gettext("Table %(table)s seated by the cards: the button on seat %(button)s."), answer, true), submit.target);
  });
  return form;
}
