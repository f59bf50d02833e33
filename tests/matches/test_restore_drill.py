"""The restore drill: the database backed up as a nightly timer backs it up, restored into a new
database, and the app on that database serves the same matches, their change logs included."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection

from matches import services
from matches.models import Change, Match

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db(transaction=True)

# Run by the app on the restored database: what a phone and an archive would see of the match.
SEEN = """
import json, os
from django.test import Client
from django.contrib.auth.models import User
from django.core.management import call_command
from io import StringIO
from matches.models import Change
pk = int(os.environ["DRILL_MATCH"])
out = StringIO(); call_command("export_match", str(pk), stdout=out)
phone = Client(); phone.force_login(User.objects.get(username="alice"))
page = phone.get(f"/matches/{pk}/")
links = page.content.decode().count(f"/matches/{pk}/deals/")
changes = Change.objects.filter(match_id=pk).count()
print(json.dumps({"export": json.loads(out.getvalue()), "changes": changes, "page": page.status_code,
                  "deal_links": links}))
"""


def seen_on(database_url: str, pk: int) -> dict[str, Any]:
    env = {**os.environ, "DATABASE_URL": database_url, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    env["DRILL_MATCH"] = str(pk)
    ran = subprocess.run(
        [sys.executable, "manage.py", "shell", "-v", "0", "-c", SEEN],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(json.loads(ran.stdout.strip().splitlines()[-1]))


def played(alice: User, make_match: Callable[..., Match]) -> Match:
    match = make_match(deals=[{"points": [14, 10, 9, 7]}, {"points": [12, 12, 9, 7]}])
    services.deal_edit(match=match, number=1, entry={"points": [20, 10, 5, 5]}, author=alice)
    return match


def test_a_backup_restored_into_a_new_database_serves_the_same_matches(
    alice: User, make_match: Callable[..., Match], tmp_path: Path
) -> None:
    match = played(alice, make_match)
    exported = StringIO()
    call_command("export_match", str(match.pk), stdout=exported)
    changes = Change.objects.filter(match=match).count()
    made = StringIO()
    call_command("dump_database", str(tmp_path), stdout=made)
    backup = Path(made.getvalue().strip())
    assert backup.parent == tmp_path
    assert backup.stat().st_size > 0

    if connection.vendor == "postgresql":
        given = connection.settings_dict
        drill = f"{given['NAME']}_drill"
        where = ["--host", given["HOST"] or "127.0.0.1", "--port", str(given["PORT"] or 5432)]
        where += ["--username", given["USER"] or "postgres"]
        subprocess.run(["dropdb", "--if-exists", *where, drill], check=True)
        subprocess.run(["createdb", *where, drill], check=True)
        try:
            subprocess.run(["pg_restore", "--no-owner", *where, "--dbname", drill, str(backup)], check=True)
            url = f"postgres://{where[5]}@{where[1]}:{where[3]}/{drill}"
            seen = seen_on(url, match.pk)
        finally:
            subprocess.run(["dropdb", "--if-exists", *where, drill], check=True)
    else:
        seen = seen_on(f"sqlite:///{backup}", match.pk)

    assert seen["export"] == json.loads(exported.getvalue())
    assert seen["changes"] == changes == 3  # two deals entered, one corrected
    assert seen["page"] == 200
    assert seen["deal_links"] >= 2


def test_the_newest_backups_are_kept(alice: User, make_match: Callable[..., Match], tmp_path: Path) -> None:
    for old in ("20260101-000000", "20260102-000000", "20260103-000000"):
        suffix = ".dump" if connection.vendor == "postgresql" else ".sqlite3"
        (tmp_path / f"scorekeeper-{old}{suffix}").write_bytes(b"old")
    made = StringIO()
    call_command("dump_database", str(tmp_path), "--keep", "2", stdout=made)
    kept = sorted(path.name for path in tmp_path.iterdir())
    assert len(kept) == 2
    assert Path(made.getvalue().strip()).name in kept
    assert kept[0].startswith("scorekeeper-20260103")
