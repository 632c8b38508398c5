"""After a restore from a backup (core/backups.py, `manage.py restore`): the clocks' truth for
the time lost between the backup and the restore, as the director chose it.

- `running`: a clock that ran at the backup ran on by its timestamps, as if the room had gone on
  playing (its due levels are caught up at once, by the same catch-up as after any outage);
- `paused`: it stopped at the backup's moment, with the time it had left then, until the
  director resumes it.

Each running clock's choice is one operation with its `clock.restored` event, so the log says
what was chosen; its seq follows the backup's last.
"""

from datetime import datetime

from clock.models import Clock
from clock.rules import timeline
from core import kinds, time_source
from core.operation import operation

RUNNING, PAUSED = "running", "paused"
CHOICES = (RUNNING, PAUSED)


def clocks_after_restore(backup_at: datetime, choice: str, actor=None) -> list[int]:
    """Applies `choice` to every clock that ran at the backup; answers their tournaments' ids."""
    if choice not in CHOICES:
        raise ValueError(f"choose the clock's truth from {CHOICES}, not {choice!r}")
    done = []
    for tournament_id in Clock.objects.filter(status=timeline.RUNNING).values_list("tournament_id", flat=True):
        now = time_source.now()
        with operation(tournament_id, actor) as op:
            clock = op.locked_clock()
            levels = clock.structure.timeline_levels()
            if choice == PAUSED:
                clock.set_state(timeline.pause(clock.state, levels, backup_at))
            else:
                clock.set_state(timeline.catch_up(clock.state, levels, now))
            clock.version += 1
            clock.save()
            public = {"clock": clock.document(now, levels)}
            op.append(
                kinds.CLOCK_RESTORED,
                payload={**public, "choice": choice, "backup_at": backup_at.isoformat()},
                public=public,
            )
            if clock.status == timeline.RUNNING:
                op.after_commit("clock.tasks.advance_level", clock.tournament_id, clock.version, eta=clock.ends_at)
        done.append(tournament_id)
    return done
