"""The web layer never branches on a game: it asks the game's web side (games/web.py, web_for).

A branch on a game in matches/ or templates/ is a comparison with a game's name or key ("busca",
"busca-001"), a table of games (a dict keyed by two games or more), or anything done with a
variant's ``family``; each is refused here, with where it is, so that a new game is its package
and a line in the registry, not a round of edits through the pages.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import TypeGuard

import pytest

from games.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
WEB_LAYER = sorted(
    path for path in (ROOT / "matches").rglob("*.py") if "migrations" not in path.relative_to(ROOT).parts
)
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
# Every game's key in documents and every family.
NAMES = {*GAMES, *(variant.family for variant in GAMES.values())}


def _is_name(node: ast.AST) -> TypeGuard[ast.Constant]:
    return isinstance(node, ast.Constant) and node.value in NAMES


def _literals(node: ast.AST) -> list[ast.AST]:
    """The node, or the items of a tuple, list or set written out (``game in ("busca", "whist")``)."""
    return list(node.elts) if isinstance(node, ast.Tuple | ast.List | ast.Set) else [node]


def _branch(node: ast.AST) -> str | None:
    """How ``node`` branches on a game, or None."""
    if isinstance(node, ast.Compare):
        if any(_is_name(item) for side in (node.left, *node.comparators) for item in _literals(side)):
            return "compared with a game's name"
    elif isinstance(node, ast.Dict):
        games = sorted({str(key.value) for key in node.keys if key is not None and _is_name(key)})
        if len(games) >= 2:
            return f"a table of games: {games}"
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        if node.func.attr in ("startswith", "endswith") and any(_is_name(arg) for arg in node.args):
            return "a game's name matched by its start"
    elif isinstance(node, ast.Attribute) and node.attr == "family":
        return "a variant's family"
    return None


def branches(source: str) -> list[tuple[int, str]]:
    """Where ``source`` branches on a game, and how: (line, what)."""
    found = [(getattr(node, "lineno", 0), _branch(node)) for node in ast.walk(ast.parse(source))]
    return sorted((line, how) for line, how in found if how is not None)


def template_branches(text: str) -> list[tuple[int, str]]:
    found = []
    tags = re.finditer(r"{%.*?%}", text, re.DOTALL)
    for tag in tags:
        line = text.count("\n", 0, tag.start()) + 1
        if re.search(r"\.family\b", tag.group()):
            found.append((line, "a variant's family"))
        quoted = set(re.findall(r"[\"']([\w-]+)[\"']", tag.group()))
        if re.match(r"{%\s*(if|elif)\b", tag.group()) and quoted & NAMES:
            found.append((line, f"compared with a game's name: {sorted(quoted & NAMES)}"))
    return found


@pytest.mark.parametrize("path", WEB_LAYER, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_web_layer_never_branches_on_a_game(path: Path) -> None:
    assert branches(path.read_text()) == []


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_shared_template_branches_on_a_game(path: Path) -> None:
    assert template_branches(path.read_text()) == []


@pytest.mark.parametrize(
    "source",
    [
        'if variant.family == "busca":\n    pass',
        'x = "whist" if game == "whist" else None',
        'ok = match.game in ("busca-000", "busca-001")',
        'rows = {"busca": 15, "mambassa": 18}[family]',
        'ok = game.startswith("busca")',
        'name = f"matches/{variant.family}_top.html"',
    ],
)
def test_each_kind_of_branch_is_found(source: str) -> None:
    assert branches(source) != []


def test_a_branch_in_a_template_is_found() -> None:
    assert template_branches('{% if variant.family == "mambassa" %}x{% endif %}') != []
    assert template_branches('{% if variant.key == "busca-001" %}x{% endif %}') != []
    assert template_branches('{% translate "Mambassa" %}{% if key == "hands" %}{% endif %}') == []


def test_what_is_only_data_is_not_a_branch() -> None:
    # One key that happens to be a game's name (the result's "mambassa": who showed it) is data.
    assert branches('LABELS = {"mambassa": "Mambassa", "quarantuno": "Quarantuno"}') == []
