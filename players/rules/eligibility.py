"""May this person enter this tournament today? (REG-AGE, REG-MEMBER, REG-EXCLUDE, REG-ID,
REG-NONTRANSFER)

Plain data in, plain data out: the desk service gathers the facts, this module returns every
reason, passed or failed, each with the rule behind it, so the clerk sees why at once. No
Django, no I/O; the day of play is a parameter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from enum import StrEnum
from zoneinfo import ZoneInfo

from rules.refusals import gettext as _


class MembershipRule(StrEnum):
    NONE = "none"  # anyone of age may enter (pokerfest, kentucky)
    MEMBERS = "members"  # a member with a signed release form (neverending)
    MEMBERS_OR_SIGNED_IN_VISITORS = "members_or_signed_in_visitors"  # chips


@dataclass(frozen=True)
class EligibilityPolicy:
    """The ruleset's part that decides who may enter."""

    minimum_age: int = 18
    membership: MembershipRule = MembershipRule.NONE
    photo_id_each_day: bool = False  # pokerfest: ID checked at the start and each restart
    organiser_staff_barred: bool = False  # pokerfest: staff and immediate family, unless approved


@dataclass(frozen=True)
class Membership:
    number: str
    full_member: bool  # False: a visitor
    fee_paid_until: date | None = None  # the annual fee covers play up to and including this day
    release_signed: bool = False  # neverending's acknowledgement and release form
    signed_in_by: str | None = None  # a visitor's sponsoring full member (their member number)
    sponsor_present: bool = False  # that member is in the club for the whole tournament
    visitor_fee_paid: bool = False
    ended: str | None = None  # ended by a disqualification (collusion, chip dumping): why


@dataclass(frozen=True)
class Exclusion:
    reason: str  # "self-exclusion", "venue ban", "sponsor ban", …
    starts: date
    ends: date | None = None  # None: until lifted

    def covers(self, day: date) -> bool:
        return self.starts <= day and (self.ends is None or day <= self.ends)


@dataclass(frozen=True)
class PlayerFacts:
    player_id: int
    date_of_birth: date | None
    membership: Membership | None = None
    exclusions: tuple[Exclusion, ...] = ()
    photo_id_checked_on: date | None = None  # the last day of play on which ID was checked
    organiser_staff_or_family: bool = False
    staff_entry_approved: bool = False
    # For an entry won elsewhere (satellite, freeroll): the player it was issued to.
    entry_issued_to: int | None = None


@dataclass(frozen=True)
class Reason:
    rule: str
    ok: bool
    message: str


@dataclass(frozen=True)
class Verdict:
    reasons: tuple[Reason, ...] = field(default_factory=tuple)

    @property
    def may_enter(self) -> bool:
        return all(reason.ok for reason in self.reasons)

    @property
    def refusals(self) -> tuple[Reason, ...]:
        return tuple(reason for reason in self.reasons if not reason.ok)


def local_day(moment: datetime, time_zone: str) -> date:
    """The calendar day at the venue: a birthday is kept where the event is played."""
    return moment.astimezone(ZoneInfo(time_zone)).date()


def age_on(born: date, day: date) -> int:
    """Completed years on `day`. Someone born on 29 February becomes a year older on 1 March
    in common years (the anniversary begins when 28 February ends)."""
    years = day.year - born.year
    if (day.month, day.day) < (born.month, born.day):
        years -= 1
    return years


def check(facts: PlayerFacts, policy: EligibilityPolicy, day: date) -> Verdict:
    """Every reason this person can or cannot enter on `day` (the day of play at the venue)."""
    return Verdict(
        tuple(
            reason
            for reason in (
                _age(facts, policy, day),
                _membership(facts, policy, day),
                _exclusions(facts, day),
                _organiser_staff(facts, policy),
                _photo_id(facts, policy, day),
                _entry_holder(facts),
            )
            if reason is not None
        )
    )


def _age(facts: PlayerFacts, policy: EligibilityPolicy, day: date) -> Reason:
    if facts.date_of_birth is None:
        return Reason("REG-AGE", False, _("Date of birth missing: record it from the player's ID before entry."))
    age = age_on(facts.date_of_birth, day)
    if age < policy.minimum_age:
        return Reason(
            "REG-AGE",
            False,
            _("Under age: %(age)s on %(day)s; only persons %(minimum_age)s or over may enter.")
            % {"age": age, "day": day.isoformat(), "minimum_age": policy.minimum_age},
        )
    return Reason("REG-AGE", True, f"Age {age}: {policy.minimum_age} or over.")


def _membership(facts: PlayerFacts, policy: EligibilityPolicy, day: date) -> Reason | None:
    if policy.membership == MembershipRule.NONE:
        return None
    member = facts.membership
    if member is None:
        if policy.membership == MembershipRule.MEMBERS_OR_SIGNED_IN_VISITORS:
            return Reason(
                "REG-MEMBER",
                False,
                _(
                    "Not a member: sign them in as a visitor with a "
                    "present full member's number, or register their "
                    "membership."
                ),
            )
        return Reason("REG-MEMBER", False, _("Not a member: membership is needed to enter; register them first."))
    if member.ended:
        return Reason(
            "REG-MEMBER",
            False,
            _("Membership %(member_number)s was ended (%(why)s): this house takes no entry from the player.")
            % {"member_number": member.number, "why": member.ended},
        )
    if member.full_member:
        if member.fee_paid_until is None or member.fee_paid_until < day:
            return Reason(
                "REG-MEMBER",
                False,
                _("Member %(member_number)s: the annual fee is not paid for this day.")
                % {"member_number": member.number},
            )
        if policy.membership == MembershipRule.MEMBERS and not member.release_signed:
            return Reason(
                "REG-MEMBER",
                False,
                _("Member %(member_number)s has not signed the participant acknowledgement and release form.")
                % {"member_number": member.number},
            )
        return Reason(
            "REG-MEMBER",
            True,
            _("Member %(member_number)s, fee paid until %(fee_paid_until)s.")
            % {"member_number": member.number, "fee_paid_until": member.fee_paid_until},
        )
    if policy.membership == MembershipRule.MEMBERS:
        return Reason("REG-MEMBER", False, _("Visitors may not enter: full membership is needed."))
    if not member.signed_in_by:
        return Reason("REG-MEMBER", False, "A visitor must be signed in by a full member.")
    if not member.sponsor_present:
        return Reason(
            "REG-MEMBER",
            False,
            _("The member who signed this visitor in (%(signed_in_by)s) must be present for the whole tournament.")
            % {"signed_in_by": member.signed_in_by},
        )
    if not member.visitor_fee_paid:
        return Reason("REG-MEMBER", False, _("The visitor fee is not paid."))
    return Reason(
        "REG-MEMBER",
        True,
        _("Visitor signed in by member %(signed_in_by)s, who is present.") % {"signed_in_by": member.signed_in_by},
    )


def _exclusions(facts: PlayerFacts, day: date) -> Reason:
    for exclusion in facts.exclusions:
        if exclusion.covers(day):
            until = f" until {exclusion.ends.isoformat()}" if exclusion.ends else " until lifted"
            return Reason(
                "REG-EXCLUDE",
                False,
                _("Excluded (%(reason)s)%(until)s: entry refused at every desk.")
                % {"reason": exclusion.reason, "until": until},
            )
    return Reason("REG-EXCLUDE", True, _("Not on the exclusion list."))


def _organiser_staff(facts: PlayerFacts, policy: EligibilityPolicy) -> Reason | None:
    if not policy.organiser_staff_barred or not facts.organiser_staff_or_family:
        return None
    if facts.staff_entry_approved:
        return Reason("REG-EXCLUDE", True, _("Organiser staff or family, approved in advance."))
    return Reason(
        "REG-EXCLUDE",
        False,
        _("Organiser staff or immediate family may not play unless approved in advance by the organiser."),
    )


def _photo_id(facts: PlayerFacts, policy: EligibilityPolicy, day: date) -> Reason | None:
    if not policy.photo_id_each_day:
        return None
    if facts.photo_id_checked_on != day:
        return Reason("REG-ID", False, _("Check the player's valid photo ID for today's start or restart."))
    return Reason("REG-ID", True, _("Photo ID checked today."))


def _entry_holder(facts: PlayerFacts) -> Reason | None:
    if facts.entry_issued_to is None:
        return None
    if facts.entry_issued_to != facts.player_id:
        return Reason(
            "REG-NONTRANSFER", False, _("This entry was issued to another player; entries are non-transferable.")
        )
    return Reason("REG-NONTRANSFER", True, _("The entry was issued to this player."))
