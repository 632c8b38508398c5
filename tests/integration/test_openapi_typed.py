"""Typed answers (issue 21): every operation's 2xx answer in /api/openapi.json has a schema that
names its fields, so a screen or an integration can read what each field is. An untyped
answer is an object with no properties (`response=dict`), a map whose values are such, or a
list of them; the tests list every one, in the whole API, and want none. And no two schemas
share a name: the document names each by its class alone, so a second class of the same name
would silently stand for the first."""

from collections import defaultdict
from datetime import date

import pydantic
import pytest
from django.test import Client
from ninja import Router, Schema
from ninja.testing import TestClient

import pokerfest.api  # noqa: F401 (every module of the API, with its schemas)
from clock.models import Clock
from core.api import Answer, Row
from players.models import Company
from tables.models import Seating
from tables.services.draw import draw_field, open_tables
from tables.services.floor import player_out
from tests.helpers.api import openapi, operations, resolve
from tournaments.models import Tournament
from tournaments.rules import preregistration
from tournaments.services import preregistration as preregistration_services
from tournaments.services import rulings


class Seat(Answer):
    table: int
    seat: int


class Shape(Answer):
    level_number: int | None
    seat: Seat
    seats: list[Seat]
    stacks: dict[int, int]
    button_draw: Seat = None  # a key some answers leave out


shapes = Router()


@shapes.get("/declared", response=Shape, exclude_unset=True)
def declared(request):
    return {"level_number": None, "seat": {"table": 1, "seat": 2}, "seats": [{"table": 3, "seat": 4}], "stacks": {7: 5}}


@shapes.get("/undeclared", response=Shape)
def undeclared(request):
    return {"level_number": 1, "seat": {"table": 1, "seat": 2, "bag": 3}, "seats": [], "stacks": {}}


def test_an_answer_is_what_the_code_answered_and_a_field_its_schema_lacks_fails_loudly():
    client = TestClient(shapes)
    # Nulls, nested objects, lists and maps keyed by numbers come out as they went in, and a
    # key the code left out (with exclude_unset) stays out: nothing is added.
    assert client.get("/declared").content == (
        b'{"level_number": null, "seat": {"table": 1, "seat": 2}, '
        b'"seats": [{"table": 3, "seat": 4}], "stacks": {"7": 5}}'
    )
    # Answer forbids the rest: an undeclared field (here nested) is an exception, not a quiet drop
    # (in production the 500 a test would have caught).
    with pytest.raises(pydantic.ValidationError, match="seat.bag"):
        client.get("/undeclared")


class Spot(Row):
    table: int


class Spots(Answer):
    spots: list[Spot]


@shapes.get("/rows", response=Spots)
def rows(request):
    return {"spots": [{"table": 1}, {"table": 2, "bag": 3}]}


def test_a_row_forbids_a_field_its_schema_lacks_as_an_answer_does():
    # Row (the floor view's tables and seats) skips ninja's per-object pass, not the check.
    with pytest.raises(pydantic.ValidationError, match="spots.1.bag"):
        TestClient(shapes).get("/rows")


def bare(schema: dict, document: dict) -> bool:
    """An object that names no field: no properties, and no schema for the values of a map."""
    schema = resolve(schema, document)
    if schema.get("type") == "array":
        return bare(schema.get("items", {}), document)
    if schema.get("type") != "object" or schema.get("properties"):
        return False
    values = schema.get("additionalProperties", True)
    return values in (True, {}) or (isinstance(values, dict) and bare(values, document))


def untyped_fields(schema: dict, document: dict, where: str, seen=frozenset()) -> list[str]:
    """The places under `schema` whose value is an object that names no field."""
    ref = schema.get("$ref")
    if ref in seen:
        return []
    seen = seen | {ref} if ref else seen
    schema = resolve(schema, document)
    if bare(schema, document):
        return [where]
    found = []
    for choice in schema.get("anyOf", []) + schema.get("oneOf", []) + schema.get("allOf", []):
        found += untyped_fields(choice, document, where, seen)
    for name, field in schema.get("properties", {}).items():
        found += untyped_fields(field, document, f"{where}.{name}", seen)
    if isinstance(schema.get("additionalProperties"), dict):
        found += untyped_fields(schema["additionalProperties"], document, f"{where}[*]", seen)
    if "items" in schema:
        found += untyped_fields(schema["items"], document, f"{where}[]", seen)
    return found


def answers(document: dict):
    """(operation, status, schema) for every 2xx answer with a JSON body. A file the API answers
    instead (the results' CSV exports: text/csv, a string) is typed by its media type."""
    for name, operation in operations(document):
        for status, response in operation["responses"].items():
            if str(status).startswith("2"):
                media = response.get("content", {})
                if "application/json" not in media and any(kind.startswith("text/") for kind in media):
                    continue
                content = media.get("application/json")
                yield name, status, (content or {}).get("schema")


def test_the_check_knows_an_untyped_answer_from_a_typed_one():
    document = {"components": {"schemas": {"Named": {"type": "object", "properties": {"id": {"type": "integer"}}}}}}
    named = {"$ref": "#/components/schemas/Named"}
    assert bare({"type": "object"}, document)
    assert bare({"type": "object", "additionalProperties": True}, document)
    assert bare({"type": "array", "items": {"type": "object"}}, document)
    assert bare({"type": "object", "additionalProperties": {"type": "object"}}, document)
    assert not bare(named, document)
    assert not bare({"type": "array", "items": named}, document)
    assert not bare({"type": "object", "additionalProperties": {"type": "integer"}}, document)
    nested = {"type": "object", "properties": {"money": {"anyOf": [{"type": "object"}, {"type": "null"}]}}}
    assert untyped_fields(nested, document, "answer") == ["answer.money"]


@pytest.mark.django_db
def test_every_answer_has_a_schema_that_names_its_fields():
    document = openapi()
    untyped = [
        f"{name} {status}" for name, status, schema in answers(document) if schema is None or bare(schema, document)
    ]
    assert untyped == []


@pytest.mark.django_db
def test_no_field_of_an_answer_is_an_object_without_a_schema():
    document = openapi()
    untyped = [
        place
        for name, status, schema in answers(document)
        if schema is not None
        for place in untyped_fields(schema, document, f"{name} {status}")
    ]
    assert untyped == []


def test_no_two_schemas_of_the_api_share_a_name():
    modules = defaultdict(set)
    todo = [Schema]
    while todo:
        for schema in todo.pop().__subclasses__():
            todo.append(schema)
            if schema.__module__.split(".")[0] not in ("ninja", "tests"):
                modules[schema.__name__].add(schema.__module__)
    assert {name: sorted(where) for name, where in modules.items() if len(where) > 1} == {}


def posted(client, url, body=None, status=200):
    answer = client.post(url, body or {}, content_type="application/json")
    assert answer.status_code == status, (url, answer.status_code, answer.content[:300])
    return answer.json()


@pytest.mark.django_db
def test_the_answers_no_other_test_reads_through_the_api_fit_their_schemas(field, staff):
    """The operations the other tests drive through their services answer here through the API,
    so each schema meets a real answer: Answer refuses a field it does not declare (an
    exception in the test client) and a declared one missing."""
    director = Client()
    director.force_login(staff["superuser"])

    # The desk: a sale voided, another refunded; a pre-registration looked up by its code.
    tournament, entries = field(3, tables=1)
    base = f"/api/tournaments/{tournament.id}"
    assert posted(director, f"{base}/entries/{entries[0].number}/void/", {"reason": "sold by mistake"})["status"] == (
        "voided"
    )
    refunded = posted(director, f"{base}/entries/{entries[1].number}/refund/", {"reason": "withdrawal"})
    assert refunded["player"]["id"] == entries[1].player_id
    held = preregistration_services.preregister(
        tournament.id,
        preregistration.Application(
            "Ada", "Online", date(1990, 5, 17), "ada@example.com", "passport", "P1", accepts_terms=True
        ),
    )
    shown = director.get(f"/api/preregistrations/{held.code}/")
    assert shown.status_code == 200 and shown.json()["tournament"]["id"] == tournament.id

    # Logos: a company, a logo declared, the cap breach it makes resolved by a draw.
    company = Company.objects.create(name="BetCo", status="approved")
    assert [row["name"] for row in director.get("/api/companies/").json()] == ["BetCo"]
    logo = {"company_id": company.id, "placement": "breast", "width_cm": 7, "height_cm": 10}
    assert posted(director, f"{base}/entries/{entries[2].number}/logos/", logo, status=201)["violations"] == []
    resolved = posted(director, f"{base}/compliance/resolve/", {"company_id": company.id})
    assert resolved["drawn"] and resolved["removed"] == [entries[2].number]

    # Play: a bust undone, a ruling disputed, the final gong.
    tournament, entries = field(4, tables=1, buy_in=10_000)
    Tournament.objects.filter(pk=tournament.pk).update(ruleset_preset="chips", places_paid=3)
    base = f"/api/tournaments/{tournament.id}"
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    seat = Seating.objects.get(tournament=tournament, entry__number=4, ended_at__isnull=True).seat
    player_out(tournament.id, 1, seat, staff["floor"])
    assert posted(director, f"{base}/entries/4/undo-bust/", {"reason": "wrong seat tapped"})["seat"] == seat
    ruling = rulings.record_ruling(tournament.id, 1, "the dealer", [1], "the hand is dead", "", False, staff["floor"])
    disputed = posted(director, f"{base}/rulings/{ruling['id']}/dispute/", {"dispute": "seat 1: the cards were live"})
    assert disputed["dispute"] == "seat 1: the cards were live" and disputed["players"][0]["entry"] == 1
    player_out(tournament.id, 1, seat, staff["floor"])
    gong = posted(director, f"{base}/end/gong/", {"stacks": {"1": 20_000, "2": 70_000, "3": 30_000}})
    assert [row["entry"] for row in gong["players"]] == [2, 3, 1] and gong["money"]["places_paid"] == 3

    # The time limit's chip-chop (kentucky), and the qualifiers of a tournament without flights.
    tournament, entries = field(2, tables=1, buy_in=10_000)
    Tournament.objects.filter(pk=tournament.pk).update(ruleset_preset="kentucky")
    Clock.objects.filter(tournament=tournament).update(limit_reached=True)
    base = f"/api/tournaments/{tournament.id}"
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=3)
    chopped = posted(director, f"{base}/end/time-limit/", {"stacks": {"1": 15_000, "2": 5_000}})
    assert [row["entry"] for row in chopped["players"]] == [1, 2]
    assert director.get(f"{base}/day-two/qualifiers/").json() == []
