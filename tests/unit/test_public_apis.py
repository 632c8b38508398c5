"""Product code reaches libraries through their public, documented APIs only (issue 25): no
`something._private` attribute, and no getattr/setattr/hasattr with a private name, outside an
object's own (`self`, `cls`). Django's documented `Model._meta` is allowed. The fan-out wrote
through daphne's, autobahn's and Twisted's internals before; an upgrade could have turned it off
silently."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ["core", "pokerfest", "tournaments", "tables", "clock", "players", "rules"]
ALLOWED = {"_meta"}


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name not in ALLOWED


def reaches_in(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr):
            if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.append((node.lineno, ast.unparse(node)))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "setattr", "hasattr", "delattr")
            and len(node.args) > 1
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
            and private(node.args[1].value)
        ):
            found.append((node.lineno, ast.unparse(node)))
    return sorted(found)


def test_no_product_module_reaches_into_a_private_attribute():
    found = [
        f"{path.relative_to(ROOT)}:{line} {text}"
        for package in PRODUCT
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts
        for line, text in reaches_in(ast.parse(path.read_text()))
    ]
    assert found == []


def test_the_check_sees_what_the_old_fan_out_did():
    old = 'ok = not getattr(transport, "_tempDataBuffer", True)\nsock = connection.transport._socket\n'
    assert [text for _, text in reaches_in(ast.parse(old))] == [
        "getattr(transport, '_tempDataBuffer', True)",
        "connection.transport._socket",
    ]
