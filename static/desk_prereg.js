// The desk's "Pre-registered" field: a USB scanner types the QR code's URL (or the clerk types
// the code, a name or an ID number), the clerk checks the photo ID against the details shown
// and confirms the entry in one tap; the seat ticket's link follows.
import { gettext, interpolate } from "./i18n.js";
import { element, formatMoney, getJSON, newRequestKey, postJSON } from "./api.js";
import { reloadOnLive } from "./live.js";

(function () {
  const root = document.querySelector("[data-prereg-desk]");
  const desk = document.querySelector(".desk");
  if (!root || !desk) return;
  const tournament = desk.dataset.tournament;
  const scan = document.getElementById("prereg-scan");
  const list = root.querySelector("[data-prereg-list]");
  const panel = root.querySelector("[data-prereg-panel]");
  const result = root.querySelector("[data-prereg-result]");
  const confirmButton = root.querySelector("[data-prereg-confirm]");
  const methodField = root.querySelector("[data-prereg-method-field]");
  let shown = null;
  let confirmKey = newRequestKey();

  function say(text, ok) {
    result.className = `result ${ok ? "ok" : "refused"}`;
    result.textContent = text;
  }

  function statusLine(row) {
    if (row.status === "waiting") return interpolate(gettext("waiting list, number %(position)s"), { position: row.position }, true);
    if (row.status === "confirmed") return interpolate(gettext("confirmed: entry #%(number)s"), { number: row.entry_number }, true);
    return row.status_label;
  }

  function show(row) {
    shown = row;
    confirmKey = newRequestKey();
    panel.hidden = false;
    root.querySelector("[data-prereg-name]").textContent = `${row.first_name} ${row.last_name} · ${row.code}`;
    const details = root.querySelector("[data-prereg-details]");
    const pairs = [
      [gettext("Date of birth"), row.date_of_birth],
      [gettext("ID document"), row.id_document_type_label],
      [gettext("ID number"), row.id_document_number],
      [gettext("Issued by"), row.id_document_country || "–"],
      [gettext("Nationality"), row.nationality || "–"],
      [gettext("Payment"), row.payment === "online" ? interpolate(gettext("paid online, reference %(reference)s"), { reference: row.payment_reference }, true)
        : interpolate(gettext("pay at the desk: %(price)s"), { price: formatMoney(Number(desk.dataset.entryPrice), desk.dataset.currency) }, true)],
      [gettext("Status"), statusLine(row)],
    ];
    details.replaceChildren(...pairs.flatMap(([label, value]) => [element("dt", {}, label), element("dd", {}, value)]));
    methodField.hidden = row.payment === "online";
    confirmButton.disabled = row.status !== "held";
  }

  async function find(query, pickSingle) {
    const { ok, answer } = await getJSON(`/api/tournaments/${tournament}/preregistrations/?q=${encodeURIComponent(query)}`);
    if (!ok) return say(answer.detail, false);
    list.replaceChildren(...answer.map((row) => {
      const button = element("button", { type: "button" }, `${row.last_name}, ${row.first_name} · ${row.code} · ${statusLine(row)}`);
      button.addEventListener("click", () => show(row));
      return element("li", {}, button);
    }));
    if (!answer.length && query) say(gettext("No pre-registration for this tournament matches: check the code, or register the player as a walk-in."), false);
    else if (pickSingle && answer.length === 1) {
      result.textContent = "";
      show(answer[0]);
    }
  }

  async function confirmEntry() {
    if (!shown) return;
    const deskName = document.getElementById("desk-name").value.trim();
    const shift = document.getElementById("desk-shift").value.trim();
    if (!deskName || !shift) return say(gettext("Fill in the desk and shift at the top first."), false);
    const method = shown.payment === "online" ? "online" : root.querySelector("[data-prereg-method]").value;
    confirmButton.disabled = true;
    const { ok, answer } = await postJSON(`/api/tournaments/${tournament}/preregistrations/${shown.code}/confirm/`,
      { method, desk: deskName, shift }, confirmKey);
    if (!ok) {
      confirmButton.disabled = false;
      say(answer.detail, false);
      return;
    }
    const ticket = element("a", { href: answer.ticket_url, textContent: gettext("Print ticket") });
    ticket.dataset.preregTicket = "";
    result.className = "result ok";
    result.replaceChildren(interpolate(gettext("Entry #%(entry)s registered for %(name)s. "),
      { entry: answer.number, name: `${shown.first_name} ${shown.last_name}` }, true), ticket);
    panel.hidden = true;
    shown = null;
    scan.value = "";
    find("", false);
  }

  let typing;
  scan.addEventListener("input", () => {
    clearTimeout(typing);
    typing = setTimeout(() => find(scan.value.trim(), false), 200);
  });
  // A scanner ends with Enter: the one match opens at once.
  document.getElementById("prereg-scan-form").addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(typing);
    find(scan.value.trim(), true);
  });
  confirmButton.addEventListener("click", confirmEntry);
  // Players register online while the desk works: the list follows the staff feed.
  let following;
  reloadOnLive((kind) => kind.startsWith("preregistration."), () => {
    clearTimeout(following);
    following = setTimeout(() => find(scan.value.trim(), false), 500);
  });
  find("", false);
})();
