"""The club a logged-in person is looking at, and what their role in it lets them do.

A person may belong to several clubs; the one they chose last is remembered in their session
(``SESSION_KEY``), and their personal club stands in until they choose. Every page of players,
matches, evenings and statistics shows that club's.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.utils.functional import SimpleLazyObject

from .models import Membership
from .services.clubs import personal_club

SESSION_KEY = "club"


def membership(request: HttpRequest) -> Membership:
    """The logged-in person's membership of the club they are looking at (read once a request)."""
    cached: Membership | None = getattr(request, "_membership", None)
    if cached is not None:
        return cached
    user: Any = request.user
    chosen = request.session.get(SESSION_KEY)
    mine = Membership.objects.select_related("club").filter(user=user)
    if isinstance(chosen, int):
        found = mine.filter(club=chosen).first()
    else:
        found = mine.filter(club__personal_of=user).first()
    if found is None:  # no club chosen yet, or one left since: one's own
        club = personal_club(user)
        found, _ = Membership.objects.select_related("club").get_or_create(
            club=club, user=user, defaults={"role": Membership.Role.ORGANISER}
        )
    request._membership = found  # type: ignore[attr-defined]
    return found


def club_role(club_id: int, user: Any) -> Membership:
    """``user``'s membership of club ``club_id`` (they are known to belong to it)."""
    return Membership.objects.get(club=club_id, user=user)


def choose(request: HttpRequest, chosen: Membership) -> None:
    """From now on this session looks at ``chosen``'s club."""
    request.session[SESSION_KEY] = chosen.club_id
    request._membership = chosen  # type: ignore[attr-defined]


Response = TypeVar("Response", bound=HttpResponseBase)  # a page, or a download streamed


def in_club(
    can: str | None = None,
) -> Callable[[Callable[..., Response]], Callable[..., Response]]:
    """Give the view the membership of the club being looked at; ``can``: "score" or "organise"
    when the view needs that role (403 otherwise). Logged-in only."""

    def decorate(view: Callable[..., Response]) -> Callable[..., Response]:
        @login_required
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> Response:
            member = membership(request)
            if (can == "score" and not member.can_score) or (can == "organise" and not member.is_organiser):
                raise PermissionDenied
            return view(request, member, *args, **kwargs)

        return wrapper

    return decorate


def context(request: HttpRequest) -> dict[str, Any]:
    """The club being looked at, for the top bar and the menus (read when a template asks): nothing
    for a visitor."""
    if not request.user.is_authenticated:
        return {}
    return {"membership": SimpleLazyObject(lambda: membership(request))}
