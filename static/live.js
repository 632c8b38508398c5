// pokerfest live client: one socket per page, a snapshot first, then events in seq order.
// Protocol: docs/live-protocol.md. No build step; every live page imports this module, which
// starts the page's feed once the page is parsed (DOMContentLoaded).
import { gettext, interpolate, ngettext } from "./i18n.js";
import { formatMoney } from "./api.js";

// The page's language (<html lang>, from the request): numbers and times are written in it.
export const pageLanguage = document.documentElement.lang || "en";
// The festival's time zone, from the first snapshot: times on the page are the venue's, not the device's.
export let festivalTimeZone;
// A page that writes times before its first snapshot (the director's log) gives the zone itself.
export function useFestivalTimeZone(zone) {
  festivalTimeZone = zone;
}
// The page's own feed (startLivePage), null until it starts: the server's clock for countdowns.
export let pageFeed = null;

// A moment's time of day, in the page's language and the festival's time zone.
export function formatTime(at, options) {
  return new Date(at).toLocaleTimeString(pageLanguage, { timeZone: festivalTimeZone, ...(options || {}) });
}

// A count in a sentence: sayCount(n, ngettext("%(count)s player", "%(count)s players", n)).
export function sayCount(count, text) {
  return interpolate(text, { count }, true);
}

// settings.LIVE_PORT, from the page's <meta name="pokerfest-live-port">; empty: the page's origin.
const livePort = document.querySelector('meta[name="pokerfest-live-port"]')?.content || "";

export class LiveFeed {
  // url: the socket path; handlers: onSnapshot(snapshot), onEvent(event), onStatus(state, detail)
  constructor(path, handlers) {
    this.path = path;
    this.handlers = handlers;
    this.seq = null; // the seq the screen is current to; null until the first snapshot
    this.offsetMs = 0; // server clock minus this device's clock
    this.backoffMs = 500;
    this.awaitingSnapshot = true;
    this.owed = null; // a seq the last heartbeat said the server has and this screen had not yet
    this.stopped = false;
  }

  start() {
    this.connect();
    return this;
  }

  serverNow() {
    return Date.now() + this.offsetMs;
  }

  // For good: the page follows another tournament's feed (followFeed).
  stop() {
    this.stopped = true;
    if (this.socket) this.socket.close();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    // The public lobby socket is the live process's: on a port of its own under `make run`
    // (the page says which), on the page's own origin behind the proxy (docs/live-protocol.md).
    const host = livePort && this.path.endsWith("/lobby/") ? `${location.hostname}:${livePort}` : location.host;
    this.socket = new WebSocket(`${scheme}//${host}${this.path}`);
    this.awaitingSnapshot = true;
    this.socket.onopen = () => {
      this.backoffMs = 500;
    };
    this.socket.onmessage = (message) => this.receive(JSON.parse(message.data));
    this.socket.onclose = (closing) => {
      if (closing.code === 4403 || closing.code === 4404) {
        this.stopped = true;
        const why = closing.code === 4403 ? gettext("not allowed: sign in with the right role") : gettext("no such tournament");
        this.status("closed", why);
        return;
      }
      if (this.stopped) return;
      if (closing.code === 4429) {
        // Too many sockets or resyncs from this address this minute: say so, and come back when
        // the reason says the minute turns (not sooner: every try would count).
        const seconds = Number((/in (\d+) s/.exec(closing.reason || "") || [])[1] || this.retryAfter || 60);
        this.status("closed", interpolate(gettext("too many connections from your network: trying again in %(seconds)s s"), { seconds }, true));
        setTimeout(() => this.connect(), (seconds + Math.random() * 5) * 1000);
        return;
      }
      this.status("reconnecting");
      // Backoff with jitter, so a room of screens does not reconnect in one burst.
      const wait = this.backoffMs * (0.75 + Math.random() / 2);
      this.backoffMs = Math.min(this.backoffMs * 2, 10000);
      setTimeout(() => this.connect(), wait);
    };
  }

  receive(frame) {
    if (this.stopped) return; // a frame still on its way to a feed the page has left
    if (frame.server_time) this.offsetMs = Date.parse(frame.server_time) - Date.now();
    if (frame.type === "snapshot") {
      if (frame.tournament && frame.tournament.time_zone) festivalTimeZone = frame.tournament.time_zone; // times on the page
      this.seq = frame.seq;
      this.owed = null;
      this.awaitingSnapshot = false;
      this.handlers.onSnapshot(frame);
      this.status("live");
    } else if (frame.type === "event") {
      if (this.awaitingSnapshot || frame.seq <= this.seq) return; // the snapshot covers it
      if (frame.seq !== this.seq + 1) {
        this.resync(); // a gap: something was lost, start again from a snapshot
        return;
      }
      this.seq = frame.seq;
      this.handlers.onEvent(frame);
    } else if (frame.type === "heartbeat") {
      // The server's current seq, every few seconds: a lost last event shows up here. Beat reads
      // the seq once the event commits, and its heartbeat may overtake the event's own frame
      // (sent after the commit by another process): a seq still missing at the next one was lost.
      if (this.awaitingSnapshot) return;
      if (this.owed !== null && this.seq < this.owed) {
        this.resync();
        return;
      }
      this.owed = frame.seq > this.seq ? frame.seq : null;
    } else if (frame.type === "error") {
      if (frame.retry_after) this.retryAfter = frame.retry_after; // a flood refused: the close (4429) follows
      console.warn("pokerfest live:", frame.message);
    }
  }

  resync() {
    this.awaitingSnapshot = true;
    this.status("resyncing");
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ type: "resync" }));
  }

  status(state, detail) {
    document.querySelectorAll("[data-live-status]").forEach((element) => {
      element.dataset.liveStatus = state;
      element.textContent = liveStatusWords(state, detail);
    });
    if (this.handlers.onStatus) this.handlers.onStatus(state, detail);
  }
}

// The connection's state in words: "live", "reconnecting…".
export function liveStatusWords(state, detail) {
  return {
    live: gettext("live"),
    reconnecting: gettext("reconnecting…"),
    resyncing: gettext("catching up…"),
    closed: interpolate(gettext("disconnected: %(why)s"), { why: detail }, true),
  }[state];
}

// The level clock as every screen shows it, counted down locally from ends_at and the
// server's time; a screen never ticks its own idea of the level.
export class ClockDisplay {
  constructor(root, feed) {
    this.root = root;
    this.feed = feed;
    this.clock = null;
    setInterval(() => this.render(), 200);
  }

  update(clock) {
    this.clock = clock;
    this.render();
  }

  // Players left and chips in play, from the snapshot and the events that change them.
  updateField(data) {
    if (data.money) this.money = data.money;
    if (data.tournament && data.tournament.currency) this.currency = data.tournament.currency;
    if (data.players_left === undefined || data.chips_in_play === undefined) return;
    this.players = { left: data.players_left, chips: data.chips_in_play };
    this.render();
  }

  // PAY-POOL, PAY-STRUCT: the pool, the places paid and what the next player out wins.
  renderMoney() {
    const money = this.money;
    this.root.querySelectorAll("[data-clock-money]").forEach((row) => (row.hidden = !money || !money.pool));
    if (!money || !money.pool) return;
    const amount = (minor) => formatMoney(minor, this.currency || "EUR"); // as every page writes money: "600.00 EUR"
    this.field("pool", money.guarantee ? interpolate(gettext("%(pool)s (guaranteed %(guarantee)s)"), { pool: amount(money.pool), guarantee: amount(money.guarantee) }, true) : amount(money.pool));
    const jump = money.next_pay_jump ? interpolate(gettext(" · then %(amount)s"), { amount: amount(money.next_pay_jump) }, true) : "";
    const deal = money.deal && interpolate(gettext("deal (%(method)s): "), { method: money.deal.method }, true) + money.deal.players.map((p) => `${p.name} ${amount(p.amount)}`).join(" · ") +
      (money.deal.left_to_play ? interpolate(gettext(" · %(amount)s left to play"), { amount: amount(money.deal.left_to_play) }, true) : "");
    const places = money.places_paid;
    const satellite = money.satellite && (interpolate(ngettext("%(count)s seat in %(target)s", "%(count)s seats in %(target)s", money.satellite.seats),
      { count: fmt(money.satellite.seats), target: money.satellite.target.name }, true) +
      (money.satellite.remainder ? interpolate(gettext(" · %(amount)s cash to the next place"), { amount: amount(money.satellite.remainder) }, true) : ""));
    this.field("paid", !money.published ? gettext("payouts published at the first break") : deal ? deal : satellite ? satellite
      : money.in_the_money && !money.next_out_prize ? sayCount(fmt(places), ngettext("%(count)s place paid", "%(count)s places paid", places))
      : money.in_the_money ? interpolate(gettext("in the money · next out %(amount)s"), { amount: amount(money.next_out_prize) }, true) + jump
      : sayCount(fmt(places), ngettext("%(count)s place", "%(count)s places", places)) + interpolate(gettext(" · min cash %(amount)s"), { amount: amount(money.min_cash || 0) }, true) +
        (money.hand_for_hand_due ? gettext(" · the bubble is near") : ""));
  }

  remainingMs() {
    const clock = this.clock;
    if (clock.status === "running") return Math.max(0, Date.parse(clock.ends_at) - this.feed.serverNow());
    return clock.remaining_ms;
  }

  field(name, text) {
    this.root.querySelectorAll(`[data-clock="${name}"]`).forEach((element) => {
      if (element.textContent !== text) element.textContent = text;
    });
  }

  render() {
    const clock = this.clock;
    if (!clock) {
      this.field("status", gettext("no structure yet"));
      return;
    }
    const level = clock.level;
    this.root.dataset.clockStatus = clock.status;
    const timeOut = clock.status === "paused" && clock.resume_at
      ? interpolate(gettext("time-out · back in %(time)s"), { time: formatClock(Math.max(0, Date.parse(clock.resume_at) - this.feed.serverNow())) }, true) : null;
    // A closed flight is not the tournament's end: it says its own name and its bags.
    const over = this.flightOver || { finished: gettext("tournament over"), cancelled: gettext("tournament cancelled") }[this.tournamentStatus];
    this.field("status", over || timeOut || { ready: gettext("not started"), running: gettext("running"), paused: gettext("paused"), finished: gettext("structure complete") }[clock.status]);
    this.field("level", level.is_break ? breakName(level) : interpolate(gettext("Level %(number)s"), { number: clock.level_number }, true));
    this.field("blinds", level.is_break ? "—" : `${fmt(level.small_blind)} / ${fmt(level.big_blind)}`);
    this.field("ante", level.is_break || !level.ante ? "" : interpolate(gettext("ante %(ante)s"), { ante: fmt(level.ante) }, true));
    this.field("remaining", formatClock(this.remainingMs()));
    this.announceLevel(clock);
    this.field("colour-up", level.colour_up ? interpolate(gettext("Colour-up: %(chips)s"), { chips: level.colour_up }, true) : "");
    // CLK-LIMIT: real time left until play must end.
    this.root.querySelectorAll("[data-clock-limit]").forEach((row) => (row.hidden = !clock.limit_at));
    if (clock.limit_at) this.field("limit", formatClock(Math.max(0, Date.parse(clock.limit_at) - this.feed.serverNow())));
    this.field("to-break", over ? "–" : clock.break_after_ms === null || clock.break_after_ms === undefined ? gettext("no break ahead")
      : formatClock(this.remainingMs() + clock.break_after_ms));
    this.renderMoney();
    if (this.players) {
      this.field("players-left", fmt(this.players.left));
      const average = this.players.left ? Math.round(this.players.chips / this.players.left) : 0;
      const bb = !level.is_break && level.big_blind
        ? ` (${(average / level.big_blind).toLocaleString(pageLanguage, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} BB)` : "";
      // A main event's chips are in its flights until Day 2: no average from none counted.
      this.field("average", this.players.left && this.players.chips ? `${fmt(average)}${bb}` : "–");
    }
    const next = clock.next_level;
    this.field(
      "next",
      over ? "" : next ? (next.is_break ? (next.name ? interpolate(gettext("Next: break (%(name)s)"), { name: next.name }, true) : gettext("Next: break"))
        : interpolate(gettext("Next: %(blinds)s"), { blinds: `${fmt(next.small_blind)} / ${fmt(next.big_blind)}` }, true) +
          (next.ante ? interpolate(gettext(" ante %(ante)s"), { ante: fmt(next.ante) }, true) : "")) : gettext("Last level")
    );
  }
}

// "Break" or "Break: Dinner", as the clock and the TV's alert say it.
export function breakName(level) {
  return level.name ? interpolate(gettext("Break: %(name)s"), { name: level.name }, true) : gettext("Break");
}

// CLK-EOD as the lobby and the TV say it: "Day 1, last 2 hands: still playing at tables 3, 5."
export function lastHandsLine(state) {
  if (state.day_over || !state.playing.length) return interpolate(gettext("Day %(day)s is over: chips are bagged."), { day: state.day }, true);
  const tables = state.playing.join(", ");
  if (!state.hands) {
    return interpolate(ngettext("Day %(day)s, last hands: still playing at table %(tables)s.", "Day %(day)s, last hands: still playing at tables %(tables)s.",
      state.playing.length), { day: state.day, tables }, true);
  }
  const hands = interpolate(ngettext("last %(hands)s hand", "last %(hands)s hands", state.hands), { hands: state.hands }, true);
  return interpolate(ngettext("Day %(day)s, %(hands)s: still playing at table %(tables)s.", "Day %(day)s, %(hands)s: still playing at tables %(tables)s.",
    state.playing.length), { day: state.day, hands, tables }, true);
}

// Screen readers hear a new level once, in a polite live region of its own
// ([data-clock-announce]); the time left is in no live region, so the seconds are never read.
ClockDisplay.prototype.announceLevel = function (clock) {
  const known = this.announcedLevel;
  this.announcedLevel = clock.level_index;
  if (known === undefined || known === clock.level_index) return; // nothing said on opening the page
  const level = clock.level;
  const values = { level: clock.level_number, name: level.name, small: fmt(level.small_blind), big: fmt(level.big_blind), ante: fmt(level.ante) };
  const text = level.is_break ? breakName(level)
    : interpolate(level.ante ? gettext("Level %(level)s: blinds %(small)s / %(big)s, ante %(ante)s")
      : gettext("Level %(level)s: blinds %(small)s / %(big)s"), values, true);
  this.root.querySelectorAll("[data-clock-announce]").forEach((element) => (element.textContent = text));
};

// A closed flight (snapshot's `flight_over`, or the `flight.closed` event): "Day 1A is over: 5 bags".
export function flightOverLine(over) {
  return interpolate(ngettext("%(flight)s is over: %(bags)s bag", "%(flight)s is over: %(bags)s bags", over.bags), { flight: over.flight, bags: over.bags }, true);
}

export function fmt(amount) {
  return Number(amount).toLocaleString(pageLanguage);
}

export function formatClock(ms) {
  const total = Math.ceil(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mmss = `${String(minutes).padStart(hours ? 2 : 1, "0")}:${String(seconds).padStart(2, "0")}`;
  return hours ? `${hours}:${mmss}` : mmss;
}

// The page's clock display (startLivePage), kept for followFeed.
let pageDisplay = null;

// The seat page follows its player from a flight into Day 2: the page's feed moves to the main
// event's socket, and the clock, players left and events are then that tournament's.
export function followFeed(path) {
  if (!pageFeed || pageFeed.path === path) return;
  const handlers = pageFeed.handlers;
  pageFeed.stop();
  document.querySelectorAll("[data-live-path]").forEach((element) => (element.dataset.livePath = path));
  pageFeed = new LiveFeed(path, handlers);
  Object.assign(pageDisplay, { feed: pageFeed, clock: null, players: null, money: null, announcedLevel: undefined });
  announcementsBanner.feed = pageFeed;
  pageFeed.start();
}

// Wires a page: the clock and the tournament status (a staff page's log: static/event_log.js).
function startLivePage() {
  const page = document.querySelector("[data-live-path]");
  if (!page) return null;
  let display;
  const feed = new LiveFeed(page.dataset.livePath, {
    onSnapshot(snapshot) {
      display.updateField(snapshot);
      display.update(snapshot.clock);
      setText("[data-tournament-status]", tournamentStatusWord(snapshot.tournament.status));
      display.tournamentStatus = snapshot.tournament.status;
      display.flightOver = snapshot.flight_over ? flightOverLine(snapshot.flight_over) : null;
      setText("[data-entries]", snapshot.entries);
      page.dataset.seq = snapshot.seq;
      announcementsBanner.update(snapshot.announcements || []);
      // After a resync, pages with their own live parts reload them: events may have been missed.
      document.dispatchEvent(new CustomEvent("pokerfest:snapshot", { detail: snapshot }));
    },
    onEvent(event) {
      const data = event.data || {};
      display.updateField(data);
      if (data.clock) display.update(data.clock);
      if (data.tournament_status) {
        setText("[data-tournament-status]", tournamentStatusWord(data.tournament_status));
        display.tournamentStatus = data.tournament_status; // the clock says the tournament is over
      }
      if (event.kind === "flight.closed") display.flightOver = flightOverLine(data);
      const entries = data.entries ?? data.seats_sold; // public and staff frames name it differently
      if (entries !== undefined) setText("[data-entries]", entries);
      page.dataset.seq = event.seq;
      if (touches(event.kind, "announcements")) announcementsBanner.update(data.announcements || []);
      // Pages with their own live parts listen for this rather than patching this client.
      document.dispatchEvent(new CustomEvent("pokerfest:event", { detail: event }));
    },
  });
  display = new ClockDisplay(document.querySelector("[data-clock-root]") || document.body, feed);
  pageDisplay = display;
  announcementsBanner.feed = feed;
  pageFeed = feed;
  return feed.start();
}

// TD-ANNOUNCE: the director's announcements on every live screen, newest first, until taken
// down (an event) or expired (this screen's own check against the server's time).
const announcementsBanner = {
  feed: null,
  list: [],
  update(list) {
    this.list = list;
    this.render();
  },
  render() {
    const box = document.querySelector("[data-announcements]");
    if (!box) return;
    const now = this.feed ? this.feed.serverNow() : Date.now();
    const up = this.list.filter((item) => !item.expires_at || Date.parse(item.expires_at) > now);
    const shown = up.map((item) => String(item.id)).join(",");
    box.hidden = !up.length;
    if (box.dataset.shown === shown) return;
    box.dataset.shown = shown;
    box.replaceChildren(...up.map((item) => {
      const line = document.createElement("p");
      line.className = "announcement";
      line.dataset.announcement = item.id;
      line.textContent = item.text;
      if (box.hasAttribute("data-can-dismiss")) {
        const take = document.createElement("button");
        take.type = "button";
        take.dataset.dismissAnnouncement = item.id;
        take.textContent = gettext("Take down");
        line.append(" ", take);
      }
      return line;
    }));
  },
};
setInterval(() => announcementsBanner.render(), 1000);

// Which views an event kind touches, from the catalogue of event kinds (core/kinds.py) that
// the page embeds: pages ask `touches(kind, "tables")` instead of keeping lists of kinds.
const eventViews = (() => {
  const element = document.getElementById("pokerfest-event-kinds");
  return element ? JSON.parse(element.textContent) : {};
})();

// {% event_wording %}: what each kind changes, in words (core/kinds.py); empty on other pages.
const eventWording = (() => {
  const element = document.getElementById("pokerfest-event-wording");
  return element ? JSON.parse(element.textContent) : {};
})();

// Who or what an event is about, from its data: "Anna Bauer (#12) · table 3, seat 4".
export function eventSubject(data) {
  if (!data) return "";
  const name = data.player && typeof data.player === "object" ? data.player.name : typeof data.name === "string" && data.entry !== undefined ? data.name : "";
  const number = typeof data.entry === "number" ? data.entry : data.entry && typeof data.entry === "object" ? data.entry.number : undefined;
  const parts = [];
  if (name && number !== undefined) parts.push(interpolate(gettext("%(name)s (#%(entry)s)"), { name, entry: number }, true));
  else if (name) parts.push(name);
  else if (number !== undefined) parts.push(`#${number}`);
  if (typeof data.from_table === "number" && typeof data.to_table === "number") {
    parts.push(interpolate(gettext("table %(from)s → table %(to)s"), { from: data.from_table, to: data.to_table }, true));
  } else if (typeof data.table === "number") {
    parts.push(typeof data.seat === "number" ? interpolate(gettext("table %(table)s, seat %(seat)s"), { table: data.table, seat: data.seat }, true)
      : interpolate(gettext("table %(table)s"), { table: data.table }, true));
  }
  return parts.join(" · ");
}

// One line of a staff page's live log: "#12 20:31:05 Anna Bauer (#12) · table 3, seat 4: a
// player is out … by floor": its subject first, then what changed.
export function logLine(event) {
  const words = eventWording[event.kind]; // a page that carries the wording (the director's) reads as a log
  const subject = eventSubject(event.data);
  const what = words ? (subject ? `${subject}: ${words}` : words.charAt(0).toUpperCase() + words.slice(1)) : subject ? `${subject}: ${event.kind}` : event.kind;
  const line = event.actor ? interpolate(gettext("%(what)s by %(actor)s"), { what, actor: event.actor }, true) : what;
  return `#${event.seq} ${formatTime(event.at)} ${line}`;
}

// The tournament's status as the page shows it (the English words are the status's own).
function tournamentStatusWord(status) {
  return { scheduled: gettext("scheduled"), registration: gettext("registration"), running: gettext("running"),
    finished: gettext("finished"), cancelled: gettext("cancelled") }[status] || status;
}

export function touches(kind, view) {
  return (eventViews[kind] || []).includes(view);
}

// A page's own live part: `reload` after each event whose kind `matches`, and after every resync
// from a snapshot (events may have been missed meanwhile, and the part would show them missing).
export function reloadOnLive(matches, reload) {
  document.addEventListener("pokerfest:event", (event) => { if (matches(event.detail.kind)) reload(); });
  document.addEventListener("pokerfest:snapshot", () => reload());
}

function setText(selector, text) {
  document.querySelectorAll(selector).forEach((element) => (element.textContent = text));
}

document.addEventListener("DOMContentLoaded", startLivePage);
