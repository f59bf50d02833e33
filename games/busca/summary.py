"""The rules of each Busca variant in a few lines, for the back of a blank sheet (docs/rules.md).

Each line is one thing a player checks at the table; the defaults of the house rules, since a
blank sheet has none chosen. Marked for translation here, translated where they are shown.
"""

from __future__ import annotations

from ..core import gettext_noop

BUSCA_COMMON = (
    gettext_noop(
        "Four players, each on their own; 40 Italian cards, 10 each, no trumps; play goes counter-clockwise."
    ),
    gettext_noop("Follow suit if you can; a card of another suit never wins the trick."),
    gettext_noop("Trick order: 3, 2, ace, re, cavallo, fante, 7, 6, 5, 4."),
    gettext_noop(
        "The aim is to take as few busche as possible: each busca is a mark on your arm of the cross."
    ),
    gettext_noop("Whoever wins a trick leads the next one."),
)

SUMMARIES: dict[str, tuple[str, ...]] = {
    "busca-000": (
        *BUSCA_COMMON,
        gettext_noop(
            "Card points: ace of denari 8, the other aces 3, re, cavallo, fante, 3 and 2 1 each; the last "
            "trick 3 more. 40 a deal."
        ),
        gettext_noop("The player on the dealer's right leads the first trick."),
        gettext_noop(
            "Only the top scorer takes busche: up to 18 points 1, 19 to 22 points 2, then points minus 20 "
            "(23: 3, 24: 4 … 40: 20)."
        ),
        gettext_noop("Tied at the top: each takes the busche for that score."),
        gettext_noop(
            "Covering means winning at least one trick. If someone does not cover, the top scorer takes "
            "nothing and those who did not cover take busche each: one player 2, two players 4, three "
            "players 8."
        ),
        gettext_noop("One more busca for not following suit when able, and one to the dealer for a misdeal."),
        gettext_noop("Whoever took the busche deals the next deal."),
        gettext_noop(
            "The match ends when one player goes over 20 busche, or two players go over 10: whoever went "
            "over loses, the others win."
        ),
    ),
    "busca-001": (
        *BUSCA_COMMON,
        gettext_noop(
            "Card points: every ace 3 (the ace of denari, the «pita», 8), re, cavallo, fante, 3 and 2 1 "
            "each; the last trick 3 more. 40 a deal."
        ),
        gettext_noop(
            "Do not lead denari to the first trick; in the first trick nobody may discard the ace of denari."
        ),
        gettext_noop(
            "Covering means a trick with at least one point in it; the last trick counts as a cover."
        ),
        gettext_noop(
            "If everyone covers, the top scorer takes busche: up to 18 points 1, 19 to 22 points 2, then "
            "points minus 20 (up to 37: 17)."
        ),
        gettext_noop(
            "Several tied at the top: each takes the busche for that score times the number tied (three on "
            "13: 3 each)."
        ),
        gettext_noop(
            "If someone does not cover, only they take busche: one busca times the number who did not cover,"
            " each."
        ),
        gettext_noop("The player on the right of whoever took the busche leads the next deal."),
        gettext_noop(
            "The match ends when a player's busche reach the agreed threshold, or after the agreed number of"
            " deals: fewest busche wins, ties share the win."
        ),
    ),
    "busca-003": (
        *BUSCA_COMMON,
        gettext_noop(
            "Card points as in tressette, times three: every ace 3, re, cavallo, fante, 3 and 2 1 each; the "
            "last trick 3 more. 35 a deal."
        ),
        gettext_noop(
            "The holder of the 5 of denari leads the first deal; later, whoever marked busche deals."
        ),
        gettext_noop("Everyone took a trick and the totals differ: the top scorer marks one busca."),
        gettext_noop("Two players tied on 9 or more: 2 busche each up to 14 points, 4 each from 15."),
        gettext_noop("Three players tied on 9 or more: 3 busche each."),
        gettext_noop("A player who took no trick marks one busca; nobody else marks in that deal."),
        gettext_noop("Not following suit when able: one busca more."),
        gettext_noop("Close every group of five busche in a square on your arm."),
        gettext_noop(
            "Whoever reaches 10 busche first is not out yet: play goes on until a second player reaches 10. "
            "Then the two with the most busche lose, the other two win."
        ),
    ),
}
