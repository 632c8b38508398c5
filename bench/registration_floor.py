"""The registration burst's floor: a bare ASGI app, run by daphne like pokerfest's web
processes, that writes per request the rows pokerfest's pre-registration and desk confirmation
write, in one transaction each, and nothing else: no Django view stack (no middleware, no
session, no sign-in, no schema), no reads it can do without; asyncio and an async psycopg pool.

    daphne --fd N bench.registration_floor:application     (bench/preregistration.py starts it)

POST /floor/<flight>/preregistrations/ with the public API's JSON: the pre-registration row
(status held), the flight's counter (seats_held + 1, last_seq + 1) and the
preregistration.held event. Answers 201 {"code": ...}.

POST /floor/<flight>/preregistrations/<code>/confirm/: the held row locked, the player, their
three consents, the entry, the counter (a seat from held to sold, last_seq + 2), the
entry.registered and preregistration.confirmed events, the row marked confirmed. Answers 200.

POST /floor/<tournament>/players/ and /floor/<tournament>/entries/: bench/registration.py's two
calls of a new player at the desk (the player, consents and player.created; the seat sold, the
entry and entry.registered).

The rows go to the same tables under the same constraints: the INSERTs are made from the
Django models' own fields (the columns and the values Django would write), once per row.
"""

import asyncio
import json
import os
import secrets
import sys
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "pokerfest.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.utils import timezone  # noqa: E402
from psycopg_pool import AsyncConnectionPool  # noqa: E402

from players.models import TERMS_VERSION, Consent, Player, PreRegistration  # noqa: E402
from tournaments.models import Entry, Event, Tournament  # noqa: E402

POOL_SIZE = int(os.environ.get("DB_POOL_SIZE", "10"))
_pool: AsyncConnectionPool | None = None
_opening = asyncio.Lock()


async def pool() -> AsyncConnectionPool:
    global _pool
    async with _opening:
        if _pool is None:
            opened = AsyncConnectionPool(os.environ["DATABASE_URL"], min_size=1, max_size=POOL_SIZE, open=False)
            await opened.open()
            _pool = opened
    return _pool


def consents(player_id: int, terms: str, filming: bool, marketing: bool, at) -> list[dict]:
    """A new player's three consent rows: the terms (always given), filming and marketing."""
    return [
        {"player_id": player_id, "kind": "terms", "granted": True, "version": terms, "at": at},
        {"player_id": player_id, "kind": "filming", "granted": filming, "at": at},
        {"player_id": player_id, "kind": "marketing", "granted": marketing, "at": at},
    ]


def insert(model, rows: list[dict], returning: str = "id") -> tuple[str, list]:
    """INSERT ... VALUES of `rows` with every concrete column, as Django would write them."""
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    values, params = [], []
    for row in rows:
        instance = model(**row)
        values.append("(" + ", ".join(["%s"] * len(fields)) + ")")
        params += [f.get_db_prep_save(f.pre_save(instance, True), connection) for f in fields]
    columns = ", ".join(f'"{f.column}"' for f in fields)
    return f'INSERT INTO "{model._meta.db_table}" ({columns}) VALUES {", ".join(values)} RETURNING {returning}', params


TOURNAMENT = Tournament._meta.db_table
PREREGISTRATION = PreRegistration._meta.db_table


def counts(max_entries, sold: int, held: int) -> dict:
    return {
        "seats_left": None if max_entries is None else max_entries - sold - held,
        "seats_held": held,
        "seats_sold": sold,
        "max_entries": max_entries,
    }


async def preregister(flight: int, body: dict) -> tuple[int, dict]:
    now = timezone.now()
    code = secrets.token_hex(5).upper()
    row = insert(
        PreRegistration,
        [
            {
                "tournament_id": flight,
                "code": code,
                "status": PreRegistration.Status.HELD,
                "first_name": body["first_name"].strip(),
                "last_name": body["last_name"].strip(),
                "date_of_birth": date.fromisoformat(body["date_of_birth"]),
                "email": body["email"].strip(),
                "id_document_type": body["id_document_type"],
                "id_document_number": body["id_document_number"],
                "id_document_country": body.get("id_document_country", "").upper(),
                "terms_version": TERMS_VERSION,
                "filming_release": body.get("filming_release", False),
                "payment": body["payment"],
                "payment_reference": body.get("payment_reference", ""),
                "created_at": now,
                "changed_at": now,
            }
        ],
    )
    async with (await pool()).connection() as conn:  # one transaction: committed at the end of the block
        await conn.execute(*row)
        taken = await (
            await conn.execute(
                f"UPDATE {TOURNAMENT} SET seats_held = seats_held + 1, last_seq = last_seq + 1 WHERE id = %s "
                "AND (max_entries IS NULL OR seats_sold + seats_held < max_entries) "
                "RETURNING max_entries, seats_sold, seats_held, last_seq",
                [flight],
            )
        ).fetchone()
        if taken is None:
            raise ValueError("the flight is full")
        public = counts(*taken[:3])
        await conn.execute(
            *insert(
                Event,
                [
                    {
                        "tournament_id": flight,
                        "seq": taken[3],
                        "at": now,
                        "kind": "preregistration.held",
                        "payload": {"code": code, **public},
                        "public": public,
                    }
                ],
            )
        )
    return 201, {"code": code}


async def confirm(flight: int, code: str, body: dict) -> tuple[int, dict]:
    now = timezone.now()
    async with (await pool()).connection() as conn:
        held = await (
            await conn.execute(
                f"SELECT id, first_name, last_name, date_of_birth, email, id_document_type, id_document_number, "
                f"id_document_country, terms_version, filming_release, marketing_opt_in, created_at "
                f"FROM {PREREGISTRATION} WHERE code = %s AND tournament_id = %s AND status = 'held' FOR UPDATE",
                [code, flight],
            )
        ).fetchone()
        if held is None:
            return 422, {"detail": "no held pre-registration has this code"}
        (prereg, first, last, born, email, doc_type, doc_number, country, terms, filming, marketing, at) = held
        player = await (
            await conn.execute(
                *insert(
                    Player,
                    [
                        {
                            "first_name": first,
                            "last_name": last,
                            "date_of_birth": born,
                            "nationality": country,
                            "email": email,
                            "id_document_type": doc_type,
                            "id_document_number": doc_number,
                            "id_checked_on": now.date(),
                        }
                    ],
                )
            )
        ).fetchone()
        await conn.execute(*insert(Consent, consents(player[0], terms, filming, marketing, at)))
        sold = await (
            await conn.execute(
                f"UPDATE {TOURNAMENT} SET seats_held = seats_held - 1, seats_sold = seats_sold + 1, "
                "last_seq = last_seq + 2 WHERE id = %s "
                "RETURNING max_entries, seats_sold, seats_held, last_seq, buy_in, fee",
                [flight],
            )
        ).fetchone()
        max_entries, seats_sold, seats_held, last_seq, buy_in, fee = sold
        entry = await (
            await conn.execute(
                *insert(
                    Entry,
                    [
                        {
                            "tournament_id": flight,
                            "player_id": player[0],
                            "number": seats_sold,
                            "kind": "buy_in",
                            "chips": 10_000,
                            "pool_part": buy_in,
                            "fee_part": fee,
                            "paid": buy_in + fee,
                            "method": body.get("method", "cash"),
                            "desk": body.get("desk", ""),
                            "shift": body.get("shift", ""),
                            "created_at": now,
                        }
                    ],
                )
            )
        ).fetchone()
        public = counts(max_entries, seats_sold, seats_held)
        await conn.execute(
            *insert(
                Event,
                [
                    {
                        "tournament_id": flight,
                        "seq": last_seq - 1,
                        "at": now,
                        "kind": "entry.registered",
                        "payload": {"entry": seats_sold, "player": player[0], **public},
                        "public": {"entry": seats_sold, **public},
                    },
                    {
                        "tournament_id": flight,
                        "seq": last_seq,
                        "at": now,
                        "kind": "preregistration.confirmed",
                        "payload": {"code": code, "entry": seats_sold, **public},
                        "public": public,
                    },
                ],
            )
        )
        await conn.execute(
            f"UPDATE {PREREGISTRATION} SET status = 'confirmed', player_id = %s, entry_id = %s, changed_at = %s "
            "WHERE id = %s",
            [player[0], entry[0], now, prereg],
        )
    return 200, {"entry": seats_sold}


async def new_player(flight: int, body: dict) -> tuple[int, dict]:
    """bench/registration.py's first call: the player with their three consents, and the
    player.created event."""
    now = timezone.now()
    async with (await pool()).connection() as conn:
        player = await (
            await conn.execute(
                *insert(
                    Player,
                    [
                        {
                            "first_name": body["first_name"].strip(),
                            "last_name": body["last_name"].strip(),
                            "date_of_birth": date.fromisoformat(body["date_of_birth"]),
                            "id_document_type": body["id_document_type"],
                            "id_document_number": body["id_document_number"],
                            "id_checked_on": now.date(),
                        }
                    ],
                )
            )
        ).fetchone()
        await conn.execute(*insert(Consent, consents(player[0], TERMS_VERSION, False, False, now)))
        seq = await (
            await conn.execute(
                f"UPDATE {TOURNAMENT} SET last_seq = last_seq + 1 WHERE id = %s RETURNING last_seq", [flight]
            )
        ).fetchone()
        event = {"tournament_id": flight, "seq": seq[0], "at": now, "kind": "player.created"}
        await conn.execute(*insert(Event, [{**event, "payload": {"player": {"id": player[0]}}, "public": None}]))
    return 201, {"id": player[0]}


async def sell_entry(flight: int, body: dict) -> tuple[int, dict]:
    """bench/registration.py's second call: a seat sold (the counter), the entry and the
    entry.registered event."""
    now = timezone.now()
    async with (await pool()).connection() as conn:
        sold = await (
            await conn.execute(
                f"UPDATE {TOURNAMENT} SET seats_sold = seats_sold + 1, last_seq = last_seq + 1 WHERE id = %s "
                "AND (max_entries IS NULL OR seats_sold + seats_held < max_entries) "
                "RETURNING max_entries, seats_sold, seats_held, last_seq, buy_in, fee",
                [flight],
            )
        ).fetchone()
        if sold is None:
            return 422, {"detail": "the tournament is full"}
        max_entries, seats_sold, seats_held, last_seq, buy_in, fee = sold
        entry = {
            "tournament_id": flight,
            "player_id": body["player_id"],
            "number": seats_sold,
            "kind": body.get("kind", "buy_in"),
            "chips": 10_000,
            "pool_part": buy_in,
            "fee_part": fee,
            "paid": buy_in + fee,
            "method": body.get("method", "cash"),
            "desk": body.get("desk", ""),
            "shift": body.get("shift", ""),
            "created_at": now,
        }
        await conn.execute(*insert(Entry, [entry]))
        public = {"entry": seats_sold, **counts(max_entries, seats_sold, seats_held)}
        await conn.execute(
            *insert(
                Event,
                [
                    {
                        "tournament_id": flight,
                        "seq": last_seq,
                        "at": now,
                        "kind": "entry.registered",
                        "payload": {**public, "player": body["player_id"]},
                        "public": public,
                    }
                ],
            )
        )
    return 201, {"entry": seats_sold}


async def read_body(receive) -> bytes:
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if not message.get("more_body"):
            return body


async def answer(send, status: int, document: dict) -> None:
    data = json.dumps(document).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": data})


async def application(scope, receive, send) -> None:
    if scope["type"] == "lifespan":
        while (await receive())["type"] != "lifespan.shutdown":
            await send({"type": "lifespan.startup.complete"})
        await send({"type": "lifespan.shutdown.complete"})
        return
    if scope["type"] != "http":
        return
    parts = [p for p in scope["path"].split("/") if p]
    body = await read_body(receive)
    try:
        if scope["method"] == "POST" and len(parts) == 3 and parts[2] == "players":
            status, document = await new_player(int(parts[1]), json.loads(body))
        elif scope["method"] == "POST" and len(parts) == 3 and parts[2] == "entries":
            status, document = await sell_entry(int(parts[1]), json.loads(body))
        elif scope["method"] == "POST" and len(parts) == 3 and parts[2] == "preregistrations":
            status, document = await preregister(int(parts[1]), json.loads(body))
        elif scope["method"] == "POST" and len(parts) == 5 and parts[4] == "confirm":
            status, document = await confirm(int(parts[1]), parts[3], json.loads(body or b"{}"))
        else:
            status, document = 200, {"floor": True}
    except Exception as error:  # the bench counts every answer that is not 201/200 as refused
        status, document = 500, {"detail": repr(error)}
    await answer(send, status, document)
