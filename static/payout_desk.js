// The payout desk: every prize by place; the cashier pays each once after a confirmation that
// names the player, the amount and the method, and reverses a payment made by mistake with a
// reason. Drawn from GET prizes/, again after every action.
"use strict";

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
    if (!answer.length) return body.replaceChildren(element("tr", {}, element("td", { colSpan: 5, textContent: "No prizes to pay yet." })));
    body.replaceChildren(...answer.map((row) => {
      const [best, worst] = row.place;
      const line = element("tr", {}, element("td", { textContent: best === worst ? best : `${best}–${worst}` }),
        element("td", { textContent: row.name }), element("td", { textContent: `#${row.entry}` }),
        element("td", { textContent: this.money(row.prize) }), element("td", {}, ...this.paidCell(row)));
      line.dataset.entry = row.entry;
      return line;
    }));
  },

  paidCell(row) {
    const who = `#${row.entry} ${row.name}`;
    if (row.paid) {
      const changed = row.paid_amount !== row.prize ? ` · the prize is now ${this.money(row.prize)}: see the director` : "";
      const undo = element("button", { textContent: "Reverse", onclick: async () => {
        const reason = await askText(interpolate(gettext("Reverse the payment of %(money)s to %(who)s? Say why (for the log):"), { money: this.money(row.paid_amount), who }, true),
          { label: gettext("Reason"), ok: gettext("Reverse") });
        if (reason !== null) this.act(`entries/${row.entry}/reverse-payment/`, { reason }, `Payment to ${who} reversed.`);
      } });
      return [`paid ${this.money(row.paid_amount)} (${row.paid})${changed} `, undo];
    }
    return [["cash", "Pay cash"], ["wire", "Pay by wire"]].map(([method, label]) => element("button", { textContent: label, onclick: async () => {
      const question = method === "cash" ? gettext("Pay %(money)s to %(who)s in cash?") : gettext("Pay %(money)s to %(who)s by wire transfer?");
      if (await askConfirm(interpolate(question, { money: this.money(row.prize), who }, true), { ok: gettext("Pay") })) {
        this.act(`entries/${row.entry}/pay-prize/`, { method }, `${who} paid ${this.money(row.prize)} (${method}).`);
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
