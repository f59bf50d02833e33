"""The rules of Mambassa in a few lines, for the back of a blank sheet (docs/rules.md).

Each line is one thing a player checks at the table; the defaults of the house rules, since a
blank sheet has none chosen. Marked for translation here, translated where they are shown.
"""

from __future__ import annotations

from ..core import gettext_noop

SUMMARY = (
    gettext_noop(
        "2 to 8 players, 40 Italian cards, 4 cards each; the deal passes to the right (counter-clockwise)."
    ),
    gettext_noop(
        "Each player starts with 4 tokens and puts one in the pot at once: the other 3 are their lives."
    ),
    gettext_noop("Card values: ace 11, re, cavallo and fante 10, the others their number."),
    gettext_noop("A hand is worth its best combination, highest first:"),
    gettext_noop("Mambassa, four aces: 44. Quarantuno, fante, cavallo, re and ace of one suit: 41."),
    gettext_noop("Quartina, four of a rank: 40. Scala lunga, four in sequence in one suit: 39.5."),
    gettext_noop("Tris, three of a rank: 39. Scala corta, three in sequence in one suit: 38.5."),
    gettext_noop("Otherwise the sum of the best suit: at most 38 (7, fante, re and ace of one suit)."),
    gettext_noop("Sequences run 1 to 7, fante, cavallo, re, then the ace again; no wrapping round."),
    gettext_noop(
        "Between quartine or tris the lower rank wins; between sequences the higher cards, then the "
        "suit: denari, spade, coppe, bastoni."
    ),
    gettext_noop("Each deal the lowest hand pays one token to the pot; every hand tied for lowest pays one."),
    gettext_noop(
        "Mambassa: every other player pays one token. Quarantuno: the lowest pays, and the player who "
        "shows it takes one token from the pot."
    ),
    gettext_noop("Two players left with equal hands: the one who did not deal pays."),
    gettext_noop("Cross out a life for each token paid; with no tokens left a player is out."),
    gettext_noop("The last player left wins and takes the pot."),
)
