// Absent players (PEN-ABSENT, ENT-SUBST) and photo ID at restarts (REG-ID) on the floor tablet,
// drawn over the table cards static/floor.js has just drawn: each absent seat says "absent: dealt
// in, blinded off" since when, with "Arrived" and, once the ruleset's time of play has run,
// "Remove stack"; every other seated player has "Absent". When the ruleset asks for photo ID
// each day, each table lists its players still unchecked today, each with "ID checked".
// The desk's entry rows get the same "ID checked" (photoIdControl).
import { gettext, interpolate } from "./i18n.js";
import { element, getJSON, postJSON } from "./api.js";
import { fmt, formatTime } from "./live.js";
import { askConfirm } from "./dialog.js";

export function absentSeats(holder, answer, act) {
  const absent = answer.absent || {};
  const ids = answer.id_checks || { required: false, unchecked: [] };
  for (const card of holder.querySelectorAll("article.table-card")) {
    const table = (answer.tables || []).find((t) => String(t.number) === card.dataset.table);
    if (!table) continue;
    // The next day's checks show once it starts, not while this day's chips are bagged.
    const unchecked = ids.day_started === false ? [] : ids.unchecked.filter((row) => String(row.table) === card.dataset.table);
    if (ids.required && ids.day_started !== false && Object.keys(table.players).length) {
      const line = element("p", { className: "id-unchecked" }, unchecked.length
        ? interpolate(gettext("Photo ID to check for day %(day)s: %(players)s"), { day: ids.day, players: unchecked.map((row) => `${row.seat}. ${row.name}`).join(", ") }, true)
        : interpolate(gettext("Photo ID checked for day %(day)s: every player here."), { day: ids.day }, true));
      line.dataset.idUnchecked = unchecked.length;
      (card.querySelector(".table-layout") || card.querySelector("ol.seats")).before(line);
    }
    for (const seatBox of card.querySelectorAll("ol.seats > li[data-seat]")) {
      const seat = seatBox.dataset.seat;
      const player = table.players[seat];
      if (!player) continue;
      // The controls go in the seat's sheet of actions (static/floor.js); what is said, on the seat.
      const item = card.querySelector(`[data-seat-actions="${seat}"]`) || seatBox;
      const path = `tables/${table.number}/seats/${seat}/`;
      const away = (absent[card.dataset.table] || {})[seat];
      if (away) {
        seatBox.classList.add("absent");
        const since = formatTime(away.since, { hour: "2-digit", minute: "2-digit" });
        const note = element("span", { className: "absent-note" }, ` ${interpolate(away.retired ? gettext("retired: dealt in, blinded off since %(time)s") : gettext("absent: dealt in, blinded off since %(time)s"), { time: since }, true)} · ${away.sentence} `);
        note.dataset.absent = away.may_remove ? "may-remove" : "blinded-off";
        seatBox.append(note);
        item.append(element("button", { type: "button", textContent: gettext("Arrived"), ariaLabel: interpolate(gettext("Arrived: seat %(seat)s, %(name)s"), { seat, name: player.name }, true),
          onclick: () => act(`${path}present/`, {}, () => interpolate(gettext("%(name)s has arrived: plays from the next hand."), { name: player.name }, true)) }));
        if (away.may_remove) item.append(removeStack(table.number, seat, player.name, act));
      } else {
        item.append(element("button", { type: "button", textContent: gettext("Absent"), ariaLabel: interpolate(gettext("Absent: seat %(seat)s, %(name)s"), { seat, name: player.name }, true),
          onclick: () => act(`${path}absent/`, {}, () => interpolate(gettext("%(name)s is absent: dealt in and blinded off."), { name: player.name }, true)) }));
        if (answer.retiring) {
          item.append(element("button", { type: "button", textContent: gettext("Retired"), ariaLabel: interpolate(gettext("Retired, no substitute: seat %(seat)s, %(name)s"), { seat, name: player.name }, true),
            onclick: () => act(`${path}absent/`, { retired: true }, () => interpolate(gettext("%(name)s has retired: blinded off, the stack stays in play."), { name: player.name }, true)) }));
        }
      }
      if (unchecked.some((row) => String(row.seat) === seat)) item.append(photoIdButton(player, ids.day, act));
    }
  }
}

function photoIdButton(player, day, act) {
  return element("button", { type: "button", className: "id-check", textContent: gettext("ID checked"), ariaLabel: interpolate(gettext("Photo ID checked: entry #%(entry)s, %(name)s"), { entry: player.number, name: player.name }, true),
    onclick: () => act(`entries/${player.number}/photo-id/`, {}, (answer) => interpolate(gettext("%(name)s: photo ID checked for day %(day)s."), { name: player.name, day: answer.day }, true)) });
}

// PEN-ABSENT: the stack, counted now, leaves play; the player is out like any bust.
function removeStack(table, seat, name, act) {
  const chips = element("input", { type: "number", min: "0", step: "1", required: true, placeholder: gettext("chips counted"), ariaLabel: interpolate(gettext("Absent stack counted: seat %(seat)s, %(name)s"), { seat, name }, true) });
  chips.dataset.key = `remove-${table}-${seat}`;
  const form = element("form", { className: "bag" }, chips, element("button", { type: "submit", textContent: gettext("Remove stack") }));
  form.addEventListener("submit", async (submit) => {
    submit.preventDefault();
    const counted = Number(chips.value);
    if (!await askConfirm(interpolate(gettext("Take %(name)s's %(chips)s chips out of play? %(name)s is out, placed like any bust."),
      { name, chips: fmt(counted) }, true), { ok: gettext("Remove stack") })) return; // static/dialog.js
    act(`tables/${table}/seats/${seat}/remove-stack/`, { chips: counted }, () => interpolate(gettext("%(name)s's stack is out of play: %(name)s is out."), { name }, true), form);
  });
  return form;
}

// REG-ID on the desk's entry row: "ID checked" for a returning player still unchecked today.
export function photoIdControl(tournament, entry, say) {
  const box = element("span", { className: "entry-action" });
  getJSON(`/api/tournaments/${tournament}/absent-and-id/`).then(({ ok, answer }) => {
    if (!ok || !answer.id_checks.required) return;
    const ids = answer.id_checks;
    if (ids.checked.includes(entry.number)) return box.append(interpolate(gettext(" · photo ID checked for day %(day)s"), { day: ids.day }, true));
    if (!ids.unchecked.some((row) => row.entry === entry.number)) return;
    box.append(" ", element("button", { type: "button", textContent: interpolate(gettext("ID checked (day %(day)s)"), { day: ids.day }, true), ariaLabel: interpolate(gettext("Photo ID checked: entry #%(entry)s"), { entry: entry.number }, true),
      onclick: async () => {
        const { ok: done, answer: checked } = await postJSON(`/api/tournaments/${tournament}/entries/${entry.number}/photo-id/`, { at_desk: true });
        say(done ? interpolate(gettext("Entry #%(entry)s: photo ID checked for day %(day)s."), { entry: entry.number, day: checked.day }, true) : checked.detail, done);
        if (done) box.replaceChildren(interpolate(gettext(" · photo ID checked for day %(day)s"), { day: checked.day }, true));
      } }));
  });
  return box;
}
