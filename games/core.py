"""What every game shares: problems that explain a refusal, and house-rule options.

Pure Python: no Django here (tests/rules/test_purity.py guards it). Messages are
English templates with named placeholders; the web layer translates the template
(``gettext_noop`` marks them for makemessages) and fills in the values.
"""

from __future__ import annotations

import copy
import json
import math
import unicodedata
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


# Everything a person or a document sets has a limit no real table comes near (docs/format.md,
# "Limits"): past it a value is refused, in the same words on the command line and in the web forms.
NAME_MOST = 40  # characters of a player's name, spaces trimmed
DEALS_MOST = 1000  # deals in a match
SHOWN_MOST = 40  # characters of a value shown back in a message


def shown(value: Any) -> str:
    """A value as a message shows it back: text as it is, anything else as JSON; cut short when long."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= SHOWN_MOST else text[:SHOWN_MOST] + "…"


@dataclass(frozen=True)
class Option:
    """A house rule: its key in documents, its default and what values it takes.

    A number ("int" or "number") lies between ``minimum`` and ``maximum``; a "number" has at most
    ``places`` decimals. ``limits`` says its range to the players ("the renege penalty is a whole
    number of busche from %(minimum)d to %(maximum)d"), ``most`` what a value too big breaks ("the
    renege penalty is at most %(maximum)d busche"): the web forms refuse in these words too.
    """

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
    maximum: int | None = None
    places: int = 0
    limits: str = ""
    most: str = ""
    # An option this project added to the format (docs/format.md, "A deal entered by its top"):
    # written into a document only when it is not at its default, so that a document not using it
    # is as the format has always had it.
    extension: bool = False

    def check(self, value: Any) -> bool:
        return self.problem(value) is None

    def problem(self, value: Any) -> Problem | None:
        """Why ``value`` (from a document, or a form's ``Decimal``) cannot be this option; None if it can."""
        if value is None:
            if self.nullable:
                return None
            return self.limit_problem() if self.kind in ("int", "number") else self._refusal(value)
        if self.kind == "bool":
            return None if isinstance(value, bool) else self._refusal(value)
        if self.kind == "choice":
            ok = any(value == c and type(value) is type(c) for c in self.choices)
            return None if ok else self._refusal(value)
        if self.kind == "int":
            fits = is_int(value)  # 20.0 and "20" are no JSON integers
        else:
            fits = isinstance(value, int | float | Decimal) and not isinstance(value, bool)
            fits = fits and (not isinstance(value, float | Decimal) or math.isfinite(value))
        if not fits:
            return self.limit_problem()
        if self.maximum is not None and value > self.maximum:
            return self.limit_problem(most=True)
        if self.minimum is not None and value < self.minimum:
            return self.limit_problem()
        if self.kind == "number" and not isinstance(value, int):
            exponent = (value if isinstance(value, Decimal) else Decimal(str(value))).as_tuple().exponent
            if isinstance(exponent, int) and exponent < -self.places:
                return self.limit_problem()
        return None

    def limit_problem(self, most: bool = False) -> Problem:
        """The refusal of a number out of range: ``most`` for one too big."""
        template = (self.most if most else self.limits) or _OUT_OF_RANGE
        params = {"key": self.key, "minimum": self.minimum, "maximum": self.maximum}
        return Problem(template, params, field=self.key)

    def _refusal(self, value: Any) -> Problem:
        return Problem(
            gettext_noop("option %(key)s cannot be %(value)s"),
            {"key": self.key, "value": shown(json.dumps(value, ensure_ascii=False, default=str))},
            field=self.key,
        )


_OUT_OF_RANGE = gettext_noop("option %(key)s is a number from %(minimum)s to %(maximum)s")

# The stake of every game.
STAKE_LIMITS: dict[str, Any] = {
    "maximum": 10_000,
    "places": 2,
    "limits": gettext_noop("the stake is a sum from %(minimum)d to %(maximum)d, with at most two decimals"),
    "most": gettext_noop("the stake is at most %(maximum)d"),
}


def resolve_options(specs: Sequence[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Every option of a game: the given values checked, the rest at their defaults."""
    known = {spec.key: spec for spec in specs}
    problems = [
        Problem(gettext_noop("unknown option %(key)s"), {"key": shown(key)}, field=key)
        for key in given
        if key not in known
    ]
    options: dict[str, Any] = {}
    for spec in specs:
        value = given.get(spec.key, spec.default)
        problem = spec.problem(value)
        if problem is not None:
            problems.append(problem)
        options[spec.key] = value
    if problems:
        raise Refused(problems)
    return options


def written_options(specs: Sequence[Option], options: Mapping[str, Any]) -> dict[str, Any]:
    """The options as a document writes them: every one, but an extension left at its default."""
    quiet = {spec.key for spec in specs if spec.extension and options.get(spec.key) == spec.default}
    return {key: value for key, value in options.items() if key not in quiet}


def name_problem(name: Any) -> Problem | None:
    """Why ``name`` cannot be a player's name (docs/format.md, "Limits"); None if it can.

    1 to 40 characters once the spaces around it are trimmed, and nothing that is not written
    text: no control character (NUL, a tab, a line break) and no lone surrogate (a JSON "\\ud800").
    """
    if not isinstance(name, str):
        return Problem(gettext_noop("a player's name must be text"), field="players")
    trimmed = name.strip()
    if not trimmed:
        return Problem(gettext_noop("a player's name cannot be empty"), field="players")
    if any(unicodedata.category(c) in _NOT_TEXT for c in name):
        return Problem(gettext_noop("a player's name cannot hold control characters"), field="players")
    if len(trimmed) > NAME_MOST:
        return Problem(
            gettext_noop("the name %(name)s… is too long: a name has at most %(most)d characters"),
            {"name": trimmed[:20], "most": NAME_MOST},
            field="players",
        )
    return None


# Control characters, surrogates, and the line and paragraph separators.
_NOT_TEXT = frozenset({"Cc", "Cs", "Zl", "Zp"})


def repeated_name_problem(names: Sequence[str]) -> Problem | None:
    """The first name given to two seats, named ("Anna sits in two seats"); None if all differ."""
    seen: set[str] = set()
    for name in names:
        trimmed = name.strip()
        if trimmed in seen:
            return Problem(gettext_noop("%(name)s sits in two seats"), {"name": trimmed}, field="players")
        seen.add(trimmed)
    return None


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
    """The seat of a player named in a document (the spaces around it trimmed, as the players' names
    are); an unknown name is refused."""
    if isinstance(name, str):
        name = name.strip()
    if name not in players:
        raise Refused(
            [
                Problem(
                    gettext_noop("%(name)s is not a player of this match"),
                    {"name": shown(name)},
                    deal=number,
                    field=field,
                )
            ]
        )
    return players.index(name)


def renamed(value: Any, old: str, new: str) -> Any:
    """``value`` from a deal, with the player named ``old`` (as seat_of reads names) named ``new``."""
    return new if isinstance(value, str) and value.strip() == old else value


class Steps(Protocol):
    """A game's running state, which takes the deals one by one."""

    def step(self, number: int, deal: Any) -> None: ...

    def check_alone(self, number: int, deal: Any) -> None:
        """Refuse what is wrong with ``deal`` whatever the match before it: after a deal refused, the
        state it would have made is unknown, and a check on that state would say nothing true."""

    @property
    def ended(self) -> bool: ...

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
    """Feed every deal to ``state``; the problems of every deal are reported at once, each once."""
    if ended_at_start:
        raise Refused([Problem(gettext_noop("the start has already ended the match"), field="start")])
    problems: list[Problem] = []
    known = True  # the state is the one the deals so far made
    for number, deal in enumerate(deals, start=1):
        try:
            if known:
                state.step(number, deal)
            else:
                state.check_alone(number, deal)
        except Refused as refused:
            problems.extend(refused.problems)
            # A deal after the end leaves the match as it was, ended: the next is judged on it. Any
            # other refusal leaves unknown what the deal would have made: the later deals are only
            # checked for what no state decides, so the one refusal is not reported again and again.
            known = known and state.ended
    if problems:
        raise Refused(problems)
