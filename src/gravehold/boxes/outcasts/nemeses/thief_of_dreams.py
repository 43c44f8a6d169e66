"""Thief of Dreams: its mat, the Dream Mat, the Dream deck, the Delirium turn order card and
its nine cards.

The Dream deck (``decks["dream"]``, face down) holds player cards: at setup, copies taken
from the supply piles (``DREAM_COPIES``), shuffled. The Dream Mat's spaces 1 to 5 each hold
one card at most, each space a face-up special deck of its own (``decks["dream mat space
k"]``, 0 or 1 player card); a card moved onto space 6 never stays there. Dream Devourer, a
minion, also lies on a space while in play: the nemesis token ``"Dream Devourer space"``
says which (absent: not on the mat).

* Unleash (``dream_unleash``): the top card of the Dream deck goes onto space 1; the cards
  on spaces 1, 2, ... in a row each move one space forward to make room (``dream_place``).
* Moving forward (``dream_advance``, a push): a supply card that reaches space 6 is slid
  under the Dream deck, and a player the group picks takes 2 (3 on expert); Dream Devourer
  reaching it is discarded and Gravehold suffers 6. Under Spiralling Nightmare's lasting
  rule (token ``"space 5 skipped"``) a card on space 4 moves straight to space 6.
* The cards on the mat are part of the supply: in their main phase a player may gain one
  by paying its cost (main action ``dream_gain``) or destroy one for 3 aether
  (``dream_destroy``; not while Eternal Dreamer is in play).
* With no supply card left on the mat (``dream_check``, after every change), the players
  win if the Dream deck is empty too (G-1, the mat's own win), and otherwise the nemesis
  Unleashes.
* The Delirium turn order card (``NemesisDef.turn_order``, dealt as ``"N:Delirium"`` in
  place of one Nemesis card; both on expert) gives the nemesis its turn as any nemesis card
  does, and the nemesis Unleashes first (``nemesis_turn_start``).
* A player exhausted: Gravehold suffers 5 instead of the two Unleashes (E-6).

Readings decided here (the values in ``READINGS`` and ``MAT``; the mat text says so):

* The Dream Devourer counts as a card on the Dream Mat for moving and making room (it lies
  on a space as the supply cards do), but not as a supply card: it is never gained or
  destroyed for aether, and a mat holding only it has no supply card (the nemesis Unleashes).
* "The gem pile with the lowest cost": when two gem piles share the lowest cost, the first of
  them in supply order keeps its cards.
* A supply pile with fewer copies than the setup asks for gives what it has.
* Effects that gain "a card from the supply" offer the supply piles only; the Dream Mat's
  cards are gained in the main phase, as bought cards (``dream_gain``), at their cost (a
  modifier of gain costs applies to them too).
* Deluge of Magic and Siphon Memories are decided by the players (N-6): which revealed cards
  go to the bottom, the order of the rest, who gives which cards.
* Aether Drain: the player holding the costliest gem discards three cards of their choice;
  with no gem in any hand nobody discards (as far as it can resolve, N-6).
* A card placed on the mat with the Dream deck empty: nothing is placed.
* A card gained from the mat is no gain "from its supply pile": rules that watch a pile's
  gains (a token lying on a pile) do not see it, as with The New Age's exiled pile.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....boxapi import (
    ACTS,
    Act,
    Action,
    Ctx,
    Engine,
    Item,
    NemesisCardDef,
    NemesisDef,
    State,
    action_head,
    ask_step,
    available,
    chooser,
    count_of,
    find_ref,
    gravehold_damage,
    leave_play,
    op,
    pay,
    pick,
    receive_gained,
    render_steps,
    rule,
    shown_in_panel,
    shuffle,
    standing,
    step,
    table_panel,
    take_from_pile,
    trigger_source,
)
from ....boxapi import catalogue as content

TD = "Thief of Dreams"
DELIRIUM = "Delirium"
DREAM = "dream"  # the Dream deck
DEVOURER = "Dream Devourer"
DEVOURER_AT = "Dream Devourer space"  # nemesis token: the space the Devourer lies on
SKIP_FIVE = "space 5 skipped"  # nemesis token: Spiralling Nightmare's lasting rule
#: the Dream Mat: spaces that hold a card, damage for a supply card reaching the last space
#: (normal, expert), aether to destroy a card there, Gravehold's damage when Dream Devourer
#: reaches it and when a player is exhausted (from the mat and the cards)
MAT = {"spaces": 5, "lost": 2, "expert_lost": 3, "destroy_cost": 3, "devourer_lost": 6, "exhausted": 5}
LAST = MAT["spaces"] + 1  # space 6: a card moved there leaves the mat
#: copies of each supply pile's card set aside into the Dream deck, by card type; the gem
#: pile of the lowest cost gives none
DREAM_COPIES = {"relic": 4, "spell": 4, "gem": 6}
#: the project's readings where the sources are silent (see the module docstring)
READINGS = {
    "devourer": "Dream Devourer takes up a space as a card does, but is no supply card",
    "cheapest_gem": "of two gem piles of the lowest cost, the first keeps its cards",
    "supply_gains": "effects that gain from the supply offer the piles only; the mat's cards are bought",
}


def space(k: int) -> str:
    """The special deck of Dream Mat space k (1 to 5)."""
    return f"dream mat space {k}"


SPACE_KEYS = tuple(space(k) for k in range(1, MAT["spaces"] + 1))

_CARDS: list[NemesisCardDef] = []


def _card(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    c = NemesisCardDef(name, type_, tier, "O", nemesis=TD, **kw)
    _CARDS.append(c)
    return c


def _any_player(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


# ============================================================================ the Dream Mat


def on_space(g: Engine, k: int) -> str | None:
    """The supply card on space k, or None."""
    cards = g.state.nemesis.decks.get(space(k))
    return cards[0] if cards else None


def devourer_at(g: Engine) -> int:
    return int(g.state.nemesis.tokens.get(DEVOURER_AT, 0))


def occupied(g: Engine, k: int) -> bool:
    return on_space(g, k) is not None or devourer_at(g) == k


def supply_on_mat(g: Engine) -> list[tuple[int, str]]:
    """(space, card) of every supply card on the Dream Mat, space 1 first."""
    return [(k, c) for k in range(1, LAST) if (c := on_space(g, k)) is not None]


def next_space(g: Engine, k: int) -> int:
    """The space after k (Spiralling Nightmare's rule skips space 5)."""
    nxt = k + 1
    return LAST if nxt == 5 and g.state.nemesis.tokens.get(SKIP_FIVE) else nxt


def _move(g: Engine, k: int, source: str) -> None:
    """The card (or Devourer) on space k moves one space forward; onto space 6 it leaves."""
    to = next_space(g, k)
    decks = g.state.nemesis.decks
    if devourer_at(g) == k:
        if to >= LAST:
            g.state.nemesis.tokens.pop(DEVOURER_AT, None)
            g.push("dream_devourer_lost", source)
        else:
            g.state.nemesis.tokens[DEVOURER_AT] = to
        g.ev("dream_moved", card=DEVOURER, space=to, source=source)
        return
    card = decks[space(k)].pop()
    g.ev("dream_moved", card=card, space=to, source=source)
    if to >= LAST:
        decks.setdefault(DREAM, []).append(card)
        g.push("s", -1, -1, TD, _any_player(("suffer", lost_damage(g))))
        return
    decks.setdefault(space(to), []).append(card)


def lost_damage(g: Engine) -> int:
    return MAT["expert_lost"] if g.state.config.get("expert") else MAT["lost"]


@op("dream_devourer_lost")
def _devourer_lost(g: Engine, source: str) -> None:
    """Dream Devourer moved onto space 6: it is discarded and Gravehold suffers 6."""
    n = g.state.nemesis
    idx = find_ref(n.in_play, DEVOURER)
    if idx >= 0:
        g.ev("nemesis_card_discarded", card=DEVOURER)
        leave_play(g, idx)
    gravehold_damage(g, MAT["devourer_lost"], DEVOURER)


def make_room(g: Engine, source: str) -> None:
    """The cards on spaces 1, 2, ... in a row move forward, the frontmost first."""
    last = 0
    while last + 1 < LAST and occupied(g, last + 1):
        last += 1
    for k in range(last, 0, -1):
        _move(g, k, source)


def place(g: Engine, card: str, source: str) -> None:
    """A card goes onto space 1 (a supply card, or ``DEVOURER``), the others making room;
    what making room loses resolves after the card is placed, then the mat is checked."""
    g.push("dream_check")
    make_room(g, source)
    if card == DEVOURER:
        g.state.nemesis.tokens[DEVOURER_AT] = 1
    else:
        g.state.nemesis.decks.setdefault(space(1), []).append(card)
    g.ev("dream_placed", card=card, source=source)


@step("dream_unleash", text=lambda: "Put the top card of the Dream deck on space 1 of the Dream Mat.")
def _dream_unleash(g: Engine, ctx: Ctx) -> None:
    deck = g.state.nemesis.decks.setdefault(DREAM, [])
    if not deck:
        g.ev("dream_deck_empty", source=ctx.source)
        return
    place(g, deck.pop(0), ctx.source)


@step("dream_advance", text=lambda: "Every card lying on the Dream Mat advances by one space.")
def _dream_advance(g: Engine, ctx: Ctx) -> None:
    g.push("dream_check")
    for k in range(MAT["spaces"], 0, -1):  # the frontmost first: each finds its next space free
        if occupied(g, k):
            _move(g, k, ctx.source)


@op("dream_check")
def _dream_check(g: Engine) -> None:
    """No supply card on the mat: the players win with the Dream deck empty, else Unleash."""
    if g.state.over or supply_on_mat(g):
        return
    if not g.state.nemesis.decks.get(DREAM):
        g.ev("dream_emptied")
        g.end("win", "nemesis_rule")
        return
    g.push("unleash", 1)


# ============================================================================ tier 1


@step("devourer_place", text=lambda: "Place it on space 1 of the Dream Mat; it moves forward as a supply card "
      f"does. Should it move onto space 6, discard it and Gravehold suffers {MAT['devourer_lost']} damage.")
def _devourer_place(g: Engine, ctx: Ctx) -> None:
    place(g, DEVOURER, ctx.source)


DREAM_DEVOURER = _card(DEVOURER, "minion", 1, life=8, immediately=(("devourer_place",),))
BACKLASH = _card("Backlash", "attack", 1, effect=(
    ("or", (("unleash", 2), _any_player(("draw", 1, "you"))), (("gravehold_damage", 4),)),))


@step("dream_sift", text=lambda n, bottom: (
        f"Reveal the top {n} cards of the Dream deck; put {bottom} of them on its bottom and the rest "
        "back on top in any order."))
def _dream_sift(g: Engine, ctx: Ctx, n: int, bottom: int) -> None:
    deck = g.state.nemesis.decks.setdefault(DREAM, [])
    if deck:
        g.ev("dream_revealed", cards=deck[:n], source=ctx.source)
        g.push("s", ctx.you, ctx.owner, ctx.source, ("dream_sift_pick", min(n, len(deck)), bottom, 0))


@step("dream_sift_pick", text=lambda n, bottom, start: (
        f"Of the {n} revealed cards of the Dream deck, put {bottom} on its bottom, the rest on top in any order."))
def _dream_sift_pick(g: Engine, ctx: Ctx, n: int, bottom: int, start: int, action: Action | None = None) -> None:
    """The players choose each card for the bottom, then which goes on top next; the cards
    stay in the deck while they choose (``start``: how many of the top are already ordered)."""
    deck = g.state.nemesis.decks.setdefault(DREAM, [])
    if action is None:
        names = sorted(set(deck[start:start + n]))
        if n <= 0 or (bottom <= 0 and len(names) <= 1):
            return
        prompt = "Which revealed card is slid under the Dream deck?" if bottom > 0 \
            else "Which revealed card goes on top next?"
        ask_step(g, ctx, ("dream_sift_pick", n, bottom, start), "card", chooser(g, ctx), prompt,
                 [("card", c) for c in names])
        return
    name = str(action[1])
    deck.pop(deck.index(name, start, start + n))
    if bottom > 0:
        deck.append(name)
        g.ev("dream_to_bottom", card=name, source=ctx.source)
        g.push("s", ctx.you, ctx.owner, ctx.source, ("dream_sift_pick", n - 1, bottom - 1, start))
        return
    deck.insert(start, name)
    g.push("s", ctx.you, ctx.owner, ctx.source, ("dream_sift_pick", n - 1, 0, start + 1))


DELUGE_OF_MAGIC = _card("Deluge of Magic", "power", 1, power_tokens=3,
                        power=(("dream_sift", 4, 2), ("unleash", 2)))

# ============================================================================ tier 2

SCION_OF_DREAMS = _card("Scion of Dreams", "minion", 2, life=10,
                        persistent=(("dream_advance",), ("gravehold_damage", 2)))
FOOLS_BARGAIN = _card("Fool's Bargain", "power", 2, power_tokens=2,
                      to_discard=(pick("discard", 2, "hand", ("cost_at_least", 4)),),
                      power=(("unleash", 2), ("dream_advance",)))


@step("skip_space_five", text=lambda: (
        "A card lying on space 5 of the Dream Mat advances by one. From now until the game ends, "
        "a card advancing on the Dream Mat passes space 5 by."))
def _skip_space_five(g: Engine, ctx: Ctx) -> None:
    g.push("dream_check")
    if occupied(g, 5):
        _move(g, 5, ctx.source)
    g.state.nemesis.tokens[SKIP_FIVE] = 1
    g.ev("dream_space_skipped", space=5, source=ctx.source)


SPIRALLING_NIGHTMARE = _card("Spiralling Nightmare", "power", 2, power_tokens=2,
                             power=(("unleash", 1), ("gravehold_damage", 4), ("skip_space_five",)))

# ============================================================================ tier 3

rule("dream_guard", text=lambda: "While this is in play, no card lying on the Dream Mat may be destroyed.")
ETERNAL_DREAMER = _card("Eternal Dreamer", "minion", 3, life=17, passive=(("dream_guard",),),
                        persistent=(("gravehold_damage", 4),))


def _gem_holders(g: Engine) -> list[int]:
    """The players holding the costliest gem in hand (none: nobody holds a gem)."""
    cards = content.CARDS
    best = {j: max((cards[c].cost for c in p.hand if cards[c].type == "gem"), default=-1)
            for j, p in enumerate(g.state.players)}
    top = max(best.values(), default=-1)
    return [j for j, v in best.items() if v == top] if top >= 0 else []


@step("drain_discard", text=lambda n, dmg: (
        f"The player with the costliest gem in hand discards {count_of(n, 'card')} from their hand; "
        f"for each of them that costs 0 Æ, Gravehold suffers {dmg} damage."))
def _drain_discard(g: Engine, ctx: Ctx, n: int, dmg: int, action: Action | None = None) -> None:
    """The players name who, among the holders of the costliest gem; that player discards."""
    if action is None:
        who = _gem_holders(g)
        if who:
            ask_step(g, ctx, ("drain_discard", n, dmg), "player", chooser(g, ctx),
                     "Who holds the costliest gem and discards?", [("player", j) for j in who])
        return
    j = int(action[1])
    g.push("s", j, j, ctx.source, ("discard_counting_free", n, dmg))


@step("discard_counting_free", text=lambda n, dmg: (
        f"Discard {count_of(n, 'card')} from your hand; for each that costs 0 Æ, Gravehold suffers {dmg} damage."))
def _discard_counting_free(g: Engine, ctx: Ctx, n: int, dmg: int, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        if n > 0 and p.hand:
            ask_step(g, ctx, ("discard_counting_free", n, dmg), "discard", ctx.you,
                     f"Discard which card? ({n} to go)", [("card", c) for c in sorted(set(p.hand))])
        return
    name = str(action[1])
    p.hand.remove(name)
    p.discard.append(name)
    g.ev("discard", player=ctx.you, card=name, source=ctx.source)
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("discard_counting_free", n - 1, dmg))
    if content.CARDS[name].cost == 0:
        gravehold_damage(g, dmg, ctx.source)


AETHER_DRAIN = _card("Aether Drain", "attack", 3, effect=(("unleash", 2), ("drain_discard", 3, 2)))


def _to_dream_top(g: Engine, ctx: Ctx, item: Item) -> None:
    """A card from its owner's hand onto the Dream deck, face down on top."""
    j, _, name, _ = item
    g.state.players[j].hand.remove(name)
    g.state.nemesis.decks.setdefault(DREAM, []).insert(0, name)
    g.ev("dream_given", player=j, card=name, source=ctx.source)


ACTS["to_dream_top"] = Act("put", "puts", " on top of the Dream deck", "card", frozenset({"hand"}), _to_dream_top)


def _givers(g: Engine, least: int) -> list[int]:
    cards = content.CARDS
    return [j for j, p in enumerate(g.state.players) if any(cards[c].cost >= least for c in p.hand)]


@step("dream_collect", text=lambda n, least: (
        f"From their hands, the players between them lay {count_of(n, 'card')} of cost {least} Æ or "
        "more face down onto the Dream deck."))
def _dream_collect(g: Engine, ctx: Ctx, n: int, least: int, action: Action | None = None) -> None:
    """Each pick: the players name who gives the next card; that player picks it (hands are
    their own to see). As many as the hands hold, N-6."""
    if action is None:
        who = _givers(g, least)
        if n > 0 and who:
            ask_step(g, ctx, ("dream_collect", n, least), "player", chooser(g, ctx),
                     f"Who puts the next card on the Dream deck? ({n} to go)", [("player", j) for j in who])
        return
    j = int(action[1])
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("dream_collect", n - 1, least))
    g.push("s", j, j, ctx.source, pick("to_dream_top", 1, "hand", ("cost_at_least", least)))


SIPHON_MEMORIES = _card("Siphon Memories", "attack", 3, effect=(("dream_collect", 3, 1), ("unleash", 3)))

CARDS = tuple(_CARDS)

# ============================================================================ the mat

on = trigger_source("nemesis", TD)  # this mat's rules, at the engine's trigger points


@on("setup")
def _setup(st: State) -> None:
    """S-7: the Dream deck from the supply piles, shuffled; the spaces; Unleash twice."""
    cards = content.CARDS
    gems = [k for k, c in enumerate(st.supply_names) if cards[c].type == "gem"]
    keep = min(gems, key=lambda k: cards[st.supply_names[k]].cost) if gems else -1
    dream: list[str] = []
    for k, name in enumerate(st.supply_names):
        dream += take_from_pile(st, k, DREAM_COPIES.get(cards[name].type, 0) if k != keep else 0)  # C-17
    st.rng = shuffle(st.rng, dream)
    st.nemesis.decks[DREAM] = dream
    for key in SPACE_KEYS:
        st.nemesis.decks[key] = []
    for _ in range(_rule_arg("setup", "dream_setup", 1, 2)):  # the setup's Unleashes: nothing to lose yet
        if dream:
            for k in range(MAT["spaces"] - 1, 0, -1):
                st.nemesis.decks[space(k + 1)] = st.nemesis.decks[space(k)]
            st.nemesis.decks[space(1)] = [dream.pop(0)]


def _rule_arg(key: str, kind: str, pos: int, default: int) -> int:
    for s in content.NEMESES[TD].rules.get(key, ()):
        if s[0] == kind:
            return int(s[pos])
    return default


@on("nemesis_turn_start")
def _delirium(g: Engine) -> None:
    """The Delirium card drawn: the nemesis Unleashes, then takes its turn as normal."""
    st = g.state
    if st.to_discard and st.to_discard[-1] == f"N:{DELIRIUM}":
        g.ev("delirium", source=DELIRIUM)
        g.push("unleash", 1)


@on("exhaust")
def _exhaust(g: Engine, i: int) -> bool:
    """E-6: Gravehold suffers 5 instead of the two Unleashes."""
    g.push("s", -1, -1, TD, ("gravehold_damage", MAT["exhausted"]))
    return True


@on("left_play")
def _left_play(g: Engine, idx: int, name: str) -> None:
    """Dream Devourer leaving play leaves the mat too."""
    if name == DEVOURER:
        g.state.nemesis.tokens.pop(DEVOURER_AT, None)


def _cost(g: Engine, i: int, name: str) -> int:
    cheaper = g.on.get("gain_cost")
    c = content.CARDS[name].cost
    return c if cheaper is None else int(cheaper(g, i, name, c))


action_head("dream_gain", ("card", "amount"), text=lambda c, k: f"gain {c} from space {k} of the Dream Mat",
            detail=lambda st, d, c, k: f"gain {c} from space {k} of the Dream Mat ({content.CARDS[c].cost} Æ)",
            phase="main")
action_head("dream_destroy", ("card", "amount"),
            text=lambda c, k: f"destroy {c} on space {k} of the Dream Mat ({MAT['destroy_cost']} Æ)", phase="main")


@on("main_options")
def _main_options(g: Engine, i: int) -> list[Action]:
    p = g.state.players[i]
    opts: list[Action] = []
    guarded = bool(standing(g, "dream_guard"))
    for k, c in supply_on_mat(g):
        if available(p, content.CARDS[c].type) >= _cost(g, i, c):
            opts.append(("dream_gain", c, k))
        if not guarded and available(p, "other") >= MAT["destroy_cost"]:
            opts.append(("dream_destroy", c, k))
    return opts


@on.action("dream_gain")
def _gain(g: Engine, i: int, action: Action) -> None:
    """P-8 for a card on the mat: pay its cost and gain it."""
    name, k = str(action[1]), int(action[2])
    pay(g.state.players[i], _cost(g, i, name), content.CARDS[name].type)
    g.state.nemesis.decks[space(k)].remove(name)
    g.ev("dream_gained", player=i, card=name, space=k)
    g.push("dream_check")
    receive_gained(g, i, name, on_your_turn=True)


@on.action("dream_destroy")
def _destroy(g: Engine, i: int, action: Action) -> None:
    name, k = str(action[1]), int(action[2])
    pay(g.state.players[i], MAT["destroy_cost"], "other")
    g.state.nemesis.decks[space(k)].remove(name)
    g.state.destroyed.append(name)
    g.ev("dream_destroyed", player=i, card=name, space=k)
    g.push("dream_check")


rule("dream_setup", text=lambda n: (
        f"Setup: set aside {DREAM_COPIES['relic']} copies of each relic and spell supply pile's card and "
        f"{DREAM_COPIES['gem']} of each gem pile's but the cheapest ({READINGS['cheapest_gem']}: the project's "
        f"reading), shuffled face down: the Dream deck. Unleash {n} times."))
rule("dream_mat_rules", text=lambda spaces, lost, cost: (
        f"The Dream Mat has spaces 1 to {spaces + 1}. A card placed on space 1 pushes the cards in a row "
        f"before it one space forward. A supply card moved onto space {spaces + 1} goes to the bottom of the "
        f"Dream deck and any player suffers {lost} damage. The mat's cards are part of the supply (not a "
        f"supply pile): in their main phase a player may gain one at its cost, or pay {cost} Æ to destroy one. "
        "With no supply card on the mat the nemesis Unleashes; with the Dream deck empty too, the players win. "
        f"(The project's readings: {READINGS['devourer']}; {READINGS['supply_gains']}.)"))
rule("dream_lost_damage", text=lambda n: (
    f"Whenever a supply card is pushed off the Dream Mat, any player suffers {n} damage."))
rule("delirium_card", text=lambda n: (
        f"{count_of(n, 'Nemesis turn order card')} {'is' if n == 1 else 'are'} replaced by the Delirium card: "
        "when it is drawn the nemesis Unleashes, then takes its turn as normal."))
rule("exhaust_instead", text=lambda steps: (
        f"Whenever a player is exhausted, this replaces the two Unleashes: {render_steps(steps)}"))


#: the pieces the panel below says: the boards' plain token lists leave them out
shown_in_panel(lambda name: name in (DREAM, DEVOURER_AT, SKIP_FIVE, *SPACE_KEYS))


@table_panel
def _panel(view: Mapping[str, Any]) -> tuple[str, str] | None:
    """Both boards: the Dream Mat space by space, the Dream deck, the skipped space."""
    n = view.get("nemesis") or {}
    decks = n.get("decks") or {}
    if n.get("id") != TD or DREAM not in decks:
        return None
    tokens = n.get("tokens") or {}
    cells = []
    for k in range(1, LAST):
        here = [*decks.get(space(k), [])] + ([f"{DEVOURER} (minion)"] if tokens.get(DEVOURER_AT) == k else [])
        cells.append(f"{k} {', '.join(here) or '—'}")
    skip = " · space 5 skipped" if tokens.get(SKIP_FIVE) else ""
    return ("Dream Mat", " · ".join(cells) + f" · {LAST} → Dream deck bottom · Dream deck {len(decks[DREAM])}{skip}")


NEMESIS = NemesisDef(
    TD, TD, "O", life=80, difficulty=4, expedition_level=2,
    unleash=(("dream_unleash",),),
    cards=tuple(c.name for c in CARDS),
    special_decks={DREAM: ()},
    deck_holds={DREAM: "player", **{k: "player" for k in SPACE_KEYS}},
    deck_faces={k: "up" for k in SPACE_KEYS},
    turn_order=(DELIRIUM,),
    expert_turn_order=(DELIRIUM, DELIRIUM),
    rules={
        "setup": (("dream_setup", 2), ("delirium_card", 1)),
        "mat": (("dream_mat_rules", MAT["spaces"], MAT["lost"], MAT["destroy_cost"]),),
        "exhaust": (("exhaust_instead", (("gravehold_damage", MAT["exhausted"]),)),),
    },
    increased_difficulty={"mat": (("delirium_card", 2), ("dream_lost_damage", MAT["expert_lost"]))},
)
