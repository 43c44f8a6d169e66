"""War Eternal supply gems, each with the step kinds that only it uses right above it.

Readings decided here (the card texts leave them open):

- *Dread Diamond* acts on your own prepped spells.
"""

from __future__ import annotations

from ...boxapi import (
    Action,
    CardDef,
    Ctx,
    Engine,
    ask_step,
    available,
    gain_aether,
    gain_card,
    pay,
    pick,
    step,
    turn_flag,
)

#: turn flag family: the key is this prefix and the card name
FIRST_GAIN = turn_flag("first_gain:*", "a card's first-gain bonus was had this turn")[:-1]

FROZEN_MAGMITE = CardDef("Frozen Magmite", "gem", 3, "WE", play=(("aether", 2), ("next_gain_to_deck",)))
SCORIA_SLAG = CardDef("Scoria Slag", "gem", 4, "WE",
                      play=(("aether", 2), ("if", ("tier_at_least", 2), (("aether", 1),), ())))
ERRATIC_INGOT = CardDef("Erratic Ingot", "gem", 5, "WE",
                        play=(("aether", 2), ("if", ("nemesis_turns_at_least", 1), (("aether", 2),), ())))


@step("pay_for_ally_copy", text=lambda n: (
        f"On gaining it during your turn: you may pay {n} Æ so that an ally takes a copy from "
        "the supply onto their deck."))
def _pay_for_ally_copy(g: Engine, ctx: Ctx, cost: int, action: Action | None = None) -> None:
    st = g.state
    p = st.players[ctx.you]
    if action is None:
        if ctx.you != st.active or available(p, "other") < cost or ctx.source not in st.supply_names \
                or st.supply_counts[st.supply_names.index(ctx.source)] <= 0:
            return
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you)] + [("skip",)]
        ask_step(g, ctx, ("pay_for_ally_copy", cost), "player", ctx.you,
                 f"Pay {cost} Æ so that an ally gains {ctx.source}?", opts)
        return
    if action[0] == "skip":
        return
    pay(p, cost, "other")
    gain_card(g, int(action[1]), ctx.source, on_your_turn=False, to_deck=True)


VOLCANIC_GLASS = CardDef("Volcanic Glass", "gem", 3, "WE", play=(("aether", 2),),
                         on_gain=(("pay_for_ally_copy", 2),))
BREACH_ORE = CardDef("Breach Ore", "gem", 4, "WE",
                     play=(("or", (("aether", 2),), (("focus_lowest", "you"),)),))


@step("aether_first_gain", text=lambda n: f"On gaining the first copy during your own turn: gain {n} Æ.")
def _aether_first_gain(g: Engine, ctx: Ctx, n: int) -> None:
    st = g.state
    key = FIRST_GAIN + ctx.source
    if ctx.you == st.active and not st.flags.get(key):
        st.flags[key] = True
        gain_aether(g, ctx, n)


BLOODSTONE_JEWEL = CardDef("Bloodstone Jewel", "gem", 6, "WE", play=(("aether", 3),),
                           on_gain=(("aether_first_gain", 3),))


DREAD_DIAMOND = CardDef("Dread Diamond", "gem", 3, "WE",
                        play=(("aether", 2), pick("discard", 1, "prepped", how="may", then=(("aether", 1),))))

CARDS = (FROZEN_MAGMITE, SCORIA_SLAG, ERRATIC_INGOT, VOLCANIC_GLASS, BREACH_ORE, BLOODSTONE_JEWEL, DREAD_DIAMOND)
