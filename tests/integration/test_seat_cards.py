"""kentucky's seating by cards (L21-28, L39-40) through the service and the API: SEAT-DRAW and
SEAT-FINAL as kentucky plays them. The floor enters each table's cards once after the draw and
at the final table; the seats follow, the high card kept in their seat on the button, the rest
to its left high card to low, logged; a card order that misses a player or names one card twice is refused
with a sentence and changes nothing."""

import pytest
from django.test import Client

from rules.refusals import Refused
from tables.models import Seating
from tables.queries.floor import floor_view
from tables.services.breaking import draw_final_table
from tables.services.draw import draw_field, open_tables
from tables.services.floor import hand_done
from tables.services.seat_cards import seat_by_cards
from tournaments.models import Tournament


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def seats_at(tournament, number):
    return dict(
        Seating.objects.filter(
            tournament=tournament, ended_at__isnull=True, tournament_table__table__number=number
        ).values_list("seat", "entry_id")
    )


def awaiting(tournament):
    return {table["number"]: table["awaiting_cards"] for table in floor_view(tournament.id)["tables"]}


@pytest.fixture
def kentucky_field(field):
    def make(players, tables):
        tournament, entries = field(players)
        Tournament.objects.filter(pk=tournament.pk).update(ruleset_preset="kentucky")
        tournament.refresh_from_db()
        open_tables(tournament.id, tables, None)
        draw_field(tournament.id, None, seed=7)
        return tournament, entries

    return make


@pytest.mark.django_db
def test_SEAT_DRAW_kentucky_the_floor_enters_the_cards_once_and_the_seats_follow_high_card_on_the_button(
    kentucky_field, staff
):
    tournament, _entries = kentucky_field(7, [1, 2])
    assert tournament.rules().seating.seat_by_cards  # the preset (kentucky L21-28)
    assert awaiting(tournament) == {1: True, 2: True}
    before = seats_at(tournament, 1)
    assert len(before) == 4
    s1, s2, s3, s4 = sorted(before)
    floor = signed_in(staff["floor"])
    url = f"/api/tournaments/{tournament.id}/tables/1/seat-cards/"

    def post(body, client=floor):
        return client.post(url, body, content_type="application/json")

    assert post({"cards": {s1: "As"}}, signed_in(staff["desk"])).status_code == 403
    # Refusals are sentences, and nothing moves.
    missing = post({"cards": {s1: "5c", s2: "Kh", s3: "Ks"}})
    assert missing.status_code == 409
    player = Seating.objects.get(entry_id=before[s4], ended_at__isnull=True).entry
    assert missing.json()["detail"] == (
        f"Seat {s4} (#{player.number} {player.player}) has no card: every player at the table draws one."
    )
    twice = post({"cards": {s1: "5c", s2: "Kh", s3: "K♥", s4: "2d"}})
    assert twice.status_code == 409
    assert twice.json()["detail"] == f"Seats {s2} and {s3} cannot both hold Kh: one deck has each card once."
    empty = next(seat for seat in range(1, 10) if seat not in before)
    stranger = post({"cards": {s1: "5c", s2: "Kh", s3: "Ks", s4: "2d", empty: "3c"}})
    assert stranger.json()["detail"] == f"Nobody sits in seat {empty} at this table."
    assert post({"cards": {s1: "5c", s2: "Kh", s3: "Ks", s4: "Zz"}}).json()["detail"].startswith(f'Seat {s4}: "Zz"')
    mixed = post({"cards": {s1: "5c", s2: "K", s3: "Ks", s4: "2d"}}).json()["detail"]
    assert mixed == f"Give every card with its suit, or every card as its rank alone: seat {s2} has no suit."
    assert seats_at(tournament, 1) == before

    # Ks > Kh (spades over hearts) > 5c > 2d: the Ks stays on the button, the rest to its left.
    seated = post({"cards": {s1: "5c", s2: "Kh", s3: "Ks", s4: "2d"}})
    assert seated.status_code == 200
    left = [(s3 - 1 + step) % 9 + 1 for step in range(4)]  # the dealer's seat, then clockwise
    assert seated.json() == {
        "table": 1,
        "seats": {str(left[0]): s3, str(left[1]): s2, str(left[2]): s1, str(left[3]): s4},
        "cards": {str(left[0]): "Ks", str(left[1]): "Kh", str(left[2]): "5c", str(left[3]): "2d"},
        "button": s3,
        "small_blind": left[1],
        "big_blind": left[2],
    }
    assert seats_at(tournament, 1) == {
        left[0]: before[s3],
        left[1]: before[s2],
        left[2]: before[s1],
        left[3]: before[s4],
    }
    here = tournament.tables.get(table__number=1)
    assert (here.button, here.small_blind, here.big_blind) == (s3, left[1], left[2])
    logged = tournament.events.get(kind="table.seated_by_cards")
    assert logged.public == seated.json() and logged.actor == staff["floor"]
    assert (
        logged.payload["players"][str(s3)]["entry"]
        == Seating.objects.get(entry_id=before[s3], seat=s3, ended_at=None).entry.number
    )
    assert awaiting(tournament) == {1: False, 2: True}
    # Once: the cards seat a table one time after its draw.
    again = post({"cards": {str(seat): card for seat, card in zip(left, ["As", "Kh", "5c", "2d"])}})
    assert again.status_code == 409 and again.json()["detail"].startswith("Table 1 is not waiting for its cards")

    # Ranks alone: the same rank goes to the first card dealt (from seat 1 clockwise).
    t1, t2, t3 = sorted(seats_at(tournament, 2))
    two = seats_at(tournament, 2)
    answer = seat_by_cards(tournament.id, 2, staff["floor"], cards={t1: "3", t2: "Q", t3: "Q"})
    after = [(t2 - 1 + step) % 9 + 1 for step in range(3)]
    assert answer["seats"] == {str(after[0]): t2, str(after[1]): t3, str(after[2]): t1} and answer["button"] == t2
    assert seats_at(tournament, 2) == {after[0]: two[t2], after[1]: two[t3], after[2]: two[t1]}
    hand = hand_done(tournament.id, 2, staff["floor"], hand=1)  # the first hand played: the button moves on
    assert hand["button"] == after[1]


@pytest.mark.django_db
def test_SEAT_FINAL_kentucky_the_final_table_is_seated_by_its_card_order_and_a_played_table_is_not(
    kentucky_field, staff
):
    tournament, _entries = kentucky_field(7, [1, 2])
    hand_done(tournament.id, 1, staff["floor"], hand=1)
    assert awaiting(tournament) == {1: False, 2: True}  # a hand played: the draw's seats stand there
    with pytest.raises(Refused, match="Table 1 is not waiting for its cards"):
        seat_by_cards(tournament.id, 1, staff["floor"], order=sorted(seats_at(tournament, 1)))
    final = draw_final_table(tournament.id, staff["director"], seed=3)
    assert awaiting(tournament) == {final["table"]: True}
    before = seats_at(tournament, final["table"])
    order = sorted(before, reverse=True)  # the floor gives the order, high card first
    with pytest.raises(Refused, match="Seat .* is named twice in the card order"):
        seat_by_cards(tournament.id, final["table"], staff["floor"], order=order + order[:1])
    answer = seat_by_cards(tournament.id, final["table"], staff["floor"], order=order)
    left = [(order[0] - 1 + step) % 9 + 1 for step in range(len(order))]
    assert seats_at(tournament, final["table"]) == {new: before[old] for new, old in zip(left, order)}
    assert (answer["button"], answer["small_blind"], answer["big_blind"]) == tuple(left[:3])
    assert "cards" not in answer
    assert awaiting(tournament) == {final["table"]: False}


@pytest.mark.django_db
def test_SEAT_DRAW_a_house_that_does_not_seat_by_cards_keeps_the_draws_seats(field, staff):
    tournament, _entries = field(4)
    open_tables(tournament.id, [1], None)
    draw_field(tournament.id, None, seed=1)
    assert awaiting(tournament) == {1: False}
    with pytest.raises(Refused, match=r"The house rules \(pokerfest\) do not seat by cards"):
        seat_by_cards(tournament.id, 1, staff["floor"], order=sorted(seats_at(tournament, 1)))
