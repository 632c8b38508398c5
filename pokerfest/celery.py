"""The Celery app: worker and beat run `celery -A pokerfest.celery …`.

Task modules import `app` from here, so any process that schedules a task has it configured.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerfest.settings")

app = Celery("pokerfest")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["clock"])
