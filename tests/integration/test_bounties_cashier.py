"""The cashier's bounties (issue 23): each bounty won paid once and reversed with a reason, and
the close-outs' bounty lines exact to the cent (BNT-POOL: the bounty part is never the house's
nor the prize pool's)."""

import pytest
from django.test import Client

from tables.services.floor import player_out
from tests.helpers.bounties import assert_ledger, bounty_field

pytestmark = pytest.mark.django_db


def test_BNT_PKO_every_bounty_paid_at_the_cashier_and_the_close_outs_add_up(make_tournament, staff):
    tournament, seats = bounty_field(make_tournament, staff, 3, "progressive", 1_001, buy_in=10_000)
    a, b, c = sorted(seats)
    cashier = Client()
    cashier.force_login(staff["cashier"])
    base = f"/api/tournaments/{tournament.id}"
    player_out(tournament.id, 1, a, staff["floor"], eliminated_by=[b])
    assert_ledger(tournament)
    due = cashier.get(f"{base}/bounties/due/").json()
    assert [(row["entry"], row["cash"], row["paid"]) for row in due] == [(seats[b], 500, False)]
    first = cashier.post(f"{base}/bounties/{due[0]['id']}/pay/", {"method": "card"}, content_type="application/json")
    assert first.status_code == 200 and first.json()["amount"] == 500
    wrong = cashier.post(
        f"{base}/bounties/{due[0]['id']}/reverse/",
        {"reason": "paid to the wrong player"},
        content_type="application/json",
    )
    assert wrong.status_code == 200
    again = cashier.post(f"{base}/bounties/{due[0]['id']}/pay/", {"method": "cash"}, content_type="application/json")
    assert again.status_code == 200
    player_out(tournament.id, 1, c, staff["floor"], eliminated_by=[b])  # b wins: 1,001 + 501 + own
    assert assert_ledger(tournament)["won"] == 3_003
    for row in cashier.get(f"{base}/bounties/due/").json():
        if not row["paid"]:
            paid = cashier.post(
                f"{base}/bounties/{row['id']}/pay/", {"method": "cash"}, content_type="application/json"
            )
            assert paid.status_code == 200, paid.json()
    assert all(row["paid"] for row in cashier.get(f"{base}/bounties/due/").json())

    report = cashier.get(f"{base}/close-out/").json()
    assert report["totals"]["taken"] == 3 * (10_000 + 1_001 + 1_000) and report["totals"]["bounty"] == 3_003
    bounties = report["bounties"]
    assert bounties["totals"] == {"payments": 3, "paid": 3_003, "reversed": 1, "reversed_amount": 500}
    assert (bounties["pool"], bounties["won"], bounties["due"], bounties["on_heads"]) == (3_003, 3_003, 0, 0)
    by_method = {row["method"]: row["paid"] for row in bounties["rows"]}
    assert by_method == {"card": 0, "cash": 3_003}  # the card payment was reversed: on record, not paid
    assert report["net_after_prizes"] == report["totals"]["net"] - report["prizes"]["totals"]["paid"] - 3_003

    whole = cashier.get(f"/api/festivals/{tournament.festival_id}/close-out/").json()
    line = whole["events"][0]
    assert (line["taken"], line["to_pool"], line["to_bounty"], line["fees"]) == (36_003, 30_000, 3_003, 3_000)
    assert line["taken"] == line["to_pool"] + line["to_bounty"] + line["fees"]
    assert (line["bounties_paid"], line["bounties_due"]) == (3_003, 0)
    assert whole["bounties"]["totals"]["paid"] == 3_003 == whole["totals"]["bounties_paid"]
    assert whole["drawer"] == whole["desks"]["totals"]["net"] - whole["prizes"]["totals"]["paid"] - 3_003
    csv = cashier.get(f"/festivals/{tournament.festival_id}/close-out.csv").content.decode()
    assert "bounties_paid,3003,EUR" in csv
