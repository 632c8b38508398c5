// Director's clock controls: each button is one API call; the screen itself updates from the
// live feed like every other screen, so what the director sees is what the room sees.
"use strict";

function csrfToken() {
  const match = document.cookie.match(/(?:^|; )csrftoken=([^;]*)/);
  return match ? decodeURIComponent(match[1]) : "";
}

// randomUUID exists only on https or localhost; a venue tablet may use plain http on the LAN.
function newRequestKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

// One key per tap: if the answer is lost and the request is sent again, the server sees the
// same key and changes the clock once.
async function postOnce(url, body, key) {
  const request = () =>
    fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken(), "Idempotency-Key": key },
      body: JSON.stringify(body || {}),
      credentials: "same-origin",
    });
  try {
    return await request();
  } catch (lost) {
    return await request();
  }
}

async function clockControl(action, body) {
  const result = document.querySelector("[data-result]");
  const base = document.querySelector("[data-api-base]").dataset.apiBase;
  result.className = "result";
  result.textContent = "…";
  try {
    const response = await postOnce(`${base}clock/${action}/`, body, newRequestKey());
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
