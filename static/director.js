// Director's clock controls: each button is one API call; the screen itself updates from the
// live feed like every other screen, so what the director sees is what the room sees.
"use strict";

function csrfToken() {
  const match = document.cookie.match(/(?:^|; )csrftoken=([^;]*)/);
  return match ? decodeURIComponent(match[1]) : "";
}

async function clockControl(action, body) {
  const result = document.querySelector("[data-result]");
  const base = document.querySelector("[data-api-base]").dataset.apiBase;
  result.className = "result";
  result.textContent = "…";
  try {
    const response = await fetch(`${base}clock/${action}/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(body || {}),
      credentials: "same-origin",
    });
    const answer = await response.json().catch(() => ({ detail: `The server answered ${response.status}.` }));
    if (response.ok) {
      result.textContent = "Done.";
      result.classList.add("ok");
    } else {
      result.textContent = answer.detail || `The server answered ${response.status}.`;
      result.classList.add("refused");
    }
  } catch (failure) {
    result.textContent = "No answer from the server; check the connection and try again.";
    result.classList.add("refused");
  }
}

document.addEventListener("DOMContentLoaded", () => {
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
