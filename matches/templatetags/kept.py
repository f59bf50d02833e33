"""``{% kept_rows %}``: the rows of a deal table or change log, each drawn once per its content."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template
from django.template import Context

from matches import pagecache

register = template.Library()


@register.simple_tag(takes_context=True)
def kept_rows(context: Context, name: str, rows: Iterable[Any], *key: Any) -> str:
    """Each of ``rows`` drawn by the template ``name`` (as ``row``), kept by its content.

    ``key`` names whatever else of the context the rows' template reads (the language, the time
    zone and whether the viewer may score are added). A saved deal adds one row to its table;
    the other 29 are not drawn again.
    """
    return pagecache.kept_rows(context, name, rows, key)
