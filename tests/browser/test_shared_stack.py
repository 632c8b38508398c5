"""The browser tests' shared web process, worker and beat (tests/helpers/stack.py): what one test
leaves behind (rows, a level boundary the worker holds as an ETA task, a throttle count in
Redis) never reaches the next test. The second test runs after the first (pytest keeps a
module's order) and checks what the first left."""

import time

import pytest
from django.conf import settings

from clock.services import level_clock
from core import throttle
from tests.helpers.pages import act
from tests.helpers.processes import wait_for_log
from tests.helpers.stack import held_tasks, redis_client
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EARLIER: dict = {}  # what the first test left


def test_an_earlier_test_leaves_a_level_boundary_in_the_worker_and_a_count_in_redis(stack, make_tournament):
    tournament = make_tournament(level_seconds=(4, 60))
    act(level_clock.start_clock, tournament.id, None)
    deadline = time.monotonic() + 60
    while not (
        boundary := [task for task in held_tasks(stack.worker_name).values() if task["name"].endswith("advance_level")]
    ):
        assert time.monotonic() < deadline, f"the worker never held the level boundary:\n{stack.logs_of_this_test()}"
        time.sleep(0.1)
    assert throttle.hit("preregistration", "198.51.100.7", per_minute=20).allowed
    EARLIER.update(tournament=tournament.id, task=boundary[0]["id"])


def test_the_next_test_meets_none_of_it(stack, make_tournament):
    if not EARLIER:
        pytest.skip("checks what the test before it left; run the module")
    # The rows are gone, and ids are not used again: a task addressed to the earlier rows finds nothing.
    assert not Tournament.objects.exists()
    assert make_tournament().id > EARLIER["tournament"]
    assert not list(redis_client().scan_iter(match=f"{settings.NAMESPACE}:throttle:*"))
    # The worker holds nothing of the earlier test: the boundary's task, revoked before this test
    # began, is discarded when its time comes instead of run.
    assert held_tasks(stack.worker_name) == {}
    wait_for_log(
        stack.processes, stack.worker, f"Discarding revoked task: clock.tasks.advance_level[{EARLIER['task']}]"
    )
    assert (
        f"clock.tasks.advance_level[{EARLIER['task']}] succeeded"
        not in stack.processes.log_of(stack.worker).read_text()
    )
