"""Login throttling (django-axes, settings AXES_*): ten wrong passwords for one user, or from one
address, and the sign-in page refuses for the cool-off with a sentence saying so."""

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.test import Client

from tests.helpers.personas import PASSWORD

LOGIN = "/accounts/login/"
ADDRESS, OTHER_ADDRESS = "10.0.0.1", "10.0.0.2"


def sign_in(client: Client, username: str, password: str, address: str = ADDRESS, **headers):
    return client.post(LOGIN, {"username": username, "password": password}, REMOTE_ADDR=address, **headers)


def fail(client: Client, username: str, times: int, address: str = ADDRESS):
    return [sign_in(client, username, "wrong-password", address) for _ in range(times)]


@pytest.mark.django_db
def test_ten_wrong_passwords_lock_the_user_out_with_a_sentence_on_the_sign_in_page(staff):
    client = Client()
    refused = fail(client, "director-user", 9)
    assert all(response.status_code == 200 for response in refused)  # the form again, not yet locked
    assert "Too many failed sign-ins" not in refused[-1].content.decode()
    tenth = fail(client, "director-user", 1)[0]
    assert tenth.status_code == 429

    right = sign_in(client, "director-user", PASSWORD)
    page = right.content.decode()
    assert right.status_code == 429 and "_auth_user_id" not in client.session
    assert (
        "Too many failed sign-ins for this user or from this address: try again in 15 minutes, or ask a "
        "director to unlock it." in page
    )
    assert '<form class="login" method="post">' in page and "Staff sign-in" in page  # the page, not a bare 403

    # The same user from another address is refused too: the lock is on the username.
    assert sign_in(Client(), "director-user", PASSWORD, OTHER_ADDRESS).status_code == 429
    # Another user from another address signs in.
    other = Client()
    assert sign_in(other, "floor-user", PASSWORD, OTHER_ADDRESS).status_code == 302
    assert other.session["_auth_user_id"] == str(staff["floor"].pk)


@pytest.mark.django_db
def test_ten_wrong_passwords_from_one_address_lock_that_address_for_every_user(staff):
    client = Client()
    for number in range(10):
        sign_in(client, f"guess-{number}", "wrong-password")
    assert sign_in(client, "desk-user", PASSWORD).status_code == 429
    assert sign_in(Client(), "desk-user", PASSWORD, OTHER_ADDRESS).status_code == 302


@pytest.mark.django_db
def test_the_lockout_ends_after_the_cool_off(staff):
    client = Client()
    fail(client, "cashier-user", 10)
    assert sign_in(client, "cashier-user", PASSWORD).status_code == 429
    # Tries during the lockout do not restart it, so the wait the page names holds.
    cool_off = settings.AXES_COOLOFF_TIME
    attempts = AccessAttempt.objects.filter(username="cashier-user")
    # The cool-off passes (the failures age, rather than the test sleeping).
    attempts.update(attempt_time=attempts.get().attempt_time - cool_off)
    assert sign_in(client, "cashier-user", PASSWORD).status_code == 302
    assert client.session["_auth_user_id"] == str(staff["cashier"].pk)


@pytest.mark.django_db
def test_the_page_names_the_minutes_left(staff):
    client = Client()
    fail(client, "floor-user", 10)
    attempts = AccessAttempt.objects.filter(username="floor-user")
    attempts.update(attempt_time=attempts.get().attempt_time - settings.AXES_COOLOFF_TIME * 2 / 3)
    assert "try again in 5 minutes" in sign_in(client, "floor-user", PASSWORD).content.decode()


@pytest.mark.django_db
def test_a_locked_out_json_client_gets_a_json_sentence(staff):
    client = Client()
    fail(client, "floor-user", 10)
    response = sign_in(client, "floor-user", PASSWORD, HTTP_ACCEPT="application/json")
    assert response.status_code == 429
    assert response.json()["detail"].startswith("Too many failed sign-ins for this user or from this address")


@pytest.mark.django_db
def test_the_admin_sign_in_is_throttled_too(staff):
    client = Client()
    for _ in range(10):
        client.post("/admin/login/", {"username": "super-user", "password": "wrong"}, REMOTE_ADDR=ADDRESS)
    response = client.post("/admin/login/", {"username": "super-user", "password": PASSWORD}, REMOTE_ADDR=ADDRESS)
    assert response.status_code == 429 and "Too many failed sign-ins" in response.content.decode()
