// Logo compliance: the cap moves with the field, so say so as entries and logos arrive.
import { gettext, interpolate } from "./i18n.js";
import { postJSON } from "./api.js";
import { touches } from "./live.js";

document.querySelector("[data-recompute]").addEventListener("click", () => location.reload());
document.addEventListener("pokerfest:event", (event) => {
  if (touches(event.detail.kind, "logo_cap")) document.querySelector("[data-changed]").hidden = false;
});
document.querySelectorAll("[data-breach]").forEach((form) => {
  const base = document.querySelector("[data-api-base]").dataset.apiBase;
  const send = async (keep) => {
    const { ok, answer } = await postJSON(`${base}compliance/resolve/`, { company_id: Number(form.dataset.company), keep, table: form.dataset.table ? Number(form.dataset.table) : null });
    const result = document.querySelector("[data-result]");
    result.className = `result ${ok ? "ok" : "refused"}`;
    result.textContent = ok ? interpolate(gettext("Kept %(kept)s; removed %(removed)s."), { kept: answer.kept.map((n) => "#" + n).join(", "), removed: answer.removed.map((n) => "#" + n).join(", ") }, true) : answer.detail;
    if (ok) setTimeout(() => location.reload(), 1200);
  };
  form.querySelector("[data-keep]").addEventListener("click", (click) => {
    click.preventDefault();
    send([...form.querySelectorAll("input[name=keep]:checked")].map((box) => Number(box.value)));
  });
  form.querySelector("[data-draw]").addEventListener("click", (click) => { click.preventDefault(); send(null); });
});
