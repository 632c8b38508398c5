// REG-CONSENT at the desk: how public screens (lobby, seat page, results, chip leaders) name
// the selected player: first name and last initial, or initials only. Changed at once.
import { gettext } from "./i18n.js";
import { postJSON } from "./api.js";

const publicNameControl = {
  player: null,

  start() {
    const box = document.querySelector("[data-initials-only]");
    if (!box) return;
    document.addEventListener("pokerfest:desk-player", (event) => {
      this.player = event.detail.player;
      box.checked = Boolean(this.player.initials_only);
      document.querySelector("[data-public-name-result]").textContent = "";
    });
    box.addEventListener("change", () => this.save(box));
  },

  async save(box) {
    const tournament = document.querySelector(".desk").dataset.tournament;
    const result = document.querySelector("[data-public-name-result]");
    const { ok, answer } = await postJSON(`/api/tournaments/${tournament}/players/${this.player.id}/public-name/`,
      { initials_only: box.checked });
    if (!ok) {
      box.checked = !box.checked;
      result.className = "result refused";
      result.textContent = answer.detail;
      return;
    }
    this.player = answer;
    result.className = "result ok";
    result.textContent = answer.initials_only ? gettext("Public screens now show initials only.")
      : gettext("Public screens show first name and last initial.");
  },
};

document.addEventListener("DOMContentLoaded", () => publicNameControl.start());
