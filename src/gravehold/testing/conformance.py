"""The conformance kit: what every box must satisfy, checked the same way for each.

``check_box(box)`` returns the problems it finds (an empty list when the box conforms);
``assert_box(box)`` raises with all of them listed. It checks that

* every entry the box declares is in the catalogue, exactly as declared, and renders its text;
* every step kind the box's own modules register has wording that renders for each use;
* every nemesis of the box has bot hints (``hints.nemesis`` in the box's ``hints.py``;
  ``NemesisHints()`` says the generic rules suit it), so none is left to the bots unthought;
* with ``tests`` given (a folder of test files), every entry of the box is named by some
  test, and every step kind of its own is named by one or used by an entry that one names;
* seeded games against each of its nemeses, and games with its treasures (each in one game at
  least), with random and with heuristic agents, meet only
  decision kinds and action heads that ``engine.decisions`` declares, keep the card census
  after every decision, reload from JSON to an equal state, and replay exactly
  from their setup and actions.

A box written for gravehold runs this in its own test suite::

    from gravehold.testing.conformance import assert_box
    assert_box("AE", tests=Path(__file__).parent)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..content import registry
from ..content.hints import hints
from ..content.model import Box
from ..content.text import (
    ability_text,
    card_text,
    nemesis_card_text,
    nemesis_text,
    render_step,
    render_steps,
    treasure_text,
)
from ..engine.census import card_census
from ..engine.decisions import ACTION_HEADS, DECISION_KINDS, fits
from ..engine.game import Game
from ..engine.shapes import ConfigDoc, Doc
from ..engine.state import Action, Decision
from ..engine.vocabulary import RULE_KINDS, STEP_KINDS
from ..table import Table

#: a JSON round trip every this many decisions (every decision would cost more than the game)
RELOAD_EVERY = 17


def _steps_in(x: Any) -> Iterator[tuple[Any, ...]]:
    """Every step tuple inside a content field, nested ones included."""
    if isinstance(x, tuple):
        if x and isinstance(x[0], str) and (x[0] in STEP_KINDS or x[0] in RULE_KINDS):
            yield x
        for y in x:
            yield from _steps_in(y)
    elif isinstance(x, dict):
        for v in x.values():
            yield from _steps_in(v)


def _entries(box: Box) -> Iterator[tuple[str, str, Any]]:
    """(kind, name, record) of everything the box declares."""
    for c in box.cards:
        yield "card", c.name, c
    for m in box.mages:
        yield "mage", m.id, m
    for nc in (*box.nemesis_cards, *box.basic_cards, *box.upgraded_cards):
        yield "nemesis card", nc.name, nc
    for n in box.nemeses:
        yield "nemesis", n.id, n
    for t in box.treasures:
        yield "treasure", t.name, t
    for o in box.others:
        yield "other", o.name, o


def _record_steps(rec: Any) -> Iterator[tuple[Any, ...]]:
    for f in getattr(rec, "__dataclass_fields__", {}):
        yield from _steps_in(getattr(rec, f))
    ability = getattr(rec, "ability", None)
    if ability is not None:
        yield from _steps_in(ability.steps)


def _text(kind: str, rec: Any) -> str:
    if kind == "card":
        return card_text(rec)
    if kind == "mage":
        return ability_text(rec)
    if kind == "nemesis card":
        return nemesis_card_text(rec)
    if kind == "treasure":
        return treasure_text(rec)
    if kind == "other":
        return render_steps(rec.steps)
    return nemesis_text(rec)


def _table(kind: str) -> Doc:
    tables: dict[str, Doc] = {"card": registry.CARDS, "mage": registry.MAGES,
                                         "nemesis card": registry.NEMESIS_CARDS, "nemesis": registry.NEMESES,
                                         "treasure": registry.TREASURES}
    return tables[kind]


def own_step_kinds(box: Box, package: str) -> list[str]:
    """The step and rule kinds registered by the box's own modules (those under ``package``)."""
    mods = {k: sk.module for k, sk in STEP_KINDS.items()} | {k: rk.module for k, rk in RULE_KINDS.items()}
    return sorted(k for k, m in mods.items() if m == package or m.startswith(package + "."))


def _package_of(box: Box) -> str:
    from .. import boxes as loader

    return loader.MODULES.get(box.id, "")


def check_entries(box: Box) -> list[str]:
    problems = []
    if registry.BOXES.get(box.id) is not box:
        problems.append(f"box {box.id}: not the box the catalogue holds under that id")
    for kind, name, rec in _entries(box):
        if kind != "other" and _table(kind).get(name) != rec:
            problems.append(f"{kind} {name}: not in the catalogue as declared")
            continue
        try:
            text = _text(kind, rec)
        except Exception as e:  # a wording that cannot render is exactly what this reports
            problems.append(f"{kind} {name}: its text does not render ({type(e).__name__}: {e})")
            continue
        if not isinstance(text, str):
            problems.append(f"{kind} {name}: its text is not a string")
        for s in _record_steps(rec):
            try:
                out = render_step(s)
            except Exception as e:
                problems.append(f"{kind} {name}: step {s[0]!r} does not render ({type(e).__name__}: {e})")
                continue
            if not out.strip():
                problems.append(f"{kind} {name}: step {s[0]!r} renders as nothing")
    return problems


def check_hints(box: Box) -> list[str]:
    """Each nemesis of the box declares its bot hints: the bots weigh an Unleash, its tokens
    and damage at it by them, and a nemesis nobody declared them for plays on defaults that
    were never chosen for it."""
    return [f"nemesis {nd.id}: no bot hints (declare hints.nemesis({nd.id!r}, NemesisHints(...)) in the "
            f"box's hints.py; NemesisHints() when the generic rules suit it)"
            for nd in box.nemeses if nd.id not in hints.nemeses]


def check_tests_name_everything(box: Box, tests: Path, package: str) -> list[str]:
    """Each entry is named by a test; each own step kind is named by one, or used by an entry
    that a test names (that entry's behaviour test runs the step)."""
    own = _folder_of(package)
    corpus = "\n".join(p.read_text() for p in sorted(tests.rglob("*.py"))
                       if own is None or own not in p.resolve().parents)
    named = {name for _, name, _ in _entries(box) if name in corpus}
    problems = [f"{kind} {name}: no test names it" for kind, name, _ in _entries(box) if name not in named]
    used_by_named = {s[0] for _, name, rec in _entries(box) if name in named for s in _record_steps(rec)}
    for k in own_step_kinds(box, package):
        if k not in corpus and k not in used_by_named:
            problems.append(f"step kind {k!r}: no test names it or a card that uses it")
    return problems


def _folder_of(package: str) -> Path | None:
    """The box's own folder, whose files naming its entries are no tests of them."""
    import importlib

    try:
        f = importlib.import_module(package).__file__
    except ImportError:
        return None
    return Path(f).resolve().parent if f else None


def check_games(box: Box, seed: int = 1, players: int = 2) -> list[str]:
    """Seeded random and heuristic games against each nemesis of the box."""
    problems = []
    mages = [m.id for m in box.mages][:players] or ["random"] * players
    for nd in box.nemeses:
        for agent in ("random", "heuristic"):
            label = f"nemesis {nd.id}, {agent} agents"
            try:
                problems += _check_one_game(nd.id, mages, agent, seed, label)
            except Exception as e:  # a crash is a finding, with its setup named
                problems.append(f"{label}: the game raised {type(e).__name__}: {e}")
    return problems + check_treasure_games(box, seed, players)


def treasure_setups(box: Box, players: int) -> list[ConfigDoc]:
    """Setups that hold each of the box's treasures once at least (X-5, X-14): game k gives
    seat j the tier-1 and tier-3 treasures k + j of their tiers, and the group tier-2 k."""
    tiers = {k: [t.name for t in box.treasures if t.tier == k] for k in (1, 2, 3)}
    games = max((len(v) for v in tiers.values()), default=0)
    out = []
    for k in range(games):
        seats = [{key: names[(k + j) % len(names)] for key, names in (("tier1", tiers[1]), ("tier3", tiers[3]))
                  if names} for j in range(players)]
        spec: ConfigDoc = {"players": seats}
        if tiers[2]:
            spec["group"] = tiers[2][k % len(tiers[2])]
        out.append(spec)
    return out


def check_treasure_games(box: Box, seed: int = 1, players: int = 2) -> list[str]:
    """Seeded random and heuristic games with the box's treasures, against a nemesis of the box
    (or the catalogue's default one)."""
    if not box.treasures:
        return []
    problems = []
    mages = [m.id for m in box.mages][:players] or [m for m in sorted(registry.MAGES)][:players]
    nemesis = box.nemeses[0].id if box.nemeses else registry.default_setup("nemesis")
    for k, spec in enumerate(treasure_setups(box, len(mages))):
        for agent in ("random", "heuristic"):
            label = f"treasures {spec}, {agent} agents"
            try:
                problems += _check_one_game(nemesis, mages, agent, _seed_with_pile(mages, nemesis, seed + k, spec),
                                            label, treasures=spec)
            except Exception as e:  # a crash is a finding, with its setup named
                problems.append(f"{label}: the game raised {type(e).__name__}: {e}")
    return problems


def _seed_with_pile(mages: list[str], nemesis: str, seed: int, spec: ConfigDoc) -> int:
    """The first seed from ``seed`` on (in steps of 1000) whose random market has a pile the
    group's treasure may lie beside (a market without a 7 Æ pile has none for some)."""
    from ..engine.setup import Config, SetupError, new_state

    for k in range(50):
        try:
            new_state(Config(mages=list(mages), nemesis=nemesis, market="random", seed=seed + 1000 * k,
                             treasures=spec))
        except SetupError:
            continue
        return seed + 1000 * k
    return seed  # the game itself then reports why it cannot be set up


#: decisions a game may take before it is reported as never ending
MAX_DECISIONS = 20_000


@dataclass
class _Watch:
    """One conformance game's checks after each action the table applies; the first
    problem stops the game (``stop``)."""

    label: str
    census: Counter[str]
    actions: list[Action] = field(default_factory=list)
    problem: str | None = None

    def next_decision(self, g: Game) -> None:
        d = g.decision
        if not g.over and d is not None:
            undeclared = undeclared_in(d, g)
            if undeclared:
                self.problem = f"{self.label}: decision {len(self.actions) + 1}: {undeclared}"

    def step(self, g: Game, a: Action) -> None:
        self.actions.append(a)
        n = len(self.actions)
        now = card_census(g.state)
        if +now != +self.census:
            self.problem = f"{self.label}: decision {n} changed the card census " \
                           f"({(self.census - now) + (now - self.census)})"
            return
        self.census = now
        if n % RELOAD_EVERY == 0 and Game.from_json(g.to_json()) != g:
            self.problem = f"{self.label}: decision {n}: the state does not reload from JSON"
            return
        self.next_decision(g)

    def stop(self, g: Game) -> bool:
        return self.problem is not None


def _check_one_game(nemesis: str, mages: list[str], agent: str, seed: int, label: str,
                    treasures: ConfigDoc | None = None) -> list[str]:
    """One seeded game at a table of ``agent`` bots, watched after every action, then replayed."""
    nd = registry.NEMESES[nemesis]
    basics = None if registry.BASICS.get(nd.box) else next(b for b, cards in registry.BASICS.items() if cards)
    g = Game.new(mages=mages, nemesis=nemesis, market="random", seed=seed, events=False, basics=basics,
                 treasures=treasures)
    start = g.to_dict()
    watch = _Watch(label, card_census(g.state))
    watch.next_decision(g)
    if watch.problem is None:
        Table.of_bots(g, agent, seed).play(MAX_DECISIONS + 1, on_step=watch.step, stop=watch.stop)
    if watch.problem is not None:
        return [watch.problem]
    if not g.over:
        return [f"{label}: no end after {MAX_DECISIONS:,} decisions"]
    again = Game.from_dict(start, events=False)
    for a in watch.actions:
        again.apply(a)
    return [] if again == g else [f"{label}: replaying its {len(watch.actions)} actions gives another game"]


def undeclared_in(d: Decision, g: Game) -> str | None:
    """What of this decision ``engine.decisions`` does not declare: its kind, an option's head,
    or an option whose arguments fit none of its head's shapes."""
    if d.kind not in DECISION_KINDS:
        return f"decision kind {d.kind!r} is not declared"
    for o in d.options:
        if o[0] not in ACTION_HEADS:
            return f"action head {o[0]!r} ({d.kind} decision) is not declared"
        if not fits(o, g.state):
            return f"{o!r} ({d.kind} decision) fits none of the shapes {ACTION_HEADS[o[0]].shapes}"
    return None


def check_box(box: Box | str, tests: Path | None = None, games: bool = True) -> list[str]:
    """Every problem found with ``box`` (an id, a name or the declaration)."""
    b = registry.box(box) if isinstance(box, str) else box
    package = _package_of(b)
    problems = check_entries(b) + check_hints(b)
    if tests is not None:
        problems += check_tests_name_everything(b, tests, package)
    if games:
        problems += check_games(b)
    return problems


def assert_box(box: Box | str, tests: Path | None = None, games: bool = True) -> None:
    problems = check_box(box, tests, games)
    if problems:
        raise AssertionError(f"{len(problems)} conformance problems:\n" + "\n".join(problems))


__all__ = ["assert_box", "check_box", "check_hints", "own_step_kinds", "undeclared_in"]

