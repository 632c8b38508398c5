"""The floor every app's queries and services stand on, itself standing on the models: the
operation (one transaction, the tournament row lock, idempotency), the event log and its
catalogue of kinds, the broadcast and the live fan-out, after-commit task scheduling, access,
the public-read cache headers, throttles, and the API's shared vocabulary (core/api.py).

It imports Django, Celery and the models it needs, never a service, query or screen. What
the pure rules need (the refusal and how a moment travels) is below the models, in the
top-level `rules` package.
"""
