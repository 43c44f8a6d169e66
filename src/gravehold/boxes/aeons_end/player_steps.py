"""Effect steps of the Aeon's End player content: supply cards, unique starters, abilities.

Registered with ``@step``; the wording of each kind is in
``content/aeons_end/wording_players.py``, the readings decided for the cards in the
docstrings of ``content/aeons_end/supply.py`` and ``mages.py``. Multi-pick choices re-push
a smaller step (one pick per decision); a step may carry a hidden running count as an
extra trailing argument (``hand_for_damage``). Cards move between named zones only; when
several copies of a name could move, the topmost copy moves.
"""

from __future__ import annotations

from typing import Any

from ...content import registry as content
from ...content.text import count_of, render_steps
from ...engine import rng
from ...engine.core import Ctx, Engine, op, step
from ...engine.damage import WARD_TOKEN, player_damage
from ...engine.effects import _aether, _damage, ask_step, destroy_from
from ...engine.state import Action
from ...engine.turn import cast_spell, flip_discard, reveal_turn_order_top

# ------------------------------------------------------------- wording helpers

_ORDINAL = {1: "first", 2: "second", 3: "third"}

_PLUS = {
    "your_opened_breaches": "for each opened breach you have",
    "adjacent_prepped": "for each spell prepped on a breach right next to this spell's breach",
    "all_opened": "when no breach of yours is still closed",
}

_ZONES = {"hand": "your hand", "hand_discard": "your hand or your discard pile"}

Steps = tuple[tuple[Any, ...], ...]


def _take_top(cards: list[str], name: str) -> None:
    """Remove the topmost copy of ``name`` from a discard pile (its end)."""
    del cards[len(cards) - 1 - cards[::-1].index(name)]


# ================================================================== gems and relics


@step("nth_play", text=lambda k, then: f"On your {_ORDINAL[k]} play of this card this turn: {render_steps(then)}")
def _nth_play(g: Engine, ctx: Ctx, k: int, then: Steps) -> None:
    """Diamond Cluster / Clouded Sapphire: count this turn's plays of the card (turn flag)."""
    st = g.state
    key = "plays:" + ctx.source
    count = int(st.flags.get(key, 0)) + 1
    st.flags[key] = count
    if count == k:
        g.push_steps(then, ctx)


@step("each_player_steps", text=lambda steps: f"Every player, you included, does this: {render_steps(steps)}")
def _each_player_steps(g: Engine, ctx: Ctx, steps: Steps) -> None:
    """Sifter's Pearl: every player resolves the steps as "you", starting with you."""
    n = len(g.state.players)
    first = max(ctx.you, 0)
    for d in reversed(range(n)):
        j = (first + d) % n
        g.push_steps(steps, Ctx(j, j, ctx.source))


@step("sift_top", text=lambda: "Show the top card of your deck; keep it there or put it on your discard pile.")
def _sift_top(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Reveal your deck's top card (P-16 flips an empty deck); discard it or keep it (P-17)."""
    i = ctx.you
    p = g.state.players[i]
    if action is None:
        if not p.deck:
            if not p.discard:
                return
            flip_discard(g, i)
        top = p.deck[0]
        g.ev("revealed", player=i, card=top, source=ctx.source)
        ask_step(g, ctx, ("sift_top",), "sift", i, f"Discard the revealed {top} or keep it on top?",
                 [("discard",), ("keep",)])
        return
    if action[0] == "discard" and p.deck:
        card = p.deck.pop(0)
        p.discard.append(card)
        g.ev("discard", player=i, card=card, source=ctx.source)


def _has_gem(g: Engine, ctx: Ctx, s: tuple[Any, ...]) -> bool:
    return ctx.you >= 0 and any(content.CARDS[c].type == "gem" for c in g.state.players[ctx.you].hand)


@step("play_gem_twice", can_resolve=_has_gem, text=lambda: (
        "Pick a gem in your hand: it is played and resolves two times, then it is destroyed."))
def _play_gem_twice(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Unstable Prism: a gem from hand is played (P-7), resolves twice, then is destroyed."""
    i = ctx.you
    p = g.state.players[i]
    if action is None:
        opts: list[Action] = [("card", c) for c in sorted(set(p.hand)) if content.CARDS[c].type == "gem"]
        if opts:
            ask_step(g, ctx, ("play_gem_twice",), "play_gem", i,
                     "Which gem is played twice, then destroyed?", opts)
        return
    name = str(action[1])
    p.hand.remove(name)
    p.played.append(name)
    g.ev("play", player=i, card=name, source=ctx.source)
    g.push("ae_destroy_played", i, name, ctx.source)
    play = content.CARDS[name].play
    for _ in range(2):
        g.push_steps(play, Ctx(i, i, name))


@op("ae_destroy_played")
def _ae_destroy_played(g: Engine, i: int, name: str, source: str) -> None:
    if name in g.state.players[i].played:
        destroy_from(g, i, "played", name, source)





@step("breach_discount", text=lambda n: (
        f"This turn, the next focus or opening of a breach you pay for costs {n} Æ less."))
def _breach_discount(g: Engine, ctx: Ctx, n: int) -> None:
    """Flexing Dagger: turn flag read by the focus and open actions (engine/turn.py)."""
    st = g.state
    st.flags["breach_discount"] = int(st.flags.get("breach_discount", 0)) + n


@step("may_destroy_cards", text=lambda n, zones: (
        f"You may destroy up to {count_of(n, 'card')} from {_ZONES[zones]}." if n > 1
        else f"You may destroy one card from {_ZONES[zones]}."))
def _may_destroy_cards(g: Engine, ctx: Ctx, n: int, zones: str, action: Action | None = None) -> None:
    """Spectral Echo / Bottled Vortex: destroy up to n cards (K-10), one pick at a time."""
    i = ctx.you
    p = g.state.players[i]
    if action is None:
        if n <= 0:
            return
        opts: list[Action] = [("card", "hand", c) for c in sorted(set(p.hand))]
        if zones == "hand_discard":
            opts += [("card", "discard", c) for c in sorted(set(p.discard))]
        if opts:
            ask_step(g, ctx, ("may_destroy_cards", n, zones), "destroy", i,
                     f"Destroy a card? (up to {n} more)", opts + [("done",)])
        return
    if action[0] == "done":
        return
    destroy_from(g, i, str(action[1]), str(action[2]), ctx.source)
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("may_destroy_cards", n - 1, zones))


@step("cast_fresh_prepped", text=lambda extra: (
        f"You may cast a spell of yours that was prepped during this turn; it deals {extra} "
        "more damage."))
def _cast_fresh_prepped(g: Engine, ctx: Ctx, extra: int, action: Action | None = None) -> None:
    """Blasting Staff: cast one of your spells prepped this turn (turn flag ``prepped``)."""
    st = g.state
    i = ctx.you
    if action is None:
        fresh = st.flags.get("prepped", ())
        opts: list[Action] = [("spell", i, b, k) for b, br in enumerate(st.players[i].breaches)
                              for k, sp in enumerate(br.spells) if (i, b, sp) in fresh]
        if opts:
            ask_step(g, ctx, ("cast_fresh_prepped", extra), "spell", i,
                     f"Cast a spell you prepped this turn, for {extra} more damage?", opts + [("skip",)])
        return
    if action[0] == "skip":
        return
    cast_spell(g, i, i, int(action[2]), int(action[3]), extra=extra)


@step("may_gain_to_deck", text=lambda: "On gaining it: you may put it on top of your deck instead.")
def _may_gain_to_deck(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Vriswood Amber: the gained copy (on top of the discard) may go on top of the deck."""
    i = ctx.you
    p = g.state.players[i]
    if action is None:
        if p.discard and p.discard[-1] == ctx.source:
            ask_step(g, ctx, ("may_gain_to_deck",), "to_deck", i,
                     f"Put {ctx.source} on top of your deck?", [("yes",), ("no",)])
        return
    if action[0] == "yes" and p.discard and p.discard[-1] == ctx.source:
        p.discard.pop()
        p.deck.insert(0, ctx.source)
        g.ev("to_deck", player=i, card=ctx.source)


# ================================================================== spells


def _counter(g: Engine, ctx: Ctx, counter: str) -> int:
    st = g.state
    if counter == "your_opened_breaches":
        return sum(br.state == "open" for br in st.players[ctx.you].breaches)
    if counter == "all_opened":
        brs = [br for br in st.players[ctx.you].breaches if br.state in ("open", "closed")]
        return int(all(br.state == "open" for br in brs))
    if counter == "adjacent_prepped":
        where = st.flags.get("cast_from")
        if not where:
            return 0
        owner, b = int(where[0]), int(where[1])
        brs = st.players[owner].breaches
        anchors: set[int] = set()
        for a in (b - 1, b + 1):
            if 0 <= a < len(brs):
                anchors.add(a)
                if brs[a].covered_by >= 0:  # a two-breach spell lying on this neighbour too
                    anchors.add(brs[a].covered_by)
        anchors.discard(b)
        return sum(len(brs[a].spells) for a in anchors)
    raise ValueError(counter)  # pragma: no cover - content is checked at load


@step("damage_plus", text=lambda b, per, c: f"Deal {b} damage, plus {per} {_PLUS[c]}.")
def _damage_plus(g: Engine, ctx: Ctx, base: int, per: int, counter: str) -> None:
    """Planar Insight, Chaos Arc, Amplify Vision: one source of base + per x count (P-3)."""
    _damage(g, ctx, base + per * _counter(g, ctx, counter))


@step("hand_for_damage", text=lambda mode, n, per: (
        f"{mode.capitalize()} up to {count_of(n, 'card')} from your hand; {per} damage per card "
        f"{'discarded' if mode == 'discard' else 'destroyed'}, dealt as one."))
def _hand_for_damage(g: Engine, ctx: Ctx, mode: str, n: int, per: int, done: int = 0,
                     action: Action | None = None) -> None:
    """Dark Fire (discard) / Consuming Void (destroy): up to n cards, then one damage source."""
    i = ctx.you
    p = g.state.players[i]
    if action is None:
        if n > 0 and p.hand:
            opts: list[Action] = [("card", c) for c in sorted(set(p.hand))] + [("done",)]
            verb = "Discard" if mode == "discard" else "Destroy"
            ask_step(g, ctx, ("hand_for_damage", mode, n, per, done), mode, i,
                     f"{verb} a card from hand for {per} damage? (up to {n} more)", opts)
            return
    elif action[0] != "done":
        name = str(action[1])
        if mode == "discard":
            p.hand.remove(name)
            p.discard.append(name)
            g.ev("discard", player=i, card=name, source=ctx.source)
        else:
            destroy_from(g, i, "hand", name, ctx.source)
        g.push("s", ctx.you, ctx.owner, ctx.source, ("hand_for_damage", mode, n - 1, per, done + 1))
        return
    if done:
        _damage(g, ctx, per * done)


@step("damage_charge_boost", text=lambda base, extra: (
        f"Deal {base} damage; you may first give up 1 charge to add {extra} to it."))
def _damage_charge_boost(g: Engine, ctx: Ctx, base: int, extra: int, action: Action | None = None) -> None:
    """Phoenix Flame: you may lose 1 charge; the damage is one source either way."""
    i = ctx.you
    p = g.state.players[i]
    if action is None:
        if p.charges <= 0:
            _damage(g, ctx, base)
            return
        ask_step(g, ctx, ("damage_charge_boost", base, extra), "yes_no", i,
                 f"Lose 1 charge to deal {base + extra} damage instead of {base}?", [("yes",), ("no",)])
        return
    if action[0] == "yes":
        p.charges -= 1
        g.ev("charges_lost", player=i, amount=1, source=ctx.source)
        _damage(g, ctx, base + extra)
    else:
        _damage(g, ctx, base)


@step("damage_gem_boost", text=lambda base: (
        f"Deal {base} damage; you may first discard a gem from your hand to add its cost to it."))
def _damage_gem_boost(g: Engine, ctx: Ctx, base: int, action: Action | None = None) -> None:
    """Oblivion Swell: you may discard a gem from hand to add its cost (one source)."""
    i = ctx.you
    p = g.state.players[i]
    if action is None:
        gems = sorted({c for c in p.hand if content.CARDS[c].type == "gem"})
        if not gems:
            _damage(g, ctx, base)
            return
        opts: list[Action] = [("card", c) for c in gems] + [("skip",)]
        ask_step(g, ctx, ("damage_gem_boost", base), "discard", i,
                 "Discard a gem to add its cost to the damage?", opts)
        return
    if action[0] == "skip":
        _damage(g, ctx, base)
        return
    name = str(action[1])
    p.hand.remove(name)
    p.discard.append(name)
    g.ev("discard", player=i, card=name, source=ctx.source)
    _damage(g, ctx, base + content.CARDS[name].cost)


@step("return_played_gem", text=lambda: "Take a gem you played this turn back into your hand.")
def _return_played_gem(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Arcane Nexus: a gem played this turn goes from the play area back to hand."""
    i = ctx.you
    p = g.state.players[i]
    if action is None:
        opts: list[Action] = [("card", c) for c in sorted(set(p.played)) if content.CARDS[c].type == "gem"]
        if opts:
            ask_step(g, ctx, ("return_played_gem",), "to_hand", i, "Return which played gem to your hand?", opts)
        return
    name = str(action[1])
    p.played.remove(name)
    p.hand.append(name)
    g.ev("returned_to_hand", player=i, card=name, source=ctx.source)


# ================================================================== mage abilities and starters


@step("cast_prepped_twice", text=lambda: (
        "Pick any player's prepped spell: cast it while it stays prepped, then cast it once more "
        "as usual."))
def _cast_prepped_twice(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Jian's Black Mirror: cast a prepped spell keeping it prepped, then cast it (P-2, P-18)."""
    st = g.state
    if action is None:
        opts: list[Action] = [("spell", j, b, k) for j, p in enumerate(st.players)
                              for b, br in enumerate(p.breaches) for k in range(len(br.spells))]
        if opts:
            ask_step(g, ctx, ("cast_prepped_twice",), "spell", ctx.you,
                     "Cast which prepped spell twice?", opts)
        return
    j, b, k = int(action[1]), int(action[2]), int(action[3])
    name = st.players[j].breaches[b].spells[k]
    g.push("ae_cast_again", ctx.you, j, b, name)
    cast_spell(g, ctx.you, j, b, k, keep=True)


@op("ae_cast_again")
def _ae_cast_again(g: Engine, caster: int, owner: int, b: int, name: str) -> None:
    spells = g.state.players[owner].breaches[b].spells
    if name in spells:
        cast_spell(g, caster, owner, b, spells.index(name))


@step("spells_to_hand", text=lambda n: (
        f"The player whose turn it is may take up to {count_of(n, 'spell')} from their discard pile "
        "into their hand."))
def _spells_to_hand(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """Kadir's Otherworldly Gate: the active player takes up to n spells from their discard."""
    j = g.state.active
    if j < 0:
        return
    p = g.state.players[j]
    if action is None:
        opts: list[Action] = [("card", c) for c in sorted({c for c in p.discard
                                                             if content.CARDS[c].type == "spell"})]
        if n > 0 and opts:
            ask_step(g, ctx, ("spells_to_hand", n), "to_hand", j,
                     f"Take a spell from your discard pile into your hand? (up to {n} more)", opts + [("done",)])
        return
    if action[0] == "done":
        return
    name = str(action[1])
    _take_top(p.discard, name)
    p.hand.append(name)
    g.ev("returned_to_hand", player=j, card=name, source=ctx.source)
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("spells_to_hand", n - 1))


@step("double_prep", text=lambda: "This turn, each opened breach of that player may hold two spells.")
def _double_prep(g: Engine, ctx: Ctx) -> None:
    """Kadir: turn flag ``two_per_open`` read by turn.main_options / prep_targets."""
    st = g.state
    if st.active >= 0:
        st.flags["two_per_open"] = tuple(st.flags.get("two_per_open", ())) + (st.active,)


@step("turn_order_peek", text=lambda bonus: (
        "Look at the top turn order card, showing it to all; leave it on top or move it to the "
        f"bottom. Gain {bonus} more Æ if it is a player's card."))
def _turn_order_peek(g: Engine, ctx: Ctx, bonus: int, action: Action | None = None) -> None:
    """Quartz Shard: reveal the top turn order card (T-2), keep it or move it to the bottom."""
    st = g.state
    if action is None:
        top = reveal_turn_order_top(g)
        ask_step(g, ctx, ("turn_order_peek", bonus), "turn_order", ctx.you,
                 f"The top turn order card is {top}: leave it on top or put it at the bottom?",
                 [("top",), ("bottom",)])
        return
    top = st.to_deck[0]
    if action[0] == "bottom" and len(st.to_deck) > 1:
        st.to_deck.append(st.to_deck.pop(0))
        known = st.tokens.get("to_known", 0)
        st.tokens["to_known"] = known if known >= len(st.to_deck) else max(0, known - 1)
        g.ev("turn_order_to_bottom", card=top, source=ctx.source)
    if top != "N":
        _aether(g, ctx, bonus)


def _card_players(n: int, card: str) -> list[int]:
    """The players a turn order card may name for Quicken Thought (never W or N)."""
    if card in ("N", "W"):
        return []
    if n == 1:  # T-5
        return [0]
    if card in ("P12", "P34"):  # T-4
        return [0, 1] if card == "P12" else [2, 3]
    j = int(card[1]) - 1
    return [j] if j < n else []


@step("shuffle_player_turn", text=lambda dmg: (
        "Pick a player's card (never the wild card) from the turn order discard; it goes back "
        f"in the turn order deck, which is then shuffled. Its player suffers {dmg} damage."))
def _shuffle_player_turn(g: Engine, ctx: Ctx, dmg: int, action: Action | None = None) -> None:
    """Lash's Quicken Thought: a player card of the turn order discard is shuffled back."""
    st = g.state
    if action is None:
        n = len(st.players)
        opts: list[Action] = [("turn_card", c, j) for c in sorted(set(st.to_discard))
                              for j in _card_players(n, c)]
        if opts:
            ask_step(g, ctx, ("shuffle_player_turn", dmg), "turn_order", ctx.you,
                     "Shuffle which player's turn order card back into the deck?", opts)
        return
    card, j = str(action[1]), int(action[2])
    st.to_discard.remove(card)
    st.to_deck.append(card)
    st.rng = rng.shuffle(st.rng, st.to_deck)
    st.tokens["to_known"] = 0
    g.ev("turn_order_shuffled", cards=len(st.to_deck), source=ctx.source)
    player_damage(g, j, dmg, ctx.source)


@step("ally_may_suffer_destroy", text=lambda: (
        "An ally of your choice may take 1 damage; if so, they destroy a card from their hand."))
def _ally_may_suffer_destroy(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Tourmaline Shard: an ally may take 1 damage; then they destroy a card in hand (K-10)."""
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you)] + [("skip",)]
        ask_step(g, ctx, ("ally_may_suffer_destroy",), "player", ctx.you,
                 "Which ally takes 1 damage to destroy a card in hand?", opts)
        return
    if action[0] == "skip":
        return
    j = int(action[1])
    g.push("s", j, j, ctx.source, ("destroy_hand", 1))
    player_damage(g, j, 1, ctx.source)


@step("ward_turn", text=lambda: "For the turn now starting, players and Gravehold suffer no damage.")
def _ward_turn(g: Engine, ctx: Ctx) -> None:
    """Phaedraxa's Auspex Rune: table token naming the coming turn (read in engine/damage.py).

    The window is right after a turn order card is drawn, before that turn starts and
    counts itself, so the warded turn is the next turn number.
    """
    st = g.state
    st.tokens[WARD_TOKEN] = st.turn + 1
    g.ev("ward", warded_turn=st.turn + 1, source=ctx.source)
