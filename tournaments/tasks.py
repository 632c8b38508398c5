"""Celery tasks for the tournaments' screens: thin, like the views."""

import time

import redis
from celery import shared_task
from django.conf import settings

from core import backups
from core.broadcast import send_heartbeats
from players.services import erasure
from tournaments.queries.snapshot import live_seqs

# When a worker last ran beat's heartbeat: GET /health/ (pokerfest/health.py) reads it.
HEARTBEAT_KEY = f"{settings.NAMESPACE}:health:heartbeat"


@shared_task(name="tournaments.tasks.heartbeat")
def heartbeat() -> int:
    """Beat's heartbeat (every few seconds): each live tournament's seq to its screens, so a lost
    last event is noticed without a new one (docs/live-protocol.md)."""
    seqs = live_seqs()
    send_heartbeats(seqs)
    # GET /health/ reads when a worker last ran this: beat and a worker are both alive.
    redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2).set(HEARTBEAT_KEY, time.time(), ex=3600)
    return len(seqs)


@shared_task(name="tournaments.tasks.backup")
def backup() -> str:
    """Beat's backup every BACKUP_EVERY_SECONDS (core/backups.py); safe twice: two whole files."""
    return str(backups.make_backup())


@shared_task(name="tournaments.tasks.purge_id_numbers")
def purge_id_numbers() -> int:
    """ID document numbers removed ID_NUMBER_KEEP_DAYS after their festival ended; safe twice."""
    return len(erasure.purge_id_numbers(settings.ID_NUMBER_KEEP_DAYS))
