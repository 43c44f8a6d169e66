"""Arachnos: its mat (the Ritual Track), its nine cards, the World Devourer cards, and the
step kinds and rules only it uses.

The Arachnos token's place on the Ritual Track is the nemesis token ``ritual`` (0 is the
start space); Arachnos' own nemesis tokens are ``nemesis``. Its Unleash moves the token one
space forward (``ritual_advance``). In their main phase a player may pay the aether shown at
the token's space to move it back one space (``main_options`` / ``on.action``; K-11: only
aether that may pay for anything, not aether kept for gaining cards).

The ritual completes (``complete_ritual``) when the token reaches the end of the track, when
Arachnos holds more than eight nemesis tokens (``tokens``), when *The End*'s power resolves,
or instead of the players' win while no World Devourer has come into play (``win``: Arachnos
first loses a nemesis token). Then the nemesis deck, the minions and powers in play and a
nemesis card still resolving leave the game (``State.destroyed``, so the card census still
counts them); what was left of those cards' effects is dropped from the stack; the nemesis
draw phase is skipped for the rest of the game (``nemesis_draw``); the World Devourer whose
tier is Arachnos' nemesis tokens (nine or more: the "9+" one) comes into play from the
special deck ``decks["world_devourer"]``, its IMMEDIATELY first (N-12); and the track is
flipped (the ``ritual`` token is gone, an Unleash does nothing more).

With a World Devourer in play nothing can damage Arachnos (``targets``,
``nemesis_damage``), a player's exhaustion gives it 10 life instead of E-1's two Unleashes
(``exhaust``), it acts at the start of every nemesis turn (``nemesis_turn_start``, its
``passive`` rule) and the players win when it is discarded (its ``discarded`` step).

Readings decided here:

* The Ritual Track: the card data gives neither its length nor the aether printed on its
  spaces, and no source at hand shows the track. Reading: a start space (0), nine spaces
  costing 3, 3, 4, 4, 5, 5, 6, 6 and 7 aether to leave backwards, and the end (space 10),
  where the ritual completes. The numbers are the mat's data (``rules["track"]``), so a
  different printing is one tuple to change.
* Moving the token back is a main-phase action a player may take as often as they can pay;
  at the start space there is nothing to move back.
* The World Devourer cards are special cards (tier 0 for N-5 and K-17): their printed tier
  is only which card the ritual picks. Each is named by that tier. Their ``life`` field
  holds the number their IMMEDIATELY adds to Arachnos' life; it only counts if a card ever
  brought one into play without its IMMEDIATELY. They lie face up beside the mat in tier
  order, lowest on top, as the mat's setup says (never shuffled: the ritual picks one by
  its tier, so the order is only what players see).
* "Do not finish resolving": every pending step whose source is a nemesis card (the World
  Devourer aside) and every pending frame of the nemesis' main and draw phases is dropped.
  An Unleash still pending (two from an exhaustion, say) resolves and does nothing, since
  the track is flipped. A card being resolved leaves the game with the deck.
* Arachnos at 0 life before the ritual completes: the win is replaced, Arachnos stays at 0
  and the World Devourer enters with 0 plus its number. After the ritual only discarding
  the World Devourer wins; any other win (Arachnos at 0, an empty deck) is refused while it
  is in play.
* *The End*: Arachnos gains 15 life, never above its starting life (S-4).
* "Arachnos loses a nemesis token" never goes below 0.
* The World Devourer's life is not capped by N-10 (K-14: the mat's 10 life on exhaustion).
"""

from __future__ import annotations

from typing import Any

from ....boxapi import (
    ENTRY_LIFE,
    Action,
    Ctx,
    Engine,
    Frame,
    InPlay,
    Nemesis,
    NemesisCardDef,
    NemesisDef,
    State,
    Steps,
    action_head,
    available,
    base_name,
    pay,
    render_steps,
    rule,
    standing,
    step,
    trigger_source,
)
from ....boxapi import catalogue as content

AR = "Arachnos"
T = "nemesis"  # Arachnos' nemesis tokens
TRACK = "ritual"  # the Arachnos token's space on the Ritual Track (0: the start)
WD = "world_devourer"  # the special deck of the World Devourer cards
#: the ritual completes when Arachnos holds more nemesis tokens than this
MOST_TOKENS = 8
#: the aether printed on spaces 1, 2, ... of the Ritual Track; the space after the last is its end
TRACK_COSTS = (3, 3, 4, 4, 5, 5, 6, 6, 7)


def _card(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "NA", nemesis=AR, **kw)


def _any_player(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


def _gain(n: int) -> tuple[Any, ...]:
    return ("gain_token", T, n)


# ============================================================================ the ritual


def track() -> tuple[int, ...]:
    """The aether of each space of the Ritual Track (the mat's data)."""
    for s in content.NEMESES[AR].rules.get("track", ()):
        if s[0] == "ritual_track":
            return tuple(s[1])
    return TRACK_COSTS  # pragma: no cover - the mat always has it


def ritual_done(n: Nemesis) -> bool:
    """The ritual is complete once a World Devourer has left its special deck."""
    return len(n.decks.get(WD, ())) < len(content.NEMESES[AR].special_decks[WD])


def is_devourer(name: str) -> bool:
    card = content.NEMESIS_CARDS.get(base_name(name))
    return card is not None and card.deck == WD


def devourer_out(n: Nemesis) -> bool:
    """A World Devourer is in play (or coming into play)."""
    return any(is_devourer(c.name) for c in n.in_play) or any(is_devourer(c) for c in n.resolving)


#: the nemesis' own turn frames: the main phase, the draw phase and a drawn card's resolution
_NEMESIS_FRAMES = frozenset({"nemesis_main", "nemesis_draw", "nemesis_resolve", "offer_cancel",
                             "to_nemesis_discard", "enter_play", "discard_nemesis_card"})


def _abandoned(f: Frame) -> bool:
    """Is ``f`` what is left of a nemesis card being resolved (or of its turn's phases)?"""
    if f[0] == "s":
        src = f[3]
    elif f[0] == "different_players_pick":
        src = f[1]
    else:
        return f[0] in _NEMESIS_FRAMES
    return isinstance(src, str) and base_name(src) in content.NEMESIS_CARDS and not is_devourer(src)


def complete_ritual(g: Engine, source: str) -> None:
    """The ritual completes: the nemesis cards leave the game, the World Devourer comes.

    ``source`` is what completed it: a card, the Unleash, the mat, or the win it replaced."""
    st = g.state
    n = st.nemesis
    if ritual_done(n):
        return
    removed = [*n.deck, *(c.name for c in n.in_play), *n.resolving]
    st.destroyed.extend(removed)
    n.deck = []
    n.in_play = []
    n.resolving = []
    st.stack[:] = [f for f in st.stack if not _abandoned(f)]
    n.tokens.pop(TRACK, None)  # the track is flipped
    tokens = n.tokens.get(T, 0)
    name = DEVOURERS[min(tokens, len(DEVOURERS) - 1)].name
    n.decks[WD].remove(name)
    g.ev("ritual_complete", card=name, tokens=tokens, removed=len(removed), source=source)
    n.resolving.append(name)  # N-12: its IMMEDIATELY first, then it is in play
    g.push("enter_play", name)
    g.push_steps(content.NEMESIS_CARDS[name].immediately, Ctx(-1, -1, name))


@step("ritual_advance", text=lambda: "The Arachnos token advances one space along the Ritual Track.")
def _ritual_advance(g: Engine, ctx: Ctx) -> None:
    """Arachnos' Unleash; at the end of the track the ritual completes. Once the track is
    flipped it does nothing."""
    n = g.state.nemesis
    if ritual_done(n):
        return
    space = n.tokens.get(TRACK, 0) + 1
    n.tokens[TRACK] = space
    g.ev("token", token=TRACK, amount=1, total=space, source=ctx.source)
    if space > len(track()):
        complete_ritual(g, ctx.source)


@step("ritual_completes", text=lambda: "The ritual is complete.")
def _ritual_completes(g: Engine, ctx: Ctx) -> None:
    complete_ritual(g, ctx.source)


# ============================================================================ tier 1

BOLSTER = _card("Bolster", "attack", 1, effect=(("or", (_gain(1),), (("unleash", 1), _any_player(("suffer", 3)))),))
BREACH_STABILIZER = _card("Breach Stabilizer", "power", 1, power_tokens=2, to_discard=(("spend_aether", 5),),
                          power=(("unleash", 1), _gain(1)))
THE_CHANTERS = _card("The Chanters", "minion", 1, life=4, persistent=(_gain(1),))

# ============================================================================ tier 2

FLAME_ACOLYTE = _card("Flame Acolyte", "minion", 2, life=8, persistent=(
    ("if", ("tokens_at_least", T, 4), (_any_player(("suffer", 3)),), (_gain(1),)),))
UNVEIL = _card("Unveil", "attack", 2, effect=(("or", (("gravehold_damage", 5),), (_gain(2),)),))
EMPOWER_RITUAL = _card("Empower Ritual", "power", 2, power_tokens=3, to_discard=(("spend_aether", 7),),
                       power=(_gain(1), ("gravehold_damage", 4)))

# ============================================================================ tier 3

RITUAL_GUARDIAN = _card("Ritual Guardian", "minion", 3, life=15, persistent=(_gain(1), ("unleash", 1)))


@step("nemesis_heal", text=lambda n: f"The nemesis gains {n} life, never above its starting life.")
def _nemesis_heal(g: Engine, ctx: Ctx, n: int) -> None:
    nem = g.state.nemesis
    gained = min(n, nem.max_life - nem.life)
    nem.life += gained
    g.ev("nemesis_life", amount=gained, life=nem.life, source=ctx.source)


THE_END = _card("The End", "power", 3, power_tokens=4, immediately=(("nemesis_heal", 15),),
                power=(("ritual_completes",),))
TERMINATE = _card("Terminate", "attack", 3, effect=(
    ("if", ("tokens_at_least", T, 5), (("unleash", 3),), (_gain(3),)),))

#: the nine cards of its nemesis deck
DECK = (BOLSTER, BREACH_STABILIZER, THE_CHANTERS, FLAME_ACOLYTE, UNVEIL, EMPOWER_RITUAL,
        RITUAL_GUARDIAN, THE_END, TERMINATE)

# ============================================================================ the World Devourer

ENTRY_LIFE.add("devourer_life")  # its life comes from Arachnos' life (N-10 has no cap for it)


@step("devourer_life", text=lambda n: f"This minion comes into play with the nemesis' life plus {n}.")
def _devourer_life(g: Engine, ctx: Ctx, n: int) -> None:
    """The IMMEDIATELY of a World Devourer fixes the life it enters with (turn flag
    ``entry_life``, read when it comes into play)."""
    life = g.state.nemesis.life + n
    g.state.flags["entry_life"] = (ctx.source, life)
    g.ev("entry_life", card=ctx.source, life=life)


@step("devourer_discarded", text=lambda: "The players win.")
def _devourer_discarded(g: Engine, ctx: Ctx) -> None:
    g.end("win", "nemesis_rule")


rule("nemesis_turn_start", text=lambda steps: f"At the start of each nemesis turn: {render_steps(steps)}")


def _devourer(tier: str, plus: int, gravehold: int, player: int) -> NemesisCardDef:
    return NemesisCardDef(
        f"World Devourer (Tier {tier})", "minion", 0, "NA", nemesis=AR, life=plus, deck=WD,
        immediately=(("devourer_life", plus),),
        passive=(("nemesis_turn_start", (("gravehold_damage", gravehold), _any_player(("suffer", player)))),),
        discarded=(("devourer_discarded",),))


DEVOURERS = (
    _devourer("0", 5, 3, 3), _devourer("1", 10, 3, 3), _devourer("2", 10, 4, 3), _devourer("3", 15, 4, 4),
    _devourer("4", 20, 4, 4), _devourer("5", 20, 5, 4), _devourer("6", 25, 5, 4), _devourer("7", 30, 5, 4),
    _devourer("8", 35, 5, 4), _devourer("9+", 40, 4, 5),
)

# ============================================================================ the mat

rule("ritual_setup", text=lambda: (
        "Setup: the Arachnos token starts on the start space of the Ritual Track (ritual 0); the World "
        "Devourer cards lie beside the mat, lowest tier on top."))
rule("ritual_track", text=lambda costs: (
        f"Ritual Track: the Arachnos token moves from the start (0) to the end ({len(costs) + 1}). In their "
        "main phase a player may spend the aether shown at the token's space to move it back one space "
        f"(spaces 1 to {len(costs)}: {', '.join(str(c) for c in costs)} Æ)."))
rule("ritual_complete_when", text=lambda n: (
        "The ritual completes once the Arachnos token arrives at the last space of the Ritual Track, or "
        f"once Arachnos holds more than {n} nemesis tokens."))
rule("ritual_instead_of_win", text=lambda: (
        "If the players would win before any World Devourer has come into play, they do not: Arachnos "
        "loses one nemesis token and the ritual completes in place of the win."))
rule("ritual_completion", text=lambda: (
        "When the ritual is complete: the nemesis deck, every minion and power in play and any nemesis card "
        "being resolved leave the game, and what was left of that card is not resolved; the nemesis draw "
        "phase is skipped for the rest of the game; the World Devourer whose tier equals Arachnos' nemesis "
        "tokens (9 or more: the 9+ one) comes into play; the Ritual Track is flipped, so an Unleash does "
        "nothing more."))
rule("devourer_rules", text=lambda: (
        "With a World Devourer in play nothing can damage Arachnos; discarding the World Devourer wins "
        "the game for the players."))
rule("devourer_on_exhaust", text=lambda n: (
        f"Whenever a player is exhausted while a World Devourer is in play, it gains {n} life instead of "
        "the two Unleashes."))
rule("at_setup", text=lambda steps: f"At setup: {render_steps(steps)}")


def _mat(key: str, kind: str, table: str = "rules") -> tuple[Any, ...] | None:
    for s in getattr(content.NEMESES[AR], table).get(key, ()):
        if s[0] == kind:
            return tuple(s)
    return None


on = trigger_source("nemesis", AR)  # this mat's rules, at the engine's trigger points


@on("setup")
def _arachnos_setup(st: State) -> None:
    """S-7: the token on the start space; on expert and extinction the mat's setup steps
    (two nemesis tokens, two Unleashes) wait on the stack for the first run."""
    st.nemesis.tokens[TRACK] = 0
    st.nemesis.tokens.setdefault(T, 0)
    s = _mat("setup", "at_setup", "increased_difficulty")
    if st.config.get("expert") and s is not None:
        for x in reversed(s[1]):
            st.stack.append(("s", -1, -1, AR, tuple(x)))


action_head("ritual_back", (), text=lambda: "move the Arachnos token back one space on the Ritual Track",
            detail=lambda st, d: _back_detail(st), phase="main")


def _back_detail(st: State) -> str:
    space = st.nemesis.tokens.get(TRACK, 0)
    costs = track()
    cost = costs[space - 1] if 0 < space <= len(costs) else 0
    return f"move the Arachnos token back from space {space} to {space - 1} ({cost} Æ)"


def back_cost(n: Nemesis) -> int | None:
    """The aether to move the token back now, or None when it cannot move back."""
    if ritual_done(n):
        return None
    space = n.tokens.get(TRACK, 0)
    costs = track()
    return costs[space - 1] if 0 < space <= len(costs) else None


@on("main_options")
def _arachnos_main_options(g: Engine, i: int) -> list[Action]:
    cost = back_cost(g.state.nemesis)
    if cost is None or available(g.state.players[i], "other") < cost:
        return []
    return [("ritual_back",)]


@on.action("ritual_back")
def _arachnos_main_action(g: Engine, i: int, action: Action) -> None:
    """Pay the aether at the token's space (K-11: aether for anything), move it back one."""
    st = g.state
    n = st.nemesis
    cost = back_cost(n)
    assert cost is not None
    pay(st.players[i], cost, "other")
    n.tokens[TRACK] -= 1
    g.ev("ritual_back", player=i, cost=cost, space=n.tokens[TRACK])


@on("tokens")
def _arachnos_tokens(g: Engine) -> None:
    n = g.state.nemesis
    if n.tokens.get(T, 0) > MOST_TOKENS and not ritual_done(n):
        complete_ritual(g, AR)


@on("win")
def _arachnos_win(g: Engine, reason: str) -> bool:
    """Before the ritual: a token lost and the ritual completes instead. After it: only a
    discarded World Devourer wins (none in play)."""
    n = g.state.nemesis
    if ritual_done(n):
        return devourer_out(n)
    t = n.tokens.get(T, 0)
    if t:
        n.tokens[T] = t - 1
        g.ev("token", token=T, amount=-1, total=t - 1, source=AR)
    complete_ritual(g, reason)
    return True


@on("nemesis_draw")
def _arachnos_draw(g: Engine) -> bool:
    return ritual_done(g.state.nemesis)


@on("nemesis_turn_start")
def _arachnos_turn_start(g: Engine) -> None:
    """The World Devourer's start-of-turn effect (the oldest card in play first)."""
    for ref, r in reversed(standing(g, "nemesis_turn_start")):
        g.push_steps(r[1], Ctx(-1, -1, ref))


@on("targets")
def _arachnos_targets(g: Engine, you: int, targets: list[str]) -> list[str]:
    if devourer_out(g.state.nemesis):
        return [t for t in targets if t != "nemesis"]
    return targets


@on("nemesis_damage")
def _arachnos_damage(g: Engine, amount: int, source: str) -> int:
    return 0 if devourer_out(g.state.nemesis) else amount


@on("exhaust")
def _arachnos_exhaust(g: Engine, i: int) -> bool:
    """E-1 (1) replaced while a World Devourer is in play: it gains the mat's life."""
    n = g.state.nemesis
    dev: InPlay | None = next((c for c in n.in_play if is_devourer(c.name)), None)
    if dev is None:
        return False
    r = _mat("exhaust", "devourer_on_exhaust")
    dev.life += int(r[1]) if r else 10
    g.ev("minion_life", card=dev.name, life=dev.life, source=AR)
    return True


def _names(cards: tuple[NemesisCardDef, ...]) -> tuple[str, ...]:
    return tuple(c.name for c in cards)


RULES: dict[str, Steps] = {
    "setup": (("ritual_setup",),),
    "track": (("ritual_track", TRACK_COSTS),),
    "ritual": (("ritual_complete_when", MOST_TOKENS), ("ritual_instead_of_win",), ("ritual_completion",)),
    "devourer": (("devourer_rules",),),
    "exhaust": (("devourer_on_exhaust", 10),),
}

NEMESIS = NemesisDef(
    AR, AR, "NA", life=70, difficulty=4, expedition_level=2,
    unleash=(("ritual_advance",),),
    cards=_names(DECK),
    special_decks={WD: _names(DEVOURERS)},
    deck_faces={WD: "up"},  # beside the mat in tier order, lowest on top (the mat's setup)
    rules=RULES,
    increased_difficulty={"setup": (("at_setup", (_gain(2), ("unleash", 2))),)},
)

#: every card of the nemesis, its special deck too (the box gathers them)
CARDS = (*DECK, *DEVOURERS)
