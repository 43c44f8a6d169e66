"""Crooked Mask: its mat (corruptions), its nine cards and its corruption deck.

Its eleven corruptions are player cards of type "corruption" (``CORRUPTION_CARDS``, cost 0,
built as ``CardDef`` so that every zone of a player can hold them) and, under the same
names, tier-0 nemesis cards of the special deck ``decks["corruption"]``; both are built
from one table. They are never played: ``turn_start`` and ``main_end`` resolve them from
the hand. While it resolves a corruption lies among the cards played this turn, where its
closing "destroy this" finds it. A destroyed corruption (by any effect, see
``effects.DESTROY_REDIRECTS``) goes under the corruption deck. Gaining from an empty
corruption deck deals 2 damage to Gravehold instead.

Readings decided here:

* ``turn_start`` resolves every corruption in hand (the player picks the order; one that
  comes into hand meanwhile is resolved too), ``main_end`` the corruptions in hand when the
  main phase ends (every corruption held at the start of the turn has been resolved, so
  these are the ones drawn this turn; one that comes into hand while they resolve waits
  for the next turn).
* Increased difficulty (expert and extinction): a destroyed corruption goes to the discard
  pile of a player of the players' choice (wiki, randomizer, Clojure code; one Clojure rules
  text also lets a player lose a charge to send it under the corruption deck, which no
  other source has). It waits in ``nemesis.resolving`` while they pick.
* *Bedlam Sage* is tier 3 (Clojure; the wiki says 2): Crooked Mask's deck must hold three
  cards of each tier (S-6), and with Bedlam Sage at tier 2 it would have four tier-2 cards
  and two tier-3 ones.
"""

from __future__ import annotations

from typing import Any

from ....boxapi import (
    DESTROY_REDIRECTS,
    Action,
    CardDef,
    CardType,
    Ctx,
    Engine,
    NemesisDef,
    action_head,
    ask_step,
    chooser,
    count_of,
    deal,
    decision_kind,
    focus_breach,
    focusable,
    gain_card,
    gravehold_damage,
    heal_player,
    op,
    pick,
    player_damage,
    rule,
    shuffle,
    step,
    trigger_source,
    who_does,
)
from ....boxapi import catalogue as content
from ._shared import Cards, Steps, any_player, card_passive, in_play, mat_rule, supply_piles

CM = "Crooked Mask"
CORRUPTION = "corruption"
_M = Cards(CM)
_DESTROY = ("destroy_this",)

# ============================================================================ corruptions

_WHERE = {"deck": "on top of their deck", "hand": "into their hand"}
_WHERE_YOURS = {"deck": "on top of your deck", "hand": "into your hand"}


def is_corruption(name: str) -> bool:
    c = content.CARDS.get(name)
    return c is not None and c.type == CORRUPTION


def _clean(hand: list[str]) -> list[str]:
    return [c for c in hand if not is_corruption(c)]


def gain_corruption(g: Engine, i: int, where: str, source: str) -> None:
    """The top corruption goes on top of player i's deck (or into the hand); with the
    corruption deck empty Gravehold suffers 2 damage instead."""
    st = g.state
    deck = st.nemesis.decks.get(CORRUPTION)
    if not deck:
        r = mat_rule(CM, "mat", "corruption_rules")
        gravehold_damage(g, int(r[1]) if r else 2, source)
        return
    name = deck.pop(0)
    p = st.players[i]
    if where == "hand":
        p.hand.append(name)
    else:
        p.deck.insert(0, name)
    # a corruption placed on a deck stays unseen (only its taker's hand shows it)
    g.ev("corruption_gained", player=i, to=where, card=name if where == "hand" else None, source=source)


@step("gain_corruption", text=lambda n, where, *, they=False: (
        f"gains {count_of(n, 'corruption')} {_WHERE[where]}." if they
        else f"Gain {count_of(n, 'corruption')} {_WHERE_YOURS[where]}."))
def _gain_corruption(g: Engine, ctx: Ctx, n: int, where: str) -> None:
    for _ in range(n):
        gain_corruption(g, ctx.you, where, ctx.source)


# ============================================================================ cards


@step("collective_gain_corruption", text=lambda n: (
        f"The players share out {count_of(n, 'corruption')}; each goes on top of its taker's deck."))
def _collective_gain_corruption(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        if n <= 0:
            return
        if not st.nemesis.decks.get(CORRUPTION):  # nobody can take one: Gravehold suffers
            for _ in range(n):
                gain_corruption(g, 0, "deck", ctx.source)
            return
        opts: list[Action] = [("player", j) for j in range(len(st.players))]
        ask_step(g, ctx, ("collective_gain_corruption", n), "player", chooser(g, ctx),
                 f"Who gains the next corruption? ({n} to go)", opts)
        return
    gain_corruption(g, int(action[1]), "deck", ctx.source)
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("collective_gain_corruption", n - 1))


_M("Burden", "attack", 1, effect=(("collective_gain_corruption", 2), ("focus_any",)))

rule("dealer_gains_corruption", text=lambda: (
        "Whenever this minion takes damage, the player who dealt it gains a corruption on top of "
        "their deck."))


on = trigger_source("nemesis", CM)  # this mat's rules, at the engine's trigger points


@on("damage_target")
def _cm_damage_target(g: Engine, you: int, target: str, amount: int, source: str) -> bool:
    """Corrupter: the player who damages it gains a corruption on top of their deck."""
    if card_passive(target, "dealer_gains_corruption") is None or you < 0:
        return False
    c = in_play(g, target)
    before = c.life if c is not None else 0
    deal(g, target, amount, source)
    after = in_play(g, target)
    if c is not None and (after is None or after.life < before):
        gain_corruption(g, you, "deck", target)
    return True


_M("Corrupter", "minion", 1, life=6, passive=(("dealer_gains_corruption",),),
   persistent=(("gravehold_damage", 1),))

_MOST = {"life": "the most life", "Crystal": "the most Crystals in hand"}


@step("player_most", text=lambda what, steps: (
        who_does(f"The player with {_MOST[what]} (players pick among ties)", steps)))
def _player_most(g: Engine, ctx: Ctx, what: str, steps: Steps, action: Action | None = None) -> None:
    """The player with the most life (E-3: an exhausted player only if all are) or the most
    copies of a card in hand; ties are the players' pick (N-6)."""
    st = g.state
    if action is None:
        idx = list(range(len(st.players)))
        if what == "life":
            idx = [j for j in idx if not st.players[j].exhausted] or idx

            def measure(j: int) -> int:
                return st.players[j].life
        else:
            def measure(j: int) -> int:
                return st.players[j].hand.count(what)
        top = max(measure(j) for j in idx)
        opts: list[Action] = [("player", j) for j in idx if measure(j) == top]
        ask_step(g, ctx, ("player_most", what, steps), "player", chooser(g, ctx),
                 "Which player is affected?", opts)
        return
    j = int(action[1])
    g.push_steps(steps, Ctx(j, j, ctx.source))


@step("discard_all_named", text=lambda name: f"discards every {name} from their hand.")
def _discard_all_named(g: Engine, ctx: Ctx, name: str) -> None:
    p = g.state.players[ctx.you]
    while name in p.hand:
        p.hand.remove(name)
        p.discard.append(name)
        g.ev("discard", player=ctx.you, card=name, source=ctx.source)


_M("Tempt", "attack", 1, effect=(("player_most", "Crystal", (
    ("discard_all_named", "Crystal"), ("suffer", 3), ("gain_from_supply", "any", 4, False))),))


@step("focus_other_player", text=lambda: "Then a different player focuses one of their breaches.")
def _focus_other_player(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Pain Sower: another player (SO-1: in true solo, you) focuses one of their breaches."""
    if action is None:
        opts: list[Action] = [("breach", j, b) for j in g.allies(ctx.you) for b in range(4)
                              if focusable(g, j, b)]
        if opts:
            ask_step(g, ctx, ("focus_other_player",), "breach", g.team(), "Focus which breach?", opts)
        return
    focus_breach(g, int(action[1]), int(action[2]))


_M("Pain Sower", "minion", 2, life=11, persistent=(any_player(("suffer", 2), ("focus_other_player",)),))


@step("nemesis_life", text=lambda n: f"The nemesis gains {n} life.")
def _nemesis_life(g: Engine, ctx: Ctx, n: int) -> None:
    """Twisting Madness: never above its starting life (S-4)."""
    nem = g.state.nemesis
    gained = min(n, nem.max_life - nem.life)
    nem.life += gained
    g.ev("nemesis_life", amount=gained, life=nem.life, source=ctx.source)


_M("Twisting Madness", "power", 2, power_tokens=2, to_discard=(pick("discard", 4), ("draw", 1, "you")),
   power=(("gravehold_life", 3), ("nemesis_life", 13)))


@step("nemesis_mill", text=lambda n, tier, dmg: (
        f"The top {count_of(n, 'card')} of the nemesis deck go to the nemesis discard; Gravehold "
        f"suffers {dmg} damage per tier {tier} card among them."))
def _nemesis_mill(g: Engine, ctx: Ctx, n: int, tier: int, dmg: int) -> None:
    """Vex: the top cards of the nemesis deck go to its discard, unresolved."""
    nem = g.state.nemesis
    taken = nem.deck[:n]
    del nem.deck[:n]
    nem.discard.extend(taken)
    g.ev("nemesis_cards_discarded", cards=list(taken), source=ctx.source)
    hits = sum(content.NEMESIS_CARDS[c].tier == tier for c in taken)
    gravehold_damage(g, dmg * hits, ctx.source)


_M("Vex", "attack", 2, effect=(("nemesis_mill", 2, 3, 4),))

#: War Eternal has a basic nemesis card of the same name; cards are keyed by name
AFFLICT = "Afflict (Crooked Mask)"


@step("gain_life", text=lambda n: f"gains {n} life.")
def _gain_life(g: Engine, ctx: Ctx, n: int) -> None:
    heal_player(g, ctx.you, n, ctx.source)


_M(AFFLICT, "attack", 3, effect=(("different_players", 2, (("gain_corruption", 2, "deck"), ("gain_life", 1))),))
_M("Bedlam Sage", "minion", 3, life=14,
   persistent=(("gravehold_life", 2), ("player_most", "life", (("suffer", 3),))))


@step("player_discarding", text=lambda n, then: (
        who_does("A player of your choice", then, f"discards {count_of(n, 'card')} that are not corruptions")))
def _player_discarding(g: Engine, ctx: Ctx, n: int, then: Steps, action: Action | None = None) -> None:
    """Ruin Priest: the chosen player must be one who can discard the most of the n (N-6)."""
    st = g.state
    if action is None:
        reach = {j: min(n, len(_clean(p.hand))) for j, p in enumerate(st.players)}
        top = max(reach.values())
        opts: list[Action] = [("player", j) for j in reach if reach[j] == top]
        ask_step(g, ctx, ("player_discarding", n, then), "player", chooser(g, ctx),
                 "Which player is affected?", opts)
        return
    j = int(action[1])
    jctx = Ctx(j, j, ctx.source)
    g.push_steps(then, jctx)
    g.push("s", j, j, ctx.source, pick("discard", n, filt="not_corruption"))


_M("Ruin Priest", "minion", 3, life=17,
   persistent=(("player_discarding", 3, (("gain_corruption", 3, "hand"),)),))

# ============================================================================ the corruption deck

#: name -> what resolving it does (the corruption deck)
_CORRUPTIONS: dict[str, tuple[tuple[Any, ...], ...]] = {}


_CORRUPTIONS["Blind Abandon"] = (("you_suffer", 1), pick("destroy", filt="not_corruption", how="may"), _DESTROY)


@step("return_free_card", text=lambda: "Take a card that costs 0 Æ from your discard pile back into your hand.")
def _return_free_card(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("card", c) for c in sorted(set(p.discard)) if content.CARDS[c].cost == 0]
        if opts:
            ask_step(g, ctx, ("return_free_card",), "card", ctx.you,
                     "Which card of your discard pile goes back to your hand?", opts)
        return
    name = str(action[1])
    del p.discard[len(p.discard) - 1 - p.discard[::-1].index(name)]
    p.hand.append(name)
    g.ev("returned_to_hand", player=ctx.you, card=name, source=ctx.source)


_CORRUPTIONS["Contagion"] = (("you_suffer", 1), ("return_free_card",), _DESTROY)


@step("focus_own", text=lambda: "Focus one of your breaches.")
def _focus_own(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("breach", ctx.you, b) for b in range(4) if focusable(g, ctx.you, b)]
        if opts:
            ask_step(g, ctx, ("focus_own",), "breach", ctx.you, "Focus which breach?", opts)
        return
    focus_breach(g, int(action[1]), int(action[2]))


_CORRUPTIONS["Delirium Veil"] = (("gravehold_damage", 2), ("focus_own",), _DESTROY)
_CORRUPTIONS["Dire Wisdom"] = (("gain_from_supply", "spell", -1, False), ("gain_corruption", 3, "deck"), _DESTROY)
_CORRUPTIONS["Endless Hunger"] = (("gravehold_damage", 3), ("life", 2, "you"), _DESTROY)
_CORRUPTIONS["Fever of War"] = (("you_suffer", 1), ("damage", 2), _DESTROY)
_CORRUPTIONS["Grim Sight"] = (("gravehold_damage", 2), ("reveal_top_may_destroy",), _DESTROY)


@step("gain_cheapest_to_hand", text=lambda ctype: (
        f"Take a {ctype} from the cheapest {ctype} pile into your hand, without paying."))
def _gain_cheapest_to_hand(g: Engine, ctx: Ctx, ctype: str, action: Action | None = None) -> None:
    """Insatiable Avarice: a card of the cheapest pile of that type, straight into the hand."""
    st = g.state
    if action is None:
        piles = supply_piles(g, ctype)
        if piles:
            low = min(content.CARDS[c].cost for c in piles)
            opts: list[Action] = [("gain", c) for c in piles if content.CARDS[c].cost == low]
            ask_step(g, ctx, ("gain_cheapest_to_hand", ctype), "gain", ctx.you, "Take which card?", opts)
        return
    name = str(action[1])
    p = st.players[ctx.you]
    if gain_card(g, ctx.you, name, on_your_turn=ctx.you == st.active, to_deck=True):
        p.deck.remove(name)  # gained onto the deck top, then taken into the hand at once
        p.hand.append(name)
        g.ev("to_hand", player=ctx.you, card=name, source=ctx.source)


_CORRUPTIONS["Insatiable Avarice"] = (("you_suffer", 2), ("gain_cheapest_to_hand", "gem"), _DESTROY)
_CORRUPTIONS["Lust for Power"] = (("you_suffer", 1), ("gain_charge", 1), _DESTROY)


@step("reshuffle_player_turn_card", text=lambda: (
        "Pick a turn order card of the players from the turn order discard; it goes back into "
        "the turn order deck, which is then shuffled."))
def _reshuffle_player_turn_card(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Nothingness: any card of the players (not a nemesis card) from the turn order discard."""
    st = g.state
    if action is None:
        opts: list[Action] = [("turn_card", c) for c in sorted(set(st.to_discard)) if c != "N"]
        if opts:
            ask_step(g, ctx, ("reshuffle_player_turn_card",), "turn_order", ctx.you,
                     "Shuffle which turn order card back into the turn order deck?", opts)
        return
    card = str(action[1])
    st.to_discard.remove(card)
    st.to_deck.append(card)
    st.rng = shuffle(st.rng, st.to_deck)
    st.tokens["to_known"] = 0
    g.ev("turn_order_shuffled", cards=len(st.to_deck), card=card, source=ctx.source)


_CORRUPTIONS["Nothingness"] = (pick("discard", 2, filt="not_corruption"), ("you_suffer", 2),
                               ("reshuffle_player_turn_card",), _DESTROY)


@step("reckless_relic", text=lambda: (
        "Take a relic of your choice from the supply onto your deck without paying, then suffer "
        "damage equal to half its cost (round up)."))
def _reckless_relic(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = [("gain", c) for c in supply_piles(g, "relic")]
        if opts:
            ask_step(g, ctx, ("reckless_relic",), "gain", ctx.you, "Take which relic onto your deck?", opts)
        return
    name = str(action[1])
    if gain_card(g, ctx.you, name, on_your_turn=ctx.you == st.active, to_deck=True):
        player_damage(g, ctx.you, (content.CARDS[name].cost + 1) // 2, ctx.source)


_CORRUPTIONS["Reckless Might"] = (("reckless_relic",), _DESTROY)

#: the corruption's card type: never played (its hooks resolve it), and "never a corruption"
#: is a pick filter of its own
CARD_TYPES = (CardType(CORRUPTION, played=False, leave_out="not_corruption", unplayed_why=(
    "{card} is a corruption: it is never played, it resolves when your turn starts or when your main "
    "phase ends")),)

#: the player-side face of each corruption: resolving it runs ``play``
CORRUPTION_CARDS = tuple(CardDef(name, CORRUPTION, 0, "AE", play=steps) for name, steps in _CORRUPTIONS.items())

for _name, _steps in _CORRUPTIONS.items():  # the nemesis-side face: tier-0 cards of its special deck
    _M(_name, "corruption", 0, effect=_steps, deck="corruption")

CARDS = tuple(_M.cards)

# ============================================================================ mat

rule("corruption_rules", text=lambda dmg: (
        "Corruptions are cards that players gain and can never play. When a player's turn "
        "starts (before casting) they resolve every corruption in their hand, in an order they "
        "choose; when their main phase ends they resolve the ones drawn this turn. A destroyed "
        "corruption goes under the corruption deck. With that deck empty, each corruption that "
        f"should be gained deals {dmg} damage to Gravehold instead."))
rule("corruption_destroyed_to_discard", text=lambda: (
        "A destroyed corruption goes into the discard pile of a player of your choice instead."))


def _corruption_destroyed(g: Engine, i: int, name: str, source: str) -> None:
    """Crooked Mask: a destroyed corruption goes under the corruption deck; on expert and
    extinction into a discard pile the players pick."""
    n = g.state.nemesis
    g.ev("destroyed", player=i, card=name, source=source, returned=True)
    if g.expert() and mat_rule(CM, "mat", "corruption_destroyed_to_discard") is not None:
        n.resolving.append(name)
        g.push("corruption_to_discard", name)
        return
    n.decks.setdefault(CORRUPTION, []).append(name)


DESTROY_REDIRECTS[CORRUPTION] = _corruption_destroyed


@op("corruption_to_discard")
def _corruption_to_discard(g: Engine, name: str, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = [("player", j) for j in range(len(st.players))]
        g.ask("player", g.team(), name, f"Into whose discard pile does {name} go?", opts,
              ("corruption_to_discard", name))
        return
    j = int(action[1])
    st.nemesis.resolving.remove(name)
    st.players[j].discard.append(name)
    g.ev("corruption_to_discard", player=j, card=name)


decision_kind("corruption", "Which corruption in hand resolves next.")
action_head("corruption", ("card",), text=lambda c: f"resolve {c}")


@op("corruptions_resolve")
def _corruptions_resolve(g: Engine, i: int, pending: tuple[str, ...] | None,
                         action: Action | None = None) -> None:
    """Player i resolves corruptions from hand, one at a time in an order they choose:
    all of them (``pending`` None), or those named in ``pending``."""
    p = g.state.players[i]
    if pending is None:
        cand = [c for c in p.hand if is_corruption(c)]
    else:
        cand = [c for c in set(pending) if c in p.hand]
    if action is None:
        if cand:
            opts: list[Action] = [("corruption", c) for c in sorted(set(cand))]
            g.ask("corruption", i, CM, "Resolve which corruption next?", opts,
                  ("corruptions_resolve", i, pending))
        return
    name = str(action[1])
    rest: tuple[str, ...] | None = None
    if pending is not None:
        left = list(pending)
        left.remove(name)
        rest = tuple(left)
    g.push("corruptions_resolve", i, rest)
    p.hand.remove(name)
    p.played.append(name)  # where it lies while it resolves; "destroy this" takes it from there
    g.ev("corruption_resolved", player=i, card=name)
    g.push_steps(content.CARDS[name].play, Ctx(i, i, name))


@on("turn_start")
def _cm_turn_start(g: Engine, i: int) -> None:
    g.push("corruptions_resolve", i, None)


@on("main_end")
def _cm_main_end(g: Engine, i: int) -> None:
    pending = tuple(c for c in g.state.players[i].hand if is_corruption(c))
    if pending:
        g.push("corruptions_resolve", i, pending)


NEMESIS = NemesisDef(
    CM, CM, "AE", life=70, difficulty=5, expedition_level=2,
    unleash=(any_player(("gain_corruption", 1, "deck"), ("recycle_deck",)),),
    cards=_M.deck(),
    special_decks={"corruption": tuple(_CORRUPTIONS)},
    deck_faces={"corruption": "secret"},  # nobody may identify a corruption until it is drawn
    rules={"mat": (("corruption_rules", 2),)},
    increased_difficulty={"mat": (("corruption_destroyed_to_discard",),)},
)
