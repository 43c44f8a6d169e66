"""Mist Revealed: its mat (the fragment deck and its discard pile), its ten fragments, its
sixteen deck cards, and the step kinds only it uses.

The nemesis is always named in full, "Mist Revealed": the War Eternal mage Mist is another
card altogether.

**Fragments** are tier-0 minions of the special deck ``decks["fragment"]`` (face down). None
has a PERSISTENT effect: each prints an effect tagged UNLEASH (kept as the marker step
``fragment_unleash`` in its ``passive``), which resolves only when the mat or a card calls on
it. The mat's **Unleash** resolves the UNLEASH effect of every fragment in play, oldest first,
then draws the top fragment into play (``place_fragments``). A fragment leaving play goes to
``decks["fragment_discard"]`` (face up); a draw from an empty fragment deck first shuffles that
pile into a new deck. Once every fragment is in play, the players lose.

**Silence** on a fragment waits for its UNLEASH effect: the silenced fragment skips that one
resolution and loses its token then. The engine's nemesis main phase uses up a minion's
silence token even when it has no PERSISTENT effect, so while the nemesis' turn lasts the
mat keeps a fragment's silence as the nemesis token ``"silence: <fragment>"`` and gives it
back to the minion when the turn ends.

**No maximum life**: ``NemesisDef.no_max_life``. Mist Revealed's gains of life
(``mist_life``) are never capped; her starting life is kept as ``max_life`` for display.

Readings decided here (``READINGS`` holds each value):

* ``fragment_set``: outside the campaign the ten fragments of the end-of-campaign printing
  are the fragment deck (small life, the Rust Superion's Armor and nine others); the seven
  campaign fragments and the campaign Manifest are not encoded (they belong to the story).
* ``tier3``: the pool is 3/3/10 (``deck_shape``, as the reference's card lists and the issue
  agree); outside the campaign the setup keeps three random tier-3 cards of the ten and sets
  the other seven aside, as the mat's setup note asks for a single game.
* ``fire``: "a fire token on your location" is the table's fire token (K-8): outside the
  campaign it still counts, and ten lose (as the engine reads C-13).
* ``oldest_minion``: Alchemical Anatomy resolves the UNLEASH effect of the oldest minion that
  prints one (only fragments do); with none in play it resolves nothing.
* ``all_minions``: Voidwalk's and Essence Integration's "every minion" resolves the UNLEASH
  effect of each fragment in play (other minions print none).
* ``all_in_play_loss``: the loss is checked whenever a fragment is placed: all ten in play.
* ``supply_loss``: The Hands of Griefweaver / The Belly of Prince of Gluttons: the players pick
  the three cards (pile by pile); with fewer than three cards left in the supply they destroy
  what is left and lose.
* ``point_of_no_return``: the transcription giving its six power tokens is encoded (the other
  repeats Corrupted Brand's text): each token removed unleashes twice and skips that turn's
  nemesis draw; when the last goes the players lose. No TO DISCARD cost, so it never leaves.
* ``heart``: The Heart of The Mother of Rust's nemesis tokens are ``"heart"`` tokens.
* ``shields``: the fragments' shields follow the one transcription that gives them.
* ``endless_amethyst``: its TO DISCARD is paid by one player, one of the two ways.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....boxapi import (
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
    catalogue,
    chooser,
    destroy_breach,
    event_text,
    find_ref,
    op,
    pick,
    render_steps,
    rule,
    shown_in_panel,
    shuffle,
    special_top,
    step,
    table_panel,
    take_pile_top,
    trigger_source,
    turn_flag,
)

MR = "Mist Revealed"
DECK, DISCARD = "fragment", "fragment_discard"
HEART = "heart"
SILENCE = "silence: "
SKIP_DRAW = turn_flag("mist_skip_draw", "The Point of No Return lost a power token: no nemesis draw this turn")
#: Voidwalk / Essence Integration: this many fragments in play make them resolve every UNLEASH
MANY = 3
#: The Heart of The Mother of Rust: at this many heart tokens a fragment is placed
HEART_AT = 4
#: a single game keeps this many of the ten tier-3 cards
TIER3_KEPT = 3
POINT = "The Point of No Return"

READINGS: dict[str, Any] = {
    "fragment_set": "the ten end-of-campaign fragments; campaign fragments and campaign Manifest left out",
    "tier3": "pool 3/3/10; a single game keeps 3 random tier-3 cards",
    "fire": "the table's fire tokens (K-8); ten lose",
    "oldest_minion": "the oldest fragment (only fragments print an UNLEASH effect)",
    "all_minions": "every fragment in play, oldest first",
    "all_in_play_loss": "checked whenever a fragment is placed",
    "supply_loss": "players pick the cards; under three left: destroy them all and lose",
    "point_of_no_return": "power 6, each token removed: Unleash twice and no nemesis draw; last token: loss",
    "heart": "nemesis token 'heart'",
    "shields": {"The Rust Superion's Armor": 1, "The Chest of Bone": 2, "The Rust Amalgam's Teeth": 1,
                "The Blades of Maelstrom": 1},
    "endless_amethyst": "one player destroys two opened breaches or spends 12 aether",
}


def is_fragment(name: str) -> bool:
    c = catalogue.NEMESIS_CARDS.get(name)
    return c is not None and c.deck == DECK


def fragments(g: Engine) -> list[InPlay]:
    """The fragments in play, oldest first."""
    return [c for c in g.state.nemesis.in_play if is_fragment(c.name)]


# ============================================================================ the fragment deck


def place_fragment(g: Engine, source: str) -> None:
    """The top fragment enters play (the discard pile reshuffled when the deck is empty);
    with every fragment in play the players lose."""
    n = g.state.nemesis
    name, shuffled = special_top(g.state, DECK, DISCARD)
    if shuffled:
        g.ev("fragments_reshuffled", amount=shuffled, source=source)
    if name is not None:
        card = catalogue.NEMESIS_CARDS[name]
        n.in_play.append(InPlay(name, life=card.life, shields=card.shields))
        g.ev("nemesis_card_in_play", card=name, life=card.life, source=source)
    if len(fragments(g)) >= len(catalogue.NEMESES[MR].special_decks[DECK]) and not g.state.over:
        g.ev("fragments_complete", source=source)
        g.end("loss", "nemesis_rule")


@step("place_fragments", text=lambda k: (
        "Place the top fragment into play." if k == 1 else f"Place the top {k} fragments into play."))
def _place_fragments(g: Engine, ctx: Ctx, k: int) -> None:
    for _ in range(k):
        if g.state.over:
            return
        place_fragment(g, ctx.source)


@step("to_fragment_discard", text=lambda: "It goes to the fragment discard pile.")
def _to_fragment_discard(g: Engine, ctx: Ctx) -> None:
    n = g.state.nemesis
    name = ctx.source
    n.tokens.pop(SILENCE + name, None)
    if name in n.discard:
        del n.discard[len(n.discard) - 1 - n.discard[::-1].index(name)]
        n.decks.setdefault(DISCARD, []).append(name)
        g.ev("fragment_discarded", card=name)


# ============================================================================ UNLEASH effects


@step("fragment_unleash", text=lambda steps: "UNLEASH: " + render_steps(steps))
def _fragment_unleash(g: Engine, ctx: Ctx, steps: Steps) -> None:
    """A marker: a fragment's UNLEASH effect resolves only through ``unleash_of``."""


def _unleash_steps(name: str) -> Steps:
    for s in catalogue.NEMESIS_CARDS[name].passive:
        if s[0] == "fragment_unleash":
            return tuple(s[1])
    return ()


@op("unleash_of")
def _unleash_of(g: Engine, name: str) -> None:
    """Fragment ``name`` resolves its UNLEASH effect, unless silenced: then it loses the token."""
    n = g.state.nemesis
    idx = find_ref(n.in_play, name)
    if idx < 0 or g.state.over:
        return
    c = n.in_play[idx]
    if c.silenced or n.tokens.pop(SILENCE + name, 0):
        c.silenced = False
        g.ev("fragment_silenced", card=name)
        return
    g.ev("fragment_unleash", card=name)
    g.push_steps(_unleash_steps(name), Ctx(-1, -1, name))


def _push_unleash_of(g: Engine, names: list[str]) -> None:
    for name in reversed(names):  # the first named resolves first
        g.push("unleash_of", name)


@step("unleash_fragments", text=lambda: "Resolve the UNLEASH effect of every fragment in play, oldest first.")
def _unleash_fragments(g: Engine, ctx: Ctx) -> None:
    _push_unleash_of(g, [c.name for c in fragments(g)])


_OLDEST = {"fragment": "The oldest fragment in play",
           "minion": "The oldest minion in play (of those printing one: the project's reading)"}


@step("oldest_unleash", text=lambda times, what: (
        f"{_OLDEST[what]} resolves its UNLEASH effect" + (", twice over." if times == 2 else ".")))
def _oldest_unleash(g: Engine, ctx: Ctx, times: int, what: str) -> None:
    fs = fragments(g)
    if fs:
        _push_unleash_of(g, [fs[0].name] * times)


@step("if_fragments", text=lambda k, a, b: (
        f"If {k} or more fragments are in play: {render_steps(a)} Otherwise: {render_steps(b)}"))
def _if_fragments(g: Engine, ctx: Ctx, k: int, a: Steps, b: Steps) -> None:
    g.push_steps(a if len(fragments(g)) >= k else b, ctx)


@step("all_minions_unleash", text=lambda: (
        "Resolve the UNLEASH effect of every minion in play that has one, oldest first."))
def _all_minions_unleash(g: Engine, ctx: Ctx) -> None:
    _push_unleash_of(g, [c.name for c in fragments(g)])


# ============================================================================ other steps


@step("mist_life", text=lambda k: f"Mist Revealed gains {k} life (she has no maximum).")
def _mist_life(g: Engine, ctx: Ctx, k: int) -> None:
    nem = g.state.nemesis
    nem.life += k
    g.ev("nemesis_life", amount=k, life=nem.life, source=ctx.source)


@step("heart_token", text=lambda at: (
        f"Mist Revealed gains 1 heart token; then, if she holds {at} or more, place the top fragment into "
        f"play and she loses {at} of them."))
def _heart_token(g: Engine, ctx: Ctx, at: int) -> None:
    t = g.state.nemesis.tokens
    t[HEART] = t.get(HEART, 0) + 1
    g.ev("token", token=HEART, amount=1, total=t[HEART])
    if t[HEART] >= at:
        t[HEART] -= at
        if not t[HEART]:
            del t[HEART]
        place_fragment(g, ctx.source)


def _supply_left(g: Engine) -> int:
    return sum(g.state.supply_counts)


@step("destroy_supply_or_lose", text=lambda k: (
        f"Destroy {k} cards in the supply (the players pick, one card at a time). If there are not {k} to "
        "destroy, the players destroy what is left and lose the game (the project's reading)."))
def _destroy_supply_or_lose(g: Engine, ctx: Ctx, k: int, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        if _supply_left(g) < k:  # READINGS["supply_loss"]
            for idx, c in enumerate(list(st.supply_counts)):
                for _ in range(c):
                    _destroy_one(g, idx, ctx.source)
            g.end("loss", "nemesis_rule")
            return
        if k <= 0:
            return
        opts: list[Action] = [("pile", nm) for nm, c in zip(st.supply_names, st.supply_counts, strict=True) if c > 0]
        ask_step(g, ctx, ("destroy_supply_or_lose", k), "pile", chooser(g, ctx),
                 f"Destroy a card of which supply pile? ({k} to go)", opts)
        return
    _destroy_one(g, st.supply_names.index(str(action[1])), ctx.source)
    if k > 1:
        g.push_steps((("destroy_supply_or_lose", k - 1),), ctx)


def _destroy_one(g: Engine, idx: int, source: str) -> None:
    st = g.state
    name = take_pile_top(st, idx)  # C-17: a marked copy at the pile's bottom comes last
    st.destroyed.append(name)
    g.ev("destroyed", player=-1, card=name, zone="supply", source=source)


def _any_breach(g: Engine, j: int) -> list[int]:
    return [b for b, br in enumerate(g.state.players[j].breaches) if br.state != "destroyed"]


@step("destroy_own_breach", text=lambda *, they=False: (
        "destroys one of their breaches." if they else "Destroy one of your breaches."))
def _destroy_own_breach(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("breach", b) for b in _any_breach(g, ctx.you)]
        if opts:
            ask_step(g, ctx, ("destroy_own_breach",), "breach", ctx.you, "Destroy which breach?", opts)
        return
    destroy_breach(g, ctx.you, int(action[1]), ctx.source)


def _opened(g: Engine, i: int) -> int:
    return sum(br.state == "open" for br in g.state.players[i].breaches)


def _pay_either(g: Engine, i: int, s: tuple[Any, ...]) -> bool:
    return _opened(g, i) >= int(s[1]) or g.state.players[i].aether >= int(s[2])


@step("breaches_or_aether", can_pay=_pay_either, text=lambda k, ae: (
        f"Destroy {k} of your opened breaches or spend {ae} Æ."))
def _breaches_or_aether(g: Engine, ctx: Ctx, k: int, ae: int, action: Action | None = None) -> None:
    i = ctx.you
    ok: list[Action] = []
    if _opened(g, i) >= k:
        ok.append(("choose", 0))
    if g.state.players[i].aether >= ae:
        ok.append(("choose", 1))
    if action is None:
        if len(ok) > 1:
            ask_step(g, ctx, ("breaches_or_aether", k, ae), "or", i, "Pay which way?", ok)
            return
        if not ok:
            return
        action = ok[0]
    g.push_steps((("destroy_opened_breaches", k),) if action[1] == 0 else (("spend_aether", ae),), ctx)


# ============================================================================ the mat's rules

on = trigger_source("nemesis", MR)


@on("setup")
def _setup(st: State) -> None:
    """The fragment deck shuffled; a single game keeps three random tier-3 cards of the ten."""
    n = st.nemesis
    deck = n.decks.setdefault(DECK, [])
    st.rng = shuffle(st.rng, deck)
    n.decks.setdefault(DISCARD, [])
    own3 = [c for c in n.deck if c in TIER3]
    st.rng = shuffle(st.rng, own3)
    for c in own3[TIER3_KEPT:]:
        n.deck.remove(c)


@on("exhaust")
def _exhaust(g: Engine, i: int) -> bool:
    """E-1 (1) replaced by the mat: a fragment enters play."""
    g.push("s", -1, -1, MR, ("place_fragments", 1))
    return True


@on("nemesis_turn_start")
def _turn_start(g: Engine) -> None:
    """Silence on a fragment is kept by the mat through the main phase; on increased
    difficulty the oldest fragment's UNLEASH effect resolves first."""
    n = g.state.nemesis
    for c in fragments(g):
        if c.silenced:
            c.silenced = False
            n.tokens[SILENCE + c.name] = 1
    if g.expert():
        g.push("s", -1, -1, MR, ("oldest_unleash", 1, "fragment"))


@on("end_of_turn")
def _end_of_turn(g: Engine) -> None:
    n = g.state.nemesis
    for c in fragments(g):
        if n.tokens.pop(SILENCE + c.name, 0):
            c.silenced = True
    for key in [k for k in n.tokens if k.startswith(SILENCE)]:
        del n.tokens[key]


@on("power_tick")
def _power_tick(g: Engine, ref: str) -> None:
    """The Point of No Return: each token it loses unleashes twice and skips the draw."""
    if ref == POINT:
        g.state.flags[SKIP_DRAW] = 1
        g.push("s", -1, -1, POINT, ("unleash", 2))


@on("nemesis_draw")
def _nemesis_draw(g: Engine) -> bool:
    return bool(g.state.flags.get(SKIP_DRAW))


rule("mist_setup", text=lambda kept: (
        f"Setup: shuffle the fragments face down into the fragment deck. Outside the campaign the nemesis "
        f"deck takes {kept} random tier-3 cards of its ten (the project's reading of a single game)."))
rule("mist_fragments", text=lambda: (
        "A fragment leaving play goes to the fragment discard pile; a fragment drawn from an empty deck first "
        "shuffles that pile into a new deck. A silenced fragment keeps its token until its UNLEASH effect "
        "would resolve: that once the effect is skipped and the token goes."))
rule("mist_all_fragments", text=lambda: "When every fragment is in play, the players lose.")
rule("mist_no_max", text=lambda: "Mist Revealed has no maximum life.")
rule("mist_exhaust", text=lambda: (
        "When a player is exhausted, place the top fragment into play instead of the two Unleashes."))
rule("mist_expert", text=lambda: (
        "As the nemesis turn begins, the oldest fragment in play resolves its UNLEASH effect."))


shown_in_panel(lambda name: name in (DECK, DISCARD, HEART) or name.startswith(SILENCE))


@table_panel
def _panel(view: Mapping[str, Any]) -> tuple[str, str] | None:
    n = view.get("nemesis") or {}
    if n.get("id") != MR:
        return None
    decks = n.get("decks") or {}
    return ("Fragments", f"deck {len(decks.get(DECK, ()))}; discard {len(decks.get(DISCARD, ()))}")


# ============================================================================ the fragments


def _card(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "LOG", nemesis=MR, **kw)


def _any(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


SHIELDS: dict[str, int] = READINGS["shields"]


def _fragment(name: str, life: int, *unleash: tuple[Any, ...]) -> NemesisCardDef:
    return _card(name, "minion", 0, life=life, shields=SHIELDS.get(name, 0), deck=DECK,
                 passive=(("fragment_unleash", tuple(unleash)),), discarded=(("to_fragment_discard",),))


_SUPPLY3 = ("destroy_supply_or_lose", 3)
FRAGMENTS = (
    _fragment("The Rust Superion's Armor", 2, _any(("suffer", 1))),
    _fragment("The Chest of Bone", 1, ("gravehold_damage", 1)),
    _fragment("The Hands of Griefweaver", 3, _SUPPLY3),
    _fragment("The Chains of Myth", 3, ("mist_life", 2)),
    _fragment("The Heart of The Mother of Rust", 3, ("heart_token", HEART_AT)),
    _fragment("The Wings of Fate Shepherd", 3, _any(("suffer", 2), ("gain_from_supply", "any", 4, False))),
    _fragment("The Rust Amalgam's Teeth", 2, _any(pick("discard", 1, "prepped"))),
    _fragment("The Belly of Prince of Gluttons", 3, _SUPPLY3),
    _fragment("The Claws of Rageborne", 3, _any(("suffer", 1))),
    _fragment("The Blades of Maelstrom", 2, ("gravehold_damage", 1)),
)

# ============================================================================ the deck

_U1, _U2 = ("unleash", 1), ("unleash", 2)


def _or(*branches: Steps) -> tuple[Any, ...]:
    """An OR of two or three branches (the players pick)."""
    if len(branches) == 2:
        return ("or", branches[0], branches[1])
    return ("or", branches[0], (_or(*branches[1:]),))


_VOID = ("if_fragments", MANY, (("all_minions_unleash",),), (("place_fragments", 2),))

ALCHEMICAL_ANATOMY = _card("Alchemical Anatomy", "attack", 1, effect=(_U1, ("oldest_unleash", 1, "minion")))
DAGGER_FLARE = _card("Dagger Flare", "attack", 1, effect=(_U1, ("add_fire", 1)))
SPREADING_CHAOS = _card("Spreading Chaos", "power", 1, power_tokens=1, to_discard=(("spend_aether", 7),),
                        power=(_U1, ("add_fire", 1)))

MANIFEST = _card("Manifest (Mist Revealed)", "attack", 2, shown="Manifest",
                 effect=(_or((("place_fragments", 2),), (("gravehold_damage", 6),)),))
VOIDWALK = _card("Voidwalk", "attack", 2, effect=(_VOID,))
AETHERIAL_SUTURES = _card("Aetherial Sutures", "power", 2, power_tokens=2, to_discard=(("spend_aether", 9),),
                          power=(_U1, ("player", "costliest_in_hand",
                                       (pick("discard", 1, "hand", "costliest"), ("suffer", 1)))))

GARNET_STORM = _card("Garnet Storm", "attack", 3, effect=(_U2,))
VOID_AUGURY = _card("Void Augury", "attack", 3, effect=(_or((_U2,), (_U1, _any(pick("destroy", 5)))),))
ARCHITECT = _card("Architect of the Flesh", "attack", 3, effect=(
    _or((_U2,), (_U1, _any(("suffer", 5))), (_U1, ("add_fire", 3))),))
UNLEASHED_POTENTIAL = _card("Unleashed Potential", "attack", 3, effect=(_U1, ("oldest_unleash", 2, "fragment")))
ESSENCE_INTEGRATION = _card("Essence Integration", "attack", 3, effect=(_VOID,))
CORRUPTED_BRAND = _card("Corrupted Brand", "attack", 3, effect=(_or((_U2,), (_U1, _any(("destroy_own_breach",)))),))
POINT_OF_NO_RETURN = _card(POINT, "power", 3, power_tokens=6, passive=(("point_tick",),),
                           power=(("players_lose",),))
PROGENITOR = _card("Progenitor of Power", "power", 3, power_tokens=1, to_discard=(pick("destroy", 5),),
                   power=(_U2,))
ENDLESS_AMETHYST = _card("Endless Amethyst", "power", 3, power_tokens=2, to_discard=(("breaches_or_aether", 2, 12),),
                         power=(_U2,))
SOUL_SCULPT = _card("Soul Sculpt", "power", 3, power_tokens=2, to_discard=(("spend_aether", 9),), power=(_U2,))


@step("point_tick", text=lambda: (
        "Whenever this loses a power token: Unleash twice, and the nemesis draws no card this turn. "
        "It never goes to the discard pile (the project's reading of its two transcriptions)."))
def _point_tick(g: Engine, ctx: Ctx) -> None:
    """A marker: the mat's ``power_tick`` handler applies it."""


DECK_CARDS = (ALCHEMICAL_ANATOMY, DAGGER_FLARE, SPREADING_CHAOS, MANIFEST, VOIDWALK, AETHERIAL_SUTURES,
              GARNET_STORM, VOID_AUGURY, ARCHITECT, UNLEASHED_POTENTIAL, ESSENCE_INTEGRATION, CORRUPTED_BRAND,
              POINT_OF_NO_RETURN, PROGENITOR, ENDLESS_AMETHYST, SOUL_SCULPT)
TIER3 = frozenset(c.name for c in DECK_CARDS if c.tier == 3)

NEMESIS = NemesisDef(
    MR, MR, "LOG", life=80, difficulty=10, expedition_level=4,
    unleash=(("unleash_fragments",), ("place_fragments", 1)),
    cards=tuple(c.name for c in DECK_CARDS),
    deck_shape=(3, 3, 10),
    special_decks={DECK: tuple(c.name for c in FRAGMENTS)},
    deck_holds={DISCARD: DECK},
    deck_faces={DISCARD: "up"},
    rules={"setup": (("mist_setup", TIER3_KEPT),),
           "fragments": (("mist_fragments",), ("mist_all_fragments",), ("mist_no_max",)),
           "exhaust": (("mist_exhaust",),)},
    increased_difficulty={"nemesis_turn_start": (("mist_expert",),)},
    no_max_life=True,
)

event_text("fragments_reshuffled", lambda e: f"the fragment discard pile ({e['amount']}) becomes the fragment deck"
           + by_source(e))
event_text("fragments_complete", lambda e: "every fragment is in play: Mist Revealed completes her creation"
           + by_source(e))
event_text("fragment_discarded", lambda e: f"{e['card']} goes to the fragment discard pile")
event_text("fragment_silenced", lambda e: f"{e['card']} is silenced: its UNLEASH effect is skipped")
event_text("fragment_unleash", lambda e: f"{e['card']}'s UNLEASH effect resolves")

#: every card of the nemesis, its fragments too (the box gathers them)
CARDS = (*DECK_CARDS, *FRAGMENTS)
