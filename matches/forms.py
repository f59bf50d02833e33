"""Forms turn what a player typed into the match document's form; the rules engine judges it."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Any

from django import forms
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm, UsernameField
from django.contrib.auth.models import User
from django.core.validators import MaxLengthValidator, ProhibitNullCharactersValidator
from django.db.models import QuerySet
from django.utils import formats
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.core import NAME_MOST, Option, Problem, name_problem, repeated_name_problem
from games.registry import GAMES, Variant
from games.web import web_for

from .amounts import money
from .models import CLUB_NAME_MOST, Player


def problem_text(problem: Problem) -> str:
    """A problem of the rules engine, in the player's language, naming a game as the players do
    ("a deal of Busca a croce has 35"), not by its key in documents, which the command line keeps."""
    params = dict(problem.params)
    if isinstance(game := params.get("game"), str) and game in GAMES:
        params["game"] = GAMES[game].names
    text = gettext(problem.template) % params
    if problem.deal is None:
        return text[:1].upper() + text[1:]
    return gettext("Deal %(number)d: %(text)s") % {"number": problem.deal, "text": text}


class LoginForm(AuthenticationForm):
    """Django's login form, with a name no longer than an account's actually refused: Django only
    sets the field's max_length, so a longer name reached authenticate(), and django-axes then
    stored it in a 255-character column, which PostgreSQL refuses (a server error)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["username"]
        assert isinstance(field, forms.CharField)  # Django's UsernameField, as long as the model's
        assert field.max_length is not None
        field.validators.append(MaxLengthValidator(field.max_length))


class SignupForm(UserCreationForm[User]):
    class Meta:  # UserCreationForm's, with the e-mail address
        model = User
        field_classes = {"username": UsernameField}
        # The e-mail address is optional: it only serves to reset a forgotten password.
        fields = ("username", "email")
        help_texts = {"email": _("Optional: only to send you a link if you forget your password.")}


class NameField(forms.CharField):
    """A player's name, refused as the rules engine refuses it in a document, in its words:
    1 to 40 characters once trimmed, no control characters (PostgreSQL stores no NUL)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strip=True, **kwargs)
        self.widget.attrs["maxlength"] = str(NAME_MOST)
        # Django's own NUL check would answer first, in other words.
        self.validators = [v for v in self.validators if not isinstance(v, ProhibitNullCharactersValidator)]

    def validate(self, value: Any) -> None:
        problem = name_problem(value)
        if problem is not None:
            raise forms.ValidationError(problem_text(problem), code="name")


class PlayerForm(forms.Form):
    name = NameField(label=_("Name"))

    def __init__(self, *args: Any, club: Any, instance: Player | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        self.instance = instance

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"]
        taken = Player.objects.filter(club=self.club, name__iexact=name)
        if self.instance is not None:
            taken = taken.exclude(pk=self.instance.pk)
        if taken.exists():
            raise forms.ValidationError(
                _("You already have a player called %(name)s."), params={"name": name}
            )
        return name


def judge_option(option: Option, value: Any) -> None:
    """A house rule's value as the rules engine judges it: out of its limits (docs/format.md,
    "Limits") it is refused in the engine's words."""
    problem = option.problem(value)
    if problem is not None:
        raise forms.ValidationError(problem_text(problem), code="limits")


class OptionIntegerField(forms.IntegerField):
    """A whole-number house rule: no limits of Django's own (its words would be others)."""

    def __init__(self, *, option: Option, **kwargs: Any) -> None:
        self.option = option
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> Any:
        typed = str(value).strip() if value is not None else ""
        if len(typed) > 100 and typed.isdigit():  # more digits than Python reads: too big all the same
            raise forms.ValidationError(problem_text(self.option.limit_problem(most=True)), code="limits")
        return super().to_python(value)

    def validate(self, value: Any) -> None:
        super().validate(value)
        if value not in self.empty_values:
            judge_option(self.option, value)


class OptionDecimalField(forms.DecimalField):
    """The stake: judged as a ``Decimal``, so 1e-400 is not taken for 0 nor 1e999999 made an int."""

    def __init__(self, *, option: Option, **kwargs: Any) -> None:
        self.option = option
        super().__init__(**kwargs)

    def validate(self, value: Any) -> None:
        super().validate(value)
        if value not in self.empty_values:
            judge_option(self.option, value)


def _number_field(option: Option, label: str, help_text: str) -> forms.Field:
    field_class = OptionIntegerField if option.kind == "int" else OptionDecimalField
    field = field_class(
        option=option,
        label=label,
        help_text=help_text,
        required=not option.nullable,
        error_messages={"invalid": problem_text(option.limit_problem())},
    )
    step = "1" if option.kind == "int" else str(Decimal(1).scaleb(-option.places))
    limits = {"min": option.minimum, "max": option.maximum}
    field.widget.attrs.update({k: str(v) for k, v in limits.items() if v is not None} | {"step": step})
    return field


def option_value(option: Option, value: Any) -> Any:
    """A form's value of a house rule as a document has it: a whole stake as an integer."""
    if option.kind == "number" and value is not None:
        return int(value) if value == value.to_integral_value() else float(value)
    return value


def option_field(option: Option) -> forms.Field:
    """A form field for one house rule, with its one-line explanation as help text."""
    label, help_text = gettext(option.label), gettext(option.help)
    if option.kind == "bool":
        return forms.BooleanField(label=label, help_text=help_text, required=False)
    if option.kind == "choice":
        choices = [(str(c), choice_label(c)) for c in option.choices]
        # A choice read as the default's type, as documents have it: a number stays a number.
        coerce: Callable[[Any], Any] = type(option.default) if option.default is not None else str
        return forms.TypedChoiceField(label=label, help_text=help_text, choices=choices, coerce=coerce)
    return _number_field(option, label, help_text)


def choice_label(choice: object) -> str:
    """A house rule's choice as the players say it."""
    label = CHOICE_LABELS.get(str(choice))
    return str(label) if label is not None else gettext(str(choice))


CHOICE_LABELS = {
    "losers_pay": _("losers pay the winners"),
    "per_busca": _("per busca, into the winners' pot"),
    "all_over_limit": _("everyone over the limit"),
    "two_highest": _("the two highest totals"),
    "one_times_n": _("1 × the number who did not cover"),
    "top_table": _("the top scorer's table value"),
    "schedule_000": _("2, 4 or 8 each"),
    "one": _("one busca"),
    "table": _("the Busca / Busche table"),
    "any": _("any tie at 9 or more"),
    "top": _("only ties for the top"),
    "all_at_threshold": _("everyone at the threshold"),
    "first_two_to_reach": _("the first two to reach it"),
    "void": _("the deal is void"),
    "split_pot": _("they share the pot"),
    "everyone_reenters": _("everyone re-enters with one token"),
    "start_of_deal": _("at the start of the deal"),
    "after_tricks": _("after the tricks"),
    "pair": _("the losing pair pays once"),
    "player": _("each loser pays the winner on their right"),
    "none": _("no penalty"),
    "three_points": _("3 points to the opponents"),
    "three_tricks": _("3 tricks to the opponents"),
}


def house_rules(variant: Variant, options: dict[str, Any]) -> list[tuple[str, str]]:
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
        elif option.key == "stake":
            shown = money(value)
        elif option.kind == "number":
            shown = formats.number_format(value)  # "0,5" in Italian
        else:
            shown = str(value)
        rows.append((gettext(option.label), shown))
    return rows


class MatchForm(forms.Form):
    """A new match: the house rules of the chosen game, the players in seating order, the dealer."""

    def __init__(
        self,
        *args: Any,
        variant: Variant,
        players: Sequence[Player],
        evening_players: Sequence[Player] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.variant = variant
        self.seats = variant.max_players({option.key: option.default for option in variant.options})
        self.players_by_pk = {str(p.pk): p for p in players}
        # A match of an evening: who came is offered first, in the seats they had (evening_seating),
        # and sits there unless the table changes it.
        came = [p for p in evening_players if str(p.pk) in self.players_by_pk]
        choices: list[Any] = [("", "—"), *((str(p.pk), p.name) for p in players)]
        if came:
            others = [(str(p.pk), p.name) for p in players if p not in came]
            choices = [("", "—"), (_("Who came"), [(str(p.pk), p.name) for p in came])]
            choices += [(_("Other players"), others)] if others else []
            for seat, player in enumerate(came[: self.seats]):
                self.initial.setdefault(f"seat_{seat}", str(player.pk))
        for seat in range(self.seats):
            self.fields[f"seat_{seat}"] = forms.ChoiceField(
                label=_("Seat %(n)d") % {"n": seat + 1}, choices=choices, required=seat < variant.min_players
            )
        # Each seat is named by the player picked for it, once the form comes back (entry.js names
        # them as they are picked).
        seats = self.data if self.is_bound else self.initial
        seated = [self.players_by_pk.get(str(seats.get(f"seat_{s}", ""))) for s in range(self.seats)]
        self.fields["first_dealer"] = forms.TypedChoiceField(
            label=_("First dealer"),
            choices=[
                (str(s), player.name if player else _("Seat %(n)d") % {"n": s + 1})
                for s, player in enumerate(seated)
            ],
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
        return [self[f"seat_{seat}"] for seat in range(self.seats)]

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        picked = [cleaned.get(f"seat_{seat}") for seat in range(self.seats)]
        chosen = [pk for pk in picked if pk]
        twice = repeated_name_problem([self.players_by_pk[pk].name for pk in chosen])
        if twice is not None:
            raise forms.ValidationError(problem_text(twice))
        dealer = cleaned.get("first_dealer")
        if dealer is not None and not picked[dealer]:
            self.add_error("first_dealer", _("Nobody sits in that seat."))
        # What the game itself refuses (Busca 001 without an end: a threshold or a number of deals).
        house_rules = {option.key: cleaned.get(f"opt_{option.key}") for option in self.variant.options}
        problem = web_for(self.variant).new_match_problem(self.variant, house_rules)
        if problem is not None:
            raise forms.ValidationError(problem)
        return cleaned

    def players(self) -> list[Player]:
        """The players in seating order; empty seats close up."""
        picked = [self.cleaned_data.get(f"seat_{seat}") for seat in range(self.seats)]
        return [self.players_by_pk[pk] for pk in picked if pk]

    def first_dealer(self) -> int:
        """The first dealer's place among the seated players (empty seats closed up)."""
        dealer: int = self.cleaned_data["first_dealer"]
        return sum(1 for seat in range(dealer) if self.cleaned_data.get(f"seat_{seat}"))

    def options(self) -> dict[str, Any]:
        return {o.key: option_value(o, self.cleaned_data[f"opt_{o.key}"]) for o in self.variant.options}


def game_choices() -> list[tuple[str, Variant]]:
    return list(GAMES.items())


class JoinForm(forms.Form):
    """A phone joining by an invite link says who holds it; the change log shows that name."""

    name = NameField(
        label=_("Your name"),
        help_text=_("Your first name, as the table calls you: shown next to the deals you enter."),
    )


class OptionsForm(forms.Form):
    """The house rules of a match in progress, to play on under others."""

    def __init__(self, *args: Any, variant: Variant, options: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.variant = variant
        for option in variant.options:
            self.fields[option.key] = option_field(option)
            self.initial.setdefault(option.key, options.get(option.key, option.default))

    def options(self) -> dict[str, Any]:
        return {o.key: option_value(o, self.cleaned_data[o.key]) for o in self.variant.options}


class PlayersField(forms.ModelMultipleChoiceField[Player]):
    """Players chosen by their ids; an id no database column can hold is refused like any unknown one."""

    def clean(self, value: Any) -> QuerySet[Player]:
        for pk in value if isinstance(value, list | tuple) else ():  # else the field's own message
            try:
                number = int(str(pk))
            except ValueError:
                continue  # not a number: the field's own "not a valid value" message
            if not -(2**63) <= number < 2**63:  # SQLite would fail on it, not answer "no such player"
                raise forms.ValidationError(
                    self.error_messages["invalid_choice"], code="invalid_choice", params={"value": pk}
                )
        return super().clean(value)


class EveningForm(forms.Form):
    # A date field takes and gives ISO dates (2026-12-01), whatever the language's own format.
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    place = forms.CharField(label=_("Place"), max_length=80, required=False)
    players = PlayersField(
        label=_("Who came"), queryset=Player.objects.none(), widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args: Any, club: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["players"].queryset = Player.objects.filter(club=club, archived=False)  # type: ignore[attr-defined]


class ClubForm(forms.Form):
    """A club's name (new, or renamed) and the month its seasons start in."""

    name = forms.CharField(
        label=_("Name of the club"),
        max_length=CLUB_NAME_MOST,
        error_messages={"required": _("Give the club a name.")},
    )
    season_starts = forms.TypedChoiceField(
        label=_("Seasons start in"),
        coerce=int,
        choices=lambda: [(m, formats.date_format(datetime.date(2026, m, 1), "F")) for m in range(1, 13)],
        initial=1,
        required=False,
        help_text=_("A season lasts a year. Statistics, records and ratings are read by season."),
    )

    def clean_name(self) -> str:
        name: str = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("Give the club a name."))
        return name


class ClubCodeForm(forms.Form):
    """The short code a member of the club reads out, typed to join it."""

    code = forms.CharField(label=_("Club code"), max_length=20)

    def clean_code(self) -> str:
        code: str = "".join(self.cleaned_data["code"].split()).upper().replace("-", "")
        return code
