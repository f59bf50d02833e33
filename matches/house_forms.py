"""The forms of a club's own ways: a name for a set of house rules, and a note on a match or an evening."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import CLUB_NAME_MOST, NOTE_MOST
from .services.rule_sets import NameRefused, rule_set_name


class RuleSetNameForm(forms.Form):
    """What a set of house rules is called ("Le nostre regole"): unique in the club, in any case."""

    name = forms.CharField(
        label=_("Name of these rules"),
        max_length=CLUB_NAME_MOST,
        help_text=_("As the club calls them, for instance “Our rules” or “Tuesday's table”."),
        error_messages={
            "required": _("Give these rules a name."),
            "max_length": _("A name has at most %(limit_value)d characters (this one has %(show_value)d)."),
        },
    )

    def clean_name(self) -> str:
        try:
            return rule_set_name(self.cleaned_data["name"])
        except NameRefused:
            raise forms.ValidationError(
                _("Give these rules a name of 1 to %(most)d characters, with no control characters."),
                params={"most": CLUB_NAME_MOST},
            ) from None


class NoteField(forms.CharField):
    """Text of several lines, its line ends as one character each (a browser sends two: CR LF, and
    counts one against ``maxlength``)."""

    def to_python(self, value: Any) -> Any:
        text = super().to_python(value)
        return text.replace("\r\n", "\n").replace("\r", "\n") if isinstance(text, str) else text


class NoteForm(forms.Form):
    """A note on a match or an evening; sent empty, it clears the note."""

    note = NoteField(
        label=_("Note"),
        required=False,
        max_length=NOTE_MOST,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Seen by everyone who sees this page."),
        error_messages={
            "max_length": _(
                "A note has at most %(limit_value)d characters; this one has %(show_value)d. "
                "Shorten it and save it again."
            ),
        },
    )
