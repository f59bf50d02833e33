"""A match's deals as a spreadsheet opens them: a CSV in the language's own way, and an .xlsx.

One row per deal: its number and dealer, what the table entered (each game says which columns:
points with the last trick and penalties, the cards shown, tricks and honours), then what the rules
made of it. Headers are in the
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

from games.web import Column, GameWeb, web_for

Cell = str | int | float | Decimal

# The columns of a result every game's deals have, by their key in the match document (docs/format.md),
# in the words of the sheet; each game names its own (``GameWeb.result_labels``).
RESULT_LABELS = {
    "dealer": gettext_lazy("Dealer"),
    "leader": gettext_lazy("Leads"),
    "points": gettext_lazy("Points"),
    "totals": gettext_lazy("Total"),
    "next_dealer": gettext_lazy("Next dealer"),
    "next_leader": gettext_lazy("Next to lead"),
}


def deal_table(document: Mapping[str, Any]) -> list[list[Cell]]:
    """The deals of a scored match document as rows of cells, the header row first."""
    players: Sequence[str] = document["players"]
    entries: Sequence[Mapping[str, Any]] = document.get("deals") or []
    results: Sequence[Mapping[str, Any]] = document["result"]["deals"]
    web = web_for(document["game"])
    # What the table entered, beside what the rules make of it: only what the results do not say.
    given = {key for entry in entries for key, value in entry.items() if value not in (None, [], False)}
    columns = [(_("Deal"), _at("number")), *web.spreadsheet_columns(players, given)]
    columns += _results(web, players, results)
    header: list[Cell] = [_text(label) for label, _value in columns]
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


def _results(web: GameWeb, players: Sequence[str], results: Sequence[Mapping[str, Any]]) -> list[Column]:
    """The columns of the results: one per player, or per side (Whist's pairs), where each deal's
    value holds one item each; a key the game shows its own way, as it says (``result_columns``)."""
    keys = list(results[0]) if results else []
    labels = {**RESULT_LABELS, **web.result_labels}
    scorers = web.sides(players)
    columns: list[Column] = []
    for key in keys:
        if key == "number":
            continue
        label = str(labels.get(key, key))
        own = web.result_columns(key, label, players)
        if own is not None:
            columns += own
            continue
        values = [result.get(key) for result in results]
        sides = next((s for s in (players, scorers) if _one_per_side(values, s)), ())
        if sides:
            columns += [(f"{label} {side}", _at(key, index)) for index, side in enumerate(sides)]
        else:
            columns.append((label, _at(key)))
    return columns


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
        write_row(sheet, r, row, bold if r == 0 else None)
    if table:
        sheet.freeze_panes(1, 0)
        sheet.set_column(0, max(len(row) for row in table) - 1, 14)
    workbook.close()
    return out.getvalue()


def write_row(
    sheet: Any, r: int, row: Sequence[Cell], text_format: Any = None, number_format: Any = None
) -> None:
    """One row of cells into an XlsxWriter worksheet: numbers as numbers (in ``number_format``),
    text in ``text_format``, empty cells left empty."""
    for c, cell in enumerate(row):
        if isinstance(cell, int | float | Decimal):
            sheet.write_number(r, c, float(cell), number_format)
        elif cell:
            # The leading quote keeps a CSV's formula-like text as text; a workbook's string
            # cell is text already, so it shows the name as typed.
            text = cell[1:] if cell.startswith("'") and cell[1:].startswith(FORMULA_STARTS) else cell
            sheet.write_string(r, c, text, text_format)


def text_cell(value: Any) -> str:
    """A text cell as the tables here write one (a formula-like text kept as text)."""
    return _text(value)
