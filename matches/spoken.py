"""What a screen reader says: the text alternative of each drawing, and the result of a deal.

The drawings (the Busca cross, the Mambassa table, the Whist sheet) are pictures; each gets
a sentence that reads the same score, and who deals next. After a deal is entered, its
result is read out from a polite live region of the match page, and with the deal that ends a
match, how it ended and who pays whom.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.busca.rules import DealResult as BuscaDeal
from games.whist.rules import DealResult as WhistDeal


def _joined(names: Sequence[str]) -> str:
    return ", ".join(names)


def _busche(name: str, busche: int) -> str:
    return ngettext("%(name)s %(busche)d busca", "%(name)s %(busche)d busche", busche) % {
        "name": name,
        "busche": busche,
    }


def _deals_next(text: str, dealer: str | None) -> str:
    if dealer is None:
        return text
    return _("%(text)s; %(dealer)s deals next") % {"text": text, "dealer": dealer}


def busca_label(
    names: Sequence[str],
    totals: Sequence[int],
    *,
    dealer: str | None,
    losers: Sequence[str] = (),
    penalties: Sequence[int] = (),
) -> str:
    """ "Score cross: Anna 7 busche, including 1 penalty, Bruno 3 busche, …; Dario deals next" (or who
    lost). ``penalties``: how many of each player's busche penalties gave (drawn as dots)."""
    scores = [_busche(n, t) for n, t in zip(names, totals, strict=True)]
    for seat, count in enumerate(penalties):
        if count:
            scores[seat] = ngettext(
                "%(busche)s, including %(count)d penalty", "%(busche)s, including %(count)d penalties", count
            ) % {"busche": scores[seat], "count": count}
    text = _("Score cross: %(scores)s") % {"scores": _joined(scores)}
    if losers:
        return ngettext(
            "%(text)s; match over, %(losers)s loses", "%(text)s; match over, %(losers)s lose", len(losers)
        ) % {"text": text, "losers": _joined(losers)}
    return _deals_next(text, dealer)


def mambassa_label(
    names: Sequence[str],
    tokens: Sequence[int],
    pot: int,
    *,
    out: Collection[int],
    dealer: str | None,
    winners: Sequence[str] = (),
) -> str:
    """ "Lives and pot: Anna 3 tokens, Bruno out, …; pot 4; Carla deals next" (or who takes the pot)."""
    lives = [
        _("%(name)s out") % {"name": name}
        if seat in out
        else ngettext("%(name)s %(count)d token", "%(name)s %(count)d tokens", held)
        % {"name": name, "count": held}
        for seat, (name, held) in enumerate(zip(names, tokens, strict=True))
    ]
    text = _("Lives and pot: %(tokens)s; pot %(pot)d") % {"tokens": _joined(lives), "pot": pot}
    if winners:
        return ngettext(
            "%(text)s; game over, %(winners)s takes the pot",
            "%(text)s; game over, %(winners)s share the pot",
            len(winners),
        ) % {"text": text, "winners": _joined(winners)}
    return _deals_next(text, dealer)


def whist_label(
    pairs: Sequence[str],
    games: Sequence[int],
    points: Sequence[int],
    score: Sequence[int],
    *,
    dealer: str | None,
    winner: str | None = None,
) -> str:
    """ "Whist sheet: Anna & Carla 1 game, 3 points; Bruno & Dario 0 games, 0 points; this game 2 to 0; …"."""
    sides = [
        ngettext(
            "%(pair)s %(games)d game, %(points)d points",
            "%(pair)s %(games)d games, %(points)d points",
            won,
        )
        % {"pair": pair, "games": won, "points": total}
        for pair, won, total in zip(pairs, games, points, strict=True)
    ]
    text = _("Whist sheet: %(sides)s") % {"sides": "; ".join(sides)}
    if winner is not None:
        return _("%(text)s; the rubber is over, %(pair)s win it") % {"text": text, "pair": winner}
    text = _("%(text)s; this game %(a)d to %(b)d") % {"text": text, "a": score[0], "b": score[1]}
    return _deals_next(text, dealer)


# -- The result of one deal, read out when it is entered ------------------------------------------


def busca_deal(deal: BuscaDeal, names: Sequence[str]) -> str:
    """ "Anna 2 busche, Bruno 1 busca, Carla 0 busche, Dario 0 busche"."""
    return _joined([_busche(n, b) for n, b in zip(names, deal.busche, strict=True)])


def whist_deal(deal: WhistDeal, pairs: Sequence[str]) -> str:
    """ "Anna & Carla score 5 (3 for tricks, 2 for honours); Anna & Carla win the game"."""
    parts = []
    for pair, tricks, honours in zip(pairs, deal.trick_points, deal.honour_points, strict=True):
        if tricks or honours:
            parts.append(
                _("%(pair)s score %(points)d (%(tricks)d for tricks, %(honours)d for honours)")
                % {"pair": pair, "points": tricks + honours, "tricks": tricks, "honours": honours}
            )
    if not parts:
        parts.append(_("nobody scores"))
    if deal.game is not None:
        parts.append(_("%(pair)s win the game") % {"pair": pairs[deal.game.winner]})
    return "; ".join(parts)


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else f"{text}."


def _then(text: str, dealer: str | None) -> str:
    """The result as a sentence, then who deals next as another."""
    if dealer is None:
        return _sentence(text)
    # Outside the f-string, where xgettext finds it for the catalogues.
    then = _("%(dealer)s deals next.") % {"dealer": dealer}
    return f"{_sentence(text)} {then}"


def deal_saved(number: int, result: str, dealer: str | None) -> str:
    """What the phone that saved deal ``number`` reads out."""
    return _then(_("Deal %(n)d saved: %(result)s") % {"n": number, "result": result}, dealer)


def sheet_changed(number: int, result: str, dealer: str | None) -> str:
    """What the other phones read out when the sheet changed there: its latest deal."""
    return _then(_("The sheet changed. Deal %(n)d: %(result)s") % {"n": number, "result": result}, dealer)


# -- How a match ended, read out with the deal that ended it ---------------------------------------


def listed(names: Sequence[str]) -> str:
    """ "Anna, Bruno and Carla"."""
    return str(get_text_list(list(names), _("and")))


def busca_result(losers: Sequence[str], winners: Sequence[str]) -> str:
    """ "Anna and Bruno lose"; a form without losers names its winners: "Carla wins"."""
    if losers:
        return ngettext("%(names)s loses", "%(names)s lose", len(losers)) % {"names": listed(losers)}
    return ngettext("%(names)s wins", "%(names)s win", len(winners)) % {"names": listed(winners)}


def mambassa_result(winner: str | None, sharers: Sequence[str]) -> str:
    """ "Anna takes the pot", or "Anna and Bruno share the pot"."""
    if winner is not None:
        return _("%(name)s takes the pot") % {"name": winner}
    return _("%(names)s share the pot") % {"names": listed(sharers)}


def whist_result(winner: str, payer: str, points: int, amount: str | None, each: bool) -> str:
    """ "Anna & Carla win the rubber; Bruno & Dario pay 6 points: €3.00" (``each``: per player)."""
    text = _("%(pair)s win the rubber") % {"pair": winner}
    paid = ngettext("%(pair)s pay %(points)s point", "%(pair)s pay %(points)s points", points) % {
        "pair": payer,
        "points": points,
    }
    if amount is not None:
        if each:
            amount = _("%(amount)s each, to the winner on their right") % {"amount": amount}
        paid = _("%(payment)s: %(amount)s") % {"payment": paid, "amount": amount}
    return _("%(text)s; %(payments)s") % {"text": text, "payments": paid}


def payments(transfers: Sequence[tuple[str, str, str]]) -> str:
    """Who pays whom, each ``(payer, payee, amount)`` with the amount as shown: "Anna pays Carla
    €2.50"; one payer's payments in one clause ("Anna pays Bruno €0.34, Carla €0.33 and Dario
    €0.33"), and the same sum from several to one too ("Bruno and Carla pay Anna €2.00 each")."""
    payees = {payee for _payer, payee, _amount in transfers}
    amounts = {amount for _payer, _payee, amount in transfers}
    payers = list(dict.fromkeys(payer for payer, _payee, _amount in transfers))
    if len(payers) > 1 and len(payers) == len(transfers) and len(payees) == len(amounts) == 1:
        return _("%(payers)s pay %(payee)s %(amount)s each") % {
            "payers": listed(payers),
            "payee": transfers[0][1],
            "amount": transfers[0][2],
        }
    return listed([_paying(payer, [(p, a) for who, p, a in transfers if who == payer]) for payer in payers])


def _paying(payer: str, paid: Sequence[tuple[str, str]]) -> str:
    """What one player pays, each ``(payee, amount)``."""
    if len(paid) == 1:
        return _("%(payer)s pays %(payee)s %(amount)s") % {
            "payer": payer,
            "payee": paid[0][0],
            "amount": paid[0][1],
        }
    if len({amount for _payee, amount in paid}) == 1:
        return _("%(payer)s pays %(payees)s %(amount)s each") % {
            "payer": payer,
            "payees": listed([payee for payee, _amount in paid]),
            "amount": paid[0][1],
        }
    each = [pgettext("paid to", "%(payee)s %(amount)s") % {"payee": p, "amount": a} for p, a in paid]
    return _("%(payer)s pays %(payments)s") % {"payer": payer, "payments": listed(each)}


def match_over(result: str, paid: str = "") -> str:
    """ "Match over: Anna and Bruno lose; Anna pays Carla €2.50." (``paid``: who pays whom, if any)."""
    text = _("Match over: %(result)s") % {"result": result}
    if paid:
        text = _("%(text)s; %(payments)s") % {"text": text, "payments": paid}
    return _sentence(text)


def sentence(text: str) -> str:
    """``text`` ending as a sentence does."""
    return _sentence(text)


def changed(said: str) -> str:
    """What the other phones read out when a change made elsewhere is not a new deal: "The sheet
    changed. Deal 3 corrected: …"."""
    return _("The sheet changed. %(change)s") % {"change": said}


def with_outcome(text: str, outcome: str) -> str:
    """A deal's sentence, then how the match ended (``outcome``, "" while it goes on)."""
    return f"{text} {outcome}" if outcome else text


def deal_corrected(number: int, result: str) -> str:
    """The confirmation of a correction: "Deal 3 corrected: Anna 1 busca, …"."""
    return _sentence(_("Deal %(n)d corrected: %(result)s") % {"n": number, "result": result})
