"""The New Age supply relics, each with the step kinds that only it uses right above it.

The three conduits are attached under a breach (K-2, ``engine/keywords/attach.py``): their
lasting effects are ``CardDef.attached`` hooks, which the engine's attach rule turns into a
P-20 cast bonus (*Aether Conduit*, *Pain Conduit*) or a second prep slot (*Link Conduit*).

Readings decided here (the card texts leave them open):

- *Caged Fire* may take the top card of your own discard pile too ("any player's").
- *Galvanized Bauble*: "any ally's breach" is a closed breach of an ally that can be focused;
  the spell cast with it is resolved to the end (P-21) before you decide whether to destroy
  it, and it is destroyed from its owner's discard pile, where casting put it (P-18).
- *Aether Conduit*: the caster gains the aether once per resolution of the Cast effect, so
  twice for an Echo spell (P-5: every bonus applies to both resolutions).
- *Pain Conduit* is discarded as soon as the spell cast from its breach takes its bonus; an
  Echo spell still has +2 on both resolutions (one cast, one bonus).
"""

from __future__ import annotations

from ...boxapi import (
    Action,
    CardDef,
    Ctx,
    Engine,
    ask_step,
    cast_spell,
    chooser,
    destroy_from,
    focus_breach,
    focusable,
    step,
)

# ------------------------------------------------------------------ Caged Fire


def _some_discard(g: Engine, ctx: Ctx, s: tuple[object, ...]) -> bool:
    return any(p.discard for p in g.state.players)


@step("destroy_any_discard_top", can_resolve=_some_discard, text=lambda: (
        "Destroy the card on top of a discard pile, any player's."))
def _destroy_any_discard_top(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = [("player", j) for j, p in enumerate(st.players) if p.discard]
        if opts:
            ask_step(g, ctx, ("destroy_any_discard_top",), "player", ctx.you,
                     "Destroy the top card of whose discard pile?", opts)
        return
    j = int(action[1])
    destroy_from(g, j, "discard", st.players[j].discard[-1], ctx.source)


CAGED_FIRE = CardDef("Caged Fire", "relic", 3, "NA", play=(
    ("or", (("destroy_any_discard_top",),), (("destroy_this",), ("life", 2, "you"))),))

# ------------------------------------------------------------------ Galvanized Bauble


def _ally_focusable(g: Engine, ctx: Ctx, s: tuple[object, ...]) -> bool:
    return any(focusable(g, j, b) for j in g.allies(ctx.you) for b in range(4))


@step("focus_ally_breach", can_resolve=_ally_focusable, text=lambda: "Focus a breach of any ally.")
def _focus_ally_breach(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("breach", j, b) for j in g.allies(ctx.you) for b in range(4) if focusable(g, j, b)]
        if opts:
            ask_step(g, ctx, ("focus_ally_breach",), "breach", chooser(g, ctx), "Focus which ally's breach?", opts)
        return
    focus_breach(g, int(action[1]), int(action[2]))


def _any_prepped(g: Engine, ctx: Ctx, s: tuple[object, ...]) -> bool:
    return any(br.spells for p in g.state.players for br in p.breaches)


@step("cast_prepped_may_destroy", can_resolve=_any_prepped, text=lambda: (
        "Cast a spell prepped by any player; then you may destroy it."))
def _cast_prepped_may_destroy(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """P-18: you cast it; it goes to its owner's discard, whence you may destroy it."""
    st = g.state
    if action is None:
        opts: list[Action] = [("spell", j, b, k) for j, p in enumerate(st.players)
                              for b, br in enumerate(p.breaches) for k in range(len(br.spells))]
        if opts:
            ask_step(g, ctx, ("cast_prepped_may_destroy",), "spell", ctx.you, "Cast which prepped spell?", opts)
        return
    j, b, k = int(action[1]), int(action[2]), int(action[3])
    name = st.players[j].breaches[b].spells[k]
    g.push("s", ctx.you, j, name, ("may_destroy_cast", len(st.players[j].discard)))
    cast_spell(g, ctx.you, j, b, k)


@step("may_destroy_cast", text=lambda at: "You may destroy the spell just cast.")
def _may_destroy_cast(g: Engine, ctx: Ctx, at: int, action: Action | None = None) -> None:
    """The cast spell lies at index ``at`` of its owner's discard (``ctx.owner``), unless its
    Cast effect moved it on (a spell that returns to a hand): then there is nothing to destroy."""
    d = g.state.players[ctx.owner].discard
    if len(d) <= at or d[at] != ctx.source:
        return
    if action is None:
        ask_step(g, ctx, ("may_destroy_cast", at), "yes_no", ctx.you, f"Destroy {ctx.source}?", [("yes",), ("no",)])
        return
    if action[0] == "yes":
        del d[at]
        g.state.destroyed.append(ctx.source)
        g.ev("destroyed", player=ctx.owner, card=ctx.source, zone="discard", source=ctx.source)


GALVANIZED_BAUBLE = CardDef("Galvanized Bauble", "relic", 3, "NA", play=(
    ("or", (("focus_ally_breach",),), (("cast_prepped_may_destroy",),)),))

# ------------------------------------------------------------------ the conduits and the rest

AETHER_CONDUIT = CardDef("Aether Conduit", "relic", 4, "NA", play=(("attach", "any"),),
                         attached=(("on_cast", (("aether", 1),)),))
WELL_OF_ENERGY = CardDef("Well of Energy", "relic", 7, "NA", play=(
    ("or", (("gravehold_life", 2),), (("life", 2, "any_player"),)),))
PAIN_CONDUIT = CardDef("Pain Conduit", "relic", 3, "NA", play=(("attach", "any"),),
                       attached=(("cast_damage", 2, True),))
LINK_CONDUIT = CardDef("Link Conduit", "relic", 6, "NA", play=(("attach", "any"),), attached=(("two_spells",),))

_CHARGE = ("gain_charge", 1)
_FOCUS = ("focus_lowest", "you")
MARBLE_GALAXY = CardDef("Marble Galaxy", "relic", 2, "NA", play=(
    ("ally_copy_offer", (_CHARGE, _FOCUS), (("or", (_CHARGE,), (_FOCUS,)),)),))

CARDS = (CAGED_FIRE, GALVANIZED_BAUBLE, AETHER_CONDUIT, WELL_OF_ENERGY, PAIN_CONDUIT, LINK_CONDUIT, MARBLE_GALAXY)
