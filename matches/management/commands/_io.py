"""What the three commands share: reading a document and refusing it the way docs/format.md says."""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn

from django.core.management.base import BaseCommand

from matches.rules.core import Problem, Refused


def read_json(path: str) -> Any:
    try:
        if path == "-":
            return json.load(sys.stdin)
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except OSError as error:
        raise Refused(
            [Problem("cannot read %(path)s: %(why)s", {"path": path, "why": error.strerror})]
        ) from error
    except json.JSONDecodeError as error:
        why = f"{error.msg} at line {error.lineno}"
        raise Refused([Problem("%(path)s is not JSON: %(why)s", {"path": path, "why": why})]) from error


def refuse(command: BaseCommand, refused: Refused) -> NoReturn:
    """One line per problem on standard error, nothing on standard output, exit status 1."""
    for problem in refused.problems:
        command.stderr.write(str(problem))
    sys.exit(1)


def dump(doc: Any) -> str:
    return json.dumps(doc, ensure_ascii=False, indent=2)
