"""Carapace Queen: its mat (husks and the swarm table) and its nine cards.

Husks are minions of 1 life kept as a count, ``state.nemesis.tokens["husk"]``, on a track
of 15 (``husk_rules``). ``targets`` offers "husk" as a damage target while any is in play
and ``damage_target`` resolves the hit; at most one husk is ever damaged
(``tokens["husk_damaged"]`` = its damage). To Swarm, the nemesis looks the husk count up in
its swarm table (``rules["swarm"]``).

Readings decided here:

* Damage to a husk is taken from the husks' pooled life, one husk's worth at most, and the
  dealer may then suffer 1 damage to spread the rest over further husks (as in the Clojure
  engine).
* Damage *divided* among several targets (Garu's *Colossal Force*) sees every husk as a
  target of its own (``divide_targets``): one share per husk, with no spreading and no cost.
  A share given to a husk is exactly the damage that kills it (1; under Foul Multitudes 2,
  or 1 for the damaged husk): a husk that took a share is gone, so every husk in play stays
  offered and at most one husk is ever damaged. A smaller share is not offered, since the
  count cannot tell a husk that took a share from one that did not (it would only have left
  a husk damaged until the end of the turn); damage no target can take is lost.
* Under Foul Multitudes (passive ``husk_life``) a husk has 2 life, and a damaged husk heals
  at the end of every turn (``end_of_turn``).
* A husk that finds the track full deals 1 damage to Gravehold instead.
* Husks count as minions for G-1 (``board_clear``).
* The swarm table is the Clojure engine's (the only source that lists it); 13 husks or more
  lose the game.
* *Maggot Engine* gets its life from its IMMEDIATELY effect; the ``life`` given here (1)
  only counts if a card brings it back without it.
"""

from __future__ import annotations

from typing import Any

from ....boxapi import (
    Action,
    Ctx,
    Engine,
    NemesisDef,
    amount,
    amount_at,
    amount_text,
    count_of,
    counter,
    decision_kind,
    gravehold_damage,
    op,
    per,
    pick,
    player_damage,
    render_steps,
    rule,
    standing,
    step,
    trigger_source,
)
from ._shared import Cards, any_player, card_passive, mat_rule

CQ = "Carapace Queen"
HUSK, HURT = "husk", "husk_damaged"

_Q = Cards(CQ)
_SWARM = ("swarm",)

# ============================================================================ husks


def _husks(g: Engine) -> int:
    return g.state.nemesis.tokens.get(HUSK, 0)


def _husk_track(g: Engine) -> tuple[int, int]:
    """(life of a husk, spaces of the track) from Carapace Queen's ``husk_rules``."""
    r = mat_rule(CQ, "mat", "husk_rules")
    return (int(r[1]), int(r[2])) if r else (1, 15)


def husk_life(g: Engine) -> int:
    life = _husk_track(g)[0]
    for _, r in standing(g, "husk_life"):
        life = max(life, int(r[1]))
    return life


def place_husks(g: Engine, k: int, source: str) -> None:
    """Husks go onto the next free spaces; one that finds the track full costs Gravehold 1."""
    if k <= 0:
        return
    t = g.state.nemesis.tokens
    have = t.get(HUSK, 0)
    track = _husk_track(g)[1]
    placed = max(0, min(k, track - have))
    t[HUSK] = have + placed
    g.ev("husks_placed", amount=placed, total=t[HUSK], source=source)
    if k > placed:
        gravehold_damage(g, k - placed, source)


def _set_pool(g: Engine, pool: int, life: int, source: str) -> None:
    """The husks' pooled life is now ``pool``: at most one husk is left damaged."""
    t = g.state.nemesis.tokens
    before = t.get(HUSK, 0)
    pool = max(0, pool)
    t[HUSK] = -(-pool // life)
    hurt = (life - pool % life) % life
    if hurt:
        t[HURT] = hurt
    else:
        t.pop(HURT, None)
    if t[HUSK] < before:
        g.ev("husks_killed", amount=before - t[HUSK], total=t[HUSK], source=source)
    elif hurt:
        g.ev("husk_damaged", damage=hurt, source=source)


def _pool(g: Engine, life: int) -> int:
    t = g.state.nemesis.tokens
    hurt = t.get(HURT, 0) if life > 1 else 0
    return t.get(HUSK, 0) * life - min(hurt, life - 1)


def remove_husks(g: Engine, k: int, source: str) -> int:
    t = g.state.nemesis.tokens
    have = t.get(HUSK, 0)
    k = min(k, have)
    if k <= 0:
        return 0
    t[HUSK] = have - k
    if t[HUSK] == 0:
        t.pop(HURT, None)
    g.ev("husks_killed", amount=k, total=t[HUSK], source=source)
    return k


def hit_husks(g: Engine, you: int, amount: int, source: str) -> None:
    """One source of damage dealt to a husk (P-3); the rest may be spread for 1 damage."""
    if amount <= 0:
        return
    life = husk_life(g)
    _set_pool(g, _pool(g, life) - min(amount, life), life, source)
    surplus = amount - life
    if surplus > 0 and _husks(g) > 0 and you >= 0:
        g.push("husk_spread", you, surplus, source)


decision_kind("husk_spread", "Suffer 1 damage to spread a hit's surplus over more husks, or not.")


@op("husk_spread")
def _husk_spread(g: Engine, you: int, surplus: int, source: str, action: Action | None = None) -> None:
    if action is None:
        if _husks(g) <= 0:
            return
        g.ask("husk_spread", you, source,
              f"Suffer 1 damage to spread {surplus} more damage over other husks?",
              [("yes",), ("no",)], ("husk_spread", you, surplus, source))
        return
    if action[0] != "yes":
        return
    player_damage(g, you, 1, source)
    if g.state.over:
        return
    life = husk_life(g)
    _set_pool(g, _pool(g, life) - surplus, life, source)


# ============================================================================ cards


@step("place_husks", check=amount_at(1), text=lambda n: f"Add {amount_text(n, 'husk', noun=True)} to the Husk Track.")
def _place_husks(g: Engine, ctx: Ctx, n: Any) -> None:
    place_husks(g, amount(g, ctx, n), ctx.source)


rule("shielded_by_husks", text=lambda: (
        "As long as one husk or more is in play, damage to this minion is prevented."))

_Q("Broodwomb", "minion", 1, life=5, passive=(("shielded_by_husks",),),
   persistent=(("place_husks", 1),))


@step("swarm", text=lambda: "The nemesis Swarms.")
def _swarm(g: Engine, ctx: Ctx) -> None:
    """The row of Carapace Queen's swarm table that the number of husks in play falls in."""
    table = mat_rule(CQ, "swarm", "swarm_table")
    h = _husks(g)
    for lo, hi, steps in (table[1] if table else ()):
        if lo <= h <= hi:
            g.ev("swarm", husks=h, source=ctx.source)
            g.push_steps(steps, ctx)
            return


_Q("Endless Throng", "attack", 1, effect=(_SWARM,))
_Q("Hatch", "attack", 1, effect=(("place_husks", per("turn_order_discard")),))
_Q("Blot the Sun", "power", 2, power_tokens=2, to_discard=(("lose_charges", 4),),
   power=(_SWARM, ("unleash", 1), _SWARM))

rule("husk_life", text=lambda n: (
        f"Each husk has {n} life; at the end of every turn a damaged husk is back to full life."))


on = trigger_source("nemesis", CQ)  # this mat's rules, at the engine's trigger points


@on("end_of_turn")
def _cq_end_of_turn(g: Engine) -> None:
    """Foul Multitudes: a damaged husk heals at the end of every turn."""
    g.state.nemesis.tokens.pop(HURT, None)


_Q("Foul Multitudes", "power", 2, power_tokens=3, passive=(("husk_life", 2),),
   immediately=(("unleash", 1),), power=(_SWARM,))
_Q("Infest", "attack", 2, effect=(("or", (any_player(("suffer", 4)),), (_SWARM, _SWARM)),))


@step("discard_half_husks", text=lambda per: (
        f"Half the husks, rounded up, leave the track; Gravehold suffers {per} damage for each one."))
def _discard_half_husks(g: Engine, ctx: Ctx, per: int) -> None:
    k = remove_husks(g, (_husks(g) + 1) // 2, ctx.source)
    gravehold_damage(g, per * k, ctx.source)


_Q("Legion Beacon", "power", 3, power_tokens=2, immediately=(("unleash", 2),),
   power=(("discard_half_husks", 2), _SWARM))

counter("husks", "per husk in play")(lambda g, ctx: _husks(g))
_Q("Maggot Engine", "minion", 3, life=1,
   immediately=(("unleash", 3), ("set_entry_life", per("husks", 2))), persistent=(_SWARM,))
_Q("Spawn", "attack", 3, effect=(_SWARM, ("unleash", 1), _SWARM))

CARDS = tuple(_Q.cards)

# ============================================================================ mat


@step("remove_husks", text=lambda n: f"{count_of(n, 'husk')} leave{'s' if n == 1 else ''} the track.")
def _remove_husks(g: Engine, ctx: Ctx, n: int) -> None:
    remove_husks(g, n, ctx.source)


def _swarm_table(rows: Any) -> str:
    parts = []
    for lo, hi, steps in rows:
        parts.append(f"{lo}-{hi} husks: {render_steps(steps)}")
    return "To Swarm, count the husks in play: " + " | ".join(parts)


rule("swarm_table", text=_swarm_table)

#: (fewest husks, most husks, what happens) -- Carapace Queen Swarms
SWARM_TABLE = (
    (0, 3, (("place_husks", 4),)),
    (4, 6, (pick("discard", 1, "prepped", who="players"), ("place_husks", 2))),
    (7, 10, (("gravehold_damage", 5),)),
    (11, 12, (("player", "lowest_life", (("suffer", 3),)), ("remove_husks", 1))),
    (13, 15, (("players_lose",),)),
)

rule("husk_rules", text=lambda life, track: (
        f"Husks are minions of {life} life, counted on a Husk Track of {track} spaces. A player "
        "who damages a husk may take 1 damage to spread what exceeds that husk's life over other "
        "husks. A husk that finds the track full deals 1 damage to Gravehold instead."))


@on("targets")
def _cq_targets(g: Engine, you: int, targets: list[str]) -> list[str]:
    return targets + ["husk"] if _husks(g) > 0 else targets


@on("damage_target")
def _cq_damage_target(g: Engine, you: int, target: str, amount: int, source: str) -> bool:
    if target == "husk":
        hit_husks(g, you, amount, source)
        return True
    if _husks(g) > 0 and card_passive(target, "shielded_by_husks") is not None:  # Broodwomb
        g.ev("damage_prevented", card=target, amount=amount, source=source)
        return True
    return False


@on("divide_targets")
def _cq_divide_targets(g: Engine, you: int, shares: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """Divided damage: every husk is a target of its own, and its share is what kills it.

    A share never leaves a husk alive, so every husk in play is still free to take one
    (the name "husk" may have been used already); the damaged husk, if any, is listed first.
    """
    h = _husks(g)
    rest = [s for s in shares if s[0] != HUSK]
    if h <= 0:
        return rest
    life = husk_life(g)
    hurt = min(g.state.nemesis.tokens.get(HURT, 0), life - 1)
    husks = [(HUSK, life - hurt, life - hurt)] if hurt > 0 else []
    return rest + husks + [(HUSK, life, life)] * (h - len(husks))


@on("board_clear")
def _cq_board_clear(g: Engine) -> bool:
    """G-1: husks are minions; the players have not won while any is in play."""
    return _husks(g) == 0


NEMESIS = NemesisDef(
    CQ, CQ, "AE", life=60, difficulty=3, expedition_level=1,
    unleash=(("if", "expert", (("place_husks", 3),), (("place_husks", 2),)),),
    cards=_Q.deck(),
    tokens={"husk": 2},
    rules={"mat": (("husk_rules", 1, 15),), "swarm": (("swarm_table", SWARM_TABLE),)},
)
