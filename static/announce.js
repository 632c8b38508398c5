// The director's announcements (TD-ANNOUNCE): a template fills the text, which the director
// edits and sends; "Take down" on the banner dismisses one from every screen.
import { gettext } from "./i18n.js";
import { postJSON } from "./api.js";

(() => {
  const form = document.querySelector("[data-announce]");
  const base = document.querySelector("[data-api-base]").dataset.apiBase;
  const result = document.querySelector("[data-result]");

  function say(ok, text) {
    result.className = `result ${ok ? "ok" : "refused"}`;
    result.textContent = text;
  }

  form.elements.template.addEventListener("change", () => {
    const chosen = form.elements.template.selectedOptions[0];
    if (!chosen.value) return;
    form.elements.text.value = chosen.dataset.text;
    form.elements.minutes.value = chosen.dataset.minutes;
    form.elements.text.focus();
  });

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const minutes = form.elements.minutes.value.trim();
    const { ok, answer } = await postJSON(`${base}announcements/`, {
      text: form.elements.text.value, template: form.elements.template.value, minutes: minutes ? Number(minutes) : null,
    });
    say(ok, ok ? gettext("Announced on every screen.") : answer.detail);
    if (ok) form.reset();
  });

  document.addEventListener("click", async (event) => {
    const button = event.target.closest("[data-dismiss-announcement]");
    if (!button) return;
    button.disabled = true;
    const { ok, answer } = await postJSON(`${base}announcements/${button.dataset.dismissAnnouncement}/dismiss/`, {});
    say(ok, ok ? gettext("Taken down from every screen.") : answer.detail);
    button.disabled = false;
  });
})();
