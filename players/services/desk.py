"""Desk operations on people: each one operation with an event in the tournament's log (the
desk works for a tournament), broadcast after commit. Event payloads carry a player's id and
name only, never birth date, document or contact.

Service floor: players' services call no other app's services.
"""

from dataclasses import dataclass
from datetime import date

from django.db import IntegrityError
from django.utils.translation import gettext as _

from core import kinds, log, time_source
from core.access import recorded_user
from core.operation import operation
from players.models import TERMS_VERSION, Consent, Exclusion, Membership, Player, normalise_document_number
from players.queries.players import player_summary
from players.rules.eligibility import local_day
from rules.refusals import Refused, logged_reason
from tournaments.models import Event


class PlayerRefused(Refused):
    def __init__(self, message: str, existing_id: int | None = None):
        super().__init__(message)
        self.existing_id = existing_id

    def details(self) -> dict:
        return {"existing_id": self.existing_id}


@dataclass(frozen=True)
class NewPlayer:
    first_name: str
    last_name: str
    date_of_birth: date
    nationality: str = ""
    id_document_type: str = ""
    id_document_number: str = ""
    email: str = ""
    phone: str = ""
    city: str = ""
    membership_number: str = ""
    full_member: bool = True
    membership_fee_paid_until: date | None = None
    release_signed: bool = False
    accepts_terms: bool = False
    filming_release: bool = False
    marketing_opt_in: bool = False
    id_checked: bool = False  # the clerk has seen the photo ID just now
    initials_only: bool = False  # REG-CONSENT: public screens show initials only


def create_player(tournament_id: int, new: NewPlayer, actor, request_key: str | None = None) -> Player:
    """A new player record with their consents, from the desk of a tournament."""
    if not new.accepts_terms:
        raise PlayerRefused(_("The player must accept the terms and tournament rules (REG-CONSENT) to register."))
    if bool(new.id_document_type) != bool(new.id_document_number.strip()):
        raise PlayerRefused(_("Give both the ID document's type and its number, or neither."))
    now = time_source.now()
    if new.date_of_birth > now.date():
        raise PlayerRefused(_("The date of birth is in the future: check it against the ID."))
    if new.date_of_birth.year < 1900:
        raise PlayerRefused(_("The date of birth is before 1900: check the year against the ID."))
    try:
        with operation(tournament_id, actor, request_key) as op:
            tournament = op.tournament
            if repeated := _created_by(tournament_id, request_key):
                return repeated
            duplicate = _same_document(new.id_document_type, new.id_document_number)
            if duplicate:
                raise _duplicate(duplicate)
            player = Player.objects.create(
                first_name=new.first_name.strip(),
                last_name=new.last_name.strip(),
                date_of_birth=new.date_of_birth,
                nationality=new.nationality.strip().upper(),
                id_document_type=new.id_document_type,
                id_document_number=new.id_document_number,
                email=new.email.strip(),
                phone=new.phone.strip(),
                city=new.city.strip(),
                initials_only=new.initials_only,
                id_checked_on=local_day(now, tournament.festival.time_zone) if new.id_checked else None,
            )
            if new.membership_number.strip():
                Membership.objects.create(
                    player=player,
                    number=new.membership_number.strip(),
                    full_member=new.full_member,
                    fee_paid_until=new.membership_fee_paid_until,
                    release_signed_at=now if new.release_signed else None,
                )
            for kind, granted in (
                (Consent.Kind.TERMS, True),
                (Consent.Kind.FILMING, new.filming_release),
                (Consent.Kind.MARKETING, new.marketing_opt_in),
            ):
                Consent.objects.create(
                    player=player,
                    kind=kind,
                    granted=granted,
                    at=now,
                    recorded_by=recorded_user(actor),
                    version=TERMS_VERSION if kind == Consent.Kind.TERMS else "",
                )
            op.append(kinds.PLAYER_CREATED, payload={"player": player_summary(player)}, public=None)
    except IntegrityError as clash:
        # The same form a moment ago (a retry), or another desk with the same document or
        # membership number.
        repeated = _created_by(tournament_id, request_key)
        if repeated:
            return repeated
        duplicate = _same_document(new.id_document_type, new.id_document_number)
        if duplicate:
            raise _duplicate(duplicate) from None
        if new.membership_number and Membership.objects.filter(number=new.membership_number.strip()).exists():
            raise PlayerRefused(
                _("Membership number %(membership_number)s belongs to another player.")
                % {"membership_number": new.membership_number}
            ) from None
        raise clash
    return player


def _created_by(tournament_id: int, request_key: str | None) -> Player | None:
    if not request_key:
        return None
    done = Event.objects.filter(
        tournament_id=tournament_id, request_key=request_key, kind=kinds.PLAYER_CREATED.name
    ).first()
    if done:
        log.check_same_request(done.request_fingerprint, request_key)
    return Player.objects.get(pk=done.payload["player"]["id"]) if done else None


def _same_document(kind: str, number: str) -> Player | None:
    number = normalise_document_number(number)
    if not kind or not number:
        return None
    return Player.objects.filter(id_document_type=kind, id_document_number=number).first()


def _duplicate(existing: Player) -> PlayerRefused:
    return PlayerRefused(
        _(
            "A player with this %(existing)s already exists: %(existing2)s (born %(date_of_birth)s). "
            "Select them instead of creating a new record."
        )
        % {
            "existing": existing.get_id_document_type_display(),
            "existing2": existing,
            "date_of_birth": existing.date_of_birth.isoformat(),
        },
        existing_id=existing.id,
    )


def record_id_check(tournament_id: int, player_id: int, actor) -> Player:
    """REG-ID: the clerk has seen the player's valid photo ID for today's start or restart. The
    document must be on file (a wire-transfer prize needs it too): add it first."""
    with operation(tournament_id, actor) as op:
        player = Player.objects.select_for_update().get(pk=player_id)
        if not player.id_document_number:
            raise PlayerRefused(
                _("%(player)s has no ID document on file: add the document's type and number, then the check.")
                % {"player": player}
            )
        player.id_checked_on = local_day(time_source.now(), op.tournament.festival.time_zone)
        player.save(update_fields=["id_checked_on"])
        op.append(
            kinds.PLAYER_ID_CHECKED,
            public=None,
            payload={"player": player_summary(player), "day": player.id_checked_on.isoformat()},
        )
    return player


def record_id_document(
    tournament_id: int, player_id: int, document_type: str, document_number: str, actor, request_key: str | None = None
) -> Player:
    """REG-ID: the desk puts the ID document it is looking at on an existing player's file
    (added, or a new one in place of an expired one), and records the photo ID as seen today.
    A document already on another player's file is refused with that player to select."""
    number = normalise_document_number(document_number)
    if document_type not in Player.Document.values or not number:
        raise PlayerRefused(_("Give the ID document's type (passport, ID card, driving licence) and its number."))
    try:
        with operation(tournament_id, actor, request_key) as op:
            if op.repeated:
                return Player.objects.get(pk=player_id)
            player = Player.objects.select_for_update().get(pk=player_id)
            duplicate = _same_document(document_type, number)
            if duplicate is not None and duplicate.pk != player.pk:
                raise _duplicate(duplicate)
            player.id_document_type, player.id_document_number = document_type, number
            player.id_checked_on = local_day(time_source.now(), op.tournament.festival.time_zone)
            player.save(update_fields=["id_document_type", "id_document_number", "id_checked_on"])
            op.append(kinds.PLAYER_ID_DOCUMENT, public=None, payload={"player": player_summary(player)})
    except IntegrityError:  # another desk put the same document on another player a moment ago
        duplicate = _same_document(document_type, number)
        if duplicate is None:
            raise
        raise _duplicate(duplicate) from None
    return player


def set_marketing_consent(tournament_id: int, player_id: int, granted: bool, actor) -> None:
    """The marketing opt-in is revocable: each change is a new row, the history stays."""
    with operation(tournament_id, actor) as op:
        player = Player.objects.get(pk=player_id)
        Consent.objects.create(
            player=player,
            kind=Consent.Kind.MARKETING,
            granted=granted,
            at=time_source.now(),
            recorded_by=recorded_user(actor),
        )
        op.append(
            kinds.PLAYER_MARKETING_CONSENT, payload={"player": player_summary(player), "granted": granted}, public=None
        )


def set_public_name(
    tournament_id: int, player_id: int, initials_only: bool, actor, request_key: str | None = None
) -> Player:
    """REG-CONSENT: how public screens name the player, as they choose at the desk (and change
    their mind): initials only, or first name and last initial."""
    with operation(tournament_id, actor, request_key) as op:
        player = Player.objects.select_for_update().filter(pk=player_id).first()
        if player is None:
            raise PlayerRefused(
                _("There is no player %(player_id)s: search for them again.") % {"player_id": player_id}
            )
        if player.initials_only != initials_only:
            player.initials_only = initials_only
            player.save(update_fields=["initials_only"])
            op.append(
                kinds.PLAYER_PUBLIC_NAME,
                public={},
                payload={"player": player_summary(player), "initials_only": initials_only},
            )
    return player


def exclude_player(
    tournament_id: int, player_id: int, reason: str, starts: date, ends: date | None, actor
) -> Exclusion:
    """REG-EXCLUDE: a self-exclusion or a venue or sponsor ban, from the desk or the director's
    set-up: every desk refuses the player in its period."""
    reason = logged_reason(reason, _("the player is excluded"))
    if ends is not None and ends < starts:
        raise PlayerRefused(_("The exclusion cannot end before it starts."))
    with operation(tournament_id, actor) as op:
        player = Player.objects.get(pk=player_id)
        exclusion = Exclusion.objects.create(
            player=player, reason=reason, starts=starts, ends=ends, recorded_by=recorded_user(actor)
        )
        op.append(
            kinds.PLAYER_EXCLUDED,
            public=None,
            payload={
                "player": player_summary(player),
                "reason": reason,
                "starts": starts.isoformat(),
                "ends": ends.isoformat() if ends else None,
            },
        )
    return exclusion
