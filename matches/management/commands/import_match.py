from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.core import Refused
from matches.services import match_import

from ._io import read_json, refuse


class Command(BaseCommand):
    help = "Store a match document (FILE, or - for standard input) as a new match; print its id."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file")
        parser.add_argument("--owner", required=True, help="the username the match belongs to")

    def handle(self, *args: Any, file: str, owner: str, **options: Any) -> None:
        user = get_user_model().objects.filter(username=owner).first()
        if user is None:
            raise CommandError(f"there is no user {owner}")
        try:
            match = match_import(owner=user, doc=read_json(file))
        except Refused as refused:
            refuse(self, refused)
        self.stdout.write(str(match.pk))
