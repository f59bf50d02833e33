"""The rules engine is pure Python: none of the engine's modules under games/ may import Django.

They are what every game shares (core, document, money, registry) and each game's rules and
document; the Django side of a game, when its package has one, lives in other modules beside them."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "games"
MODULES = sorted(
    [GAMES / f"{name}.py" for name in ("__init__", "core", "document", "money", "registry")]
    + [
        family / name
        for family in GAMES.iterdir()
        if (family / "__init__.py").is_file()
        for name in ("__init__.py", "rules.py", "document.py")
    ]
)


def imported_names(source: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(source.read_text(), filename=str(source))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def is_django(name: str) -> bool:
    return name == "django" or name.startswith("django.")


def module_name(source: Path) -> str:
    parts = source.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_the_engine_has_its_modules() -> None:
    assert all(m.is_file() for m in MODULES)
    assert {module_name(m) for m in MODULES} >= {
        "games.core",
        "games.document",
        "games.money",
        "games.registry",
        "games.busca.rules",
        "games.busca.document",
        "games.mambassa.rules",
        "games.mambassa.document",
        "games.whist.rules",
        "games.whist.document",
    }


def test_no_rules_module_imports_django_in_its_source() -> None:
    found = {module_name(m): sorted(filter(is_django, imported_names(m))) for m in MODULES}
    assert {name: imports for name, imports in found.items() if imports} == {}


def test_importing_every_rules_module_loads_no_django() -> None:
    modules = [module_name(m) for m in MODULES]
    script = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True, timeout=60
    )
    assert json.loads(run.stdout) == []
