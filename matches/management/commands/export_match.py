from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.core import Refused
from matches.models import Match
from matches.services import match_export

from ._io import dump, refuse


class Command(BaseCommand):
    help = "Print a stored match as a match document with its result."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("id", type=int)

    def handle(self, *args: Any, id: int, **options: Any) -> None:
        match = Match.objects.filter(pk=id).first()
        if match is None:
            raise CommandError(f"there is no match {id}")
        try:
            doc = match_export(match)
        except Refused as refused:  # stored before a limit it breaks: said, never a traceback
            refuse(self, refused)
        self.stdout.write(dump(doc))
