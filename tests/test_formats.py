"""Money, dates and plurals as a player reads them, in Italian and in English."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.template import Context, Template
from django.test import override_settings
from django.utils import formats
from django.utils.translation import override

from games.core import Problem
from games.registry import GAMES
from games.web import web_for
from matches.amounts import money
from matches.dates import evening_of
from matches.forms import house_rules, problem_text
from matches.spoken import _then

NAMES = ("Anna", "Bruno", "Carla", "Dario")


@pytest.mark.parametrize(
    ("language", "amount", "shown", "signed"),
    [
        ("it", Decimal("2.5"), "2,50\u00a0€", "+2,50\u00a0€"),
        ("it", Decimal("-1"), "−1,00\u00a0€", "−1,00\u00a0€"),
        ("it", Decimal("0"), "0,00\u00a0€", "0,00\u00a0€"),
        ("en", Decimal("2.5"), "€2.50", "+€2.50"),
        ("en", Decimal("-0.34"), "−€0.34", "−€0.34"),
    ],
)
def test_an_amount_has_two_decimals_and_the_currency_where_the_language_writes_it(
    language: str, amount: Decimal, shown: str, signed: str
) -> None:
    with override(language):
        assert money(amount) == shown
        assert money(amount, signed=True) == signed


def test_the_currency_is_a_setting_and_may_be_none() -> None:
    with override("it"), override_settings(CURRENCY="CHF"):
        assert money(Decimal("3")) == "3,00\u00a0CHF"
    with override("en"), override_settings(CURRENCY=""):
        assert money(Decimal("3")) == "3.00"


def test_the_template_filters_write_money_the_same_way() -> None:
    template = Template("{% load money %}{{ a|money }} {{ b|signed_money }}")
    with override("it"):
        shown = template.render(Context({"a": Decimal("0.5"), "b": Decimal("4")}))
    assert shown == "0,50\u00a0€ +4,00\u00a0€"


def test_the_stake_among_the_house_rules_is_money_with_a_decimal_comma() -> None:
    with override("it"):
        rows = dict(house_rules(GAMES["busca-001"], {"stake": 0.5}))
    assert rows["Posta"] == "0,50\u00a0€"


@pytest.mark.parametrize(
    ("language", "shown", "short"),
    [("it", "1 dicembre 2026", "1 dic"), ("en", "1 December 2026", "1 Dec")],
)
def test_a_date_has_its_month_in_the_languages_own_case(language: str, shown: str, short: str) -> None:
    day = datetime.date(2026, 12, 1)
    with override(language):
        assert formats.date_format(day, "DATE_FORMAT") == shown
        assert formats.date_format(day, "MONTH_DAY_FORMAT") == short


@pytest.mark.parametrize(
    ("day", "italian"),
    [
        (1, "Serata dell'1 dicembre 2026"),
        (8, "Serata dell'8 dicembre 2026"),
        (11, "Serata dell'11 dicembre 2026"),
        (2, "Serata del 2 dicembre 2026"),
        (21, "Serata del 21 dicembre 2026"),
    ],
)
def test_an_evening_elides_the_article_before_a_day_read_with_a_vowel(day: int, italian: str) -> None:
    date = datetime.date(2026, 12, day)
    with override("it"):
        assert evening_of(date) == italian
        assert evening_of(date, "da Carla") == f"{italian}, da Carla"
    with override("en"):
        assert evening_of(date) == f"Evening of {day} December 2026"


def test_the_verb_follows_the_number_of_names() -> None:
    _busca_said, _mambassa_said = web_for("busca-000").entry_said, web_for("mambassa").entry_said
    with override("it"):
        assert _busca_said("covered", [True, False, True, True], NAMES) == "non ha coperto: Bruno"
        assert _busca_said("covered", [True, False, False, True], NAMES) == "non hanno coperto: Bruno, Carla"
        assert _mambassa_said("payers", ["Bruno"], NAMES) == "paga: Bruno"
        assert _mambassa_said("payers", ["Bruno", "Carla"], NAMES) == "pagano: Bruno, Carla"
    with override("en"):
        assert _busca_said("covered", [True, False, False, True], NAMES) == "didn't cover: Bruno, Carla"


def test_who_deals_next_is_said_in_the_pages_language() -> None:
    with override("it"):
        assert _then("Smazzata 1 salvata", "Carla") == "Smazzata 1 salvata. Poi dà le carte Carla."
    with override("en"):
        assert _then("Deal 1 saved", "Carla") == "Deal 1 saved. Carla deals next."


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("it", "Smazzata 2: i punti fanno 34 in tutto, ma una smazzata di Busca a croce vale 35"),
        ("en", "Deal 2: points add up to 34, a deal of Busca a croce has 35"),
    ],
)
def test_a_refusal_on_the_web_names_the_game_not_its_key(language: str, said: str) -> None:
    problem = Problem(
        "points add up to %(sum)d, a deal of %(game)s has %(total)d",
        {"sum": 34, "game": "busca-003", "total": 35},
        deal=2,
    )
    with override(language):
        assert problem_text(problem) == said
    # The command line keeps its English line with the key (docs/format.md).
    assert problem.text == "points add up to 34, a deal of busca-003 has 35"
