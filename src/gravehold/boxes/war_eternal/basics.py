"""The 25 basic nemesis cards of War Eternal (9 of tier 1, 8 of tier 2, 8 of tier 3).

Each card's one-off step kinds are written right above it; the steps that other cards of
the box also use are in ``steps.py``. The steps that a player's own choice resumes follow
the engine's rule of single picks: a multi-card loss re-pushes a smaller step. Every card
moves between named zones only (card conservation); when several copies of a name could
move, the topmost copy of the zone moves.

Source decisions:

* *Monstrosity of Omens* is listed by one source with 0 life and 5 shields and by
  another with 5 life. War Eternal predates shield tokens (P-4 names them for LoG/OC),
  so, like Aeon's End's *Cauterizer*, it is encoded as 5 life with every hit reduced to
  1 damage; its PERSISTENT damage then follows that life.
* *Heart of Nothing*: the sources print its two POWER options in opposite orders; the
  order of an OR does not matter, the Unleash branch is listed first.
* Its tiers, types, life and power tokens agree across the sources.

Readings decided here:

* "any player ... discards / destroys their costliest cards" must pick a player who can
  lose the whole count when one can (N-6: the ``pick`` from a hand says how many it takes).
* Engulf resolves the most recent attack of the nemesis discard again and leaves it there,
  and does nothing when the discard holds no attack.
* Encroach's revealed card names "that player": P1-P4 name one seat (in true solo,
  SO-1, every player card is you); the three-player wild card names the wild-token
  holder under the token reading of T-3, else the players pick who; a four-player "1/2"
  or "3/4" card names the player whose turn it would be (T-4), or either of the pair
  when no token is out.
* Cataclysmic Fate's breach is the breach the destroyed spell lay on (either of the two
  for a spell prepped across two breaches); other spells on it are discarded (E-1 (2)).
"""

from __future__ import annotations

from typing import Any

from ...boxapi import (
    Action,
    Ctx,
    Engine,
    NemesisCardDef,
    ask_step,
    chooser,
    count_of,
    destroy_breach,
    destroy_from,
    flip_discard,
    gravehold_damage,
    nemesis_turn_card,
    per,
    pick,
    player_damage,
    prepped_spells,
    remove_prepped,
    reveal_turn_order_top,
    step,
)
from ...boxapi import catalogue as content


def _B(name: str, type_: str, tier: int, **kw: object) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "WE", **kw)  # type: ignore[arg-type]


def _any(*steps: tuple[object, ...]) -> tuple[object, ...]:
    return ("player", "any", tuple(steps))


def _cost(name: str) -> int:
    return content.CARDS[name].cost


# ================================================================== tier 1


AFFLICT = _B("Afflict", "attack", 1,
             effect=(("unleash", 1), _any(("suffer", 3), pick("to_hand", 1, "discard", how="may"))))
CATACOMB_DRONE = _B("Catacomb Drone", "minion", 1, life=5, persistent=(("unleash", 1), ("gravehold_damage", 1)))


def turn_order_card_players(g: Engine, card: str) -> list[int]:
    """The players a player turn order card names (T-3, T-4, T-5); [] for a nemesis card."""
    st = g.state
    n = len(st.players)
    if nemesis_turn_card(card):
        return []
    if n == 1:  # T-5
        return [0]
    if card in ("P1", "P2", "P3", "P4"):
        return [int(card[1]) - 1]
    if card == "W":  # T-3
        if st.config.get("ruleset", {}).get("wild_card", "choose") == "token":
            return [st.tokens.get("wild", 0)]
        return list(range(n))
    pair = (0, 1) if card == "P12" else (2, 3)
    holder = st.tokens.get("pair12" if card == "P12" else "pair34", -1)
    if holder >= 0:
        return [pair[1] if holder == pair[0] else pair[0]]
    return list(pair)


@step("reveal_turn_order_hit", text=lambda hit, miss: (
        f"Show the top turn order card and leave it there: the player it names suffers {hit} "
        f"damage; for a nemesis card, Gravehold suffers {miss} damage instead."))
def _reveal_turn_order_hit(g: Engine, ctx: Ctx, hit: int, miss: int, action: Action | None = None) -> None:
    """Encroach: reveal the top turn order card (T-2 if empty); its player, else Gravehold, suffers."""
    if action is None:
        top = reveal_turn_order_top(g)
        cand = turn_order_card_players(g, top)
        if not cand:
            gravehold_damage(g, miss, ctx.source)
            return
        opts: list[Action] = [("player", j) for j in cand]
        ask_step(g, ctx, ("reveal_turn_order_hit", hit, miss), "player", chooser(g, ctx),
                 f"Turn order card {top}: which player suffers {hit} damage?", opts)
        return
    player_damage(g, int(action[1]), hit, ctx.source)


ENCROACH = _B("Encroach", "attack", 1, effect=(("unleash", 1), ("reveal_turn_order_hit", 2, 3)))
HEART_OF_NOTHING = _B("Heart of Nothing", "power", 1, power_tokens=2, to_discard=(pick("discard", 4),),
                      power=(("or", (("unleash", 2),), (_any(("suffer", 4)),)),))
HOWLING_SPINNERS = _B("Howling Spinners", "minion", 1, life=5, persistent=(_any(("suffer", 2)),))
NIGHT_UNENDING = _B("Night Unending", "power", 1, power_tokens=3,
                    power=(("gravehold_damage", per("most_prepped", 2)),))
NIX = _B("Nix", "attack", 1, effect=(("unleash", 1), _any(("suffer", 1), pick("discard", 1, filt="costliest"))))


PLANAR_COLLISION = _B("Planar Collision", "power", 1, power_tokens=2, to_discard=(pick("discard", 2, "prepped"),),
                      power=(("unleash", 2),))
THRASH = _B("Thrash", "attack", 1, effect=(("unleash", 1), ("collective_discard_hand", 2)))

# ================================================================== tier 2

APHOTIC_SUN = _B("Aphotic Sun", "power", 2, power_tokens=2, to_discard=(("spend_aether", 7),),
                 power=(("unleash", 1), ("player", "most_charges", (("suffer", 3), ("lose_all_charges",)))))


@step("reveal_destroy_costliest", text=lambda n: (
        f"shows the top {count_of(n, 'card')} of their deck and destroys the costliest one shown."))
def _reveal_destroy_costliest(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """Chaos Flail: reveal the top n cards, destroy a costliest one; the rest stay on top (P-17)."""
    p = g.state.players[ctx.you]
    if action is None:
        if len(p.deck) < n and p.discard:  # P-16: the deck runs out part way
            flip_discard(g, ctx.you)
        shown = p.deck[:n]
        if not shown:
            return
        g.ev("revealed", player=ctx.you, cards=list(shown), source=ctx.source)
        top = max(_cost(c) for c in shown)
        opts: list[Action] = [("card", c) for c in sorted({c for c in shown if _cost(c) == top})]
        ask_step(g, ctx, ("reveal_destroy_costliest", n), "destroy", ctx.you,
                 "Destroy which costliest revealed card?", opts)
        return
    destroy_from(g, ctx.you, "deck", str(action[1]), ctx.source)


CHAOS_FLAIL = _B("Chaos Flail", "power", 2, power_tokens=2, to_discard=(("spend_aether", 7),),
                 power=(("unleash", 2), _any(("recycle_deck",), ("reveal_destroy_costliest", 2))))
MAGE_ENDER = _B("Mage Ender", "minion", 2, life=9,
                persistent=(("player", "most_opened_breaches", (("suffer", 2),)),))
MANGLEROOT = _B("Mangleroot", "minion", 2, life=12, persistent=(("gravehold_damage", 3), ("self_damage", 2)))
MORBID_GYRE = _B("Morbid Gyre", "power", 2, power_tokens=1, to_discard=(("spend_aether", 7),),
                 power=(("unleash", 2), ("collective_discard_hand", 3)))


MUTILATE = _B("Mutilate", "attack", 2,
              effect=(("unleash", 1), pick("discard", 2, "prepped", who="players"), _any(("suffer", 2))))
NULL_SCION = _B("Null Scion", "minion", 2, life=11, persistent=(("unleash", 1),))
SMITE = _B("Smite", "attack", 2, effect=(("unleash", 2), ("gravehold_damage", 2)))

# ================================================================== tier 3


APOCALYPSE_RITUAL = _B("Apocalypse Ritual", "power", 3, power_tokens=2, to_discard=(("spend_aether", 8),),
                       power=(("gravehold_damage", per("nemesis_turns_discarded", 5)),))
BANISH = _B("Banish", "attack", 3,
            effect=(("unleash", 2), ("player", "most_prepped", (("suffer", per("your_prepped")),))))


def _pay_destroy_prepped_and_breach(g: Engine, i: int, s: tuple[Any, ...]) -> bool:
    return bool(prepped_spells(g, [i], int(s[1])))


@step("destroy_prepped_and_breach", can_pay=_pay_destroy_prepped_and_breach, text=lambda c, *, they=False: (
        f"destroys one of their prepped spells costing {c} or more, and a breach it is on." if they else
        f"Destroy one of your prepped spells costing {c} or more, and a breach it is on."))
def _destroy_prepped_and_breach(g: Engine, ctx: Ctx, min_cost: int, action: Action | None = None) -> None:
    """Cataclysmic Fate's TO DISCARD: destroy a prepped spell costing min_cost+ and its breach."""
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = []
        for _, j, b, k in prepped_spells(g, [ctx.you], min_cost):
            spots = [b]
            if content.CARDS[p.breaches[b].spells[k]].two_breaches:
                spots += [x for x, o in enumerate(p.breaches) if o.covered_by == b]
            opts += [("spell_breach", j, b, k, x) for x in spots]
        if opts:
            ask_step(g, ctx, ("destroy_prepped_and_breach", min_cost), "spell_breach", ctx.you,
                     "Destroy which prepped spell, and which breach it lies on?", opts)
        return
    b, k, x = int(action[2]), int(action[3]), int(action[4])
    remove_prepped(g, ctx.you, b, k, destroy=True, source=ctx.source)
    destroy_breach(g, ctx.you, x, ctx.source)  # a Link partner and attached cards go too


CATACLYSMIC_FATE = _B("Cataclysmic Fate", "power", 3, power_tokens=1,
                      to_discard=(("destroy_prepped_and_breach", 5),),
                      power=(("player", "lowest_life", (("suffer", 4),)),))


@step("resolve_last_attack", text=lambda: "The nemesis' most recently discarded attack resolves again.")
def _resolve_last_attack(g: Engine, ctx: Ctx) -> None:
    """Engulf: the attack discarded most recently resolves again and stays in the discard."""
    n = g.state.nemesis
    for name in reversed(n.discard):
        card = content.NEMESIS_CARDS[name]
        if card.type == "attack" and name != ctx.source:
            g.ev("nemesis_card_resolved_again", card=name, source=ctx.source)
            g.push_steps(card.effect, Ctx(-1, -1, name))
            return


ENGULF = _B("Engulf", "attack", 3, effect=(("resolve_last_attack",),))
MONSTROSITY_OF_OMENS = _B("Monstrosity of Omens", "minion", 3, life=5, damage_cap=1,
                          persistent=(("gravehold_damage", per("this_minion_life")),))
QUELL = _B("Quell", "attack", 3, effect=(("or", (("gravehold_damage", 7),), (("unleash", 3),)),))


THROTTLE = _B("Throttle", "attack", 3, effect=(("unleash", 2), _any(pick("destroy", 3, filt="costliest"))))
WITHERING_BEAM = _B("Withering Beam", "power", 3, power_tokens=2,
                    power=(("unleash", 2), pick("destroy", 2, "prepped", "costliest", who="players")))

BASIC_CARDS = (
    # tier 1
    AFFLICT, CATACOMB_DRONE, ENCROACH, HEART_OF_NOTHING, HOWLING_SPINNERS, NIGHT_UNENDING, NIX, PLANAR_COLLISION,
    THRASH,
    # tier 2
    APHOTIC_SUN, CHAOS_FLAIL, MAGE_ENDER, MANGLEROOT, MORBID_GYRE, MUTILATE, NULL_SCION, SMITE,
    # tier 3
    APOCALYPSE_RITUAL, BANISH, CATACLYSMIC_FATE, ENGULF, MONSTROSITY_OF_OMENS, QUELL, THROTTLE, WITHERING_BEAM,
)
