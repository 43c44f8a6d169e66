"""What is worth how much to the bots? Play the same seeded games with a boon given at setup.

A sensitivity study of the kind used to find what limits the bots (docs/bots.md): every
boon plays the very same games as the plain setup (same seeds, so the same mages, market,
nemesis deck and draws), and the change in win rate is what the boon is worth to the
agent. Boons (repeat ``--boon``; ``none`` is always played first):

    open=II+III        these breaches of every player start opened
    card=Jade          every player's deck gets this card on top
    swap=Spark:Ignite  every starter Spark becomes an Ignite
    life=4             every player starts with 4 more life (and maximum life)

    .venv/bin/python scripts/what_if.py --games 100 --boon open=III --boon card=Jade

The boons change the state after setup, outside every ruleset: a measuring aid, not a
way to play. The ``none`` row is exactly ``gravehold simulate`` on the same seeds.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
from collections.abc import Callable
from typing import Any

from gravehold.content import registry as content
from gravehold.engine.game import Game
from gravehold.engine.state import State
from gravehold.sim.run import game_seed, nemeses_of, play_out

NEMESES = nemeses_of()

ROMAN = {"I": 0, "II": 1, "III": 2, "IV": 3}


def boon(spec: str) -> Callable[[State], None]:
    """The state change a boon spec names (a clear error for a spec it cannot read)."""
    if spec == "none":
        return lambda st: None
    kind, _, arg = spec.partition("=")
    if kind == "open":
        idx = [ROMAN[b] for b in arg.split("+") if b in ROMAN]
        if not idx or len(idx) != len(arg.split("+")):
            raise ValueError(f"open= takes breaches like II+III, not {arg!r}")

        def opened(st: State) -> None:
            for p in st.players:
                for i in idx:
                    if i < len(p.breaches) and p.breaches[i].state == "closed":
                        p.breaches[i].state, p.breaches[i].stage = "open", 0
        return opened
    if kind == "card":
        if arg not in content.CARDS:
            raise ValueError(f"card= takes a player card name, not {arg!r}")

        def extra(st: State) -> None:
            for p in st.players:
                p.deck.insert(0, arg)
        return extra
    if kind == "swap":
        old, _, new = arg.partition(":")
        if old not in content.CARDS or new not in content.CARDS:
            raise ValueError(f"swap= takes OLD:NEW player card names, not {arg!r}")

        def swapped(st: State) -> None:
            for p in st.players:
                p.hand = [new if c == old else c for c in p.hand]
                p.deck = [new if c == old else c for c in p.deck]
        return swapped
    if kind == "life":
        n = int(arg)

        def healthier(st: State) -> None:
            for p in st.players:
                p.life += n
                p.max_life += n
        return healthier
    raise ValueError(f"unknown boon {spec!r} (none, open=, card=, swap=, life=)")


def play(args: tuple[str, str, int, str]) -> tuple[str, str, bool]:
    spec, nemesis, seed, agent = args
    g = Game.new(mages=["random", "random"], nemesis=nemesis, market="official", seed=seed, events=False)
    boon(spec)(g.state)
    play_out(g, agent, seed)
    return spec, nemesis, g.state.result == "win"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100, help="games per nemesis per boon")
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--agent", default="heuristic")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--boon", action="append", default=[], help="a boon (see the module text); repeatable")
    a = ap.parse_args()
    specs = ["none"] + [s for s in a.boon if s != "none"]
    for s in specs:
        boon(s)  # a bad spec fails here, before any game is played
    jobs = [(s, n, game_seed(a.seed, k), a.agent) for s in specs for n in NEMESES for k in range(a.games)]
    with mp.get_context("fork").Pool(a.workers) as pool:
        results = pool.map(play, jobs, chunksize=8)
    wins: dict[tuple[str, str], list[bool]] = {}
    for s, n, w in results:
        wins.setdefault((s, n), []).append(w)

    def rate(s: str, n: str | None = None) -> float:
        rows: list[Any] = [w for (s2, n2), ws in wins.items() if s2 == s and (n is None or n2 == n) for w in ws]
        return 100.0 * sum(rows) / len(rows)

    print("boon".ljust(22) + "".join(n[:10].rjust(11) for n in NEMESES) + "        all   change")
    for s in specs:
        print(s.ljust(22) + "".join(f"{rate(s, n):10.1f}%" for n in NEMESES)
              + f"{rate(s):10.1f}% {rate(s) - rate('none'):+7.1f}")


if __name__ == "__main__":
    main()
