// Penalties (PEN-LADDER, PEN-FINE, PEN-CARRY). On the floor tablet each seat has a "Penalty"
// control: tap it, then tap the step proposed from the player's record (or another step, or
// another infraction's ladder) and the penalty is given. The seat then shows what is left to
// serve, "sitting out: 1 orbit — 5 hands left" or "sitting out: 4:59 left" (minutes counted
// down here while the clock runs play), then "may return". On the director's page: the
// penalties being served, each with Lift, and a search of a player's record.
import { gettext, interpolate, ngettext } from "./i18n.js";
import { element, getJSON, postJSON } from "./api.js";
import { fmt, formatTime, pageFeed, sayCount, touches } from "./live.js";
import { askText } from "./dialog.js";
import { reloadOnSeatingChanges } from "./tables.js";
import { shownInfraction, shownStep } from "./penalty_words.js";

export const penaltyBoard = {
  open: null, // the seat whose penalty choices are open: { key, table, seat, infraction, offer }
  reloads: [], // what redraws the penalties shown: a clock paused or resumed stops or starts minutes
  page: null, // the floor tablet (static/floor.js) when the board is on it, set as it starts

  now() {
    return pageFeed ? pageFeed.serverNow() : Date.now();
  },

  // Seconds still to serve now: counted down from `as_of` until the level being played ends.
  secondsLeft(penalty) {
    if (!penalty.counting_until) return penalty.seconds_left;
    const until = Math.min(this.now(), Date.parse(penalty.counting_until));
    return Math.max(0, penalty.seconds_left - Math.max(0, Math.floor((until - Date.parse(penalty.as_of)) / 1000)));
  },

  // What the seat (or the director's list) says about a penalty.
  describe(penalty) {
    if (penalty.may_return) return gettext("may return");
    if (penalty.status !== "serving") return penaltyStatusWord(penalty.status);
    const seconds = this.secondsLeft(penalty);
    const left = [];
    if (penalty.hands_left) left.push(sayCount(penalty.hands_left, ngettext("%(count)s hand left", "%(count)s hands left", penalty.hands_left)));
    if (penalty.seconds_left) left.push(interpolate(gettext("%(time)s left"), { time: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}` }, true));
    if (!penalty.hands_left && !seconds) return gettext("may return");
    const step = penalty.hands_left ? `${shownStep(penalty.step)} — ` : "";
    return interpolate(gettext("sitting out: %(left)s"), { left: step + left.join(", ") }, true);
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
    const button = element("button", { type: "button", textContent: gettext("Penalty"), ariaLabel: interpolate(gettext("Penalty: seat %(seat)s, %(name)s"), { seat, name: player.name }, true) });
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
    const infraction = element("select", { ariaLabel: interpolate(gettext("Infraction: seat %(seat)s"), { seat }, true) },
      ...offer.infractions.map((name) => element("option", { value: name, textContent: shownInfraction(name), selected: name === offer.infraction })));
    infraction.addEventListener("change", () => this.choose(table, seat, infraction.value, act));
    // A refusal is said here, where the floor is looking, and the choices stay open.
    const said = element("p", { className: "result" });
    const give = async (step, extra = {}) => {
      const base = document.querySelector("[data-api-base]").dataset.apiBase;
      const { ok, answer } = await postJSON(`${base}tables/${table}/seats/${seat}/penalty/`, { infraction: offer.infraction, step, given_before: offer.given_before, ...extra });
      if (!ok) {
        said.className = "result refused";
        said.textContent = answer.detail;
        return;
      }
      this.open = null;
      this.page.say(`${player.name}: ${shownStep(answer.step)}${answer.chips_fined ? interpolate(gettext(" (%(chips)s chips to the pot)"), { chips: fmt(answer.chips_fined) }, true) : ""}.`, true);
      this.page.refresh();
    };
    // A disqualification, a ban or an elimination is the director's (PAY-DQ): it asks for the stack counted,
    // which leaves play, and what happened, then a second tap.
    const mayDirect = document.querySelector(".floor").dataset.mayDirect === "true";
    // Kept in this.open (and the typed values by data-key, static/floor.js) so a redraw of the
    // tablet while the director types does not take the form away.
    const confirmOut = (step, focus = true) => {
      this.open.confirming = step;
      const chips = element("input", { type: "number", min: "0", step: "1", required: true, placeholder: gettext("stack counted"), ariaLabel: interpolate(gettext("Stack counted: seat %(seat)s"), { seat }, true) });
      chips.dataset.key = `penalty-chips-${table}-${seat}`;
      const reason = element("input", { maxLength: 150, placeholder: gettext("what happened"), ariaLabel: interpolate(gettext("What happened: seat %(seat)s"), { seat }, true) });
      const form = element("form", { className: "controls" }, element("span", { textContent: interpolate(gettext("%(step)s for %(name)s: "), { step: shownStep(step), name: player.name }, true) }), chips, reason,
        element("button", { type: "submit", textContent: interpolate(gettext("Confirm: %(step)s"), { step: shownStep(step) }, true) }));
      form.addEventListener("submit", (submit) => {
        submit.preventDefault();
        give(step, { chips: Number(chips.value), reason: reason.value });
      });
      box.querySelectorAll("form").forEach((old) => old.remove());
      reason.dataset.key = `penalty-reason-${table}-${seat}`;
      box.insertBefore(form, said);
      if (focus) chips.focus();
    };
    // pokerfest L275: an elimination is the director's too; the player is placed as out now.
    const directorOnly = (step) => /\b(elimination|disqualification|ban)\b/.test(step);
    const steps = offer.ladder.map((step) => element("button", {
      type: "button", className: step === offer.proposed ? "proposed" : "",
      disabled: directorOnly(step) && !mayDirect, title: directorOnly(step) && !mayDirect ? gettext("the director gives it") : "",
      textContent: (step === offer.proposed ? interpolate(gettext("Give: %(step)s"), { step: shownStep(step) }, true) : shownStep(step)) + (directorOnly(step) && !mayDirect ? gettext(" (director)") : ""),
      onclick: () => (directorOnly(step) ? confirmOut(step) : give(step)) }));
    const before = offer.given_before ? sayCount(offer.given_before, ngettext(" (%(count)s penalty for this before)", " (%(count)s penalties for this before)", offer.given_before)) : "";
    box.append(element("span", { textContent: `${player.name}${before}: ` }), infraction, ...steps,
      element("button", { type: "button", textContent: gettext("Cancel"), onclick: () => this.close() }), said);
    if (this.open.confirming) confirmOut(this.open.confirming, false);
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
    element("label", {}, gettext("Player's record "), element("input", { name: "player", placeholder: gettext("#12 or a name"), ariaLabel: gettext("Penalty record: player") })),
    element("button", { type: "submit", textContent: gettext("Find"), ariaLabel: gettext("Find penalties by player") }));
  const head = (...names) => element("thead", {}, element("tr", {}, ...names.map((name) => element("th", { textContent: name }))));
  const box = element("details", { className: "penalties", open: true },
    element("summary", {}, gettext("Penalties (PEN-LADDER): being served, and each player's record")),
    element("table", { className: "list" }, head(gettext("Player"), gettext("Table · seat"), gettext("Penalty"), gettext("Left"), gettext("Given by"), ""), list),
    search, element("table", { className: "list" }, head(gettext("Given"), gettext("Player"), gettext("Infraction"), gettext("Penalty"), gettext("Status")), record));
  box.dataset.penalties = "";
  overview.before(box);

  const row = (penalty) => {
    const where = penalty.now_at ? interpolate(gettext("Table %(table)s · seat %(seat)s"), penalty.now_at, true) : gettext("not seated");
    const lift = element("button", { type: "button", textContent: gettext("Lift"), ariaLabel: interpolate(gettext("Lift the penalty of %(name)s"), { name: penalty.name }, true) });
    lift.addEventListener("click", async () => {
      const reason = await askText(interpolate(gettext("Why does %(name)s's penalty end early? (for the record)"), { name: penalty.name }, true),
        { label: gettext("Reason"), ok: gettext("Lift") }); // static/dialog.js
      if (reason === null) return;
      const { ok, answer } = await postJSON(`${base}penalties/${penalty.id}/lift/`, { reason });
      result.className = `result ${ok ? "ok" : "refused"}`;
      result.textContent = ok ? interpolate(gettext("%(name)s's penalty is lifted."), { name: penalty.name }, true) : answer.detail;
      load();
    });
    const tr = element("tr", {}, element("td", { textContent: `#${penalty.entry} ${penalty.name}` }), element("td", { textContent: where }),
      element("td", { textContent: `${shownStep(penalty.step)} (${shownInfraction(penalty.infraction)})` }), element("td", {}, penaltyBoard.line(penalty)),
      element("td", { textContent: penalty.given_by || "–" }), element("td", {}, lift));
    tr.dataset.penalty = penalty.id;
    return tr;
  };
  const recordRow = (penalty) => element("tr", {},
    element("td", { textContent: interpolate(gettext("%(time)s · table %(table)s, seat %(seat)s · %(by)s"), { time: formatTime(penalty.given_at), table: penalty.table, seat: penalty.seat, by: penalty.given_by || "" }, true) }),
    element("td", { textContent: `#${penalty.entry} ${penalty.name}` }), element("td", { textContent: shownInfraction(penalty.infraction) }),
    element("td", { textContent: `${shownStep(penalty.step)}${penalty.chips_fined ? interpolate(gettext(" · %(chips)s chips"), { chips: fmt(penalty.chips_fined) }, true) : ""}` }),
    element("td", { textContent: penalty.status === "lifted" ? interpolate(gettext("lifted: %(why)s"), { why: penalty.lift_reason }, true) : penaltyStatusWord(penalty.status) }));
  const empty = (text, columns) => element("tr", {}, element("td", { colSpan: columns, textContent: text }));

  let asked = 0; // only the latest answer is drawn: an older one arriving last would be stale
  async function load() {
    const mine = ++asked;
    const { ok, answer } = await getJSON(`${base}penalties/`);
    if (mine !== asked) return;
    list.replaceChildren(...(!ok ? [empty(answer.detail, 6)] : answer.length ? answer.map(row) : [empty(gettext("Nobody is sitting out a penalty."), 6)]));
    const player = search.elements.player.value.trim();
    const found = await getJSON(`${base}penalties/record/?player=${encodeURIComponent(player)}`);
    if (mine !== asked) return;
    record.replaceChildren(...(!found.ok ? [empty(found.answer.detail, 5)]
      : found.answer.length ? found.answer.map(recordRow) : [empty(player ? gettext("No penalty for this player.") : gettext("No penalty given yet."), 5)]));
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

// A penalty's status in words (the English words are the status's own).
function penaltyStatusWord(status) {
  return { serving: gettext("serving"), served: gettext("served"), lifted: gettext("lifted") }[status] || status;
}

document.addEventListener("DOMContentLoaded", () => {
  setInterval(() => penaltyBoard.tick(), 250);
  const overview = document.querySelector("[data-tables-overview]");
  if (overview) directorPenalties(overview);
  // An event that carries the clock (paused, resumed, a level or a break begun) changes whether
  // minutes away are being served: what is shown is drawn again from the server's figures.
  document.addEventListener("pokerfest:event", (event) => {
    const data = event.detail.data;
    if (data && data.clock && document.querySelector("[data-penalty-status][data-counting]")) penaltyBoard.reloads.forEach((reload) => reload());
  });
});
