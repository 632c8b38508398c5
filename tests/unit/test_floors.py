"""The shape of the house: imports sit at the top of their module, no module takes part in an
import cycle, and the catalogue of event kinds is the one list of kinds (core/kinds.py).

import-linter (`.importlinter`, run by `make test`) keeps the floors; these tests check what
it does not: function-local imports, cycles across the apps, and the catalogue's use.
"""

import ast
import re
from pathlib import Path

import grimp
import pytest

from core import kinds
from core.log import append_event

ROOT = Path(__file__).resolve().parents[2]
APPS = ("pokerfest", "core", "players", "tournaments", "tables", "clock", "rules")


def app_modules() -> dict[str, Path]:
    """Every module of the application packages (not tests, benchmarks or migrations)."""
    found = {}
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
            found[name] = path
    return found


def local_project_imports(source: str) -> list[tuple[int, str]]:
    """(line, imported module) of every import of a project module placed inside a function."""
    found = []
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = ["." if node.level else (node.module or "")]
            else:
                continue
            found += [(node.lineno, name) for name in names if name == "." or name.split(".")[0] in APPS]
    return found


def test_the_check_finds_an_import_placed_inside_a_function():
    source = "import json\n\ndef f():\n    import csv\n    from tables.queries import open_table\n    return 1\n"
    assert local_project_imports(source) == [(5, "tables.queries")]


def test_no_project_module_imports_a_project_module_inside_a_function():
    found = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in app_modules().values()
        for line, name in local_project_imports(path.read_text())
    ]
    assert found == [], "imports belong at the top of the module (the floors say which are allowed)"


def import_cycles(graph: grimp.ImportGraph, modules: set[str]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index, low, stack, on_stack, cycles = {}, {}, [], set(), []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in graph.find_modules_directly_imported_by(module) & modules:
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for module in sorted(modules):
        if module not in index:
            visit(module)
    return cycles


def test_the_cycle_check_finds_a_cycle():
    graph = grimp.ImportGraph()
    for importer, imported in (("a.one", "a.two"), ("a.two", "a.three"), ("a.three", "a.one"), ("a.three", "a.four")):
        graph.add_import(importer=importer, imported=imported)
    assert import_cycles(graph, set(graph.modules)) == [["a.one", "a.three", "a.two"]]


def test_no_module_of_the_apps_takes_part_in_an_import_cycle():
    graph = grimp.build_graph(*APPS, cache_dir=None)
    modules = {module for module in graph.modules if ".migrations" not in module}
    assert import_cycles(graph, modules) == []


# The catalogue of event kinds -------------------------------------------------------------

CONSTANTS = {name: value for name, value in vars(kinds).items() if isinstance(value, kinds.EventKind)}


def kinds_referenced(path: Path) -> set[str]:
    """The catalogue constants a module names (`kinds.HAND_DONE`)."""
    return {
        node.attr
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "kinds"
    }


def test_the_catalogue_holds_each_kind_once_under_its_constant():
    assert sorted(kind.name for kind in CONSTANTS.values()) == sorted(kinds.CATALOGUE)
    assert all(kinds.CATALOGUE[kind.name] is kind for kind in CONSTANTS.values())


def test_every_kind_a_module_names_is_in_the_catalogue():
    named = {(path.relative_to(ROOT), name) for path in app_modules().values() for name in kinds_referenced(path)}
    unknown = sorted(
        f"{path}: kinds.{name}"
        for path, name in named
        if not isinstance(getattr(kinds, name, None), kinds.EventKind)
        and name not in ("EventKind", "PUBLIC", "STAFF", "CATALOGUE", "for_screens")
    )
    assert unknown == []


def test_no_module_spells_an_event_kind_as_a_string():
    """Services append by constant: a kind's name appears as a string only in the catalogue."""
    spelled = []
    for path in app_modules().values():
        if path == ROOT / "core" / "kinds.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and node.value in kinds.CATALOGUE:
                spelled.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.value!r}")
    assert spelled == []


def test_every_catalogued_kind_is_appended_by_some_service():
    services = [path for name, path in app_modules().items() if ".services." in f"{name}."]
    emitted = set().union(*(kinds_referenced(path) for path in services))
    assert sorted(set(CONSTANTS) - emitted) == []


def test_every_catalogued_kind_is_documented_in_the_live_protocol():
    protocol = (ROOT / "docs" / "live-protocol.md").read_text()
    assert sorted(name for name in kinds.CATALOGUE if f"`{name}`" not in protocol) == []


def test_the_log_refuses_a_kind_that_is_not_in_the_catalogue():
    stray = kinds.EventKind("stray.kind", kinds.PUBLIC, "not catalogued")
    with pytest.raises(ValueError, match="not an event kind"):
        append_event(1, stray, payload={}, public={})
    with pytest.raises(ValueError, match="public must be None"):
        append_event(1, kinds.PRIZE_PAID, payload={}, public={"amount": 1})


@pytest.mark.parametrize("script", sorted((ROOT / "static").glob("*.js")), ids=lambda path: path.name)
def test_no_screen_matches_event_kinds_by_regular_expression(script):
    """Screens ask the catalogue (`touches(kind, view)`), not a pattern over kind names."""
    assert not re.search(r"\.test\((event\.)?(detail\.)?kind\)", script.read_text())


def test_every_view_a_screen_asks_for_is_a_view_of_the_catalogue():
    asked = set()
    for script in (ROOT / "static").glob("*.js"):
        asked |= set(re.findall(r'touches\([^,]+,\s*"([a-z_]+)"\)', script.read_text()))
    assert asked and asked <= kinds.VIEWS


def test_each_app_root_holds_only_its_frame_and_the_kind_folders():
    """A module's kind is its folder (rules/, queries/, services/, api/, views/): the app root
    keeps only the frame Django looks for, so a path says what a file may import."""
    frame = {"__init__.py", "models.py", "admin.py", "apps.py", "tasks.py", "consumers.py"}
    folders = {"rules", "queries", "services", "api", "views", "migrations", "templatetags", "management", "models"}
    stray = []
    for app in ("tournaments", "tables", "clock", "players"):
        for entry in (ROOT / app).iterdir():
            if entry.name == "__pycache__":
                continue
            if entry.is_dir() and entry.name not in folders or entry.is_file() and entry.name not in frame:
                stray.append(f"{app}/{entry.name}")
    assert stray == []
