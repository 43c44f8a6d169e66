"""War Eternal supply spells, each with the step kinds that only it uses right above it.

Source decision: *Crystallize* spans two adjacent breaches; when cast it takes the
larger breach bonus of the two it covers (a spell gets one bonus, not two).
*Pyrotechnic Surge* is prepped across two adjacent breaches the same way.

Readings decided here (the card texts leave them open):

- *Equilibrium* lowers each damage its owner would suffer by 1 (never below 1) before
  E-3's redirection of an exhausted player's damage; several copies each lower it by 1.
  Its while-prepped hook ``("reduce_damage", n)`` is applied by the core
  (``damage.player_damage``), because it changes the core's own procedure.
- *Pyrotechnic Surge* acts on your own discard pile.

*Carbonize* also uses a step that other cards share (``steps.py``).
"""

from __future__ import annotations

from ...boxapi import Action, CardDef, Ctx, Engine, ask_step, damage_source, per, pick, step
from ...boxapi import catalogue as content

_FOCUS_LOWEST = ("focus_lowest", "any_player")

JAGGED_LIGHTNING = CardDef("Jagged Lightning", "spell", 4, "WE",
                           cast=(("damage", 3), pick("discard", how="may", then=(_FOCUS_LOWEST,))))
FIERY_TORRENT = CardDef("Fiery Torrent", "spell", 5, "WE",
                        cast=(("damage", per("copies_prepped", 2, plus=2)),))
CONJURE_THE_LOST = CardDef("Conjure the Lost", "spell", 6, "WE",
                           cast=(("damage", 5), ("may_destroy_this", (("gravehold_life", 4),))))
REDUCE_TO_ASH = CardDef("Reduce to Ash", "spell", 7, "WE", cast=(("damage", 4),),
                        while_prepped=(("casting_start", (("reveal_top_may_destroy",),)),))
THOUGHTFORM_FAMILIAR = CardDef("Thoughtform Familiar", "spell", 3, "WE",
                               cast=(("damage", per("your_other_prepped", 1, plus=2)),))
KINDLE = CardDef("Kindle", "spell", 4, "WE", cast=(("damage", 3),),
                 while_prepped=(("extra_spark", "Spark"),))
NOVA_FORGE = CardDef("Nova Forge", "spell", 6, "WE", cast=(("damage", 4),),
                     while_prepped=(("main", (("aether_for", 2, "spell"),)),))


@step("crystallize", text=lambda per: f"An ally shows their hand; deal {per} damage per gem shown.")
def _crystallize(g: Engine, ctx: Ctx, per: int, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you)]
        ask_step(g, ctx, ("crystallize", per), "player", ctx.you, "Which ally shows their hand?", opts)
        return
    j = int(action[1])
    hand = g.state.players[j].hand
    gems = sum(content.CARDS[c].type == "gem" for c in hand)
    g.ev("hand_revealed", player=j, cards=list(hand), source=ctx.source)
    damage_source(g, ctx, per * gems)


CRYSTALLIZE = CardDef("Crystallize", "spell", 8, "WE", two_breaches=True,
                      cast=(("crystallize", 2),))
CARBONIZE = CardDef("Carbonize", "spell", 4, "WE",
                    cast=(("damage", 3), ("turn_order_top_may_bottom", "any")))
EQUILIBRIUM = CardDef("Equilibrium", "spell", 7, "WE", cast=(("damage", 4),),
                      while_prepped=(("reduce_damage", 1),))


CONVECTION_FIELD = CardDef("Convection Field", "spell", 5, "WE",
                           cast=(("or", (("damage", 4),),
                                  (("damage", 2), pick("destroy", 1, who="ally", how="may"))),))
CELESTIAL_SPIRE = CardDef("Celestial Spire", "spell", 5, "WE",
                          cast=(("damage", 3), ("if", "pile_empty", (("draw", 1, "any_ally"),), ())))


PYROTECHNIC_SURGE = CardDef("Pyrotechnic Surge", "spell", 4, "WE", two_breaches=True,
                            cast=(("damage", 4), pick("destroy", 1, "discard", how="may")))
AURORA = CardDef("Aurora", "spell", 5, "WE", cast=(("damage", 3),),
                 while_prepped=(("main", (("gain_charge", 1),)),))

CARDS = (  # in the catalogue's order, which seeded random setups draw from
    JAGGED_LIGHTNING, FIERY_TORRENT, CONJURE_THE_LOST,  # the first three
    REDUCE_TO_ASH, THOUGHTFORM_FAMILIAR, KINDLE, NOVA_FORGE,
    CRYSTALLIZE, CARBONIZE, EQUILIBRIUM, CONVECTION_FIELD, CELESTIAL_SPIRE, PYROTECHNIC_SURGE, AURORA,
)
