"""Mambassa on the web: the table of lives and the pot, the deal log, the card picker, and the rest."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext

from games.web import BlankChoice, Column, Figure, GameWeb, RecordKind, common_said, number

from .drawing import MAX_PLAYERS, MIN_PLAYERS, mambassa_table
from .forms import MambassaDealForm
from .sheet import explain, judged, mambassa_context
from .summary import SUMMARY

if TYPE_CHECKING:
    from games.document import Match as Rules
    from games.registry import Variant
    from matches.services import Standing

WRITE_HERE = "_" * 10  # a name to write in pencil: a line, as wide as most names
MAX_LIVES = 9  # a blank sheet's lives, at most
RANKS = {
    "1": gettext_lazy("ace"),
    "F": gettext_lazy("fante"),
    "C": gettext_lazy("cavallo"),
    "R": gettext_lazy("re"),
}
COMBINATIONS = {
    "mambassa": gettext_lazy("Mambassa"),
    "quarantuno": gettext_lazy("Quarantuno"),
    "quartina": gettext_lazy("quartina"),
    "scala_lunga": gettext_lazy("scala lunga"),
    "tris": gettext_lazy("tris"),
    "scala_corta": gettext_lazy("scala corta"),
    "somma": gettext_lazy("sum"),
}
SUITS = {
    "D": gettext_lazy("denari"),
    "S": gettext_lazy("spade"),
    "C": gettext_lazy("coppe"),
    "B": gettext_lazy("bastoni"),
}


class Mambassa(GameWeb):
    family = "mambassa"
    form = MambassaDealForm
    # The card picker (its app's static/mambassa/): only where a Mambassa deal is entered.
    stylesheets = ("mambassa/css/cards.css",)
    scripts = ("mambassa/js/cards.js",)

    def form_kwargs(self, standing: Standing, number: int | None, holder: int) -> dict[str, Any]:
        kwargs: dict[str, Any] = {
            "options": standing.rules.options,
            "active": _active_before(standing, number),
        }
        from matches.models import Deal  # read when asked: the games' web sides load before the models

        last = Deal.objects.filter(match=standing.match).last()
        if number is None and last is not None and "hands" in last.entry:
            kwargs["initial"] = {"mode": "cards"}  # the table that showed cards last time will again
        return kwargs

    def preview(self, deal: Any, standing: Standing) -> Any:
        return judged(deal, standing.players, bool(standing.match.options["holder_pays"]))

    def sheet(self, standing: Standing, *, preview: Any, bottom: int, shown: int | None) -> dict[str, Any]:
        match, names, played, rules = standing.match, standing.players, standing.played, standing.rules
        return mambassa_context(match, names, played, rules, preview, bottom=bottom, shown=shown)

    def deal_said(self, standing: Standing, number: int) -> str:
        deal, holder_pays = standing.played.deals[number - 1], bool(standing.match.options["holder_pays"])
        return " ".join(explain(deal, standing.players, holder_pays))

    entry_order = ("hands", "payers", "mambassa", "quarantuno", "dealer")

    def entry_said(self, key: str, value: Any, names: Sequence[str]) -> str:
        if key == "hands" and isinstance(value, list):
            return ", ".join(f"{n} {' '.join(hand)}" for n, hand in zip(names, value, strict=False) if hand)
        if key == "payers" and isinstance(value, list):
            said = ngettext("paying: %(names)s", "paying: %(names)s", len(value))
            return said % {"names": ", ".join(value)}
        if key in ("mambassa", "quarantuno"):
            return f"{key.capitalize()}: {value}"
        return common_said(key, value)

    def winners(self, result: Mapping[str, Any], sides: Sequence[str]) -> list[str]:
        return [result["winner"]] if result.get("winner") else []

    def scores(self, result: Mapping[str, Any]) -> Sequence[Any]:
        return list(result.get("tokens") or [])

    # -- Statistics and the chart ---------------------------------------------------------------

    def won(self, played: Any, seat: int) -> bool:
        """The last player left, or those sharing the pot."""
        outcome = played.outcome
        return bool(seat == outcome.winner or seat in outcome.sharers)

    def standing(self, played: Any, seat: int) -> tuple[int, ...]:
        """The winner first, then who went out later, then who kept more tokens."""
        out = played.out_after.get(seat, len(played.deals) + 1)
        return (0 if self.won(played, seat) else 1, -out, -played.tokens[seat])

    figures = (Figure("lives_lost", gettext_noop("Lives lost")),)
    table_shows_deals = True  # deals played while still in: they differ from player to player

    records = (
        RecordKind("mambassa", gettext_noop("Mambassa hands made"), season_total=True),
        RecordKind("quarantuno", gettext_noop("Quarantuno hands made"), season_total=True),
        RecordKind("deals_in", gettext_noop("Most deals played in one match")),
    )

    def record_marks(self, rules: Rules, played: Any, seat: int) -> Mapping[str, int]:
        """Hands the seat made that pay (a mambassa, a quarantuno), and the deals it stayed in."""
        return {
            "mambassa": sum(1 for deal in played.deals if deal.mambassa == seat),
            "quarantuno": sum(1 for deal in played.deals if deal.quarantuno == seat),
            "deals_in": self.count(rules, played, seat)["deals"],
        }

    def count(self, rules: Rules, played: Any, seat: int) -> dict[str, int]:
        """Deals played while still in, and lives lost: one per token paid (a void deal pays none)."""
        counts = {"deals": 0, "lives_lost": 0}
        tokens = start_tokens(rules)
        for deal in played.deals:
            counts["deals"] += tokens[seat] > 0  # a deal counts for those still in it
            counts["lives_lost"] += seat in deal.payers
            tokens = list(deal.tokens)
        return counts

    def running_totals(self, rules: Rules, played: Any) -> tuple[list[str], list[list[int]]]:
        """Lives left: the winner's take of the pot is not a life."""
        rows = [start_tokens(rules)]
        for deal in played.deals:
            lives = list(deal.tokens)
            outcome = played.outcome
            if outcome is not None and outcome.after_deal == deal.number and outcome.winner is not None:
                w = outcome.winner
                lives[w] = rows[-1][w] - (w in deal.payers) + (deal.quarantuno == w)
            rows.append(lives)
        names = list(rules.players)
        return names, [[row[s] for row in rows] for s in range(len(names))]

    chart_caption = gettext_noop("Lives left after each deal")
    chart_unit = gettext_noop("lives")
    chart_apart = True  # lives: a few small numbers that many players share

    def chart_note(self, limits: Sequence[int]) -> str:
        return _("Lives left after each deal.")

    # -- The spreadsheet ------------------------------------------------------------------------

    def spreadsheet_columns(self, players: Sequence[str], given: set[str]) -> list[Column]:
        if "hands" not in given:
            return []
        label = _("Cards")  # (xgettext reads no call inside an f-string)
        return [(f"{label} {name}", _cards_of(seat)) for seat, name in enumerate(players)]

    result_labels = {
        "hands": gettext_lazy("Hand"),
        "payers": gettext_lazy("Who pays"),
        "mambassa": gettext_lazy("Mambassa"),
        "quarantuno": gettext_lazy("Quarantuno"),
        "void": gettext_lazy("Deal void"),
        "tokens": gettext_lazy("Tokens"),
        "pot": gettext_lazy("Pot"),
        "eliminated": gettext_lazy("Out"),
    }

    def result_columns(self, key: str, label: str, players: Sequence[str]) -> list[Column] | None:
        if key != "hands":
            return None
        value_label = _("Value")  # (xgettext reads no call inside an f-string)
        columns: list[Column] = []
        for seat, name in enumerate(players):  # each hand shown: its combination and its value
            columns.append((f"{label} {name}", _hand(seat, "combination")))
            columns.append((f"{value_label} {name}", _hand(seat, "value")))
        return columns

    # -- Paper ----------------------------------------------------------------------------------

    blank_rows = 18

    def rules_summary(self, variant: Variant) -> tuple[str, ...]:
        return SUMMARY

    def blank_choice(self, variant: Variant, query: Mapping[str, str]) -> BlankChoice:
        players = number(query, "players", 4, MIN_PLAYERS, MAX_PLAYERS) or 4
        lives = number(query, "lives", 3, 1, MAX_LIVES) or 3
        return BlankChoice(players, self.paper(query.get("paper")), {"lives": lives})

    def blank_sheet(self, variant: Variant, choice: BlankChoice) -> dict[str, Any]:
        lives = choice.asked["lives"]
        table = mambassa_table(
            [WRITE_HERE] * choice.players,
            [lives] * choice.players,
            choice.players,  # each player's first token, put in the pot at once
            lives=lives,
            label=_("An empty table: each player's lives as coins to cross out, and the pot."),
            pot_label=_("pot"),
            blank=True,
        )
        return {"table": table, "lives": lives}


def start_tokens(rules: Rules) -> list[int]:
    """Each seat's tokens before the first deal: a sheet carried over from paper, or the lives."""
    start = rules.start
    return list(start.tokens) if start else [int(rules.options["lives"])] * len(rules.players)


def _active_before(standing: Standing, number: int | None) -> tuple[int, ...]:
    """The players still in the game before deal ``number`` (None: the next deal)."""
    game = standing.played
    if number is None:
        active: tuple[int, ...] = game.active
        return active
    tokens = game.deals[number - 2].tokens if number > 1 else start_tokens(standing.rules)
    return tuple(seat for seat, count in enumerate(tokens) if count > 0)


def _cards_of(seat: int) -> Any:
    def value(entry: Mapping[str, Any], result: Mapping[str, Any]) -> Any:
        hands = entry.get("hands")
        hand = hands[seat] if isinstance(hands, list) and seat < len(hands) else None
        return ", ".join(card_name(card) for card in hand) if hand else None

    return value


def card_name(card: str) -> str:
    """A card of the document ("1D", "FC") as the players say it: "ace of denari", "fante of coppe"."""
    rank, suit = card[:-1], card[-1:]
    return _("%(rank)s of %(suit)s") % {"rank": RANKS.get(rank, rank), "suit": SUITS.get(suit, suit)}


def _hand(seat: int, part: str) -> Any:
    """A spreadsheet cell: the combination of ``seat``'s hand in a result, in words, or its value."""

    def value(entry: Mapping[str, Any], result: Mapping[str, Any]) -> Any:
        hands = result.get("hands")
        hand = hands[seat] if isinstance(hands, list) and seat < len(hands) else None
        if not isinstance(hand, dict):
            return None
        found: Any = hand.get(part)
        return COMBINATIONS.get(found, found) if part == "combination" else found

    return value
