// The director's control of the action clock in an extreme case (AC-SUSPEND): suspend it at a
// table or for every table, with a reason for the log, and resume it. The line above the form
// says where it stands, read from the tables view; it reloads when the tables view changes.
import { gettext, interpolate } from "./i18n.js";
import { getJSON, postJSON } from "./api.js";
import { touches } from "./live.js";

(() => {
  const box = document.querySelector("[data-action-suspension]");
  if (!box) return;
  const base = document.querySelector("[data-api-base]").dataset.apiBase;
  const form = box.querySelector("[data-action-suspend]");
  const state = box.querySelector("[data-action-state]");
  const result = document.querySelector("[data-result]");

  async function load() {
    const { ok, answer } = await getJSON(`${base}tables/`);
    if (!ok) return;
    const now = answer.action_clock_now;
    const tables = Object.entries(now.tables_suspended).map(([table, reason]) => interpolate(gettext("table %(table)s (%(reason)s)"), { table, reason }, true));
    state.textContent = now.suspended ? interpolate(gettext("Suspended at every table: %(reason)s"), { reason: now.suspended }, true)
      : tables.length ? interpolate(gettext("Suspended at %(tables)s"), { tables: tables.join(", ") }, true)
        : now.outside || gettext("The action clock runs.");
    if (now.suspended || tables.length) box.open = true;
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const how = event.submitter ? event.submitter.value : "suspend";
    const table = form.elements.table.value.trim() ? Number(form.elements.table.value) : null;
    const { ok, answer } = await postJSON(`${base}action-clock/${how}/`, { table, reason: form.elements.reason.value });
    result.className = `result ${ok ? "ok" : "refused"}`;
    if (!ok) {
      result.textContent = answer.detail;
      return;
    }
    const where = table === null ? gettext("at every table") : interpolate(gettext("at table %(table)s"), { table }, true);
    result.textContent = interpolate(answer.suspended ? gettext("Action clock suspended %(where)s.") : gettext("Action clock resumed %(where)s."), { where }, true);
    form.elements.reason.value = "";
    load();
  });
  document.addEventListener("pokerfest:event", (event) => { if (touches(event.detail.kind, "tables")) load(); });
  document.addEventListener("pokerfest:snapshot", load);
  load();
})();
