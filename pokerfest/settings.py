"""pokerfest settings: one module, driven by environment variables.

Policy (structures, payout tables, rulesets) is data in the database, not settings.
`python -m pokerfest.stack` sets DATABASE_URL and REDIS_URL to embedded servers when they are
unset, so every process it starts (web, worker, beat, tests) sees the same two variables.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_str(name: str, default: str | None = None) -> str:
    value = os.environ.get(name, default)
    if value is None:
        raise ImproperlyConfigured(
            f"{name} is not set. Start pokerfest with `make run` (or run a command with "
            f"`make manage ARGS='...'`), which sets it, or set it yourself."
        )
    return value


def env_bool(name: str, default: bool) -> bool:
    return os.environ.get(name, str(default)).strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}") from None


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)
# The development key is only good for a laptop; production sets SECRET_KEY.
SECRET_KEY = os.environ.get("SECRET_KEY") or "dev-only-insecure-key-set-SECRET_KEY-in-production"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "players",
    "tables",
    "tournaments",
    "clock",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "pokerfest.urls"
ASGI_APPLICATION = "pokerfest.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Connections come from a pool per process. Under ASGI each request's sync code runs on a
# thread of its own, so persistent connections (conn_max_age) would pile up on finished
# threads until PostgreSQL refuses clients (seen in bench/registration.py); a pool hands the
# same few connections to whichever thread asks.
DATABASES = {"default": dj_database_url.parse(env_str("DATABASE_URL"), conn_max_age=0)}
DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
    "min_size": 1,
    "max_size": env_int("DB_POOL_SIZE", 10),
    "timeout": 15,  # seconds a request waits for a free connection before it fails
}
if DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
    raise ImproperlyConfigured("pokerfest runs on PostgreSQL only; DATABASE_URL must be postgres://…")

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True  # aware UTC datetimes only; a festival's own zone is for display

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = os.environ.get("STATIC_ROOT") or None  # set where collectstatic runs (the image)
WHITENOISE_USE_FINDERS = True  # serve static/ straight from the checkout, no collectstatic step

# One name that keeps apart runs sharing a Redis (a developer's stack and a test session):
# it prefixes channel-layer names and names the Celery queue.
NAMESPACE = os.environ.get("POKERFEST_NAMESPACE", "pokerfest")

REDIS_URL = env_str("REDIS_URL")


def celery_url(redis_url: str) -> str:
    # Celery spells a unix-socket Redis as redis+socket://; redis-py and channels-redis as unix://.
    # That spelling makes kombu use its own Redis transport, not CELERY_BROKER_TRANSPORT below:
    # a worker on a unix-socket Redis is not repaired for outages (the launcher uses TCP).
    if redis_url.startswith("unix://"):
        return "redis+socket://" + redis_url.removeprefix("unix://")
    return redis_url


# The pub/sub layer: measured faster in fan-out than the core layer, and it did not drop
# messages at 2,000 sockets. Web, workers and commands must all use this same layer.
CHANNEL_LAYERS = {
    "default": {
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {"hosts": [REDIS_URL], "prefix": f"{NAMESPACE}:"},
    }
}

CELERY_BROKER_URL = celery_url(REDIS_URL)
# kombu's Redis transport, repaired so a worker outlives a Redis outage (pokerfest/broker.py).
CELERY_BROKER_TRANSPORT = "pokerfest.broker:Transport"
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_DEFAULT_QUEUE = NAMESPACE
CELERY_TASK_IGNORE_RESULT = True
CELERY_TIMEZONE = "UTC"
# ETA tasks wait in a worker unacknowledged; a killed worker's tasks come back only after this
# timeout, so the periodic reconcile below is what repairs a missed level boundary quickly.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}
CLOCK_RECONCILE_SECONDS = env_int("CLOCK_RECONCILE_SECONDS", 5)
# The live protocol's heartbeat: a screen whose last event was lost resyncs within this.
HEARTBEAT_SECONDS = env_int("HEARTBEAT_SECONDS", 5)
CELERY_BEAT_SCHEDULE = {
    "reconcile-clocks": {
        "task": "clock.tasks.reconcile_clocks",
        "schedule": CLOCK_RECONCILE_SECONDS,
    },
    "heartbeat": {
        "task": "tournaments.tasks.heartbeat",
        "schedule": HEARTBEAT_SECONDS,
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
