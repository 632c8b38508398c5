"""The tournaments' tables, one module per part: festival (festivals and tournaments), entries
(entries and their money: vouchers, substitutions, eliminations, deals, prize payments),
counts (the field's counts the database keeps), record (the event log, announcements,
rulings, photo-ID checks, TV images) and draws (the seeds of the checkable seat draws) and
league (PAY-POINTS across events). Django and the migrations know them as
tournaments.models.<Name>."""

from tournaments.models.bounties import BountyAward, BountyPayment, Envelope, Knockout
from tournaments.models.counts import FieldCounts
from tournaments.models.draws import DrawSeed
from tournaments.models.entries import (
    Deal,
    Elimination,
    Entry,
    PrizePayment,
    Substitution,
    WonSeat,
    new_public_code,
    new_voucher_code,
)
from tournaments.models.festival import STATUS_WORDS, Festival, Tournament, validate_time_zone
from tournaments.models.league import League
from tournaments.models.record import Announcement, Event, PhotoIdCheck, Ruling, TvImage

__all__ = [
    "STATUS_WORDS",
    "Announcement",
    "BountyAward",
    "BountyPayment",
    "Deal",
    "DrawSeed",
    "Elimination",
    "Envelope",
    "Entry",
    "Event",
    "Festival",
    "FieldCounts",
    "Knockout",
    "League",
    "PhotoIdCheck",
    "PrizePayment",
    "Ruling",
    "Substitution",
    "Tournament",
    "TvImage",
    "WonSeat",
    "new_public_code",
    "new_voucher_code",
    "validate_time_zone",
]
