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

*Carbonize* and *Celestial Spire* also use steps that other cards share (``steps.py``).
"""

from __future__ import annotations

from ...content import registry as content
from ...content.model import CardDef
from ...engine.core import Ctx, Engine, op, step
from ...engine.effects import _damage, ask_step, destroy_from
from ...engine.state import Action

_FOCUS_LOWEST = ("focus_lowest", "any_player")

JAGGED_LIGHTNING = CardDef("Jagged Lightning", "spell", 4, "WE",
                           cast=(("damage", 3), ("may_discard_hand", (_FOCUS_LOWEST,))))
FIERY_TORRENT = CardDef("Fiery Torrent", "spell", 5, "WE",
                        cast=(("damage_scaled", 2, 2, "other_same_prepped_any"),))
CONJURE_THE_LOST = CardDef("Conjure the Lost", "spell", 6, "WE",
                           cast=(("damage", 5), ("may_destroy_this", (("gravehold_life", 4),))))
REDUCE_TO_ASH = CardDef("Reduce to Ash", "spell", 7, "WE", cast=(("damage", 4),),
                        while_prepped=(("casting_start", (("reveal_top_may_destroy",),)),))
THOUGHTFORM_FAMILIAR = CardDef("Thoughtform Familiar", "spell", 3, "WE",
                               cast=(("damage_scaled", 2, 1, "your_other_prepped"),))
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
    _damage(g, ctx, per * gems)


CRYSTALLIZE = CardDef("Crystallize", "spell", 8, "WE", two_breaches=True,
                      cast=(("crystallize", 2),))
CARBONIZE = CardDef("Carbonize", "spell", 4, "WE",
                    cast=(("damage", 3), ("turn_order_top_may_bottom", "any")))
EQUILIBRIUM = CardDef("Equilibrium", "spell", 7, "WE", cast=(("damage", 4),),
                      while_prepped=(("reduce_damage", 1),))


@step("ally_may_destroy_hand", text=lambda: "An ally of your choice may destroy one card from their hand.")
def _ally_may_destroy_hand(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Convection Field: you pick the ally; the ally picks the card (their hand is theirs)."""
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you) if g.state.players[j].hand]
        if opts:
            ask_step(g, ctx, ("ally_may_destroy_hand",), "player", ctx.you,
                     "Which ally may destroy a card in hand?", opts + [("skip",)])
        return
    if action[0] != "skip":
        g.push("we_destroy_own_hand", int(action[1]), ctx.source)


@op("we_destroy_own_hand")
def _we_destroy_own_hand(g: Engine, j: int, source: str, action: Action | None = None) -> None:
    p = g.state.players[j]
    if action is None:
        if p.hand:
            g.ask("destroy", j, source, "Destroy a card in your hand?",
                  [("card", c) for c in sorted(set(p.hand))] + [("skip",)], ("we_destroy_own_hand", j, source))
        return
    if action[0] != "skip":
        destroy_from(g, j, "hand", str(action[1]), source)


CONVECTION_FIELD = CardDef("Convection Field", "spell", 5, "WE",
                           cast=(("or", (("damage", 4),), (("damage", 2), ("ally_may_destroy_hand",))),))
CELESTIAL_SPIRE = CardDef("Celestial Spire", "spell", 5, "WE",
                          cast=(("damage", 3), ("if_pile_empty", (("draw", 1, "any_ally"),))))


@step("may_destroy_discard", text=lambda: "You may destroy one card from your discard pile.")
def _may_destroy_discard(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("card", c) for c in sorted(set(p.discard))]
        if opts:
            ask_step(g, ctx, ("may_destroy_discard",), "destroy", ctx.you,
                     "Destroy a card from your discard pile?", opts + [("skip",)])
        return
    if action[0] != "skip":
        destroy_from(g, ctx.you, "discard", str(action[1]), ctx.source)


PYROTECHNIC_SURGE = CardDef("Pyrotechnic Surge", "spell", 4, "WE", two_breaches=True,
                            cast=(("damage", 4), ("may_destroy_discard",)))
AURORA = CardDef("Aurora", "spell", 5, "WE", cast=(("damage", 3),),
                 while_prepped=(("main", (("gain_charge", 1),)),))

CARDS = (  # in the catalogue's order, which seeded random setups draw from
    JAGGED_LIGHTNING, FIERY_TORRENT, CONJURE_THE_LOST,  # the first three
    REDUCE_TO_ASH, THOUGHTFORM_FAMILIAR, KINDLE, NOVA_FORGE,
    CRYSTALLIZE, CARBONIZE, EQUILIBRIUM, CONVECTION_FIELD, CELESTIAL_SPIRE, PYROTECHNIC_SURGE, AURORA,
)
