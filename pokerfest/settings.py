"""pokerfest settings: one module, driven by environment variables.

Policy (structures, payout tables, rulesets) is data in the database, not settings.
`python -m pokerfest.stack` sets DATABASE_URL and REDIS_URL to embedded servers when they are
unset, so every process it starts (web, worker, beat, tests) sees the same two variables.
"""

import os
from datetime import timedelta
from ipaddress import ip_network
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
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
    raw = os.environ.get(name, "").strip().lower()
    if not raw:  # unset, or left empty by a compose file's ${NAME:-}
        return default
    if raw in {"1", "true", "yes", "on"}:
        return True
    if raw in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be 1 or 0 (true/false, yes/no, on/off), not {raw!r}")


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
# `python -m pokerfest.stack` (make run / make test / make manage) and the test settings mark
# their processes as a developer's; the image and docker-compose.yml say 0. Anything else is
# production: a SECRET_KEY of its own and the secure settings below.
DEVELOPMENT = DEBUG or env_bool("POKERFEST_DEVELOPMENT", False)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEVELOPMENT:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Production needs a long random key of its own, e.g. the output of "
            "`python -c 'import secrets; print(secrets.token_urlsafe(50))'`, kept the same across restarts "
            "(it signs sessions). On a developer machine, start pokerfest with `make run`, which needs none."
        )
    SECRET_KEY = "dev-only-insecure-key-set-SECRET_KEY-in-production"
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")
# The port of the page's host where the lobby, TV and phone pages open the public lobby socket:
# the node's `live` process (pokerfest/live.py) when no proxy is in front (the launcher sets it,
# PORT+1 by default). Empty: the page's own origin, where the proxy routes the lobby socket to
# the live process, or (a plain daphne, as in the tests) Channels' LobbyConsumer serves it.
LIVE_PORT = os.environ.get("LIVE_PORT", "")

# HTTPS. On by default in production, each switchable by its own variable (e.g. a site served over
# plain HTTP on a closed network sets SECURE_SSL_REDIRECT=0, the cookie ones and SECURE_HSTS_SECONDS=0).
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEVELOPMENT)
# GET /health/ answers over plain HTTP inside the compose network (its healthcheck, monitoring).
SECURE_REDIRECT_EXEMPT = [r"^health/$"]
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEVELOPMENT)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEVELOPMENT)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEVELOPMENT else 365 * 24 * 3600)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEVELOPMENT)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEVELOPMENT)
# The proxies in front of daphne whose X-Forwarded-For and X-Forwarded-Proto count: addresses or
# networks, e.g. "127.0.0.1,10.0.0.0/8". From any other peer those headers are dropped and the
# socket's address is the client's (pokerfest/proxy.py): the rate limits and the login lockout
# count by it.
TRUSTED_PROXIES = []
for _proxy in env_list("TRUSTED_PROXIES", ""):
    try:
        TRUSTED_PROXIES.append(ip_network(_proxy, strict=False))
    except ValueError:
        raise ImproperlyConfigured(
            f"TRUSTED_PROXIES holds addresses or networks separated by commas, e.g. 127.0.0.1,10.0.0.0/8; "
            f"{_proxy!r} is neither"
        ) from None
# The scheme a trusted proxy saw, from X-Forwarded-Proto (dropped from anyone else); a proxy that
# says https another way is named here as "HEADER,value", e.g. HTTP_X_FORWARDED_SSL,on.
_proxy_ssl_header = env_list("SECURE_PROXY_SSL_HEADER", "")
if _proxy_ssl_header and len(_proxy_ssl_header) != 2:
    raise ImproperlyConfigured(
        'SECURE_PROXY_SSL_HEADER must be "HEADER,value", e.g. HTTP_X_FORWARDED_PROTO,https, '
        f"not {os.environ['SECURE_PROXY_SSL_HEADER']!r}"
    )
SECURE_PROXY_SSL_HEADER = tuple(_proxy_ssl_header) or ("HTTP_X_FORWARDED_PROTO", "https")

# Content-Security-Policy (django-csp 4): scripts and styles only from static/, no inline code;
# the live screens' WebSockets are the only other connections.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],  # data: for the empty favicon
        "connect-src": [SELF, "ws:", "wss:"],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

# Login throttling (django-axes): after AXES_FAILURE_LIMIT wrong passwords for one username, or
# from one address, sign-in is refused for AXES_COOLOFF_MINUTES, counted from the last counted failure.
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 10)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("AXES_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]  # either one alone locks
# Tries during a lockout do not restart it, so the page can say when it ends.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "pokerfest.lockout.locked_out"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses a locked-out sign-in before any check
    # ModelBackend, reading the user's roles with the user; sessions signed in through
    # ModelBackend were moved to it (tournaments/migrations/0034), so nobody is signed out.
    "core.access.SignedInWithRoles",
]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "ninja",  # serves the API docs' scripts from static/, not a CDN (the CSP allows only 'self')
    "axes",
    "csp",
    "players",
    "tables",
    "tournaments",
    "clock",
]
# The `live` process (pokerfest/live.py) loads only the apps whose models its snapshot reads:
# daphne, the admin, the API and the rest would double its memory before its first socket.
LIVE_PROCESS_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "players",
    "tables",
    "tournaments",
    "clock",
]

MIDDLEWARE = [
    "pokerfest.proxy.ForwardedByTrustedProxy",  # first: the client's address and scheme, before anything reads them
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "pokerfest.nul_characters.RefuseNulCharacters",  # before anything reads the session or the body
    "pokerfest.caching.PrivateByDefault",  # outside the session: sees what the views and it left
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",  # the browser's Accept-Language picks en or de
    "pokerfest.festival_locale.FestivalLocale",  # … unless the festival set its own; its time zone
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "pokerfest.lockout.LockoutToSignIn",  # last, as django-axes asks: turns a lockout into the sign-in page
]

# axes.W002 looks for "axes.middleware.AxesMiddleware" by its path in MIDDLEWARE; its subclass
# pokerfest.lockout.LockoutToSignIn is there instead (a test keeps it innermost).
SILENCED_SYSTEM_CHECKS = ["axes.W002"]

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
                "django.template.context_processors.i18n",
            ],
        },
    },
]

# Connections come from a pool per process. Under ASGI each request's sync code runs on a
# thread of its own, so persistent connections (conn_max_age) would pile up on finished
# threads until PostgreSQL refuses clients (seen in bench/registration.py); a pool hands the
# same few connections to whichever thread asks.
#
# Through a PostgreSQL outage (pokerfest/outage.py answers 503): a request waits at most
# DB_WAIT_SECONDS for a connection; a connection taken from the pool is checked first, so one
# left broken by a restart is replaced instead of failing a request; and the pool gives up a
# reconnection after DB_WAIT_SECONDS, so the next request starts a fresh attempt at once instead
# of waiting out psycopg_pool's doubling backoff (after a 75 s outage it slept 40 s more).
DB_WAIT_SECONDS = env_int("DB_WAIT_SECONDS", 4)
DATABASES = {
    "default": dj_database_url.parse(env_str("DATABASE_URL"), conn_max_age=0, conn_health_checks=True)
}  # the pool checks
DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = DB_WAIT_SECONDS
# Prepared statements (issue 25): PostgreSQL planned every statement again each time; a bust's
# sixteen took 1.7 ms less, a break's eighteen 2 ms less, once prepared. Django's documented
# options: server-side binding, and psycopg preparing a statement from its second run on a
# connection (Django turns that off by default for transaction-mode poolers such as PgBouncer
# before 1.21, which the deployments in docs/deploy.md do not use). DB_PREPARE=0 turns it off.
if env_bool("DB_PREPARE", True):
    DATABASES["default"]["OPTIONS"]["server_side_binding"] = True
    DATABASES["default"]["OPTIONS"]["prepare_threshold"] = 2
DATABASES["default"]["OPTIONS"]["pool"] = {
    "min_size": 1,
    "max_size": env_int("DB_POOL_SIZE", 10),
    "timeout": DB_WAIT_SECONDS,
    "reconnect_timeout": DB_WAIT_SECONDS,
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
# The interface speaks English and German (locale/de); anything else falls back to English.
LANGUAGES = [("en", "English"), ("de", "Deutsch")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True  # aware UTC datetimes only; a festival's own zone is for display

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = os.environ.get("STATIC_ROOT") or None  # set where collectstatic runs (the image)
WHITENOISE_USE_FINDERS = True  # serve static/ straight from the checkout, no collectstatic step

# One name that keeps apart runs sharing a Redis (a developer's stack and a test session):
# it prefixes the live fan-out's Redis channels and names the Celery queue.
NAMESPACE = os.environ.get("POKERFEST_NAMESPACE", "pokerfest")

REDIS_URL = env_str("REDIS_URL")


def celery_url(redis_url: str) -> str:
    # Celery spells a unix-socket Redis as redis+socket://; redis-py and channels-redis as unix://.
    if redis_url.startswith("unix://"):
        return "redis+socket://" + redis_url.removeprefix("unix://")
    return redis_url


# Online pre-registration (tournaments/api/preregistration.py): at most this many attempts
# (registrations, waiting-list joins, cancellations) per client address per minute, counted in
# Redis so every web node shares the count. The address is the socket's, or the one a trusted
# proxy names (TRUSTED_PROXIES).
PREREGISTRATION_RATE_PER_MINUTE = env_int("PREREGISTRATION_RATE_PER_MINUTE", 20)
# The live feed's flood limits per client address and minute (core/throttle.py, counted the same
# way): sockets opened (lobby and staff, the live process and daphne), and snapshots asked for
# (a socket's resync, GET /api/tournaments/<id>/). A phone reconnecting with its backoff stays
# far below; hundreds from one address are a flood, refused with close code 4429 or HTTP 429.
LIVE_SOCKETS_PER_ADDRESS_PER_MINUTE = env_int("LIVE_SOCKETS_PER_ADDRESS_PER_MINUTE", 120)
LIVE_SNAPSHOTS_PER_ADDRESS_PER_MINUTE = env_int("LIVE_SNAPSHOTS_PER_ADDRESS_PER_MINUTE", 120)
# The venue's own addresses (e.g. the NAT its tablets and TVs share), never limited on the live
# feed: addresses or networks separated by commas, as TRUSTED_PROXIES. A developer's run (make
# run, the tests, the benches: every screen on this machine) leaves loopback out of the limits.
VENUE_ADDRESSES = []
for _address in env_list("VENUE_ADDRESSES", "127.0.0.0/8,::1" if DEVELOPMENT else ""):
    try:
        VENUE_ADDRESSES.append(ip_network(_address, strict=False))
    except ValueError:
        raise ImproperlyConfigured(
            f"VENUE_ADDRESSES holds addresses or networks separated by commas, e.g. 203.0.113.7,10.20.0.0/16; "
            f"{_address!r} is neither"
        ) from None

CELERY_BROKER_URL = celery_url(REDIS_URL)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A worker that lost Redis tries again (after 2 s, 4 s, 6 s, … then every 30 s) for as long as it
# takes, rather than exiting after Celery's default 100 tries.
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_TASK_DEFAULT_QUEUE = NAMESPACE
CELERY_TASK_IGNORE_RESULT = True
CELERY_TIMEZONE = "UTC"
# kombu's Redis transport, acknowledgements not emulated: a task leaves Redis when a worker takes
# it. With emulation on, a worker that holds an ETA task (as it always does while a level clock
# runs) when Redis goes away exits ("Unrecoverable error: AttributeError: 'NoneType' object has
# no attribute 'hostname'", kombu 5.7): putting the task back needs the connection being closed.
# Off, the worker logs that it could not put the task back and reconnects when Redis returns
# (tests/integration/test_broker_outage.py). What a worker held is lost with it (as with the
# embedded Redis, which restarts empty); every task has a periodic repair below (the clocks,
# the time-outs, the day's end, the penalties), so a lost one is done within
# CLOCK_RECONCILE_SECONDS, and every task is safe twice. A new task must keep both promises.
CELERY_BROKER_TRANSPORT_OPTIONS = {"ack_emulation": False}
# No task acknowledges late; this is Celery 6's default, and it stops a warning at every reconnect.
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
CLOCK_RECONCILE_SECONDS = env_int("CLOCK_RECONCILE_SECONDS", 5)
# The live protocol's heartbeat: a screen whose last event was lost resyncs within this.
HEARTBEAT_SECONDS = env_int("HEARTBEAT_SECONDS", 5)
# Issue 27, "Devices that drop": the console warns when at least this percentage of a
# tournament's staff devices (tablets, desks) drops within DEVICE_DROP_SECONDS.
DEVICE_DROP_PERCENT = env_int("DEVICE_DROP_PERCENT", 50)
DEVICE_DROP_SECONDS = env_int("DEVICE_DROP_SECONDS", 30)
# Every node may start beat; only the one holding a Redis lease runs the schedule, and another
# takes over within this many seconds of its node dying (pokerfest/beat.py).
CELERY_BEAT_SCHEDULER = "pokerfest.beat:SingleBeat"
BEAT_LEASE_SECONDS = env_int("BEAT_LEASE_SECONDS", 15)
CELERY_BEAT_SCHEDULE = {
    "reconcile-clocks": {
        "task": "clock.tasks.reconcile_clocks",
        "schedule": CLOCK_RECONCILE_SECONDS,
    },
    "heartbeat": {
        "task": "tournaments.tasks.heartbeat",
        "schedule": HEARTBEAT_SECONDS,
    },
    "settle-penalty-minutes": {  # PEN-LADDER: minutes away served while no hand was done
        "task": "tables.tasks.settle_served_minutes",
        "schedule": CLOCK_RECONCILE_SECONDS,
    },
}

# Backups (core/backups.py, docs/deploy.md): a checked pg_dump every BACKUP_EVERY_SECONDS
# (0: none by beat; `make backup` still makes one) into BACKUP_FOLDER, keeping the newest
# BACKUP_KEEP. The embedded stack's default keeps them beside its data, under var/.
BACKUP_FOLDER = Path(
    os.environ.get("BACKUP_FOLDER") or Path(os.environ.get("POKERFEST_VAR") or BASE_DIR / "var") / "backups"
)
BACKUP_EVERY_SECONDS = env_int("BACKUP_EVERY_SECONDS", 3600)
BACKUP_KEEP = env_int("BACKUP_KEEP", 48)
# Personal data (players/services/erasure.py): ID document numbers are removed this many days after
# the festival a player played in ended (its last tournament over); beat looks once an hour.
ID_NUMBER_KEEP_DAYS = env_int("ID_NUMBER_KEEP_DAYS", 30)
CELERY_BEAT_SCHEDULE["purge-id-numbers"] = {"task": "tournaments.tasks.purge_id_numbers", "schedule": 3600}
# After a restore, the running clocks: "paused" at the backup's moment, or "running" on by their
# timestamps through the time lost (`manage.py restore --clock` chooses per restore).
RESTORE_CLOCK = os.environ.get("RESTORE_CLOCK", "paused")
if BACKUP_EVERY_SECONDS:
    CELERY_BEAT_SCHEDULE["backup"] = {"task": "tournaments.tasks.backup", "schedule": BACKUP_EVERY_SECONDS}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
