"""Geometry of the Mambassa sheet, the lives and the pot; the template mambassa/table.html draws it.

Pure Python: no Django here. Every coordinate is in viewBox units, rounded to one
decimal, like the Busca cross in games/busca/drawing.py.

Seed 002: «Inizialmente ogni giocatore prepara davanti a sé quattro puntate … ma
ciascuno dovrà subito porne una nel "Piatto". Le altre tre puntate rappresentano le
tre vite da difendere durante il gioco.» So the sheet is the table seen from above:
each player's place card at the table's edge with his tokens in front of him, the
lives he has lost as empty dashed rings, and the pot in the middle.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from games.drawing import Box, Text, large_text_length, shorten

MIN_PLAYERS = 2
MAX_PLAYERS = 8  # «Il numero di giocatori può arrivare fino ad un massimo di otto.»
LIVES = 3
COIN_CAP = 32  # coins drawn in one heap, a player's or the pot; the number is always written too

# The sheet: a square, so it fills the width of a phone held upright, like the cross.
SIZE = 360.0
CENTRE = SIZE / 2
MARGIN = 6.0

EM = 0.62  # a generous average glyph width, in em, to keep text inside its card

# A place card: room for a 12-character name, so three fit side by side.
CARD_WIDTH = 112.0
CARD_RADIUS = 6.0
PAD = 5.0
NAME_SIZE = 14.0
NAME_BASELINE = 17.0  # below the card's top edge, clear of the dealer's tag
NAME_LINE = 22.0  # from the card's top edge to below the name
NOTE_SIZE = 10.0
NOTE_LINE = 11.5
NOTE_CHARS = 17  # characters of the out note on one line
NOTE_LINES = 2
COUNT_SIZE = 13.0
COUNT_GAP = 5.0  # between the last coin and the number
DEALER_SIZE = 9.5
DEALER_CHARS = 14
TAB_RISE = 7.0  # how far the dealer's tag sticks out above the card
TAB_HEIGHT = 12.5

# A player's tokens: a cluster that shrinks, rather than grows, past a few rows.
PITCH = 12.5  # between coin centres when there is room
CLUSTER_WIDTH = 75.0
CLUSTER_HEIGHT = 37.5
COIN = 0.4  # radius, as a share of the pitch

# The pot: a heap in staggered rows.
POT_PITCH = 11.0
POT_ROW = POT_PITCH * math.sqrt(3) / 2
POT_COIN = 4.6
POT_COLUMNS = 8
POT_SIZE = 13.0
POT_GAP = 6.0  # between the pot's label and its coins

# With the phone's text at twice its size (static/css/table.css, "large"), the writing on a card is
# larger than the card was drawn for: each card is drawn again, taller, around the same coins (which
# never move). The number beside them is lowered to stay level with them as it grows, the name rises
# LARGE_NAME_RISE, the dealer's tag rises LARGE_ROOM_ABOVE and grows LARGE_TAG times from its foot,
# the out notes give way (the deal log says them), and the cards at the top edge come down LARGE_DROP
# so that the tag stays on the sheet. table.css moves them by these same amounts.
LARGE_COUNT_DROP = 5.0  # the number, lowered as it grows (table.css: --grow × .31), 26.6 px at 200 %
LARGE_COUNT_HALF = 9.6  # from the number's baseline to the middle of its digits, at that size
LARGE_NAME_RISE = 5.0
LARGE_ROOM_ABOVE = 10.5  # the card's top, the tag with it, rises this much: above the larger name
LARGE_TAG = 1.75  # as the dealer's label grows (table.css: 9.5 px + --grow × .5), as wide as a card
LARGE_DROP = 20.0
LARGE_TEXT_NAME = 7  # characters of a name that fit a card at large text; longer ones are written smaller

# The table top: an oval a little wider than the ring of cards, so that its rim runs
# under the cards at the sides and near the corners too.
TABLE_WIDEN = 1.2
TABLE_HEIGHTEN = 1.06

NOBODY: Mapping[int, int] = MappingProxyType({})
NO_NOTES: Mapping[int, str] = MappingProxyType({})


@dataclass(frozen=True)
class Coin:
    """One token seen from above: a held one, a lost life, or one in the pot."""

    x: float
    y: float
    r: float


@dataclass(frozen=True)
class Oval:
    """An ellipse: the table top."""

    cx: float
    cy: float
    rx: float
    ry: float


@dataclass(frozen=True)
class Label:
    """A line of text and where it goes."""

    text: str
    at: Text


@dataclass(frozen=True)
class SeatDrawing:
    """One player's place at the table: his card, his tokens and his lost lives."""

    seat: int
    name: str  # as shown: truncated with an ellipsis when long
    full_name: str
    tokens: int
    coins: tuple[Coin, ...]  # one per token held, at most COIN_CAP
    lost: tuple[Coin, ...]  # one per life lost, up to the starting lives
    card: Box
    name_at: Text
    count_at: Text  # the number of tokens, after the coins
    notes: tuple[Label, ...]  # the out note, on one or two lines
    dealer_tag: Box  # used when is_dealer
    dealer_at: Text
    is_dealer: bool
    is_out: bool
    out_after: int | None  # the deal after which the player went out, when known
    is_winner: bool
    card_large: Box  # the card with large text: taller, around the same coins
    drops: bool  # with large text, the card at the top edge comes down LARGE_DROP

    @property
    def truncated(self) -> bool:
        return self.name != self.full_name

    @property
    def long(self) -> str:
        """How much smaller the name is written with large text: "" not at all, "1" a little, "2" more."""
        return large_text_length(self.name, LARGE_TEXT_NAME)

    @property
    def css_class(self) -> str:
        flags = [("dealer", self.is_dealer), ("out", self.is_out), ("winner", self.is_winner)]
        return " ".join(["seat", f"seat-{self.seat}", *(flag for flag, on in flags if on)])


@dataclass(frozen=True)
class Table:
    """Everything mambassa/table.html needs to draw the table."""

    width: float
    height: float
    top: Oval  # the table top
    seats: tuple[SeatDrawing, ...]
    pot: int
    pot_tokens: tuple[Coin, ...]  # at most COIN_CAP
    pot_at: Text  # where "pot 7" is written
    pot_label: str
    label: str  # the text alternative, read by screen readers
    dealer_label: str
    title_id: str
    blank: bool = False  # a sheet to fill in with a pencil: coins to cross out, no numbers

    @property
    def view_box(self) -> str:
        return f"0 0 {_number(self.width)} {_number(self.height)}"


def mambassa_table(
    names: Sequence[str],
    tokens: Sequence[int],
    pot: int,
    *,
    lives: int = LIVES,
    dealer: int | None = None,
    out_after: Mapping[int, int] = NOBODY,
    winner: int | None = None,
    label: str = "",
    dealer_label: str = "dealer",
    out_labels: Mapping[int, str] = NO_NOTES,
    pot_label: str = "pot",
    title_id: str = "table-title",
    blank: bool = False,
    bottom: int = 0,
) -> Table:
    """Lay out the table for 2 to 8 players seated counter-clockwise, seat 0 at the bottom.

    ``tokens`` are the tokens in front of each player (0: out); ``out_after`` maps a
    seat to the deal after which that player went out; ``out_labels`` are the notes,
    already translated, written under the names of those who are out. ``blank`` draws a
    sheet to print and fill in with a pencil: the same coins, to cross out, and no numbers.
    ``bottom`` is the seat drawn at the bottom, nearest whoever holds the phone.
    """
    count = len(names)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise ValueError(f"the table seats {MIN_PLAYERS} to {MAX_PLAYERS} players: got {count} names")
    if len(tokens) != count:
        raise ValueError(f"one token count per player: got {count} names and {len(tokens)} counts")
    for seat, held in enumerate(tokens):
        if held < 0:
            raise ValueError(f"seat {seat} has {held} tokens: nobody holds fewer than 0")
    if pot < 0:
        raise ValueError(f"the pot holds {pot} tokens: it never holds fewer than 0")
    if lives < 1:
        raise ValueError(f"each player starts with {lives} lives: it takes at least 1")
    seats = [*([] if dealer is None else [dealer]), *([] if winner is None else [winner]), bottom]
    for seat in (*seats, *out_after, *out_labels):
        if not 0 <= seat < count:
            raise ValueError(f"seat {seat} is not at the table: seats go from 0 to {count - 1}")

    dealer_label = shorten(dealer_label, DEALER_CHARS)
    clusters = [_cluster(held, lives) for held in tokens]
    notes = [
        _wrap(out_labels.get(seat, "")) if _is_out(seat, tokens, out_after) else () for seat in range(count)
    ]
    heights = [_card_height(len(lines), cluster) for lines, cluster in zip(notes, clusters, strict=True)]

    # Card centres go round a rectangle, evenly spaced along its edge, starting from
    # the bottom middle and going counter-clockwise as seen from above (right, then
    # up): the cards at the sides touch the side margins, the tallest the top and bottom.
    half_x = CENTRE - MARGIN - CARD_WIDTH / 2
    half_y = CENTRE - MARGIN - (TAB_RISE + max(heights)) / 2
    perimeter = 4 * (half_x + half_y)
    centres = [_around((seat - bottom) % count * perimeter / count, half_x, half_y) for seat in range(count)]

    drawn = tuple(
        _seat(
            seat,
            names[seat],
            tokens[seat],
            CENTRE + dx,
            CENTRE + dy,
            height=heights[seat],
            cluster=clusters[seat],
            notes=notes[seat],
            dealer_label=dealer_label,
            is_dealer=seat == dealer,
            is_out=_is_out(seat, tokens, out_after),
            out_after=out_after.get(seat),
            is_winner=seat == winner,
            blank=blank,
        )
        for seat, (dx, dy) in enumerate(centres)
    )
    pot_tokens, pot_at = _pot(pot)
    if not label:
        label = ", ".join(f"{name} {held}" for name, held in zip(names, tokens, strict=True))
        label = f"{label}; {pot_label} {pot}"
    return Table(
        width=SIZE,
        height=SIZE,
        top=Oval(CENTRE, CENTRE, _r(half_x * TABLE_WIDEN), _r(half_y * TABLE_HEIGHTEN)),
        seats=drawn,
        pot=pot,
        pot_tokens=pot_tokens,
        pot_at=pot_at,
        pot_label=pot_label,
        label=label,
        dealer_label=dealer_label,
        title_id=title_id,
        blank=blank,
    )


def _is_out(seat: int, tokens: Sequence[int], out_after: Mapping[int, int]) -> bool:
    # A player is out when his tokens reach 0 (AMB-23), whether or not the deal is known.
    return tokens[seat] == 0 or seat in out_after


def _around(distance: float, half_x: float, half_y: float) -> tuple[float, float]:
    """The point ``distance`` along the rectangle's edge from its bottom middle, counter-clockwise."""
    # The legs in order: bottom to the right corner, right side up, top to the left,
    # left side down, bottom back to the middle; each as (length, start, direction).
    legs = (
        (half_x, (0.0, half_y), (1, 0)),
        (2 * half_y, (half_x, half_y), (0, -1)),
        (2 * half_x, (half_x, -half_y), (-1, 0)),
        (2 * half_y, (-half_x, -half_y), (0, 1)),
        (half_x, (-half_x, half_y), (1, 0)),
    )
    for length, (x, y), (dx, dy) in legs:
        if distance <= length:
            return x + dx * distance, y + dy * distance
        distance -= length
    return 0.0, half_y


@dataclass(frozen=True)
class _Cluster:
    """How a player's coins are arranged: filled ones first, then the empty rings."""

    filled: int
    rings: int
    columns: int
    rows: int
    pitch: float

    @property
    def height(self) -> float:
        return max(self.rows * self.pitch, PITCH)


def _cluster(held: int, lives: int) -> _Cluster:
    """The coins in rows inside CLUSTER_WIDTH x CLUSTER_HEIGHT, at the largest pitch that fits.

    The pitch never goes above PITCH, and with equal pitches fewer rows win.
    """
    filled = min(held, COIN_CAP)
    rings = max(0, min(lives, COIN_CAP) - held)
    slots = max(filled + rings, 1)
    best = _Cluster(filled, rings, slots, 1, 0.0)
    for rows in range(1, slots + 1):
        columns = math.ceil(slots / rows)
        pitch = min(PITCH, CLUSTER_WIDTH / columns, CLUSTER_HEIGHT / rows)
        if pitch > best.pitch:
            best = _Cluster(filled, rings, columns, rows, pitch)
    return best


def _card_height(notes: int, cluster: _Cluster) -> float:
    return NAME_LINE + notes * NOTE_LINE + cluster.height + PAD


def _wrap(note: str) -> tuple[str, ...]:
    """The out note on at most NOTE_LINES lines of NOTE_CHARS, broken between words."""
    lines: list[str] = []
    for word in note.split():
        if lines and len(lines[-1]) + 1 + len(word) <= NOTE_CHARS:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) > NOTE_LINES:
        lines = [*lines[: NOTE_LINES - 1], " ".join(lines[NOTE_LINES - 1 :])]
    return tuple(shorten(line, NOTE_CHARS) for line in lines)


def _seat(
    seat: int,
    name: str,
    held: int,
    x: float,
    y: float,
    *,
    height: float,
    cluster: _Cluster,
    notes: tuple[str, ...],
    dealer_label: str,
    is_dealer: bool,
    is_out: bool,
    out_after: int | None,
    is_winner: bool,
    blank: bool = False,
) -> SeatDrawing:
    """The card centred on (x, y), the dealer's tag room included above it."""
    top = y - (TAB_RISE + height) / 2 + TAB_RISE
    lines = tuple(
        Label(line, Text(_r(x), _r(top + NAME_BASELINE + (index + 1) * NOTE_LINE), "middle"))
        for index, line in enumerate(notes)
    )

    # Coins and number together are centred on the card, the number level with the coins.
    pitch, columns = cluster.pitch, cluster.columns
    number = "" if blank else str(held)  # a blank sheet writes no number: the coins alone, centred
    width = columns * pitch + (COUNT_GAP + len(number) * EM * COUNT_SIZE if number else 0.0)
    left = x - width / 2
    cluster_top = top + NAME_LINE + len(notes) * NOTE_LINE
    places = [
        Coin(
            _r(left + (index % columns + 0.5) * pitch),
            _r(cluster_top + (index // columns + 0.5) * pitch),
            _r(pitch * COIN),
        )
        for index in range(cluster.filled + cluster.rings)
    ]
    count_at = Text(
        _r(left + columns * pitch + COUNT_GAP), _r(cluster_top + cluster.height / 2 + 4.5), "start"
    )

    tag_width = (len(dealer_label) + 2) * EM * DEALER_SIZE + 8
    # Large text: the number level with the coins, its baseline LARGE_COUNT_HALF below their middle;
    # the tag grown from its foot, which stays on the card's (risen) top edge.
    count_bottom = cluster_top + cluster.height / 2 + LARGE_COUNT_HALF
    large_top = top - LARGE_ROOM_ABOVE
    large_bottom = max(top + height, count_bottom + PAD)
    tag_top = large_top - TAB_RISE + TAB_HEIGHT * (1 - LARGE_TAG)
    drops = tag_top < MARGIN  # the whole card comes down LARGE_DROP then (table.css), this one too
    return SeatDrawing(
        seat=seat,
        name=shorten(name),
        full_name=name,
        tokens=held,
        coins=tuple(places[: cluster.filled]),
        lost=tuple(places[cluster.filled :]),
        card=Box(_r(x - CARD_WIDTH / 2), _r(top), CARD_WIDTH, _r(height)),
        name_at=Text(_r(x), _r(top + NAME_BASELINE), "middle"),
        count_at=count_at,
        notes=lines,
        dealer_tag=Box(_r(x - tag_width / 2), _r(top - TAB_RISE), _r(tag_width), TAB_HEIGHT),
        dealer_at=Text(_r(x), _r(top - TAB_RISE + 9), "middle"),
        is_dealer=is_dealer,
        is_out=is_out,
        out_after=out_after,
        is_winner=is_winner,
        card_large=Box(_r(x - CARD_WIDTH / 2), _r(large_top), CARD_WIDTH, _r(large_bottom - large_top)),
        drops=drops,
    )


def _pot(pot: int) -> tuple[tuple[Coin, ...], Text]:
    """The pot's coins in staggered rows, centred on the table, with its label above them."""
    count = min(pot, COIN_CAP)
    columns = min(POT_COLUMNS, max(1, math.ceil(math.sqrt(2 * count))))
    rows = math.ceil(count / columns)
    heap = (rows - 1) * POT_ROW + 2 * POT_COIN if count else 0.0
    top = CENTRE - (POT_SIZE + POT_GAP + heap) / 2 if count else CENTRE - POT_SIZE / 2
    label_at = Text(CENTRE, _r(top + POT_SIZE - 2.5), "middle")
    coins = []
    for row in range(rows):
        in_row = min(columns, count - row * columns)
        # Every other row shifted by half a coin, as in a heap; rows centred.
        shift = POT_PITCH / 4 if row % 2 else -POT_PITCH / 4
        if rows == 1:
            shift = 0.0
        first = CENTRE - (in_row - 1) * POT_PITCH / 2 + shift
        y = top + POT_SIZE + POT_GAP + POT_COIN + row * POT_ROW
        coins += [Coin(_r(first + column * POT_PITCH), _r(y), POT_COIN) for column in range(in_row)]
    return tuple(coins), label_at


def _r(value: float) -> float:
    return round(value, 1) + 0.0  # + 0.0 turns -0.0 into 0.0


def _number(value: float) -> str:
    return f"{value:g}"
