// The director's set-up: create a tournament, edit its settings, venue tables, seat pins,
// keep-apart groups, sponsor companies and exclusions. Each form is one API call answered in a
// sentence; money is typed in currency units and sent in minor units.
import { gettext, interpolate } from "./i18n.js";
import { element, getJSON, newRequestKey, postJSON } from "./api.js";
import { bountySettings, wireBounties } from "./bounty_setup.js";

const setupPage = {
  root: null,

  start() {
    this.root = document.querySelector(".setup");
    if (!this.root) return;
    for (const input of this.root.querySelectorAll("[data-minor]")) {
      if (input.dataset.minor !== "") input.value = (Number(input.dataset.minor) / 100).toFixed(2);
    }
    // The pool share helper: an entry price and the pool's share of it fill pool part and fee.
    for (const form of this.root.querySelectorAll("form")) {
      const total = form.querySelector("[data-total]");
      const share = form.querySelector("[data-share]");
      if (!total) continue;
      // BNT-POOL: in a bounty event the price also carries the bounty part; the share splits the rest.
      const bountyPart = () => (form.elements.bounty && form.elements.bounty_format.value !== "none" ? this.minor(form.elements.bounty.value || "0") || 0 : 0);
      const split = () => {
        const price = this.minor(total.value) - bountyPart();
        const percent = Number(share.value);
        if (!(price >= 0) || !(percent >= 0 && percent <= 100)) return;
        const pool = Math.round((price * percent) / 100);
        form.elements.buy_in.value = (pool / 100).toFixed(2);
        form.elements.fee.value = ((price - pool) / 100).toFixed(2);
      };
      // A price shown back from the saved parts follows a new bounty (pool part and fee kept), as
      // an empty one did; a price the person typed is split again.
      let shownBack = false;
      const typed = () => { shownBack = false; split(); };
      total.addEventListener("input", typed);
      share.addEventListener("input", typed);
      const followBounty = () => {
        if (!shownBack) return total.value && split();
        total.value = ((this.minor(form.elements.buy_in.value) + this.minor(form.elements.fee.value) + bountyPart()) / 100).toFixed(2);
      };
      for (const name of ["bounty", "bounty_format"]) {
        if (form.elements[name]) form.elements[name].addEventListener("input", followBounty);
      }
      const pool = this.minor(form.elements.buy_in.value);
      const fee = this.minor(form.elements.fee.value);
      if (!total.value && pool !== null && fee !== null) { // a saved tournament: its price and share shown back
        total.value = ((pool + fee + bountyPart()) / 100).toFixed(2);
        shownBack = true;
        if (pool + fee > 0) share.value = String(Math.round((pool * 10000) / (pool + fee)) / 100);
      } else if (total.value) split(); // typed while this script was still loading (a slow page)
    }
    wireBounties(); // static/bounty_setup.js: after the stored amounts are shown
    this.on("[data-create]", (form) => this.create(form));
    const festival = this.root.querySelector("[data-create] [name=festival_id]");
    // A satellite feeds an event of its own festival, and a structure template is the festival's own
    // or every festival's: offer only those (another festival's template would be refused).
    if (festival) {
      const targets = () => {
        const choice = this.root.querySelector("[data-create] [name=satellite_for]");
        for (const option of choice.options) option.hidden = Boolean(option.dataset.festival) && option.dataset.festival !== festival.value;
        if (choice.selectedOptions[0] && choice.selectedOptions[0].hidden) choice.value = "";
        const structure = this.root.querySelector("[data-create] [name=structure_id]");
        for (const option of structure.options) {
          option.hidden = Boolean(option.dataset.festival) && option.dataset.festival !== festival.value;
          option.disabled = option.hidden; // hidden alone still lets the keyboard pick it
        }
        if (structure.selectedOptions[0] && structure.selectedOptions[0].disabled) {
          structure.value = [...structure.options].find((option) => !option.disabled).value;
        }
      };
      festival.addEventListener("change", targets);
      targets();
    }
    this.on("[data-festival]", async (form) => {
      const { ok, answer } = await postJSON("/api/festivals/", Object.fromEntries(new FormData(form)), newRequestKey());
      if (!ok) return this.say(answer.detail, false);
      const choice = this.root.querySelector("[name=festival_id]");
      choice.append(element("option", { value: answer.id, textContent: `${answer.name} · ${answer.venue} (${answer.currency})` }));
      choice.value = String(answer.id);
      choice.dispatchEvent(new Event("change")); // the satellite targets follow the festival
      form.reset();
      this.say(interpolate(gettext("Festival %(name)s created: choose the tournament's settings below."), { name: answer.name }, true), true);
    });
    this.on("[data-settings]", (form) => this.post("settings/", () => this.settings(form), (answer) => {
      // Rebuys or an add-on switched on or off: the page shows (or drops) their price and chips.
      if (["rebuys", "addon_sold"].some((name) => name in (answer.changes || {}))) location.reload();
      return gettext("Settings saved.");
    }));
    this.on("[data-venue-table]", (form) => this.post("venue-tables/", () => {
      const typed = form.elements.number.value.trim();
      const where = /^\d+$/.test(typed) ? { number: Number(typed) } : { tables: typed };
      return { ...where, seats: this.whole(form.elements.seats), is_tv: form.elements.is_tv.checked };
    }, (answer) => {
      form.reset(); // the next table starts afresh: no TV box left ticked from this one
      this.venueTables();
      const words = answer.tables.length > 1
        ? (answer.is_tv ? gettext("Tables %(first)s to %(last)s added (%(count)s tables, %(seats)s seats each, TV).") : gettext("Tables %(first)s to %(last)s added (%(count)s tables, %(seats)s seats each)."))
        : (answer.is_tv ? gettext("Table %(table)s added (%(seats)s seats, TV).") : gettext("Table %(table)s added (%(seats)s seats)."));
      return interpolate(words, { ...answer, first: answer.tables[0], last: answer.tables[answer.tables.length - 1], count: answer.tables.length }, true);
    }));
    const tables = this.root.querySelector("[data-venue-tables]");
    if (tables) tables.addEventListener("submit", (event) => {
      event.preventDefault();
      const form = event.target;
      const number = form.dataset.venueTableEdit;
      const remove = event.submitter && event.submitter.value === "remove";
      this.post(remove ? `venue-tables/${number}/remove/` : `venue-tables/${number}/`,
        () => remove ? {} : { seats: this.whole(form.elements.seats), is_tv: form.elements.is_tv.checked },
        (answer) => {
          this.venueTables();
          if (remove) return interpolate(gettext("Table %(table)s removed."), answer, true);
          return interpolate(answer.is_tv ? gettext("Table %(table)s changed (%(seats)s seats, TV).") : gettext("Table %(table)s changed (%(seats)s seats)."), answer, true);
        });
    });
    this.on("[data-seat-pin]", (form) => this.post("seat-pins/",
      { entry: this.whole(form.elements.entry), table: this.whole(form.elements.table), seat: this.whole(form.elements.seat), reason: form.elements.reason.value },
      (answer) => this.listed("[data-pins]", interpolate(gettext("#%(entry)s: table %(table)s, seat %(seat)s (%(reason)s)"), answer, true),
        interpolate(gettext("Seat %(seat)s at table %(table)s is reserved for entry #%(entry)s."), answer, true))));
    this.on("[data-keep-apart]", (form) => this.post("keep-apart/",
      { name: form.elements.name.value, entries: form.elements.entries.value.split(/[\s,#]+/).filter(Boolean).map(Number) },
      (answer) => this.listed("[data-groups]", `${answer.group}: ${answer.entries.map((n) => `#${n}`).join(" ")}`,
        interpolate(gettext("%(group)s: entries %(entries)s are kept at different tables."), { group: answer.group, entries: answer.entries.map((n) => `#${n}`).join(", ") }, true))));
    this.on("[data-company]", (form) => this.post("companies/", { name: form.elements.name.value, status: form.elements.status.value },
      (answer) => this.listed("[data-companies]", `${answer.name}: ${answer.status.replace("_", " ")}`,
        interpolate(gettext("%(name)s saved (%(status)s)."), { name: answer.name, status: answer.status.replace("_", " ") }, true))));
    this.on("[data-exclusion]", (form) => this.post(`players/${form.elements.player.value}/exclusions/`,
      { reason: form.elements.reason.value, starts: form.elements.starts.value, ends: form.elements.ends.value || null },
      (answer) => answer.ends ? interpolate(gettext("Excluded from %(starts)s until %(ends)s: every desk refuses the player."), answer, true)
        : interpolate(gettext("Excluded from %(starts)s until lifted: every desk refuses the player."), answer, true)));
    const search = this.root.querySelector("[data-player-search]");
    if (search) search.addEventListener("input", async () => {
      const { ok, answer } = await getJSON(`/api/players/?q=${encodeURIComponent(search.value)}`);
      search.form.elements.player.replaceChildren(...(ok ? answer : []).map((p) =>
        element("option", { value: p.id, textContent: interpolate(gettext("%(first)s %(last)s · born %(born)s"), { first: p.first_name, last: p.last_name, born: p.date_of_birth }, true) })));
    });
    // Every form now answers in the page; before this a tap would submit the form natively and
    // reload the page with nothing said (a slow device). Tests wait on it too.
    this.root.dataset.wired = "";
  },

  // The venue's tables as the server has them now, each with its own change and remove controls.
  async venueTables() {
    const { ok, answer } = await getJSON(`${this.root.dataset.apiBase}venue-tables/`);
    if (!ok) return;
    const list = this.root.querySelector("[data-venue-tables]");
    if (!answer.length) return list.replaceChildren(element("li", { textContent: gettext("No tables yet.") }));
    list.replaceChildren(...answer.map((table) => {
      const values = { number: table.table };
      const form = element("form", { className: "controls" },
        element("strong", { textContent: interpolate(gettext("Table %(number)s"), values, true) }), " ",
        element("input", { name: "seats", inputMode: "numeric", required: true, value: String(table.seats), size: 3, ariaLabel: interpolate(gettext("Seats at table %(number)s"), values, true) }), " ",
        element("label", { className: "check" }, element("input", { name: "is_tv", type: "checkbox", checked: table.is_tv, autocomplete: "off" }), ` ${gettext("TV")}`), " ",
        ...(table.in_use ? [element("span", { className: "hint", textContent: interpolate(gettext("open in %(name)s"), { name: table.in_use }, true) }), " "] : []),
        element("button", { type: "submit", value: "change", textContent: interpolate(gettext("Change table %(number)s"), values, true) }), " ",
        element("button", { type: "submit", value: "remove", textContent: interpolate(gettext("Remove table %(number)s"), values, true) }));
      form.dataset.venueTableEdit = String(table.table);
      const item = element("li", {}, form);
      item.dataset.venueTableRow = String(table.table);
      return item;
    }));
  },

  on(selector, submit) {
    const form = this.root.querySelector(selector);
    if (!form) return;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      try { submit(form); } catch (problem) { this.say(problem.message, false); } // a field typed wrong
    });
  },

  // "550", "550.00", "99,50", "1,500.50", "1.500,50" -> minor units; null when it is not an
  // amount. A comma or a point before one or two last digits is the decimal mark; before three,
  // a thousands separator, which must then group every three digits.
  minor(text) {
    const clean = String(text).replace(/\s/g, "");
    const match = clean.match(/^(\d{1,3}(?:([.,])\d{3})*|\d+)(?:([.,])(\d{1,2}))?$/);
    if (!match || (match[2] && match[2] === match[3])) return null;
    const whole = match[1].replace(/[.,]/g, "");
    return Number(whole) * 100 + Number((match[4] || "").padEnd(2, "0"));
  },

  whole(input) {
    const text = input.value.replace(/[,\s]/g, "");
    if (text === "") return null;
    if (!/^\d+$/.test(text)) throw new Error(interpolate(gettext("%(field)s: type a whole number, not \"%(typed)s\"."), { field: input.getAttribute("aria-label") || input.name, typed: input.value }, true));
    return Number(text);
  },

  settings(form) {
    const money = (name, required) => {
      const value = form.elements[name].value.trim();
      if (!value && !required) return null;
      const minor = this.minor(value);
      if (minor === null) throw new Error(interpolate(gettext("%(field)s: type an amount such as 550.00."), { field: form.elements[name].getAttribute("aria-label") }, true));
      return minor;
    };
    return {
      name: form.elements.name.value, ruleset_preset: form.elements.ruleset_preset.value,
      // The festival's wall-clock time as typed (no offset): the server reads it in the festival's zone.
      starts_at: form.elements.starts_at.value || null,
      buy_in: money("buy_in", true), fee: money("fee", true), guarantee: money("guarantee", false),
      starting_stack: this.whole(form.elements.starting_stack), max_entries: this.whole(form.elements.max_entries),
      places_paid: this.whole(form.elements.places_paid),
      satellite_for: form.elements.satellite_for.value ? Number(form.elements.satellite_for.value) : null,
      ...bountySettings(form), // static/bounty_setup.js
      // ENT-REBUY: a house with rebuys sets their price and chips here.
      // SEAT-COLLECT: on the set-up page of a tournament (a new one takes its preset's).
      ...(form.elements.collect_seat_cards ? { collect_seat_cards: form.elements.collect_seat_cards.checked } : {}),
      ...(form.elements.rebuy_price ? { rebuy_price: money("rebuy_price", true), rebuy_chips: this.whole(form.elements.rebuy_chips) } : {}),
      // The house's choices in the tournament's own ruleset (CLK-LIMIT, SEAT-BREAK, kentucky's cards).
      ...(form.elements.time_limit_split ? { time_limit_split: form.elements.time_limit_split.value,
        alter_published_breaking_order: form.elements.alter_published_breaking_order.checked, seat_by_cards: form.elements.seat_by_cards.checked,
        rebuys: form.elements.rebuys.checked, rebuy_minutes: this.whole(form.elements.rebuy_minutes), addon_sold: form.elements.addon_sold.checked } : {}),
      // ENT-ADDON: a house with an add-on sets its price, chips and minutes on sale here.
      ...(form.elements.addon_price ? { addon_price: money("addon_price", true), addon_chips: this.whole(form.elements.addon_chips),
        addon_minutes: this.whole(form.elements.addon_minutes) } : {}),
      // AC-PERIOD: with the action clock, its period (blank: no bound).
      ...(form.elements.action_clock_from_level ? Object.fromEntries(["from_level", "until_level", "from_day", "until_day"]
        .map((bound) => [`action_clock_${bound}`, this.whole(form.elements[`action_clock_${bound}`])])) : {}),
    };
  },

  async create(form) {
    // A new festival typed but not created would leave the tournament in the festival chosen
    // in the list without a word: say so instead.
    const pending = this.root.querySelector("[data-festival]");
    if (pending && pending.elements.name.value.trim()) {
      return this.say(interpolate(gettext("The festival %(name)s is not created yet: tap \u201cCreate the festival\u201d first, or clear its name to use the festival chosen in the list."),
        { name: pending.elements.name.value.trim() }, true), false);
    }
    let body;
    try {
      const structure = form.elements.structure_id.value; // a template's id, or "speed:turbo"
      body = { ...this.settings(form), festival_id: Number(form.elements.festival_id.value),
        late_entry_until_level: this.whole(form.elements.late_entry_until_level),
        ...(structure.startsWith("speed:") ? { speed: structure.slice(6) } : { structure_id: Number(structure) }) };
    } catch (problem) { return this.say(problem.message, false); }
    const { ok, answer } = await postJSON("/api/tournaments/", body, newRequestKey());
    if (!ok) return this.say(answer.detail, false);
    location.assign(answer.setup_url);
  },

  async post(path, body, done) {
    let payload;
    try { payload = typeof body === "function" ? body() : body; } catch (problem) { return this.say(problem.message, false); }
    const { ok, answer } = await postJSON(`${this.root.dataset.apiBase}${path}`, payload, newRequestKey());
    this.say(ok ? done(answer) : answer.detail, ok);
  },

  // Adds what was just saved to its list on the page (a list item, or " · item" on a line);
  // answers with the sentence for the result line. The page's "None." is found by its English
  // words or, in any language, by a `data-empty` mark on it.
  listed(selector, item, sentence) {
    const list = this.root.querySelector(selector);
    if (list.tagName === "UL") {
      [...list.children].filter((li) => li.hasAttribute("data-empty") || /^None/.test(li.textContent)).forEach((li) => li.remove());
      list.append(element("li", { textContent: item }));
    } else {
      list.textContent = list.hasAttribute("data-empty") || /^No /.test(list.textContent) ? item : `${list.textContent} · ${item}`;
      list.removeAttribute("data-empty");
    }
    return sentence;
  },

  say(text, ok) {
    const result = this.root.querySelector("[data-result]");
    result.className = `result ${ok ? "ok" : "refused"}`;
    result.textContent = text;
  },
};

document.addEventListener("DOMContentLoaded", () => setupPage.start());
