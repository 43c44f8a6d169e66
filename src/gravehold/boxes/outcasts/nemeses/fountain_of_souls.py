"""Fountain of Souls: its mat, the Fountain of Souls Track and the lantern, the Soulfire
pile, the Soul Reminder and its nine cards.

Souls are neither cards nor minions: they sit on the spaces of the Fountain of Souls Track,
counted per space in ``state.nemesis.tokens`` under keys that read on a board (``"space 3
souls"``; a space with none has no key). The lantern's fuel is the nemesis token ``"lantern
fuel"`` (0 to 3). Nothing can damage a soul, and souls never keep the board from clearing
(G-1).

* The track (``TRACK``): a row of five spaces, 1 to 5, then 6 and 7 below 5 and 4; a soul
  moves clockwise through spaces 1 to 7, then back to 4, and round that loop for ever. Souls are placed on the
  start space of the player count (``START``). Each time a soul moves into space 7,
  Gravehold suffers 1 damage.
* At the start of each nemesis turn every soul moves one space: the rule the Soul Reminder
  card prints (it lies face up beside the mat, in the pile ``decks["reminder"]``; the
  engine applies its rule from there once, it is the mat's rule).
* The Soulfire pile (``decks["soulfire"]``, face up) is the extra supply pile of Soulfires,
  a gem only this nemesis brings (``PLAYER_CARDS``: never in a market). In their main phase
  a player may gain its top card for its cost (``gain_soulfire``); "return a Soulfire to the
  supply" puts it back on this pile.
* With three fuel, a player may use the lantern in their main phase (``use_lantern``): they
  discard up to five souls from one space or two adjacent ones, one soul per decision,
  then the lantern loses all its fuel. Murky Voidborn and Starry Smogling forbid it while in
  play (their ``lantern_sealed`` rule).

Readings decided here (the values in ``TRACK``, ``START`` and ``SOULFIRE_COPIES``, so a
better source changes one line; the board and the mat's text say they are readings):

* The track as printed is unknown: only a text drawing of it is public. It is read as
  above: start spaces 1 (four players), 2 (three) and 3 (one or two), the loop 4 → 5 → 6 →
  7 → 4, Gravehold's damage on 7. "Adjacent" spaces are neighbours along that path (7 and 4
  are adjacent).
* A soul that passes through space 7 while moving several spaces moves into it: 1 damage.
* Soulfire copies: the numbers of its stop deck read as ten cards, and ten it is.
* Increased difficulty: a soul placed on the track moves one space at once, at setup too.
* "Up to five souls" with the lantern: the player stops when they like once one soul is
  gone (``done``); the lantern loses its fuel even if fewer were discarded. With no soul on
  the track, the lantern is not offered. A Soulfire's fuel never takes the lantern over 3.
* A move of "one soul" or "two souls" is the players' pick, a space per soul (Soul
  Frenzy's two souls may be the same soul twice). *Whirlpool*: ties for the most souls are
  the players' pick. A move, discard or return that finds no soul or Soulfire cannot
  resolve fully, so an OR takes the other branch (P-7, N-6).
* *Energy Leech*: "dealt damage" is a player's hit that takes its life (the Outcasts minion
  rule ``on_player_damage``). *Soul Frenzy*: each power token the main phase removes moves
  the two souls, the last one before its POWER.
* *Soul Frenzy*: with a tie for the most Soulfires in hand the players pick; a player with
  none still suffers the damage.
* The Soul Reminder is catalogued as a tier-0 card of type attack with no effect of its own
  (the engine's nemesis card types have no reminder); it never enters the nemesis deck or
  play, and its printed rule is the only thing read from it.
* Setup with three or four players: the players choose who gains each of the 1 or 2
  Soulfires, onto that player's discard pile.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....boxapi import (
    Action,
    CardDef,
    Ctx,
    Engine,
    NemesisCardDef,
    NemesisDef,
    Player,
    State,
    Steps,
    action_head,
    ask_step,
    available,
    chooser,
    count_of,
    decision_kind,
    gravehold_damage,
    op,
    pay,
    pick,
    receive_gained,
    render_steps,
    rule,
    shown_in_panel,
    standing,
    step,
    table_panel,
    trigger_source,
    who_does,
)
from ....boxapi import catalogue as content
from ..basics import ON_PLAYER_DAMAGE, ON_POWER_REMOVED, RULED

FS = "Fountain of Souls"
SOULFIRE = "Soulfire"
REMINDER_CARD = "Soul Reminder"
PILE = "soulfire"  # the Soulfire supply pile (a special deck of player cards, face up)
REMINDER = "reminder"  # the Soul Reminder's place beside the mat (face up)
FUEL = "lantern fuel"

#: the Fountain of Souls Track (the project's reading of a text drawing, see the readings):
#: each space's clockwise neighbour, and the space where a soul arriving hurts Gravehold
TRACK: dict[str, Any] = {"next": {1: 2, 2: 3, 3: 4, 4: 5, 5: 6, 6: 7, 7: 4}, "hurts": 7, "damage": 1}
#: the start space by player count
START = {1: 3, 2: 3, 3: 2, 4: 1}
#: the lantern's fuel to use it, and the souls it discards at most
LANTERN = {"fuel": 3, "souls": 5}
#: the Soulfire pile's cards (the project's reading of the card numbers)
SOULFIRE_COPIES = 10
#: Soulfires the players gain at setup, by player count
SETUP_SOULFIRES = {3: 1, 4: 2}
#: souls placed at setup
SETUP_SOULS = 2

SPACES = tuple(sorted(TRACK["next"]))


def _any_player(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


def _souls(n: int) -> str:
    return count_of(n, "soul")


# ============================================================================ the track


def key(space: int) -> str:
    """The token key of the souls on one space."""
    return f"space {space} souls"


def souls(g: Engine | State, space: int) -> int:
    st = g if isinstance(g, State) else g.state
    return st.nemesis.tokens.get(key(space), 0)


def total(g: Engine) -> int:
    return sum(souls(g, s) for s in SPACES)


def _add(st: State, space: int, k: int) -> None:
    t = st.nemesis.tokens
    v = t.get(key(space), 0) + k
    if v > 0:
        t[key(space)] = v
    else:
        t.pop(key(space), None)


def start_space(st: State) -> int:
    return START[len(st.players)]


def adjacent(a: int, b: int) -> bool:
    nxt = TRACK["next"]
    return bool(nxt[a] == b or nxt[b] == a)


def walk(space: int, k: int) -> tuple[int, int]:
    """Where a soul ends after k spaces clockwise, and how often it moved into the hurting space."""
    hits = 0
    for _ in range(k):
        space = TRACK["next"][space]
        hits += space == TRACK["hurts"]
    return space, hits


def move(g: Engine, moves: list[tuple[int, int, int]], source: str) -> None:
    """Move (count, space, spaces) souls together; then Gravehold suffers 1 damage for each
    soul that moved into the hurting space."""
    st = g.state
    hits = 0
    for n, space, k in moves:
        if n <= 0:
            continue
        to, h = walk(space, k)
        _add(st, space, -n)
        _add(st, to, n)
        hits += n * h
        g.ev("souls_moved", amount=n, space=space, to=to, spaces=k, source=source)
    for _ in range(hits):
        if st.over:
            return
        gravehold_damage(g, TRACK["damage"], FS)


def place(g: Engine, n: int, source: str) -> None:
    """n souls on the start space; on expert and extinction each then moves one space."""
    st = g.state
    space = start_space(st)
    _add(st, space, n)
    g.ev("souls_placed", amount=n, space=space, source=source)
    if g.expert():
        move(g, [(n, space, 1)], source)


def _has_souls(g: Engine, ctx: Ctx, s: tuple[Any, ...]) -> bool:
    return total(g) > 0


@step("place_souls", text=lambda n: (
        f"Place {_souls(n)} on the start space of the Fountain of Souls Track for your player count."))
def _place_souls(g: Engine, ctx: Ctx, n: int) -> None:
    place(g, n, ctx.source)


@step("move_souls_all", text=lambda k: (
        f"Each soul advances {count_of(k, 'space')} clockwise along the Fountain of Souls Track."))
def _move_souls_all(g: Engine, ctx: Ctx, k: int) -> None:
    move(g, [(souls(g, s), s, k) for s in SPACES], ctx.source)


_FROM = {"start": "the start space", "most": "the space with the most souls"}


def _most(g: Engine) -> list[int]:
    top = max(souls(g, s) for s in SPACES)
    return [s for s in SPACES if top and souls(g, s) == top]


decision_kind("soul_space", "Choose a space of the Fountain of Souls Track.", takes=("soul_space", "done"))
action_head("soul_space", ("amount",), text=lambda k: f"space {k} of the Fountain of Souls Track")


@step("move_souls_from", can_resolve=_has_souls, text=lambda where, k: (
        f"Each soul on {_FROM[where]} advances {count_of(k, 'space')} clockwise along the Fountain of Souls Track."))
def _move_souls_from(g: Engine, ctx: Ctx, where: str, k: int, action: Action | None = None) -> None:
    if action is None:
        if where == "start":
            s = start_space(g.state)
            move(g, [(souls(g, s), s, k)], ctx.source)
            return
        opts: list[Action] = [("soul_space", s) for s in _most(g)]
        if opts:
            ask_step(g, ctx, ("move_souls_from", where, k), "soul_space", chooser(g, ctx),
                     "Which space with the most souls moves?", opts)
        return
    s = int(action[1])
    move(g, [(souls(g, s), s, k)], ctx.source)


@step("move_souls_pick", can_resolve=_has_souls, text=lambda n, k: (
        f"{'One soul' if n == 1 else f'{n} souls'} of your choice advance{'s' if n == 1 else ''} "
        f"{count_of(k, 'space')} clockwise along the Fountain of Souls Track."))
def _move_souls_pick(g: Engine, ctx: Ctx, n: int, k: int, action: Action | None = None) -> None:
    """One soul per decision: the players name its space."""
    if action is None:
        opts: list[Action] = [("soul_space", s) for s in SPACES if souls(g, s)]
        if n > 0 and opts:
            ask_step(g, ctx, ("move_souls_pick", n, k), "soul_space", chooser(g, ctx),
                     "Move a soul from which space?" + (f" ({n} to go)" if n > 1 else ""), opts)
        return
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("move_souls_pick", n - 1, k))
    move(g, [(1, int(action[1]), k)], ctx.source)


# ============================================================================ discarding souls


@op("discard_souls")
def _discard_souls_op(g: Engine, who: int, source: str, left: int, chosen: tuple[int, ...], pair: bool,
                      action: Action | None = None) -> None:
    """One soul per decision; with ``pair`` (the lantern) every soul comes from one space or
    two adjacent ones, and the player may stop once one is gone."""
    if action is None:
        if left <= 0:
            return
        ok = [s for s in SPACES if souls(g, s) and (
            not pair or not chosen or s in chosen or (len(chosen) == 1 and adjacent(s, chosen[0])))]
        if not ok:
            return
        opts: list[Action] = [("soul_space", s) for s in ok]
        if pair and chosen:
            opts.append(("done",))
        g.ask("soul_space", who, source, f"Discard a soul from which space? (up to {left} more)"
              if pair else "Discard a soul from which space?", opts, ("discard_souls", who, source, left, chosen,
                                                                     pair))
        return
    if action[0] != "soul_space":
        return
    s = int(action[1])
    _add(g.state, s, -1)
    g.ev("souls_discarded", amount=1, space=s, source=source)
    g.push("discard_souls", who, source, left - 1, tuple(sorted({*chosen, s})), pair)


@step("discard_souls", can_resolve=lambda g, ctx, s: total(g) >= int(s[1]), text=lambda n: (
        f"Take {_souls(n)} off the Fountain of Souls Track (discarded)."))
def _discard_souls(g: Engine, ctx: Ctx, n: int) -> None:
    g.push("discard_souls", chooser(g, ctx), ctx.source, n, (), False)


@step("lantern_fuel", can_resolve=lambda g, ctx, s: g.state.nemesis.tokens.get(FUEL, 0) + int(s[1]) <= LANTERN["fuel"],
      text=lambda n: f"Add {n} fuel to the lantern.")
def _lantern_fuel(g: Engine, ctx: Ctx, n: int) -> None:
    """Never above the top of the Lantern Charge Track."""
    t = g.state.nemesis.tokens
    t[FUEL] = min(LANTERN["fuel"], t.get(FUEL, 0) + n)
    g.ev("token", token=FUEL, amount=n, total=t[FUEL], source=ctx.source)


def sealed(g: Engine) -> bool:
    """A card in play forbids the lantern."""
    return bool(standing(g, "lantern_sealed"))


def lantern_ready(g: Engine) -> bool:
    return g.state.nemesis.tokens.get(FUEL, 0) >= LANTERN["fuel"] and total(g) > 0 and not sealed(g)


# ============================================================================ Soulfire


def _soulfires(g: Engine, j: int) -> int:
    return g.state.players[j].hand.count(SOULFIRE)


@step("return_soulfire", can_resolve=lambda g, ctx, s: _soulfires(g, ctx.you) > 0,
      hand_loss=lambda g, j, s: min(1, _soulfires(g, j)), text=lambda *, they=False: (
        "returns a Soulfire in their hand to the supply." if they else "Return a Soulfire in your hand to the supply."))
def _return_soulfire(g: Engine, ctx: Ctx) -> None:
    """Back on the Soulfire pile (the copies are alike: nothing to choose)."""
    p = g.state.players[ctx.you]
    if SOULFIRE not in p.hand:
        return
    p.hand.remove(SOULFIRE)
    g.state.nemesis.decks.setdefault(PILE, []).insert(0, SOULFIRE)
    g.ev("soulfire_returned", player=ctx.you, source=ctx.source)


@step("soulfire_most", text=lambda steps: who_does("Whoever holds the most Soulfires", steps))
def _soulfire_most(g: Engine, ctx: Ctx, steps: Steps, action: Action | None = None) -> None:
    """Ties (none in hand included) are the players' pick."""
    if action is None:
        counts = [_soulfires(g, j) for j in range(len(g.state.players))]
        opts: list[Action] = [("player", j) for j, k in enumerate(counts) if k == max(counts)]
        ask_step(g, ctx, ("soulfire_most", steps), "player", chooser(g, ctx),
                 "Who has the most Soulfires in hand?", opts)
        return
    j = int(action[1])
    g.run_steps(steps, Ctx(j, j, ctx.source))


@step("soulfire_setup", text=lambda n: f"The players choose who gains each of {count_of(n, 'Soulfire')}.")
def _soulfire_setup(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """S-7 with three or four players: one Soulfire at a time from the pile, to a discard pile."""
    pile = g.state.nemesis.decks.setdefault(PILE, [])
    if action is None:
        if n > 0 and pile:
            ask_step(g, ctx, ("soulfire_setup", n), "player", chooser(g, ctx), f"Who gains a Soulfire? ({n} to go)",
                     [("player", j) for j in range(len(g.state.players))])
        return
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("soulfire_setup", n - 1))
    pile.pop(0)
    receive_gained(g, int(action[1]), SOULFIRE, on_your_turn=False)


SOULFIRE_CARD = CardDef(SOULFIRE, "gem", 3, "O", starter=True, play=(
    ("or", (("aether", 1), ("lantern_fuel", 1)), (("aether", 1), ("discard_souls", 1))),))
PLAYER_CARDS = (SOULFIRE_CARD,)

# ============================================================================ cards


def _card(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "O", nemesis=FS, **kw)


rule("lantern_sealed", text=lambda: "While this is in play, no player may use the lantern.")
_SEALED = (("lantern_sealed",),)

ENERGY_LEECH = _card("Energy Leech", "minion", 1, life=6, passive=((ON_PLAYER_DAMAGE, (("move_souls_pick", 1, 1),)),),
                     persistent=(_any_player(("suffer", 1)),))
LOSS_OF_WILL = _card("Loss of Will", "power", 1, power_tokens=2, power=(
    _any_player(pick("discard", 1, "hand", ("named", SOULFIRE)), ("suffer", 2)),))
ARISE = _card("Arise", "attack", 1, effect=(("unleash", 1), ("move_souls_all", 1)))

MURKY_VOIDBORN = _card("Murky Voidborn", "minion", 2, life=11, passive=_SEALED,
                       persistent=(_any_player(("suffer", 2)),))
SOUL_FRENZY = _card("Soul Frenzy", "power", 2, power_tokens=3,
                    passive=((ON_POWER_REMOVED, (("move_souls_pick", 2, 1),)),),
                    power=(("unleash", 1), ("soulfire_most", (("suffer", 1), ("return_soulfire",)))))
SPIRIT_DRAIN = _card("Spirit Drain", "attack", 2, effect=(
    ("or", (("unleash", 1), _any_player(("return_soulfire",))), (_any_player(("suffer", 4)),)),))

STARRY_SMOGLING = _card("Starry Smogling", "minion", 3, life=16, passive=_SEALED,
                        persistent=(_any_player(("suffer", 2)),))
RUSHING_TIDES = _card("Rushing Tides", "power", 3, power_tokens=2, power=(
    ("unleash", 2), ("move_souls_from", "start", 3)))
WHIRLPOOL = _card("Whirlpool", "attack", 3, effect=(
    ("or", (("move_souls_from", "most", 2),), (_any_player(("suffer", 5)),)),))

#: the nine cards of its nemesis deck
DECK = (ENERGY_LEECH, LOSS_OF_WILL, ARISE, MURKY_VOIDBORN, SOUL_FRENZY, SPIRIT_DRAIN, STARRY_SMOGLING,
        RUSHING_TIDES, WHIRLPOOL)
RULED.update(c.name for c in DECK if c.passive)  # the Outcasts minion rules read theirs

rule("soul_reminder", text=lambda steps: (
    f"Leave this card beside the mat. At the start of each nemesis turn: {render_steps(steps)}"))
#: the reminder of the mat's start-of-turn rule; the engine applies the rule from it, once
SOUL_REMINDER = NemesisCardDef(REMINDER_CARD, "attack", 0, "O", nemesis=FS, deck=REMINDER,
                               passive=(("soul_reminder", (("move_souls_all", 1),)),))

# ============================================================================ the mat

def _path(nxt: dict[int, int]) -> str:
    """"spaces 1 to 7 in turn, then back to 4": from the first space until one comes round again."""
    seen, s = [min(nxt)], nxt[min(nxt)]
    while s not in seen:
        seen.append(s)
        s = nxt[s]
    return f"through spaces {seen[0]} to {seen[-1]} in turn, then back to {s}"


_PRINTED = "the project's reading of the track: the printed track is unknown"
rule("fountain_track", text=lambda nxt, hurts, start: (
    f"Fountain of Souls Track ({_PRINTED}): souls move clockwise {_path(dict(nxt))} and on round the loop; "
    f"souls start on space {dict(start)[4]} with four players, {dict(start)[3]} with three, "
    f"{dict(start)[1]} with one or two. Each time a soul moves into space {hurts}, Gravehold suffers 1 "
    "damage. Souls are no minions and take no damage."))
rule("lantern_rules", text=lambda fuel, n: (
    f"The lantern starts on 0 of the Lantern Charge Track (0 to {fuel}). With {fuel} fuel, a player may use "
    f"it in their main phase to discard up to {n} souls from one space or two adjacent ones; then it loses "
    "all its fuel."))
rule("soulfire_pile", text=lambda copies, three, four: (
    f"Setup: the {copies} Soulfires form an extra supply pile ({copies} is the project's reading); with three "
    f"or four players the players gain {three} or {four} of them between them. {_souls(SETUP_SOULS)} "
    "start on the start space; the Soul Reminder lies beside the mat."))
rule("souls_step_on", text=lambda: "A soul placed on the Fountain of Souls Track moves one space clockwise at once.")

on = trigger_source("nemesis", FS)  # this mat's rules, at the engine's trigger points


@on("setup")
def _setup(st: State) -> None:
    """S-7: the Soulfire pile, the lantern on 0, the first souls, the Soulfires handed out."""
    st.nemesis.decks[PILE] = [SOULFIRE] * SOULFIRE_COPIES
    st.nemesis.tokens[FUEL] = 0
    space = start_space(st)
    if st.config.get("expert"):  # nothing reaches space 7 from a start space in one move
        space = TRACK["next"][space]
    _add(st, space, SETUP_SOULS)
    k = SETUP_SOULFIRES.get(len(st.players), 0)
    if k:
        st.stack.append(("s", -1, -1, FS, ("soulfire_setup", k)))


@on("nemesis_turn_start")
def _turn_start(g: Engine) -> None:
    """The rule the Soul Reminder card prints, once (it is the mat's rule)."""
    if REMINDER_CARD in g.state.nemesis.decks.get(REMINDER, ()):
        for r in content.NEMESIS_CARDS[REMINDER_CARD].passive:
            g.push_steps(r[1], Ctx(-1, -1, REMINDER_CARD))


action_head("use_lantern", (), text=lambda: "use the lantern (discard up to five souls)", phase="main")
action_head("gain_soulfire", ("card",), text=lambda c: f"gain {c} from the Soulfire pile",
            detail=lambda st, d, c: f"gain {c} from the Soulfire pile ({content.CARDS[c].cost} Æ)",
            phase="main", board=True)  # the web board puts it on the pile's top card


def _cost() -> int:
    return content.CARDS[SOULFIRE].cost


def _why_lantern(g: Engine, p: Player, action: Action) -> tuple[str, str | None]:
    """Why the lantern is no option now (the player is any)."""
    if sealed(g):
        return ("a card in play forbids using the lantern", None)
    if total(g) == 0:
        return ("there is no soul on the Fountain of Souls Track", None)
    return (f"the lantern needs {LANTERN['fuel']} fuel", None)


def _why_gain(g: Engine, p: Player, action: Action) -> tuple[str, str | None]:
    if not g.state.nemesis.decks.get(PILE):
        return ("the Soulfire pile is empty", None)
    return (f"a Soulfire costs {_cost()} Æ, and you have {available(p, 'gem')} Æ to spend on it", "P-8")


@on("main_options")
def _main_options(g: Engine, i: int) -> list[Action]:
    out: list[Action] = [("use_lantern",)] if lantern_ready(g) else []
    if g.state.nemesis.decks.get(PILE) and available(g.state.players[i], "gem") >= _cost():
        out.append(("gain_soulfire", SOULFIRE))
    return out


@on.action("use_lantern", why=_why_lantern)
def _use_lantern(g: Engine, i: int, action: Action) -> None:
    """The fuel goes at once; the souls go one decision at a time."""
    g.state.nemesis.tokens[FUEL] = 0
    g.ev("lantern_used", player=i)
    g.push("discard_souls", i, "the lantern", LANTERN["souls"], (), True)


@on.action("gain_soulfire", why=_why_gain)
def _gain_soulfire(g: Engine, i: int, action: Action) -> None:
    """P-8 for the Soulfire pile: pay its cost, take its top card."""
    st = g.state
    st.nemesis.decks[PILE].pop(0)
    pay(st.players[i], _cost(), "gem")
    g.ev("gain_soulfire", player=i, card=SOULFIRE)
    receive_gained(g, i, SOULFIRE, on_your_turn=True)


#: the pieces the panel below says: the boards' plain token lists leave them out
shown_in_panel(lambda name: name == FUEL or name in {key(s) for s in SPACES})


@table_panel
def _panel(view: Mapping[str, Any]) -> tuple[str, str] | None:
    """Both boards: the souls on each space, the lantern's fuel, and that the track is a reading."""
    n = view.get("nemesis") or {}
    if n.get("id") != FS:
        return None
    t = n.get("tokens") or {}
    start = START[len(view["players"])]
    cells = [f"{s}{' (start)' if s == start else ''}{' (Gravehold 1)' if s == TRACK['hurts'] else ''}: "
             f"{t.get(key(s), 0)}" for s in SPACES]
    lantern = f"lantern {t.get(FUEL, 0)}/{LANTERN['fuel']} fuel"
    return ("Fountain of Souls Track", f"souls by space {', '.join(cells)}; {lantern} (the track's shape is "
            "the project's reading)")


NEMESIS = NemesisDef(
    FS, FS, "O", life=70, difficulty=8, expedition_level=4,
    unleash=(("if", "expert", (("place_souls", 4),), (("place_souls", 3),)),),
    cards=tuple(c.name for c in DECK),
    special_decks={REMINDER: (REMINDER_CARD,)},
    deck_holds={PILE: "player"},
    deck_faces={PILE: "up", REMINDER: "up"},
    rules={"track": (("fountain_track", tuple(TRACK["next"].items()), TRACK["hurts"], tuple(START.items())),),
           "lantern": (("lantern_rules", LANTERN["fuel"], LANTERN["souls"]),),
           "setup": (("soulfire_pile", SOULFIRE_COPIES, SETUP_SOULFIRES[3], SETUP_SOULFIRES[4]),)},
    increased_difficulty={"track": (("souls_step_on",),)},
)

#: every nemesis card of it, the Soul Reminder too (the box gathers them)
CARDS = (*DECK, SOUL_REMINDER)
