"""Mother of Rust: its mat (nemesis tokens, the rustborn deck and its discard pile, the rush),
its six rustborn and its nine cards, and the step kinds and rules only it uses.

**Mother of Rust cannot be hurt** (``targets`` drops her, ``nemesis_damage`` keeps every hit
at 0). Her life is printed as a star: what the players must wear down is the **rustborn**, a
face-down special deck ``decks["rustborn"]`` of 24 tier-0 minions (six kinds, four copies,
3 life each). A rustborn that leaves play goes to ``decks["rustborn_discard"]`` and never
comes back; the players win at once when the rustborn deck is empty and no rustborn is in
play. Whenever no rustborn is in play, the next one enters play. The nemesis' ``life`` is
kept equal to the rustborn not yet beaten (deck plus play area), so the boards show the
players' progress (the project's reading of the star).

**Unleash**: a nemesis token (``tokens["nemesis"]``), then a rustborn enters play. **The rush**
(N-7): at the end of the nemesis turn, with 4 or more nemesis tokens, every rustborn in play
resolves its RUSH effect, oldest first, then Mother of Rust loses 4 tokens (once a turn).
A rustborn's RUSH is a standing rule on the card (``passive``: ``("rush", steps)``); cards
call on it too (``rush_oldest``). When a rustborn should enter play from an empty deck, each
rustborn in play gains 1 life instead, past its printed life (N-10 does not bind them, K-14).

**Exhaustion** (E-6): instead of the two Unleashes, two rustborn enter play; they do not rush
for the rest of that turn (the turn flag ``mother_resting`` holds their places in play).
**Increased difficulty** (S-9): each time any number of rustborn enter play, one more does.

Readings decided here (one table, ``READINGS``):

* ``life``: the star is read as "the rustborn left": her life is the count of rustborn in
  the rustborn deck and in play (24 at setup), her maximum 24; difficulty changes nothing.
* ``striddle``: Striddle is filed by one source outside the rustborn; its four copies are
  numbered among them and it has a RUSH effect, so it is the sixth rustborn.
* ``win``: the mat's win is checked each time a rustborn leaves play (at once, G-1).
* ``refill``: "no rustborn in play" is checked as a rustborn leaves play; the one that
  enters then comes from the deck like any other (increased difficulty adds one).
* ``resting``: the rustborn an exhaustion places skip every RUSH this turn, the end-of-turn
  rush and a card's alike; "the oldest rustborn" of a card is picked among the others.
* ``extra_life``: the extra rustborn of increased difficulty enters with its printed life,
  also when the card places the others with less (Amass).
* ``swarm_story``: Swarm Protocol's campaign line sends the reader to a story card; in a
  single game it does nothing (the other printing has no such line).
* ``clockwork``: Clockwork Infection is encoded with the text the sources give, the same as
  Automaton Invasion's.
* ``amass_name``: Amass shares its name with a Rust Amalgam card: catalogued as
  "Amass (Mother of Rust)", shown as Amass.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....boxapi import (
    ENTRY_LIFE,
    Action,
    Ctx,
    Engine,
    InPlay,
    NemesisCardDef,
    NemesisDef,
    State,
    Steps,
    ask_step,
    by_source,
    chooser,
    condition,
    count_of,
    event_text,
    op,
    pick,
    render_steps,
    rule,
    shown_in_panel,
    step,
    table_panel,
    trigger_source,
    turn_flag,
)
from ....boxapi import catalogue as content

MR = "Mother of Rust"
DECK = "rustborn"
DISCARD = "rustborn_discard"
T = "nemesis"  # Mother of Rust's nemesis tokens
#: the rush: at the end of the nemesis turn with this many tokens, then this many are lost
RUSH_AT, RUSH_LOSE = 4, 4
#: rustborn placed instead of the two Unleashes when a player is exhausted
EXHAUST_PLACES = 2
COPIES, RUSTBORN_LIFE = 4, 3
RESTING = turn_flag("mother_resting", "places in the nemesis play area of the rustborn an exhaustion put "
                                      "there this turn: they do not rush this turn")

READINGS: dict[str, Any] = {
    "life": "the rustborn left in the rustborn deck and in play; maximum 24; difficulty changes nothing",
    "striddle": "a rustborn (the sixth kind, four copies)",
    "win": "checked at once each time a rustborn leaves play",
    "refill": "checked as a rustborn leaves play; the next one comes from the rustborn deck",
    "resting": "the exhaustion's rustborn skip every RUSH this turn; 'oldest' is picked among the others",
    "extra_life": "the increased difficulty's extra rustborn enters with its printed life",
    "swarm_story": "Swarm Protocol's campaign line is left out",
    "clockwork": "Clockwork Infection as the sources give it (Automaton Invasion's text)",
    "amass_name": "Amass (Mother of Rust)",
}


def is_rustborn(name: str) -> bool:
    c = content.NEMESIS_CARDS.get(name)
    return c is not None and c.deck == DECK


def rush_steps(name: str) -> Steps:
    """The RUSH effect printed on a rustborn (its ``("rush", steps)`` standing rule)."""
    for s in content.NEMESIS_CARDS[name].passive:
        if s[0] == "rush":
            steps: Steps = s[1]
            return steps
    return ()


def rustborn_places(g: Engine) -> list[int]:
    """Where the rustborn lie in the nemesis play area, oldest first."""
    return [k for k, c in enumerate(g.state.nemesis.in_play) if is_rustborn(c.name)]


def _resting(g: Engine) -> list[int]:
    return [int(k) for k in g.state.flags.get(RESTING, ())]


def rushable(g: Engine) -> list[int]:
    """The rustborn that may rush now (not those an exhaustion placed this turn), oldest first."""
    rest = set(_resting(g))
    return [k for k in rustborn_places(g) if k not in rest]


def sync_life(n: Any) -> None:
    """The nemesis' life is the rustborn not yet beaten (see the readings)."""
    n.life = len(n.decks.get(DECK, ())) + sum(1 for c in n.in_play if is_rustborn(c.name))


def _enter(g: Engine | None, n: Any, life: int | None, source: str) -> int:
    """The top rustborn enters play (its place returned), or, the deck being empty, every
    rustborn in play gains 1 life (-1 returned)."""
    deck = n.decks.get(DECK)
    if not deck:
        for c in n.in_play:
            if is_rustborn(c.name):
                c.life += 1
                if g is not None:
                    g.ev("minion_life", card=c.name, life=c.life, source=source)
        return -1
    name = deck.pop(0)
    hp = content.NEMESIS_CARDS[name].life if life is None else life
    n.in_play.append(InPlay(name, life=hp))
    if g is not None:
        g.ev("nemesis_card_in_play", card=name, life=hp, source=source)
    return len(n.in_play) - 1


def _rb(k: int) -> str:
    return "a rustborn" if k == 1 else f"{k} rustborn"


def place_rustborn(g: Engine, k: int, source: str, life: int | None = None, resting: bool = False) -> None:
    """k rustborn enter play (one more on increased difficulty, at its printed life)."""
    n = g.state.nemesis
    lives = [life] * k + ([None] if g.expert() and k > 0 else [])
    placed = [_enter(g, n, hp, source) for hp in lives]
    if resting:
        g.state.flags[RESTING] = tuple(sorted({*_resting(g), *(p for p in placed if p >= 0)}))


@step("place_rustborn", text=lambda k: f"Place {_rb(k)} into play.")
def _place_rustborn(g: Engine, ctx: Ctx, k: int) -> None:
    place_rustborn(g, k, ctx.source)


@step("place_rustborn_at", text=lambda k, life: f"Place {_rb(k)} into play with {life} life each.")
def _place_rustborn_at(g: Engine, ctx: Ctx, k: int, life: int) -> None:
    place_rustborn(g, k, ctx.source, life)


@step("place_resting_rustborn", text=lambda k: (
        f"Place {_rb(k)} into play; they do not rush this turn (in this project's reading, neither at the "
        "end of the turn nor for a card, whose oldest rustborn is then picked among the others)."))
def _place_resting_rustborn(g: Engine, ctx: Ctx, k: int) -> None:
    place_rustborn(g, k, ctx.source, resting=True)


@step("rustborn_gone", text=lambda: (
        "It goes to the rustborn discard pile. With no rustborn left in play, the next one enters play; "
        "with none left in the rustborn deck either, the players win."))
def _rustborn_gone(g: Engine, ctx: Ctx) -> None:
    n = g.state.nemesis
    name = ctx.source
    if name in n.discard:
        del n.discard[len(n.discard) - 1 - n.discard[::-1].index(name)]
        n.decks.setdefault(DISCARD, []).append(name)
        g.ev("rustborn_discarded", card=name)
    sync_life(n)
    if rustborn_places(g):
        return
    if not n.decks.get(DECK):
        g.end("win", "nemesis_rule")
        return
    place_rustborn(g, 1, MR)


# ============================================================================ the rush


@op("rush_of")
def _rush_of(g: Engine, name: str, source: str) -> None:
    g.ev("rustborn_rush", card=name, source=source)
    g.push_steps(rush_steps(name), Ctx(-1, -1, name))


def _push_rushes(g: Engine, places: list[int], times: int, source: str) -> None:
    n = g.state.nemesis
    names = [n.in_play[k].name for k in places]
    for name in reversed(names):
        for _ in range(times):
            g.push("rush_of", name, source)


@step("rustborn_rush", text=lambda at, lose: (
        f"If the nemesis has {at} or more nemesis tokens, the rustborn rush: each rustborn in play resolves "
        f"its RUSH effect, oldest first; then the nemesis loses {lose} nemesis tokens."))
def _rustborn_rush(g: Engine, ctx: Ctx, at: int, lose: int) -> None:
    if g.state.nemesis.tokens.get(T, 0) < at:
        return
    g.push("rush_tokens", lose)
    _push_rushes(g, rushable(g), 1, ctx.source)


@op("rush_tokens")
def _rush_tokens(g: Engine, lose: int) -> None:
    t = g.state.nemesis.tokens
    left = max(0, t.get(T, 0) - lose)
    g.ev("token", token=T, amount=left - t.get(T, 0), total=left)
    t[T] = left


def _oldest_text(k: int, times: int) -> str:
    who = "the oldest rustborn in play" if k == 1 else f"the {k} oldest rustborn in play"
    each = "" if times == 1 else (" twice" if times == 2 else f" {times} times")
    return f"Resolve the RUSH effect of {who}{each}."


@step("rush_oldest", text=_oldest_text)
def _rush_oldest(g: Engine, ctx: Ctx, k: int, times: int) -> None:
    _push_rushes(g, rushable(g)[:k], times, ctx.source)


@step("rustborn_gain_life", text=lambda k, n: (
        f"The {k} oldest rustborn in play gain {n} life each, even past their printed life."))
def _rustborn_gain_life(g: Engine, ctx: Ctx, k: int, amount: int) -> None:
    n = g.state.nemesis
    for place in rustborn_places(g)[:k]:
        c = n.in_play[place]
        c.life += amount
        g.ev("minion_life", card=c.name, life=c.life, source=ctx.source)


def _costly_holders(g: Engine, least: int) -> list[int]:
    cards = content.CARDS
    return [j for j, p in enumerate(g.state.players) if any(cards[c].cost >= least for c in p.hand)]


@step("collective_destroy_costly", can_resolve=lambda g, ctx, s: sum(
        sum(content.CARDS[c].cost >= s[2] for c in p.hand) for p in g.state.players) >= s[1],
      text=lambda n, least: (
        f"The players between them destroy {count_of(n, 'card')} costing {least} Æ or more from their hands, "
        "one at a time."))
def _collective_destroy_costly(g: Engine, ctx: Ctx, n: int, least: int, action: Action | None = None) -> None:
    """Each pick: the players name whose hand the next card comes from; that player picks it."""
    if action is None:
        opts: list[Action] = [("player", j) for j in _costly_holders(g, least)]
        if n > 0 and opts:
            ask_step(g, ctx, ("collective_destroy_costly", n, least), "player", chooser(g, ctx),
                     f"Whose hand does the next card to destroy come from? ({n} to go)", opts)
        return
    j = int(action[1])
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("collective_destroy_costly", n - 1, least))
    g.push("s", j, j, ctx.source, pick("destroy", 1, "hand", ("cost_at_least", least)))


@condition("rustborn_at_least", lambda k, *, they=False: f"there are {k} or more rustborn in play")
def _rustborn_at_least(g: Engine, ctx: Ctx, k: int) -> bool:
    return len(rustborn_places(g)) >= k


@condition("rustborn_at_most", lambda k, *, they=False: f"there are {k} or fewer rustborn in play")
def _rustborn_at_most(g: Engine, ctx: Ctx, k: int) -> bool:
    return len(rustborn_places(g)) <= k


# ============================================================================ the mat's rules

on = trigger_source("nemesis", MR)


@on("setup")
def _setup(st: State) -> None:
    """S-7: the rustborn deck lies shuffled face down; one rustborn (two on increased
    difficulty) enters play; her life counts the rustborn."""
    n = st.nemesis
    n.decks.setdefault(DECK, [])
    n.decks.setdefault(DISCARD, [])
    for _ in range(2 if st.config.get("expert") else 1):
        _enter(None, n, None, MR)
    n.max_life = COPIES * len(RUSTBORN)
    sync_life(n)


@on("targets")
def _targets(g: Engine, you: int, targets: list[str]) -> list[str]:
    return [t for t in targets if t != "nemesis"]


@on("nemesis_damage")
def _nemesis_damage(g: Engine, amount: int, source: str) -> int:
    return 0


@on("exhaust")
def _exhaust(g: Engine, i: int) -> bool:
    """E-6: two resting rustborn instead of the two Unleashes."""
    g.push("s", -1, -1, MR, ("place_resting_rustborn", EXHAUST_PLACES))
    return True


@on("left_play")
def _left_play(g: Engine, idx: int, name: str) -> None:
    """The resting rustborn's places follow the play area as a card leaves it."""
    rest = _resting(g)
    if rest:
        g.state.flags[RESTING] = tuple(k - (k > idx) for k in rest if k != idx)


rule("rustborn_setup", text=lambda: (
        "Setup: shuffle the rustborn face down into the rustborn deck, then place one rustborn into play."))
rule("rustborn_refill", text=lambda: "Whenever no rustborn is in play, place a rustborn into play.")
rule("rustborn_discard_pile", text=lambda: "A discarded rustborn goes to the rustborn discard pile.")
rule("rustborn_empty", text=lambda: (
        "When a rustborn should enter play from an empty rustborn deck, every rustborn in play gains 1 life "
        "instead, even past its printed life."))
rule("mother_immune", text=lambda: "Every damage dealt to Mother of Rust is prevented.")
rule("mother_win", text=lambda: (
        "The players win at once when the rustborn deck is empty and no rustborn is in play."))
rule("mother_life", text=lambda: (
        "Her life, as this project reads the star, is the number of rustborn not yet beaten (in the "
        "rustborn deck or in play)."))
rule("mother_exhaust", text=lambda steps: (
        f"Whenever a player is exhausted, this replaces the two Unleashes: {render_steps(steps)}"))
rule("mother_expert", text=lambda: (
        "Whenever one or more rustborn enter play together, one more rustborn enters with them (at its "
        "printed life, as this project reads it)."))
rule("rush", text=lambda steps: f"RUSH: {render_steps(steps)}")
rule("no_life_cap", text=lambda: "It may have more life than printed.")
ENTRY_LIFE.add("no_life_cap")  # N-10: the state loader applies no cap to a rustborn's life

# ============================================================================ the rustborn


def _card(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "LOG", nemesis=MR, **kw)


def _any(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


def _rustborn(name: str, *rush: tuple[Any, ...]) -> NemesisCardDef:
    return _card(name, "minion", 0, life=RUSTBORN_LIFE, deck=DECK, passive=(("rush", tuple(rush)), ("no_life_cap",)),
                 discarded=(("rustborn_gone",),))


COILER = _rustborn("Coiler", ("player", "lowest_life", (pick("discard", 1), ("suffer", 1))))
SKITTRON = _rustborn("Skittron", _any(("suffer", 2)))
EXOPEDE = _rustborn("Exopede", _any(pick("discard", 1, "prepped")))
STRIDDLE = _rustborn("Striddle", ("gravehold_damage", 1), _any(("suffer", 1)))
TOXO = _rustborn("Toxo", ("gravehold_damage", 2))
FLIT = _rustborn("Flit", ("any_player_loses_charge", 1), ("gravehold_damage", 1))

RUSTBORN = (COILER, SKITTRON, EXOPEDE, STRIDDLE, TOXO, FLIT)

# ============================================================================ the nemesis deck

_FEW_DESTROY = (("collective_destroy_costly", 2, 3),)
_INVASION = (("if", ("rustborn_at_least", 4), (("gain_token", T, 5),), (("place_rustborn", 5),)),)

AMASS = _card("Amass (Mother of Rust)", "attack", 1, shown="Amass", effect=(("place_rustborn_at", 3, 2),))
RECONSTRUCT = _card("Reconstruct", "attack", 1, effect=(
    ("if", ("rustborn_at_least", 3), (("rush_oldest", 2, 1),),
     (("place_rustborn", 2), _any(pick("discard", 2)))),))
SWARM_PROTOCOL = _card("Swarm Protocol", "power", 1, power_tokens=3,
                       to_discard=(pick("discard", 1, "prepped", ("cost_at_least", 5)),),
                       power=(("place_rustborn", 3),))

AUTOMATON_INVASION = _card("Automaton Invasion", "power", 2, power_tokens=2, power=_INVASION)
AUGMENT = _card("Augment", "attack", 2, effect=(
    ("rustborn_gain_life", 5, 2), ("if", ("rustborn_at_most", 3), _FEW_DESTROY, ())))
REPLEX = _card("Replex", "minion", 2, life=10, persistent=(("rush_oldest", 1, 1),))

CLOCKWORK_INFECTION = _card("Clockwork Infection", "power", 3, power_tokens=2, power=_INVASION)
ENERVATE = _card("Enervate", "attack", 3, effect=(
    ("rustborn_gain_life", 5, 2), ("if", ("rustborn_at_most", 3), _FEW_DESTROY, ())))
PRODYGA = _card("Prodyga", "minion", 3, life=14, persistent=(("rush_oldest", 1, 2),))

DECK_CARDS = (AMASS, RECONSTRUCT, SWARM_PROTOCOL, AUTOMATON_INVASION, AUGMENT, REPLEX,
              CLOCKWORK_INFECTION, ENERVATE, PRODYGA)

# ============================================================================ the mat

NEMESIS = NemesisDef(
    MR, MR, "LOG", life=COPIES * len(RUSTBORN), difficulty=4, expedition_level=2,
    unleash=(("gain_token", T, 1), ("place_rustborn", 1)),
    cards=tuple(c.name for c in DECK_CARDS),
    special_decks={DECK: tuple(c.name for c in RUSTBORN for _ in range(COPIES))},
    deck_holds={DISCARD: DECK},
    deck_faces={DISCARD: "up"},
    end_of_turn=(("rustborn_rush", RUSH_AT, RUSH_LOSE),),
    rules={
        "setup": (("rustborn_setup",),),
        "rustborn": (("rustborn_refill",), ("rustborn_discard_pile",), ("rustborn_empty",)),
        "immune": (("mother_immune",), ("mother_life",)),
        "win": (("mother_win",),),
        "exhaust": (("mother_exhaust", (("place_resting_rustborn", EXHAUST_PLACES),)),),
    },
    increased_difficulty={"rustborn": (("mother_expert",),)},
)

shown_in_panel(lambda name: name in (DECK, DISCARD))


@table_panel
def _panel(view: Mapping[str, Any]) -> tuple[str, str] | None:
    n = view.get("nemesis") or {}
    if n.get("id") != MR:
        return None
    decks = n.get("decks") or {}
    tokens = (n.get("tokens") or {}).get(T, 0)
    return ("Rustborn", f"deck {len(decks.get(DECK, ()))}; discarded {len(decks.get(DISCARD, ()))}; "
                        f"nemesis tokens {tokens} (the rustborn rush at {RUSH_AT})")


# ============================================================================ log lines

event_text("rustborn_discarded", lambda e: f"{e['card']} goes to the rustborn discard pile")
event_text("rustborn_rush", lambda e: f"{e['card']} rushes" + by_source(e))

#: every card of the nemesis, its rustborn too (the box gathers them)
CARDS = (*DECK_CARDS, *RUSTBORN)
