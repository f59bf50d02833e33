"""The database's own backup, for a nightly timer (README.md, "Hosting"): PostgreSQL's custom format
(``pg_dump -Fc``, read back by ``pg_restore``), or for SQLite its online backup (a copy made while the
app runs, consistent at one moment). The whole database, change logs, sessions and links included:
what a restore needs to serve the same matches. The JSON ``backup`` is the portable archive instead.

Writes DIRECTORY/scorekeeper-YYYYmmdd-HHMMSS.dump (PostgreSQL) or .sqlite3, keeps the newest ``--keep``
of them, and prints the file's path."""

from __future__ import annotations

import os
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection
from django.utils import timezone


class Command(BaseCommand):
    help = "Back the database up into DIRECTORY (pg_dump -Fc, or SQLite's online backup), keeping --keep."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("directory")
        parser.add_argument("--keep", type=int, default=14, help="backups kept in DIRECTORY (default 14)")

    def handle(self, *args: Any, directory: str, keep: int, **options: Any) -> None:
        where = Path(directory)
        where.mkdir(parents=True, exist_ok=True)
        stamp = timezone.now().strftime("%Y%m%d-%H%M%S")
        if connection.vendor == "postgresql":
            made = where / f"scorekeeper-{stamp}.dump"
            _pg_dump(made)
        elif connection.vendor == "sqlite":
            made = where / f"scorekeeper-{stamp}.sqlite3"
            connection.ensure_connection()
            with sqlite3.connect(made) as copy:
                connection.connection.backup(copy)
            copy.close()
        else:
            raise CommandError(f"no backup for a {connection.vendor} database: use its own tools")
        for old in sorted(where.glob(f"scorekeeper-*{made.suffix}"))[:-keep] if keep > 0 else []:
            old.unlink()
        self.stdout.write(str(made))


def _pg_dump(made: Path) -> None:
    given = connection.settings_dict
    env = dict(os.environ)
    if given.get("PASSWORD"):
        env["PGPASSWORD"] = str(given["PASSWORD"])
    command = ["pg_dump", "--format=custom", "--no-owner", f"--file={made}", "--dbname", str(given["NAME"])]
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if given.get(key):
            command += [flag, str(given[key])]
    try:
        subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    except FileNotFoundError:
        raise CommandError(
            "pg_dump is missing: install PostgreSQL's client (apt-get install postgresql-client)"
        ) from None
    except subprocess.CalledProcessError as failed:
        made.unlink(missing_ok=True)
        raise CommandError(f"pg_dump failed: {failed.stderr.strip()}") from None
