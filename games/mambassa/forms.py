"""The Mambassa deal entry form: who pays, in two taps, or the cards shown at the end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.core import Problem
from matches.deal_forms import ShowsEveryError, seat_number
from matches.forms import problem_text


class MambassaDealForm(ShowsEveryError):
    """One Mambassa deal, entered quickly (who pays) or with the cards shown at the end."""

    shown_next_to_fields = ("payers", "mambassa", "quarantuno")

    MODES = (("quick", _("Who pays")), ("cards", _("The cards")))

    def __init__(
        self,
        *args: Any,
        variant: Any,
        players: Sequence[str],
        active: Sequence[int],
        options: Mapping[str, Any],
        dealer: int | None,
        rules_dealer: int | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.variant, self.names, self.active, self.dealer = variant, list(players), list(active), dealer
        self.options = options
        self.rules_dealer = dealer if rules_dealer is None else rules_dealer
        seats = [(str(seat), players[seat]) for seat in active]
        nobody = [("", _("nobody"))]
        self.fields["mode"] = forms.ChoiceField(
            label=_("How to enter the deal"), choices=self.MODES, initial="quick", widget=forms.RadioSelect
        )
        # Every player is a choice, so that naming one who is out gets the engine's own words;
        # only the players still in are offered (payer_boxes).
        everyone = [(str(seat), name) for seat, name in enumerate(players)]
        self.fields["payers"] = forms.TypedMultipleChoiceField(
            label=_("Who pays"),
            choices=everyone,
            coerce=int,
            required=False,
            widget=forms.CheckboxSelectMultiple,
        )
        for key, label in (("mambassa", _("Mambassa shown by")), ("quarantuno", _("Quarantuno shown by"))):
            self.fields[key] = forms.TypedChoiceField(
                label=label, choices=[*nobody, *everyone], coerce=int, required=False, empty_value=None
            )
            self.fields[key].widget.choices = nobody + seats  # offered: the players still in
        for seat in active:
            self.fields[f"hand_{seat}"] = forms.CharField(
                label=players[seat], required=False, max_length=40, strip=True
            )
        self.fields["dealer"] = forms.TypedChoiceField(
            label=_("Dealer"), choices=seats, coerce=int, required=False, empty_value=None
        )
        self.initial.setdefault("dealer", dealer)

    def payer_boxes(self) -> list[Any]:
        """The payer check boxes of the players still in the game."""
        return [box for box in self["payers"] if int(box.data["value"]) in self.active]

    @property
    def dealer_changed(self) -> bool:
        seat = seat_number(self["dealer"].value())
        return seat is not None and seat != self.rules_dealer

    def hand_rows(self) -> list[dict[str, Any]]:
        return [
            {
                "seat": seat,
                "name": self.names[seat],
                "field": self[f"hand_{seat}"],
                "errors": self[f"hand_{seat}"].errors,
                "is_dealer": seat == self.dealer,
            }
            for seat in self.active
        ]

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if cleaned.get("mode") == "quick" and not cleaned.get("payers"):
            holder = cleaned.get("mambassa")
            if holder is None:
                raise forms.ValidationError(
                    self.about_deal(gettext("tap who pays: the lowest hand, or every tied lowest hand"))
                )
            # A Mambassa makes every other player pay: the app knows who without being told.
            cleaned["payers"] = [s for s in self.active if s != holder or self.options["holder_pays"]]
        return cleaned

    def entry(self) -> dict[str, Any]:
        data = self.cleaned_data
        entry: dict[str, Any]
        if data["mode"] == "cards":
            hands: list[list[str] | None] = [None] * len(self.names)
            for seat in self.active:
                text = data.get(f"hand_{seat}") or ""
                hands[seat] = [code.upper() for code in text.replace(",", " ").split()]
            entry = {"hands": hands}
        else:
            entry = {"payers": [self.names[s] for s in sorted(data["payers"])]}
            for key in ("mambassa", "quarantuno"):
                if data.get(key) is not None:
                    entry[key] = self.names[data[key]]
        dealer = data.get("dealer")
        if dealer is not None and dealer != self.rules_dealer:
            entry["dealer"] = self.names[dealer]
        return entry

    def add_problems(self, problems: Sequence[Problem]) -> None:
        for problem in problems:
            field: str | None = problem.field if problem.field in self.fields else None
            if self.elsewhere(problem):
                field = None
            elif problem.field == "hands" and problem.player in self.names:
                field = f"hand_{self.names.index(problem.player)}"
            if field is not None and field not in self.fields:
                field = None
            self.add_error(field, problem_text(problem))

    @classmethod
    def initial_from(cls, entry: dict[str, Any], names: Sequence[str]) -> dict[str, Any]:
        """The form's initial values for a stored deal (to correct it)."""
        if "hands" in entry:
            initial: dict[str, Any] = {"mode": "cards"}
            for seat, hand in enumerate(entry["hands"]):
                if hand is not None:
                    initial[f"hand_{seat}"] = " ".join(hand)
            return initial
        seats = {name: i for i, name in enumerate(names)}
        return {
            "mode": "quick",
            "payers": [seats[n] for n in entry.get("payers", []) if n in seats],
            "mambassa": seats.get(entry.get("mambassa") or ""),
            "quarantuno": seats.get(entry.get("quarantuno") or ""),
        }
