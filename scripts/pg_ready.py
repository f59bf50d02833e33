"""Exit 0 when PostgreSQL answers at DATABASE_URL (default: postgres@127.0.0.1:5432).

With --create, also create the database the URL names if it is missing: Django's test
runner creates test_<name> from it.
"""

import os
import sys
from urllib.parse import urlparse

import psycopg

url = urlparse(os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres"))
name = url.path.lstrip("/") or "postgres"
# psycopg leaves out a parameter that is None (no password in the URL).
with psycopg.connect(
    dbname="postgres",
    host=url.hostname,
    port=url.port or 5432,
    user=url.username or "postgres",
    password=url.password,
    autocommit=True,
    connect_timeout=5,
) as conn:
    exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
    if "--create" in sys.argv and not exists:
        conn.execute(f'CREATE DATABASE "{name}"')
