from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.core import Refused
from matches.services.backup import site_restore

from ._io import read_json, refuse


class Command(BaseCommand):
    help = (
        "Store the accounts and clubs of a backup (FILE, or - for standard input) with their members, "
        "players, evenings and matches. Refused whole, storing nothing, if the file has a problem or an "
        "account already exists."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file")

    def handle(self, *args: Any, file: str, **options: Any) -> None:
        try:
            usernames = site_restore(read_json(file, most=None))  # a backup holds many matches
        except Refused as refused:
            refuse(self, refused)
        for username in usernames:
            self.stdout.write(username)
