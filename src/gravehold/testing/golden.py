"""Golden games: whole seeded heuristic games pinned to files, so a refactor proves it changed nothing.

One file per nemesis, ``<dir>/<nemesis-slug>.jsonl``. Its first line is the setup (mages,
market, difficulty, seed, ruleset), fixed once when the file is first written, so that adding
content never changes an existing game. Then each event the engine logged has a line, and each
decision the agents answered has one (its number, kind, player, source, prompt, options and
choice) after the events that led to it; the last line is the game's summary. A change in
behaviour shows as a short line diff.

Pinned games (``<dir>/games/<name>.jsonl``, the table ``GAMES``) are more single games of a
named setup, for content no nemesis' own setup deals: a box's mages against an older
nemesis (Legacy of Gravehold's mages before its nemeses exist).

Golden expeditions (``<dir>/expeditions/<name>.jsonl``) pin whole bot expeditions the same
way: the setup, then for each battle's try its choices, nemesis, deck, result and a digest of
its actions, each Barracks event, and the final state's summary (``record_expedition``).

Golden campaigns (``<dir>/campaigns/<name>.jsonl``, the table ``CAMPAIGNS``) pin whole bot
Legacy campaigns of a script: the setup, each battle's try (choices, setup, result, a digest
of its actions), each decision between battles, each event, and the final census
(``record_campaign``).

Compare (exit 1 and a diff when a game differs), or write the files anew::

    python -m gravehold.testing.golden            # compare every nemesis against tests/golden
    python -m gravehold.testing.golden --update   # rewrite them, printing what changed
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
import zlib
from pathlib import Path

from ..content import registry as content
from ..engine.game import Game
from ..engine.shapes import Doc, Json
from ..engine.state import Action, Decision
from ..table import Table

DEFAULT_DIR = Path("tests/golden")
MAX_DECISIONS = 5000


def slug(nemesis: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", nemesis.casefold()).strip("-")


def _complete(box: str) -> bool:
    """Does the box hold what a game needs of it: mages, supply cards and basic nemesis cards?"""
    b = content.BOXES[box]
    return bool(b.mages) and any(not c.starter and c.type in ("gem", "relic", "spell") for c in b.cards) \
        and bool(content.BASICS.get(box))


def default_setup(nemesis: str) -> Doc:
    """A setup drawn once from the nemesis' own box, seeded by its name.

    The market is a market setup drawn from that box only, so content added by later boxes
    leaves the game as it is. A box still being written (no mages or no basic nemesis cards
    yet) borrows them from the first box that has both, and the setup names it.
    """
    nd = content.nemesis(nemesis)
    h = zlib.crc32(nd.id.encode())
    seed = h % 10_000
    boxes: list[str] = [nd.box]
    extra: Doc = {}
    if not (content.box(nd.box).mages and content.BASICS.get(nd.box)):
        spare = next(b.id for b in content.BOXES.values() if b.mages and content.BASICS.get(b.id))
        boxes = [spare, nd.box]
        if not content.BASICS.get(nd.box):
            extra = {"basics": spare}
    probe = Game.new(mages=["random"] * (1 + h % 4), nemesis=nd.id, market="random",
                     difficulty="expert" if h & 16 else "normal", seed=seed, boxes=boxes, events=False, **extra)
    cfg = probe.state.config
    return {"nemesis": nd.id, "mages": cfg["mages"], "market": cfg["market"], "boxes": boxes,
            "difficulty": cfg["difficulty"], "ruleset": "we", "seed": seed, **extra}


def _jsonable(x: Json) -> Json:
    return json.loads(json.dumps(x))


def record(setup: Doc) -> list[str]:
    """Play the setup with heuristic agents in every seat; one JSON line per decision."""
    g = Game.new(mages=setup["mages"], nemesis=setup["nemesis"], market=setup["market"],
                 difficulty=setup["difficulty"], ruleset=setup["ruleset"], seed=setup["seed"], boxes=setup["boxes"],
                 **({"basics": setup["basics"]} if setup.get("basics") else {}))
    lines = [json.dumps({"setup": setup}, sort_keys=True)]
    seen = 0

    def write(g: Game, d: Decision, choice: Action) -> None:
        nonlocal seen
        lines.extend(json.dumps(_jsonable(e), sort_keys=True) for e in g.events[seen:])
        seen = len(g.events)  # what the choice sets off is written before the next decision
        lines.append(json.dumps(_jsonable({
            "seq": d.seq, "kind": d.kind, "player": d.player, "source": d.source, "prompt": d.prompt,
            "options": d.options, "choice": choice}), sort_keys=True))

    Table.of_bots(g, "heuristic", setup["seed"]).play(max_steps=MAX_DECISIONS, on_choice=write)
    if not g.over:
        raise RuntimeError(f"{setup['nemesis']}: no end after {MAX_DECISIONS} decisions")
    lines.extend(json.dumps(_jsonable(e), sort_keys=True) for e in g.events[seen:])
    lines.append(json.dumps(_jsonable({"end": g.summary()}), sort_keys=True))
    return lines


#: the boxes the random pinned expeditions draw from: named, so that a box added later joins
#: no pool of theirs and changes none of them (a golden file pins what it names, no more)
GOLDEN_BOXES = ("AE", "WE", "NA")

#: the pinned expeditions: a name and the options they set out with
EXPEDITIONS: dict[str, Doc] = {
    "new-age-story": {"players": 2, "story": "new_age", "seed": 4, "max_tries": 3},
    "outcasts-story": {"players": 2, "story": "outcasts", "seed": 4, "max_tries": 3},
    "random-standard": {"players": 2, "length": "standard", "seed": 2026, "max_tries": 3, "boxes": GOLDEN_BOXES},
    "random-short-solo-endless": {"players": 1, "length": "short", "endless": True, "seed": 9, "max_tries": 2,
                                  "boxes": GOLDEN_BOXES},
}


#: the pinned single games: a name and the setup they are played from (fixed in the file's
#: first line when it is first written, as a nemesis' game is)
GAMES: dict[str, Doc] = {
    # Legacy of Gravehold's mages and supply before its nemeses: each city's mages with their
    # piles and tokens, a market of the box's cards only, its basic nemesis cards
    "log-azer-mages": {"mages": ["Razra (LOG)", "Xaxos (LOG)", "Taqren (LOG)", "Yan Magda (LOG)"],
                       "nemesis": "Rageborne", "market": "random", "difficulty": "normal", "ruleset": "log",
                       "seed": 2026, "boxes": ["LOG"], "basics": "LOG"},
    "log-gravehold-mages": {"mages": ["Mazra (LOG)", "Kadir (LOG)", "Nook (LOG)", "Inco (LOG)"],
                            "nemesis": "Umbra Titan", "market": "random", "difficulty": "normal", "ruleset": "log",
                            "seed": 2026, "boxes": ["LOG"], "basics": "LOG"},
}


def playable(setup: Doc) -> bool:
    """Can this pinned expedition be played here (its story loaded: a box brings its story
    only once it holds every nemesis the story names)?"""
    story = setup.get("story")
    return story is None or story in content.EXPEDITIONS


def record_expedition(setup: Doc) -> list[str]:
    """Play a whole expedition with the bots' policy and agents; one JSON line per step."""
    from ..campaigns.battle import play_campaign
    from ..campaigns.expedition import EXPEDITION, steps

    exp = steps.new(**setup)
    lines = [json.dumps({"setup": setup}, sort_keys=True)]
    done = len(exp.events)
    for e in exp.events:
        lines.append(json.dumps({"event": _jsonable(_builtins(e))}, sort_keys=True))
    written = 0
    for _ in range(200):
        if exp.phase == "complete":
            break
        exp = play_campaign(EXPEDITION, exp, max_battles=1)
        for r in exp.history[written:]:
            written += 1
            digest = zlib.crc32(json.dumps(r.actions).encode())
            lines.append(json.dumps({"battle": r.battle, "attempt": r.attempt, "nemesis": r.nemesis,
                                     "choices": _jsonable(_builtins(r.choices)), "config": _jsonable(r.config),
                                     "result": r.result, "reason": r.reason, "score": r.score,
                                     "actions": len(r.actions), "digest": digest}, sort_keys=True))
        for e in exp.events[done:]:
            lines.append(json.dumps({"event": _jsonable(_builtins(e))}, sort_keys=True))
        done = len(exp.events)
    lines.append(json.dumps({"end": {"phase": exp.phase, "abandoned": exp.abandoned, "score": exp.score,
                                     "battle": exp.battle, "barracks": _jsonable(_builtins(exp.barracks))}},
                            sort_keys=True))
    return lines


#: the pinned Legacy campaigns: a name and how they start (``script``: a shipped script's id,
#: or a file's path relative to the golden directory)
CAMPAIGNS: dict[str, Doc] = {
    "project-azer-duo": {"script": "project", "players": 2, "city": "Azer", "seed": 2026},
    "tiny-gravehold-solo": {"script": "../fixtures/campaigns/tiny.toml", "players": 1, "city": "Gravehold",
                            "seed": 7},
}


def record_campaign(setup: Doc, where: Path = DEFAULT_DIR) -> list[str]:
    """Play a whole Legacy campaign with the bots' policy and agents; one JSON line per step."""
    from ..campaigns.battle import advance
    from ..campaigns.legacy import LEGACY, census, script, steps

    name = str(setup["script"])
    s = script.shipped(name) if name in script.SHIPPED else script.load(where / name)
    doc = steps.new(s, int(setup["players"]), str(setup["city"]), seed=int(setup["seed"]))
    lines = [json.dumps({"setup": setup}, sort_keys=True)]
    seen = [0, 0, 0]  # events, records, decisions written

    def written() -> None:
        for e in doc.events[seen[0]:]:
            lines.append(json.dumps({"event": _jsonable(_builtins(e))}, sort_keys=True))
        for r in doc.history[seen[1]:]:
            digest = zlib.crc32(json.dumps(r.actions).encode())
            lines.append(json.dumps({"battle": r.battle, "attempt": r.attempt, "nemesis": r.nemesis,
                                     "choices": _jsonable(_builtins(r.choices)), "config": _jsonable(r.config),
                                     "result": r.result, "reason": r.reason, "actions": len(r.actions),
                                     "digest": digest}, sort_keys=True))
        for t in doc.taken[seen[2]:]:
            if t.kind != "battle":
                lines.append(json.dumps({"taken": _jsonable(_builtins(t))}, sort_keys=True))
        seen[:] = [len(doc.events), len(doc.history), len(doc.taken)]

    written()
    for _ in range(500):
        if doc.phase == "complete":
            break
        doc = advance(LEGACY, doc)
        written()
    lines.append(json.dumps({"end": {"phase": doc.phase, "step": doc.step, "census": _jsonable(census.census(doc)),
                                     "stickers": _jsonable(_builtins(doc.stickers)),
                                     "fire": _jsonable(_builtins(doc.fire))}}, sort_keys=True))
    return lines


def _builtins(x: Json) -> Json:
    import msgspec

    return msgspec.to_builtins(x)


def setup_from(path: Path) -> Doc | None:
    if not path.exists():
        return None
    with path.open() as f:
        first = f.readline()
    setup: Doc = json.loads(first)["setup"]
    return setup


def diff(path: Path, lines: list[str], context: int = 2, limit: int = 60) -> list[str]:
    """The unified diff of the stored game against ``lines`` (empty when equal)."""
    old = path.read_text().splitlines() if path.exists() else []
    out = list(difflib.unified_diff(old, lines, str(path), "now", n=context, lineterm=""))
    return out[:limit] + ([f"... {len(out) - limit} more diff lines"] if len(out) > limit else [])


def _compare(path: Path, lines: list[str], label: str, update: bool) -> int:
    """Print the diff of a golden file against ``lines`` (writing it when ``update``); 1 if it differs."""
    d = diff(path, lines)
    if d:
        print("\n".join(d))
        if update:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("\n".join(lines) + "\n")
    print(f"{label}: {'changed' if d else 'same'}{' (written)' if d and update else ''}", file=sys.stderr)
    return 1 if d else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m gravehold.testing.golden", description=__doc__.split("\n")[0])
    ap.add_argument("nemeses", nargs="*",
                    help="nemeses, pinned games, pinned expeditions (outcasts-story, ...) or pinned campaigns to check "
                         "(default: all of them)")
    ap.add_argument("--dir", type=Path, default=DEFAULT_DIR, help="where the golden files are (tests/golden)")
    ap.add_argument("--update", action="store_true", help="write the games anew and print what changed")
    args = ap.parse_args(argv)
    trips = [n for n in args.nemeses if n in EXPEDITIONS]
    games = [n for n in args.nemeses if n in GAMES]
    camps = [n for n in args.nemeses if n in CAMPAIGNS]
    try:
        names = [content.nemesis(n).id for n in args.nemeses
                 if n not in EXPEDITIONS and n not in GAMES and n not in CAMPAIGNS]
    except Exception as e:  # an unknown name: say which, no traceback
        print(f"error: {e}; the pinned expeditions are {', '.join(EXPEDITIONS)}; the pinned games "
              f"{', '.join(GAMES) or 'none'}; the pinned campaigns {', '.join(CAMPAIGNS)}", file=sys.stderr)
        return 2
    if not args.nemeses:
        names, trips, games, camps = sorted(content.NEMESES), list(EXPEDITIONS), list(GAMES), list(CAMPAIGNS)
    changed = 0
    for name in names:
        path = args.dir / f"{slug(name)}.jsonl"
        changed += _compare(path, record(setup_from(path) or default_setup(name)), name, args.update)
    for name in games:
        path = args.dir / "games" / f"{name}.jsonl"
        changed += _compare(path, record(setup_from(path) or GAMES[name]), f"game {name}", args.update)
    for name in trips:
        setup = EXPEDITIONS[name]
        path = args.dir / "expeditions" / f"{name}.jsonl"
        if not playable(setup):
            print(f"expedition {name}: skipped (its story {setup['story']} is not loaded)", file=sys.stderr)
            continue
        changed += _compare(path, record_expedition(setup_from(path) or setup), f"expedition {name}", args.update)
    for name in camps:
        path = args.dir / "campaigns" / f"{name}.jsonl"
        changed += _compare(path, record_campaign(setup_from(path) or CAMPAIGNS[name], args.dir),
                            f"campaign {name}", args.update)
    return 0 if args.update or not changed else 1


if __name__ == "__main__":
    raise SystemExit(main())
