"""A signed-in request reads its user and the user's roles in one statement
(core.access.SignedInWithRoles, issue 25), and sessions signed in through Django's ModelBackend
before it are moved to it by a migration rather than signed out."""

import importlib

import pytest
from django.apps import apps
from django.contrib.auth import BACKEND_SESSION_KEY
from django.contrib.auth.models import Group
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from core.access import Role, roles_of

moving = importlib.import_module("tournaments.migrations.0034_sessions_signed_in_with_roles")


@pytest.mark.django_db
def test_a_signed_in_request_knows_the_roles_without_a_statement_of_its_own(make_tournament, staff):
    tournament = make_tournament()
    desk = Client()
    desk.force_login(staff["desk"])
    with CaptureQueriesContext(connection) as statements:
        assert desk.get(f"/tournaments/{tournament.id}/desk/").status_code == 200
    assert not [s["sql"] for s in statements if '"auth_group"' in s["sql"] and "ARRAY" not in s["sql"]]

    # A role taken away counts at the next request: it is read with the user every time.
    staff["desk"].groups.remove(Group.objects.get(name=Role.DESK))
    assert desk.get(f"/tournaments/{tournament.id}/desk/").status_code == 403
    assert roles_of(staff["desk"]) == set()


@pytest.mark.django_db
def test_a_session_signed_in_through_django_s_model_backend_stays_signed_in_after_the_upgrade(make_tournament, staff):
    tournament = make_tournament()
    desk = Client()
    desk.force_login(staff["desk"], backend=moving.MODEL_BACKEND)  # as before the upgrade
    page = f"/tournaments/{tournament.id}/desk/"
    assert desk.get(page).status_code == 302  # the backend is no longer listed: signed out

    assert moving.move_sessions(apps, None) == 1
    assert desk.session[BACKEND_SESSION_KEY] == moving.WITH_ROLES
    assert desk.get(page).status_code == 200

    assert moving.move_sessions_back(apps, None) == 1
    assert desk.session[BACKEND_SESSION_KEY] == moving.MODEL_BACKEND
