// The festival's pre-registration page: seats left and waiting lists kept live (a short poll
// of the public counts, which a proxy may cache for two seconds), the form posted to the
// public API, and a full flight answered with its waiting list and the other flights.
import { gettext, interpolate, ngettext } from "./i18n.js";
import { element, getJSON, postJSON } from "./api.js";

(function () {
  const root = document.querySelector("[data-prereg]");
  if (!root) return;
  const form = document.getElementById("prereg-form");
  const result = root.querySelector("[data-prereg-result]");
  const choices = root.querySelector("[data-prereg-choices]");
  const joinWaiting = root.querySelector("[data-join-waiting]");
  const reference = root.querySelector("[data-reference]");
  const POLL_MS = 3000;

  function seatsText(row) {
    if (!row.open) return gettext("not open");
    if (row.seats_left === null) return gettext("seats available");
    if (row.seats_left === 0) return gettext("full");
    return interpolate(ngettext("%(left)s seat left", "%(left)s seats left", row.seats_left), { left: row.seats_left }, true);
  }

  function show(row) {
    const seats = root.querySelector(`[data-seats-left="${row.id}"]`);
    if (seats) seats.textContent = seatsText(row);
    const waiting = root.querySelector(`[data-waiting="${row.id}"]`);
    if (waiting) waiting.textContent = row.waiting ? "· " + interpolate(gettext("%(waiting)s waiting"), { waiting: row.waiting }, true) : "";
    const radio = root.querySelector(`input[name="tournament"][value="${row.id}"]`);
    if (radio) radio.disabled = !row.open;
  }

  async function refresh() {
    const { ok, answer } = await getJSON(`/api/festivals/${root.dataset.festival}/preregistration/`);
    if (ok) answer.events.forEach((group) => [group.event, ...group.flights].forEach(show));
  }

  function body(joinList) {
    const data = new FormData(form);
    const fields = ["first_name", "last_name", "date_of_birth", "email", "nationality", "id_document_type",
      "id_document_number", "id_document_country", "payment", "payment_reference"];
    const out = Object.fromEntries(fields.map((name) => [name, (data.get(name) || "").toString().trim()]));
    for (const box of ["accepts_terms", "filming_release", "marketing_opt_in", "initials_only"]) out[box] = data.get(box) === "on";
    if (out.payment !== "online") out.payment_reference = "";
    out.join_waiting_list = joinList;
    return out;
  }

  function chosen() {
    const radio = form.querySelector('input[name="tournament"]:checked');
    return radio ? radio.value : "";
  }

  async function send(joinList) {
    choices.hidden = true;
    result.className = "result";
    const tournament = chosen();
    if (!tournament) {
      result.className = "result refused";
      result.textContent = gettext("Choose a tournament first.");
      return;
    }
    if (!form.reportValidity()) return;
    result.textContent = gettext("Registering…");
    const { ok, status, answer } = await postJSON(`/api/tournaments/${tournament}/preregistrations/`, body(joinList));
    if (ok) {
      window.location.assign(answer.url);
      return;
    }
    result.className = "result refused";
    // Each reason once: the list names them (the detail is the same sentences run together).
    const reasons = (answer.reasons || []).filter((r) => !r.ok);
    result.textContent = reasons.length ? gettext("Not registered:") : answer.detail;
    if (reasons.length) result.append(element("ul", { className: "reasons" }, ...reasons.map((r) => element("li", {}, `${r.rule}: ${r.message}`))));
    if (status === 409 && answer.full) {
      choices.hidden = false;
      choices.querySelectorAll("[data-alternative]").forEach((old) => old.remove());
      for (const other of answer.alternatives) {
        const pick = element("button", { type: "button", textContent: interpolate(gettext("Choose %(name)s"), { name: other.name }, true) });
        pick.dataset.alternative = other.id;
        pick.addEventListener("click", () => {
          const radio = form.querySelector(`input[name="tournament"][value="${other.id}"]`);
          if (radio) radio.checked = true;
          send(false);
        });
        choices.append(" ", pick);
      }
    }
    refresh();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    send(false);
  });
  joinWaiting.addEventListener("click", () => send(true));
  form.addEventListener("change", () => {
    reference.hidden = (new FormData(form).get("payment") || "desk") !== "online";
  });
  setInterval(refresh, POLL_MS);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
})();
