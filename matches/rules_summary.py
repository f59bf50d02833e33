"""The rules of each game in a few lines, for the back of a blank sheet (docs/rules.md).

Each line is one thing a player checks at the table; the defaults of the house rules, since a
blank sheet has none chosen. Marked for translation here, translated where they are shown.
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

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
    "mambassa": (
        gettext_noop(
            "2 to 8 players, 40 Italian cards, 4 cards each; the deal passes to the right (counter-"
            "clockwise)."
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
        gettext_noop(
            "Each deal the lowest hand pays one token to the pot; every hand tied for lowest pays one."
        ),
        gettext_noop(
            "Mambassa: every other player pays one token. Quarantuno: the lowest pays, and the player who "
            "shows it takes one token from the pot."
        ),
        gettext_noop("Two players left with equal hands: the one who did not deal pays."),
        gettext_noop("Cross out a life for each token paid; with no tokens left a player is out."),
        gettext_noop("The last player left wins and takes the pot."),
    ),
    "whist": (
        gettext_noop("Four players in two pairs, partners sitting opposite; 52 French cards, 13 each."),
        gettext_noop("The dealer's last card is shown face up: its suit is trumps for the deal."),
        gettext_noop("Follow suit if you can; whoever wins a trick leads the next one."),
        gettext_noop("Every trick after the sixth scores the pair 1 point."),
        gettext_noop(
            "Honours are the ace, king, queen and jack of trumps: a pair holding 3 scores 2 points, holding "
            "all 4 scores 3."
        ),
        gettext_noop("A pair already on 4 points at the start of the deal scores nothing for honours."),
        gettext_noop("Trick points count first, then honours: the game ends as soon as a pair reaches 5."),
        gettext_noop(
            "The winners of a game score: 3 (treble) if the others had 0, 2 (double) if they had 1 or 2, 1 "
            "(single) if they had 3 or 4."
        ),
        gettext_noop(
            "Draw a line across the sheet under each game and write its value on the winners' side; the next"
            " game starts at 0 to 0."
        ),
        gettext_noop("The first pair to win two games wins the rubber and 2 points more."),
        gettext_noop(
            "The losers pay the difference between the two pairs' points, at the agreed stake per point."
        ),
    ),
}
