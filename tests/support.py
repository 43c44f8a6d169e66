"""Build small exact game states by hand, the way docs/state-format.md describes.

A test writes only what matters (a hand, a breach, a minion) and the rest gets quiet
defaults: an empty nemesis play area and a three-card nemesis deck (Slaughter, Skewer,
Bane Sire) so that the end-of-turn win of G-1 does not fire unless a test wants it.
Decisions with a single option resolve at once (``Engine.auto``), as in real play.
"""

from __future__ import annotations

import copy
import random
import re
from typing import Any

from gravehold import Game
from gravehold.content import registry
from gravehold.engine.game import card_census  # noqa: F401  (re-exported for tests)

OPEN = {"state": "open"}


def closed(stage: int = 0, **kw: Any) -> dict[str, Any]:
    return {"state": "closed", "stage": stage, **kw}


def player(mage: str = "Brama", **kw: Any) -> dict[str, Any]:
    p: dict[str, Any] = {
        "mage": mage, "life": 10, "max_life": 10, "hand": [], "deck": [], "discard": [],
        "breaches": [dict(OPEN), closed(1), closed(0), closed(2)],
        "charges": 0, "max_charges": 5, "played": [], "aether": 0,
    }
    p.update(kw)
    return p


DEFAULT_SUPPLY = [
    ["Frozen Magmite", 7], ["Scoria Slag", 7], ["Erratic Ingot", 7],
    ["Mage's Totem", 5], ["Primordial Fetish", 5],
    ["Jagged Lightning", 5], ["Fiery Torrent", 5], ["Conjure the Lost", 5], ["Reduce to Ash", 5],
]

REUSE_SUPPLY = [
    ["Volcanic Glass", 7], ["Breach Ore", 7], ["Bloodstone Jewel", 7],
    ["Cairn Compass", 5], ["Vortex Gauntlet", 5],
    ["Thoughtform Familiar", 5], ["Kindle", 5], ["Nova Forge", 5], ["Crystallize", 5],
]


def base_state(players: list[dict[str, Any]] | None = None, **kw: Any) -> dict[str, Any]:
    players = players if players is not None else [player("Brama"), player("Mist")]
    d: dict[str, Any] = {
        "config": {"mages": [p["mage"] for p in players], "nemesis": "Rageborne",
                   "difficulty": "normal", "expert": False, "ruleset": {}, "seed": 0},
        "players": players,
        "nemesis": {"id": "Rageborne", "life": 70, "max_life": 70,
                    "deck": ["Slaughter", "Skewer", "Bane Sire"], "discard": [],
                    "in_play": [], "tokens": {"fury": 1},
                    "decks": {"strike": ["Devastate", "Convoke", "Eviscerate", "Frenzy", "Raze", "Seize"]}},
        "gravehold": {"life": 30, "max_life": 30},
        "turn_order": {"deck": ["P1", "P2", "N", "P1", "P2", "N"], "discard": []},
        "supply": copy.deepcopy(DEFAULT_SUPPLY),
        "rng": 12345,
    }
    for k, v in kw.items():
        d[k] = v
    return d


def with_ruleset(d: dict[str, Any], **opts: Any) -> dict[str, Any]:
    from gravehold.engine.ruleset import Ruleset

    d["config"]["ruleset"] = {**Ruleset().to_dict(), **opts}
    return d


def at_main(d: dict[str, Any], i: int = 0) -> Game:
    """A game stopped at player i's main phase."""
    d = copy.deepcopy(d)
    d["active"] = i
    d["phase"] = "main"
    d["turn"] = d.get("turn", 1)
    d["stack"] = [["end_turn"], ["draw_phase", i], ["main_phase", i]]
    return Game.from_dict(d)


def at_casting(d: dict[str, Any], i: int = 0) -> Game:
    """A game at the start of player i's casting phase (before any casting-start trigger)."""
    d = copy.deepcopy(d)
    d["active"] = i
    d["stack"] = [["end_turn"], ["draw_phase", i], ["main_phase", i], ["casting_phase", i]]
    d["phase"] = "casting"
    return Game.from_dict(d)


def at_player_turn(d: dict[str, Any], i: int = 0) -> Game:
    """A game about to start player i's turn (casting-start triggers included)."""
    d = copy.deepcopy(d)
    d["stack"] = [["player_turn", i]]
    return Game.from_dict(d)


def at_nemesis_turn(d: dict[str, Any]) -> Game:
    d = copy.deepcopy(d)
    d["stack"] = [["nemesis_turn"]]
    return Game.from_dict(d)


def run_steps(d: dict[str, Any], steps: list[Any], you: int = 0, source: str = "Spark",
              active: int = 0, owner: int | None = None) -> Game:
    """Resolve effect steps directly (then the game goes on to player ``active``'s main phase)."""
    d = copy.deepcopy(d)
    d["active"] = active
    d["phase"] = "main"
    stack: list[Any] = [["end_turn"], ["draw_phase", active], ["main_phase", active]]
    own = you if owner is None else owner
    for s in reversed(steps):
        stack.append(["s", you, own, source, list(s)])
    d["stack"] = stack
    return Game.from_dict(d)


def choose(g: Game, action: tuple[Any, ...]) -> None:
    assert g.decision is not None, "no decision pending"
    assert action in g.legal_actions(), f"{action} not in {g.legal_actions()}"
    g.apply(action)


def kinds(g: Game) -> set[str]:
    return {a[0] for a in g.legal_actions()}


def play_random(g: Game, seed: int, limit: int = 100000) -> Game:
    r = random.Random(seed)
    n = 0
    while not g.over and n < limit:
        g.apply(r.choice(g.legal_actions()))
        n += 1
    return g


# ------------------------------------------------ nemesis-card test helpers


def minion(name: str, life: int | None = None) -> dict[str, Any]:
    return {"name": name, "life": registry.nemesis_card(name).life if life is None else life}


def power(name: str, tokens: int = 1) -> dict[str, Any]:
    return {"name": name, "power": tokens}


def snake(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
