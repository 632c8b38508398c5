// What the tables need now (a final-table redraw, a table to break, balancing moves, tables to
// halt), shown alike on the floor tablets and the director's page, and the by-hand move/swap
// form both carry. Each button is one API call; the screens redraw from the live feed.
"use strict";

// Calls `reload` after seating events and resyncs, at most once per `wait` ms: a burst of busts
// on a 100-table floor is one reload, not a hundred.
function reloadOnSeatingChanges(reload, wait = 300) {
  let timer = null;
  const soon = () => {
    if (timer) return;
    timer = setTimeout(() => { timer = null; reload(); }, wait);
  };
  document.addEventListener("pokerfest:event", (event) => { if (touches(event.detail.kind, "tables")) soon(); });
  document.addEventListener("pokerfest:snapshot", soon);
}

// answer: GET tables/ ; act(path, body, doneText) posts and reports; mayDirect: the director's
// own actions (the final-table redraw) are offered.
function tableNeeds(answer, act, mayDirect) {
  const needs = [];
  const hfh = answer.hand_for_hand;
  if (hfh) {
    needs.push(element("p", { className: "notice", textContent: handForHandLine(hfh) }));
  } else if (mayDirect && answer.tables.length > 1 && !(answer.money && answer.money.in_the_money)) {
    // HFH-MODE, before the money: at one table every hand is shared already
    const due = answer.money && answer.money.hand_for_hand_due
      ? `The bubble is near: ${answer.money.places_paid} paid, ${answer.players_left} left. ` : "";
    needs.push(element("p", { className: due ? "notice" : "" }, due, element("button", { textContent: "Start hand-for-hand", onclick: async () => {
      if (await askConfirm(gettext("Start hand-for-hand? The hand in progress is its first hand."), { ok: gettext("Start hand-for-hand") })) act("hand-for-hand/start/", {}, (a) => `Hand-for-hand: hand ${a.hand}.`);
    } })));
  }
  if (answer.final_due) {
    const line = element("p", { className: "move" }, `${answer.players_left} players left: the final table is redrawn now (SEAT-FINAL). `);
    if (mayDirect) {
      line.append(element("button", { textContent: "Draw the final table", onclick: async () => {
        if (await askConfirm(gettext("Redraw every seat and the button for the final table?"), { ok: gettext("Draw the final table") })) act("seating/final-table/", {}, (a) => `Final table ${a.table} drawn; the button is seat ${a.button}.`);
      } }));
    } else {
      line.append("The director draws it.");
    }
    needs.push(line);
  }
  if (answer.break_due !== null && answer.break_due !== undefined) {
    needs.push(element("p", { className: "move" }, `Table ${answer.break_due} breaks now (next in the breaking order). `,
      element("button", { textContent: `Break table ${answer.break_due}`, onclick: async () => {
        if (await askConfirm(interpolate(gettext("Break table %(table)s and deal its players seat cards?"), { table: answer.break_due }, true), { ok: gettext("Break the table") })) {
          act("tables/break/", {}, (a) => `Table ${a.table} broken: ` + a.moves.map((m) => `seat ${m.from_seat} → table ${m.to_table} seat ${m.to_seat}`).join("; ") + ".");
        }
      } })));
  }
  for (const move of answer.moves) {
    const body = { from_table: move.from_table, from_seat: move.from_seat, to_table: move.to_table, to_seat: move.to_seat };
    needs.push(element("p", { className: "move" },
      `Move ${move.name}: table ${move.from_table} seat ${move.from_seat} → table ${move.to_table} seat ${move.to_seat}. `,
      element("button", { textContent: `Seated at table ${move.to_table}`, onclick: () =>
        act("moves/confirm/", body, () => `${move.name} is seated at table ${move.to_table}, seat ${move.to_seat}.`) })));
  }
  if (answer.halted.length) needs.push(element("p", { className: "notice", textContent: `Halt play at table ${answer.halted.join(", ")}: three or more players short.` }));
  if (answer.waiting.length) needs.push(element("p", { textContent: `Table ${answer.waiting.join(", ")}: the open seats are between the blinds and the button; move after the next hand.` }));
  return needs;
}

// The by-hand move/swap form (templates/pokerfest/_move_by_hand.html).
function wireMoveByHand(act) {
  const form = document.querySelector("[data-move-by-hand]");
  if (!form) return;
  const number = (name) => Number(form.elements[name].value);
  form.addEventListener("submit", (submit) => {
    submit.preventDefault();
    const reason = form.elements.reason.value;
    if (submit.submitter && submit.submitter.value === "swap") {
      act("moves/swap/", { table_a: number("from_table"), seat_a: number("from_seat"), table_b: number("to_table"), seat_b: number("to_seat"), reason },
        (a) => `Swapped table ${a.table_a} seat ${a.seat_a} with table ${a.table_b} seat ${a.seat_b}.`);
    } else {
      act("moves/by-hand/", { from_table: number("from_table"), from_seat: number("from_seat"), to_table: number("to_table"), to_seat: number("to_seat"), reason },
        (a) => `Moved table ${a.from_table} seat ${a.from_seat} to table ${a.to_table} seat ${a.to_seat}.`);
    }
  });
}

// HFH-MODE: one line for the director page, the tablets and the lobby.
function handForHandLine(hfh) {
  const part = (label, tables) => (tables.length ? `${label} ${tables.join(", ")}` : "");
  return [`Hand-for-hand, hand ${hfh.hand}`, part("playing:", hfh.playing), part("done:", hfh.done),
    part("frozen:", hfh.frozen), part("playing out:", hfh.released)].filter(Boolean).join(" · ");
}

// ENT-WAIT: " Waiting for a seat: 1. #23 Ada L., 2. …" (empty when nobody waits).
function waitingLine(list, staff) {
  if (!list || !list.waiting.length) return "";
  const names = list.waiting.map((w) => `${w.position}. #${w.entry} ${w.name}`).join(", ");
  return ` Waiting for a seat${staff ? ` (${plural(list.seats_left, "seat")} free)` : ""}: ${names}${names.endsWith(".") ? "" : "."}`;
}
