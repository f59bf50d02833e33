"""Compile a gettext catalogue (.po) into the .mo Django reads, without GNU gettext.

A fresh machine has only python3 and make, so `make` compiles the catalogues with
polib (pinned in requirements.txt) instead of `manage.py compilemessages` (msgfmt).
"""

import sys
from pathlib import Path

import polib

for po_path in sys.argv[1:]:
    catalogue = polib.pofile(po_path)
    catalogue.save_as_mofile(str(Path(po_path).with_suffix(".mo")))
