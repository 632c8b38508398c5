"""Celery tasks for the tournaments' screens: thin, like the views."""

from celery import shared_task

from core.broadcast import send_heartbeats
from tournaments.queries import live_seqs


@shared_task(name="tournaments.tasks.heartbeat")
def heartbeat() -> int:
    """Beat's heartbeat (every few seconds): each live tournament's seq to its screens, so a lost
    last event is noticed without a new one (docs/live-protocol.md)."""
    seqs = live_seqs()
    send_heartbeats(seqs)
    return len(seqs)
