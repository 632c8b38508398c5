// The TV's bounties (BNT-KO, BNT-PKO, BNT-MYSTERY): a panel in the rotation with the pool, what
// is paid, the biggest bounties on heads or the envelopes left, and the latest knockouts (GET
// bounties/, again after every bust or draw); a mystery draw takes the whole screen for a few
// seconds from its `bounty.won` event, with the envelope's amount and who drew it.
import { gettext, interpolate, ngettext } from "./i18n.js";
import { element, formatMoney, getJSON } from "./api.js";
import { awardLine, stageLine } from "./bounty_words.js";
import { touches } from "./live.js";

export const bountyPanel = {
  DRAW_MS: 6000,
  tv: null,
  board: null,
  timer: null,
  queue: [],

  // `tv`: static/tv.js's page, whose rotation shows the panel once there is a board. A TV is
  // often switched on before the director sets the event's bounty: it listens whatever the
  // format was as the page loaded, and a settings change that sets (or drops) the bounty
  // loads the board (or takes the panel out of the rotation).
  start(tv) {
    this.tv = tv;
    this.root = tv.root;
    this.on = !["", "none"].includes(this.root.dataset.bountyFormat || "");
    document.addEventListener("pokerfest:event", (event) => this.event(event.detail.kind, event.detail.data || {}));
    if (this.on) this.load();
  },

  amount(minor) {
    return formatMoney(minor, this.tv.currency);
  },

  event(kind, data) {
    if (kind === "tournament.updated" && data.changes && data.changes.bounty_format !== undefined) {
      this.on = data.changes.bounty_format !== "none";
      this.tv.soon("bounties", () => this.load());
      return;
    }
    if (!this.on) return;
    if (kind === "bounty.won" && data.envelope !== null && data.envelope !== undefined) this.draw(data);
    if (touches(kind, "bounties")) {
      this.tv.soon("bounties", () => this.load());
    }
  },

  async load() {
    const { ok, answer } = await getJSON(`${this.tv.base}bounties/`);
    if (!ok) return;
    if (answer.format === "none") {
      this.board = this.tv.bountyBoard = null;
      return;
    }
    this.board = answer;
    this.tv.bountyBoard = answer;
    this.drawPanel(answer);
  },

  drawPanel(board) {
    const panel = this.root.querySelector("[data-panel=bounties]");
    if (!panel) return;
    const mystery = board.format === "mystery";
    const figures = [["pool", gettext("Bounty pool"), board.pool], ["paid", gettext("Paid"), board.paid],
      mystery ? ["left", gettext("In envelopes"), board.envelopes_total] : ["left", gettext("On heads"), board.on_heads]];
    panel.querySelector("[data-tv-bounty-figures]").replaceChildren(...figures.map(([key, label, value]) => {
      const figure = element("dd", { textContent: this.amount(value) });
      figure.dataset.tvBounty = key;
      return element("div", {}, element("dt", { textContent: label }), figure);
    }));
    const list = panel.querySelector("[data-tv-bounty-list]");
    panel.querySelector("[data-tv-bounty-list-title]").textContent = mystery ? gettext("Envelopes left") : gettext("Biggest bounties");
    if (mystery) {
      list.replaceChildren(...(board.sealed ? board.envelopes_left : []).map((tier) => element("li", {
        textContent: interpolate(ngettext("%(count)s envelope of %(amount)s", "%(count)s envelopes of %(amount)s", tier.count), { count: tier.count, amount: this.amount(tier.amount) }, true) })));
      if (!board.sealed) list.replaceChildren(element("li", { textContent: stageLine(board.stage) }));
    } else {
      list.replaceChildren(...board.heads.map((head) => element("li", { textContent: `#${head.entry} ${head.name} · ${this.amount(head.head)}` })));
    }
    panel.querySelector("[data-tv-knockouts]").replaceChildren(...board.latest.map((award) => element("li", { textContent: awardLine(award, (minor) => this.amount(minor)) })));
  },

  // BNT-MYSTERY: each draw takes the screen for a few seconds, one after the other (the last
  // bust's envelope and the winner's last one arrive together).
  draw(data) {
    this.queue.push(data);
    if (!this.timer) this.showNext();
  },

  showNext() {
    const box = this.root.querySelector("[data-tv-draw]");
    const data = this.queue.shift();
    if (!box || !data) {
      this.timer = null;
      if (box) box.hidden = true;
      return;
    }
    const winners = (data.awards || []).filter((award) => award.entry).map((award) => `#${award.entry} ${award.name}`);
    box.querySelector("[data-tv-draw-title]").textContent = interpolate(gettext("Mystery bounty · envelope %(n)s"), { n: data.draw_number }, true);
    box.querySelector("[data-tv-draw-amount]").textContent = this.amount(data.envelope);
    const own = (data.awards || []).some((award) => award.entry === data.entry);
    box.querySelector("[data-tv-draw-who]").textContent = own ? interpolate(gettext("the winner %(winners)s draws the last envelope"), { winners: winners.join(" & ") }, true)
      : winners.length ? interpolate(gettext("drawn by %(winners)s, who knocked out #%(entry)s"), { winners: winners.join(" & "), entry: data.entry }, true)
        : interpolate(gettext("drawn for #%(entry)s"), { entry: data.entry }, true);
    box.hidden = false;
    box.dataset.drawNumber = data.draw_number;
    this.timer = setTimeout(() => this.showNext(), this.DRAW_MS);
  },
};
