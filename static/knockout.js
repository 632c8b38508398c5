// ELIM-BY, BNT-COVER: after "Out" in a bounty event the tablet asks who won the pot that put the
// player out. Only the other seats at that table are offered; one tap on a seat answers (the
// common case); "Split pot" turns the seats into toggles to choose several, then Confirm.
// `chipsLabel`: the optional "chips at the start of this hand" box rides in this dialog, so the
// common bust is two taps (Out, then the winner) as in an event without bounties.
// Answers with { seats, chips } (chips: "" when none typed), or null when cancelled.
import { gettext, interpolate } from "./i18n.js";
import { element } from "./api.js";

export function askWhoWon(table, bustedSeat, name, chipsLabel = null) {
  const before = document.activeElement;
  return new Promise((resolve) => {
    const seats = Object.keys(table.players).map(Number).filter((seat) => seat !== bustedSeat).sort((a, b) => a - b);
    const chosen = new Set();
    let split = false;
    const question = element("p", { id: "who-won-text", className: "ask-text",
      textContent: interpolate(gettext("Who won the pot that put %(name)s out (table %(table)s)?"), { name, table: table.number }, true) });
    const hint = element("p", { className: "hint" });
    const chipsBox = chipsLabel ? element("input", { type: "number", min: "1", step: "1", inputMode: "numeric", id: "who-won-chips" }) : null;
    const chipsRow = chipsBox ? element("p", { className: "chips-row" }, element("label", { htmlFor: "who-won-chips", textContent: chipsLabel }), chipsBox) : null;
    const confirm = element("button", { type: "button", className: "primary", textContent: gettext("Confirm"), hidden: true, disabled: true });
    const splitButton = element("button", { type: "button", textContent: gettext("Split pot") });
    splitButton.setAttribute("aria-pressed", "false");
    const cancel = element("button", { type: "button", textContent: gettext("Cancel") });
    const dialog = element("dialog", { className: "ask who-won" });
    let settled = false;
    const finish = (answer) => {
      if (settled) return;
      settled = true;
      if (dialog.open) dialog.close();
      dialog.remove();
      if (before && before.isConnected && typeof before.focus === "function") before.focus();
      const typed = chipsBox ? chipsBox.value.replace(/[,.\s]/g, "") : "";
      resolve(answer && { seats: answer, chips: /^\d+$/.test(typed) ? Number(typed) : "" });
    };
    const buttons = seats.map((seat) => {
      const player = table.players[String(seat)];
      const button = element("button", { type: "button", className: "seat-choice",
        textContent: interpolate(gettext("Seat %(seat)s · %(name)s"), { seat, name: player.name }, true) });
      button.dataset.wonBy = seat;
      button.addEventListener("click", () => {
        if (!split) return finish([seat]); // one tap: the common case
        if (chosen.has(seat)) chosen.delete(seat);
        else chosen.add(seat);
        button.setAttribute("aria-pressed", String(chosen.has(seat)));
        confirm.disabled = chosen.size < 2;
        hint.textContent = chosen.size < 2 ? gettext("Tap every player who split the pot, then Confirm.")
          : interpolate(gettext("%(n)s players split the pot."), { n: chosen.size }, true);
      });
      return button;
    });
    splitButton.addEventListener("click", () => {
      split = !split;
      splitButton.setAttribute("aria-pressed", String(split));
      confirm.hidden = !split;
      chosen.clear();
      for (const button of buttons) {
        if (split) button.setAttribute("aria-pressed", "false");
        else button.removeAttribute("aria-pressed");
      }
      confirm.disabled = true;
      hint.textContent = split ? gettext("Tap every player who split the pot, then Confirm.") : "";
    });
    confirm.addEventListener("click", () => finish(seats.filter((seat) => chosen.has(seat))));
    cancel.addEventListener("click", () => finish(null));
    dialog.addEventListener("cancel", (escape) => {
      escape.preventDefault();
      finish(null);
    });
    dialog.setAttribute("aria-labelledby", "who-won-text");
    dialog.append(question, element("div", { className: "seat-choices" }, ...buttons), ...(chipsRow ? [chipsRow] : []), hint,
      element("div", { className: "ask-buttons" }, cancel, splitButton, confirm));
    document.body.append(dialog);
    dialog.showModal();
    (buttons[0] || cancel).focus();
  });
}
