"""The rules engine is pure Python: nothing under matches/rules may import Django."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "matches" / "rules"
MODULES = sorted(RULES.glob("*.py"))


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


def test_the_rules_package_has_its_modules() -> None:
    assert {m.stem for m in MODULES} >= {"core", "busca", "registry", "document"}


def test_no_rules_module_imports_django_in_its_source() -> None:
    found = {m.name: sorted(filter(is_django, imported_names(m))) for m in MODULES}
    assert {name: imports for name, imports in found.items() if imports} == {}


def test_importing_every_rules_module_loads_no_django() -> None:
    modules = [f"matches.rules.{m.stem}" for m in MODULES if m.stem != "__init__"]
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
