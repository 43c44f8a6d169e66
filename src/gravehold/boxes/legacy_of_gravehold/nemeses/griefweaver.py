"""Griefweaver: its mat (the fetter deck, covered supply piles and their loss), its three
fetters, its ten cards and the campaign's Voracious Spell Fetter, and the step kinds only it
uses.

**Fetters** are tier-0 minions of the special deck ``decks["fetter"]`` (5 gem, 4 relic and 6
spell fetters, face down). The mat's Unleash turns over the top fetter and puts it into play;
as it enters, it lies on a supply pile of its kind that no fetter lies on yet (the players
pick which). With no such pile it goes to ``decks["fetter discard"]`` instead and Gravehold
takes 2 damage. An empty fetter deck is first refilled from that discard pile, shuffled.

**A covered pile** is one a fetter lies on. Its cards wait in ``decks["under fetters"]``
(the pile shows 0 cards meanwhile), so nothing can gain or destroy them; the pile each fetter
in play covers is the nemesis token ``"fetter k pile"`` (the pile's place in the supply,
counted from 1) of the k-th fetter in play. When a fetter leaves play (defeated or discarded)
its pile's cards go back to the pile and the fetter goes to the fetter discard pile. A pile
is *uncovered* while it still holds cards and no fetter lies on it; once none is left, the
players lose.

Readings decided here (one table, ``READINGS``):

* ``pile_choice``: a fetter entering play in a game lies on the pile the players pick among
  the uncovered piles of its kind; at setup (no one is asked yet) it takes the first such pile
  in supply order.
* ``uncovered``: an uncovered pile is one that still holds cards and has no fetter on it; an
  emptied or destroyed pile is neither covered nor uncovered.
* ``destroy_pile``: destroying a supply pile destroys every card left in it; the players pick
  the pile among those the card allows.
* ``destroyed_fetter``: Clutch's fetter leaves the game (destroyed, K-10), and so do the
  cards of the pile it covered; the players pick it by the pile it lies on.
* ``voracious_fetters``: both Voracious Spell Fetters are fetters: they cover a pile, count as
  fetters in play, and enter with 1 more life on increased difficulty.
* ``voracious_discard``: the deck's Voracious Spell Fetter goes to the nemesis discard pile
  when it leaves play or cannot cover a pile; the campaign one goes back beside the mat
  (``decks["voracious"]``), where only Grasp takes it from.
* ``grasp``: Grasp puts the campaign's Voracious Spell Fetter into play (its story step is
  left out); once it is in play or gone, Grasp skips that part.
* ``deck``: the deck is 3/4/3 with both Grasp and the deck's Voracious Spell Fetter in tier 2.
* ``supply_caps``: the mat's caps on gem, relic and spell piles are not enforced: the supply
  is built as the setup asks (a usual market of 3 gems, 2 relics and 4 spells keeps to them).
* ``setup_extras``: fetters turned over at setup that find no pile go back into the fetter
  deck, which is then shuffled; Gravehold takes no damage during this setup.
* ``expert_setup``: on increased difficulty the players pick the supply pile destroyed
  before the fetters are placed.
* ``deadly_swing``: the player the players pick destroys their own costliest prepped spell
  (ties: theirs to pick), then suffers 3 damage.
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
    ask_step,
    base_name,
    by_source,
    catalogue,
    chooser,
    condition,
    counter,
    event_text,
    gravehold_damage,
    op,
    per,
    pick,
    put_under_pile,
    rule,
    shown_in_panel,
    shuffle,
    special_top,
    step,
    table_panel,
    take_from_pile,
    trigger_source,
)

GW = "Griefweaver"
FETTER_DECK, FETTER_DISCARD = "fetter", "fetter discard"
UNDER = "under fetters"
VORACIOUS_DECK = "voracious"
GEM_F, RELIC_F, SPELL_F = "Gem Fetter", "Relic Fetter", "Spell Fetter"
VORACIOUS, VORACIOUS_C = "Voracious Spell Fetter", "Voracious Spell Fetter (Campaign)"
#: each fetter of the fetter deck: (the kind of pile it covers, copies)
FETTERS: dict[str, tuple[str, int]] = {GEM_F: ("gem", 5), RELIC_F: ("relic", 4), SPELL_F: ("spell", 6)}
#: every card that is a fetter while in play
FETTER_NAMES = frozenset({*FETTERS, VORACIOUS, VORACIOUS_C})
#: damage to Gravehold when a fetter finds no pile to cover
NO_PILE_DAMAGE = 2
VORACIOUS_NO_PILE_DAMAGE = 4
#: covered piles at setup (one more when every gem pile ends covered, then a gem one is freed)
SETUP_COVERED = 4

#: every value decided where the sources are silent or disagree (see the readings above)
READINGS: dict[str, Any] = {
    "pile_choice": "the players pick in a game; at setup the first fitting pile in supply order",
    "uncovered": "a pile still holding cards with no fetter on it",
    "destroy_pile": "every card left in the pile is destroyed; the players pick the pile",
    "destroyed_fetter": "Clutch's fetter and its pile's cards leave the game; picked by its pile",
    "voracious_fetters": True,
    "voracious_discard": {VORACIOUS: "nemesis discard pile", VORACIOUS_C: "back beside the mat"},
    "grasp": "puts the campaign Voracious Spell Fetter into play; its story step is left out",
    "deck": (3, 4, 3),
    "supply_caps": "not enforced",
    "setup_extras": "shuffled back into the fetter deck; no damage to Gravehold",
    "expert_setup": "the players pick the destroyed pile",
    "expert_life": 1,
    "deadly_swing": "the picked player destroys their own costliest prepped spell, then suffers 3",
}


def _type(name: str) -> str:
    return catalogue.CARDS[name].type


def _cost(name: str) -> int:
    return catalogue.CARDS[name].cost


def is_fetter(name: str) -> bool:
    return base_name(name) in FETTER_NAMES


# ============================================================================ covered piles


def uncovered(st: State, kind: str = "any") -> list[str]:
    """Piles still holding cards with no fetter on them (all covered piles show 0 cards)."""
    return [name for name, k in zip(st.supply_names, st.supply_counts, strict=True)
            if k > 0 and (kind == "any" or _type(name) == kind)]


def _pile_key(rank: int) -> str:
    return f"fetter {rank + 1} pile"


def is_pile_key(key: str) -> bool:
    return key.startswith("fetter ") and key.endswith(" pile")


def covered(st: State) -> list[str]:
    """The piles the fetters in play lie on, in the order the fetters lie in play (nemesis
    tokens ``"fetter 1 pile"``, ``"fetter 2 pile"``, ...: the pile's place in the supply, from 1)."""
    tokens = st.nemesis.tokens
    out: list[str] = []
    while _pile_key(len(out)) in tokens:
        out.append(st.supply_names[int(tokens[_pile_key(len(out))]) - 1])
    return out


def _set_covered(st: State, piles: list[str]) -> None:
    tokens = st.nemesis.tokens
    for key in [k for k in tokens if is_pile_key(k)]:
        del tokens[key]
    for r, pile in enumerate(piles):
        tokens[_pile_key(r)] = st.supply_names.index(pile) + 1


def fetters_in_play(st: State) -> int:
    return sum(1 for c in st.nemesis.in_play if is_fetter(c.name))


def check_uncovered(g: Engine) -> None:
    """The mat's loss: once no supply pile is uncovered, the players lose."""
    st = g.state
    if not st.over and st.supply_names and not uncovered(st):
        g.ev("no_uncovered_pile")
        g.end("loss", "nemesis_rule")


def cover(st: State, pile: str) -> int:
    """A fetter about to lie on ``pile`` (the next fetter to enter play): the pile's cards go
    under it. Returns how many."""
    idx = st.supply_names.index(pile)
    cards = take_from_pile(st, idx, st.supply_counts[idx])  # C-17: marked copies and all
    k = len(cards)
    n = st.nemesis
    n.decks.setdefault(UNDER, []).extend(cards)
    _set_covered(st, [*covered(st), pile])
    return k


def _release(st: State, rank: int) -> tuple[str, list[str]] | None:
    """The rank-th fetter in play no longer covers its pile: its entry goes, and the cards
    that waited under it are returned to the caller (pile name, cards)."""
    n = st.nemesis
    piles = covered(st)
    if not 0 <= rank < len(piles):
        return None
    pile = piles.pop(rank)
    _set_covered(st, piles)
    under = n.decks.get(UNDER, [])
    cards = [c for c in under if catalogue.base_of(c) == pile]
    n.decks[UNDER] = [c for c in under if catalogue.base_of(c) != pile]
    return pile, cards


def uncover_rank(st: State, rank: int) -> str | None:
    """The pile under the rank-th fetter gets its cards back."""
    got = _release(st, rank)
    if got is None:
        return None
    pile, cards = got
    put_under_pile(st, st.supply_names.index(pile), cards)  # C-17: as they lay
    return pile


def _to_fetter_discard(st: State, name: str) -> None:
    """Where a fetter goes when it is discarded (READINGS ``voracious_discard``)."""
    n = st.nemesis
    if name in FETTERS:
        n.decks.setdefault(FETTER_DISCARD, []).append(name)
    elif name == VORACIOUS_C:
        n.decks.setdefault(VORACIOUS_DECK, []).append(name)
    else:
        n.discard.append(name)


def _drop_enter_frame(g: Engine, name: str) -> None:
    """A fetter that covers nothing never enters play: its pending ``enter_play`` frame goes."""
    stack = g.state.stack
    for k in range(len(stack) - 1, -1, -1):
        f = stack[k]
        if len(f) == 2 and f[0] == "enter_play" and f[1] == name:
            del stack[k]
            return


def _fetter_text(kind: str, dmg: int, *, they: bool = False) -> str:
    what = "the costliest uncovered spell supply pile (the players pick between ties)" \
        if kind == "costliest_spell" else f"an uncovered {kind} supply pile, the players picking which"
    return f"This fetter lies on {what}. Without one, it is discarded and Gravehold suffers {dmg} damage."


def _cover_options(st: State, kind: str) -> list[str]:
    if kind == "costliest_spell":
        spells = uncovered(st, "spell")
        top = max((_cost(p) for p in spells), default=0)
        return [p for p in spells if _cost(p) == top]
    return uncovered(st, kind)


@step("fetter_cover", text=_fetter_text)
def _fetter_cover(g: Engine, ctx: Ctx, kind: str, dmg: int, action: Action | None = None) -> None:
    """The IMMEDIATELY of every fetter: it covers a pile, or is discarded for damage."""
    st = g.state
    name = base_name(ctx.source)
    n = st.nemesis
    if action is None:
        opts: list[Action] = [("pile", p) for p in _cover_options(st, kind)]
        if opts:
            ask_step(g, ctx, ("fetter_cover", kind, dmg), "pile", chooser(g, ctx),
                     f"{name}: which supply pile does it cover?", opts)
            return
        if name in n.resolving:
            n.resolving.remove(name)
        _drop_enter_frame(g, name)
        _to_fetter_discard(st, name)
        g.ev("fetter_uncovering", card=name, source=ctx.source)
        gravehold_damage(g, dmg, ctx.source)
        return
    pile = str(action[1])
    k = cover(st, pile)
    if g.expert():  # increased difficulty: each fetter enters with more life
        st.flags["entry_life"] = (name, catalogue.NEMESIS_CARDS[name].life + int(READINGS["expert_life"]))
    g.ev("pile_covered", card=pile, amount=k, source=name)
    check_uncovered(g)


ENTRY_LIFE.add("fetter_cover")  # on increased difficulty a fetter enters above its printed life


def put_into_play(g: Engine, name: str, source: str) -> None:
    """A nemesis card from beside the mat comes into play: its IMMEDIATELY first (N-12)."""
    n = g.state.nemesis
    n.resolving.append(name)
    g.ev("fetter_drawn", card=name, source=source)
    g.push("enter_play", name)
    g.push_steps(catalogue.NEMESIS_CARDS[name].immediately, Ctx(-1, -1, name))


@step("unleash_fetter", text=lambda: (
        "Turn over the top card of the fetter deck and put it into play (the fetter discard pile is "
        "shuffled into a new fetter deck first when the deck is empty)."))
def _unleash_fetter(g: Engine, ctx: Ctx) -> None:
    name, shuffled = special_top(g.state, FETTER_DECK, FETTER_DISCARD)
    if shuffled:
        g.ev("fetter_deck_reformed", amount=shuffled, source=ctx.source)
    if name is not None:
        put_into_play(g, name, ctx.source)


@step("campaign_fetter", text=lambda: (
        "Put the campaign's Voracious Spell Fetter, kept beside the mat, into play (this project's reading: "
        "its story step is left out, and nothing happens while it is in play or gone)."))
def _campaign_fetter(g: Engine, ctx: Ctx) -> None:
    side = g.state.nemesis.decks.get(VORACIOUS_DECK, [])
    if VORACIOUS_C in side:
        side.remove(VORACIOUS_C)
        put_into_play(g, VORACIOUS_C, ctx.source)


def _destroy_pile_text(kind: str) -> str:
    what = "uncovered supply pile" if kind == "any" else f"uncovered {kind} supply pile"
    return f"Destroy every card of an {what} (the players pick which)."


def destroy_pile(g: Engine, pile: str, source: str) -> None:
    st = g.state
    idx = st.supply_names.index(pile)
    cards = take_from_pile(st, idx, st.supply_counts[idx])  # C-17: marked copies and all
    k = len(cards)
    st.destroyed.extend(cards)
    g.ev("pile_destroyed", card=pile, amount=k, source=source)
    check_uncovered(g)


@step("destroy_pile", text=_destroy_pile_text)
def _destroy_pile(g: Engine, ctx: Ctx, kind: str, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("pile", p) for p in uncovered(g.state, kind)]
        if opts:
            ask_step(g, ctx, ("destroy_pile", kind), "pile", chooser(g, ctx), "Destroy which supply pile?", opts)
        return
    destroy_pile(g, str(action[1]), ctx.source)


@step("destroy_fetter", text=lambda: (
        "Destroy a fetter in play and every card of the pile it covers (this project's reading: the players "
        "pick it by that pile, and both leave the game)."))
def _destroy_fetter(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = [("pile", p) for p in dict.fromkeys(covered(st))]
        if opts:
            ask_step(g, ctx, ("destroy_fetter",), "pile", chooser(g, ctx),
                     "Destroy the fetter on which supply pile?", opts)
        return
    pile = str(action[1])
    piles = covered(st)
    if pile not in piles:
        return
    rank = piles.index(pile)
    n = st.nemesis
    ranks = [k for k, c in enumerate(n.in_play) if is_fetter(c.name)]
    got = _release(st, rank)
    if got is None:
        return
    _, cards = got
    name = ""
    if rank < len(ranks):
        name = n.in_play[ranks[rank]].name
        del n.in_play[ranks[rank]]
        st.destroyed.append(base_name(name))
    st.destroyed.extend(cards)
    g.ev("fetter_destroyed", card=name, pile=pile, amount=len(cards), source=ctx.source)


# ============================================================================ counts


@counter("fetters", "per fetter in play")
def _fetters(g: Engine, ctx: Ctx) -> int:
    return fetters_in_play(g.state)


@condition("fetters_at_least", lambda k, *, they=False: f"{k} or more fetters are in play")
def _fetters_at_least(g: Engine, ctx: Ctx, k: int) -> bool:
    return fetters_in_play(g.state) >= k


@condition("uncovered_at_least", lambda k, *, they=False: f"{k} or more supply piles are uncovered")
def _uncovered_at_least(g: Engine, ctx: Ctx, k: int) -> bool:
    return len(uncovered(g.state)) >= k


# ============================================================================ the mat's hooks

on = trigger_source("nemesis", GW)


@on("left_play")
def _left_play(g: Engine, idx: int, name: str) -> None:
    """A fetter leaving play frees its pile and goes to its own discard."""
    if not is_fetter(name):
        return
    st = g.state
    n = st.nemesis
    rank = sum(1 for c in n.in_play[:idx] if is_fetter(c.name))
    base = base_name(name)
    if base != VORACIOUS and base in n.discard:
        del n.discard[len(n.discard) - 1 - n.discard[::-1].index(base)]
        _to_fetter_discard(st, base)
    pile = uncover_rank(st, rank)
    if pile is not None:
        g.ev("pile_uncovered", card=pile, source=base)


@on("pile_emptied")
def _pile_emptied(g: Engine, i: int) -> None:
    check_uncovered(g)


def place_setup_fetters(st: State) -> None:
    """The mat's setup: fetters go into play until four piles are covered (five, then one
    gem pile freed, when no gem pile is left uncovered); fetters that fit nowhere go back."""
    n = st.nemesis
    deck = n.decks.setdefault(FETTER_DECK, [])
    extra: list[str] = []
    bonus = int(READINGS["expert_life"]) if st.config.get("expert") else 0
    target = SETUP_COVERED
    while len(covered(st)) < target and deck:
        name = deck.pop(0)
        fits = uncovered(st, FETTERS[name][0])
        if not fits:
            extra.append(name)
            continue
        cover(st, fits[0])
        n.in_play.append(InPlay(name, life=catalogue.NEMESIS_CARDS[name].life + bonus))
        if len(covered(st)) == target == SETUP_COVERED and not uncovered(st, "gem"):
            target += 1
    if target > SETUP_COVERED:  # free the first covered gem pile
        piles = covered(st)
        gems = [r for r, p in enumerate(piles) if _type(p) == "gem"]
        if gems:
            rank = gems[0]
            ranks = [k for k, c in enumerate(n.in_play) if is_fetter(c.name)]
            name = n.in_play[ranks[rank]].name
            del n.in_play[ranks[rank]]
            uncover_rank(st, rank)
            _to_fetter_discard(st, name)
    if extra:
        deck.extend(extra)
        st.rng = shuffle(st.rng, deck)


@on("setup")
def _setup(st: State) -> None:
    """The fetters go on the supply; on increased difficulty a pile is destroyed first (the
    players pick it as the game starts, then the fetters are placed)."""
    if st.config.get("expert"):
        st.stack.append(("fetter_setup",))
        st.stack.append(("s", -1, -1, GW, ("destroy_pile", "any")))
        return
    place_setup_fetters(st)


@op("fetter_setup")
def _fetter_setup(g: Engine) -> None:
    place_setup_fetters(g.state)


# ============================================================================ the fetters


def _card(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "LOG", nemesis=GW, **kw)


FETTER_CARDS = tuple(_card(name, "minion", 0, life=4, deck=FETTER_DECK,
                           immediately=(("fetter_cover", kind, NO_PILE_DAMAGE),))
                     for name, (kind, _) in FETTERS.items())


def _any(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


# ============================================================================ cards

DOOM_CUDGEL = _card("Doom Cudgel", "power", 1, power_tokens=2, to_discard=(("spend_aether", 6),),
                    power=(("if", ("fetters_at_least", 4), (_any(("suffer", per("fetters"))),),
                            (("unleash", 2),)),))
CLUTCH = _card("Clutch", "attack", 1, effect=(("destroy_fetter",), _any(("suffer", 2))))
CONSTRICT = _card("Constrict", "attack", 1, effect=(("destroy_pile", "spell"), ("gravehold_damage", 2)))

KILLING_EMBRACE = _card("Killing Embrace", "power", 2, power_tokens=2, immediately=(("unleash", 2),),
                        power=(("gravehold_damage", per("fetters", 1, plus=2)),))
HAND_OF_AGONY = _card("Hand of Agony", "minion", 2, life=9, persistent=(
    ("if", ("uncovered_at_least", 4), (("destroy_pile", "any"),), (("unleash", 1), ("gravehold_damage", 2))),))
VORACIOUS_SPELL_FETTER = _card(VORACIOUS, "minion", 2, life=7, immediately=(
    ("destroy_pile", "any"), _any(("suffer", 2)), ("fetter_cover", "costliest_spell", VORACIOUS_NO_PILE_DAMAGE)))
GRASP = _card("Grasp", "attack", 2, effect=(("campaign_fetter",), ("destroy_pile", "any"), _any(("suffer", 2))))

STRANGLE_WITCH = _card("Strangle Witch", "minion", 3, life=14,
                       persistent=(("unleash", 2), ("gravehold_damage", per("fetters"))))
SUBSUME = _card("Subsume", "attack", 3, effect=(
    ("if", ("uncovered_at_least", 2), (("unleash", 4),), (_any(("suffer", 5)),)),))
DEADLY_SWING = _card("Deadly Swing", "power", 3, power_tokens=2, power=(
    ("destroy_pile", "any"), _any(pick("destroy", 1, "prepped", "costliest"), ("suffer", 3))))

VORACIOUS_CAMPAIGN = _card(VORACIOUS_C, "minion", 0, life=7, shown=VORACIOUS, deck=VORACIOUS_DECK, immediately=(
    ("fetter_cover", "costliest_spell", VORACIOUS_NO_PILE_DAMAGE),))

DECK_CARDS = (DOOM_CUDGEL, CLUTCH, CONSTRICT, KILLING_EMBRACE, HAND_OF_AGONY, VORACIOUS_SPELL_FETTER, GRASP,
              STRANGLE_WITCH, SUBSUME, DEADLY_SWING)

# ============================================================================ the mat

rule("griefweaver_setup", text=lambda n: (
        f"Setup: shuffle the fetters face down into the fetter deck. Turn fetters over into play until {n} "
        "supply piles are covered; if every gem pile is then covered, go on to one more and free a gem "
        "pile by discarding its fetter. Fetters that fit nowhere are shuffled back, and Gravehold takes "
        "no damage meanwhile. (This project's reading: each fetter takes the first pile of its kind in "
        "supply order.)"))
rule("griefweaver_covered", text=lambda: (
        "A fetter lying on a supply pile covers it: its cards cannot be gained or destroyed until the "
        "fetter leaves play. When no supply pile is left uncovered, the players lose. (This project's "
        "reading: an emptied or destroyed pile counts as neither.)"))
rule("griefweaver_reform", text=lambda: (
        "A fetter that leaves play goes to the fetter discard pile; when one must come into play and the "
        "fetter deck is empty, shuffle that discard pile into a new deck."))
rule("griefweaver_expert_setup", text=lambda: (
        "Setup: before the fetters are placed, the players pick a supply pile to destroy."))
rule("griefweaver_expert_life", text=lambda n: f"Every fetter comes into play with {n} more life.")


shown_in_panel(lambda name: name in (FETTER_DECK, FETTER_DISCARD, UNDER, VORACIOUS_DECK) or is_pile_key(name))


@table_panel
def _panel(view: Mapping[str, Any]) -> tuple[str, str] | None:
    n = view.get("nemesis") or {}
    if n.get("id") != GW:
        return None
    decks = n.get("decks") or {}
    supply = [p for p, _ in view.get("supply") or []]
    tokens = n.get("tokens") or {}
    piles = [supply[int(v) - 1] for k, v in sorted(tokens.items()) if is_pile_key(k) and 0 < int(v) <= len(supply)]
    under = decks.get(UNDER) or []
    cov = ", ".join(f"{p} ({under.count(p)})" for p in piles) or "none"
    return ("Fetters", f"deck {len(decks.get(FETTER_DECK, ()))}, discard {len(decks.get(FETTER_DISCARD, ()))}; "
                       f"covered: {cov}")


NEMESIS = NemesisDef(
    GW, GW, "LOG", life=60, difficulty=8, expedition_level=4,
    unleash=(("unleash_fetter",),),
    cards=tuple(c.name for c in DECK_CARDS),
    special_decks={FETTER_DECK: tuple(name for name, (_, copies) in FETTERS.items() for _ in range(copies)),
                   VORACIOUS_DECK: (VORACIOUS_C,)},
    deck_holds={FETTER_DISCARD: FETTER_DECK, UNDER: "player"},
    deck_faces={FETTER_DISCARD: "up", UNDER: "up", VORACIOUS_DECK: "up"},
    rules={"setup": (("griefweaver_setup", SETUP_COVERED),),
           "fetters": (("griefweaver_covered",), ("griefweaver_reform",))},
    increased_difficulty={"setup": (("griefweaver_expert_setup",),),
                          "fetters": (("griefweaver_expert_life", READINGS["expert_life"]),)},
    deck_shape=(3, 4, 3),
)

# ============================================================================ log lines

event_text("fetter_drawn", lambda e: f"{e['card']} comes into play" + by_source(e))
event_text("fetter_uncovering", lambda e: f"{e['card']} finds no pile to cover and is discarded" + by_source(e))
event_text("pile_covered", lambda e: f"{e['source']} covers the {e['card']} pile ({e['amount']} cards)")
event_text("pile_uncovered", lambda e: f"the {e['card']} pile is uncovered as {e['source']} leaves play")
event_text("pile_destroyed", lambda e: f"the {e['card']} pile is destroyed ({e['amount']} cards)" + by_source(e))
event_text("fetter_destroyed", lambda e: f"{e['card']} is destroyed with the {e['pile']} pile under it "
           f"({e['amount']} cards)" + by_source(e))
event_text("fetter_deck_reformed", lambda e: f"the fetter discard pile is shuffled into a new fetter deck "
           f"({e['amount']} cards)" + by_source(e))
event_text("no_uncovered_pile", lambda e: "no supply pile is left uncovered")

#: every card of the nemesis: its deck, the fetters and the campaign's fetter (the box gathers them)
CARDS = (*DECK_CARDS, *FETTER_CARDS, VORACIOUS_CAMPAIGN)
