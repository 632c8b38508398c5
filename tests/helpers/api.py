"""The API as a client sees it: a test client signed in as a persona, and the OpenAPI document."""

from django.test import Client


def client_for(persona: str, staff, **options) -> Client:
    client = Client(**options)
    if persona != "anonymous":
        client.force_login(staff[persona])
    return client


def openapi() -> dict:
    return Client().get("/api/openapi.json").json()


def resolve(schema: dict, document: dict) -> dict:
    while "$ref" in schema:
        node = document
        for part in schema["$ref"].removeprefix("#/").split("/"):
            node = node[part]
        schema = node
    return schema


def operations(document: dict):
    """Every operation of the document, as ("METHOD /path", its description)."""
    for path, methods in document["paths"].items():
        for method, operation in methods.items():
            yield f"{method.upper()} {path}", operation
