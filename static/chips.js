// CHIP-COUNT on the screens: the lobby's chip leaders as last published, and on the director's
// page the chips in play against the latest counts, with the gap, and the publish button.
import { gettext, interpolate, ngettext } from "./i18n.js";
import { element, getJSON, postJSON } from "./api.js";
import { fmt, formatTime, sayCount, touches } from "./live.js";
import { askConfirm } from "./dialog.js";

(() => {
  const leaders = document.querySelector("[data-chip-leaders]");
  if (leaders) {
    let shown = null; // the board as published, leaders who went out since marked `out`
    const show = (board) => {
      shown = board;
      leaders.hidden = !board;
      if (!board) return;
      leaders.querySelector("[data-chip-leaders-when]").textContent =
        interpolate(gettext("Counted at %(time)s · average %(average)s"), { time: formatTime(board.counted_at), average: fmt(board.average) }, true);
      leaders.querySelector("[data-chip-leaders-list]").replaceChildren(...board.leaders.map((row) =>
        element("li", { className: row.out ? "out" : "" }, interpolate(gettext("%(name)s %(chips)s (table %(table)s)"), { name: row.name, chips: fmt(row.chips), table: row.table }, true) + (row.out ? gettext(" · out") : ""))));
    };
    document.addEventListener("pokerfest:snapshot", (event) => show(event.detail.chip_leaders));
    document.addEventListener("pokerfest:event", (event) => {
      const { kind, data } = event.detail;
      if (kind === "chips.leaders_published") show(data);
      if (kind === "player.out" && shown && data && shown.leaders.some((row) => row.entry === data.entry)) {
        show({ ...shown, leaders: shown.leaders.map((row) => (row.entry === data.entry ? { ...row, out: true } : row)) });
      }
    });
  }

  const check = document.querySelector("[data-chip-check]");
  if (!check) return;
  const base = document.querySelector("[data-api-base]").dataset.apiBase;
  const result = document.querySelector("[data-result]");
  let last = null; // the latest check: publishing from counts that do not agree asks first
  async function load() {
    const { ok, answer } = await getJSON(`${base}chip-counts/`);
    if (!ok) return;
    last = answer;
    check.querySelector("[data-chips-in-play]").textContent = fmt(answer.in_play);
    check.querySelector("[data-chips-counted]").textContent =
      interpolate(ngettext("%(chips)s in %(counted)s of %(stacks)s stack", "%(chips)s in %(counted)s of %(stacks)s stacks", answer.seats_in_play), { chips: fmt(answer.counted), counted: answer.seats_counted, stacks: answer.seats_in_play }, true);
    const parts = check.querySelector("[data-chips-parts]");
    if (parts && answer.parts) { // CHIP-COUNT: what the chips in play add up from
      const p = answer.parts;
      parts.textContent = interpolate(gettext("= %(bought)s bought − %(removed)s removed − %(forfeited)s forfeited %(sign)s %(colour_ups)s colour-ups"),
        { bought: fmt(p.bought), removed: fmt(p.removed), forfeited: fmt(p.forfeited), sign: p.colour_ups < 0 ? "−" : "+", colour_ups: fmt(Math.abs(p.colour_ups)) }, true)
        + (p.dead_money ? interpolate(gettext(" (dead money put in pots, still in play: %(chips)s)"), { chips: fmt(p.dead_money) }, true) : "");
    }
    const sentence = check.querySelector("[data-count-sentence]");
    sentence.textContent = answer.sentence + (answer.bags_to_confirm ? sayCount(answer.bags_to_confirm, ngettext(" %(count)s bag to confirm.", " %(count)s bags to confirm.", answer.bags_to_confirm)) : "");
    sentence.className = answer.complete && !answer.agrees ? "notice" : "";
    document.dispatchEvent(new CustomEvent("pokerfest:chip-check", { detail: answer })); // the console's figures (console.js)
  }
  check.querySelector("[data-publish-leaders]").addEventListener("click", async () => {
    if (last && !last.agrees && !await askConfirm(`${last.sentence} ${gettext("Publish the chip leaders all the same?")}`, { ok: gettext("Publish") })) return;
    const { ok, answer } = await postJSON(`${base}chip-leaders/publish/`, {});
    result.className = `result ${ok ? "ok" : "refused"}`;
    result.textContent = ok ? gettext("The chip leaders are on the lobby.") : answer.detail;
  });
  document.addEventListener("pokerfest:event", (event) => {
    const { kind, data } = event.detail;
    if (touches(kind, "chip_counts") || (data && data.chips_in_play !== undefined)) load();
  });
  document.addEventListener("pokerfest:snapshot", load);
})();
