"""Issue 12, item 10: a venue table is open in one tournament at a time. The service refuses
with a sentence; a partial unique index in PostgreSQL is the backstop for races."""

import importlib
import threading
from datetime import date

import pytest
from django.apps import apps
from django.db import IntegrityError, connection, transaction
from django.test import Client

from players.services import desk as player_services
from rules.refusals import Refused
from tables.models import Table, TournamentTable
from tables.services.draw import draw_field, open_tables
from tables.services.floor import player_out
from tournaments.models import Tournament
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services.desk import cancel_tournament, register_entry


def two_tournaments(make_tournament, tables=3):
    """The main event and a side event at one festival's venue."""
    main = make_tournament(name="Main Event")
    side = Tournament.objects.create(festival=main.festival, name="Side Event", status=Tournament.Status.REGISTRATION)
    for number in range(1, tables + 1):
        Table.objects.create(festival=main.festival, number=number, seats=9)
    return main, side


@pytest.mark.django_db
def test_a_table_open_in_one_tournament_is_refused_to_another_with_its_name(make_tournament, staff):
    main, side = two_tournaments(make_tournament)
    open_tables(main.id, [1, 2], staff["director"])
    with pytest.raises(Refused) as refused:
        open_tables(side.id, [3, 2], staff["director"])
    assert (
        str(refused.value) == "Table 2 is in use by Main Event: it opens here once it breaks there or that "
        "tournament ends."
    )
    assert not side.tables.exists() and not side.events.exists()  # nothing opened, not even table 3
    director = Client()
    director.force_login(staff["director"])
    answer = director.post(
        f"/api/tournaments/{side.id}/tables/open/", {"tables": [1, 2]}, content_type="application/json"
    )
    assert answer.status_code == 409 and answer.json()["detail"].startswith(
        "Table 1 is in use by Main Event; Table 2 is in use by Main Event:"
    )
    assert [t.table.number for t in open_tables(side.id, [3], staff["director"])] == [3]


@pytest.mark.django_db
def test_the_database_refuses_a_second_open_row_for_one_venue_table(make_tournament, staff):
    main, side = two_tournaments(make_tournament)
    open_tables(main.id, [1], staff["director"])
    venue_table = Table.objects.get(festival=main.festival, number=1)
    with pytest.raises(IntegrityError, match="venue_table_open_in_one_tournament"), transaction.atomic():
        TournamentTable.objects.create(tournament=side, table=venue_table, open_order=1)
    main.tables.update(broken_at="2026-11-30T20:00:00Z")  # broken there: free here
    TournamentTable.objects.create(tournament=side, table=venue_table, open_order=1)


@pytest.mark.django_db
def test_a_finished_or_cancelled_tournaments_tables_open_for_another(make_tournament, staff):
    main, side = two_tournaments(make_tournament)
    for i in range(2):
        player = player_services.create_player(
            main.id,
            player_services.NewPlayer(f"P{i}", "Seated", date(1980, 1, 1), accepts_terms=True, id_checked=True),
            None,
        )
        register_entry(main.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    open_tables(main.id, [1], staff["director"])
    draw_field(main.id, staff["director"], seed=1)
    seat = main.seatings.filter(ended_at__isnull=True).values_list("seat", flat=True).first()
    player_out(main.id, 1, seat, staff["floor"])  # the last player standing: the main event is finished
    assert Tournament.objects.get(pk=main.pk).status == "finished"
    open_tables(side.id, [1], staff["director"])

    third = Tournament.objects.create(festival=main.festival, name="Turbo", status=Tournament.Status.REGISTRATION)
    open_tables(third.id, [2], staff["director"])
    with pytest.raises(Refused, match="^Table 2 is in use by Turbo"):
        open_tables(side.id, [2], staff["director"])
    cancel_tournament(third.id, "not enough players", staff["director"])
    open_tables(side.id, [2], staff["director"])
    assert sorted(side.tables.values_list("table__number", flat=True)) == [1, 2]


@pytest.mark.django_db(transaction=True)
def test_two_tournaments_opening_one_table_at_the_same_moment_one_is_refused_with_a_sentence(make_tournament, staff):
    main, side = two_tournaments(make_tournament)
    start, opened, refused, errors = threading.Barrier(2), [], [], []

    def director(tournament):
        try:
            start.wait()
            opened.append(open_tables(tournament.id, [1, 2, 3], staff["director"]))
        except Refused as refusal:
            refused.append(str(refusal))
        except Exception as error:  # noqa: BLE001 - reported by the assertion below
            errors.append(error)
        finally:
            connection.close()

    both = [threading.Thread(target=director, args=(t,)) for t in (main, side)]
    for thread in both:
        thread.start()
    for thread in both:
        thread.join()
    assert errors == [] and len(opened) == 1 and len(refused) == 1
    assert refused[0].startswith(("Table 1 is in use by", "Another tournament opened one of tables 1, 2, 3"))
    assert TournamentTable.objects.filter(broken_at__isnull=True).count() == 3  # one tournament's three


@pytest.mark.django_db
def test_the_migration_closes_tables_an_ended_tournament_left_open(make_tournament, staff):
    main, side = two_tournaments(make_tournament)
    open_tables(main.id, [1], staff["director"])
    Tournament.objects.filter(pk=main.pk).update(status=Tournament.Status.FINISHED)  # ended before the close
    migration = importlib.import_module("tables.migrations.0009_venue_table_open_in_one_tournament")
    migration.close_ended_and_check(apps, None)
    closed = main.tables.get()
    assert closed.broken_at == main.events.order_by("seq").last().at  # at its last event
    open_tables(side.id, [1], staff["director"])
