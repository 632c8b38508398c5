// The director's console's bounty line, beside the prize pool (BNT-POOL): the bounty pool, what
// is still on heads (a mystery bounty: in the envelopes left) and what is due at the cashier,
// from the bounty board (GET bounties/), loaded again with every snapshot and every event that
// moves money, as the console's prize pool is.
import { gettext, interpolate } from "./i18n.js";
import { formatMoney, getJSON } from "./api.js";
import { touches } from "./live.js";

(() => {
  const root = document.querySelector("[data-console]");
  const line = root && root.querySelector("[data-console-bounties]");
  if (!line) return;
  let currency = "EUR";
  let timer = null;
  let asked = 0;

  async function load() {
    const mine = ++asked;
    const { ok, answer } = await getJSON(`${root.dataset.apiBase}bounties/`);
    if (!ok || mine !== asked || answer.format === "none") return;
    const amount = (minor) => formatMoney(minor, currency);
    const words = answer.format === "mystery"
      ? gettext("%(pool)s · in the envelopes left %(left)s · due at the cashier %(due)s")
      : gettext("%(pool)s · on heads %(left)s · due at the cashier %(due)s");
    const left = answer.format === "mystery" ? answer.envelopes_total : answer.on_heads;
    line.querySelector("[data-console-bounty-line]").textContent =
      interpolate(words, { pool: amount(answer.pool), left: amount(left), due: amount(answer.due) }, true);
    line.hidden = false;
  }

  // A burst of events (a hand with three busts) is one reload.
  function soon() {
    if (timer) return;
    timer = setTimeout(() => { timer = null; load(); }, 400);
  }

  document.addEventListener("pokerfest:snapshot", (event) => {
    currency = event.detail.tournament.currency || currency;
    soon();
  });
  document.addEventListener("pokerfest:event", (event) => {
    const { kind, data } = event.detail;
    if ((data && data.money) || touches(kind, "bounties")) soon();
  });
})();
