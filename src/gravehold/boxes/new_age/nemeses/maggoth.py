"""Maggoth: its mat, its Nest Mat of maggots and flies, and its nine cards.

Maggots (1 life) and flies (2 life) are minions that are tokens, not cards: they live on the
Nest Mat, a stack of rows (``rules["nest"]``, bottom row first), counted per row and kind in
``state.nemesis.tokens`` under keys that read on a board: ``"row 1 maggots"``,
``"row 3 flies"`` (row 1 is the bottom row; a kind with none in a row has no key). Being no
cards, they never enter the card census, the nemesis deck or its discard pile.

* A maggot or fly placed into play goes into the bottommost row with a free space
  (``nest_place``); the one that fills a row resolves the effect printed above that row at
  once, before the next one is placed.
* Damage to them (``targets`` offers ``"maggot"`` / ``"fly"`` while the topmost occupied row
  holds one) always goes to the topmost occupied row; the dealer then divides what is left of
  that one source over that row's other maggots and flies (a ``divide`` decision), one share
  per token. Exactly 1 damage to a fly turns it into a maggot; 2 kill it.
* "A fly hatches" (``hatch``) turns the bottommost maggot into a fly, if there is one.
* G-1: the players have not cleared the board while any maggot or fly is in play
  (``board_clear``).
* No special deck and no tier-0 card (K-17): the nemesis deck is its nine cards and the
  basics. Its minions act from the nemesis main phase after they enter play (N-11: the
  engine's main phase walks the cards in play when it starts).

Readings decided here:

* The Nest Mat's rows. The sources give only the bottom row (the rulebook's worked example:
  it holds five, and filling it costs Gravehold 2 damage and hatches a fly). The box has 19
  maggot/fly tokens, so the mat is read as four rows holding 5, 5, 5 and 4 (bottom to top),
  whose effects grow bottom to top: Gravehold 2 and a fly hatches; any player 2 and a fly
  hatches; Gravehold 4 and two flies hatch; any player 4 and two flies hatch. The rows are
  data (``NEST``), so a better source changes one table.
* A maggot or fly that finds every row full is not placed ("as fully as possible"); a
  placing step can resolve fully only when the nest has room for all it places (so
  *Overrun*'s OR must take the damage when six do not fit, N-6).
* A row "is filled" each time its last space is taken: a row emptied by the players and
  filled again resolves its effect again.
* Dividing damage over a row gives each maggot or fly one share at most: a fly given 1
  becomes a maggot that takes no more of that source. What no token of the row can take
  is lost; the dealer may also stop early (``done``). The first share goes to the kind
  named in the target decision.
* Damage divided among several targets (Garu's *Colossal Force*) sees each maggot (share 1)
  and each fly (share 1) of the topmost row as a target of its own (``divide_targets``):
  each share is its own source, so a fly turned into a maggot by one share may take the next.
* Increased difficulty (S-9): the Unleash places one fly and then one maggot.
* *Shape Death*, *Vivify*: "seven or less total" counts every maggot and fly on the mat.
* *Vivify*'s "most expensive prepped spell" is the chosen player's own costliest one.
"""

from __future__ import annotations

from typing import Any

from ....boxapi import (
    Action,
    Ctx,
    Engine,
    NemesisCardDef,
    NemesisDef,
    State,
    condition,
    op,
    pick,
    rule,
    step,
    trigger_source,
)
from ....boxapi import catalogue as content

MG = "Maggoth"
MAGGOT, FLY = "maggot", "fly"
KINDS = (MAGGOT, FLY)
PLURAL = {MAGGOT: "maggots", FLY: "flies"}
LIFE = {MAGGOT: 1, FLY: 2}

Steps = tuple[tuple[Any, ...], ...]


def _any_player(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


def _words(n: int, kind: str) -> str:
    return f"a {kind}" if n == 1 else f"{n} {PLURAL[kind]}"


# ============================================================================ the nest


def key(kind: str, row: int) -> str:
    """The token key of one kind in one row (row 1 is the bottom row)."""
    return f"row {row} {PLURAL[kind]}"


def _rows() -> tuple[tuple[Any, ...], ...]:
    """The Nest Mat's rows, bottom first: ("nest_row", number, spaces, effect, printed);
    ``printed`` is False for a row that is this project's reading (see the readings)."""
    return tuple(content.NEMESES[MG].rules["nest"])


def count(g: Engine, kind: str, row: int) -> int:
    return g.state.nemesis.tokens.get(key(kind, row), 0)


def row_total(g: Engine, row: int) -> int:
    t = g.state.nemesis.tokens
    return t.get(key(MAGGOT, row), 0) + t.get(key(FLY, row), 0)


def nest_total(g: Engine) -> int:
    """Every maggot and fly in play."""
    return sum(row_total(g, r[1]) for r in _rows())


def room(g: Engine) -> int:
    return sum(r[2] - row_total(g, r[1]) for r in _rows())


def topmost(g: Engine) -> int:
    """The topmost row holding a maggot or fly, or 0 when the nest is empty."""
    for r in reversed(_rows()):
        if row_total(g, r[1]):
            return int(r[1])
    return 0


def _add(g: Engine, kind: str, row: int, k: int) -> None:
    t = g.state.nemesis.tokens
    v = t.get(key(kind, row), 0) + k
    if v > 0:
        t[key(kind, row)] = v
    else:
        t.pop(key(kind, row), None)


def _can_place(g: Engine, ctx: Ctx, s: tuple[Any, ...]) -> bool:
    return room(g) >= int(s[2])


def _place_check(s: tuple[Any, ...]) -> None:
    if s[1] not in KINDS or not isinstance(s[2], int) or s[2] < 1:
        raise ValueError(f"nest_place takes a kind ({' or '.join(KINDS)}) and a count of 1 or more, got {s[1:]!r}")


@step("nest_place", can_resolve=_can_place, check=_place_check,
      text=lambda kind, n: f"Place {_words(n, kind)} into play.")
def _nest_place(g: Engine, ctx: Ctx, kind: str, n: int) -> None:
    g.push("nest_place", kind, n, ctx.source)


@op("nest_place")
def _nest_place_op(g: Engine, kind: str, n: int, source: str) -> None:
    """One by one into the bottommost row with space; the one that fills a row resolves the
    row's effect before the next is placed (the rest wait below it on the stack)."""
    for _, row, spaces, effect, _printed in _rows():
        if n <= 0:
            return
        free = spaces - row_total(g, row)
        if free <= 0:
            continue
        k = min(n, free)
        _add(g, kind, row, k)
        g.ev("nest_placed", kind=kind, amount=k, row=row, source=source)
        n -= k
        if k == free:
            g.ev("nest_row_filled", row=row)
            if n:
                g.push("nest_place", kind, n, source)
            g.run_steps(effect, Ctx(-1, -1, MG))
            return
    if n > 0:
        g.ev("nest_full", kind=kind, amount=n, source=source)


@step("hatch", text=lambda n: "A fly hatches." if n == 1 else f"{n} flies hatch.")
def _hatch(g: Engine, ctx: Ctx, n: int) -> None:
    """Each time, the bottommost maggot turns into a fly (nothing when there is none)."""
    for _ in range(n):
        for r in _rows():
            row = int(r[1])
            if count(g, MAGGOT, row):
                _add(g, MAGGOT, row, -1)
                _add(g, FLY, row, 1)
                g.ev("fly_hatched", row=row)
                break


@condition("nest_at_most", lambda n, *, they=False: f"there are {n} or fewer maggots and flies in play")
def _nest_at_most(g: Engine, ctx: Ctx, n: int) -> bool:
    return nest_total(g) <= n


# ============================================================================ damage to the nest


def hit(g: Engine, kind: str, row: int, k: int, source: str) -> bool:
    """``k`` damage to one maggot or fly of ``row``: True when it turned a fly into a maggot."""
    if kind == FLY and k < LIFE[FLY]:
        _add(g, FLY, row, -1)
        _add(g, MAGGOT, row, 1)
        g.ev("nest_hit", kind=kind, amount=k, row=row, result="maggot", source=source)
        return True
    _add(g, kind, row, -1)
    g.ev("nest_hit", kind=kind, amount=k, row=row, result="killed", source=source)
    return False


@op("nest_share")
def _nest_share(g: Engine, you: int, source: str, left: int, row: int, turned: int, first: str,
                action: Action | None = None) -> None:
    """One share of one damage source for a maggot or fly of ``row`` not hit by it yet.

    ``turned`` counts the flies this source turned into maggots (they take no more of it);
    ``first`` names the kind the first share must go to (the target chosen), "" after it.
    """
    if action is None:
        if left <= 0 or g.state.over:
            return
        maggots = count(g, MAGGOT, row) - turned
        flies = count(g, FLY, row)
        opts: list[Action] = []
        if first in ("", MAGGOT) and maggots > 0:
            opts.append(("assign", MAGGOT, 1))
        if first in ("", FLY) and flies > 0:
            opts += [("assign", FLY, k) for k in range(1, min(left, LIFE[FLY]) + 1)]
        if not opts:
            return
        if not first:
            opts.append(("done",))
        who = you if you >= 0 else g.team()
        g.ask("divide", who, source,
              f"Deal how much of the {left} damage left to which maggot or fly of row {row}?", opts,
              ("nest_share", you, source, left, row, turned, first))
        return
    if action[0] != "assign":
        return
    kind, k = str(action[1]), int(action[2])
    if hit(g, kind, row, k, source):
        turned += 1
    g.push("nest_share", you, source, left - k, row, turned, "")


on = trigger_source("nemesis", MG)  # this mat's rules, at the engine's trigger points


@on("targets")
def _targets(g: Engine, you: int, targets: list[str]) -> list[str]:
    row = topmost(g)
    return targets + [k for k in KINDS if row and count(g, k, row)]


@on("damage_target")
def _damage_target(g: Engine, you: int, target: str, amount: int, source: str) -> bool:
    if target not in KINDS:
        return False
    row = topmost(g)
    if row and amount > 0:
        g.push("nest_share", you, source, amount, row, 0, target)
    return True


@on("divide_targets")
def _divide_targets(g: Engine, you: int, shares: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """Divided damage: every maggot and fly of the topmost row is a target of its own."""
    rest = [s for s in shares if s[0] not in KINDS]
    row = topmost(g)
    if not row:
        return rest
    return rest + [(MAGGOT, 1, 1)] * count(g, MAGGOT, row) + [(FLY, 1, 1)] * count(g, FLY, row)


@on("board_clear")
def _board_clear(g: Engine) -> bool:
    """G-1: maggots and flies are minions; the board is not clear while any is in play."""
    return nest_total(g) == 0


# ============================================================================ cards


def _card(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "NA", nemesis=MG, **kw)


def _place(kind: str, n: int) -> tuple[Any, ...]:
    return ("nest_place", kind, n)


MORPH = _card("Morph", "attack", 1, effect=(_place(FLY, 1), _any_player(("suffer", 3))))
FLY_THRONG = _card("Fly Throng", "power", 1, power_tokens=3, to_discard=(("spend_aether", 6),),
                   power=(_place(MAGGOT, 3), _any_player(("suffer", 3))))
HIVE_SURGE = _card("Hive Surge", "power", 1, power_tokens=1, to_discard=(pick("discard", 3),),
                   power=(_place(MAGGOT, 1), _place(FLY, 2)))

OVERRUN = _card("Overrun", "attack", 2, effect=(("or", (_place(MAGGOT, 6),), (_any_player(("suffer", 5)),)),))
SHAPE_DEATH = _card("Shape Death", "power", 2, power_tokens=3, to_discard=(("spend_aether", 7),),
                    power=(("if", ("nest_at_most", 7), (_place(FLY, 3), _place(MAGGOT, 1)),
                            (_any_player(("suffer", 4)),)),))
VILE_BREEDER = _card("Vile Breeder", "minion", 2, life=9,
                     persistent=(_place(MAGGOT, 1), _any_player(("suffer", 2))))

EGG_BURST = _card("Egg Burst", "power", 3, power_tokens=1, to_discard=(pick("destroy", 4),),
                  power=(_place(FLY, 3), _any_player(("suffer", 3))))
VIVIFY = _card("Vivify", "attack", 3,
               effect=(("if", ("nest_at_most", 7), (_place(FLY, 5),),
                        (_any_player(("suffer", 4), pick("discard", 1, "prepped", "costliest")),)),))
SAVAGE_SPAWNER = _card("Savage Spawner", "minion", 3, life=17, persistent=(_place(FLY, 2),))

CARDS = (MORPH, FLY_THRONG, HIVE_SURGE, OVERRUN, SHAPE_DEATH, VILE_BREEDER, EGG_BURST, VIVIFY, SAVAGE_SPAWNER)

# ============================================================================ the mat

rule("nest_minions", text=lambda maggot, fly: (
        f"Maggots are minions of {maggot} life and flies minions of {fly} life, kept on the Nest Mat. "
        "One placed into play takes the bottommost row with a free space (none is placed when every "
        "row is full). Damage to them goes to the topmost row that holds any, and a player may divide "
        "it over that row's maggots and flies; exactly 1 damage to a fly turns it into a maggot. When "
        "a fly hatches, the bottommost maggot turns into a fly."))


def _row_text(row: int, spaces: int, effect: Steps, printed: bool) -> str:
    """A row not known from the printed mat says it is the project's reading."""
    from ....boxapi import clause

    where = " (bottom)" if row == 1 else "" if printed else " (the project's reading: the printed row is unknown)"
    return f"Row {row}{where}, {spaces} spaces; when it is filled: {clause(effect)}"


rule("nest_row", text=_row_text)
rule("nest_setup", text=lambda n: (
        f"Setup: {_words(n, MAGGOT)} {'starts' if n == 1 else 'start'} in row 1 of the Nest Mat."))

#: the Nest Mat, bottom row first (see "Readings decided here")
NEST = (
    ("nest_row", 1, 5, (("gravehold_damage", 2), ("hatch", 1)), True),
    ("nest_row", 2, 5, (_any_player(("suffer", 2)), ("hatch", 1)), False),
    ("nest_row", 3, 5, (("gravehold_damage", 4), ("hatch", 2)), False),
    ("nest_row", 4, 4, (_any_player(("suffer", 4)), ("hatch", 2)), False),
)


@on("setup")
def _setup(st: State) -> None:
    """S-7: the Nest Mat beside the mat, its bottom row holding the setup's maggots."""
    for s in content.NEMESES[MG].rules["setup"]:
        if s[0] == "nest_setup":
            st.nemesis.tokens[key(MAGGOT, 1)] = int(s[1])


NEMESIS = NemesisDef(
    MG, MG, "NA", life=45, difficulty=3, expedition_level=1,
    unleash=(("if", "expert", (_place(FLY, 1), _place(MAGGOT, 1)), (_place(MAGGOT, 2),)),),
    cards=tuple(c.name for c in CARDS),
    rules={"mat": (("nest_minions", LIFE[MAGGOT], LIFE[FLY]),), "nest": NEST, "setup": (("nest_setup", 2),)},
)
