# Two commands on a fresh machine with python3 and make: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1:8000
MO_FILES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/django.po))

.PHONY: run test lint migrate messages serve-prod bench load faults cluster-check clean backup housekeeping

# What the app needs to run (requirements.txt), all that a production server installs ...
$(VENV)/.base: requirements.txt
	@$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
	  echo 'python3 cannot make a virtual environment: on Debian, apt-get install python3-venv'; exit 1; }
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	@touch $@

# ... and the tools of the tests, the linters and the benchmarks.
$(VENV)/.installed: $(VENV)/.base requirements-dev.txt
	$(PY) -m pip install --quiet -r requirements-dev.txt
	@touch $@

locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po $(VENV)/.base
	$(PY) scripts/compile_messages.py $<

messages: $(MO_FILES)

# DEBUG is off unless asked for (README.md, "Configuration"): the development commands ask for it.
# migrate keeps a DEBUG or SECRET_KEY of the environment (serve-prod's).
migrate: $(VENV)/.base messages
	DEBUG=$${DEBUG:-true} $(PY) manage.py migrate --no-input

# uvicorn, as in production (the streams of events need an ASGI server), restarting on a change.
run: migrate
	DEBUG=true $(VENV)/bin/uvicorn scorekeeper.asgi:application --reload --lifespan off \
	  --host $(firstword $(subst :, ,$(HOST))) --port $(lastword $(subst :, ,$(HOST)))

test: $(VENV)/.installed messages
	$(PY) -m pytest $(PYTEST_ARGS)

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

# A production-style server: DEBUG off, whitenoise, SECRET_KEY required (README.md).
# Plain http on this machine: no redirect to https, no HSTS, cookies sent without https ("Security").
# Behind an HTTPS proxy: make serve-prod LOCAL_HTTP=BEHIND_HTTPS_PROXY=true
LOCAL_HTTP ?= SECURE_SSL_REDIRECT=false SECURE_COOKIES=false HSTS_SECONDS=0
# gunicorn runs uvicorn's workers (scorekeeper/workers.py), one a core (README.md, "Live by push").
WEB_CONCURRENCY ?= $(shell nproc 2>/dev/null || echo 2)
# Migrations are a release step (make migrate, with the same settings), not part of every start.
serve-prod: $(VENV)/.base messages
	@DEBUG=false $(PY) manage.py migrate --check >/dev/null || { \
	  echo 'serve-prod: the database lacks migrations (or the settings are wrong, above): make migrate first'; exit 1; }
	DEBUG=false $(PY) manage.py collectstatic --no-input
	DEBUG=false $(LOCAL_HTTP) BIND=$(HOST) WEB_CONCURRENCY=$(WEB_CONCURRENCY) \
	  $(VENV)/bin/gunicorn -c deploy/gunicorn.conf.py scorekeeper.asgi:application

# The database's own backup (pg_dump -Fc, or SQLite's online backup) into BACKUP_DIR, the newest 14
# kept; and the daily housekeeping (README.md, "Hosting"). Both for a nightly timer.
BACKUP_DIR ?= backups
backup: $(VENV)/.base
	$(PY) manage.py dump_database $(BACKUP_DIR)

housekeeping: $(VENV)/.base
	$(PY) manage.py housekeeping

# Speed and faults, measured against gunicorn and a throwaway PostgreSQL database, scorekeeper_bench
# (README.md, "Speed"): BENCH_DATABASE_URL and BENCH_PORT choose others. Takes about ten minutes.
bench: $(VENV)/.installed messages
	$(PY) scripts/bench.py $(BENCH_ARGS)

# 2,000 tables of 4 phones, each phone holding a stream of events, sitting down over 60 s, quiet
# 10 s, then 60 s of play (scripts/load.py --push): passes when the 99th percentile of every request
# is under 200 ms, the other phones show each deal within 500 ms (p99), with no error. Its own
# database and port (scorekeeper_load, 8111): it never drops a bench's.
load: $(VENV)/.installed messages
	BENCH_DATABASE_URL=$${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/scorekeeper_load} \
	  BENCH_PORT=$${BENCH_PORT:-8111} $(PY) scripts/load.py --push --steps 2000 --ramp 60 --seconds 60 --require 2000

faults: $(VENV)/.installed messages
	$(PY) scripts/faults.py

# Two app servers behind haproxy (installed with apt-get when missing), sharing PostgreSQL on 5432 (a
# throwaway database, scorekeeper_cluster) and Redis on 6379 (its database 5): a deal heard across
# servers, the same deal sent to both, a server killed and the database's connections ended during
# bursts of deals (scripts/cluster_check.py). About half a minute.
cluster-check: $(VENV)/.installed messages
	$(PY) scripts/cluster_check.py

clean:
	rm -rf $(VENV) staticfiles $(MO_FILES)
