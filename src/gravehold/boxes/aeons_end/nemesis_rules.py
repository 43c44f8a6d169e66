"""Effect steps and nemesis hooks of Carapace Queen, Crooked Mask and Prince of Gluttons.

Registered with ``@step`` (card effect steps) and ``@nemesis_hook`` (mat rules); the
content is in ``content/aeons_end/nemeses.py`` (Rageborne's Strike lives in
``engine/effects.py``). Marker steps (a card's ``passive``, a mat's ``rules``) are
registered here as no-ops: they only describe a rule, which a hook below applies, taking
its numbers from the marker.

* **Carapace Queen** -- husks are minions of 1 life kept as a count,
  ``state.nemesis.tokens["husk"]``, on a track of 15 (``husk_rules``). ``targets`` offers
  "husk" as a damage target while any is in play and ``damage_target`` resolves the hit:
  the damage is taken from the husks' pooled life, one husk's worth at most, and the
  dealer may then suffer 1 damage to spread the rest over further husks (as in the
  Clojure engine). Under Foul Multitudes (passive ``husk_life``) a husk has 2 life; at
  most one husk is ever damaged (``tokens["husk_damaged"]`` = its damage) and it heals at
  the end of every turn (``end_of_turn``). A husk that finds the track full deals 1 damage
  to Gravehold instead. Husks count as minions for G-1 (``board_clear``). To Swarm, the
  nemesis looks the husk count up in its swarm table (``rules["swarm"]``, the table of the
  Clojure engine; 13 husks or more lose the game).
* **Crooked Mask** -- corruptions are player cards of type "corruption" (``CardDef``, so
  that every zone of a player can hold them; the same names are also tier-0 nemesis cards
  of the special deck ``decks["corruption"]``). They are never played: ``turn_start``
  resolves every corruption in hand (the player picks the order; one that comes into hand
  meanwhile is resolved too), ``main_end`` the corruptions in hand when the main phase ends
  (every corruption held at the start of the turn has been resolved, so these are the ones
  drawn this turn; one that comes into hand while they resolve waits for the next turn).
  While it resolves a corruption lies among the cards played this turn, where its closing
  "destroy this" finds it. A destroyed corruption (by any effect, see
  ``effects.DESTROY_REDIRECTS``) goes under the corruption deck; on expert and extinction
  into the discard pile of a player the players pick (the increased-difficulty rule of
  the wiki and the randomizer; it waits in ``nemesis.resolving`` while they pick).
  Gaining from an empty corruption deck deals 2 damage to Gravehold instead.
* **Prince of Gluttons** -- the devoured pile is ``decks["devoured"]`` (top first, face
  up). Setup puts one card of each gem pile on it, the costliest first (so the cheapest
  gem ends on top); on expert and extinction the players then move nine supply cards of
  their choice onto it, one decision per card, before the first turn. A Devour picks among
  the piles that still hold cards (ties are the players' pick, N-6); each card a pile
  cannot give deals 2 damage to Gravehold. "The second most expensive gem pile" is the
  second of the non-empty gem piles ordered by cost (ties with the costliest count). A
  player may gain the devoured pile's top card as a main action (``main_options`` /
  ``main_action``), paying like a gain from the supply. When no supply pile has a card
  left the players lose at once (after a Devour, or ``supply_empty`` after a gain).

Source decision: *Bedlam Sage* is tier 3 (Clojure; the wiki says 2): the nemesis deck
holds three cards of each tier, and with Bedlam Sage at tier 2 Crooked Mask would have
four tier-2 cards and two tier-3 ones.
"""

from __future__ import annotations

from typing import Any

from ...content import registry as content
from ...content.text import count_of, render_steps
from ...engine import rng
from ...engine.aether import available, pay
from ...engine.core import Ctx, Engine, op, step
from ...engine.damage import deal, gravehold_damage, heal_player, player_damage
from ...engine.effects import DESTROY_REDIRECTS, _remove_prepped, ask_step, chooser, destroy_from
from ...engine.hooks import nemesis_hook
from ...engine.state import Action, State
from ...engine.turn import focus_breach, focusable, gain_card, receive_gained
from ...engine.vocabulary import marker

# ------------------------------------------------------------- wording helpers

_COUNTER = {"husk": "husk in play", "empty_pile": "empty supply pile"}

_MOST = {"life": "the most life", "Crystal": "the most Crystals in hand"}

_PILES = {
    "cheapest": "the cheapest supply pile",
    "priciest_gem": "the costliest gem pile",
    "second_gem": "the gem pile second in cost, counting from the costliest",
    "cheapest_relic": "the cheapest relic pile",
    "any_spell": "a spell pile of your choice",
    "any": "one supply pile of your choice",
}

_WHERE = {"deck": "on top of their deck", "hand": "into their hand"}

def _count(n: Any) -> str:
    if n == "unleash":
        return "3 cards (2 with three or four players)"
    if n == "self_life":
        return "as many cards as this minion has life"
    return count_of(int(n), "card")

def _husks_text(n: Any) -> str:
    if n == "turn_order_discard":
        return "Add one husk for every card lying in the turn order discard."
    return f"Add {count_of(int(n), 'husk')} to the Husk Track."

Steps = tuple[tuple[Any, ...], ...]

CQ, CM, PG = "Carapace Queen", "Crooked Mask", "Prince of Gluttons"
HUSK, HURT = "husk", "husk_damaged"
CORRUPTION, DEVOURED = "corruption", "devoured"




def _swarm_table(rows: Any) -> str:
    parts = []
    for lo, hi, steps in rows:
        parts.append(f"{lo}-{hi} husks: {render_steps(steps)}")
    return "To Swarm, count the husks in play: " + " | ".join(parts)


step("husk_rules", text=lambda life, track: (
        f"Husks are minions of {life} life, counted on a Husk Track of {track} spaces. A player "
        "who damages a husk may take 1 damage to spread what exceeds that husk's life over other "
        "husks. A husk that finds the track full deals 1 damage to Gravehold instead."))(marker)
step("husk_life", text=lambda n: (
        f"Each husk has {n} life; at the end of every turn a damaged husk is back to full life."))(marker)
step("shielded_by_husks", text=lambda: (
        "As long as one husk or more is in play, damage to this minion is prevented."))(marker)
step("swarm_table", text=_swarm_table)(marker)
step("corruption_rules", text=lambda dmg: (
        "Corruptions are cards that players gain and can never play. When a player's turn "
        "starts (before casting) they resolve every corruption in their hand, in an order they "
        "choose; when their main phase ends they resolve the ones drawn this turn. A destroyed "
        "corruption goes under the corruption deck. With that deck empty, each corruption that "
        f"should be gained deals {dmg} damage to Gravehold instead."))(marker)
step("corruption_destroyed_to_discard", text=lambda: (
        "A destroyed corruption goes into the discard pile of a player of your choice instead."))(marker)
step("dealer_gains_corruption", text=lambda: (
        "Whenever this minion takes damage, the player who dealt it gains a corruption on top of "
        "their deck."))(marker)
step("devoured_rules", text=lambda per: (
        "A devoured card goes on top of the face-up devoured pile, which anyone may look through; "
        "in their main phase a player may gain its top card, paying its cost as for a supply pile. "
        "Devoured cards are never devoured again. A Devour only starts on a pile that still has "
        f"cards; each card it cannot take deals {per} damage to Gravehold instead. Once every "
        "supply pile is empty the players lose."))(marker)
step("devour_setup_gems", text=lambda: (
        "Setup: one card of each gem pile starts the devoured pile, the costliest gem first."))(marker)


def _rule(nid: str, key: str, kind: str) -> tuple[Any, ...] | None:
    """The marker step ``kind`` among nemesis ``nid``'s rules[key] (or increased_difficulty)."""
    nd = content.NEMESES.get(nid)
    if nd is None:
        return None
    for table in (nd.rules, nd.increased_difficulty):
        for s in table.get(key, ()):
            if s and s[0] == kind:
                return tuple(s)
    return None


def _in_play(g: Engine, name: str) -> Any:
    for c in g.state.nemesis.in_play:
        if c.name == name:
            return c
    return None


def _passive(name: str, kind: str) -> tuple[Any, ...] | None:
    card = content.NEMESIS_CARDS.get(name)
    if card is None:
        return None
    for s in card.passive:
        if s[0] == kind:
            return tuple(s)
    return None


# ============================================================================ shared


@step("set_entry_life", text=lambda base, per, counter: (
        f"It comes into play with {base} life plus {per} per {_COUNTER[counter]}." if base
        else f"It comes into play with {per} life per {_COUNTER[counter]}."))
def _set_entry_life(g: Engine, ctx: Ctx, base: int, per: int, counter: str) -> None:
    """Maggot Engine, Mindguzzler: the IMMEDIATELY effect fixes the life it comes into play
    with (read by ``turn._enter_play`` from the turn flag ``entry_life``)."""
    n = base + per * (_husks(g) if counter == "husk" else _empty_piles(g))
    g.state.flags["entry_life"] = (ctx.source, n)
    g.ev("entry_life", card=ctx.source, life=n)


@step("gain_life", text=lambda n: f"gains {n} life.")
def _gain_life(g: Engine, ctx: Ctx, n: int) -> None:
    heal_player(g, ctx.you, n, ctx.source)


@step("nemesis_life", text=lambda n: f"The nemesis gains {n} life.")
def _nemesis_life(g: Engine, ctx: Ctx, n: int) -> None:
    """Twisting Madness: never above its starting life (S-4)."""
    nem = g.state.nemesis
    gained = min(n, nem.max_life - nem.life)
    nem.life += gained
    g.ev("nemesis_life", amount=gained, life=nem.life, source=ctx.source)


# ============================================================================ Carapace Queen


def _husks(g: Engine) -> int:
    return g.state.nemesis.tokens.get(HUSK, 0)


def _husk_track(g: Engine) -> tuple[int, int]:
    """(life of a husk, spaces of the track) from Carapace Queen's ``husk_rules``."""
    r = _rule(CQ, "mat", "husk_rules")
    return (int(r[1]), int(r[2])) if r else (1, 15)


def husk_life(g: Engine) -> int:
    life = _husk_track(g)[0]
    for c in g.state.nemesis.in_play:
        p = _passive(c.name, "husk_life")
        if p is not None:
            life = max(life, int(p[1]))
    return life


def place_husks(g: Engine, k: int, source: str) -> None:
    """Husks go onto the next free spaces; one that finds the track full costs Gravehold 1."""
    if k <= 0:
        return
    t = g.state.nemesis.tokens
    have = t.get(HUSK, 0)
    track = _husk_track(g)[1]
    placed = max(0, min(k, track - have))
    t[HUSK] = have + placed
    g.ev("husks_placed", amount=placed, total=t[HUSK], source=source)
    if k > placed:
        gravehold_damage(g, k - placed, source)


def _set_pool(g: Engine, pool: int, life: int, source: str) -> None:
    """The husks' pooled life is now ``pool``: at most one husk is left damaged."""
    t = g.state.nemesis.tokens
    before = t.get(HUSK, 0)
    pool = max(0, pool)
    t[HUSK] = -(-pool // life)
    hurt = (life - pool % life) % life
    if hurt:
        t[HURT] = hurt
    else:
        t.pop(HURT, None)
    if t[HUSK] < before:
        g.ev("husks_killed", amount=before - t[HUSK], total=t[HUSK], source=source)
    elif hurt:
        g.ev("husk_damaged", damage=hurt, source=source)


def _pool(g: Engine, life: int) -> int:
    t = g.state.nemesis.tokens
    hurt = t.get(HURT, 0) if life > 1 else 0
    return t.get(HUSK, 0) * life - min(hurt, life - 1)


def remove_husks(g: Engine, k: int, source: str) -> int:
    t = g.state.nemesis.tokens
    have = t.get(HUSK, 0)
    k = min(k, have)
    if k <= 0:
        return 0
    t[HUSK] = have - k
    if t[HUSK] == 0:
        t.pop(HURT, None)
    g.ev("husks_killed", amount=k, total=t[HUSK], source=source)
    return k


def hit_husks(g: Engine, you: int, amount: int, source: str) -> None:
    """One source of damage dealt to a husk (P-3); the rest may be spread for 1 damage."""
    if amount <= 0:
        return
    life = husk_life(g)
    _set_pool(g, _pool(g, life) - min(amount, life), life, source)
    surplus = amount - life
    if surplus > 0 and _husks(g) > 0 and you >= 0:
        g.push("husk_spread", you, surplus, source)


@op("husk_spread")
def _husk_spread(g: Engine, you: int, surplus: int, source: str, action: Action | None = None) -> None:
    if action is None:
        if _husks(g) <= 0:
            return
        g.ask("husk_spread", you, source,
              f"Suffer 1 damage to spread {surplus} more damage over other husks?",
              [("yes",), ("no",)], ("husk_spread", you, surplus, source))
        return
    if action[0] != "yes":
        return
    player_damage(g, you, 1, source)
    if g.state.over:
        return
    life = husk_life(g)
    _set_pool(g, _pool(g, life) - surplus, life, source)


@step("place_husks", text=_husks_text)
def _place_husks(g: Engine, ctx: Ctx, n: Any) -> None:
    k = len(g.state.to_discard) if n == "turn_order_discard" else int(n)
    place_husks(g, k, ctx.source)


@step("swarm", text=lambda: "The nemesis Swarms.")
def _swarm(g: Engine, ctx: Ctx) -> None:
    """The row of Carapace Queen's swarm table that the number of husks in play falls in."""
    table = _rule(CQ, "swarm", "swarm_table")
    h = _husks(g)
    for lo, hi, steps in (table[1] if table else ()):
        if lo <= h <= hi:
            g.ev("swarm", husks=h, source=ctx.source)
            g.push_steps(steps, ctx)
            return


@step("discard_half_husks", text=lambda per: (
        f"Half the husks, rounded up, leave the track; Gravehold suffers {per} damage for each one."))
def _discard_half_husks(g: Engine, ctx: Ctx, per: int) -> None:
    k = remove_husks(g, (_husks(g) + 1) // 2, ctx.source)
    gravehold_damage(g, per * k, ctx.source)


@step("remove_husks", text=lambda n: f"{count_of(n, 'husk')} leave{'s' if n == 1 else ''} the track.")
def _remove_husks(g: Engine, ctx: Ctx, n: int) -> None:
    remove_husks(g, n, ctx.source)


@step("discard_any_prepped", text=lambda: "The players pick one prepped spell on the table; it is discarded.")
def _discard_any_prepped(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = [("spell", j, b, k) for j, p in enumerate(st.players)
                              for b, br in enumerate(p.breaches) for k in range(len(br.spells))]
        if opts:
            ask_step(g, ctx, ("discard_any_prepped",), "spell", chooser(g, ctx),
                     "Discard which prepped spell?", opts)
        return
    _remove_prepped(g, int(action[1]), int(action[2]), int(action[3]), destroy=False, source=ctx.source)


@nemesis_hook(CQ, "targets")
def _cq_targets(g: Engine, you: int, targets: list[str]) -> list[str]:
    return targets + ["husk"] if _husks(g) > 0 else targets


@nemesis_hook(CQ, "damage_target")
def _cq_damage_target(g: Engine, you: int, target: str, amount: int, source: str) -> bool:
    if target == "husk":
        hit_husks(g, you, amount, source)
        return True
    if _husks(g) > 0 and _passive(target, "shielded_by_husks") is not None:  # Broodwomb
        g.ev("damage_prevented", card=target, amount=amount, source=source)
        return True
    return False


@nemesis_hook(CQ, "end_of_turn")
def _cq_end_of_turn(g: Engine) -> None:
    """Foul Multitudes: a damaged husk heals at the end of every turn."""
    g.state.nemesis.tokens.pop(HURT, None)


@nemesis_hook(CQ, "board_clear")
def _cq_board_clear(g: Engine) -> bool:
    """G-1: husks are minions; the players have not won while any is in play."""
    return _husks(g) == 0


# ============================================================================ Crooked Mask


def is_corruption(name: str) -> bool:
    c = content.CARDS.get(name)
    return c is not None and c.type == CORRUPTION


def gain_corruption(g: Engine, i: int, where: str, source: str) -> None:
    """The top corruption goes on top of player i's deck (or into the hand); with the
    corruption deck empty Gravehold suffers 2 damage instead."""
    st = g.state
    deck = st.nemesis.decks.get(CORRUPTION)
    if not deck:
        r = _rule(CM, "mat", "corruption_rules")
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


def _corruption_destroyed(g: Engine, i: int, name: str, source: str) -> None:
    """Crooked Mask: a destroyed corruption goes under the corruption deck; on expert and
    extinction into a discard pile the players pick."""
    n = g.state.nemesis
    g.ev("destroyed", player=i, card=name, source=source, returned=True)
    if g.expert() and _rule(CM, "mat", "corruption_destroyed_to_discard") is not None:
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


@nemesis_hook(CM, "turn_start")
def _cm_turn_start(g: Engine, i: int) -> None:
    g.push("corruptions_resolve", i, None)


@nemesis_hook(CM, "main_end")
def _cm_main_end(g: Engine, i: int) -> None:
    pending = tuple(c for c in g.state.players[i].hand if is_corruption(c))
    if pending:
        g.push("corruptions_resolve", i, pending)


@nemesis_hook(CM, "damage_target")
def _cm_damage_target(g: Engine, you: int, target: str, amount: int, source: str) -> bool:
    """Corrupter: the player who damages it gains a corruption on top of their deck."""
    if _passive(target, "dealer_gains_corruption") is None or you < 0:
        return False
    c = _in_play(g, target)
    before = c.life if c is not None else 0
    deal(g, target, amount, source)
    after = _in_play(g, target)
    if c is not None and (after is None or after.life < before):
        gain_corruption(g, you, "deck", target)
    return True


@step("gain_corruption", text=lambda n, where: f"gains {count_of(n, 'corruption')} {_WHERE[where]}.")
def _gain_corruption(g: Engine, ctx: Ctx, n: int, where: str) -> None:
    for _ in range(n):
        gain_corruption(g, ctx.you, where, ctx.source)


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


@step("player_most", text=lambda what, steps: (
        f"The player with {_MOST[what]} (players pick among ties): {render_steps(steps)}"))
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


@step("discard_all_named", text=lambda name: f"discards every {name} from their hand,")
def _discard_all_named(g: Engine, ctx: Ctx, name: str) -> None:
    p = g.state.players[ctx.you]
    while name in p.hand:
        p.hand.remove(name)
        p.discard.append(name)
        g.ev("discard", player=ctx.you, card=name, source=ctx.source)


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


def _clean(hand: list[str]) -> list[str]:
    return [c for c in hand if not is_corruption(c)]


@step("player_discarding", text=lambda n, then: (
        f"A player of your choice discards {n} cards that are not corruptions, then {render_steps(then)}"))
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
    g.push("s", j, j, ctx.source, ("discard_non_corruption", n))


@step("discard_non_corruption", text=lambda n: f"Discard {count_of(n, 'card')} from your hand, never a corruption.")
def _discard_non_corruption(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("card", c) for c in sorted(set(_clean(p.hand)))]
        if n > 0 and opts:
            ask_step(g, ctx, ("discard_non_corruption", n), "discard", ctx.you,
                     f"Discard a card that is not a corruption ({n} to go)", opts)
        return
    p.hand.remove(action[1])
    p.discard.append(action[1])
    g.ev("discard", player=ctx.you, card=action[1], source=ctx.source)
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("discard_non_corruption", n - 1))


@step("may_destroy_non_corruption", text=lambda: "You may destroy one card from your hand that is not a corruption.")
def _may_destroy_non_corruption(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("card", c) for c in sorted(set(_clean(p.hand)))]
        if opts:
            ask_step(g, ctx, ("may_destroy_non_corruption",), "destroy", ctx.you,
                     "Destroy a card from your hand?", opts + [("skip",)])
        return
    if action[0] != "skip":
        destroy_from(g, ctx.you, "hand", str(action[1]), ctx.source)


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


@step("focus_own", text=lambda: "Focus one of your breaches.")
def _focus_own(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("breach", ctx.you, b) for b in range(4) if focusable(g, ctx.you, b)]
        if opts:
            ask_step(g, ctx, ("focus_own",), "breach", ctx.you, "Focus which breach?", opts)
        return
    focus_breach(g, int(action[1]), int(action[2]))


def _piles(g: Engine, ctype: str | None = None) -> list[str]:
    """Supply piles that still hold cards, of one type or of any."""
    st = g.state
    cards = content.CARDS
    return [name for name, k in zip(st.supply_names, st.supply_counts, strict=True)
            if k > 0 and (ctype is None or cards[name].type == ctype)]


@step("gain_cheapest_to_hand", text=lambda ctype: (
        f"Take a {ctype} from the cheapest {ctype} pile into your hand, without paying."))
def _gain_cheapest_to_hand(g: Engine, ctx: Ctx, ctype: str, action: Action | None = None) -> None:
    """Insatiable Avarice: a card of the cheapest pile of that type, straight into the hand."""
    st = g.state
    if action is None:
        piles = _piles(g, ctype)
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


@step("reckless_relic", text=lambda: (
        "Take a relic of your choice from the supply onto your deck without paying, then suffer "
        "damage equal to half its cost (round up)."))
def _reckless_relic(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = [("gain", c) for c in _piles(g, "relic")]
        if opts:
            ask_step(g, ctx, ("reckless_relic",), "gain", ctx.you, "Take which relic onto your deck?", opts)
        return
    name = str(action[1])
    if gain_card(g, ctx.you, name, on_your_turn=ctx.you == st.active, to_deck=True):
        player_damage(g, ctx.you, (content.CARDS[name].cost + 1) // 2, ctx.source)


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
    st.rng = rng.shuffle(st.rng, st.to_deck)
    st.tokens["to_known"] = 0
    g.ev("turn_order_shuffled", cards=len(st.to_deck), card=card, source=ctx.source)


# ============================================================================ Prince of Gluttons


def _empty_piles(g: Engine) -> int:
    return sum(1 for k in g.state.supply_counts if k <= 0)


def _check_starved(g: Engine) -> None:
    """Prince of Gluttons: every supply pile is empty -- the players lose (G-2)."""
    st = g.state
    if st.supply_counts and all(k <= 0 for k in st.supply_counts):
        g.end("loss", "nemesis_rule")


def _devour_piles(g: Engine, which: str) -> list[str]:
    cards = content.CARDS
    if which in ("cheapest", "any"):
        piles = _piles(g)
    elif which in ("priciest_gem", "second_gem"):
        piles = _piles(g, "gem")
    elif which == "cheapest_relic":
        piles = _piles(g, "relic")
    elif which == "any_spell":
        piles = _piles(g, "spell")
    else:  # pragma: no cover - content is checked by the tests
        raise ValueError(which)
    if not piles:
        return []
    costs = sorted((cards[c].cost for c in piles), reverse=True)
    if which in ("cheapest", "cheapest_relic"):
        return [c for c in piles if cards[c].cost == costs[-1]]
    if which == "priciest_gem":
        return [c for c in piles if cards[c].cost == costs[0]]
    if which == "second_gem":
        return [c for c in piles if cards[c].cost == costs[1]] if len(costs) > 1 else []
    return piles


def devour(g: Engine, pile: str, k: int, source: str) -> None:
    """Up to k cards of a supply pile go on top of the devoured pile; each card missing
    deals 2 damage to Gravehold."""
    st = g.state
    idx = st.supply_names.index(pile)
    took = min(k, st.supply_counts[idx])
    st.supply_counts[idx] -= took
    pile_d = st.nemesis.decks.setdefault(DEVOURED, [])
    for _ in range(took):
        pile_d.insert(0, pile)
    g.ev("devoured", card=pile, amount=took, source=source)
    if k > took:
        r = _rule(PG, "mat", "devoured_rules")
        gravehold_damage(g, (int(r[1]) if r else 2) * (k - took), source)
    if not st.over:
        _check_starved(g)


@step("devour", text=lambda n, pile: f"Devour {_count(n)} from {_PILES[pile]}.")
def _devour(g: Engine, ctx: Ctx, n: Any, which: str, action: Action | None = None) -> None:
    st = g.state
    if n == "unleash":
        k = 3 if len(st.players) <= 2 else 2
    elif n == "self_life":
        c = _in_play(g, ctx.source)
        k = c.life if c is not None else 0
    else:
        k = int(n)
    if k <= 0:
        return
    if action is None:
        opts: list[Action] = [("pile", c) for c in _devour_piles(g, which)]
        if opts:
            ask_step(g, ctx, ("devour", n, which), "pile", chooser(g, ctx),
                     f"Devour {k} from which supply pile?", opts)
        return
    devour(g, str(action[1]), k, ctx.source)


@step("devour_setup_extra", text=lambda n: (
        f"At setup the players also move {n} cards of their choice from the supply piles onto "
        "the devoured pile, one at a time."))
def _devour_setup_extra(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """Expert and extinction setup: the players move n supply cards onto the devoured pile,
    one at a time (the last one ends on top)."""
    st = g.state
    if action is None:
        opts: list[Action] = [("pile", c) for c in _piles(g)]
        if n > 0 and opts:
            ask_step(g, ctx, ("devour_setup_extra", n), "pile", g.team(),
                     f"Which supply card goes onto the devoured pile? ({n} to go)", opts)
        return
    name = str(action[1])
    idx = st.supply_names.index(name)
    st.supply_counts[idx] -= 1
    st.nemesis.decks.setdefault(DEVOURED, []).insert(0, name)
    g.ev("devoured", card=name, amount=1, source=ctx.source)
    _check_starved(g)
    if n > 1 and not st.over:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("devour_setup_extra", n - 1))


@step("gravehold_damage_per_empty", text=lambda per: f"Gravehold suffers {per} damage per empty supply pile.")
def _gravehold_damage_per_empty(g: Engine, ctx: Ctx, per: int) -> None:
    gravehold_damage(g, per * _empty_piles(g), ctx.source)


@step("suffer_per_empty", text=lambda: "suffers 1 damage per empty supply pile.")
def _suffer_per_empty(g: Engine, ctx: Ctx) -> None:
    player_damage(g, ctx.you, _empty_piles(g), ctx.source)


@nemesis_hook(PG, "setup")
def _pg_setup(st: State) -> None:
    """One card of each gem pile, costliest first, so the cheapest gem ends on top; on
    expert and extinction the players' nine picks wait on the stack for the first run."""
    nd = content.NEMESES[PG]
    pile = st.nemesis.decks.setdefault(DEVOURED, [])
    if any(s[0] == "devour_setup_gems" for s in nd.rules.get("setup", ())):
        cards = content.CARDS
        gems = [(k, name) for k, name in enumerate(st.supply_names) if cards[name].type == "gem"]
        for k, name in sorted(gems, key=lambda x: (-cards[x[1]].cost, x[0])):
            if st.supply_counts[k] > 0:
                st.supply_counts[k] -= 1
                pile.insert(0, name)
    if st.config.get("expert"):
        for s in nd.increased_difficulty.get("setup", ()):
            if s[0] == "devour_setup_extra":
                st.stack.append(("s", -1, -1, nd.name, tuple(s)))


@nemesis_hook(PG, "main_options")
def _pg_main_options(g: Engine, i: int) -> list[Action]:
    pile = g.state.nemesis.decks.get(DEVOURED)
    if not pile:
        return []
    c = content.CARDS[pile[0]]
    p = g.state.players[i]
    return [("gain_devoured", pile[0])] if available(p, c.type) >= c.cost else []


@nemesis_hook(PG, "main_action")
def _pg_main_action(g: Engine, i: int, action: Action) -> None:
    """P-8 for the devoured pile: pay the cost, take its top card."""
    st = g.state
    pile = st.nemesis.decks[DEVOURED]
    name = pile.pop(0)
    c = content.CARDS[name]
    pay(st.players[i], c.cost, c.type)
    g.ev("gain_devoured", player=i, card=name)
    receive_gained(g, i, name, on_your_turn=True)


@nemesis_hook(PG, "supply_empty")
def _pg_supply_empty(g: Engine) -> None:
    _check_starved(g)
