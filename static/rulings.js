// The director's list of the floor's rulings (TD-RULING): newest first, found by player, each
// overturned with a reason. It reloads when a ruling is recorded, disputed or overturned.
import { gettext, interpolate } from "./i18n.js";
import { element, getJSON, postJSON } from "./api.js";
import { formatTime, touches } from "./live.js";
import { askText } from "./dialog.js";

(() => {
  const box = document.querySelector("[data-rulings]");
  const list = box.querySelector("[data-rulings-list]");
  const search = box.querySelector("[data-rulings-search]");
  const base = document.querySelector("[data-api-base]").dataset.apiBase;
  const result = document.querySelector("[data-result]");

  function row(ruling) {
    const when = formatTime(ruling.made_at);
    const players = ruling.players.map((p) => `#${p.entry} ${p.name}`).join(", ") || "–";
    const decision = element("td", {}, ruling.decision);
    if (ruling.director_consulted) decision.append(element("small", {}, gettext(" (director consulted)")));
    if (ruling.dispute) decision.append(element("p", { className: "notice" }, interpolate(gettext("Disputed: %(why)s"), { why: ruling.dispute }, true)));
    if (ruling.overturned_at) decision.append(element("p", { className: "notice" }, interpolate(gettext("Overturned: %(why)s"), { why: ruling.overturn_reason }, true)));
    const action = element("td");
    if (!ruling.overturned_at) {
      const overturn = element("button", { type: "button" }, gettext("Overturn"));
      overturn.dataset.overturn = ruling.id;
      action.append(overturn);
    }
    const tr = element("tr", {}, element("td", {}, `${when} · ${ruling.made_by || ""}`),
      element("td", {}, interpolate(gettext("Table %(table)s · hand %(hand)s · called by %(who)s"), { table: ruling.table, hand: ruling.hand, who: ruling.called_by }, true)),
      element("td", {}, players), decision, element("td", {}, ruling.rule_cited || "–"), action);
    tr.dataset.ruling = ruling.id;
    if (ruling.dispute && !ruling.overturned_at) tr.classList.add("needs");
    return tr;
  }

  async function load() {
    const player = search.elements.player.value.trim();
    const { ok, answer } = await getJSON(`${base}rulings/?player=${encodeURIComponent(player)}`);
    if (!ok) {
      list.replaceChildren(element("tr", {}, element("td", { colSpan: 6 }, answer.detail)));
      return;
    }
    list.replaceChildren(...(answer.length ? answer.map(row)
      : [element("tr", {}, element("td", { colSpan: 6 }, player ? gettext("No ruling names this player.") : gettext("No rulings yet.")))]));
  }

  search.addEventListener("submit", (event) => {
    event.preventDefault();
    load();
  });
  list.addEventListener("click", async (event) => {
    const button = event.target.closest("[data-overturn]");
    if (!button) return;
    const reason = await askText(gettext("Why is the ruling overturned? (for the record)"), { label: gettext("Reason"), ok: gettext("Overturn") });
    if (reason === null) return;
    const { ok, answer } = await postJSON(`${base}rulings/${button.dataset.overturn}/overturn/`, { reason });
    result.className = `result ${ok ? "ok" : "refused"}`;
    result.textContent = ok ? gettext("Ruling overturned.") : answer.detail;
  });
  document.addEventListener("pokerfest:event", (event) => { if (touches(event.detail.kind, "rulings")) load(); });
  document.addEventListener("pokerfest:snapshot", load);
})();
