"""The director's record: announcements to every screen (TD-ANNOUNCE).

Service floor: one operation per action; the event carries the list up now, so a screen
redraws its banner from the event alone.
"""

from datetime import timedelta

from django.utils.translation import gettext as _

from clock.models import Clock
from clock.rules import timeline
from core import kinds, time_source
from core.access import recorded_user
from core.operation import operation
from rules.refusals import Refused
from tournaments.models import Announcement, Tournament
from tournaments.queries.record import announcements_up
from tournaments.rules import announcements


def announce(
    tournament_id: int,
    text: str,
    director,
    template: str = "",
    minutes: int | None = None,
    request_key: str | None = None,
) -> dict:
    """Raises Refused with a sentence for an empty, too long or unfinished text."""
    try:
        text, template, minutes = announcements.checked(text, template, minutes)
    except ValueError as problem:
        raise Refused(str(problem)) from None
    with operation(tournament_id, director, request_key) as op:
        if op.repeated:
            return {"announcements": announcements_up(tournament_id, time_source.now())}
        if op.tournament.status in (Tournament.Status.FINISHED, Tournament.Status.CANCELLED):
            raise Refused(_("The tournament is over; its screens show the results, not announcements."))
        now = time_source.now()
        made = Announcement.objects.create(
            tournament_id=tournament_id,
            text=text,
            template=template,
            made_at=now,
            made_by=recorded_user(director),
            expires_at=announcements.expires_at(
                template, now + timedelta(minutes=minutes) if minutes else None, _level_end(tournament_id, now)
            ),
        )
        up = announcements_up(tournament_id, now)
        op.append(
            kinds.ANNOUNCEMENT_MADE,
            payload={"announcement": made.id, "template": template, "announcements": up},
            public={"announcement": made.id, "announcements": up},
        )
    return {"announcement": made.id, "announcements": up}


def _level_end(tournament_id: int, now):
    """The end of the level being played, while the clock runs; None otherwise."""
    clock = Clock.objects.filter(tournament_id=tournament_id).select_related("structure").first()
    if clock is None or clock.structure_id is None or clock.status != timeline.RUNNING:
        return None
    return timeline.view(clock.state, clock.structure.timeline_levels(), now).ends_at


def dismiss_announcement(tournament_id: int, announcement_id: int, director, request_key: str | None = None) -> dict:
    with operation(tournament_id, director, request_key) as op:
        now = time_source.now()
        if op.repeated:
            return {"announcements": announcements_up(tournament_id, now)}
        made = Announcement.objects.select_for_update().filter(tournament_id=tournament_id, pk=announcement_id).first()
        if made is None:
            raise Refused(_("There is no such announcement in this tournament."))
        if made.dismissed_at is not None:  # taken down already (another tap): nothing to log
            return {"announcements": announcements_up(tournament_id, now)}
        made.dismissed_at, made.dismissed_by = now, recorded_user(director)
        made.save(update_fields=["dismissed_at", "dismissed_by"])
        up = announcements_up(tournament_id, now)
        op.append(
            kinds.ANNOUNCEMENT_DISMISSED,
            payload={"announcement": made.id, "announcements": up},
            public={"announcement": made.id, "announcements": up},
        )
    return {"announcements": up}
