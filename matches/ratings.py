"""Ratings: how strong each player of a club plays each family of games, from its finished matches.

openskill's Bradley-Terry model with partial pairing (Weng-Lin's Bayesian ratings for ranked teams,
each place weighed against the places next to it), as the club plays: a Busca or a Mambassa match
ranks every player (equal places are ties), a Whist rubber ranks two pairs. (Its Plackett-Luce model,
tried first, rated a Busca match's second above the two players tied first: it handles ties poorly.)
Each player's skill is a mean ``mu`` and an uncertainty ``sigma``; the rating shown is the
cautious estimate ``mu - 3 sigma``, which starts at 0 and grows as a player keeps winning and as
their matches make them better known.

Only finished matches count, in the order they finished; a season's ratings start afresh from its
first match (all time: from the club's first). Nothing is stored: they are read again from the
matches (``stats.replayed_matches``), so a corrected deal or a deleted match moves them at once.
Which place each seat took and who played together are the game's to say (``GameWeb.standing``,
``GameWeb.partner``), and so is which rating a match moves (``GameWeb.rated_as``).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from openskill.models import BradleyTerryPart

from games.web import ratings_listed

from . import charts
from .models import Player
from .seasons import Season
from .stats import Replayed

MODEL = BradleyTerryPart()


def shown(rating: Any) -> float:
    """The rating shown: ``mu - 3 sigma``, to one decimal."""
    return round(float(rating.ordinal()), 1)


@dataclass(frozen=True)
class Move:
    """What one rated match did to one player's rating."""

    rep: Replayed
    before: float
    after: float
    place: int  # 1: first; sides tied share a place and the next is skipped (1, 1, 3, 4)
    places: int  # how many sides there were: players, or pairs (Whist)
    partners: tuple[str, ...]  # who played on the same side (Whist)
    ahead_of: tuple[tuple[str, float], ...]  # the players placed below, and their ratings before
    behind: tuple[tuple[str, float], ...]  # the players placed above, and theirs
    level: tuple[tuple[str, float], ...] = ()  # the other sides' players tied with this one

    @property
    def change(self) -> float:
        return round(self.after - self.before, 1)

    @property
    def change_text(self) -> str:
        return signed(self.change)

    @property
    def date(self) -> datetime.date:
        return self.rep.date

    def why(self) -> str:
        """The sentence that says why the rating moved: where the player finished, against whom."""
        day = formats.date_format(self.date, "MONTH_DAY_FORMAT")
        game = str(self.rep.rules.variant.names)
        if self.partners:
            where = (_("won with %(partners)s") if self.place == 1 else _("lost with %(partners)s")) % {
                "partners": _names(list(self.partners))
            }
        else:
            where = ngettext("%(place)s of %(count)s", "%(place)s of %(count)s", self.places) % {
                "place": _ordinal(self.place),
                "count": self.places,
            }
        said = _("%(change)s on %(date)s: %(where)s in %(game)s") % {
            "change": signed(self.change),
            "date": day,
            "where": where,
            "game": game,
        }
        if self.level:
            said += "; " + _("level with %(players)s") % {"players": _rated(self.level)}
        if self.ahead_of:
            said += "; " + _("ahead of %(players)s") % {"players": _rated(self.ahead_of)}
        if self.behind:
            said += "; " + _("behind %(players)s") % {"players": _rated(self.behind)}
        return said + "."


@dataclass
class Rated:
    """One player's rating in one family and season, with every match that moved it, oldest first."""

    player: Player
    skill: Any = field(default_factory=MODEL.rating)
    moves: list[Move] = field(default_factory=list)

    @property
    def rating(self) -> float:
        return shown(self.skill)

    @property
    def rating_text(self) -> str:
        return figure(self.rating)

    @property
    def last(self) -> Move | None:
        return self.moves[-1] if self.moves else None


def families(reps: Sequence[Replayed]) -> list[str]:
    """The families of games the club finished a match of, in the order the games are listed."""
    played = {rep.web.rated_as() for rep in reps if rep.finished}
    return [key for key in ratings_listed() if key in played]


def family_name(family: str) -> str:
    """A family's name as the players say it: its first game's names ("Busca / Busche")."""
    return ratings_listed()[family]


def rate(reps: Sequence[Replayed], family: str, season: Season) -> list[Rated]:
    """Every player's rating in ``family`` over ``season``'s finished matches, best first; players
    with no rated match are not listed."""
    rated: dict[int, Rated] = {}
    finished = [
        rep for rep in reps if rep.finished and rep.web.rated_as() == family and season.holds(rep.date)
    ]
    for rep in sorted(finished, key=_finished_order):
        _rate_match(rep, rated)
    return sorted(rated.values(), key=lambda r: (-r.rating, r.player.name.lower()))


def _finished_order(rep: Replayed) -> tuple[Any, ...]:
    """By the day the match counts for (its evening's, else the day it began: what seasons go by),
    then by when it finished (a match imported from an older copy may not know: when it began)."""
    match = rep.match
    return (rep.date, match.finished_at or match.created_at, match.pk)


def _rate_match(rep: Replayed, rated: dict[int, Rated]) -> None:
    web, players = rep.web, rep.players
    sides: list[list[int]] = []  # seats, by side: one each, or the pairs
    for seat in range(len(players)):
        if not any(seat in side for side in sides):
            partner = web.partner(seat)
            sides.append([seat] if partner is None else sorted({seat, partner}))
    standings = [min(rep.standing(seat) for seat in side) for side in sides]
    places = [1 + sum(other < standing for other in standings) for standing in standings]
    for player in players:
        rated.setdefault(player.pk, Rated(player))
    before = {seat: rated[players[seat].pk].rating for seat in range(len(players))}
    teams = [[rated[players[seat].pk].skill for seat in side] for side in sides]
    after = MODEL.rate(teams, ranks=[float(place) for place in places])
    for k, (side, place, skills) in enumerate(zip(sides, places, after, strict=True)):
        met: dict[int, list[tuple[str, float]]] = {-1: [], 0: [], 1: []}  # behind, level, ahead of
        for j, other in enumerate(sides):
            if j != k:
                met[(places[j] > place) - (places[j] < place)] += [
                    (players[s].name, before[s]) for s in other
                ]
        for seat, skill in zip(side, skills, strict=True):
            entry = rated[players[seat].pk]
            entry.skill = skill
            entry.moves.append(
                Move(
                    rep,
                    before[seat],
                    entry.rating,
                    place,
                    len(sides),
                    tuple(players[s].name for s in side if s != seat),
                    ahead_of=tuple(met[1]),
                    behind=tuple(met[-1]),
                    level=tuple(met[0]),
                )
            )


def rating_chart(rated: Rated, family: str) -> charts.LineChart | None:
    """The player's rating after each rated match, as a line."""
    if not rated.moves:
        return None
    days = [formats.date_format(move.date, "MONTH_DAY_FORMAT") for move in rated.moves]
    # From where the line starts, before the first match (0 for everyone), to after the last.
    # Each day once, at its first match, when every label shows; when the chart shows only some
    # (charts.MAX_X_LABELS), every day, lest a label it shows be blank.
    once = len(days) + 1 <= charts.MAX_X_LABELS
    repeated = [once and k > 0 and day == days[k - 1] for k, day in enumerate(days)]
    shown_days = ["", *("" if again else day for day, again in zip(days, repeated, strict=True))]
    values = [Decimal(str(rated.moves[0].before)), *(Decimal(str(move.after)) for move in rated.moves)]
    figures = "; ".join(
        f"{day} {signed(move.change)} → {figure(move.after)}"
        for day, move in zip(days, rated.moves, strict=True)
    )
    label = _("%(player)s's rating in %(family)s after each finished match: %(figures)s") % {
        "player": rated.player.name,
        "family": family_name(family),
        "figures": figures,
    }
    return charts.line_chart(
        [rated.player.name],
        [values],
        shown_days,
        label=label,
        title_id="rating-chart-title",
        y_caption=_("rating"),
    )


def signed(value: float) -> str:
    """+1.4, −0.8 (a true minus sign), 0.0: in the language's own decimal mark."""
    text = formats.number_format(abs(value), 1)
    return f"+{text}" if value > 0 else f"−{text}" if value < 0 else text


def figure(value: float) -> str:
    """A rating as shown: 12.0, −0.8 (the minus sign of the moves beside it), 10,5 in Italian."""
    return signed(value).removeprefix("+")


def _ordinal(place: int) -> str:
    return {1: _("first"), 2: _("second"), 3: _("third"), 4: _("fourth")}.get(place) or _("%(n)sth") % {
        "n": place
    }


def _names(names: list[str]) -> str:
    if len(names) < 2:
        return "".join(names)
    return _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def _rated(players: Sequence[tuple[str, float]]) -> str:
    return _names([f"{name} ({figure(rating)})" for name, rating in players])


def count_said(count: int) -> str:
    return ngettext("%(n)s match", "%(n)s matches", count) % {"n": count}
