"""Conditions: ``("if", condition, then, otherwise)`` resolves ``then`` when the condition
holds now, else ``otherwise``.

A condition is a name or ``(name, *arguments)`` in :data:`CONDITIONS`, declared with
:func:`condition` together with its wording; the engine's own conditions (a tier, nemesis
turns, tokens, life, exhaustion, opened breaches, an empty pile, expert play) are here, a
box or a keyword declares its own the same way. It is the shape the pick step
(``generic``) has for moving cards, for the question "does this hold now?".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..content.model import Step, Steps
from ..content.text import clause, count_of
from .core import Ctx, Engine, step
from .damage import find_ref
from .schema import nemesis_turn_card


class Condition(NamedTuple):
    """A condition of ``if``: ``test(g, ctx, *arguments)`` and its wording, a clause that
    follows "If" (``text(*arguments, they=...)``; ``they`` speaks of a named player)."""

    name: str
    text: Callable[..., str]
    test: Callable[..., bool]
    arity: int


#: condition name -> its entry
CONDITIONS: dict[str, Condition] = {}


def condition(name: str, text: Callable[..., str]) -> Callable[[Callable[..., bool]], Callable[..., bool]]:
    """Declare a condition: ``test(engine, ctx, *arguments)``; the wording's positional
    argument count is its arity."""
    def deco(fn: Callable[..., bool]) -> Callable[..., bool]:
        if name in CONDITIONS:
            raise ValueError(f"condition {name!r} is declared twice")
        CONDITIONS[name] = Condition(name, text, fn, text.__code__.co_argcount)
        return fn
    return deco


def _parts(x: Any) -> tuple[str, tuple[Any, ...]]:
    """A part written as a name or ``(name, *arguments)``: the name and the arguments."""
    return (str(x[0]), tuple(x[1:])) if isinstance(x, tuple) else (str(x), ())


def holds(g: Engine, ctx: Ctx, cond: Any) -> bool:
    name, args = _parts(cond)
    return bool(CONDITIONS[name].test(g, ctx, *args))


def _cond_text(cond: Any, they: bool = False) -> str:
    name, args = _parts(cond)
    return str(CONDITIONS[name].text(*args, they=they))


def _if_check(s: Step) -> None:
    name, args = _parts(s[1])
    if name not in CONDITIONS:
        raise ValueError(f"unknown condition {name!r}; use one of {', '.join(CONDITIONS)}")
    if len(args) != CONDITIONS[name].arity:
        raise ValueError(f"condition {name!r} takes {CONDITIONS[name].arity} arguments, got {len(args)}")
    if not isinstance(s[2], tuple) or not isinstance(s[3], tuple):
        raise ValueError("then and otherwise must be tuples of steps")


@step("if", check=_if_check, text=lambda cond, then, otherwise, *, they=False: (
        f"If {_cond_text(cond, they)}: {clause(then)}" + (f" Otherwise: {clause(otherwise)}" if otherwise else "")))
def _if(g: Engine, ctx: Ctx, cond: Any, then: Steps, otherwise: Steps) -> None:
    """Which branch resolves is decided when the step resolves, not when the card is played."""
    g.push_steps(then if holds(g, ctx, cond) else otherwise, ctx)


def _you(they: bool, have: str = "have") -> str:
    """The player an ``if`` speaks of, with a verb: "you have", or "that player has"."""
    return ("that player " + {"have": "has", "are": "is"}[have]) if they else f"you {have}"


def _your(they: bool) -> str:
    return "that player's" if they else "your"


@condition("tier_at_least", lambda n, *, they=False: f"the nemesis is at tier {n} or above")
def _tier_at_least(g: Engine, ctx: Ctx, n: int) -> bool:
    return g.tier() >= n


@condition("nemesis_turns_at_least", lambda k, *, they=False: (
        "a nemesis turn order card lies in the turn order discard" if k == 1
        else f"{k} or more nemesis turn order cards lie in the turn order discard"))
def _nemesis_turns_at_least(g: Engine, ctx: Ctx, k: int) -> bool:
    return sum(map(nemesis_turn_card, g.state.to_discard)) >= k


@condition("nemesis_turns_exactly", lambda k, *, they=False: (
        f"exactly {count_of(k, 'nemesis turn order card')} {'lies' if k == 1 else 'lie'} in the turn order discard"))
def _nemesis_turns_exactly(g: Engine, ctx: Ctx, k: int) -> bool:
    return sum(map(nemesis_turn_card, g.state.to_discard)) == k


@condition("tokens_at_least", lambda t, n, *, they=False: f"the nemesis holds {n} or more {t} tokens")
def _tokens_at_least(g: Engine, ctx: Ctx, t: str, n: int) -> bool:
    return int(g.state.nemesis.tokens.get(t, 0)) >= n


@condition("this_minion_life_at_most", lambda n, *, they=False: f"this minion's life is {n} or lower")
def _this_minion_life_at_most(g: Engine, ctx: Ctx, n: int) -> bool:
    idx = find_ref(g.state.nemesis.in_play, ctx.source)
    return idx >= 0 and g.state.nemesis.in_play[idx].life <= n


@condition("life_at_most", lambda n, *, they=False: f"{_your(they)} life is {n} or lower")
def _life_at_most(g: Engine, ctx: Ctx, n: int) -> bool:
    return g.state.players[ctx.you].life <= n


@condition("exhausted", lambda *, they=False: f"{_you(they, 'are')} exhausted")
def _exhausted(g: Engine, ctx: Ctx) -> bool:
    return bool(g.state.players[ctx.you].exhausted)


@condition("opened_breaches_at_least", lambda n, *, they=False: f"{_you(they)} {n} or more opened breaches")
def _opened_breaches_at_least(g: Engine, ctx: Ctx, n: int) -> bool:
    return sum(br.state == "open" for br in g.state.players[ctx.you].breaches) >= n


@condition("pile_empty", lambda *, they=False: "the supply pile of this card has run out")
def _pile_empty(g: Engine, ctx: Ctx) -> bool:
    """The pile of that name is in this game's supply and holds no card (a card gained some
    other way, whose name has no pile, does not count as having an empty pile)."""
    st = g.state
    return ctx.source in st.supply_names and st.supply_counts[st.supply_names.index(ctx.source)] == 0


@condition("expert", lambda *, they=False: "the game is played on expert or extinction")
def _expert(g: Engine, ctx: Ctx) -> bool:
    """S-9: the increased-difficulty reading."""
    return g.expert()
