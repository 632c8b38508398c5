# pokerfest: `make run` starts everything, `make test` runs the whole suite.
# Both create .venv and install the pinned requirements first (idempotent).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STACK := $(PY) -m pokerfest.stack

.PHONY: run test screens manage messages bench bench-registration bench-preregistration bench-seating bench-day-two bench-clock bench-icm bench-festival-day drill drill-nodes backup restore chromium nginx faketime clean

$(VENV)/.installed: requirements.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "pokerfest needs Python 3.11 or newer")'
	test -x $(PY) || $(PYTHON) -m venv $(VENV) || { echo "could not create a virtualenv: on Debian, apt-get install python3-venv"; exit 1; }
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

run: $(VENV)/.installed
	$(STACK) run

# The browser tests drive Debian's Chromium; install it when it is missing (never
# `playwright install`, which downloads its own browser).
chromium:
	@test -x /usr/bin/chromium || { \
	  echo "installing Debian's chromium for the browser tests"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; }

# tests/integration/test_proxy.py runs deploy/nginx.conf in Debian's nginx; install it when it is
# missing. The test starts its own nginx on a free port and needs no service (on a machine with
# systemd the package also starts Debian's default site on port 80; CI's container starts none).
nginx:
	@test -x /usr/sbin/nginx || { \
	  echo "installing Debian's nginx for the proxy test"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq nginx; }

# tests/integration/test_time_source.py runs one web process under Debian's faketime (a node whose
# clock is off); install it when it is missing.
faketime:
	@test -x /usr/bin/faketime || { \
	  echo "installing Debian's faketime for the time source test"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq faketime; }

# Lint, format and the floors first (pyproject.toml, .importlinter): each fails the run at once.
# Then the browser tests and the unit + integration tests as two pytest sessions side by side
# (tests/helpers/suite.py); with PYTEST_ARGS, one session of pytest $(PYTEST_ARGS).
test: $(VENV)/.installed chromium nginx faketime
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports --no-cache
	$(STACK) exec -- $(PY) -m tests.helpers.suite $(PYTEST_ARGS)

# docs/screens/*.png: every screen at its device size in a running event (tests/browser/test_screens.py).
screens: $(VENV)/.installed chromium
	$(STACK) exec -- env POKERFEST_SCREENS=1 $(PY) -m pytest tests/browser/test_screens.py -q -p no:cacheprovider

# A checked backup now (core/backups.py; beat makes one every BACKUP_EVERY_SECONDS):
# make backup   (into BACKUP_FOLDER, var/backups by default)
backup: $(VENV)/.installed
	$(STACK) exec -- $(PY) manage.py backup

# Into an EMPTY database only (a non-empty one is refused); CLOCK: paused (at the backup) or running.
# make restore FILE=var/backups/pokerfest-….dump CLOCK=paused
restore: $(VENV)/.installed
	@test -n "$(FILE)" || { echo "say which backup: make restore FILE=var/backups/pokerfest-<time>.dump"; exit 2; }
	$(STACK) exec -- $(PY) manage.py restore "$(FILE)" $(if $(CLOCK),--clock $(CLOCK))

# make manage ARGS="createsuperuser"
manage: $(VENV)/.installed
	$(STACK) exec -- $(PY) manage.py $(ARGS)

# The German translation (locale/de): collect the strings of the templates and Python (django)
# and of static/*.js (djangojs) into the .po files, then compile the .mo files the server reads.
# Commit both; tests/unit/test_translations.py fails on an untranslated or stale string.
# No database or Redis is touched: the settings only need their URLs to parse.
MESSAGES_ENV := POKERFEST_DEVELOPMENT=1 DATABASE_URL=$${DATABASE_URL:-postgres://localhost/unused} REDIS_URL=$${REDIS_URL:-redis://localhost/0}
MESSAGES_IGNORE := --ignore=.venv --ignore=bench --ignore=tests --ignore=staticfiles --ignore=docs
messages: $(VENV)/.installed
	$(MESSAGES_ENV) $(PY) manage.py makemessages -l de -d django --no-location $(MESSAGES_IGNORE) --ignore=static
	$(MESSAGES_ENV) $(PY) manage.py makemessages -l de -d djangojs --no-location $(MESSAGES_IGNORE)
	$(MESSAGES_ENV) $(PY) manage.py compilemessages -l de $(MESSAGES_IGNORE)

# make bench BENCH_ARGS="--clients 2000 --repeat 1 --broadcasts 10"   (default: 2,000, 10,000 and 20,000 sockets, 3 runs each)
bench: $(VENV)/.installed
	$(STACK) exec -- $(PY) bench/fanout.py $(BENCH_ARGS)

# make bench-registration BENCH_ARGS="--clients 20 --players 2000"
bench-registration: $(VENV)/.installed
	$(STACK) exec -- $(PY) bench/registration.py $(BENCH_ARGS)

# The registration burst: 5,000 pre-registrations from 50 clients, then 20 desks confirming them
# make bench-preregistration BENCH_ARGS="--players 2000 --clients 50 --desks 20"
bench-preregistration: $(VENV)/.installed
	$(STACK) exec -- $(PY) bench/preregistration.py $(BENCH_ARGS)

# ICM at 9, 10, 12 players and a 3,000-player payout table (pure Python, no servers)
bench-icm: $(VENV)/.installed
	$(PY) bench/icm.py

# make bench-clock BENCH_ARGS="--tables 200 --levels 8 --level-seconds 3"
bench-clock: $(VENV)/.installed
	$(STACK) exec -- $(PY) bench/clock.py $(BENCH_ARGS)

# make bench-seating BENCH_ARGS="--players 10000 --tables 1112 --eliminations 9000"
bench-seating: $(VENV)/.installed
	$(STACK) exec -- $(PY) bench/seating.py $(BENCH_ARGS)

# make bench-day-two BENCH_ARGS="--qualifiers 1500 --tables 167 --flights 3"
bench-day-two: $(VENV)/.installed
	$(STACK) exec -- $(PY) bench/day_two.py $(BENCH_ARGS)

# A festival day (issue 25): 20 desks, 200 tablets and 5,000 phones for 10 minutes through nginx
# (deploy/nginx.conf) in front of two nodes; p50/p95 per operation, errors, the lobby's lag at p99
# and the first bottleneck. Needs nginx (`make nginx`).
# make bench-festival-day BENCH_ARGS="--minutes 1 --phones 500"
bench-festival-day: $(VENV)/.installed nginx
	$(STACK) exec -- $(PY) bench/festival_day.py $(BENCH_ARGS)

# The fault drill: a 300-entry tournament through the API while a process is killed every 20 s
# (it starts its own system with embedded servers in a temporary folder).
# make drill DRILL_ARGS="--entries 300 --fault-every 20 --seed 7"
# make drill NODES=2: the same across two nodes behind nginx (make drill-nodes).
drill: $(VENV)/.installed
	$(PY) -m bench.drill $(if $(NODES),--nodes $(NODES)) $(DRILL_ARGS)

# The fault drill across two nodes behind Debian's nginx running deploy/nginx.conf (issue 27):
# a 300-entry event on 45-second levels through the proxy; every 20 s a web process, worker or
# beat of either node, a whole node or the drill's shared Redis killed, or the proxy reloaded.
# make drill-nodes DRILL_ARGS="--entries 60 --fault-every 10 --max-faults 3"
drill-nodes: $(VENV)/.installed nginx
	$(PY) -m bench.drill --nodes 2 $(DRILL_ARGS)

clean:
	rm -rf $(VENV) var
