"""Paradox of Myth and Bone: two nemeses in one game (N-13), their two decks and two turn cards.

Myth and Bone are two nemeses, each with its own life dial, deck, discard pile and cards in
play, and each with its own nemesis turn order card (``NemesisDef.turn_order``: the cards
``N:Myth`` and ``N:Bone`` replace the two Nemesis cards). How the engine holds them:

* **Bone is the engine's nemesis** (the mat's "normal dial"): its life is ``nemesis.life``,
  its deck ``nemesis.deck``, its discard pile ``nemesis.discard``.
* **Myth's dial** is the nemesis token ``Myth life``; Myth's deck and discard pile are the
  special decks ``Myth deck`` and ``Myth discard``.
* **One table, two play areas.** Every card in play lies in ``nemesis.in_play``, and each
  belongs to the nemesis whose deck it came from (``HALF``, by name): the boards show them
  as two play areas, Myth's and Bone's, each beside its dial. A card of Myth's leaving play
  goes to Myth's discard pile (``left_play``).
* **The turns.** On Myth's card, Myth's powers and minions act and Myth draws; on Bone's
  card, Bone's minions act and Bone draws (trigger points ``nemesis_acting`` and
  ``nemesis_draw``). With increased difficulty (S-9) every minion of either acts on both
  turns; powers tick on Myth's turn only.
* **Damage** goes to the nemesis the player names: a damage choice offers ``nemesis``
  (Bone) and ``Myth`` beside the minions. Either at 0 life: the players win. With both decks
  empty and nothing in play, the players win too (G-1, ``board_clear``).
* **Unleash.** A card says whose Unleash it is (``half_unleash``). An Unleash that names
  neither (an effect of another box) is Myth's or Bone's as the players pick.
* A player may pay 3 Æ in their main phase to take a power token off a power in play, never
  its last one (Woeful Dirge lets its last one go too): the main action ``power_token_bought`` (``bought_tokens``).
* A player exhausted: the nemesis with less life gains 7 instead of the two Unleashes (E-6).

Readings decided here (the values in ``READINGS``; the mat text says so where it shows one):

* N-13's open questions: an exhausted player's Unleash is replaced by the mat, so no pick
  is needed; N-5's tier (shown on the boards) counts every card in play and Bone's discard
  pile (Myth's cards rise through the tiers in step with Bone's).
* An effect that hurts "the nemesis" without offering a choice of target hurts Bone, the
  engine's nemesis; damage split between targets offers Bone and the minions.
* A nemesis whose deck is empty draws nothing on its turn (no Unleash): the game goes on
  until both decks are empty and nothing is in play.
* "The nemesis with the lowest life": on a tie the players pick. "The oldest power in
  play": of either nemesis (only Myth has powers). Lives have no maximum (S-4), and the
  dials start at the mat's life plus the difficulty's change (S-9), plus 10 with one or two
  players.
* Baleful Siege strikes out the name of the nemesis with more life; on a tie, Myth's name
  (its reduction then guards Bone). Until the sentence has resolved both names stand.
* Fire tokens "on your location" are the game's fire tokens (K-8). Enrage (Campaign) is the
  campaign's printing: catalogued, never dealt in a single game.
* Gore with no power in Myth's discard pile puts nothing into play. Stoic Judgement's life
  may pass the minion's printed life, so this nemesis' minions have no life cap on load.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....boxapi import (
    MINION_LIFE_UNCAPPED,
    Ctx,
    Engine,
    InPlay,
    NemesisDef,
    State,
    base_name,
    catalogue,
    condition,
    copy_ref,
    event_text,
    op,
    play_area_of,
    printed_rule,
    rule,
    shown_in_panel,
    shuffle,
    standing,
    step,
    table_panel,
    trigger_source,
)
from ..basics import is_crossed
from . import bought_tokens
from .myth_and_bone_cards import ALL_CARDS as CARDS
from .myth_and_bone_cards import BONE as BONE
from .myth_and_bone_cards import HALF as HALF
from .myth_and_bone_cards import MYTH as MYTH
from .myth_and_bone_cards import PMB as PMB
from .myth_and_bone_cards import SIEGE as SIEGE
from .myth_and_bone_cards import unleash_of as _u

HALVES = (MYTH, BONE)
MYTH_LIFE = "Myth life"
MYTH_DECK, MYTH_DISCARD = "Myth deck", "Myth discard"
TURN_CARDS = tuple(f"N:{h}" for h in HALVES)

#: every value decided where the sources are silent (see the docstring)
READINGS: dict[str, Any] = {
    "tier_counts": "every card in play and Bone's discard pile",
    "untargeted_damage": BONE,
    "empty_deck_turn": "draws nothing",
    "lowest_life_tie": "the players pick",
    "oldest_power": "of either nemesis",
    "siege_tie_struck": MYTH,
    "gore_without_power": "nothing",
    "fire_location": "the game's fire tokens (K-8)",
    "small_team_extra_life": 10,
    "small_team": 2,
}
#: S-6 as the mat reads: cards of each tier (1, 2, 3) in each deck, by player count
DECK_COUNTS: dict[int, tuple[int, int, int]] = {1: (2, 3, 5), 2: (3, 4, 5), 3: (4, 5, 5), 4: (5, 5, 5)}
#: the mat's numbers
LIFE, EXHAUST_GAIN, UNTOKEN_COST = 40, 7, bought_tokens.COST
MYTH_UNLEASH_GAIN, BONE_UNLEASH_DAMAGE = 3, 2

MINION_LIFE_UNCAPPED.add(PMB)


def _expert(g: Engine) -> bool:
    return bool(g.state.config.get("expert"))


# ============================================================================ the two dials


def life(st: State, half: str) -> int:
    return int(st.nemesis.tokens.get(MYTH_LIFE, 0)) if half == MYTH else st.nemesis.life


def _gain(g: Engine, half: str, n: int, source: str) -> None:
    """Life above the dial's start: neither has a maximum (S-4)."""
    st = g.state
    if half == MYTH:
        st.nemesis.tokens[MYTH_LIFE] = life(st, MYTH) + n
    else:
        st.nemesis.life += n
    g.ev("half_life", nemesis=half, amount=n, life=life(st, half), source=source)


def _hurt_myth(g: Engine, amount: int, source: str) -> None:
    st = g.state
    amount = _reduced(g, MYTH, amount, source)
    st.nemesis.tokens[MYTH_LIFE] = max(0, life(st, MYTH) - amount)
    g.ev("nemesis_damage", amount=amount, source=source, life=life(st, MYTH), nemesis=MYTH)
    if life(st, MYTH) == 0:
        g.end("win", "nemesis_defeated")


def _reduced(g: Engine, half: str, amount: int, source: str) -> int:
    """Woeful Dirge and Primeval Huntress stop it; Baleful Siege takes 2 off a spell's."""
    for _, r in standing(g, "myth_bone_no_damage"):
        if half in r[1]:
            return 0
    card = catalogue.CARDS.get(base_name(source)) if source else None
    if card is not None and card.type == "spell":
        for _, r in standing(g, "siege_less"):
            if not is_crossed(g, SIEGE, 1 if half == BONE else 2):
                amount = max(0, amount - int(r[1]))
    return amount


@condition("bone_behind", lambda *, they=False: "Bone has less life than Myth")
def _bone_behind(g: Engine, ctx: Ctx) -> bool:
    return life(g.state, BONE) < life(g.state, MYTH)


@condition("on_nemesis_turn", lambda *, they=False: "it is the nemesis turn")
def _on_nemesis_turn(g: Engine, ctx: Ctx) -> bool:
    return g.state.active == -1


@condition("myth_ahead", lambda *, they=False: "Myth has more life than Bone")
def _myth_ahead(g: Engine, ctx: Ctx) -> bool:
    return life(g.state, MYTH) > life(g.state, BONE)


# ============================================================================ whose is what


def half_of(name: str) -> str:
    """The nemesis a card in play belongs to (by the deck it came from)."""
    return HALF.get(base_name(name), BONE)


def acting(st: State) -> str:
    """Whose nemesis turn it is (the last nemesis turn card drawn)."""
    for c in reversed(st.to_discard):
        if c in TURN_CARDS:
            return c[2:]
    return BONE


def myth_discard(st: State) -> list[str]:
    return st.nemesis.decks.setdefault(MYTH_DISCARD, [])


# ============================================================================ Unleash


def _unleash_text(half: str, times: int) -> str:
    return f"{half} Unleashes" + {1: "", 2: " twice", 3: " three times"}.get(times, f" {times} times") + "."


@step("half_unleash", text=lambda half, times: _unleash_text(half, times))
def _half_unleash(g: Engine, ctx: Ctx, half: str, times: int) -> None:
    for _ in range(times - 1):
        g.push("half_unleash_once", half)
    _half_unleash_once(g, half)


@op("half_unleash_once")
def _half_unleash_once(g: Engine, half: str) -> None:
    """N-4 for one of the two: the Unleash of its own (an Unleash as E-1 counts it)."""
    st = g.state
    st.unleash_depth += 1
    g.ev("unleash", nemesis=half)
    st.stack.append(("unleash_end",))
    g.run_steps(UNLEASHES[half], Ctx(-1, -1, f"{half}'s Unleash"))


@step("bone_unleash_hit", text=lambda n: (
        f"Gravehold or a player of your choice suffers {n} damage (1 more for each power in play that says so; "
        "Gravehold only while Otherworldly Magic is in play)."))
def _bone_unleash_hit(g: Engine, ctx: Ctx, n: int) -> None:
    amount = n + sum(int(r[1]) for _, r in standing(g, "bone_unleash_harder"))
    steps: list[tuple[Any, ...]] = [("gravehold_damage", amount)] if standing(g, "bone_unleash_at_gravehold") else \
        [("or", (("gravehold_damage", amount),), (("player", "any", (("suffer", amount),)),))]
    steps += [("lowest_nemesis_gains", int(r[1])) for _, r in standing(g, "bone_unleash_heals")]
    g.push_steps(tuple(steps), ctx)


@step("unleash_either", text=lambda: "Myth or Bone (the players pick) Unleashes.")
def _unleash_either(g: Engine, ctx: Ctx) -> None:
    g.push_steps((("or", *((("half_unleash", h, 1),) for h in HALVES)),), ctx)


# ============================================================================ life and tokens


@step("half_gains", text=lambda half, n: f"{half} gains {n} life.")
def _half_gains(g: Engine, ctx: Ctx, half: str, n: int) -> None:
    _gain(g, half, n, ctx.source)


@step("lowest_nemesis_gains", text=lambda n: f"Whichever of Myth and Bone has less life gains {n} life.")
def _lowest_nemesis_gains(g: Engine, ctx: Ctx, n: int) -> None:
    st = g.state
    m, b = life(st, MYTH), life(st, BONE)
    if m == b:  # N-6: the players pick
        g.push_steps((("or", *((("half_gains", h, n),) for h in HALVES)),), ctx)
    else:
        _gain(g, MYTH if m < b else BONE, n, ctx.source)


def _oldest_power(st: State) -> int:
    for k, c in enumerate(st.nemesis.in_play):
        if catalogue.NEMESIS_CARDS[base_name(c.name)].type == "power":
            return k
    return -1


@step("oldest_power_tokens", text=lambda n: f"The power longest in play takes {n} more power tokens." if n != 1 else
      "The power longest in play takes one more power token.")
def _oldest_power_tokens(g: Engine, ctx: Ctx, n: int) -> None:
    st = g.state
    k = _oldest_power(st)
    if k >= 0:
        c = st.nemesis.in_play[k]
        c.power += n
        g.ev("power_tokens_added", card=c.name, amount=n, power=c.power, source=ctx.source)


@step("myth_power_returns", text=lambda extra: (
        "Put the top power of Myth's discard pile into play without resolving its IMMEDIATELY effect"
        + (f"; while Bone's life is below Myth's, it takes {extra} more power token." if extra else ".")))
def _myth_power_returns(g: Engine, ctx: Ctx, extra: int) -> None:
    st = g.state
    pile = myth_discard(st)
    for idx in range(len(pile) - 1, -1, -1):
        card = catalogue.NEMESIS_CARDS[pile[idx]]
        if card.type == "power":
            del pile[idx]
            tokens = card.power_tokens + (extra if _bone_behind(g, ctx) else 0)
            st.nemesis.in_play.append(InPlay(card.name, power=tokens))
            g.ev("nemesis_card_in_play", card=card.name, life=0, power=tokens, source=ctx.source)
            return




@step("siege_strike", text=lambda: (
        "Strike out the name (Myth or Bone) of the nemesis with more life in this card's first line, then "
        "strike out this sentence."))
def _siege_strike(g: Engine, ctx: Ctx) -> None:
    from ..basics import cross

    if is_crossed(g, SIEGE, 3):
        return
    st = g.state
    m, b = life(st, MYTH), life(st, BONE)
    struck = BONE if b > m else MYTH if m > b else READINGS["siege_tie_struck"]
    cross(g, SIEGE, 1 if struck == BONE else 2)
    cross(g, SIEGE, 3)


# ============================================================================ standing rules

rule("bone_unleash_harder", text=lambda n: (
        f"While this is in play, a player or Gravehold suffering damage from Bone's Unleash suffers {n} more."))
rule("bone_unleash_at_gravehold", text=lambda: "While this is in play, Bone's Unleash must hurt Gravehold.")
rule("bone_unleash_heals", text=lambda n: (
        f"While this is in play, every Unleash of Bone's heals whichever nemesis has less life by {n}."))
rule("myth_bone_no_damage", text=lambda halves: (
        f"While this is in play, all damage dealt to {' or '.join(halves)} is reduced to 0."))
rule("siege_less", text=lambda n: (
        f"Spells deal {n} less damage to Bone or Myth, whichever name is not struck out."))
rule("stoic_growth", text=lambda n: (
        f"While this is in play, a minion whose PERSISTENT effect resolves gains {n} life, even above its "
        "starting life."))
rule("ritual_tick", text=lambda n: (
        f"When a power token leaves this on the nemesis turn, Myth gains {n} life."))
rule("threat_tick", text=lambda: (
        "When a power token leaves this on the nemesis turn, the PERSISTENT effect of each of Bone's minions "
        "in play resolves."))

# the mat's own rules (rendered on the mat)
rule("myth_bone_two", text=lambda life_, extra, few: (
        f"Myth and Bone are two nemeses, each with {life_} life ({extra} more each with {few} players or fewer), "
        "its own deck, discard pile and play area, and no maximum life. The Myth and Bone turn order cards take the "
        "place of the Nemesis cards. Damage goes to the one the player names; an effect on the nemesis that "
        "names no target hits Bone (the project's reading)."))
rule("myth_bone_turns", text=lambda: (
        "On Myth's turn Myth's powers and minions act, then Myth draws a card and it comes into play. On Bone's "
        "turn Bone's minions act, then Bone draws a card (a minion comes into play). A nemesis whose deck is "
        "empty draws nothing (the project's reading)."))
rule("myth_bone_win", text=lambda: (
        "The players win when Myth or Bone has no life left, or when both decks are empty and no card is in play."))
rule("myth_bone_exhaust", text=lambda n: (
        f"When a player is exhausted, whichever nemesis has less life gains {n} life in place of the two Unleashes."))
rule("myth_bone_expert", text=lambda: "The minions of both nemeses act on both nemesis turns.")


# ============================================================================ the mat's hooks

on = trigger_source("nemesis", PMB)


@on("setup")
def _setup(st: State) -> None:
    """S-6 as the mat says: two decks of their own cards, no basics; both dials set."""
    players = len(st.players)
    counts = DECK_COUNTS[players]
    n = st.nemesis
    decks: dict[str, list[str]] = {}
    for half in HALVES:
        deck: list[str] = []
        for tier, k in zip((1, 2, 3), counts, strict=True):
            pile = [c.name for c in CARDS if HALF[c.name] == half and c.tier == tier and not c.campaign]
            st.rng = shuffle(st.rng, pile)
            deck += pile[:k]
        decks[half] = deck
    extra = READINGS["small_team_extra_life"] if players <= READINGS["small_team"] else 0
    n.life = n.max_life = n.life + extra
    n.deck = decks[BONE]
    n.decks[MYTH_DECK] = decks[MYTH]
    n.decks[MYTH_DISCARD] = []
    n.tokens[MYTH_LIFE] = n.life


@on("nemesis_acting")
def _acting(g: Engine, names: tuple[str, ...]) -> tuple[str, ...]:
    half = acting(g.state)
    both = _expert(g)
    out = []
    for name in names:
        card = catalogue.NEMESIS_CARDS[base_name(name)]
        own = half_of(name) == half
        if (card.type == "power" and own) or (card.type == "minion" and (own or both)):
            out.append(name)
    return tuple(out)


@on("nemesis_draw")
def _draw(g: Engine) -> bool:
    """Myth draws from its own deck (its card is moved onto the drawing pile); an empty deck draws nothing."""
    st = g.state
    n = st.nemesis
    if acting(st) == MYTH:
        deck = n.decks.get(MYTH_DECK) or []
        if not deck:
            return True
        n.deck.insert(0, deck.pop(0))
        return False
    return not n.deck


@on("board_clear")
def _board_clear(g: Engine) -> bool:
    return not g.state.nemesis.decks.get(MYTH_DECK)


@on("left_play")
def _left_play(g: Engine, idx: int, name: str) -> None:
    """A card of Myth's goes to Myth's discard pile."""
    if half_of(name) == MYTH:
        n = g.state.nemesis
        for k in range(len(n.discard) - 1, -1, -1):
            if n.discard[k] == name:
                del n.discard[k]
                break
        myth_discard(g.state).append(name)


@on("end_of_turn")
def _sort_discards(g: Engine) -> None:
    """A card of Myth's cancelled as it was drawn lies in the engine's discard: it is Myth's."""
    n = g.state.nemesis
    strays = [c for c in n.discard if half_of(c) == MYTH]
    if strays:
        n.discard = [c for c in n.discard if half_of(c) != MYTH]
        myth_discard(g.state).extend(strays)


@on("targets")
def _targets(g: Engine, you: int, targets: list[str]) -> list[str]:
    return [*targets, MYTH] if MYTH not in targets else targets


@on("damage_target")
def _damage_target(g: Engine, you: int, target: str, amount: int, source: str) -> bool:
    if target != MYTH:
        return False
    _hurt_myth(g, amount, source)
    return True


@on("nemesis_damage")
def _bone_damage(g: Engine, amount: int, source: str) -> int:
    return _reduced(g, BONE, amount, source)


@on("exhaust")
def _exhaust(g: Engine, i: int) -> bool:
    """E-6: the nemesis with less life gains 7 instead of the two Unleashes."""
    g.push("s", -1, -1, PMB, ("lowest_nemesis_gains", EXHAUST_GAIN))
    return True


@on("power_tick")
def _power_tick(g: Engine, ref: str) -> None:
    st = g.state
    if st.active != -1:
        return
    r = printed_rule(ref, "ritual_tick")
    if r is not None:
        _gain(g, MYTH, int(r[1]), ref)
    if printed_rule(ref, "threat_tick") is not None:
        in_play = st.nemesis.in_play
        steps = []
        for k, c in enumerate(in_play):
            card = catalogue.NEMESIS_CARDS[base_name(c.name)]
            if card.type == "minion" and half_of(c.name) == BONE:
                steps.append((copy_ref(in_play, k), card.persistent))
        for src, persistent in reversed(steps):
            g.push_steps(persistent, Ctx(-1, -1, src))


@on("persistent")
def _persistent(g: Engine, ref: str) -> None:
    grow = sum(int(r[1]) for _, r in standing(g, "stoic_growth"))
    if grow:
        g.push_steps((("minion_grows", grow),), Ctx(-1, -1, ref))


event_text("half_life", lambda e: f"{e['nemesis']} gains {e['amount']} life ({e['life']})")
event_text("power_tokens_added", lambda e: f"{e['card']} takes {e['amount']} power tokens ({e['power']})")


# ============================================================================ the boards

shown_in_panel(lambda name: name in (MYTH_LIFE, MYTH_DECK, MYTH_DISCARD))


@play_area_of
def _play_area(nemesis: str, name: str) -> str | None:
    """Each card in play lies in the play area of the nemesis whose deck it came from."""
    return half_of(name) if nemesis == PMB else None


def _area(view: Mapping[str, Any], half: str) -> str:
    cards = [c for c in view.get("in_play") or () if half_of(str(c.get("name", ""))) == half]
    if not cards:
        return "nothing in play"
    return "in play: " + ", ".join(
        f"{c['name']} ({c['life']} life)" if c.get("life") else f"{c['name']} ({c.get('power', 0)} power)"
        for c in cards)


@table_panel
def _myth_panel(view: Mapping[str, Any]) -> tuple[str, str] | None:
    n = view.get("nemesis") or {}
    if n.get("id") != PMB:
        return None
    decks = n.get("decks") or {}
    tokens = n.get("tokens") or {}
    return (MYTH, f"life {tokens.get(MYTH_LIFE, 0)} · deck {len(decks.get(MYTH_DECK, ()))} · discard "
            f"{len(decks.get(MYTH_DISCARD, ()))} · {_area(n, MYTH)}")


@table_panel
def _bone_panel(view: Mapping[str, Any]) -> tuple[str, str] | None:
    n = view.get("nemesis") or {}
    if n.get("id") != PMB:
        return None
    return (BONE, f"life {n.get('life', 0)} (the nemesis dial) · deck {n.get('deck_size', 0)} · "
            f"discard {len(n.get('discard', ()))} · {_area(n, BONE)}")



UNLEASHES: dict[str, tuple[tuple[Any, ...], ...]] = {
    MYTH: (("if", "myth_ahead", (("half_gains", BONE, MYTH_UNLEASH_GAIN),), (_u(BONE),)),),
    BONE: (("bone_unleash_hit", BONE_UNLEASH_DAMAGE),),
}

# ============================================================================ the mat

NEMESIS = NemesisDef(
    PMB, PMB, "LOG", life=LIFE, difficulty=5, expedition_level=3,
    unleash=(("unleash_either",),),
    cards=tuple(c.name for c in CARDS if not c.campaign),
    deck_shape=(10, 10, 10),
    no_max_life=True,
    turn_order=(MYTH, BONE),
    deck_holds={MYTH_DECK: "nemesis", MYTH_DISCARD: "nemesis"},
    deck_faces={MYTH_DISCARD: "up"},
    rules={
        "setup": (("myth_bone_two", LIFE, READINGS["small_team_extra_life"], READINGS["small_team"]),),
        "turns": (("myth_bone_turns",), ("power_tokens_bought", UNTOKEN_COST), ("myth_bone_win",)),
        "exhaust": (("myth_bone_exhaust", EXHAUST_GAIN),),
    },
    increased_difficulty={"turns": (("myth_bone_expert",),)},
)
