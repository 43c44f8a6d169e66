"""The package's shape, kept: no import cycle, no function over 80 lines, no module over 600.

A cycle means two modules can only be understood together, and is how a layer starts
reaching up into the one above it; long functions and modules are where a change costs the
most to review. Imports under ``if TYPE_CHECKING`` are types only and do not count; imports
inside functions do, since they bind modules as surely as those at the top.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "gravehold"
MODULES = sorted(SRC.rglob("*.py"))
MAX_FUNCTION = 80
MAX_MODULE = 600


def _name(path: Path, src: Path = SRC) -> str:
    return ".".join(path.relative_to(src.parent).with_suffix("").parts).removesuffix(".__init__")


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _outside_type_checking(tree: ast.AST) -> list[ast.stmt]:
    """Every statement of ``tree`` but those under an ``if TYPE_CHECKING:`` (its ``else``
    kept). Imports are statements, so expressions need no visit: that is most of a tree."""
    out: list[ast.stmt] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.stmt):
            out.append(node)
        if isinstance(node, ast.If) and _type_checking(node.test):
            todo.extend(node.orelse)
            continue
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            todo.extend(getattr(node, field, ()))
    return out


def _imported(path: Path, known: set[str], src: Path) -> set[str]:
    """The package's modules that ``path`` imports anywhere outside a ``TYPE_CHECKING`` block."""
    mod = _name(path, src)
    package = mod.split(".") if path.name == "__init__.py" else mod.split(".")[:-1]
    tree = ast.parse(path.read_text())
    out: set[str] = set()
    for node in _outside_type_checking(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in known}
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[: len(package) - node.level + 1]) if node.level else ""
            mod_from = ".".join(p for p in (base, node.module or "") if p)
            subs = {f"{mod_from}.{a.name}" for a in node.names} & known
            out |= subs or ({mod_from} & known)
    return out - {mod}


def import_cycles(src: Path = SRC) -> list[list[str]]:
    """Groups of modules that import each other, round a loop (strongly connected components)."""
    modules = sorted(src.rglob("*.py"))
    known = {_name(p, src) for p in modules}
    graph = {_name(p, src): _imported(p, known, src) for p in modules}
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        order[v] = low[v] = len(order)
        stack.append(v)
        for w in graph[v]:
            if w not in order:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], order[w])
        if low[v] == order[v]:
            group = []
            while (w := stack.pop()) != v:
                group.append(w)
            if group:
                found.append(sorted([v, *group]))

    for v in sorted(graph):
        if v not in order:
            visit(v)
    return found


def test_shape_no_import_cycle_in_the_package() -> None:
    assert import_cycles() == []


def test_shape_the_cycle_check_finds_a_cycle(tmp_path: Path) -> None:
    """The check can fail: two modules importing each other, one of them lazily, are found."""
    pkg = tmp_path / "gravehold"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from .a import x\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n")
    assert import_cycles(pkg) == [["gravehold.a", "gravehold.b"]]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_shape_module_and_function_sizes(path: Path) -> None:
    text = path.read_text()
    assert text.count("\n") <= MAX_MODULE, f"{path.name} has {text.count(chr(10))} lines"
    long = [(n.name, n.end_lineno - n.lineno + 1) for n in ast.walk(ast.parse(text))
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
            and n.end_lineno is not None and n.end_lineno - n.lineno + 1 > MAX_FUNCTION]
    assert long == []
