"""The house rules of each game at their defaults, as docs/format.md lists them; and as a match
stores them, with this project's additions to the format (docs/format.md, "A deal entered by its
top") at their defaults too."""

from __future__ import annotations

from typing import Any

DEFAULTS: dict[str, dict[str, Any]] = {
    "busca-000": {
        "stake": 0,
        "settlement_rule": "losers_pay",
        "cover_requires_point": False,
        "top_also_scores_when_non_cover": False,
        "renege_penalty": 1,
        "misdeal_penalty": 1,
        "tie_multiplier": False,
        "single_limit": 20,
        "pair_limit": 10,
        "limit_strict": True,
        "losers": "all_over_limit",
    },
    "busca-001": {
        "stake": 0,
        "settlement_rule": "losers_pay",
        "cover_requires_point": True,
        "non_cover_rule": "one_times_n",
        "victory_threshold": None,
        "max_deals": None,
    },
    "busca-003": {
        "stake": 0,
        "settlement_rule": "losers_pay",
        "cover_requires_point": False,
        "top_also_scores_when_non_cover": False,
        "renege_penalty": 1,
        "top_score": "one",
        "tie_scope": "any",
        "high_pair_tie": 4,
        "threshold": 10,
        "losers": "two_highest",
    },
}

EXTENSIONS: dict[str, dict[str, Any]] = {game: {"top_entry": False} for game in DEFAULTS}
STORED: dict[str, dict[str, Any]] = {game: {**DEFAULTS[game], **EXTENSIONS[game]} for game in DEFAULTS}
