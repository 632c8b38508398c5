"""The chips club's rulebook to the letter (issue 24): the rebuy the desk sells (ENT-REBUY)."""

from datetime import date

import pytest
from django.test import Client

from clock.services import level_clock
from players.services import desk as player_services
from tournaments.models import Festival, Tournament
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk
from tournaments.services.setup import Settings, create_tournament


def _director(staff) -> Client:
    client = Client()
    client.force_login(staff["director"])
    return client


def _member(tournament, name):
    return player_services.create_player(
        tournament.id,
        player_services.NewPlayer(
            name,
            "Club",
            date(1980, 1, 1),
            accepts_terms=True,
            id_checked=True,
            membership_number=f"C-{name}",
            membership_fee_paid_until=date(2099, 1, 1),
        ),
        None,
    )


def _sale(kind=Kind.BUY_IN):
    return Sale(kind=kind, method="cash", desk="desk 1", shift="evening")


@pytest.fixture
def chips_event(db, staff):
    festival = Festival.objects.create(name="Club Series", venue="Chips Club", currency="GBP")
    tournament = create_tournament(
        festival.id,
        Settings(name="Monday Rebuy", ruleset_preset="chips", buy_in=2_000, fee=500, starting_stack=5_000),
        None,
        staff["director"],
        speed="standard",
    )
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.REGISTRATION)
    tournament.refresh_from_db()
    return tournament


@pytest.mark.django_db
def test_ENT_REBUY_chips_the_tournament_carries_a_rebuy_and_the_desk_sells_it(chips_event, staff):
    """ENT-REBUY: the chips rulebook leaves the price to the TD; the new event's ruleset carries a
    starting stack for the prize-pool part of an entry, and the desk sells exactly that."""
    rules = chips_event.rules().entries
    assert (rules.rebuy, rules.rebuy_price, rules.rebuy_chips, rules.rebuy_minutes) == (True, 2_000, 5_000, 50)
    player = _member(chips_event, "Ann")
    desk.register_entry(chips_event.id, player.id, _sale(), None)
    level_clock.start_clock(chips_event.id, staff["director"])
    rebuy = desk.register_entry(chips_event.id, player.id, _sale(Kind.REBUY), None)
    assert (rebuy.chips, rebuy.paid, rebuy.pool_part, rebuy.fee_part) == (5_000, 2_000, 2_000, 0)


@pytest.mark.django_db
def test_ENT_REBUY_the_set_up_edits_the_rebuy_and_the_desk_refuses_one_without_price_or_chips(chips_event, staff):
    """ENT-REBUY: the set-up API sets the rebuy's price and chips; a rebuy with no price or no
    chips is refused at the desk (service and API) with a sentence, and nothing is sold."""
    director = _director(staff)
    settings = f"/api/tournaments/{chips_event.id}/settings/"
    body = {"name": chips_event.name, "ruleset_preset": "chips", "buy_in": 2_000, "fee": 500, "starting_stack": 5_000}
    rebuy = {"rebuy_price": 2_500, "rebuy_chips": 6_000}
    changed = director.post(settings, {**body, **rebuy}, content_type="application/json")
    assert changed.status_code == 200, changed.json()
    assert changed.json()["changes"] == {"rebuy": {"price": 2_500, "chips": 6_000}}
    chips_event.refresh_from_db()
    assert (chips_event.rules().entries.rebuy_price, chips_event.rules().entries.rebuy_chips) == (2_500, 6_000)

    free = director.post(settings, {**body, "rebuy_price": 0}, content_type="application/json")
    assert free.status_code == 200, free.json()
    player = _member(chips_event, "Bea")
    desk.register_entry(chips_event.id, player.id, _sale(), None)
    level_clock.start_clock(chips_event.id, staff["director"])
    with pytest.raises(desk.EntryRefused, match="rebuy has no price or no chips"):
        desk.register_entry(chips_event.id, player.id, _sale(Kind.REBUY), None)
    clerk = Client()
    clerk.force_login(staff["desk"])
    answer = clerk.post(
        f"/api/tournaments/{chips_event.id}/entries/",
        {"player_id": player.id, "kind": "rebuy", "method": "cash", "desk": "desk 1", "shift": "evening"},
        content_type="application/json",
    )
    assert answer.status_code == 409
    assert "the director sets both on the set-up page" in answer.json()["detail"]
    assert chips_event.entries.filter(kind=Kind.REBUY).count() == 0
