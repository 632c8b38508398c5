// A staff screen's live log (the director's console, the floor tablet): each event as a line,
// newest first. After every snapshot it fetches the lines the socket skipped: a resync brings the
// state back but not the events between, and the log is the director's story of what happened.
import { getJSON } from "./api.js";
import { festivalTimeZone, logLine, useFestivalTimeZone } from "./live.js";

const list = document.querySelector("[data-event-feed]");
const KEPT = 50; // lines; as many as GET …/log/ gives at once

// Puts a line in its place by seq, once: a fetched line may arrive after newer live ones.
function put(event) {
  const seq = Number(event.seq);
  const lines = [...list.children];
  if (lines.some((line) => Number(line.dataset.seq) === seq)) return;
  const item = document.createElement("li");
  item.textContent = logLine(event);
  item.dataset.kind = event.kind;
  item.dataset.seq = seq;
  list.insertBefore(item, lines.find((line) => Number(line.dataset.seq) < seq) || null);
  while (list.children.length > KEPT) list.lastChild.remove();
}

let fills = Promise.resolve(); // one fetch at a time, in the order the snapshots came
async function fill(upTo) {
  const newest = list.firstElementChild ? Number(list.firstElementChild.dataset.seq) : 0;
  if (newest >= upTo) return;
  const { ok, answer } = await getJSON(`${list.dataset.log}?after=${newest}`);
  if (ok) answer.reverse().forEach(put); // oldest first: the list keeps the newest
}

if (list) {
  // Lines written before the first snapshot say the festival's zone: the page gives it.
  const zone = list.closest("[data-time-zone]")?.dataset.timeZone;
  if (!festivalTimeZone && zone) useFestivalTimeZone(zone);
  // The lines as the page was made (the director's console), before the socket's first snapshot.
  const latest = document.getElementById("pokerfest-latest-log");
  if (latest) JSON.parse(latest.textContent).reverse().forEach(put);
  document.addEventListener("pokerfest:event", (event) => put(event.detail));
  document.addEventListener("pokerfest:snapshot", (event) => {
    const upTo = event.detail.seq;
    fills = fills.then(() => fill(upTo)).catch(() => {}); // offline: the next snapshot fetches again
  });
}
