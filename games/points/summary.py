"""The points board in a few lines, for the back of a blank sheet (docs/rules.md, "Points board").

Each line is one thing a player checks at the table; the defaults of the house rules, since a
blank sheet has none chosen. Marked for translation here, translated where they are shown.
"""

from __future__ import annotations

from ..core import gettext_noop

SUMMARY = (
    gettext_noop("For any card game of 2 to 8 players: the game's own rules say how each deal scores."),
    gettext_noop(
        "The table chooses the first dealer; the deal passes to the right after each deal, unless the "
        "table agrees on another dealer."
    ),
    gettext_noop("After each deal, write each player's points in their column, minus points too."),
    gettext_noop(
        "A player's points in one deal go from -10,000 to 10,000; they need not add up to anything."
    ),
    gettext_noop("Under them, write each player's running total."),
    gettext_noop("A match begun on another sheet starts from each player's total there."),
    gettext_noop(
        "Agree a target before the first deal: the match ends after the deal in which a total reaches it."
    ),
    gettext_noop("The highest total wins; or the lowest, if the table agreed so (as in Hearts)."),
    gettext_noop(
        "The ranking goes from the best total to the worst; players level share a place, and the next "
        "place is skipped (1, 1, 3)."
    ),
    gettext_noop(
        "Players level for the best total share the win; everyone else pays the stake, shared by the winners."
    ),
    gettext_noop("Agree the stake before the first deal; without one, nobody pays."),
)
