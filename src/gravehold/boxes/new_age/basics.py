"""The 34 basic nemesis cards of The New Age (12 of tier 1, 11 of tier 2, 11 of tier 3).

The rulebook calls them the box's general cards; a nemesis of wave 4 is meant to be played
with them (S-11). Each card's one-off step kinds are written right above it; the step kinds
that the upgraded basics (``upgraded.py``) share with these are in this module too, above
the first card that uses them. A multi-card loss re-pushes a smaller step (one pick per
decision), and every card moves between named zones only (card conservation).

Eight of these cards carry the name of an Aeon's End or War Eternal basic card (Planar
Collision, Mutilate, Needlemaw, Morbid Gyre, Sunder, Topple, Monstrosity of Omens, Doom
Aegis). The catalogue is keyed by name and saved games name cards, so each is catalogued
as ``"<name> (NA)"`` and ``shown`` as its printed name wherever a person reads it.

Readings decided here:

* *Doom Aegis*: two transcriptions of this box's card disagree: one repeats the Aeon's End
  text, the other (taken from this box's own printing) opens its POWER with an Unleash.
  The second is encoded: it is the one transcribed from this printing, and every other
  power of this box's basics Unleashes when it resolves.
* *Monstrosity of Omens* is listed with 0 life and 5 shields. This box's rulebook has no
  shield tokens (K-6 is Legacy's), and the card's own text makes every hit 1 damage and
  its PERSISTENT damage follow its "current life", so, like War Eternal's card of that
  name, it is encoded as 5 life with every hit reduced to 1.
* *Carriode Colony*'s IMMEDIATELY damage (N-12) lowers the life it enters play with: it
  enters, then suffers one hit of that much damage at once; with four players it is
  defeated there and goes to the nemesis discard.
* *Blind Enigma*'s "2 additional damage" is one hit of 3 at tier 2 or above, not a second
  hit (a damage reduction applies once).
* *Decay* ("any player or Gravehold") is a choice between the two; *Eliminate*'s three
  options are one choice of three (an OR nested in an OR).
* *Gnashing Maw* with no spell prepped anywhere destroys nothing and does nothing more;
  the spell's cost is read before it is destroyed.
* *Gore*'s player is the one holding the costliest card in hand (ties: the players pick,
  N-6); after their three discards, they suffer 2 damage per card left costing 2 or more,
  as one hit.
* *Hex of Destruction*'s player turns their discard pile over when their deck runs out
  part way (P-16) and destroys on; with both empty it destroys fewer.
* *Crushing Storm*'s TO DISCARD: a player destroys two of their own opened breaches (P-14);
  spells on a destroyed breach go to their owner's discard pile (E-1 (2)).
* *Dement*'s card goes on top of the player's deck; *Disorient*'s Gravehold damage follows
  only when the discarded card is a gem.
"""

from __future__ import annotations

from typing import Any

from ...boxapi import (
    ACTS,
    Act,
    Action,
    Ctx,
    Engine,
    Item,
    NemesisCardDef,
    Steps,
    amount,
    amount_at,
    amount_text,
    ask_step,
    chooser,
    clause,
    count_of,
    counter,
    discard_breach_spells,
    enter_play,
    flip_discard,
    minion_damage,
    per,
    pick,
    prepped_spells,
    remove_prepped,
    render_steps,
    step,
)
from ...boxapi import catalogue as content


def _B(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "NA", **kw)


def _reprint(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    """A card sharing its printed name with another box's basic card (see the docstring)."""
    return NemesisCardDef(f"{name} (NA)", type_, tier, "NA", shown=name, **kw)


def _any(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


@counter("player_count", "per player in the game")
def _player_count(g: Engine, ctx: Ctx) -> int:
    return len(g.state.players)


@counter("at_tier", "when the nemesis is at tier {0} or above", arity=1)
def _at_tier(g: Engine, ctx: Ctx, n: int) -> int:
    """1 from tier ``n`` on (N-5), else 0: a bonus that a higher tier adds."""
    return int(g.tier() >= n)


@counter("your_hand_costing", "for each card costing {0} Æ or more in {your} hand", arity=1)
def _your_hand_costing(g: Engine, ctx: Ctx, k: int) -> int:
    return sum(content.CARDS[c].cost >= k for c in g.state.players[ctx.you].hand)


# ================================================================== tier 1

DRILLBEAK_WURM = _B("Drillbeak Wurm", "minion", 1, life=6, persistent=(_any(("suffer", 1)), ("gravehold_damage", 1)))


@step("entry_damage", check=amount_at(1), text=lambda n: f"This minion suffers {amount_text(n, 'damage')}.")
def _entry_damage(g: Engine, ctx: Ctx, n: Any) -> None:
    """IMMEDIATELY on "this minion" (N-12): it enters play now and suffers the hit there,
    so the life it keeps is its printed life less the damage (at 0 it is defeated)."""
    st = g.state
    if st.stack and tuple(st.stack[-1]) == ("enter_play", ctx.source):
        st.stack.pop()
        enter_play(g, ctx.source)
    minion_damage(g, ctx.source, amount(g, ctx, n), ctx.source)


CARRIODE_COLONY = _B("Carriode Colony", "minion", 1, life=4,
                     immediately=(("entry_damage", per("player_count")),), persistent=(("unleash", 1),))
CHAOS_ORB = _B("Chaos Orb", "power", 1, power_tokens=3, to_discard=(("spend_aether", 6),),
               power=(("unleash", 1), ("gravehold_damage", 4)))


def _one_from_hand(g: Engine, j: int, s: tuple[Any, ...]) -> int:
    return min(1, len(g.state.players[j].hand))


@step("discard_then_if_type", hand_loss=_one_from_hand, text=lambda ctype, then: (
        f"discards a card from their hand; if it is a {ctype}: {render_steps(then)}"))
def _discard_then_if_type(g: Engine, ctx: Ctx, ctype: str, then: Steps, action: Action | None = None) -> None:
    """Disorient: the player picks the card; ``then`` follows when it is of type ``ctype``."""
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("card", c) for c in sorted(set(p.hand))]
        if opts:
            ask_step(g, ctx, ("discard_then_if_type", ctype, then), "discard", ctx.you,
                     "Discard which card from your hand?", opts)
        return
    name = str(action[1])
    p.hand.remove(name)
    p.discard.append(name)
    g.ev("discard", player=ctx.you, card=name, source=ctx.source)
    if content.CARDS[name].type == ctype:
        g.push_steps(then, ctx)


DISORIENT = _B("Disorient", "attack", 1, effect=(
    ("unleash", 1), _any(("suffer", 1), ("discard_then_if_type", "gem", (("gravehold_damage", 2),)))))
REND = _B("Rend", "attack", 1, effect=(("unleash", 1), ("gravehold_damage", 1), _any(("suffer", 2))))
UNNERVING_HOWL = _B("Unnerving Howl", "power", 1, power_tokens=2,
                    power=(("unleash", 1), _any(pick("discard", 2, filt="gem"))))
CEASELESS_DARKNESS = _B("Ceaseless Darkness", "power", 1, power_tokens=2, to_discard=(("spend_aether", 5),),
                        power=(("unleash", 1), _any(("suffer", 3)), _any(pick("discard", 1))))
AETHER_SHOCK = _B("Aether Shock", "attack", 1,
                  effect=(("unleash", 1), ("player", "most_prepped", (("suffer", 1), pick("discard", 1, "prepped")))))
DECIMATE = _B("Decimate", "attack", 1,
              effect=(("or", (("unleash", 2), _any(("gain_charge", 2))), (("gravehold_damage", 4),)),))
BLIND_ENIGMA = _B("Blind Enigma", "minion", 1, life=7, persistent=(_any(("suffer", per(("at_tier", 2), 2, plus=1))),))
PLANAR_COLLISION = _reprint("Planar Collision", "power", 1, power_tokens=2,
                            to_discard=(pick("discard", 2, "prepped"),), power=(("unleash", 2),))
SPIRIT_SNARE = _B("Spirit Snare", "power", 1, power_tokens=3,
                  to_discard=(pick("discard", 1, filt=("cost_at_least", 5)),),
                  power=(("unleash", 1), _any(pick("discard", 1, filt="spell"), ("suffer", 2))))

# ================================================================== tier 2


def _to_deck_top(g: Engine, ctx: Ctx, item: Item) -> None:
    """From its owner's hand onto the top of their deck."""
    j, _, name, _ = item
    p = g.state.players[j]
    p.hand.remove(name)
    p.deck.insert(0, name)
    g.ev("to_deck", player=j, card=name, source=ctx.source)


# a new act of the generic pick (engine.generic: a new act is one entry)
ACTS.setdefault("to_deck_top", Act("put", "puts", " on top of {your} deck", "card", frozenset({"hand"}), _to_deck_top))

DEMENT = _B("Dement", "attack", 2,
            effect=(("unleash", 2), _any(("suffer", 1), pick("to_deck_top", 1, filt="costliest"))))
DECAY = _B("Decay", "attack", 2, effect=(("unleash", 2), ("or", (_any(("suffer", 3)),), (("gravehold_damage", 3),))))
CULLING_SCYTHE = _B("Culling Scythe", "power", 2, power_tokens=2, to_discard=(("spend_aether", 7),),
                    power=(("unleash", 1), ("player", "lowest_life", (("suffer", 4),))))
FUGUE = _B("Fugue", "attack", 2, effect=(_any(pick("discard", 3), ("suffer", 2)),))
VOLCANIC_ZALA = _B("Volcanic Zala", "minion", 2, life=10,
                   persistent=(("or", (("gravehold_damage", 3),), (("any_player_loses_charge", 2),)),))
PORTAL_GUARDIAN = _B("Portal Guardian", "minion", 2, life=8, persistent=(("unleash", 1), _any(("suffer", 1))))
OBLITERATING_METEOR = _B("Obliterating Meteor", "power", 2, power_tokens=1, to_discard=(pick("discard", 4),),
                         power=(("unleash", 2), ("gravehold_damage", 3)))
MUTILATE = _reprint("Mutilate", "attack", 2,
                    effect=(("unleash", 1), pick("discard", 2, "prepped", who="players"), _any(("suffer", 2))))
NEEDLEMAW = _reprint("Needlemaw", "minion", 2, life=11, persistent=(("gravehold_damage", 2),))
MORBID_GYRE = _reprint("Morbid Gyre", "power", 2, power_tokens=1, to_discard=(("spend_aether", 7),),
                       power=(("unleash", 2), ("collective_discard_hand", 3)))
GRAVITY_SPLINTER = _B("Gravity Splinter", "power", 2, power_tokens=2, to_discard=(("spend_aether", 7),),
                      power=(("unleash", 2), ("player", "fewest_opened_breaches", (("suffer", 3),))))

# ================================================================== tier 3

ELIMINATE = _B("Eliminate", "attack", 3, effect=(
    ("or", (("unleash", 3),), (("or", (("gravehold_damage", 6),), (_any(("suffer", 5)),)),)),))


def _opened(g: Engine, i: int) -> list[int]:
    return [b for b, br in enumerate(g.state.players[i].breaches) if br.state == "open"]


def _pay_opened_breaches(g: Engine, i: int, s: tuple[Any, ...]) -> bool:
    return len(_opened(g, i)) >= int(s[1])


@step("destroy_opened_breaches", can_pay=_pay_opened_breaches, text=lambda n: (
        "Destroy one of your opened breaches." if n == 1 else f"Destroy {n} of your opened breaches."))
def _destroy_opened_breaches(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """Crushing Storm's TO DISCARD: one opened breach per decision; its spells are discarded."""
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("breach", b) for b in _opened(g, ctx.you)]
        if n > 0 and opts:
            ask_step(g, ctx, ("destroy_opened_breaches", n), "breach", ctx.you,
                     f"Destroy which opened breach? ({n} to go)" if n > 1 else "Destroy which opened breach?", opts)
        return
    b = int(action[1])
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("destroy_opened_breaches", n - 1))
    br = p.breaches[b]
    if br.covered_by >= 0:  # the other half of a spell prepped across two breaches
        discard_breach_spells(g, ctx.you, br.covered_by)
    discard_breach_spells(g, ctx.you, b)
    br.state = "destroyed"
    br.focused = False
    g.ev("breach_destroyed", player=ctx.you, breach=b, source=ctx.source)


CRUSHING_STORM = _B("Crushing Storm", "power", 3, power_tokens=1, to_discard=(("destroy_opened_breaches", 2),),
                    power=(("unleash", 3),))


def _costliest_text(act: str, at_most: int, then: Steps, none: Steps) -> str:
    verb = {"destroy": "destroys", "discard": "discards"}[act]
    out = f"Whoever has the costliest prepped spell of all {verb} it."
    out += f" If its cost was {at_most} Æ or less: {clause(then)}" if then else ""
    return out + (f" If no spell is prepped: {render_steps(none)}" if none else "")


@step("costliest_prepped", text=_costliest_text)
def _costliest_prepped(g: Engine, ctx: Ctx, act: str, at_most: int, then: Steps, none: Steps,
                       action: Action | None = None) -> None:
    """The costliest prepped spell of all (ties: the players pick, N-6) is discarded or
    destroyed; ``then`` follows when it cost ``at_most`` or less, ``none`` when none was."""
    if action is None:
        spells = prepped_spells(g, list(range(len(g.state.players))))
        if not spells:
            g.push_steps(none, ctx)
            return
        top = max(s[0] for s in spells)
        opts: list[Action] = [("spell", j, b, k) for c, j, b, k in spells if c == top]
        ask_step(g, ctx, ("costliest_prepped", act, at_most, then, none), "spell", chooser(g, ctx),
                 f"Which of the costliest prepped spells is {act}ed?", opts)
        return
    j, b, k = int(action[1]), int(action[2]), int(action[3])
    cost = content.CARDS[g.state.players[j].breaches[b].spells[k]].cost
    remove_prepped(g, j, b, k, destroy=act == "destroy", source=ctx.source)
    if cost <= at_most:
        g.push_steps(then, ctx)


GNASHING_MAW = _B("Gnashing Maw", "power", 3, power_tokens=2, power=(
    ("unleash", 1), ("costliest_prepped", "destroy", 4, (("unleash", 1), _any(("suffer", 3))), ())))
DISPERSE = _B("Disperse", "attack", 3,
              effect=(("unleash", 2), _any(("suffer", 2), pick("destroy", 1, filt="costliest"))))
GORE = _B("Gore", "attack", 3, effect=(
    ("unleash", 2),
    ("player", "costliest_in_hand", (pick("discard", 3), ("suffer", per(("your_hand_costing", 2), 2))))))


@step("destroy_deck_top", text=lambda n: f"destroys the top {count_of(n, 'card')} of their deck.")
def _destroy_deck_top(g: Engine, ctx: Ctx, n: int) -> None:
    """Hex of Destruction: the top n cards, the discard pile turned over when the deck runs out (P-16)."""
    p = g.state.players[ctx.you]
    for _ in range(n):
        if not p.deck:
            if not p.discard:
                return
            flip_discard(g, ctx.you)
        name = p.deck.pop(0)
        g.state.destroyed.append(name)
        g.ev("destroyed", player=ctx.you, card=name, zone="deck", source=ctx.source)


HEX_OF_DESTRUCTION = _B("Hex of Destruction", "power", 3, power_tokens=2, to_discard=(("spend_aether", 8),),
                        power=(("unleash", 2), ("gravehold_damage", 4), _any(("destroy_deck_top", 4))))
ETERNAL_WATCHER = _B("Eternal Watcher", "minion", 3, life=10, persistent=(
    _any(("suffer", 3)), ("if", ("this_minion_life_at_most", 6), (("self_heal", 3),), ())))
SUNDER = _reprint("Sunder", "attack", 3, effect=(
    ("or", (("gravehold_damage", 4), ("player", "lowest_life", (("suffer", 4),))), (("shuffle_nemesis_turns",),)),))
TOPPLE = _reprint("Topple", "attack", 3, effect=(("unleash", 2), ("gravehold_damage", 4)))
MONSTROSITY_OF_OMENS = _reprint("Monstrosity of Omens", "minion", 3, life=5, damage_cap=1,
                                persistent=(("gravehold_damage", per("this_minion_life")),))
DOOM_AEGIS = _reprint("Doom Aegis", "power", 3, power_tokens=1, to_discard=(("spend_aether", 7),),
                      power=(("unleash", 1), ("player", "most_charges", (("suffer", 4), ("lose_all_charges",)))))

BASIC_CARDS = (
    # tier 1
    DRILLBEAK_WURM, CARRIODE_COLONY, CHAOS_ORB, DISORIENT, REND, UNNERVING_HOWL, CEASELESS_DARKNESS, AETHER_SHOCK,
    DECIMATE, BLIND_ENIGMA, PLANAR_COLLISION, SPIRIT_SNARE,
    # tier 2
    DEMENT, DECAY, CULLING_SCYTHE, FUGUE, VOLCANIC_ZALA, PORTAL_GUARDIAN, OBLITERATING_METEOR, MUTILATE, NEEDLEMAW,
    MORBID_GYRE, GRAVITY_SPLINTER,
    # tier 3
    ELIMINATE, CRUSHING_STORM, GNASHING_MAW, DISPERSE, GORE, HEX_OF_DESTRUCTION, ETERNAL_WATCHER, SUNDER, TOPPLE,
    MONSTROSITY_OF_OMENS, DOOM_AEGIS,
)
