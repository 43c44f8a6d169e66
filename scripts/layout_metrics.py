"""Print the package's size figures: files, lines, ``Any`` count, modules over 600 lines,
functions over 80 lines and import cycles (``--lazy`` counts imports inside functions too).

    python scripts/layout_metrics.py [--lazy] [src/gravehold]
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path


def module_name(path: Path, root: Path) -> str:
    return ".".join(path.relative_to(root.parent).with_suffix("").parts).removesuffix(".__init__")


def imports(tree: ast.Module, mod: str, is_pkg: bool, lazy: bool) -> set[str]:
    """The modules and names an import statement may bring (``TYPE_CHECKING`` blocks left out)."""
    nodes: list[ast.AST] = []
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        nodes.extend(ast.walk(node) if lazy else [node])
        if not lazy and isinstance(node, (ast.If, ast.Try)):
            nodes.extend(n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom)))
    out: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                pkg = mod.split(".") if is_pkg else mod.split(".")[:-1]
                pkg = pkg[: len(pkg) - node.level + 1]
                base = ".".join(pkg + ([node.module] if node.module else []))
            out.update(f"{base}.{a.name}" for a in node.names)
            out.add(f"{base}.*" if node.names and node.names[0].name != "*" else base)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    sys.setrecursionlimit(10_000)
    for v in graph:
        if v not in index:
            visit(v)
    return found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default="src/gravehold", type=Path)
    ap.add_argument("--lazy", action="store_true", help="count imports inside functions too")
    a = ap.parse_args()
    files = sorted(a.root.rglob("*.py"))
    lines = anys = 0
    big: list[tuple[int, str]] = []
    long: list[tuple[int, str]] = []
    mods: dict[str, set[str]] = {}
    for f in files:
        text = f.read_text()
        n = text.count("\n")
        lines += n
        anys += len(re.findall(r"\bAny\b", text))
        if n > 600:
            big.append((n, str(f)))
        tree = ast.parse(text)
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > 80:
                    long.append((size, f"{f}:{node.name}"))
        mod = module_name(f, a.root)
        mods[mod] = imports(tree, mod, f.name == "__init__.py", a.lazy)
    def targets(imps: set[str]) -> set[str]:
        """``from pkg import name`` imports ``pkg.name`` when that is a module, else ``pkg``."""
        out = {i for i in imps if i in mods}
        for i in imps:
            if i.endswith(".*"):
                base = i[:-2]
                names = {x for x in imps if x.startswith(base + ".") and x != i}
                if base in mods and not any(x in mods for x in names):
                    out.add(base)
        return out

    graph = {m: targets(imps) - {m} for m, imps in mods.items()}
    print(f"files {len(files)}  lines {lines}  Any {anys}")
    print(f"modules over 600 lines: {len(big)}")
    for n, f in sorted(big, reverse=True):
        print(f"  {n:5d} {f}")
    print(f"functions over 80 lines: {len(long)}")
    for n, f in sorted(long, reverse=True):
        print(f"  {n:5d} {f}")
    found = cycles(graph)
    print(f"import cycles{' (lazy imports counted)' if a.lazy else ''}: {len(found)}")
    for c in found:
        print(f"  {len(c)}: {' '.join(c)}")


if __name__ == "__main__":
    main()
