"""The German translation is complete and compiled: every msgid of every .po file under
locale/de has a msgstr that is not empty and not fuzzy, and the committed .mo files say
exactly what their .po files say (a fresh clone needs no msgfmt). `make messages` rebuilds both."""

import ast
import gettext
import re
from pathlib import Path

import pytest

LOCALE = Path(__file__).resolve().parents[2] / "locale" / "de" / "LC_MESSAGES"
PO_FILES = sorted(LOCALE.glob("*.po"))
LINE = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$')


def entries(po: Path) -> list[dict]:
    """The .po file's live entries (obsolete `#~` ones left out), each with its flags, context,
    msgid, msgid_plural and msgstr by plural index."""
    found, entry, field = [], None, None

    def new():
        return {"flags": set(), "msgctxt": None, "msgid": None, "msgid_plural": None, "msgstr": {}}

    entry = new()
    for line in po.read_text(encoding="utf-8").splitlines() + [""]:
        if not line.strip():
            if entry["msgid"] is not None:
                found.append(entry)
            entry, field = new(), None
        elif line.startswith("#,"):
            entry["flags"] |= {flag.strip() for flag in line[2:].split(",")}
        elif line.startswith("#"):
            continue
        elif match := LINE.match(line):
            keyword, index, text = match.groups()
            field = int(index) if index else (0 if keyword == "msgstr" else keyword)
            value = ast.literal_eval(text)
            if isinstance(field, int):
                entry["msgstr"][field] = entry["msgstr"].get(field, "") + value
            else:
                entry[field] = (entry[field] or "") + value
        else:  # a continuation line of the field above
            value = ast.literal_eval(line.strip())
            if isinstance(field, int):
                entry["msgstr"][field] += value
            else:
                entry[field] += value
    return [found_entry for found_entry in found if found_entry["msgid"]]  # not the header


def test_there_is_a_german_catalogue():
    assert LOCALE.joinpath("django.po") in PO_FILES


@pytest.mark.parametrize("po", PO_FILES, ids=lambda path: path.name)
def test_every_message_has_a_german_translation(po):
    untranslated = [
        entry["msgid"]
        for entry in entries(po)
        if "fuzzy" in entry["flags"] or not all(entry["msgstr"].values()) or not entry["msgstr"]
    ]
    assert untranslated == [], f"{po.name}: translate these (and drop any fuzzy flag), then `make messages`"


@pytest.mark.parametrize("po", PO_FILES, ids=lambda path: path.name)
def test_the_compiled_catalogue_matches_its_po_file(po):
    mo = po.with_suffix(".mo")
    assert mo.exists(), f"{mo.name} is missing: run `make messages` and commit it"
    with mo.open("rb") as compiled:
        catalogue = gettext.GNUTranslations(compiled)._catalog
    expected = {}
    for entry in entries(po):
        msgid = entry["msgid"] if entry["msgctxt"] is None else f"{entry['msgctxt']}\x04{entry['msgid']}"
        if entry["msgid_plural"] is None:
            expected[msgid] = entry["msgstr"][0]
        else:
            expected.update({(msgid, index): text for index, text in entry["msgstr"].items()})
    compiled_messages = {key: text for key, text in catalogue.items() if key != ""}  # "" is the header
    assert compiled_messages == expected, f"{mo.name} is stale: run `make messages` and commit it"
