// The festival's public schedule (templates/pokerfest/schedule.html): every event's start, price,
// seats left and waiting list, its flights and satellites. Live by re-reading the API every few
// seconds: the answer is cached for five seconds and revalidated by its ETag, so a phone that
// asks again mostly gets a 304 (no festival-wide socket exists; one socket per event would cost
// more than this for a list of dozens).
import { gettext, interpolate } from "./i18n.js";
import { element, formatMoney, getJSON } from "./api.js";

const SCHEDULE_STATUS_WORDS = { scheduled: gettext("scheduled"), registration: gettext("registration open"),
  running: gettext("running"), finished: gettext("finished"), cancelled: gettext("cancelled") };

const schedulePage = {
  root: null,
  asked: 0,

  start() {
    this.root = document.querySelector("[data-schedule-api]");
    if (!this.root) return;
    this.reload();
    setInterval(() => { if (!document.hidden) this.reload(); }, 5000);
    document.addEventListener("visibilitychange", () => { if (!document.hidden) this.reload(); });
  },

  async reload() {
    const asked = ++this.asked;
    let found;
    try {
      found = await getJSON(this.root.dataset.scheduleApi);
    } catch (offline) {
      return; // the venue's Wi-Fi dropped: the last schedule stays on screen
    }
    if (!found.ok || asked !== this.asked) return;
    this.draw(found.answer);
    this.root.querySelector("[data-schedule-updated]").textContent =
      interpolate(gettext("Updated %(time)s"), { time: new Date().toLocaleTimeString(document.documentElement.lang || "en", { timeZone: this.root.dataset.timeZone }) }, true);
  },

  when(iso) {
    if (!iso) return gettext("start to be announced");
    return new Date(iso).toLocaleString(document.documentElement.lang || "en", { timeZone: this.root.dataset.timeZone,
      weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
  },

  seats(event) {
    const left = event.seats_left === null
      ? interpolate(gettext("%(sold)s entries · no cap"), { sold: event.seats_sold }, true)
      : interpolate(gettext("%(left)s of %(cap)s seats left"), { left: event.seats_left, cap: event.max_entries }, true);
    return left + (event.waiting ? interpolate(gettext(" · %(waiting)s waiting"), { waiting: event.waiting }, true) : "");
  },

  status(event) {
    return element("span", { className: "schedule-status", textContent: SCHEDULE_STATUS_WORDS[event.status] || event.status });
  },

  link(event) {
    return element("a", { href: event.url, textContent: event.name });
  },

  draw(schedule) {
    const currency = this.root.dataset.currency;
    const cards = schedule.events.map((event) => {
      const card = element("article", { className: "schedule-event" },
        element("h2", {}, this.link(event), " ", this.status(event)),
        element("p", { textContent: `${this.when(event.starts_at)} · ${formatMoney(event.price, currency)}` }),
        element("p", { textContent: this.seats(event) }));
      card.dataset.event = event.id;
      card.querySelector("h2 .schedule-status").dataset.status = event.status;
      card.lastChild.dataset.seatsLeft = "";
      if (event.satellite_for) {
        card.append(element("p", { textContent: interpolate(gettext("Satellite: seats in %(name)s"), { name: event.satellite_for.name }, true) }));
      }
      if (event.flights.length) {
        card.append(element("ul", { className: "schedule-flights" }, ...event.flights.map((flight) => {
          const item = element("li", {}, this.link(flight), ` · ${this.when(flight.starts_at)} · `, this.status(flight), " · ",
            element("span", { textContent: this.seats(flight) }));
          item.dataset.event = flight.id;
          item.lastChild.dataset.seatsLeft = "";
          return item;
        })));
      }
      if (event.satellites.length) {
        const links = [];
        event.satellites.forEach((satellite, index) => links.push(...(index ? [" · "] : []), this.link(satellite)));
        card.append(element("p", {}, gettext("Satellites:"), " ", ...links));
      }
      return card;
    });
    if (!cards.length) cards.push(element("p", { textContent: gettext("No events scheduled yet.") }));
    this.root.querySelector("[data-schedule-events]").replaceChildren(...cards);
  },
};

document.addEventListener("DOMContentLoaded", () => schedulePage.start());
