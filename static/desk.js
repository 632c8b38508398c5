// The registration desk: find or create a player, see every reason they can or cannot enter,
// sell the entry, print the ticket. Every action is one API call; refusals show their rules.
import { gettext, interpolate, ngettext } from "./i18n.js";
import { element, formatMoney, getJSON, newRequestKey, postJSON } from "./api.js";
import { askConfirm } from "./dialog.js";
import { photoIdControl } from "./absent.js";
import { touches } from "./live.js";
import { edited } from "./typing.js";

const KIND_NAMES = {
  buy_in: gettext("buy-in"), late: gettext("late entry"), alternate: gettext("alternate"), re_entry: gettext("re-entry"),
  satellite: gettext("won entry (satellite/freeroll)"), rebuy: gettext("rebuy"), addon: gettext("add-on"),
};
// An entry's status and a sale's payment in the page's words (in English, the values themselves).
const ENTRY_STATUS_NAMES = { active: gettext("active"), busted: gettext("busted"), voided: gettext("voided"),
  refunded: gettext("refunded"), disqualified: gettext("disqualified") };
const METHOD_NAMES = { cash: gettext("cash"), card: gettext("card"), transfer: gettext("transfer"), voucher: gettext("voucher"),
  won: gettext("won") };

// What may change the kinds of entry open to the player shown: a bust or a seat, a sale, a void or
// a refund, a new level (late registration ends), a penalty; and registration opening or closing.
const RECHECK_VIEWS = ["tables", "late_seat", "logo_cap", "clock_level", "player_status"];

const deskPage = {
  root: null,
  tournament: null,
  player: null,
  saleKey: newRequestKey(), // one per sale: a double click or a retry sells once
  playerKey: newRequestKey(),
  checks: 0, // how many player checks were asked for: only the latest answer is shown

  api(path) {
    return `/api${path}`;
  },

  start() {
    this.root = document.querySelector(".desk");
    if (!this.root) return;
    this.tournament = this.root.dataset.tournament;
    for (const field of ["desk-name", "desk-shift"]) {
      const input = document.getElementById(field);
      input.value = localStorage.getItem(`pokerfest.${field}`) || "";
      input.addEventListener("change", () => localStorage.setItem(`pokerfest.${field}`, input.value.trim()));
    }
    let typing;
    document.getElementById("player-search").addEventListener("input", (event) => {
      clearTimeout(typing);
      typing = setTimeout(() => this.search(event.target.value), 150);
    });
    // The player shown follows the room without a reload: after a bust the desk offers the re-entry.
    let recheck = null;
    const follow = (kind) => {
      if (!this.player || recheck) return;
      if (kind && !kind.startsWith("registration.") && !RECHECK_VIEWS.some((view) => touches(kind, view))) return;
      recheck = setTimeout(() => { recheck = null; if (this.player) this.select(this.player.id, true); }, 300);
    };
    document.addEventListener("pokerfest:event", (event) => follow(event.detail.kind));
    document.addEventListener("pokerfest:snapshot", () => follow(null)); // back after a drop: anything may have changed
    document.getElementById("new-player").addEventListener("submit", (event) => this.createPlayer(event));
    document.getElementById("sale").addEventListener("submit", (event) => this.sell(event));
    document.querySelector("[data-id-check]").addEventListener("click", () => this.idCheck());
    const visitor = document.querySelector("[data-visitor]");
    visitor.hidden = this.root.dataset.preset !== "chips";
    // REG-MEMBER: typing who signs a visitor in lets the sale go to the server, which checks it.
    visitor.addEventListener("input", () => this.lastCheck && this.registerBlocked(...this.lastCheck));
    document.getElementById("logo").addEventListener("submit", (event) => this.declareLogo(event));
    document.getElementById("exclusion").addEventListener("submit", (event) => this.exclude(event));
    const kinds = document.querySelector("[data-kinds]");
    const method = document.querySelector("#sale [name=method]");
    // The voucher code is asked only for a won entry: the satellite kind, or paid by "won entry".
    const voucher = () => {
      const field = document.querySelector("label[data-voucher]"); // not a won seat's li[data-voucher=CODE]
      field.hidden = kinds.value !== "satellite" && method.value !== "won";
      if (field.hidden) field.querySelector("input").value = "";
    };
    kinds.addEventListener("change", () => {
      if (kinds.value === "satellite") method.value = "won";
      else if (method.value === "won") method.value = "cash";
      voucher();
    });
    method.addEventListener("change", voucher);
    // REG-ID: "photo ID seen now" needs the document on file, so its number comes first.
    const newPlayer = document.getElementById("new-player");
    const seen = newPlayer.elements.id_checked;
    const documentGiven = () => {
      seen.disabled = !newPlayer.elements.id_document_number.value.trim();
      if (seen.disabled) seen.checked = false;
    };
    newPlayer.elements.id_document_number.addEventListener("input", documentGiven);
    newPlayer.addEventListener("reset", () => setTimeout(documentGiven));
    documentGiven();
    document.addEventListener("pokerfest:desk-reselect", (event) => this.select(event.detail.id)); // static/desk_player.js
    this.loadCompanies();
  },

  async loadCompanies() {
    const { ok, answer } = await getJSON(this.api("/companies/"));
    if (!ok) return;
    document.querySelector("[data-companies]").replaceChildren(
      ...answer.map((company) => {
        const option = document.createElement("option");
        option.value = company.id;
        option.textContent = `${company.name} (${company.status.replace("_", " ")})`;
        return option;
      })
    );
  },

  async declareLogo(event) {
    event.preventDefault();
    const active = this.entries.find((entry) => entry.status === "active" && !["rebuy", "addon"].includes(entry.kind));
    if (!active) return this.say("[data-logo-result]", gettext("Register the player first: logos are declared on their entry."), false);
    const body = this.formBody(event.target);
    body.company_id = Number(body.company_id);
    body.width_cm = Number(body.width_cm);
    body.height_cm = Number(body.height_cm);
    const { ok, answer } = await postJSON(this.api(`/tournaments/${this.tournament}/entries/${active.number}/logos/`), body);
    if (!ok) return this.say("[data-logo-result]", answer.detail, false);
    const result = document.querySelector("[data-logo-result]");
    if (!answer.violations.length) return this.say("[data-logo-result]", gettext("Logo recorded: compliant."), true);
    result.className = "result refused";
    const list = document.createElement("ul");
    list.className = "reasons";
    list.append(...answer.violations.map((reason) => this.reasonItem(reason)));
    result.replaceChildren(gettext("Logo recorded, but:"), list);
  },

  // REG-EXCLUDE: a self-exclusion or a ban, with its reason and period; every desk refuses then.
  async exclude(event) {
    event.preventDefault();
    const form = event.target;
    const name = `${this.player.first_name} ${this.player.last_name}`;
    if (!await askConfirm(interpolate(gettext("Exclude %(name)s? Every desk refuses them in that period."), { name }, true), { ok: gettext("Exclude") })) return;
    const { ok, answer } = await postJSON(this.api(`/tournaments/${this.tournament}/players/${this.player.id}/exclusions/`),
      { reason: form.elements.reason.value, starts: form.elements.starts.value, ends: form.elements.ends.value || null }, newRequestKey());
    if (!ok) return this.say("[data-sale-result]", answer.detail, false);
    form.reset();
    form.closest("details").open = false;
    this.say("[data-sale-result]", answer.ends ? interpolate(gettext("%(name)s is excluded from %(starts)s until %(ends)s."), { name, starts: answer.starts, ends: answer.ends }, true)
      : interpolate(gettext("%(name)s is excluded from %(starts)s until lifted."), { name, starts: answer.starts }, true), true);
    const result = document.querySelector("[data-sale-result]").textContent;
    await this.select(this.player.id);
    this.say("[data-sale-result]", result, true); // the reasons above now show the exclusion
  },

  async search(query) {
    const list = document.querySelector("[data-results]");
    if (!query.trim()) {
      list.replaceChildren();
      return;
    }
    const { ok, answer } = await getJSON(this.api(`/players/?q=${encodeURIComponent(query)}`));
    if (document.getElementById("player-search").value !== query) return; // a newer search is on its way
    list.replaceChildren(
      ...(ok ? answer : []).map((player) => {
        const item = document.createElement("li");
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = interpolate(gettext("%(last)s, %(first)s · born %(born)s"), { last: player.last_name, first: player.first_name, born: player.date_of_birth }, true) +
          (player.membership_number ? interpolate(gettext(" · member %(number)s"), { number: player.membership_number }, true) : "") +
          (player.id_document_number ? interpolate(gettext(" · ID %(number)s"), { number: player.id_document_number }, true) : "");
        button.addEventListener("click", () => this.select(player.id));
        item.append(button);
        return item;
      })
    );
    if (ok && !answer.length) list.replaceChildren(element("li", {}, gettext("No player found: create them below.")));
    if (!ok) list.replaceChildren(element("li", { className: "notice" }, answer.detail)); // e.g. a NUL pasted in
  },

  // `again`: the same player checked again after a live event; the kind the clerk chose stays while
  // it is still open (a redraw never changes what the person is filling in).
  // The latest check asked for wins: a slower answer for a player no longer asked for (the one just
  // sold to, while the clerk creates the next) would put the sale on the wrong person.
  async select(playerId, again = false) {
    // A live re-check (`again`) never supersedes the clerk's own pick or action: a void's answer
    // must still redraw its entries while the void's typed reason is on the page.
    const asked = again ? this.checks : ++this.checks;
    const { ok, answer } = await getJSON(this.api(`/tournaments/${this.tournament}/players/${playerId}/check/`));
    if (asked !== this.checks) return;
    if (again && (!this.player || this.player.id !== playerId)) return; // another player was picked meanwhile
    if (!ok) return this.say("[data-form-result]", answer.detail, false);
    this.player = answer.player;
    this.entries = answer.entries;
    if (this.player.id !== this.shown) { // another player: the last one's answers do not apply
      for (const result of document.querySelectorAll("[data-sale-result], [data-logo-result]")) result.textContent = "";
      this.shown = this.player.id;
    }
    const panel = document.querySelector("[data-player-panel]");
    panel.hidden = false;
    panel.querySelector("[data-player-name]").textContent = `${answer.player.first_name} ${answer.player.last_name}`;
    panel.querySelector("[data-player-data]").href = `/tournaments/${this.tournament}/players/${answer.player.id}/data/`;
    const p = answer.player;
    panel.querySelector("[data-player-details]").textContent =
      interpolate(gettext("born %(born)s"), { born: p.date_of_birth }, true) + (p.nationality ? ` · ${p.nationality}` : "") +
      (p.id_document_number ? ` · ${p.id_document_type} ${p.id_document_number}` : gettext(" · no ID document on file")) +
      (p.id_checked_on ? interpolate(gettext(" · ID checked %(day)s"), { day: p.id_checked_on }, true) : "") +
      (p.membership_number ? interpolate(p.full_member ? gettext(" · member %(number)s") : gettext(" · visitor %(number)s"), { number: p.membership_number }, true) : "") +
      interpolate(gettext(" · filming %(filming)s · marketing %(marketing)s"),
        { filming: answer.consents.filming ? gettext("yes") : gettext("no"), marketing: answer.consents.marketing ? gettext("yes") : gettext("no") }, true);
    document.dispatchEvent(new CustomEvent("pokerfest:desk-player", { detail: answer })); // static/public_name.js
    panel.querySelector("[data-reasons]").replaceChildren(...answer.reasons.map((reason) => this.reasonItem(reason)));
    // The photo ID check needs the document on file: without one, the desk adds it (static/desk_player.js).
    panel.querySelector("[data-id-check]").hidden = !p.id_document_number || !answer.reasons.some((r) => r.rule === "REG-ID" && !r.ok);
    const kinds = panel.querySelector("[data-kinds]");
    const chosen = again ? kinds.value : null;
    kinds.replaceChildren(
      ...Object.entries(answer.kinds).map(([kind, reason]) => {
        const option = document.createElement("option");
        option.value = kind;
        option.disabled = !reason.ok;
        option.textContent = KIND_NAMES[kind] + (reason.ok ? "" : interpolate(gettext(" (not now: %(why)s)"), { why: reason.message }, true));
        return option;
      })
    );
    const open = Object.entries(answer.kinds).find(([, reason]) => reason.ok);
    // Nothing open: the first kind stays shown (with why not) rather than a blank choice.
    const kept = chosen && answer.kinds[chosen] && answer.kinds[chosen].ok ? chosen : null;
    const shown = kept || (open ? open[0] : Object.keys(answer.kinds)[0]);
    if (shown) kinds.querySelector(`option[value="${shown}"]`).selected = true;
    if (shown !== chosen) kinds.dispatchEvent(new Event("change"));
    this.registerBlocked(answer, open);
    this.showWonSeats(answer.won_seats || []);
    // An entry's void or refund being typed in stays: the list waits for the next check.
    const entries = panel.querySelector("[data-player-entries]");
    if (again && [...entries.querySelectorAll("input, select, textarea")].some((field) => field === document.activeElement || (field.tagName !== "SELECT" && edited(field)))) return;
    entries.replaceChildren(
      ...answer.entries.map((entry) => {
        const item = document.createElement("li");
        item.innerHTML = `#${entry.number} ${KIND_NAMES[entry.kind]} · ${ENTRY_STATUS_NAMES[entry.status] || entry.status} · ${formatMoney(entry.paid, this.root.dataset.currency)} ` +
          `<a href="/tournaments/${this.tournament}/entries/${entry.number}/ticket/">${gettext("ticket")}</a>`;
        if (entry.status === "active") item.append(...this.entryActions(entry));
        if (entry.status === "active") item.append(photoIdControl(this.tournament, entry, (text, ok) => this.say("[data-sale-result]", text, ok))); // REG-ID: static/absent.js
        return item;
      })
    );
  },

  // REG-NONTRANSFER: the vouchers this player won for this tournament (or its main event), found
  // by the player; one tap fills the won entry's sale with the code.
  showWonSeats(vouchers) {
    const list = document.querySelector("[data-won-seats]");
    list.replaceChildren(...vouchers.map((voucher) => {
      const use = element("button", { type: "button", textContent: gettext("Use this voucher") });
      use.addEventListener("click", () => {
        const form = document.getElementById("sale");
        form.elements.kind.value = "satellite";
        form.elements.kind.dispatchEvent(new Event("change"));
        form.elements.method.value = "won";
        form.elements.method.dispatchEvent(new Event("change"));
        form.elements.won_seat_code.value = voucher.code;
      });
      const item = element("li", {}, interpolate(gettext("Won seat in %(target)s: voucher %(code)s (%(source)s) "),
        { target: voucher.target.name, code: voucher.code, source: voucher.source }, true), use);
      item.dataset.voucher = voucher.code;
      return item;
    }));
  },

  // A player the rules will refuse (any reason not met, or no kind of sale open now) cannot be
  // registered: the button is disabled and says why, from the same reasons the server checks.
  registerBlocked(answer, open) {
    this.lastCheck = [answer, open];
    // REG-MEMBER (chips): a visitor signed in with this sale is checked with its member, presence and fee on the server.
    const visitor = document.querySelector("[data-visitor]");
    const signedIn = !visitor.hidden && visitor.querySelector("[name=visitor_signed_in_by]").value.trim() !== "";
    const blocking = answer.reasons.filter((reason) => !reason.ok && !(signedIn && reason.rule === "REG-MEMBER"));
    if (!open) blocking.push(...Object.values(answer.kinds).slice(0, 1)); // e.g. registration is closed
    const button = document.querySelector("#sale button[type=submit]");
    const why = document.querySelector("[data-register-why]");
    button.disabled = blocking.length > 0;
    why.hidden = !blocking.length;
    // Already entered (after a sale, say) is no refusal to warn of: the player has their seat.
    const entered = blocking.length > 0 && blocking.every((reason) => reason.rule === "ENTERED");
    why.className = entered ? "note" : "notice";
    if (entered) return why.replaceChildren(blocking[0].message);
    why.replaceChildren(...(blocking.length ? [gettext("This player will be refused:"),
      element("ul", { className: "reasons" }, ...blocking.map((reason) => this.reasonItem(reason)))] : []));
  },

  // The cashier's and the director's actions on an active entry: void (a desk mistake, money
  // back in full), refund by rule (ENT-REFUND), a substitute (ENT-SUBST, the director).
  entryActions(entry) {
    const forms = [];
    const money = formatMoney(entry.paid, this.root.dataset.currency);
    const form = (label, fields, submit) => {
      const made = element("form", { className: "entry-action", ariaLabel: interpolate(gettext("%(action)s: entry #%(entry)s"), { action: label, entry: entry.number }, true) }, ...fields,
        element("button", { type: "submit", textContent: label }));
      made.addEventListener("submit", async (event) => { event.preventDefault(); await submit(made); });
      return made;
    };
    if (this.root.dataset.mayRefund === "true") {
      forms.push(form(gettext("Void"), [element("input", { name: "reason", required: true, maxLength: 200, placeholder: gettext("why (a desk mistake…)"), ariaLabel: gettext("Why void") })],
        async (made) => await askConfirm(interpolate(gettext("Void entry #%(entry)s? Its %(money)s goes back in full."), { entry: entry.number, money }, true), { ok: gettext("Void") }) &&
          this.entryAction(entry.number, "void", { reason: made.elements.reason.value }, interpolate(gettext("Entry #%(entry)s voided: %(money)s back."), { entry: entry.number, money }, true))));
      const reasons = element("select", { name: "reason", ariaLabel: gettext("Why refund") },
        element("option", { value: "withdrawal", textContent: gettext("the player withdraws (buy-in back, not the fee)") }),
        element("option", { value: "cancelled", textContent: gettext("the tournament does not go ahead (all back)") }));
      forms.push(form(gettext("Refund"), [reasons, element("input", { name: "note", maxLength: 200, placeholder: gettext("note"), ariaLabel: gettext("Refund note") })],
        async (made) => await askConfirm(interpolate(gettext("Refund entry #%(entry)s (%(reason)s)?"), { entry: entry.number, reason: made.elements.reason.value }, true), { ok: gettext("Refund") }) &&
          this.entryAction(entry.number, "refund", { reason: made.elements.reason.value, note: made.elements.note.value },
            (answer) => interpolate(gettext("Entry #%(entry)s refunded: %(money)s back."), { entry: entry.number, money: formatMoney(answer.returned, this.root.dataset.currency) }, true))));
    }
    if (this.root.dataset.mayDirect === "true" && !["rebuy", "addon"].includes(entry.kind)) {
      const search = element("input", { name: "who", placeholder: gettext("substitute's name"), ariaLabel: gettext("Substitute's name"), autocomplete: "off" });
      const choice = element("select", { name: "player_id", required: true, ariaLabel: gettext("Substitute") });
      search.addEventListener("input", async () => {
        const { ok, answer } = await getJSON(this.api(`/players/?q=${encodeURIComponent(search.value)}`));
        choice.replaceChildren(...(ok ? answer : []).filter((p) => p.id !== this.player.id).map((p) =>
          element("option", { value: p.id, textContent: interpolate(gettext("%(first)s %(last)s · born %(born)s"), { first: p.first_name, last: p.last_name, born: p.date_of_birth }, true) })));
      });
      forms.push(form(gettext("Approve substitute"), [search, choice, element("input", { name: "reason", required: true, maxLength: 200, placeholder: gettext("why"), ariaLabel: gettext("Why substitute") })],
        (made) => this.entryAction(entry.number, "substitute", { player_id: Number(choice.value), reason: made.elements.reason.value },
          (answer) => interpolate(gettext("%(substitute)s plays entry #%(entry)s for %(entrant)s."), { substitute: answer.substitute, entry: entry.number, entrant: answer.entrant }, true))));
    }
    return forms;
  },

  async entryAction(number, action, body, done) {
    const { ok, answer } = await postJSON(this.api(`/tournaments/${this.tournament}/entries/${number}/${action}/`), body,
      newRequestKey());
    if (!ok) return this.refused(answer);
    this.say("[data-sale-result]", typeof done === "function" ? done(answer) : done, true);
    this.select(this.player.id);
  },

  refused(answer) {
    const result = document.querySelector("[data-sale-result]");
    result.className = "result refused";
    if (!answer.reasons) return (result.textContent = answer.detail);
    const list = element("ul", { className: "reasons" }, ...answer.reasons.map((reason) => this.reasonItem(reason)));
    result.replaceChildren(gettext("Refused:"), list);
  },

  reasonItem(reason) {
    const item = document.createElement("li");
    item.dataset.ok = reason.ok;
    const rule = document.createElement("span");
    rule.className = "rule";
    rule.textContent = `${reason.ok ? "✓" : "✗"} ${reason.rule}`;
    item.append(rule, reason.message);
    return item;
  },

  // "5", "5.00", "4,50" -> minor units; empty is 0; anything else goes as typed, for the API to refuse.
  amountInMinor(text) {
    const clean = String(text).replace(/\s/g, "");
    if (!clean) return 0;
    const match = clean.match(/^(\d+)(?:[.,](\d{1,2}))?$/);
    return match ? Number(match[1]) * 100 + Number((match[2] || "").padEnd(2, "0")) : clean;
  },

  formBody(form) {
    const body = {};
    for (const element of form.elements) {
      if (!element.name) continue;
      if (element.type === "checkbox") body[element.name] = element.checked;
      else if (element.dataset.money !== undefined) body[element.name] = this.amountInMinor(element.value); // REG-MEMBER: the visitor fee
      else if (element.type === "date") body[element.name] = element.value || null;
      else body[element.name] = element.value.trim();
    }
    return body;
  },

  async createPlayer(event) {
    event.preventDefault();
    const form = event.target;
    const { ok, answer } = await postJSON(this.api(`/tournaments/${this.tournament}/players/`), this.formBody(form), this.playerKey);
    if (!ok) {
      this.say("[data-form-result]", answer.detail, false);
      if (answer.existing_id) this.select(answer.existing_id);
      return;
    }
    this.playerKey = newRequestKey();
    form.reset();
    form.closest("details").open = false;
    this.say("[data-form-result]", interpolate(gettext("Created %(first)s %(last)s."), { first: answer.first_name, last: answer.last_name }, true), true);
    this.select(answer.id);
  },

  async idCheck() {
    const { ok, answer } = await postJSON(this.api(`/tournaments/${this.tournament}/players/${this.player.id}/id-check/`), {});
    if (!ok) return this.say("[data-sale-result]", answer.detail, false);
    this.select(this.player.id);
  },

  async sell(event) {
    event.preventDefault();
    const desk = document.getElementById("desk-name").value.trim();
    const shift = document.getElementById("desk-shift").value.trim();
    if (!desk || !shift) return this.say("[data-sale-result]", gettext("Fill in the desk and shift at the top first."), false);
    const body = { ...this.formBody(event.target), player_id: this.player.id, desk, shift };
    const { ok, answer } = await postJSON(this.api(`/tournaments/${this.tournament}/entries/`), body, this.saleKey);
    const result = document.querySelector("[data-sale-result]");
    if (ok) {
      this.saleKey = newRequestKey();
      event.target.reset(); // the next sale starts from the default kind and payment, no voucher code
      result.className = "result ok";
      result.innerHTML = "";
      const ticket = document.createElement("a");
      ticket.href = answer.ticket_url;
      ticket.textContent = gettext("Print ticket");
      const place = answer.table ? interpolate(gettext("Table %(table)s, seat %(seat)s. "), { table: answer.table, seat: answer.seat }, true)
        : answer.waiting_position && answer.seats_free ? interpolate(ngettext(
          "The free seat is in or between the blinds and the button this hand, where no new player sits: on the waiting list, position %(position)s, seated in turn as seats open (ENT-WAIT). ",
          "The %(free)s free seats are in or between the blinds and the button this hand, where no new player sits: on the waiting list, position %(position)s, seated in turn as seats open (ENT-WAIT). ",
          answer.seats_free), { free: answer.seats_free, position: answer.waiting_position }, true)
        : answer.waiting_position ? interpolate(gettext("Every seat is taken: on the waiting list, position %(position)s (ENT-WAIT). "), { position: answer.waiting_position }, true) : "";
      const sold = answer.method === "won" ? interpolate(gettext("Entry #%(entry)s registered: won seat, the voucher paid, no charge. "), { entry: answer.number }, true)
        : interpolate(gettext("Entry #%(entry)s registered: %(money)s by %(method)s. "),
          { entry: answer.number, money: formatMoney(answer.paid, this.root.dataset.currency), method: METHOD_NAMES[answer.method] || answer.method }, true);
      result.append(sold + place, ticket);
      this.select(this.player.id);
      return;
    }
    this.refused(answer);
  },

  say(selector, text, ok) {
    const element = document.querySelector(selector);
    element.className = `result ${ok ? "ok" : "refused"}`;
    element.textContent = text;
  },
};

document.addEventListener("DOMContentLoaded", () => deskPage.start());
