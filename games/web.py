"""The one interface every game answers on the web side, and where the web layer finds it.

The web layer (``matches``: the match page, the change log, the lists, the evening, paper, statistics,
the spreadsheet) asks the same questions of every game and never branches on a game's name: it asks
``web_for(key)``, the game's :class:`GameWeb`, as python-chess asks a board's variant. Each family of
games is a small Django app (``games/<family>/``: its ``apps.py`` names its ``web.py`` class, its
templates are under ``templates/<family>/``), listed in INSTALLED_APPS; its pure rules beside it are
the engine's. A subclass sets a few attributes and overrides what its game does otherwise; the
defaults fit a simple game whose replay has ``deals`` with ``totals`` and whose outcome names its
``winners`` (the points board).

This module is Django's side: the pure modules (``core``, ``document``, ``registry``, each family's
``rules`` and ``document``) never import it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from decimal import Decimal
from typing import TYPE_CHECKING, Any, ClassVar

from django.apps import AppConfig, apps
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.module_loading import import_string
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from matches import spoken
from matches.amounts import money

from .core import next_seat
from .money import transfers
from .registry import GAMES, Variant

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

    from matches.deal_forms import ShowsEveryError
    from matches.models import Match
    from matches.services import Standing

    from .document import Match as Rules

A4, A5 = "a4", "a5"

# A spreadsheet's column: its header, and its cell from a deal's entry and result (matches/spreadsheet.py).
Cell = Callable[[Mapping[str, Any], Mapping[str, Any]], Any]
Column = tuple[str, Cell]


@dataclass(frozen=True)
class Templates:
    """A game's templates, by default ``<family>/<name>.html`` in its app's ``templates/``."""

    form: str  # the deal entry form, for the next deal or to correct one
    top: str  # above the entry form: the result once the match is over, and the drawing
    deals: str  # the deal table under it (it includes its own rows)
    print_deals: str  # the deal table on paper, oldest deal first
    blank: str  # a blank sheet's parts, as partials: #choice (its fields), #note, #drawing, #table

    @classmethod
    def of(cls, family: str, **named: str) -> Templates:
        """The templates of ``family`` under their usual names, but for those ``named``."""
        usual = {f.name: f"{family}/{f.name}.html" for f in fields(cls)}
        return cls(**{**usual, **named})


@dataclass(frozen=True)
class BlankChoice:
    """What a blank sheet is for: how many at the table, the paper, and the numbers the game asks
    (Mambassa's ``lives``, a ``threshold`` that ends the match)."""

    players: int
    paper: str
    asked: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Figure:
    """One of a game's own figures in the statistics: its key in the counts, and its label."""

    key: str
    label: str


@dataclass(frozen=True)
class RecordKind:
    """One of a game's records: its key in ``record_marks`` (or ``record_runs``), its label, and
    whether it is a season's total (trebles won), a run of deals that goes on from one match to the
    next (deals without a busca), or else the best of one match (most busche in one deal)."""

    key: str
    label: str
    season_total: bool = False
    run: bool = False


class GameWeb:
    """What the web layer asks of one family of games; each family's ``web.py`` subclasses it.

    A subclass sets ``family`` and ``form`` and answers ``sheet`` and ``deal_said``; every other
    question has an answer that fits a simple game, overridden where its game differs.
    """

    family: ClassVar[str]  # the variants' family: its templates are under ``<family>/``
    form: ClassVar[type[ShowsEveryError]]  # the deal entry form
    templates: ClassVar[Templates]  # Templates.of(family) unless the subclass says otherwise
    stylesheets: ClassVar[tuple[str, ...]] = ()  # static paths a match page of this game adds
    scripts: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "templates" not in cls.__dict__ and "family" in cls.__dict__:
            cls.templates = Templates.of(cls.family)

    # -- The entry form -------------------------------------------------------------------------

    def form_kwargs(self, standing: Standing, number: int | None, holder: int) -> dict[str, Any]:
        """What the form needs beyond the variant, the players, the deal's number and its dealer
        (``number``: the deal corrected, None for the next one; ``holder``: the seat of who holds
        the phone). By default the match's house rules."""
        return {"options": standing.rules.options}

    def initial(self, entry: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any]:
        """A stored deal's entry as the form's initial values, to correct it."""
        return self.form.initial_from(dict(entry), names)

    def preview(self, deal: Any, standing: Standing) -> Any:
        """What the page shows of a deal judged before it is saved (the form's Preview), or None."""
        return None

    # -- The match page -------------------------------------------------------------------------

    def sheet(self, standing: Standing, *, preview: Any, bottom: int, shown: int | None) -> dict[str, Any]:
        """The game's part of the match page's context: at least ``rows`` (the deal table, newest
        first, each row with its ``number``, ``dealer`` and ``edit_url``), ``outcome_said`` (how the
        match ended, read out; "" while it goes on) and what its templates draw. ``preview``: a deal
        judged, not saved; ``bottom``: the seat drawn nearest the holder; ``shown``: the latest deals
        in the table (None: all).

        By default a sheet of totals: each player's ``totals``, the ``winners`` and ``losers``, the
        ``settlement`` when played for money, and ``rows`` (``rows()``), drawn only when shown."""
        match, names, played = standing.match, standing.players, standing.played
        outcome = played.outcome
        nets = None
        if outcome is not None and match.options.get("stake"):
            nets = self.nets(standing.rules, played)
        return {
            "totals": list(zip(names, played.totals, strict=True)),
            "winners": [names[s] for s in outcome.winners] if outcome else [],
            "losers": [names[s] for s in getattr(outcome, "losers", ())] if outcome else [],
            "settlement": None if nets is None else settlement_rows(names, nets),
            "rows": SimpleLazyObject(lambda: editable(match, self.rows(standing, shown))),
            "outcome_said": self.outcome_said(standing, nets),
        }

    def rows(self, standing: Standing, shown: int | None) -> list[dict[str, Any]]:
        """The default sheet's deal table, newest deal first: each player's points and total."""
        names = standing.players
        return [
            {
                "number": deal.number,
                "dealer": names[deal.dealer],
                "cells": [{"points": p, "total": t} for p, t in zip(deal.points, deal.totals, strict=True)],
            }
            for deal in reversed(latest(standing.played.deals, shown))
        ]

    def outcome_said(self, standing: Standing, nets: Sequence[Decimal] | None) -> str:
        """How the match ended, read out with the deal that ended it ("" while it goes on), for the
        default sheet: "Match over: Anna wins; Bruno pays Anna €1.00." (``nets``: each seat's
        money, None without a stake)."""
        outcome, names = standing.played.outcome, standing.players
        if outcome is None:
            return ""
        won = spoken.busca_result((), [names[seat] for seat in outcome.winners])  # "Anna wins"
        return spoken.match_over(won, paid_said(names, nets))

    # -- What is said about a deal --------------------------------------------------------------

    def deal_said(self, standing: Standing, number: int) -> str:
        """The result of deal ``number`` as a sentence to read out ("Anna 2 busche, Bruno 1 busca");
        by default each player's points in it ("Anna 12, Bruno 3")."""
        deal = standing.played.deals[number - 1]
        return ", ".join(f"{n} {p}" for n, p in zip(standing.players, deal.points, strict=True))

    entry_order: ClassVar[tuple[str, ...]] = ("dealer",)  # an entry's keys as its form asks them

    def entry_said(self, key: str, value: Any, names: Sequence[str]) -> str:
        """One key of a deal's entry in words, for the change log ("last trick: Carla")."""
        return common_said(key, value)

    def entry_text(self, entry: Any, names: Sequence[str], dealer: bool = False) -> str:
        """A deal's entry as the change log reads it: "Anna 14, Bruno 10, …; last trick: Carla".

        Who dealt only with ``dealer``: every deal entered names its dealer (the deal table says who),
        and the log says it only where a correction changed it.
        """
        if not isinstance(entry, dict):
            return ""
        if not dealer:
            entry = {key: value for key, value in entry.items() if key != "dealer"}
        # In the order the form asks them (PostgreSQL keeps a JSON object's keys in an order of its own).
        order = self.entry_order
        keys = sorted(entry, key=lambda key: (order.index(key) if key in order else len(order), key))
        return "; ".join(text for text in (self.entry_said(key, entry[key], names) for key in keys) if text)

    # -- A match in a list (the matches page, an evening, a summary) ----------------------------

    def sides(self, names: Sequence[str]) -> Sequence[str]:
        """Who scores: the players, or the pairs of a game of partners."""
        return names

    def winners(self, result: Mapping[str, Any], sides: Sequence[str]) -> list[str]:
        """Who won, read from a stored result (docs/format.md); empty while in progress."""
        return list(result.get("winners") or [])

    def scores(self, result: Mapping[str, Any]) -> Sequence[Any]:
        """Each side's score in a stored result, in the order of ``sides``."""
        return list(result.get("totals") or [])

    # -- Money ----------------------------------------------------------------------------------

    def nets(self, rules: Rules, played: Any) -> Sequence[Decimal]:
        """Each seat's money from a finished match (its stake times the rules' settlement)."""
        variant: Any = rules.variant  # a settle(options, played) of its own: Busca's and Whist's differ
        nets: Sequence[Decimal] = variant.settle(rules.options, played)
        return nets

    # -- Statistics and the chart ---------------------------------------------------------------

    def won(self, played: Any, seat: int) -> bool:
        """Whether ``seat`` won the finished match ``played``."""
        return seat in played.outcome.winners

    def standing(self, played: Any, seat: int) -> tuple[int, ...]:
        """Where ``seat`` finished, for head to head: lower is better, equal is level."""
        return (0 if self.won(played, seat) else 1,)

    def partner(self, seat: int) -> int | None:
        """The seat of ``seat``'s partner, in a game of partners."""
        return None

    @property
    def has_partners(self) -> bool:
        """Whether players play in pairs (the statistics then count them by partner too)."""
        return self.partner(0) is not None

    figures: ClassVar[tuple[Figure, ...]] = ()  # the game's own figures, after played, won and lost
    table_shows_deals: ClassVar[bool] = False  # the statistics table has a column of deals played

    def count(self, rules: Rules, played: Any, seat: int) -> dict[str, int]:
        """What one match adds to ``seat``'s figures: ``deals`` played, and each figure's counts."""
        return {"deals": len(played.deals)}

    def figure(self, key: str, counts: Mapping[str, int]) -> Any:
        """Figure ``key`` shown from a player's counts over every match (None: nothing to show)."""
        return counts.get(key, 0)

    records: ClassVar[tuple[RecordKind, ...]] = ()  # the game's own records, beside matches won

    def record_marks(self, rules: Rules, played: Any, seat: int) -> Mapping[str, int]:
        """What one match marks for ``seat`` towards each of ``records`` (higher is better)."""
        return {}

    def rated_as(self) -> str:
        """The rating a finished match of this game moves (matches/ratings.py): one per family, its
        variants rated together (the three forms of Busca share one)."""
        return self.family

    def record_runs(self, rules: Rules, played: Any, seat: int) -> Mapping[str, Sequence[bool]]:
        """For each run among ``records``: deal by deal, whether ``seat``'s run goes on (False ends it)."""
        return {}

    def running_totals(self, rules: Rules, played: Any) -> tuple[list[str], list[list[int]]]:
        """Per side, its running figure before the first deal and after each one (the chart)."""
        names = list(rules.players)
        first = list(rules.start.totals) if rules.start else [0] * len(names)
        return names, [[first[s], *(d.totals[s] for d in played.deals)] for s in range(len(names))]

    # Marked with gettext_noop, translated where shown.
    chart_caption: ClassVar[str] = gettext_noop("Totals after each deal")  # the chart's text alternative
    chart_unit: ClassVar[str] = gettext_noop("points")  # above its y axis
    chart_apart: ClassVar[bool] = False  # draw lines that would lie on one another side by side

    def chart_limits(self, rules: Rules) -> list[int]:
        """The totals that end the match, drawn across the chart."""
        return []

    def chart_note(self, limits: Sequence[int]) -> str:
        """The sentence under the chart."""
        return _(self.chart_caption) + "."

    # -- The spreadsheet ------------------------------------------------------------------------

    def spreadsheet_columns(self, players: Sequence[str], given: set[str]) -> list[Column]:
        """The columns of what the table entered that the results do not say (``given``: the keys
        some deal's entry has)."""
        return []

    # The headers of its results' own keys (docs/format.md).
    result_labels: ClassVar[Mapping[str, StrOrPromise]] = {}

    def result_columns(self, key: str, label: str, players: Sequence[str]) -> list[Column] | None:
        """The columns of the results' ``key``, where the game shows it its own way; None: as every
        game does (one column, or one per player or side when each deal holds one value each)."""
        return None

    # -- Paper ----------------------------------------------------------------------------------

    papers: ClassVar[tuple[str, ...]] = (A4,)  # the papers the sheet comes in, the first by default
    blank_rows: ClassVar[int] = 15  # empty deal rows under the blank drawing on A4 (7.5 mm each at least)
    blank_rows_a5: ClassVar[int] = 9

    def rules_summary(self, variant: Variant) -> tuple[str, ...]:
        """The rules in a few lines for the back of a blank sheet (gettext_noop'd); none: no blank sheet."""
        return ()

    def blank_choice(self, variant: Variant, query: Mapping[str, str]) -> BlankChoice:
        """The blank sheet asked for in ``query``, each number within what the game allows."""
        return BlankChoice(players=variant.min_players, paper=self.paper(query.get("paper")))

    def blank_sheet(self, variant: Variant, choice: BlankChoice) -> dict[str, Any]:
        """What the game's blank template draws: its empty drawing, and what its note says."""
        return {}

    def paper(self, asked: str | None) -> str:
        """The paper asked for, if the sheet comes in it; else the first."""
        return asked if asked is not None and asked in self.papers else self.papers[0]

    # -- A new match ----------------------------------------------------------------------------

    def new_match_problem(self, variant: Variant, options: Mapping[str, Any]) -> str | None:
        """Why a match of ``variant`` cannot be started with ``options`` (the form's values), or None."""
        return None

    def rematch_dealer(self, standing: Standing) -> int:
        """Who deals first in a rematch of ``standing``'s match, the same players in the same seats:
        whoever would deal the next deal had the match gone on. By default the deal passes to the
        right (docs/format.md: the next seat) from the last deal's dealer; before any deal, the
        match's first dealer deals."""
        deals = standing.played.deals
        if not deals:
            return standing.rules.first_dealer
        return next_seat(deals[-1].dealer, len(standing.players))


# -- What a game's web side shares ------------------------------------------------------------------


def name(names: Sequence[str], seat: int | None) -> str | None:
    return None if seat is None else names[seat]


def latest(deals: Sequence[Any], shown: int | None) -> Sequence[Any]:
    """The ``shown`` latest deals (all of them for None), oldest first."""
    return deals if shown is None else deals[max(len(deals) - shown, 0) :]


def deal_edit_url(match_pk: int, number: int) -> str:
    url: str = reverse("deal_edit", args=[match_pk, number])
    return url


def editable(match: Match, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows of a deal table, each with the address that corrects its deal."""
    return [{**row, "edit_url": deal_edit_url(match.pk, row["number"])} for row in rows]


def settlement_rows(names: Sequence[str], nets: Sequence[Any]) -> list[dict[str, Any]]:
    """Each player's money after a match, for the banner of its end."""
    return [{"name": n, "amount": a} for n, a in zip(names, nets, strict=True)]


def paid_said(names: Sequence[str], nets: Sequence[Decimal] | None) -> str:
    """Who pays whom after a match, in words ("" without a stake, or when nobody pays)."""
    if nets is None:
        return ""
    owed = transfers(dict(enumerate(nets)))
    return spoken.payments([(names[payer], names[payee], money(amount)) for payer, payee, amount in owed])


def common_said(key: str, value: Any) -> str:
    """A key of a deal's entry that every game may have, in words: who dealt it."""
    if key == "dealer":
        return _("dealt by %(name)s") % {"name": value}
    return f"{key} {json.dumps(value, ensure_ascii=False)}"  # nothing the forms write


def number(query: Mapping[str, str], key: str, default: int | None, low: int, high: int) -> int | None:
    """A whole number from a query, kept between ``low`` and ``high``; ``default`` when missing."""
    try:
        value = int(query.get(key, ""))
    except ValueError:
        return default
    return min(max(value, low), high)


def entry_at(key: str, index: int) -> Cell:
    """A spreadsheet cell: item ``index`` of the entry's ``key``."""

    def value(entry: Mapping[str, Any], result: Mapping[str, Any]) -> Any:
        found = entry.get(key)
        return found[index] if isinstance(found, list) and index < len(found) else None

    return value


def pick(sides: Sequence[str], index: Any) -> str | None:
    """The side numbered ``index`` in a document, if it is one."""
    return sides[index] if isinstance(index, int) and 0 <= index < len(sides) else None


# -- Where the web layer finds a game ---------------------------------------------------------------


class GameApp(AppConfig):
    """A game's Django app (its templates and static files), and the dotted path of its GameWeb."""

    web_class: str  # where its GameWeb is: "games.busca.web.Busca"

    def ready(self) -> None:
        made = import_string(self.web_class)()
        if not isinstance(made, GameWeb):
            raise TypeError(f"{self.web_class} is not a GameWeb")
        _WEB[made.family] = made


_WEB: dict[str, GameWeb] = {}


def ratings_listed() -> dict[str, str]:
    """Every rating's key (``GameWeb.rated_as``) and its name, that of the first game listed that
    moves it ("Busca / Busche"), in the order the games are listed."""
    named: dict[str, str] = {}
    for variant in GAMES.values():
        named.setdefault(web_for(variant).rated_as(), str(variant.names))
    return named


def web_for(game: str | Variant) -> GameWeb:
    """The web side of a game, by its key in documents or its variant."""
    variant = GAMES[game] if isinstance(game, str) else game
    try:
        return _WEB[variant.family]
    except KeyError:
        apps.check_apps_ready()
        raise LookupError(
            f"no installed app answers for the games of family {variant.family!r}: "
            f"add games.{variant.family} to INSTALLED_APPS"
        ) from None
