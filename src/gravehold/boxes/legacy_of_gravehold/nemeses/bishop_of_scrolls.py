"""Bishop of Scrolls: its mat (the unnamed deck and its discard pile, the cards under the mat),
its seven unnamed, its nine cards and the step kinds only it uses.

**The unnamed** are tier-0 minions of the special deck ``decks["unnamed"]`` (face down, K-17).
The mat's Unleash draws the top one and puts it into play (``unnamed_unleash``); when the deck
is empty the unnamed discard pile (``decks["unnamed discard"]``) is shuffled to form a new one;
when both are empty, every unnamed in play resolves its PERSISTENT effect instead. A defeated
or discarded unnamed goes to that discard pile (its ``discarded`` step). Each unnamed's
PERSISTENT effect (``unnamed_persistent``) gives the nemesis as many nemesis tokens
(``tokens["nemesis"]``) as the nemesis tier (N-5); at 8 tokens or more the players put one
unnamed in play under the mat (``decks["under the mat"]``, out of this game) and the nemesis
loses 8 tokens. When no unnamed is left in play, in the deck or in its discard pile, the
players lose. The nine cards mostly Unleash and make the unnamed resolve their effect again
(``unnamed_resolve``); two of them choose by how many unnamed are in play (the conditions
``unnamed_at_most`` / ``unnamed_at_least``).

Readings decided here (one table, ``READINGS``):

* ``single_game_deck``: outside the campaign nothing lies under the mat between games, so the
  unnamed deck is the seven unnamed of the end-of-campaign printing, shuffled; the nine
  campaign printings (the ones the players name during the campaign) are catalogued with
  ``campaign=True`` and never dealt in a single game.
* ``shields``: the source giving life and shields says four of the seven carry 1 shield
  without saying which; the engine gives it to the four whose campaign printings carry one
  (Beast, Follower, Phantom, Shadow); every unnamed has 3 life.
* ``which_unnamed``: every unnamed of a single game prints the same PERSISTENT effect, so "the
  PERSISTENT effect of an unnamed" needs no choice: it is that effect, resolved while at least
  one unnamed is in play. "Of two unnamed ... twice" resolves it twice for each of two
  unnamed (four times), or for as many unnamed as are in play when fewer.
* ``fresh_unnamed``: an unnamed put into play during a main phase does not act in it by itself
  (N-11); another card's effect that resolves "the PERSISTENT effect of an unnamed" may
  still resolve it.
* ``under_mat``: the players pick which unnamed goes under the mat; in a single game the
  cards under the mat stay out of the game, and the mat's end-of-game rules about them (how
  many are kept, sealing them away) belong to the campaign only.
* ``loss_check``: the players lose when an unnamed going under the mat leaves none in play,
  in the deck or in the discard pile (nothing else can take the last one away).
* ``tier``: the nemesis tier is the engine's N-5 tier (in play and in the nemesis discard pile,
  at least 1); a card still resolving, not yet in either, does not count.
* ``scribe``: Fevered Scribe's damage to itself lowers the life it enters play with (N-12).
* ``expert``: on increased difficulty each unnamed enters play with 5 life (its 3 and 2
  more), which is also its cap (N-10).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....boxapi import (
    ENTRY_LIFE,
    ENTRY_LIFE_FLAG,
    Action,
    Ctx,
    Engine,
    InPlay,
    NemesisCardDef,
    NemesisDef,
    State,
    ask_step,
    by_source,
    chooser,
    condition,
    event_text,
    op,
    pick,
    rule,
    shown_in_panel,
    shuffle,
    special_top,
    step,
    table_panel,
    trigger_source,
)
from ....boxapi import catalogue as content

BS = "Bishop of Scrolls"
DECK = "unnamed"
DISCARD = "unnamed discard"
UNDER = "under the mat"
TOKEN = "nemesis"
#: tokens at which an unnamed goes under the mat, and how many the nemesis then loses
THRESHOLD = 8
UNNAMED_LIFE = 3
EXPERT_LIFE = 2
#: the seven unnamed of a single game, and their shields (reading ``shields``)
UNNAMED: dict[str, int] = {
    "Unnamed (Beast)": 1, "Unnamed (Fusion)": 0, "Unnamed (Phantom)": 1, "Unnamed (Follower)": 1,
    "Unnamed (Shadow)": 1, "Unnamed (Soldier)": 0, "Unnamed (Lurker)": 0,
}
#: the campaign printings: (art name, shield), never dealt in a single game
CAMPAIGN_UNNAMED: dict[str, int] = {
    "Hunter": 0, "Watcher": 0, "Lurker": 0, "Soldier": 0, "Shadow": 1, "Follower": 1, "Phantom": 1,
    "Fusion": 0, "Beast": 1,
}

READINGS: dict[str, Any] = {
    "single_game_deck": "the seven end-of-campaign unnamed, shuffled; the campaign printings are never dealt",
    "shields": {name: s for name, s in UNNAMED.items() if s},
    "unnamed_life": UNNAMED_LIFE,
    "which_unnamed": "all share one PERSISTENT effect: no choice; 'two unnamed' = as many as are in play, up to two",
    "fresh_unnamed": "it skips its own action this main phase; other cards' effects may still resolve it",
    "under_mat": "the players pick the unnamed; under the mat it is out of this game",
    "loss_check": "checked when an unnamed goes under the mat",
    "tier": "N-5: cards in play and in the nemesis discard pile, at least 1; a resolving card not yet",
    "scribe": "the damage lowers the life it enters play with",
    "expert_life": UNNAMED_LIFE + EXPERT_LIFE,
}


def is_unnamed(name: str) -> bool:
    c = content.NEMESIS_CARDS.get(name)
    return c is not None and c.deck == DECK


def unnamed_in_play(g: Engine) -> list[InPlay]:
    return [c for c in g.state.nemesis.in_play if is_unnamed(c.name)]


def entry_life(st: State) -> int:
    return UNNAMED_LIFE + (EXPERT_LIFE if st.config.get("expert") else 0)


def draw_unnamed(st: State) -> str | None:
    """The top unnamed (the discard pile reshuffled first when the deck is empty); None when
    both are empty."""
    return special_top(st, DECK, DISCARD)[0]


def place_unnamed(st: State) -> str | None:
    """Setup: the top unnamed goes straight into play with its entry life."""
    name = draw_unnamed(st)
    if name is not None:
        st.nemesis.in_play.append(InPlay(name, life=entry_life(st), shields=content.NEMESIS_CARDS[name].shields))
    return name


# ============================================================================ the mat's Unleash


@step("unnamed_unleash", text=lambda: (
        "Draw the top unnamed and put it into play; an empty unnamed deck is first made again from the "
        "shuffled unnamed discard pile. With both empty, every unnamed in play resolves its PERSISTENT "
        "effect instead."))
def _unnamed_unleash(g: Engine, ctx: Ctx) -> None:
    st = g.state
    before = len(st.nemesis.decks.get(DISCARD, ()))
    reshuffle = not st.nemesis.decks.get(DECK) and before > 0
    name = draw_unnamed(st)
    if name is None:
        for _ in unnamed_in_play(g):  # one resolution for each (reading ``which_unnamed``)
            g.push("unnamed_resolve_one")
        g.ev("unnamed_none_left", source=ctx.source)
        return
    if reshuffle:
        g.ev("unnamed_reshuffled", count=before, source=ctx.source)
    g.push("enter_play", name)  # its IMMEDIATELY effect first (N-12)
    g.push_steps(content.NEMESIS_CARDS[name].immediately, Ctx(-1, -1, name))


ENTRY_LIFE.add("unnamed_entry_life")  # on increased difficulty it enters above its printed life (N-10)


@step("unnamed_entry_life", text=lambda: (
        f"On expert and extinction it enters play with {EXPERT_LIFE} more life (the mat's increased difficulty)."))
def _unnamed_entry_life(g: Engine, ctx: Ctx) -> None:
    if g.expert():
        g.state.flags[ENTRY_LIFE_FLAG] = (ctx.source, entry_life(g.state))
        g.ev("entry_life", card=ctx.source, life=entry_life(g.state))


# ============================================================================ the unnamed


def _persistent_text() -> str:
    return (f"The nemesis gains as many nemesis tokens as the nemesis tier. Then, at {THRESHOLD} nemesis tokens "
            f"or more, the players put an unnamed in play under the mat and the nemesis loses {THRESHOLD} of "
            "them.")


@step("unnamed_persistent", text=_persistent_text)
def _unnamed_persistent(g: Engine, ctx: Ctx) -> None:
    t = g.state.nemesis.tokens
    k = g.tier()
    if k > 0:
        t[TOKEN] = t.get(TOKEN, 0) + k
        g.ev("token", token=TOKEN, amount=k, total=t[TOKEN])
    if t.get(TOKEN, 0) >= THRESHOLD:
        g.push_steps((("unnamed_under_mat",),), ctx)


@step("unnamed_under_mat", text=lambda: (
        f"The players put an unnamed in play under the mat and the nemesis loses {THRESHOLD} nemesis tokens."))
def _unnamed_under_mat(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    st = g.state
    n = st.nemesis
    ins = unnamed_in_play(g)
    if action is None and len({c.name for c in ins}) > 1:
        opts: list[Action] = [("minion", name) for name in dict.fromkeys(c.name for c in ins)]
        ask_step(g, ctx, ("unnamed_under_mat",), "minion", chooser(g, ctx),
                 "Which unnamed goes under the mat?", opts)
        return
    name = str(action[1]) if action is not None else (ins[0].name if ins else None)
    t = n.tokens
    t[TOKEN] = max(0, t.get(TOKEN, 0) - THRESHOLD)
    g.ev("token", token=TOKEN, amount=-THRESHOLD, total=t[TOKEN])
    if name is not None:
        for c in n.in_play:
            if c.name == name:
                n.in_play.remove(c)
                break
        n.decks.setdefault(UNDER, []).append(name)
        g.ev("unnamed_under_mat", card=name, source=ctx.source)
    if not unnamed_in_play(g) and not n.decks.get(DECK) and not n.decks.get(DISCARD):
        g.ev("unnamed_all_gone")
        g.end("loss", "nemesis_rule")


@op("unnamed_resolve_one")
def _unnamed_resolve_one(g: Engine) -> None:
    """One resolution of the unnamed's shared PERSISTENT effect, while an unnamed is in play."""
    ins = unnamed_in_play(g)
    if not ins:
        return
    name = ins[0].name
    g.ev("persistent", card=name)
    g.push_steps(content.NEMESIS_CARDS[name].persistent, Ctx(-1, -1, name))


def _resolve_text(k: int, times: int) -> str:
    who = "an unnamed" if k == 1 else f"{k} unnamed"
    how = {1: "once", 2: "twice", 3: "three times"}.get(times, f"{times} times")
    return f"The PERSISTENT effect of {who} in play resolves {how}."


@step("unnamed_resolve", text=_resolve_text)
def _unnamed_resolve(g: Engine, ctx: Ctx, k: int, times: int) -> None:
    """Reading ``which_unnamed``: ``times`` resolutions for each of up to ``k`` unnamed in play."""
    for _ in range(times * min(k, len(unnamed_in_play(g)))):
        g.push("unnamed_resolve_one")


@step("to_unnamed_discard", text=lambda: "It goes to the unnamed discard pile.")
def _to_unnamed_discard(g: Engine, ctx: Ctx) -> None:
    n = g.state.nemesis
    name = ctx.source
    if name in n.discard:
        del n.discard[len(n.discard) - 1 - n.discard[::-1].index(name)]
        n.decks.setdefault(DISCARD, []).append(name)
        g.ev("unnamed_discarded", card=name)


@condition("unnamed_at_most", lambda k, *, they=False: f"there are {k} or fewer unnamed in play")
def _unnamed_at_most(g: Engine, ctx: Ctx, k: int) -> bool:
    return len(unnamed_in_play(g)) <= k


@condition("unnamed_at_least", lambda k, *, they=False: f"there are {k} or more unnamed in play")
def _unnamed_at_least(g: Engine, ctx: Ctx, k: int) -> bool:
    return len(unnamed_in_play(g)) >= k


def _card(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "LOG", nemesis=BS, **kw)


UNNAMED_CARDS = tuple(_card(name, "minion", 0, life=UNNAMED_LIFE, shields=s, deck=DECK,
                            immediately=(("unnamed_entry_life",),), persistent=(("unnamed_persistent",),),
                            discarded=(("to_unnamed_discard",),))
                      for name, s in UNNAMED.items())

rule("unnamed_campaign", text=lambda: (
        "A campaign printing: its effects name it and send the players to the story cards; a single game "
        "never deals it."))

#: the campaign printings (catalogued, never dealt: reading ``single_game_deck``)
CAMPAIGN_CARDS = tuple(_card(f"Unnamed (Bishop of Scrolls Campaign {art})", "minion", 0, life=UNNAMED_LIFE,
                             shields=s, deck=DECK, campaign=True, shown="Unnamed",
                             passive=(("unnamed_campaign",),))
                       for art, s in CAMPAIGN_UNNAMED.items())

# ============================================================================ the cards


@step("scribe_wound", text=lambda: (
        "This minion suffers as much damage as there are players (it enters play with that much less life)."))
def _scribe_wound(g: Engine, ctx: Ctx) -> None:
    st = g.state
    life = max(1, content.NEMESIS_CARDS[ctx.source].life - len(st.players))
    st.flags[ENTRY_LIFE_FLAG] = (ctx.source, life)
    g.ev("entry_life", card=ctx.source, life=life)


def _any(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


FEVERED_SCRIBE = _card("Fevered Scribe", "minion", 1, life=6, immediately=(("unleash", 1), ("scribe_wound",)),
                       persistent=(_any(("suffer", 1)), ("unnamed_resolve", 1, 2)))
DIRE_PROCLAMATION = _card("Dire Proclamation", "power", 1, power_tokens=2, power=(
    ("gravehold_damage", 3),
    ("if", ("unnamed_at_most", 2), (("unleash", 2),), (("unnamed_resolve", 2, 2),))))
ANOINT = _card("Anoint", "attack", 1, effect=(("unleash", 1), _any(("suffer", 2)), ("unnamed_resolve", 1, 2)))

ALTAR_MORPHEME = _card("Altar Morpheme", "minion", 2, life=8, persistent=(("unleash", 1), _any(("suffer", 2))))
MEMORY_TITHE = _card("Memory Tithe", "power", 2, power_tokens=1, to_discard=(("spend_aether", 7),), power=(
    _any(("suffer", 2)), ("gravehold_damage", 2), ("unnamed_resolve", 1, 3)))
ENGRAVE = _card("Engrave", "attack", 2, effect=(
    ("gravehold_damage", 4),
    ("if", ("unnamed_at_least", 2), (("unnamed_resolve", 2, 2),), (("unleash", 2),))))

BRAIN_SPLINTER = _card("Brain Splinter", "power", 3, power_tokens=2, power=(
    ("unleash", 3), pick("discard", 2, "prepped", who="players")))
ENCRYPT = _card("Encrypt", "attack", 3, effect=(("unleash", 2), ("gravehold_damage", 3), ("unnamed_resolve", 1, 2)))
CIPHER = _card("Cipher", "minion", 3, life=16, persistent=(("unnamed_resolve", 1, 2), ("unleash", 1)))

DECK_CARDS = (FEVERED_SCRIBE, DIRE_PROCLAMATION, ANOINT, ALTAR_MORPHEME, MEMORY_TITHE, ENGRAVE,
              BRAIN_SPLINTER, ENCRYPT, CIPHER)

# ============================================================================ the mat

on = trigger_source("nemesis", BS)


def setup_count(players: int) -> int:
    return 3 if players <= 3 else 2


@on("setup")
def _setup(st: State) -> None:
    """The shuffled unnamed deck; two unnamed into play, three with fewer than four players
    (each with the life its IMMEDIATELY effect gives it: the setup has no engine to run it)."""
    n = st.nemesis
    deck = n.decks.setdefault(DECK, [])
    st.rng = shuffle(st.rng, deck)
    n.decks.setdefault(DISCARD, [])
    n.decks.setdefault(UNDER, [])
    n.tokens.setdefault(TOKEN, 0)
    for _ in range(setup_count(len(st.players))):
        place_unnamed(st)


rule("bishop_setup", text=lambda: (
        "Setup: shuffle the unnamed deck face down beside the mat and put its top two unnamed into play, "
        "three with one to three players. Outside the campaign the deck is the seven unnamed of the "
        "end-of-campaign printing (the project's reading)."))
rule("bishop_fresh", text=lambda: (
        "An unnamed put into play does not resolve its PERSISTENT effect in this turn's nemesis main phase."))
rule("bishop_discard", text=lambda: "An unnamed leaving play goes to the unnamed discard pile.")
rule("bishop_loss", text=lambda: (
        "With no unnamed left in play, in the unnamed deck or in its discard pile, the players lose."))
rule("bishop_under_mat", text=lambda: (
        "Outside the campaign an unnamed put under the mat stays out of the game (the project's reading)."))
rule("bishop_expert", text=lambda n: f"Each unnamed enters play with {n} more life.")

NEMESIS = NemesisDef(
    BS, BS, "LOG", life=50, difficulty=2, expedition_level=1,
    unleash=(("unnamed_unleash",),),
    cards=tuple(c.name for c in DECK_CARDS),
    special_decks={DECK: tuple(UNNAMED)},
    deck_holds={DISCARD: DECK, UNDER: DECK},
    deck_faces={DISCARD: "up", UNDER: "up"},
    rules={"setup": (("bishop_setup",),),
           "unnamed": (("bishop_fresh",), ("bishop_discard",), ("bishop_under_mat",), ("bishop_loss",))},
    increased_difficulty={"unnamed": (("bishop_expert", EXPERT_LIFE),)},
)

shown_in_panel(lambda name: name in (DECK, DISCARD, UNDER))


@table_panel
def _panel(view: Mapping[str, Any]) -> tuple[str, str] | None:
    n = view.get("nemesis") or {}
    if n.get("id") != BS:
        return None
    decks = n.get("decks") or {}
    tokens = (n.get("tokens") or {}).get(TOKEN, 0)
    return ("Unnamed", f"deck {len(decks.get(DECK, ()))}; discard {len(decks.get(DISCARD, ()))}; "
            f"under the mat {len(decks.get(UNDER, ()))}; nemesis tokens {tokens}/{THRESHOLD}")


# ============================================================================ log lines

event_text("unnamed_reshuffled", lambda e: f"the unnamed discard pile ({e['count']}) is shuffled into a new "
           "unnamed deck" + by_source(e))
event_text("unnamed_none_left", lambda e: "no unnamed left to draw: each unnamed in play acts" + by_source(e))
event_text("unnamed_under_mat", lambda e: f"{e['card']} goes under the mat" + by_source(e))
event_text("unnamed_discarded", lambda e: f"{e['card']} goes to the unnamed discard pile")
event_text("unnamed_all_gone", lambda e: "no unnamed is left in play, in the deck or in the discard pile")

#: every card of the nemesis, its unnamed too (the box gathers them)
CARDS = (*DECK_CARDS, *UNNAMED_CARDS, *CAMPAIGN_CARDS)
