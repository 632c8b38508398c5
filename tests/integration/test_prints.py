"""Issue 26, "Print": the slips printed from the browser (move slips, payout receipts, the
chip-count sheet, the seat ticket) say the right things to the right staff, on the paper asked
for (?paper=, remembered by the device). Their PDF layout is tests/browser/test_prints.py."""

import pytest

from tables.models import Seating
from tables.services.breaking import break_next_table
from tables.services.counts import report_counts
from tables.services.draw import draw_field, open_tables
from tests.helpers.api import client_for
from tests.helpers.personas import PERSONAS
from tests.helpers.play import play_to_the_end
from tournaments.queries.payout_desk import prizes_to_pay
from tournaments.services.payout_desk import pay_prize

# 200: printed; 302: sent to sign in; 403: signed in without the role of the screen it comes from
MOVES = {"anonymous": 302, "director": 200, "floor": 200, "desk": 403, "cashier": 403, "media": 403, "superuser": 200}
RECEIPT = {"anonymous": 302, "director": 200, "floor": 403, "desk": 403, "cashier": 200, "media": 403, "superuser": 200}
COUNTS = {"anonymous": 302, "director": 200, "floor": 200, "desk": 403, "cashier": 403, "media": 200, "superuser": 200}


def broken_field(field, staff):
    """Six players at tables 1 and 2; table 2 (opened last) breaks into table 1."""
    tournament, entries = field(6, tables=2, buy_in=10_000)
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    assert break_next_table(tournament.id, staff["floor"], seed=1)["table"] == 2
    return tournament, entries


def seated(tournament):
    return {
        s.entry.number: (s.tournament_table.table.number, s.seat)
        for s in Seating.objects.filter(tournament=tournament, ended_at__isnull=True).select_related(
            "entry", "tournament_table__table"
        )
    }


@pytest.mark.django_db
@pytest.mark.parametrize("persona", PERSONAS)
def test_SEAT_BREAK_the_print_pages_by_persona(persona, field, staff):
    tournament, _ = broken_field(field, staff)
    client = client_for(persona, staff)
    base = f"/tournaments/{tournament.id}/print"
    moves = client.get(f"{base}/moves/?table=2")
    assert moves.status_code == MOVES[persona]
    counts = client.get(f"{base}/chip-counts/")
    assert counts.status_code == COUNTS[persona]
    receipt = client.get(f"{base}/receipts/1/")  # nothing paid: staff learn so, others learn nothing
    assert receipt.status_code == (422 if RECEIPT[persona] == 200 else RECEIPT[persona])
    for response in (moves, counts, receipt):
        if response.status_code == 302:
            assert "login" in response["Location"]
        if response.status_code == 403:
            assert "needs one of these roles" in response.content.decode()


@pytest.mark.django_db
def test_SEAT_BREAK_a_broken_tables_slip_and_one_players_slip_say_where_each_goes(field, staff):
    tournament, _ = broken_field(field, staff)
    now = seated(tournament)
    moved = Seating.objects.filter(tournament=tournament, ended_because="table broken").select_related("entry__player")
    floor = client_for("floor", staff)
    page = floor.get(f"/tournaments/{tournament.id}/print/moves/?table=2&paper=a4")
    text = page.content.decode()
    assert page.status_code == 200 and "print-a4" in text and "Table 2 is broken" in text
    assert page.cookies["paper"].value == "a4"  # the device remembers its paper
    assert text.count("data-slip") == moved.count() >= 1
    for sitting in moved:
        table, seat = now[sitting.entry.number]
        assert str(sitting.entry.player) in text
        assert f"To table {table}, seat {seat}" in text and f"From table 2, seat {sitting.seat}" in text

    one = moved.first()
    slip = floor.get(f"/tournaments/{tournament.id}/print/moves/?entry={one.entry.number}")
    text = slip.content.decode()
    assert "print-a4" in text  # the device's paper, as the cookie says
    assert text.count("data-slip") == 1 and str(one.entry.player) in text
    assert "To table {}, seat {}".format(*now[one.entry.number]) in text

    stayed = next(number for number in now if number not in {s.entry.number for s in moved})
    refused = floor.get(f"/tournaments/{tournament.id}/print/moves/?entry={stayed}&paper=80mm")
    assert refused.status_code == 422 and "has not been moved" in refused.content.decode()
    assert "<h1>Nothing to print</h1>" in refused.content.decode()  # not "Invalid input" (the walkthrough)
    assert "paper" not in refused.cookies
    assert floor.get(f"/tournaments/{tournament.id}/print/moves/?table=1").status_code == 422
    assert "Give a broken table" in floor.get(f"/tournaments/{tournament.id}/print/moves/").content.decode()


@pytest.mark.django_db
def test_CHIP_COUNT_the_sheet_lists_every_seat_with_its_last_count_and_a_receipt_names_the_prize(field, staff):
    tournament, _ = broken_field(field, staff)
    now = seated(tournament)
    seats = sorted(seat for table, seat in now.values() if table == 1)
    report_counts(tournament.id, 1, {str(seats[0]): 12_345}, staff["floor"])
    sheet = client_for("media", staff).get(f"/tournaments/{tournament.id}/print/chip-counts/")
    text = sheet.content.decode()
    assert sheet.status_code == 200 and "print-a4" in text  # A4 unless asked
    assert text.count("<tr><td>1</td>") == len(now) and "12,345" in text and "6 players seated" in text

    play_to_the_end(tournament, staff)
    [*_, winner] = prizes_to_pay(tournament)
    pay_prize(tournament.id, winner["entry"], "cash", staff["cashier"])
    receipt = client_for("cashier", staff).get(f"/tournaments/{tournament.id}/print/receipts/{winner['entry']}/")
    text = receipt.content.decode()
    assert receipt.status_code == 200 and "print-80mm" in text
    assert winner["name"] in text and f"#{winner['entry']}" in text and "Payout receipt" in text
    assert "cash" in text


@pytest.mark.django_db
def test_the_ticket_is_printed_on_the_paper_asked_for(field, staff):
    tournament, entries = field(1, tables=1)
    desk = client_for("desk", staff)
    url = f"/tournaments/{tournament.id}/entries/{entries[0].number}/ticket/"
    assert "print-80mm" in desk.get(url).content.decode()
    assert "print-a4" in desk.get(url + "?paper=a4").content.decode()
    assert "print-a4" in desk.get(url).content.decode()  # remembered
    assert "print-a4" in desk.get(url + "?paper=letter").content.decode()  # no such paper: the device's
