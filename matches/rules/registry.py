"""Every game the format knows, and the ones this engine can score."""

from __future__ import annotations

from .busca import VARIANTS, BuscaVariant
from .core import Problem, Refused, gettext_noop
from .mambassa import MAMBASSA, Mambassa

Variant = BuscaVariant | Mambassa

# All the games of shared/INTERCHANGE.md; the ones not in GAMES are refused for now.
KNOWN_GAMES = ("busca-000", "busca-001", "busca-003", "mambassa", "whist")
GAMES: dict[str, Variant] = {**VARIANTS, MAMBASSA.key: MAMBASSA}


def variant_for(game: object) -> Variant:
    if isinstance(game, str) and game in GAMES:
        return GAMES[game]
    if isinstance(game, str) and game in KNOWN_GAMES:
        template = gettext_noop("%(game)s is not supported yet")
    else:
        template = gettext_noop("unknown game %(game)s")
    raise Refused([Problem(template, {"game": game}, field="game")])
