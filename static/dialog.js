// In-page questions instead of the browser's confirm() and prompt(): those block the page (and
// the live feed), look like an error on a tablet and cannot be translated or styled. Each one
// is a modal <dialog> (focus moves into it and back to what had it; Escape cancels) and each
// returns a promise: askConfirm → true/false, askText → the text or null, askNumber → the
// number, "" (left empty when allowed) or null, askChoice → the value chosen or null.
import { gettext, interpolate } from "./i18n.js";
import { element } from "./api.js";

let askCount = 0; // ids tying each dialog to its question and its fields

// fields: [{name, label, type ("text" | "number"), value, required, maxLength}];
// buttons: [{value, label, primary}]; the form answers with the button's value and the fields.
export function askDialog(text, fields, buttons, check) {
  const id = `ask-${++askCount}`;
  const before = document.activeElement;
  return new Promise((resolve) => {
    const question = element("p", { id: `${id}-text`, className: "ask-text", textContent: text });
    const inputs = fields.map((field, index) => {
      const input = element("input", { id: `${id}-${index}`, name: field.name, value: field.value ?? "",
        required: !!field.required, autocomplete: "off" });
      if (field.type === "number") input.inputMode = "numeric";
      if (field.maxLength) input.maxLength = field.maxLength;
      return input;
    });
    const labels = fields.map((field, index) => element("label", { htmlFor: `${id}-${index}`, textContent: field.label }));
    const error = element("p", { className: "ask-error", role: "alert" });
    const form = element("form", { method: "dialog" }, question,
      ...inputs.flatMap((input, index) => [element("div", { className: "ask-field" }, labels[index], input)]), error,
      element("div", { className: "ask-buttons" }, ...buttons.map((button) => element("button", {
        type: "submit", value: button.value, textContent: button.label, className: button.primary ? "primary" : "",
        formNoValidate: button.value === "cancel" }))));
    const dialog = element("dialog", { className: "ask" }, form);
    dialog.dataset.ask = id;
    dialog.setAttribute("aria-labelledby", `${id}-text`);
    let settled = false;
    const finish = (answer) => {
      if (settled) return;
      settled = true;
      if (dialog.open) dialog.close();
      dialog.remove();
      if (before && before.isConnected && typeof before.focus === "function") before.focus();
      resolve(answer);
    };
    form.addEventListener("submit", (submit) => {
      submit.preventDefault();
      const value = submit.submitter ? submit.submitter.value : buttons.find((b) => b.primary)?.value;
      if (value === "cancel") return finish(null);
      const typed = Object.fromEntries(inputs.map((input) => [input.name, input.value.trim()]));
      const refused = check ? check(typed) : "";
      if (refused) {
        error.textContent = refused; // the question stays open to be answered again
        return;
      }
      finish({ value, typed });
    });
    dialog.addEventListener("cancel", (escape) => { // Escape
      escape.preventDefault();
      finish(null);
    });
    document.body.append(dialog);
    dialog.showModal();
    (inputs[0] || form.querySelector("button.primary") || form.querySelector("button")).focus();
  });
}

export async function askConfirm(text, { ok = gettext("OK"), cancel = gettext("Cancel") } = {}) {
  const answer = await askDialog(text, [], [{ value: "cancel", label: cancel }, { value: "ok", label: ok, primary: true }]);
  return answer !== null;
}

export async function askText(text, { label = gettext("Answer"), value = "", required = true, maxLength = 200,
  ok = gettext("OK"), cancel = gettext("Cancel") } = {}) {
  const answer = await askDialog(text, [{ name: "text", label, value, required, maxLength }],
    [{ value: "cancel", label: cancel }, { value: "ok", label: ok, primary: true }],
    (typed) => (required && !typed.text ? gettext("Type an answer, or Cancel.") : ""));
  return answer === null ? null : answer.typed.text;
}

// Digits only (spaces and thousands commas are ignored); "" when left empty and not required.
export async function askNumber(text, { label = gettext("Number"), value = "", required = true,
  ok = gettext("OK"), cancel = gettext("Cancel") } = {}) {
  const digits = (typed) => typed.number.replace(/[,.\s]/g, "");
  const answer = await askDialog(text, [{ name: "number", label, value, required, type: "number" }],
    [{ value: "cancel", label: cancel }, { value: "ok", label: ok, primary: true }],
    (typed) => {
      if (!digits(typed)) return required ? gettext("Type a number, or Cancel.") : "";
      return /^\d+$/.test(digits(typed)) ? "" : interpolate(gettext("\"%(typed)s\" is not a number: type digits only."), { typed: typed.number }, true);
    });
  if (answer === null) return null;
  return digits(answer.typed) ? Number(digits(answer.typed)) : "";
}

// choices: [{value, label}]; the first is the one proposed.
export async function askChoice(text, choices, { cancel = gettext("Cancel") } = {}) {
  const answer = await askDialog(text, [], [{ value: "cancel", label: cancel },
    ...choices.map((choice, index) => ({ value: String(choice.value), label: choice.label, primary: index === 0 }))]);
  if (answer === null) return null;
  return choices.find((choice) => String(choice.value) === answer.value).value;
}
