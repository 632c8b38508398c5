"""Backups and restore (core/backups.py, `manage.py backup` / `restore`, docs/deploy.md).

The restore drill: an event running with real processes (entries, seats, a penalty, a level under
way), a backup, every process killed and the data deleted (the database's schema dropped: what a
deleted data folder leaves), a restore and a start. The same state comes back; the log's seq
continues from the backup's; the clock is what the director chose for the time lost."""

import subprocess
import sys

import pytest
from django.db import connection

from clock.models import Clock
from clock.rules import timeline
from core import backups
from pokerfest import stack
from tables.models import Penalty, Seating
from tests.helpers.processes import process_env, wait_for_log
from tests.helpers.running_event import run_an_event
from tournaments.models import Entry, Event, Tournament
from tournaments.tasks import backup

pytestmark = pytest.mark.django_db(transaction=True)


def manage(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=stack.ROOT,
        env=process_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )


def state_of(tournament_id: int) -> dict:
    return {
        "entries": sorted(
            Entry.objects.filter(tournament_id=tournament_id).values_list(
                "number", "player__first_name", "player__last_name", "status"
            )
        ),
        "seats": sorted(
            Seating.objects.filter(tournament_id=tournament_id, ended_at__isnull=True).values_list(
                "entry__number", "tournament_table__table__number", "seat"
            )
        ),
        "penalties": sorted(
            Penalty.objects.filter(entry__tournament_id=tournament_id).values_list("entry__number", "infraction")
        ),
        "events": list(Event.objects.filter(tournament_id=tournament_id).order_by("seq").values_list("seq", "kind")),
    }


def test_a_backup_is_checked_after_writing_and_a_damaged_one_is_refused(make_tournament, tmp_path):
    make_tournament()
    path = backups.make_backup(tmp_path)
    assert backups.NAME_PATTERN.search(path.name), path.name
    assert not list(tmp_path.glob("*.partial"))
    backups.check(path)
    damaged = tmp_path / path.name.replace("pokerfest-", "pokerfest-damaged-")
    damaged.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    with pytest.raises(backups.BackupRefused, match="damaged or incomplete"):
        backups.check(damaged)


def test_a_restore_into_a_database_that_is_not_empty_is_refused_with_a_sentence(make_tournament, tmp_path):
    tournament = make_tournament()
    path = backups.make_backup(tmp_path)
    refused = manage("restore", str(path), "--clock", "paused")
    assert refused.returncode != 0
    assert "is not empty" in refused.stderr and "only into an empty database" in refused.stderr, refused.stderr
    assert Tournament.objects.filter(pk=tournament.pk).exists()  # nothing touched


def test_the_beat_task_writes_a_checked_backup_into_the_setting_folder(make_tournament, tmp_path, settings):
    settings.BACKUP_FOLDER = tmp_path / "kept"
    settings.BACKUP_KEEP = 1
    make_tournament()
    first = backup()
    second = backup()
    assert [p.name for p in (tmp_path / "kept").iterdir()] == [second.rsplit("/", 1)[-1]], first


@pytest.mark.parametrize("choice", ["paused", "running"])
def test_restore_drill_brings_back_the_event_and_the_clock_as_the_director_chose(
    choice, make_tournament, staff, processes, tmp_path
):
    event = run_an_event(make_tournament, staff)
    processes.web()
    worker = processes.worker()
    processes.beat()
    wait_for_log(processes, worker, "ready.", timeout=120)
    before = state_of(event.id)
    assert before["penalties"] and before["seats"]
    made = manage("backup", "--folder", str(tmp_path / "backups"))
    assert made.returncode == 0, made.stderr
    path = next((tmp_path / "backups").glob("pokerfest-*.dump"))
    backup_at = backups.backup_time(path)
    clock_then = Clock.objects.get(pk=event.id)
    assert clock_then.status == timeline.RUNNING

    processes.stop()  # every process killed
    with connection.cursor() as cursor:  # the data gone: an empty database, as after initdb
        cursor.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    assert backups.tables_in_database() == []

    restored = manage("restore", str(path), "--clock", choice)
    assert restored.returncode == 0, restored.stderr
    processes.web()  # a start
    worker = processes.worker()
    wait_for_log(processes, worker, "ready.", timeout=120)

    after = state_of(event.id)
    assert {k: after[k] for k in ("entries", "seats", "penalties")} == {
        k: before[k] for k in ("entries", "seats", "penalties")
    }
    assert after["events"][:-1] == before["events"]
    last_seq = before["events"][-1][0]
    assert after["events"][-1] == (last_seq + 1, "clock.restored")
    choice_event = Event.objects.get(tournament_id=event.id, seq=last_seq + 1)
    assert choice_event.payload["choice"] == choice
    clock = Clock.objects.get(pk=event.id)
    if choice == "paused":  # stopped at the backup's moment, with what was left then
        assert clock.status == timeline.PAUSED
        assert clock.level_index == clock_then.level_index
        assert clock.remaining == clock_then.ends_at - backup_at
    else:  # ran on through the time lost, by its timestamps
        assert clock.status == timeline.RUNNING
        assert (clock.level_index, clock.ends_at) == (clock_then.level_index, clock_then.ends_at)
