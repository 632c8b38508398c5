// "Last tap: <what> [Undo]" on the floor tablet for a minute after an Out or a Hand done (issue 14).
// The server decides (POST …/tables/<n>/undo/ with the tap's Idempotency-Key): too late,
// or something else at the table since, is refused with its sentence; the button's own
// minute only takes it off the screen.
import { gettext, interpolate } from "./i18n.js";
import { element, getJSON, postJSON } from "./api.js";

// The payload keys by which an event names a table (tables/rules/undo.py's TABLE_KEYS).
const TABLE_KEYS = ["table", "from_table", "to_table", "table_a", "table_b"];

export const floorUndo = {
  last: null, // {key, table, label}: the tap the button takes back
  timer: null,
  page: null, // the floor tablet (static/floor.js), set as it starts

  // static/offline_queue.js, for every tap the server took (sent at once or replayed).
  offer(item, answer) {
    const out = /\/seats\/\d+\/out\/$/.test(item.path) && !item.body.new_hand; // a new hand with it: the director's
    const hand = /\/hand-done\/$/.test(item.path) && !answer.already_done;
    if (!out && !hand) {
      if (this.last && this.last.table === item.table) this.forget(); // no longer the table's last tap
      return;
    }
    this.last = { key: item.key, table: item.table, label: item.label };
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.forget(), 60000);
    this.show();
  },

  forget() {
    this.last = null;
    this.show();
  },

  // Something happened at the tap's table (another tablet, the director, the draw): the server
  // says whether the tap can still be undone; once it cannot, the tablet stops offering it.
  async check(data, kind) {
    const last = this.last;
    if (!last) return;
    const here = TABLE_KEYS.some((key) => data && data[key] === last.table);
    if (!here && !kind.startsWith("seating.") && !kind.startsWith("hfh.") && !kind.startsWith("day.") && !kind.startsWith("tournament.")) return;
    const { ok, answer } = await getJSON(`${this.page.base()}tables/${last.table}/undo/?key=${encodeURIComponent(last.key)}`);
    if (ok && !answer.possible && this.last === last) this.forget();
  },

  show() {
    const floor = document.querySelector(".floor");
    if (!floor) return;
    let box = floor.querySelector("[data-undo]");
    if (!box) {
      box = element("div", { className: "undo" });
      box.dataset.undo = "";
      floor.querySelector("[data-result]").before(box);
    }
    // The tap in words beside a button named "Undo": a button named after the tap would share
    // its name with the tap's own button ("Hand done").
    const what = element("span", { id: "undo-what", textContent: interpolate(gettext("Last tap: %(what)s"), { what: this.last ? this.last.label : "" }, true) });
    const button = element("button", { type: "button", textContent: gettext("Undo"), onclick: () => this.undo() });
    button.setAttribute("aria-describedby", "undo-what");
    box.replaceChildren(...(this.last ? [what, " ", button] : []));
    box.hidden = !this.last;
  },

  async undo() {
    const { key, table, label } = this.last;
    this.forget();
    const { ok, answer } = await postJSON(`${this.page.base()}tables/${table}/undo/`, { key });
    this.page.say(ok ? interpolate(gettext("Undone: %(what)s."), { what: label }, true) : answer.detail, ok);
    this.page.refresh();
  },
};

document.addEventListener("pokerfest:event", (event) => floorUndo.check(event.detail.data, event.detail.kind));
