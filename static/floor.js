// The floor tablet: the table map with names, button and blinds; "player out", "hand done";
// balancing moves shown on every tablet and confirmed by the target table when the player
// has sat down; tables to break; moves and swaps by hand. Redrawn from the API whenever the
// live feed reports a seating change (static/tables.js).
"use strict";

const floorPage = {
  root: null,
  asked: 0, // the tables view requests sent: only the latest one's answer is drawn

  start() {
    this.root = document.querySelector(".floor");
    if (!this.root) return;
    reloadOnSeatingChanges(() => this.refresh());
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
    const { ok, answer } = await getJSON(`${this.base()}tables/`);
    if (asked !== this.asked) return;
    if (!ok) return this.say(answer.detail, false);
    const only = this.root.dataset.onlyTable;
    const tables = answer.tables.filter((t) => !only || String(t.number) === only);
    const holder = this.root.querySelector("[data-tables]");
    this.actionClock = answer.action_clock;
    this.clockLevel = answer.clock_level;
    // A redraw must not wipe what is being typed (a chip count, a ruling) nor close the floor's
    // book: keep typed values, ticked boxes, open books and the focus.
    const fields = [...holder.querySelectorAll("[data-key]")];
    const typed = new Map(fields.filter((i) => (i.type === "checkbox" ? i.checked : i.value)).map((i) => [i.dataset.key, i.value]));
    const open = new Set([...holder.querySelectorAll("details[data-book][open]")].map((book) => book.dataset.book));
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
    holder.replaceChildren(...tables.map((table) => this.tableCard(table)));
    if (typeof absentSeats === "function") absentSeats(holder, answer, (path, body, done, form) => this.act(path, body, done, form)); // static/absent.js
    holder.querySelectorAll("[data-key]").forEach((input) => {
      if (typed.has(input.dataset.key)) {
        if (input.type === "checkbox") input.checked = true;
        else input.value = typed.get(input.dataset.key);
      }
      if (input.dataset.key === focused) input.focus();
    });
    holder.querySelectorAll("details[data-book]").forEach((book) => (book.open = open.has(book.dataset.book)));
    if (!answer.tables.length) {
      holder.textContent = answer.tournament_status === "finished" ? "The tournament is over: every table is closed."
        : "No tables are open yet: the director opens them and draws the field.";
    }
    this.showMoves(answer);
    floorQueue.drawn(answer); // static/offline_queue.js: taps still waiting are marked on their tables
  },

  tableCard(table) {
    const card = document.createElement("article");
    card.className = "table-card";
    card.dataset.table = table.number;
    card.dataset.hand = table.hand; // the hand "Hand done" names (tests wait on it after a redraw)
    const title = document.createElement("h2");
    title.textContent = `Table ${table.number}${table.is_final ? " · final table" : ""} · ${table.count}/${table.seats} · hand ${table.hand}`;
    const seats = document.createElement("ol");
    seats.className = "seats";
    for (let seat = 1; seat <= table.seats; seat++) {
      const player = table.players[String(seat)];
      const item = document.createElement("li");
      item.dataset.seat = seat;
      const marks = [seat === table.button ? "D" : "", seat === table.small_blind ? "SB" : "", seat === table.big_blind ? "BB" : ""].filter(Boolean);
      const label = document.createElement("span");
      const chips = player && this.actionClock ? ` · ${player.extensions} ext` : "";
      label.textContent = `${seat}. ${player ? player.name : "empty"}${marks.length ? " · " + marks.join(" ") : ""}${chips}`;
      item.append(label);
      if (player && table.hands_left === 0) {
        // A bag not yet confirmed by a second person may be counted again (the new count stands).
        const confirmed = (table.bags_confirmed || []).includes(seat);
        if (table.bagged.includes(seat)) item.append(element("span", { textContent: confirmed ? "bagged, confirmed" : "bagged" }));
        if (!confirmed) item.append(this.bagForm(table.number, seat, player.name, table.bagged.includes(seat)));
      } else if (player) {
        const out = document.createElement("button");
        out.textContent = "Out";
        out.setAttribute("aria-label", `Player out: seat ${seat}, ${player.name}`);
        out.addEventListener("click", () => this.playerOut(table, seat, player.name));
        item.append(out, ...this.clockButtons(table.number, seat, player.name),
          ...penaltyBoard.seat(table, seat, player, (path, body, done) => this.act(path, body, done))); // static/penalties.js
      } else {
        item.className = "empty";
      }
      seats.append(item);
    }
    const done = document.createElement("button");
    done.textContent = "Hand done";
    // The hand this tablet shows: a second tablet (or a second tap) confirming it moves nothing.
    done.addEventListener("click", () => this.act(`tables/${table.number}/hand-done/`, { hand: table.hand }, (a) => a.already_done
      ? `Table ${table.number}: hand ${table.hand} was already done; now hand ${a.hand}.` : `Table ${table.number}: next hand.`));
    card.append(title);
    if (table.playing_level !== null && this.clockLevel !== null && table.playing_level !== this.clockLevel) {
      // CLK-LEVELS: the hand being played keeps its limits; the new ones start with the next hand.
      card.append(element("p", { className: "new-level", textContent: "New level from next hand" }));
    }
    if (table.hands_left !== null) {
      // CLK-EOD: the day's last hands, counted down by "hand done"; at zero the table bags.
      const text = table.hands_left ? `${table.hands_left} hand${table.hands_left === 1 ? "" : "s"} left today` : "Last hand played: bag the chips";
      card.append(element("p", { className: "new-level", textContent: text }));
    }
    if (table.heads_up) {
      // CLK-HEADSUP: at least this many hands heads-up, whatever the clock says.
      const { played, minimum, to_play } = table.heads_up;
      card.append(element("p", { className: "new-level", textContent: `Heads-up: ${played} hand${played === 1 ? "" : "s"} played${to_play ? `, at least ${to_play} more (minimum ${minimum})` : ""}` }));
    }
    if (table.hand_for_hand) card.append(this.handForHand(table));
    if (table.clock) card.append(this.tableClock(table));
    card.append(seats, done, floorBook(table, (path, body, then, form) => this.act(path, body, then, form)));
    if (typeof raceSheet === "function") card.append(...raceSheet(table, (path, body, then, form) => this.act(path, body, then, form)));
    return card;
  },

  // HFH-MODE, HFH-ALLIN: this table's part in the hand-for-hand hand.
  handForHand(table) {
    const say = { playing: "Hand-for-hand: play one hand, then tap Hand done", done: "Hand-for-hand: done, waiting for the other tables",
      frozen: "All-in, frozen: wait face down to be released", released: "Released: play the all-in out, then tap Hand done" }[table.hand_for_hand];
    const box = element("p", { className: "new-level", textContent: say + " " });
    if (table.hand_for_hand === "playing") {
      box.append(element("button", { textContent: "All-in, frozen", onclick: () => this.act(`tables/${table.number}/hand-for-hand/frozen/`, {}, () => `Table ${table.number} is frozen on an all-in.`) }));
    }
    if (table.hand_for_hand === "frozen") {
      box.append(element("button", { textContent: "Play out", onclick: () => this.act(`tables/${table.number}/hand-for-hand/play-out/`, {}, () => `Table ${table.number}: play the all-in out.`) }));
    }
    return box;
  },

  bagForm(table, seat, name, recount) {
    const chips = element("input", { type: "number", min: "0", step: "1", required: true, placeholder: "chips", ariaLabel: `Chips bagged: seat ${seat}, ${name}` });
    chips.dataset.key = `bag-${table}-${seat}`;
    const form = element("form", { className: "bag" }, chips, element("button", { type: "submit", textContent: recount ? "Recount" : "Bag" }));
    form.addEventListener("submit", (submit) => {
      submit.preventDefault();
      this.act(`tables/${table}/seats/${seat}/bag/`, { chips: Number(chips.value) }, () => `Seat ${seat} bagged: ${Number(chips.value).toLocaleString("en")} chips.`);
    });
    return form;
  },

  // With the action clock (AC-TIMES) the dealer starts each player's time, saying whether the
  // player has put chips in by choice (blinds do not count); otherwise the floor calls the clock.
  clockButtons(table, seat, name) {
    const path = `tables/${table}/seats/${seat}/`;
    if (!this.actionClock) {
      return [element("button", { textContent: "Clock", ariaLabel: `Call the clock: seat ${seat}, ${name}`,
        onclick: () => this.act(`${path}call-clock/`, {}, () => `Clock called on seat ${seat}.`) })];
    }
    const start = (voluntarily_in) => this.act(`${path}action-clock/`, { voluntarily_in }, (a) => `Seat ${seat}: ${a.seconds} s.`);
    return [
      element("button", { textContent: "Act", ariaLabel: `Action clock: seat ${seat}, ${name}`, onclick: () => start(false) }),
      element("button", { textContent: "Act · in", ariaLabel: `Action clock, chips in: seat ${seat}, ${name}`, onclick: () => start(true) }),
    ];
  },

  // The clock on a player (a clock call or the action clock), large, counted down from
  // ends_at on the server's time.
  tableClock(table) {
    const box = element("div", { className: "table-clock" });
    box.dataset.endsAt = table.clock.ends_at;
    box.dataset.countdown = table.clock.countdown_seconds;
    box.dataset.outcome = table.clock.outcome || "";
    const what = table.clock.kind === "action" ? "Action" : "Clock";
    const used = table.clock.extensions_used ? ` · ${table.clock.extensions_used} extension(s) used` : "";
    const label = element("p", { textContent: `${what} on seat ${table.clock.seat}${used}` });
    const time = element("strong", { className: "time" });
    time.dataset.clockTime = "";
    box.append(label, time);
    if (!table.clock.outcome) {
      box.append(element("button", { textContent: "Acted", onclick: () => this.act(`tables/${table.number}/clock/acted/`, {}, () => `Seat ${table.clock.seat} acted in time.`) }));
    }
    this.tick(box);
    return box;
  },

  tick(box) {
    const time = box.querySelector("[data-clock-time]");
    if (box.dataset.outcome === "hand dead") {
      box.classList.add("dead");
      time.textContent = "Hand dead";
      return;
    }
    const now = window.pokerfestLive ? window.pokerfestLive.serverNow() : Date.now();
    const left = Math.max(0, Date.parse(box.dataset.endsAt) - now);
    box.classList.toggle("countdown", left <= Number(box.dataset.countdown) * 1000);
    time.textContent = left > 0 ? String(Math.ceil(left / 1000)) : "Hand dead";
    box.classList.toggle("dead", left === 0);
  },

  showMoves(answer) {
    const act = (path, body, done) => this.act(path, body, done);
    this.root.querySelector("[data-moves]").replaceChildren(...tableNeeds(answer, act, this.root.dataset.mayDirect === "true"));
  },

  // The chips the player started the hand with rank players out in the same hand
  // (ELIM-SAMETABLE): asked always, required for a second player out in one hand. A second bust at the table
  // before "Hand done" asks whether it is the same hand: never a tie made silently.
  playerOut(shown, seat, name) {
    const table = shown.number, outThisHand = shown.out_this_hand, outLastHand = shown.out_last_hand;
    let newHand = false, lastHand = false;
    if (outThisHand && outThisHand.length) {
      newHand = !confirm(`${outThisHand.join(", ")} already went out in this hand at table ${table}.\n` +
        `OK: ${name} went out in the same hand (ranked by the chips they started it with).\n` +
        `Cancel: a new hand (Hand done is recorded first).`);
    } else if (outLastHand && outLastHand.length) { // a bust recorded late keeps its hand
      lastHand = confirm(`${outLastHand.join(", ")} went out in the last hand at table ${table}.\n` +
        `OK: ${name} went out in that hand too (recorded late: they rank together).\n` +
        `Cancel: ${name} went out in this hand.`);
    }
    const answer = prompt(`${name} (table ${table}, seat ${seat}) is out.\nChips at the start of this hand (needed when two are out in one hand):`, "");
    if (answer === null) return;
    const text = answer.replace(/[,\s]/g, "");
    if (text && !/^\d+$/.test(text)) return this.say(`"${answer}" is not a chip count: type digits only, or leave it empty.`, false);
    const sharing = lastHand ? outLastHand : newHand ? [] : outThisHand || [];
    if (!text && sharing.length) {
      return this.say(`${sharing.join(", ")} went out in the same hand: give the chips ${name} started it with, so the places rank by them. Nothing was recorded.`, false);
    }
    const body = { ...(text ? { starting_stack: Number(text) } : {}), ...(newHand ? { new_hand: true, hand: shown.hand } : {}),
      ...(lastHand ? { last_hand: true } : {}) };
    this.act(`tables/${table}/seats/${seat}/out/`, body,
      () => `${name} is out${newHand ? " (a new hand)" : lastHand ? " (in the last hand)" : ""}.`);
  },

  // `form`: a form whose typed values are done with once the action is recorded.
  async act(path, body, done, form) {
    // static/offline_queue.js: sent in order, kept with its key until the server answers.
    const { ok, answer, queued } = await floorQueue.post(this.base(), path, body);
    if (queued) this.say(gettext("No connection: the tap waits in the list and is sent when the connection is back."), true);
    else this.say(ok ? done(answer) : answer.detail, ok);
    if (ok && form && form.isConnected) form.reset();
    if (!queued) this.refresh();
  },

  say(text, ok) {
    const result = this.root.querySelector("[data-result]");
    result.className = `result ${ok ? "ok" : "refused"}`;
    result.textContent = text;
  },
};

document.addEventListener("DOMContentLoaded", () => floorPage.start());
