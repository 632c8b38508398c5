"""Test settings: the real ones, with a namespace of this test run's own, so its channel groups
and Celery queue never meet a developer's running stack on the same Redis."""

import os

os.environ.setdefault("POKERFEST_NAMESPACE", f"test-{os.getpid()}")
# A developer's run (plain HTTP, no SECRET_KEY needed), also for the web and worker processes the
# tests start; tests/integration/test_production.py checks the production settings separately.
os.environ.setdefault("POKERFEST_DEVELOPMENT", "1")
os.environ.setdefault("SECRET_KEY", "test-only-insecure-key")

from pokerfest.settings import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast logins in tests

# tests/helpers/management/commands/flush.py: the emptying between committed-database tests,
# found before Django's own `flush`.
INSTALLED_APPS = ["tests.helpers", *INSTALLED_APPS]  # noqa: F405

# One session of tests/helpers/suite.py: a test database of its own beside the other session's.
if os.environ.get("POKERFEST_TEST_DATABASE_SUFFIX"):
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": f"test_{DATABASES['default']['NAME']}_{os.environ['POKERFEST_TEST_DATABASE_SUFFIX']}"  # noqa: F405
    }

# No hourly pg_dump beside the tests' beat: the backup tests make theirs (tests/integration/test_backups.py).
CELERY_BEAT_SCHEDULE.pop("backup", None)  # noqa: F405
