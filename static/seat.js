// The player's seat page (from the ticket's QR code): follows the entry live. It reloads its
// seat only for events that can concern it (its own table, a draw, the final table), so ten
// thousand phones do not all ask after every move.
"use strict";

const seatPage = {
  root: null,
  asked: 0, // seat requests sent: only the latest one's answer is shown

  start() {
    this.root = document.querySelector("[data-seat-api]");
    if (!this.root) return;
    document.addEventListener("pokerfest:snapshot", () => this.reload());
    document.addEventListener("pokerfest:event", (event) => { if (this.concerns(event.detail)) this.reload(); });
  },

  concerns(event) {
    const mine = Number(this.root.dataset.table || 0);
    const data = event.data || {};
    if (touches(event.kind, "all_seats")) return true;
    if (!mine) return touches(event.kind, "late_seat"); // seat pending or waiting: a seat may come
    if (!touches(event.kind, "seats_at_table")) return false; // a clock call at the table is not a move
    return [data.table, data.from_table, data.table_a, data.table_b].includes(mine);
  },

  async reload() {
    const asked = ++this.asked;
    const { ok, answer } = await getJSON(this.root.dataset.seatApi);
    if (!ok || asked !== this.asked) return;
    const text = answer.status !== "active" ? `This entry is ${answer.status_display}.`
      : answer.tournament_status === "finished" ? "The tournament is over: see the results in the lobby."
      : answer.table ? `Table ${answer.table} · seat ${answer.seat}`
      : answer.waiting_position ? `On the waiting list: position ${answer.waiting_position}. Your seat appears here as soon as one opens.`
      : "Seat pending: your table and seat appear here once the field is drawn.";
    const shown = this.root.querySelector("[data-seat]");
    const notice = this.root.querySelector("[data-seat-changed]");
    if (!answer.table) notice.textContent = ""; // out, waiting or over: no seat to go to
    // A new seat, not a bust or the end: announced however the page learnt of it, from the
    // event or from a snapshot (under load a heartbeat's resync can overtake the event).
    if (answer.table && shown.textContent !== text) {
      this.root.querySelector("[data-seat-changed]").textContent = `Changed at ${new Date().toLocaleTimeString()}: please go to your new seat.`;
    }
    shown.textContent = text;
    this.root.dataset.table = answer.table || "";
  },
};

document.addEventListener("DOMContentLoaded", () => seatPage.start());
