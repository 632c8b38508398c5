// The director's forecast of the day (templates/pokerfest/_forecast.html): the switch that lets
// the TV show the bubble and the end of the day. The forecast itself is drawn by the server.
import { gettext } from "./i18n.js";
import { postJSON, newRequestKey } from "./api.js";

(() => {
  const button = document.querySelector("[data-forecast-tv]");
  if (!button) return;
  const base = document.querySelector("[data-api-base]").dataset.apiBase;
  const result = document.querySelector("[data-forecast-tv-result]");
  const label = () => {
    button.textContent = button.dataset.shown === "true" ? gettext("Take the forecast off the TV") : gettext("Show the bubble and end of the day on the TV");
  };
  label();
  button.addEventListener("click", async () => {
    const shown = button.dataset.shown !== "true";
    const { ok, answer } = await postJSON(`${base}forecast/tv/`, { shown }, newRequestKey());
    result.className = `result ${ok ? "ok" : "refused"}`;
    result.textContent = ok ? (shown ? gettext("The TV shows the forecast.") : gettext("The forecast is off the TV.")) : answer.detail;
    if (ok) {
      button.dataset.shown = String(shown);
      label();
    }
  });
})();
