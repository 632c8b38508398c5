"""Sponsor-logo compliance against PostgreSQL: declarations, the live cap, recorded rulings."""

import random
from datetime import date
from decimal import Decimal

import pytest
from django.test import Client

from clock.services import level_clock as clock_services
from players.models import Company, LogoCapResolution, LogoDeclaration
from players.queries.logos import compliance_report
from players.services import desk as player_services
from players.services import logos as compliance
from tables.rules.high_card import high_card
from tests.helpers.personas import PERSONAS
from tournaments.queries.entries import Sale
from tournaments.rules.entries import Kind
from tournaments.services import desk as services


@pytest.fixture
def field(make_tournament):
    """A pokerfest tournament with `size` entrants and two sponsors."""

    def make(size):
        tournament = make_tournament()
        companies = {
            status: Company.objects.create(name=name, status=status)
            for name, status in [("pokerfest", "headline"), ("BetCo", "approved"), ("IllegalBet", "banned")]
        }
        numbers = []
        for i in range(size):
            player = player_services.create_player(
                tournament.id,
                player_services.NewPlayer(f"P{i}", "Player", date(1980, 1, 1), accepts_terms=True, id_checked=True),
                None,
            )
            numbers.append(
                services.register_entry(tournament.id, player.id, Sale(Kind.BUY_IN, "cash", "d", "s"), None).number
            )
        return tournament, companies, numbers

    return make


def wear(tournament, number, company, placement="breast", w="7", h="10", proof=""):
    return compliance.declare_logo(tournament.id, number, company.id, placement, Decimal(w), Decimal(h), None, proof)


@pytest.mark.django_db
def test_PF_LOGO_DECLARE_after_the_start_a_new_logo_needs_written_proof(field):
    tournament, companies, numbers = field(3)
    declaration, found = wear(tournament, numbers[0], companies["approved"])
    assert declaration.before_start and found == []
    clock_services.start_clock(tournament.id, None)
    late, found = wear(tournament, numbers[1], companies["approved"])
    assert not late.before_start and [v.rule for v in found] == ["PF-LOGO-DECLARE"]
    proven, found = wear(tournament, numbers[2], companies["approved"], proof="sponsorship letter dated 1 Nov")
    assert found == []
    assert tournament.events.filter(kind="logo.declared").count() == 3


@pytest.mark.django_db
def test_PF_LOGO_APPROVED_and_PF_LOGO_SIZE_show_on_the_compliance_report(field):
    tournament, companies, numbers = field(2)
    wear(tournament, numbers[0], companies["banned"])
    wear(tournament, numbers[1], companies["approved"], w="8", h="10")
    violations = compliance_report(tournament.id)["violations"]
    assert [(v["rule"], v["entry"]) for v in violations] == [("PF-LOGO-APPROVED", 1), ("PF-LOGO-SIZE", 2)]
    assert "80 cm²; at most 70 cm²" in violations[1]["message"]
    # The filmed sizes apply at a TV table (tests/integration/test_logo_tv_tables.py).


@pytest.mark.django_db
def test_PF_LOGO_CAP_is_computed_live_and_a_high_card_draw_decides_with_its_seed_recorded(field, staff):
    tournament, companies, numbers = field(20)  # 10% of 20: two may wear BetCo
    for number in numbers[:4]:
        wear(tournament, number, companies["approved"])
    for number in numbers[4:10]:
        wear(tournament, number, companies["headline"])  # exempt
    breaches = compliance_report(tournament.id)["breaches"]
    assert [(b["company"], b["allowed"], b["must_remove"]) for b in breaches] == [("BetCo", 2, 2)]

    resolution = compliance.resolve_cap(tournament.id, companies["approved"].id, staff["director"], seed=20261129)
    replay = high_card(numbers[:4], random.Random(20261129))
    assert resolution.drawn and resolution.seed == 20261129 and resolution.kept == sorted(replay.order[:2])
    assert sorted(resolution.removed) == sorted(replay.order[2:])
    removed = LogoDeclaration.objects.filter(removed_at__isnull=False)
    assert sorted(d.entry.number for d in removed) == sorted(resolution.removed)
    assert all("lost the high-card draw" in d.removed_because for d in removed)
    assert compliance_report(tournament.id)["breaches"] == []
    with pytest.raises(Exception, match="within the cap"):
        compliance.resolve_cap(tournament.id, companies["approved"].id, staff["director"])


@pytest.mark.django_db
def test_PF_LOGO_CAP_the_players_choice_is_recorded_and_must_fit_the_cap(field, staff):
    tournament, companies, numbers = field(10)  # 10% of 10: one may wear BetCo
    for number in numbers[:3]:
        wear(tournament, number, companies["approved"])
    with pytest.raises(Exception, match=r"Choose exactly 1 of the entries wearing BetCo: #1, #2, #3"):
        compliance.resolve_cap(tournament.id, companies["approved"].id, staff["director"], keep=[1, 2])
    chosen = compliance.resolve_cap(tournament.id, companies["approved"].id, staff["director"], keep=[2])
    assert (chosen.drawn, chosen.seed, chosen.kept, chosen.removed) == (False, None, [2], [1, 3])
    assert LogoCapResolution.objects.count() == 1
    assert tournament.events.get(kind="logo.cap_resolved").payload["removed"] == [1, 3]


RULINGS = {"anonymous": 401, "director": 200, "floor": 403, "desk": 403, "cashier": 403, "media": 403, "superuser": 200}


@pytest.mark.django_db
@pytest.mark.parametrize("persona", PERSONAS)
def test_the_compliance_report_is_the_directors(persona, field, staff):
    tournament, companies, numbers = field(1)
    client = Client()
    if persona != "anonymous":
        client.force_login(staff[persona])
    assert client.get(f"/api/tournaments/{tournament.id}/compliance/").status_code == RULINGS[persona]
    page = client.get(f"/tournaments/{tournament.id}/compliance/")
    assert page.status_code == {401: 302}.get(RULINGS[persona], RULINGS[persona])
