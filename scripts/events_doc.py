"""Write docs/events.md: every event the engine and the boxes log, with its fields.

The list is read from the source (each ``g.ev("name", field=...)`` call), so it cannot fall
behind; ``tests/engine/test_events_text.py`` fails when the file differs from what this writes.

    python scripts/events_doc.py            # rewrite docs/events.md
    python scripts/events_doc.py --check    # exit 1 if it is out of date
"""

from __future__ import annotations

import ast
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "gravehold"
DOC = ROOT / "docs" / "events.md"

HEAD = """# Events

`game.events` is the structured log of a game: one dict per event, in the order things
happened. Every event has `event` (its name) and `turn` (the turn number); the fields below
come on top. Player and seat fields (`player`, `owner`, `to_player`, ...) are 0-based seats;
`source` is the card, mage or rule that caused it; `breach` is 0 for breach I. The game log
shown to people (`gravehold.events_text`) renders each event as a line or leaves it silent
on purpose.

This page is written by `python scripts/events_doc.py` from the source, so every event the
engine or a box can log is here.

| event | fields | logged by |
|---|---|---|
"""


def scan() -> dict[str, tuple[set[str], set[str]]]:
    found: dict[str, tuple[set[str], set[str]]] = defaultdict(lambda: (set(), set()))
    for path in sorted([*SRC.glob("engine/**/*.py"), *SRC.glob("boxes/**/*.py")]):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "ev"
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                fields, where = found[node.args[0].value]
                fields.update(k.arg for k in node.keywords if k.arg)
                where.add(str(path.relative_to(SRC).with_suffix("")).replace("/", "."))
    return dict(found)


def render() -> str:
    rows = [f"| `{name}` | {', '.join(f'`{f}`' for f in sorted(fields)) or '—'} | {', '.join(sorted(where))} |"
            for name, (fields, where) in sorted(scan().items())]
    return HEAD + "\n".join(rows) + "\n"


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        same = DOC.exists() and DOC.read_text() == text
        print("docs/events.md is " + ("current" if same else "out of date: run python scripts/events_doc.py"))
        return 0 if same else 1
    DOC.write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
