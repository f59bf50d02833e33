"""One settings module, driven by the environment (see README.md, "Configuration")."""

from __future__ import annotations

import os
import warnings
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
import django_stubs_ext
from django.core.exceptions import ImproperlyConfigured

# Django's generic classes take their model at run time too (admin.ModelAdmin[Player]), as in their types.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    if value.lower() in ("1", "true", "yes", "on"):
        return True
    if value.lower() in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {value!r}")


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}") from None


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# Off unless asked for: a server started with nothing set never shows Django's debug pages.
# `make run`, `make test` (tests/settings.py) and .ci/run turn it on.
DEBUG = env_bool("DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        # A production server must never sign anything with a key that is in the repository.
        raise ImproperlyConfigured(
            "SECRET_KEY is required when DEBUG is off. Set SECRET_KEY to a long random value of your own,"
            " e.g. the output of: python3 -c 'import secrets; print(secrets.token_urlsafe(50))'."
            " DEBUG=true is for development on your own machine only (`make run` sets it):"
            " never set it on a server."
        )
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "csp",
    "axes",
    "matches",
    # The games, each a small app: its templates, static files and web side (games/web.py).
    "games.busca",
    "games.mambassa",
    "games.whist",
    "games.points",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Before anything reads the Host header: a load balancer asks by the server's address.
    "scorekeeper.middleware.health_any_host",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # After whitenoise, which answers for the static files with their own long caching.
    "scorekeeper.middleware.private_pages",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Before any view reads the body: the too-large page in the visitor's language.
    "scorekeeper.middleware.request_size_limit",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into the login page saying so.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

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
                "scorekeeper.context_processors.accounts",
                "matches.clubs.context",
            ],
        },
    },
]

# SQLite on a fresh clone; PostgreSQL (or anything else) through DATABASE_URL.
DATABASES = {
    # Connections are kept for a minute; one the database ended (a restart) is replaced, not failed on.
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60, conn_health_checks=True
    )
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Writers queue as PostgreSQL's row lock makes them queue: a transaction takes SQLite's write
    # lock as it begins, waiting for it up to SQLITE_TIMEOUT seconds, instead of failing halfway
    # ("database is locked") when two phones save at the same moment.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        transaction_mode="IMMEDIATE", timeout=env_int("SQLITE_TIMEOUT", 20)
    )
    # A new connection each request (opening one is a file open, about 0.1 ms): one opened while the
    # file was read-only or the disk full is never kept once that is fixed; the next save works.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
elif DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # A database that does not answer fails a request in seconds, with the 503 page
    # (scorekeeper.middleware.database_unreachable), instead of holding every worker until it is killed.
    # DB_STATEMENT_TIMEOUT=0 sends none: behind PgBouncer, which refuses startup options, set it on
    # the database role instead (ALTER ROLE ... SET statement_timeout). Options from DATABASE_URL stay.
    pg_options = DATABASES["default"].setdefault("OPTIONS", {})
    pg_options["connect_timeout"] = env_int("DB_CONNECT_TIMEOUT", 5)
    # DB_POOL_SIZE: a pool of connections in each web process (psycopg's, Django's "pool" option),
    # which a request borrows and gives back, each checked as it is lent; by default none: each
    # process's pages are served in one thread (scorekeeper/asgi.py), whose connection is kept a minute.
    if pool_size := env_int("DB_POOL_SIZE", 0):
        pg_options["pool"] = {
            "min_size": 1,
            "max_size": pool_size,
            "timeout": env_int("DB_CONNECT_TIMEOUT", 5),
        }
        DATABASES["default"]["CONN_MAX_AGE"] = 0
    if statement_timeout := env_int("DB_STATEMENT_TIMEOUT", 10):
        given = pg_options.get("options", "")
        pg_options["options"] = f"{given} -c statement_timeout={statement_timeout * 1000}".strip()
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    # First: it refuses a locked-out name before any password is checked.
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "match_list"
LOGOUT_REDIRECT_URL = "login"
# A private instance closes sign-up: the accounts are then made in the admin.
SIGNUP_OPEN = env_bool("SIGNUP_OPEN", True)

# E-mail, for a forgotten password: printed to standard output unless an SMTP server is set.
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("it", "Italiano")]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Rome")
# Our own date formats for each language (scorekeeper/formats): day first, no leading zero.
FORMAT_MODULE_PATH = ["scorekeeper.formats"]
USE_TZ = True
# The sign money is shown with (matches/amounts.py): "2,50 €", "€2.50"; empty for none.
CURRENCY = os.environ.get("CURRENCY", "€")

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
# Under ASGI, whitenoise's answers (a file, read in blocks) are read whole by Django before they are
# sent, with a warning each time: the files are a few KB each and kept by the browsers for a year.
warnings.filterwarnings("ignore", "StreamingHttpResponse must consume synchronous iterators", Warning)
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "scorekeeper.staticstorage.MinifiedManifestStaticFilesStorage"
        )
    },
}

# -- Cache (README.md, "What is kept, and where") -------------------------------------------------
# The {% cache %} fragments of the templates: each process's own memory, or Redis for them all when
# REDIS_URL is set (redis://127.0.0.1:6379/0). A fragment is kept by what it shows (a match's
# version, the language, the viewer's role), so nothing kept is ever stale: an old one is never
# asked for again and goes after its time (the templates' 600 s) or, in memory, when CACHE_ENTRIES
# are kept (each at most a table of 30 deals).
CACHES: dict[str, dict[str, Any]]
if os.environ.get("REDIS_URL"):
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "KEY_PREFIX": "scorekeeper",
        },
        "live": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "KEY_PREFIX": "scorekeeper-live",
        },
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": env_int("CACHE_ENTRIES", 1000)},
        },
        # Which phones passed the full check of a match lately (matches/live.py): about 150 bytes
        # each, one for each phone and process, so as many as the phones of a big club's evening.
        "live": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "live",
            "OPTIONS": {"MAX_ENTRIES": env_int("LIVE_CACHE_ENTRIES", 20000)},
        },
    }

# -- Live by push (README.md, "Live by push") ----------------------------------------------------
# Each match page opens a stream of its match's changes (matches/streams.py), told of each by a bus
# (matches/bus.py): Redis when REDIS_URL is set, else PostgreSQL when it is the database, else this
# process alone. LIVE_BUS chooses one ("redis", "postgres", "local"); LIVE_STREAMS: the most streams
# a web process keeps open (past that a page polls, every 2 s).
REDIS_URL = os.environ.get("REDIS_URL", "")
LIVE_BUS = os.environ.get("LIVE_BUS", "")
LIVE_STREAMS = env_int("LIVE_STREAMS", 5000)

# -- Request bodies ----------------------------------------------------------------------------
# A match document may be up to 2 MB (games.document.BYTES_MOST): a request may be a bit over
# that, with the form around it; a bigger one is refused with 413 before it is read
# (scorekeeper.middleware.request_size_limit), files included, which Django's own limit leaves out.
DATA_UPLOAD_MAX_MEMORY_SIZE = 3 * 1024 * 1024
# An upload up to this size stays in memory, never written to a temporary file.
FILE_UPLOAD_MAX_MEMORY_SIZE = DATA_UPLOAD_MAX_MEMORY_SIZE
# The longest form is a deal's (tens of fields); the admin sends a field per selected row (100 a page).
DATA_UPLOAD_MAX_NUMBER_FIELDS = 500

# -- Logging -----------------------------------------------------------------------------------
# Everything worth an operator's eye goes to standard error, which a host's journal or a container's
# log keeps: every server error (a 500, with its traceback) and every warning, Django's and ours.
# One event per line, then its traceback. Without this, Django prints nothing when DEBUG is off
# (it would mail ADMINS, which is empty). Under DEBUG, Django's messages down to INFO, as runserver
# shows them.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"line": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "line"}},
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        "django": {"handlers": ["stderr"], "level": "INFO" if DEBUG else "WARNING", "propagate": False},
    },
}

# -- Security (README.md, "Security") ----------------------------------------------------------
# Sessions: Django's own, in the database (django.contrib.sessions' table).
# Cookies travel only over HTTPS in production; SECURE_COOKIES=false serves plain http on 127.0.0.1.
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
SESSION_COOKIE_HTTPONLY = True
# The CSRF token is read from the page (hx-headers on <body>), never from the cookie by a script.
CSRF_COOKIE_HTTPONLY = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# HSTS: a year in production; 0 (off) under DEBUG, or where a proxy already sends it.
SECURE_HSTS_SECONDS = env_int("HSTS_SECONDS", 0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS", True)
# The header only allows a submission to the browsers' preload list; nothing is submitted.
SECURE_HSTS_PRELOAD = env_bool("HSTS_PRELOAD", not DEBUG)
# Redirect http to https in production; off where a proxy does it, or to serve plain http locally.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
# Only behind a proxy that sets X-Forwarded-Proto and X-Forwarded-For itself: else a client could forge them.
BEHIND_HTTPS_PROXY = env_bool("BEHIND_HTTPS_PROXY", False)
if BEHIND_HTTPS_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# The health check answers the load balancer over plain http inside the network.
SECURE_REDIRECT_EXEMPT = [r"^health(/full)?$"]

# No inline script and no eval: a script injected into a page does not run.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "manifest-src": ["'self'"],
        "worker-src": ["'self'"],
        "object-src": ["'none'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        "base-uri": ["'self'"],
    }
}

# Failed logins: after AXES_FAILURE_LIMIT for one name from one address, that pair waits.
AXES_ENABLED = env_bool("AXES_ENABLED", True)
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "matches.lockout.locked_out"
AXES_CLIENT_IP_CALLABLE = "matches.lockout.client_ip"
AXES_VERBOSE = False
