"""A player's personal data on request: the export of everything held about them, erasure
(results kept under their public name, REG-CONSENT), and ID numbers removed a set number of days
after the festival. After an erasure nothing personal is left in any row of any table, in the
log's payloads, or in a backup made after it."""

import json
import subprocess
from datetime import date, timedelta

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone

from core import backups, chain
from players.models import Player
from players.services import desk as player_services
from players.services import erasure
from tables.models import Table
from tables.services.draw import draw_field, open_tables
from tables.services.floor import player_out
from tournaments.models import Entry, Event, Tournament
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk

pytestmark = pytest.mark.django_db

SECRETS = {
    "last name": "Quenzelmayr",
    "e-mail": "ulrike.q@example.invalid",
    "phone": "+43 660 987 6543",
    "ID number": "P7X4Q9Z2",
    "birth date": "1977-04-23",
}


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def a_played_field(make_tournament, staff, initials_only=False):
    tournament = make_tournament()
    Table.objects.create(festival=tournament.festival, number=1, seats=9)
    ulrike = player_services.create_player(
        tournament.id,
        player_services.NewPlayer(
            "Ulrike",
            SECRETS["last name"],
            date.fromisoformat(SECRETS["birth date"]),
            nationality="AT",
            id_document_type="passport",
            id_document_number=SECRETS["ID number"],
            email=SECRETS["e-mail"],
            phone=SECRETS["phone"],
            city="Ottakring",
            accepts_terms=True,
            id_checked=True,
            initials_only=initials_only,
        ),
        staff["desk"],
    )
    sale = Sale(Kind.BUY_IN, "cash", "Desk 1", "day")
    desk.register_entry(tournament.id, ulrike.id, sale, staff["desk"])
    for n in range(3):
        other = player_services.create_player(
            tournament.id,
            player_services.NewPlayer(f"O{n}", "Other", date(1980, 1, 1), accepts_terms=True, id_checked=True),
            None,
        )
        desk.register_entry(tournament.id, other.id, sale, staff["desk"])
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=5)
    seat = Entry.objects.get(tournament=tournament, player=ulrike).seatings.get(ended_at__isnull=True).seat
    player_out(tournament.id, 1, seat, staff["floor"])
    return tournament, ulrike


def found_in_rows() -> dict[str, list[str]]:
    """Where each secret is found, in any text or JSON column of any table."""
    found = {}
    with connection.cursor() as cursor:
        for table, column, _kind in erasure.text_columns():
            for what, secret in SECRETS.items():
                cursor.execute(f'SELECT count(*) FROM "{table}" WHERE "{column}"::text ILIKE %s', [f"%{secret}%"])
                if cursor.fetchone()[0]:
                    found.setdefault(what, []).append(f"{table}.{column}")
        cursor.execute("SELECT count(*) FROM players_player WHERE date_of_birth = %s", [SECRETS["birth date"]])
        if cursor.fetchone()[0]:
            found.setdefault("birth date", []).append("players_player.date_of_birth")
    return found


def test_the_export_holds_everything_about_the_player_as_json(make_tournament, staff):
    tournament, ulrike = a_played_field(make_tournament, staff)
    answer = as_user(staff["desk"]).get(f"/api/tournaments/{tournament.id}/players/{ulrike.id}/data/")
    assert answer.status_code == 200, answer.content
    data = json.loads(answer.content)
    assert data["player"]["email"] == SECRETS["e-mail"] and data["player"]["id_document_number"] == SECRETS["ID number"]
    assert [e["number"] for e in data["entries"]] == [1]
    assert {"player.created", "entry.registered"} <= {e["kind"] for e in data["events"]}
    assert as_user(staff["floor"]).get(f"/api/tournaments/{tournament.id}/players/{ulrike.id}/data/").status_code == 403


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("initials_only", [False, True])
def test_after_an_erasure_nothing_personal_remains_in_rows_payloads_or_a_backup(
    initials_only, make_tournament, staff, tmp_path
):
    tournament, ulrike = a_played_field(make_tournament, staff, initials_only)
    assert set(found_in_rows()) == set(SECRETS)  # the scan finds them before
    client = as_user(staff["director"])
    path = f"/api/tournaments/{tournament.id}/players/{ulrike.id}/erase/"
    unconfirmed = client.post(path, "{}", content_type="application/json")
    assert unconfirmed.status_code == 409 and "cannot be undone" in unconfirmed.json()["detail"]
    erased = client.post(path, json.dumps({"confirm": True}), content_type="application/json")
    assert erased.status_code == 200, erased.content
    shown = "U. Q." if initials_only else "Ulrike Q."
    assert erased.json()["public_name"] == shown

    assert found_in_rows() == {}
    assert not Event.objects.filter(payload__icontains="Ulrike Quenzelmayr").exists()
    last, sealed = Event.objects.filter(tournament=tournament).order_by("-seq")[:2]
    assert last.kind == "player.erased" and last.payload["player"] == {"id": ulrike.id, "name": shown}
    # The rewrite is the sanctioned one: the log is sealed again, and verify_log says it holds.
    assert sealed.kind == "log.resealed" and sealed.payload["rewritten"]
    assert chain.verify(tournament.id).intact
    # the results stay, under the name the player consented to
    assert Entry.objects.get(tournament=tournament, player=ulrike).status != ""
    assert Event.objects.filter(tournament=tournament, kind="player.created", payload__player__name=shown).exists()
    again = client.post(path, json.dumps({"confirm": True}), content_type="application/json")
    assert again.status_code == 409 and "erased already" in again.json()["detail"]

    dump = backups.make_backup(tmp_path)
    sql = subprocess.run(
        [backups.tool("pg_restore"), "--file", "-", str(dump)], capture_output=True, text=True, check=True
    ).stdout
    assert "Quenzelmayr" not in sql and "Ulrike" in sql or initials_only
    assert [what for what, secret in SECRETS.items() if secret.lower() in sql.lower()] == []


def test_id_numbers_go_a_set_number_of_days_after_the_festival_ended(make_tournament, staff):
    tournament, ulrike = a_played_field(make_tournament, staff)
    assert erasure.purge_id_numbers(30) == []  # the festival is still on
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    assert erasure.purge_id_numbers(30) == []  # it ended just now
    purged = erasure.purge_id_numbers(30, now=timezone.now() + timedelta(days=31))
    assert ulrike.id in purged
    assert Player.objects.get(pk=ulrike.id).id_document_number == ""
    assert not Event.objects.filter(payload__icontains=SECRETS["ID number"]).exists()
    assert Event.objects.filter(tournament=tournament, kind="player.erased", payload__what="ID number").exists()
    assert chain.verify(tournament.id).intact
    assert erasure.purge_id_numbers(30, now=timezone.now() + timedelta(days=31)) == []  # safe twice
