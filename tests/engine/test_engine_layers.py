"""The engine's layers: no import cycle through an engine module, not even one closed by an
import inside a function, and no engine module or function past the issue's size bar.

The import graph is the one ``scripts/layout_metrics.py --lazy`` prints; a cycle that holds
an engine module means a lower layer reaches up (text rendering into a keyword's rules, the
kernel into the explanations), which the engine replaces by a declared table.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PKG = ROOT / "src" / "gravehold"
_spec = importlib.util.spec_from_file_location("layout_metrics", ROOT / "scripts" / "layout_metrics.py")
assert _spec is not None and _spec.loader is not None
metrics = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(metrics)


def _graph(lazy: bool) -> dict[str, set[str]]:
    mods = {}
    for f in sorted(PKG.rglob("*.py")):
        mod = metrics.module_name(f, PKG)
        mods[mod] = metrics.imports(ast.parse(f.read_text()), mod, f.name == "__init__.py", lazy)
    graph = {}
    for m, imps in mods.items():
        out = {i for i in imps if i in mods}
        out |= {i[:-2] for i in imps if i.endswith(".*") and i[:-2] in mods
                and not any(x in mods for x in imps if x.startswith(i[:-2] + ".") and x != i)}
        graph[m] = out - {m}
    return graph


def test_engine_layers_no_import_cycle_holds_an_engine_module() -> None:
    for lazy in (False, True):
        through = [c for c in metrics.cycles(_graph(lazy)) if any(m.startswith("gravehold.engine") for m in c)]
        assert through == [], f"import cycles through the engine ({'lazy' if lazy else 'module level'})"


def test_engine_layers_no_engine_module_over_600_lines_nor_function_over_80() -> None:
    big, long = [], []
    for f in sorted((PKG / "engine").rglob("*.py")):
        text = f.read_text()
        if text.count("\n") > 600:
            big.append(f.name)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                    and (node.end_lineno or node.lineno) - node.lineno + 1 > 80:
                long.append(f"{f.name}:{node.name}")
    assert big == [] and long == []
