"""Forms turn what a player typed into the match document's form; the rules engine judges it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .models import Player
from .rules.busca import BuscaVariant
from .rules.core import Option, Problem
from .rules.registry import GAMES


def problem_text(problem: Problem) -> str:
    """A problem of the rules engine, in the player's language."""
    params = dict(problem.params)
    text = gettext(problem.template) % params
    if problem.deal is None:
        return text[:1].upper() + text[1:]
    return gettext("Deal %(number)d: %(text)s") % {"number": problem.deal, "text": text}


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        fields = ("username",)


class PlayerForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=40, strip=True)

    def __init__(self, *args: Any, owner: Any, instance: Player | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.owner = owner
        self.instance = instance

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"]
        taken = Player.objects.filter(owner=self.owner, name__iexact=name)
        if self.instance is not None:
            taken = taken.exclude(pk=self.instance.pk)
        if taken.exists():
            raise forms.ValidationError(
                _("You already have a player called %(name)s."), params={"name": name}
            )
        return name


def option_field(option: Option) -> forms.Field:
    """A form field for one house rule, with its one-line explanation as help text."""
    label, help_text = gettext(option.label), gettext(option.help)
    if option.kind == "bool":
        return forms.BooleanField(label=label, help_text=help_text, required=False)
    if option.kind == "choice":
        choices = [(str(c), gettext(CHOICE_LABELS.get(str(c), str(c)))) for c in option.choices]
        return forms.TypedChoiceField(
            label=label,
            help_text=help_text,
            choices=choices,
            coerce=type(option.default) if option.default is not None else str,
        )
    if option.kind == "int":
        return forms.IntegerField(
            label=label, help_text=help_text, min_value=option.minimum, required=not option.nullable
        )
    return forms.DecimalField(
        label=label, help_text=help_text, min_value=option.minimum, decimal_places=2, max_digits=9
    )


CHOICE_LABELS = {
    "losers_pay": _("losers pay the winners"),
    "per_busca": _("per busca, into the winners' pot"),
    "all_over_limit": _("everyone over the limit"),
    "two_highest": _("the two highest totals"),
    "one_times_n": _("1 × the number who did not cover"),
    "top_table": _("the top scorer's table value"),
    "schedule_000": _("2, 4 or 8 each"),
    "one": _("one busca"),
    "table": _("the 000 table"),
    "any": _("any tie at 9 or more"),
    "top": _("only ties for the top"),
    "all_at_threshold": _("everyone at the threshold"),
    "first_two_to_reach": _("the first two to reach it"),
    "4": "4",
    "2": "2",
}


def house_rules(variant: BuscaVariant, options: dict[str, Any]) -> list[tuple[str, str]]:
    """Each house rule of a match as the players read it: its label and its value."""
    rows = []
    for option in variant.options:
        value = options.get(option.key, option.default)
        if value is None:
            shown = gettext("none")
        elif option.kind == "bool":
            shown = gettext("yes") if value else gettext("no")
        elif option.kind == "choice":
            shown = str(CHOICE_LABELS.get(str(value), value))
        else:
            shown = str(value)
        rows.append((gettext(option.label), shown))
    return rows


class MatchForm(forms.Form):
    """A new match: the house rules of the chosen game, four players in seating order, the dealer."""

    def __init__(self, *args: Any, variant: BuscaVariant, players: Sequence[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.variant = variant
        choices = [("", "—")] + [(str(p.pk), p.name) for p in players]
        self.players_by_pk = {str(p.pk): p for p in players}
        for seat in range(4):
            self.fields[f"seat_{seat}"] = forms.ChoiceField(
                label=_("Seat %(n)d") % {"n": seat + 1}, choices=choices
            )
        self.fields["first_dealer"] = forms.TypedChoiceField(
            label=_("First dealer"),
            choices=[(str(s), _("Seat %(n)d") % {"n": s + 1}) for s in range(4)],
            coerce=int,
            initial=0,
            widget=forms.RadioSelect,
        )
        for option in variant.options:
            self.fields[f"opt_{option.key}"] = option_field(option)
            self.initial.setdefault(f"opt_{option.key}", option.default)

    def option_fields(self) -> list[forms.BoundField]:
        """The house rules, at the seed's defaults unless the table plays otherwise."""
        return [self[f"opt_{option.key}"] for option in self.variant.options if not option.ask]

    def asked_fields(self) -> list[forms.BoundField]:
        """The options the table must decide when it sits down."""
        return [self[f"opt_{option.key}"] for option in self.variant.options if option.ask]

    @property
    def options_changed(self) -> bool:
        """Open the house rules when one of them is refused or differs from the seed."""
        return any(field.errors for field in self.option_fields()) or any(
            self.data.get(field.html_name) not in (None, "", str(field.initial))
            for field in self.option_fields()
            if field.field.widget.input_type != "checkbox"
        )

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"seat_{seat}"] for seat in range(4)]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        picked = [cleaned.get(f"seat_{seat}") for seat in range(4)]
        if all(picked) and len(set(picked)) < 4:
            raise forms.ValidationError(_("Each player can sit in only one seat."))
        if self.variant.key == "busca-001" and not (
            cleaned.get("opt_victory_threshold") or cleaned.get("opt_max_deals")
        ):
            raise forms.ValidationError(
                _("Give a victory threshold or a number of deals, or the match will never end.")
            )
        return cleaned

    def players(self) -> list[Player]:
        return [self.players_by_pk[self.cleaned_data[f"seat_{seat}"]] for seat in range(4)]

    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = {}
        for option in self.variant.options:
            value = self.cleaned_data[f"opt_{option.key}"]
            if option.kind == "number":
                value = int(value) if value == value.to_integral_value() else float(value)
            options[option.key] = value
        return options


class DealForm(forms.Form):
    """One deal, thumb first: points per player, the last trick, covers and penalties."""

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
            self.fields[f"points_{seat}"] = forms.IntegerField(
                label=name, required=False, min_value=0, max_value=variant.deal_total
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
        value = self["dealer"].value()
        return value not in (None, "") and int(value) != self.rules_dealer

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
        points = [cleaned.get(f"points_{seat}") for seat in range(4)]
        blank = [seat for seat, p in enumerate(points) if p is None]
        if len(blank) == 1 and not self.errors:
            # The last player is filled in: the deal's points add up to a known total.
            total = self.variant.deal_total - (3 if cleaned.get("last_trick") is not None else 0)
            rest = total - sum(p for p in points if p is not None)
            if rest < 0:
                # Left blank, the deal would read as a non-cover and ask who covered: say what is wrong.
                raise forms.ValidationError(
                    _("The points given already add up to %(sum)d; a deal has %(total)d."),
                    params={"sum": total - rest, "total": total},
                )
            cleaned[f"points_{blank[0]}"] = rest
        elif blank and len(blank) < 4:
            raise forms.ValidationError(
                _(
                    "Enter every player's points (the last one is filled in for you), "
                    "or none when someone didn't cover."
                )
            )
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
            if problem.player in self.names:
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


def game_choices() -> list[tuple[str, BuscaVariant]]:
    return list(GAMES.items())
