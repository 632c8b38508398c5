"""The OpenAPI schema says what the error answers look like, and the answers match it: 400 for
a body that is not JSON (every operation that takes a body), 409 refusals with the extras a
refusal carries (`reasons`, `proposal`, `existing_id`), 422 invalid input with its `errors`."""

import ast
from pathlib import Path

import pytest
from django.test import Client

from clock.services import level_clock
from players.services import desk as player_services
from tests.helpers.api import openapi, operations, resolve

ROOT = Path(__file__).resolve().parents[2]


def answer_schema(operation: dict, status: int, document: dict) -> dict | None:
    response = operation["responses"].get(str(status))
    if response is None:
        return None
    return resolve(response["content"]["application/json"]["schema"], document)


def details_keys() -> set[str]:
    """The keys every Refused subclass adds to a 409 (the dict its details() returns)."""
    keys = set()
    for path in ROOT.glob("*/**/*.py"):
        if ".venv" in path.parts or "tests" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name == "details":
                for returned in ast.walk(node):
                    if isinstance(returned, ast.Return) and isinstance(returned.value, ast.Dict):
                        keys |= {key.value for key in returned.value.keys if isinstance(key, ast.Constant)}
    return keys


def matches(body: dict, schema: dict, document: dict) -> bool:
    """A small check of a JSON answer against its declared object schema: the required keys are
    there, and no key is undeclared."""
    schema = resolve(schema, document)
    properties = schema.get("properties", {})
    return set(schema.get("required", [])) <= set(body) and set(body) <= set(properties)


def test_the_scan_finds_the_extras_refusals_carry():
    assert {"reasons", "proposal", "existing_id"} <= details_keys()


@pytest.mark.django_db
def test_every_operation_documents_the_error_answers_it_can_give():
    document = openapi()
    extras = details_keys()
    missing = []
    for name, operation in operations(document):
        takes_input = bool(operation.get("parameters")) or "requestBody" in operation
        if "requestBody" in operation:
            malformed = answer_schema(operation, 400, document)
            if malformed is None or "detail" not in malformed.get("required", []):
                missing.append(f"{name}: 400 for a body that is not JSON")
        if takes_input:
            invalid = answer_schema(operation, 422, document)
            if invalid is None or "detail" not in invalid.get("required", []) or "errors" not in invalid["properties"]:
                missing.append(f"{name}: 422 with detail and errors")
        if name.startswith("POST "):
            refused = answer_schema(operation, 409, document)
            if refused is None or "detail" not in refused.get("required", []):
                missing.append(f"{name}: 409 with detail")
            elif not extras <= set(refused["properties"]):
                missing.append(f"{name}: 409 lacks {sorted(extras - set(refused['properties']))}")
    assert missing == []


@pytest.mark.django_db
def test_real_error_answers_match_the_schema(make_tournament, staff):
    from datetime import date

    document = openapi()
    tournament = make_tournament()
    level_clock.start_clock(tournament.id, None)
    director = Client()
    director.force_login(staff["director"])
    entries = f"/api/tournaments/{tournament.id}/entries/"
    players = f"/api/tournaments/{tournament.id}/players/"
    adjust = f"/api/tournaments/{tournament.id}/clock/adjust/"
    ada = player_services.create_player(
        tournament.id,
        player_services.NewPlayer(
            "Ada", "L", date(1990, 1, 1), accepts_terms=True, id_document_type="passport", id_document_number="P1"
        ),
        None,
    )
    answers = {
        # A sale the rules refuse: the reasons.
        ("post", "/api/tournaments/{tournament_id}/entries/", 409): director.post(
            entries,
            {"player_id": ada.id, "kind": "buy_in", "method": "won", "desk": "d", "shift": "s"},
            content_type="application/json",
        ),
        # A player already on file: the existing id.
        ("post", "/api/tournaments/{tournament_id}/players/", 409): director.post(
            players,
            {
                "first_name": "Ada",
                "last_name": "L",
                "date_of_birth": "1990-01-01",
                "accepts_terms": True,
                "id_document_type": "passport",
                "id_document_number": "P1",
            },
            content_type="application/json",
        ),
        ("post", "/api/tournaments/{tournament_id}/clock/adjust/", 422): director.post(
            adjust, {"seconds": "ten"}, content_type="application/json"
        ),
        ("post", "/api/tournaments/{tournament_id}/clock/adjust/", 400): director.post(
            adjust, "{not json", content_type="application/json"
        ),
        ("get", "/api/tournaments/{tournament_id}/", 422): director.get("/api/tournaments/abc/"),
    }
    for (method, path, status), response in answers.items():
        assert response.status_code == status, (path, response.content)
        declared = answer_schema(document["paths"][path][method], status, document)
        assert matches(response.json(), declared, document), (path, status, response.json(), declared)
    assert "reasons" in answers["post", "/api/tournaments/{tournament_id}/entries/", 409].json()
    assert "existing_id" in answers["post", "/api/tournaments/{tournament_id}/players/", 409].json()
