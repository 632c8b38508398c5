"""A Tournament Director 3 file (`.tdt`) read into plain data (issue 26, clubs switching
over): players, buy-ins, bust-outs with who knocked out whom, levels, prizes, league and
points formula; garbage or a partial file gives TdtError with a sentence, never another error."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers.tdt import club_night, player, tdt_file
from tournaments.rules import tdt
from tournaments.rules.tdt import TdtError


def test_a_club_night_is_read_with_places_reentries_and_knockouts():
    read = tdt.tournament(club_night())
    assert (read.title, read.league, read.buy_in, read.starts_ms) == (
        "Club Night 12",
        "Thursday League",
        50,
        1767290400000,
    )
    assert [(p.first_name, p.last_name) for p in read.players][:2] == [("Ann", "Archer"), ("Ben", "Baker")]
    assert read.players[0].email == "ann@example.invalid"
    assert [(e.player, e.number, e.place) for e in read.entries] == [
        ("P4", 1, 5),
        ("P4", 2, 4),
        ("P3", 3, 3),
        ("P2", 4, 2),
        ("P1", 5, 1),
    ]
    assert read.entries[1].hitmen == ("P2",)
    assert read.levels == ((25, 50, 20), (50, 100, 20))
    assert [(p.place, p.amount, p.awarded_to) for p in read.prizes] == [(1, 120, ("P1",)), (2, 80, ("P2",))]
    assert read.points_formula.startswith("sqrt(n/r)")


@pytest.mark.parametrize(
    "text, says",
    [
        ("", "empty"),
        ("hello", "Unexpected"),
        ("[1, 2]", "does not start with"),
        ("{V: 3}", "holds no tournament"),
        ("{T: new Tournament({Title: 'x', Players: [", "end of the file"),
        (tdt_file([player("P1", "Ann A", [None])]), "fewer than two entries"),
        (tdt_file([player("P1", "Ann A", [None]), player("P2", "Ben B", [None])]), "not finished: 2 entries"),
        (tdt_file([player("P1", "Ann A", [None]), player("P2", "Ben B", [(5, ["P9"])])]), r"not in the file \(P9\)"),
        (tdt_file([player("P1", "Ann A", [None]), player("P1", "Ben B", [(5, [])])]), "same UUID"),
        (tdt_file([player("P1", "", [None]), player("P2", "Ben B", [(5, [])])]), "no UUID or no name"),
        (tdt_file([player("P1", "Ann A", [None]), player("P2", "Ben B", [(5, [])])], title=""), "no title"),
        ("{T: new Tournament({Title: 1e999})}", "not a number"),
        ("{T: " + "[" * 100 + "]" * 100 + "}", "nests deeper"),
        ("{T: 'unclosed}", "inside a text"),
    ],
)
def test_garbage_or_a_partial_file_is_refused_with_a_sentence(text, says):
    with pytest.raises(TdtError, match=says):
        tdt.tournament(text)


def test_a_file_cut_anywhere_is_refused_with_a_sentence():
    whole = club_night()
    for end in range(0, len(whole) - 1, 7):
        with pytest.raises(TdtError):
            tdt.tournament(whole[:end])


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_a_tournament_or_a_sentence(text):
    try:
        tdt.tournament(text)
    except TdtError as problem:
        assert str(problem)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_a_mangled_file_is_a_tournament_or_a_sentence(data):
    """Fuzz: a real file with characters changed, dropped or added."""
    text = list(club_night())
    for _ in range(data.draw(st.integers(1, 5))):
        at = data.draw(st.integers(0, len(text) - 1))
        what = data.draw(st.sampled_from(["drop", "change", "add"]))
        char = data.draw(st.sampled_from(list("{}[]():,.;'\"0-9 anew")))
        if what == "drop":
            del text[at]
        elif what == "change":
            text[at] = char
        else:
            text.insert(at, char)
    try:
        tdt.tournament("".join(text))
    except TdtError as problem:
        assert str(problem)
