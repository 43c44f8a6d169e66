"""The New Age supply gems, each with the step kinds that only it uses right above it.

Readings decided here (the card texts leave them open):

- *Lurking Sionite* looks for a copy anywhere in an ally's discard pile, not only on top;
  in true solo your own discard pile is your ally's (SO-1).
- *Unrefined Blaststone* destroys the top card of its own supply pile (S-8: a pile is used
  from the top); with that pile empty, or its name not in this game's supply, only the
  aether can be taken (P-7).
- *Recurring Jasper* goes from the play area onto the deck at once, so it is not put away
  in the draw phase.
"""

from __future__ import annotations

from ...boxapi import Action, CardDef, Ctx, Engine, ask_step, condition, pick, render_steps, step, take_pile_top
from ...boxapi import catalogue as content

# ------------------------------------------------------------------ Lurking Sionite


@condition("copy_in_ally_discard", lambda *, they=False: "a copy of this card lies in an ally's discard pile")
def _copy_in_ally_discard(g: Engine, ctx: Ctx) -> bool:
    name = ctx.source
    cards = content.CARDS
    return any((cards[c].base or c) == name for j in g.allies(ctx.you) for c in g.state.players[j].discard)


LURKING_SIONITE = CardDef("Lurking Sionite", "gem", 3, "NA",
                          play=(("aether", 2), ("if", "copy_in_ally_discard", (("aether", 1),), ())))

# ------------------------------------------------------------------ Unrefined Blaststone


def _own_pile_left(g: Engine, ctx: Ctx, s: tuple[object, ...]) -> bool:
    st = g.state
    return ctx.source in st.supply_names and st.supply_counts[st.supply_names.index(ctx.source)] > 0


@step("destroy_from_own_pile", can_resolve=_own_pile_left, text=lambda then: (
        f"Destroy one card of this card's own pile in the supply, and then: {render_steps(then)}"))
def _destroy_from_own_pile(g: Engine, ctx: Ctx, then: tuple[tuple[object, ...], ...]) -> None:
    st = g.state
    if not _own_pile_left(g, ctx, ("destroy_from_own_pile", then)):
        return
    card = take_pile_top(st, st.supply_names.index(ctx.source))  # C-17: a marked copy comes last
    st.destroyed.append(card)
    g.ev("destroyed", player=ctx.you, card=card, zone="supply", source=ctx.source)
    g.push_steps(then, ctx)


UNREFINED_BLASTSTONE = CardDef("Unrefined Blaststone", "gem", 6, "NA",
                               play=(("or", (("aether", 3),), (("destroy_from_own_pile", (("damage", 3),)),)),))

EXOGRANITE = CardDef("Exogranite", "gem", 3, "NA",
                     play=(("or", (("aether", 2),), (("destroy_this",), ("aether", 3))),))

# ------------------------------------------------------------------ Recurring Jasper


@condition("discard_top_spell", lambda *, they=False: f"the top card of {'their' if they else 'your'} "
           "discard pile is a spell")
def _discard_top_spell(g: Engine, ctx: Ctx) -> bool:
    d = g.state.players[ctx.you].discard
    return bool(d) and content.CARDS[d[-1]].type == "spell"


@step("may_this_to_deck", text=lambda: "You may put this card from play on top of your deck.")
def _may_this_to_deck(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    p = g.state.players[ctx.owner]
    if ctx.source not in p.played:
        return
    if action is None:
        ask_step(g, ctx, ("may_this_to_deck",), "to_deck", ctx.you, f"Put {ctx.source} on top of your deck?",
                 [("yes",), ("no",)])
        return
    if action[0] == "yes":
        del p.played[len(p.played) - 1 - p.played[::-1].index(ctx.source)]
        p.deck.insert(0, ctx.source)
        g.ev("to_deck", player=ctx.owner, card=ctx.source, source=ctx.source)


RECURRING_JASPER = CardDef("Recurring Jasper", "gem", 4, "NA",
                           play=(("aether", 2), ("if", "discard_top_spell", (("may_this_to_deck",),), ())))

ENERGIZED_RUBIDIUM = CardDef("Energized Rubidium", "gem", 5, "NA", play=(
    ("aether", 3), ("may_pay", "ally", (pick("discard"),), (("gain_charge", 1),), ())))

RESONANT_PEARL = CardDef("Resonant Pearl", "gem", 3, "NA",
                         play=(("aether", 2), ("ally_copy_offer", (("aether", 1),), ())))

CARDS = (LURKING_SIONITE, UNREFINED_BLASTSTONE, EXOGRANITE, RECURRING_JASPER, ENERGIZED_RUBIDIUM, RESONANT_PEARL)
