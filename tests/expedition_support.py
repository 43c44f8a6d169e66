"""Small tools for expedition tests: end a battle's game as the test needs, and choose."""

from __future__ import annotations

from gravehold.campaigns.expedition import policy, steps
from gravehold.campaigns.expedition.state import Choices, Expedition
from gravehold.content import registry as content
from gravehold.engine.game import Game
from gravehold.engine.setup import Config, new_state
from gravehold.record import setup_config


def end(game: Game, result: str) -> Game:
    """The battle's game ends now, won or lost (what finish reads of it)."""
    st = game.state
    st.over, st.result, st.reason = True, result, "nemesis_life" if result == "win" else "gravehold"
    return game


def fight(exp: Expedition, result: str, choices: Choices | None = None) -> Expedition:
    """One try of the current battle with the policy's (or the given) choices, ending in ``result``."""
    exp, game = steps.begin(exp, choices or policy.choose(exp))
    return steps.finish(exp, end(game, result))


def kind_of(name: str) -> str:
    return content.CARDS[name].type


def tier_of(name: str) -> int:
    return content.TREASURES[name].tier


def basics_by_tier(game: Game) -> dict[int, tuple[int, int]]:
    """(upgraded, general) basic cards of each tier in the nemesis deck the game was set
    up with (before any turn: the game may have run a nemesis turn to its first decision)."""
    st = new_state(Config(**setup_config(game)))
    own = set(content.NEMESES[st.nemesis.id].cards)
    out = {1: [0, 0], 2: [0, 0], 3: [0, 0]}
    for c in st.nemesis.deck:
        if c in own:
            continue
        card = content.NEMESIS_CARDS[c]
        out[card.tier][0 if card.upgraded else 1] += 1
    return {t: (v[0], v[1]) for t, v in out.items()}
