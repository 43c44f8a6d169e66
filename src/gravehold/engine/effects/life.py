"""Step kinds on life and damage: deal damage, heal a player or Gravehold, suffer damage,
damage to Gravehold or to the minion itself, and a card's own loss condition.
"""

from __future__ import annotations

from typing import Any

from ...content.text import WHO
from ..amounts import amount, amount_at, amount_text
from ..core import Ctx, Engine, step
from ..damage import gravehold_damage, gravehold_heal, heal_player, player_damage
from ..keywords import damage_bonus
from ..state import Action
from .base import ask_step, chooser


@step("damage", check=amount_at(1), text=lambda n, *, they=False: (
        f"{'deals' if they else 'Deal'} {amount_text(n, 'damage', they=they)}."))
def _damage(g: Engine, ctx: Ctx, n: Any) -> None:
    """One source of damage (P-3); a spell's bonus raises each of its sources (P-20)."""
    if type(n) is not int:
        n = amount(g, ctx, n)
    g.push("deal", ctx.you, ctx.source, n + damage_bonus.take(g.state, ctx.source))


@step("gravehold_life", text=lambda n: f"Gravehold gains {n} life.")
def _gravehold_life(g: Engine, ctx: Ctx, n: int) -> None:
    gravehold_heal(g, n, ctx.source)


@step("life", text=lambda n, who: f"{WHO[who].capitalize()} gain{'s' if who != 'you' else ''} {n} life.")
def _life(g: Engine, ctx: Ctx, n: int, who: str, action: Action | None = None) -> None:
    if who == "you":
        heal_player(g, ctx.you, n, ctx.source)
        return
    if action is None:
        opts: list[Action] = [("player", j) for j, p in enumerate(g.state.players) if not p.exhausted]
        if opts:
            ask_step(g, ctx, ("life", n, who), "player", chooser(g, ctx), f"Which player gains {n} life?", opts)
        return
    heal_player(g, int(action[1]), n, ctx.source)


@step("gravehold_damage", check=amount_at(1), text=lambda n: f"Gravehold suffers {amount_text(n, 'damage')}.")
def _gravehold_damage(g: Engine, ctx: Ctx, n: Any) -> None:
    gravehold_damage(g, n if type(n) is int else amount(g, ctx, n), ctx.source)


@step("self_damage", check=amount_at(1), text=lambda n: f"This minion suffers {amount_text(n, 'damage')}.")
def _self_damage(g: Engine, ctx: Ctx, n: Any) -> None:
    from ..damage import minion_damage

    minion_damage(g, ctx.source, n if type(n) is int else amount(g, ctx, n), ctx.source)


@step("suffer", check=amount_at(1), text=lambda n: f"suffers {amount_text(n, 'damage', they=True)}.")
def _suffer(g: Engine, ctx: Ctx, n: Any) -> None:
    player_damage(g, ctx.you, n if type(n) is int else amount(g, ctx, n), ctx.source)


@step("you_suffer", text=lambda n: f"Suffer {n} damage.")
def _you_suffer(g: Engine, ctx: Ctx, n: int) -> None:
    player_damage(g, ctx.you, n, ctx.source)


@step("players_lose", text=lambda: "The players lose the game.")
def _players_lose(g: Engine, ctx: Ctx) -> None:
    """A nemesis card's own loss condition (G-2)."""
    g.end("loss", "nemesis_rule")
