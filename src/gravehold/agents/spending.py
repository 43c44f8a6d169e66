"""What the heuristic does with the aether left after gems, preps, abilities and relics.

The plan is a deck-builder's plan in three parts, each a weight in :class:`Plan`:

1. **Build the economy first.** While your average hand of five makes less than
   ``econ_target`` aether, a gem is worth much more than its aether (every later turn
   gets richer); past the target a gem is worth little, and as the nemesis deck runs
   down (``late_deck``) less still: it may never come round again.
2. **Then buy damage.** A spell is worth its damage, less when an average hand would
   hold more spells than you have opened breaches (:func:`crowd`).
3. **Breaches and charges.** Opening a breach is worth as many spells as a hand holds
   beyond your opened breaches; with nothing worth buying, charge your ability.

Every option is scored and the best one is taken, one action at a time, so the rest of
the aether is spent by the next main-phase decision. The weights were tuned by playing
thousands of seeded games per setting (``scripts/tune_plan.py``; ``docs/bots.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..content import registry as content
from ..content.hints import Board, Seat
from ..content.model import UNPLAYED_TYPES, CardDef, Steps
from ..engine.core import BREACH_BONUS, FOCUS_COST, OPEN_COST
from ..engine.state import Action, Decision
from . import advice
from .knowledge import SPELLS, aether_of, card_value, damage_of, plain_hand_loss, relic_value

if TYPE_CHECKING:
    from .plans import GamePlan

CARDS = content.CARDS


@dataclass(frozen=True)
class Plan:
    """The weights of the spending plan (units: roughly "one damage to the nemesis")."""

    econ_target: float = 4.5  #: average aether of a hand of five to build towards
    gem_short: float = 1.35  #: worth of one gem aether per point of economy still missing
    gem_base: float = 0.4  #: worth of one gem aether once the economy is built
    spell_damage: float = 1.6  #: worth of one damage a spell deals per cast
    two_breaches: float = 1.0  #: factor for a spell that must be prepped across two breaches
    blunt_share: float = 0.8  #: share of the nemesis' blunting a spell's worth loses (minions are not blunted)
    spell_surplus: float = 0.75  #: factor for a spell a hand would hold beyond the opened breaches
    crowd_limit: float = 0.5  #: spells a hand may hold beyond the opened breaches before that
    open_need: float = 0.5  #: added to the spells a hand holds beyond the breaches when opening one
    relic: float = 0.5  #: factor on a relic's fixed worth (knowledge.relic_value)
    late_deck: float = 22.0  #: nemesis cards left below which a gem's worth fades
    late_floor: float = 12.0  #: nemesis cards left at which a gem is worth nothing more
    min_buy: float = 2.5  #: a card worth less than this is not gained (it dilutes the deck)
    open_breach: float = 4.5  #: worth of opening a breach that a spell waits for
    open_bonus: float = 1.0  #: extra for a breach with a damage bonus (III, IV)
    open_cost: float = 0.5  #: subtracted per aether the opening costs
    focus: float = 1.0  #: worth of a focus towards a breach that a spell waits for
    focus_bonus: float = 2.5  #: worth of a focus towards the first breach with a damage bonus (III)
    open_first_bonus: float = 4.0  #: least worth of opening the first breach with a damage bonus
    open_over_focus: float = 3.0  #: aether more than a focus we pay to open the breach a spell needs
    charge: float = 1.8  #: worth of a charge towards the ability
    save_gravehold: float = 6.0  #: give up a spell for Gravehold life at or below this life
    target_danger: float = 3.0  #: (targeting) worth of removing one turn of a minion's harm
    kill_bonus: float = 2.0  #: (targeting) extra for a hit that kills a minion
    thin_econ: float = 2.75  #: destroy starter Crystals once the economy reaches this
    thin_spells: float = 5.0  #: destroy starter Sparks once you own this many spells


PLAN = Plan()


def owned(p: Seat) -> list[str]:
    cards = list(p.hand) + list(p.discard) + list(p.played) + [c for c in p.deck if c]
    for br in p.breaches:
        cards += br.spells
    return cards


def tally(p: Seat) -> tuple[int, float, int]:
    """(cards, the aether they make, spells) over everything the player owns."""
    cards = owned(p)
    return len(cards), sum(aether_of(c) for c in cards), sum(1 for c in cards if c in SPELLS)


def econ(p: Seat) -> float:
    """Aether an average hand of five makes."""
    n, aether, _ = tally(p)
    return 5.0 * aether / n if n else 0.0


def spells_owned(p: Seat) -> int:
    return tally(p)[2]


def opened(p: Seat) -> int:
    return sum(1 for br in p.breaches if br.state == "open")


def crowd(p: Seat, extra_spells: int = 0) -> float:
    """Spells an average hand of five holds beyond the player's opened breaches (below 0:
    breaches to spare). A spell beyond them stays in hand; a breach beyond them stays empty."""
    n, _, spells = tally(p)
    return _crowd(n, spells, opened(p), extra_spells)


def _crowd(n: int, spells: int, n_open: int, extra_spells: int) -> float:
    return 5.0 * (spells + extra_spells) / max(1, n + extra_spells) - n_open


def buy_value(name: str, economy: float = 0.0, crowded: float = -1.0, plan: Plan | None = None,
              blunt: float = 0.0) -> float:
    """Worth of gaining ``name`` for a player with this economy; ``crowded`` is :func:`crowd`
    with the card gained; ``blunt`` is what the nemesis takes off every hit (small spells
    are worth less then)."""
    c = CARDS[name]
    if c.type in UNPLAYED_TYPES:  # a card that is never played is never worth gaining
        return -1.0
    v = _played_value(c, name, economy, crowded, plan or PLAN, blunt)
    return v + RECALL_VALUE if c.recall and v > 0 else v


#: K-4: what a Recall effect adds to a card's worth (an extra effect on the turns it lies in the discard)
RECALL_VALUE = 0.5


def _played_value(c: CardDef, name: str, economy: float, crowded: float, plan: Plan, blunt: float) -> float:
    if c.type == "gem":
        if c.cost == 0:
            return -1.0
        per = plan.gem_base + plan.gem_short * max(0.0, plan.econ_target - economy)
        return per * aether_of(name) + 0.05 * c.cost
    if c.type == "spell":
        dmg = damage_of(name)
        v = plan.spell_damage * (dmg - plan.blunt_share * min(blunt, dmg)) + 0.1 * c.cost
        if c.two_breaches:  # it fills two breaches: worth less than its damage says
            v *= plan.two_breaches
        if crowded + (1 if c.two_breaches else 0) > plan.crowd_limit:
            v *= plan.spell_surplus
        return v
    return plan.relic * relic_value(name)


def pile_cost(b: Board, o: Action) -> float:
    """What a gain from a pile costs beyond its price: the nemesis' mat says (an emptied pile
    may hurt; a pile of its own may be dearer or cheaper)."""
    cost = advice.nemesis_hints(b).pile_cost
    return cost(b, o) if cost is not None else 0.0


def ranked(b: Board, me: Seat, kinds: dict[str, list[Action]], game_plan: GamePlan | None = None) \
        -> list[tuple[float, Action]]:
    """Every way to spend aether now with its worth, best first (``end_main`` is worth 0),
    by a plan's weights, its bias for named cards and its breach deadlines (``plans.py``)."""
    plan = game_plan.weights if game_plan is not None else PLAN
    bias = game_plan.card_bias if game_plan is not None else None
    n, aether, spells = tally(me)
    eco = 5.0 * aether / n if n else 0.0
    n_open = opened(me)
    waiting = spells > n_open  # a spell of ours has no opened breach to go to
    blunt = advice.blunting(b)
    out: list[tuple[float, Action]] = [(0.0, ("end_main",))]
    # late in the game a gem may never come round again: its worth fades with the nemesis deck
    late = min(1.0, max(0.0, (len(b.nemesis.deck) - plan.late_floor) / (plan.late_deck - plan.late_floor)))
    crowded = _crowd(n, spells, n_open, 1)  # with one more spell
    for o in kinds.get("gain", []) + kinds.get("gain_devoured", []) + kinds.get("gain_exiled", []) \
            + kinds.get("dream_gain", []):
        v = buy_value(o[1], eco, crowded, plan, blunt) - pile_cost(b, o)
        if CARDS[o[1]].type == "gem":
            v *= late
        if bias:
            v += bias.get(o[1], 0.0)
        if v >= plan.min_buy:
            out.append((v, o))
    # while no breach with a damage bonus is opened, the way to the first one is worth more:
    # every later cast from it deals 1 more
    bonus_next = -1
    if not any(BREACH_BONUS[i] and br.state == "open" for i, br in enumerate(me.breaches)):
        bonus_next = next((i for i, br in enumerate(me.breaches) if BREACH_BONUS[i] and br.state == "closed"), -1)
    # a breach is worth as many spells a hand holds beyond the opened breaches (a little at least)
    need = min(2.0, max(0.2, _crowd(n, spells, n_open, 0) + plan.open_need))
    due = _due(b, me, game_plan) if game_plan is not None and any(game_plan.breach_rounds) else ()
    for o in kinds.get("open", []):
        cost = OPEN_COST[o[1]][me.breaches[o[1]].stage]
        v = plan.open_breach * need + plan.open_bonus * BREACH_BONUS[o[1]] - plan.open_cost * cost
        if o[1] in due:  # the plan wants it open by now: worth a good spell at least
            v = max(v, plan.open_first_bonus)
        out.append((max(v, plan.open_first_bonus) if o[1] == bonus_next else v, o))
    for o in kinds.get("focus", []):
        br = me.breaches[o[1]]
        if o[1] in due or o[1] == bonus_next:
            out.append((plan.focus_bonus + 0.1 * br.stage, o))
        elif waiting:
            out.append((plan.focus - 0.1 * FOCUS_COST[o[1]] + 0.1 * br.stage, o))
        else:  # better than letting aether go to waste
            out.append((0.1 + 0.01 * br.stage, o))
    if kinds.get("charge"):
        out.append((plan.charge, ("charge",)))
    out.sort(key=lambda t: -t[0])  # stable: ties keep the order above
    return out


def spend(b: Board, me: Seat, kinds: dict[str, list[Action]], game_plan: GamePlan | None = None) -> Action:
    """The best use of spare aether now, or ``end_main`` when nothing is worth it."""
    return ranked(b, me, kinds, game_plan)[0][1]


#: turns in a round: the turn order deck's six cards (T-1), whatever the number of players
ROUND = 6


def _due(b: Board, me: Seat, game_plan: GamePlan) -> tuple[int, ...]:
    """The closed breaches a plan wants open by the end of this round (from round 1)."""
    rnd = 1 + int(b.turn) // ROUND
    return tuple(i for i, r in enumerate(game_plan.breach_rounds)
                 if r and rnd >= r and i < len(me.breaches) and me.breaches[i].state == "closed")


def worth_paying(b: Board, me: Seat, name: str) -> bool:
    c = content.NEMESIS_CARDS[name]
    cost = 0.0
    for s in c.to_discard:
        if s[0] == "spend_aether":
            cost += 0.5 * s[1]
        elif s[0] == "lose_charges":
            cost += 1.0 * s[1]
        elif s[0] == "destroy_opened_breaches":  # a breach destroyed stays lost for the game
            cost += 6.0 * s[1]
        elif plain_hand_loss(s, "discard"):
            cost += 0.8 * s[4]
        else:
            cost += 2.0
    return advice.steps_harm(b, c.power) >= cost



def pays_off(b: Board, j: int, cost: Steps) -> bool:
    """K-15: is this optional cost worth it for player j? A card of the hand is, when one of
    theirs is worth little (a starter); a copy of the card is always (they draw one back);
    a charge is, for aether worth twice as much, while the ability is not full (a full
    one stays ready); aether or life is not."""
    p = b.players[j]
    for s in cost:
        if s[0] == "pick" and s[5] == "discard":
            if isinstance(s[3], tuple) and s[3][0] == "named":
                continue
            if not p.hand:  # an ally's hand is hidden: they know their worst card, so they pay
                if getattr(p, "hand_size", 0) > 0:
                    continue
                return False
            if min(card_value(c) for c in p.hand) > card_value("Spark"):
                return False
        elif s[0] == "lose_charges":
            if p.charges >= p.max_charges:
                return False
        elif s[0] in ("spend_aether", "suffer", "you_suffer"):
            return False
    return True



def extra_cost(b: Board, d: Decision) -> Action | None:
    """The K-15 offer (frame ``extra_cost``): pay when it pays off, else pass."""
    cost = d.resume[5]
    if d.kind == "yes_no":
        return ("yes",) if pays_off(b, d.player, cost) else ("no",)
    ok = [o for o in d.options if o[0] == "player" and pays_off(b, int(o[1]), cost)]
    return min(ok, key=lambda o: min((card_value(c) for c in b.players[o[1]].hand), default=0.0)) if ok \
        else ("skip",)
