// SEAT-COLLECT (pokerfest L148) on the floor tablet, drawn over the table cards static/floor.js
// has just drawn: which seat numbers are still being collected, each seat's card still to collect
// ("Seat card collected" in its sheet of actions), and a collected stack that waits for the
// other seats of its number before it goes into play.
import { gettext, interpolate } from "./i18n.js";
import { element } from "./api.js";

export function collectSeats(holder, answer, act) {
  const collecting = answer.collecting;
  if (!collecting) return;
  for (const card of holder.querySelectorAll("article.table-card")) {
    const table = card.dataset.table;
    const here = collecting.to_collect[table] || [];
    const line = element("p", { className: "collecting", textContent: interpolate(gettext("Seat cards: a seat number's stacks go into play once every seat of it is collected. Still collecting seats %(seats)s."), { seats: collecting.waiting.join(", ") }, true) });
    line.dataset.collecting = collecting.waiting.join(",");
    if (here.length) line.append(" ", element("strong", { textContent: interpolate(gettext("To collect here: seats %(seats)s."), { seats: here.join(", ") }, true) }));
    (card.querySelector(".table-layout") || card.querySelector("ol.seats")).before(line);
    for (const seatBox of card.querySelectorAll("ol.seats > li[data-seat]")) {
      const seat = Number(seatBox.dataset.seat);
      if (seatBox.classList.contains("empty")) continue;
      if (here.includes(seat)) {
        // Said by the seat's colour and title, not a line more: ten seats must not cover each other.
        seatBox.classList.add("collect-to-collect");
        seatBox.dataset.collect = "to-collect";
        seatBox.title = gettext("card to collect");
        const item = card.querySelector(`[data-seat-actions="${seat}"]`) || seatBox;
        const button = element("button", { type: "button", textContent: gettext("Seat card collected"),
          onclick: () => act(`tables/${table}/seats/${seat}/collected/`, {}, (done) => done.in_play.length
            ? interpolate(gettext("Every seat %(seats)s is collected: those stacks go into play."), { seats: done.in_play.join(", ") }, true)
            : interpolate(gettext("Table %(table)s seat %(seat)s collected: its stack waits for every seat %(seat)s."), { table, seat }, true)) });
        button.dataset.collect = seat;
        item.append(button);
      } else if (collecting.waiting.includes(seat)) {
        seatBox.classList.add("collect-waiting");
        seatBox.dataset.collect = "waiting";
        seatBox.title = interpolate(gettext("waits for every seat %(seat)s"), { seat }, true);
      }
    }
  }
}
