"""The points board's deal entry form: one whole number per player, typed or tapped, minus points too."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.core import Problem
from matches.deal_forms import ShowsEveryError, seat_number
from matches.forms import problem_text

# What a phone may send for a minus: the keyboard's hyphen, or the typographic minus sign.
MINUS_SIGNS = str.maketrans({"−": "-", "–": "-"})
STEPS = (1, 5, 10)  # the taps beside each player's points (board.js)


class PointsField(forms.IntegerField):
    """A player's points: a whole number, minus points too ("−5" as a phone's keyboard may write it);
    blank is 0. Its limits are the engine's (POINTS_MOST), said by it with the deal and the player."""

    def to_python(self, value: Any) -> int | None:
        if isinstance(value, str):
            value = value.strip().translate(MINUS_SIGNS).replace(" ", "")
            if len(value) > 12:  # no points of a deal are this long: refused before int() reads it
                raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        number: int | None = super().to_python(value)
        return number


class PointsDealForm(ShowsEveryError):
    """One deal of a points board: each player's points, in seating order; who dealt, if not the
    next in turn. A blank field counts 0, but a deal with nothing typed is refused."""

    shown_next_to_fields = ("points_",)
    steps = STEPS

    def __init__(
        self,
        *args: Any,
        variant: Any,
        players: Sequence[str],
        options: Mapping[str, Any],
        dealer: int | None,
        rules_dealer: int | None = None,
        **kwargs: Any,
    ) -> None:
        """``dealer`` deals this deal; ``rules_dealer`` is who the rules chose, when that differs."""
        super().__init__(*args, **kwargs)
        self.variant, self.names, self.options, self.dealer = variant, list(players), options, dealer
        self.rules_dealer = dealer if rules_dealer is None else rules_dealer
        for seat, name in enumerate(players):
            refused = self.about_deal(
                gettext("%(player)s's points are a whole number, like 12 or -5") % {"player": name}
            )
            self.fields[f"points_{seat}"] = PointsField(
                label=name,
                required=False,
                widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
                error_messages={"invalid": refused},
            )
        self.fields["dealer"] = forms.TypedChoiceField(
            label=_("Dealer"),
            choices=[(str(s), n) for s, n in enumerate(players)],
            coerce=int,
            required=False,
            empty_value=None,
        )
        self.initial.setdefault("dealer", dealer)

    @property
    def dealer_changed(self) -> bool:
        seat = seat_number(self["dealer"].value())
        return seat is not None and seat != self.rules_dealer

    def rows(self) -> list[dict[str, Any]]:
        """One row per player, for the template."""
        return [
            {"seat": seat, "name": name, "points": self[f"points_{seat}"], "is_dealer": seat == self.dealer}
            for seat, name in enumerate(self.names)
        ]

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        fields = [f"points_{seat}" for seat in range(len(self.names))]
        if any(field in self.errors for field in fields):
            return cleaned  # points that are no number: said next to them
        if all(cleaned.get(field) is None for field in fields):
            nothing = gettext("nothing entered yet; type each player's points (a blank one counts 0)")
            raise forms.ValidationError(self.about_deal(nothing))
        return cleaned

    def entry(self) -> dict[str, Any]:
        """The deal in the match document's form: ``points``, and a ``dealer`` the table chose."""
        data = self.cleaned_data
        entry: dict[str, Any] = {
            "points": [data.get(f"points_{seat}") or 0 for seat in range(len(self.names))]
        }
        dealer = data.get("dealer")
        if dealer is not None and dealer != self.rules_dealer:
            entry["dealer"] = self.names[dealer]
        return entry

    def add_problems(self, problems: Sequence[Problem]) -> None:
        """The engine's refusal next to the player it is about; another deal's above the form."""
        for problem in problems:
            field = None
            if problem.player in self.names and not self.elsewhere(problem):
                field = f"points_{self.names.index(problem.player)}"
            self.add_error(field, problem_text(problem))

    @classmethod
    def initial_from(cls, entry: dict[str, Any], names: Sequence[str]) -> dict[str, Any]:
        """The form's initial values for a stored deal (to correct it)."""
        points = entry.get("points") or []
        return {f"points_{seat}": points[seat] for seat in range(min(len(points), len(names)))}
