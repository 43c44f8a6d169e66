"""Rust Superion: its mat (the syphon deck and its discard pile, syphons sitting on breaches),
its five syphons and its nine cards, and the step kinds and rules only it uses.

**Syphons** are tier-0 minions of the face-down special deck ``decks["syphon"]`` (2 life
each). Each one in play sits on one opened breach of one player, and a breach holds one
syphon at most. Where a syphon sits is the nemesis token ``"syphon <seat>.<breach>"`` whose
value is the syphon's place among the syphons in ``state.nemesis.in_play`` (1 = the oldest
syphon in play; other cards in play do not count, so a power or minion leaving play by any
means moves nothing); when a syphon leaves play (the engine's ``left_play`` point) its token
is dropped and the tokens of newer syphons move up with their cards.

**Unleash** draws the top syphon and the players place it on an opened breach, of any
player, that holds no syphon (``place_syphons``). With no such breach the syphon goes to the
syphon discard pile (``decks["syphon_discard"]``) and Gravehold suffers 2. With the deck
empty the discard pile is shuffled into a new deck; with both empty the players lose.

A syphon acts at the start of the turn of the player whose breach it sits on (the
``turn_start`` point, breach I first), except the Engulfing Syphon, which takes 2 off every
damage source of a spell cast from its breach (the ``damage_dealt`` point). A syphon that
dies, like any syphon leaving play, goes to the syphon discard pile. A breach holding a
syphon that is destroyed sends the syphon to that pile and Gravehold suffers 2: the check
runs right after an exhausted player destroys a breach (E-1), and again at the end of every
turn for a breach destroyed by anything else.

Readings decided here (one table, ``READINGS``):

* ``deck_shape``: the nemesis deck is 3/3/3. The box holds nine of its own cards; the issue's
  3/4/3 counts Phlayl twice: the campaign printing (whose first line sends the reader to a
  story card) and the plain printing of the final box. Only the plain one is encoded.
* ``placement``: the players pick the breach (any player's opened breach without a syphon);
  with one such breach the syphon goes there.
* ``syphon_life``: every syphon has 2 life (one transcription gives it; the others none); on
  increased difficulty it enters with 3.
* ``two_syphons``: "draw two syphons and place them" (Oxidized Arsenal, Salvage) places each
  on a different breach, one after the other, as two Unleashes would but without the name.
* ``turn_start``: a syphon's start-of-turn effect resolves before its player's casting
  phase, one syphon at a time in breach order; a syphon gone by then does nothing.
* ``draining``: the player loses 2 charges or Gravehold suffers 2; a player with fewer than 2
  charges cannot pick the charges.
* ``engulfing``: each damage source of a spell cast from that breach deals 2 less, never
  below 0, while the syphon is still there when the damage is dealt.
* ``breach_destroyed``: checked after E-1's breach is destroyed, and at the end of each turn.
* ``assimilate``: the players pick one spell prepped to any breach holding a syphon; its
  owner suffers 2. With no such spell nothing happens.
* ``phlayl_ties``: ties for the most breaches holding syphons (all players at 0 included)
  are the players' choice (N-6).
* ``collective``: Scavenge's damage is taken one point at a time, the players picking who
  suffers each point; the total is counted once, as the step begins.
* ``siege``: "each player suffers damage equal to the syphons on their breaches" is each
  player suffering their own count (nothing for a player with none).
* ``minions``: syphons are minions for everything else (damage targets, the G-1 check that
  the nemesis board is clear, effects on every minion).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....boxapi import (
    BREACH_NAMES,
    Action,
    Ctx,
    Engine,
    InPlay,
    NemesisCardDef,
    NemesisDef,
    Steps,
    amount,
    amount_text,
    ask_step,
    by_source,
    chooser,
    condition,
    copy_ref,
    counter,
    event_text,
    gravehold_damage,
    op,
    per,
    pick,
    player_damage,
    remove_prepped,
    rule,
    seat,
    shown_in_panel,
    special_top,
    step,
    table_panel,
    trigger_source,
    who_does,
)
from ....boxapi import catalogue as content

RS = "Rust Superion"
DECK = "syphon"
DISCARD = "syphon_discard"
DRAWN = "syphon_drawn"  # a syphon drawn, face up, until the players have picked its breach
PREFIX = "syphon "  # nemesis token "syphon <seat>.<breach>": the syphon's place among syphons in play (1: oldest)
DRAINING, RAVAGING, WARPING = "Draining Syphon", "Ravaging Syphon", "Warping Syphon"
RAMPAGING, ENGULFING = "Rampaging Syphon", "Engulfing Syphon"
LOST_BREACH_DAMAGE = 2  # a syphon discarded for want of a breach, or losing its breach
ENGULF = 2  # what the Engulfing Syphon takes off each damage source

READINGS: dict[str, Any] = {
    "deck_shape": (3, 3, 3),
    "placement": "the players pick any player's opened breach without a syphon; a lone one is taken",
    "syphon_life": 2,
    "expert_extra_life": 1,
    "two_syphons": "each on a different breach, one after the other",
    "turn_start": "before the casting phase, breach I first; a syphon gone by then does nothing",
    "draining": "lose 2 charges (only with 2 or more) or Gravehold suffers 2",
    "engulfing": "each damage source of a spell cast from that breach deals 2 less, never below 0",
    "breach_destroyed": "checked after E-1's breach destruction and at the end of every turn",
    "assimilate": "the players pick a spell on a breach with a syphon; nothing without one",
    "phlayl_ties": "players' choice among the tied, everyone at 0 included",
    "collective": "one point at a time, the players picking; the total is counted as the step begins",
    "siege": "each player suffers their own count; nothing for a player with none",
    "minions": "syphons are minions for every other rule",
}
SYPHON_LIFE = int(READINGS["syphon_life"])
EXPERT_LIFE = int(READINGS["expert_extra_life"])


def key(j: int, b: int) -> str:
    return f"{PREFIX}{j}.{b}"


def is_syphon(name: str) -> bool:
    c = content.NEMESIS_CARDS.get(name)
    return c is not None and c.deck == DECK


def placements(g: Engine) -> dict[tuple[int, int], int]:
    """Every syphon in play by (seat, breach): its index in ``in_play``."""
    n = g.state.nemesis
    at = [k for k, c in enumerate(n.in_play) if is_syphon(c.name)]
    out: dict[tuple[int, int], int] = {}
    for k, v in n.tokens.items():
        if k.startswith(PREFIX) and 0 < v <= len(at):
            j, _, b = k[len(PREFIX):].partition(".")
            out[(int(j), int(b))] = at[v - 1]
    return out


def free_breaches(g: Engine) -> list[tuple[int, int]]:
    """Every opened breach, of any player, without a syphon on it."""
    taken = placements(g)
    return [(j, b) for j, p in enumerate(g.state.players) for b, br in enumerate(p.breaches)
            if br.state == "open" and (j, b) not in taken]


def syphons_of(g: Engine, j: int) -> int:
    return sum(1 for (s, _) in placements(g) if s == j)


# ============================================================================ the syphon deck


def draw_syphon(g: Engine, source: str) -> str | None:
    """The top syphon; an empty deck is first rebuilt from the discard pile, and with both
    empty the players lose (None)."""
    name, shuffled = special_top(g.state, DECK, DISCARD)
    if name is None:
        g.ev("syphon_deck_empty", source=source)
        g.end("loss", "nemesis_rule")
    elif shuffled:
        g.ev("syphons_reshuffled", amount=shuffled, source=source)
    return name


def to_discard(g: Engine, name: str) -> None:
    g.state.nemesis.decks.setdefault(DISCARD, []).append(name)


@step("place_syphons", text=lambda n: (
        ("Draw a syphon and place it" if n == 1 else f"Draw {n} syphons and place each")
        + " on an opened breach without a syphon on it (any player's; the players pick)."))
def _place_syphons(g: Engine, ctx: Ctx, n: int) -> None:
    g.push("syphon_draw", n, ctx.source)


@op("syphon_draw")
def _syphon_draw(g: Engine, n: int, source: str) -> None:
    if n <= 0:
        return
    name = draw_syphon(g, source)
    if name is None:
        return
    g.state.nemesis.decks.setdefault(DRAWN, []).append(name)  # face up while the players pick
    if n > 1:
        g.push("syphon_draw", n - 1, source)
    g.push("syphon_place", name, source)


@op("syphon_place")
def _syphon_place(g: Engine, name: str, source: str, action: Action | None = None) -> None:
    free = free_breaches(g)
    drawn = g.state.nemesis.decks.get(DRAWN) or []
    if not free:
        if name in drawn:
            drawn.remove(name)
        to_discard(g, name)
        g.ev("syphon_unplaced", card=name, source=source)
        gravehold_damage(g, LOST_BREACH_DAMAGE, name)
        return
    if action is None and len(free) > 1:
        g.ask("breach", g.team(), source, f"Place {name} on which opened breach?",
              [("breach", j, b) for j, b in free], ("syphon_place", name, source))
        return
    j, b = (int(action[1]), int(action[2])) if action is not None else free[0]
    if name in drawn:
        drawn.remove(name)
    n = g.state.nemesis
    life = SYPHON_LIFE + (EXPERT_LIFE if g.expert() else 0)
    n.in_play.append(InPlay(name, life=life))
    n.tokens[key(j, b)] = sum(1 for c in n.in_play if is_syphon(c.name))
    g.ev("nemesis_card_in_play", card=name, life=life, source=source)
    g.ev("syphon_placed", card=name, player=j, breach=b, source=source)


@step("to_syphon_discard", text=lambda: "It goes to the syphon discard pile.")
def _to_syphon_discard(g: Engine, ctx: Ctx) -> None:
    n = g.state.nemesis
    name = ctx.source
    if name in n.discard:
        del n.discard[len(n.discard) - 1 - n.discard[::-1].index(name)]
        to_discard(g, name)
        g.ev("syphon_discarded", card=name)


on = trigger_source("nemesis", RS)


@on("left_play")
def _left_play(g: Engine, idx: int, name: str) -> None:
    """A syphon left play from ``in_play[idx]``: its token goes, newer syphons' move up."""
    if not is_syphon(name):
        return
    n = g.state.nemesis
    place = sum(1 for c in n.in_play[:idx] if is_syphon(c.name)) + 1
    t = n.tokens
    for k in [k for k in t if k.startswith(PREFIX)]:
        if t[k] == place:
            del t[k]
        elif t[k] > place:
            t[k] -= 1


@op("syphon_breach_check")
def _syphon_breach_check(g: Engine) -> None:
    """A syphon whose breach is destroyed goes to the syphon discard pile; Gravehold suffers 2."""
    st = g.state
    for (j, b), idx in sorted(placements(g).items(), key=lambda kv: -kv[1]):
        if st.over:
            return
        if st.players[j].breaches[b].state != "destroyed":
            continue
        name = st.nemesis.in_play[idx].name
        del st.nemesis.in_play[idx]
        _left_play(g, idx, name)
        to_discard(g, name)
        g.ev("syphon_breach_lost", card=name, player=j, breach=b)
        gravehold_damage(g, LOST_BREACH_DAMAGE, name)


@on("exhaust")
def _exhaust(g: Engine, i: int) -> bool:
    """E-1: the check runs right after the breach the exhausted player destroys (the frame
    goes under the engine's ``exhaust_breach``, which is on top of the stack now)."""
    stack = g.state.stack
    at = len(stack) - 1 if stack and stack[-1][0] == "exhaust_breach" else len(stack)
    stack.insert(at, ("syphon_breach_check",))
    return False


@on("end_of_turn")
def _end_of_turn(g: Engine) -> None:
    if any(g.state.players[j].breaches[b].state == "destroyed" for j, b in placements(g)):
        g.push("syphon_breach_check")


@on("turn_start")
def _turn_start(g: Engine, i: int) -> None:
    mine = sorted(b for (j, b) in placements(g) if j == i)
    for b in reversed(mine):
        g.push("syphon_start", i, b)


@op("syphon_start")
def _syphon_start(g: Engine, i: int, b: int) -> None:
    idx = placements(g).get((i, b))
    if idx is None:
        return
    ip = g.state.nemesis.in_play
    name = ip[idx].name
    steps = TURN_STEPS.get(name, ())
    if steps:
        ref = copy_ref(ip, idx)
        g.ev("syphon_acts", card=ref, player=i, breach=b)
        g.push_steps(steps, Ctx(i, i, ref))


@on("damage_dealt")
def _damage_dealt(g: Engine, you: int, target: str, n: int, source: str) -> int:
    """The Engulfing Syphon: a spell cast from its breach deals 2 less with each source."""
    st = g.state
    if not st.cast_bonus:
        return n
    card = content.CARDS.get(source)
    where = st.flags.get("cast_from")
    if card is None or card.type != "spell" or not isinstance(where, tuple | list) or len(where) != 2:
        return n
    idx = placements(g).get((int(where[0]), int(where[1])))
    if idx is None or st.nemesis.in_play[idx].name != ENGULFING:
        return n
    less = min(n, ENGULF)
    if less:
        g.ev("syphon_engulfs", card=ENGULFING, amount=less, source=source)
    return n - less


# ============================================================================ counts and steps


@counter("syphons_in_play", "per syphon in play")
def _syphons_in_play(g: Engine, ctx: Ctx) -> int:
    return len(placements(g))


@condition("syphons_at_least", lambda n, *, they=False: f"there are {n} or more syphons in play")
def _syphons_at_least(g: Engine, ctx: Ctx, n: int) -> bool:
    return len(placements(g)) >= n


@condition("free_breaches_at_least", lambda n, *, they=False: (
        f"there are {n} or more opened breaches without a syphon on them"))
def _free_breaches_at_least(g: Engine, ctx: Ctx, n: int) -> bool:
    return len(free_breaches(g)) >= n


@step("syphon_spell_toll", text=lambda n: (
        "The players pick one spell lying on a breach that holds a syphon: its owner discards it and "
        f"suffers {n} damage."))
def _syphon_spell_toll(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("spell", j, b, k) for (j, b) in sorted(placements(g))
                              for k in range(len(g.state.players[j].breaches[b].spells))]
        if opts:
            ask_step(g, ctx, ("syphon_spell_toll", n), "spell", chooser(g, ctx),
                     "Which spell on a breach holding a syphon is discarded?", opts)
        return
    j, b, k = int(action[1]), int(action[2]), int(action[3])
    remove_prepped(g, j, b, k, destroy=False, source=ctx.source)
    player_damage(g, j, n, ctx.source)


@step("most_syphons_player", text=lambda steps: who_does(
        "The player with the most breaches holding syphons (ties: the players pick)", steps))
def _most_syphons_player(g: Engine, ctx: Ctx, steps: Steps, action: Action | None = None) -> None:
    if action is None:
        counts = [syphons_of(g, j) for j in range(len(g.state.players))]
        top = max(counts)
        opts: list[Action] = [("player", j) for j, c in enumerate(counts) if c == top]
        ask_step(g, ctx, ("most_syphons_player", steps), "player", chooser(g, ctx),
                 "Which player with the most breaches holding syphons is affected?", opts)
        return
    j = int(action[1])
    g.run_steps(steps, Ctx(j, j, ctx.source))


@step("syphon_owners_suffer", text=lambda: (
        "Each player suffers 1 damage for each syphon on their breaches."))
def _syphon_owners_suffer(g: Engine, ctx: Ctx) -> None:
    for j in range(len(g.state.players)):
        k = syphons_of(g, j)
        if k and not g.state.over:
            player_damage(g, j, k, ctx.source)


@step("collective_suffer", text=lambda n: (
        f"Between them, the players suffer {amount_text(n, 'damage')} (the players pick who takes each point)."))
def _collective_suffer(g: Engine, ctx: Ctx, n: Any, action: Action | None = None) -> None:
    """The total is counted once; each pick is one damage to one player of the players' choice."""
    if type(n) is not int:
        n = amount(g, ctx, n)
    if n <= 0:
        return
    if action is None:
        opts: list[Action] = [("player", j) for j in range(len(g.state.players))]
        ask_step(g, ctx, ("collective_suffer", n), "player", chooser(g, ctx),
                 f"Who suffers the next damage? ({n} to go)", opts)
        return
    if n > 1:
        g.push_steps((("collective_suffer", n - 1),), ctx)
    player_damage(g, int(action[1]), 1, ctx.source)


@step("charges_or_gravehold", text=lambda n, dmg, *, they=False: (
        f"{'loses' if they else 'Lose'} {n} charges, or else Gravehold suffers {dmg} damage "
        f"({'their' if they else 'your'} choice; with fewer than {n} charges, Gravehold suffers)."))
def _charges_or_gravehold(g: Engine, ctx: Ctx, n: int, dmg: int, action: Action | None = None) -> None:
    """P-7: only a player holding n charges may pay them; the player picks."""
    p = g.state.players[ctx.you]
    if action is None and p.charges >= n:
        ask_step(g, ctx, ("charges_or_gravehold", n, dmg), "or", ctx.you,
                 f"Lose {n} charges (choose 0), or Gravehold suffers {dmg} damage (choose 1)?",
                 [("choose", 0), ("choose", 1)])
        return
    if action is not None and int(action[1]) == 0:
        p.charges -= n
        g.ev("charges_lost", player=ctx.you, amount=n, source=ctx.source)
        return
    gravehold_damage(g, dmg, ctx.source)


# ============================================================================ the syphons


def _syphon_text(steps: Steps) -> str:
    return who_does("A syphon sitting on a player's breach. At the start of each turn of the player whose breach "
                    "it sits on, that player", steps)


rule("syphon_turn", text=_syphon_text)
rule("syphon_engulf", text=lambda n: (
        f"A syphon sitting on a player's breach. Each damage source of a spell cast from that breach deals "
        f"{n} less damage (never below 0)."))


def _card(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "LOG", nemesis=RS, **kw)


#: each syphon's start-of-turn steps, resolved by the player whose breach it sits on
TURN_STEPS: dict[str, Steps] = {
    DRAINING: (("charges_or_gravehold", 2, 2),),
    RAVAGING: (("suffer", 2),),
    RAMPAGING: (pick("discard", 1, "prepped"),),
    WARPING: (("suffer", 1), pick("discard", 1)),
}
#: copies of each syphon in the syphon deck
COPIES: dict[str, int] = {DRAINING: 4, RAVAGING: 3, WARPING: 3, RAMPAGING: 3, ENGULFING: 3}


def _syphon(name: str) -> NemesisCardDef:
    passive = (("syphon_engulf", ENGULF),) if name == ENGULFING else (("syphon_turn", TURN_STEPS[name]),)
    return _card(name, "minion", 0, life=SYPHON_LIFE, deck=DECK, passive=passive,
                 discarded=(("to_syphon_discard",),))


SYPHONS = tuple(_syphon(name) for name in COPIES)

# ============================================================================ cards

ASSIMILATE = _card("Assimilate", "attack", 1,
                   effect=(("unleash", 1), ("syphon_spell_toll", 2)))
OXIDIZED_ARSENAL = _card("Oxidized Arsenal", "power", 1, power_tokens=2, power=(("place_syphons", 2),))
MACHINES_OF_WAR = _card("Machines of War", "power", 1, power_tokens=2, to_discard=(("spend_aether", 6),),
                        power=(("unleash", 1), ("gravehold_damage", per("syphons_in_play", 1, plus=1))))

PHLAYL = _card("Phlayl", "minion", 2, life=7, shields=2,
               persistent=(("most_syphons_player", (("suffer", 2),)),))
SALVAGE = _card("Salvage", "attack", 2, effect=(
    ("place_syphons", 2),
    ("if", ("free_breaches_at_least", 2), (("player", "any", (("suffer", 3),)),), ())))
SIEGE_MACHINES = _card("Siege Machines", "power", 2, power_tokens=2, to_discard=(("spend_aether", 7),),
                       power=(("if", ("syphons_at_least", 3), (("syphon_owners_suffer",),), (("unleash", 3),)),))

GARGANT = _card("Gargant", "minion", 3, life=10, shields=3,
                persistent=(("if", ("free_breaches_at_least", 2), (("unleash", 2),), (("gravehold_damage", 4),)),))
SCAVENGE = _card("Scavenge", "attack", 3,
                 effect=(("unleash", 2), ("collective_suffer", per("syphons_in_play"))))
MINDLESS_ARMY = _card("Mindless Army", "power", 3, power_tokens=2, power=(
    ("if", ("free_breaches_at_least", 3), (("unleash", 3),), (("gravehold_damage", 5),)),))

DECK_CARDS = (ASSIMILATE, OXIDIZED_ARSENAL, MACHINES_OF_WAR, PHLAYL, SALVAGE, SIEGE_MACHINES,
              GARGANT, SCAVENGE, MINDLESS_ARMY)

# ============================================================================ the mat

rule("superion_setup", text=lambda life: (
        f"Setup: shuffle every syphon face down into the syphon deck. Each syphon has {life} life (the project's "
        "reading: one transcription prints it)."))
rule("superion_syphons", text=lambda dmg: (
        "A syphon that leaves play goes to the syphon discard pile. A syphon drawn while every opened breach "
        f"already holds one goes there too, and Gravehold suffers {dmg} damage; so does Gravehold when a breach "
        "holding a syphon is destroyed (the syphon goes to that pile)."))
rule("superion_deck", text=lambda: (
        "When a syphon must be drawn from an empty syphon deck, shuffle the syphon discard pile into a new "
        "deck; if that pile is empty too, the players lose."))
rule("superion_expert", text=lambda n: f"Every syphon enters play with {n} more life.")

shown_in_panel(lambda name: name.startswith(PREFIX) or name in (DECK, DISCARD, DRAWN))


@table_panel
def _panel(view: Mapping[str, Any]) -> tuple[str, str] | None:
    n = view.get("nemesis") or {}
    if n.get("id") != RS:
        return None
    decks = n.get("decks") or {}
    syphons = [c["name"] for c in n.get("in_play") or [] if is_syphon(str(c["name"]))]
    where = []
    for k, v in sorted((n.get("tokens") or {}).items()):
        if k.startswith(PREFIX) and 0 < int(v) <= len(syphons):
            j, _, b = k[len(PREFIX):].partition(".")
            where.append(f"{syphons[int(v) - 1]} on P{int(j) + 1}'s breach {BREACH_NAMES[int(b)]}")
    text = f"deck {len(decks.get(DECK, ()))}, discard {len(decks.get(DISCARD, ()))}"
    if decks.get(DRAWN):
        text += f"; drawn: {', '.join(decks[DRAWN])}"
    return ("Syphons", text + ("; " + "; ".join(where) if where else ""))


NEMESIS = NemesisDef(
    RS, RS, "LOG", life=50, difficulty=5, expedition_level=2,
    unleash=(("place_syphons", 1),),
    cards=tuple(c.name for c in DECK_CARDS),
    special_decks={DECK: tuple(name for name, copies in COPIES.items() for _ in range(copies))},
    deck_holds={DISCARD: DECK, DRAWN: DECK},
    deck_faces={DRAWN: "up", DISCARD: "up"},
    rules={"setup": (("superion_setup", SYPHON_LIFE),),
           "syphons": (("superion_syphons", LOST_BREACH_DAMAGE), ("superion_deck",))},
    increased_difficulty={"syphons": (("superion_expert", EXPERT_LIFE),)},
    deck_shape=READINGS["deck_shape"],
)

# ============================================================================ log lines


def _at(e: Mapping[str, Any]) -> str:
    return f"{seat(e['player'])}'s breach {BREACH_NAMES[int(e['breach'])]}"


event_text("syphon_placed", lambda e: f"{e['card']} is placed on {_at(e)}" + by_source(e))
event_text("syphon_unplaced", lambda e: f"{e['card']} finds no free opened breach: it is discarded"
           + by_source(e))
event_text("syphon_discarded", lambda e: f"{e['card']} goes to the syphon discard pile")
event_text("syphon_breach_lost", lambda e: f"{_at(e)} is destroyed: {e['card']} goes to the syphon discard pile")
event_text("syphon_acts", lambda e: f"{e['card']} on {_at(e)} acts")
event_text("syphon_engulfs", lambda e: f"{e['card']} takes {e['amount']} off the damage" + by_source(e))
event_text("syphons_reshuffled", lambda e: f"the syphon discard pile ({e['amount']}) becomes the syphon deck"
           + by_source(e))
event_text("syphon_deck_empty", lambda e: "no syphon is left to draw" + by_source(e))

#: every card of the nemesis, its syphons too (the box gathers them)
CARDS = (*DECK_CARDS, *SYPHONS)
