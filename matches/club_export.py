"""A club's whole history as files: a zip of every match as its match document, with one
spreadsheet of the whole club (``club.xlsx``), or that spreadsheet alone.

The zip is streamed: the matches are read a batch at a time (services.club_history) and each
document is sent as soon as it is written, so a club of any size downloads in full. The
spreadsheet is built in memory, so it has limits: its sheet of matches lists the newest
``MATCH_ROWS_MOST`` matches, and its sheets of deals (one per game) the deals of the newest matches
up to ``DEAL_ROWS_MOST`` deals in all (about 40 MB at most while it is built); a sheet that stops
says where the rest are: every match is in the zip as its document.
"""

from __future__ import annotations

import datetime
import io
import json
import re
import unicodedata
import zipfile
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import Any

from django.db.models import Exists, OuterRef
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from games.registry import GAMES

from . import spreadsheet
from .models import Club, Player, Seat
from .services.club_history import Exported, club_history
from .spreadsheet import Cell, text_cell

MATCH_ROWS_MOST = 10_000  # matches listed on the sheet of matches
DEAL_ROWS_MOST = 10_000  # deals on the sheets of deals, in all
FOLDER = "matches"  # in the zip, where the documents are
WORKBOOK = "club.xlsx"
NAME_PART_MOST = 120  # characters of the players' part of a document's file name
SHEET_NAME_MOST = 31  # characters, as Excel allows
MATCH_TITLE_MOST = 500  # characters of the line above a match's deals
SHEET_NAME_BAD = re.compile(r"[\[\]:*?/\\]")
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def download_name(club: Club, extension: str) -> str:
    """The club's name and today's date: ``circolo-del-lunedi-2026-11-28.zip``."""
    return f"{slugify(club.name) or 'club'}-{timezone.localdate().isoformat()}.{extension}"


def _safe(text: str) -> str:
    """A name as part of a file name: letters, digits (accented too) and ``-``, the rest ``_``."""
    cleaned = re.sub(r"[^\w-]+", "_", unicodedata.normalize("NFC", text)).strip("_-")
    return cleaned or "_"


def file_name(item: Exported) -> str:
    """A document's name in the zip, by date, game and players, and the match's number, which
    makes it unique: ``matches/2026-11-28_busca-000_Anna-Bruno-Carla-Dario_42.json``."""
    players = "-".join(_safe(name) for name in item.names)[:NAME_PART_MOST].strip("-_")
    return f"{FOLDER}/{item.date.isoformat()}_{_safe(item.match.game)}_{players or '_'}_{item.match.pk}.json"


def document_bytes(item: Exported) -> bytes:
    return json.dumps(item.document, ensure_ascii=False, indent=2).encode("utf-8") + b"\n"


# -- The zip, streamed ---------------------------------------------------------------------------


class _Pipe(io.RawIOBase):
    """Where the zip is written: what it holds is taken out after each file and sent on. It cannot
    seek, so the zip describes each file after its data (as zipfile does on a pipe)."""

    def __init__(self) -> None:
        super().__init__()
        self.chunks: list[bytes] = []

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        self.chunks.append(bytes(data))
        return len(data)

    def take(self) -> bytes:
        taken = b"".join(self.chunks)
        self.chunks.clear()
        return taken


def _entry(name: str, moment: datetime.datetime, compress: int) -> zipfile.ZipInfo:
    local = timezone.localtime(moment) if timezone.is_aware(moment) else moment
    info = zipfile.ZipInfo(
        name, date_time=local.timetuple()[:6] if local.year >= 1980 else (1980, 1, 1, 0, 0, 0)
    )
    info.compress_type = compress
    info.external_attr = 0o644 << 16  # a file anyone may read, as an unzipped file usually is
    return info


def club_zip(club: Club) -> Iterator[bytes]:
    """The zip's bytes, a piece at a time: the documents, then ``club.xlsx``."""
    pipe = _Pipe()
    book = ClubWorkbook(club, zipped=True)
    with zipfile.ZipFile(pipe, "w", zipfile.ZIP_DEFLATED) as archive:
        for item in club_history(club):
            archive.writestr(
                _entry(file_name(item), item.match.created_at, zipfile.ZIP_DEFLATED), document_bytes(item)
            )
            book.add(item)
            yield pipe.take()
        # An .xlsx is a zip already: stored as it is.
        archive.writestr(_entry(WORKBOOK, timezone.now(), zipfile.ZIP_STORED), book.close())
    yield pipe.take()


def club_xlsx(club: Club) -> bytes:
    """The club's spreadsheet alone."""
    book = ClubWorkbook(club, zipped=False)
    for item in club_history(club):
        if book.full:
            break
        book.add(item)
    return book.close()


# -- The spreadsheet ------------------------------------------------------------------------------


def _sheet_name(game: str, taken: Iterable[str]) -> str:
    """A game's sheet: named as the players name the game, as far as Excel allows."""
    name = SHEET_NAME_BAD.sub("-", GAMES[game].names if game in GAMES else game)[:SHEET_NAME_MOST].strip()
    return name if name and name.lower() not in {t.lower() for t in taken} else game[:SHEET_NAME_MOST]


class _DealSheet:
    """A game's sheet of deals: where its next match goes, and whether one was left out."""

    def __init__(self, sheet: Any) -> None:
        self.sheet, self.row, self.left_out = sheet, 0, False


class ClubWorkbook:
    """The club's spreadsheet, a match at a time (newest first): the sheet of matches (date, game,
    players, winners, evening, each player's money) and a sheet of deals per game."""

    def __init__(self, club: Club, zipped: bool) -> None:
        import xlsxwriter  # only for this download

        self.out = io.BytesIO()
        self.zipped = zipped
        self.book = xlsxwriter.Workbook(
            self.out, {"in_memory": True, "strings_to_formulas": False, "strings_to_urls": False}
        )
        self.bold = self.book.add_format({"bold": True})
        self.money = self.book.add_format({"num_format": "0.00"})
        self.bold_money = self.book.add_format({"bold": True, "num_format": "0.00"})
        self.matches = self.book.add_worksheet(_("Matches")[:SHEET_NAME_MOST])
        # A column of money for each player who sat at a match of the club, by name.
        seated = Exists(Seat.objects.filter(player=OuterRef("pk")))
        players = Player.objects.filter(club=club).filter(seated).order_by(Lower("name"), "pk")
        self.columns = {pk: n for n, pk in enumerate(players.values_list("pk", flat=True))}
        fixed = [
            _("Match"),
            _("Date"),
            _("Game"),
            _("Players"),
            _("Winners"),
            _("Evening"),
            _("Deals"),
            _("Status"),
            _("Note"),
        ]
        self.first_money = len(fixed)
        names = players.values_list("name", flat=True)
        header: list[Cell] = [*fixed, *(_("%(name)s (money)") % {"name": name} for name in names)]
        spreadsheet.write_row(self.matches, 0, [text_cell(cell) for cell in header], self.bold)
        self.matches.freeze_panes(1, 0)
        self.matches.set_column(0, 0, 8)
        self.matches.set_column(1, len(header) - 1, 14)
        self.listed = 0
        self.totals = [Decimal(0)] * len(self.columns)
        self.deals: dict[str, _DealSheet] = {}
        self.deal_rows = 0
        self.deals_full = False

    @property
    def full(self) -> bool:
        """The sheet of matches lists as many as it may."""
        return self.listed >= MATCH_ROWS_MOST

    def add(self, item: Exported) -> None:
        if not self.full:
            self._list(item)
        self._deals(item)

    def _list(self, item: Exported) -> None:
        match = item.match
        game = GAMES[match.game].names if match.game in GAMES else match.game
        row: list[Cell] = [
            match.pk,
            item.date.isoformat(),
            text_cell(game),
            text_cell(", ".join(item.names)),
            text_cell(", ".join(item.winners)),
            text_cell(match.evening or ""),
            len(item.document.get("deals") or []),
            text_cell(match.get_status_display()),
            text_cell(match.note),
        ]
        self.listed += 1
        spreadsheet.write_row(self.matches, self.listed, row)
        for seat, net in zip(match.seats.all(), item.nets, strict=False):
            column = self.columns.get(seat.player_id)
            if column is not None:
                self.matches.write_number(self.listed, self.first_money + column, float(net), self.money)
                self.totals[column] += net

    def _deals(self, item: Exported) -> None:
        game = item.match.game
        if game not in self.deals:
            taken = [sheet.sheet.name for sheet in self.deals.values()] + [self.matches.name]
            self.deals[game] = _DealSheet(self.book.add_worksheet(_sheet_name(game, taken)))
        sheet = self.deals[game]
        doc = item.document
        if "result" not in doc:  # a match the rules can no longer read: its document only
            return
        count = len(doc.get("deals") or [])
        if self.deals_full or self.deal_rows + count > DEAL_ROWS_MOST:
            # The newest matches' deals only: once one does not fit, no older one is added.
            self.deals_full = sheet.left_out = True
            return
        self.deal_rows += count
        title = f"#{item.match.pk} · {item.date.isoformat()} · {', '.join(item.names)}"
        sheet.sheet.write_string(sheet.row, 0, text_cell(title)[:MATCH_TITLE_MOST], self.bold)
        table = spreadsheet.deal_table(doc)
        for n, cells in enumerate(table):
            spreadsheet.write_row(sheet.sheet, sheet.row + 1 + n, cells, self.bold if n == 0 else None)
        sheet.row += len(table) + 2  # a blank row between two matches

    def _rest_elsewhere(self) -> str:
        if self.zipped:
            return _("Older matches are not listed here: every match is in this zip, as its match document.")
        return _(
            "Older matches are not listed here: every match is in the club's history download (.zip), "
            "as its match document."
        )

    def close(self) -> bytes:
        """The workbook's bytes (the totals of the money, and what was left out, said at the end)."""
        last = self.listed + 1
        if self.totals:
            self.matches.write_string(last, 0, _("Total"), self.bold)
        for column, total in enumerate(self.totals):
            self.matches.write_number(last, self.first_money + column, float(total), self.bold_money)
        if self.full:
            self.matches.write_string(last + 2, 0, self._rest_elsewhere())
        for sheet in self.deals.values():
            if sheet.left_out:
                sheet.sheet.write_string(sheet.row, 0, self._rest_elsewhere())
            sheet.sheet.set_column(0, 30, 12)
        self.book.close()
        return self.out.getvalue()
