"""A match out as a document or a spreadsheet, and a document in as a match."""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import document
from games.core import Problem, Refused, gettext_noop

from .. import services, spreadsheet
from ..access import Access
from ..clubs import in_club
from ..forms import problem_text
from ..http import LoggedInRequest
from ..models import Membership
from .common import with_access


@with_access()
def match_export_json(request: HttpRequest, access: Access) -> HttpResponse:
    document = services.match_export(access.match)
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False, indent=2), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="match-{access.match.pk}.json"'
    return response


@with_access()
def match_export_csv(request: HttpRequest, access: Access) -> HttpResponse:
    """The deals for a spreadsheet in the page's language (spreadsheet.py: ``;`` in Italian)."""
    table = spreadsheet.deal_table(services.match_export(access.match))
    response = HttpResponse(spreadsheet.write_csv(table), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="match-{access.match.pk}.csv"'
    return response


@with_access()
def match_export_xlsx(request: HttpRequest, access: Access) -> HttpResponse:
    """The same deals as an Excel workbook."""
    table = spreadsheet.deal_table(services.match_export(access.match))
    response = HttpResponse(
        spreadsheet.write_xlsx(table, title=_("Deals")),
        content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    )
    response["Content-Disposition"] = f'attachment; filename="match-{access.match.pk}.xlsx"'
    return response


@in_club("score")
@require_POST
def match_import(request: LoggedInRequest, member: Membership) -> HttpResponse:
    """A match document uploaded from the matches page becomes a new match of the club, or is
    refused whole."""
    upload = request.FILES.get("document")
    try:
        if upload is None:
            raise Refused([Problem(gettext_noop("choose a match document (.json) to import"))])
        # A file over the limit is refused unread (its size is known), and at most one byte past
        # the limit is ever read: parse_document says what else it is not (docs/format.md, "Limits").
        if upload.size is not None and upload.size > document.BYTES_MOST:
            raise Refused([document.too_large()])
        data = upload.read(document.BYTES_MOST + 1)
        match = services.match_import(owner=request.user, club=member.club, doc=document.parse_document(data))
    except Refused as refused:
        for problem in refused.problems:
            messages.error(request, problem_text(problem))
        return redirect("match_list")
    messages.success(request, _("Match imported."))
    return redirect(match)
