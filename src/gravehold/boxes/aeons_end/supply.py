"""The 27 supply cards of Aeon's End (7 gems, 6 relics, 14 spells).

A step kind that one card alone uses is written right above that card; the ones several
cards share are in ``steps.py``. ``CARDS`` keeps the cards in the order they are written
here (gems, relics, spells). Cards move between named zones only; when several copies of a
name could move, the topmost copy moves.

Readings decided here (sources: the randomizer's texts, the Clojure engine's texts and the
rulebooks):

* *Sifter's Pearl* is named as printed and in the Clojure engine; the randomizer spells it
  "Sifters Pearl". Each player decides for their own revealed card.
* *Diamond Cluster* / *Clouded Sapphire* count this turn's plays of that card, each
  resolution of its play effect counting once (so Unstable Prism's double play counts two).
  Only the second (Diamond Cluster) or the first (Clouded Sapphire) play gets the extra.
* *Flexing Dagger*: the discount applies to the next focus or opening you pay for in your
  main phase (free focuses from cards do not use it up); two daggers add up.
* *Wildfire Whip* carries no "once per turn", unlike Arcane Nexus and Oblivion Swell, so it
  may be used any number of times, 2 Æ each (it may cast itself).
* *Lava Tendril* deals its 1 damage at the end of the casting phase only if it is still
  prepped then; the breach bonus does not apply to it (no cast).
* *Chaos Arc* counts the spells prepped on the owner's breaches next to the one it was cast
  from (a spell spanning two breaches counts once).
* *Amplify Vision* focuses first; breaches a mat lacks (or destroyed ones) do not count
  against "all opened".
* *Phoenix Flame*, *Oblivion Swell*, *Dark Fire* and *Consuming Void* deal their damage as
  one source (P-3), base and extra together.
* *Blasting Staff*'s +2 is added like a breach bonus: to the first damage the spell deals,
  or dealt on its own if the spell deals none (P-3).
"""

from __future__ import annotations

from typing import Any

from ...boxapi import (
    Action,
    CardDef,
    Ctx,
    Engine,
    ask_step,
    cast_spell,
    damage_source,
    destroy_from,
    flip_discard,
    op,
    per,
    pick,
    render_steps,
    step,
)
from ...boxapi import catalogue as content
from . import steps as _shared_steps  # noqa: F401  (nth_play, hand_for_damage)
from .steps import Steps

_CARDS: list[CardDef] = []


def _card(name: str, type_: str, cost: int, **kw: Any) -> None:
    _CARDS.append(CardDef(name, type_, cost, "AE", **kw))


_ALLY_CHARGE = ("ally_charges", 1)

# ================================================================== gems

_card("Jade", "gem", 2, play=(("aether", 2),))


@step("may_gain_to_deck", text=lambda: "On gaining it: you may put it on top of your deck instead.")
def _may_gain_to_deck(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Vriswood Amber: the gained copy (on top of the discard) may go on top of the deck."""
    i = ctx.you
    p = g.state.players[i]
    if action is None:
        if p.discard and p.discard[-1] == ctx.source:
            ask_step(g, ctx, ("may_gain_to_deck",), "to_deck", i,
                     f"Put {ctx.source} on top of your deck?", [("yes",), ("no",)])
        return
    if action[0] == "yes" and p.discard and p.discard[-1] == ctx.source:
        p.discard.pop()
        p.deck.insert(0, ctx.source)
        g.ev("to_deck", player=i, card=ctx.source)


_card("Vriswood Amber", "gem", 3, play=(("aether", 2),),
      on_gain=(("may_gain_to_deck",),))


@step("each_player_steps", text=lambda steps: f"Every player, you included, does this: {render_steps(steps)}")
def _each_player_steps(g: Engine, ctx: Ctx, steps: Steps) -> None:
    """Sifter's Pearl: every player resolves the steps as "you", starting with you."""
    n = len(g.state.players)
    first = max(ctx.you, 0)
    for d in reversed(range(n)):
        j = (first + d) % n
        g.push_steps(steps, Ctx(j, j, ctx.source))


@step("sift_top", text=lambda: "Show the top card of your deck; keep it there or put it on your discard pile.")
def _sift_top(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Reveal your deck's top card (P-16 flips an empty deck); discard it or keep it (P-17)."""
    i = ctx.you
    p = g.state.players[i]
    if action is None:
        if not p.deck:
            if not p.discard:
                return
            flip_discard(g, i)
        top = p.deck[0]
        g.ev("revealed", player=i, card=top, source=ctx.source)
        ask_step(g, ctx, ("sift_top",), "sift", i, f"Discard the revealed {top} or keep it on top?",
                 [("discard",), ("keep",)])
        return
    if action[0] == "discard" and p.deck:
        card = p.deck.pop(0)
        p.discard.append(card)
        g.ev("discard", player=i, card=card, source=ctx.source)


_card("Sifter's Pearl", "gem", 3,
      play=(("aether", 2), ("each_player_steps", (("sift_top",),))))
_card("Diamond Cluster", "gem", 4,
      play=(("aether", 2), ("nth_play", 2, (("aether", 2),))))
_card("Searing Ruby", "gem", 4, play=(("aether", 2), ("aether_for", 1, "spell")))
_card("Burning Opal", "gem", 5,
      play=(("aether", 3), pick("discard", how="may", then=(("draw", 1, "any_ally"),))))
_card("Clouded Sapphire", "gem", 6,
      play=(("aether", 3), ("nth_play", 1, (_ALLY_CHARGE,))))

# ================================================================== relics


@step("breach_discount", text=lambda n: (
        f"This turn, the next focus or opening of a breach you pay for costs {n} Æ less."))
def _breach_discount(g: Engine, ctx: Ctx, n: int) -> None:
    """Flexing Dagger: turn flag read by the focus and open actions (engine/turn/actions.py)."""
    st = g.state
    st.flags["breach_discount"] = int(st.flags.get("breach_discount", 0)) + n


_card("Flexing Dagger", "relic", 2,
      play=(("or", (("breach_discount", 3),), (("destroy_this",), ("damage", 1))),))


def _has_gem(g: Engine, ctx: Ctx, s: tuple[Any, ...]) -> bool:
    return ctx.you >= 0 and any(content.CARDS[c].type == "gem" for c in g.state.players[ctx.you].hand)


@step("play_gem_twice", can_resolve=_has_gem, text=lambda: (
        "Pick a gem in your hand: it is played and resolves two times, then it is destroyed."))
def _play_gem_twice(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Unstable Prism: a gem from hand is played (P-7), resolves twice, then is destroyed."""
    i = ctx.you
    p = g.state.players[i]
    if action is None:
        opts: list[Action] = [("card", c) for c in sorted(set(p.hand)) if content.CARDS[c].type == "gem"]
        if opts:
            ask_step(g, ctx, ("play_gem_twice",), "play_gem", i,
                     "Which gem is played twice, then destroyed?", opts)
        return
    name = str(action[1])
    p.hand.remove(name)
    p.played.append(name)
    g.ev("play", player=i, card=name, source=ctx.source)
    g.push("ae_destroy_played", i, name, ctx.source)
    play = content.CARDS[name].play
    for _ in range(2):
        g.push_steps(play, Ctx(i, i, name))


@op("ae_destroy_played")
def _ae_destroy_played(g: Engine, i: int, name: str, source: str) -> None:
    if name in g.state.players[i].played:
        destroy_from(g, i, "played", name, source)


_card("Unstable Prism", "relic", 3,
      play=(("or", (("play_gem_twice",),), (("aether", 2),)),))
_card("Bottled Vortex", "relic", 3,
      play=(("destroy_this",), pick("destroy", 2, ("hand", "discard"), how="up_to"), ("draw", 1, "you")))


@step("cast_fresh_prepped", text=lambda extra: (
        f"You may cast a spell of yours that was prepped during this turn; it deals {extra} "
        "more damage."))
def _cast_fresh_prepped(g: Engine, ctx: Ctx, extra: int, action: Action | None = None) -> None:
    """Blasting Staff: cast one of your spells prepped this turn (turn flag ``prepped``)."""
    st = g.state
    i = ctx.you
    if action is None:
        fresh = st.flags.get("prepped", ())
        opts: list[Action] = [("spell", i, b, k) for b, br in enumerate(st.players[i].breaches)
                              for k, sp in enumerate(br.spells) if (i, b, sp) in fresh]
        if opts:
            ask_step(g, ctx, ("cast_fresh_prepped", extra), "spell", i,
                     f"Cast a spell you prepped this turn, for {extra} more damage?", opts + [("skip",)])
        return
    if action[0] == "skip":
        return
    cast_spell(g, i, i, int(action[2]), int(action[3]), extra=extra)


_card("Blasting Staff", "relic", 4, play=(("cast_fresh_prepped", 2),))
_card("Focusing Orb", "relic", 4,
      play=(("or", (("focus_any",),), (("destroy_this",), ("gravehold_life", 3))),))
_card("Mage's Talisman", "relic", 5, play=(("gain_charge", 1), _ALLY_CHARGE))

# ================================================================== spells

_card("Spectral Echo", "spell", 3, cast=(("damage", 2), pick("destroy", 1, ("hand",), how="up_to")))


@step("damage_charge_boost", text=lambda base, extra: (
        f"Deal {base} damage; you may first give up 1 charge to add {extra} to it."))
def _damage_charge_boost(g: Engine, ctx: Ctx, base: int, extra: int, action: Action | None = None) -> None:
    """Phoenix Flame: you may lose 1 charge; the damage is one source either way."""
    i = ctx.you
    p = g.state.players[i]
    if action is None:
        if p.charges <= 0:
            damage_source(g, ctx, base)
            return
        ask_step(g, ctx, ("damage_charge_boost", base, extra), "yes_no", i,
                 f"Lose 1 charge to deal {base + extra} damage instead of {base}?", [("yes",), ("no",)])
        return
    if action[0] == "yes":
        p.charges -= 1
        g.ev("charges_lost", player=i, amount=1, source=ctx.source)
        damage_source(g, ctx, base + extra)
    else:
        damage_source(g, ctx, base)


_card("Phoenix Flame", "spell", 3, cast=(("damage_charge_boost", 2, 2),))
_card("Ignite", "spell", 4, cast=(("damage", 2), _ALLY_CHARGE))
_card("Amplify Vision", "spell", 4,
      cast=(("focus_lowest", "you"), ("damage", per("all_opened", 1, plus=2))))
_card("Lava Tendril", "spell", 4, cast=(("damage", 3),),
      while_prepped=(("casting_end", (("damage", 1),)),))
_card("Essence Theft", "spell", 5,
      cast=(("damage", 3), pick("discard", how="may", then=(("life", 1, "any_player"),))))
_card("Feral Lightning", "spell", 5, cast=(("damage", 3),), prep_closed=True)
_card("Dark Fire", "spell", 5, cast=(("hand_for_damage", "discard", 2, 3),))


@step("damage_gem_boost", text=lambda base: (
        f"Deal {base} damage; you may first discard a gem from your hand to add its cost to it."))
def _damage_gem_boost(g: Engine, ctx: Ctx, base: int, action: Action | None = None) -> None:
    """Oblivion Swell: you may discard a gem from hand to add its cost (one source)."""
    i = ctx.you
    p = g.state.players[i]
    if action is None:
        gems = sorted({c for c in p.hand if content.CARDS[c].type == "gem"})
        if not gems:
            damage_source(g, ctx, base)
            return
        opts: list[Action] = [("card", c) for c in gems] + [("skip",)]
        ask_step(g, ctx, ("damage_gem_boost", base), "discard", i,
                 "Discard a gem to add its cost to the damage?", opts)
        return
    if action[0] == "skip":
        damage_source(g, ctx, base)
        return
    name = str(action[1])
    p.hand.remove(name)
    p.discard.append(name)
    g.ev("discard", player=i, card=name, source=ctx.source)
    damage_source(g, ctx, base + content.CARDS[name].cost)


_card("Oblivion Swell", "spell", 5, cast=(("damage_gem_boost", 2),),
      while_prepped=(("main", (("aether", 1),)),))
_card("Chaos Arc", "spell", 6, cast=(("damage", per("adjacent_prepped", 2, plus=3)),))
_card("Planar Insight", "spell", 6, cast=(("damage", per("your_opened_breaches", 1, plus=2)),))
_card("Wildfire Whip", "spell", 6, cast=(("damage", 4),),
      while_prepped=(("main_paid", 2, (("cast_prepped_any", False),)),))
_card("Consuming Void", "spell", 7, cast=(("hand_for_damage", "destroy", 2, 3),))
_card("Arcane Nexus", "spell", 7, cast=(("damage", 4),),
      while_prepped=(("main", (pick("to_hand", 1, "played", "gem"),)),))

CARDS: tuple[CardDef, ...] = tuple(_CARDS)
