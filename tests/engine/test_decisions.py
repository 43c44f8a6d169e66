"""The decision vocabulary (``engine/decisions.py``): every kind and head in play is declared.

The encoder's one-hots, the labels, the explanations and the web board all read the
declaration, so a kind or head that a new card asks without declaring it would be encoded
as "unknown", worded as its raw tuple and missed by the board. Seeded random and heuristic
games against every nemesis (every mage, one to four players, the tutorial and paired-card
variants) catch it here.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.agents.board import SeatView
from gravehold.content import registry
from gravehold.engine import decisions, explain
from gravehold.engine.decisions import ACTION_HEADS, ARGS, DECISION_KINDS, describe, fits, label
from gravehold.engine.state import Action
from gravehold.sim.run import nemeses_of

SRC = Path(__file__).resolve().parents[2] / "src" / "gravehold"
MAGES = sorted(m.id for b in registry.BOXES.values() for m in b.mages)
#: games per nemesis and agent: enough that every declared kind and head turns up
GAMES = 12


class Sweep:
    def __init__(self) -> None:
        self.kinds: set[str] = set()
        self.heads: set[str] = set()
        self.problems: list[str] = []

    def meet(self, where: str, kind: str, option: Action, g: Game) -> None:
        self.kinds.add(kind)
        self.heads.add(str(option[0]))
        if kind not in DECISION_KINDS:
            self.problems.append(f"{where}: decision kind {kind!r} is not declared")
        if option[0] not in ACTION_HEADS:
            self.problems.append(f"{where}: action head {option[0]!r} ({kind} decision) is not declared")
        elif kind in DECISION_KINDS and DECISION_KINDS[kind].takes is not None \
                and option[0] not in DECISION_KINDS[kind].takes:
            self.problems.append(f"{where}: {option!r} in a {kind} decision, which takes "
                                 f"{sorted(DECISION_KINDS[kind].takes or ())} only")
        elif not fits(option, g.state):
            shapes = ACTION_HEADS[option[0]].shapes
            self.problems.append(f"{where}: {option!r} ({kind} decision) fits none of its shapes {shapes}")


@cache
def sweep() -> Sweep:
    out = Sweep()
    n = 0
    for nemesis in nemeses_of():
        for agent in ("random", "heuristic"):
            for _ in range(GAMES):
                n += 1
                players = 1 + n % 4
                mages = [MAGES[(3 * n + j) % len(MAGES)] for j in range(players)]
                ruleset: str | dict[str, Any] = {"tutorial_discard": True} if n % 3 == 0 else "we"
                g = Game.new(mages=mages, nemesis=nemesis, market="random", seed=100 + n, ruleset=ruleset,
                             four_player_variant=players == 4)
                where = f"{nemesis}, {agent}, {'+'.join(mages)}, seed {100 + n}"
                agents = [make_agent(agent, 7 * n + i) for i in range(players)]
                while not g.over:
                    d = g.decision
                    assert d is not None
                    for o in d.options:
                        out.meet(where, d.kind, o, g)
                        assert label(o) and describe(g.state, d, o)  # every wording renders
                    seat = d.seat
                    g.apply(agents[seat].choose(d, SeatView(g.state, seat)))
                for e in g.events:  # one-option decisions are taken at once and logged
                    if e["event"] == "forced":
                        out.meet(where, e["kind"], tuple(e["action"]), g)
    return out


def test_decisions_every_kind_and_head_met_in_play_is_declared() -> None:
    problems = sweep().problems
    assert problems == [], f"{len(problems)} undeclared (engine/decisions.py):\n" + "\n".join(sorted(set(problems)))


def test_decisions_the_sweep_meets_nearly_every_declaration() -> None:
    """What it does not meet is rare (a card that must be in the market, bought and played)."""
    s = sweep()
    unmet = sorted({*(set(DECISION_KINDS) - s.kinds), *(set(ACTION_HEADS) - s.heads)})
    assert len(unmet) <= 3, unmet


def test_decisions_no_declaration_is_dead() -> None:
    """Every declared name is also written where a decision is asked or an option built."""
    text = "\n".join(p.read_text() for d in ("engine", "boxes") for p in sorted((SRC / d).rglob("*.py")))
    dead = [n for n in (*DECISION_KINDS, *ACTION_HEADS) if text.count(f'"{n}"') < 2]
    assert dead == []


def test_decisions_declarations_are_whole() -> None:
    for name, k in DECISION_KINDS.items():
        assert k.name == name and k.description.endswith(".") and k.module.startswith("gravehold.")
    for name, h in ACTION_HEADS.items():
        assert h.name == name and h.module.startswith("gravehold.") and h.shapes
        assert all(r in ARGS for s in h.shapes for r in s)
        assert h.phase is None or DECISION_KINDS[h.phase].board
    engine = "gravehold.engine.decisions"
    assert list(DECISION_KINDS)[:2] == ["main", "casting"]  # the engine's come first, then the boxes'
    own = [k.module == engine for k in DECISION_KINDS.values()]
    assert own == sorted(own, reverse=True)


def test_decisions_a_box_declares_its_own_and_nothing_twice() -> None:
    assert ACTION_HEADS["gain_devoured"].module.endswith("nemeses.prince_of_gluttons")
    assert DECISION_KINDS["husk_spread"].module.endswith("nemeses.carapace_queen")
    with pytest.raises(ValueError, match="action head 'play' is declared twice"):
        decisions.action_head("play", ("card",))
    with pytest.raises(ValueError, match="decision kind 'main' is declared twice"):
        decisions.decision_kind("main", "Again.")
    with pytest.raises(ValueError, match="shapes must be tuples of"):
        decisions.action_head("fly", ("wing",))
    assert "fly" not in ACTION_HEADS


def test_decisions_label_and_describe_word_actions_from_the_declaration() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Deck Destruction", seed=0)
    assert label(("focus", 1)) == "focus breach II"
    assert label(("prep", "Jade", 2)) == "prep Jade to breach III"
    assert label(("cast", 0, 1)) == "cast the spell on breach I (slot 2)"
    assert label(("end_main",)) == "end the main phase"
    assert label(("fly", 2)) == "fly 2"  # an undeclared head: its tuple
    assert g.describe(("player", 1)) == "player 2"
    assert describe(g.state, g.decision, ("player", 1)) == "player 2 (Mist)"
    assert describe(g.state, g.decision, ("focus", 1)) == "focus breach II (2 Æ)"
    assert describe(g.state, g.decision, ("end_main",)) == "End the main phase"


def test_decisions_explain_knows_only_declared_main_phase_actions() -> None:
    assert set(explain.WHY_MAIN) <= {h for h, d in ACTION_HEADS.items() if d.phase == "main"}


def test_decisions_fits_checks_types_then_values() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Deck Destruction", seed=0)
    assert fits(("focus", 1)) and fits(("focus", 1), g.state)
    assert not fits(("focus", "1")) and not fits(("focus", True)) and not fits(("focus",))
    assert fits(("focus", 7)) and not fits(("focus", 7), g.state)
    assert fits(("player", 1), g.state) and not fits(("player", 2), g.state)
    assert fits(("card", "hand", "Jade"), g.state) and not fits(("card", "pocket", "Jade"), g.state)
    assert not fits(("fly",)) and not fits(())
