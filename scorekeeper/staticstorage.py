"""Static files as a production server sends them: whitenoise's storage (hashed names, gzip and
brotli), with the project's own scripts and style sheets stripped of their comments and indentation
first.

They are written to be read, a third of them comments; a phone needs none of that. Stripped, the
first visit is under the 50 KB the issue asks (docs/bench.md). rjsmin and rcssmin (the minifiers of
django-compressor) keep the code as it is: they remove only comments and white space, and keep the
/*! ... */ comments of licences.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import rcssmin
import rjsmin
from django.conf import settings
from django.core.files.base import ContentFile
from whitenoise.storage import CompressedManifestStaticFilesStorage

# Where the project's own static files are found: static/ and each game's (games/*/static/).
OWN = (settings.BASE_DIR / "static", settings.BASE_DIR / "games")


STRIP = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}


def stripped(name: str, storage: Any) -> bool:
    """Whether a collected file is one of the project's own scripts or style sheets, which are
    stripped; not those of Django's admin or of htmx, which go out as their authors ship them."""
    found = Path(getattr(storage, "location", "/"))
    own = any(found.is_relative_to(place) for place in OWN)
    return own and Path(name).suffix in STRIP and ".min." not in name


class MinifiedManifestStaticFilesStorage(CompressedManifestStaticFilesStorage):
    def post_process(
        self, paths: dict[str, tuple[Any, str]], dry_run: bool = False, **options: Any
    ) -> Iterator[tuple[str, str, bool]]:
        if not dry_run:
            paths = dict(paths)
            for name, (storage, path) in paths.items():
                if not stripped(name, storage):
                    continue
                with storage.open(path) as source:
                    text = source.read().decode()
                self.delete(name)
                strip = STRIP[Path(name).suffix]
                self.save(name, ContentFile(strip(text, keep_bang_comments=True).encode()))
                paths[name] = (self, name)  # hashed from the stripped copy, as it is served
        yield from super().post_process(paths, dry_run, **options)
