"""The CLI's shape: no import cycle through the CLI and the simulators, no long function.

Imports inside functions count: a cycle closed lazily still ties the modules together
(the CLI needed the expedition sweep, which needed the CLI's console and error line).
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "gravehold"


def _module(path: Path) -> str:
    return ".".join(path.relative_to(SRC.parent).with_suffix("").parts).removesuffix(".__init__")


def _imported(tree: ast.Module, mod: str, is_pkg: bool, modules: set[str]) -> set[str]:
    """The modules an import anywhere in the file brings: ``from pkg import name`` brings
    ``pkg.name`` when that is a module, else ``pkg`` (its ``__init__``)."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                pkg = mod.split(".") if is_pkg else mod.split(".")[:-1]
                base = ".".join(pkg[: len(pkg) - node.level + 1] + ([node.module] if node.module else []))
            named = {f"{base}.{a.name}" for a in node.names} & modules
            out |= named or {base}
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def import_graph(*prefixes: str) -> dict[str, set[str]]:
    """The package's modules whose names start with one of ``prefixes``, each with the
    modules of that set it imports."""
    files = {_module(p): p for p in SRC.rglob("*.py")}
    mods = {m: p for m, p in files.items() if m.startswith(prefixes)}
    graph: dict[str, set[str]] = {}
    for m, p in mods.items():
        names = _imported(ast.parse(p.read_text()), m, p.name == "__init__.py", set(files))
        graph[m] = {n for n in names if n in mods and n != m}
    return graph


def cycle_through(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of the graph as the path around it, or [] when there is none."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(v: str) -> list[str]:
        state[v] = 1
        path.append(v)
        for w in sorted(graph[v]):
            if state.get(w) == 1:
                return [*path[path.index(w):], w]
            if w not in state and (found := visit(w)):
                return found
        state[v] = 2
        path.pop()
        return []

    for v in sorted(graph):
        if v not in state and (found := visit(v)):
            return found
    return []


def test_the_graph_walk_finds_a_cycle() -> None:
    assert cycle_through({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle_through({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


def test_no_import_cycle_among_the_cli_and_the_simulators() -> None:
    graph = import_graph("gravehold.cli", "gravehold.sim", "gravehold.campaigns")
    assert "gravehold.campaigns.expedition.sweep" in graph and any(m.startswith("gravehold.cli") for m in graph)
    assert cycle_through(graph) == []


def test_the_simulators_do_not_import_the_cli() -> None:
    """The game and campaign sweeps are libraries: the CLI draws them, never the reverse."""
    lower = ("gravehold.sim", "gravehold.campaigns")
    graph = import_graph("gravehold.cli", *lower)
    assert {m: sorted(i for i in imps if i.startswith("gravehold.cli"))
            for m, imps in graph.items() if m.startswith(lower)} == \
        {m: [] for m in graph if m.startswith(lower)}


def test_no_cli_function_runs_over_80_lines_nor_a_module_over_400() -> None:
    long: list[str] = []
    big: list[str] = []
    for path in SRC.rglob("*.py"):
        if not _module(path).startswith("gravehold.cli"):
            continue
        text = path.read_text()
        if text.count("\n") > 400:
            big.append(_module(path))
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > 80:
                    long.append(f"{_module(path)}.{node.name} ({size} lines)")
    assert (long, big) == ([], [])
