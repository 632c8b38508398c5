"""What the tests share lives in tests/helpers/ (or is a conftest fixture): a test module never
imports another test module, nor a conftest (pytest imports those itself; an import of one by
name can run a second copy of it), and no other folder of tests/ holds helper modules."""

import ast
import configparser
from pathlib import Path

from tests.helpers.suite import SESSIONS

TESTS = Path(__file__).resolve().parent.parent
ROOT = TESTS.parent
# Modules of tests/ that are neither a test module, a conftest nor a package's __init__.
ALLOWED_ELSEWHERE = {"tests/settings.py"}


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def imported_modules(source: str, module: str) -> list[tuple[int, str]]:
    """(line, module) for every import in `source` (the text of `module`), relative ones
    resolved; `from package import name` names `package.name` too, which may be a module."""
    package = module.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0]
                base = f"{parent}.{base}" if base else parent
            found.append((node.lineno, base))
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return found


def is_test_module(name: str) -> bool:
    last = name.rsplit(".", 1)[-1]
    return name.startswith("tests.") and (last.startswith("test_") or last == "conftest")


def forbidden_imports(source: str, module: str) -> list[tuple[int, str]]:
    return [(line, name) for line, name in imported_modules(source, module) if is_test_module(name)]


def test_no_test_module_imports_another_test_module_or_a_conftest():
    problems = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in sorted(TESTS.rglob("*.py"))
        for line, name in forbidden_imports(path.read_text(), module_name(path))
    ]
    assert problems == [], "move what they share into tests/helpers/:\n" + "\n".join(problems)


def test_helper_modules_live_in_tests_helpers():
    strays = [
        str(path.relative_to(ROOT))
        for path in sorted(TESTS.rglob("*.py"))
        if path.relative_to(TESTS).parts[0] != "helpers"
        and not path.name.startswith("test_")
        and path.name not in ("conftest.py", "__init__.py")
        and str(path.relative_to(ROOT)) not in ALLOWED_ELSEWHERE
    ]
    assert strays == [], f"helper modules outside tests/helpers/: {strays}"


def test_the_check_finds_every_way_of_importing_a_test_module():
    source = "\n".join(
        [
            "from tests.browser.test_live_pages import act",
            "import tests.integration.test_api_bounds",
            "from tests.browser import test_tv",
            "from .test_floor_tablet import field",
            "from ..integration.test_desk import x",
            "from tests.conftest import PERSONAS",
            "from . import conftest",
            "from tests.helpers.pages import act",  # the right way
            "from tests.helpers import pages",
            "import pytest",
        ]
    )
    assert forbidden_imports(source, "tests.browser.test_probe") == [
        (1, "tests.browser.test_live_pages"),
        (2, "tests.integration.test_api_bounds"),
        (3, "tests.browser.test_tv"),
        (4, "tests.browser.test_floor_tablet"),
        (5, "tests.integration.test_desk"),
        (6, "tests.conftest"),
        (7, "tests.browser.conftest"),
    ]


def test_make_tests_two_sessions_run_every_test_path_once():
    """tests/helpers/suite.py splits pytest.ini's testpaths between its sessions: none left out."""
    ini = configparser.ConfigParser()
    ini.read(ROOT / "pytest.ini")
    testpaths = ini["pytest"]["testpaths"].split()
    split = [path for paths in SESSIONS.values() for path in paths]
    assert sorted(split) == sorted(testpaths)
