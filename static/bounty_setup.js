// Knockout events on the set-up pages (BNT-POOL, BNT-PKO, BNT-MYSTERY): the bounty format, the
// bounty part of the price and the progressive cash share; the price split shown live as it is
// typed (prize pool + bounty + fee); the mystery envelopes' tiers, saved with their own button.
import { gettext, interpolate } from "./i18n.js";
import { element, formatMoney, newRequestKey, postJSON } from "./api.js";

// tournaments/rules/bounties.py DEFAULT_TEMPLATE: one top envelope, five large, the rest small.
const DEFAULT_TEMPLATE = [{ share_bp: 1000, count: 1 }, { share_bp: 1500, count: 5 }, { share_bp: 7500, count: null }];

// "550", "550.00", "99,50" -> minor units; null when it is not an amount (as static/setup.js reads money).
function minor(text) {
  const clean = String(text).replace(/\s/g, "");
  const match = clean.match(/^(\d{1,3}(?:([.,])\d{3})*|\d+)(?:([.,])(\d{1,2}))?$/);
  if (!match || (match[2] && match[2] === match[3])) return null;
  return Number(match[1].replace(/[.,]/g, "")) * 100 + Number((match[4] || "").padEnd(2, "0"));
}

// The settings form's bounty part, for the body static/setup.js posts: an empty bounty is none.
export function bountySettings(form) {
  if (!form.elements.bounty_format) return {};
  const format = form.elements.bounty_format.value;
  const typed = form.elements.bounty.value.trim();
  const bounty = format === "none" || !typed ? 0 : minor(typed);
  if (bounty === null) throw new Error(interpolate(gettext("%(field)s: type an amount such as 550.00."), { field: gettext("Bounty part") }, true));
  const percent = form.elements.bounty_cash_percent.value.trim();
  if (!/^\d+$/.test(percent) || Number(percent) > 100) throw new Error(gettext("Cash share of a won bounty: type a whole percentage from 0 to 100."));
  const level = form.elements.bounty_stage_level.value.trim();
  if (level && !/^\d+$/.test(level)) throw new Error(interpolate(gettext("%(field)s: type a whole number, not \"%(typed)s\"."), { field: gettext("Bounty stage level"), typed: level }, true));
  return {
    bounty_format: format, bounty, bounty_cash_percent: Number(percent),
    bounty_stage_starts: form.elements.bounty_stage_starts.value, bounty_stage_level: level ? Number(level) : null,
  };
}

// The fields that belong to the format chosen; the price split line under them.
function wireFormat(form, currency) {
  const format = form.elements.bounty_format;
  const money = (amount) => (currency ? formatMoney(amount, currency) : (amount / 100).toFixed(2));
  const show = () => {
    for (const field of form.querySelectorAll("[data-bounty-only]")) {
      const only = field.dataset.bountyOnly;
      field.hidden = format.value === "none" || (only !== "" && only !== format.value);
    }
    const envelopes = document.querySelector("[data-bounty-envelopes]");
    if (envelopes) envelopes.hidden = format.value !== "mystery";
  };
  const split = () => {
    const line = form.querySelector("[data-price-split]");
    const pool = minor(form.elements.buy_in.value), fee = minor(form.elements.fee.value);
    const bounty = format.value === "none" ? 0 : minor(form.elements.bounty.value || "0");
    if (pool === null || fee === null || bounty === null) return (line.textContent = "");
    const values = { price: money(pool + bounty + fee), pool: money(pool), bounty: money(bounty), fee: money(fee) };
    let text = bounty ? interpolate(gettext("Price %(price)s = %(pool)s prize pool + %(bounty)s bounty + %(fee)s fee."), values, true)
      : interpolate(gettext("Price %(price)s = %(pool)s prize pool + %(fee)s fee."), values, true);
    if (format.value === "progressive" && bounty) {
      const percent = Number(form.elements.bounty_cash_percent.value);
      if (percent >= 0 && percent <= 100) {
        const cash = Math.floor((bounty * percent) / 100);
        text += " " + interpolate(gettext("Knocking out a starting bounty pays %(cash)s in cash and adds %(head)s to the eliminator's bounty."),
          { cash: money(cash), head: money(bounty - cash) }, true);
      }
    }
    line.textContent = text;
  };
  format.addEventListener("change", () => { show(); split(); });
  form.addEventListener("input", split);
  show();
  split();
}

// BNT-MYSTERY: the tiers as rows (a share in percent, a count or empty for "the rest").
function wireTemplate(root, apiBase) {
  const form = root.querySelector("[data-bounty-template]");
  if (!form) return;
  const stored = JSON.parse(document.getElementById("pokerfest-bounty-template")?.textContent || "null");
  const list = form.querySelector("[data-tiers]");
  const row = (tier) => {
    const number = () => [...list.children].indexOf(item) + 1;
    const share = element("input", { name: "share", inputMode: "decimal", required: true, size: 6, value: (tier.share_bp / 100).toFixed(2) });
    const count = element("input", { name: "count", inputMode: "numeric", size: 4, value: tier.count === null ? "" : String(tier.count), placeholder: gettext("the rest") });
    const remove = element("button", { type: "button", textContent: gettext("Remove") });
    const item = element("li", { className: "controls" },
      element("label", {}, gettext("Share of the pool %"), " ", share), " ", element("label", {}, gettext("Envelopes"), " ", count), " ", remove);
    const label = () => {
      share.ariaLabel = interpolate(gettext("Tier %(n)s share %"), { n: number() }, true);
      count.ariaLabel = interpolate(gettext("Tier %(n)s envelopes"), { n: number() }, true);
      remove.ariaLabel = interpolate(gettext("Remove tier %(n)s"), { n: number() }, true);
    };
    item.relabel = label;
    remove.addEventListener("click", () => { item.remove(); relabel(); });
    return item;
  };
  const relabel = () => {
    [...list.children].forEach((item) => item.relabel());
    const total = [...list.querySelectorAll("[name=share]")].reduce((sum, input) => sum + Math.round(Number(input.value.replace(",", ".")) * 100 || 0), 0);
    form.querySelector("[data-tiers-sum]").textContent = interpolate(gettext("The shares add up to %(total)s of 100.00."), { total: (total / 100).toFixed(2) }, true);
  };
  list.replaceChildren(...(stored && stored.length ? stored : DEFAULT_TEMPLATE).map(row));
  relabel();
  form.addEventListener("input", relabel);
  form.querySelector("[data-add-tier]").addEventListener("click", () => {
    list.append(row({ share_bp: 0, count: 1 }));
    relabel();
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const tiers = [...list.children].map((item) => {
      const share = item.querySelector("[name=share]").value.trim().replace(",", ".");
      const count = item.querySelector("[name=count]").value.trim();
      return { share_bp: Math.round(Number(share) * 100), count: count ? Number(count) : null };
    });
    const { ok, answer } = await postJSON(`${apiBase}bounties/template/`, { tiers }, newRequestKey(), "PUT");
    const result = root.querySelector("[data-result]");
    result.className = `result ${ok ? "ok" : "refused"}`;
    result.textContent = ok ? interpolate(gettext("Envelopes saved: %(tiers)s tiers."), { tiers: tiers.length }, true) : answer.detail;
  });
}

// Started by static/setup.js once it has shown the stored amounts in the money fields.
export function wireBounties() {
  for (const form of document.querySelectorAll("form")) {
    if (form.elements.bounty_format) wireFormat(form, document.querySelector("[data-currency]")?.dataset.currency);
  }
  const setup = document.querySelector(".setup[data-api-base]");
  if (setup) wireTemplate(setup, setup.dataset.apiBase);
}
