// Penalties (PEN-LADDER, PEN-FINE, PEN-CARRY). On the floor tablet each seat has a "Penalty"
// control: tap it, then tap the step proposed from the player's record (or another step, or
// another infraction's ladder) and the penalty is given. The seat then shows what is left to
// serve, "sitting out: 1 orbit — 5 hands left" or "sitting out: 4:59 left" (minutes counted
// down here while the clock runs play), then "may return". On the director's page: the
// penalties being served, each with Lift, and a search of a player's record.
"use strict";

const penaltyBoard = {
  open: null, // the seat whose penalty choices are open: { key, table, seat, infraction, offer }
  reloads: [], // what redraws the penalties shown: a clock paused or resumed stops or starts minutes

  now() {
    return window.pokerfestLive ? window.pokerfestLive.serverNow() : Date.now();
  },

  // Seconds still to serve now: counted down from `as_of` until the level being played ends.
  secondsLeft(penalty) {
    if (!penalty.counting_until) return penalty.seconds_left;
    const until = Math.min(this.now(), Date.parse(penalty.counting_until));
    return Math.max(0, penalty.seconds_left - Math.max(0, Math.floor((until - Date.parse(penalty.as_of)) / 1000)));
  },

  // What the seat (or the director's list) says about a penalty.
  describe(penalty) {
    if (penalty.may_return) return "may return";
    if (penalty.status !== "serving") return penalty.status;
    const seconds = this.secondsLeft(penalty);
    const left = [];
    if (penalty.hands_left) left.push(`${plural(penalty.hands_left, "hand")} left`);
    if (penalty.seconds_left) left.push(`${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")} left`);
    if (!penalty.hands_left && !seconds) return "may return";
    const counted = penalty.hands_left ? `${penalty.step} — ` : "";
    return `sitting out: ${counted}${left.join(", ")}`;
  },

  // A status line that keeps counting down between redraws (see tick()).
  line(penalty, tag = "span") {
    const line = element(tag, { className: `penalty-status${penalty.may_return ? " ok" : ""}`, textContent: this.describe(penalty) });
    line.penalty = penalty;
    line.dataset.penaltyStatus = penalty.id;
    line.dataset.counting = penalty.counting_until ? "true" : "false";
    return line;
  },

  tick() {
    document.querySelectorAll("[data-penalty-status]").forEach((line) => {
      if (line.penalty) line.textContent = this.describe(line.penalty);
    });
  },

  // The seat's part of the tablet: the status, the Penalty button, and the choices when open.
  // `act(path, body, done)` is the tablet's way to call the API (static/floor.js).
  seat(table, seat, player, act) {
    const key = `${table.number}-${seat}`;
    const parts = [];
    if (player.penalty) parts.push(this.line(player.penalty));
    const button = element("button", { type: "button", textContent: "Penalty", ariaLabel: `Penalty: seat ${seat}, ${player.name}` });
    button.addEventListener("click", () => (this.open && this.open.key === key ? this.close() : this.choose(table.number, seat, "any", act)));
    parts.push(button);
    if (this.open && this.open.key === key && this.open.offer) parts.push(this.choices(player, act));
    return parts;
  },

  close() {
    this.open = null;
    document.querySelectorAll("[data-penalty-choices]").forEach((box) => box.remove());
  },

  async choose(table, seat, infraction, act) {
    const key = `${table}-${seat}`;
    this.open = { key, table, seat, infraction, offer: null };
    const { ok, answer } = await getJSON(`${document.querySelector("[data-api-base]").dataset.apiBase}tables/${table}/seats/${seat}/penalty/?infraction=${encodeURIComponent(infraction)}`);
    if (!this.open || this.open.key !== key) return;
    if (!ok) {
      this.open = null;
      const said = document.querySelector("[data-result]");
      said.className = "result refused";
      said.textContent = answer.detail;
      return;
    }
    this.open.offer = answer;
    const item = document.querySelector(`.table-card[data-table="${table}"] [data-seat-actions="${seat}"]`); // the seat's sheet (static/floor.js)
    if (!item) return;
    item.querySelectorAll("[data-penalty-choices]").forEach((box) => box.remove());
    item.append(this.choices({ name: answer.name }, act));
  },

  choices(player, act) {
    const { table, seat, offer } = this.open;
    const box = element("div", { className: "penalty-choices" });
    box.dataset.penaltyChoices = `${table}-${seat}`;
    const infraction = element("select", { ariaLabel: `Infraction: seat ${seat}` },
      ...offer.infractions.map((name) => element("option", { value: name, textContent: name === "any" ? "any other infraction" : name, selected: name === offer.infraction })));
    infraction.addEventListener("change", () => this.choose(table, seat, infraction.value, act));
    // A refusal is said here, where the floor is looking, and the choices stay open.
    const said = element("p", { className: "result" });
    const give = async (step, extra = {}) => {
      const base = document.querySelector("[data-api-base]").dataset.apiBase;
      const { ok, answer } = await postJSON(`${base}tables/${table}/seats/${seat}/penalty/`, { infraction: offer.infraction, step, ...extra });
      if (!ok) {
        said.className = "result refused";
        said.textContent = answer.detail;
        return;
      }
      this.open = null;
      floorPage.say(`${player.name}: ${answer.step}${answer.chips_fined ? ` (${answer.chips_fined.toLocaleString("en")} chips to the pot)` : ""}.`, true);
      floorPage.refresh();
    };
    // A disqualification or a ban is the director's (PAY-DQ): it asks for the stack counted,
    // which leaves play, and what happened, then a second tap.
    const mayDirect = document.querySelector(".floor").dataset.mayDirect === "true";
    const confirmOut = (step) => {
      const chips = element("input", { type: "number", min: "0", step: "1", required: true, placeholder: "stack counted", ariaLabel: `Stack counted: seat ${seat}` });
      const reason = element("input", { maxLength: 150, placeholder: "what happened", ariaLabel: `What happened: seat ${seat}` });
      const form = element("form", { className: "controls" }, element("span", { textContent: `${step} for ${player.name}: ` }), chips, reason,
        element("button", { type: "submit", textContent: `Confirm: ${step}` }));
      form.addEventListener("submit", (submit) => {
        submit.preventDefault();
        give(step, { chips: Number(chips.value), reason: reason.value });
      });
      box.querySelectorAll("form").forEach((old) => old.remove());
      box.insertBefore(form, said);
      chips.focus();
    };
    const directorOnly = (step) => /\b(disqualification|ban)\b/.test(step);
    const steps = offer.ladder.map((step) => element("button", {
      type: "button", className: step === offer.proposed ? "proposed" : "",
      disabled: directorOnly(step) && !mayDirect, title: directorOnly(step) && !mayDirect ? "the director gives it" : "",
      textContent: `${step === offer.proposed ? "Give: " : ""}${step}${directorOnly(step) && !mayDirect ? " (director)" : ""}`,
      onclick: () => (directorOnly(step) ? confirmOut(step) : give(step)) }));
    const before = offer.given_before ? ` (${plural(offer.given_before, "penalty")} for this before)` : "";
    box.append(element("span", { textContent: `${player.name}${before}: ` }), infraction, ...steps,
      element("button", { type: "button", textContent: "Cancel", onclick: () => this.close() }), said);
    return box;
  },
};

// The director's list of penalties being served, with Lift, and the record found by player.
function directorPenalties(overview) {
  const base = document.querySelector("[data-api-base]").dataset.apiBase;
  const result = document.querySelector("[data-result]");
  const list = element("tbody");
  const record = element("tbody");
  const search = element("form", { className: "controls" },
    element("label", {}, "Player's record ", element("input", { name: "player", placeholder: "#12 or a name", ariaLabel: "Penalty record: player" })),
    element("button", { type: "submit", textContent: "Find", ariaLabel: "Find penalties by player" }));
  const head = (...names) => element("thead", {}, element("tr", {}, ...names.map((name) => element("th", { textContent: name }))));
  const box = element("details", { className: "penalties", open: true },
    element("summary", {}, "Penalties (PEN-LADDER): being served, and each player's record"),
    element("table", { className: "list" }, head("Player", "Table · seat", "Penalty", "Left", "Given by", ""), list),
    search, element("table", { className: "list" }, head("Given", "Player", "Infraction", "Penalty", "Status"), record));
  box.dataset.penalties = "";
  overview.before(box);

  const row = (penalty) => {
    const where = penalty.now_at ? `Table ${penalty.now_at.table} · seat ${penalty.now_at.seat}` : "not seated";
    const lift = element("button", { type: "button", textContent: "Lift", ariaLabel: `Lift the penalty of ${penalty.name}` });
    lift.addEventListener("click", async () => {
      const reason = await askText(interpolate(gettext("Why does %(name)s's penalty end early? (for the record)"), { name: penalty.name }, true),
        { label: gettext("Reason"), ok: gettext("Lift") }); // static/dialog.js
      if (reason === null) return;
      const { ok, answer } = await postJSON(`${base}penalties/${penalty.id}/lift/`, { reason });
      result.className = `result ${ok ? "ok" : "refused"}`;
      result.textContent = ok ? `${penalty.name}'s penalty is lifted.` : answer.detail;
      load();
    });
    const tr = element("tr", {}, element("td", { textContent: `#${penalty.entry} ${penalty.name}` }), element("td", { textContent: where }),
      element("td", { textContent: `${penalty.step} (${penalty.infraction})` }), element("td", {}, penaltyBoard.line(penalty)),
      element("td", { textContent: penalty.given_by || "–" }), element("td", {}, lift));
    tr.dataset.penalty = penalty.id;
    return tr;
  };
  const recordRow = (penalty) => element("tr", {},
    element("td", { textContent: `${new Date(penalty.given_at).toLocaleTimeString()} · table ${penalty.table}, seat ${penalty.seat} · ${penalty.given_by || ""}` }),
    element("td", { textContent: `#${penalty.entry} ${penalty.name}` }), element("td", { textContent: penalty.infraction }),
    element("td", { textContent: `${penalty.step}${penalty.chips_fined ? ` · ${penalty.chips_fined.toLocaleString("en")} chips` : ""}` }),
    element("td", { textContent: penalty.status === "lifted" ? `lifted: ${penalty.lift_reason}` : penalty.status }));
  const empty = (text, columns) => element("tr", {}, element("td", { colSpan: columns, textContent: text }));

  let asked = 0; // only the latest answer is drawn: an older one arriving last would be stale
  async function load() {
    const mine = ++asked;
    const { ok, answer } = await getJSON(`${base}penalties/`);
    if (mine !== asked) return;
    list.replaceChildren(...(!ok ? [empty(answer.detail, 6)] : answer.length ? answer.map(row) : [empty("Nobody is sitting out a penalty.", 6)]));
    const player = search.elements.player.value.trim();
    const found = await getJSON(`${base}penalties/record/?player=${encodeURIComponent(player)}`);
    if (mine !== asked) return;
    record.replaceChildren(...(!found.ok ? [empty(found.answer.detail, 5)]
      : found.answer.length ? found.answer.map(recordRow) : [empty(player ? "No penalty for this player." : "No penalty given yet.", 5)]));
  }
  search.addEventListener("submit", (event) => {
    event.preventDefault();
    load();
  });
  // A move or a hand done changes where a player sits and what is left: the list follows.
  reloadOnSeatingChanges(load);
  penaltyBoard.reloads.push(load);
  document.addEventListener("pokerfest:event", (event) => { if (touches(event.detail.kind, "penalties")) load(); });
  load();
}

document.addEventListener("DOMContentLoaded", () => {
  setInterval(() => penaltyBoard.tick(), 250);
  const overview = document.querySelector("[data-tables-overview]");
  if (overview) directorPenalties(overview);
  if (typeof floorPage !== "undefined" && document.querySelector(".floor")) penaltyBoard.reloads.push(() => floorPage.refresh());
  // An event that carries the clock (paused, resumed, a level or a break begun) changes whether
  // minutes away are being served: what is shown is drawn again from the server's figures.
  document.addEventListener("pokerfest:event", (event) => {
    const data = event.detail.data;
    if (data && data.clock && document.querySelector("[data-penalty-status][data-counting]")) penaltyBoard.reloads.forEach((reload) => reload());
  });
});
