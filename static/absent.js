// Absent players (PEN-ABSENT, ENT-SUBST) and photo ID at restarts (REG-ID) on the floor tablet,
// drawn over the table cards static/floor.js has just drawn: each absent seat says "absent: dealt
// in, blinded off" since when, with "Arrived" and, once the ruleset's time of play has run,
// "Remove stack"; every other seated player has "Absent". When the ruleset asks for photo ID
// each day, each table lists its players still unchecked today, each with "ID checked".
// The desk's entry rows get the same "ID checked" (photoIdControl).
"use strict";

function absentSeats(holder, answer, act) {
  const absent = answer.absent || {};
  const ids = answer.id_checks || { required: false, unchecked: [] };
  for (const card of holder.querySelectorAll("article.table-card")) {
    const table = (answer.tables || []).find((t) => String(t.number) === card.dataset.table);
    if (!table) continue;
    // The next day's checks show once it starts, not while this day's chips are bagged.
    const unchecked = ids.day_started === false ? [] : ids.unchecked.filter((row) => String(row.table) === card.dataset.table);
    if (ids.required && ids.day_started !== false && Object.keys(table.players).length) {
      const line = element("p", { className: "id-unchecked" }, unchecked.length
        ? `Photo ID to check for day ${ids.day}: ${unchecked.map((row) => `${row.seat}. ${row.name}`).join(", ")}`
        : `Photo ID checked for day ${ids.day}: every player here.`);
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
        const since = new Date(away.since).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
        const note = element("span", { className: "absent-note" }, ` ${away.retired ? "retired" : "absent"}: dealt in, blinded off since ${since} · ${away.sentence} `);
        note.dataset.absent = away.may_remove ? "may-remove" : "blinded-off";
        seatBox.append(note);
        item.append(element("button", { type: "button", textContent: "Arrived", ariaLabel: `Arrived: seat ${seat}, ${player.name}`,
          onclick: () => act(`${path}present/`, {}, () => `${player.name} has arrived: plays from the next hand.`) }));
        if (away.may_remove) item.append(removeStack(table.number, seat, player.name, act));
      } else {
        item.append(element("button", { type: "button", textContent: "Absent", ariaLabel: `Absent: seat ${seat}, ${player.name}`,
          onclick: () => act(`${path}absent/`, {}, () => `${player.name} is absent: dealt in and blinded off.`) }));
        if (answer.retiring) {
          item.append(element("button", { type: "button", textContent: "Retired", ariaLabel: `Retired, no substitute: seat ${seat}, ${player.name}`,
            onclick: () => act(`${path}absent/`, { retired: true }, () => `${player.name} has retired: blinded off, the stack stays in play.`) }));
        }
      }
      if (unchecked.some((row) => String(row.seat) === seat)) item.append(photoIdButton(player, ids.day, act));
    }
  }
}

function photoIdButton(player, day, act) {
  return element("button", { type: "button", className: "id-check", textContent: "ID checked", ariaLabel: `Photo ID checked: entry #${player.number}, ${player.name}`,
    onclick: () => act(`entries/${player.number}/photo-id/`, {}, (answer) => `${player.name}: photo ID checked for day ${answer.day}.`) });
}

// PEN-ABSENT: the stack, counted now, leaves play; the player is out like any bust.
function removeStack(table, seat, name, act) {
  const chips = element("input", { type: "number", min: "0", step: "1", required: true, placeholder: "chips counted", ariaLabel: `Absent stack counted: seat ${seat}, ${name}` });
  chips.dataset.key = `remove-${table}-${seat}`;
  const form = element("form", { className: "bag" }, chips, element("button", { type: "submit", textContent: "Remove stack" }));
  form.addEventListener("submit", async (submit) => {
    submit.preventDefault();
    const counted = Number(chips.value);
    if (!await askConfirm(interpolate(gettext("Take %(name)s's %(chips)s chips out of play? %(name)s is out, placed like any bust."),
      { name, chips: counted.toLocaleString() }, true), { ok: gettext("Remove stack") })) return; // static/dialog.js
    act(`tables/${table}/seats/${seat}/remove-stack/`, { chips: counted }, () => `${name}'s stack is out of play: ${name} is out.`, form);
  });
  return form;
}

// REG-ID on the desk's entry row: "ID checked" for a returning player still unchecked today.
function photoIdControl(tournament, entry, say) {
  const box = element("span", { className: "entry-action" });
  getJSON(`/api/tournaments/${tournament}/absent-and-id/`).then(({ ok, answer }) => {
    if (!ok || !answer.id_checks.required) return;
    const ids = answer.id_checks;
    if (ids.checked.includes(entry.number)) return box.append(` · photo ID checked for day ${ids.day}`);
    if (!ids.unchecked.some((row) => row.entry === entry.number)) return;
    box.append(" ", element("button", { type: "button", textContent: `ID checked (day ${ids.day})`, ariaLabel: `Photo ID checked: entry #${entry.number}`,
      onclick: async () => {
        const { ok: done, answer: checked } = await postJSON(`/api/tournaments/${tournament}/entries/${entry.number}/photo-id/`, { at_desk: true });
        say(done ? `Entry #${entry.number}: photo ID checked for day ${checked.day}.` : checked.detail, done);
        if (done) box.replaceChildren(` · photo ID checked for day ${checked.day}`);
      } }));
  });
  return box;
}
