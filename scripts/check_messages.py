"""Fail when the catalogues lag behind the code: a text of the code missing from a committed .po,
or an entry left fuzzy or untranslated.

Runs `manage.py makemessages` (GNU gettext's xgettext and msgmerge) on a temporary copy of the
project, so the committed catalogues are never touched, then compares what it made with them.
Prints each entry at fault, language by language, and exits 1; exits 0 when both are complete.
Entries the code no longer uses are listed as a note (makemessages --no-obsolete drops them).

Usage: .venv/bin/python scripts/check_messages.py
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("it", "en")
# The same command as README.md's "To update the catalogues".
MAKEMESSAGES = ["makemessages", "-l", "it", "-l", "en", "--ignore=.venv", "--ignore=tests"]

Key = tuple[str | None, str]


def project_files() -> list[str]:
    """What git tracks and what is new beside it (not ignored): the project as it will be committed."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode()
    return [name for name in listed.split("\0") if name and (ROOT / name).is_file()]


def catalogue_path(root: Path, language: str) -> Path:
    return root / "locale" / language / "LC_MESSAGES" / "django.po"


def key(entry: polib.POEntry) -> Key:
    return (entry.msgctxt, entry.msgid)


def label(entry_key: Key) -> str:
    context, msgid = entry_key
    return f"{context} | {msgid!r}" if context else repr(msgid)


def problems(committed: polib.POFile, made: polib.POFile) -> tuple[list[str], list[str]]:
    """(faults, notes) of one language: what the code has that the committed catalogue lacks."""
    known = {key(entry) for entry in committed if not entry.obsolete}
    current = [entry for entry in made if not entry.obsolete]
    faults = [f"new: {label(key(entry))}" for entry in current if key(entry) not in known]
    faults += [
        f"fuzzy: {label(key(entry))}" for entry in current if key(entry) in known and "fuzzy" in entry.flags
    ]
    faults += [
        f"untranslated: {label(key(entry))}"
        for entry in current
        if key(entry) in known and "fuzzy" not in entry.flags and not entry.translated()
    ]
    used = {key(entry) for entry in current}
    notes = [f"no longer in the code: {label(entry_key)}" for entry_key in sorted(known - used, key=str)]
    return faults, notes


def main() -> int:
    if shutil.which("xgettext") is None or shutil.which("msgmerge") is None:
        print("check_messages: GNU gettext is missing (on Debian: apt-get install gettext)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="check_messages-") as scratch:
        copy = Path(scratch) / "project"
        for name in project_files():
            target = copy / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target)
        environment = {**os.environ, "DEBUG": "true"}
        environment.pop("DATABASE_URL", None)
        subprocess.run(
            [sys.executable, "manage.py", *MAKEMESSAGES],
            cwd=copy,
            env=environment,
            check=True,
            stdout=subprocess.DEVNULL,
        )
        failed = False
        for language in LANGUAGES:
            committed = polib.pofile(str(catalogue_path(ROOT, language)))
            made = polib.pofile(str(catalogue_path(copy, language)))
            faults, notes = problems(committed, made)
            if language == "en":  # the code's own words: an English entry says just what the code says
                faults += [
                    f"differs from the code: {label(key(entry))}"
                    for entry in committed
                    if not entry.obsolete and not entry.msgid_plural and entry.msgstr not in ("", entry.msgid)
                ]
            for line in faults:
                print(f"locale/{language}: {line}")
            for line in notes:
                print(f"locale/{language} (note): {line}")
            failed = failed or bool(faults)
    if failed:
        print(
            "check_messages: the catalogues lag behind the code; run "
            f"`.venv/bin/python manage.py {' '.join(MAKEMESSAGES)}` and translate what it adds",
            file=sys.stderr,
        )
        return 1
    print("check_messages: both catalogues hold every text of the code, translated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
