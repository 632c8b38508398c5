// The TV display (templates/pokerfest/tv.html): the clock comes from static/live.js (the lobby's
// socket, snapshot and events); this file adds the figures the TV shows beside it, the rotating
// panels (payouts, seating pages, chip leaders, latest results, announcements), the festival's
// and sponsors' images, the level-change alert, the break screen and the winner at the finish.
// `?panel=NAME` holds one panel instead of rotating (tests, or a screen for the payouts alone).
import { gettext, interpolate, ngettext } from "./i18n.js";
import { element, formatMoney, getJSON } from "./api.js";
import { breakName, flightOverLine, fmt, lastHandsLine, pageLanguage, touches } from "./live.js";
import { bountyPanel } from "./tv_bounties.js";
import "./tv_forecast.js"; // the bubble and end of the day, when the director allows it

export const tvPage = {
  ROTATE_MS: 12000,
  IMAGE_MS: 8000,
  ALERT_MS: 8000,
  base: null,
  root: null,
  currency: "EUR",
  timeZone: "UTC",
  levelIndex: null,
  tables: [],
  slides: [],
  slide: 0,
  images: [],
  image: 0,
  leadersBoard: null,
  bountyBoard: null,
  timers: {},

  start() {
    this.root = document.querySelector("[data-tv-screen]");
    if (!this.root) return;
    this.base = this.root.dataset.apiBase;
    this.held = this.root.dataset.heldPanel || "";
    document.addEventListener("pokerfest:snapshot", (event) => this.snapshot(event.detail));
    document.addEventListener("pokerfest:event", (event) => this.event(event.detail.kind, event.detail.data || {}));
    setInterval(() => this.next(), this.ROTATE_MS);
    setInterval(() => this.nextImage(), this.IMAGE_MS);
    setInterval(() => this.loadImages(), 5 * 60 * 1000); // another tournament's director may add one
    setInterval(() => this.breakScreen(), 1000);
    window.addEventListener("resize", () => this.fitFigures());
    bountyPanel.start(this); // static/tv_bounties.js: a knockout event's panel and mystery draws
    this.show();
  },

  snapshot(snapshot) {
    this.currency = snapshot.tournament.currency;
    this.timeZone = snapshot.tournament.time_zone || "UTC";
    this.money(snapshot.money);
    this.clock(snapshot.clock, true);
    this.leaders(snapshot.chip_leaders);
    this.endOfDay(snapshot.end_of_day);
    this.finished(snapshot.winners, snapshot.tournament.status);
    if (snapshot.flight_over) this.flightOver(snapshot.flight_over);
    this.soon("results", () => this.loadResults());
    this.soon("seating", () => this.loadSeating());
    this.loadImages();
    if (bountyPanel.on) this.soon("bounties", () => bountyPanel.load());
  },

  event(kind, data) {
    if (data.money) this.money(data.money);
    if (data.clock) this.clock(data.clock, false);
    if (kind === "chips.leaders_published") this.leaders(data);
    if (kind === "player.out" && this.leadersBoard && this.leadersBoard.leaders.some((row) => row.entry === data.entry)) {
      this.leaders({ ...this.leadersBoard, leaders: this.leadersBoard.leaders.map((row) => (row.entry === data.entry ? { ...row, out: true } : row)) });
    }
    // CLK-EOD: the day's last hands, in the lobby's words.
    if (kind === "day.last_hands" || kind === "table.last_hand_played") {
      this.endOfDay({ day: data.day ?? (this.day && this.day.day), day_over: false, playing: data.playing, hands: data.hands ?? (this.day && this.day.hands) });
    }
    if (kind === "day.ended") this.endOfDay({ day: data.day, day_over: true, playing: [] });
    if (kind === "clock.resumed" && data.day) this.endOfDay(null);
    if (kind === "tournament.finished") this.finished(data.winners, "finished");
    if (kind === "tournament.cancelled") this.finished([], "cancelled");
    if (kind === "flight.closed") this.flightOver(data);
    if (touches(kind, "tables")) this.soon("seating", () => this.loadSeating());
    // Places and prizes: a bust, a ruling, a deal, and the first break (payouts published then).
    if (kind.startsWith("player.") || kind.startsWith("deal.") || kind.startsWith("clock.") || kind === "tournament.finished") {
      this.soon("results", () => this.loadResults());
    }
    if (touches(kind, "tv_images")) this.showImages(data.images || []);
    if (touches(kind, "announcements")) this.show();
  },

  // Many events in a burst (a hand with three busts) are one reload.
  soon(name, load) {
    if (this.timers[name]) return;
    this.timers[name] = setTimeout(() => { this.timers[name] = null; load(); }, 400);
  },

  amount(minor) {
    return formatMoney(minor, this.currency);
  },

  // PAY-POOL, PAY-STRUCT: the pool, the places paid and the next pay jump, each its own figure.
  money(money) {
    if (!money) return;
    const set = (name, text) => this.root.querySelectorAll(`[data-tv="${name}"]`).forEach((el) => (el.textContent = text));
    // A flight's pool is its main event's, with the main event's guarantee (PAY-POOL, FLIGHT-ITM).
    set("pool", !money.pool ? "–" : money.guarantee ? interpolate(gettext("%(pool)s (guaranteed %(guarantee)s)"),
      { pool: this.amount(money.pool), guarantee: this.amount(money.guarantee) }, true) : this.amount(money.pool));
    set("places-paid", money.pool ? fmt(money.places_paid) : "–");
    set("pay-jump", !money.pool ? "–" : !money.published ? gettext("after the first break")
      : money.deal ? interpolate(gettext("deal (%(method)s)"), { method: money.deal.method }, true)
      : money.in_the_money && money.next_out_prize ? interpolate(gettext("next out %(amount)s"), { amount: this.amount(money.next_out_prize) }, true) +
        (money.next_pay_jump ? interpolate(gettext(" · then %(amount)s"), { amount: this.amount(money.next_pay_jump) }, true) : "")
      : money.in_the_money ? gettext("every place paid") : interpolate(gettext("min cash %(amount)s"), { amount: this.amount(money.min_cash || 0) }, true));
    this.fitFigures();
  },

  // A figure longer than its tile (a guaranteed pool, the next two prizes; German is longer) wraps
  // onto a second line and shrinks, down to the smallest figure (2.5vh), rather than ending in "…".
  fitFigures() {
    const smallest = window.innerHeight * 0.025;
    this.root.querySelectorAll(".tv-stats dd").forEach((figure) => {
      figure.style.fontSize = "";
      const tile = figure.parentElement;
      let size = parseFloat(getComputedStyle(figure).fontSize);
      while (size > smallest && (tile.scrollHeight > tile.clientHeight + 1 || figure.scrollWidth > figure.clientWidth + 1)) {
        size = Math.max(smallest, size - 1);
        figure.style.fontSize = `${size}px`;
      }
    });
  },

  // A level change: the clock flashes and says the new level for a few seconds.
  clock(clock, fromSnapshot) {
    if (!clock) return;
    const changed = this.levelIndex !== null && clock.level_index !== this.levelIndex;
    this.levelIndex = clock.level_index;
    this.clockState = clock;
    this.breakScreen();
    if (!changed || fromSnapshot) return;
    const level = clock.level;
    const alert = this.root.querySelector("[data-tv-alert]");
    alert.textContent = level.is_break ? breakName(level)
      : interpolate(gettext("New level: %(blinds)s"), { blinds: `${fmt(level.small_blind)} / ${fmt(level.big_blind)}` }, true) +
        (level.ante ? interpolate(gettext(" · ante %(ante)s"), { ante: fmt(level.ante) }, true) : "");
    this.root.classList.add("tv-level-change");
    clearTimeout(this.timers.alert);
    this.timers.alert = setTimeout(() => {
      this.root.classList.remove("tv-level-change");
      alert.textContent = "";
    }, this.ALERT_MS);
  },

  // The break screen: another colour, "play resumes in" over the time, and the time play resumes.
  breakScreen() {
    const clock = this.clockState;
    const onBreak = Boolean(clock && clock.level.is_break && (clock.status === "running" || clock.status === "paused"));
    this.root.classList.toggle("tv-on-break", onBreak);
    this.root.querySelector("[data-tv-break]").hidden = !onBreak;
    const back = this.root.querySelector("[data-tv-back]");
    back.hidden = !onBreak || clock.status !== "running" || !clock.ends_at;
    if (!back.hidden) {
      const text = interpolate(gettext("Back at %(time)s"), { time: this.hourMinute(clock.ends_at) }, true);
      if (back.textContent !== text) back.textContent = text;
    }
  },

  // "20:45" in the festival's time zone and the page's language (24-hour in English too, as before).
  hourMinute(at) {
    return new Intl.DateTimeFormat(pageLanguage === "en" ? "en-GB" : pageLanguage, { hour: "2-digit", minute: "2-digit", timeZone: this.timeZone })
      .format(new Date(at));
  },

  endOfDay(state) {
    this.day = state || null;
    const line = this.root.querySelector("[data-tv-end-of-day]");
    line.hidden = !state || this.over;
    line.textContent = state ? lastHandsLine(state) : "";
  },

  // END-FINISH: the winner over the whole screen; END-CANCEL: that there is none.
  finished(winners, status) {
    const box = this.root.querySelector("[data-tv-winner]");
    const over = Boolean(winners && winners.length) || status === "cancelled";
    box.hidden = !over;
    this.over = over;
    if (over) this.root.querySelector("[data-tv-end-of-day]").hidden = true;
    if (!over) return;
    this.root.querySelector("[data-tv-winner-title]").textContent = status === "cancelled" ? gettext("Tournament cancelled")
      : winners.length > 1 ? gettext("Winners") : gettext("Winner");
    this.root.querySelector("[data-tv-winner-names]").textContent = status === "cancelled"
      ? gettext("Every entry still standing is refunded in full at the desk.")
      : winners.map((w) => `${w.name} (#${w.entry})`).join(" · ");
  },

  // A closed flight over the whole screen: "Day 1A is over: N bags", not a winner.
  flightOver(over) {
    this.root.querySelector("[data-tv-winner]").hidden = false;
    this.root.querySelector("[data-tv-winner-title]").textContent = flightOverLine(over);
    this.root.querySelector("[data-tv-winner-names]").textContent = interpolate(gettext("The bags go to Day 2 of %(main)s."), { main: over.main_event_name }, true);
  },

  leaders(board) {
    this.leadersBoard = board || null;
    const list = this.root.querySelector("[data-tv-leaders]");
    if (!board) {
      list.replaceChildren();
    } else {
      this.root.querySelector("[data-tv-leaders-when]").textContent =
        interpolate(gettext("Counted at %(time)s · average %(average)s"), { time: this.hourMinute(board.counted_at), average: fmt(board.average) }, true);
      list.replaceChildren(...board.leaders.slice(0, 10).map((row) => element("li", { className: row.out ? "out" : "", title: row.name },
        `${row.name} `, element("span", { className: "tv-chips", textContent: fmt(row.chips) }),
        interpolate(gettext(" · table %(table)s"), { table: row.table }, true) + (row.out ? gettext(" · out") : ""))));
    }
    this.show();
  },

  async loadResults() {
    const { ok, answer } = await getJSON(`${this.base}results/`);
    if (!ok) return;
    this.payouts(answer);
    this.latestResults(answer);
    this.show();
  },

  // PAY-STRUCT and PAY-CHOP: the prizes by place; after a deal, the deal's amounts (and what is
  // left to play) in place of the prizes the deal replaced.
  payouts(answer) {
    const payouts = this.root.querySelector("[data-tv-payouts]");
    const deal = answer.published && answer.deal;
    const note = !answer.published ? gettext("The payouts are published at the first break.")
      : interpolate(ngettext("%(count)s place paid · prize pool %(pool)s", "%(count)s places paid · prize pool %(pool)s", answer.payouts.length),
        { count: answer.payouts.length, pool: this.amount(answer.pool.pool) }, true);
    this.root.querySelector("[data-tv-payouts-note]").textContent = deal
      ? interpolate(gettext("Deal (%(method)s) · prize pool %(pool)s"), { method: deal.method, pool: this.amount(answer.pool.pool) }, true) : note;
    const line = (place, text) => element("li", {}, element("span", { className: "tv-place", textContent: place }), " ", element("span", { className: "tv-line", textContent: text }));
    let lines;
    if (deal) {
      // The players in the deal, largest amount first; then the places paid before it.
      const dealt = deal.players.length;
      lines = deal.players.map((player) => Object.assign(line(gettext("Deal"), `${player.name} (#${player.entry}) ${this.amount(player.amount)}`), { title: player.name }));
      lines.forEach((item) => (item.dataset.deal = ""));
      if (deal.left_to_play) lines.push(line("", interpolate(gettext("%(amount)s left to play"), { amount: this.amount(deal.left_to_play) }, true)));
      answer.payouts.slice(dealt, 20).forEach((prize, i) => lines.push(line(`${dealt + i + 1}.`, this.amount(prize))));
    } else {
      // Each prize with its place in words on the line ("1.", "2."): no list markers, which the
      // panel's clipping cut off; more than ten run down a second column.
      const prizes = answer.published ? answer.payouts.slice(0, 20) : [];
      lines = prizes.map((prize, i) => line(`${i + 1}.`, answer.satellite && prize >= answer.satellite.price // a satellite's seat place
        ? interpolate(gettext("Seat in %(target)s"), { target: answer.satellite.target.name }, true) : this.amount(prize)));
    }
    payouts.classList.toggle("tv-two-columns", lines.length > 10);
    payouts.style.setProperty("--rows", String(lines.length > 10 ? Math.ceil(lines.length / 2) : Math.max(1, lines.length))); // CSSOM: allowed by the CSP
    payouts.replaceChildren(...lines);
    this.payoutsShown = answer.published && lines.length > 0;
  },

  // The latest busts first (the last one out holds the lowest place), then the paid places
  // further back, each with its prize: at most twelve lines.
  latestResults(answer) {
    const byPlace = [...answer.out].sort((a, b) => a.place[0] - b.place[0]);
    const latest = byPlace.slice(0, 6);
    const paid = byPlace.slice(6).filter((row) => row.prize || row.seat);
    const shown = [...latest, ...paid].slice(0, 12);
    this.root.querySelector("[data-tv-results]").replaceChildren(...shown.map((row) => {
      const place = row.place[0] === row.place[1] ? `${row.place[0]}.` : `${row.place[0]}–${row.place[1]}.`;
      const item = element("li", { title: row.name }, `${place} ${row.name} (#${row.entry})`);
      if (row.seat) item.append(" ", element("span", { className: "tv-prize", textContent: interpolate(gettext("Seat in %(target)s"), { target: row.seat.name }, true) }));
      if (row.prize) item.append(" ", element("span", { className: "tv-prize", textContent: this.amount(row.prize) }));
      item.dataset.place = row.place[0];
      return item;
    }));
    this.resultsShown = shown.length > 0;
  },

  async loadSeating() {
    const { ok, answer } = await getJSON(`${this.base}seating/`);
    if (!ok) return;
    this.tables = answer.tables;
    this.show();
  },

  // One page of the seating chart: two tables, every seat with its player or a dash.
  seatingPage(page) {
    const pages = Math.max(1, Math.ceil(this.tables.length / 2));
    this.root.querySelector("[data-tv-seating-page]").textContent = pages > 1 ? `${page + 1} / ${pages}` : "";
    this.root.querySelector("[data-tv-seating]").replaceChildren(...this.tables.slice(page * 2, page * 2 + 2).map((table) => {
      const seats = [];
      for (let seat = 1; seat <= table.seats; seat++) {
        const player = table.players[String(seat)];
        // The seat number in words beside the name (list markers were clipped); a long name ends in "…".
        const item = element("li", { className: player ? "" : "empty" }, element("span", { className: "tv-seat", textContent: String(seat) }), " ",
          element("span", { className: "tv-line", textContent: player ? player.name : "—", title: player ? player.name : "" }));
        if (player) item.append(" ", element("span", { className: "tv-entry", textContent: `(#${player.entry})` })); // kept when the name is cut
        item.dataset.seat = seat;
        seats.push(item);
      }
      const card = element("article", {}, element("h3", { textContent: interpolate(table.is_final ? gettext("Table %(table)s · final") : gettext("Table %(table)s"),
        { table: table.number }, true) }), element("ol", {}, ...seats));
      card.dataset.table = table.number;
      return card;
    }));
  },

  // The slides in rotation: each panel with something to show (the seating chart a slide per page).
  slidesNow() {
    const announcements = this.root.querySelector("[data-announcements]");
    const slides = [];
    if (this.payoutsShown) slides.push(["payouts", 0]);
    for (let page = 0; page < Math.ceil(this.tables.length / 2); page++) slides.push(["seating", page]);
    if (this.leadersBoard) slides.push(["leaders", 0]);
    if (this.resultsShown) slides.push(["results", 0]);
    if (this.bountyBoard) slides.push(["bounties", 0]);
    if (announcements && !announcements.hidden) slides.push(["announcements", 0]);
    return slides.length ? slides : [["welcome", 0]];
  },

  show() {
    this.slides = this.held ? [[this.held, 0]] : this.slidesNow();
    if (this.slide >= this.slides.length) this.slide = 0;
    const [panel, page] = this.slides[this.slide];
    if (panel === "seating") this.seatingPage(this.held ? (this.seatingHeldPage || 0) : page);
    this.root.querySelectorAll("[data-panel]").forEach((section) => (section.hidden = section.dataset.panel !== panel));
    this.root.dataset.panelShown = panel;
  },

  next() {
    if (this.held === "seating") {
      const pages = Math.max(1, Math.ceil(this.tables.length / 2));
      this.seatingHeldPage = ((this.seatingHeldPage || 0) + 1) % pages;
    } else {
      this.slide = (this.slide + 1) % Math.max(1, this.slidesNow().length);
    }
    this.show();
  },

  async loadImages() {
    const { ok, answer } = await getJSON(`${this.base}tv-images/`);
    if (ok) this.showImages(answer);
  },

  // The festival's and sponsors' images, one at a time under the panels.
  showImages(images) {
    this.images = images;
    if (this.image >= images.length) this.image = 0;
    const figure = this.root.querySelector("[data-tv-images]");
    figure.hidden = !images.length;
    figure.dataset.count = images.length;
    if (!images.length) return;
    const shown = images[this.image];
    const img = figure.querySelector("[data-tv-image]");
    if (img.getAttribute("src") !== shown.url) img.src = shown.url;
    img.alt = shown.caption || (shown.kind === "sponsor" ? gettext("Sponsor") : gettext("Festival"));
    figure.querySelector("[data-tv-image-caption]").textContent = shown.caption;
  },

  nextImage() {
    if (this.images.length < 2) return;
    this.image = (this.image + 1) % this.images.length;
    this.showImages(this.images);
  },
};

document.addEventListener("DOMContentLoaded", () => tvPage.start());
