// What the tables need now (a final-table redraw, a table to break, balancing moves, tables to
// halt), shown alike on the floor tablets and the director's page, and the by-hand move/swap
// form both carry. Each button is one API call; the screens redraw from the live feed.
import { gettext, interpolate, ngettext } from "./i18n.js";
import { element } from "./api.js";
import { reloadOnLive, sayCount, touches } from "./live.js";
import { askConfirm } from "./dialog.js";

// Calls `reload` after seating events and resyncs, at most once per `wait` ms: a burst of busts
// on a 100-table floor is one reload, not a hundred. `views`: the staff's tables follow a sale
// too ("late_seat": a late entry or a re-entry takes a seat).
export function reloadOnSeatingChanges(reload, wait = 300, views = ["tables"]) {
  let timer = null;
  const soon = () => {
    if (timer) return;
    timer = setTimeout(() => { timer = null; reload(); }, wait);
  };
  reloadOnLive((kind) => views.some((view) => touches(kind, view)), soon);
}

// A drawing as two drawings of the same data agree on it: attributes and classes sorted (a
// tablet's seat sheet opens and closes between redraws, which reorders them), and without what
// counts down on its own (a penalty's time left, a player's clock), which ticks by itself.
function still(node) {
  if (node.nodeType === Node.TEXT_NODE) return node.data;
  if (node.nodeType !== Node.ELEMENT_NODE) return "";
  const attributes = [...node.attributes].map((attribute) => (attribute.name === "class"
    ? `class=${node.classList.contains("table-clock") ? "table-clock" : [...node.classList].sort().join(" ")}`
    : `${attribute.name}=${attribute.value}`)).sort();
  const ticks = node.matches("[data-penalty-status], [data-clock-time]");
  return `<${node.tagName} ${attributes.join(" ")}>${ticks ? "" : [...node.childNodes].map(still).join("")}</>`;
}

// Puts the nodes of `drawn` (drawn aside) into `box` unless it shows the same already: the
// same data (`sent`, as the server sent it) drawn the same way. The feed redraws after every
// tap and event, and a button replaced between the press and the release of a tap swallows
// the tap. Answers whether the drawing was put in.
const keptAs = new WeakMap();
export function redrawIfChanged(box, drawn, sent) {
  const drawing = (holder) => [...holder.childNodes].map(still).join("");
  if (keptAs.get(box) === sent && drawing(drawn) === drawing(box)) return false;
  keptAs.set(box, sent);
  box.replaceChildren(...drawn.childNodes);
  return true;
}

// What the tables need, drawn into `box` (the tablet's moves, the director's needs).
export function drawNeeds(box, answer, act, mayDirect) {
  const { action_clock_now: ticking, ...sent } = answer; // the action clocks' seconds tick on their own
  redrawIfChanged(box, element("div", {}, ...tableNeeds(answer, act, mayDirect)), JSON.stringify(sent));
}

// answer: GET tables/ ; act(path, body, doneText) posts and reports; mayDirect: the director's
// own actions (the final-table redraw) are offered.
function tableNeeds(answer, act, mayDirect) {
  const needs = [];
  const hfh = answer.hand_for_hand;
  if (hfh) {
    needs.push(element("p", { className: "notice", textContent: handForHandLine(hfh) }));
  } else if (mayDirect && answer.breaking_order.length > 1 && !(answer.money && answer.money.in_the_money)) {
    // HFH-MODE, before the money: at one table every hand is shared already (the room's open
    // tables: a table's own tablet has its own table only in `tables`)
    const due = answer.money && answer.money.hand_for_hand_due
      ? interpolate(gettext("The bubble is near: %(paid)s paid, %(left)s left. "), { paid: answer.money.places_paid, left: answer.players_left }, true) : "";
    needs.push(element("p", { className: due ? "notice" : "" }, due, element("button", { textContent: gettext("Start hand-for-hand"), onclick: async () => {
      if (await askConfirm(gettext("Start hand-for-hand? The hand in progress is its first hand."), { ok: gettext("Start hand-for-hand") })) act("hand-for-hand/start/", {}, (a) => interpolate(gettext("Hand-for-hand: hand %(hand)s."), { hand: a.hand }, true));
    } })));
  }
  if (answer.final_due) {
    const line = element("p", { className: "move" }, interpolate(ngettext("%(left)s player left: the final table is redrawn now (SEAT-FINAL). ", "%(left)s players left: the final table is redrawn now (SEAT-FINAL). ", answer.players_left), { left: answer.players_left }, true));
    if (mayDirect) {
      line.append(element("button", { textContent: gettext("Draw the final table"), onclick: async () => {
        if (await askConfirm(gettext("Redraw every seat and the button for the final table?"), { ok: gettext("Draw the final table") })) act("seating/final-table/", {}, (a) => interpolate(gettext("Final table %(table)s drawn; the button is seat %(button)s."), { table: a.table, button: a.button }, true));
      } }));
    } else {
      line.append(gettext("The director draws it."));
    }
    needs.push(line);
  }
  if (answer.break_due !== null && answer.break_due !== undefined) {
    needs.push(element("p", { className: "move" }, interpolate(gettext("Table %(table)s breaks now (next in the breaking order). "), { table: answer.break_due }, true),
      element("button", { textContent: interpolate(gettext("Break table %(table)s"), { table: answer.break_due }, true), onclick: async () => {
        if (await askConfirm(interpolate(gettext("Break table %(table)s and deal its players seat cards?"), { table: answer.break_due }, true), { ok: gettext("Break the table") })) {
          act("tables/break/", {}, (a) => interpolate(gettext("Table %(table)s broken: "), { table: a.table }, true) + a.moves.map((m) => interpolate(gettext("seat %(from_seat)s → table %(table)s seat %(seat)s"), { from_seat: m.from_seat, table: m.to_table, seat: m.to_seat }, true)).join("; ") + ".");
        }
      } })));
  }
  for (const move of answer.moves) {
    const body = { from_table: move.from_table, from_seat: move.from_seat, to_table: move.to_table, to_seat: move.to_seat };
    // Issue 26: why this player moves (the fewest moved of those due the big blind) and their moves so far
    const why = element("span", { className: "move-reason", textContent: move.reason || "" });
    why.dataset.moveReason = "";
    needs.push(element("p", { className: "move" },
      interpolate(gettext("Move %(name)s: table %(from_table)s seat %(from_seat)s → table %(table)s seat %(seat)s. "), { name: move.name, from_table: move.from_table, from_seat: move.from_seat, table: move.to_table, seat: move.to_seat }, true),
      why, " ", interpolate(ngettext("(moved %(count)s time before) ", "(moved %(count)s times before) ", move.times_moved || 0), { count: move.times_moved || 0 }, true),
      element("button", { textContent: interpolate(gettext("Seated at table %(table)s"), { table: move.to_table }, true), onclick: () =>
        act("moves/confirm/", body, (a) => interpolate(gettext("%(name)s is seated at table %(table)s, seat %(seat)s."), { name: move.name, table: move.to_table, seat: move.to_seat }, true) + (a && a.reason ? " " + a.reason : "")) })));
  }
  if (answer.halted.length) needs.push(element("p", { className: "notice", textContent: interpolate(ngettext("Halt play at table %(tables)s: three or more players short.", "Halt play at tables %(tables)s: three or more players short.", answer.halted.length), { tables: answer.halted.join(", ") }, true) }));
  if (answer.waiting.length) needs.push(element("p", { textContent: interpolate(ngettext("Table %(tables)s: the open seats are between the blinds and the button; move after the next hand.", "Tables %(tables)s: the open seats are between the blinds and the button; move after the next hand.", answer.waiting.length), { tables: answer.waiting.join(", ") }, true) }));
  return needs;
}

// The by-hand move/swap form (templates/pokerfest/_move_by_hand.html).
export function wireMoveByHand(act) {
  const form = document.querySelector("[data-move-by-hand]");
  if (!form) return;
  const number = (name) => Number(form.elements[name].value);
  form.addEventListener("submit", (submit) => {
    submit.preventDefault();
    const reason = form.elements.reason.value;
    if (submit.submitter && submit.submitter.value === "swap") {
      act("moves/swap/", { table_a: number("from_table"), seat_a: number("from_seat"), table_b: number("to_table"), seat_b: number("to_seat"), reason },
        (a) => interpolate(gettext("Swapped table %(table_a)s seat %(seat_a)s with table %(table_b)s seat %(seat_b)s."), a, true));
    } else {
      act("moves/by-hand/", { from_table: number("from_table"), from_seat: number("from_seat"), to_table: number("to_table"), to_seat: number("to_seat"), reason },
        (a) => interpolate(gettext("Moved table %(from_table)s seat %(from_seat)s to table %(to_table)s seat %(to_seat)s."), a, true));
    }
  });
}

// HFH-MODE: one line for the director page, the tablets and the lobby.
export function handForHandLine(hfh) {
  const part = (label, tables) => (tables.length ? `${label} ${tables.join(", ")}` : "");
  return [interpolate(gettext("Hand-for-hand, hand %(hand)s"), { hand: hfh.hand }, true), part(gettext("playing:"), hfh.playing), part(gettext("done:"), hfh.done),
    part(gettext("frozen:"), hfh.frozen), part(gettext("playing out:"), hfh.released)].filter(Boolean).join(" · ");
}

// ENT-WAIT: " Waiting for a seat: 1. #23 Ada L., 2. …" (empty when nobody waits).
export function waitingLine(list, staff) {
  if (!list || !list.waiting.length) return "";
  const names = list.waiting.map((w) => `${w.position}. #${w.entry} ${w.name}`).join(", ");
  const free = list.seats_left;
  return (staff ? sayCount(free, ngettext(" Waiting for a seat (%(count)s seat free): ", " Waiting for a seat (%(count)s seats free): ", free))
    : gettext(" Waiting for a seat: ")) + `${names}${names.endsWith(".") ? "" : "."}`;
}

// "60 players at 7 tables." (the lobby's and the director's seating summary)
export function playersAtTables(players, tables) {
  return interpolate(gettext("%(players)s at %(tables)s."), {
    players: sayCount(players, ngettext("%(count)s player", "%(count)s players", players)),
    tables: sayCount(tables, ngettext("%(count)s table", "%(count)s tables", tables)),
  }, true);
}
