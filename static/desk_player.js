// The desk's selected player, beside the sale (templates/pokerfest/desk.html): the price of the
// sale chosen, before it is made; the player's entries and bags elsewhere in the festival, with
// what entering this flight means under FLIGHT-REENTRY; and the ID document put on file for a
// player who has none (REG-ID: the photo ID check needs it).
import { gettext, interpolate } from "./i18n.js";
import { element, formatMoney, newRequestKey, postJSON } from "./api.js";

const KIND_NAMES = {
  buy_in: gettext("buy-in"), late: gettext("late entry"), alternate: gettext("alternate"), re_entry: gettext("re-entry"),
  satellite: gettext("won entry (satellite/freeroll)"), day_two: gettext("Day 2 entry"), rebuy: gettext("rebuy"), addon: gettext("add-on"),
};
const STATUS_NAMES = { active: gettext("active"), busted: gettext("busted"), voided: gettext("voided"),
  refunded: gettext("refunded"), disqualified: gettext("disqualified") };
const BAG_NAMES = {
  bagged: gettext("bagged, waiting for a second count"), confirmed: gettext("bagged and confirmed"),
  forward: gettext("goes to Day 2"), forfeited: gettext("forfeited: another bag goes forward"),
};

const deskPlayer = {
  root: null,
  answer: null,
  key: newRequestKey(),

  start() {
    this.root = document.querySelector(".desk");
    if (!this.root) return;
    document.addEventListener("pokerfest:desk-player", (event) => this.show(event.detail));
    document.querySelector("[data-kinds]").addEventListener("change", () => this.showPrice());
    document.querySelector("#sale [name=method]").addEventListener("change", () => this.showPrice());
    document.getElementById("id-document").addEventListener("submit", (event) => this.addDocument(event));
  },

  show(answer) {
    if (this.answer?.player.id !== answer.player.id) {
      this.key = newRequestKey();
      document.querySelector("[data-id-document-result]").textContent = "";
    }
    this.answer = answer;
    this.showPrice();
    this.showHistory();
    document.querySelector("[data-id-document]").hidden = Boolean(answer.player.id_document_number);
  },

  money(amount) {
    return formatMoney(amount, this.root.dataset.currency);
  },

  // The price of the kind of sale chosen: what the player pays now, and of what it is made.
  showPrice() {
    const line = document.querySelector("[data-sale-price]");
    const price = this.answer?.prices[document.querySelector("[data-kinds]").value];
    if (!price) return (line.textContent = "");
    if (price.voucher) line.textContent = gettext("Price: the won-seat voucher, no charge.");
    else if (price.bounty) { // BNT-POOL: the bounty part is neither prize pool nor fee
      line.textContent = interpolate(gettext("Price: %(price)s (%(pool)s buy-in + %(bounty)s bounty + %(fee)s fee)."),
        { price: this.money(price.price), pool: this.money(price.pool), bounty: this.money(price.bounty), fee: this.money(price.fee) }, true);
    } else if (price.fee) {
      line.textContent = interpolate(gettext("Price: %(price)s (%(pool)s buy-in + %(fee)s fee)."),
        { price: this.money(price.price), pool: this.money(price.pool), fee: this.money(price.fee) }, true);
    } else line.textContent = interpolate(gettext("Price: %(price)s."), { price: this.money(price.price) }, true);
  },

  // The player's entries in the festival's other events and flights, with any bag.
  showHistory() {
    const { entries, flight_reentry: reentry, reentry_means: means } = this.answer.history;
    const section = document.querySelector("[data-history]");
    section.hidden = !entries.length;
    section.querySelector("[data-history-list]").replaceChildren(...entries.map((entry) => {
      const where = entry.main_event ? `${entry.main_event.name} · ${entry.tournament.name}` : entry.tournament.name;
      let text = interpolate(gettext("%(where)s: entry #%(entry)s, %(kind)s, %(status)s"), {
        where, entry: entry.number, kind: KIND_NAMES[entry.kind] || entry.kind, status: STATUS_NAMES[entry.status] || entry.status,
      }, true);
      if (entry.bag !== null) {
        text += interpolate(gettext(" · bag %(chips)s chips (%(state)s)"),
          { chips: entry.bag.toLocaleString("en"), state: BAG_NAMES[entry.bag_status] || entry.bag_status }, true);
      }
      const item = element("li", {}, text);
      item.dataset.sameEvent = entry.same_event;
      return item;
    }));
    const sameEvent = entries.some((entry) => entry.same_event);
    section.querySelector("[data-reentry-means]").textContent = reentry && sameEvent ? means : "";
  },

  // REG-ID: the document the player shows is put on file, and the photo ID counts as seen today.
  async addDocument(event) {
    event.preventDefault();
    const form = event.target;
    const tournament = this.root.dataset.tournament;
    const result = document.querySelector("[data-id-document-result]");
    const { ok, answer } = await postJSON(`/api/tournaments/${tournament}/players/${this.answer.player.id}/id-document/`,
      { id_document_type: form.elements.id_document_type.value, id_document_number: form.elements.id_document_number.value.trim() }, this.key);
    result.className = `result ${ok ? "ok" : "refused"}`;
    if (!ok) return (result.textContent = answer.detail);
    this.key = newRequestKey();
    form.reset();
    result.textContent = interpolate(gettext("ID document on file: %(number)s. Photo ID seen today."), { number: answer.id_document_number }, true);
    document.dispatchEvent(new CustomEvent("pokerfest:desk-reselect", { detail: { id: answer.id } })); // static/desk.js
  },
};

document.addEventListener("DOMContentLoaded", () => deskPlayer.start());
