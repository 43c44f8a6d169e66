"""The project's fuzz target: seeded games over every setup, with every invariant checked.

Game ``k`` of a run draws its setup from ``k`` alone (nemesis, 1–4 players, mages, ruleset
preset, difficulty, market kind, agents), so a violation is reproduced by its game number
and seed. After every action it checks:

* the card census (only named effects move cards; none appear or vanish);
* life bounds: players, Gravehold, the nemesis and every minion in play;
* every listed option applies (on a clone) without an error other than the game ending;
* illegal actions — a stale option of an earlier decision, a mutated option, junk (strings,
  numbers, non-finite floats, nested lists) — raise ``IllegalAction`` and change nothing;
* the JSON round trip (``Game.from_json(g.to_json()) == g``);
* clone independence (playing on a clone leaves the original as it was);
* hidden information: at setup and every ``VIEW_EVERY`` decisions, no seat's view nor the
  spectators' lets a seat deal the game again (``testing.rebuild``: the seed, the generator
  or a stand-in for them in a view);

and at the end an exact replay of the game from its setup and actions.

    gravehold fuzz --games 200                 # a short run (also part of make test)
    gravehold fuzz --seconds 1800 --workers 2  # a long run: as many games as fit in 30 minutes
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from ..content import registry
from ..engine.census import card_census
from ..engine.game import Game
from ..engine.ruleset import PRESETS
from ..engine.shapes import ConfigDoc, Doc
from ..engine.state import Action, Decision
from ..errors import GraveholdError, IllegalAction
from ..table import Table
from .rebuild import rebuilds

#: every how many decisions each view is attacked (and at setup)
VIEW_EVERY = 25
DIFFICULTIES = ("beginner", "normal", "expert", "extinction")
MARKETS = ("random", "official")
#: a chunk of a run: (first game, the game after the last, base seed, boxes)
Job = tuple[int, int, int, tuple[str, ...]]


@dataclass(frozen=True)
class Violation:
    """One broken invariant, with what reproduces it."""

    game: int
    seed: int
    config: ConfigDoc
    step: int
    check: str
    detail: str

    def line(self) -> str:
        return (f"game {self.game} (seed {self.seed}) step {self.step}: {self.check}: {self.detail} | "
                f"config {self.config}")


def setup_for(game: int, base_seed: int = 0, boxes: tuple[str, ...] = ()) -> tuple[int, ConfigDoc, str]:
    """The seed, Game.new arguments and agent of game ``game`` of a run. ``boxes`` narrows the
    nemeses, the mages and a random market to those boxes' (every box by default; a run over
    every box deals the same games as before the option existed)."""
    r = random.Random(base_seed * 1_000_003 + game)
    nemeses = sorted(n for n, d in registry.NEMESES.items() if not boxes or d.box in boxes)
    mages = sorted(m for m, d in registry.MAGES.items() if not boxes or d.box in boxes)
    if len(mages) < 4:  # boxes too small for a table of four draw from every mage
        mages = sorted(registry.MAGES)
    players = 1 + game % 4
    cfg: ConfigDoc = {
        "mages": r.sample(mages, players),
        "nemesis": nemeses[game % len(nemeses)],
        "market": r.choice(MARKETS),
        "difficulty": r.choice(DIFFICULTIES),
        "ruleset": r.choice(sorted(PRESETS)),
        "seed": r.randrange(2**31),
    }
    if players == 4 and r.random() < 0.3:
        cfg["four_player_variant"] = True
    if boxes:
        cfg["boxes"] = list(boxes)
    return cfg["seed"], cfg, ("random", "heuristic")[game % 2]


def _bounds(g: Game) -> str | None:
    st = g.state
    for i, p in enumerate(st.players):
        if not 0 <= p.life <= p.max_life:
            return f"player {i} life {p.life} outside 0..{p.max_life}"
    if not 0 <= st.gravehold <= st.gravehold_max:
        return f"Gravehold life {st.gravehold} outside 0..{st.gravehold_max}"
    n = st.nemesis
    top = None if registry.NEMESES[n.id].no_max_life else n.max_life  # S-4: some have no maximum
    if n.life < 0 or (top is not None and n.life > top):
        return f"nemesis life {n.life} outside 0..{n.max_life}"
    for c in n.in_play:
        card = registry.NEMESIS_CARDS[c.name]
        if card.type == "minion" and not (c.life > 0 or c.shields > 0):
            return f"minion {c.name} in play with life {c.life}"
        if c.life < 0 or c.power < 0 or c.shields < 0:
            return f"{c.name} in play with a negative count"
    return None


def _view_leak(g: Game, start: Doc) -> str | None:
    """The first view (each seat's, then the spectators') from which the game can be dealt again."""
    for viewer in [*range(len(g.state.players)), None]:
        how = rebuilds(g.view_for(viewer), start, g.state.rng)
        if how:
            return f"{'the spectators' if viewer is None else f'seat {viewer}'}: {how}"
    return None


def _junk(r: random.Random) -> list[Any]:
    return [("play", "Nothing"), ("focus", 9), ("cast", -1, 0), ("gain",), (), ("end_main", 1),
            ("target", math.inf), ("player", math.nan), ("card", 1e308 * 10), [["nested"]], "end_main",
            r.randrange(-5, 5), None, ("play", r.random())]


def _mutate(a: Action, r: random.Random) -> Action:
    if len(a) > 1 and isinstance(a[-1], int) and not isinstance(a[-1], bool):
        return (a[0], *(*a[1:-1], a[-1] + r.choice((7, -9))))
    return (*a, "extra")


class _Found(Exception):
    """A violation after which the game is not played on (its state can no longer be trusted)."""


@dataclass
class _Checks:
    """One fuzzed game's checks, run by the table's loop: before each bot's action is applied
    (``on_choice``) and after it (``on_step``); ``out`` collects the violations."""

    game: int
    seed: int
    cfg: ConfigDoc
    start: Doc  # the game at setup
    census: Counter[str]
    r: random.Random
    actions: list[Action] = field(default_factory=list)
    earlier: list[Action] = field(default_factory=list)  # options of earlier decisions: stale now
    out: list[Violation] = field(default_factory=list)

    def bad(self, step: int, check: str, detail: str, stop: bool = True) -> None:
        self.out.append(Violation(self.game, self.seed, self.cfg, step, check, detail))
        if stop:
            raise _Found

    def before(self, g: Game, d: Decision, a: Action) -> None:
        """Every option applies, illegal actions change nothing, no view deals the game again,
        and the bot's action ``a`` played on a clone leaves the game as it was."""
        step = len(self.actions)
        for opt in d.options:
            c = g.clone()
            try:
                c.apply(opt)
            except Exception as e:  # a listed option that fails is exactly the finding
                self.bad(step, "option applies", f"{opt!r} raised {type(e).__name__}: {e}", stop=False)
        before = g.to_json()
        self._illegal(g, d, step, before)
        if step % VIEW_EVERY == 0:
            leak = _view_leak(g, self.start)
            if leak:
                self.bad(step, "hidden information", leak)
        self.earlier.extend(d.options)
        c = g.clone()
        c.apply(a)
        if g.to_json() != before:
            self.bad(step, "clone independence", f"applying {a!r} to a clone changed the game")

    def _illegal(self, g: Game, d: Decision, step: int, before: str) -> None:
        tries = [_mutate(o, self.r) for o in d.options[:3]] + _junk(self.r) + self.earlier[-5:]
        for a in tries:
            if isinstance(a, tuple) and a in d.options:
                continue
            try:
                g.apply(a)
            except IllegalAction:
                pass
            except Exception as e:
                self.bad(step, "illegal action", f"{a!r} raised {type(e).__name__}: {e}", stop=False)
            else:
                self.bad(step, "illegal action", f"{a!r} was accepted")
            if g.to_json() != before:
                self.bad(step, "illegal action", f"{a!r} changed the state")

    def after(self, g: Game, a: Action) -> None:
        """The card census, the life bounds and (every 7th step) the JSON round trip."""
        step = len(self.actions)
        self.actions.append(a)
        now = +card_census(g.state)
        if now != self.census:
            self.bad(step, "card census", f"after {a!r}: {dict((self.census - now) + (now - self.census))}")
        problem = _bounds(g)
        if problem:
            self.bad(step, "life bounds", f"after {a!r}: {problem}")
        if step % 7 == 0:
            try:
                same = Game.from_json(g.to_json()) == g
            except GraveholdError as e:  # the loader refuses a state the engine made
                self.bad(step, "JSON round trip", f"after {a!r} the saved state is refused: {e}")
            if not same:
                self.bad(step, "JSON round trip", f"after {a!r} the state does not reload equal")


def fuzz_game(game: int, base_seed: int = 0, max_steps: int = 4000,
              boxes: tuple[str, ...] = ()) -> list[Violation]:
    """Play game ``game`` of a run at a table of bots, checking every invariant; the violations found."""
    seed, cfg, agent = setup_for(game, base_seed, boxes)
    try:
        g = Game.new(**cfg, events=False)
    except GraveholdError as e:
        return [Violation(game, seed, cfg, 0, "setup", str(e))]
    checks = _Checks(game, seed, cfg, g.to_dict(), +card_census(g.state), random.Random(seed))
    try:
        Table.of_bots(g, agent, seed).play(max_steps, on_step=checks.after, on_choice=checks.before)
        if not g.over:
            checks.bad(len(checks.actions), "game end", f"no end within {max_steps} decisions")
        again = Game.from_dict(checks.start, events=False)
        for a in checks.actions:
            again.apply(a)
        if again != g:
            checks.bad(len(checks.actions), "replay", "replaying the actions gives another game")
    except _Found:
        pass
    return checks.out


@dataclass
class Report:
    games: int
    decisions: int
    seconds: float
    violations: list[Violation]

    def to_dict(self) -> Doc:
        return {"games": self.games, "seconds": round(self.seconds, 1),
                "violations": [asdict(v) for v in self.violations]}


def _chunk(args: Job) -> list[Violation]:
    start, stop, base, boxes = args
    found: list[Violation] = []
    for k in range(start, stop):
        found += fuzz_game(k, base, boxes=boxes)
    return found


def run(games: int | None = None, seconds: float | None = None, base_seed: int = 0,
        workers: int = 1, chunk: int = 4, backend: str = "local", address: str | None = None,
        boxes: tuple[str, ...] = ()) -> Report:
    """Play games 0, 1, 2, … until ``games`` are played or ``seconds`` have passed.

    ``backend="ray"`` plays the chunks as Ray tasks: on a cluster at ``address``, or on a
    local Ray of ``workers`` CPUs. Game k is the same game on any backend, and violations
    come back in game order, so a long run on a cluster reports what one core would.
    """
    if games is None and seconds is None:
        raise GraveholdError("give --games or --seconds (or both)")
    if backend not in ("local", "ray"):
        raise GraveholdError(f"--backend must be local or ray, not {backend!r}")
    t0 = time.perf_counter()
    found: list[Violation] = []
    played = 0

    boxes = tuple(registry.box(b).id for b in boxes)  # an unknown box: a clear error naming the boxes
    if boxes and not any(d.box in boxes for d in registry.NEMESES.values()):
        raise GraveholdError(f"no nemesis in the boxes {', '.join(boxes)}: name a box that holds one")

    def more() -> Iterator[Job]:
        k = 0
        while (games is None or k < games) and (seconds is None or time.perf_counter() - t0 < seconds):
            stop = k + chunk if games is None else min(k + chunk, games)
            yield (k, stop, base_seed, boxes)
            k = stop

    if backend == "ray":
        played, found = _on_ray(more(), workers, address)
    elif workers <= 1:
        for job in more():
            found += _chunk(job)
            played = job[1]
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=workers) as pool:
            pending = []
            jobs = more()
            for job in jobs:
                pending.append(pool.submit(_chunk, job))
                if len(pending) >= workers * 2:
                    found += pending.pop(0).result()
                played = job[1]
            for f in pending:
                found += f.result()
    return Report(played, 0, time.perf_counter() - t0, found)


def _on_ray(jobs: Iterator[Job], workers: int, address: str | None) -> tuple[int, list[Violation]]:
    """Chunks as Ray tasks, twice as many in flight as there are CPUs, taken back in order."""
    import ray

    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", workers)))  # type: ignore[no-untyped-call]
        remote = ray.remote(_chunk)
        found: list[Violation] = []
        played = 0
        pending: list[Any] = []
        for job in jobs:
            pending.append(remote.remote(job))
            played = job[1]
            if len(pending) >= cpus * 2:
                found += ray.get(pending.pop(0))
        for ref in pending:
            found += ray.get(ref)
        return played, found
    finally:
        if started:
            ray.shutdown()
