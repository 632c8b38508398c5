// The director's console: the state at a glance (the clock comes from live.js; the tables,
// balance, hand-for-hand, waiting list, chip check, disputed rulings and penalties here), and
// only the actions valid now, grouped by phase. What is valid is decided from what the page
// already loads: the snapshot and events (the tournament's status, the clock) and the tables
// view (director.js sends it as "pokerfest:tables"). The server still refuses what is not
// valid: hiding a control is for the director's eyes, not a rule.
import { gettext, interpolate, ngettext } from "./i18n.js";
import { getJSON } from "./api.js";
import { fmt, sayCount, touches } from "./live.js";

(() => {
  const root = document.querySelector("[data-console]");
  if (!root) return;
  const base = root.dataset.apiBase;
  const before = root.querySelector('[data-phase="before"]');
  const running = root.querySelector('[data-phase="running"]');
  const end = root.querySelector('[data-phase="end"]');
  // The status as the page was made: a finished tournament (an imported one, with no clock)
  // offers nothing of the set-up even before its first snapshot.
  const state = { status: root.dataset.status || null, clock: null, drawn: null };

  // Rows that stay valid after the start (closing registration, opening a table) follow the
  // director into the running phase once "before the start" is gone, and come back with it.
  const carried = [root.querySelector("[data-registration-row]"), root.querySelector("[data-open-tables-row]")].map((row) => {
    const home = document.createComment("home of a row the running phase carries");
    row.before(home);
    return { row, home };
  });

  function glance(name, text, alert = false) {
    const field = root.querySelector(`[data-glance="${name}"]`);
    field.textContent = text;
    field.classList.toggle("alert", alert);
    const box = field.closest("[data-glance-box]");
    if (box) box.classList.toggle("alert", alert);
  }

  function decide() {
    const over = state.status === "finished" || state.status === "cancelled";
    const clockStatus = state.clock ? state.clock.status : null;
    const started = clockStatus !== null && clockStatus !== "ready";
    const drawn = state.drawn === true;
    before.hidden = over || (drawn && started);
    running.hidden = over || !(drawn || started);
    end.hidden = !(over || drawn || started);
    // A main event with flights draws no field of its own: its Day 2 is drawn from the flights'
    // bags (the flights section's "Draw Day 2"); a flight closes only once it has started.
    const mainEvent = root.dataset.eventKind === "main";
    const valid = {
      unstarted: !over && !started,
      ready: !over && !started,
      undrawn: !over && state.drawn === false && !mainEvent, // unknown until the tables view has answered
      started: !over && started,
    };
    root.querySelectorAll("[data-valid]").forEach((part) => (part.hidden = !valid[part.dataset.valid]));
    root.querySelectorAll("details.cancel, details.deals").forEach((part) => (part.hidden = over)); // its results stay
    const closeFlight = root.querySelector("[data-close-flight]");
    if (closeFlight) closeFlight.closest(".controls").hidden = over || !started;
    for (const { row, home } of carried) {
      row.hidden = over;
      if (before.hidden && !over) running.querySelector("[data-carried]").append(row);
      else if (row.previousSibling !== home) home.after(row);
    }
    // The clock's own state: pause a running clock, resume a paused one, skip a break.
    const control = (name) => root.querySelector(`[data-control="${name}"]`);
    const onBreak = state.clock && state.clock.level && state.clock.level.is_break;
    control("pause").disabled = over || clockStatus !== "running";
    control("time-out").disabled = over || clockStatus !== "running";
    control("resume").disabled = over || clockStatus !== "paused";
    control("skip-break").disabled = over || !onBreak || !["running", "paused"].includes(clockStatus);
    control("start").disabled = over || !state.clock;
    root.querySelector("[data-start-note]").textContent = state.clock ? "" : gettext("Choose a structure first: the clock has no levels.");
  }

  function tablesAtAGlance(answer) {
    state.drawn = answer.tables.some((table) => table.count > 0);
    const finals = answer.tables.filter((table) => table.is_final).length;
    glance("tables", answer.tables.length ? `${answer.tables.length}${finals ? gettext(" (final table)") : ""}` : gettext("none open"));
    const pending = [];
    if (answer.final_due) pending.push(gettext("draw the final table"));
    if (answer.break_due !== null && answer.break_due !== undefined) pending.push(interpolate(gettext("break table %(table)s"), { table: answer.break_due }, true));
    if (answer.moves.length) pending.push(sayCount(answer.moves.length, ngettext("%(count)s move pending", "%(count)s moves pending", answer.moves.length)));
    if (answer.halted.length) pending.push(interpolate(ngettext("halt table %(tables)s", "halt tables %(tables)s", answer.halted.length), { tables: answer.halted.join(", ") }, true));
    glance("balance", pending.length ? pending.join(" · ") : answer.tables.length ? gettext("balanced") : "–", pending.length > 0);
    const hfh = answer.hand_for_hand;
    glance("hfh", hfh ? interpolate(gettext("on · hand %(hand)s"), { hand: hfh.hand }, true) +
      (hfh.frozen.length ? interpolate(gettext(" · %(count)s frozen"), { count: hfh.frozen.length }, true) : "") : gettext("off"), !!hfh);
    const waiting = answer.waiting_list ? answer.waiting_list.waiting.length : 0;
    const free = waiting ? answer.waiting_list.seats_left : 0;
    glance("waiting", waiting ? interpolate(ngettext("%(waiting)s waiting · %(count)s seat free", "%(waiting)s waiting · %(count)s seats free", free),
      { waiting, count: free }, true) : gettext("nobody waiting"), waiting > 0);
    let serving = 0;
    for (const table of answer.tables) {
      serving += Object.values(table.players).filter((player) => player.penalty && player.penalty.status === "serving").length;
    }
    glance("penalties", serving ? interpolate(gettext("%(count)s sitting out"), { count: serving }, true) : gettext("none"), false);
    decide();
  }

  function chipsAtAGlance(answer) {
    const differs = answer.complete && !answer.agrees;
    glance("chips", interpolate(gettext("%(chips)s in play · "), { chips: fmt(answer.in_play) }, true) + (answer.complete ? (answer.agrees ? gettext("counts agree") : gettext("counts differ"))
      : interpolate(ngettext("%(counted)s of %(stacks)s stack counted", "%(counted)s of %(stacks)s stacks counted", answer.seats_in_play), { counted: answer.seats_counted, stacks: answer.seats_in_play }, true)), differs);
  }

  let asked = 0;
  async function loadDisputes() {
    const mine = ++asked;
    const { ok, answer } = await getJSON(`${base}rulings/`);
    if (!ok || mine !== asked) return;
    const open = answer.filter((ruling) => ruling.dispute && !ruling.overturned_at).length;
    glance("disputes", open ? interpolate(gettext("%(count)s to review"), { count: open }, true) : gettext("none"), open > 0);
  }
  root.querySelector('[data-glance="disputes"]').addEventListener("click", () => {
    root.querySelector("[data-rulings]").open = true; // the link then scrolls to the list
  });

  document.addEventListener("pokerfest:snapshot", (event) => {
    state.status = event.detail.tournament.status;
    state.clock = event.detail.clock;
    decide();
    loadDisputes();
  });
  document.addEventListener("pokerfest:event", (event) => {
    const { kind, data } = event.detail;
    if (data && data.tournament_status) state.status = data.tournament_status;
    if (data && data.clock) state.clock = data.clock;
    if (touches(kind, "rulings")) loadDisputes();
    decide();
  });
  document.addEventListener("pokerfest:tables", (event) => tablesAtAGlance(event.detail));
  document.addEventListener("pokerfest:chip-check", (event) => chipsAtAGlance(event.detail));
  decide();
})();
