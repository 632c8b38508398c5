"""Timed and follow-up work for the Celery worker, queued only after the caller's transaction
commits: a task never runs against a change that rolled back, nor before it is visible.

Tasks are named, not imported, so a service never imports the task module that calls it.
"""

from celery import current_app
from django.db import transaction


def after_commit(task_name: str, *args, eta=None) -> None:
    """Queue `task_name(*args)` (at `eta`, if given) once the transaction commits.

    robust: with the broker away the committed change still stands; beat's reconcile task
    repairs whatever timed work was lost.
    """
    transaction.on_commit(lambda: current_app.send_task(task_name, args, eta=eta), robust=True)
