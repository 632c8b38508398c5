"""Issue 21: the running system keeps the word of its OpenAPI document. Schemathesis generates
requests for every operation of /api/openapi.json against a real daphne process, once signed
out and once as the director (session cookie and CSRF header, as a browser sends them), and
checks each answer: never a 5xx, only documented status codes, a documented content type and a
body that conforms to the operation's schema (whose objects forbid undeclared fields).

A festival with a tournament, its entries drawn at two open tables and the clock running, so
the generated requests reach the real code paths: every request names that tournament, its
table 1 and its entry #1 (the other numbers are generated, in bounds or not)."""

import re

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from clock.services import level_clock
from pokerfest import api as every_router  # noqa: F401  (so every schema of the API is defined)
from tables.services.draw import draw_field, open_tables
from tests.helpers.personas import PASSWORD

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]

# Bounded and repeatable: a few examples per operation, the same ones every run (derandomized),
# nothing kept on disk between runs, no shrinking (a finding is reported as found).
EXAMPLES = settings(
    max_examples=5,
    derandomize=True,
    database=None,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)
# The session cookie is the signed-in browser's, never a generated one.
SETTINGS = {"generation": {"with-security-parameters": False}, "request-timeout": 30}


@pytest.fixture
def running(processes, field, staff):
    """A web process over the seeded festival: its URL, and the path parameters every request
    names (the seeded tournament, its table 1, its entry #1 and that player's ticket)."""
    tournament, entries = field(12, tables=3)
    open_tables(tournament.id, [1, 2], staff["director"])
    draw_field(tournament.id, staff["director"], seed=21)
    level_clock.start_clock(tournament.id, staff["director"])
    first = entries[0]
    pinned = {
        "tournament_id": tournament.id,
        "festival_id": tournament.festival_id,
        "table_number": 1,
        "number": first.number,
        "player_id": first.player_id,
        "code": first.public_code,
    }
    url, sock, _ = processes.web()
    yield url, pinned
    sock.close()


def api_schema(url: str) -> schemathesis.BaseSchema:
    config = schemathesis.Config.from_dict(SETTINGS)
    return schemathesis.openapi.from_url(f"{url}/api/openapi.json", config=config, timeout=60)


@pytest.fixture
def director(running, staff) -> requests.Session:
    """Signed in through the sign-in page, as the director's browser is."""
    url, _ = running
    session = requests.Session()
    session.get(f"{url}/accounts/login/", timeout=60).raise_for_status()
    signed_in = session.post(
        f"{url}/accounts/login/",
        data={
            "username": staff["director"].username,
            "password": PASSWORD,
            "csrfmiddlewaretoken": session.cookies["csrftoken"],
        },
        timeout=60,
        allow_redirects=False,
    )
    assert signed_in.status_code == 302 and "sessionid" in session.cookies, signed_in.text[:500]
    return session


def every_operation(running, subtests, call) -> None:
    """Each operation is a subtest of its own (a finding in one does not hide the others'),
    with a few positive and a few negative examples."""
    url, pinned = running
    for methods in api_schema(url).values():
        for operation in methods.values():
            with subtests.test(msg=operation.label):
                fixed = {name: pinned[name] for name in re.findall(r"{(\w+)}", operation.path) if name in pinned}
                examples = st.one_of([operation.as_strategy(mode, path_parameters=fixed) for mode in GenerationMode])

                @EXAMPLES
                @given(case=examples)
                def run(case):
                    call(case)

                run()


@pytest.mark.django_db(transaction=True)  # the web process reads what the fixtures wrote
def test_every_operation_signed_out_keeps_its_documented_answers(running, subtests):
    every_operation(running, subtests, lambda case: case.call_and_validate(checks=CHECKS))


@pytest.mark.django_db(transaction=True)
def test_every_operation_as_the_director_keeps_its_documented_answers(running, director, subtests):
    csrf = {"X-CSRFToken": director.cookies["csrftoken"]}
    every_operation(
        running,
        subtests,
        lambda case: case.call_and_validate(session=director, headers=csrf, checks=CHECKS),
    )
