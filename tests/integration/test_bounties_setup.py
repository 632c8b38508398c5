"""Bounty events' set-up and sales (issue 23): the settings API, the desk's price and what each
sale puts into the bounty pool (BNT-POOL), flights selling with their main event's bounty."""

from datetime import date

import pytest
from django.test import Client

from players.services import desk as player_services
from rules.refusals import Refused
from tournaments.models import Entry, Tournament
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk, flights
from tournaments.services.setup import Settings, update_tournament


def _player(tournament, name):
    return player_services.create_player(
        tournament.id,
        player_services.NewPlayer(name, "Bounty", date(1980, 1, 1), accepts_terms=True, id_checked=True),
        None,
    )


def _settings(client, tournament, **changes):
    body = {"name": tournament.name, "buy_in": 10_000, "fee": 1_000, "starting_stack": 10_000, **changes}
    return client.post(f"/api/tournaments/{tournament.id}/settings/", body, content_type="application/json")


@pytest.mark.django_db
def test_BNT_POOL_the_settings_api_sets_a_bounty_event_and_the_desk_sells_its_three_parts(make_tournament, staff):
    tournament = make_tournament()
    director = Client()
    director.force_login(staff["director"])
    refused = _settings(director, tournament, bounty_format="progressive")
    assert refused.status_code == 409 and "bounty part" in refused.json()["detail"]
    assert _settings(director, tournament, bounty_format="none", bounty=500).status_code == 409
    assert _settings(director, tournament, bounty_format="jackpot", bounty=500).status_code == 409
    changed = _settings(director, tournament, bounty_format="progressive", bounty=5_000, bounty_cash_percent=40)
    assert changed.status_code == 200, changed.json()
    assert changed.json()["changes"]["bounty"] == 5_000
    tournament.refresh_from_db()
    assert (tournament.bounty_format, tournament.bounty, tournament.bounty_cash_percent) == ("progressive", 5_000, 40)

    desk_client = Client()
    desk_client.force_login(staff["desk"])
    player = _player(tournament, "Ann")
    prices = desk_client.get(f"/api/tournaments/{tournament.id}/players/{player.id}/check/").json()["prices"]
    assert prices["buy_in"] == {"pool": 10_000, "bounty": 5_000, "fee": 1_000, "price": 16_000, "voucher": False}
    assert prices["rebuy"]["bounty"] == 0
    entry = desk.register_entry(tournament.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    assert (entry.paid, entry.pool_part, entry.bounty_part, entry.head) == (16_000, 10_000, 5_000, 5_000)
    # Entries sold: the bounty is what they bought.
    assert _settings(director, tournament, bounty=6_000).status_code == 409
    assert _settings(director, tournament, bounty_cash_percent=50).status_code == 200
    voided = desk.void_entry(tournament.id, entry.number, "wrong player", staff["desk"])
    assert (voided.returned, voided.bounty_returned, voided.head) == (16_000, 5_000, 0)


@pytest.mark.django_db
def test_BNT_POOL_a_flight_copies_its_main_events_bounty_and_sells_with_it(make_tournament, staff):
    main = make_tournament(name="Main")
    Tournament.objects.filter(pk=main.pk).update(
        buy_in=20_000, fee=2_000, bounty_format="mystery", bounty=10_000, status=Tournament.Status.SCHEDULED
    )
    answer = flights.add_flight(main.id, "Day 1A", None, None, staff["director"])
    flight = Tournament.objects.get(pk=answer["flight"]["id"])
    assert (flight.bounty_format, flight.bounty, flight.bounty_cash_percent) == ("mystery", 10_000, 50)
    with pytest.raises(Refused, match="main event"):
        update_tournament(
            flight.id, Settings("Day 1A", "pokerfest", 20_000, 2_000, 10_000, bounty=5_000), staff["director"]
        )
    Tournament.objects.filter(pk=flight.pk).update(status=Tournament.Status.REGISTRATION)
    entry = desk.register_entry(flight.id, _player(flight, "Bo").id, Sale(Kind.BUY_IN, "card", "d", "s"), None)
    assert (entry.paid, entry.bounty_part, entry.head) == (32_000, 10_000, 0)  # mystery: no heads, envelopes
    assert Entry.objects.filter(tournament__main_event=main).count() == 1
