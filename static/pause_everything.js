// The director's one tap when the tablets drop (templates/pokerfest/_pause_everything.html): the
// level clock and every table's action clock pause in one operation (issue 27).
import { gettext } from "./i18n.js";
import { postJSON, newRequestKey } from "./api.js";

(() => {
  const button = document.querySelector("[data-pause-everything]");
  if (!button) return;
  const base = document.querySelector("[data-api-base]").dataset.apiBase;
  const result = document.querySelector("[data-pause-everything-result]");
  button.addEventListener("click", async () => {
    const { ok, answer } = await postJSON(`${base}clock/pause-everything/`, { reason: gettext("the tablets lost the network") }, newRequestKey());
    result.className = `result ${ok ? "ok" : "refused"}`;
    result.textContent = ok ? gettext("Every clock is paused.") : answer.detail;
  });
})();
