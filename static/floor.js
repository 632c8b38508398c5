// The floor tablet: the table map with names, button and blinds; "player out", "hand done";
// balancing moves shown on every tablet and confirmed by the target table when the player
// has sat down. Redrawn from the API whenever the live feed reports a seating change.
"use strict";

const floorPage = {
  root: null,

  start() {
    this.root = document.querySelector(".floor");
    if (!this.root) return;
    document.addEventListener("pokerfest:event", (event) => {
      if (/^(seating|player|hand|tables)\./.test(event.detail.kind)) this.refresh();
    });
    this.refresh();
  },

  base() {
    return this.root.dataset.apiBase;
  },

  async refresh() {
    const { ok, answer } = await getJSON(`${this.base()}tables/`);
    if (!ok) return this.say(answer.detail, false);
    const only = this.root.dataset.onlyTable;
    const tables = answer.tables.filter((t) => !only || String(t.number) === only);
    const holder = this.root.querySelector("[data-tables]");
    holder.replaceChildren(...tables.map((table) => this.tableCard(table)));
    if (!answer.tables.length) holder.textContent = "No tables are open yet: the director opens them and draws the field.";
    this.showMoves(answer);
  },

  tableCard(table) {
    const card = document.createElement("article");
    card.className = "table-card";
    card.dataset.table = table.number;
    const title = document.createElement("h2");
    title.textContent = `Table ${table.number}`;
    const seats = document.createElement("ol");
    seats.className = "seats";
    for (let seat = 1; seat <= table.seats; seat++) {
      const player = table.players[String(seat)];
      const item = document.createElement("li");
      item.dataset.seat = seat;
      const marks = [seat === table.button ? "D" : "", seat === table.small_blind ? "SB" : "", seat === table.big_blind ? "BB" : ""].filter(Boolean);
      const label = document.createElement("span");
      label.textContent = `${seat}. ${player ? player.name : "empty"}${marks.length ? " · " + marks.join(" ") : ""}`;
      item.append(label);
      if (player) {
        const out = document.createElement("button");
        out.textContent = "Out";
        out.setAttribute("aria-label", `Player out: seat ${seat}, ${player.name}`);
        out.addEventListener("click", () => this.playerOut(table.number, seat, player.name));
        item.append(out);
      } else {
        item.className = "empty";
      }
      seats.append(item);
    }
    const done = document.createElement("button");
    done.textContent = "Hand done";
    done.addEventListener("click", () => this.act(`tables/${table.number}/hand-done/`, {}, `Table ${table.number}: next hand.`));
    card.append(title, seats, done);
    return card;
  },

  showMoves(answer) {
    const holder = this.root.querySelector("[data-moves]");
    holder.replaceChildren();
    for (const move of answer.moves) {
      const line = document.createElement("p");
      line.className = "move";
      line.textContent = `Move ${move.name}: table ${move.from_table} seat ${move.from_seat} → table ${move.to_table} seat ${move.to_seat}. `;
      const seated = document.createElement("button");
      seated.textContent = `Seated at table ${move.to_table}`;
      seated.addEventListener("click", () =>
        this.act("moves/confirm/", { from_table: move.from_table, from_seat: move.from_seat, to_table: move.to_table, to_seat: move.to_seat },
          `${move.name} is seated at table ${move.to_table}, seat ${move.to_seat}.`));
      line.append(seated);
      holder.append(line);
    }
    if (answer.halted.length) holder.append(Object.assign(document.createElement("p"), { className: "notice", textContent: `Halt play at table ${answer.halted.join(", ")}: three or more players short.` }));
    if (answer.waiting.length) holder.append(Object.assign(document.createElement("p"), { textContent: `Table ${answer.waiting.join(", ")}: the open seats are between the blinds and the button; move after the next hand.` }));
  },

  playerOut(table, seat, name) {
    if (!confirm(`${name} (table ${table}, seat ${seat}) is out?`)) return;
    this.act(`tables/${table}/seats/${seat}/out/`, {}, `${name} is out.`);
  },

  async act(path, body, done) {
    const { ok, answer } = await postJSON(`${this.base()}${path}`, body);
    this.say(ok ? done : answer.detail, ok);
    this.refresh();
  },

  say(text, ok) {
    const result = this.root.querySelector("[data-result]");
    result.className = `result ${ok ? "ok" : "refused"}`;
    result.textContent = text;
  },
};

document.addEventListener("DOMContentLoaded", () => floorPage.start());
