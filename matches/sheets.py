"""What the match page shows for each family of games: the drawing, the deal table, the entry form.

Each family gives an entry form (for the next deal, or to correct deal N) and the context of its
sheet; the views stay the same for every game.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.busca.rules import BuscaMatch
from games.mambassa.rules import DealResult as MambassaDealResult
from games.mambassa.rules import Hand, MambassaGame
from games.registry import GAMES
from games.whist.rules import Rubber

from . import spoken
from .deal_forms import BuscaDealForm, MambassaDealForm, WhistDealForm
from .drawing import busca_cross
from .forms import house_rules
from .models import Change, Match
from .services import UNDOABLE, Standing, latest_changes, seat_names
from .sheet_drawing import GameColumn, whist_sheet
from .table_drawing import mambassa_table


def _rules_dealer(standing: Standing, number: int) -> int:
    """Who the rules chose to deal deal ``number`` (the table may have chosen another)."""
    if number == 1:
        return standing.rules.first_dealer
    dealer: int = standing.played.deals[number - 2].next_dealer
    return dealer


def entry_form(
    standing: Standing,
    data: Mapping[str, Any] | None = None,
    number: int | None = None,
    holder: int = 0,
) -> forms.Form:
    """The form for the next deal, or to correct deal ``number``, bound to ``data`` if given.

    ``holder``: the seat of who holds the phone (Whist asks about their pair first).
    """
    played, rules = standing.played, standing.rules
    kwargs: dict[str, Any] = {"variant": rules.variant, "players": standing.players}
    kwargs["number"] = number or len(played.deals) + 1
    if number is None:
        kwargs["dealer"] = played.next_dealer
    else:
        deal = played.deals[number - 1]
        entry = standing.match.deals.get(number=number).entry
        kwargs["dealer"] = deal.dealer
        kwargs["rules_dealer"] = _rules_dealer(standing, number)
        kwargs["initial"] = FORMS[rules.variant.family].initial_from(entry, standing.players)
    if rules.variant.family != "busca":
        kwargs["options"] = rules.options
    if rules.variant.family == "whist":
        kwargs["asked"] = holder % 2  # partners sit opposite
    if rules.variant.family == "mambassa":
        kwargs["active"] = _active_before(standing, number)
        last = standing.match.deals.last()
        if number is None and last is not None and "hands" in last.entry:
            kwargs["initial"] = {"mode": "cards"}  # the table that showed cards last time will again
    form: forms.Form = FORMS[rules.variant.family](data, **kwargs)
    if number is None:
        # A one-time token, so that a repeated submission stores the deal once, and the deal
        # this phone means to enter, so that one entered meanwhile elsewhere is not overwritten.
        # (Not required: a post without them is stored without these checks.)
        form.fields["token"] = forms.UUIDField(widget=forms.HiddenInput, initial=uuid.uuid4, required=False)
        form.fields["number"] = forms.IntegerField(
            widget=forms.HiddenInput,
            initial=len(played.deals) + 1,
            required=False,
            min_value=1,
        )
    else:
        version = standing.match.deals.get(number=number).version
        form.fields["version"] = forms.IntegerField(
            widget=forms.HiddenInput, initial=version, required=False, min_value=1
        )
    return form


def _active_before(standing: Standing, number: int | None) -> tuple[int, ...]:
    """The Mambassa players still in the game before deal ``number`` (None: the next deal)."""
    game: MambassaGame = standing.played
    if number is None:
        return game.active
    tokens = game.deals[number - 2].tokens if number > 1 else _start_tokens(standing)
    return tuple(seat for seat, count in enumerate(tokens) if count > 0)


def _start_tokens(standing: Standing) -> tuple[int, ...]:
    start = standing.rules.start
    if start is not None:
        return tuple(start.tokens)
    return (int(standing.rules.options["lives"]),) * len(standing.players)


SHOWN_DEALS = 30  # deals in the match page's table; the older ones are behind a link
SHOWN_CHANGES = 10  # changes in the match page's log; with every deal shown, ALL_CHANGES
ALL_CHANGES = 200

FORMS: dict[str, Any] = {"busca": BuscaDealForm, "mambassa": MambassaDealForm, "whist": WhistDealForm}


def sheet_context(
    standing: Standing,
    form: forms.Form | None = None,
    preview: Any = None,
    can_score: bool = True,
    bottom: int = 0,
    all_deals: bool = False,
) -> dict[str, Any]:
    """Everything the match page draws, for any game; ``bottom``: the seat drawn nearest the holder.

    The deal table holds the latest SHOWN_DEALS deals unless ``all_deals``: a long match's page
    stays as light and quick as a short one's, and the older deals are one tap away. The drawing
    and the deal table are {% cache %} fragments of match_detail.html: what they draw is made only
    when it is drawn (lazily), not when it is taken from the cache.
    """
    match, played, rules = standing.match, standing.played, standing.rules
    if form is None and played.outcome is None and can_score:  # the next deal's, each page its own token
        form = SimpleLazyObject(lambda: entry_form(standing, holder=bottom))
    context = {
        "match": match,
        "variant": rules.variant,
        "house_rules": house_rules(rules.variant, match.options),
        "names": standing.players,
        "played": played,
        "outcome": played.outcome,
        "form": form,
        "form_template": f"matches/{rules.variant.family}_form.html",
        "entry_open": form is not None and played.outcome is None,
        "next_number": len(played.deals) + 1,
        "next_dealer": _name(standing.players, played.next_dealer),
        "top_template": f"matches/{rules.variant.family}_top.html",
        "deals_template": f"matches/{rules.variant.family}_deals.html",
        "can_score": can_score,
        # Only when the log is drawn: the latest few, or with every deal a longer list.
        "changes": SimpleLazyObject(
            lambda: change_rows(match, ALL_CHANGES if all_deals else SHOWN_CHANGES, standing.players)
        ),
        "change_log_template": "matches/change_log.html",
        "bottom": bottom,
        "all_deals": all_deals,
    }
    shown = None if all_deals else SHOWN_DEALS  # a row a deal, made only for the deals shown
    family = {"busca": busca_context, "mambassa": mambassa_context, "whist": whist_context}
    context.update(
        family[rules.variant.family](
            match, standing.players, played, rules, preview, bottom=bottom, shown=shown
        )
    )
    if shown is not None and len(played.deals) > shown:
        context["older_deals"] = len(played.deals) - shown
    return context


def _editable(match: Match, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows of a deal table, each with the address that corrects its deal."""
    return [{**row, "edit_url": deal_edit_url(match.pk, row["number"])} for row in rows]


def deal_edit_url(match_pk: int, number: int) -> str:
    return reverse("deal_edit", args=[match_pk, number])


def _latest(deals: Sequence[Any], shown: int | None) -> Sequence[Any]:
    """The ``shown`` latest deals (all of them for None), oldest first."""
    return deals if shown is None else deals[max(len(deals) - shown, 0) :]


CHANGE_TEXTS = {
    Change.Kind.DEAL_ENTERED: gettext_lazy("Deal %(n)s entered"),
    Change.Kind.DEAL_EDITED: gettext_lazy("Deal %(n)s corrected"),
    Change.Kind.DEAL_DELETED: gettext_lazy("Deal %(n)s deleted"),
    Change.Kind.DEAL_RESTORED: gettext_lazy("Deal %(n)s restored"),
    Change.Kind.OPTIONS_CHANGED: gettext_lazy("House rules changed"),
    Change.Kind.MATCH_FINISHED: gettext_lazy("Match over"),
    Change.Kind.MATCH_REOPENED: gettext_lazy("Match reopened"),
}


def change_text(change: Change) -> str:
    """A change as the log names it: "Deal 1 entered"."""
    return str(CHANGE_TEXTS[change.kind]) % {"n": change.deal_number}


def _entry_text(entry: Any, names: Sequence[str], family: str, dealer: bool = False) -> str:
    """A deal's entry as the change log reads it: "Anna 14, Bruno 10, …; last trick: Carla".

    Who dealt only with ``dealer``: every deal entered names its dealer (the deal table says who),
    and the log says it only where a correction changed it.
    """
    if not isinstance(entry, dict):
        return ""
    if not dealer:
        entry = {key: value for key, value in entry.items() if key != "dealer"}
    said = {"busca": _busca_said, "mambassa": _mambassa_said, "whist": _whist_said}[family]
    # In the order the form asks them (PostgreSQL keeps a JSON object's keys in an order of its own).
    order = _ENTRY_ORDER[family]
    keys = sorted(entry, key=lambda key: (order.index(key) if key in order else len(order), key))
    return "; ".join(text for text in (said(key, entry[key], names) for key in keys) if text)


_ENTRY_ORDER = {
    "busca": ("points", "covered", "last_trick", "penalties", "dealer"),
    "mambassa": ("hands", "payers", "mambassa", "quarantuno", "dealer"),
    "whist": ("tricks", "honours", "revoke", "dealer"),
}


def _busca_said(key: str, value: Any, names: Sequence[str]) -> str:
    if key == "points":
        return ", ".join(f"{n} {p}" for n, p in zip(names, value, strict=False)) if value else _("no points")
    if key == "covered" and isinstance(value, list):
        failed = [n for n, covered in zip(names, value, strict=False) if covered is False]
        said = ngettext("didn't cover: %(names)s", "didn't cover: %(names)s", len(failed))
        return said % {"names": ", ".join(failed)} if failed else ""
    if key == "last_trick":
        return _("last trick: %(name)s") % {"name": value}
    if key == "penalties" and isinstance(value, list):
        kinds = {"renege": _("renege: %(name)s"), "misdeal": _("misdeal: %(name)s")}
        return ", ".join(kinds.get(p.get("kind"), "%(name)s") % {"name": p.get("player")} for p in value)
    return _common_said(key, value)


def _mambassa_said(key: str, value: Any, names: Sequence[str]) -> str:
    if key == "hands" and isinstance(value, list):
        return ", ".join(f"{n} {' '.join(hand)}" for n, hand in zip(names, value, strict=False) if hand)
    if key == "payers" and isinstance(value, list):
        said = ngettext("paying: %(names)s", "paying: %(names)s", len(value))
        return said % {"names": ", ".join(value)}
    if key in ("mambassa", "quarantuno"):
        return f"{key.capitalize()}: {value}"
    return _common_said(key, value)


def _whist_said(key: str, value: Any, names: Sequence[str]) -> str:
    if key in ("tricks", "honours") and isinstance(value, list):
        said = _("tricks %(counts)s") if key == "tricks" else _("honours %(counts)s")
        return said % {"counts": "–".join(str(count) for count in value)}
    if key == "revoke" and value in (0, 1) and len(names) == 4:
        return _("revoke: %(pair)s") % {"pair": pair_names(names)[value]}
    return _common_said(key, value)


def _common_said(key: str, value: Any) -> str:
    if key == "dealer":
        return _("dealt by %(name)s") % {"name": value}
    return f"{key} {json.dumps(value, ensure_ascii=False)}"  # nothing the forms write


def _options_text(match: Match, changed: dict[str, Any]) -> str:
    """House rules changed, as the match page lists them: "Stake: 2"."""
    variant = GAMES[match.game]
    rules = zip(variant.options, house_rules(variant, changed), strict=True)
    return "; ".join(f"{label}: {shown}" for option, (label, shown) in rules if option.key in changed)


def change_rows(
    match: Match, limit: int = SHOWN_CHANGES, names: Sequence[str] | None = None
) -> dict[str, Any]:
    """The latest ``limit`` changes of a match, newest first, as the change log shows them
    (``rows``), and whether there are older ones (``more``: one more is read to know);
    ``names``: its players' names (read if not given).
    """
    if names is None:
        names = seat_names(match)
    family = GAMES[match.game].family
    changes = latest_changes(match.pk, limit + 1)
    rows = []
    for change, undone in changes[:limit]:
        detail = _entry_text(change.after if change.after is not None else change.before, names, family)
        if change.kind == Change.Kind.DEAL_EDITED:
            dealt = [
                entry.get("dealer") if isinstance(entry, dict) else None
                for entry in (change.before, change.after)
            ]
            before, after = (
                _entry_text(entry, names, family, dealer=dealt[0] != dealt[1])
                for entry in (change.before, change.after)
            )
            detail = f"{before} → {after}"
        if change.kind == Change.Kind.OPTIONS_CHANGED:
            changed = {k: v for k, v in (change.after or {}).items() if (change.before or {}).get(k) != v}
            detail = _options_text(match, changed)
        if change.kind in (Change.Kind.MATCH_FINISHED, Change.Kind.MATCH_REOPENED):
            detail = ""  # the deals above say how it ended; its stored data reads "ended_after_deal null"
        rows.append(
            {
                "pk": change.pk,
                "text": change_text(change),
                "detail": detail,
                "author": change.author_name or _("someone"),
                "at": change.created_at,
                "undone": undone,
                "is_undo": change.undoes_id is not None,
                "can_undo": change.kind in UNDOABLE and not undone,
            }
        )
    return {"rows": rows, "more": len(changes) > limit}


def latest_deal(standing: Standing, *, saved: bool) -> str:
    """The result of the match's latest deal as a sentence to read out ("" before the first deal).

    ``saved``: said to the phone that saved it; otherwise to the phones that see the sheet change.
    """
    played, names = standing.played, standing.players
    if not played.deals:
        return ""
    deal = played.deals[-1]
    family = standing.rules.variant.family
    if family == "busca":
        result = spoken.busca_deal(deal, names)
    elif family == "mambassa":
        result = " ".join(explain(deal, names, bool(standing.match.options["holder_pays"])))
    else:
        result = spoken.whist_deal(deal, pair_names(names))
    dealer = _name(names, played.next_dealer) if played.outcome is None else None
    say = spoken.deal_saved if saved else spoken.sheet_changed
    return say(deal.number, result, dealer)


def history_row(match: Match, names: Sequence[str]) -> dict[str, Any]:
    """A match in the history: its scores, who won and lost, read from the stored result."""
    result = match.result  # a few hundred bytes: the deals are not in it
    sides: Sequence[str] = names
    if match.game == "whist":
        sides = pair_names(names)
        winner = result.get("rubber_winner")
        winners = [sides[winner]] if winner is not None else []
    elif match.game == "mambassa":
        winners = [result["winner"]] if result.get("winner") else []
    else:
        winners = result.get("winners") or []
    # Busca and Whist keep totals (busche, game points), Mambassa tokens.
    scores = result.get("totals") or result.get("tokens") or [0] * len(sides)
    return {
        "match": match,
        "names": tuple(names),
        "variant": GAMES[match.game],
        "scores": list(zip(sides, scores, strict=True)),
        "losers": result.get("losers") or [],
        "winners": winners,
        "deals": result["deal_count"],
    }


def _name(names: Sequence[str], seat: int | None) -> str | None:
    return None if seat is None else names[seat]


def _settlement(names: Sequence[str], net: Sequence[Any]) -> list[dict[str, Any]]:
    return [{"name": n, "amount": a} for n, a in zip(names, net, strict=True)]


# -- Busca -------------------------------------------------------------------------------------


def busca_context(
    match: Match,
    names: Sequence[str],
    played: BuscaMatch,
    rules: Any,
    preview: Any,
    bottom: int = 0,
    shown: int | None = None,
) -> dict[str, Any]:
    variant = rules.variant
    outcome, totals = played.outcome, played.totals
    penalties = penalty_places(played)
    label = spoken.busca_label(
        names,
        totals,
        dealer=_name(names, played.next_dealer),
        losers=[names[s] for s in outcome.losers] if outcome else (),
        penalties=[len(places) for places in penalties],
    )
    # Drawn only when the drawing is not in the cache already (match_detail.html).
    cross = SimpleLazyObject(
        lambda: busca_cross(
            names,
            totals,
            variant.thresholds(match.options),
            dealer=played.next_dealer,
            losers=outcome.losers if outcome else (),
            winners=outcome.winners if outcome else (),
            label=label,
            dealer_label=_("dealer"),
            bottom=bottom,
            penalties=penalties,
            key_labels=(_("busca from points"), _("penalty busca")),
        )
    )
    settlement = None
    if outcome is not None and match.options.get("stake"):
        settlement = _settlement(names, variant.settle(match.options, totals, outcome))
    return {
        "totals": totals,
        "losers": [names[s] for s in outcome.losers] if outcome else [],
        "winners": [names[s] for s in outcome.winners] if outcome else [],
        "settlement": settlement,
        "cross": cross,
        # Only when the table is drawn.
        "rows": SimpleLazyObject(lambda: _editable(match, busca_rows(played, names, shown))),
        "next_leader": _name(names, played.next_leader),
    }


def penalty_places(played: BuscaMatch) -> list[list[int]]:
    """For each seat, which of its busche on the cross (0: the first, by the centre) a penalty gave.

    In the order they were marked: each deal's busche from points, then its penalty busche. Busche
    carried over from paper (a match's start) come first and are from points: the paper does not say.
    """
    seats = len(played.totals)
    if not played.deals:
        return [[] for _seat in range(seats)]
    first = played.deals[0]
    marked = [t - b for t, b in zip(first.totals, first.busche, strict=True)]
    places: list[list[int]] = [[] for _seat in range(seats)]
    for deal in played.deals:
        for seat in range(seats):
            from_points = deal.busche[seat] - deal.penalty_busche[seat]
            start = marked[seat] + from_points
            places[seat].extend(range(start, start + deal.penalty_busche[seat]))
            marked[seat] += deal.busche[seat]
    return places


def busca_rows(played: BuscaMatch, names: Sequence[str], shown: int | None = None) -> list[dict[str, Any]]:
    """The deal table, newest deal first: each player's points, busche and running total."""
    return [
        {
            "number": deal.number,
            "dealer": names[deal.dealer],
            "cells": [
                {
                    "points": deal.points[seat] if deal.points else None,
                    "covered": deal.covered[seat],
                    "busche": deal.busche[seat],
                    "total": deal.totals[seat],
                }
                for seat in range(len(names))
            ],
        }
        for deal in reversed(_latest(played.deals, shown))
    ]


# -- Mambassa ----------------------------------------------------------------------------------


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
    payers = ", ".join(names[s] for s in deal.payers)
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
        dealer=_name(names, game.next_dealer),
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
    settlement = None
    if outcome is not None and match.options.get("stake"):
        settlement = _settlement(names, variant.settle(match.options, game))
    # When the table is drawn.
    rows = SimpleLazyObject(lambda: _editable(match, mambassa_rows(game, names, holder_pays, shown)))
    preview_context = None if preview is None else judged(preview, names, holder_pays)
    return {
        "table": table,
        "rows": rows,
        "winner": _name(names, outcome.winner) if outcome else None,
        "sharers": [names[s] for s in outcome.sharers] if outcome else [],
        "settlement": settlement,
        "preview": preview_context,
    }


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
        for deal in reversed(_latest(game.deals, shown))
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


# -- Whist -------------------------------------------------------------------------------------


def pair_names(names: Sequence[str]) -> tuple[str, str]:
    """Partners sit opposite: the first and third player, the second and fourth."""
    return f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"


def whist_columns(match: Match, rubber: Rubber) -> list[GameColumn]:
    """Each game as the sheet shows it: the running points of each pair, deal by deal."""
    start = match.start or {}
    columns = [GameColumn(((), ()), game["winner"], game["game_points"]) for game in start.get("games", [])]
    points: tuple[list[int], list[int]] = ([], [])
    before = list(start.get("score", [0, 0]))
    for pair in (0, 1):
        if before[pair]:
            points[pair].append(before[pair])
    for deal in rubber.deals:
        for pair in (0, 1):
            if deal.score[pair] != before[pair]:
                points[pair].append(deal.score[pair])
        before = list(deal.score)
        if deal.game is not None:
            columns.append(
                GameColumn((tuple(points[0]), tuple(points[1])), deal.game.winner, deal.game.game_points)
            )
            points, before = ([], []), [0, 0]
    if rubber.outcome is None:
        columns.append(GameColumn((tuple(points[0]), tuple(points[1])), None, None))
    return columns


def whist_context(
    match: Match,
    names: Sequence[str],
    rubber: Rubber,
    rules: Any,
    preview: Any,
    bottom: int = 0,
    shown: int | None = None,
) -> dict[str, Any]:
    variant = rules.variant
    pairs = pair_names(names)
    outcome = rubber.outcome
    totals = variant.totals(match.options, rubber)
    label = spoken.whist_label(
        pairs,
        (rubber.wins(0), rubber.wins(1)),
        totals,
        rubber.score,
        dealer=_name(names, rubber.next_dealer),
        winner=pairs[outcome.winner] if outcome else None,
    )
    # Drawn only when the drawing is not in the cache already (match_detail.html).
    sheet = SimpleLazyObject(
        lambda: whist_sheet(
            pairs,
            whist_columns(match, rubber),
            value_labels={3: _("treble"), 2: _("double"), 1: _("single")},
            rubber_winner=outcome.winner if outcome else None,
            rubber_bonus=int(match.options["rubber_bonus"]),
            totals=totals if outcome else None,
            bonus_label=_("rubber"),
            total_label=_("total"),
            pays_label=_("pays"),
            label=label,
            dealer=None if rubber.next_dealer is None else rubber.next_dealer % 2,
            dealer_label=_("%(dealer)s deals") % {"dealer": _name(names, rubber.next_dealer)},
            left_pair=bottom % 2,  # the pair of who holds the phone (partners sit opposite)
        )
    )
    settlement = variant.settle(match.options, rubber)
    # When the table is drawn.
    order = (0, 1) if bottom % 2 == 0 else (1, 0)  # the holder's pair first, as on the sheet
    rows = SimpleLazyObject(lambda: _editable(match, whist_rows(match, names, rubber, rules, shown, order)))
    return {
        "pairs": pairs,
        "sheet": sheet,
        "rows": rows,
        # The pairs, and their games won, in the order the sheet and the table show them.
        "shown_pairs": [pairs[pair] for pair in order],
        "shown_games": [rubber.wins(pair) for pair in order],
        "score": rubber.score,
        "totals": totals,
        "winner_pair": pairs[outcome.winner] if outcome else None,
        "loser_pair": pairs[settlement.payer] if settlement else None,  # who pays, not always the losers
        "payment": settlement,
        "stake_basis": match.options["stake_basis"],
        "next_leader": _name(names, (rubber.next_dealer + 1) % 4 if rubber.next_dealer is not None else None),
    }


def whist_rows(
    match: Match,
    names: Sequence[str],
    rubber: Rubber,
    rules: Any,
    shown: int | None = None,
    order: tuple[int, int] = (0, 1),
) -> list[dict[str, Any]]:
    """The deal table, newest deal first: trick and honour points, the score, the games won;
    a cell per pair, in ``order``."""
    return [
        {
            "number": deal.number,
            "dealer": names[deal.dealer],
            "cells": [
                {
                    "pair": pair,
                    "score": deal.score[pair],
                    "tricks": deal.trick_points[pair],
                    "honours": deal.honour_points[pair],
                    "honours_not_counted": deal.honours_not_counted[pair],
                }
                for pair in order
            ],
            "game": deal.game,
            "revoke": entry.revoke,
            # The three points a revoke gives (by that house rule) are in no trick or honour count.
            "penalty": 3
            if entry.revoke is not None and match.options["revoke_penalty"] == "three_points"
            else 0,
        }
        for deal, entry in zip(
            reversed(_latest(rubber.deals, shown)),
            reversed(_latest(rules.deals[: len(rubber.deals)], shown)),
            strict=True,
        )
    ]
