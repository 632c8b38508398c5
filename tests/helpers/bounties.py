"""Bounty events for the integration tests (issue 23): a seated bounty field, the ledger's
invariant (BNT-POOL) asserted in minor units."""

from datetime import date

from players.services import desk as player_services
from tables.models import Seating, Table
from tables.services.draw import draw_field, open_tables
from tests.helpers.day_two import flight_of
from tournaments.models import BountyAward, Entry, Envelope, Tournament
from tournaments.queries.bounties import family_ids, ledger, root_of
from tournaments.queries.entries import Sale
from tournaments.rules.bounties import ledger_balances
from tournaments.rules.entries import Kind
from tournaments.services import desk


def bounty_field(make_tournament, staff, players, bounty_format, bounty, cash_percent=50, buy_in=10_000, ruleset=None):
    """A bounty tournament with `players` entries seated at table 1 (seed 5): the tournament and
    seat -> entry number."""
    tournament = make_tournament()
    Tournament.objects.filter(pk=tournament.pk).update(
        buy_in=buy_in,
        fee=1_000,
        bounty_format=bounty_format,
        bounty=bounty,
        bounty_cash_percent=cash_percent,
        ruleset=ruleset or {},
    )
    Table.objects.create(festival=tournament.festival, number=1, seats=9)
    for i in range(players):
        player = player_services.create_player(
            tournament.id,
            player_services.NewPlayer(f"B{i}", "Hunter", date(1980, 1, 1), accepts_terms=True, id_checked=True),
            None,
        )
        desk.register_entry(tournament.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None)
    open_tables(tournament.id, [1], staff["director"])
    draw_field(tournament.id, staff["director"], seed=5)
    tournament.refresh_from_db()
    return tournament, seats_of(tournament)


def seats_of(tournament) -> dict[int, int]:
    return dict(
        Seating.objects.filter(tournament=tournament, ended_at__isnull=True).values_list("seat", "entry__number")
    )


def head(tournament, number: int) -> int:
    return Entry.objects.get(tournament=tournament, number=number).head


def assert_ledger(tournament) -> dict:
    """BNT-POOL: pool == won + on heads + envelopes left + carried, in minor units, each term
    counted from its own rows."""
    tournament = Tournament.objects.get(pk=tournament.pk)
    ids = family_ids(tournament)
    entries = Entry.objects.filter(tournament_id__in=ids)
    pool = sum(e.bounty_part - e.bounty_returned for e in entries)
    live = BountyAward.objects.filter(tournament_id__in=ids, undone_at__isnull=True)
    won = sum(a.cash for a in live.exclude(destination="carried"))
    carried = sum(a.cash for a in live.filter(destination="carried", taken_by__isnull=True))
    heads = sum(e.head for e in entries)
    root = root_of(tournament)
    if root.bounty_format == "mystery" and not root.bounty_seed:
        left = pool - won - carried - heads
        assert heads == 0 and left >= 0
    else:
        left = sum(e.amount for e in Envelope.objects.filter(tournament=root, draw_number__isnull=True))
    assert ledger_balances(pool, won, heads, left, carried), (pool, won, heads, left, carried)
    computed = ledger(tournament)
    assert computed == {"pool": pool, "won": won, "on_heads": heads, "envelopes_left": left, "carried": carried}
    return computed


def bounty_main_with_flight(make_tournament, staff, bounty_format, bounty, players=6, ruleset=None):
    """A bounty main event (100.00 + bounty + 10.00, venue tables 1-4) and its flight Day 1A with
    `players` entries drawn at table 1 (tests/helpers/day_two.py's flight)."""
    main = make_tournament(name="Bounty Main", level_seconds=(3600, 3600, 3600))
    Tournament.objects.filter(pk=main.pk).update(
        buy_in=10_000,
        fee=1_000,
        starting_stack=30_000,
        bounty_format=bounty_format,
        bounty=bounty,
        ruleset=ruleset or {},
    )
    for number in (1, 2, 3, 4):
        Table.objects.create(festival=main.festival, number=number, seats=9)
    people = [
        player_services.create_player(
            main.id,
            player_services.NewPlayer(f"M{i}", "Flighted", date(1980, 1, 1), accepts_terms=True, id_checked=True),
            None,
        )
        for i in range(players)
    ]
    main = Tournament.objects.get(pk=main.pk)
    return main, flight_of(main, staff, "Day 1A", people, 1)
