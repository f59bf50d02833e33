"""Who may see and who may score a match: the members of its club, as their role lets them, and
phones that joined by an invite link.

An organiser of the club has the match's every right (role "owner": its rules, its links, its
deletion); a scorer enters deals; a member follows it.

A phone without an account joins by opening an invite link; its session then remembers
the invite's token and the name it gave, for that one match. Revoking the invite ends it, and so
does the end its owner chose for it (``Invite.expires_at``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest

from .models import Invite, Match, Membership
from .services import Author, match_read, seats_with_players

# Written by the services; importable from here too, beside what a link gives access to.
from .services.sharing import invite_create as invite_create
from .services.sharing import invite_revoke as invite_revoke

SESSION_KEY = "invites"  # {match pk: {"token": ..., "name": ...}}
WITHDRAWN_KEY = "withdrawn"  # [match pk, ...]: the matches whose link this phone joined by was withdrawn

# A club member's role, as the role they have in the club's matches.
ROLES: dict[str, str] = {
    Membership.Role.ORGANISER: "owner",
    Membership.Role.SCORER: "scorer",
    Membership.Role.MEMBER: "viewer",
}


@dataclass(frozen=True)
class Access:
    match: Match
    role: str  # "owner", "scorer" or "viewer"
    author: Author
    link: str = ""  # the token of the link a phone joined by; "": a member of the match's club

    @property
    def can_score(self) -> bool:
        return self.role in ("owner", "scorer")

    @property
    def is_owner(self) -> bool:
        return self.role == "owner"


def match_access(request: HttpRequest, pk: int, *, write: bool = False) -> Access:
    """The match and what this request may do with it: 404 when nothing, 403 to write read-only."""
    match = match_read(pk)
    if match is None:
        raise Http404
    user = request.user
    if user.is_authenticated:
        member = Membership.objects.filter(club=match.club_id, user=user).values_list("role", flat=True)
        role = member.first()
        if role is not None:
            access = Access(match, ROLES[role], Author(user, user.get_username()))
            if write and not access.can_score:
                raise PermissionDenied
            return access
    joined = request.session.get(SESSION_KEY, {}).get(str(pk))
    invite = None
    if joined:
        invite = Invite.objects.filter(match=match, token=joined["token"]).first()
        if invite is None or not invite.works:
            leave(request, [str(pk)], withdrawn=invite is not None)  # (none: a session tampered with)
            invite = None
    if invite is None:
        raise Http404
    author = Author(user if user.is_authenticated else None, joined["name"])
    access = Access(match, invite.role, author, link=invite.token)
    if write and not access.can_score:
        raise PermissionDenied
    return access


def join(request: HttpRequest, invite: Invite, name: str) -> None:
    """Remember in this phone's session that it joined ``invite``'s match under ``name``."""
    joined = dict(request.session.get(SESSION_KEY, {}))
    joined[str(invite.match_id)] = {"token": invite.token, "name": name}
    request.session[SESSION_KEY] = joined


def leave(request: HttpRequest, matches: list[str], *, withdrawn: bool = True) -> None:
    """The links this phone joined ``matches`` (pks, as the session has them) by were withdrawn:
    forgotten, and the session given a new key, so that what the phone kept under them (pages,
    deals waiting to be sent) is cleared by the next page it opens (templatetags.owner)."""
    joined = request.session.get(SESSION_KEY, {})
    request.session[SESSION_KEY] = {pk: entry for pk, entry in joined.items() if pk not in matches}
    if withdrawn:
        # Remembered (the latest 50), so that opening such a match again says the link was
        # withdrawn, rather than asking a guest to log in (views.with_access).
        kept = [pk for pk in request.session.get(WITHDRAWN_KEY, []) if pk not in matches]
        request.session[WITHDRAWN_KEY] = (kept + sorted(set(matches)))[-50:]
    request.session.cycle_key()


def was_withdrawn(request: HttpRequest, pk: int) -> bool:
    """This phone joined match ``pk`` by a link that was withdrawn since (and has not joined it again)."""
    session = request.session
    return str(pk) in session.get(WITHDRAWN_KEY, []) and str(pk) not in session.get(SESSION_KEY, {})


def leave_withdrawn(request: HttpRequest, invite: Invite) -> None:
    """``invite`` is withdrawn or past its end: if this phone joined by it, it is left (see leave)."""
    joined = request.session.get(SESSION_KEY, {}).get(str(invite.match_id))
    if not invite.works and joined and joined["token"] == invite.token:
        leave(request, [str(invite.match_id)])


def joined_invites(request: HttpRequest) -> list[Invite]:
    """The links this phone joined that still work, newest match first, their matches' seats loaded."""
    joined = request.session.get(SESSION_KEY, {})
    tokens = [entry["token"] for entry in joined.values()]
    if not tokens:
        return []
    invites = (
        Invite.objects.working()
        .filter(token__in=tokens)
        .select_related("match")
        .prefetch_related(seats_with_players("match__seats"))
        .order_by("-match__created_at")
    )
    working = [
        invite for invite in invites if joined.get(str(invite.match_id), {}).get("token") == invite.token
    ]
    gone = set(joined) - {str(invite.match_id) for invite in working}
    if gone:
        leave(request, sorted(gone))
    return working
