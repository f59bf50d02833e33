"""``{% kept_row %}``: a row of a deal table or change log drawn once per its content (pagecache)."""

from __future__ import annotations

from typing import Any

from django import template
from django.template import Context

from matches import pagecache

register = template.Library()


@register.simple_tag(takes_context=True)
def kept_row(context: Context, name: str, row: Any, *key: Any) -> str:
    """``row`` drawn by the template ``name``, kept by its content.

    ``key`` names whatever else of the context the row's template reads (the language, the time
    zone and whether the viewer may score are added). A saved deal adds one row to its table;
    the other 29 are not drawn again.
    """
    return pagecache.kept_row(context, name, {"row": row}, key)
