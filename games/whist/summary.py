"""The rules of short Whist in a few lines, for the back of a blank sheet (docs/rules.md).

Each line is one thing a player checks at the table; the defaults of the house rules, since a
blank sheet has none chosen. Marked for translation here, translated where they are shown.
"""

from __future__ import annotations

from ..core import gettext_noop

SUMMARY = (
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
)
