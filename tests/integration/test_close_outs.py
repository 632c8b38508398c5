"""The close-outs on PostgreSQL (issue 22): a main event's close-out counts its flights' desks,
and the festival's counts every desk and payout desk of every event and flight, each event's
fees against its pool, and a satellite's seats once (cash at the satellite, a seat in the event
it feeds). Money in minor units, exact."""

import csv
import io
from datetime import date

import pytest

from players.services import desk as player_services
from tables.services.day_two import draw_day_two, open_day_two_tables
from tables.services.draw import draw_field, open_tables
from tests.helpers.api import client_for
from tests.helpers.flight_field import bag_and_close, two_flights
from tests.helpers.pages import act
from tests.helpers.play import play_to_the_end
from tournaments.models import Entry, Tournament, WonSeat
from tournaments.queries.close_out import close_out
from tournaments.queries.entries import Sale
from tournaments.queries.festival_close_out import festival_close_out
from tournaments.rules.entries import Kind
from tournaments.services import desk
from tournaments.services.flights import add_flight


def new_player(tournament, name):
    return player_services.create_player(
        tournament.id,
        player_services.NewPlayer(
            name,
            "Cash",
            date(1980, 1, 1),
            id_document_type="passport",
            id_document_number=f"P{name}",
            accepts_terms=True,
            id_checked=True,
        ),
        None,
    )


@pytest.fixture
def festival(field, staff):
    """A satellite of 7 entries at 100 (pool 700) for a main event at 200 + 20 played in two
    flights: the satellite is played out (three seats, 40 in cash to 4th)."""
    satellite, _ = field(7, tables=1, buy_in=100)
    main = Tournament.objects.create(
        festival=satellite.festival, name="Main Event", buy_in=200, fee=20, status=Tournament.Status.REGISTRATION
    )
    Tournament.objects.filter(pk=satellite.pk).update(satellite_for=main, name="Satellite")
    satellite.refresh_from_db()
    flights = [
        Tournament.objects.get(pk=add_flight(main.id, name, None, None, staff["director"])["flight"]["id"])
        for name in ("Day 1A", "Day 1B")
    ]
    Tournament.objects.filter(pk__in=[f.pk for f in flights]).update(status=Tournament.Status.REGISTRATION)
    open_tables(satellite.id, [1], staff["director"])
    draw_field(satellite.id, staff["director"], seed=3)
    play_to_the_end(satellite, staff)
    return satellite, main, flights


def sale(kind=Kind.BUY_IN, method="cash", desk_name="desk 1", **more):
    return Sale(kind=kind, method=method, desk=desk_name, shift="Sat", **more)


@pytest.mark.django_db
def test_a_main_event_s_close_out_counts_its_flights_and_the_festival_s_counts_every_desk_once(festival, staff):
    satellite, main, (day_1a, day_1b) = festival
    cashier = client_for("cashier", staff)
    [fourth] = cashier.get(f"/api/tournaments/{satellite.id}/prizes/").json()
    paid = cashier.post(
        f"/api/tournaments/{satellite.id}/entries/{fourth['entry']}/pay-prize/",
        {"method": "cash"},
        content_type="application/json",
    )
    assert paid.status_code == 200, paid.content
    for name in ("Ann", "Bob"):
        desk.register_entry(day_1a.id, new_player(main, name).id, sale(), None)
    desk.register_entry(day_1b.id, new_player(main, "Cy").id, sale(method="card", desk_name="desk 2"), None)
    voucher = WonSeat.objects.filter(won_with__tournament=satellite).select_related("player").first()
    desk.register_entry(
        day_1b.id, voucher.player_id, sale(Kind.SATELLITE, "won", "desk 2", won_seat_code=voucher.code), None
    )

    # The main event's own close-out: the flights' takings, a line each, never a negative drawer.
    report = close_out(main.id)
    assert [(e["name"], e["sales"], e["net"]) for e in report["events"]] == [
        ("Main Event", 0, 0),
        ("Day 1A", 2, 440),
        ("Day 1B", 2, 220),
    ]
    assert [(r["event"], r["desk"], r["method"], r["net"]) for r in report["rows"]] == [
        ("Day 1A", "desk 1", "cash", 440),
        ("Day 1B", "desk 2", "card", 220),
        ("Day 1B", "desk 2", "won", 0),
    ]
    assert report["totals"]["net"] == 660 == report["net_after_prizes"]
    assert close_out(day_1a.id)["main_event"] == {"id": main.id, "name": "Main Event"}
    api = client_for("desk", staff).get(f"/api/tournaments/{main.id}/close-out/")
    assert api.status_code == 200 and api.json()["totals"]["net"] == 660

    # The festival: the satellite's 700 in cash, the main event's 660 and the won seat's 220
    # counted once, as a seat the satellite's pool paid for.
    whole = festival_close_out(main.festival_id)
    by_name = {line["name"]: line for line in whole["events"]}
    sat, me = by_name["Satellite"], by_name["Main Event"]
    assert (sat["taken"], sat["fees"], sat["to_pool"], sat["pool"]) == (700, 0, 700, 700)
    assert (sat["seats_awarded"], sat["seat_price"], sat["seats_value"], sat["seats_used"]) == (3, 220, 660, 1)
    assert (sat["prizes_paid"], sat["still_to_pay"]) == (40, 0)
    assert sat["feeds"] == {"id": main.id, "name": "Main Event"}
    assert (me["entries"], me["won_entries"], me["taken"], me["fees"], me["to_pool"]) == (4, 1, 660, 60, 600)
    assert (me["from_seats"], me["pool"], me["prizes_paid"], me["still_to_pay"]) == (200, 800, 0, 800)
    assert me["fed_by"] == [{"id": satellite.id, "name": "Satellite"}]
    assert [(f["name"], f["net"]) for f in me["flights"]] == [("Day 1A", 440), ("Day 1B", 220)]
    assert whole["totals"]["taken"] == 1_360 == whole["desks"]["totals"]["net"]
    assert whole["totals"]["fees"] + whole["totals"]["to_pool"] == whole["totals"]["taken"]
    assert whole["prizes"]["totals"]["paid"] == 40 == whole["totals"]["prizes_paid"]
    assert whole["bounties"]["totals"]["paid"] == 0 == whole["totals"]["bounties_paid"]
    assert whole["drawer"] == 1_320
    assert {row["event"] for row in whole["desks"]["rows"]} == {"Satellite", "Day 1A", "Day 1B"}

    answer = client_for("cashier", staff).get(f"/api/festivals/{main.festival_id}/close-out/")
    assert answer.status_code == 200 and answer.json()["drawer"] == 1_320
    download = client_for("director", staff).get(f"/festivals/{main.festival_id}/close-out.csv")
    assert download["Content-Type"] == "text/csv"
    lines = list(csv.reader(io.StringIO(download.content.decode())))
    assert ["drawer", "1320", "EUR"] in lines
    assert any(line[:3] == ["desk", "Day 1A", "desk 1"] and line[-2:] == ["440", "EUR"] for line in lines)
    page = client_for("desk", staff).get(f"/festivals/{main.festival_id}/close-out/").content.decode()
    assert "13.20 EUR" in page and "satellite for Main Event" in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("persona", "status"),
    [("anonymous", 401), ("floor", 403), ("media", 403), ("desk", 200), ("cashier", 200), ("director", 200)],
)
def test_the_festival_s_close_out_is_the_cashier_s_report(persona, status, make_tournament, staff):
    tournament = make_tournament()
    assert client_for(persona, staff).get(f"/api/festivals/{tournament.festival_id}/close-out/").status_code == status
    page = client_for(persona, staff).get(f"/festivals/{tournament.festival_id}/close-out/")
    assert page.status_code == {401: 302}.get(status, status)
    if status == 200:
        assert client_for(persona, staff).get("/api/festivals/424242/close-out/").status_code == 404


@pytest.mark.django_db(transaction=True)
def test_a_day_two_entry_made_from_a_bag_is_not_a_sale_in_either_close_out(make_tournament, staff):
    """The bags carried to Day 2 become Day 2 entries; the close-outs count the ten
    entries sold at the flights' desks, not the nine Day 2 qualifications on top (19)."""
    main, _a, b = two_flights(make_tournament, staff)
    bag_and_close(b, 2, staff)
    act(open_day_two_tables, main.id, "3", staff["director"])
    act(draw_day_two, main.id, staff["director"], seed=1)
    assert main.entries.filter(kind=Entry.Kind.DAY_TWO).count() == 9
    mine = close_out(main.id)
    assert mine["totals"]["sales"] == 10
    assert [(event["name"], event["sales"]) for event in mine["events"]] == [
        ("Main Event", 0),
        ("Day 1A", 4),
        ("Day 1B", 6),
    ]
    assert festival_close_out(main.festival_id)["desks"]["totals"]["sales"] == 10
