"""What the match page shows, for any game: the entry form, the sheet, the change log, what is read out.

Each game gives its part through its web side (games/web.py, web_for): the entry form (for the next
deal, or to correct deal N), its templates and the context of its sheet; this module asks every game
the same questions, and the views stay the same for every game.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.registry import GAMES
from games.web import name, web_for

from . import spoken
from .deal_forms import ShowsEveryError
from .forms import house_rules
from .models import Change, Match
from .services import UNDOABLE, Standing, latest_changes, seat_names

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def _rules_dealer(standing: Standing, number: int) -> int:
    """Who the rules chose to deal deal ``number`` (the table may have chosen another)."""
    if number == 1:
        return standing.rules.first_dealer
    dealer: int = standing.played.deals[number - 2].next_dealer
    return dealer


def entry_form(
    standing: Standing,
    data: Mapping[str, Any] | None = None,
    number: int | None = None,
    holder: int = 0,
) -> ShowsEveryError:
    """The form for the next deal, or to correct deal ``number``, bound to ``data`` if given.

    ``holder``: the seat of who holds the phone (Whist asks about their pair first).
    """
    played, rules = standing.played, standing.rules
    web = web_for(rules.variant)
    kwargs: dict[str, Any] = {"variant": rules.variant, "players": standing.players}
    kwargs["number"] = number or len(played.deals) + 1
    if number is None:
        kwargs["dealer"] = played.next_dealer
    else:
        deal = played.deals[number - 1]
        entry = standing.match.deals.get(number=number).entry
        kwargs["dealer"] = deal.dealer
        kwargs["rules_dealer"] = _rules_dealer(standing, number)
        kwargs["initial"] = web.initial(entry, standing.players)
    kwargs.update(web.form_kwargs(standing, number, holder))  # what else the game's form asks
    form = web.form(data, **kwargs)
    if number is None:
        # A one-time token, so that a repeated submission stores the deal once, and the deal
        # this phone means to enter, so that one entered meanwhile elsewhere is not overwritten.
        # (Not required: a post without them is stored without these checks.)
        form.fields["token"] = forms.UUIDField(widget=forms.HiddenInput, initial=uuid.uuid4, required=False)
        form.fields["number"] = forms.IntegerField(
            widget=forms.HiddenInput,
            initial=len(played.deals) + 1,
            required=False,
            min_value=1,
        )
    else:
        version = standing.match.deals.get(number=number).version
        form.fields["version"] = forms.IntegerField(
            widget=forms.HiddenInput, initial=version, required=False, min_value=1
        )
    return form


SHOWN_DEALS = 30  # deals in the match page's table; the older ones are behind a link
SHOWN_CHANGES = 10  # changes in the match page's log; with every deal shown, ALL_CHANGES
ALL_CHANGES = 200


def sheet_context(
    standing: Standing,
    form: forms.Form | None = None,
    preview: Any = None,
    can_score: bool = True,
    bottom: int = 0,
    all_deals: bool = False,
    newest_only: bool = False,
) -> dict[str, Any]:
    """Everything the match page draws, for any game; ``bottom``: the seat drawn nearest the holder.

    The deal table holds the latest SHOWN_DEALS deals unless ``all_deals``: a long match's page
    stays as light and quick as a short one's, and the older deals are one tap away. ``newest_only``:
    the table's rows and the change log are only the latest deal's and change, for a phone whose
    sheet has the others. The drawing
    and the deal table are {% cache %} fragments of match_detail.html: what they draw is made only
    when it is drawn (lazily), not when it is taken from the cache.
    """
    from . import summaries  # (it reads the sheets' rows: imported when asked, not at the start)

    match, played, rules = standing.match, standing.played, standing.rules
    web = web_for(rules.variant)
    shown_form: forms.Form | SimpleLazyObject | None = form
    if form is None and played.outcome is None and can_score:  # the next deal's, each page its own token
        shown_form = SimpleLazyObject(lambda: entry_form(standing, holder=bottom))
    shown_changes = 1 if newest_only else ALL_CHANGES if all_deals else SHOWN_CHANGES
    context = {
        "match": match,
        "variant": rules.variant,
        # What is shared (_summary.html): drawn with the page, and again with each deal.
        "summary": SimpleLazyObject(lambda: summaries.match_summary(match, standing.players, standing)),
        "house_rules": house_rules(rules.variant, match.options),
        "names": standing.players,
        "played": played,
        "outcome": played.outcome,
        "form": shown_form,
        "form_template": web.templates.form,
        "entry_open": shown_form is not None and played.outcome is None,
        "next_number": len(played.deals) + 1,
        "next_dealer": name(standing.players, played.next_dealer),
        "top_template": web.templates.top,
        "deals_template": web.templates.deals,
        "deal_rows_template": f"{web.templates.deals}#rows",  # its container of rows, a partial
        "shown_deals": SHOWN_DEALS,
        "can_score": can_score,
        # Only when the log is drawn: the latest few, with every deal a longer list, or only the
        # newest for a phone whose log has the others.
        "changes": SimpleLazyObject(lambda: change_rows(match, shown_changes, standing.players)),
        "shown_changes": SHOWN_CHANGES,
        "change_log_template": "matches/change_log.html",
        "bottom": bottom,
        "all_deals": all_deals,
    }
    shown = 1 if newest_only else None if all_deals else SHOWN_DEALS  # a row a deal, only for those shown
    context.update(web.sheet(standing, preview=preview, bottom=bottom, shown=shown))
    if not all_deals and len(played.deals) > SHOWN_DEALS:
        context["older_deals"] = len(played.deals) - SHOWN_DEALS
    return context


CHANGE_TEXTS: dict[str, StrOrPromise] = {
    Change.Kind.DEAL_ENTERED: gettext_lazy("Deal %(n)s entered"),
    Change.Kind.DEAL_EDITED: gettext_lazy("Deal %(n)s corrected"),
    Change.Kind.DEAL_DELETED: gettext_lazy("Deal %(n)s deleted"),
    Change.Kind.DEAL_RESTORED: gettext_lazy("Deal %(n)s restored"),
    Change.Kind.OPTIONS_CHANGED: gettext_lazy("House rules changed"),
    Change.Kind.MATCH_FINISHED: gettext_lazy("Match over"),
    Change.Kind.MATCH_REOPENED: gettext_lazy("Match reopened"),
}


def change_text(change: Change) -> str:
    """A change as the log names it: "Deal 1 entered"."""
    return str(CHANGE_TEXTS[change.kind]) % {"n": change.deal_number}


def _options_text(match: Match, changed: dict[str, Any]) -> str:
    """House rules changed, as the match page lists them: "Stake: 2"."""
    variant = GAMES[match.game]
    rules = zip(variant.options, house_rules(variant, changed), strict=True)
    return "; ".join(f"{label}: {shown}" for option, (label, shown) in rules if option.key in changed)


def change_rows(
    match: Match, limit: int = SHOWN_CHANGES, names: Sequence[str] | None = None
) -> dict[str, Any]:
    """The latest ``limit`` changes of a match, newest first, as the change log shows them
    (``rows``), and whether there are older ones (``more``: one more is read to know);
    ``names``: its players' names (read if not given).
    """
    if names is None:
        names = seat_names(match)
    web = web_for(match.game)
    changes = latest_changes(match.pk, limit + 1)
    rows = []
    for change, undone in changes[:limit]:
        detail = web.entry_text(change.after if change.after is not None else change.before, names)
        if change.kind == Change.Kind.DEAL_EDITED:
            dealt = [
                entry.get("dealer") if isinstance(entry, dict) else None
                for entry in (change.before, change.after)
            ]
            before, after = (
                web.entry_text(entry, names, dealer=dealt[0] != dealt[1])
                for entry in (change.before, change.after)
            )
            detail = f"{before} → {after}"
        if change.kind == Change.Kind.OPTIONS_CHANGED:
            changed = {k: v for k, v in (change.after or {}).items() if (change.before or {}).get(k) != v}
            detail = _options_text(match, changed)
        if change.kind in (Change.Kind.MATCH_FINISHED, Change.Kind.MATCH_REOPENED):
            detail = ""  # the deals above say how it ended; its stored data reads "ended_after_deal null"
        rows.append(
            {
                "pk": change.pk,
                "text": change_text(change),
                "detail": detail,
                "author": change.author_name or _("someone"),
                "at": change.created_at,
                "undone": undone,
                "is_undo": change.undoes_id is not None,
                "can_undo": change.kind in UNDOABLE and not undone,
            }
        )
    return {"rows": rows, "more": len(changes) > limit}


def deal_result(standing: Standing, number: int) -> str:
    """The result of deal ``number`` as the page reads it out: "Anna 2 busche, Bruno 1 busca, …"."""
    return web_for(standing.rules.variant).deal_said(standing, number)


def latest_deal(standing: Standing, *, saved: bool, outcome: str = "") -> str:
    """The result of the match's latest deal as a sentence to read out ("" before the first deal),
    then how the match ended, when it did (``outcome``: the sheet's ``outcome_said``).

    ``saved``: said to the phone that saved it; otherwise to the phones that see the sheet change.
    """
    played, names = standing.played, standing.players
    if not played.deals:
        return ""
    number = played.deals[-1].number
    dealer = name(names, played.next_dealer) if played.outcome is None else None
    say = spoken.deal_saved if saved else spoken.sheet_changed
    return spoken.with_outcome(say(number, deal_result(standing, number), dealer), outcome)


# Changes that follow from the deals, logged after the one that made them: not what a phone did.
FOLLOWING = (Change.Kind.MATCH_FINISHED, Change.Kind.MATCH_REOPENED)


def sheet_changed(standing: Standing, *, outcome: str = "") -> str:
    """What the other phones read out when the sheet changed there: the latest change, as the phone
    that made it heard it (a deal entered: its result and who deals next; a deal corrected: its new
    result; an undo: what it took back), then how the match ended, if it has (``outcome``), or that
    it was reopened."""
    changes = [change for change, _undone in latest_changes(standing.match.pk, 3)]
    latest = next((change for change in changes if change.kind not in FOLLOWING), None)
    if latest is None or (latest.kind == Change.Kind.DEAL_ENTERED and latest.undoes_id is None):
        return latest_deal(standing, saved=False, outcome=outcome)
    number = latest.deal_number
    if latest.undoes is not None:
        said = undone_said(latest.undoes)
    elif latest.kind == Change.Kind.DEAL_EDITED and number and number <= len(standing.played.deals):
        said = spoken.deal_corrected(number, deal_result(standing, number))
    else:
        said = spoken.sentence(change_text(latest))  # "Deal 3 deleted."
    if changes[0].kind == Change.Kind.MATCH_REOPENED:
        outcome = reopened()
    return spoken.with_outcome(spoken.changed(said), outcome)


def reopened() -> str:
    """ "Match reopened.": a correction or an undo took back the end of the match."""
    return spoken.sentence(str(CHANGE_TEXTS[Change.Kind.MATCH_REOPENED]))


def after_change(standing: Standing, *, was_over: bool) -> str:
    """What follows a correction or an undo, read out with it: how the match ended, if it has (who
    pays may have changed), or that it was reopened (``was_over``: it had ended before)."""
    if standing.played.outcome is not None:
        return outcome_said(standing)
    return reopened() if was_over else ""


def undone_said(change: Change) -> str:
    """ "Undone: deal 5 entered." (``change``: the change taken back)."""
    said = change_text(change)
    return _("Undone: %(change)s.") % {"change": said[:1].lower() + said[1:]}


def outcome_said(standing: Standing) -> str:
    """How the match ended, as its sheet reads it out ("" while it goes on): each game says it
    from its own result, in its sheet's context (``outcome_said``)."""
    if standing.played.outcome is None:
        return ""
    return str(sheet_context(standing, can_score=False)["outcome_said"])


def deal_corrected(standing: Standing, number: int, *, was_over: bool = False) -> str:
    """The confirmation of a correction, read out: "Deal 3 corrected: Anna 1 busca, …", then what
    follows (after_change)."""
    said = spoken.deal_corrected(number, deal_result(standing, number))
    return spoken.with_outcome(said, after_change(standing, was_over=was_over))


def history_row(match: Match, names: Sequence[str]) -> dict[str, Any]:
    """A match in the history: its scores, who won and lost, read from the stored result."""
    result = match.result  # a few hundred bytes: the deals are not in it
    web = web_for(match.game)
    sides = web.sides(names)  # the players, or the pairs
    winners = web.winners(result, sides)
    scores = web.scores(result) or [0] * len(sides)
    return {
        "match": match,
        "names": tuple(names),
        "variant": GAMES[match.game],
        "scores": list(zip(sides, scores, strict=True)),
        "losers": result.get("losers") or [],
        "winners": winners,
        "deals": result["deal_count"],
    }
