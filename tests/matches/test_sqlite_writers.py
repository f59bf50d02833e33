"""Two phones saving at the same moment on SQLite (`make run`'s database): one deal is stored, the
other phone is told so, and neither gets a server error ("database is locked").

PostgreSQL queues the writers on the match's row lock (test_concurrency.py). SQLite has no row lock:
its transactions take the database's write lock as they begin (settings: transaction_mode), and wait
for it. The race runs in a process of its own, on a database file, as the development server does.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

RACE = """
import threading, uuid
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from matches import services
from matches.models import Match, Player

user = User.objects.create_user("alice", password="a-long-pass-phrase-7")
players = [Player.objects.create(owner=user, name=name) for name in ("Anna", "Bruno", "Carla", "Dario")]
match = services.match_create(owner=user, game="busca-000", options={}, players=players, first_dealer=0)
answers = []
for number in range(1, 9):
    barrier = threading.Barrier(2)

    def send(points):
        phone = Client(HTTP_HOST="127.0.0.1")
        phone.force_login(user)
        form = {f"points_{seat}": p for seat, p in enumerate(points)}
        form |= {"token": str(uuid.uuid4()), "number": number}
        barrier.wait()
        try:
            answers.append(phone.post(f"/matches/{match.pk}/deals/", form).status_code)
        except Exception as error:
            answers.append(type(error).__name__)
        finally:
            connection.close()

    phones = [threading.Thread(target=send, args=(p,)) for p in ([10, 10, 10, 10], [10, 10, 9, 11])]
    for phone in phones:
        phone.start()
    for phone in phones:
        phone.join()
print(sorted(answers, key=str), Match.objects.get(pk=match.pk).deals.count())
"""


def test_two_phones_saving_deal_after_deal_at_the_same_moment_never_get_a_server_error(
    tmp_path: Path,
) -> None:
    environment = dict(os.environ, DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    environment["DJANGO_SETTINGS_MODULE"] = "scorekeeper.settings"

    raced = subprocess.run(
        [sys.executable, "-c", RACE], cwd=ROOT, env=environment, capture_output=True, text=True, check=False
    )

    assert raced.returncode == 0, raced.stderr[-2000:]
    answers, deals = raced.stdout.strip().rsplit(" ", 1)
    # Each round: one stored (302), the other told it was taken (422, its typing kept).
    assert answers == str([302] * 8 + [422] * 8)
    assert deals == "8"
