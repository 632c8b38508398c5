"""Every number the API takes has bounds a tournament can mean, declared in the schema and
enforced before anything reaches PostgreSQL: out of range is a 422 sentence, never a 500."""

import pytest
from django.test import Client

from clock.services import level_clock
from tests.helpers.api import openapi, resolve

HUGE = (2**64, -(2**63), 10**30)


def unbounded_numbers(schema: dict, document: dict, where: str, seen=frozenset()) -> list[str]:
    """The places under `schema` where an integer or number lacks a minimum or a maximum."""
    ref = schema.get("$ref")
    if ref in seen:
        return []
    seen = seen | {ref} if ref else seen
    schema = resolve(schema, document)
    found = []
    if schema.get("type") in ("integer", "number"):
        has_min = "minimum" in schema or "exclusiveMinimum" in schema
        has_max = "maximum" in schema or "exclusiveMaximum" in schema
        if not (has_min and has_max):
            found.append(where)
    for name, sub in schema.get("properties", {}).items():
        found += unbounded_numbers(sub, document, f"{where}.{name}", seen)
    for key in ("items", "additionalProperties"):
        if isinstance(schema.get(key), dict):
            found += unbounded_numbers(schema[key], document, f"{where}[]", seen)
    for key in ("anyOf", "oneOf", "allOf"):
        for sub in schema.get(key, []):
            found += unbounded_numbers(sub, document, where, seen)
    return found


def test_the_walk_finds_an_unbounded_number():
    document = {
        "components": {
            "schemas": {
                "In": {
                    "properties": {
                        "ok": {"type": "integer", "minimum": 0, "maximum": 9},
                        "stacks": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
                        "maybe": {"anyOf": [{"type": "number", "exclusiveMinimum": 0}, {"type": "null"}]},
                    }
                }
            }
        }
    }
    assert unbounded_numbers({"$ref": "#/components/schemas/In"}, document, "In") == ["In.stacks[]", "In.maybe"]


@pytest.mark.django_db
def test_every_number_of_every_request_body_and_parameter_has_a_minimum_and_a_maximum():
    document = openapi()
    found = []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            for parameter in operation.get("parameters", []):
                found += unbounded_numbers(
                    parameter["schema"], document, f"{method.upper()} {path} {parameter['in']} {parameter['name']}"
                )
            for media in operation.get("requestBody", {}).get("content", {}).values():
                found += unbounded_numbers(media["schema"], document, f"{method.upper()} {path} body")
    assert found == [], "give these numbers Field(ge=…, le=…) bounds a tournament can mean"


def refused(response, field: str) -> None:
    assert response.status_code == 422, (response.status_code, response.content[:300])
    detail = response.json()["detail"]
    assert detail.startswith("Invalid input — ") and field in detail


@pytest.mark.django_db
def test_huge_numbers_are_a_422_sentence_not_a_500(field, staff):
    tournament, (entry,) = field(1, tables=1)
    level_clock.start_clock(tournament.id, None)
    director = Client()
    director.force_login(staff["director"])
    base = f"/api/tournaments/{tournament.id}"
    for huge in HUGE:
        refused(director.post(f"{base}/clock/adjust/", {"seconds": huge}, content_type="application/json"), "seconds")
        refused(
            director.post(f"{base}/clock/level/", {"level_index": huge}, content_type="application/json"), "level_index"
        )
        refused(
            director.post(f"{base}/deals/proposals/", {"stacks": {"1": huge}}, content_type="application/json"),
            "stacks",
        )
        refused(
            director.post(f"{base}/settings/", {"name": "X", "buy_in": huge}, content_type="application/json"), "buy_in"
        )
        refused(
            director.post(
                f"{base}/chip-chop/", {"stacks": {"1": 5}, "prizes": [huge]}, content_type="application/json"
            ),
            "prizes",
        )
        refused(
            director.post(f"{base}/tables/1/seats/1/bag/", {"chips": huge}, content_type="application/json"), "chips"
        )
        refused(director.post(f"{base}/venue-tables/", {"number": huge}, content_type="application/json"), "number")
        refused(director.get(f"/api/tournaments/{abs(huge)}/"), "tournament_id")
        refused(
            director.post(f"{base}/entries/{abs(huge)}/void/", {"reason": "x"}, content_type="application/json"),
            "number",
        )
        refused(director.post(f"{base}/tables/{abs(huge)}/hand-done/"), "table_number")
    # A day's worth either way is still fine.
    assert director.post(
        f"{base}/clock/adjust/", {"seconds": -86_400}, content_type="application/json"
    ).status_code in (200, 409)
    assert director.post(f"{base}/clock/adjust/", {"seconds": 90}, content_type="application/json").status_code == 200
    assert tournament.events.filter(kind="clock.adjusted").count() >= 1
