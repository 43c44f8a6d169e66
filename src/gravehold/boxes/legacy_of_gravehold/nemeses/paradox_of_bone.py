"""Paradox of Bone: its mat, the Bone track with its two tokens, its nine cards, and the step
kinds and rules only it uses.

**The Bone track** is a row of spaces, each printed with a number (``TRACK``). Two tokens
walk along it: the gem/relic token and the spell token, both on the first space at setup.
Their positions (space indexes, 0 first) are the nemesis tokens ``GEM`` and ``SPELL``. A
token stepping forward off the last space starts again on the first one. Each card a player
gains from the supply steps a token forward: a gem or a relic the gem/relic token, a spell
the spell token (the ``gained`` point).

**Unleash** hurts Gravehold by the gap between the numbers under the two tokens, then steps
the token that is further along forward once (``bone_gap_damage``, ``bone_move``). While
*Otherworldly Might* has gone off, every step an Unleash makes is one longer.

**Exhaustion** (E-6): instead of the two Unleashes the players lose four gems from their
hands between them.

Readings decided here (one table, ``READINGS``):

* *The track's numbers*: one transcription lists the first six (0, 1, 1, 2, 3, 4) and stops;
  the project carries on counting up by one to an eighth space: 0, 1, 1, 2, 3, 4, 5, 6.
* *"The 3 space"* (Ransack) is the first space printed with a 3.
* *Which token is further along* is read by space, not by number; with both on one space
  the players pick which one moves (N-6).
* *"Gains"*: only a gain from a supply pile steps a token (a card handed out by an effect
  from elsewhere is not gained from the supply the mat speaks of).
* *The player with the costliest gem in hand* (Phantom Reaver): ties go to the players
  (N-6); when no hand holds a gem, nobody is hurt.
* *Phantom Reaver's first line* sends a campaign reader to another card; in a single game
  it does nothing.
* *Shields*: Phantom Reaver and Mycelion Mound each enter with 2 shield tokens, as the one
  transcription that prints shields gives them.
* *Otherworldly Might* is put aside beside the track once its power resolves: a nemesis
  token ``MIGHT`` counts the copies put aside, and each adds one space to every step an
  Unleash makes (a token moved by an Unleash moves one space further).
* *Stomp*: for the rest of the nemesis turn, each Unleash hurts a player (the players pick)
  instead of Gravehold, by the same amount.
* *Increased difficulty*: a supply card of the type the rearmost token follows (gems and
  relics for the gem/relic token, spells for the spell token) costs 1 Æ more; with both
  tokens on one space nothing costs more.
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
    ask_step,
    by_source,
    catalogue,
    chooser,
    condition,
    event_text,
    gravehold_damage,
    pick,
    rule,
    shown_in_panel,
    step,
    table_panel,
    trigger_source,
    turn_flag,
)

PB = "Paradox of Bone"
GEM, SPELL = "gem/relic token", "spell token"
TOKENS = (GEM, SPELL)
MIGHT = "Otherworldly Might aside"
STOMPED = turn_flag("bone_stomp", "Paradox of Bone's Stomp: this turn an Unleash hurts a player, not Gravehold")

#: every decision taken where the sources are silent or disagree (see the docstring)
READINGS: dict[str, Any] = {
    "track": (0, 1, 1, 2, 3, 4, 5, 6),
    "ransack_gem_space": 0,
    "ransack_spell_number": 3,
    "tie_further": "players pick",
    "gains_counted": "from the supply",
    "reaver_no_gem": "nobody",
    "reaver_campaign_line": "ignored",
    "shields": {"Phantom Reaver": 2, "Mycelion Mound": 2},
    "might_extra": 1,
    "stomp_until": "end of the nemesis turn",
    "expert_extra_cost": 1,
}
TRACK: tuple[int, ...] = READINGS["track"]
EXHAUST_GEMS = 4


def _expert(g: Engine) -> bool:
    return bool(g.state.config.get("expert"))


# ============================================================================ the track


def position(st: State, token: str) -> int:
    return int(st.nemesis.tokens.get(token, 0))


def number(st: State, token: str) -> int:
    """The number printed on the space ``token`` stands on."""
    return TRACK[position(st, token) % len(TRACK)]


def gap(st: State) -> int:
    return abs(number(st, GEM) - number(st, SPELL))


def space_of(value: int) -> int:
    """The first space printed with ``value``."""
    return TRACK.index(value)


def _step_forward(g: Engine, token: str, spaces: int, source: str) -> None:
    st = g.state
    pos = position(st, token)
    for _ in range(spaces):
        pos = (pos + 1) % len(TRACK)
    st.nemesis.tokens[token] = pos
    g.ev("bone_moved", token=token, space=pos, value=TRACK[pos], source=source)


@condition("bone_close", lambda *, they=False: "the two tokens share a space or stand on neighbouring spaces")
def _bone_close(g: Engine, ctx: Ctx) -> bool:
    st = g.state
    return abs(position(st, GEM) - position(st, SPELL)) <= 1


def _who(which: str) -> str:
    return {"further": "the token further along the Bone track", "either": "the gem/relic or the spell token "
            "(the players pick)", GEM: "the gem/relic token", SPELL: "the spell token"}[which]


def _move_text(which: str, n: int, unleash: int, hurt: int) -> str:
    spaces = "1 space" if n == 1 else f"{n} spaces"
    more = " (one more per Otherworldly Might put aside)" if unleash else ""
    then = "; then a player of your choice suffers damage equal to the number it now stands on" if hurt else ""
    return f"Step {_who(which)} forward {spaces}{more}{then}."


def _move_check(s: tuple[Any, ...]) -> None:
    if s[1] not in ("further", "either", GEM, SPELL) or not isinstance(s[2], int) or s[2] < 1:
        raise ValueError(f"bone_move takes a token choice and a count of 1 or more, got {s[1:]!r}")


@step("bone_move", check=_move_check, text=_move_text)
def _bone_move(g: Engine, ctx: Ctx, which: str, n: int, unleash: int, hurt: int) -> None:
    st = g.state
    if which == "further" and position(st, GEM) != position(st, SPELL):
        which = GEM if position(st, GEM) > position(st, SPELL) else SPELL
    if which not in TOKENS:  # a tie, or either token: the players pick (N-6)
        g.run_steps((("or", (("bone_move", GEM, n, unleash, hurt),), (("bone_move", SPELL, n, unleash, hurt),)),),
                    ctx)
        return
    spaces = n + (int(st.nemesis.tokens.get(MIGHT, 0)) * READINGS["might_extra"] if unleash else 0)
    _step_forward(g, which, spaces, ctx.source)
    if hurt and number(st, which) > 0:
        g.run_steps((("player", "any", (("suffer", number(st, which)),)),), ctx)


@step("bone_gap_damage", text=lambda: (
        "Gravehold suffers damage equal to the gap between the numbers under the two tokens on the Bone track "
        "(after Stomp this turn: a player of your choice suffers it instead)."))
def _bone_gap_damage(g: Engine, ctx: Ctx) -> None:
    st = g.state
    amount = gap(st)
    if amount <= 0:
        return
    if st.flags.get(STOMPED):
        g.run_steps((("player", "any", (("suffer", amount),)),), ctx)
        return
    gravehold_damage(g, amount, ctx.source)


@step("bone_place", text=lambda gem, spell: (
        f"Put the gem/relic token on the space numbered {TRACK[gem]} and the spell token on the first space "
        f"numbered {TRACK[spell]}."))
def _bone_place(g: Engine, ctx: Ctx, gem: int, spell: int) -> None:
    st = g.state
    st.nemesis.tokens[GEM] = gem
    st.nemesis.tokens[SPELL] = spell
    g.ev("bone_placed", gem=gem, spell=spell, source=ctx.source)


@step("bone_stomp", text=lambda: (
        "For the rest of this turn, whenever the nemesis Unleashes, a player of your choice suffers the damage "
        "Gravehold would have suffered."))
def _bone_stomp(g: Engine, ctx: Ctx) -> None:
    g.state.flags[STOMPED] = True


@step("bone_might_aside", text=lambda: (
        "Put this card beside the Bone track: from now on, each time an Unleash steps a token forward, it goes "
        "one space further."))
def _bone_might_aside(g: Engine, ctx: Ctx) -> None:
    n = g.state.nemesis
    n.tokens[MIGHT] = int(n.tokens.get(MIGHT, 0)) + 1


def _gem_holders(g: Engine) -> list[int]:
    cards = catalogue.CARDS
    best = {j: max((cards[c].cost for c in p.hand if cards[c].type == "gem"), default=-1)
            for j, p in enumerate(g.state.players)}
    top = max(best.values(), default=-1)
    return [] if top < 0 else [j for j, v in best.items() if v == top]


@step("bone_costliest_gem", text=lambda hurt, n: (
        f"The player holding the costliest gem in hand suffers {hurt} damage and discards {n} gems from their hand "
        "(a tie: the players pick; nobody holds a gem: nothing happens)."))
def _bone_costliest_gem(g: Engine, ctx: Ctx, hurt: int, n: int, action: Action | None = None) -> None:
    if action is None:
        cand = _gem_holders(g)
        if not cand:
            return
        ask_step(g, ctx, ("bone_costliest_gem", hurt, n), "player", chooser(g, ctx),
                 "Who holds the costliest gem?", [("player", j) for j in cand])
        return
    j = int(action[1])
    g.run_steps((("suffer", hurt), pick("discard", n, "hand", "gem")), Ctx(j, j, ctx.source))


@step("bone_gems_between", text=lambda n: (
        f"The players discard {n} gems from their hands between them (as many as they hold, if fewer)."))
def _bone_gems_between(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """Each pick is one gem of one player; the players choose who, one gem at a time."""
    cards = catalogue.CARDS
    if action is None:
        opts: list[Action] = [("player", j) for j, p in enumerate(g.state.players)
                              if any(cards[c].type == "gem" for c in p.hand)]
        if n > 0 and opts:
            ask_step(g, ctx, ("bone_gems_between", n), "player", chooser(g, ctx),
                     f"Who discards the next gem? ({n} to go)", opts)
        return
    j = int(action[1])
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("bone_gems_between", n - 1))
    g.push("s", j, j, ctx.source, pick("discard", 1, "hand", "gem"))


# ============================================================================ the mat's rules


on = trigger_source("nemesis", PB)


@on("setup")
def _setup(st: State) -> None:
    """S-7: both tokens on the first space."""
    for t in TOKENS:
        st.nemesis.tokens[t] = 0


@on("gained")
def _gained(g: Engine, i: int, name: str) -> None:
    kind = catalogue.CARDS[name].type
    token = GEM if kind in ("gem", "relic") else SPELL if kind == "spell" else None
    if token is not None:
        _step_forward(g, token, 1, PB)


@on("exhaust")
def _exhaust(g: Engine, i: int) -> bool:
    """E-6: the players discard four gems between them instead of the two Unleashes."""
    g.push_steps((("bone_gems_between", EXHAUST_GEMS),), Ctx(-1, -1, PB))
    return True


def _rearmost_kinds(st: State) -> tuple[str, ...]:
    gem, spell = position(st, GEM), position(st, SPELL)
    if gem == spell:
        return ()
    return ("gem", "relic") if gem < spell else ("spell",)


@on("gain_cost")
def _gain_cost(g: Engine, i: int, name: str, cost: int) -> int:
    """S-9: the type the rearmost token follows costs more."""
    if not _expert(g) or catalogue.CARDS[name].type not in _rearmost_kinds(g.state):
        return cost
    return cost + int(READINGS["expert_extra_cost"])


# ============================================================================ cards


def _card(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "LOG", nemesis=PB, **kw)


def _any(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


def _further(n: int = 1, hurt: int = 0) -> tuple[Any, ...]:
    return ("bone_move", "further", n, 0, hurt)


FEROCIOUS_KHORDAT = _card("Ferocious Khordat", "minion", 1, life=6,
                          persistent=(_any(("suffer", 1), pick("discard", 1, "hand", "gem")), _further()))
TRAMPLE = _card("Trample", "attack", 1, effect=(("unleash", 1), _further()))
FERAL_JUDGEMENT = _card("Feral Judgement", "power", 1, power_tokens=2, power=(
    ("if", ("bone_close",), (_any(("suffer", 5)), ("bone_move", "either", 2, 0, 0)), (_any(("suffer", 3)),)),))

PHANTOM_REAVER = _card("Phantom Reaver", "minion", 2, life=9, shields=READINGS["shields"]["Phantom Reaver"],
                       persistent=(("bone_costliest_gem", 2, 2),))
STOMP = _card("Stomp", "attack", 2, effect=(("bone_stomp",), ("unleash", 2),
                                             ("bone_gems_between", 3)))
OTHERWORLDLY_MIGHT = _card("Otherworldly Might", "power", 2, power_tokens=2, to_discard=(("spend_aether", 9),),
                           power=(("unleash", 1), ("bone_might_aside",)))

MYCELION_MOUND = _card("Mycelion Mound", "minion", 3, life=13, shields=READINGS["shields"]["Mycelion Mound"],
                       persistent=(_further(1, 1),))
RANSACK = _card("Ransack", "attack", 3, effect=(
    _any(("suffer", 4)), ("bone_place", READINGS["ransack_gem_space"], space_of(READINGS["ransack_spell_number"]))))
RITUAL_OF_THE_WILD = _card("Ritual of the Wild", "power", 3, power_tokens=1,
                           power=(("if", ("bone_close",), (("unleash", 3),), (("unleash", 2),)),))

CARDS = (FEROCIOUS_KHORDAT, TRAMPLE, FERAL_JUDGEMENT, PHANTOM_REAVER, STOMP, OTHERWORLDLY_MIGHT,
         MYCELION_MOUND, RANSACK, RITUAL_OF_THE_WILD)

# ============================================================================ the mat

rule("bone_setup", text=lambda: (
        "Setup: lay the Bone track beside this mat and stand the gem/relic token and the spell token on its "
        "first space."))
rule("bone_track", text=lambda track: (
        f"The Bone track's spaces are numbered {', '.join(str(v) for v in track)} (the later numbers are the "
        "project's reading); a token stepping forward from the last space goes back to the first."))
rule("bone_gains", text=lambda: (
        "For each gem or relic taken from the supply the gem/relic token steps forward one space; "
        "for each spell taken from the supply, the spell token does."))
rule("bone_exhaust", text=lambda n: (
        f"When a player is exhausted, instead of the two Unleashes the players discard {n} gems from their "
        "hands between them."))
rule("bone_expert", text=lambda n: (
        f"Supply cards of the type the rearmost token follows (gems and relics, or spells) cost {n} Æ more; "
        "with both tokens on one space nothing costs more."))


def _track_words(tokens: Mapping[str, Any]) -> str:
    parts = []
    for t in TOKENS:
        pos = int(tokens.get(t, 0))
        parts.append(f"{t} on space {pos + 1} (number {TRACK[pos % len(TRACK)]})")
    might = int(tokens.get(MIGHT, 0))
    return "; ".join(parts) + (f"; Otherworldly Might aside: {might}" if might else "")


shown_in_panel(lambda name: name in (GEM, SPELL, MIGHT))


@table_panel
def _panel(view: Mapping[str, Any]) -> tuple[str, str] | None:
    n = view.get("nemesis") or {}
    if n.get("id") != PB:
        return None
    return ("Bone track", f"{_track_words(n.get('tokens') or {})}; spaces numbered "
            f"{', '.join(str(v) for v in TRACK)}")


event_text("bone_moved", lambda e: f"the {e['token']} steps to space {e['space'] + 1} of the Bone track "
           f"(number {e['value']})" + by_source(e))
event_text("bone_placed", lambda e: f"the Bone track's tokens are set: gem/relic on space {e['gem'] + 1}, spell on "
           f"space {e['spell'] + 1}" + by_source(e))

NEMESIS = NemesisDef(
    PB, PB, "LOG", life=80, difficulty=8, expedition_level=4,
    unleash=(("bone_gap_damage",), ("bone_move", "further", 1, 1, 0)),
    cards=tuple(c.name for c in CARDS),
    rules={
        "setup": (("bone_setup",),),
        "track": (("bone_track", TRACK), ("bone_gains",)),
        "exhaust": (("bone_exhaust", EXHAUST_GEMS),),
    },
    increased_difficulty={"cost": (("bone_expert", READINGS["expert_extra_cost"]),)},
)
