"""The set-up page's house choices in the tournament's own ruleset (issue 24): CLK-LIMIT's
split of the time limit's chip-chop, SEAT-BREAK's altered breaking order and kentucky's seating
by cards, edited through the settings the page posts; a bad choice is a sentence."""

import pytest

from tests.helpers.api import client_for
from tournaments.models import Event, Tournament


@pytest.mark.django_db
def test_CLK_LIMIT_SEAT_BREAK_the_set_up_edits_the_time_limit_split_and_the_breaking_order_choice(
    make_tournament, staff
):
    tournament = make_tournament()
    Tournament.objects.filter(pk=tournament.pk).update(ruleset_preset="kentucky")
    client = client_for("director", staff)
    url = f"/api/tournaments/{tournament.id}/settings/"
    body = {"name": tournament.name, "ruleset_preset": "kentucky", "buy_in": 10_000, "fee": 1_000}
    same = {"time_limit_split": "rounded_percent", "alter_published_breaking_order": False, "seat_by_cards": True}
    unchanged = client.post(url, {**body, **same}, content_type="application/json")
    assert unchanged.status_code == 200 and not set(same) & set(unchanged.json()["changes"])
    tournament.refresh_from_db()
    assert tournament.ruleset == {}  # kentucky's sheet as shipped: no copy made

    refused = client.post(url, {**body, "time_limit_split": "thirds"}, content_type="application/json")
    assert refused.status_code == 409
    assert refused.json()["detail"] == "clock.time_limit_split must be one of: exact, rounded_percent."
    assert client.post(url, {**body, "seat_by_cards": "sometimes"}, content_type="application/json").status_code == 422

    changed = {"time_limit_split": "exact", "alter_published_breaking_order": True, "seat_by_cards": False}
    answer = client.post(url, {**body, **changed}, content_type="application/json")
    assert answer.status_code == 200, answer.json()
    assert {name: answer.json()["changes"][name] for name in changed} == changed
    tournament.refresh_from_db()
    rules = tournament.rules()
    assert rules.clock.time_limit_split == "exact"
    assert rules.seating.alter_published_breaking_order and not rules.seating.seat_by_cards
    assert rules.clock.time_limit_minutes == 360 and rules.entries.rebuy_chips == 2_000  # the rest stays kentucky's
    assert Event.objects.filter(tournament=tournament, kind="tournament.updated").exists()
    # CLK-LIMIT: the chip-chop now splits exactly, not by the sheet's rounded percentages.
    chop = client.post(
        f"/api/tournaments/{tournament.id}/chip-chop/",
        {"stacks": {"7": 400_000, "12": 250_000, "3": 100_000}, "prizes": [1_000_000, 400_000, 200_000]},
        content_type="application/json",
    ).json()["shares"]
    assert chop != {"7": 852_800, "12": 532_800, "3": 214_400} and sum(chop.values()) == 1_600_000
    assert chop["7"] in (853_333, 853_334)
