"""Loads a demo festival with staff logins, so a newcomer sees the whole system at once.

Idempotent: run it again and it finds what it made. With --start-clock it starts the demo
clock through the director's own service (or restarts it once its structure has run out).
"""

from datetime import date, timedelta

from django.contrib.auth.models import Group, User
from django.core.management.base import BaseCommand
from django.db import transaction

from clock.models import Clock, Level, Structure
from clock.services import level_clock as clock_services
from core.access import Role
from players.models import Player, normalise_document_number
from players.services import desk as player_services
from tables.models import Table
from tournaments.models import Festival, Tournament

DEMO_PASSWORD = "pokerfest-demo"
DEMO_TOURNAMENT = "Demo Main Event"
# Short levels so the clock visibly changes level within minutes.
DEMO_LEVELS = [
    (25, 50, 0),
    (50, 100, 0),
    (75, 150, 150),
    (100, 200, 200),
    None,
    (150, 300, 300),
    (200, 400, 400),
    (300, 600, 600),
    (400, 800, 800),
    None,
    (500, 1000, 1000),
    (600, 1200, 1200),
    (800, 1600, 1600),
    (1000, 2000, 2000),
    (1500, 3000, 3000),
]


class Command(BaseCommand):
    help = "Load the demo festival, tournament, structure and staff logins."

    def add_arguments(self, parser):
        parser.add_argument("--start-clock", action="store_true", help="start the demo tournament's clock")
        parser.add_argument("--level-seconds", type=int, default=120, help="length of each demo level")

    def handle(self, *args, start_clock=False, level_seconds=120, **options):
        with transaction.atomic():
            for role in Role:
                Group.objects.get_or_create(name=role.value)
            logins = self.ensure_staff()
            tournament = self.ensure_tournament(level_seconds)
            for number in range(1, 11):  # the demo venue's tables, for the director to open
                Table.objects.get_or_create(festival=tournament.festival, number=number, defaults={"seats": 9})
        self.ensure_players(tournament)
        if start_clock:
            clock = Clock.objects.get(tournament=tournament)
            if clock.status == Clock.Status.READY:
                clock_services.start_clock(tournament.id, actor=None)
            elif clock.status == Clock.Status.FINISHED:
                clock_services.go_to_level(tournament.id, actor=None, level_index=0)
                clock_services.resume_clock(tournament.id, actor=None)
            elif clock.status == Clock.Status.RUNNING:
                clock_services.advance_due_levels(tournament.id)  # catch up time spent stopped
        self.stdout.write(f"demo tournament id {tournament.id} festival {tournament.festival_id}")
        for username, role in logins:
            self.stdout.write(f"  {username:<10} password {DEMO_PASSWORD}  ({role})")

    def ensure_staff(self):
        logins = []
        if not User.objects.filter(username="admin").exists():
            User.objects.create_superuser("admin", "admin@example.invalid", DEMO_PASSWORD)
        logins.append(("admin", "superuser: Django admin and every screen"))
        for role in Role:
            user, created = User.objects.get_or_create(username=role.value, defaults={"is_staff": False})
            if created:
                user.set_password(DEMO_PASSWORD)
                user.save()
            user.groups.add(Group.objects.get(name=role.value))
            logins.append((role.value, f"{role.value} role"))
        return logins

    def ensure_players(self, tournament):
        """A few returning players for the desk to find (one of them under age)."""
        today = date.today()
        for first, last, born, document in [
            ("Grace", "Hopper", date(1906, 12, 9), "DEMO-1906"),
            ("Alan", "Turing", date(1912, 6, 23), "DEMO-1912"),
            ("Tim", "Young", date(today.year - 17, today.month, 1), "DEMO-MINOR"),
        ]:
            # The database keeps the number normalised ("DEMO1906"): look it up the same way, so a
            # second run finds its own players instead of refusing them as duplicates.
            if not Player.objects.filter(
                id_document_type="passport", id_document_number=normalise_document_number(document)
            ).exists():
                player_services.create_player(
                    tournament.id,
                    player_services.NewPlayer(
                        first,
                        last,
                        born,
                        id_document_type="passport",
                        id_document_number=document,
                        accepts_terms=True,
                    ),
                    actor=None,
                )

    def ensure_tournament(self, level_seconds):
        festival, _ = Festival.objects.get_or_create(
            name="pokerfest Demo Festival",
            defaults={"venue": "Demo Casino", "time_zone": "Europe/Vienna", "currency": "EUR"},
        )
        tournament, created = Tournament.objects.get_or_create(
            festival=festival,
            name=DEMO_TOURNAMENT,
            defaults={
                "buy_in": 50_000,
                "fee": 5_000,
                "starting_stack": 30_000,
                "max_entries": 90,
                "status": Tournament.Status.REGISTRATION,
            },
        )
        if created:
            structure = Structure.objects.create(name=f"Demo turbo ({level_seconds} s levels)")
            for position, blinds in enumerate(DEMO_LEVELS):
                if blinds is None:
                    Level.objects.create(
                        structure=structure,
                        position=position,
                        is_break=True,
                        name="break",
                        duration=timedelta(seconds=level_seconds),
                    )
                else:
                    small, big, ante = blinds
                    Level.objects.create(
                        structure=structure,
                        position=position,
                        small_blind=small,
                        big_blind=big,
                        ante=ante,
                        duration=timedelta(seconds=level_seconds),
                    )
            Clock.objects.create(tournament=tournament, structure=structure)
        return tournament
