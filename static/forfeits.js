// Chips forfeited at a seat (CHIP-COUNT, CHIP-RACE) on the floor tablet: "Forfeit chips" in the
// seat's sheet asks for the chips found (or the blinds dodged), the stack counted with them and a
// note, and the reason is the button tapped: out of view (pokerfest L185) or in a pocket
// (neverending L89, chips L107) and small chips left after a chip race (pokerfest L179) leave
// play; a dodged blind (neverending L87) goes into the next pot as dead money. The server
// refuses a bad amount (0, negative, more than the stack) with a sentence the tablet shows.
import { gettext, interpolate } from "./i18n.js";
import { element } from "./api.js";
import { fmt } from "./live.js";
import { askDialog } from "./dialog.js";

const REASONS = () => [
  { value: "out_of_view", label: gettext("Out of view") },
  { value: "in_pocket", label: gettext("In a pocket") },
  { value: "after_race", label: gettext("Left after the race") },
  { value: "dodged_blind", label: gettext("Dodged blind (dead money)") },
];

const whole = (text) => text.replace(/[,.\s]/g, "");

export function forfeitButton(table, seat, player, act) {
  const button = element("button", { type: "button", textContent: gettext("Forfeit chips"),
    ariaLabel: interpolate(gettext("Forfeit chips: seat %(seat)s, %(name)s"), { seat, name: player.name }, true) });
  button.addEventListener("click", async () => {
    const answer = await askDialog(interpolate(gettext("%(name)s (table %(table)s, seat %(seat)s) forfeits chips. Why?"), { name: player.name, table, seat }, true), [
      { name: "chips", label: gettext("Chips forfeited (or the blinds dodged)"), type: "number", required: true },
      { name: "stack", label: gettext("Stack counted now, with those chips (a dodged blind may go without)"), type: "number" },
      { name: "note", label: gettext("What happened (for the record)"), maxLength: 200 },
    ], [{ value: "cancel", label: gettext("Cancel") }, ...REASONS()], (typed) => {
      if (!/^-?\d+$/.test(whole(typed.chips))) return gettext("Type the chips forfeited as a number.");
      return typed.stack && !/^\d+$/.test(whole(typed.stack)) ? gettext("Type the stack as a number, or leave it empty.") : "";
    });
    if (answer === null) return;
    const { chips, stack, note } = answer.typed;
    const body = { chips: Number(whole(chips)), reason: answer.value, note, ...(stack ? { stack: Number(whole(stack)) } : {}) };
    act(`tables/${table}/seats/${seat}/forfeit/`, body, (done) => {
      if (done.to_pot) return interpolate(gettext("%(name)s's %(chips)s chips go into the next pot as dead money."), { name: player.name, chips: fmt(done.to_pot) }, true);
      const changed = done.changed_up ? interpolate(gettext(" (%(chips)s changed up)"), { chips: fmt(done.changed_up) }, true) : "";
      return interpolate(gettext("%(name)s forfeits %(chips)s chips%(changed)s: out of play, %(in_play)s chips in play."),
        { name: player.name, chips: fmt(done.out_of_play), changed, in_play: fmt(done.chips_in_play) }, true);
    });
  });
  return button;
}
