"""Geometry of the Whist score sheet; the template whist/sheet.html draws it.

Pure Python: no Django here. Every coordinate is in viewBox units, rounded to one
decimal, like the Busca cross in games/busca/drawing.py.

The classic two-column sheet: a page ruled into one column per pair under the pair's
name. Down the page, game by game, each pair's running points are pencilled in its
column, one number per deal that changed them; a finished game is closed by a line
drawn across the page, with the game's value (treble 3, double 2, single 1) written
under it on the winner's side. When the rubber is over a double line closes the
sheet, and under it the rubber bonus, each column's total and what the losers pay.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from games.drawing import Segment, Text, large_text_length, shorten

PAIRS = 2

# The sheet: as wide as the cross and the table, as tall as its games need.
WIDTH = 360.0
COLUMN = WIDTH / PAIRS
MARGIN = 8.0  # paper left around the ruling
INSET = 12.0  # between a column's edge and its first number

NAME_LIMIT = 17  # characters of a pair's name, the ellipsis included: 15 px fills a column
LARGE_TEXT_NAME = 12  # characters that fill a column at large text (static/css/whist.css); longer: smaller
NAME_BASELINE = 25.0
HEAD_RULE = 36.0  # the line under the names

POINT_SIZE = 15.0  # static/css/whist.css
PITCH = 20.0  # between the centres of two one-digit numbers in a row
DIGIT_PITCH = 8.0  # more for each further digit of the longest number on the sheet
ROW = 20.0  # between two rows of numbers
GAME_GAP = 8.0  # above a game's first row
BASELINE = 15.0  # from the top of a row to its numbers' baseline
RULE_GAP = 6.0  # between the last row and the line under a game
NOTE_ROW = 20.0  # the value under the line: baseline below the line
NOTE_BELOW = 12.0  # under the value, before the next game: the value belongs to the game above
NOTE_LIMIT = 14  # characters of a translated label ("treble", "rubber", "total", "pays")

DOUBLE_GAP = 3.0  # between the two lines that close the rubber
TOTALS_ROW = 21.0
BOTTOM = 12.0  # paper below the last line of writing

VALUE_LABELS: Mapping[int, str] = MappingProxyType({3: "treble", 2: "double", 1: "single"})


@dataclass(frozen=True)
class GameColumn:
    """One game as the sheet shows it: the input of whist_sheet."""

    points: tuple[tuple[int, ...], tuple[int, ...]]  # running score after each deal that changed it, per pair
    winner: int | None  # None: the game in progress
    value: int | None  # 3, 2 or 1 once won


@dataclass(frozen=True)
class Head:
    """A pair's name at the top of its column."""

    pair: int
    name: str  # as shown: truncated with an ellipsis when long
    full_name: str
    at: Text

    @property
    def truncated(self) -> bool:
        return self.name != self.full_name

    @property
    def long(self) -> str:
        """How much smaller the name is written with large text: "" not at all, "1" a little, "2" more."""
        return large_text_length(self.name, LARGE_TEXT_NAME)


@dataclass(frozen=True)
class Points:
    """One pencilled number: a pair's running score after a deal."""

    pair: int
    value: int
    at: Text
    latest: bool  # the last number in its column for this game; the earlier ones are superseded


@dataclass(frozen=True)
class Note:
    """A label and its number, on one pair's side: "treble 3", "rubber 2", "total 7", "pays 6"."""

    pair: int
    label: str
    value: int
    at: Text


@dataclass(frozen=True)
class GameBlock:
    """One game down the sheet: its numbers, and once won the line under it and its value."""

    number: int  # 1 for the first game of the rubber
    points: tuple[Points, ...]
    winner: int | None
    value: Note | None  # on the winner's side, under the line
    rule: Segment | None  # the line drawn across under a finished game
    score: tuple[int, int]  # the last number of each column, 0 when none

    @property
    def in_progress(self) -> bool:
        return self.winner is None

    @property
    def data_winner(self) -> str:
        return "" if self.winner is None else str(self.winner)

    @property
    def data_score(self) -> str:
        return f"{self.score[0]},{self.score[1]}"

    def column(self, pair: int) -> tuple[Points, ...]:
        return tuple(points for points in self.points if points.pair == pair)


@dataclass(frozen=True)
class RubberEnd:
    """Under the double line: the rubber bonus, each column's total, and what the losers pay."""

    winner: int
    rules: tuple[Segment, Segment]
    bonus: Note
    totals: tuple[Note, Note]
    pays: Note  # on the losers' side: the difference between the totals

    @property
    def data_totals(self) -> str:
        return f"{self.totals[0].value},{self.totals[1].value}"


@dataclass(frozen=True)
class Sheet:
    """Everything whist/sheet.html needs to draw the sheet."""

    width: float
    height: float
    heads: tuple[Head, Head]
    head_rule: Segment  # under the names
    divider: Segment  # between the columns, top to bottom
    games: tuple[GameBlock, ...]
    end: RubberEnd | None  # None while the rubber goes on
    label: str  # the text alternative, read by screen readers
    title_id: str
    guides: tuple[Segment, ...] = ()  # faint lines to write on, on a blank sheet
    dealer_at: Text | None = None  # under the game in progress, in the next dealer's pair's column
    dealer_label: str = ""  # "Bruno deals"

    @property
    def dealer_long(self) -> str:
        """ "1" when "Bruno deals" is written a little smaller with large text: longer than a name fits."""
        return "1" if len(self.dealer_label) > LARGE_TEXT_NAME else ""

    @property
    def view_box(self) -> str:
        return f"0 0 {_number(self.width)} {_number(self.height)}"


def blank_whist_sheet(
    pairs: tuple[str, str],
    *,
    rows: int = 18,
    label: str = "",
    title_id: str = "whist-title",
) -> Sheet:
    """An empty sheet to print and fill in with a pencil: the names, the ruling, ``rows`` faint lines.

    The lines are as far apart as the rows of numbers on a drawn sheet; the players draw the
    line under each game themselves.
    """
    if len(pairs) != PAIRS:
        raise ValueError(f"the sheet has {PAIRS} columns, one per pair: got {len(pairs)} names")
    if rows < 1:
        raise ValueError(f"a blank sheet needs at least one row to write on: got {rows}")
    heads = (_head(pairs, 0, 0), _head(pairs, 1, 0))
    first = HEAD_RULE + GAME_GAP + ROW
    guides = tuple(
        Segment(MARGIN + INSET / 2, _r(first + row * ROW), WIDTH - MARGIN - INSET / 2, _r(first + row * ROW))
        for row in range(rows)
    )
    height = _r(first + (rows - 1) * ROW + BOTTOM)
    return Sheet(
        width=WIDTH,
        height=height,
        heads=heads,
        head_rule=Segment(MARGIN, HEAD_RULE, WIDTH - MARGIN, HEAD_RULE),
        divider=Segment(COLUMN, MARGIN, COLUMN, _r(height - MARGIN)),
        games=(),
        end=None,
        label=label or f"{pairs[0]} – {pairs[1]}",
        title_id=title_id,
        guides=guides,
    )


def whist_sheet(
    pairs: tuple[str, str],
    games: Sequence[GameColumn],
    *,
    value_labels: Mapping[int, str] = VALUE_LABELS,
    rubber_winner: int | None = None,
    rubber_bonus: int = 2,
    totals: tuple[int, int] | None = None,
    bonus_label: str = "rubber",
    total_label: str = "total",
    pays_label: str = "pays",
    label: str = "",
    title_id: str = "whist-title",
    dealer: int | None = None,
    dealer_label: str = "",
    left_pair: int = 0,
) -> Sheet:
    """Lay out the sheet: pair ``left_pair`` on the left (the pair of who holds the phone, as a
    scorer writes "we" first), the other on the right, the games top to bottom.

    ``dealer`` is the pair of the next dealer: while the rubber goes on, ``dealer_label`` is
    written under the game in progress, in that pair's column.

    ``totals`` are the game points with the rubber bonus; when the rubber is over and
    they are not given, they are added up from the games' values.
    """
    _check(pairs, games, rubber_winner, totals)
    if left_pair not in range(PAIRS):
        raise ValueError(f"the pair on the left is 0 or 1: got {left_pair}")
    heads = (_head(pairs, 0, left_pair), _head(pairs, 1, left_pair))

    # One pitch for the whole sheet, so the numbers of every game line up.
    # Never wider than a column: a house rule's huge penalty writes one number a row, not none.
    digits = max([1, *(len(str(value)) for game in games for column in game.points for value in column)])
    pitch = min(PITCH + (digits - 1) * DIGIT_PITCH, COLUMN - 2 * INSET)
    blocks = []
    top = HEAD_RULE
    for number, game in enumerate(games, start=1):
        block, top = _game(number, game, top, pitch, value_labels, left_pair)
        blocks.append(block)

    end = None
    if rubber_winner is not None:
        if totals is None:
            won = [sum(g.value or 0 for g in games if g.winner == pair) for pair in range(PAIRS)]
            won[rubber_winner] += rubber_bonus
            totals = (won[0], won[1])
        labels = (bonus_label, total_label, pays_label)
        end, top = _end(rubber_winner, rubber_bonus, totals, top, labels, left_pair)

    dealer_at = None
    if end is None and dealer is not None:
        if dealer not in range(PAIRS):
            raise ValueError(f"the dealer's pair is 0 or 1: got {dealer}")
        top = max(top, HEAD_RULE + GAME_GAP + ROW)
        dealer_at = Text(_middle(dealer, left_pair), _r(top + NOTE_ROW - GAME_GAP / 2), "middle")
        top += NOTE_ROW
    height = _r(max(top, HEAD_RULE + GAME_GAP + ROW) + BOTTOM)
    if not label:
        label = _label(pairs, blocks, end)
    return Sheet(
        width=WIDTH,
        height=height,
        heads=heads,
        head_rule=Segment(MARGIN, HEAD_RULE, WIDTH - MARGIN, HEAD_RULE),
        divider=Segment(COLUMN, MARGIN, COLUMN, _r(height - MARGIN)),
        games=tuple(blocks),
        end=end,
        label=label,
        title_id=title_id,
        dealer_at=dealer_at,
        dealer_label=shorten(dealer_label, NAME_LIMIT) if dealer_at else "",
    )


def _check(
    pairs: Sequence[str],
    games: Sequence[GameColumn],
    rubber_winner: int | None,
    totals: tuple[int, int] | None,
) -> None:
    if len(pairs) != PAIRS:
        raise ValueError(f"the sheet has {PAIRS} columns, one per pair: got {len(pairs)} names")
    if rubber_winner is not None and rubber_winner not in (0, 1):
        raise ValueError(f"pair {rubber_winner} is not at the table: pairs are 0 and 1")
    if totals is not None and rubber_winner is None:
        raise ValueError("totals are written only under a finished rubber: give its winner too")
    for number, game in enumerate(games, start=1):
        if len(game.points) != PAIRS:
            raise ValueError(f"game {number}: {len(game.points)} columns of points; the sheet has {PAIRS}")
        if game.winner is None:
            if game.value is not None:
                raise ValueError(f"game {number} is in progress, so it has no value yet")
            if number != len(games):
                raise ValueError(f"game {number} is in progress, but games follow it: only the last can be")
            if rubber_winner is not None:
                raise ValueError(f"game {number} is in progress, but the rubber is over")
        elif game.winner not in (0, 1):
            raise ValueError(f"game {number}: pair {game.winner} is not at the table: pairs are 0 and 1")
        elif game.value is None:
            raise ValueError(f"game {number} was won, so it needs its value (3, 2 or 1)")


def _head(pairs: Sequence[str], pair: int, left_pair: int) -> Head:
    middle = Text(_middle(pair, left_pair), NAME_BASELINE, "middle")
    return Head(pair, shorten(pairs[pair], NAME_LIMIT), pairs[pair], middle)


def _middle(pair: int, left_pair: int) -> float:
    """The middle of ``pair``'s column, with ``left_pair`` on the left."""
    return _r(COLUMN * (_side(pair, left_pair) + 0.5))


def _side(pair: int, left_pair: int) -> int:
    """0 if ``pair``'s column is on the left, 1 if on the right."""
    return pair if left_pair == 0 else 1 - pair


def _game(
    number: int,
    game: GameColumn,
    top: float,
    pitch: float,
    value_labels: Mapping[int, str],
    left_pair: int = 0,
) -> tuple[GameBlock, float]:
    """The block of one game below ``top``, and where the next one starts.

    Each column's numbers go left to right, as many in a row as fit, then on the next row.
    """
    per_row = int((COLUMN - 2 * INSET) // pitch)
    rows_top = top + GAME_GAP
    marks: list[Points] = []
    for pair in range(PAIRS):
        column = game.points[pair]
        left = _side(pair, left_pair) * COLUMN + INSET + pitch / 2
        for index, value in enumerate(column):
            # A pencil is never quite on the line: each number a little up or down.
            wobble = _jitter(number * 31 + pair * 17 + index, 1) * 0.9
            at = Text(
                _r(left + index % per_row * pitch),
                _r(rows_top + index // per_row * ROW + BASELINE + wobble),
                "middle",
            )
            marks.append(Points(pair, value, at, latest=index == len(column) - 1))
    # At least one row, left empty for a game carried over from paper without its deals,
    # so that its line never runs into the line above it.
    rows = max([1, *(math.ceil(len(column) / per_row) for column in game.points)])
    score = (game.points[0][-1] if game.points[0] else 0, game.points[1][-1] if game.points[1] else 0)

    if game.winner is None:
        bottom = rows_top + rows * ROW + RULE_GAP
        return GameBlock(number, tuple(marks), None, None, None, score), bottom

    line = rows_top + rows * ROW + RULE_GAP
    value = game.value or 0
    note = Note(
        game.winner,
        shorten(value_labels.get(value, ""), NOTE_LIMIT),
        value,
        Text(_middle(game.winner, left_pair), _r(line + NOTE_ROW), "middle"),
    )
    rule = Segment(MARGIN, _r(line), WIDTH - MARGIN, _r(line))
    return GameBlock(number, tuple(marks), game.winner, note, rule, score), line + NOTE_ROW + NOTE_BELOW


def _end(
    winner: int,
    bonus: int,
    totals: tuple[int, int],
    top: float,
    labels: tuple[str, str, str],
    left_pair: int = 0,
) -> tuple[RubberEnd, float]:
    """The double line, the bonus, the totals and the payment below ``top``, and the bottom;
    ``labels``: of the bonus, the totals and the payment."""
    bonus_label, total_label, pays_label = labels
    first = top + GAME_GAP / 2
    second = first + DOUBLE_GAP
    rules = (
        Segment(MARGIN, _r(first), WIDTH - MARGIN, _r(first)),
        Segment(MARGIN, _r(second), WIDTH - MARGIN, _r(second)),
    )
    loser = 1 - winner
    payer = loser if totals[loser] <= totals[winner] else winner

    def at(pair: int, y: float) -> Text:
        return Text(_middle(pair, left_pair), _r(y), "middle")

    bonus_y = second + NOTE_ROW
    totals_y = bonus_y + TOTALS_ROW
    pays_y = totals_y + TOTALS_ROW
    end = RubberEnd(
        winner=winner,
        rules=rules,
        bonus=Note(winner, shorten(bonus_label, NOTE_LIMIT), bonus, at(winner, bonus_y)),
        totals=(
            Note(0, shorten(total_label, NOTE_LIMIT), totals[0], at(0, totals_y)),
            Note(1, shorten(total_label, NOTE_LIMIT), totals[1], at(1, totals_y)),
        ),
        # The pair with fewer points pays the difference; with a small rubber bonus that can be the winners.
        pays=Note(payer, shorten(pays_label, NOTE_LIMIT), abs(totals[0] - totals[1]), at(payer, pays_y)),
    )
    return end, pays_y + 5.0


def _label(pairs: Sequence[str], games: Sequence[GameBlock], end: RubberEnd | None) -> str:
    """The sheet read aloud, for when the caller gives no text alternative."""
    parts = []
    for game in games:
        if game.winner is None:
            parts.append(f"game {game.number} {game.score[0]}–{game.score[1]}")
        else:
            parts.append(
                f"game {game.number} to {pairs[game.winner]}, {game.value.value if game.value else 0}"
            )
    if end is not None:
        parts.append(f"total {end.totals[0].value}–{end.totals[1].value}")
    return f"{pairs[0]} – {pairs[1]}: " + "; ".join(parts) if parts else f"{pairs[0]} – {pairs[1]}"


def _jitter(index: int, salt: int) -> float:
    """A repeatable wobble in [-1, 1] for mark ``index``."""
    value = math.sin(index * 12.9898 + salt * 78.233) * 43758.5453
    return (value - math.floor(value)) * 2 - 1


def _r(value: float) -> float:
    return round(value, 1) + 0.0  # + 0.0 turns -0.0 into 0.0


def _number(value: float) -> str:
    return f"{value:g}"
