"""Loads a demo festival in progress with staff logins, so a newcomer sees the whole system at once.

The Main Event plays in flights: Day 1A is over (its survivors bagged, each bag confirmed by a
second person, the flight closed), Day 1B is running with its field seated at two tables, Day 1C
takes pre-registrations (one waits for the desk). A satellite feeding the Main Event has played
to its winner, whose voucher buys a flight seat at the desk; a side event runs beside them. The
structure's first levels are short, so the clock visibly changes within minutes, then 90-minute
levels follow for days.

Everything is made through the services the pages call, so every row has its event in a
tournament's log. Idempotent: run it again and it finds the festival it made, and only (with
--start-clock) starts the running clocks again where they have stopped.
"""

from datetime import date, datetime, time, timedelta

from django.contrib.auth.models import Group, User
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from clock.models import Clock, Structure
from clock.services import day as day_services
from clock.services import level_clock as clock_services
from core.access import Role
from players.models import Player, normalise_document_number
from players.services import desk as player_services
from tables.models import Seating
from tables.services.counts import confirm_bag
from tables.services.draw import draw_field, open_tables
from tables.services.floor import hand_done, player_out
from tournaments.models import Festival, Tournament
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.rules.preregistration import Application
from tournaments.services import desk as desk_services
from tournaments.services import flights as flight_services
from tournaments.services import preregistration as preregistration_services
from tournaments.services import setup as setup_services

DEMO_PASSWORD = "pokerfest-demo"
DEMO_FESTIVAL = "Demo Poker Open"
DEMO_TOURNAMENT = "Main Event"
FLIGHTS = ["Day 1A", "Day 1B", "Day 1C"]
SATELLITE = "Main Event Satellite"
SIDE_EVENT = "Deepstack Side Event"
# Big blinds from 200 to 10 million: the small blind is half, a big-blind ante from level 3.
BIG_BLINDS = [
    200, 300, 400, 500, 600, 800, 1_000, 1_200, 1_500, 2_000, 2_500, 3_000, 4_000, 5_000, 6_000, 8_000,
    10_000, 12_000, 15_000, 20_000, 25_000, 30_000, 40_000, 50_000, 60_000, 80_000, 100_000, 120_000,
    150_000, 200_000, 250_000, 300_000, 400_000, 500_000, 600_000, 800_000, 1_000_000, 1_200_000,
    1_500_000, 2_000_000, 2_500_000, 3_000_000, 4_000_000, 5_000_000, 6_000_000, 8_000_000, 10_000_000,
]  # fmt: skip
SHORT_LEVELS = 6  # at --level-seconds; the rest are LONG_LEVEL
LONG_LEVEL = timedelta(minutes=90)
NAMES = [
    ("Anna", "Berger"), ("Lukas", "Huber"), ("Sofia", "Novak"), ("Jonas", "Wagner"), ("Mia", "Steiner"),
    ("Felix", "Gruber"), ("Elena", "Kovacs"), ("David", "Moser"), ("Laura", "Hofer"), ("Paul", "Fischer"),
    ("Nina", "Weber"), ("Tobias", "Schmid"), ("Clara", "Bauer"), ("Simon", "Wolf"), ("Lena", "Koller"),
    ("Jakob", "Mayer"), ("Sara", "Lang"), ("Max", "Brunner"), ("Julia", "Winkler"), ("Leon", "Fuchs"),
    ("Hanna", "Eder"), ("Elias", "Reiter"), ("Marie", "Haas"), ("Noah", "Schwarz"), ("Emma", "Lechner"),
    ("Ben", "Pichler"), ("Lea", "Auer"), ("Finn", "Leitner"), ("Ida", "Baumgartner"), ("Moritz", "Egger"),
    ("Zoe", "Binder"), ("Theo", "Resch"), ("Rosa", "Holzer"), ("Karl", "Strasser"),
]  # fmt: skip
DAY_1A, DAY_1B, SATELLITE_FIELD, SIDE_FIELD = NAMES[:12], NAMES[12:26], NAMES[26:32], NAMES[26:34]


class Command(BaseCommand):
    help = "Load the demo festival in progress (a Main Event in flights, a satellite, a side event) and staff logins."

    def add_arguments(self, parser):
        parser.add_argument("--start-clock", action="store_true", help="(re)start the running events' clocks")
        parser.add_argument("--level-seconds", type=int, default=120, help="length of the first demo levels")

    def handle(self, *args, start_clock=False, level_seconds=120, **options):
        with transaction.atomic():
            for role in Role:
                Group.objects.get_or_create(name=role.value)
            logins = self.ensure_staff()
        self.staff = {user.username: user for user in User.objects.filter(username__in=[r.value for r in Role])}
        festival = Festival.objects.filter(name=DEMO_FESTIVAL).first()
        if festival is None or not festival.tournaments.filter(name=DEMO_TOURNAMENT).exists():
            with transaction.atomic():  # all of it or nothing: a second run finds it whole
                festival = self.build(level_seconds)
        events = {t.name: t for t in festival.tournaments.all()}
        self.ensure_returning_players(events[DEMO_TOURNAMENT])
        running = [events["Day 1B"], events[SIDE_EVENT]]
        if start_clock:
            for tournament in running:
                self.keep_running(tournament)
        code = festival.tournaments.get(name="Day 1C").preregistrations.filter(status="held").first()
        self.stdout.write(
            f"demo tournament id {events['Day 1B'].id} festival {festival.id} main {events[DEMO_TOURNAMENT].id} "
            f"closed {events['Day 1A'].id} satellite {events[SATELLITE].id} side {events[SIDE_EVENT].id} "
            f"preregistration {events['Day 1C'].id} code {code.code if code else '-'}"
        )
        for username, role in logins:
            self.stdout.write(f"  {username:<10} password {DEMO_PASSWORD}  ({role})")

    def keep_running(self, tournament):
        """Start the clock through the director's own service, restart it once its structure
        has run out, or catch up the levels due while the demo was stopped."""
        clock = Clock.objects.get(tournament=tournament)
        if clock.status == Clock.Status.READY:
            clock_services.start_clock(tournament.id, actor=None)
        elif clock.status == Clock.Status.FINISHED:
            clock_services.go_to_level(tournament.id, actor=None, level_index=0)
            clock_services.resume_clock(tournament.id, actor=None)
        elif clock.status == Clock.Status.RUNNING:
            clock_services.advance_due_levels(tournament.id)

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

    def ensure_returning_players(self, tournament):
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

    # The festival, built once --------------------------------------------------------------

    def build(self, level_seconds: int) -> Festival:
        director = self.staff["director"]
        festival = setup_services.create_festival(DEMO_FESTIVAL, "Demo Casino", "Europe/Vienna", "EUR")
        template = self.structure_template(level_seconds)
        today = timezone.localdate()
        main = self.new_event(festival, DEMO_TOURNAMENT, 50_000, 5_000, 30_000, template, guarantee=2_000_000)
        for number in range(1, 13):  # the demo venue's tables
            setup_services.add_venue_table(main.id, number, 9, number == 1, director)
        for day, name in enumerate(FLIGHTS, start=-1):
            flight_services.add_flight(main.id, name, self.at(today + timedelta(days=day), 12), 60, director)
        flights = {flight.name: flight for flight in main.flights.all()}
        for flight in flights.values():
            desk_services.open_registration(flight.id, director)
        self.play_day_1a(flights["Day 1A"])
        self.start_day_1b(flights["Day 1B"])
        self.preregister(flights["Day 1C"])
        satellite = self.new_event(festival, SATELLITE, 10_000, 1_000, 10_000, template, satellite_for=main.id)
        self.play_satellite(satellite)
        side = self.new_event(festival, SIDE_EVENT, 15_000, 1_500, 40_000, template)
        self.start_side_event(side)
        return festival

    def structure_template(self, level_seconds: int) -> Structure:
        """The demo's structure template (a template belongs to no tournament, so no log): short
        first levels, then 90-minute levels with a break after every fourth, for days."""
        structure = Structure.objects.create(
            name=f"Demo Main Event ({level_seconds} s levels, then 90 minutes)", is_template=True
        )
        position = 0
        for number, big in enumerate(BIG_BLINDS, start=1):
            short = number <= SHORT_LEVELS
            duration = timedelta(seconds=level_seconds) if short else LONG_LEVEL
            structure.levels.create(
                position=position,
                small_blind=big // 2,
                big_blind=big,
                ante=big if number >= 3 else 0,
                big_blind_ante=number >= 3,
                duration=duration,
            )
            position += 1
            if number % 4 == 0:
                pause = timedelta(seconds=level_seconds) if short else timedelta(minutes=20)
                structure.levels.create(position=position, is_break=True, name="break", duration=pause, colour_up="")
                position += 1
        return structure

    def new_event(self, festival, name, buy_in, fee, stack, template, **settings) -> Tournament:
        return setup_services.create_tournament(
            festival.id,
            setup_services.Settings(
                name=name, ruleset_preset="pokerfest", buy_in=buy_in, fee=fee, starting_stack=stack, **settings
            ),
            template.id,
            self.staff["director"],
        )

    def at(self, day: date, hour: int) -> datetime:
        return datetime.combine(day, time(hour))

    def sell(self, tournament: Tournament, names) -> None:
        for first, last in names:
            player = Player.objects.filter(first_name=first, last_name=last).first()
            if player is None:  # with the photo ID the clerk has seen
                player = player_services.create_player(
                    tournament.id,
                    player_services.NewPlayer(
                        first,
                        last,
                        date(1985, 5, 17),
                        id_document_type="passport",
                        id_document_number=f"DEMO-{first}{last}",
                        accepts_terms=True,
                        id_checked=True,
                    ),
                    self.staff["desk"],
                )
            desk_services.register_entry(
                tournament.id, player.id, Sale(Kind.BUY_IN, "cash", "Desk 1", "Demo day"), self.staff["desk"]
            )

    def seats(self, tournament: Tournament, table: int) -> list[int]:
        return sorted(
            Seating.objects.filter(
                tournament=tournament, ended_at__isnull=True, tournament_table__table__number=table
            ).values_list("seat", flat=True)
        )

    def play_day_1a(self, flight: Tournament) -> None:
        """Yesterday's flight: drawn at tables 1-2, two players out, the day's last hand (CLK-EOD)
        announced ten minutes before the end of level 9, every survivor bagged by the floor and
        confirmed by the director (CHIP-COUNT), the flight closed: its bags qualify for Day 2."""
        director, floor = self.staff["director"], self.staff["floor"]
        self.sell(flight, DAY_1A)
        open_tables(flight.id, [1, 2], director)
        draw_field(flight.id, director)
        clock_services.start_clock(flight.id, director)
        last = self.level_index(flight, 9)
        clock_services.go_to_level(flight.id, director, last)
        clock_services.adjust_clock(flight.id, director, -int((LONG_LEVEL - timedelta(minutes=10)).total_seconds()))
        for table in (1, 2):
            player_out(flight.id, table, self.seats(flight, table)[0], floor)
        day_services.set_day_end(flight.id, last, director)
        day_services.announce_last_hands(flight.id, 1, director)
        for table in (1, 2):
            hand_done(flight.id, table, floor)
        day_services.finish_day(flight.id)  # what the worker does once every table has played it
        for table in (1, 2):
            for n, seat in enumerate(self.seats(flight, table)):
                chips = 25_000 + 4_750 * n + 3_100 * table
                day_services.bag_chips(flight.id, table, seat, chips, floor)
                confirm_bag(flight.id, table, seat, chips, director)
        flight_services.close_flight(flight.id, director)

    def level_index(self, tournament: Tournament, play_level: int) -> int:
        """The position of the `play_level`th playing level (breaks not counted)."""
        levels = Clock.objects.get(tournament=tournament).structure.timeline_levels()
        playing = [index for index, level in enumerate(levels) if not level.is_break]
        return playing[play_level - 1]

    def start_day_1b(self, flight: Tournament) -> None:
        """Today's flight: its field drawn at tables 3-4, the clock running (by --start-clock), one
        player out."""
        director = self.staff["director"]
        self.sell(flight, DAY_1B)
        open_tables(flight.id, [3, 4], director)
        draw_field(flight.id, director)
        player_out(flight.id, 3, self.seats(flight, 3)[0], self.staff["floor"])

    def preregister(self, flight: Tournament) -> None:
        """Tomorrow's flight takes pre-registrations: one waits for the desk to check the ID."""
        preregistration_services.preregister(
            flight.id,
            Application(
                first_name="Ada",
                last_name="Lovelace",
                date_of_birth=date(1990, 12, 10),
                email="ada@example.invalid",
                id_document_type="passport",
                id_document_number="DEMO-1815",
                id_document_country="GB",
                nationality="GB",
                accepts_terms=True,
            ),
        )

    def play_satellite(self, satellite: Tournament) -> None:
        """Last night's satellite: six players, one hand each, to its winner; the seat it awards
        is a voucher the Main Event's flight desks take."""
        director, floor = self.staff["director"], self.staff["floor"]
        desk_services.open_registration(satellite.id, director)
        self.sell(satellite, SATELLITE_FIELD)
        open_tables(satellite.id, [5], director)
        draw_field(satellite.id, director)
        clock_services.start_clock(satellite.id, director)
        for n, seat in enumerate(self.seats(satellite, 5)[:-1]):
            player_out(satellite.id, 5, seat, floor, new_hand=n > 0)

    def start_side_event(self, side: Tournament) -> None:
        """A deepstack side event at tables 6-7, its clock running (by --start-clock)."""
        director = self.staff["director"]
        desk_services.open_registration(side.id, director)
        self.sell(side, SIDE_FIELD)
        open_tables(side.id, [6, 7], director)
        draw_field(side.id, director)
