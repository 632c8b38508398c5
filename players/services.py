"""Desk operations on people: each one transaction, one event in the tournament's log (the
desk works for a tournament), broadcast after commit. Event payloads carry a player's id and
name only, never birth date, document or contact."""

from dataclasses import dataclass
from datetime import date

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.db.models.functions import Upper
from django.utils import timezone

from players.eligibility import local_day
from players.models import Consent, Membership, Player, normalise_document_number
from pokerfest.access import recorded_user
from pokerfest.refusals import Refused
from tournaments import events
from tournaments.models import Event, Tournament

TERMS_VERSION = "2026-1"


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


def player_summary(player: Player) -> dict:
    """What an event may say about a player: who, not their personal data."""
    return {"id": player.id, "name": str(player)}


def public_name(first_name: str, last_name: str) -> str:
    """How public pages name a player: first name and last initial."""
    return f"{first_name} {last_name[:1]}." if last_name else first_name


def create_player(tournament_id: int, new: NewPlayer, actor, request_key: str | None = None) -> Player:
    """A new player record with their consents, from the desk of a tournament."""
    if not new.accepts_terms:
        raise PlayerRefused("The player must accept the terms and tournament rules (REG-CONSENT) to register.")
    if bool(new.id_document_type) != bool(new.id_document_number.strip()):
        raise PlayerRefused("Give both the ID document's type and its number, or neither.")
    now = timezone.now()
    if new.date_of_birth > now.date():
        raise PlayerRefused("The date of birth is in the future: check it against the ID.")
    if new.date_of_birth.year < 1900:
        raise PlayerRefused("The date of birth is before 1900: check the year against the ID.")
    try:
        with transaction.atomic():
            # No lock up front: the log append at the end locks the tournament row only until
            # commit, so desks creating players do not queue behind each other.
            tournament = Tournament.objects.select_related("festival").get(pk=tournament_id)
            repeated = _created_by(tournament_id, request_key)
            if repeated:
                return repeated
            duplicate = _same_document(new.id_document_type, new.id_document_number)
            if duplicate:
                raise _duplicate(duplicate)
            player = Player.objects.create(
                first_name=new.first_name.strip(), last_name=new.last_name.strip(), date_of_birth=new.date_of_birth,
                nationality=new.nationality.strip().upper(), id_document_type=new.id_document_type,
                id_document_number=new.id_document_number, email=new.email.strip(), phone=new.phone.strip(),
                city=new.city.strip(),
                id_checked_on=local_day(now, tournament.festival.time_zone) if new.id_checked else None,
            )
            if new.membership_number.strip():
                Membership.objects.create(
                    player=player, number=new.membership_number.strip(), full_member=new.full_member,
                    fee_paid_until=new.membership_fee_paid_until, release_signed_at=now if new.release_signed else None,
                )
            for kind, granted in ((Consent.Kind.TERMS, True), (Consent.Kind.FILMING, new.filming_release),
                                  (Consent.Kind.MARKETING, new.marketing_opt_in)):
                Consent.objects.create(player=player, kind=kind, granted=granted, at=now, recorded_by=recorded_user(actor),
                                       version=TERMS_VERSION if kind == Consent.Kind.TERMS else "")
            events.append_event(
                tournament_id, "player.created", actor=actor, payload={"player": player_summary(player)}, public=None,
                request_key=request_key,
            )
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
            raise PlayerRefused(f"Membership number {new.membership_number} belongs to another player.") from None
        raise clash
    return player


def _created_by(tournament_id: int, request_key: str | None) -> Player | None:
    if not request_key:
        return None
    done = Event.objects.filter(tournament_id=tournament_id, request_key=request_key, kind="player.created").first()
    return Player.objects.get(pk=done.payload["player"]["id"]) if done else None


def _same_document(kind: str, number: str) -> Player | None:
    number = normalise_document_number(number)
    if not kind or not number:
        return None
    return Player.objects.filter(id_document_type=kind, id_document_number=number).first()


def _duplicate(existing: Player) -> PlayerRefused:
    return PlayerRefused(
        f"A player with this {existing.get_id_document_type_display()} already exists: {existing} "
        f"(born {existing.date_of_birth.isoformat()}). Select them instead of creating a new record.",
        existing_id=existing.id,
    )


def record_id_check(tournament_id: int, player_id: int, actor) -> Player:
    """REG-ID: the clerk has seen the player's valid photo ID for today's start or restart."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update(of=("self",)).select_related("festival").get(pk=tournament_id)
        player = Player.objects.select_for_update().get(pk=player_id)
        player.id_checked_on = local_day(timezone.now(), tournament.festival.time_zone)
        player.save(update_fields=["id_checked_on"])
        events.append_event(tournament_id, "player.id_checked", actor=actor,
                            payload={"player": player_summary(player), "day": player.id_checked_on.isoformat()},
                            public=None)
    return player


def set_marketing_consent(tournament_id: int, player_id: int, granted: bool, actor) -> None:
    """The marketing opt-in is revocable: each change is a new row, the history stays."""
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament_id)
        player = Player.objects.get(pk=player_id)
        Consent.objects.create(player=player, kind=Consent.Kind.MARKETING, granted=granted, at=timezone.now(),
                               recorded_by=recorded_user(actor))
        events.append_event(tournament_id, "player.marketing_consent", actor=actor,
                            payload={"player": player_summary(player), "granted": granted}, public=None)


def find_players(query: str, limit: int = 20) -> list[Player]:
    """Search-as-you-type: by name (each word a prefix of first or last name), member number
    or ID number."""
    words = query.split()
    if not words:
        return []
    match = Q()
    for word in words:
        match &= Q(first_name__istartswith=word) | Q(last_name__istartswith=word)
    document = normalise_document_number(query)
    if document:
        match |= Q(id_document_number__startswith=document) | Q(membership__number__iexact=query.strip())
    return list(
        Player.objects.filter(match).select_related("membership").order_by(Upper("last_name"), Upper("first_name"))[:limit]
    )


def current_consents(player: Player) -> dict[str, bool]:
    latest = {}
    for consent in player.consents.all():  # newest first
        latest.setdefault(consent.kind, consent.granted)
    return latest
