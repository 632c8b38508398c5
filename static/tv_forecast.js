// The TV's forecast line (issue 26): the bubble and the end of the day, with their ranges, while
// the director allows it; asked again every minute (the forecast moves with every bust).
import { gettext, interpolate } from "./i18n.js";
import { getJSON } from "./api.js";

(() => {
  const line = document.querySelector("[data-tv-forecast]");
  const screen = document.querySelector("[data-tv-screen]");
  if (!line || !screen) return;
  const time = (at) => new Date(at).toLocaleTimeString(document.documentElement.lang || undefined, { hour: "2-digit", minute: "2-digit" });
  const range = (estimate) => interpolate(gettext("about %(at)s (%(early)s–%(late)s)"),
    { at: time(estimate.at), early: time(estimate.early), late: estimate.late ? time(estimate.late) : "…" }, true);

  async function look() {
    const { ok, answer } = await getJSON(`${screen.dataset.apiBase}forecast/tv/`);
    const parts = [];
    if (ok && answer.shown) {
      if (answer.bubble) parts.push(interpolate(gettext("Bubble %(when)s"), { when: range(answer.bubble) }, true));
      if (answer.end_of_day) parts.push(interpolate(answer.day_stops ? gettext("Day ends %(when)s") : gettext("Winner %(when)s"), { when: range(answer.end_of_day) }, true));
    }
    line.textContent = parts.join(" · ");
    line.hidden = !parts.length;
  }
  look();
  setInterval(look, 60_000);
})();
