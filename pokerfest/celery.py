"""The Celery app: worker and beat run `celery -A pokerfest.celery …` with
DJANGO_SETTINGS_MODULE set (the launcher, the tests and the image set it).

`pokerfest/__init__.py` imports it, so in every process it is the current app through which
services queue tasks by name (core/schedule.py). It sets nothing in the environment: the
launcher imports this package too, and its children must get the settings they are given.
"""

from celery import Celery

app = Celery("pokerfest")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["clock", "tournaments", "tables"])
