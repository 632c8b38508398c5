// The lobby's bounty section in a knockout event (BNT-KO, BNT-PKO, BNT-MYSTERY): the pool, what is
// paid, the biggest bounties on heads or the envelopes left, the latest knockouts; read again
// from GET bounties/ after every bust or draw.
import { gettext, interpolate, ngettext } from "./i18n.js";
import { element, formatMoney, getJSON } from "./api.js";
import { reloadOnLive, touches } from "./live.js";
import { awardLine, stageLine } from "./bounty_words.js";

const lobbyBounties = {
  section: null,
  timer: null,

  start() {
    this.section = document.querySelector("[data-bounties]");
    if (!this.section) return;
    reloadOnLive((kind) => touches(kind, "bounties"), () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.load(), 400); // a burst of events is one read
    });
    this.load();
  },

  async load() {
    const { ok, answer } = await getJSON(`${this.section.dataset.apiBase}bounties/`);
    if (!ok || answer.format === "none") return;
    const money = (minor) => formatMoney(minor, this.section.dataset.currency);
    const mystery = answer.format === "mystery";
    this.section.hidden = false;
    this.section.querySelector("[data-bounty-summary]").textContent = interpolate(mystery
      ? gettext("Bounty pool %(pool)s · paid %(paid)s · in envelopes %(left)s")
      : gettext("Bounty pool %(pool)s · paid %(paid)s · on heads %(left)s"),
    { pool: money(answer.pool), paid: money(answer.paid), left: money(mystery ? answer.envelopes_total : answer.on_heads) }, true);
    this.section.querySelector("[data-bounty-list-title]").textContent = mystery ? gettext("Envelopes left") : gettext("Biggest bounties");
    const list = this.section.querySelector("[data-bounty-list]");
    if (mystery && !answer.sealed) list.replaceChildren(element("li", { textContent: stageLine(answer.stage) }));
    else if (mystery) {
      list.replaceChildren(...answer.envelopes_left.map((tier) => element("li", { textContent: interpolate(ngettext("%(count)s envelope of %(amount)s",
        "%(count)s envelopes of %(amount)s", tier.count), { count: tier.count, amount: money(tier.amount) }, true) })));
    } else list.replaceChildren(...answer.heads.map((head) => element("li", { textContent: `#${head.entry} ${head.name} · ${money(head.head)}` })));
    this.section.querySelector("[data-bounty-latest]").replaceChildren(...answer.latest.map((award) => element("li", { textContent: awardLine(award, money) })));
  },
};

document.addEventListener("DOMContentLoaded", () => lobbyBounties.start());
