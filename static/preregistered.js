// A player's pre-registration confirmation: cancel it by its code (the seat goes to the first
// on the waiting list), after a confirming question.
import { gettext } from "./i18n.js";
import { postJSON } from "./api.js";
import { askConfirm } from "./dialog.js";

(function () {
  const root = document.querySelector("[data-preregistration]");
  const button = document.querySelector("[data-cancel-prereg]");
  const result = document.querySelector("[data-prereg-result]");
  if (!root || !button) return;
  button.addEventListener("click", async () => {
    const sure = await askConfirm(gettext("Cancel your registration? Your seat goes to the next player waiting."),
      { ok: gettext("Cancel my registration"), cancel: gettext("Keep it") });
    if (!sure) return;
    const { ok, answer } = await postJSON(`/api/preregistrations/${root.dataset.code}/cancel/`, {});
    if (ok) {
      window.location.reload();
      return;
    }
    result.className = "result refused";
    result.textContent = answer.detail;
  });
})();
