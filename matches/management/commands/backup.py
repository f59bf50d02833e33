from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.core import Refused
from matches.services.backup import site_backup

from ._io import dump, refuse


class Command(BaseCommand):
    help = (
        "Print every account and every club with its members, rule sets, players, evenings and matches "
        "(or only those of --owner and their clubs) as one JSON document that `restore` reads back."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--owner",
            action="append",
            metavar="USERNAME",
            help="only this account and its clubs (may be repeated)",
        )
        parser.add_argument("--output", "-o", metavar="FILE", help="write to FILE instead of standard output")

    def handle(self, *args: Any, owner: list[str] | None, output: str | None, **options: Any) -> None:
        try:
            text = dump(site_backup(owner))
        except Refused as refused:
            refuse(self, refused)
        if output:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text + "\n")
        else:
            self.stdout.write(text)
