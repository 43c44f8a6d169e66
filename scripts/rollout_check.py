"""Is the heuristic's choice the best one? Check it against every option by paired rollouts.

Plays seeded games with the heuristic (2 players, random mages, a random official market,
every AE/WE nemesis). At main-phase decisions of each player's turns ``--from-turn`` to
``--to-turn`` (one per player turn, at most ``--points`` per game) every option is played out to the end of
the game ``--rollouts`` times with the heuristic, in worlds sampled from the deciding
seat's view (``ismcts.World``: what the seat cannot see is redrawn); all options share
the same sampled worlds. Then the option that won most in the first half of the rollouts
is compared with the heuristic's own choice on the second half: a gain near zero means
the choice cannot be improved one decision at a time.

    .venv/bin/python scripts/rollout_check.py --games 10 --rollouts 32 --to-turn 2
    .venv/bin/python scripts/rollout_check.py --games 6 --from-turn 4 --to-turn 8 --what main

``--what spend`` looks at spending decisions only (gain, open, focus, charge, end the
phase); ``main`` at every main-phase decision but playing a card; any other word at the
decisions of that kind (``target``, ``player``, ``casting``, ``discard_order``, ``minion``, …),
one per game turn, whoever decides them. Decisions with more than ``--max-options``
options (8) are not checked.

    .venv/bin/python scripts/rollout_check.py --games 6 --from-turn 3 --to-turn 12 --what target
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import random
from collections import Counter
from typing import Any

from gravehold.agents import make_agent
from gravehold.agents.ismcts import World
from gravehold.content import registry as content
from gravehold.engine.game import Game
from gravehold.engine.state import Action
from gravehold.sim.run import game_seed, nemeses_of, play_out

NEMESES = nemeses_of()

SPEND = ("gain", "open", "focus", "charge", "end_main")
MAIN_ACTS = (*SPEND, "prep", "use", "pay", "ability", "play")


def finish(g: Game, seed: int) -> bool:
    """Play ``g`` to its end with the heuristic in every seat; True for a win."""
    play_out(g, "heuristic", seed)
    return g.state.result == "win"


def category(o: Action) -> str:
    if o[0] == "gain":
        return f"gain {content.CARDS[o[1]].type}"
    return str(o[0]) if o[0] in MAIN_ACTS or len(o) < 2 else f"{o[0]} {o[1]}"


def study(args: tuple[str, int, dict[str, Any]]) -> list[tuple[Action, dict[Action, list[bool]]]]:
    """The checked decisions of one game: (the heuristic's choice, wins of every option)."""
    nemesis, seed, opt = args
    g = Game.new(mages=["random", "random"], nemesis=nemesis, market="official", seed=seed, events=False)
    agents = [make_agent("heuristic", seed * 7 + i) for i in range(2)]
    turns = [0, 0]
    last: tuple[int, int] | None = None
    checked: set[tuple[int, int] | None] = set()  # one checked decision per player turn
    out: list[tuple[Action, dict[Action, list[bool]]]] = []
    while not g.over and len(out) < opt["points"] and min(turns) <= opt["to_turn"]:
        d = g.decision
        assert d is not None
        s = d.player if d.player >= 0 else 0
        st = g.state
        if d.kind == "main" and st.active == s and (st.turn, s) != last:
            last = (st.turn, s)
            turns[s] += 1
        a = agents[s].choose(d, lambda s=s: g.view_for(s))  # type: ignore[misc]
        what = opt["what"]
        key = last if what in ("spend", "main") else (st.turn, -1)
        if d.kind == ("main" if what in ("spend", "main") else what) and key not in checked \
                and opt["from_turn"] <= turns[s] <= opt["to_turn"]:
            if what == "spend":
                opts = [o for o in d.options if o[0] in SPEND] if a[0] in SPEND else []
            elif what == "main":
                opts = [o for o in d.options if o[0] != "play"] if a[0] != "play" else []
            else:
                opts = list(d.options)
            if 1 < len(opts) <= opt["max_options"]:
                world = World(g.view_for(s), d)
                wins: dict[Action, list[bool]] = {o: [] for o in opts}
                for r in range(opt["rollouts"]):
                    base = world.sample(random.Random(seed * 1000 + r))
                    for o in opts:
                        g2 = Game(base.clone(), events=False)
                        g2.apply(o)
                        wins[o].append(finish(g2, seed + r))
                out.append((a, wins))
                checked.add(key)
        g.apply(a)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=10, help="games per nemesis")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--rollouts", type=int, default=32, help="rollouts per option (an even number)")
    ap.add_argument("--from-turn", type=int, default=1, help="first own turn of a player checked")
    ap.add_argument("--to-turn", type=int, default=2, help="last own turn of a player checked")
    ap.add_argument("--points", type=int, default=6, help="checked decisions per game at most")
    ap.add_argument("--what", default="spend",
                    help="spend, main, or a decision kind (target, player, casting, minion, …)")
    ap.add_argument("--max-options", type=int, default=8, help="decisions with more options are not checked")
    ap.add_argument("--nemesis", default="all", help="comma-separated nemeses (default: the eight AE/WE ones)")
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    if a.rollouts < 2 or a.rollouts % 2:
        ap.error("--rollouts must be an even number of at least 2 (half choose, half judge)")
    opt = {"rollouts": a.rollouts, "from_turn": a.from_turn, "to_turn": a.to_turn, "points": a.points,
           "what": a.what, "max_options": a.max_options}
    try:
        nemeses = NEMESES if a.nemesis == "all" else [content.nemesis(n.strip()).name for n in a.nemesis.split(",")]
    except content.UnknownName as e:
        ap.error(str(e))
    jobs = [(n, game_seed(a.seed, k), opt) for k in range(a.games) for n in nemeses]
    with mp.get_context("fork").Pool(a.workers) as pool:
        points = [p for game in pool.map(study, jobs, chunksize=1) for p in game]
    if not points:
        raise SystemExit("no decision was checked (more --games, or other turns)")
    half = a.rollouts // 2
    gains: list[float] = []
    pairs: Counter[tuple[str, str]] = Counter()
    for chosen, wins in points:
        best = max(wins, key=lambda o: sum(wins[o][:half]))

        def judged(o: Action, wins: dict[Action, list[bool]] = wins) -> float:
            return sum(wins[o][half:]) / (a.rollouts - half)

        gains.append(judged(best) - judged(chosen))
        pairs[(category(chosen), category(best))] += 1
    mean = sum(sum(sum(w) for w in wins.values()) / (a.rollouts * len(wins)) for _, wins in points) / len(points)
    print(f"decisions checked: {len(points)}; mean win rate over their options {mean:.1%}")
    print(f"gain of the rollouts' best over the heuristic's choice (held-out half): "
          f"{100 * sum(gains) / len(gains):+.1f} points")
    print("heuristic chose -> rollouts preferred (count)")
    for (c, b), k in pairs.most_common():
        print(f"  {c:12s} -> {b:12s} {k}")


if __name__ == "__main__":
    main()
