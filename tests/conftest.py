"""Fixtures shared by the integration and browser tests: personas, tournaments, and real
worker / web processes talking to this test run's PostgreSQL database and Redis."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import Group, User
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from core.access import Role
from tests.helpers.personas import PASSWORD
from tests.helpers.processes import Processes
from tests.helpers.stack import drop_queued_tasks

# The properties are about outcomes, not speed: on a loaded machine (CI beside other work) a
# slow example or slow input generation must not fail them.
hypothesis_settings.register_profile("pokerfest", deadline=None, suppress_health_check=[HealthCheck.too_slow])
hypothesis_settings.load_profile("pokerfest")


@pytest.fixture(scope="session", autouse=True)
def close_stray_connections(django_db_setup, django_db_blocker):
    """Threads of asgiref's executor keep their own connections to the test database; end
    them before pytest-django drops it, or the drop fails."""
    yield
    from django.db import connection

    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


@pytest.fixture
def staff(db):
    """One user per role, plus a superuser: the personas every access test walks through."""
    users = {}
    for role in Role:
        group, _ = Group.objects.get_or_create(name=role.value)
        user = User.objects.create_user(f"{role.value}-user", password=PASSWORD)
        user.groups.add(group)
        users[role.value] = user
    users["superuser"] = User.objects.create_superuser("super-user", "super@example.invalid", PASSWORD)
    return users


@pytest.fixture
def make_tournament(db):
    from clock.models import Clock, Level, Structure
    from tournaments.models import Festival, Tournament

    def make(level_seconds=(600, 600, 600), name="Test Event", breaks=()):
        festival = Festival.objects.create(name="Test Festival", venue="Test Casino", currency="EUR")
        # Registration open: the desks sell (a new tournament is scheduled until the director opens it).
        tournament = Tournament.objects.create(festival=festival, name=name, status=Tournament.Status.REGISTRATION)
        structure = Structure.objects.create(name=f"{name} structure")
        for position, seconds in enumerate(level_seconds):
            is_break = position in breaks
            Level.objects.create(
                structure=structure,
                position=position,
                duration=timedelta(seconds=seconds),
                is_break=is_break,
                small_blind=0 if is_break else 100 * (position + 1),
                big_blind=0 if is_break else 200 * (position + 1),
                ante=0 if is_break else 200 * (position + 1),
            )
        Clock.objects.create(tournament=tournament, structure=structure)
        return tournament

    return make


@pytest.fixture
def processes(tmp_path, request):
    started = Processes(tmp_path)
    yield started
    started.stop()
    if request.node.rep_call.failed if hasattr(request.node, "rep_call") else False:
        print(started.logs())


@pytest.fixture
def clean_queue():
    """Drop tasks an earlier test of this run left in the queue."""
    drop_queued_tasks()


@pytest.hookimpl(trylast=True)  # after pytest-django's own order (database tests first)
def pytest_collection_modifyitems(items):
    """The browser tests last (in their order): their shared web process, worker and beat
    (tests/browser/conftest.py) run until the session ends, and a later test's own worker would
    share the queue with theirs; Playwright's loop, too, must not outlive into an asyncio test."""
    items.sort(key=lambda item: item.path.parent.name == "browser" and item.path.parent.parent.name == "tests")


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.fixture
def field(make_tournament):
    """A tournament with `players` bought-in entries and `tables` nine-seat venue tables."""
    from datetime import date

    from players.services import desk as player_services
    from tables.models import Table
    from tournaments.queries.entries import Sale
    from tournaments.rules.entries import Kind
    from tournaments.services import desk

    def make(players, tables=7, buy_in=0):
        tournament = make_tournament()
        if buy_in:
            type(tournament).objects.filter(pk=tournament.pk).update(buy_in=buy_in)
            tournament.refresh_from_db()
        for number in range(1, tables + 1):
            Table.objects.create(festival=tournament.festival, number=number, seats=9)
        entries = []
        for i in range(players):
            player = player_services.create_player(
                tournament.id,
                player_services.NewPlayer(f"P{i}", "Seated", date(1980, 1, 1), accepts_terms=True, id_checked=True),
                None,
            )
            entries.append(desk.register_entry(tournament.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None))
        return tournament, entries

    return make


@pytest.fixture
def seated(field, staff):
    """Six players × 10,000 chips drawn at table 1 (seed 5): the tournament and seat → entry
    number. Test modules that need another field define their own `seated`."""
    from tables.models import Seating
    from tables.services.draw import draw_field, open_tables

    tournament, _ = field(6, tables=1)
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=5)
    seats = dict(
        Seating.objects.filter(tournament=tournament, ended_at__isnull=True).values_list("seat", "entry__number")
    )
    return tournament, seats
