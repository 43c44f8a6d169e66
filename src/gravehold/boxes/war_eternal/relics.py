"""War Eternal supply relics, each with the step kinds that only it uses right above it.

*Fiend Catcher* also uses a step that other cards share (``steps.py``:
``turn_order_top_may_bottom``); the other relics are written with the engine's generic steps.
"""

from __future__ import annotations

from ...boxapi import Action, CardDef, Ctx, Engine, ask_step, destroy_from, pick, prep_spell, prep_targets, step
from ...boxapi import catalogue as content

MAGES_TOTEM = CardDef("Mage's Totem", "relic", 2, "WE",
                      play=(("or", (pick("destroy", 1, "played"),), (("destroy_this",), ("gravehold_life", 1))),))
PRIMORDIAL_FETISH = CardDef("Primordial Fetish", "relic", 4, "WE",
                            play=(("or", (("focus_any",),), (("destroy_this",), ("life", 3, "you"))),))


@step("ally_prep_from_discard", text=lambda: (
        "An ally may prep a spell from their discard pile to a breach where prepping is allowed."))
def _ally_prep_from_discard(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = []
        for j in g.allies(ctx.you):
            p = st.players[j]
            for name in sorted({c for c in p.discard if content.CARDS[c].type == "spell"}):
                for b in prep_targets(p, name, own_turn=False, closed_any=True):
                    opts.append(("prep", j, name, b))
        if opts:
            ask_step(g, ctx, ("ally_prep_from_discard",), "prep", ctx.you,
                     "Prep a spell from an ally's discard?", opts + [("skip",)])
        return
    if action[0] == "skip":
        return
    j, name, b = int(action[1]), str(action[2]), int(action[3])
    p = st.players[j]
    idx = len(p.discard) - 1 - p.discard[::-1].index(name)
    del p.discard[idx]
    p.hand.append(name)  # passes through hand only to reuse prep_spell's bookkeeping
    prep_spell(g, j, name, b, from_zone="hand")


CAIRN_COMPASS = CardDef("Cairn Compass", "relic", 4, "WE", play=(("ally_prep_from_discard",),))
VORTEX_GAUNTLET = CardDef("Vortex Gauntlet", "relic", 6, "WE", play=(("cast_prepped_any", True),))


@step("may_destroy_hand_or_discard", text=lambda: "You may destroy one card from your hand or from your discard pile.")
def _may_destroy_hand_or_discard(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("hand", c) for c in sorted(set(p.hand))]
        opts += [("discard", c) for c in sorted(set(p.discard))]
        if opts:
            ask_step(g, ctx, ("may_destroy_hand_or_discard",), "destroy", ctx.you,
                     "Destroy a card from your hand or discard pile?", opts + [("skip",)])
        return
    if action[0] != "skip":
        destroy_from(g, ctx.you, str(action[0]), str(action[1]), ctx.source)


FIEND_CATCHER = CardDef("Fiend Catcher", "relic", 3, "WE",
                        play=(("may_destroy_hand_or_discard",), ("turn_order_top_may_bottom", "nemesis")))


CONCLAVE_SCROLL = CardDef("Conclave Scroll", "relic", 3, "WE",
                          play=(("gain_charge", 1),
                                ("if", "pile_empty", (pick("destroy", 1, "discard_top", who="ally", how="may"),), ())))

CARDS = (MAGES_TOTEM, PRIMORDIAL_FETISH, CAIRN_COMPASS, VORTEX_GAUNTLET, FIEND_CATCHER, CONCLAVE_SCROLL)
