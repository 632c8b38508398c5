"""The director's import page (issue 26): a Tournament Director 3 file uploaded, a garbage
one refused with a sentence, a club night imported with its report and linked results."""

import pytest
from playwright.sync_api import expect

from tests.helpers.pages import act, sign_in
from tests.helpers.tdt import club_night
from tournaments.models import Festival, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_director_imports_a_tdt_file_and_reads_the_report(stack, new_page, staff, tmp_path):
    festival = act(Festival.objects.create, name="Club Season", venue="The Club", currency="EUR")
    garbage, night = tmp_path / "garbage.tdt", tmp_path / "night.tdt"
    garbage.write_text("{T: new Tournament({Title: 'cut", encoding="utf-8")
    night.write_text(club_night(), encoding="utf-8")
    page = new_page(width=1440, height=900)
    sign_in(page, stack.url, staff["director"], f"/festivals/{festival.id}/import/")
    form = page.locator("[data-import-form]")
    form.get_by_label("Tournament Director file").set_input_files(str(garbage))
    form.get_by_role("button", name="Import").click()
    expect(page.locator("[data-problem]")).to_contain_text("cannot be imported")
    assert act(Tournament.objects.filter(festival=festival).count) == 0

    page.locator("[data-import-form]").get_by_label("Tournament Director file").set_input_files(str(night))
    page.locator("[data-import-form]").get_by_role("button", name="Import").click()
    report = page.locator("[data-import-report]")
    expect(report.locator("[data-created] li")).to_have_count(4)
    expect(report).to_contain_text("5 entries")
    report.locator("[data-imported-results]").click()
    expect(page.locator("h1")).to_contain_text("Club Night 12")
