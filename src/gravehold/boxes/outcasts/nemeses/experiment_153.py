"""Experiment 153: its mat, the Growth Mat and its four maws, and its nine cards.

Experiment 153 has no life dial (K-13, K-14): it is four maws, each a token on a track of its
own on the Growth Mat with a life of its own. Each maw is two nemesis tokens that read on a
board, ``"maw 2 space"`` (1 is its track's start, :data:`END` its end) and ``"maw 2 life"``;
a maw that has died has neither key. ``nemesis.life`` is kept equal to the maws' total, so
the boards' and bots' "nemesis life" is what is left to beat, and ``max_life`` is their
starting total.

* A maw token moves forward one space at a time (``maw_move``); each space with an effect it
  moves onto resolves that effect at once, before the token goes on. A move that starts
  with the token at the end of its track resolves the end space's effect instead.
* Moving back (``maw_back``) resolves nothing and stops on the first and the fourth space of
  a track (:data:`NO_BACK`).
* Damage a player deals to the nemesis goes to one maw (``damage_target``: the target stays
  ``"nemesis"``, and the dealer then picks the maw, a ``maw`` decision). One hit of
  :data:`BACK_AT` or more (4 once *Scaled Flesh* lies beside the Growth Mat) moves that
  maw back one space; a maw at 0 life is gone, and the dealer moves another maw back two.
* G-1: the players win when no maw is left (``nemesis_defeated``: the total life is 0).
  The deck-out win applies as in any game (maws are no minions).
* "Any maw" is the players' pick (N-6), asked as a ``maw`` decision of the team's seat.

Readings decided here:

* The Growth Mat as printed is known only from a text drawing (every value is in
  :data:`GROWTH`, one table): four tracks of eight spaces, the start first, effects on the
  fourth and the eighth (the end). The boards say that the tracks are the project's reading
  of that drawing.
* A token moving several spaces "moves onto" every space it passes, so it resolves the
  fourth space's effect when it passes it (a move of several spaces is that many one-space
  moves; the drawing's one-way link into the fourth space makes it a gate every token goes
  through). Resolving only the space a move ends on was tried: the bots' win rate barely
  moves (0 to 3 in 100 games), so the harshness is not this reading's. A token that reaches the end with spaces of the
  move left stops there; the rest of the move is lost (only a move that *starts* at the end
  resolves the end again).
* Setup: the players pick the two maws that start one space forward (a ``maw`` decision
  before the first turn).
* Difficulty (S-9) has no dial to change: a beginner game gives each maw 2 life less, an
  extinction game 2 more (:data:`LIFE_BY_DIFFICULTY`; -8 / +8 in all, the nearest to the
  dial's -10 / +10 that splits evenly).
* A maw never goes above the life it started with (S-4): *Restless Maws* heals the maw with
  the lowest life (ties: the players' pick) up to that.
* Only a player's hit moves a maw back (``you`` is a seat); a hit of 0 (*Aural Carnivore*)
  moves nothing. A hit that kills its maw moves no token back one: the dead maw's token is
  discarded and another moves back two.
* Divided damage (Garu's *Colossal Force*): the nemesis is one target, so its share goes to
  one maw.
* *Corrupting Chitterer* moves two different maws one space each, one after the other
  (the second is picked after the first has moved); with one maw left it moves that one.
* *Cascading Casualties*: every effect its move resolves (the fourth space passed, the end
  reached, or the end resolved again) resolves twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....boxapi import (
    Action,
    Ctx,
    Engine,
    NemesisCardDef,
    NemesisDef,
    State,
    Steps,
    clause,
    decision_kind,
    find_ref,
    op,
    rule,
    shown_in_panel,
    standing,
    step,
    table_panel,
    trigger_source,
)
from ....boxapi import catalogue as content

E153 = "Experiment 153"
MAWS = (1, 2, 3, 4)
#: the spaces of a track: its start, the space a maw cannot be moved back from, its end
START, CHECKPOINT, END = 1, 4, 8
NO_BACK = (START, CHECKPOINT)
#: a maw's life at setup, and what the difficulty changes it by (see the readings)
MAW_LIFE = 20
LIFE_BY_DIFFICULTY = {"beginner": -2, "extinction": 2}
#: one hit of this much damage from a player moves its maw back one space (Scaled Flesh: more)
BACK_AT = 3
#: the source damage from the Growth Mat's spaces is said to come from (the mat: a nemesis effect)
MAT_SOURCE = E153


def _any_player(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


#: the Growth Mat: track (= maw) -> space -> its effect (see "Readings decided here")
GROWTH: dict[int, dict[int, Steps]] = {
    1: {4: (("gravehold_damage", 2), _any_player(("suffer", 2))),
        8: (_any_player(("suffer", 4)), ("gravehold_damage", 3))},
    2: {4: (("gravehold_damage", 4),), 8: (("gravehold_damage", 7),)},
    3: {4: (_any_player(("suffer", 4)),), 8: (_any_player(("suffer", 6)),)},
    4: {4: (("collective_discard_hand", 4),), 8: (("collective_discard_hand", 8),)},
}


# ============================================================================ the maws


def space_key(k: int) -> str:
    return f"maw {k} space"


def life_key(k: int) -> str:
    return f"maw {k} life"


def maw_name(k: int) -> str:
    """The maw as a decision names it (``("target", "maw 2")``)."""
    return f"maw {k}"


def maw_of(name: object) -> int:
    """The track number of ``"maw 2"``; 0 for anything else."""
    parts = str(name).split()
    return int(parts[1]) if len(parts) == 2 and parts[0] == "maw" and parts[1].isdigit() else 0


def alive(tokens: Mapping[str, int]) -> list[int]:
    """The maws still on the Growth Mat, by track."""
    return [k for k in MAWS if space_key(k) in tokens]


def _tracks() -> dict[int, dict[int, Steps]]:
    """The Growth Mat's effects as the mat's data holds them."""
    out: dict[int, dict[int, Steps]] = {}
    for s in content.NEMESES[E153].rules.get("growth", ()):
        if s[0] == "growth_track":
            out[int(s[1])] = {int(sp): tuple(eff) for sp, eff in s[2]}
    return out or GROWTH


def effect_at(k: int, space: int) -> Steps:
    return _tracks().get(k, {}).get(space, ())


def back_at(g: Engine) -> int:
    """The damage one hit needs to move a maw back: the most a card beside the Growth Mat asks."""
    most = BACK_AT
    for name in g.state.nemesis.decks.get(BESIDE, ()):
        for s in content.NEMESIS_CARDS[name].power:
            if s[0] == "growth_threshold":
                most = max(most, int(s[1]))
    return most


def _sync_life(g: Engine) -> None:
    n = g.state.nemesis
    n.life = sum(n.tokens.get(life_key(k), 0) for k in MAWS)


def _set_space(g: Engine, k: int, space: int, source: str) -> None:
    g.state.nemesis.tokens[space_key(k)] = space
    g.ev("maw_moved", maw=k, space=space, source=source)


@op("maw_move")
def _maw_move(g: Engine, k: int, left: int, source: str, times: int, first: bool) -> None:
    """One space forward, then what that space resolves, then the rest of the move."""
    tokens = g.state.nemesis.tokens
    if space_key(k) not in tokens:
        return
    here = tokens[space_key(k)]
    if here >= END:
        if first:  # a move that starts at the end: the end's effect instead
            _resolve_space(g, k, here, times)
        return
    if left <= 0:
        return
    _set_space(g, k, here + 1, source)
    if left > 1:
        g.push("maw_move", k, left - 1, source, times, False)
    _resolve_space(g, k, here + 1, times)


def _resolve_space(g: Engine, k: int, space: int, times: int) -> None:
    steps = effect_at(k, space)
    if not steps:
        return
    for _ in range(times):
        g.push_steps(steps, Ctx(-1, -1, MAT_SOURCE))
    g.ev("maw_space", maw=k, space=space, times=times)


@op("maw_back")
def _maw_back(g: Engine, k: int, n: int, source: str) -> None:
    """Back ``n`` spaces, as far as the first and fourth spaces let it."""
    tokens = g.state.nemesis.tokens
    if space_key(k) not in tokens:
        return
    here = start = tokens[space_key(k)]
    while n > 0 and here not in NO_BACK:
        here -= 1
        n -= 1
    if here != start:
        _set_space(g, k, here, source)


@op("maw_heal")
def _maw_heal(g: Engine, k: int, n: int, source: str) -> None:
    """A maw gains life, never above what it started with (see the readings)."""
    tokens = g.state.nemesis.tokens
    if life_key(k) not in tokens:
        return
    top = maw_start_life(g.state)
    life = min(top, tokens[life_key(k)] + n)
    if life != tokens[life_key(k)]:
        tokens[life_key(k)] = life
        _sync_life(g)
        g.ev("maw_life", maw=k, life=life, source=source)


def maw_start_life(st: State) -> int:
    return MAW_LIFE + LIFE_BY_DIFFICULTY.get(str(st.config.get("difficulty", "normal")), 0)


decision_kind("maw", "Choose one of Experiment 153's maws: which one moves, heals or takes the damage.",
              takes=("target",))

_PROMPTS = {"forward": "Move which maw token {n} space{s} forward?", "back": "Move which maw token {n} space{s} back?",
            "heal": "Which maw with the lowest life gains {n} life?", "hit": "Deal the {n} damage to which maw?"}


@op("maw_pick")
def _maw_pick(g: Engine, who: int, source: str, do: str, n: int, times: int, among: list[int], more: int,
              action: Action | None = None) -> None:
    """The players (or the dealer, for a hit) pick one of ``among``, then it moves, heals or
    takes the hit; ``more`` further maws, each a different one, are picked after it moves."""
    among = [k for k in among if space_key(k) in g.state.nemesis.tokens]
    if not among or g.state.over:
        return
    if action is None:
        text = _PROMPTS[do].format(n=n, s="" if n == 1 else "s")
        g.ask("maw", who, source, text, [("target", maw_name(k)) for k in among],
              ("maw_pick", who, source, do, n, times, list(among), more))
        return
    k = maw_of(action[1])
    if more > 0:
        g.push("maw_pick", who, source, do, n, times, [j for j in among if j != k], more - 1)
    if do == "forward":
        g.push("maw_move", k, n, source, times, True)
    elif do == "back":
        g.push("maw_back", k, n, source)
    elif do == "heal":
        g.push("maw_heal", k, n, source)
    else:
        hit(g, who, k, n, source)


def _pick(g: Engine, ctx: Ctx, do: str, n: int, among: list[int], times: int = 1, more: int = 0) -> None:
    who = ctx.you if ctx.you >= 0 else g.team()
    g.push("maw_pick", who, ctx.source, do, n, times, among, more)


# ============================================================================ damage to the maws


def _no_damage(g: Engine) -> bool:
    return bool(standing(g, "maws_take_no_damage"))


def hit(g: Engine, you: int, k: int, amount: int, source: str) -> None:
    """One hit on maw ``k`` (its life, the push back, its death, G-1)."""
    tokens = g.state.nemesis.tokens
    if life_key(k) not in tokens:
        return
    if _no_damage(g):
        amount = 0
    life = max(0, tokens[life_key(k)] - amount)
    tokens[life_key(k)] = life
    _sync_life(g)
    g.ev("maw_damage", maw=k, amount=amount, life=life, source=source)
    if life == 0:
        del tokens[life_key(k)], tokens[space_key(k)]
        g.ev("maw_defeated", maw=k)
        rest = alive(tokens)
        if not rest:
            g.end("win", "nemesis_defeated")
            return
        g.push("maw_pick", you if you >= 0 else g.team(), source, "back", 2, 1, rest, 0)
    elif you >= 0 and amount >= back_at(g):
        g.push("maw_back", k, 1, source)


on = trigger_source("nemesis", E153)  # this mat's rules, at the engine's trigger points


@on("damage_target")
def _damage_target(g: Engine, you: int, target: str, amount: int, source: str) -> bool:
    """Damage a player deals to the nemesis goes to one maw, the dealer's pick."""
    if target != "nemesis":
        return False
    who = you if you >= 0 else g.team()
    g.push("maw_pick", who, source, "hit", amount, 1, alive(g.state.nemesis.tokens), 0)
    return True


@on("setup")
def _setup(st: State) -> None:
    """S-7: each maw on its track's start with its life; the players then move two different
    maws one space forward (waiting on the stack for the first run)."""
    n = st.nemesis
    life = maw_start_life(st)
    for k in MAWS:
        n.tokens[space_key(k)] = START
        n.tokens[life_key(k)] = life
    n.life = n.max_life = life * len(MAWS)
    for s in reversed(content.NEMESES[E153].rules.get("setup", ())):
        if s[0] == "growth_setup":
            st.stack.append(("s", -1, -1, E153, ("maws_forward_two", int(s[2]))))


# ============================================================================ steps of its cards


def _spaces(n: int) -> str:
    return f"{n} space" if n == 1 else f"{n} spaces"


@step("maw_forward", text=lambda n: f"Move any maw token {_spaces(n)} forward.")
def _maw_forward(g: Engine, ctx: Ctx, n: int) -> None:
    _pick(g, ctx, "forward", n, alive(g.state.nemesis.tokens))


@step("maw_back", text=lambda n: f"Move any maw token {_spaces(n)} back.")
def _maw_back_step(g: Engine, ctx: Ctx, n: int) -> None:
    _pick(g, ctx, "back", n, alive(g.state.nemesis.tokens))


@step("maws_forward_two", text=lambda n: f"Move the maw tokens of two different tracks {_spaces(n)} forward each.")
def _maws_forward_two(g: Engine, ctx: Ctx, n: int) -> None:
    among = alive(g.state.nemesis.tokens)
    _pick(g, ctx, "forward", n, among, more=min(1, len(among) - 1))


@step("maw_forward_farthest", text=lambda n, again: (
        f"Move the maw token farthest from its start {_spaces(n)} forward. Each effect this resolves on "
        f"its track resolves {again} more time{'' if again == 1 else 's'}."))
def _maw_forward_farthest(g: Engine, ctx: Ctx, n: int, again: int) -> None:
    tokens = g.state.nemesis.tokens
    among = alive(tokens)
    if among:
        far = max(tokens[space_key(k)] for k in among)
        _pick(g, ctx, "forward", n, [k for k in among if tokens[space_key(k)] == far], times=1 + again)


@step("maw_heal_lowest", text=lambda n: (
        f"The maw with the lowest life gains {n} life (never above the life it started with)."))
def _maw_heal_lowest(g: Engine, ctx: Ctx, n: int) -> None:
    tokens = g.state.nemesis.tokens
    among = alive(tokens)
    if among:
        low = min(tokens[life_key(k)] for k in among)
        _pick(g, ctx, "heal", n, [k for k in among if tokens[life_key(k)] == low])


BESIDE = "beside_growth_mat"


@step("growth_threshold", text=lambda n: (
        "Then this card lies beside the Growth Mat until the game ends: from then on a maw token moves "
        f"back only for {n} or more damage in one hit."))
def _growth_threshold(g: Engine, ctx: Ctx, n: int) -> None:
    """The power leaves play for ``decks["beside_growth_mat"]`` instead of the discard pile."""
    nem = g.state.nemesis
    idx = find_ref(nem.in_play, ctx.source)
    if idx < 0:
        return
    name = nem.in_play[idx].name
    del nem.in_play[idx]
    nem.decks.setdefault(BESIDE, []).append(name)
    left = g.on.get("left_play")
    if left is not None:
        left(g, idx, name)
    g.ev("beside_growth_mat", card=name, damage=n)


rule("maws_take_no_damage", text=lambda: "Every damage dealt to a maw is reduced to 0.")


# ============================================================================ cards


def _card(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "O", nemesis=E153, **kw)


_TWO_SHARDS = _any_player(("gain_curse", "Cursed Shard", "deck"), ("gain_curse", "Cursed Shard", "deck"))

CORRUPTING_CHITTERER = _card("Corrupting Chitterer", "minion", 1, life=6, persistent=(("maws_forward_two", 1),))
CASCADING_CASUALTIES = _card("Cascading Casualties", "power", 1, power_tokens=2, to_discard=(("spend_aether", 5),),
                             power=(("maw_forward_farthest", 2, 1),))
BOUND = _card("Bound", "attack", 1, effect=(("or", (_TWO_SHARDS,), (("maw_forward", 3),)),))

AURAL_CARNIVORE = _card("Aural Carnivore", "minion", 2, life=10, passive=(("maws_take_no_damage",),),
                        persistent=(_any_player(("suffer", 2)),))
SCALED_FLESH = _card("Scaled Flesh", "power", 2, power_tokens=3, power=(("unleash", 2), ("growth_threshold", 4)))
LUNGING_JAWS = _card("Lunging Jaws", "attack", 2, effect=(("maw_forward", 4),))

VEIN_WORMS = _card("Vein Worms", "minion", 3, life=16, persistent=(("maw_forward", 3),))
RESTLESS_MAWS = _card("Restless Maws", "power", 3, power_tokens=2, to_discard=(("spend_aether", 8),),
                      power=(("unleash", 2), ("maw_heal_lowest", 10)))
DIVIDE_AND_DEVOUR = _card("Divide and Devour", "attack", 3,
                          effect=(("unleash", 1), ("maw_forward", 3), ("maw_back", 1)))

CARDS = (CORRUPTING_CHITTERER, CASCADING_CASUALTIES, BOUND, AURAL_CARNIVORE, SCALED_FLESH, LUNGING_JAWS,
         VEIN_WORMS, RESTLESS_MAWS, DIVIDE_AND_DEVOUR)

# ============================================================================ the mat

rule("growth_setup", text=lambda life, n: (
        f"Setup: the Growth Mat lies beside this mat, a maw token on the start of each of its four tracks; "
        f"the players move two different maw tokens {_spaces(n)} forward. There is no life dial: each maw "
        f"has {life} life (beginner 2 less, extinction 2 more: the project's reading), and the nemesis' "
        "life shown is the maws' total."))


def _track_text(k: int, effects: tuple[tuple[int, Steps], ...]) -> str:
    where = " ".join(f"Space {sp}{' (the end)' if sp == END else ''}: {clause(eff)}" for sp, eff in effects)
    return f"Track of maw {k}: {where}"


rule("growth_track", text=_track_text)
rule("growth_rules", text=lambda back: (
        f"Each track of the Growth Mat has {END} spaces, its start being space {START} (the project's reading of "
        "a drawing of the printed mat). A maw token that moves forward onto a space with an effect (passing "
        "it too) resolves that effect; "
        "one that starts a move at the end of its track resolves the end's effect instead, and a move that "
        "reaches the end stops there. Damage a player would deal to Experiment 153 goes to one maw of their "
        f"choice; {back} or more damage in one hit moves that maw's token back one space. A token on the "
        f"first or fourth space of its track is never moved back. A maw at 0 life is discarded and the "
        "player moves another maw token back two spaces. With no maw token left on the Growth Mat, the "
        "players have won."))

RULES: dict[str, Steps] = {
    "setup": (("growth_setup", MAW_LIFE, 1),),
    "growth": tuple(("growth_track", k, tuple(sorted(GROWTH[k].items()))) for k in MAWS),
    "maws": (("growth_rules", BACK_AT),),
}

NEMESIS = NemesisDef(
    E153, E153, "O", life=MAW_LIFE * len(MAWS), difficulty=3, expedition_level=1,
    unleash=(("if", "expert", (("maw_forward", 2), ("maw_forward", 1)), (("maw_forward", 2),)),),
    cards=tuple(c.name for c in CARDS),
    special_decks={BESIDE: ()},
    deck_holds={BESIDE: "nemesis"},
    deck_faces={BESIDE: "up"},
    rules=RULES,
)


#: the pieces the panel below says: the boards' plain token lists leave them out
shown_in_panel(lambda name: name in {f(k) for k in MAWS for f in (space_key, life_key)})


@table_panel
def _panel(view: Mapping[str, Any]) -> tuple[str, str] | None:
    """Both boards: each maw's space and life on the Growth Mat, and what one hit must deal."""
    n = view.get("nemesis") or {}
    if n.get("id") != E153:
        return None
    tokens = n.get("tokens") or {}
    rows = []
    for k in MAWS:
        if space_key(k) in tokens:
            rows.append(f"maw {k} on space {tokens[space_key(k)]}/{END}, life {tokens.get(life_key(k), 0)}")
        else:
            rows.append(f"maw {k} gone")
    beside = (n.get("decks") or {}).get(BESIDE) or []
    back = BACK_AT if not beside else max(BACK_AT, *(_threshold(c) for c in beside))
    return ("Growth Mat", f"{'; '.join(rows)}; a hit of {back}+ moves a maw back (tracks: the project's reading)")


def _threshold(name: str) -> int:
    card = content.NEMESIS_CARDS.get(name)
    return max((int(s[1]) for s in card.power if s[0] == "growth_threshold"), default=BACK_AT) if card else BACK_AT
