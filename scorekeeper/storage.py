"""The static files' storage in production: hashed names, compressed copies, each address kept."""

from __future__ import annotations

import functools

from whitenoise.storage import CompressedManifestStaticFilesStorage


class KeptURLStorage(CompressedManifestStaticFilesStorage):
    """A file's hashed address worked out once per process: every page asks for fourteen of them,
    and the files do not change while the server runs (``collectstatic`` comes before a start)."""

    @functools.lru_cache(maxsize=1024)  # noqa: B019 (one storage per process, kept as long anyway)
    def url(self, name: str | None, force: bool = False) -> str:
        return super().url(name, force)
