// The words the TV, the lobby and the seat page say about bounties (BNT-KO, BNT-PKO, BNT-MYSTERY).
import { gettext, interpolate } from "./i18n.js";

// When a mystery event's envelopes start being drawn (the ruleset's bounty stage).
export function stageLine(stage) {
  const when = { bubble: gettext("when the bubble bursts"), twice_paid: gettext("at twice the places paid"), day_two: gettext("on Day 2"),
    level: interpolate(gettext("from level %(level)s"), { level: stage.level }, true) }[stage.starts] || stage.starts;
  return interpolate(gettext("The envelopes are drawn %(when)s."), { when }, true);
}

// One award of the board's latest: who knocked out whom and what it paid. `amount`: minor units to money.
export function awardLine(award, amount) {
  const values = { winner: award.entry ? `#${award.entry} ${award.name}` : "", out: `#${award.from_entry} ${award.from_name}`,
    cash: amount(award.cash), head: amount(award.to_head), envelope: award.envelope === null ? "" : amount(award.envelope) };
  if (award.kind === "own" || (award.kind === "mystery" && award.entry === award.from_entry)) {
    return award.envelope === null ? interpolate(gettext("%(winner)s wins the tournament and their own bounty: %(cash)s"), values, true)
      : interpolate(gettext("%(winner)s wins the tournament and draws the last envelope: %(envelope)s"), values, true);
  }
  if (award.destination !== "player") return interpolate(gettext("%(out)s's bounty: %(cash)s (not won by a player)"), values, true);
  if (award.kind === "mystery") return interpolate(gettext("%(winner)s knocks out %(out)s: envelope %(envelope)s"), values, true);
  if (award.to_head) return interpolate(gettext("%(winner)s knocks out %(out)s: %(cash)s, %(head)s onto their bounty"), values, true);
  return interpolate(gettext("%(winner)s knocks out %(out)s: %(cash)s"), values, true);
}
