"""What every game shares: problems that explain a refusal, and house-rule options.

Pure Python: no Django here (tests/rules/test_purity.py guards it). Messages are
English templates with named placeholders; the web layer translates the template
(``gettext_noop`` marks them for makemessages) and fills in the values.
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Protocol


def gettext_noop(message: str) -> str:
    """Mark a message for translation without translating it here."""
    return message


@dataclass(frozen=True)
class Problem:
    """One reason why a deal, a start or a document is refused."""

    template: str
    params: Mapping[str, Any] = field(default_factory=dict)
    deal: int | None = None
    player: str | None = None
    # The input a form should show the message next to: "points", "covered", ...
    field: str | None = None

    @property
    def text(self) -> str:
        return self.template % dict(self.params)

    def __str__(self) -> str:
        return f"deal {self.deal}: {self.text}" if self.deal is not None else self.text


class Refused(ValueError):
    """Input that breaks a rule; ``problems`` says each thing that is wrong."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(str(p) for p in self.problems))


@dataclass(frozen=True)
class Option:
    """A house rule: its key in documents, its default and what values it takes."""

    key: str
    default: Any
    help: str
    kind: str  # "bool", "int", "number" or "choice"
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    nullable: bool = False
    # Asked when a match is created, not tucked away with the house rules (001's match length).
    ask: bool = False
    label: str = ""

    def check(self, value: Any) -> bool:
        if value is None:
            return self.nullable
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "choice":
            return any(value == c and type(value) is type(c) for c in self.choices)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            return False
        if self.kind == "int" and not (isinstance(value, int) or float(value).is_integer()):
            return False
        return self.minimum is None or value >= self.minimum


def resolve_options(specs: Sequence[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Every option of a game: the given values checked, the rest at their defaults."""
    known = {spec.key: spec for spec in specs}
    problems = [
        Problem(gettext_noop("unknown option %(key)s"), {"key": key}, field=key)
        for key in given
        if key not in known
    ]
    options: dict[str, Any] = {}
    for spec in specs:
        value = given.get(spec.key, spec.default)
        if not spec.check(value):
            problems.append(
                Problem(
                    gettext_noop("option %(key)s cannot be %(value)s"),
                    {"key": spec.key, "value": json.dumps(value, ensure_ascii=False)},
                    field=spec.key,
                )
            )
        elif spec.kind == "int" and value is not None:
            value = int(value)
        options[spec.key] = value
    if problems:
        raise Refused(problems)
    return options


def next_seat(seat: int, seats: int) -> int:
    """The seat to the right: the next one in playing order (counter-clockwise)."""
    return (seat + 1) % seats


def to_cents(amount: Decimal) -> int:
    """Money to whole cents, half a cent rounded up."""
    return int((amount * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def split_evenly(amount: int, parts: int) -> list[int]:
    """Share ``amount`` cents in ``parts``; the extra cents go to the first parts."""
    share, extra = divmod(amount, parts)
    return [share + (1 if i < extra else 0) for i in range(parts)]


def is_int(value: Any) -> bool:
    """A whole number in a document (JSON's true and false are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def seat_of(players: Sequence[str], name: Any, number: int | None, field: str) -> int:
    """The seat of a player named in a document; an unknown name is refused."""
    if name not in players:
        raise Refused(
            [
                Problem(
                    gettext_noop("%(name)s is not a player of this match"),
                    {"name": name},
                    deal=number,
                    field=field,
                )
            ]
        )
    return players.index(name)


class Steps(Protocol):
    """A game's running state, which takes the deals one by one."""

    def step(self, number: int, deal: Any) -> None: ...

    def result(self) -> Any: ...


def step_on(state: Steps, number: int, deal: Any) -> Steps:
    """``state`` after one more deal, ``number``; ``state`` itself stays as it was.

    The copy shares what never changes (the deals' results, the options); its lists and dicts,
    which the next steps change, are its own. A match of many deals takes its next one this way
    without being replayed from the first.
    """
    twin = copy.copy(state)
    for name, value in vars(state).items():
        if isinstance(value, list | dict | set):
            setattr(twin, name, copy.copy(value))
    twin.step(number, deal)
    return twin


def replay(state: Steps, deals: Sequence[Any], ended_at_start: bool) -> None:
    """Feed every deal to ``state``; every problem of every deal is reported at once."""
    if ended_at_start:
        raise Refused([Problem(gettext_noop("the start has already ended the match"), field="start")])
    problems: list[Problem] = []
    for number, deal in enumerate(deals, start=1):
        try:
            state.step(number, deal)
        except Refused as refused:
            problems.extend(refused.problems)
    if problems:
        raise Refused(problems)
