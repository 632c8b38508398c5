// The director's list of won-seat vouchers (REG-NONTRANSFER): the ones this satellite's results
// issued (player, code, target) and the ones good in this tournament (issued for it or, for a
// flight, for its main event), with whether each is used. Read from the API at the start and
// again when a finish awards seats or the desk sells a won entry.
import { gettext } from "./i18n.js";
import { element, getJSON } from "./api.js";
import { reloadOnLive } from "./live.js";

const voucherList = {
  root: null,

  start() {
    this.root = document.querySelector("[data-vouchers-api]");
    if (!this.root) return;
    this.load();
    reloadOnLive((kind) => ["satellite.seats_awarded", "entry.registered", "entry.voided", "player.disqualified"].includes(kind), () => this.load());
  },

  async load() {
    const { ok, answer } = await getJSON(this.root.dataset.vouchersApi);
    if (!ok) return;
    const none = (columns) => [element("tr", {}, element("td", { colSpan: columns, textContent: gettext("None.") }))];
    const row = (cells, code) => {
      const line = element("tr", {}, ...cells.map((text) => element("td", { textContent: text })));
      line.dataset.voucher = code;
      return line;
    };
    const issued = answer.issued.map((v) => row([v.player.name, v.code + (v.void ? gettext(" (void)") : ""), v.target.name, v.source], v.code));
    const good = answer.good_here.map((v) => row([v.player.name, v.code, v.source, v.void ? gettext("void (winner disqualified)") : v.used ? gettext("used") : gettext("not yet")], v.code));
    this.root.querySelector("[data-vouchers-issued] tbody").replaceChildren(...(issued.length ? issued : none(4)));
    this.root.querySelector("[data-vouchers-good-here] tbody").replaceChildren(...(good.length ? good : none(4)));
    if (issued.length || good.length) this.root.open = true;
  },
};

document.addEventListener("DOMContentLoaded", () => voucherList.start());
