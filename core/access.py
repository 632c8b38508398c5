"""Who may do what: the one place views, the API and WebSocket consumers ask.

Roles are Django groups. Each screen or action names the roles it needs here; superusers may
do everything. Anonymous users see the public lobby and the public API only.
"""

from enum import StrEnum

from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import AnonymousUser, Group, User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.utils.translation import gettext as _

from core import model_rows
from tournaments.models import Tournament


class Role(StrEnum):
    DIRECTOR = "director"
    FLOOR = "floor"
    DESK = "desk"
    CASHIER = "cashier"
    MEDIA = "media"


class Action(StrEnum):
    VIEW_LOBBY = "view_lobby"  # public lobby page, lobby socket, public API
    STAFF_FEED = "staff_feed"  # the staff socket: events with personal data
    FLOOR = "floor"  # the floor tablet
    DESK = "desk"  # the registration desk
    RUN_CLOCK = "run_clock"  # director's clock controls
    PERSONAL_DATA = "personal_data"  # players' names, birth dates, documents, contact
    VOID_OR_REFUND = "void_or_refund"  # money going back out
    CASHIER_REPORT = "cashier_report"  # close-out totals per desk and shift
    LOGO_RULINGS = "logo_rulings"  # the compliance page: who must remove which logo
    DIRECTOR_APPROVAL = "director_approval"  # what only the tournament director may approve
    PAY_PRIZES = "pay_prizes"  # the payout desk
    COUNT_CHIPS = "count_chips"  # chip counts at the tables (CHIP-COUNT)
    CONFIRM_BAG = "confirm_bag"  # the second person's count of an end-of-day bag (CHIP-COUNT)
    PUBLISH_COUNTS = "publish_counts"  # the chip leaders on the lobby


NEEDS: dict[Action, frozenset[Role] | None] = {
    Action.VIEW_LOBBY: None,  # anyone, signed in or not
    Action.STAFF_FEED: frozenset({Role.DIRECTOR, Role.FLOOR, Role.DESK, Role.CASHIER}),
    Action.FLOOR: frozenset({Role.DIRECTOR, Role.FLOOR}),
    Action.DESK: frozenset({Role.DIRECTOR, Role.DESK, Role.CASHIER}),
    Action.RUN_CLOCK: frozenset({Role.DIRECTOR}),
    Action.PERSONAL_DATA: frozenset({Role.DIRECTOR, Role.DESK, Role.CASHIER}),
    Action.VOID_OR_REFUND: frozenset({Role.DIRECTOR, Role.CASHIER}),
    Action.CASHIER_REPORT: frozenset({Role.DIRECTOR, Role.DESK, Role.CASHIER}),
    Action.LOGO_RULINGS: frozenset({Role.DIRECTOR}),
    Action.DIRECTOR_APPROVAL: frozenset({Role.DIRECTOR}),
    Action.PAY_PRIZES: frozenset({Role.DIRECTOR, Role.CASHIER}),
    Action.COUNT_CHIPS: frozenset({Role.DIRECTOR, Role.FLOOR, Role.MEDIA}),
    # A bag's second count is the floor's word on the chips a player takes to Day 2: not the media's.
    Action.CONFIRM_BAG: frozenset({Role.DIRECTOR, Role.FLOOR}),
    Action.PUBLISH_COUNTS: frozenset({Role.DIRECTOR, Role.MEDIA}),
}

PLACES = {
    Action.STAFF_FEED: "the staff live feed",
    Action.FLOOR: "the floor tablet",
    Action.DESK: "the registration desk",
    Action.RUN_CLOCK: "the tournament clock controls",
    Action.PERSONAL_DATA: "players' personal data",
    Action.VOID_OR_REFUND: "voiding or refunding an entry",
    Action.CASHIER_REPORT: "the cashier close-out report",
    Action.LOGO_RULINGS: "logo compliance rulings",
    Action.DIRECTOR_APPROVAL: "the tournament director's approval",
    Action.PAY_PRIZES: "the payout desk",
    Action.COUNT_CHIPS: "chip counts",
    Action.CONFIRM_BAG: "confirming a chip bag",
    Action.PUBLISH_COUNTS: "publishing the chip counts",
}


def recorded_user(actor):
    """The user to record as having acted: a signed-in user, or None for the system (a task,
    a command) and anonymous callers."""
    return actor if actor is not None and actor.is_authenticated else None


def roles_of(user) -> set[Role]:
    if user is None or not user.is_authenticated or not user.is_active:
        return set()
    names = getattr(user, "role_names", None)  # read with the user by SignedInWithRoles
    if names is None:
        names = set(user.groups.values_list("name", flat=True))
    return {role for role in Role if role.value in names}


USER = model_rows.columns(User, "u")
_USER_WITH_ROLES = (
    f"SELECT {USER.sql}, ARRAY(SELECT g.name FROM {Group._meta.db_table} g "
    f"JOIN {User.groups.through._meta.db_table} m ON m.group_id = g.id WHERE m.user_id = u.id) "
    f"FROM {User._meta.db_table} u WHERE u.id = %s"
)


class SignedInWithRoles(ModelBackend):
    """Django's ModelBackend (settings.AUTHENTICATION_BACKENDS), whose `get_user`, which every
    signed-in request and staff socket calls, reads the user's role names (their groups) in the
    same static statement: `roles_of` then needs no statement of its own (issue 25)."""

    def get_user(self, user_id):
        try:
            pk = User._meta.pk.to_python(user_id)
        except ValidationError:
            return None
        with connection.cursor() as cursor:
            cursor.execute(_USER_WITH_ROLES, [pk])
            row = cursor.fetchone()
        if row is None:
            return None
        user = model_rows.instance(USER, row)
        user.role_names = frozenset(row[-1])
        return user if self.user_can_authenticate(user) else None


def can(user, action: Action) -> bool:
    needed = NEEDS[action]
    if needed is None:
        return True
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    return user.is_superuser or bool(roles_of(user) & needed)


def check(user, action: Action) -> None:
    """Raise PermissionDenied with a message that says which role is needed."""
    if can(user, action):
        return
    needed = ", ".join(sorted(NEEDS[action]))
    who = (
        _("You are not signed in") if not getattr(user, "is_authenticated", False) else _("Your account lacks the role")
    )
    raise PermissionDenied(
        _("%(who)s: %(places)s needs one of these roles: %(needed)s.")
        % {"who": who, "places": PLACES[action], "needed": needed}
    )


def tournament_for(user, tournament_id: int, action: Action) -> Tournament:
    """The tournament, fetched together with the user's right to it.

    Raises Tournament.DoesNotExist for an unknown id and PermissionDenied for a missing role.
    """
    check(user or AnonymousUser(), action)
    return model_rows.tournament(tournament_id)  # every endpoint's read, static (core/model_rows.py)
