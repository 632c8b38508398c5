"""Test settings: the real ones, with a namespace of this test run's own, so its channel groups
and Celery queue never meet a developer's running stack on the same Redis."""

import os

os.environ.setdefault("POKERFEST_NAMESPACE", f"test-{os.getpid()}")

from pokerfest.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast logins in tests
