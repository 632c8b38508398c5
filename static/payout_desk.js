// The payout desk: every prize by place; the cashier pays each once after a confirmation that
// names the player, the amount and the method, and reverses a payment made by mistake with a
// reason. Drawn from GET prizes/, again after every action.
import { gettext, interpolate } from "./i18n.js";
import { element, formatMoney, getJSON, newRequestKey, postJSON } from "./api.js";
import { askConfirm, askText } from "./dialog.js";
import "./bounties_due.js"; // the bounties due, below the prizes in a knockout event

const payoutDesk = {
  root: null,

  start() {
    this.root = document.querySelector(".payout-desk");
    if (!this.root) return;
    this.load();
  },

  money(minorUnits) {
    return formatMoney(minorUnits, this.root.dataset.currency);
  },

  async load() {
    const { ok, answer } = await getJSON(`${this.root.dataset.apiBase}prizes/`);
    if (!ok) return this.say(answer.detail, false);
    const body = this.root.querySelector("[data-prizes] tbody");
    if (!answer.length) return body.replaceChildren(element("tr", {}, element("td", { colSpan: 5, textContent: gettext("No prizes to pay yet.") })));
    body.replaceChildren(...answer.map((row) => {
      const [best, worst] = row.place;
      const line = element("tr", {}, element("td", { textContent: best === worst ? best : `${best}–${worst}` }),
        element("td", { textContent: row.name }), element("td", { textContent: `#${row.entry}` }),
        element("td", { textContent: this.money(row.prize) + (row.seat ? interpolate(gettext(" (and a seat in %(target)s: the voucher is issued, not paid here)"), { target: row.seat.name }, true) : "") }),
        element("td", {}, ...this.paidCell(row)));
      line.dataset.entry = row.entry;
      return line;
    }));
  },

  paidCell(row) {
    const who = `#${row.entry} ${row.name}`;
    if (row.paid) {
      const changed = row.paid_amount !== row.prize ? interpolate(gettext(" · the prize is now %(amount)s: see the director"), { amount: this.money(row.prize) }, true) : "";
      const undo = element("button", { textContent: gettext("Reverse"), onclick: async () => {
        const reason = await askText(interpolate(gettext("Reverse the payment of %(amount)s to %(who)s? Say why (for the log):"), { amount: this.money(row.paid_amount), who }, true),
          { label: gettext("Reason"), ok: gettext("Reverse") });
        if (reason !== null) this.act(`entries/${row.entry}/reverse-payment/`, { reason }, interpolate(gettext("Payment to %(who)s reversed."), { who }, true));
      } });
      const receipt = element("a", { href: `${this.root.dataset.receiptBase}${row.entry}/`, target: "_blank", textContent: gettext("Receipt") });
      return [interpolate(gettext("paid %(amount)s (%(method)s)"), { amount: this.money(row.paid_amount), method: row.paid }, true) + `${changed} `, receipt, " ", undo];
    }
    return [["cash", gettext("Pay cash")], ["wire", gettext("Pay by wire")]].map(([method, label]) => element("button", { textContent: label, onclick: async () => {
      const question = method === "cash" ? gettext("Pay %(amount)s to %(who)s in cash?") : gettext("Pay %(amount)s to %(who)s by wire transfer?");
      if (await askConfirm(interpolate(question, { amount: this.money(row.prize), who }, true), { ok: gettext("Pay") })) {
        this.act(`entries/${row.entry}/pay-prize/`, { method }, interpolate(gettext("%(who)s paid %(amount)s (%(method)s)."), { who, amount: this.money(row.prize), method }, true));
      }
    } }));
  },

  async act(path, body, done) {
    const { ok, answer } = await postJSON(`${this.root.dataset.apiBase}${path}`, body, newRequestKey());
    this.say(ok ? done : answer.detail, ok);
    this.load();
  },

  say(text, ok) {
    const result = this.root.querySelector("[data-result]");
    result.className = `result ${ok ? "ok" : "refused"}`;
    result.textContent = text;
  },
};

document.addEventListener("DOMContentLoaded", () => payoutDesk.start());
