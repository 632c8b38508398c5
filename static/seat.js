// The player's companion, the seat page from the ticket's QR code: my table and seat (big), a
// "move to table X seat Y" notice when moved (the phone vibrates where it can), my penalty or
// absence, the pay jumps, and my place and prize once out. It reloads its own state only for
// events that can concern it (its own table, a draw, the final table, a penalty or absence, the
// results), so ten thousand phones do not all ask after every move. When the venue's Wi-Fi
// drops, the last known state stays on screen under "reconnecting…" (static/live.js).
// A flight's ticket follows its player to the end of the main event: the bag, then (from the
// flight's close) the main event's feed, the Day 2 seat, every move, the final table, the place.
import { gettext, interpolate, ngettext, pgettext } from "./i18n.js";
import { element, formatMoney, getJSON } from "./api.js";
import { festivalTimeZone, fmt, followFeed, formatClock, formatTime, pageFeed, pageLanguage, sayCount, touches } from "./live.js";
import { shownStep } from "./penalty_words.js";

// "This entry is busted.": the status in the page's language, not the model's English label.
const ENTRY_STATUS_WORDS = { busted: gettext("busted"), voided: gettext("voided"), refunded: gettext("refunded"),
  disqualified: gettext("disqualified") };

const seatPage = {
  root: null,
  asked: 0, // seat requests sent: only the latest one's answer is shown
  answer: null,
  money: null,

  start() {
    this.root = document.querySelector("[data-seat-api]");
    if (!this.root) return;
    document.addEventListener("pokerfest:snapshot", (event) => {
      this.showMoney(event.detail.money);
      this.reload();
    });
    document.addEventListener("pokerfest:event", (event) => {
      const data = event.detail.data || {};
      if (data.money) this.showMoney(data.money);
      if (this.concerns(event.detail)) this.reload();
    });
    // A phone that knows it lost the network says so at once, and keeps what it showed.
    window.addEventListener("offline", () => {
      const feed = pageFeed;
      if (feed && feed.socket && feed.socket.readyState <= WebSocket.OPEN) feed.socket.close();
    });
    setInterval(() => this.showPenalty(), 1000);
  },

  concerns(event) {
    const mine = Number(this.root.dataset.table || 0);
    const data = event.data || {};
    if (touches(event.kind, "all_seats") || touches(event.kind, "player_status")) return true;
    if (event.kind.startsWith("bounty.") && this.answer && this.answer.bounty) { // BNT-KO: a bounty I won or lost
      const me = this.answer.entries[this.answer.entries.length - 1].entry;
      return data.entry === me || (data.awards || []).some((award) => award.entry === me);
    }
    if (event.kind === "qualifiers.updated") return Boolean(this.answer && this.answer.day_two); // FLIGHT-REENTRY may forfeit my bag
    if (event.kind === "chips.bagged") return Boolean(mine) && data.table === mine; // my bag, perhaps
    if (this.answer && this.answer.finish && touches(event.kind, "results")) return true; // my place or prize
    if (!mine) return touches(event.kind, "late_seat"); // seat pending or waiting: a seat may come
    if ((event.kind === "hand.done" || event.kind === "hand.undone") && this.answer && this.answer.penalty && this.answer.penalty.hands_left) {
      return data.table === mine; // hands served at my table
    }
    if (!touches(event.kind, "seats_at_table")) return false; // a clock call at the table is not a move
    return [data.table, data.from_table, data.table_a, data.table_b].includes(mine);
  },

  async reload() {
    const asked = ++this.asked;
    const { ok, answer } = await getJSON(this.root.dataset.seatApi);
    if (!ok || asked !== this.asked) return; // offline or a newer answer on its way: keep what is shown
    this.answer = answer;
    this.currency = answer.currency;
    const over = answer.tournament_status === "finished";
    const dayTwo = answer.day_two;
    const onDayTwo = answer.entries.length > 1; // a flight's ticket following its Day 2 entry, or a Day 2 ticket
    const text = answer.status !== "active" ? interpolate(gettext("This entry is %(status)s."), { status: ENTRY_STATUS_WORDS[answer.status] || answer.status }, true)
      : answer.table && onDayTwo ? interpolate(gettext("Day 2: table %(table)s, seat %(seat)s"), { table: answer.table, seat: answer.seat }, true)
      : answer.table ? interpolate(gettext("Table %(table)s · seat %(seat)s"), { table: answer.table, seat: answer.seat }, true)
      : over && dayTwo && !dayTwo.day_two_entry ? gettext("Your flight is over: your way to Day 2 is below.")
      : over ? gettext("The tournament is over: see the results.")
      : answer.waiting_position ? interpolate(gettext("On the waiting list: position %(position)s. Your seat appears here as soon as one opens."),
        { position: answer.waiting_position }, true)
      : gettext("Seat pending: your table and seat appear here once the field is drawn.");
    const shown = this.root.querySelector("[data-seat]");
    const notice = this.root.querySelector("[data-seat-changed]");
    const before = { table: this.root.dataset.table, seat: this.root.dataset.seatNumber };
    if (!answer.table) notice.textContent = ""; // out, waiting or over: no seat to go to
    // A new seat, not a bust or the end: announced however the page learnt of it, from the
    // event or from a snapshot (under load a heartbeat's resync can overtake the event).
    // A first seat (the draw, the waiting list, a new day's draw) is no move: nothing to leave.
    const firstSeat = !before.table || (onDayTwo && this.root.dataset.onDayTwo !== "1");
    if (answer.table && (String(answer.table) !== before.table || String(answer.seat) !== before.seat || firstSeat)
        && (before.table || shown.textContent !== text)) {
      notice.textContent = firstSeat
        ? interpolate(gettext("Your seat: table %(table)s, seat %(seat)s."), { table: answer.table, seat: answer.seat }, true)
        : interpolate(gettext("Move to table %(table)s seat %(seat)s: please go to your new seat (changed at %(time)s)."),
          { table: answer.table, seat: answer.seat, time: formatTime(Date.now()) }, true) + (answer.move_reason ? " " + answer.move_reason : "");
      if (navigator.vibrate) navigator.vibrate([300, 150, 300]);
    }
    this.root.dataset.onDayTwo = onDayTwo ? "1" : "";
    shown.textContent = text;
    this.root.dataset.table = answer.table || "";
    this.root.dataset.seatNumber = answer.seat || "";
    this.showMoney(answer.money);
    this.showPenalty();
    this.showAbsence(answer.absent);
    this.showFinish(answer.finish);
    this.showWonSeats(answer.won_seats || []);
    this.showEntryNumbers(answer.entries);
    this.showDayTwo(dayTwo);
    this.showBounties(answer.bounty);
    this.follow(answer.follow);
  },

  // BNT-KO, BNT-PKO, BNT-MYSTERY: my bounty, my knockouts, what I won, the envelopes I drew.
  showBounties(bounties) {
    const section = this.root.querySelector("[data-my-bounty]");
    if (!section) return;
    section.hidden = !bounties || bounties.format === "none";
    if (section.hidden) return;
    const money = (minor) => formatMoney(minor, this.currency);
    const mystery = bounties.format === "mystery";
    const lines = [];
    if (!mystery) lines.push(interpolate(gettext("Your bounty: %(head)s"), { head: money(bounties.head) }, true));
    lines.push(interpolate(ngettext("%(n)s knockout", "%(n)s knockouts", bounties.knockouts), { n: bounties.knockouts }, true)
      + " · " + interpolate(gettext("bounties won: %(won)s"), { won: money(bounties.won) }, true));
    for (const envelope of bounties.envelopes) {
      lines.push(interpolate(gettext("Envelope %(n)s drawn: %(amount)s (yours: %(cash)s)"), { n: envelope.draw_number, amount: money(envelope.amount), cash: money(envelope.cash) }, true));
    }
    section.replaceChildren(...lines.map((line) => element("p", { textContent: line })));
    this.showDraw(bounties.envelopes, money);
  },

  // BNT-MYSTERY: an envelope drawn since the page last looked takes the page for a few seconds
  // (as on the TV); Close, or the next draw, puts it away sooner.
  envelopesSeen: null,
  drawTimer: null,
  showDraw(envelopes, money) {
    const seen = this.envelopesSeen;
    this.envelopesSeen = envelopes.length;
    if (seen === null || envelopes.length <= seen) return;
    const drawn = envelopes.reduce((last, envelope) => (envelope.draw_number > last.draw_number ? envelope : last));
    const box = this.root.querySelector("[data-my-draw]");
    const close = element("button", { type: "button", textContent: gettext("Close") });
    close.addEventListener("click", () => { box.hidden = true; });
    box.replaceChildren(
      element("p", { className: "my-draw-title", textContent: interpolate(gettext("You drew envelope %(n)s"), { n: drawn.draw_number }, true) }),
      element("p", { className: "my-draw-amount", textContent: money(drawn.amount) }),
      close);
    box.hidden = false;
    clearTimeout(this.drawTimer);
    this.drawTimer = setTimeout(() => { box.hidden = true; }, 8000);
  },

  // From the flight's close the page listens to the main event, where Day 2 is drawn and played:
  // its clock, its players left, its links (the dead flight's clock goes).
  follow(tournament) {
    if (String(tournament.id) === this.root.dataset.follow) return;
    this.root.dataset.follow = tournament.id;
    this.root.querySelector("[data-lobby-link]").href = `/tournaments/${tournament.id}/`;
    this.root.querySelector("[data-results-link]").href = `/tournaments/${tournament.id}/results/`;
    followFeed(`/ws/tournaments/${tournament.id}/lobby/`);
  },

  // Each tournament numbers its own entries: a flight's #1 is Day 2's #17, both said.
  showEntryNumbers(entries) {
    const line = this.root.querySelector("[data-entry-numbers]");
    line.hidden = entries.length < 2;
    if (line.hidden) return;
    line.textContent = interpolate(gettext("%(flight)s #%(flight_entry)s is %(main)s #%(day_two_entry)s on Day 2."),
      { flight: entries[0].tournament, flight_entry: entries[0].entry, main: entries[1].tournament, day_two_entry: entries[1].entry }, true);
  },

  // AC-CARRY, FLIGHT-REENTRY: a flight entry's bag and its way to Day 2 (its start and its seat).
  showDayTwo(dayTwo) {
    const section = this.root.querySelector("[data-day-two]");
    section.hidden = !dayTwo;
    if (!dayTwo) return;
    const set = (selector, text) => (section.querySelector(selector).textContent = text);
    set("[data-day-two-title]", interpolate(gettext("Day 2 of %(main)s"), { main: dayTwo.main_event }, true));
    const extensions = dayTwo.time_extensions === null ? ""
      : " · " + interpolate(gettext("%(count)s time extensions"), { count: dayTwo.time_extensions }, true);
    set("[data-day-two-bag]", interpolate(gettext("Your bag: %(chips)s chips"), { chips: fmt(dayTwo.chips) }, true) + extensions);
    set("[data-day-two-seat] strong", dayTwo.status === "forfeited" ? interpolate(gettext("This bag does not go to Day 2: %(reason)s"), { reason: dayTwo.reason }, true)
      : dayTwo.table ? interpolate(gettext("Day 2: table %(table)s, seat %(seat)s"), { table: dayTwo.table, seat: dayTwo.seat }, true)
      : dayTwo.day_two_entry ? interpolate(gettext("Day 2 entry #%(number)s"), { number: dayTwo.day_two_entry }, true)
      : dayTwo.status === "forward" ? gettext("Qualified for Day 2: your table and seat appear here once Day 2 is drawn.")
      : gettext("Bagged: the bag qualifies for Day 2 once the flight closes."));
    const start = section.querySelector("[data-day-two-start]");
    start.hidden = !dayTwo.starts_at || Boolean(dayTwo.day_two_entry);
    if (!start.hidden) {
      const when = new Date(dayTwo.starts_at).toLocaleString(pageLanguage, { timeZone: festivalTimeZone, weekday: "long", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" });
      start.textContent = interpolate(gettext("Day 2 starts %(when)s."), { when }, true);
    }
    section.querySelector("[data-day-two-lobby]").href = `/tournaments/${dayTwo.main_event_id}/`;
  },

  // REG-NONTRANSFER: the seats this entry won (a satellite's seat place, a freeroll into the next
  // level), each with the voucher code the target's desk asks for.
  showWonSeats(vouchers) {
    this.root.querySelector("[data-my-vouchers]").replaceChildren(...vouchers.map((voucher) => element("p",
      { className: "my-voucher", textContent: interpolate(gettext("You won a seat in %(target)s: voucher %(code)s"),
        { target: voucher.target.name, code: voucher.code }, true) })));
  },

  amount(minor) {
    return formatMoney(minor, this.currency || "EUR");
  },

  // PAY-STRUCT, once the payouts are public: in the money, what the next player out wins and
  // the jump after; before, the places paid and the min cash.
  showMoney(money) {
    if (money) this.money = money;
    money = this.money;
    const show = Boolean(money && money.pool && money.published && !money.deal && money.places_paid);
    this.root.querySelectorAll("[data-pay-jumps]").forEach((row) => (row.hidden = !show));
    if (!show) return;
    const inTheMoney = money.in_the_money && money.next_out_prize;
    const set = (selector, text) => (this.root.querySelector(selector).textContent = text);
    set("[data-next-out-label]", inTheMoney ? gettext("Next out") : gettext("Places paid"));
    set("[data-next-out]", inTheMoney ? this.amount(money.next_out_prize) : fmt(money.places_paid));
    set("[data-next-jump-label]", inTheMoney ? gettext("Next pay jump") : gettext("Min cash"));
    set("[data-next-jump]", !inTheMoney ? this.amount(money.min_cash || 0)
      : money.next_pay_jump ? this.amount(money.next_pay_jump) : "–");
  },

  // PEN-LADDER: what I have left to sit out, counted down here while play counts it.
  showPenalty() {
    const line = this.root.querySelector("[data-my-penalty]");
    const penalty = this.answer && this.answer.status === "active" ? this.answer.penalty : null;
    line.hidden = !penalty;
    if (!penalty) return;
    if (penalty.status !== "serving") {
      line.textContent = interpolate(gettext("Penalty served (%(step)s): you may return to your seat."), { step: shownStep(penalty.step) }, true);
      return;
    }
    let seconds = penalty.seconds_left;
    if (penalty.counting_until && pageFeed) {
      const now = pageFeed.serverNow();
      const counted = Math.min(now, Date.parse(penalty.counting_until)) - Date.parse(penalty.as_of);
      seconds = Math.max(0, seconds - Math.max(0, Math.floor(counted / 1000)));
    }
    const left = [penalty.hands_left ? sayCount(penalty.hands_left, ngettext("%(count)s hand", "%(count)s hands", penalty.hands_left)) : "",
      seconds ? interpolate(gettext("%(time)s of play"), { time: formatClock(seconds * 1000) }, true) : ""].filter(Boolean).join(gettext(" and "));
    line.textContent = left ? interpolate(gettext("Sitting out: %(step)s · %(left)s left."), { step: shownStep(penalty.step), left }, true)
      : interpolate(gettext("Sitting out: %(step)s."), { step: shownStep(penalty.step) }, true);
  },

  // PEN-ABSENT: the floor has me down as absent (dealt in and blinded off).
  showAbsence(absent) {
    const line = this.root.querySelector("[data-my-absence]");
    line.hidden = !absent;
    if (!absent) return;
    line.textContent = interpolate(gettext("Marked absent since %(time)s: your hands are dealt and blinded off. Tell the floor when you are back."),
      { time: formatTime(absent.since) }, true);
  },

  // My place and prize once out (a shared place when tied; the prize once payouts are public).
  showFinish(finish) {
    const line = this.root.querySelector("[data-my-finish]");
    line.hidden = !finish;
    if (!finish) return;
    const [from, to] = finish.place;
    const place = from === to ? finishedPlace(from) : interpolate(gettext("%(from)s–%(to)s (tied)"), { from: finishedPlace(from), to: finishedPlace(to) }, true);
    const seat = finish.seat && interpolate(gettext("a seat in %(target)s"), { target: finish.seat.name }, true);
    const prize = seat && finish.prize ? interpolate(gettext("%(seat)s and %(amount)s in cash at the payout desk"), { seat, amount: this.amount(finish.prize) }, true)
      : seat ? seat
      : !finish.published ? gettext("prizes are published at the first break")
      : finish.prize ? interpolate(gettext("prize %(amount)s: collect it at the payout desk"), { amount: this.amount(finish.prize) }, true) : gettext("no prize");
    line.textContent = interpolate(gettext("You finished %(place)s of %(field)s · %(prize)s."), { place, field: fmt(finish.field), prize }, true);
  },
};

// "1st", "22nd", "13th" by the English rule, in "You finished 7th of 12"; each form is translated
// whole, in its own context: German writes the line "Platz 7 von 12", with no ordinal dot.
function finishedPlace(n) {
  const tens = n % 100;
  const form = tens >= 11 && tens <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  const text = { st: pgettext("place finished", "%(n)sst"), nd: pgettext("place finished", "%(n)snd"),
    rd: pgettext("place finished", "%(n)srd"), th: pgettext("place finished", "%(n)sth") }[form];
  return interpolate(text, { n }, true);
}

document.addEventListener("DOMContentLoaded", () => seatPage.start());
