"""The composition root: settings, urls, ASGI and WebSocket routing, the Celery app, the API
assembly and the launcher. Nothing below imports it.

The Celery app is created on import so that it is the current app in every process: services
queue tasks by name through it (core/schedule.py)."""

from pokerfest.celery import app as celery_app

__all__ = ("celery_app",)
