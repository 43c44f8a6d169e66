"""What hurts how much *right now*, and whom to hit.

The heuristic agent asks these questions of a board (a view-made board or a sampled
state, with the same attribute names). Harm is counted in "Gravehold life" units: one
point is worth about one damage to Gravehold; losing the game is worth ``LOSS``.

The harm of a step is read from the step (its kind and its numbers); what only a nemesis'
mat knows -- what an Unleash does now, what its tokens are worth, how it takes damage -- is
its box's ``hints.py`` (``gravehold.content.hints``: :func:`nemesis_hints`), which gets this
module as its ``judge``. The same rules hold for every nemesis: never let a player be
exhausted if another can take the hit (an exhausted player's damage goes doubled to
Gravehold); kill the minions that hurt most each turn first; a husk track fills towards its
swarm table's worst rows, so husks are killed before they pile up.
"""

from __future__ import annotations

import sys
from typing import cast

from ..content import registry as content
from ..content.hints import NO_HINTS, Board, Judge, NemesisHints, Seat, hints
from ..content.model import Step, Steps
from ..engine.schema import nemesis_turn_card
from ..engine.shapes import Json
from .knowledge import counter_of, plain_hand_loss

LOSS = 200.0
T = "nemesis"


def nemesis_hints(b: Board) -> NemesisHints:
    """What the board's nemesis' box says of its mat (nothing: the generic rules)."""
    return hints.nemeses.get(b.nemesis.id, NO_HINTS)


def ntokens(b: Board, t: str = T) -> int:
    return int(b.nemesis.tokens.get(t, 0))


def husks(b: Board) -> int:
    return int(b.nemesis.tokens.get("husk", 0))


def alive(b: Board) -> list[Seat]:
    return [p for p in b.players if not p.exhausted]


def gh_cost(b: Board, n: float) -> float:
    """Damage to Gravehold: dearer as it gets low; at 0 the game is lost."""
    gh = b.gravehold
    if n >= gh:
        return LOSS
    return float(n * (1.0 + 6.0 / max(1, gh - n)))


def suffer_cost(b: Board, p: Seat, n: float) -> float:
    """Player ``p`` suffers ``n``: exhaustion Unleashes twice and loses a breach."""
    if n <= 0:
        return 0.0
    if p.exhausted:
        return gh_cost(b, 2 * n)
    if n >= p.life:
        if len(alive(b)) <= 1:
            return LOSS
        return 14.0 + 2 * unleash_harm(b) + gh_cost(b, 2 * (n - p.life))
    return float(n * (1.0 + 3.0 / max(1, p.life - n)))


def best_victim_cost(b: Board, n: float) -> float:
    return min((suffer_cost(b, p, n) for p in b.players), default=0.0)


def husk_cost(b: Board, k: int) -> float:
    """k more husks: what the swarm table makes of them."""
    h = husks(b)
    after = h + k
    if after >= 13:
        return LOSS * 0.6
    if after >= 11:
        return 8.0 * k
    if after >= 7:
        return 2.5 * k
    return 0.8 * k


def devour_cost(b: Board, n: int | str) -> float:
    """A nemesis devours ``n`` supply cards: every one brings the loss (an empty
    supply) nearer, the dearer the fewer are left; a card it cannot take hurts Gravehold."""
    left = int(sum(max(0, c) for c in b.supply_counts))
    k = n if isinstance(n, int) else 3  # "unleash" or a minion's life: about three cards
    if left <= k:
        return LOSS
    return k * (0.3 + 30.0 / left)


def unleash_harm(b: Board) -> float:
    """The harm of one Unleash now: its mat's hint, else a guess per nemesis."""
    h = nemesis_hints(b)
    return h.unleash(b, _JUDGE) if h.unleash is not None else h.unleash_guess


def token_loss_cost(b: Board, n: int) -> float:
    """A mat whose tokens running out loses the game: each one lost costs more as they run out."""
    have = ntokens(b)
    if n >= have:
        return LOSS
    return n * 20.0 / have


def _prepped_costs(b: Board) -> list[int]:
    out = []
    for p in b.players:
        for br in p.breaches:
            for sp in br.spells:
                c = content.CARDS.get(sp)
                out.append(c.cost if c is not None else 0)
    return sorted(out, reverse=True)


def counted_harm(b: Board, k: str, a: Json) -> float:
    """A counted amount of damage (``engine.amounts``) to Gravehold (``k`` "gravehold_damage")
    or to a player ("suffer"): the count read off the board where the board shows it (tokens,
    empty piles), a fixed guess where it depends on whom or what (a player's prepped spells, a
    minion's life); a count on top of a fixed amount, or any other, is an unknown step (1.5)."""
    name, args, _, plus = counter_of(a)
    if k == "gravehold_damage":
        if name == "tokens":
            return gh_cost(b, ntokens(b, args[0]))
        if name in ("most_prepped", "nemesis_turns_discarded"):
            return gh_cost(b, 3)
    elif plus:
        return 1.5
    elif name == "tokens":
        return best_victim_cost(b, ntokens(b, args[0]))
    elif name == "tokens_halved":
        return best_victim_cost(b, ntokens(b, args[0]) // 2)
    elif name == "your_prepped":
        return best_victim_cost(b, 3)
    elif name == "empty_piles":
        return best_victim_cost(b, sum(1 for c in b.supply_counts if c <= 0))
    return 4.0 if name == "this_minion_life" else 1.5


def _if_harm(b: Board, s: Step) -> float:
    """The branch that will resolve, for the conditions the bot reads off the board (nemesis
    cards in the turn order discard, token counts); nothing when neither branch harms; else
    an unknown step (1.5)."""
    cond = s[1] if isinstance(s[1], tuple) else (s[1],)
    if cond[0] == "nemesis_turns_exactly":
        return steps_harm(b, s[2] if sum(map(nemesis_turn_card, b.to_discard)) == cond[1] else s[3])
    if cond[0] == "tokens_at_least":
        return steps_harm(b, s[2] if ntokens(b, cond[1]) >= cond[2] else s[3])
    if not steps_harm(b, s[2]) and not steps_harm(b, s[3]):  # e.g. only the minion hurts itself
        return 0.0
    return 1.5


def _pick_harm(b: Board, s: Step) -> float:
    """Cards the players lose: any n cards of a hand, 0.8 each; the table's n costliest
    prepped spells, by their cost (destroyed ones dearer); any other pick 1.5."""
    if plain_hand_loss(s):
        return float(0.8 * s[4])
    if s[1] == "players" and s[2] == "prepped" and s[3] == "costliest":
        costs = _prepped_costs(b)[: int(s[4])]
        per = 0.9 if s[5] == "destroy" else 0.5
        return sum(1.0 + per * c for c in costs)
    return 1.5


def step_harm(b: Board, s: Step) -> float:
    k = s[0]
    if k == "gravehold_damage":
        return gh_cost(b, s[1]) if isinstance(s[1], int) else counted_harm(b, k, s[1])
    if k == "you_suffer":
        return best_victim_cost(b, s[1])
    if k == "suffer":
        return best_victim_cost(b, s[1]) if isinstance(s[1], int) else counted_harm(b, k, s[1])
    if k == "player":
        who = s[1]
        steps = s[2]
        if who == "any":
            return min((sum(harm_on(b, p, x) for x in steps) for p in b.players), default=0.0)
        cands = alive(b) or list(b.players)
        if who == "lowest_life":
            p = min(cands, key=lambda q: q.life)
            return sum(harm_on(b, p, x) for x in steps)
        return max((sum(harm_on(b, p, x) for x in steps) for p in cands), default=0.0)
    if k == "unleash":
        return float(s[1] * unleash_harm(b))
    if k == "unleash_until_token":  # as many Unleashes as tokens are missing
        return max(1, int(s[2]) - ntokens(b, s[1])) * unleash_harm(b)
    if k == "lose_token":
        lose = nemesis_hints(b).lose_token
        return lose(b, int(s[2]), _JUDGE) if lose is not None else 2.0 * s[2]
    if k == "gain_token":
        return float(nemesis_hints(b).gain_token_each * s[2])
    if k == "pick":
        return _pick_harm(b, s)
    if k == "swarm":
        h = husks(b)
        if h <= 3:
            return husk_cost(b, 4)
        if h <= 6:
            return 2.0 + husk_cost(b, 2)
        if h <= 10:
            return gh_cost(b, 5)
        if h <= 12:
            return best_victim_cost(b, 3)
        return LOSS
    if k == "place_husks":  # a count of cards in the turn order discard, or a number
        n = s[1] if isinstance(s[1], int) else len(b.to_discard)
        return husk_cost(b, n)
    if k == "or":
        return min(steps_harm(b, s[1]), steps_harm(b, s[2]))
    if k == "if":
        return _if_harm(b, s)
    if k == "lose_charges":
        return float(1.0 * s[1])
    if k == "any_player_loses_charge":
        return float(1.0 * s[1])
    if k == "devour":
        return devour_cost(b, s[1])
    if k == "strike":
        return float(3.5 * s[1])
    if k == "return_minion":
        return 4.0
    if k == "players_lose":
        return LOSS
    if k == "gain_corruption":
        return 2.0
    if k == "suffer_per_turn_card":  # every player, per turn card
        return 2 * best_victim_cost(b, 1.5)
    if k == "extra_nemesis_draw":
        return 5.0
    if k == "keep_player_turn_card":
        return 3.0
    if k in ("self_damage", "self_heal", "it_suffers", "destroy_this", "to_nemesis_deck_bottom", "draw_acolyte"):
        return 0.0
    if k == "collective_discard_hand":
        return 0.8 * s[1] if isinstance(s[1], int) else 2.0
    own = nemesis_hints(b).step_harm  # a step kind of the nemesis' own: its box knows its harm
    if own is not None:
        v = own(b, s, _JUDGE)
        if v is not None:
            return v
    return 1.5


def harm_on(b: Board, p: Seat, s: Step) -> float:
    k = s[0]
    if k == "suffer":
        if isinstance(s[1], int):
            return suffer_cost(b, p, s[1])
        name, args, _, plus = counter_of(s[1])
        if name == "tokens" and plus:  # a base and a token count: the tokens, on this player
            return suffer_cost(b, p, ntokens(b, args[0]))
    return step_harm(b, s)


def steps_harm(b: Board, steps: Steps) -> float:
    return sum(step_harm(b, s) for s in steps)


# ------------------------------------------------------------------- targets


def minion_danger(b: Board, name: str) -> float:
    """What a nemesis card in play costs us each nemesis turn it stays."""
    c = content.NEMESIS_CARDS.get(name)
    if c is None:
        return 0.0
    if c.type == "minion":
        if c.blood_magic:  # a minion whose Blood Magic feeds the nemesis: killing them wins
            return 3.0 + steps_harm(b, c.blood_magic)
        if c.passive and husks(b) > 0 and any(s[0] == "shielded_by_husks" for s in c.passive):
            return 0.0
        return steps_harm(b, c.persistent)
    if c.type == "power":
        return steps_harm(b, c.power) / 2.0
    return 0.0


def minion_damage(b: Board, name: str, amount: int) -> int:
    """How much of ``amount`` a minion really takes."""
    c = content.NEMESIS_CARDS.get(name)
    if c is None:
        return amount
    if c.damage_cap is not None:
        amount = min(amount, c.damage_cap)
    for s in c.passive:
        if s[0] == "damage_reduced":
            amount -= s[1]
        elif s[0] == "damage_reduced_by_token":
            amount -= ntokens(b, s[1])
        elif s[0] == "shielded_by_husks" and husks(b) > 0:
            return 0
    return max(0, amount)


#: a nemesis' card put on top of the dealer's deck: a turn's card slot and a point or two of damage
CORRUPTION_HIT = 4.0


def hit_cost(b: Board, name: str) -> float:
    """What hitting this minion costs the one who deals the damage (a card for their deck)."""
    c = content.NEMESIS_CARDS.get(name)
    if c is not None and any(s[0] == "dealer_gains_corruption" for s in c.passive):
        return CORRUPTION_HIT
    return 0.0


def blunting(b: Board) -> float:
    """Damage the nemesis takes off every hit over the coming turns (its mat's hint)."""
    return nemesis_hints(b).blunting


def nemesis_damage(b: Board, amount: int) -> float:
    """Worth of ``amount`` damage at the nemesis (a mat may blunt it or make it immune)."""
    worth = nemesis_hints(b).nemesis_damage
    return worth(b, amount) if worth is not None else float(amount)


#: every husk on the track, whatever the row: it brings the next rows nearer
HUSK_EACH = 1.6


def husk_pressure(h: int) -> float:
    """What ``h`` husks on the track cost us, read off the swarm table: up to 3 the swarm
    only adds husks, 4-6 costs a prepped spell, 7-10 five Gravehold life, 11-12 a player's
    life, 13 or more the game. Every Unleash adds two more, so a count near the next row
    already costs part of it."""
    v = HUSK_EACH * h
    if h >= 13:
        return v + LOSS * 0.5
    if h >= 11:
        return v + 14.0
    if h >= 7:
        return v + 5.0
    if h >= 4:
        return v + 1.5
    return v


def husk_kill_value(b: Board, k: int) -> float:
    """Worth of killing ``k`` husks now."""
    h = husks(b)
    k = max(0, min(k, h))
    return husk_pressure(h) - husk_pressure(h - k)



#: this module, as the ``judge`` a box's hints get (``content.hints.Judge``)
_JUDGE = cast(Judge, sys.modules[__name__])
