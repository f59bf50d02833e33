"""A match's deals as a spreadsheet opens them: a CSV in the language's own way, and an .xlsx.

One row per deal: its number and dealer, what the table entered (points with the last trick and
penalties, the cards shown, tricks and honours), then what the rules made of it. Headers are in the
page's language; yes and no are words, lists of names are names, a game won is who won it and for
how much. In Italian the cells are separated by ``;`` and a number has a decimal comma, as an
Italian spreadsheet reads them; a text cell that looks like a formula gets a leading ``'``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from .sheets import pair_names

Cell = str | int | float | Decimal
Column = tuple[str, Callable[[Mapping[str, Any], Mapping[str, Any]], Any]]  # header, (entry, result) -> value

# The columns of a result, by its key in the match document (docs/format.md), in the words of the sheet.
RESULT_LABELS = {
    "dealer": gettext_lazy("Dealer"),
    "leader": gettext_lazy("Leads"),
    "points": gettext_lazy("Points"),
    "covered": gettext_lazy("Covered"),
    "busche": gettext_lazy("Busche"),
    "totals": gettext_lazy("Total"),
    "hands": gettext_lazy("Hand"),
    "payers": gettext_lazy("Who pays"),
    "mambassa": gettext_lazy("Mambassa"),
    "quarantuno": gettext_lazy("Quarantuno"),
    "void": gettext_lazy("Deal void"),
    "tokens": gettext_lazy("Tokens"),
    "pot": gettext_lazy("Pot"),
    "eliminated": gettext_lazy("Out"),
    "trick_points": gettext_lazy("Trick points"),
    "honour_points": gettext_lazy("Honour points"),
    "score": gettext_lazy("Score"),
    "next_dealer": gettext_lazy("Next dealer"),
    "next_leader": gettext_lazy("Next to lead"),
}
COMBINATIONS = {
    "mambassa": gettext_lazy("Mambassa"),
    "quarantuno": gettext_lazy("Quarantuno"),
    "quartina": gettext_lazy("quartina"),
    "scala_lunga": gettext_lazy("scala lunga"),
    "tris": gettext_lazy("tris"),
    "scala_corta": gettext_lazy("scala corta"),
    "somma": gettext_lazy("sum"),
}
RANKS = {
    "1": gettext_lazy("ace"),
    "F": gettext_lazy("fante"),
    "C": gettext_lazy("cavallo"),
    "R": gettext_lazy("re"),
}
SUITS = {
    "D": gettext_lazy("denari"),
    "S": gettext_lazy("spade"),
    "C": gettext_lazy("coppe"),
    "B": gettext_lazy("bastoni"),
}
PENALTIES = {"renege": gettext_lazy("renege"), "misdeal": gettext_lazy("misdeal")}


def deal_table(document: Mapping[str, Any]) -> list[list[Cell]]:
    """The deals of a scored match document as rows of cells, the header row first."""
    players: Sequence[str] = document["players"]
    entries: Sequence[Mapping[str, Any]] = document.get("deals") or []
    results: Sequence[Mapping[str, Any]] = document["result"]["deals"]
    columns = [(_("Deal"), _at("number")), *_entered(document["game"], players, entries)]
    columns += _results(document["game"], players, results)
    header = [_text(label) for label, _value in columns]
    rows = [
        [_value_cell(value(entry, result)) for _label, value in columns]
        for entry, result in _pairs(entries, results)
    ]
    return [header, *rows]


def _pairs(
    entries: Sequence[Mapping[str, Any]], results: Sequence[Mapping[str, Any]]
) -> list[tuple[Any, Any]]:
    """Each deal's entry beside its result (the document lists both oldest first)."""
    return [(entries[i] if i < len(entries) else {}, result) for i, result in enumerate(results)]


def _at(key: str, index: int | None = None) -> Callable[[Mapping[str, Any], Mapping[str, Any]], Any]:
    def value(entry: Mapping[str, Any], result: Mapping[str, Any]) -> Any:
        found = result.get(key)
        if index is not None:
            return found[index] if isinstance(found, list) and index < len(found) else None
        return found

    return value


def _entered(game: str, players: Sequence[str], entries: Sequence[Mapping[str, Any]]) -> list[Column]:
    """What the table entered beside what the rules make of it: only what the results do not say."""
    given = {key for entry in entries for key, value in entry.items() if value not in (None, [], False)}
    columns: list[Column] = []
    if game == "whist":
        for key, label in (("tricks", _("Tricks")), ("honours", _("Honours"))):
            columns += [
                (f"{label} {pair}", _entry_at(key, side)) for side, pair in enumerate(pair_names(players))
            ]
        if "revoke" in given:
            pairs = pair_names(players)
            columns.append((_("Revoke"), lambda entry, result: _pick(pairs, entry.get("revoke"))))
    elif game == "mambassa" and "hands" in given:
        columns += [(f"{_('Cards')} {name}", _cards_of(seat)) for seat, name in enumerate(players)]
    elif game.startswith("busca"):
        if "last_trick" in given:
            columns += [
                (f"{_('Card points')} {name}", _card_points(seat)) for seat, name in enumerate(players)
            ]
            columns.append((_("Last trick"), lambda entry, result: entry.get("last_trick")))
        if "penalties" in given:
            columns.append((_("Penalties"), lambda entry, result: _penalties(entry.get("penalties"))))
    return columns


def _entry_at(key: str, index: int) -> Callable[[Mapping[str, Any], Mapping[str, Any]], Any]:
    def value(entry: Mapping[str, Any], result: Mapping[str, Any]) -> Any:
        found = entry.get(key)
        return found[index] if isinstance(found, list) and index < len(found) else None

    return value


def _pick(sides: Sequence[str], index: Any) -> str | None:
    return sides[index] if isinstance(index, int) and 0 <= index < len(sides) else None


def _cards_of(seat: int) -> Callable[[Mapping[str, Any], Mapping[str, Any]], Any]:
    def value(entry: Mapping[str, Any], result: Mapping[str, Any]) -> Any:
        hands = entry.get("hands")
        hand = hands[seat] if isinstance(hands, list) and seat < len(hands) else None
        return ", ".join(card_name(card) for card in hand) if hand else None

    return value


def card_name(card: str) -> str:
    """A card of the document ("1D", "FC") as the players say it: "ace of denari", "fante of coppe"."""
    rank, suit = card[:-1], card[-1:]
    return _("%(rank)s of %(suit)s") % {"rank": RANKS.get(rank, rank), "suit": SUITS.get(suit, suit)}


def _card_points(seat: int) -> Callable[[Mapping[str, Any], Mapping[str, Any]], Any]:
    """The points entered, cards only, when the last trick was named apart (else the result says them)."""

    def value(entry: Mapping[str, Any], result: Mapping[str, Any]) -> Any:
        points = entry.get("points")
        if not entry.get("last_trick") or not isinstance(points, list) or seat >= len(points):
            return None
        return points[seat]

    return value


def _penalties(penalties: Any) -> str | None:
    if not isinstance(penalties, list) or not penalties:
        return None
    return ", ".join(f"{p.get('player')}: {PENALTIES.get(p.get('kind'), p.get('kind'))}" for p in penalties)


def _results(game: str, players: Sequence[str], results: Sequence[Mapping[str, Any]]) -> list[Column]:
    pairs = pair_names(players) if game == "whist" else ()
    keys = list(results[0]) if results else []
    columns: list[Column] = []
    for key in keys:
        if key == "number":
            continue
        if key == "game":  # Whist: a game ended in this deal
            columns.append(
                (
                    _("Game won by"),
                    lambda entry, result: _pick(pairs, (result.get("game") or {}).get("winner")),
                )
            )
            columns.append(
                (_("Game points"), lambda entry, result: (result.get("game") or {}).get("game_points"))
            )
            continue
        label = str(RESULT_LABELS.get(key, key))
        values = [result.get(key) for result in results]
        sides = next((s for s in (players, pairs) if _one_per_side(values, s)), ())
        if key == "hands":
            for seat, name in enumerate(players):
                columns.append((f"{label} {name}", _hand(seat, "combination")))
                columns.append((f"{_('Value')} {name}", _hand(seat, "value")))
        elif sides:
            columns += [(f"{label} {side}", _at(key, index)) for index, side in enumerate(sides)]
        else:
            columns.append((label, _at(key)))
    return columns


def _hand(seat: int, part: str) -> Callable[[Mapping[str, Any], Mapping[str, Any]], Any]:
    def value(entry: Mapping[str, Any], result: Mapping[str, Any]) -> Any:
        hands = result.get("hands")
        hand = hands[seat] if isinstance(hands, list) and seat < len(hands) else None
        if not isinstance(hand, dict):
            return None
        found = hand.get(part)
        return COMBINATIONS.get(found, found) if part == "combination" else found

    return value


def _one_per_side(values: Sequence[Any], sides: Sequence[str]) -> bool:
    """Whether each deal's value holds one item per player (or pair): points do, payers' names do not.

    Four payers at a table of four are still a list of names, and most deals have fewer.
    """
    given = [value for value in values if value is not None]
    return bool(sides and given) and all(
        isinstance(value, list) and len(value) == len(sides) and not any(isinstance(v, str) for v in value)
        for value in given
    )


def _value_cell(value: Any) -> Cell:
    """A value of the document as a cell: yes or no, names joined, a number as a number."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int | float | Decimal):
        return value
    if isinstance(value, list):
        return _text(", ".join(str(_value_cell(v)) for v in value))
    return _text(str(value))


# What makes a spreadsheet read a cell as a formula (OWASP, "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _text(value: Any) -> str:
    """A text cell that a spreadsheet shows as typed: a player named =HYPERLINK(...) or -1+2 is a
    name, not a formula, so it gets a leading single quote. Numbers stay numbers, -2 included."""
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_dialect() -> tuple[str, str]:
    """The cell separator and the decimal mark of the page's language: ``;`` and ``,`` in Italian,
    as a spreadsheet set to Italian reads a CSV; ``,`` and ``.`` in English."""
    return (";", ",") if (get_language() or "").startswith("it") else (",", ".")


def write_csv(table: Sequence[Sequence[Cell]]) -> bytes:
    """The table as CSV in UTF-8 with a byte order mark (so a spreadsheet reads "Niccolò" right)."""
    separator, decimal = csv_dialect()
    out = io.StringIO()
    writer = csv.writer(out, delimiter=separator, lineterminator="\r\n")
    for row in table:
        writer.writerow(
            [_number(cell, decimal) if isinstance(cell, int | float | Decimal) else cell for cell in row]
        )
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def _number(value: int | float | Decimal, decimal: str) -> str:
    text = (
        format(value, "f")
        if isinstance(value, Decimal)
        else repr(value)
        if isinstance(value, float)
        else str(value)
    )
    if isinstance(value, float) and text.endswith(".0"):
        text = text[:-2]
    return text.replace(".", decimal)


def write_xlsx(table: Sequence[Sequence[Cell]], title: str) -> bytes:
    """The table as an Excel workbook: numbers as numbers, the header row bold and frozen."""
    import xlsxwriter  # only for this download

    out = io.BytesIO()
    workbook = xlsxwriter.Workbook(
        out, {"in_memory": True, "strings_to_formulas": False, "strings_to_urls": False}
    )
    sheet = workbook.add_worksheet(title[:31])
    bold = workbook.add_format({"bold": True})
    for r, row in enumerate(table):
        for c, cell in enumerate(row):
            if isinstance(cell, int | float | Decimal):
                sheet.write_number(r, c, float(cell))
            elif cell:
                # The leading quote keeps a CSV's formula-like text as text; a workbook's string
                # cell is text already, so it shows the name as typed.
                text = cell[1:] if cell.startswith("'") and cell[1:].startswith(FORMULA_STARTS) else cell
                sheet.write_string(r, c, text, bold if r == 0 else None)
    if table:
        sheet.freeze_panes(1, 0)
        sheet.set_column(0, max(len(row) for row in table) - 1, 14)
    workbook.close()
    return out.getvalue()
