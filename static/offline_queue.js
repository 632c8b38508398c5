// The floor tablet's offline queue (issue 14). Every tap is kept in localStorage with its
// Idempotency-Key until the server has answered it, and taps are sent one at a time, in the
// order they were made. With no answer (the venue's Wi-Fi dropped, the server restarting)
// the tap waits, listed on the tablet and marked on its table, and is sent again with the
// same key when the connection is back (the live socket's new snapshot, the browser's
// `online`, a retry timer): the server takes a repeated key once, so a tap whose answer was
// lost is not applied twice. A reload keeps what waits.
import { gettext, interpolate, ngettext } from "./i18n.js";
import { element, newRequestKey, postJSON } from "./api.js";
import { floorUndo } from "./undo.js";

export const floorQueue = {
  items: [], // {key, url, path, body, table, seat, label, deferred}: the taps not answered yet, in order
  refused: [], // {key, label, detail}: replays the server refused, shown until dismissed
  answers: new Map(), // key → the tap on this page waiting for its answer
  draining: false,
  timer: null,
  tables: [], // the floor view last drawn: names for the labels, entry numbers for Out
  storeKey: "",
  signedOut: "", // the server's sentence when it answered "sign in" to a tap
  page: null, // the floor tablet (static/floor.js), set as it starts

  start() {
    const floor = document.querySelector(".floor");
    if (!floor) return;
    this.storeKey = `pokerfest-floor-queue:${floor.dataset.apiBase}`;
    try {
      const kept = JSON.parse(localStorage.getItem(this.storeKey) || "{}");
      // Kept from an earlier page: got no answer there, so they are replays now.
      this.items = (kept.items || []).map((item) => ({ ...item, deferred: true }));
      this.refused = kept.refused || [];
    } catch (broken) {
      this.items = [];
    }
    window.addEventListener("online", () => this.drain());
    document.addEventListener("pokerfest:snapshot", () => this.drain()); // the live socket is back
    this.show();
    this.drain();
  },

  save() {
    const kept = { items: this.items.map(({ deferred, ...item }) => item), refused: this.refused };
    localStorage.setItem(this.storeKey, JSON.stringify(kept));
  },

  // floor.js's act(): answers {ok, status, answer} once the server has, or {queued: true}
  // when the tap waits for the connection.
  post(base, path, body) {
    const item = { key: newRequestKey(), url: `${base}${path}`, ...this.describe(path, { ...(body || {}) }) };
    this.items.push(item);
    this.save(); // before sending: a reload while it is on the way keeps it
    return new Promise((resolve) => {
      this.answers.set(item.key, resolve);
      this.drain();
    });
  },

  describe(path, body) {
    const number = (pattern) => Number((path.match(pattern) || [])[1]) || null;
    const table = number(/tables\/(\d+)\//), seat = number(/seats\/(\d+)\//);
    const shown = this.tables.find((t) => t.number === table);
    const player = shown && seat ? shown.players[String(seat)] : null;
    let label;
    if (/\/seats\/\d+\/out\/$/.test(path)) {
      // The entry the tablet showed in the seat: sent late, the tap is refused if the seat
      // changed hands meanwhile rather than putting someone else out.
      if (player && body.entry === undefined) body.entry = player.number;
      label = player ? interpolate(gettext("Out: table %(table)s, seat %(seat)s, %(name)s"), { table, seat, name: player.name }, true)
        : interpolate(gettext("Out: table %(table)s, seat %(seat)s"), { table, seat }, true);
    } else if (/\/hand-done\/$/.test(path)) {
      // Offline the tablet cannot redraw, so a second Hand done at the table names the hand
      // after the one already waiting: replayed in order both count. Online, a double tap
      // names the same hand and the second is answered "already done", as before.
      const waiting = this.items.filter((i) => i.path === path && i.deferred).map((i) => i.body.hand + 1);
      if (waiting.length) body.hand = Math.max(body.hand, ...waiting);
      label = interpolate(gettext("Hand done: table %(table)s, hand %(hand)s"), { table, hand: body.hand }, true);
    } else {
      const what = path.replace(/^.*?(tables\/\d+\/)?(seats\/\d+\/)?/, "").replace(/\/$/, "").replace(/[-/]/g, " ");
      const action = this.actionWords()[what.replace(/^(?:[a-z]+(?: [a-z]+)* \d+ )+/, "")] || what;
      label = table && seat ? interpolate(gettext("Table %(table)s, seat %(seat)s: %(action)s"), { table, seat, action }, true)
        : table ? interpolate(gettext("Table %(table)s: %(action)s"), { table, action }, true) : action;
    }
    return { path, body, table, seat, label };
  },

  // The tablet's other taps in the floor's words (the path's last words as the key).
  actionWords() {
    return {
      "absent": gettext("absent"), "present": gettext("arrived"), "action clock": gettext("action clock"),
      "call clock": gettext("clock called"), "clock acted": gettext("acted in time"), "bag": gettext("chips bagged"),
      "bag confirm": gettext("bag confirmed"), "remove stack": gettext("stack removed"), "chip counts": gettext("chip count"),
      "hand for hand frozen": gettext("all-in, frozen"), "hand for hand play out": gettext("play the all-in out"),
      "race": gettext("chip race"), "photo id": gettext("photo ID checked"), "dispute": gettext("ruling disputed"),
    };
  },

  async drain() {
    if (this.draining || !this.items.length) return;
    this.draining = true;
    clearTimeout(this.timer);
    let replayed = false, refusedNow = 0;
    try {
      while (this.items.length) {
        const item = this.items[0];
        const result = await postJSON(item.url, item.body, item.key);
        // A replay answered "sign in" (the tablet's session ended while it waited): the taps
        // are the floor's still, so they wait for a new sign-in rather than being lost.
        this.signedOut = result.status === 401 && item.deferred ? result.answer.detail : "";
        if (result.status === 0 || [502, 503, 504].includes(result.status) || this.signedOut) return this.wait();
        this.items.shift();
        replayed = replayed || !!item.deferred;
        // A refused replay does not hold back the taps after it: each is a fact the dealer saw
        // at the table, checked by the server on its own against the table as it is now (Hand
        // done names its hand, Out its seat and entry), so holding them would lose facts and
        // protect nothing. The refusal stays on the tablet until the floor dismisses it.
        if (!result.ok && item.deferred) {
          this.refused.push({ key: item.key, label: item.label, detail: result.answer.detail });
          refusedNow += 1;
        }
        this.save();
        if (result.ok) floorUndo.offer(item, result.answer); // static/undo.js
        this.settle(item.key, result);
      }
    } finally {
      this.draining = false;
      this.show();
    }
    if (replayed && this.page) {
      if (!this.items.length) this.page.replayed(refusedNow);
      this.page.refresh();
    }
  },

  // No answer: whoever tapped is told it waits; every tap waiting is a replay from now on.
  wait() {
    this.items.forEach((item) => {
      item.deferred = true;
      this.settle(item.key, { ok: true, queued: true, answer: {} });
    });
    this.timer = setTimeout(() => this.drain(), 5000);
  },

  settle(key, result) {
    const resolve = this.answers.get(key);
    this.answers.delete(key);
    if (resolve) resolve(result);
  },

  // floor.js's refresh(), after each redraw: the view for the labels, the marks on the tables.
  drawn(answer) {
    this.tables = answer.tables || [];
    this.show();
  },

  waiting() {
    return this.items.some((item) => item.deferred) ? this.items : [];
  },

  show() {
    const floor = document.querySelector(".floor");
    if (!floor) return;
    const waiting = this.waiting();
    const pending = this.box(floor, "offline-queue", "polite");
    pending.replaceChildren(...(waiting.length ? [
      element("h2", { textContent: interpolate(ngettext("%(n)s tap waiting for the connection", "%(n)s taps waiting for the connection",
        waiting.length), { n: waiting.length }, true) }),
      element("ol", {}, ...waiting.map((item) => element("li", { textContent: item.label }))),
      ...(this.signedOut ? [element("p", { textContent: interpolate(gettext("Sign in again to send them: %(why)s"),
        { why: this.signedOut }, true) })] : []),
    ] : []));
    pending.hidden = !waiting.length;
    const refused = this.box(floor, "offline-refused", "assertive");
    refused.replaceChildren(...(this.refused.length ? [
      element("h2", { textContent: gettext("Refused when sent again") }),
      element("ul", {}, ...this.refused.map((item) => element("li", {},
        element("span", { textContent: `${item.label}: ${item.detail}` }), " ",
        element("button", { type: "button", textContent: gettext("Dismiss"), onclick: () => this.dismiss(item.key) })))),
    ] : []));
    refused.hidden = !this.refused.length;
    this.mark(floor, waiting);
  },

  box(floor, name, politeness) {
    let box = floor.querySelector(`.${name}`);
    if (!box) {
      box = element("section", { className: name });
      box.setAttribute("aria-live", politeness);
      floor.querySelector("[data-result]").after(box);
    }
    return box;
  },

  // Taps waiting are marked on their table and seat, so the tablet never shows the table as
  // if they had not been made without saying so.
  mark(floor, waiting) {
    floor.querySelectorAll("[data-tables] > [data-table]").forEach((card) => {
      card.querySelectorAll(".taps-waiting").forEach((old) => old.remove());
      card.querySelectorAll(".tap-waiting").forEach((seat) => seat.classList.remove("tap-waiting"));
      const mine = waiting.filter((item) => String(item.table) === card.dataset.table);
      if (!mine.length) return;
      const note = element("p", { className: "taps-waiting", textContent: interpolate(ngettext("%(n)s tap waiting",
        "%(n)s taps waiting", mine.length), { n: mine.length }, true) });
      note.dataset.tapsWaiting = mine.length;
      (card.firstElementChild || card).after(note);
      mine.filter((item) => item.seat).forEach((item) => {
        const seat = card.querySelector(`[data-seat="${item.seat}"]`);
        if (seat) seat.classList.add("tap-waiting");
      });
    });
  },

  dismiss(key) {
    this.refused = this.refused.filter((item) => item.key !== key);
    this.save();
    this.show();
  },
};

document.addEventListener("DOMContentLoaded", () => floorQueue.start());
