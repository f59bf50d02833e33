"""``{% page_owner %}``: whose the page is, on base.html's ``<html data-owner>``."""

from __future__ import annotations

from django import template
from django.http import HttpRequest
from django.template import Context
from django.utils.crypto import salted_hmac

register = template.Library()


@register.simple_tag(takes_context=True)
def page_owner(context: Context) -> str:
    """The session's marker; empty for a page drawn without a request: whose it is is not known, and
    offline.js then leaves what the phone keeps as it is."""
    request = context.get("request")
    return owner_marker(request) if request is not None else ""


def owner_marker(request: HttpRequest) -> str:
    """Whose this page is, for what the phone keeps of it offline (offline.js, sw.js): "none"
    without a session, else a value drawn from the session key that changes with it (at login,
    logout, expiry, and when a link the session joined by is withdrawn: access.py). Not a secret,
    and not the key: an HMAC of it, which tells nothing of the key."""
    session = request.session
    if not session.keys() or session.session_key is None:  # (keys() reads it: an expired one has none)
        return "none"
    # (The salt is the one of the module that first drew it: every phone's marker stays the same.)
    return salted_hmac("matches.sessions.owner_marker", session.session_key).hexdigest()[:24]
