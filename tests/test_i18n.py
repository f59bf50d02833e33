"""The Italian and English catalogues: complete, faithful to their placeholders, and in use.

The catalogues are compiled here (as ``make messages`` does with scripts/compile_messages.py),
so running pytest on a fresh checkout, where only the .po files exist, still tests them.
"""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.utils.translation import override

from games.busca.rules import VARIANTS, BuscaDeal
from games.core import Refused, resolve_options
from matches.forms import problem_text

LANGUAGES = ("it", "en")
# %(name)s, %(points)d... ; {{ name }} ; <b>, </b>
PLACEHOLDER = re.compile(r"%\(\w+\)[#0 +-]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]")
TEMPLATE_VARIABLE = re.compile(r"\{\{\s*[\w.|:]+\s*\}\}")
HTML_TAG = re.compile(r"</?\w+[^>]*>")


def catalogue_path(language: str) -> Path:
    return Path(settings.LOCALE_PATHS[0]) / language / "LC_MESSAGES" / "django.po"


def catalogue(language: str) -> polib.POFile:
    return polib.pofile(str(catalogue_path(language)))


@pytest.fixture(scope="module", autouse=True)
def compiled_catalogues() -> None:
    """Compile each .po into the .mo Django reads, then make Django drop what it had loaded."""
    for language in LANGUAGES:
        path = catalogue_path(language)
        polib.pofile(str(path)).save_as_mofile(str(path.with_suffix(".mo")))
    # Changing LOCALE_PATHS (even to itself) empties Django's cache of loaded catalogues.
    with override_settings(LOCALE_PATHS=list(settings.LOCALE_PATHS)):
        pass


def markers(text: str) -> dict[str, list[str]]:
    return {
        "placeholders": sorted(PLACEHOLDER.findall(text)),
        "template variables": sorted(TEMPLATE_VARIABLE.findall(text)),
        "HTML tags": sorted(HTML_TAG.findall(text)),
    }


def translations(entry: polib.POEntry) -> list[tuple[str, str]]:
    """(source, translation) pairs of an entry: one, or one per plural form."""
    if entry.msgid_plural:
        forms = [entry.msgstr_plural.get(i, "") for i in range(2)]
        return [(entry.msgid, forms[0]), (entry.msgid_plural, forms[1])]
    return [(entry.msgid, entry.msgstr)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalogue_is_complete(language: str) -> None:
    po = catalogue(language)
    entries = [entry for entry in po if not entry.obsolete]
    assert entries
    assert not po.metadata_is_fuzzy
    assert po.metadata["Language"] == language
    assert po.metadata["Plural-Forms"].startswith("nplurals=2;")
    assert [e.msgid for e in entries if "fuzzy" in e.flags] == []
    assert [e.msgid for e in entries if not e.translated()] == []
    assert [e.msgid for e in entries if any(not text for _, text in translations(e))] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translation_keeps_the_placeholders_of_its_source(language: str) -> None:
    broken = [
        (source, text)
        for entry in catalogue(language)
        if not entry.obsolete
        for source, text in translations(entry)
        if markers(text) != markers(source)
    ]
    assert broken == []


def test_the_english_catalogue_repeats_the_sources() -> None:
    differing = [
        (source, text)
        for entry in catalogue("en")
        if not entry.obsolete
        for source, text in translations(entry)
        if text != source
    ]
    assert differing == []


def test_the_italian_catalogue_is_translated() -> None:
    italian = {entry.msgid: entry.msgstr for entry in catalogue("it") if not entry.msgid_plural}
    assert italian["Deal %(number)d: %(text)s"] == "Smazzata %(number)d: %(text)s"
    assert italian["<b>%(leader)s</b> leads"] == "<b>%(leader)s</b> è di mano"
    assert italian["Stake"] == "Posta"


def test_the_home_page_is_in_italian_for_an_italian_browser(client: Client) -> None:
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert '<html lang="it" ' in page
    assert "Il foglio dei punti per il tavolo da gioco" in page
    assert "The score sheet for the card table" not in page


def test_the_home_page_is_in_english_by_default(client: Client) -> None:
    page = client.get("/").content.decode()
    assert '<html lang="en" ' in page
    assert "The score sheet for the card table" in page


def test_the_language_switch_turns_the_pages_italian(client: Client) -> None:
    assert '<html lang="en" ' in client.get("/").content.decode()

    response = client.post("/i18n/setlang/", {"language": "it", "next": "/"})
    assert response.status_code == 302

    page = client.get("/").content.decode()
    assert '<html lang="it" ' in page
    assert "Il foglio dei punti per il tavolo da gioco" in page


def refusal_of_deal_3(points: tuple[int, ...]) -> Refused:
    """The engine's refusal of a third deal of busca-000, after two quiet ones."""
    variant = VARIANTS["busca-000"]
    quiet = BuscaDeal(points=(18, 12, 6, 4))
    deals = [quiet, quiet, BuscaDeal(points=points)]
    with pytest.raises(Refused) as refused:
        variant.play(resolve_options(variant.options, {}), ("Anna", "Bruno", "Carla", "Dario"), 0, deals)
    return refused.value


@pytest.mark.parametrize(
    ("points", "english", "italian"),
    [
        (
            (15, 15, 10, 0),
            "Deal 3: Dario has 0 points; say whether he covered",
            "Smazzata 3: Dario ha 0 punti; dite se ha coperto",
        ),
        (
            (10, 10, 10, 9),
            "Deal 3: points add up to 39, a deal of Busca / Busche has 40",
            "Smazzata 3: i punti fanno 39 in tutto, ma una smazzata di Busca / Busche vale 40",
        ),
    ],
)
def test_the_rules_engine_refusal_is_translated(points: tuple[int, ...], english: str, italian: str) -> None:
    (problem,) = refusal_of_deal_3(points).problems
    with override("it"):
        assert problem_text(problem) == italian
    with override("en"):
        assert problem_text(problem) == english
