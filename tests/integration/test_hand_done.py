"""Issue 12, item 9: "Hand done" names the hand the tablet showed, so two tablets confirming
one hand move the button once (BTN-DEAD), against PostgreSQL."""

import threading

import pytest
from django.db import connection
from django.test import Client

from rules.refusals import Refused
from tables.queries.floor import floor_view
from tables.services.draw import draw_field, open_tables
from tables.services.floor import hand_done, player_out
from tournaments.models import Elimination


def seated_table(field, staff, players=9):
    tournament, _ = field(players, tables=1)
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    return tournament


def positions(tournament):
    table = tournament.tables.get()
    return table.hands_dealt, table.button, table.small_blind, table.big_blind


def hand_of(tournament) -> int:
    return floor_view(tournament.id)["tables"][0]["hand"]


@pytest.mark.django_db
def test_BTN_DEAD_a_second_confirmation_of_a_hand_moves_nothing_and_the_next_hand_moves_the_button(field, staff):
    tournament = seated_table(field, staff)
    assert hand_of(tournament) == 1  # the first hand is being played
    done = hand_done(tournament.id, 1, staff["floor"], hand=1)
    assert done["hand"] == 2 and not done["already_done"] and hand_of(tournament) == 2
    after_one = positions(tournament)
    events = tournament.events.count()

    again = hand_done(tournament.id, 1, staff["floor"], hand=1)  # the other tablet, still on hand 1
    assert again == {**done, "already_done": True}  # the table as it is: hand 2, the same positions
    assert positions(tournament) == after_one and tournament.events.count() == events  # nothing moved, no event

    following = hand_done(tournament.id, 1, staff["floor"], hand=2)  # the next hand moves the button as usual
    assert following["hand"] == 3 and not following["already_done"]
    assert positions(tournament)[0] == 2 and following["button"] == after_one[2]  # the button moves one on
    assert tournament.events.filter(kind="hand.done").count() == 2
    assert list(tournament.events.filter(kind="hand.done").values_list("public__hand", flat=True)) == [2, 3]


@pytest.mark.django_db
def test_BTN_DEAD_a_hand_neither_current_nor_just_done_is_refused_and_changes_nothing(field, staff):
    tournament = seated_table(field, staff)
    for hand in (1, 2):
        hand_done(tournament.id, 1, staff["floor"], hand=hand)
    before, events = positions(tournament), tournament.events.count()
    for stale in (1, 4, 0):  # far behind, ahead, nonsense
        with pytest.raises(Refused) as refused:
            hand_done(tournament.id, 1, staff["floor"], hand=stale)
        assert str(refused.value) == f"Hand {stale} is not table 1's current hand (3): refresh."
    assert positions(tournament) == before and tournament.events.count() == events
    fresh = seated_table(field, staff)
    with pytest.raises(Refused, match=r"^Hand 0 is not table 1's current hand \(1\)"):  # no hand 0 was played
        hand_done(fresh.id, 1, staff["floor"], hand=0)


@pytest.mark.django_db(transaction=True)
def test_BTN_DEAD_two_tablets_confirming_one_hand_at_the_same_moment_move_the_button_once(field, staff):
    tournament = seated_table(field, staff)
    start, answers, errors = threading.Barrier(2), [], []

    def tablet():
        try:
            start.wait()
            answers.append(hand_done(tournament.id, 1, staff["floor"], hand=1))
        except Exception as error:  # noqa: BLE001 - reported by the assertion below
            errors.append(error)
        finally:
            connection.close()

    tablets = [threading.Thread(target=tablet) for _ in range(2)]
    for thread in tablets:
        thread.start()
    for thread in tablets:
        thread.join()
    assert errors == []
    assert sorted(answer["already_done"] for answer in answers) == [False, True]
    assert answers[0]["button"] == answers[1]["button"] and {a["hand"] for a in answers} == {2}
    assert tournament.tables.get().hands_dealt == 1 and tournament.events.filter(kind="hand.done").count() == 1


@pytest.mark.django_db
def test_the_hand_done_api_takes_the_tablets_hand_and_answers_a_stale_one_with_a_sentence(field, staff):
    tournament = seated_table(field, staff)
    floor, base = Client(), f"/api/tournaments/{tournament.id}"
    floor.force_login(staff["floor"])

    def tap(hand, **headers):
        return floor.post(f"{base}/tables/1/hand-done/", {"hand": hand}, content_type="application/json", **headers)

    assert floor.get(f"{base}/tables/").json()["tables"][0]["hand"] == 1
    first = tap(1)
    assert first.status_code == 200 and first.json()["hand"] == 2 and not first.json()["already_done"]
    second = tap(1)  # the second tablet
    assert second.status_code == 200 and second.json() == {**first.json(), "already_done": True}
    assert floor.get(f"{base}/tables/").json()["tables"][0]["hand"] == 2
    tap(2)
    stale = tap(1)
    assert stale.status_code == 409 and stale.json()["detail"] == "Hand 1 is not table 1's current hand (3): refresh."
    missing = floor.post(f"{base}/tables/1/hand-done/", {}, content_type="application/json")
    assert missing.status_code == 422 and "hand" in missing.json()["detail"]
    keyed = tap(3, HTTP_IDEMPOTENCY_KEY="tap-9")
    assert tap(3, HTTP_IDEMPOTENCY_KEY="tap-9").json() == keyed.json()  # a retried request: answered as before
    assert tournament.events.filter(kind="hand.done").count() == 3


@pytest.mark.django_db
def test_ELIM_SAMETABLE_a_new_hand_bust_from_a_tablet_behind_does_not_count_the_hand_done_elsewhere(field, staff):
    """The bust's "a new hand" records the hand done first, unless another tablet tapped it."""
    tournament = seated_table(field, staff)
    seats = sorted(tournament.seatings.filter(ended_at__isnull=True).values_list("seat", flat=True))
    player_out(tournament.id, 1, seats[0], staff["floor"])  # in hand 1
    hand_done(tournament.id, 1, staff["floor"], hand=1)  # the other tablet: hand 2 begins
    before = positions(tournament)
    player_out(tournament.id, 1, seats[1], staff["floor"], new_hand=True, hand=1)  # this tablet still shows hand 1
    assert positions(tournament) == before and tournament.events.filter(kind="hand.done").count() == 1
    assert Elimination.objects.get(entry__seatings__seat=seats[1], tournament=tournament).hand == 1  # hand 2's bust
    player_out(tournament.id, 1, seats[2], staff["floor"], new_hand=True, hand=2)  # a new hand indeed: counted
    assert positions(tournament)[0] == 2 and tournament.events.filter(kind="hand.done").count() == 2
    with pytest.raises(Refused, match=r"^Hand 1 is not table 1's current hand \(3\): refresh\.$"):
        player_out(tournament.id, 1, seats[3], staff["floor"], new_hand=True, hand=1)
    assert tournament.seatings.get(seat=seats[3], ended_at__isnull=True)  # still seated: nothing recorded
