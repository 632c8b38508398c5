// A player's pre-registration confirmation: cancel it by its code (the seat goes to the first
// on the waiting list), after a confirming question; and while it waits for the desk, the page
// follows its status: once the desk confirms it, the player's seat page is linked.
import { gettext } from "./i18n.js";
import { getJSON, postJSON } from "./api.js";
import { askConfirm } from "./dialog.js";

export const confirmationPage = {
  POLL_MS: 15000,
  root: null,

  start() {
    this.root = document.querySelector("[data-preregistration]");
    if (!this.root) return;
    const button = document.querySelector("[data-cancel-prereg]");
    if (button) button.addEventListener("click", () => this.cancel());
    if (["held", "waiting"].includes(this.root.dataset.status)) setInterval(() => this.follow(), this.POLL_MS);
  },

  async cancel() {
    const sure = await askConfirm(gettext("Cancel your registration? Your seat goes to the next player waiting."),
      { ok: gettext("Cancel my registration"), cancel: gettext("Keep it") });
    if (!sure) return;
    const { ok, answer } = await postJSON(`/api/preregistrations/${this.root.dataset.code}/cancel/`, {});
    if (ok) {
      window.location.reload();
      return;
    }
    const result = document.querySelector("[data-prereg-result]");
    result.className = "result refused";
    result.textContent = answer.detail;
  },

  // The status changed (confirmed at the desk, a seat from the waiting list, cancelled): the page anew.
  async follow() {
    const { ok, answer } = await getJSON(`/api/preregistrations/${this.root.dataset.code}/`);
    if (ok && answer.status !== this.root.dataset.status) window.location.reload();
  },
};

document.addEventListener("DOMContentLoaded", () => confirmationPage.start());
