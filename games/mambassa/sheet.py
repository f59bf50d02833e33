"""The Mambassa sheet: the table of lives and the pot, the deal log's rows, and each hand and payment in
words (``mambassa_context``: what mambassa/top.html and deals.html draw)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django.utils.functional import SimpleLazyObject
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.web import editable, latest, name, paid_said, settlement_rows
from matches import spoken

from .drawing import mambassa_table
from .rules import DealResult as MambassaDealResult
from .rules import Hand, MambassaGame

if TYPE_CHECKING:
    from matches.models import Match


def _rank(rank: int) -> str:
    names = {1: _("ace"), 8: _("fante"), 9: _("cavallo"), 10: _("re"), 11: _("ace")}
    return names.get(rank, str(rank))


def _suit(suit: str | None) -> str:
    names = {"D": _("denari"), "S": _("spade"), "C": _("coppe"), "B": _("bastoni")}
    return names.get(suit or "", "")


def hand_name(hand: Hand) -> str:
    """A hand as players call it: "tris of re", "scala corta to the ace of denari", "16"."""
    if hand.combination == "mambassa":
        return _("Mambassa")
    if hand.combination == "quarantuno":
        return _("Quarantuno of %(suit)s") % {"suit": _suit(hand.suit)}
    if hand.combination == "quartina":
        return _("quartina of %(rank)s") % {"rank": _rank(hand.rank or 0)}
    if hand.combination == "tris":
        return _("tris of %(rank)s") % {"rank": _rank(hand.rank or 0)}
    if hand.combination == "scala_lunga":
        return _("scala lunga to the %(rank)s of %(suit)s") % {
            "rank": _rank(hand.top or 0),
            "suit": _suit(hand.suit),
        }
    if hand.combination == "scala_corta":
        return _("scala corta to the %(rank)s of %(suit)s") % {
            "rank": _rank(hand.top or 0),
            "suit": _suit(hand.suit),
        }
    return str(hand.value)


def explain(deal: MambassaDealResult, names: Sequence[str], holder_pays: bool) -> list[str]:
    """Who paid and why, in a sentence or two a player can check against the cards."""
    payers = str(get_text_list([names[s] for s in deal.payers], _("and")))  # "Bruno and Dario"
    lines = []
    if deal.void:
        lines.append(_("Everyone left would have gone out: the deal is void and no token moves."))
    elif deal.mambassa is not None:
        template = (
            _("%(player)s shows Mambassa: everyone pays.")
            if holder_pays
            else _("%(player)s shows Mambassa: everyone else pays.")
        )
        lines.append(template % {"player": names[deal.mambassa]})
    elif deal.hands:
        low = deal.hands[deal.payers[0]]
        assert low is not None
        lines.append(
            ngettext(
                "%(payers)s pays: %(hand)s, the lowest.",
                "%(payers)s pay: %(hand)s, the lowest.",
                len(deal.payers),
            )
            % {"payers": payers, "hand": hand_name(low)}
        )
        lines.extend(_tie_break(deal, names))
    else:
        lines.append(ngettext("%(payers)s pays.", "%(payers)s pay.", len(deal.payers)) % {"payers": payers})
    if deal.quarantuno is not None and not deal.void:
        lines.append(
            _("%(player)s shows Quarantuno and takes a token from the pot.")
            % {"player": names[deal.quarantuno]}
        )
    if deal.reentered:
        lines.append(_("Everyone was out: every player comes back with one token from the pot."))
    if deal.eliminated:
        out = ", ".join(names[s] for s in deal.eliminated)
        lines.append(
            ngettext("%(players)s is out.", "%(players)s are out.", len(deal.eliminated)) % {"players": out}
        )
    return lines


def _tie_break(deal: MambassaDealResult, names: Sequence[str]) -> list[str]:
    """Say why the payer lost to the next hand up, when the combination alone does not tell."""
    assert deal.hands is not None
    hands = {s: h for s, h in enumerate(deal.hands) if h is not None}
    payer = deal.payers[0]
    others = [s for s in hands if s not in deal.payers]
    if not others:
        return []
    above = min(others, key=lambda s: hands[s].key)
    if hands[above].key == hands[payer].key:
        return [_("Equal hands with two players left: the player who did not deal pays.")]
    if hands[above].combination != hands[payer].combination or hands[payer].combination == "somma":
        return []
    return [
        _("%(winner)s's %(better)s beats %(loser)s's %(worse)s.")
        % {
            "winner": names[above],
            "better": hand_name(hands[above]),
            "loser": names[payer],
            "worse": hand_name(hands[payer]),
        }
    ]


def mambassa_rows(
    game: MambassaGame, names: Sequence[str], holder_pays: bool, shown: int | None = None
) -> list[dict[str, Any]]:
    """The deal table, newest deal first: who paid and why, the hands shown, tokens and pot."""
    return [
        {
            "number": deal.number,
            "dealer": names[deal.dealer],
            "lines": explain(deal, names, holder_pays),
            "hands": _shown_hands(deal, names),
            "tokens": list(zip(names, deal.tokens, strict=True)),
            "pot": deal.pot,
        }
        for deal in reversed(latest(game.deals, shown))
    ]


def judged(deal: MambassaDealResult, names: Sequence[str], holder_pays: bool) -> dict[str, Any]:
    """The hands of a deal as the app judged them, and why who pays pays: shown before saving."""
    return {"lines": explain(deal, names, holder_pays), "hands": _shown_hands(deal, names)}


def _shown_hands(deal: MambassaDealResult, names: Sequence[str]) -> list[dict[str, Any]]:
    if not deal.hands:
        return []
    return [
        {"name": names[seat], "hand": hand_name(hand), "value": hand.value, "pays": seat in deal.payers}
        for seat, hand in enumerate(deal.hands)
        if hand is not None
    ]


def mambassa_context(
    match: Match,
    names: Sequence[str],
    game: MambassaGame,
    rules: Any,
    preview: Any,
    bottom: int = 0,
    shown: int | None = None,
) -> dict[str, Any]:
    variant = rules.variant
    outcome = game.outcome
    holder_pays = bool(match.options["holder_pays"])
    winners: list[str] = []
    if outcome is not None:
        winners = (
            [names[outcome.winner]] if outcome.winner is not None else [names[s] for s in outcome.sharers]
        )
    label = spoken.mambassa_label(
        names,
        game.tokens,
        game.pot,
        out={seat for seat, held in enumerate(game.tokens) if held == 0} | set(game.out_after),
        dealer=name(names, game.next_dealer),
        winners=winners,
    )
    out_labels = {seat: _("out after deal %(n)d") % {"n": n} for seat, n in game.out_after.items() if n}
    # Drawn only when the drawing is not in the cache already (match_detail.html).
    table = SimpleLazyObject(
        lambda: mambassa_table(
            names,
            game.tokens,
            game.pot,
            lives=int(match.options["lives"]),
            dealer=game.next_dealer,
            out_after=game.out_after,
            winner=outcome.winner if outcome else None,
            label=label,
            dealer_label=_("dealer"),
            out_labels=out_labels,
            pot_label=_("pot"),
            bottom=bottom,
        )
    )
    settlement = nets = None
    if outcome is not None and match.options.get("stake"):
        nets = variant.settle(match.options, game)
        settlement = settlement_rows(names, nets)
    outcome_said = ""
    if outcome is not None:
        result = spoken.mambassa_result(name(names, outcome.winner), [names[s] for s in outcome.sharers])
        outcome_said = spoken.match_over(result, paid_said(names, nets))
    # When the table is drawn.
    rows = SimpleLazyObject(lambda: editable(match, mambassa_rows(game, names, holder_pays, shown)))
    preview_context = None if preview is None else judged(preview, names, holder_pays)
    return {
        "outcome_said": outcome_said,
        "table": table,
        "rows": rows,
        "winner": name(names, outcome.winner) if outcome else None,
        "sharers": [names[s] for s in outcome.sharers] if outcome else [],
        "settlement": settlement,
        "preview": preview_context,
    }
