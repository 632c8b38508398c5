// Requests from staff pages to the JSON API: the CSRF token, and one idempotency key per
// action so a request retried after a lost answer takes effect once.
import { gettext, interpolate } from "./i18n.js";

function csrfToken() {
  const match = document.cookie.match(/(?:^|; )csrftoken=([^;]*)/);
  return match ? decodeURIComponent(match[1]) : "";
}

// randomUUID exists only on https or localhost; a venue tablet may use plain http on the LAN.
export function newRequestKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

// Returns {ok, status, answer}; answer.detail carries the server's sentence on refusal.
// `method`: POST unless told (PUT replaces a whole thing, e.g. a mystery bounty's envelope tiers).
export async function postJSON(url, body, key, method = "POST") {
  const requestKey = key || newRequestKey(); // one key for the request and its retry
  const request = () =>
    fetch(url, {
      method,
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken(), "Idempotency-Key": requestKey },
      body: JSON.stringify(body || {}),
      credentials: "same-origin",
    });
  let response;
  try {
    response = await request();
  } catch (lost) {
    try {
      response = await request(); // same key: harmless if the first one arrived
    } catch (again) {
      return { ok: false, status: 0, answer: { detail: gettext("No answer from the server; check the connection and try again.") } };
    }
  }
  const answer = await response.json().catch(() => ({ detail: serverAnswered(response.status) }));
  return { ok: response.ok, status: response.status, answer };
}

// A live screen reads what an event just changed: never the browser's copy of a public read
// (those may be kept a few seconds for proxies), but the server's, a 304 when it is the same.
export async function getJSON(url) {
  const response = await fetch(url, { credentials: "same-origin", cache: "no-cache" });
  const answer = await response.json().catch(() => ({ detail: serverAnswered(response.status) }));
  return { ok: response.ok, status: response.status, answer };
}

export function serverAnswered(status) {
  return interpolate(gettext("The server answered %(status)s."), { status }, true);
}

// A DOM element with properties and children: element("p", { className: "notice" }, "text").
export function element(tag, properties, ...children) {
  const made = Object.assign(document.createElement(tag), properties || {});
  made.append(...children);
  return made;
}

// "1 player", "60 players": English only; pages say counts with sayCount() (static/live.js) and ngettext().
function plural(count, word) {
  if (count === 1) return `${count} ${word}`;
  return `${count} ${/[^aeiou]y$/.test(word) ? word.slice(0, -1) + "ies" : word + "s"}`; // penalty → penalties
}

// Integer minor units as money in the page's language (<html lang>; pages without live.js import
// this module too): formatMoney(55000, "EUR") -> "550.00 EUR", in German "550,00 EUR".
const MINOR_UNIT_EXPONENTS = { JPY: 0, KRW: 0, ISK: 0, CLP: 0, VND: 0, BHD: 3, KWD: 3, OMR: 3, TND: 3 };

export function formatMoney(minorUnits, currency) {
  const exponent = MINOR_UNIT_EXPONENTS[currency] ?? 2;
  return `${(minorUnits / 10 ** exponent).toLocaleString(document.documentElement.lang || "en", { minimumFractionDigits: exponent, maximumFractionDigits: exponent })} ${currency}`;
}
