"""``{% page_owner %}``: whose the page is, on base.html's ``<html data-owner>`` (sessions.owner_marker)."""

from __future__ import annotations

from django import template
from django.template import Context

from matches.sessions import owner_marker

register = template.Library()


@register.simple_tag(takes_context=True)
def page_owner(context: Context) -> str:
    """The session's marker; empty for a page drawn without a request: whose it is is not known, and
    offline.js then leaves what the phone keeps as it is."""
    request = context.get("request")
    return owner_marker(request) if request is not None else ""
