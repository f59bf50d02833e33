"""Statistics of one club's players, read from their stored matches, each replayed once by the engine.

What counts (the pages say it too):

* **played**: every match the player sat in with at least one deal entered, finished or still in
  progress (a match started and never dealt was not played);
* **won, lost**: finished matches only (a match in progress has no winners yet). Busca: the
  engine's winners (in 001, the fewest busche); Mambassa: the last player left (or those sharing
  the pot); Whist: both players of the pair that won the rubber. Every other player lost;
* **deals and their figures**: every deal entered, in matches in progress too; a sheet carried over
  from paper (``start``) counts for the running totals but not as deals;
* **Busca**: busche per deal (penalties included), deals not covered (as the match's house rules
  define covering), and deals in which the player *took the top*: had the most points of the deal,
  ties counting for each tied player, which is what takes the busche when everyone covers;
* **Mambassa**: lives lost, one per token paid to the pot (a void deal pays none);
* **Whist**: games won by the player's pair, and every figure again by partner;
* **money**: each finished match's settlement from the engine times its stake (``played_nets``),
  dated by the match's evening, or by the day it was started when it belongs to no evening.

All of it costs three queries, however many matches there are.
"""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db.models import Prefetch, QuerySet
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from games import document
from games.core import Refused
from games.registry import GAMES, Variant
from games.web import Figure, GameWeb, web_for

from . import charts
from .amounts import money
from .evenings import played_nets
from .models import Club, Deal, Match, Player, Seat
from .seasons import ALL_TIME, Season


@dataclass(frozen=True)
class Replayed:
    """A stored match and its replay: what every figure is read from."""

    match: Match
    players: tuple[Player, ...]  # in seating order
    rules: document.Match
    played: Any  # BuscaMatch, MambassaGame or Rubber
    nets: tuple[Decimal, ...]  # each seat's money; empty while in progress
    date: datetime.date

    @property
    def finished(self) -> bool:
        return self.played.outcome is not None

    @property
    def web(self) -> GameWeb:
        return web_for(self.rules.variant)

    def seat_of(self, player: Player) -> int | None:
        return next((seat for seat, p in enumerate(self.players) if p.pk == player.pk), None)

    def won(self, seat: int) -> bool | None:
        """True or False once the match is over; None while it is in progress."""
        if self.played.outcome is None:
            return None
        return self.web.won(self.played, seat)

    def standing(self, seat: int) -> tuple[int, ...]:
        """Where the player finished: lower is better, equal is level."""
        return self.web.standing(self.played, seat)

    def net(self, seat: int) -> Decimal | None:
        return self.nets[seat] if self.nets else None


def replayed_matches(club: Club, *players: Player, season: Season = ALL_TIME) -> list[Replayed]:
    """The club's matches of ``season`` (those where all ``players`` sat, if given), oldest first,
    replayed."""
    matches: QuerySet[Match] = Match.objects.filter(club=club)
    for player in players:
        matches = matches.filter(seats__player=player)
    matches = matches.select_related("evening").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position")),
        Prefetch("deals", queryset=Deal.objects.order_by("number")),
    )
    result = []
    for match in matches.order_by("created_at", "pk"):
        seated = tuple(seat.player for seat in match.seats.all())
        doc = {
            "format": document.FORMAT,
            "game": match.game,
            "options": match.options,
            "players": [p.name for p in seated],
            "first_dealer": seated[match.first_dealer].name if seated else None,
            "start": match.start,
            "deals": [deal.entry for deal in match.deals.all()],
        }
        if not doc["deals"]:
            continue  # started and never dealt: not played (a sheet from paper is played once dealt)
        try:
            rules = document.read_document(doc)
            played = rules.play()
        except Refused:
            continue  # a match the rules can no longer read has no figures; its page says why
        date = match.evening.date if match.evening else timezone.localdate(match.created_at)
        if not season.holds(date):
            continue
        result.append(Replayed(match, seated, rules, played, tuple(played_nets(rules, played)), date))
    return result


# -- Per player per game --------------------------------------------------------------------------


@dataclass
class Figures:
    """One player's figures in one game (or with one Whist partner): played, won, lost and the
    money, then the game's own (its ``web.figures``: busche per deal, lives lost, games won),
    added up from what each match counts (``counts``) and read by their keys (``f.busche``)."""

    game: str
    played: int = 0
    won: int = 0
    lost: int = 0
    money: Decimal = Decimal(0)
    counts: Counter[str] = field(default_factory=Counter)

    @property
    def variant(self) -> Variant:
        return GAMES[self.game]

    @property
    def web(self) -> GameWeb:
        return web_for(self.game)

    @property
    def in_progress(self) -> int:
        return self.played - self.won - self.lost

    @property
    def shown(self) -> list[Any]:
        """The game's own figures, in the order of its columns (``web.figures``)."""
        return [self.web.figure(figure.key, self.counts) for figure in self.web.figures]

    @property
    def labelled(self) -> list[tuple[Figure, Any]]:
        return list(zip(self.web.figures, self.shown, strict=True))

    def __getattr__(self, key: str) -> Any:
        """A figure or a count by its key: ``deals``, ``busche``, ``busche_per_deal``, ``lives_lost``."""
        if key.startswith("_") or key in ("game", "counts"):
            raise AttributeError(key)
        return self.web.figure(key, self.counts)

    def add(self, rep: Replayed, seat: int) -> None:
        self.played += 1
        won = rep.won(seat)
        self.won += won is True
        self.lost += won is False
        self.money += rep.net(seat) or 0
        self.counts.update(rep.web.count(rep.rules, rep.played, seat))


@dataclass(frozen=True)
class GameTable:
    variant: Variant
    rows: list[tuple[Player, Figures]]

    @property
    def web(self) -> GameWeb:
        """The game's web side: the columns of its own figures (stats.html heads them)."""
        return web_for(self.variant)


def game_tables(reps: Iterable[Replayed]) -> list[GameTable]:
    """Per game, every player who played it, with their figures, by name."""
    figures: dict[str, dict[int, tuple[Player, Figures]]] = {}
    for rep in reps:
        by_player = figures.setdefault(rep.match.game, {})
        for seat, player in enumerate(rep.players):
            by_player.setdefault(player.pk, (player, Figures(rep.match.game)))[1].add(rep, seat)
    return [
        GameTable(GAMES[game], sorted(figures[game].values(), key=lambda row: row[0].name.lower()))
        for game in GAMES
        if game in figures
    ]


# -- One player -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class MatchLine:
    """One of the player's matches: its date, how it went, the money."""

    rep: Replayed
    seat: int
    won: bool | None
    net: Decimal | None
    cumulative: Decimal | None  # the player's money over every finished match up to this one


@dataclass
class PlayerStats:
    player: Player
    games: list[Figures]
    partners: list[tuple[Player, Figures]]
    matches: list[MatchLine]  # newest first
    money: Decimal = Decimal(0)
    chart: charts.LineChart | None = None
    finished: int = field(default=0)

    @property
    def money_text(self) -> str:
        return signed(self.money)


def match_dates(club: Club) -> list[datetime.date]:
    """The date of each of the club's matches (its evening's, or the day it began): its seasons."""
    rows = Match.objects.filter(club=club).values_list("evening__date", "created_at")
    return [day or timezone.localdate(began) for day, began in rows]


def player_stats(club: Club, player: Player, season: Season = ALL_TIME) -> PlayerStats:
    reps = replayed_matches(club, player, season=season)
    games: dict[str, Figures] = {}
    partners: dict[int, tuple[Player, Figures]] = {}
    lines: list[MatchLine] = []
    money = Decimal(0)
    for rep in sorted(reps, key=lambda r: (r.date, r.match.created_at, r.match.pk)):
        seat = rep.seat_of(player)
        assert seat is not None
        games.setdefault(rep.match.game, Figures(rep.match.game)).add(rep, seat)
        partner_seat = rep.web.partner(seat)
        if partner_seat is not None:  # a game of partners (Whist): the figures by partner too
            partner = rep.players[partner_seat]
            partners.setdefault(partner.pk, (partner, Figures(rep.match.game)))[1].add(rep, seat)
        net = rep.net(seat)
        if net is not None:
            money += net
        lines.append(MatchLine(rep, seat, rep.won(seat), net, money if net is not None else None))
    stats = PlayerStats(
        player,
        [games[game] for game in GAMES if game in games],
        sorted(partners.values(), key=lambda row: row[0].name.lower()),
        lines[::-1],
        money,
    )
    stats.finished = sum(1 for line in lines if line.net is not None)
    stats.chart = money_chart(player, [line for line in lines if line.net is not None])
    return stats


def money_chart(player: Player, lines: Sequence[MatchLine]) -> charts.LineChart | None:
    """The player's money over time: the running total after each finished match."""
    if not lines:
        return None
    days = [formats.date_format(line.rep.date, "MONTH_DAY_FORMAT") for line in lines]
    # A day's second match is drawn after its first one, under no date of its own.
    shown = [day if k == 0 or day != days[k - 1] else "" for k, day in enumerate(days)]
    totals = [(line.cumulative or Decimal(0)).quantize(Decimal("0.01")) for line in lines]  # cents shown
    figures = "; ".join(
        _("%(date)s %(game)s %(net)s, total %(total)s")
        % {
            "date": day,
            "game": line.rep.rules.variant.names,
            "net": signed(line.net),
            "total": signed(line.cumulative),
        }
        for day, line in zip(days, lines, strict=True)
    )
    label = _("%(player)s's money after each finished match: %(figures)s") % {
        "player": player.name,
        "figures": figures,
    }
    return charts.line_chart(
        [player.name], [totals], shown, label=label, title_id="money-chart-title", y_caption=_("money")
    )


def signed(amount: Decimal | None) -> str:
    """An amount as the pages show it: a sign, two decimals and the currency, in the reader's language."""
    if amount is None:
        return ""
    return money(amount, signed=True)


# -- Two players ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Meeting:
    """A match both players sat in: who finished ahead, and each one's money."""

    rep: Replayed
    partners: bool
    ahead: str | None  # "a", "b", "level"; None while in progress
    net_a: Decimal | None
    net_b: Decimal | None


@dataclass
class HeadToHead:
    a: Player
    b: Player
    meetings: list[Meeting]  # newest first
    a_ahead: int = 0
    b_ahead: int = 0
    level: int = 0
    money_a: Decimal = Decimal(0)
    money_b: Decimal = Decimal(0)

    @property
    def finished(self) -> int:
        return self.a_ahead + self.b_ahead + self.level


def head_to_head(club: Club, a: Player, b: Player, season: Season = ALL_TIME) -> HeadToHead:
    result = HeadToHead(a, b, [])
    for rep in replayed_matches(club, a, b, season=season):
        seat_a, seat_b = rep.seat_of(a), rep.seat_of(b)
        assert seat_a is not None
        assert seat_b is not None
        partners = rep.web.partner(seat_a) == seat_b
        ahead = None
        if rep.finished:
            first, second = rep.standing(seat_a), rep.standing(seat_b)
            ahead = "a" if first < second else "b" if second < first else "level"
            result.a_ahead += ahead == "a"
            result.b_ahead += ahead == "b"
            result.level += ahead == "level"
            result.money_a += rep.net(seat_a) or 0
            result.money_b += rep.net(seat_b) or 0
        result.meetings.append(Meeting(rep, partners, ahead, rep.net(seat_a), rep.net(seat_b)))
    result.meetings.sort(key=lambda m: (m.rep.date, m.rep.match.created_at, m.rep.match.pk), reverse=True)
    return result


# -- A match's running totals ---------------------------------------------------------------------


def running_totals(rules: document.Match, played: Any) -> tuple[list[str], list[list[int]]]:
    """Per player (Whist: per pair) the running figure before the first deal and after each one.

    Busca: busche; Mambassa: lives left (the winner's take of the pot is not a life); Whist:
    the points each pair has scored in the rubber, tricks and honours.
    """
    return web_for(rules.variant).running_totals(rules, played)


def match_chart(rules: document.Match, played: Any) -> charts.LineChart | None:
    """The running totals drawn as lines; None before the first deal."""
    if not played.deals:
        return None
    web = web_for(rules.variant)
    names, values = running_totals(rules, played)
    caption = _(web.chart_caption)
    figures = charts.figures_text(names, values)
    label = _("%(caption)s, from the start: %(figures)s") % {"caption": caption, "figures": figures}
    limits = web.chart_limits(rules)  # the totals that end the match (Busca's, as on the score cross)
    if limits:
        marked = ", ".join(str(t) for t in limits)
        label += "; " + _("the match ends at: %(totals)s") % {"totals": marked}
    x_labels = [str(n) for n in range(len(values[0]))]
    drawn = [name.replace(" & ", " &\n") for name in names]  # a Whist pair: a name on each text line
    return charts.line_chart(
        drawn,
        values,
        x_labels,
        label=label,
        title_id="match-chart-title",
        y_caption=_(web.chart_unit),
        limits=limits,
        apart=web.chart_apart,
    )
