"""Product code uses libraries through their public, documented APIs only (issue 25): no private
attribute (`obj._name`) of anything but the project's own objects, no getattr/setattr/hasattr of
a private name, no import of a private name from a library. A library's internals change in any
release without notice; the public API is what its changelog promises to keep.

Product code is every Python file git tracks outside tests/, bench/ and the migrations. The
project's own objects: `self._x` and `cls._x` where the project itself gives something the name
`_x` (so a subclass reaching into its library base's internals, `self._in_poll`, is caught), and
`Name._x` where the module defines the class `Name`."""

import ast
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
EXCLUDED_FOLDERS = {"tests", "bench", ".venv"}

# Public, documented APIs that happen to start with an underscore.
DOCUMENTED = {
    "_meta": "Django's Model._meta, the Model _meta API (docs: ref/models/meta)",
}

REFLECTION = {"getattr", "setattr", "hasattr", "delattr"}


def is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name != "_"


def product_modules() -> list[str]:
    tracked = subprocess.run(
        ["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return sorted(
        path
        for path in tracked
        if path.split("/")[0] not in EXCLUDED_FOLDERS and "migrations" not in path.split("/")[:-1]
    )


def project_packages(modules: list[str]) -> set[str]:
    return {path.split("/")[0].removesuffix(".py") for path in modules} | {"tests", "bench"}


def private_names_defined(tree: ast.AST) -> set[str]:
    """The private names a module gives its own objects: its functions, classes, class and
    module attributes, and attributes it assigns (`self._x = …`, `Cls._x = …`)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    return {name for name in names if is_private(name)}


def own_classes(tree: ast.AST) -> set[str]:
    return {node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}


def offences(source: str, path: str, project: set[str], projects_own: set[str]) -> list[str]:
    """`path:line what` for each use of a library's private name in `source`. `project` names
    the project's top-level packages; `projects_own` the private names the project defines
    (a `self._x` is the project's own only if the project gives something that name)."""
    tree = ast.parse(source, path)
    classes = own_classes(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and is_private(node.attr) and node.attr not in DOCUMENTED:
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id in classes:
                continue
            if isinstance(owner, ast.Name) and owner.id in {"self", "cls"} and node.attr in projects_own:
                continue
            found.append((node.lineno, f".{node.attr}"))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in REFLECTION
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
            and is_private(node.args[1].value)
            and node.args[1].value not in DOCUMENTED
        ):
            found.append((node.lineno, f"{node.func.id}(…, {node.args[1].value!r})"))
        elif isinstance(node, ast.ImportFrom) and not node.level:
            module = node.module or ""
            if module.split(".")[0] in project:
                continue
            parts = [part for part in module.split(".") if is_private(part)]
            names = [alias.name for alias in node.names if is_private(alias.name)]
            if parts or names:
                found.append((node.lineno, f"from {module} import {', '.join(names or ['…'])}"))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] not in project and any(map(is_private, alias.name.split("."))):
                    found.append((node.lineno, f"import {alias.name}"))
    return [f"{path}:{line} {what}" for line, what in sorted(found)]


def test_product_code_uses_no_private_name_of_a_library():
    modules = product_modules()
    assert "pokerfest/settings.py" in modules  # the scan sees the product
    project = project_packages(modules)
    sources = {path: (ROOT / path).read_text() for path in modules}
    projects_own = set().union(*(private_names_defined(ast.parse(source)) for source in sources.values()))
    problems = [
        offence for path, source in sources.items() for offence in offences(source, path, project, projects_own)
    ]
    assert problems == [], "private names of libraries; use their public API:\n" + "\n".join(problems)


SAMPLE = """\
from twisted.internet import reactor
from django.utils._os import safe_join
from django.db.models import _Private
import asyncio.base_events
import channels._internal


class Buffer:
    _size = 4

    def __init__(self, transport):
        self._transport = transport
        self._count = Buffer._size

    def data(self):
        return self._transport._tempDataBuffer + self._in_poll


def frames(model):
    model._meta.get_fields()
    getattr(reactor, "_started")
    setattr(reactor, "public", 1)
    hasattr(reactor, "__dict__")
    return super()._secret
"""


def test_the_scan_names_each_private_use_with_its_line():
    found = offences(SAMPLE, "sample.py", {"pokerfest"}, private_names_defined(ast.parse(SAMPLE)))
    assert found == [
        "sample.py:2 from django.utils._os import …",
        "sample.py:3 from django.db.models import _Private",
        "sample.py:5 import channels._internal",
        "sample.py:16 ._in_poll",
        "sample.py:16 ._tempDataBuffer",
        "sample.py:21 getattr(…, '_started')",
        "sample.py:24 ._secret",
    ]


def test_transport_temp_data_buffer_is_caught():
    source = "def pending(transport):\n    return transport._tempDataBuffer\n"
    assert offences(source, "fanout.py", {"pokerfest"}, set()) == ["fanout.py:2 ._tempDataBuffer"]
