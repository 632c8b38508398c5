// Director's clock controls: each button is one API call; the screen itself updates from the
// live feed like every other screen, so what the director sees is what the room sees.
import { gettext, interpolate, ngettext } from "./i18n.js";
import { element, formatMoney, getJSON, newRequestKey, postJSON, serverAnswered } from "./api.js";
import { flightOverLine, fmt, formatTime, sayCount } from "./live.js";
import { askConfirm } from "./dialog.js";
import { edited, fieldSent, redrawField } from "./typing.js";
import { drawNeeds, playersAtTables, reloadOnSeatingChanges, waitingLine, wireMoveByHand } from "./tables.js";

// The result line tells the latest action's answer: on a loaded network an earlier action's
// "Done." may arrive after a later one's answer and must not overwrite it (a late refusal
// still shows: the director has to know).
let actionsAsked = 0;

function sayResult(asked, ok, text) {
  if (asked !== actionsAsked && ok) return;
  const result = document.querySelector("[data-result]");
  result.className = `result ${ok ? "ok" : "refused"}`;
  result.textContent = text;
}

async function clockControl(action, body) {
  const asked = ++actionsAsked;
  const result = document.querySelector("[data-result]");
  const base = document.querySelector("[data-api-base]").dataset.apiBase;
  result.className = "result";
  result.textContent = "…";
  const { ok, status, answer } = await postJSON(`${base}clock/${action}/`, body, newRequestKey());
  sayResult(asked, ok, ok ? gettext("Done.") : answer.detail || serverAnswered(status));
}

function registrationOpened() {
  document.querySelector("[data-registration]").textContent = gettext("Registration is open.");
  document.querySelector("[data-open-registration]").hidden = true;
  document.querySelector("[data-close-registration]").disabled = false;
}

document.addEventListener("pokerfest:event", (event) => {
  if (event.detail.kind === "registration.opened") registrationOpened();
  if (event.detail.kind === "registration.closed") {
    document.querySelector("[data-registration]").textContent = gettext("Registration is closed.");
    document.querySelector("[data-close-registration]").disabled = true;
  }
});

// The director sees only what may be done now: a finished or cancelled tournament keeps its
// results, and late registration's end is a prompt to close registration (SEAT-BREAK).
function showState(status, lateRegistrationOver) {
  const over = status === "finished" || status === "cancelled";
  document.querySelectorAll("[data-control], [data-open-tables], [data-draw-field], [data-day-end], [data-last-hands], [data-copy-structure], [data-close-registration], [data-open-registration]")
    .forEach((button) => { if (over) button.disabled = true; });
  document.querySelectorAll("details.cancel, details.deals").forEach((part) => (part.hidden = over));
  const prompt = document.querySelector("[data-registration]");
  if (lateRegistrationOver && !over) prompt.textContent = gettext("Late registration is over: close registration to publish the breaking order.");
}
document.addEventListener("pokerfest:snapshot", (event) => {
  // A screen that (re)connects after registration opened has it from the snapshot, not an event.
  const opened = document.querySelector("[data-open-registration]");
  if (event.detail.tournament.status !== "scheduled" && !opened.hidden) registrationOpened();
  showState(event.detail.tournament.status, event.detail.late_registration_over);
});
document.addEventListener("pokerfest:event", (event) => {
  const status = event.detail.data && event.detail.data.tournament_status;
  if (status) showState(status, false);
});

// "1-5, 8" -> [1, 2, 3, 4, 5, 8]; null when the text is not such a list.
function tableNumbers(text) {
  const numbers = [];
  for (const part of text.split(",").map((p) => p.trim()).filter(Boolean)) {
    const range = part.match(/^(\d+)\s*-\s*(\d+)$/);
    if (range) {
      for (let n = Number(range[1]); n <= Number(range[2]); n++) numbers.push(n);
    } else if (/^\d+$/.test(part)) {
      numbers.push(Number(part));
    } else {
      return null;
    }
  }
  return numbers.length ? numbers : null;
}

async function directorAction(path, body, done) {
  const asked = ++actionsAsked;
  const base = document.querySelector("[data-api-base]").dataset.apiBase;
  const { ok, answer } = await postJSON(`${base}${path}`, body, newRequestKey());
  sayResult(asked, ok, ok ? done(answer) : answer.detail);
  tablesOverview.refresh();
}

// Every open table with its count, the imbalance highlighted (beyond the ruleset's tolerance),
// what the tables need now with one-tap actions, and the breaking order.
const tablesOverview = {
  asked: 0,

  async refresh() {
    const base = document.querySelector("[data-api-base]").dataset.apiBase;
    const asked = ++this.asked; // answers may arrive out of order: only the latest request's is drawn
    const { ok, answer } = await getJSON(`${base}tables/`);
    if (!ok || asked !== this.asked) return;
    const counts = answer.tables.map((t) => t.count);
    const most = Math.max(0, ...counts);
    const least = Math.min(most, ...counts);
    const list = document.querySelector("[data-table-counts]");
    list.replaceChildren(...answer.tables.map((table) => {
      const short = most - table.count > answer.tolerance;
      const long = table.count === most && most - least > answer.tolerance;
      const item = element("li", { className: short ? "short" : long ? "long" : "" },
        interpolate(gettext("Table %(table)s: %(count)s/%(seats)s"), { table: table.number, count: table.count, seats: table.seats }, true) +
        `${table.is_final ? gettext(" (final)") : ""}${short ? gettext(" · short") : long ? gettext(" · long") : ""}${answer.halted.includes(table.number) ? gettext(" · halt") : ""}`);
      item.dataset.table = table.number;
      return item;
    }));
    document.querySelector("[data-tables-summary]").textContent = answer.tables.length
      ? playersAtTables(answer.players_left, answer.tables.length) + waitingLine(answer.waiting_list, true)
      : answer.flight_over ? flightOverLine(answer.flight_over)
      : answer.tournament_status === "finished" ? gettext("The tournament is over: every table is closed.") : gettext("No tables are open yet.");
    drawNeeds(document.querySelector("[data-needs]"), answer, directorAction, true);
    const order = document.querySelector("[data-breaking-order]");
    // SEAT-BREAK: once published the order no longer changes, unless the house may alter it with a reason
    const fixed = answer.registration_closed && !answer.breaking_order_alterable;
    const published = answer.breaking_order.join(", ");
    if (fixed) {
      order.value = published; // nothing typed here can be sent any more
      fieldSent(order);
    } else {
      redrawField(order, published); // the order the director is typing stays theirs
    }
    order.disabled = fixed;
    document.querySelector("[data-save-breaking-order]").disabled = fixed;
    document.querySelector("[data-breaking-order-reason-label]").hidden = !(answer.registration_closed && answer.breaking_order_alterable);
    order.title = fixed ? gettext("Published when registration closed: it no longer changes.")
      : answer.registration_closed ? gettext("Published: a change needs a reason, and is announced to the room.") : "";
    document.dispatchEvent(new CustomEvent("pokerfest:tables", { detail: answer })); // the console's figures (console.js)
  },
};

document.addEventListener("DOMContentLoaded", () => {
  tablesOverview.refresh();
  reloadOnSeatingChanges(() => tablesOverview.refresh(), 300, ["tables", "late_seat"]);
  wireMoveByHand(directorAction);
  // A bust undone by mistake, or a disqualification (PAY-DQ): both need a reason for the log. A
  // disqualification takes the stack counted out of play: the server refuses one without it for
  // a player still in; collusion or chip dumping may end the membership too (REG-MEMBER).
  document.querySelector("[data-entry-ruling]").addEventListener("submit", async (submit) => {
    submit.preventDefault();
    const form = submit.target;
    const action = submit.submitter ? submit.submitter.value : "undo-bust";
    const number = Number(form.elements.number.value);
    const counted = form.elements.chips.value.trim();
    const ending = form.elements.end_membership.checked;
    if (action === "disqualify" && !await askConfirm((counted
      ? interpolate(gettext("Disqualify entry #%(entry)s? No prize is paid and the %(chips)s chips counted leave play."), { entry: number, chips: fmt(counted) }, true)
      : interpolate(gettext("Disqualify entry #%(entry)s? No prize is paid; no stack is given, as for a player already out."), { entry: number }, true))
      + (ending ? gettext(" The membership ends too.") : ""), { ok: gettext("Disqualify") })) return;
    const ruling = action === "disqualify"
      ? { reason: form.elements.reason.value, grounds: form.elements.grounds.value, end_membership: ending, ...(counted ? { chips: Number(counted) } : {}) }
      : { reason: form.elements.reason.value };
    directorAction(`entries/${number}/${action}/`, ruling,
      (answer) => action === "disqualify" ? interpolate(gettext("Entry #%(entry)s is disqualified."), { entry: number }, true) : interpolate(gettext("Entry #%(entry)s is back in: table %(table)s, seat %(seat)s."), { entry: number, table: answer.table, seat: answer.seat }, true));
  });
  // The latest busts to pick from: a tap fills in the entry number, the director gives the reason.
  const rulingBox = document.querySelector("details.entry-rulings");
  const loadBusts = async () => {
    const { ok, answer } = await getJSON(`${base()}busts/`);
    if (!ok) return;
    const form = document.querySelector("[data-entry-ruling]");
    rulingBox.querySelector("[data-recent-busts]").replaceChildren(...(answer.length ? answer.map((bust) => element("li", {},
      element("button", { type: "button", title: bust.name, onclick: () => { form.elements.number.value = bust.entry; form.elements.reason.focus(); } },
        interpolate(gettext("#%(entry)s %(name)s · table %(table)s, seat %(seat)s · %(time)s"), { entry: bust.entry, name: bust.name, table: bust.table, seat: bust.seat, time: formatTime(bust.at) }, true))))
      : [element("li", { textContent: gettext("No bust yet.") })]));
  };
  rulingBox.addEventListener("toggle", () => { if (rulingBox.open) loadBusts(); });
  document.addEventListener("pokerfest:event", (event) => { if (rulingBox.open && event.detail.kind.startsWith("player.")) loadBusts(); });
  // PAY-CHOP (and CLK-LIMIT): three deals side by side; recorded only when everyone agrees.
  const dealForm = document.querySelector("[data-deal]");
  let currency = "EUR"; // the festival's, from the snapshot: money as every page writes it
  document.addEventListener("pokerfest:snapshot", (event) => (currency = event.detail.tournament.currency || currency));
  const money = (cents) => formatMoney(cents, currency);
  const names = {};
  // The form lists the players left (names and entry numbers): the director types their chips.
  const loadDealPlayers = async () => {
    const { ok, answer } = await getJSON(`${base()}deals/players/`);
    if (!ok) return;
    // Chips the director typed stay; the others follow the latest count.
    const typed = Object.fromEntries([...dealForm.querySelectorAll("[data-chips]")].filter(edited).map((input) => [input.dataset.chips, input.value]));
    answer.forEach((player) => (names[player.entry] = player.name));
    dealForm.querySelector("[data-deal-stacks]").replaceChildren(element("legend", { textContent: gettext("Chips of each player left") }),
      ...answer.map((player) => {
        // The last chips counted for the player (a count at the table or a bag) until typed over.
        const counted = player.chips === null || player.chips === undefined ? "" : String(player.chips);
        const input = element("input", { inputMode: "numeric", required: true, value: counted, ariaLabel: interpolate(gettext("Chips: #%(entry)s %(name)s"), { entry: player.entry, name: player.name }, true) });
        input.dataset.chips = player.entry;
        fieldSent(input); // the count is the page's, not typed
        if (player.entry in typed) input.value = typed[player.entry];
        return element("label", {}, `#${player.entry} ${player.name} `, input);
      }));
  };
  document.querySelector("details.deals").addEventListener("toggle", (toggle) => { if (toggle.target.open) loadDealPlayers(); });
  const dealInput = () => {
    const stacks = {};
    for (const input of dealForm.querySelectorAll("[data-chips]")) {
      const chips = input.value.replace(/[,\s]/g, "");
      if (!/^\d+$/.test(chips)) throw new Error(interpolate(gettext("Type the chips of #%(entry)s %(name)s as a number, e.g. 250,000."), { entry: input.dataset.chips, name: names[input.dataset.chips] }, true));
      stacks[input.dataset.chips] = Number(chips);
    }
    return { stacks, left_to_play: Math.round(Number(dealForm.elements.left.value || 0) * 100) };
  };
  const base = () => document.querySelector("[data-api-base]").dataset.apiBase;
  const say = (ok, text) => {
    const result = document.querySelector("[data-result]");
    result.className = `result ${ok ? "ok" : "refused"}`;
    result.textContent = text;
  };
  dealForm.addEventListener("submit", async (submit) => {
    submit.preventDefault();
    let body;
    try { body = dealInput(); } catch (problem) { return say(false, problem.message); }
    const { ok, answer } = await postJSON(`${base()}deals/proposals/`, body);
    if (!ok) return say(false, answer.detail);
    say(true, gettext("Deals proposed: nothing is recorded until every player agrees."));
    const table = document.querySelector("[data-deal-proposals]");
    table.hidden = false;
    table.tHead.replaceChildren(element("tr", {}, ...[gettext("Entry"), gettext("Chips"), gettext("Chip-chop"), gettext("ICM"), gettext("Guaranteed")].map((h) => element("th", { textContent: h }))));
    table.tBodies[0].replaceChildren(...answer.entries.map((n) => element("tr", {},
      ...[`#${n} ${names[n] || ""}`, fmt(body.stacks[n]), money(answer.deals.chip_chop[n]), money(answer.deals.icm[n]), money(answer.deals.guaranteed[n])]
        .map((text) => element("td", { textContent: text })))));
    const record = document.querySelector("[data-deal-record]");
    record.hidden = false;
    record.querySelector("[data-deal-agreed]").replaceChildren(element("legend", { textContent: gettext("Every player agrees") }),
      ...answer.entries.map((n) => element("label", { className: "check" }, element("input", { type: "checkbox", name: "agreed", value: String(n) }), interpolate(gettext(" #%(entry)s %(name)s agrees"), { entry: n, name: names[n] || "" }, true))));
  });
  // END-FINISH without a deal: the time limit's chip-chop (CLK-LIMIT) or the final gong.
  dealForm.querySelectorAll("[data-end]").forEach((button) => button.addEventListener("click", async () => {
    let body;
    try { body = dealInput(); } catch (problem) { return say(false, problem.message); }
    const how = button.dataset.end === "gong" ? gettext("the final gong: places by chips") : gettext("the time limit: the chip-chop");
    if (!await askConfirm(interpolate(gettext("End the tournament by %(how)s? The results are then final."), { how }, true), { ok: gettext("End the tournament") })) return;
    const { ok, answer } = await postJSON(`${base()}end/${button.dataset.end}/`, { stacks: body.stacks }, newRequestKey());
    say(ok, ok ? interpolate(gettext("The tournament is over (%(method)s): "), { method: answer.method }, true) + answer.players.map((p) => `#${p.entry} ${names[p.entry] || p.name} ${money(p.amount)}`).join(", ") + "." : answer.detail);
  }));
  document.querySelector("[data-deal-record]").addEventListener("submit", async (submit) => {
    submit.preventDefault();
    const form = submit.target;
    let body;
    try { body = dealInput(); } catch (problem) { return say(false, problem.message); }
    const agreed = [...form.querySelectorAll("input[name=agreed]:checked")].map((box) => Number(box.value));
    const { ok, answer } = await postJSON(`${base()}deals/`, { ...body, method: form.elements.method.value, agreed,
      representative: form.elements.representative.value,
      ...(form.elements.include_bounties ? { include_bounties: form.elements.include_bounties.checked } : {}) }, newRequestKey()); // BNT-DEAL
    say(ok, ok ? interpolate(gettext("Deal recorded (%(method)s): "), { method: answer.method }, true) + answer.players.map((p) => `#${p.entry} ${names[p.entry] || p.name} ${money(p.amount)}`).join(", ") + "."
      + (answer.bounties_included ? " " + interpolate(gettext("The remaining bounties (%(amount)s) are shared in it."), { amount: money(answer.bounties_included) }, true) : "") : answer.detail);
  });
  document.querySelector("[data-day-end]").addEventListener("click", (click) => {
    click.preventDefault();
    directorAction("day/end-level/", { level_index: Number(document.querySelector("#level-index").value) },
      (answer) => interpolate(gettext("Day %(day)s ends with level %(level)s."), { day: answer.day, level: answer.level_number }, true));
  });
  document.querySelector("[data-last-hands]").addEventListener("click", (click) => {
    click.preventDefault();
    const hands = Number(document.querySelector("#last-hands").value);
    directorAction("day/last-hands/", { hands }, (answer) => interpolate(ngettext("Clock stopped: %(hands)s at table %(tables)s.", "Clock stopped: %(hands)s at tables %(tables)s.", answer.playing.length), { hands: sayCount(answer.hands, ngettext("%(count)s more hand", "%(count)s more hands", answer.hands)), tables: answer.playing.join(", ") }, true));
  });
  document.querySelector("[data-copy-structure]").addEventListener("click", async (click) => {
    click.preventDefault();
    const chosen = document.querySelector("#structure-template").value;
    if (!chosen) return;
    if (!await askConfirm(gettext("Replace this tournament's structure with a copy of the template? Only before the clock starts."), { ok: gettext("Replace") })) return;
    directorAction("clock/structure/", { structure_id: Number(chosen) }, () => {
      setTimeout(() => location.reload(), 800); // the level list below is the new structure's
      return gettext("Structure set.");
    });
  });
  document.querySelector("[data-save-breaking-order]").addEventListener("click", (click) => {
    click.preventDefault();
    const tables = tableNumbers(document.querySelector("[data-breaking-order]").value);
    if (!tables) {
      const result = document.querySelector("[data-result]");
      result.className = "result refused";
      result.textContent = gettext("List every open table once, first to break first, e.g. 12, 11, 10.");
      return;
    }
    const reason = document.querySelector("[data-breaking-order-reason]").value.trim();
    const order = document.querySelector("[data-breaking-order]");
    directorAction("tables/breaking-order/", { tables, reason }, (answer) => {
      fieldSent(order); // saved: the redraw writes the order as published
      return interpolate(gettext("Breaking order: %(tables)s."), { tables: answer.breaking_order.join(", ") }, true);
    });
  });
  document.querySelector("[data-open-tables]").addEventListener("click", (click) => {
    click.preventDefault();
    const tables = tableNumbers(document.querySelector("#open-tables").value);
    if (!tables) {
      const result = document.querySelector("[data-result]");
      result.className = "result refused";
      result.textContent = gettext("List table numbers in the order they open, e.g. 1-5, 8.");
      return;
    }
    directorAction("tables/open/", { tables }, (answer) => interpolate(ngettext("Opened table %(tables)s.", "Opened tables %(tables)s.", answer.opened.length), { tables: answer.opened.join(", ") }, true));
  });
  document.querySelector("[data-draw-field]").addEventListener("click", (click) => {
    click.preventDefault();
    directorAction("seating/draw/", {}, (answer) =>
      interpolate(gettext("Field drawn (seed %(seed)s): "), { seed: answer.seed }, true) + Object.entries(answer.tables).map(([n, count]) => interpolate(gettext("table %(table)s: %(count)s"), { table: n, count }, true)).join(", ") + "." +
      (answer.kept_apart_failed ? interpolate(ngettext(" %(count)s keep-apart pair had to share a table: too few tables to separate them.", " %(count)s keep-apart pairs had to share a table: too few tables to separate them.", answer.kept_apart_failed), { count: answer.kept_apart_failed }, true) : "") +
      (answer.not_needed && answer.not_needed.length ? interpolate(ngettext(" Not needed for this field, closed again: table %(tables)s (open it when late entries need it).", " Not needed for this field, closed again: tables %(tables)s (open them when late entries need them).", answer.not_needed.length), { tables: answer.not_needed.join(", ") }, true) : ""));
  });
  document.querySelector("[data-cancel]").addEventListener("submit", async (submit) => {
    submit.preventDefault();
    if (!await askConfirm(gettext("Cancel the tournament? Every entry is refunded in full, the tables close and the clock stops. This cannot be undone."),
      { ok: gettext("Cancel the tournament"), cancel: gettext("Keep it") })) return;
    directorAction("cancel/", { reason: submit.target.elements.reason.value },
      (answer) => interpolate(ngettext("The tournament is cancelled: %(count)s entry refunded in full.", "The tournament is cancelled: %(count)s entries refunded in full.", answer.refunded), { count: answer.refunded }, true));
  });
  document.querySelector("[data-open-registration]").addEventListener("click", (click) => {
    click.preventDefault();
    directorAction("registration/open/", {}, () => {
      registrationOpened();
      return gettext("Registration is open: the desks sell.");
    });
  });
  document.querySelector("[data-close-registration]").addEventListener("click", async (click) => {
    click.preventDefault();
    const base = document.querySelector("[data-api-base]").dataset.apiBase;
    const { ok, answer } = await postJSON(`${base}registration/close/`, {}, newRequestKey());
    const result = document.querySelector("[data-result]");
    result.className = `result ${ok ? "ok" : "refused"}`;
    result.textContent = ok ? gettext("Registration closed.") : answer.detail;
  });
  document.querySelectorAll("[data-control]").forEach((button) => {
    button.addEventListener("click", (click) => {
      click.preventDefault();
      const action = button.dataset.control;
      if (action === "pause") return clockControl("pause", { reason: document.querySelector("#pause-reason").value });
      if (action === "adjust") {
        const seconds = Number(button.dataset.seconds || document.querySelector("#adjust-seconds").value);
        if (!Number.isInteger(seconds) || seconds === 0) {
          const result = document.querySelector("[data-result]");
          result.textContent = gettext("Enter a whole number of seconds, positive to add, negative to remove.");
          result.className = "result refused";
          return;
        }
        return clockControl("adjust", { seconds });
      }
      if (action === "level") return clockControl("level", { level_index: Number(document.querySelector("#level-index").value) });
      if (action === "time-out") {
        return clockControl("time-out", { minutes: Number(document.querySelector("#time-out-minutes").value),
          reason: document.querySelector("#pause-reason").value });
      }
      return clockControl(action);
    });
  });
});
