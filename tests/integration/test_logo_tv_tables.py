"""PF-LOGO-TV and PF-LOGO-SIZE at the TV table, through the seating services: the draw, a
move, a table break and the final table log what the logos there break, and the director
resolves a TV table's breach as the field's cap is resolved."""

import random
from decimal import Decimal

import pytest

from players.models import Company, LogoDeclaration
from players.queries.logos import compliance_report
from players.services import logos as compliance
from tables.models import Seating, SeatPin, Table
from tables.rules.high_card import high_card
from tables.services.breaking import break_next_table, draw_final_table
from tables.services.draw import draw_field, open_tables
from tables.services.floor import move_by_hand, player_out
from tests.helpers.day_two import (
    bag_the_rest_and_close,
    draw_day_two_at,
    end_the_day,
    main_event_with_a_flight,
)


@pytest.fixture
def companies(db):
    return {
        "headline": Company.objects.create(name="pokerfest", status="headline"),
        "approved": Company.objects.create(name="BetCo", status="approved"),
    }


def wear(tournament, entry, company, placement="breast", w="3", h="4", proof=""):
    return compliance.declare_logo(
        tournament.id, entry.number, company.id, placement, Decimal(w), Decimal(h), None, proof
    )


def pin(tournament, entry, table, seat):
    venue = Table.objects.get(festival=tournament.festival, number=table)
    SeatPin.objects.create(tournament=tournament, entry=entry, table=venue, seat=seat, reason="TV")


def tv_checks(tournament):
    return [e.payload for e in tournament.events.filter(kind="logo.tv_checked").order_by("seq")]


def empty_seat(table):
    taken = Seating.objects.filter(tournament_table__table__number=table, ended_at__isnull=True)
    return next(s for s in range(1, 10) if not taken.filter(seat=s).exists())


def table_of(entry):
    return Seating.objects.get(entry=entry, ended_at__isnull=True).tournament_table.table.number


@pytest.mark.django_db
def test_PF_LOGO_TV_the_draw_logs_three_of_a_company_at_the_tv_table_and_a_high_card_draw_keeps_two(
    field, staff, companies
):
    tournament, entries = field(30, tables=4)  # 10% of 30: three may wear BetCo in the field
    Table.objects.filter(festival=tournament.festival, number=4).update(is_tv=True)
    for seat, entry in enumerate(entries[:3], start=1):
        wear(tournament, entry, companies["approved"])
        pin(tournament, entry, 4, seat)
    wear(tournament, entries[3], companies["headline"])  # exempt
    pin(tournament, entries[3], 4, 4)
    open_tables(tournament.id, [1, 2, 3, 4], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)

    [check] = tv_checks(tournament)
    [breach] = check["tables"][0]["breaches"]
    assert check["how"] == "draw" and check["tables"][0]["table"] == 4
    assert (breach["rule"], breach["company"], breach["allowed"], [w["entry"] for w in breach["wearers"]]) == (
        "PF-LOGO-TV",
        "BetCo",
        2,
        [1, 2, 3],
    )
    report = compliance_report(tournament.id)
    assert report["breaches"] == []  # within the field's cap, over the TV table's
    assert [(b["table"], b["company"], b["must_remove"]) for b in report["tv_breaches"]] == [(4, "BetCo", 1)]

    with pytest.raises(Exception, match=r"Choose exactly 2 of the entries wearing BetCo: #1, #2, #3"):
        compliance.resolve_cap(tournament.id, companies["approved"].id, staff["director"], keep=[1], table=4)
    resolution = compliance.resolve_cap(tournament.id, companies["approved"].id, staff["director"], seed=7, table=4)
    replay = high_card([1, 2, 3], random.Random(7))
    assert resolution.rule == "PF-LOGO-TV" and resolution.kept == sorted(replay.order[:2])
    removed = LogoDeclaration.objects.get(removed_at__isnull=False)
    assert removed.entry.number == replay.order[2] and removed.removed_because.startswith("PF-LOGO-TV")
    assert compliance_report(tournament.id)["tv_breaches"] == []
    assert tournament.events.get(kind="logo.cap_resolved").payload["table"] == 4
    with pytest.raises(Exception, match="within the cap at TV table 4"):
        compliance.resolve_cap(tournament.id, companies["approved"].id, staff["director"], table=4)


@pytest.mark.django_db
def test_PF_LOGO_TV_and_PF_LOGO_SIZE_a_move_to_the_tv_table_is_checked_and_the_filmed_sizes_apply_there(
    field, staff, companies
):
    tournament, entries = field(20, tables=3)
    Table.objects.filter(festival=tournament.festival, number=3).update(is_tv=True)
    for seat, entry in enumerate(entries[:2], start=1):
        wear(tournament, entry, companies["approved"])
        pin(tournament, entry, 3, seat)
    wear(tournament, entries[2], companies["approved"], w="7", h="10")  # 70 cm²: fine off camera
    pin(tournament, entries[2], 1, 1)
    open_tables(tournament.id, [1, 2, 3], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    assert tv_checks(tournament) == []  # two of BetCo at the TV table: within its cap
    assert compliance_report(tournament.id)["violations"] == []

    empty = empty_seat(3)
    move_by_hand(tournament.id, 1, 1, 3, empty, "TV table needs a player", staff["floor"])

    [check] = tv_checks(tournament)
    assert check["how"] == "move" and [b["company"] for b in check["tables"][0]["breaches"]] == ["BetCo"]
    assert [(v["rule"], v["entry"]) for v in check["tables"][0]["violations"]] == [("PF-LOGO-SIZE", 3)]
    violations = compliance_report(tournament.id)["violations"]
    assert [(v["rule"], v["entry"]) for v in violations] == [("PF-LOGO-SIZE", 3)]
    assert "larger than 4 × 5 cm while filmed" in violations[0]["message"]
    # Off the TV table again, the normal sizes apply.
    free = empty_seat(1)
    move_by_hand(tournament.id, 3, empty, 1, free, "back to the outer tables", staff["floor"])
    assert compliance_report(tournament.id)["violations"] == []


@pytest.mark.django_db
def test_PF_LOGO_TV_a_table_break_that_seats_a_third_wearer_at_the_tv_table_is_logged(field, staff, companies):
    tournament, entries = field(12, tables=3)
    Table.objects.filter(festival=tournament.festival, number=2).update(seats=4)  # full: table 1 breaks to 3
    Table.objects.filter(festival=tournament.festival, number=3).update(is_tv=True)
    for entry, (table, seat) in zip(entries[:3], [(3, 1), (3, 2), (1, 1)], strict=True):
        wear(tournament, entry, companies["approved"])
        pin(tournament, entry, table, seat)
    open_tables(tournament.id, [3, 2, 1], staff["director"])  # the last opened breaks first
    draw_field(tournament.id, staff["director"], seed=3)
    assert tv_checks(tournament) == []
    assert break_next_table(tournament.id, staff["floor"], seed=1)["table"] == 1
    assert table_of(entries[2]) == 3

    [check] = tv_checks(tournament)
    assert check["how"] == "break"
    assert [(b["table"], b["company"], len(b["wearers"])) for b in check["tables"][0]["breaches"]] == [(3, "BetCo", 3)]


@pytest.mark.django_db
def test_PF_LOGO_TV_the_final_table_is_checked_and_a_player_who_starts_it_logo_free_stays_so(field, staff, companies):
    tournament, entries = field(12, tables=2)
    Table.objects.filter(festival=tournament.festival, number=2).update(is_tv=True)
    for entry in entries[:3]:
        wear(tournament, entry, companies["approved"])
    for i, entry in enumerate(entries[:3]):
        pin(tournament, entry, 1, i + 1)  # the wearers start away from the TV table
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    assert tv_checks(tournament) == []
    for entry in entries[9:]:
        seating = Seating.objects.get(entry=entry, ended_at__isnull=True)
        player_out(tournament.id, seating.tournament_table.table.number, seating.seat, staff["floor"])
    assert draw_final_table(tournament.id, staff["director"], seed=4)["table"] == 2

    [check] = tv_checks(tournament)
    assert check["how"] == "final table"
    assert [(b["company"], [w["entry"] for w in b["wearers"]]) for b in check["tables"][0]["breaches"]] == [
        ("BetCo", [1, 2, 3])
    ]
    at_final = sorted(s.entry.number for s in Seating.objects.filter(tournament=tournament, ended_at__isnull=True))
    assert check["logo_free"] == at_final[3:] and len(at_final) == 9
    # A logo-free starter may not put one on later, even with proof of a sponsorship.
    starter = next(e for e in entries if e.number == at_final[3])
    _declaration, found = wear(tournament, starter, companies["approved"], proof="letter of 1 Dec")
    assert [v.rule for v in found] == ["PF-LOGO-TV"]
    assert "must stay logo-free" in found[0].message
    report = compliance_report(tournament.id)["violations"]
    assert ("PF-LOGO-TV", starter.number) in [(v["rule"], v["entry"]) for v in report]
    # A player who started it wearing one may keep wearing it (within the sizes).
    _declaration, found = wear(tournament, entries[0], companies["headline"], placement="sleeve")
    assert found == []


@pytest.mark.django_db(transaction=True)
def test_PF_LOGO_TV_SEAT_COLLECT_day_two_carries_the_flights_logos_to_its_tv_table_and_collects_seat_cards(
    make_tournament, staff, companies
):
    """Day 2's draw is a draw: the logos declared in a flight are worn on Day 2, checked at its
    TV table, and (pokerfest) the seat cards are collected before the stacks go into play."""
    main, flight = main_event_with_a_flight(make_tournament, staff, players=6)
    wearers = list(flight.entries.order_by("number")[:3])
    for entry in wearers:
        wear(flight, entry, companies["approved"])
    end_the_day(flight)
    bag_the_rest_and_close(flight, staff)
    Table.objects.filter(festival=main.festival, number=2).update(is_tv=True)
    draw_day_two_at(main, staff, [2])  # the whole Day 2 field at the TV table

    carried = LogoDeclaration.objects.filter(entry__tournament=main, removed_at__isnull=True)
    assert sorted(carried.values_list("entry__player_id", flat=True)) == sorted(e.player_id for e in wearers)
    [check] = tv_checks(main)
    [breach] = check["tables"][0]["breaches"]
    assert (check["how"], check["tables"][0]["table"], breach["rule"], breach["company"]) == (
        "draw",
        2,
        "PF-LOGO-TV",
        "BetCo",
    )
    assert len(breach["wearers"]) == 3
    assert main.events.get(kind="day_two.drawn").payload["logos_carried"] == 3
    day_two = Seating.objects.filter(tournament=main, ended_at__isnull=True)
    assert day_two.count() == 6 and not day_two.filter(to_collect=False).exists()
