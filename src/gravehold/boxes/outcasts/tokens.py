"""Outcasts' mat pieces (K-13): Z'hana's glyph tokens and Taqren's barrier track.

**Glyph tokens** (Z'hana, Crimson Rebel). They start beside her mat. Her ability and her
Glyph Carver place them on supply piles. When an ally gains a card from a pile holding
glyphs, each of those glyphs is resolved and goes back beside her mat; when Z'hana gains
one, each of its glyphs moves to any pile (with one mage: back beside her mat). A glyph
on a pile that runs out goes back beside her mat. Where each glyph lies is a table token
``glyph:<name>``: 0 beside the mat, k on the k-th supply pile.

**Barrier track** (Taqren, Severed Shield): four spaces, each with an effect; the barrier
token (``Player.tokens["barrier"]``, the space 1-4) starts on the first. Each time Taqren
suffers damage, or would while exhausted, she moves it to another space and resolves that
space. While she is exhausted, Gravehold suffers 1 damage (not 2) per damage she suffers.

Readings decided here:

- *Glyph effects*: no source gives them (only the mat rule is known; the rulebook counts
  five tokens). Decided: five glyphs, each with one small effect, in ``GLYPHS`` below; the
  boards and the card texts say these are the project's reading. A better source changes
  that table only.
- *Who resolves a glyph*: the mat lets "that ally or Z'hana" resolve it: the ally who
  gained the card chooses which of the two.
- *Which glyph is placed*: glyphs beside the mat are placed in the table's order (the
  first one left); where it goes is the placing player's choice of pile.
- *Removed from the supply*: a pile that has no card left at the end of a turn (or right
  after a gain empties it) returns its glyphs.
- *Barrier track order*: the spaces are kept in the order one source lists them; Taqren
  may move the token to any other space, so the order does not change the play.
- *Exhausted Taqren*: the single rate applies while she is exhausted (E-3); the excess of
  the damage that exhausts her is doubled as usual (E-2).
"""

from __future__ import annotations

from typing import Any

from ...boxapi import (
    MAT_RULES,
    PILE_TOKENS,
    Action,
    Ctx,
    Engine,
    State,
    Steps,
    action_head,
    ask_step,
    catalogue,
    decision_kind,
    op,
    render_steps,
    step,
    table_token,
    trigger_source,
)

ZHANA = "Z'hana (OC)"
TAQREN = "Taqren (OC)"
BARRIER = "barrier"

#: the project's reading of the five glyph tokens (no source gives their effects)
GLYPHS: dict[str, Steps] = {
    "insight": (("draw", 1, "you"),),
    "power": (("gain_charge", 1),),
    "ward": (("gravehold_life", 2),),
    "focus": (("focus_lowest", "you"),),
    "ruin": (("damage", 1),),
}

#: Taqren's barrier track, space 1 first (the token starts on space 1)
BARRIER_TRACK: tuple[Steps, ...] = (
    (("draw", 1, "any_ally"),),
    (("focus_lowest", "you"),),
    (("gain_charge", 1),),
    (("prep_from_hand_any_breach",),),
)
#: Gravehold's damage per damage an exhausted Taqren suffers (E-3 says 2)
TAQREN_RATE = 1


def glyph_key(name: str) -> str:
    return f"glyph:{name}"


def _glyph_fault(value: int, state: Any, rest: str) -> str | None:
    if rest not in GLYPHS:
        return f"no glyph is named {rest!r} (glyphs: {', '.join(GLYPHS)})"
    piles = len(state.supply_names)
    if not 0 <= value <= piles:
        return f"a glyph lies beside the mat (0) or on supply pile 1 to {piles}, not {value}"
    return None


PILE_TOKENS["glyph"] = "glyph"
table_token("glyph:*", "where a glyph token of Z'hana's lies: 0 beside her mat, k on the k-th supply pile",
            _glyph_fault)


def _glyph_rules() -> str:
    rows = "; ".join(f"{name}: {render_steps(s).rstrip('.')}" for name, s in GLYPHS.items())
    return ("Glyph tokens (5, beside the mat): an ally who gains a card from a pile holding glyphs has each "
            "resolved, by them or by Z'hana, then returned; when Z'hana gains one, its glyphs move to "
            f"any pile. Their effects are this project's reading (no source gives them): {rows}.")


def _barrier_rules() -> str:
    rows = " / ".join(f"{k + 1}. {render_steps(s)}" for k, s in enumerate(BARRIER_TRACK))
    return ("Barrier track (the token starts on space 1): each time you suffer damage, or would while "
            "exhausted, move the barrier token to another space and resolve it: " + rows
            + f" While you are exhausted, Gravehold suffers {TAQREN_RATE} damage per damage you suffer, "
            "not 2.")


def register_mat_rules() -> None:
    """The boards show these rows under the mage's ability (called once the steps exist)."""
    MAT_RULES[ZHANA] = _glyph_rules()
    MAT_RULES[TAQREN] = _barrier_rules()


# ================================================================== glyphs


def on_pile(st: State, pile: int) -> list[str]:
    """The glyphs on supply pile ``pile`` (0-based), in the table's order."""
    if not st.tokens:
        return []
    return [name for name in GLYPHS if st.tokens.get(glyph_key(name), 0) == pile + 1]


def beside_mat(st: State) -> list[str]:
    return [name for name in GLYPHS if not st.tokens.get(glyph_key(name), 0)]


def _put(st: State, name: str, pile: int | None) -> None:
    """A glyph onto pile ``pile`` (0-based), or beside the mat (None: no key kept)."""
    key = glyph_key(name)
    if pile is None:
        st.tokens.pop(key, None)
    else:
        st.tokens[key] = pile + 1


@step("place_glyph", text=lambda n: (
        f"Place {'a glyph token' if n == 1 else f'{n} glyph tokens'} of Z'hana's on a supply pile of your "
        "choice."))
def _place_glyph(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """Place n glyphs from beside Z'hana's mat, one pile choice each (the reading above)."""
    st = g.state
    free = beside_mat(st)
    if n <= 0 or not free:
        return
    if action is None:
        opts: list[Action] = [("pile", name) for k, name in enumerate(st.supply_names) if st.supply_counts[k] > 0]
        if opts:
            ask_step(g, ctx, ("place_glyph", n), "pile", ctx.you,
                     f"Place the {free[0]} glyph on which supply pile?", opts)
        return
    pile = st.supply_names.index(str(action[1]))
    _put(st, free[0], pile)
    g.ev("glyph_placed", player=ctx.you, glyph=free[0], card=str(action[1]), source=ctx.source)
    g.push("s", ctx.you, ctx.owner, ctx.source, ("place_glyph", n - 1))


def _zhana_seat(st: State) -> int | None:
    for j, p in enumerate(st.players):
        if p.mage == ZHANA:
            return j
    return None


def _glyphs_in_game(st: Any) -> bool:
    return _zhana_seat(st) is not None or any(k.startswith("glyph:") for k in (st.tokens or {}))


_glyphs = trigger_source("keyword", "glyph tokens", present=_glyphs_in_game)


@_glyphs("gained")
def _gained(g: Engine, i: int, name: str) -> None:
    st = g.state
    pile = st.supply_names.index(catalogue.base_of(name))  # C-17: a marked copy's pile is its card's
    here = on_pile(st, pile)
    if not here:
        return
    zhana = _zhana_seat(st)
    for glyph in reversed(here):
        if i == zhana:
            _put(st, glyph, None)
            if len(st.players) > 1:
                g.push("oc_move_glyph", i, glyph, pile)
        else:
            _put(st, glyph, None)
            g.push("oc_resolve_glyph", i, glyph, -1 if zhana is None else zhana)


@op("oc_resolve_glyph")
def _resolve_glyph(g: Engine, i: int, glyph: str, zhana: int, action: Action | None = None) -> None:
    """The ally who gained the card picks who resolves the glyph: themselves or Z'hana."""
    if action is None and 0 <= zhana != i:
        g.ask("player", i, f"{glyph} glyph", f"Who resolves the {glyph} glyph?",
              [("player", i), ("player", zhana)], ("oc_resolve_glyph", i, glyph, zhana))
        return
    who = i if action is None else int(action[1])
    g.ev("glyph_resolved", player=who, glyph=glyph)
    g.push_steps(GLYPHS[glyph], Ctx(who, who, f"{glyph} glyph"))


@op("oc_move_glyph")
def _move_glyph(g: Engine, i: int, glyph: str, old: int, action: Action | None = None) -> None:
    """Z'hana gained the card: the glyph goes onto any pile that has a card left (its own
    pile's next card too: the mat says "any card in the supply")."""
    st = g.state
    if action is None:
        opts: list[Action] = [("pile", name) for k, name in enumerate(st.supply_names) if st.supply_counts[k] > 0]
        if opts:
            g.ask("pile", i, f"{glyph} glyph", f"Move the {glyph} glyph to which supply pile?", opts,
                  ("oc_move_glyph", i, glyph, old))
        return
    _put(st, glyph, st.supply_names.index(str(action[1])))
    g.ev("glyph_placed", player=i, glyph=glyph, card=str(action[1]), source=ZHANA)


def _return_from_empty(g: Engine) -> None:
    st = g.state
    for k, left in enumerate(st.supply_counts):
        if left <= 0:
            for glyph in on_pile(st, k):
                _put(st, glyph, None)
                g.ev("glyph_returned", glyph=glyph, card=st.supply_names[k])


@_glyphs("pile_emptied")
def _emptied(g: Engine, i: int) -> None:
    _return_from_empty(g)


@_glyphs("end_of_turn")
def _end_of_turn(g: Engine) -> None:
    _return_from_empty(g)


# ================================================================== barrier track


@step("prep_from_hand_any_breach", text=lambda: "Prep a spell from your hand onto any of your breaches, opened or "
      "closed.")
def _prep_from_hand_any_breach(g: Engine, ctx: Ctx) -> None:
    g.push("we_prep_from_hand", ctx.you, ctx.source, True)


def _taqren_in_game(st: Any) -> bool:
    return any(p.mage == TAQREN for p in st.players)


_barrier = trigger_source("keyword", "barrier track", present=_taqren_in_game)
decision_kind("barrier", "Taqren moves her barrier token to another space of her barrier track (K-13).",
              takes=("barrier_space",))
action_head("barrier_space", ("amount",), text=lambda k: f"barrier space {k}",
            detail=lambda st, d, k: f"Space {k}: {render_steps(BARRIER_TRACK[int(k) - 1])}")


@_barrier("setup")
def _setup(st: Any) -> None:
    for p in st.players:
        if p.mage == TAQREN:
            p.tokens[BARRIER] = 1


@_barrier("player_damaged")
def _damaged(g: Engine, i: int, amount: int) -> None:
    if g.state.players[i].mage == TAQREN:
        g.push("oc_barrier", i)


@op("oc_barrier")
def _move_barrier(g: Engine, i: int, action: Action | None = None) -> None:
    """Taqren moves the barrier token to another space and resolves that space."""
    p = g.state.players[i]
    now = p.tokens.get(BARRIER, 1)
    if action is None:
        spaces = "; ".join(f"{k + 1}. {render_steps(s)}" for k, s in enumerate(BARRIER_TRACK))
        g.ask("barrier", i, "barrier track", f"Move the barrier token to which other space? ({spaces})",
              [("barrier_space", k) for k in range(1, len(BARRIER_TRACK) + 1) if k != now], ("oc_barrier", i))
        return
    k = int(action[1])
    p.tokens[BARRIER] = k
    g.ev("barrier_moved", player=i, space=k)
    g.push_steps(BARRIER_TRACK[k - 1], Ctx(i, i, "barrier track"))


@_barrier("redirected_damage")
def _rate(g: Engine, i: int, amount: int) -> int:
    return amount // 2 * TAQREN_RATE if g.state.players[i].mage == TAQREN else amount
