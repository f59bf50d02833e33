"""Every game of the match document format, by its key."""

from __future__ import annotations

from .busca.rules import VARIANTS, BuscaVariant
from .core import Problem, Refused, gettext_noop
from .mambassa.rules import MAMBASSA, Mambassa
from .points.rules import POINTS, Points
from .whist.rules import WHIST, Whist

Variant = BuscaVariant | Mambassa | Whist | Points

# All the games of docs/format.md.
GAMES: dict[str, Variant] = {**VARIANTS, MAMBASSA.key: MAMBASSA, WHIST.key: WHIST, POINTS.key: POINTS}


def variant_for(game: object) -> Variant:
    if isinstance(game, str) and game in GAMES:
        return GAMES[game]
    raise Refused([Problem(gettext_noop("unknown game %(game)s"), {"game": game}, field="game")])
