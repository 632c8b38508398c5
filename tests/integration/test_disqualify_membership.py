"""REG-MEMBER with PAY-DQ: in a members' house (chips) a disqualification for collusion or chip
dumping may end the player's membership in the same ruling, logged with it; every desk of the
house then refuses the player's next entry with a sentence."""

from datetime import date

import pytest
from django.test import Client

from players.models import Membership
from players.services import desk as player_services
from rules.refusals import Invalid
from tournaments.models import Entry, Tournament
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk, rulings


@pytest.fixture
def chips_house(make_tournament):
    def make(preset="chips"):
        tournament = make_tournament()
        Tournament.objects.filter(pk=tournament.pk).update(
            ruleset_preset=preset, buy_in=50_000, fee=5_000, starting_stack=30_000
        )
        tournament.refresh_from_db()
        return tournament

    return make


def new_player(first, last, document, **more):
    return player_services.NewPlayer(
        first_name=first,
        last_name=last,
        date_of_birth=date(1990, 5, 17),
        id_document_type="passport",
        id_document_number=document,
        accepts_terms=True,
        id_checked=True,
        **more,
    )


def sale():
    return Sale(Kind.BUY_IN, "cash", "desk 1", "evening")


def member_in(tournament, number="C-200", document="M-2"):
    player = player_services.create_player(
        tournament.id,
        new_player(
            "Col", "Luder", document=document, membership_number=number, membership_fee_paid_until=date(2099, 1, 1)
        ),
        None,
    )
    return player, desk.register_entry(tournament.id, player.id, sale(), None)


@pytest.mark.django_db
def test_REG_MEMBER_PAY_DQ_collusion_ends_the_membership_and_the_desk_refuses_the_next_entry(chips_house, staff):
    tournament = chips_house()
    player, entry = member_in(tournament)
    with pytest.raises(Invalid, match="collusion or chip dumping only"):
        rulings.disqualify(
            tournament.id, entry.number, "soft play", staff["director"], chips=30_000, end_membership=True
        )
    with pytest.raises(Invalid, match="Count Col Luder's stack"):
        rulings.disqualify(tournament.id, entry.number, "soft play", staff["director"], grounds="collusion")
    rulings.disqualify(
        tournament.id,
        entry.number,
        "soft play with seat 4",
        staff["director"],
        chips=41_000,
        grounds="collusion",
        end_membership=True,
    )
    membership = Membership.objects.get(player=player)
    assert membership.ended_at is not None and membership.end_reason == "collusion: soft play with seat 4"
    logged = tournament.events.get(kind="player.disqualified").payload
    assert (logged["membership_ended"], logged["grounds"], logged["chips"]) == ("C-200", "collusion", 41_000)
    assert Entry.objects.get(pk=entry.pk).status == "disqualified"

    # The next event of the house: the desk refuses the player, and a visitor sale signed in
    # with the ended number is refused too (it is no full member's any more).
    later = chips_house()
    with pytest.raises(desk.EntryRefused, match="Membership C-200 was ended"):
        desk.register_entry(later.id, player.id, sale(), None)
    visitor = player_services.create_player(later.id, new_player("Vis", "Itor", document="V-9"), None)
    signed = Sale(
        Kind.BUY_IN, "cash", "desk 1", "evening", visitor_signed_in_by="C-200", sponsor_present=True, visitor_fee=500
    )
    with pytest.raises(desk.EntryRefused, match="signed in by a full member"):
        desk.register_entry(later.id, visitor.id, signed, None)


@pytest.mark.django_db
def test_REG_MEMBER_PAY_DQ_through_the_api_chip_dumping_and_a_house_without_memberships(chips_house, staff):
    director = Client()
    director.force_login(staff["director"])
    open_house = chips_house("pokerfest")
    _, entry = member_in(open_house, "P-1", "M-3")
    url = f"/api/tournaments/{open_house.id}/entries/{entry.number}/disqualify/"
    body = {"reason": "dumped chips", "chips": 10_000, "grounds": "chip_dumping", "end_membership": True}
    refused = director.post(url, body, content_type="application/json")
    assert refused.status_code == 422 and "no memberships" in refused.json()["detail"]
    assert Entry.objects.get(pk=entry.pk).status == "active"  # nothing changed

    club = chips_house()
    player, entry = member_in(club, "C-300", "M-4")
    url = f"/api/tournaments/{club.id}/entries/{entry.number}/disqualify/"
    done = director.post(url, body, content_type="application/json")
    assert done.status_code == 200, done.content
    assert Membership.objects.get(player=player).end_reason == "chip dumping: dumped chips"
