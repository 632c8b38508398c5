"""The catalogue's machinery: audiences, views and the kind itself. The kinds are in core/kinds.py;
this module keeps the machinery apart so the catalogue can grow (the 500-line rule).

Ground floor: imports nothing from the project.
"""

from dataclasses import dataclass

PUBLIC = "public"  # the lobby and players' phones: never personal data
STAFF = "staff"  # floor, desk, director
AUDIENCES = (PUBLIC, STAFF)

# logo_cap: the field or the logos the PF-LOGO-CAP report counts (the compliance page).
VIEWS = frozenset(
    "tables clock_level hand_for_hand seats_at_table all_seats late_seat logo_cap announcements rulings chip_counts"
    " colour_up penalties results player_status tv_images bounties".split()
)


@dataclass(frozen=True)
class EventKind:
    """`audience` PUBLIC: the lobby gets the event's public part; STAFF: the lobby gets only
    its seq (data null), so it sees no gap."""

    name: str
    audience: str
    changes: str
    views: frozenset[str] = frozenset()

    def __str__(self) -> str:
        return self.name


CATALOGUE: dict[str, EventKind] = {}


def kind(name: str, audience: str, changes: str, *views: str) -> EventKind:
    if name in CATALOGUE:
        raise ValueError(f"event kind {name!r} is catalogued twice")
    unknown = set(views) - VIEWS
    if unknown or audience not in AUDIENCES:
        raise ValueError(f"event kind {name!r}: unknown view {unknown} or audience {audience!r}")
    CATALOGUE[name] = EventKind(name, audience, changes, frozenset(views))
    return CATALOGUE[name]


def for_screens() -> dict[str, list[str]]:
    """What the pages need of the catalogue: each kind's views (kinds with none left out)."""
    return {kind.name: sorted(kind.views) for kind in CATALOGUE.values() if kind.views}
