"""What a web process keeps between requests: replays and drawn sheets, per version of a match.

A match's replay and the markup of its drawing and deal table change only when the match does,
and every change bumps ``Match.version`` (services._refresh) and ``updated_at``. Kept under a key
made of those, a replay or a drawing is never stale: a changed match has a new key, and the old
entry is simply never asked for again and falls off the end. Each process keeps its own (there is
nothing to share or invalidate), a few hundred matches at most.
"""

from __future__ import annotations

import re
import secrets
import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, Generic, TypeVar

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.template import Context, loader
from django.utils import timezone, translation
from django.utils.functional import Promise
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

from .sessions import owner_marker

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Recent(Generic[K, V]):
    """The ``size`` most recently used values, by key (an LRU cache), safe to share between threads."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[K, V] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self.lock:
            value = self.items.get(key)
            if value is not None:
                self.items.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self.lock:
            self.items[key] = value
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)

    def get_or_make(self, key: K, make: Callable[[], V]) -> V:
        value = self.get(key)
        if value is None:
            value = make()
            self.put(key, value)
        return value

    def clear(self) -> None:
        with self.lock:
            self.items.clear()


FRAGMENTS: Recent[tuple[Any, ...], str] = Recent(256)
# A match's card in a list (the matches page, an evening): small, and one per match, so kept apart
# from the drawings, which a busy match page would otherwise push them out for.
CARDS: Recent[tuple[Any, ...], str] = Recent(1024)


class KeptInclude:
    """A template for ``{% include %}`` whose output is kept per version of the match it draws.

    ``key`` names the match's state (its pk, version, update time and players' names); the
    language, the time zone and whether the viewer may score are added, as the markup depends on
    them too.
    The template must depend on nothing else (no user, no form typed in): the drawings, the deal
    tables, the change log and the blank entry form qualify. A CSRF token in it (the undo buttons'
    and the entry form) is kept as a placeholder and replaced by this request's token on the way
    out; the entry form's one-time token (TOKEN_PLACEHOLDER) by a new one, each page its own.
    ``kept``: where the output is kept (FRAGMENTS, or CARDS for a match's card).
    ``number``: the next deal's number, drawn as NUMBER_PLACEHOLDER (``next_number`` in the
    template, and wherever the drawing's form writes it) and filled in here: an entry form is then
    kept by what it asks, not by the number of its deal, and a saved deal finds the next one drawn.
    """

    def __init__(
        self,
        name: str,
        key: tuple[Any, ...],
        kept: Recent[tuple[Any, ...], str] = FRAGMENTS,
        number: int | None = None,
    ) -> None:
        self.name, self.key, self.kept, self.number = name, key, kept, number

    def __str__(self) -> str:
        return self.name

    def render(self, context: Context) -> str:
        if self.number is None:
            html = _kept_drawing(context, self.kept, self.name, self.key, {})
        else:
            values = {"next_number": NUMBER_PLACEHOLDER}
            html = _kept_drawing(context, self.kept, self.name, self.key, values)
            html = html.replace(NUMBER_PLACEHOLDER, str(self.number))
        if context.get("kept_page"):  # the whole page is being kept: its tokens are filled in later
            return mark_safe(html)
        return mark_safe(_filled(html, conditional_escape(context.get("csrf_token", ""))))


def _full_key(
    name: str, key: tuple[Any, ...], can_score: bool, here: tuple[str, str] | None = None
) -> tuple[Any, ...]:
    """``key`` and what a kept drawing depends on besides: the language and the time zone (a
    card's date, a change's time: ``here``, asked if not given) and whether the viewer may score."""
    language, zone = here or _here()
    return (name, *key, language, zone, can_score)


def _here() -> tuple[str, str]:
    return translation.get_language(), timezone.get_current_timezone_name()


def _kept_drawing(
    context: Context,
    kept: Recent[tuple[Any, ...], str],
    name: str,
    key: tuple[Any, ...],
    values: dict[str, Any],
    here: tuple[str, str] | None = None,
) -> str:
    """The template ``name`` drawn with ``values`` added to ``context``, kept under ``key`` (and
    _full_key's parts); its CSRF token left as the placeholder."""
    full_key = _full_key(name, key, bool(context.get("can_score")), here)
    html = kept.get(full_key)
    if html is None:
        assert context.template is not None
        with context.push(values, csrf_token=CSRF_PLACEHOLDER):
            html = context.template.engine.get_template(name).render(context)
        kept.put(full_key, html)
    return html


def kept_parts(
    kept: Recent[tuple[Any, ...], str],
    name: str,
    keys: Mapping[K, tuple[Any, ...]],
    values: Callable[[list[K]], Mapping[K, dict[str, Any]]],
) -> dict[K, str]:
    """The template ``name`` drawn on its own once per key (the slots of a kept page), kept as
    KeptInclude keeps it for a viewer who may not score. Those not kept are drawn with what
    ``values(missing)`` gives for each, asked once for them all; one it gives nothing for (gone
    since) is left empty."""
    full_keys = {part: _full_key(name, key, False) for part, key in keys.items()}
    parts = {part: kept.get(full_key) for part, full_key in full_keys.items()}
    missing = [part for part, html in parts.items() if html is None]
    if missing:
        for part, context in values(missing).items():
            html = loader.render_to_string(name, {**context, "csrf_token": CSRF_PLACEHOLDER})
            kept.put(full_keys[part], html)
            parts[part] = html
    return {part: html or "" for part, html in parts.items()}


class Slot:
    """A part of a kept page that changes on its own (a match's card in a list): the page is kept
    with a marker in its place, and kept_page puts the part, kept by its own key, there."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __str__(self) -> str:
        return self.name

    def render(self, context: Context) -> str:
        return mark_safe(slot_marker(self.name))


def slot_marker(name: str) -> str:
    return f"<!--{SLOT_PLACEHOLDER}:{name}-->"


ROWS: Recent[tuple[Any, ...], str] = Recent(4096)


def kept_rows(context: Context, name: str, rows: Iterable[Any], key: tuple[Any, ...]) -> str:
    """Each of ``rows`` drawn by the template ``name`` (as ``row``), kept by its content and by
    ``key`` (see KeptInclude): a saved deal draws one new row of its table, not 30.

    Drawn with the placeholder for its CSRF token, which a kept fragment fills in on its way out;
    anywhere else, it is filled in here.
    """
    here = _here()
    html = "".join(
        _kept_drawing(context, ROWS, name, (frozen(values), *key), values, here)
        for values in ({"row": row} for row in rows)
    )
    if context.get("csrf_token") == CSRF_PLACEHOLDER:
        return mark_safe(html)
    return mark_safe(_filled(html, conditional_escape(context.get("csrf_token", ""))))


_PLAIN = frozenset({str, int, float, bool, type(None)})


def frozen(value: Any) -> Hashable:
    """``value`` as a key: dicts and lists as tuples, all the way down (anything else unhashable raises
    TypeError: a row must be made of values, not of objects that could change once kept)."""
    if isinstance(value, dict):  # (a plain value as it is: a table of 30 rows asks 900 of them)
        return tuple((k, v if type(v) in _PLAIN else frozen(v)) for k, v in value.items())
    if isinstance(value, list | tuple):
        return tuple(v if type(v) in _PLAIN else frozen(v) for v in value)
    if isinstance(value, Promise):  # a lazy translation: its text in the language it is drawn in
        return str(value)
    hash(value)
    return value


PAGES: Recent[tuple[Any, ...], str] = Recent(128)


def kept_page(
    request: HttpRequest,
    key: tuple[Any, ...],
    draw: Callable[[bool], str],
    slots: Mapping[str, str] | None = None,
) -> HttpResponse:
    """A page drawn once per ``key``, language and address, each request given its own tokens.

    ``key`` must name everything the page shows (the match's state, who asks and what they may
    do) but its ``slots``; ``draw(kept)`` draws it, ``kept`` saying that it is kept (``kept_page``
    in its context). ``slots``: the markup of each Slot drawn in the page, by name.
    A page with messages to show is drawn afresh: they are for this request only.
    """
    if len(messages.get_messages(request)):
        return HttpResponse(_filled(_slotted(draw(False), slots), get_token(request)))
    key = (*key, translation.get_language(), request.get_full_path())
    owner = f' data-owner="{owner_marker(request)}"'
    html = PAGES.get(key)
    if html is None:
        html = draw(True)
        # The page's own CSRF token (the same all through one drawing) becomes the placeholder,
        # and so does whose the page is (base.html's <html data-owner>).
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
        if found is not None:
            html = html.replace(found.group(1), CSRF_PLACEHOLDER)
        html = html.replace(owner, OWNER_PLACEHOLDER, 1)
        PAGES.put(key, html)
    html = _filled(_slotted(html, slots), get_token(request))
    return HttpResponse(html.replace(OWNER_PLACEHOLDER, owner, 1))


def _slotted(html: str, slots: Mapping[str, str] | None) -> str:
    for name, part in (slots or {}).items():
        html = html.replace(slot_marker(name), part)
    return html


def _filled(html: str, csrf_token: str) -> str:
    """A kept drawing with this request's CSRF token and, in an entry form, a new one-time token."""
    if CSRF_PLACEHOLDER in html:
        html = html.replace(CSRF_PLACEHOLDER, csrf_token)
    if TOKEN_PLACEHOLDER in html:
        html = html.replace(TOKEN_PLACEHOLDER, str(uuid.uuid4()))
    return html


# Random, so that no text typed into a page can be mistaken for them.
CSRF_PLACEHOLDER = f"csrf-{secrets.token_hex(12)}"
TOKEN_PLACEHOLDER = str(uuid.uuid4())  # a kept entry form's one-time token
SLOT_PLACEHOLDER = f"slot-{secrets.token_hex(12)}"
NUMBER_PLACEHOLDER = f"deal-{secrets.token_hex(12)}"  # a kept entry form's deal number
OWNER_PLACEHOLDER = f" data-owner-{secrets.token_hex(12)}"  # a kept page's <html data-owner="…">
