"""The Busca deal entry form: points per player, the last trick, covers and penalties."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.core import Problem
from matches.deal_forms import ShowsEveryError, seat_number
from matches.forms import problem_text

from .rules import BuscaVariant

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def _players_tapped(label: StrOrPromise, players: Sequence[str]) -> forms.TypedMultipleChoiceField:
    """Players to tap, each a check box; their seats, as numbers."""
    return forms.TypedMultipleChoiceField(
        label=label,
        choices=[(str(seat), name) for seat, name in enumerate(players)],
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )


class BuscaDealForm(ShowsEveryError):
    """One deal, thumb first: points per player, the last trick, covers and penalties; or, entered
    by its top (``mode`` "top"), who took the most points and how many, and who did not cover."""

    shown_next_to_fields = ("points_", "cover_", "renege_", "last_trick", "misdeal", "top", "missed")

    COVER_CHOICES = (("", _("as the points say")), ("yes", _("covered")), ("no", _("didn't cover")))
    MODES = (("full", _("Everyone's points")), ("top", _("Who took the most")))

    def __init__(
        self,
        *args: Any,
        variant: BuscaVariant,
        players: Sequence[str],
        dealer: int | None,
        rules_dealer: int | None = None,
        options: Mapping[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        """``dealer`` deals this deal; ``rules_dealer`` is who the rules chose, when that differs;
        the house rules (``options``) say which entry a deal starts with."""
        super().__init__(*args, **kwargs)
        self.variant, self.names, self.dealer = variant, list(players), dealer
        self.options = options or {}
        top_first = bool(self.options.get("top_entry"))
        self.fields["mode"] = forms.ChoiceField(
            label=_("How to enter the deal"),
            choices=self.MODES,
            initial="top" if top_first else "full",
            required=False,
            widget=forms.RadioSelect,
        )
        self.fields["top"] = _players_tapped(_("Who took the most points (all of them when tied)"), players)
        refused = self.about_deal(
            gettext("the top score is a whole number from 0 to %(total)d") % {"total": variant.deal_total}
        )
        self.fields["top_points"] = forms.IntegerField(
            label=_("Their points (each, when tied)"),
            required=False,
            min_value=0,
            max_value=variant.deal_total,
            error_messages=dict.fromkeys(("invalid", "min_value", "max_value"), refused),
        )
        self.fields["missed"] = _players_tapped(_("Who did not cover"), players)
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

    @property
    def ties_below_top_mark(self) -> bool:
        """Whether a tie below the top marks busche (003), which an entry by the top cannot tell."""
        return self.options.get("tie_scope") == "any"

    @property
    def by_top(self) -> bool:
        """Whether the deal is entered by its top (as sent, or as the form starts)."""
        return (self["mode"].value() or "full") == "top"

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if self.by_top:
            return self._clean_by_top(cleaned)
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

    def _clean_by_top(self, cleaned: dict[str, Any]) -> dict[str, Any]:
        if "top_points" in self.errors:
            return cleaned
        if not cleaned.get("top"):
            self.add_error("top", self.about_deal(gettext("tap who took the most points")))
        if cleaned.get("top_points") is None:
            self.add_error("top_points", self.about_deal(gettext("type how many points they took")))
        return cleaned

    def entry(self) -> dict[str, Any]:
        """The deal in the match document's form."""
        data = self.cleaned_data
        entry: dict[str, Any]
        if self.by_top:
            top = sorted(data.get("top") or [])
            entry = {"top": {"players": [self.names[s] for s in top], "points": data["top_points"]}}
            missed = set(data.get("missed") or [])
            if missed:
                entry["covered"] = [seat not in missed for seat in range(4)]
        else:
            points = [data.get(f"points_{seat}") for seat in range(4)]
            entry = {"points": None if None in points else points}
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
            if self.by_top and problem.field in ("top", "covered") and not self.elsewhere(problem):
                field = "top_points" if problem.field == "top" else "missed"
            elif problem.player in self.names and not self.elsewhere(problem):
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
        initial: dict[str, Any] = {"mode": "full"}
        penalties = entry.get("penalties") or []  # a document may give null
        top = entry.get("top")
        if isinstance(top, dict):
            initial["mode"] = "top"
            initial["top"] = [names.index(n) for n in top.get("players", []) if n in names]
            initial["top_points"] = top.get("points")
            covered = entry.get("covered") or [True] * 4
            initial["missed"] = [seat for seat in range(4) if covered[seat] is False]
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
