// The payout desk's "Bounties due" (BNT-KO, BNT-PKO, BNT-MYSTERY): every bounty won in cash, the
// cashier pays each once (cash, card or transfer) after a confirmation naming the player and the
// amount, and reverses a payment made by mistake with a reason. Drawn from GET bounties/due/,
// again after every action and on "Look again".
import { gettext, interpolate } from "./i18n.js";
import { element, formatMoney, getJSON, newRequestKey, postJSON } from "./api.js";
import { askChoice, askText } from "./dialog.js";

const KINDS = { knockout: gettext("knockout"), progressive: gettext("progressive knockout"), mystery: gettext("mystery envelope"),
  own: gettext("own bounty (the winner)"), deal: gettext("deal"), disqualified: gettext("carried from a disqualification") };
const METHODS = { cash: gettext("cash"), card: gettext("card"), transfer: gettext("bank transfer") };

const bountiesDue = {
  root: null,

  start() {
    this.root = document.querySelector("[data-bounties-due]");
    if (!this.root) return;
    this.root.querySelector("[data-bounties-reload]").addEventListener("click", () => this.load());
    this.load();
  },

  money(minorUnits) {
    return formatMoney(minorUnits, this.root.dataset.currency);
  },

  async load() {
    const { ok, answer } = await getJSON(`${this.root.dataset.apiBase}bounties/due/`);
    if (!ok) return this.say(answer.detail, false);
    const awards = Array.isArray(answer) ? answer : answer.awards;
    const body = this.root.querySelector("tbody");
    const total = this.root.querySelector("[data-bounties-total]");
    const due = awards.filter((award) => !award.paid).reduce((sum, award) => sum + award.cash, 0);
    total.textContent = interpolate(gettext("Due now: %(due)s."), { due: this.money(due) }, true);
    if (!awards.length) return body.replaceChildren(element("tr", {}, element("td", { colSpan: 4, textContent: gettext("No bounties won yet.") })));
    body.replaceChildren(...awards.map((award) => {
      const from = award.from_entry ? interpolate(gettext("from #%(entry)s %(name)s"), { entry: award.from_entry, name: award.from_name || "" }, true) : "";
      const what = [KINDS[award.kind] || award.kind, from, award.draw_number ? interpolate(gettext("envelope %(n)s"), { n: award.draw_number }, true) : ""].filter(Boolean).join(" · ");
      const line = element("tr", {}, element("td", { textContent: `#${award.entry} ${award.player || award.name}` }), element("td", { textContent: what }),
        element("td", { textContent: this.money(award.cash) }), element("td", {}, ...this.paidCell(award)));
      line.dataset.award = award.id;
      line.dataset.entry = award.entry;
      return line;
    }));
  },

  paidCell(award) {
    const who = `#${award.entry} ${award.player || award.name}`;
    if (award.paid) {
      const reverse = element("button", { textContent: gettext("Reverse"), onclick: async () => {
        const reason = await askText(interpolate(gettext("Reverse the bounty payment of %(amount)s to %(who)s? Say why (for the log):"), { amount: this.money(award.cash), who }, true),
          { label: gettext("Reason"), ok: gettext("Reverse") });
        if (reason !== null) this.act(`bounties/${award.id}/reverse/`, { reason }, interpolate(gettext("Bounty payment to %(who)s reversed."), { who }, true));
      } });
      return [interpolate(gettext("paid %(amount)s (%(method)s)"), { amount: this.money(award.cash), method: METHODS[award.method] || award.method }, true) + " ", reverse];
    }
    const pay = element("button", { textContent: gettext("Pay"), ariaLabel: interpolate(gettext("Pay the bounty of %(amount)s to %(who)s"), { amount: this.money(award.cash), who }, true),
      onclick: async () => {
        const method = await askChoice(interpolate(gettext("Pay the bounty of %(amount)s to %(who)s: how?"), { amount: this.money(award.cash), who }, true),
          Object.entries(METHODS).map(([value, label]) => ({ value, label })));
        if (method !== null) {
          this.act(`bounties/${award.id}/pay/`, { method }, interpolate(gettext("%(who)s paid a bounty of %(amount)s (%(method)s)."), { who, amount: this.money(award.cash), method: METHODS[method] }, true));
        }
      } });
    pay.dataset.payBounty = award.id;
    return [pay];
  },

  async act(path, body, done) {
    const { ok, answer } = await postJSON(`${this.root.dataset.apiBase}${path}`, body, newRequestKey());
    this.say(ok ? done : answer.detail, ok);
    this.load();
  },

  say(text, ok) {
    const result = this.root.querySelector("[data-bounties-result]");
    result.className = `result ${ok ? "ok" : "refused"}`;
    result.textContent = text;
  },
};

document.addEventListener("DOMContentLoaded", () => bountiesDue.start());
