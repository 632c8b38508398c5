// Director's clock controls: each button is one API call; the screen itself updates from the
// live feed like every other screen, so what the director sees is what the room sees.
"use strict";

async function clockControl(action, body) {
  const result = document.querySelector("[data-result]");
  const base = document.querySelector("[data-api-base]").dataset.apiBase;
  result.className = "result";
  result.textContent = "…";
  const { ok, status, answer } = await postJSON(`${base}clock/${action}/`, body, newRequestKey());
  result.textContent = ok ? "Done." : answer.detail || `The server answered ${status}.`;
  result.classList.add(ok ? "ok" : "refused");
}

document.addEventListener("pokerfest:event", (event) => {
  if (event.detail.kind === "registration.closed") {
    document.querySelector("[data-registration]").textContent = "Registration is closed.";
    document.querySelector("[data-close-registration]").disabled = true;
  }
});

// "1-5, 8" -> [1, 2, 3, 4, 5, 8]; null when the text is not such a list.
function tableNumbers(text) {
  const numbers = [];
  for (const part of text.split(",").map((p) => p.trim()).filter(Boolean)) {
    const range = part.match(/^(\d+)\s*-\s*(\d+)$/);
    if (range) {
      for (let n = Number(range[1]); n <= Number(range[2]); n++) numbers.push(n);
    } else if (/^\d+$/.test(part)) {
      numbers.push(Number(part));
    } else {
      return null;
    }
  }
  return numbers.length ? numbers : null;
}

async function directorAction(path, body, done) {
  const base = document.querySelector("[data-api-base]").dataset.apiBase;
  const { ok, answer } = await postJSON(`${base}${path}`, body, newRequestKey());
  const result = document.querySelector("[data-result]");
  result.className = `result ${ok ? "ok" : "refused"}`;
  result.textContent = ok ? done(answer) : answer.detail;
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelector("[data-open-tables]").addEventListener("click", (click) => {
    click.preventDefault();
    const tables = tableNumbers(document.querySelector("#open-tables").value);
    if (!tables) {
      const result = document.querySelector("[data-result]");
      result.className = "result refused";
      result.textContent = "List table numbers in the order they open, e.g. 1-5, 8.";
      return;
    }
    directorAction("tables/open/", { tables }, (answer) => `Opened table ${answer.opened.join(", ")}.`);
  });
  document.querySelector("[data-draw-field]").addEventListener("click", (click) => {
    click.preventDefault();
    directorAction("seating/draw/", {}, (answer) =>
      `Field drawn (seed ${answer.seed}): ` + Object.entries(answer.tables).map(([n, count]) => `table ${n}: ${count}`).join(", ") + ".");
  });
  document.querySelector("[data-close-registration]").addEventListener("click", async (click) => {
    click.preventDefault();
    const base = document.querySelector("[data-api-base]").dataset.apiBase;
    const { ok, answer } = await postJSON(`${base}registration/close/`, {}, newRequestKey());
    const result = document.querySelector("[data-result]");
    result.className = `result ${ok ? "ok" : "refused"}`;
    result.textContent = ok ? "Registration closed." : answer.detail;
  });
  document.querySelectorAll("[data-control]").forEach((button) => {
    button.addEventListener("click", (click) => {
      click.preventDefault();
      const action = button.dataset.control;
      if (action === "pause") return clockControl("pause", { reason: document.querySelector("#pause-reason").value });
      if (action === "adjust") {
        const seconds = Number(button.dataset.seconds || document.querySelector("#adjust-seconds").value);
        if (!Number.isInteger(seconds) || seconds === 0) {
          const result = document.querySelector("[data-result]");
          result.textContent = "Enter a whole number of seconds, positive to add, negative to remove.";
          result.className = "result refused";
          return;
        }
        return clockControl("adjust", { seconds });
      }
      if (action === "level") return clockControl("level", { level_index: Number(document.querySelector("#level-index").value) });
      return clockControl(action);
    });
  });
});
