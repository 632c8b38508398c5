// The director's devices (templates/pokerfest/_pause_everything.html, issue 27): every staff
// device connected (who, which table, since when), asked again every few seconds; when a set
// share of them drops at once (the venue's network), a warning with the one tap that pauses the
// level clock and every table's action clock in one operation.
import { gettext, interpolate, ngettext } from "./i18n.js";
import { element, getJSON, postJSON, newRequestKey } from "./api.js";

(() => {
  const box = document.querySelector("[data-devices]");
  if (!box) return;
  const base = document.querySelector("[data-api-base]").dataset.apiBase;
  const result = box.querySelector("[data-pause-everything-result]");
  const warning = box.querySelector("[data-mass-drop]");
  const time = (seconds) => new Date(seconds * 1000).toLocaleTimeString(document.documentElement.lang || undefined, { hour: "2-digit", minute: "2-digit" });
  const line = (device) => element("li", { textContent: (device.table ? interpolate(gettext("Table %(table)s"), { table: device.table }, true) + " · " : "")
    + (device.person || "?") + " · " + (device.left ? interpolate(gettext("dropped at %(at)s"), { at: time(device.left) }, true) : interpolate(gettext("since %(at)s"), { at: time(device.since) }, true)) });

  async function look() {
    const { ok, answer } = await getJSON(`${base}devices/`);
    if (!ok) return;
    box.querySelector("[data-devices-count]").textContent = String(answer.connected.length);
    box.querySelector("[data-devices-list]").replaceChildren(...answer.connected.map(line), ...answer.dropped.slice(0, 10).map(line));
    warning.hidden = !answer.mass_drop;
    if (answer.mass_drop) {
      box.querySelector("[data-mass-drop-text]").textContent = interpolate(
        ngettext("%(dropped)s device (%(percent)s) dropped in the last %(seconds)s seconds: the venue's network?", "%(dropped)s devices (%(percent)s) dropped in the last %(seconds)s seconds: the venue's network?", answer.dropped_lately),
        { dropped: answer.dropped_lately, percent: `${answer.percent}%`, seconds: answer.window_seconds }, true);
    }
  }

  for (const button of box.querySelectorAll("[data-pause-everything]")) {
    button.addEventListener("click", async () => {
      const { ok, answer } = await postJSON(`${base}clock/pause-everything/`, { reason: gettext("the tablets lost the network") }, newRequestKey());
      result.className = `result ${ok ? "ok" : "refused"}`;
      result.textContent = ok ? gettext("Every clock is paused.") : answer.detail;
    });
  }
  look();
  setInterval(look, 3000);
})();
