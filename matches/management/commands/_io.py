"""What the commands share: reading a document and refusing it the way docs/format.md says."""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn

from django.core.management.base import BaseCommand

from games.core import Problem, Refused
from games.document import BYTES_MOST, parse_document


def read_json(path: str, most: int | None = BYTES_MOST) -> Any:
    """The JSON of FILE (``-``: standard input), read as bytes and judged by ``parse_document``.

    No more than ``most`` + 1 bytes are read (None: a backup, read whole): one byte over is enough
    to refuse a document too large, whatever its size.
    """
    size = -1 if most is None else most + 1
    try:
        if path == "-":
            stdin = getattr(sys.stdin, "buffer", None)  # a text stream without one, in tests
            data = stdin.read(size) if stdin is not None else sys.stdin.read(size).encode("utf-8")
        else:
            with open(path, "rb") as handle:
                data = handle.read(size)
    except OSError as error:
        raise Refused(
            [Problem("cannot read %(path)s: %(why)s", {"path": path, "why": error.strerror})]
        ) from error
    return parse_document(data, most)


def refuse(command: BaseCommand, refused: Refused) -> NoReturn:
    """One line per problem on standard error, nothing on standard output, exit status 1."""
    for problem in refused.problems:
        # A value shown back that no terminal can print (a lone surrogate) is escaped, never a traceback.
        command.stderr.write(str(problem).encode("utf-8", "backslashreplace").decode("utf-8"))
    sys.exit(1)


def dump(doc: Any) -> str:
    return json.dumps(doc, ensure_ascii=False, indent=2)
