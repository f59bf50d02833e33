"""What every game's deal entry form shares (each game's form is in its package: games/<family>/forms.py).

A form reads what a player typed into the match document's form; the rules engine judges the entry,
and the form shows the engine's refusals next to the field they are about.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.translation import gettext

from games.core import Problem

if TYPE_CHECKING:
    from .services import MovedOn, TakenByAnother


def seat_number(value: Any) -> int | None:
    """A seat as sent by a form, or None when what was sent is no seat (the field says so)."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


class ShowsEveryError(forms.Form):
    """Errors of fields that the page shows no message next to (hidden ones, the mode, the dealer, a
    hand) are said above the form too: a refused deal always says why."""

    shown_next_to_fields: tuple[str, ...] = ()  # name prefixes the form's template shows errors beside
    # Set on the form shown again when another phone entered its deal meanwhile, or deals were deleted.
    taken: TakenByAnother | MovedOn | None = None

    def __init__(self, *args: Any, number: int | None = None, **kwargs: Any) -> None:
        """``number``: the deal's number, which the form's own messages name as the engine's do."""
        super().__init__(*args, **kwargs)
        self.number = number

    @classmethod
    def initial_from(cls, entry: dict[str, Any], names: Sequence[str]) -> dict[str, Any]:
        """A stored deal's entry (the match document's form) as this form's initial values."""
        raise NotImplementedError

    def add_problems(self, problems: Sequence[Problem]) -> None:
        """The engine's refusals, each next to the field it is about (or above the form)."""
        raise NotImplementedError

    def elsewhere(self, problem: Problem) -> bool:
        """Whether ``problem`` is about another deal than this form's (a correction replays the
        later deals): said above the form, never under a field of this one."""
        return problem.deal is not None and self.number is not None and problem.deal != self.number

    def about_deal(self, text: str) -> str:
        """``text`` said of this deal: "Deal 6: ..." (as is, where the form does not know its number)."""
        if self.number is None:
            return text
        return gettext("Deal %(number)d: %(text)s") % {"number": self.number, "text": text}

    def full_clean(self) -> None:
        super().full_clean()
        for name in [name for name in self.errors if name != NON_FIELD_ERRORS]:
            if name.startswith(self.shown_next_to_fields):
                continue
            field = self.fields[name]
            if field.widget.is_hidden:
                incomplete = gettext(
                    "This form was sent incomplete; reload the page and enter the deal again."
                )
                if incomplete not in self.errors.get(NON_FIELD_ERRORS, []):
                    self.add_error(None, incomplete)
            else:
                for error in list(self.errors[name]):
                    self.add_error(None, f"{field.label}: {error}")
