"""The Whist deal entry form: the tricks and honours of one pair, in taps; the other has the rest."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.core import Problem
from matches.deal_forms import ShowsEveryError, seat_number
from matches.forms import problem_text


class WhistDealForm(ShowsEveryError):
    """One Whist deal, tap only: the tricks and honours of the pair asked; the other has the rest.
    A new deal starts at two honours each (none scored).

    The pair asked (``asked``, 0 or 1) is the one of who holds the phone, as the sheet puts it
    first; a form sent back says which pair it asked. ``initial`` gives the first pair's tricks and
    honours, as the match document does.
    """

    shown_next_to_fields = ("tricks", "honours", "revoke")

    def __init__(
        self,
        *args: Any,
        variant: Any,
        players: Sequence[str],
        options: Mapping[str, Any],
        dealer: int | None,
        rules_dealer: int | None = None,
        asked: int = 0,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.names, self.dealer, self.options = list(players), dealer, options
        self.rules_dealer = dealer if rules_dealer is None else rules_dealer
        if self.is_bound:  # as the form sent says (one from before forms said so asked the first pair)
            asked = 1 if self.data.get("asked") == "1" else 0
        self.asked = asked
        both = (f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}")
        self.pairs = (both[asked], both[1 - asked])  # the pair asked, then the other
        self.fields["asked"] = forms.TypedChoiceField(
            choices=[("0", "0"), ("1", "1")],
            coerce=int,
            initial=asked,
            required=False,
            widget=forms.HiddenInput,
        )
        if asked == 1:  # the initial tricks and honours are the first pair's
            for name, total in (("tricks", 13), ("honours", 4)):
                if self.initial.get(name) is not None:
                    self.initial[name] = total - self.initial[name]
        # Two honours each, the deal most often played, score nothing: a new deal starts there, so it
        # is one tap for the tricks and Save (the field stays required of a form sent without it).
        self.initial.setdefault("honours", 2)
        self.fields["tricks"] = forms.IntegerField(
            label=_("Tricks won by %(pair)s") % {"pair": self.pairs[0]},
            min_value=0,
            max_value=13,
            widget=forms.RadioSelect(choices=[(n, str(n)) for n in range(14)]),
            error_messages={
                "required": _("Tap the tricks %(pair)s won.") % {"pair": self.pairs[0]},
                "min_value": _("Tricks go from 0 to 13."),
                "max_value": _("Tricks go from 0 to 13."),
            },
        )
        self.fields["honours"] = forms.IntegerField(
            label=_("Honours held by %(pair)s") % {"pair": self.pairs[0]},
            min_value=0,
            max_value=4,
            widget=forms.RadioSelect(choices=[(n, str(n)) for n in range(5)]),
            error_messages={
                "required": _("Tap how many honours %(pair)s held (0 to 4).") % {"pair": self.pairs[0]},
                "min_value": _("Honours go from 0 to 4."),
                "max_value": _("Honours go from 0 to 4."),
            },
        )
        if options["revoke_penalty"] != "none":
            self.fields["revoke"] = forms.TypedChoiceField(
                label=_("Revoke by"),
                choices=[("", _("nobody")), (str(asked), both[asked]), (str(1 - asked), both[1 - asked])],
                coerce=int,
                required=False,
                empty_value=None,
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

    def _rest(self, name: str, total: int) -> int | str:
        """What the second pair has, from what was tapped for the first."""
        value = self[name].value()
        digits = str(value)
        # Tricks and honours have two digits: a longer number is no count (past 4,300, int() refuses it).
        return total - int(digits) if digits.isascii() and digits.isdigit() and len(digits) <= 2 else "–"

    @property
    def rest_tricks(self) -> int | str:
        return self._rest("tricks", 13)

    @property
    def rest_honours(self) -> int | str:
        return self._rest("honours", 4)

    def entry(self) -> dict[str, Any]:
        data = self.cleaned_data
        tricks, honours = [data["tricks"], 13 - data["tricks"]], [data["honours"], 4 - data["honours"]]
        if self.asked == 1:  # in the document, the first pair's come first
            tricks.reverse()
            honours.reverse()
        entry: dict[str, Any] = {"tricks": tricks, "honours": honours}
        if data.get("revoke") is not None:
            entry["revoke"] = data["revoke"]
        if data.get("dealer") is not None and data["dealer"] != self.rules_dealer:
            entry["dealer"] = self.names[data["dealer"]]
        return entry

    def add_problems(self, problems: Sequence[Problem]) -> None:
        for problem in problems:
            field = problem.field if problem.field in self.fields and not self.elsewhere(problem) else None
            self.add_error(field, problem_text(problem))

    @classmethod
    def initial_from(cls, entry: dict[str, Any], names: Sequence[str]) -> dict[str, Any]:
        return {"tricks": entry["tricks"][0], "honours": entry["honours"][0], "revoke": entry.get("revoke")}
