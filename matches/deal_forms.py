"""The deal entry forms of each family of games: what a player typed, in the match document's form.

The rules engine judges the entry; a form only reads it and shows the engine's refusals
next to the field they are about.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.forms.forms import NON_FIELD_ERRORS
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.busca.rules import BuscaVariant
from games.core import Problem

from .forms import problem_text


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

    def __init__(self, *args: Any, number: int | None = None, **kwargs: Any) -> None:
        """``number``: the deal's number, which the form's own messages name as the engine's do."""
        super().__init__(*args, **kwargs)
        self.number = number

    def elsewhere(self, problem: Problem) -> bool:
        """Whether ``problem`` is about another deal than this form's (a correction replays the
        later deals): said above the form, never under a field of this one."""
        return problem.deal is not None and self.number is not None and problem.deal != self.number

    def about_deal(self, text: str) -> str:
        """``text`` said of this deal: "Deal 6: ..." (as is, where the form does not know its number)."""
        if self.number is None:
            return text
        return gettext("Deal %(number)d: %(text)s") % {"number": self.number, "text": text}

    def _post_clean(self) -> None:
        super()._post_clean()
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


class BuscaDealForm(ShowsEveryError):
    """One deal, thumb first: points per player, the last trick, covers and penalties."""

    shown_next_to_fields = ("points_", "cover_", "renege_", "last_trick", "misdeal")

    COVER_CHOICES = (("", _("as the points say")), ("yes", _("covered")), ("no", _("didn't cover")))

    def __init__(
        self,
        *args: Any,
        variant: BuscaVariant,
        players: Sequence[str],
        dealer: int | None,
        rules_dealer: int | None = None,
        **kwargs: Any,
    ) -> None:
        """``dealer`` deals this deal; ``rules_dealer`` is who the rules chose, when that differs."""
        super().__init__(*args, **kwargs)
        self.variant, self.names, self.dealer = variant, list(players), dealer
        for seat, name in enumerate(players):
            # Not a whole number from 0 to the deal's total, the same sentence whatever was typed.
            refused = self.about_deal(
                gettext("%(player)s's points are a whole number from 0 to %(total)d")
                % {"player": name, "total": variant.deal_total}
            )
            self.fields[f"points_{seat}"] = forms.IntegerField(
                label=name,
                required=False,
                min_value=0,
                max_value=variant.deal_total,
                error_messages=dict.fromkeys(("invalid", "min_value", "max_value"), refused),
            )
            self.fields[f"cover_{seat}"] = forms.ChoiceField(
                label=_("Did %(name)s cover?") % {"name": name},
                choices=self.COVER_CHOICES,
                required=False,
                widget=forms.RadioSelect,
            )
            if "renege" in variant.penalty_kinds:
                self.fields[f"renege_{seat}"] = forms.IntegerField(
                    label=_("Reneges"), required=False, min_value=0, max_value=9, initial=0
                )
        self.fields["last_trick"] = forms.TypedChoiceField(
            label=_("Last trick"),
            choices=[("", _("included in the points"))] + [(str(s), n) for s, n in enumerate(players)],
            coerce=int,
            required=False,
            empty_value=None,
        )
        if "misdeal" in variant.penalty_kinds:
            self.fields["misdeal"] = forms.IntegerField(
                label=_("Misdeals"), required=False, min_value=0, max_value=9, initial=0
            )
        # The rules choose the dealer; the table may agree on another one (AMB-05).
        self.fields["dealer"] = forms.TypedChoiceField(
            label=_("Dealer"),
            choices=[(str(s), n) for s, n in enumerate(players)],
            coerce=int,
            required=False,
            empty_value=None,
        )
        self.initial.setdefault("dealer", dealer)
        self.rules_dealer = dealer if rules_dealer is None else rules_dealer

    @property
    def has_penalties(self) -> bool:
        return bool(self.variant.penalty_kinds)

    @property
    def penalties_open(self) -> bool:
        """Open the penalties when one is given or refused, so nothing typed is hidden."""
        names = [name for name in self.fields if name.startswith("renege_") or name == "misdeal"]
        if any(name in self.errors for name in names):
            return True
        values = [self[name].value() for name in names]
        return any(value not in (None, "", 0, "0") for value in values)

    @property
    def dealer_changed(self) -> bool:
        seat = seat_number(self["dealer"].value())
        return seat is not None and seat != self.rules_dealer

    def rows(self) -> list[dict[str, Any]]:
        """One row per player, for the template."""
        return [
            {
                "seat": seat,
                "name": name,
                "points": self[f"points_{seat}"],
                "cover": self[f"cover_{seat}"],
                "renege": self[f"renege_{seat}"] if f"renege_{seat}" in self.fields else None,
                "is_dealer": seat == self.dealer,
            }
            for seat, name in enumerate(self.names)
        ]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if any(f"points_{seat}" in self.errors for seat in range(4)):
            return cleaned  # points that are no points: said next to them, nothing more to tell
        points = [cleaned.get(f"points_{seat}") for seat in range(4)]
        blank = [seat for seat, p in enumerate(points) if p is None]
        if len(blank) == 4 and not any(cleaned.get(f"cover_{seat}") for seat in range(4)):
            raise forms.ValidationError(
                self.about_deal(gettext("nothing entered yet; type the players' points"))
            )
        if len(blank) == 1 and not self.errors:
            # The last player is filled in: the deal's points add up to a known total.
            total = self.variant.deal_total - (3 if cleaned.get("last_trick") is not None else 0)
            rest = total - sum(p for p in points if p is not None)
            if rest < 0:
                # Left blank, the deal would read as a non-cover and ask who covered: say what is wrong.
                given = gettext("the points given already add up to %(sum)d; a deal has %(total)d")
                raise forms.ValidationError(self.about_deal(given % {"sum": total - rest, "total": total}))
            cleaned[f"points_{blank[0]}"] = rest
        elif blank and len(blank) < 4:
            every = gettext(
                "enter every player's points (the last one is filled in for you), "
                "or none when someone didn't cover"
            )
            raise forms.ValidationError(self.about_deal(every))
        return cleaned

    def entry(self) -> dict[str, Any]:
        """The deal in the match document's form."""
        data = self.cleaned_data
        points = [data.get(f"points_{seat}") for seat in range(4)]
        entry: dict[str, Any] = {"points": None if None in points else points}
        covers = [data.get(f"cover_{seat}") or "" for seat in range(4)]
        if any(covers):
            entry["covered"] = [{"yes": True, "no": False}.get(c) for c in covers]
        if data.get("last_trick") is not None:
            entry["last_trick"] = self.names[data["last_trick"]]
        penalties = [
            {"player": self.names[seat], "kind": "renege"}
            for seat in range(4)
            for _ in range(data.get(f"renege_{seat}") or 0)
        ]
        dealer = self.dealer if data.get("dealer") is None else data["dealer"]
        if dealer is not None:
            penalties += [{"player": self.names[dealer], "kind": "misdeal"}] * (data.get("misdeal") or 0)
        if penalties:
            entry["penalties"] = penalties
        if dealer is not None and dealer != self.rules_dealer:
            entry["dealer"] = self.names[dealer]
        return entry

    def add_problems(self, problems: Sequence[Problem]) -> None:
        """Show the engine's refusal next to the field it is about."""
        for problem in problems:
            field = None
            if problem.player in self.names and not self.elsewhere(problem):
                seat = self.names.index(problem.player)
                field = {
                    "covered": f"cover_{seat}",
                    "points": f"points_{seat}",
                    "penalties": f"renege_{seat}",
                }.get(problem.field or "", f"points_{seat}")
                if field not in self.fields:
                    field = None
            self.add_error(field, problem_text(problem))

    @classmethod
    def initial_from(cls, entry: dict[str, Any], names: Sequence[str]) -> dict[str, Any]:
        """The form's initial values for a stored deal (to edit it)."""
        initial: dict[str, Any] = {}
        penalties = entry.get("penalties") or []  # a document may give null
        for seat in range(4):
            points = entry.get("points")
            initial[f"points_{seat}"] = points[seat] if points else None
            covered = (entry.get("covered") or [None] * 4)[seat]
            initial[f"cover_{seat}"] = {True: "yes", False: "no"}.get(covered, "")
            initial[f"renege_{seat}"] = sum(
                1 for p in penalties if p["player"] == names[seat] and p["kind"] == "renege"
            )
        if entry.get("last_trick") in names:
            initial["last_trick"] = names.index(entry["last_trick"])
        initial["misdeal"] = sum(1 for p in penalties if p["kind"] == "misdeal")
        return initial


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
                label=label, choices=nobody + everyone, coerce=int, required=False, empty_value=None
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
        cleaned = super().clean()
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
        seat = {name: i for i, name in enumerate(names)}
        return {
            "mode": "quick",
            "payers": [seat[n] for n in entry.get("payers", []) if n in seat],
            "mambassa": seat.get(entry.get("mambassa") or ""),
            "quarantuno": seat.get(entry.get("quarantuno") or ""),
        }


class WhistDealForm(ShowsEveryError):
    """One Whist deal, tap only: the tricks and honours of the pair asked; the other has the rest.

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
            initial=None,
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
