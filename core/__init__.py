"""The ground floor under every app's services: the operation (one transaction, the
tournament row lock, idempotency), the event log and its catalogue of kinds, the broadcast,
after-commit task scheduling, access and refusals.

It imports Django, Celery and the models it needs, never a service, query or screen: every
app builds on it. `refusals` and `times` import nothing at all, so the pure rule modules and
the models may use them too.
"""
