from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.core import Refused
from games.document import score_document

from ._io import dump, read_json, refuse


class Command(BaseCommand):
    help = "Score a match document (FILE, or - for standard input) and print it with its result."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file")

    def handle(self, *args: Any, file: str, **options: Any) -> None:
        try:
            scored = score_document(read_json(file))
        except Refused as refused:
            refuse(self, refused)
        self.stdout.write(dump(scored))
