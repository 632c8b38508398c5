"""Sponsor-logo compliance (PF-LOGO-DECLARE, PF-LOGO-APPROVED, PF-LOGO-SIZE, PF-LOGO-CAP,
PF-LOGO-TV), from the pokerfest rules on branded logos. Pure: lists of what players wear in,
violations out, each naming its rule."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from enum import StrEnum

from rules.refusals import gettext as _


class CompanyStatus(StrEnum):
    HEADLINE = "headline"  # the headline sponsor: anyone may wear it, no cap
    APPROVED = "approved"  # an approved gaming operator
    BANNED = "banned"  # not allowed to advertise under local law
    UNAUTHORISED_SATELLITE = "unauthorised_satellite"


class Placement(StrEnum):
    BREAST = "breast"
    SLEEVE = "sleeve"
    CAP = "cap"
    CARD_PROTECTOR = "card_protector"
    OTHER = "other"


# cm², normal play: one breast-pocket logo, one upper-sleeve logo.
AREA_LIMITS = {Placement.BREAST: 70.0, Placement.SLEEVE: 40.0}
FILMED_LIMIT_CM = (4.0, 5.0)  # each logo at most 4 cm × 5 cm while filmed
FIELD_CAP_PERCENT = 10
TV_TABLE_CAP = 2


@dataclass(frozen=True)
class Logo:
    company: str
    status: CompanyStatus
    placement: Placement
    width_cm: float
    height_cm: float
    declared_before_start: bool = True  # on the waiver before "shuffle up and deal" on day 1
    written_proof: bool = False  # of the sponsorship, for a logo first worn later


@dataclass(frozen=True)
class Wearer:
    player_id: int
    logos: tuple[Logo, ...]
    no_logo_at_final_table_start: bool = False


@dataclass(frozen=True)
class Violation:
    rule: str
    player_id: int | None
    company: str
    message: str


def wearer_violations(wearer: Wearer, filmed: bool = False) -> list[Violation]:
    found = []

    def add(rule, logo, message):
        found.append(Violation(rule, wearer.player_id, logo.company, message))

    placed = defaultdict(int)
    for logo in wearer.logos:
        placed[logo.placement] += 1
        if wearer.no_logo_at_final_table_start:
            add("PF-LOGO-TV", logo, _("Started the final table without logos, so must stay logo-free."))
        if logo.status == CompanyStatus.BANNED:
            add(
                "PF-LOGO-APPROVED",
                logo,
                _("%(company)s may not advertise under local law: remove the logo.") % {"company": logo.company},
            )
            continue
        if logo.status == CompanyStatus.UNAUTHORISED_SATELLITE:
            add(
                "PF-LOGO-APPROVED",
                logo,
                _("%(company)s is an unauthorised satellite operator: remove the logo (the director may disqualify).")
                % {"company": logo.company},
            )
            continue
        if logo.status != CompanyStatus.HEADLINE and not logo.declared_before_start and not logo.written_proof:
            add(
                "PF-LOGO-DECLARE",
                logo,
                _(
                    "%(company)s was not declared before the start: it needs "
                    "written proof of the sponsorship before it may be worn."
                )
                % {"company": logo.company},
            )
        found.extend(_size_violations(wearer.player_id, logo, filmed))
    for placement, limit in ((Placement.BREAST, 1), (Placement.SLEEVE, 1)):
        if placed[placement] > limit:
            found.append(
                Violation(
                    "PF-LOGO-SIZE",
                    wearer.player_id,
                    "",
                    _("More than one %(placement)s logo.") % {"placement": placement},
                )
            )
    return found


def _size_violations(player_id: int, logo: Logo, filmed: bool) -> list[Violation]:
    area = logo.width_cm * logo.height_cm
    if logo.placement in (Placement.CAP, Placement.CARD_PROTECTOR):
        if filmed:
            return [
                Violation(
                    "PF-LOGO-SIZE",
                    player_id,
                    logo.company,
                    _("No visible logo on a %(value)s while filmed.") % {"value": logo.placement.replace("_", " ")},
                )
            ]
        return []
    if logo.placement == Placement.OTHER:
        return [
            Violation(
                "PF-LOGO-SIZE",
                player_id,
                logo.company,
                _("Logos are allowed on the breast pocket and the upper sleeve only."),
            )
        ]
    if filmed:
        short, long = sorted((logo.width_cm, logo.height_cm))
        if short > FILMED_LIMIT_CM[0] or long > FILMED_LIMIT_CM[1]:
            return [
                Violation(
                    "PF-LOGO-SIZE",
                    player_id,
                    logo.company,
                    _("%(width_cm)s × %(height_cm)s cm is larger than 4 × 5 cm while filmed.")
                    % {"width_cm": format(logo.width_cm, "g"), "height_cm": format(logo.height_cm, "g")},
                )
            ]
        return []
    limit = AREA_LIMITS[logo.placement]
    if area > limit:
        return [
            Violation(
                "PF-LOGO-SIZE",
                player_id,
                logo.company,
                f"The {logo.placement} logo is {area:g} cm²; at most {limit:g} cm² is allowed.",
            )
        ]
    return []


@dataclass(frozen=True)
class CapBreach:
    rule: str
    company: str
    wearers: tuple[int, ...]  # player ids wearing it
    allowed: int

    @property
    def must_remove(self) -> int:
        return len(self.wearers) - self.allowed


def field_cap_allowed(field_size: int) -> int:
    """At most 10% of the field: floor(field × 10 / 100), in whole players."""
    return field_size * FIELD_CAP_PERCENT // 100


def cap_breaches(wearers: list[Wearer], allowed: int, rule: str) -> list[CapBreach]:
    by_company: dict[str, set[int]] = defaultdict(set)
    for wearer in wearers:
        for logo in wearer.logos:
            if logo.status in (CompanyStatus.APPROVED,):  # the headline is exempt; banned ones are removed anyway
                by_company[logo.company].add(wearer.player_id)
    return [
        CapBreach(rule, company, tuple(sorted(ids)), allowed)
        for company, ids in sorted(by_company.items())
        if len(ids) > allowed
    ]


def field_cap_breaches(wearers: list[Wearer], field_size: int) -> list[CapBreach]:
    """PF-LOGO-CAP: no single company (headline exempt) on more than 10% of the field."""
    return cap_breaches(wearers, field_cap_allowed(field_size), "PF-LOGO-CAP")


def tv_table_breaches(wearers_at_tv_table: list[Wearer]) -> list[CapBreach]:
    """PF-LOGO-TV: no single company (headline exempt) on more than 2 players at a TV table."""
    return cap_breaches(wearers_at_tv_table, TV_TABLE_CAP, "PF-LOGO-TV")
