"""Mat pieces (K-13) of two Legacy mages of Gravehold: Gygar's storm tokens and Kadir's Path tokens.

**Storm tokens** (Gygar, Treasure Hunter). At the end of his casting phase each spell he
has prepped gets one more storm token (three at most on one spell). A spell cast with storm
tokens on it deals 1 more damage per token (P-20: each of its damage sources); the tokens go
when the spell leaves its breach. They are Gygar's tokens (``Player.tokens``), one count per
prepped spell, keyed ``storm <breach> <spell>`` (``storm II Spark``), so both boards show them
beside his charges.

**Path tokens** (Kadir, Gemcrafter). Four two-sided tokens start set aside. His ability
places the chosen side of a token that is not on his mat, or flips one that is; with four
on the mat he sets one aside; then every token on the mat resolves. A token on the mat is
``Player.tokens["path <name>"]``, its value the side up (1 or 2).

Readings decided here:

- *Storm tokens of a spell*: counted by breach and spell name; two spells of one name on
  one breach share a count (never more than 3). A spell cast without leaving its breach
  (Gygar's own ability) keeps its tokens.
- *Path tokens*: no source gives their number or their sides' effects. Decided: four
  tokens of two sides each, each side one small effect, in ``READINGS`` below; the boards
  and the ability's text say these are the project's reading. A better source changes that
  table only.
- *Which Path token is set aside* with four on the mat: any of the four, Kadir's choice
  (the one just placed too).
- *Resolving "in any order"*: the tokens resolve in the table's order; none of the
  effects below changes what another does, so the order never matters.
"""

from __future__ import annotations

from typing import Any

from ...boxapi import (
    BREACH_NAMES,
    MAT_RULES,
    Action,
    Bonus,
    Ctx,
    Engine,
    Player,
    Steps,
    action_head,
    ask_step,
    breach_name,
    decision_kind,
    event_text,
    render_steps,
    seat,
    step,
    trigger_source,
)

GYGAR = "Gygar (LOG)"
KADIR = "Kadir (LOG)"
#: storm tokens one spell may hold
STORM_MOST = 3
#: Kadir's mat holds fewer Path tokens than this
PATH_ROOM = 4

#: the project's reading of Kadir's Path tokens (no source gives them): name -> (side 1, side 2)
READINGS: dict[str, tuple[Steps, Steps]] = {
    "ember": ((("damage", 2),), (("aether", 2),)),
    "ward": ((("life", 2, "any_player"),), (("gravehold_life", 2),)),
    "lens": ((("draw", 1, "you"),), (("focus_lowest", "you"),)),
    "facet": ((("aether_for", 3, "gem"),), (("gain_charge", 1),)),
}


# ================================================================== storm tokens

event_text("storm_token", lambda e: f"{seat(e['player'])}'s {e['card']} on breach {breach_name(e['breach'])} now "
           f"holds {e['tokens']} storm token{'s' if e['tokens'] != 1 else ''}")
event_text("path_token", lambda e: f"{seat(e['player'])} " + (
    f"sets the {e['token']} Path token aside" if not e["side"] else
    f"turns the {e['token']} Path token to side {e['side']}"))


def storm_key(b: int, spell: str) -> str:
    return f"storm {BREACH_NAMES[b]} {spell}"


def _storm_keys(p: Player) -> list[str]:
    return [k for k in p.tokens if k.startswith("storm ")]


def _holds(p: Player, key: str) -> bool:
    """Does the breach a storm key names still hold a spell of that name?"""
    _, breach, spell = key.split(" ", 2)
    b = BREACH_NAMES.index(breach)
    return spell in p.breaches[b].spells


def _sweep(p: Player) -> None:
    """Storm tokens of spells that left their breach are discarded with them."""
    for key in _storm_keys(p):
        if not _holds(p, key):
            del p.tokens[key]


def _gygar_seats(st: Any) -> list[int]:
    return [j for j, p in enumerate(st.players) if p.mage == GYGAR]


_storm = trigger_source("mat", GYGAR)


@_storm("casting_end")
def _storm_end(g: Engine, i: int) -> Any:
    """The end of Gygar's casting phase: one more token on each spell he has prepped."""
    p = g.state.players[i]
    if p.mage != GYGAR:
        return None

    def push() -> None:
        _sweep(p)
        for b, br in enumerate(p.breaches):
            for spell in dict.fromkeys(br.spells):
                key = storm_key(b, spell)
                now = p.tokens.get(key, 0)
                if now < STORM_MOST:
                    p.tokens[key] = now + 1
                    g.ev("storm_token", player=i, breach=b, card=spell, tokens=now + 1)
    return push


@_storm("cast_bonus")
def _storm_bonus(g: Engine, caster: int, owner: int, b: int, spell: str) -> Bonus | None:
    """P-20: +1 damage to each source per storm token on the spell cast."""
    p = g.state.players[owner]
    n = p.tokens.get(storm_key(b, spell), 0) if p.mage == GYGAR else 0
    return Bonus(damage=n) if n else None


@_storm("cast")
def _storm_cast(g: Engine, caster: int, name: str) -> None:
    for j in _gygar_seats(g.state):
        _sweep(g.state.players[j])


@_storm("discarded")
def _storm_discarded(g: Engine, i: int, name: str) -> None:
    p = g.state.players[i]
    if p.mage == GYGAR:
        _sweep(p)


@_storm("end_of_turn")
def _storm_turn_end(g: Engine) -> None:
    for j in _gygar_seats(g.state):
        _sweep(g.state.players[j])


def _storm_rules() -> str:
    return (f"Storm tokens: at the end of your casting phase, each of your prepped spells gets a storm token "
            f"({STORM_MOST} at most on one spell). A spell cast deals 1 more damage per storm token on it; "
            "its tokens are discarded when it leaves its breach.")


# ================================================================== Path tokens


def path_key(name: str) -> str:
    return f"path {name}"


def on_mat(p: Player) -> list[str]:
    """Kadir's Path tokens on his mat, in the table's order."""
    return [name for name in READINGS if p.tokens.get(path_key(name))]


def _side_text(name: str, side: int) -> str:
    return f"{name} side {side}: {render_steps(READINGS[name][side - 1]).rstrip('.')}"


def path_options(p: Player) -> list[tuple[str, int]]:
    """What Kadir may do with a Path token: (name, side to show). A token on the mat can
    only be flipped; one set aside is placed with either side up."""
    out: list[tuple[str, int]] = []
    for name in READINGS:
        side = p.tokens.get(path_key(name), 0)
        if side:
            out.append((name, 3 - side))
        else:
            out.extend(((name, 1), (name, 2)))
    return out


decision_kind("path", "Kadir places, flips or sets aside one of his Path tokens (K-13).", takes=("path",))
action_head("path", ("amount",), text=lambda k: f"Path option {k}")


@step("log_refine_path", text=lambda: (
        "Either add to your mat a Path token that isn't there yet, whichever side up you choose, or flip one "
        "already on it; if four are then on your mat, set one aside. Then every Path token on your mat resolves (their "
        "effects are this project's reading)."))
def _refine_path(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    opts = path_options(p)
    if action is None:
        lines = "; ".join(f"{k + 1}. {'flip' if p.tokens.get(path_key(n)) else 'place'} {_side_text(n, s)}"
                          for k, (n, s) in enumerate(opts))
        ask_step(g, ctx, ("log_refine_path",), "path", ctx.you, f"Which Path token? ({lines})",
                 [("path", k + 1) for k in range(len(opts))])
        return
    name, side = opts[int(action[1]) - 1]
    p.tokens[path_key(name)] = side
    g.ev("path_token", player=ctx.you, token=name, side=side)
    g.push("s", ctx.you, ctx.owner, ctx.source, ("log_resolve_paths",))
    if len(on_mat(p)) >= PATH_ROOM:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("log_set_path_aside",))


@step("log_set_path_aside", text=lambda: "Choose a Path token on your mat and set it aside.")
def _set_path_aside(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    here = on_mat(p)
    if action is None:
        lines = "; ".join(f"{k + 1}. {_side_text(n, p.tokens[path_key(n)])}" for k, n in enumerate(here))
        ask_step(g, ctx, ("log_set_path_aside",), "path", ctx.you, f"Set which Path token aside? ({lines})",
                 [("path", k + 1) for k in range(len(here))])
        return
    name = here[int(action[1]) - 1]
    del p.tokens[path_key(name)]
    g.ev("path_token", player=ctx.you, token=name, side=0)


@step("log_resolve_paths", text=lambda: "Every Path token on your mat resolves.")
def _resolve_paths(g: Engine, ctx: Ctx) -> None:
    p = g.state.players[ctx.you]
    steps: Steps = ()
    for name in on_mat(p):
        steps += READINGS[name][p.tokens[path_key(name)] - 1]
    g.push_steps(steps, Ctx(ctx.you, ctx.you, "Path tokens"))


def _path_rules() -> str:
    rows = "; ".join(f"{name}: {_side_text(name, 1).split(': ', 1)[1]} / {_side_text(name, 2).split(': ', 1)[1]}"
                     for name in READINGS)
    return (f"Path tokens ({len(READINGS)}, two sides each, set aside at setup; at most {PATH_ROOM - 1} stay on "
            f"the mat). Their sides are this project's reading (no source gives them): {rows}.")


def register_mat_rules() -> None:
    """The boards show these rows under the mage's ability (called once the steps exist)."""
    MAT_RULES[GYGAR] = _storm_rules()
    MAT_RULES[KADIR] = _path_rules()
