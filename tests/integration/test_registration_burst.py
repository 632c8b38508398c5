"""Issue 25, the registration burst: pre-registrations and desk confirmations at once through
real daphne processes keep the flight's log gap-free and sell each seat and entry once; the
statements of a confirmation (in all, and while it holds the flight's row) stay bounded.
Statements are counted, never timed."""

import http.client
import http.cookiejar
import json
import threading
import urllib.parse
import urllib.request
from datetime import date

import pytest
from django.db import connection
from django.test import Client

from players.models import Consent, PreRegistration
from pokerfest import stack
from tests.helpers.personas import PASSWORD
from tests.helpers.processes import process_env, wait_for_answer
from tournaments.models import Entry, Event, Tournament
from tournaments.rules import preregistration
from tournaments.services import preregistration as services

# What a request may cost: a confirmation 14 statements through the API (the sign-in, the
# service, the answer; the pre-registration's row answers a repeat, so no request key is looked
# up), 6 of them while it holds the flight's row (its commit, a savepoint's RELEASE inside the
# test's transaction, counted; the field's counts and money line one statement that takes the
# sale's event's seq too; the confirmed event written with the pre-registration's row, its seq
# the sale's event's + 1), which every desk of a burst queues for; a
# pre-registration 3 while it holds the row (the seat's UPDATE, which takes the log's seq and
# returns the waiting list's length kept on the row, the event, the commit). Each event writes its row and the
# log's chain head in one statement (issue 27's hash chain; the one clock's time comes with the
# seq in the same statement).
CONFIRM_STATEMENTS = 14
CONFIRM_STATEMENTS_LOCKED = 6
PREREGISTER_STATEMENTS_LOCKED = 3


def application(n: int) -> dict:
    return {
        "first_name": f"Burst{n}",
        "last_name": "Player",
        "date_of_birth": "1988-02-03",
        "email": f"burst{n}@example.com",
        "id_document_type": "passport",
        "id_document_number": f"BURST{n:05d}",
        "id_document_country": "AT",
        "accepts_terms": True,
        "payment": "online" if n % 3 == 0 else "desk",
        "payment_reference": f"PAY{n}" if n % 3 == 0 else "",
    }


def make_flight(make_tournament, seats: int) -> Tournament:
    main = make_tournament(name="Main Event")
    Tournament.objects.filter(pk=main.pk).update(buy_in=100_000, fee=10_000, status="scheduled")
    return Tournament.objects.create(
        festival=main.festival,
        name="Day 1A",
        main_event=main,
        buy_in=100_000,
        fee=10_000,
        max_entries=seats,
        status=Tournament.Status.REGISTRATION,
    )


class Statements:
    """Every statement of a block, and those from the first that locks the tournament row
    (SELECT ... FOR UPDATE or UPDATE of it) on: the part other registrations queue for."""

    def __init__(self):
        self.all, self.locked = [], None

    def __call__(self, execute, sql, params, many, context):
        self.all.append(sql)
        # A confirmation's first read joins its flight but locks the pre-registration only (OF p).
        row_lock = "FOR UPDATE" in sql and "FOR UPDATE OF p" not in sql
        locks = "tournaments_tournament" in sql and (row_lock or sql.startswith("UPDATE"))
        if self.locked is None and locks:
            self.locked = len(self.all) - 1
        return execute(sql, params, many, context)

    @property
    def while_locked(self) -> list[str]:
        return [] if self.locked is None else self.all[self.locked :]


def test_a_confirmation_s_statements_stay_bounded_whatever_the_field(make_tournament, staff):
    flight = make_flight(make_tournament, seats=40)
    codes = [
        services.preregister(
            flight.id, preregistration.Application(**{**application(n), "date_of_birth": date(1988, 2, 3)})
        ).code
        for n in range(30)
    ]
    for code in codes[:25]:  # a field already sold: its size must not add statements
        services.confirm_preregistration(flight.id, code, "cash", "desk 1", "am", staff["desk"])
    desk = Client()
    desk.force_login(staff["desk"])
    counted = []
    for code in codes[25:28]:  # through the API: the sign-in, the service, the answer
        statements = Statements()
        with connection.execute_wrapper(statements):
            answer = desk.post(
                f"/api/tournaments/{flight.id}/preregistrations/{code}/confirm/",
                {"method": "cash", "desk": "desk 1", "shift": "am"},
                content_type="application/json",
            )
        assert answer.status_code == 200, answer.content
        counted.append(len(statements.all))
    assert max(counted) <= CONFIRM_STATEMENTS, counted
    for code in codes[28:]:  # the service alone: from its lock of the flight's row to its end
        statements = Statements()
        with connection.execute_wrapper(statements):
            services.confirm_preregistration(flight.id, code, "card", "desk 2", "am", staff["desk"])
        assert len(statements.while_locked) <= CONFIRM_STATEMENTS_LOCKED, "\n".join(statements.while_locked)


def test_a_pre_registration_holds_the_flight_s_row_for_few_statements(make_tournament):
    flight = make_flight(make_tournament, seats=40)
    for n in range(3):
        statements = Statements()
        with connection.execute_wrapper(statements):
            services.preregister(
                flight.id, preregistration.Application(**{**application(n), "date_of_birth": date(1988, 2, 3)})
            )
        assert len(statements.while_locked) <= PREREGISTER_STATEMENTS_LOCKED, "\n".join(statements.while_locked)


def sign_in(base: str, username: str) -> dict:
    cookies = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(cookies))
    opener.open(f"{base}/accounts/login/", timeout=60).read()
    token = next(c.value for c in cookies if c.name == "csrftoken")
    form = urllib.parse.urlencode({"username": username, "password": PASSWORD, "csrfmiddlewaretoken": token})
    opener.open(urllib.request.Request(f"{base}/accounts/login/", form.encode(), headers={"Referer": base}), timeout=60)
    session = next(c.value for c in cookies if c.name == "sessionid")
    token = next(c.value for c in cookies if c.name == "csrftoken")
    return {"Cookie": f"csrftoken={token}; sessionid={session}", "X-CSRFToken": token, "Referer": base}


def post_all(port: int, jobs: list[tuple[str, dict, dict]], clients: int) -> list[tuple[int, dict]]:
    """Every (path, body, headers) posted by `clients` threads at once, each on its own
    keep-alive connection; the answers in the jobs' order."""
    answers: list = [None] * len(jobs)
    start = threading.Barrier(clients)

    def run(worker: int) -> None:
        own = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        start.wait(timeout=120)
        for index in range(worker, len(jobs), clients):
            path, body, headers = jobs[index]
            own.request("POST", path, json.dumps(body), {"Content-Type": "application/json", **headers})
            response = own.getresponse()
            answers[index] = (response.status, json.loads(response.read() or b"{}"))
        own.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    assert all(answer is not None for answer in answers), "a client did not finish"
    return answers


@pytest.mark.django_db(transaction=True)
def test_a_burst_through_two_web_processes_keeps_the_log_gap_free_and_sells_each_seat_once(
    processes, make_tournament, staff
):
    seats, applicants = 30, 36
    flight = make_flight(make_tournament, seats)
    sock = stack.listening_socket("127.0.0.1", 0)
    env = process_env(PREREGISTRATION_RATE_PER_MINUTE=str(10**9), DB_POOL_SIZE="12")
    web = [processes.start("web", stack.web_command(sock), env=env, pass_fds=(sock.fileno(),)) for _ in range(2)]
    port = sock.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    wait_for_answer(base, web[0])

    # Phase 1: more applicants than seats, all at once. Each seat is held once; the rest hear "full".
    path = f"/api/tournaments/{flight.id}/preregistrations/"
    answers = post_all(port, [(path, application(n), {}) for n in range(applicants)], clients=12)
    held = [answer["code"] for status, answer in answers if status == 201]
    full = [answer for status, answer in answers if status == 409]
    assert (len(held), len(full)) == (seats, applicants - seats), answers
    assert all(answer.get("full") for answer in full)
    # Each answer counts the seats as its own hold wrote them: 1 to `seats`, each once.
    told = sorted(answer["counts"]["seats_held"] for status, answer in answers if status == 201)
    assert told == list(range(1, seats + 1))

    # Phase 2: four desks confirm every code at once, each code tapped twice by two desks (and
    # a third time with an Idempotency-Key resent): one entry per code, numbers 1..seats.
    desks = [sign_in(base, "desk-user") for _ in range(4)]
    body = {"method": "cash", "desk": "burst desk", "shift": "am"}
    jobs = []
    for n, code in enumerate(held):
        confirm = f"{path}{code}/confirm/"
        jobs += [(confirm, body, desks[n % 4]), (confirm, body, desks[(n + 1) % 4])]
        if n % 5 == 0:
            jobs += [(confirm, body, {**desks[(n + 2) % 4], "Idempotency-Key": f"tap-{code}"})] * 2
    answers = post_all(port, jobs, clients=8)
    assert {status for status, _ in answers} == {200}, [a for a in answers if a[0] != 200][:3]
    by_code: dict[str, set[int]] = {}
    for (confirm, _, _), (_, answer) in zip(jobs, answers, strict=True):
        by_code.setdefault(confirm, set()).add(answer["number"])
    assert all(len(numbers) == 1 for numbers in by_code.values()), by_code

    flight.refresh_from_db()
    assert (flight.seats_sold, flight.seats_held) == (seats, 0)
    entries = Entry.objects.filter(tournament=flight)
    assert sorted(entries.values_list("number", flat=True)) == list(range(1, seats + 1))
    assert entries.values("player").distinct().count() == seats
    assert PreRegistration.objects.filter(tournament=flight, status="confirmed", entry__isnull=False).count() == seats
    assert Consent.objects.filter(player__entries__tournament=flight).count() == 3 * seats
    seqs = list(Event.objects.filter(tournament=flight).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, flight.last_seq + 1))  # gap-free, nothing past last_seq
    kinds = list(Event.objects.filter(tournament=flight).values_list("kind", flat=True))
    for kind in ("preregistration.held", "preregistration.confirmed", "entry.registered"):
        assert kinds.count(kind) == seats, kind
    # Each event's public counts are the row's as written under its lock: seats_sold rises by one.
    sold = [
        public["seats_sold"]
        for public in Event.objects.filter(tournament=flight, kind="preregistration.confirmed")
        .order_by("seq")
        .values_list("public", flat=True)
    ]
    assert sold == list(range(1, seats + 1))


def test_the_same_document_again_is_refused_by_the_constraint_and_leaves_nothing(make_tournament):
    """The document's insert comes before the flight's lock, with no read first: a second
    registration of one document (at the same moment or later) is refused by the database, its
    whole transaction rolls back (seat and event too) and the person hears why."""
    flight = make_flight(make_tournament, seats=5)
    first = preregistration.Application(**{**application(7), "date_of_birth": date(1988, 2, 3)})
    services.preregister(flight.id, first)
    with pytest.raises(services.Refused, match="already pre-registered for Day 1A"):
        services.preregister(flight.id, first)
    flight.refresh_from_db()
    assert (flight.seats_held, flight.last_seq) == (1, 1)
    assert PreRegistration.objects.filter(tournament=flight).count() == 1
