"""Reading pages the way a person (or a browser) would: the text of an element, what a form would send.

The standard library's HTML parser is enough here; it turns ``&#x27;`` back into an apostrophe, so
tests compare the words a user reads, not their escaping.
"""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Protocol


class Answer(Protocol):
    """What a test reads of the server's answer: the test client's or an HttpResponse."""

    status_code: int

    @property
    def content(self) -> bytes: ...

    def __getitem__(self, header: str) -> str: ...


Page = str | Answer
Attrs = dict[str, str | None]


def _matches(attrs: Attrs, wanted: dict[str, str]) -> bool:
    for key, value in wanted.items():
        if key == "class":
            if value not in (attrs.get("class") or "").split():
                return False
        elif attrs.get(key) != value:
            return False
    return True


def _wanted(attrs: dict[str, str]) -> dict[str, str]:
    """``class_="error"`` and ``data_seat="3"`` stand for ``class`` and ``data-seat``."""
    return {key.rstrip("_").replace("_", "-"): value for key, value in attrs.items()}


class _Texts(HTMLParser):
    """The text inside each element ``<tag>`` whose attributes include the wanted ones."""

    def __init__(self, tag: str, wanted: dict[str, str]) -> None:
        super().__init__()
        self.tag, self.wanted = tag, wanted
        self.found: list[list[str]] = []
        self.depth = 0  # nesting of ``tag`` inside the element being read; 0: not reading

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth:
            self.found[-1].append(" ")  # a tag boundary reads as a space: list items are not glued
        if tag != self.tag:
            return
        if self.depth:
            self.depth += 1
        elif _matches(dict(attrs), self.wanted):
            self.depth = 1
            self.found.append([])

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            self.found[-1].append(" ")
        if tag == self.tag and self.depth:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.found[-1].append(data)


def texts(html: Page, tag: str, **attrs: str) -> list[str]:
    """The text of every matching element, with its whitespace squeezed as a reader sees it."""
    parser = _Texts(tag, _wanted(attrs))
    parser.feed(page_html(html))
    return [" ".join("".join(parts).split()) for parts in parser.found]


def text(html: Page, tag: str, **attrs: str) -> str:
    """The text of the one matching element."""
    found = texts(html, tag, **attrs)
    assert len(found) == 1, f"expected one <{tag} {attrs}>, found {len(found)}"
    return found[0]


class _Form(HTMLParser):
    """What a browser would send for a form: text inputs, checked boxes, selected options."""

    def __init__(self, form_id: str) -> None:
        super().__init__()
        self.form_id = form_id
        self.inside = False
        self.seen = False
        self.values: dict[str, str] = {}
        self.select: str | None = None
        self.first_option: str | None = None

    def handle_starttag(self, tag: str, attr_list: list[tuple[str, str | None]]) -> None:
        attrs = dict(attr_list)
        if tag == "form" and attrs.get("id") == self.form_id:
            self.inside = self.seen = True
        if not self.inside:
            return
        name = attrs.get("name")
        if tag == "input" and name:
            kind = attrs.get("type") or "text"
            if kind in ("checkbox", "radio"):
                if "checked" in attrs:
                    # value="" sends "", as a browser does; only a missing value sends "on".
                    value = attrs.get("value")
                    self.values[name] = "on" if value is None else value
            elif kind not in ("submit", "button"):
                self.values[name] = attrs.get("value") or ""
        elif tag == "select" and name:
            self.select, self.first_option = name, None
        elif tag == "option" and self.select:
            value = attrs.get("value") or ""
            if self.first_option is None:
                self.first_option = value
            if "selected" in attrs:
                self.values[self.select] = value

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self.inside:
            self.inside = False
        elif tag == "select" and self.select:
            # A select with nothing selected sends its first option.
            self.values.setdefault(self.select, self.first_option or "")
            self.select = None


def form_values(html: Page, form_id: str) -> dict[str, str]:
    """The fields of ``<form id=form_id>`` as the browser would post them untouched (no CSRF token)."""
    parser = _Form(form_id)
    parser.feed(page_html(html))
    assert parser.seen, f"no <form id={form_id!r}> on the page"
    parser.values.pop("csrfmiddlewaretoken", None)
    return parser.values


class _Count(HTMLParser):
    def __init__(self, tag: str, wanted: dict[str, str]) -> None:
        super().__init__()
        self.tag, self.wanted, self.count = tag, wanted, 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == self.tag and _matches(dict(attrs), self.wanted):
            self.count += 1


def count(html: Page, tag: str, **attrs: str) -> int:
    """How many ``<tag>`` elements have the given attributes (void elements such as inputs too)."""
    parser = _Count(tag, _wanted(attrs))
    parser.feed(page_html(html))
    return parser.count


def page_html(page: Page) -> str:
    """The page as text: a string already, or what the server answered."""
    return page if isinstance(page, str) else page.content.decode()
