// The TV's forecast line (issue 26): the bubble and the end of the day, with their ranges, while
// the director allows it; asked again every minute (the forecast moves with every bust).
import { gettext, interpolate, ngettext } from "./i18n.js";
import { getJSON } from "./api.js";

(() => {
  const line = document.querySelector("[data-tv-forecast]");
  const screen = document.querySelector("[data-tv-screen]");
  if (!line || !screen) return;
  // The venue's time (the festival's zone, given by the page), not the device's: a TV set to
  // another zone read the bubble hours off. 24-hour in English too, as the TV's other times.
  const language = document.documentElement.lang || "en";
  const clock = new Intl.DateTimeFormat(language === "en" ? "en-GB" : language,
    { hour: "2-digit", minute: "2-digit", timeZone: screen.dataset.timeZone || "UTC" });
  const time = (at) => clock.format(new Date(at));
  const range = (estimate) => interpolate(gettext("about %(at)s (%(early)s–%(late)s)"),
    { at: time(estimate.at), early: time(estimate.early), late: estimate.late ? time(estimate.late) : "…" }, true);

  async function look() {
    const { ok, answer } = await getJSON(`${screen.dataset.apiBase}forecast/tv/`);
    const parts = [];
    if (ok && answer.shown) {
      if (answer.bubble) parts.push(interpolate(gettext("Bubble %(when)s"), { when: range(answer.bubble) }, true));
      // A flight has no winner: its end is its bags going to Day 2.
      if (answer.end_of_day && answer.flight) {
        parts.push(interpolate(ngettext("Flight over about %(at)s: about %(bags)s bag to Day 2", "Flight over about %(at)s: about %(bags)s bags to Day 2", answer.bags),
          { at: time(answer.end_of_day.at), bags: answer.bags }, true));
      } else if (answer.end_of_day) {
        parts.push(interpolate(answer.day_stops ? gettext("Day ends %(when)s") : gettext("Winner %(when)s"), { when: range(answer.end_of_day) }, true));
      }
    }
    line.textContent = parts.join(" · ");
    line.hidden = !parts.length;
  }
  look();
  setInterval(look, 60_000);
})();
