"""The documentation stays short at the door and whole inside: README.md is at most 150 lines,
and every relative link in README.md and docs/**/*.md names a file that exists (an anchor after
`#` is not checked, only its file)."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
# [text](target) and ![alt](target); the target ends at whitespace or the closing parenthesis.
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)


def relative_links(text: str) -> list[str]:
    """The link targets outside code blocks and inline code that point into the repository."""
    prose = re.sub(r"`[^`\n]*`", "", FENCE.sub("", text))
    return [
        target
        for target in LINK.findall(prose)
        if not re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE) and not target.startswith("#")
    ]


def test_the_link_finder_sees_links_and_images_but_not_code_or_addresses():
    text = (
        '[a](docs/a.md) ![b](screens/b.png "title") [c](docs/c.md#part) [d](https://example.org/x)\n'
        "[e](#anchor) `[f](not/a/link.md)`\n```\n[g](in/a/fence.md)\n```\n"
    )
    assert relative_links(text) == ["docs/a.md", "screens/b.png", "docs/c.md#part"]


def test_the_readme_is_at_most_150_lines():
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) <= 150, f"README.md has {len(lines)} lines: move the detail into docs/"


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_relative_link_names_a_file_that_exists(document):
    missing = [
        target
        for target in relative_links(document.read_text())
        if not (document.parent / target.split("#")[0]).exists()
    ]
    assert missing == [], f"{document.relative_to(ROOT)} links to files that do not exist"
