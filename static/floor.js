// The floor tablet: the table map with names, button and blinds; "player out", "hand done";
// balancing moves shown on every tablet and confirmed by the target table when the player
// has sat down; tables to break; moves and swaps by hand. Redrawn from the API whenever the
// live feed reports a seating change (static/tables.js).
import { gettext, interpolate, ngettext } from "./i18n.js";
import { element, getJSON } from "./api.js";
import { flightOverLine, fmt, pageFeed, touches } from "./live.js";
import { askChoice, askDialog, askNumber } from "./dialog.js";
import { drawNeeds, redrawIfChanged, reloadOnSeatingChanges, wireMoveByHand } from "./tables.js";
import { absentSeats } from "./absent.js";
import { forfeitButton } from "./forfeits.js";
import { collectSeats } from "./seat_collect.js";
import { floorBook } from "./floor_book.js";
import { seatCardsForm } from "./seat_cards.js";
import { raceSheet, raceSheets } from "./race_sheet.js";
import { penaltyBoard } from "./penalties.js";
import { floorUndo } from "./undo.js";
import { floorQueue } from "./offline_queue.js";
import { askWhoWon } from "./knockout.js";

// CHIP-COUNT: what a bag's panel and the table map say about it.
function bagLine(bag) {
  // The first count is for the bagger and the record: a second person counts without it.
  const first = (bag.yours || bag.confirmed) && bag.first_count !== null && bag.first_count !== bag.chips
    ? " " + interpolate(gettext("(counted again; first count %(first)s)"), { first: fmt(bag.first_count) }, true) : "";
  if (bag.confirmed) {
    return interpolate(gettext("%(chips)s chips bagged, confirmed by %(person)s."), { chips: fmt(bag.chips), person: bag.confirmed_by || "?" }, true) + first;
  }
  return (bag.yours ? interpolate(gettext("%(chips)s chips bagged by you, waiting for a second person to confirm."), { chips: fmt(bag.chips) }, true)
    : interpolate(gettext("Seat bagged by %(person)s: count it again and confirm."), { person: bag.bagged_by || "?" }, true)) + first;
}

const floorPage = {
  root: null,
  asked: 0, // the tables view requests sent: only the latest one's answer is drawn

  start() {
    this.root = document.querySelector(".floor");
    if (!this.root) return;
    // The tablet's parts say things and redraw the tablet through the page itself.
    floorUndo.page = this;
    floorQueue.page = this;
    penaltyBoard.page = this;
    raceSheets.page = this;
    penaltyBoard.reloads.push(() => this.refresh()); // the clock stops or starts penalties' minutes
    reloadOnSeatingChanges(() => this.refresh(), 300, ["tables", "late_seat"]); // a re-entry's new seat too
    document.addEventListener("pokerfest:event", (event) => {
      const kind = event.detail.kind;
      // "new level from next hand"; the hand's rulings; bags confirmed
      if (touches(kind, "clock_level") || touches(kind, "rulings") || touches(kind, "chip_counts")) this.refresh();
    });
    setInterval(() => this.root.querySelectorAll(".table-clock").forEach((box) => this.tick(box)), 200);
    wireMoveByHand((path, body, done) => this.act(path, body, done));
    this.refresh();
  },

  base() {
    return this.root.dataset.apiBase;
  },

  async refresh() {
    // Answers may arrive out of order (a reload after a tap, another after the live event):
    // an older answer drawn last would put a hand already done back on the tablet.
    const asked = ++this.asked;
    const only = this.root.dataset.onlyTable;
    // A table's own tablet reads its own table (and its moves; where its players went once broken), not the room.
    const { ok, answer } = await getJSON(`${this.base()}tables/${/^\d+$/.test(only) ? `?table=${encodeURIComponent(only)}` : ""}`);
    if (asked !== this.asked) return;
    if (!ok) return this.say(answer.detail, false);
    this.root.classList.toggle("one-table", !!only); // a table's own tablet: Hand done stays on screen
    const tables = answer.tables.filter((t) => !only || String(t.number) === only);
    const holder = this.root.querySelector("[data-tables]");
    this.actionClock = answer.action_clock;
    this.actionNow = answer.action_clock_now;
    this.clockLevel = answer.clock_level;
    // A redraw must not wipe what is being typed (a chip count, a ruling) nor close the floor's
    // book: keep typed values, ticked boxes, open books and the focus.
    const fields = [...holder.querySelectorAll("[data-key]")];
    const typed = new Map(fields.filter((i) => (i.type === "checkbox" ? i.checked : i.value)).map((i) => [i.dataset.key, i.value]));
    const open = new Set([...holder.querySelectorAll("details[data-book][open]")].map((book) => book.dataset.book));
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
    const drawn = document.createElement("div");
    drawn.replaceChildren(...tables.map((table) => this.tableCard(table)));
    absentSeats(drawn, answer, (path, body, done, form) => this.act(path, body, done, form)); // static/absent.js
    collectSeats(drawn, answer, (path, body, done) => this.act(path, body, done)); // static/seat_collect.js
    drawn.querySelectorAll("details[data-book]").forEach((book) => (book.open = open.has(book.dataset.book)));
    // The same tables drawn the same way are left as they are: a redraw under a finger (the feed
    // redraws after every tap and event) would swallow the tap that lands on the button replaced.
    if (redrawIfChanged(holder, drawn, JSON.stringify(tables))) {
      holder.querySelectorAll("[data-key]").forEach((input) => {
        if (typed.has(input.dataset.key)) {
          if (input.type === "checkbox") input.checked = true;
          else input.value = typed.get(input.dataset.key);
        }
        if (input.dataset.key === focused) input.focus();
      });
    }
    this.root.dataset.read = asked; // the tables answers read, drawn or kept (a test waits on it)
    if (answer.broken_table && !tables.length) {
      holder.replaceChildren(this.brokenTable(answer.broken_table));
    } else if (only && !tables.length && answer.tables.length) {
      holder.textContent = interpolate(gettext("Table %(table)s is not open."), { table: only }, true);
    } else if (!answer.tables.length) {
      holder.textContent = answer.flight_over ? flightOverLine(answer.flight_over)
        : answer.tournament_status === "finished" ? gettext("The tournament is over: every table is closed.")
        : gettext("No tables are open yet: the director opens them and draws the field.");
    }
    // Once the tournament is over the server undoes nothing: the tablet offers no Undo.
    if (["finished", "cancelled"].includes(answer.tournament_status)) floorUndo.forget(); // static/undo.js
    this.showMoves(answer);
    floorQueue.drawn(answer); // static/offline_queue.js: taps still waiting are marked on their tables
  },

  tableCard(table) {
    const card = document.createElement("article");
    card.className = "table-card";
    card.dataset.table = table.number;
    card.dataset.hand = table.hand; // the hand "Hand done" names (tests wait on it after a redraw)
    const title = element("h2", { textContent: interpolate(gettext("Table %(table)s · %(count)s/%(seats)s · hand %(hand)s"),
      { table: table.number, count: table.count, seats: table.seats, hand: table.hand }, true) });
    if (table.is_final) title.append(element("span", { className: "final-mark", textContent: " · " + gettext("final table") }));
    // The table drawn as a table: seats around the felt, each opening its actions in the sheet.
    const seats = element("ol", { className: "seats oval" });
    seats.dataset.seatCount = table.seats;
    const sheets = element("div", { className: "seat-sheets" }, element("p", { className: "sheet-hint", textContent: gettext("Tap a seat for its actions.") }));
    for (let seat = 1; seat <= table.seats; seat++) {
      const player = table.players[String(seat)];
      const item = this.seatBox(table, seat, player);
      seats.append(item);
      if (player) sheets.append(this.seatSheet(table, seat, player));
    }
    const felt = element("div", { className: "felt" }, element("strong", { textContent: String(table.number) }),
      element("span", { textContent: interpolate(gettext("hand %(hand)s"), { hand: table.hand }, true) }));
    const done = element("button", { type: "button", className: "hand-done", textContent: gettext("Hand done") });
    done.dataset.handDone = table.number;
    // The hand this tablet shows: a second tablet (or a second tap) confirming it moves nothing.
    done.addEventListener("click", () => this.act(`tables/${table.number}/hand-done/`, { hand: table.hand }, (a) => a.already_done
      ? interpolate(gettext("Table %(table)s: hand %(hand)s was already done; now hand %(now)s."), { table: table.number, hand: table.hand, now: a.hand }, true)
      : interpolate(gettext("Table %(table)s: next hand."), { table: table.number }, true)));
    card.append(title);
    if (table.playing_level !== null && this.clockLevel !== null && table.playing_level !== this.clockLevel) {
      // CLK-LEVELS: the hand being played keeps its limits; the new ones start with the next hand.
      card.append(element("p", { className: "new-level", textContent: gettext("New level from next hand") }));
    }
    if (table.hands_left) {
      // CLK-EOD: the day's last hands, counted down by "hand done"; at zero the table bags.
      card.append(element("p", { className: "new-level", textContent: interpolate(ngettext("%(n)s hand left today", "%(n)s hands left today", table.hands_left), { n: table.hands_left }, true) }));
    } else if (table.hands_left === 0) {
      // Then what is left is bagging and confirming; once every bag is confirmed, nothing.
      const bags = Object.values(table.bags || {});
      const toBag = Object.keys(table.players).filter((seat) => !(table.bags || {})[seat]).length;
      const toConfirm = bags.filter((bag) => !bag.confirmed).length;
      const text = toBag ? interpolate(ngettext("Last hand played: bag the chips (%(n)s seat to bag)", "Last hand played: bag the chips (%(n)s seats to bag)", toBag), { n: toBag }, true)
        : toConfirm ? interpolate(ngettext("Every seat bagged: %(n)s bag waits for a second person to confirm it", "Every seat bagged: %(n)s bags wait for a second person to confirm them", toConfirm), { n: toConfirm }, true)
          : "";
      if (text) card.append(element("p", { className: "new-level", textContent: text }));
    }
    if (table.heads_up) {
      // CLK-HEADSUP: at least this many hands heads-up, whatever the clock says.
      const { played, minimum, to_play } = table.heads_up;
      const text = interpolate(ngettext("Heads-up: %(played)s hand played", "Heads-up: %(played)s hands played", played), { played }, true)
        + (to_play ? interpolate(gettext(", at least %(more)s more (minimum %(minimum)s)"), { more: to_play, minimum }, true) : "");
      card.append(element("p", { className: "new-level", textContent: text }));
    }
    if (table.awaiting_cards) card.append(seatCardsForm(table, (path, body, then, form) => this.act(path, body, then, form))); // static/seat_cards.js
    const halted = this.actionHalted(table.number);
    if (halted) {
      const line = element("p", { className: "new-level", textContent: halted });
      line.dataset.actionHalted = table.number;
      card.append(line);
    }
    if (table.hand_for_hand) card.append(this.handForHand(table));
    if (table.clock) card.append(this.tableClock(table));
    card.append(element("div", { className: "table-layout" }, element("div", { className: "oval-wrap" }, felt, seats), sheets),
      ...(table.hands_left === 0 ? [] : [element("div", { className: "hand-done-bar" }, done)]), floorBook(table, (path, body, then, form) => this.act(path, body, then, form)));
    card.append(...raceSheet(table, (path, body, then, form) => this.act(path, body, then, form)));
    return card;
  },

  // A seat on the oval: number, name, entry number, stack when counted, the button and blinds.
  seatBox(table, seat, player) {
    const item = element("li", { className: player ? "seat" : "seat empty" });
    item.dataset.seat = seat;
    // Seat 1 sits to the dealer's left, the dealer at the bottom of the oval; the seats run clockwise.
    const angle = Math.PI / 2 + (seat * 2 * Math.PI) / (table.seats + 1);
    item.style.setProperty("--x", `${(50 + 50 * Math.cos(angle)).toFixed(2)}%`); // CSSOM: allowed by the CSP
    item.style.setProperty("--y", `${(50 + 50 * Math.sin(angle)).toFixed(2)}%`);
    const marks = element("span", { className: "marks" });
    for (const [shown, mark, label] of [[table.button, "D", gettext("button")], [table.small_blind, "SB", gettext("small blind")], [table.big_blind, "BB", gettext("big blind")]]) {
      if (shown === seat) marks.append(element("abbr", { className: `mark mark-${mark.toLowerCase()}`, title: label, textContent: mark }));
    }
    if (!player) {
      item.append(element("span", { className: "seat-number", textContent: String(seat) }), element("span", { className: "name", textContent: gettext("empty") }), marks);
      return item;
    }
    const stack = player.stack === null || player.stack === undefined ? ""
      : interpolate(gettext("%(chips)s chips"), { chips: fmt(player.stack) }, true);
    const tap = element("button", { type: "button", className: "seat-tap",
      ariaLabel: interpolate(gettext("Seat %(seat)s, %(name)s: actions"), { seat, name: player.name }, true) },
    element("span", { className: "seat-number", textContent: String(seat) }), element("span", { className: "name", textContent: player.name }),
    element("span", { className: "entry", textContent: `#${player.number}` }), element("span", { className: "stack", textContent: stack }), marks);
    tap.dataset.seatTap = seat;
    const key = `${table.number}-${seat}`;
    tap.setAttribute("aria-expanded", String(this.openSeat === key));
    tap.addEventListener("click", () => this.openSheet(this.openSeat === key ? null : key));
    item.append(tap);
    if (this.openSeat === key) item.classList.add("open");
    if (player.penalty) item.append(penaltyBoard.line(player.penalty)); // static/penalties.js
    const bag = (table.bags || {})[String(seat)];
    if (table.hands_left === 0) {
      // CLK-EOD, CHIP-COUNT: the map says which seats are still to bag, bagged, or confirmed.
      const state = !bag ? "to-bag" : bag.confirmed ? "confirmed" : "bagged";
      item.classList.add(`bag-${state}`);
      const mark = element("span", { className: "bag-mark", textContent: { "to-bag": gettext("to bag"), bagged: gettext("bagged"), confirmed: gettext("✓ confirmed") }[state] });
      mark.dataset.bagMark = state;
      item.append(mark);
    }
    if (this.actionClock) item.append(element("span", { className: "extensions", textContent: interpolate(gettext("%(n)s ext"), { n: player.extensions }, true) }));
    if (player.moves) { // issue 26: the floor sees how often each player has been moved
      const moved = element("span", { className: "moves", textContent: interpolate(ngettext("moved %(n)s×", "moved %(n)s×", player.moves), { n: player.moves }, true) });
      moved.dataset.moves = player.moves;
      item.append(moved);
    }
    return item;
  },

  // The seat's actions, shown beside the oval (below it upright) once the seat is tapped.
  seatSheet(table, seat, player) {
    const key = `${table.number}-${seat}`;
    const sheet = element("section", { className: "seat-sheet", hidden: this.openSeat !== key });
    sheet.dataset.sheet = seat;
    sheet.setAttribute("aria-label", interpolate(gettext("Seat %(seat)s, %(name)s"), { seat, name: player.name }, true));
    const head = element("h3", { textContent: interpolate(gettext("Seat %(seat)s · %(name)s · #%(entry)s"), { seat, name: player.name, entry: player.number }, true) });
    const close = element("button", { type: "button", className: "close", textContent: gettext("Close"), onclick: () => this.openSheet(null) });
    const actions = element("div", { className: "seat-actions" });
    actions.dataset.seatActions = seat;
    if (table.hands_left === 0) {
      actions.append(...this.bagActions(table, seat, player)); // CLK-EOD: the table bags
    } else {
      const out = element("button", { type: "button", className: "out", textContent: gettext("Out"),
        ariaLabel: interpolate(gettext("Player out: seat %(seat)s, %(name)s"), { seat, name: player.name }, true) });
      out.addEventListener("click", () => this.playerOut(table, seat, player.name));
      const move = element("button", { type: "button", textContent: gettext("Move"),
        ariaLabel: interpolate(gettext("Move: seat %(seat)s, %(name)s"), { seat, name: player.name }, true), onclick: () => this.moveByHand(table, seat, player.name) });
      actions.append(out, ...this.clockButtons(table.number, seat, player.name),
        ...penaltyBoard.seat(table, seat, { ...player, penalty: null }, (path, body, done) => this.act(path, body, done)), move, // static/penalties.js (its status line is on the seat)
        forfeitButton(table.number, seat, player, (path, body, done) => this.act(path, body, done))); // static/forfeits.js
    }
    sheet.append(element("div", { className: "sheet-head" }, head, close), actions);
    return sheet;
  },

  // One seat's sheet open at a time, kept open across redraws (the feed redraws often).
  openSheet(key) {
    this.openSeat = key;
    for (const card of this.root.querySelectorAll("article.table-card")) {
      for (const sheet of card.querySelectorAll("[data-sheet]")) sheet.hidden = key !== `${card.dataset.table}-${sheet.dataset.sheet}`;
      for (const item of card.querySelectorAll("li[data-seat]")) {
        const open = key === `${card.dataset.table}-${item.dataset.seat}`;
        item.classList.toggle("open", open);
        const tap = item.querySelector("[data-seat-tap]");
        if (tap) tap.setAttribute("aria-expanded", String(open));
      }
    }
    const shown = key && this.root.querySelector(`[data-table="${key.split("-")[0]}"] [data-sheet="${key.split("-")[1]}"] .seat-actions button`);
    if (shown) shown.focus();
  },

  // A move by hand from the seat (the by-hand form's service): to an empty seat, or a swap.
  async moveByHand(table, seat, name) {
    const number = (text) => /^\d+$/.test(text) && Number(text) >= 1;
    const answer = await askDialog(interpolate(gettext("Move %(name)s (table %(table)s, seat %(seat)s) to:"), { name, table: table.number, seat }, true),
      [{ name: "to_table", label: gettext("Table"), type: "number", required: true }, { name: "to_seat", label: gettext("Seat"), type: "number", required: true },
        { name: "reason", label: gettext("Reason (for the log)"), required: true, maxLength: 200 }],
      [{ value: "cancel", label: gettext("Cancel") }, { value: "swap", label: gettext("Swap the two players") }, { value: "move", label: gettext("Move to the empty seat"), primary: true }],
      (typed) => (!number(typed.to_table) || !number(typed.to_seat) ? gettext("Give the table and the seat as numbers.")
        : !typed.reason ? gettext("Give a reason for the log.") : ""));
    if (answer === null) return;
    const to = { table: Number(answer.typed.to_table), seat: Number(answer.typed.to_seat) };
    const reason = answer.typed.reason;
    this.openSheet(null);
    if (answer.value === "swap") {
      this.act("moves/swap/", { table_a: table.number, seat_a: seat, table_b: to.table, seat_b: to.seat, reason },
        (a) => interpolate(gettext("Swapped table %(a)s seat %(sa)s with table %(b)s seat %(sb)s."), { a: a.table_a, sa: a.seat_a, b: a.table_b, sb: a.seat_b }, true));
    } else {
      this.act("moves/by-hand/", { from_table: table.number, from_seat: seat, to_table: to.table, to_seat: to.seat, reason },
        (a) => interpolate(gettext("Moved table %(a)s seat %(sa)s to table %(b)s seat %(sb)s."), { a: a.from_table, sa: a.from_seat, b: a.to_table, sb: a.to_seat }, true));
    }
  },

  // SEAT-BREAK: this tablet's table is broken; where each of its players sits now, by name.
  brokenTable(broken) {
    const card = element("article", { className: "table-card broken-table" },
      element("h2", { textContent: interpolate(gettext("Table %(table)s is broken"), { table: broken.number }, true) }),
      element("p", { textContent: gettext("Its players now sit at:") }));
    card.dataset.brokenTable = broken.number;
    const list = element("ul", { className: "broken-moves" }, ...broken.players.map((player) => {
      const where = player.table ? interpolate(gettext("table %(table)s, seat %(seat)s"), { table: player.table, seat: player.seat }, true)
        : player.winner ? gettext("won the tournament") : gettext("no seat now (out)");
      const line = element("li", {}, element("span", { className: "name", textContent: `${player.name} #${player.number}` }),
        element("span", { textContent: " " + interpolate(gettext("seat %(from)s → %(where)s"), { from: player.from_seat, where }, true) }));
      line.dataset.entry = player.number;
      return line;
    }));
    card.append(list);
    return card;
  },

  // HFH-MODE, HFH-ALLIN: this table's part in the hand-for-hand hand.
  handForHand(table) {
    const say = { playing: gettext("Hand-for-hand: play one hand, then tap Hand done"), done: gettext("Hand-for-hand: done, waiting for the other tables"),
      frozen: gettext("All-in, frozen: wait face down to be released"), released: gettext("Released: play the all-in out, then tap Hand done") }[table.hand_for_hand];
    const box = element("p", { className: "new-level", textContent: say + " " });
    if (table.hand_for_hand === "playing") {
      box.append(element("button", { textContent: gettext("All-in, frozen"), onclick: () => this.act(`tables/${table.number}/hand-for-hand/frozen/`, {}, () => interpolate(gettext("Table %(table)s is frozen on an all-in."), { table: table.number }, true)) }));
    }
    if (table.hand_for_hand === "frozen") {
      box.append(element("button", { textContent: gettext("Play out"), onclick: () => this.act(`tables/${table.number}/hand-for-hand/play-out/`, {}, () => interpolate(gettext("Table %(table)s: play the all-in out."), { table: table.number }, true)) }));
    }
    return box;
  },

  // CHIP-COUNT, CLK-EOD: a seat's bag on its panel. Not bagged: "Bag". Bagged by this person and
  // not yet confirmed: "Recount" (a logged correction; the first count stays on show). Bagged by
  // someone else: "Confirm" with this person's own count. Confirmed: it stands.
  bagActions(table, seat, player) {
    const bag = (table.bags || {})[String(seat)];
    if (!bag) return [this.bagForm(table.number, seat, player.name, "bag")];
    const line = element("p", { className: "bag-state", textContent: bagLine(bag) });
    line.dataset.bagState = seat;
    if (bag.confirmed) return [line];
    return [line, this.bagForm(table.number, seat, player.name, bag.yours ? "recount" : "confirm")];
  },

  bagForm(table, seat, name, how) {
    const label = { bag: gettext("Chips bagged: seat %(seat)s, %(name)s"), recount: gettext("Recount: seat %(seat)s, %(name)s"),
      confirm: gettext("Your count of the bag: seat %(seat)s, %(name)s") }[how];
    const chips = element("input", { type: "number", min: "0", step: "1", required: true, placeholder: gettext("chips"), ariaLabel: interpolate(label, { seat, name }, true) });
    chips.dataset.key = `bag-${table}-${seat}`;
    const button = { bag: gettext("Bag"), recount: gettext("Recount"), confirm: gettext("Confirm") }[how];
    const form = element("form", { className: "bag" }, chips, element("button", { type: "submit", textContent: button }));
    form.addEventListener("submit", (submit) => {
      submit.preventDefault();
      if (how === "confirm") {
        this.act(`tables/${table}/seats/${seat}/bag/confirm/`, { chips: Number(chips.value) },
          () => interpolate(gettext("Bag of seat %(seat)s confirmed."), { seat }, true), form);
      } else {
        this.act(`tables/${table}/seats/${seat}/bag/`, { chips: Number(chips.value) }, () => (how === "recount"
          ? interpolate(gettext("Seat %(seat)s counted again: %(chips)s chips (the first count stays in the log)."), { seat, chips: fmt(chips.value) }, true)
          : interpolate(gettext("Seat %(seat)s bagged: %(chips)s chips."), { seat, chips: fmt(chips.value) }, true)), form);
      }
    });
    return form;
  },

  // With the action clock (AC-TIMES) the dealer starts each player's time, saying whether the
  // player has put chips in by choice (blinds do not count); otherwise the floor calls the clock.
  clockButtons(table, seat, name) {
    const path = `tables/${table}/seats/${seat}/`;
    if (!this.actionClock || this.actionHalted(table)) {
      return [element("button", { type: "button", textContent: gettext("Clock"), ariaLabel: interpolate(gettext("Call the clock: seat %(seat)s, %(name)s"), { seat, name }, true),
        onclick: () => this.act(`${path}call-clock/`, {}, () => interpolate(gettext("Clock called on seat %(seat)s."), { seat }, true)) })];
    }
    const start = (voluntarily_in) => this.act(`${path}action-clock/`, { voluntarily_in }, (a) => interpolate(gettext("Seat %(seat)s: %(seconds)s s."), { seat, seconds: a.seconds }, true));
    return [
      element("button", { type: "button", textContent: gettext("Act"), ariaLabel: interpolate(gettext("Action clock: seat %(seat)s, %(name)s"), { seat, name }, true), onclick: () => start(false) }),
      element("button", { type: "button", textContent: gettext("Act · in"), ariaLabel: interpolate(gettext("Action clock, chips in: seat %(seat)s, %(name)s"), { seat, name }, true), onclick: () => start(true) }),
    ];
  },

  // AC-SUSPEND, AC-PERIOD: why no action clock runs at this table now ("" when it runs): the
  // director suspended it (the tournament's or this table's reason), or play is outside its period.
  actionHalted(table) {
    const now = this.actionNow;
    if (!this.actionClock || !now) return "";
    const reason = now.suspended || now.tables_suspended[String(table)];
    return reason ? interpolate(gettext("Action clock suspended by the director: %(reason)s"), { reason }, true) : now.outside || "";
  },

  // The clock on a player (a clock call or the action clock), large, counted down from
  // ends_at on the server's time.
  tableClock(table) {
    const box = element("div", { className: "table-clock" });
    box.dataset.endsAt = table.clock.ends_at;
    box.dataset.countdown = table.clock.countdown_seconds;
    box.dataset.outcome = table.clock.outcome || "";
    const what = table.clock.kind === "action" ? gettext("Action on seat %(seat)s") : gettext("Clock on seat %(seat)s");
    const used = table.clock.extensions_used ? interpolate(ngettext(" · %(n)s extension used", " · %(n)s extensions used", table.clock.extensions_used), { n: table.clock.extensions_used }, true) : "";
    const label = element("p", { textContent: interpolate(what, { seat: table.clock.seat }, true) + used });
    const time = element("strong", { className: "time" });
    time.dataset.clockTime = "";
    box.append(label, time);
    if (!table.clock.outcome) {
      box.append(element("button", { textContent: gettext("Acted"), onclick: () => this.act(`tables/${table.number}/clock/acted/`, {}, () => interpolate(gettext("Seat %(seat)s acted in time."), { seat: table.clock.seat }, true)) }));
    }
    this.tick(box);
    return box;
  },

  tick(box) {
    const time = box.querySelector("[data-clock-time]");
    if (box.dataset.outcome === "hand dead") {
      box.classList.add("dead");
      time.textContent = gettext("Hand dead");
      return;
    }
    const now = pageFeed ? pageFeed.serverNow() : Date.now();
    const left = Math.max(0, Date.parse(box.dataset.endsAt) - now);
    box.classList.toggle("countdown", left <= Number(box.dataset.countdown) * 1000);
    time.textContent = left > 0 ? String(Math.ceil(left / 1000)) : gettext("Hand dead");
    box.classList.toggle("dead", left === 0);
  },

  showMoves(answer) {
    const act = (path, body, done) => this.act(path, body, done);
    drawNeeds(this.root.querySelector("[data-moves]"), answer, act, this.root.dataset.mayDirect === "true");
  },

  // The chips the player started the hand with rank players out in the same hand
  // (ELIM-SAMETABLE): asked always, required for a second player out in one hand. A second bust at the table
  // before "Hand done" asks whether it is the same hand: never a tie made silently.
  async playerOut(shown, seat, name) {
    const table = shown.number, outThisHand = shown.out_this_hand, outLastHand = shown.out_last_hand;
    let newHand = false, lastHand = false;
    if (outThisHand && outThisHand.length) {
      const which = await askChoice(interpolate(gettext("%(names)s already went out in this hand at table %(table)s. Did %(name)s go out in the same hand?"),
        { names: outThisHand.join(", "), table, name }, true), [
        { value: "same", label: gettext("Same hand (ranked by the chips they started it with)") },
        { value: "new", label: gettext("A new hand (Hand done is recorded first)") }]);
      if (which === null) return;
      newHand = which === "new";
    } else if (outLastHand && outLastHand.length) { // a bust recorded late keeps its hand
      const which = await askChoice(interpolate(gettext("%(names)s went out in the last hand at table %(table)s. When did %(name)s go out?"),
        { names: outLastHand.join(", "), table, name }, true), [
        { value: "this", label: gettext("In this hand") },
        { value: "last", label: gettext("In the last hand too (recorded late: they rank together)") }]);
      if (which === null) return;
      lastHand = which === "last";
    }
    const sharing = lastHand ? outLastHand : newHand ? [] : outThisHand || [];
    const chipsLabel = sharing.length ? interpolate(gettext("Chips %(name)s started the hand with (needed: %(names)s went out in it too)"), { name, names: sharing.join(", ") }, true)
      : gettext("Chips at the start of this hand (needed when two are out in one hand)");
    // ELIM-BY: a bounty event asks who won the pot (static/knockout.js), with the chips box in the same
    // dialog unless the chips are needed first; other events go out as ever.
    const bountyEvent = !["", "none"].includes(this.root.dataset.bountyFormat || "");
    let chips = "", wonBy = null;
    if (!bountyEvent || sharing.length) {
      chips = await askNumber(interpolate(gettext("%(name)s (table %(table)s, seat %(seat)s) is out."), { name, table, seat }, true), {
        label: chipsLabel, required: sharing.length > 0, ok: gettext("Out") });
      if (chips === null) return;
    }
    if (bountyEvent) {
      const answered = await askWhoWon(shown, seat, name, sharing.length ? null : chipsLabel);
      if (answered === null) return;
      wonBy = answered.seats;
      if (!sharing.length) chips = answered.chips;
    }
    this.openSheet(null);
    const body = { ...(chips !== "" ? { starting_stack: chips } : {}), ...(newHand ? { new_hand: true, hand: shown.hand } : {}),
      ...(lastHand ? { last_hand: true } : {}), ...(wonBy ? { eliminated_by: wonBy } : {}) };
    this.act(`tables/${table}/seats/${seat}/out/`, body, () => (newHand ? interpolate(gettext("%(name)s is out (a new hand)."), { name }, true)
      : lastHand ? interpolate(gettext("%(name)s is out (in the last hand)."), { name }, true) : interpolate(gettext("%(name)s is out."), { name }, true)));
  },

  // `form`: a form whose typed values are done with once the action is recorded.
  async act(path, body, done, form) {
    // static/offline_queue.js: sent in order, kept with its key until the server answers.
    const { ok, answer, queued } = await floorQueue.post(this.base(), path, body);
    if (queued) this.say(gettext("No connection: the tap waits in the list and is sent when the connection is back."), "waiting");
    else this.say(ok ? done(answer) : answer.detail, ok);
    if (ok && form && form.isConnected) form.reset();
    if (!queued) this.refresh();
  },

  // `ok`: true, false, or "waiting" (a tap kept offline: neither done nor refused yet).
  say(text, ok) {
    const result = this.root.querySelector("[data-result]");
    result.className = `result ${ok === "waiting" ? "waiting" : ok ? "ok" : "refused"}`;
    result.textContent = text;
  },

  // static/offline_queue.js: every waiting tap is sent; the "No connection" line gives way to the outcome.
  replayed(refused) {
    if (!this.root.querySelector("[data-result]").classList.contains("waiting")) return;
    this.say(refused ? interpolate(ngettext("Connection back: %(n)s tap that waited was refused (see the list).",
      "Connection back: %(n)s taps that waited were refused (see the list).", refused), { n: refused }, true)
      : gettext("Connection back: every tap that waited is recorded."), !refused);
  },
};

document.addEventListener("DOMContentLoaded", () => floorPage.start());
