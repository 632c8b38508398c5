// pokerfest live client: one socket per page, a snapshot first, then events in seq order.
// Protocol: docs/live-protocol.md. No build step; every live page loads this file.
"use strict";

class LiveFeed {
  // url: the socket path; handlers: onSnapshot(snapshot), onEvent(event), onStatus(state, detail)
  constructor(path, handlers) {
    this.path = path;
    this.handlers = handlers;
    this.seq = null; // the seq the screen is current to; null until the first snapshot
    this.offsetMs = 0; // server clock minus this device's clock
    this.backoffMs = 500;
    this.awaitingSnapshot = true;
    this.stopped = false;
  }

  start() {
    this.connect();
    return this;
  }

  serverNow() {
    return Date.now() + this.offsetMs;
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    this.socket = new WebSocket(`${scheme}//${location.host}${this.path}`);
    this.awaitingSnapshot = true;
    this.socket.onopen = () => {
      this.backoffMs = 500;
    };
    this.socket.onmessage = (message) => this.receive(JSON.parse(message.data));
    this.socket.onclose = (closing) => {
      if (closing.code === 4403 || closing.code === 4404) {
        this.stopped = true;
        const why = closing.code === 4403 ? "not allowed: sign in with the right role" : "no such tournament";
        this.status("closed", why);
        return;
      }
      if (this.stopped) return;
      this.status("reconnecting");
      // Backoff with jitter, so a room of screens does not reconnect in one burst.
      const wait = this.backoffMs * (0.75 + Math.random() / 2);
      this.backoffMs = Math.min(this.backoffMs * 2, 10000);
      setTimeout(() => this.connect(), wait);
    };
  }

  receive(frame) {
    if (frame.server_time) this.offsetMs = Date.parse(frame.server_time) - Date.now();
    if (frame.type === "snapshot") {
      this.seq = frame.seq;
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
      // The server's current seq, every few seconds: a lost last event shows up here.
      if (!this.awaitingSnapshot && frame.seq > this.seq) this.resync();
    } else if (frame.type === "error") {
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
      element.textContent = {
        live: "live",
        reconnecting: "reconnecting…",
        resyncing: "catching up…",
        closed: `disconnected: ${detail}`,
      }[state];
    });
    if (this.handlers.onStatus) this.handlers.onStatus(state, detail);
  }
}

// The level clock as every screen shows it, counted down locally from ends_at and the
// server's time; a screen never ticks its own idea of the level.
class ClockDisplay {
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
    const amount = (minor) => `${(minor / 100).toLocaleString("en", { maximumFractionDigits: 2 })}${this.currency ? " " + this.currency : ""}`;
    this.field("pool", amount(money.pool));
    const jump = money.next_pay_jump ? ` · then ${amount(money.next_pay_jump)}` : "";
    const deal = money.deal && `deal (${money.deal.method}): ` + money.deal.players.map((p) => `${p.name} ${amount(p.amount)}`).join(" · ") +
      (money.deal.left_to_play ? ` · ${amount(money.deal.left_to_play)} left to play` : "");
    this.field("paid", !money.published ? "payouts published at the first break" : deal ? deal
      : money.in_the_money && !money.next_out_prize ? `${fmt(money.places_paid)} places paid`
      : money.in_the_money ? `in the money · next out ${amount(money.next_out_prize)}${jump}`
      : `${fmt(money.places_paid)} places · min cash ${amount(money.min_cash || 0)}${money.hand_for_hand_due ? " · the bubble is near" : ""}`);
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
      this.field("status", "no structure yet");
      return;
    }
    const level = clock.level;
    this.root.dataset.clockStatus = clock.status;
    const timeOut = clock.status === "paused" && clock.resume_at
      ? `time-out · back in ${formatClock(Math.max(0, Date.parse(clock.resume_at) - this.feed.serverNow()))}` : null;
    const over = { finished: "tournament over", cancelled: "tournament cancelled" }[this.tournamentStatus];
    this.field("status", over || timeOut || { ready: "not started", running: "running", paused: "paused", finished: "structure complete" }[clock.status]);
    this.field("level", level.is_break ? `Break${level.name ? ": " + level.name : ""}` : `Level ${clock.level_number}`);
    this.field("blinds", level.is_break ? "—" : `${fmt(level.small_blind)} / ${fmt(level.big_blind)}`);
    this.field("ante", level.is_break || !level.ante ? "" : `ante ${fmt(level.ante)}`);
    this.field("remaining", formatClock(this.remainingMs()));
    this.announceLevel(clock);
    this.field("colour-up", level.colour_up ? `Colour-up: ${level.colour_up}` : "");
    // CLK-LIMIT: real time left until play must end.
    this.root.querySelectorAll("[data-clock-limit]").forEach((row) => (row.hidden = !clock.limit_at));
    if (clock.limit_at) this.field("limit", formatClock(Math.max(0, Date.parse(clock.limit_at) - this.feed.serverNow())));
    this.field("to-break", over ? "–" : clock.break_after_ms === null || clock.break_after_ms === undefined ? "no break ahead"
      : formatClock(this.remainingMs() + clock.break_after_ms));
    this.renderMoney();
    if (this.players) {
      this.field("players-left", fmt(this.players.left));
      const average = this.players.left ? Math.round(this.players.chips / this.players.left) : 0;
      const bb = !level.is_break && level.big_blind ? ` (${(average / level.big_blind).toFixed(1)} BB)` : "";
      this.field("average", this.players.left ? `${fmt(average)}${bb}` : "–");
    }
    const next = clock.next_level;
    this.field(
      "next",
      over ? "" : next ? (next.is_break ? `Next: break${next.name ? " (" + next.name + ")" : ""}` : `Next: ${fmt(next.small_blind)} / ${fmt(next.big_blind)}${next.ante ? " ante " + fmt(next.ante) : ""}`) : "Last level"
    );
  }
}

// Screen readers hear a new level once, in a polite live region of its own
// ([data-clock-announce]); the time left is in no live region, so the seconds are never read.
ClockDisplay.prototype.announceLevel = function (clock) {
  const known = this.announcedLevel;
  this.announcedLevel = clock.level_index;
  if (known === undefined || known === clock.level_index) return; // nothing said on opening the page
  const level = clock.level;
  const values = { level: clock.level_number, name: level.name, small: fmt(level.small_blind), big: fmt(level.big_blind), ante: fmt(level.ante) };
  const text = level.is_break ? (level.name ? interpolate(gettext("Break: %(name)s"), values, true) : gettext("Break"))
    : interpolate(level.ante ? gettext("Level %(level)s: blinds %(small)s / %(big)s, ante %(ante)s")
      : gettext("Level %(level)s: blinds %(small)s / %(big)s"), values, true);
  this.root.querySelectorAll("[data-clock-announce]").forEach((element) => (element.textContent = text));
};

function fmt(amount) {
  return Number(amount).toLocaleString("en");
}

function formatClock(ms) {
  const total = Math.ceil(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mmss = `${String(minutes).padStart(hours ? 2 : 1, "0")}:${String(seconds).padStart(2, "0")}`;
  return hours ? `${hours}:${mmss}` : mmss;
}

// Wires a page: the clock, the tournament status and (on staff pages) the event feed.
function startLivePage() {
  const page = document.querySelector("[data-live-path]");
  if (!page) return null;
  const feedList = document.querySelector("[data-event-feed]");
  let display;
  const feed = new LiveFeed(page.dataset.livePath, {
    onSnapshot(snapshot) {
      display.updateField(snapshot);
      display.update(snapshot.clock);
      setText("[data-tournament-status]", snapshot.tournament.status);
      display.tournamentStatus = snapshot.tournament.status;
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
        setText("[data-tournament-status]", data.tournament_status);
        display.tournamentStatus = data.tournament_status; // the clock says the tournament is over
      }
      const entries = data.entries ?? data.seats_sold; // public and staff frames name it differently
      if (entries !== undefined) setText("[data-entries]", entries);
      page.dataset.seq = event.seq;
      if (touches(event.kind, "announcements")) announcementsBanner.update(data.announcements || []);
      // Pages with their own live parts listen for this rather than patching this client.
      document.dispatchEvent(new CustomEvent("pokerfest:event", { detail: event }));
      if (feedList) {
        const item = document.createElement("li");
        item.textContent = logLine(event);
        item.dataset.kind = event.kind;
        feedList.prepend(item);
        while (feedList.children.length > 50) feedList.lastChild.remove();
      }
    },
  });
  display = new ClockDisplay(document.querySelector("[data-clock-root]") || document.body, feed);
  announcementsBanner.feed = feed;
  window.pokerfestLive = feed;
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
        take.textContent = "Take down";
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

// One line of a staff page's live log: "#12 20:31:05 The clock stops … by director".
function logLine(event) {
  const words = eventWording[event.kind]; // a page that carries the wording (the director's) reads as a log
  const what = words ? words.charAt(0).toUpperCase() + words.slice(1) : event.kind;
  return `#${event.seq} ${new Date(event.at).toLocaleTimeString()} ${what}${event.actor ? " by " + event.actor : ""}`;
}

function touches(kind, view) {
  return (eventViews[kind] || []).includes(view);
}

function setText(selector, text) {
  document.querySelectorAll(selector).forEach((element) => (element.textContent = text));
}

document.addEventListener("DOMContentLoaded", startLivePage);
