// Penalty names come from the house's ruleset in the floor's English ("acting out of turn",
// "big blind + 1 orbit"): stored and sent back as they are, shown in the page's language. A
// house's own infraction or a part not understood is shown as the house wrote it
// (tables/rules/penalties.py: shown_infraction, shown_step).
import { gettext, interpolate, ngettext } from "./i18n.js";

const PENALTY_WORDS = {
  "any": gettext("any other infraction"),
  "folding out of turn": gettext("folding out of turn"), "betting out of turn": gettext("betting out of turn"),
  "looking at dead cards": gettext("looking at dead cards"), "announcing a hand": gettext("announcing a hand"),
  "exposing cards with action pending": gettext("exposing cards with action pending"),
  "acting out of turn": gettext("acting out of turn"), "abuse": gettext("abuse"),
  "warning": gettext("warning"), "verbal warning": gettext("verbal warning"), "match": gettext("match"),
  "small blind": gettext("small blind"), "big blind": gettext("big blind"), "dead hand": gettext("dead hand"),
  "elimination": gettext("elimination"), "disqualification": gettext("disqualification"), "ban": gettext("ban"),
};

export function shownInfraction(name) {
  return PENALTY_WORDS[name] || name;
}

export function shownStep(step) {
  return String(step).split("+").map((raw) => {
    const part = raw.trim().toLowerCase().split(/\s+/).join(" ");
    const counted = /^(\d+)\s*(hand|hands|orbit|orbits|minute|minutes|min)$/.exec(part);
    if (!counted) return PENALTY_WORDS[part] || raw.trim();
    const count = Number(counted[1]);
    const unit = counted[2].startsWith("hand") ? "hand" : counted[2].startsWith("orbit") ? "orbit" : "minute";
    const text = {
      hand: ngettext("%(count)s hand", "%(count)s hands", count),
      orbit: ngettext("%(count)s orbit", "%(count)s orbits", count),
      minute: ngettext("%(count)s minute", "%(count)s minutes", count),
    }[unit];
    return interpolate(text, { count }, true);
  }).join(" + ");
}
