"""ISMCTS: what its sampled worlds keep and redraw, its budgets, and that it finds a lethal."""

from __future__ import annotations

import dataclasses
import random
import time
from collections import Counter

import pytest

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.agents.chance import Chance
from gravehold.agents.ismcts import ISMCTSAgent, World, evaluate, worth_searching
from gravehold.content import registry
from gravehold.content.hints import hints
from gravehold.engine import rng
from gravehold.engine.state import Decision, InPlay


def _mid_game(seed: int = 3, steps: int = 70) -> Game:
    """A seeded 2-player game after ``steps`` heuristic decisions, stopped at a main-phase
    decision with a real choice (gems already played): searched in the ``"choices"`` mode."""
    g = Game.new(["Brama", "Mist"], nemesis="Rageborne", market="Deck Destruction", seed=seed, events=False)
    h = make_agent("heuristic", seed)
    n = 0
    while not g.over:
        d = g.decision
        assert d is not None
        seat = d.seat
        if n >= steps and d.kind == "main" and worth_searching(d, "choices"):
            return g
        g.apply(h.choose(d, lambda g=g, seat=seat: g.view_for(seat)))
        n += 1
    raise AssertionError("the game ended before the wanted decision")  # pragma: no cover


def _tiers(deck: list[str]) -> Counter[int]:
    return Counter(registry.NEMESIS_CARDS[c].tier for c in deck)


def _rich_mid_game() -> Game:
    """A mid-game state where every hidden part has something to redraw."""
    for seed in range(3, 30):
        g = _mid_game(seed, 40)
        st = g.state
        me = g.decision.player
        ally = st.players[1 - me]
        if ally.deck and len(set(ally.hand + ally.deck)) > 1 and len(set(st.players[me].deck)) > 1 \
                and len(st.to_deck) >= 4 and len(set(st.to_deck[2:])) > 1:
            return g
    raise AssertionError("no seed gives a state with hidden parts to redraw")  # pragma: no cover


def test_world_keeps_what_the_seat_knows_and_redraws_the_rest() -> None:
    g = _rich_mid_game()
    st = g.state
    st.tokens["to_known"] = 2  # the top two turn order cards were revealed to everyone
    me = g.decision.player
    other = 1 - me
    world = World(g.view_for(me), g.decision)
    r = random.Random(5)
    hands, decks, nem_decks, to_rests = set(), set(), set(), set()
    for _ in range(60):
        s = world.sample(r)
        # the seat's own hand and every public zone are exactly the real ones
        assert s.players[me].hand == st.players[me].hand
        for j in range(2):
            p, q = s.players[j], st.players[j]
            assert p.discard == q.discard and p.played == q.played and p.life == q.life
            assert p.charges == q.charges and p.aether == q.aether
            assert [b.to_dict() for b in p.breaches] == [b.to_dict() for b in q.breaches]
        assert s.supply_names == st.supply_names and s.supply_counts == st.supply_counts
        assert s.nemesis.discard == st.nemesis.discard and s.nemesis.life == st.nemesis.life
        assert [c.to_dict() for c in s.nemesis.in_play] == [c.to_dict() for c in st.nemesis.in_play]
        assert s.gravehold == st.gravehold and s.destroyed == st.destroyed
        assert s.to_discard == st.to_discard and s.decision.to_dict() == st.decision.to_dict()
        # the known turn order top stays, the rest of that deck is the right cards
        assert s.to_deck[:2] == st.to_deck[:2]
        assert sorted(s.to_deck) == sorted(st.to_deck)
        # own deck: same cards; ally: same hand size and the same hand-plus-deck pool
        assert sorted(s.players[me].deck) == sorted(st.players[me].deck)
        assert len(s.players[other].hand) == len(st.players[other].hand)
        assert sorted(s.players[other].hand + s.players[other].deck) == \
            sorted(st.players[other].hand + st.players[other].deck)
        # the nemesis deck keeps its size per tier
        assert _tiers(s.nemesis.deck) == _tiers(st.nemesis.deck)
        assert len(s.nemesis.deck) == len(st.nemesis.deck)
        hands.add(tuple(sorted(s.players[other].hand)))
        decks.add(tuple(s.players[me].deck))
        nem_decks.add(tuple(s.nemesis.deck))
        to_rests.add(tuple(s.to_deck[2:]))
    # ... and the hidden parts are really redrawn
    assert len(hands) > 1 and len(decks) > 1 and len(nem_decks) > 1 and len(to_rests) > 1


def test_world_keeps_an_ally_hand_card_the_decision_showed() -> None:
    """A team choice that lists an ally's gems (Pulverize) shows them in that ally's hand."""
    g = _mid_game()
    st = g.state
    me = g.decision.player
    other = 1 - me
    pool = st.players[other].hand + st.players[other].deck
    shown = next(c for c in pool if registry.CARDS[c].type == "gem")
    d = Decision("gem", me, "Pulverize", "Discard a gem?", [("gem", other, shown), ("done",)], ("s",))
    world = World(g.view_for(me), d)
    r = random.Random(1)
    for _ in range(40):
        s = world.sample(r)
        assert shown in s.players[other].hand
        assert sorted(s.players[other].hand + s.players[other].deck) == sorted(pool)
        assert len(s.players[other].hand) == len(st.players[other].hand)


def test_iteration_budget_is_honoured() -> None:
    g = _mid_game()
    d = g.decision
    assert worth_searching(d, "choices") and not worth_searching(d)  # the default leaves plans to the policy
    k = len(d.options)
    for n in (1, 7, 30, 3 * k + 1):
        # the tree search runs exactly the budget ...
        a = ISMCTSAgent(0, iterations=n, search="choices", stop_early=False, paired=False)
        act = a.choose(d, lambda: g.view_for(d.player))
        assert act in d.options and a.last_iterations == n
        # ... stopping early never runs more, and never changes the answer
        b = ISMCTSAgent(0, iterations=n, search="choices", paired=False)
        assert b.choose(d, lambda: g.view_for(d.player)) == act
        assert 1 <= b.last_iterations <= n
        # paired rollouts: whole rounds of one rollout per option, at least one round
        c = ISMCTSAgent(0, iterations=n, search="choices")
        assert c.choose(d, lambda: g.view_for(d.player)) in d.options
        assert c.last_iterations == k * max(1, n // k)


def test_time_budget_is_honoured() -> None:
    g = _mid_game()
    d = g.decision
    for paired in (False, True):
        a = ISMCTSAgent(0, time_ms=60, iterations=1, search="choices", paired=paired)
        t0 = time.perf_counter()
        act = a.choose(d, lambda: g.view_for(d.player))
        took = time.perf_counter() - t0
        assert act in d.options
        assert a.last_iterations > len(d.options)  # the time budget replaces the iteration count
        assert took < 0.06 + 0.5  # the last iteration (round) may run past the deadline, no more
    tiny = ISMCTSAgent(0, time_ms=0.001, search="all")
    assert tiny.choose(d, lambda: g.view_for(d.player)) in d.options
    assert tiny.last_iterations >= 1


def test_same_seed_same_choice_and_easy_decisions_are_not_searched() -> None:
    g = _mid_game()
    d = g.decision
    same = ISMCTSAgent(4, iterations=12, search="choices")
    first = same.choose(d, lambda: g.view_for(d.player))
    world = same._world
    assert same.choose(d, lambda: g.view_for(d.player)) in d.options and same._world is world  # built once
    assert first in d.options
    a1 = ISMCTSAgent(4, iterations=12, search="choices").choose(d, lambda: g.view_for(d.player))
    a2 = ISMCTSAgent(4, iterations=12, search="choices").choose(d, lambda: g.view_for(d.player))
    assert a1 == a2
    # not searched by default: the heuristic agent's answer, with no iterations spent
    agent = ISMCTSAgent(4)
    assert agent.choose(d, lambda: g.view_for(d.player)) == make_agent("heuristic", 4).choose(
        d, lambda: g.view_for(d.player))
    assert agent.last_iterations == 0
    easy = Decision("discard_order", d.player, "x", "order", [("order", "Crystal"), ("order", "Spark")], ("s",))
    assert not worth_searching(easy) and not worth_searching(easy, "choices") and worth_searching(easy, "all")
    gems = Decision("main", d.player, "x", "main", [("play", "Crystal"), ("charge",), ("end_main",)], ("s",))
    assert not worth_searching(gems, "choices")
    target = Decision("target", d.player, "x", "t", [("target", "nemesis"), ("target", "Scorn")], ("s",))
    assert not worth_searching(target) and worth_searching(target, "choices")  # targets: the policy's
    with pytest.raises(ValueError):
        ISMCTSAgent(0, search="some")
    assert agent.iterations >= 1 and agent.depth >= 1


def test_paired_rollouts_seed_no_mersenne_twister(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each paired rollout's policy generator is a Chance (one integer), not a random.Random."""
    g = _mid_game()
    d = g.decision
    agent = ISMCTSAgent(4, iterations=12, search="choices")
    agent.choose(d, lambda: g.view_for(d.player))  # builds the World (it is asked again below)
    made: list[object] = []
    real = random.Random
    monkeypatch.setattr(random, "Random", lambda *a: made.append(a) or real(*a))
    agent.choose(d, lambda: g.view_for(d.player))
    assert agent.last_iterations > 0 and made == []


def test_chance_is_the_engine_generator() -> None:
    c = Chance(17)
    state = rng.seed_state(17)
    for n in (1, 2, 6, 10, 1000):
        state, want = rng.randbelow(state, n)
        assert c.randrange(n) == want
    assert [Chance(5).randrange(6) for _ in range(3)] == [Chance(5).randrange(6)] * 3
    draws = Counter(c.randrange(6) for _ in range(6000))
    assert set(draws) == set(range(6)) and all(800 < k < 1200 for k in draws.values())


def _lethal_target_game() -> Game:
    """Player 0 deals 3 damage: the nemesis has 2 life left, a 2-life minion is in play."""
    g = _mid_game(seed=5, steps=20)
    st = g.state
    minion = next(n for n, c in registry.NEMESIS_CARDS.items() if c.type == "minion" and c.life >= 2
                  and not c.passive and not c.discarded and c.box == "AE")
    st.nemesis.life = 2
    st.nemesis.in_play.append(InPlay(minion, life=2))
    i = st.decision.player
    st.decision = None
    st.stack.append(("main_phase", i))
    st.stack.append(("deal", i, "Spark", 3))
    g.engine.run()
    assert g.decision is not None and g.decision.kind == "target"
    assert ("target", "nemesis") in g.decision.options and ("target", minion) in g.decision.options
    return g


def test_agent_takes_the_lethal_target() -> None:
    g = _lethal_target_game()
    d = g.decision
    seat = d.player
    for seed in range(3):
        for paired in (True, False):
            a = ISMCTSAgent(seed, paired=paired, search="choices")
            assert a.choose(d, lambda: g.view_for(seat)) == ("target", "nemesis")
            assert a.last_iterations >= 1
    won = g.clone()
    won.apply(("target", "nemesis"))
    assert won.result == "win" and evaluate(won.state) == 1.0


def test_evaluate_orders_outcomes() -> None:
    g = _mid_game()
    s = g.state.clone()
    base = evaluate(s)
    assert 0.0 < base < 1.0
    hurt = s.clone()
    hurt.nemesis.life = max(1, hurt.nemesis.life - 10)
    assert evaluate(hurt) > base
    worse = s.clone()
    worse.gravehold = max(1, worse.gravehold - 10)
    assert evaluate(worse) < base
    # who suffers: the healthy player, not the one near exhaustion
    s.players[0].life, s.players[1].life = 3, 10
    hit_low, hit_high = s.clone(), s.clone()
    hit_low.players[0].life -= 2
    hit_high.players[1].life -= 2
    assert evaluate(hit_high) > evaluate(hit_low)
    # a minion in play is a danger
    minion = next(n for n, c in registry.NEMESIS_CARDS.items() if c.type == "minion" and c.persistent)
    with_minion = s.clone()
    with_minion.nemesis.in_play.append(InPlay(minion, life=5))
    assert evaluate(with_minion) < evaluate(s)
    # a spell the players own is future damage: destroying it for 4 Gravehold life is a loss
    spent = s.clone()
    spent.players[0].discard.append("Conjure the Lost")
    healed = spent.clone()
    healed.players[0].discard.remove("Conjure the Lost")
    healed.gravehold = min(healed.gravehold_max, healed.gravehold + 4)
    assert evaluate(spent) > evaluate(healed)
    # an Umbra Titan minion that takes tokens is a danger beyond its printed damage
    ut = s.clone()
    ut.nemesis.id = "Umbra Titan"
    ut.nemesis.tokens = {"nemesis": 6}
    grubber = ut.clone()
    grubber.nemesis.in_play.append(InPlay("Grubber", life=5))
    wounded = ut.clone()
    wounded.nemesis.in_play.append(InPlay("Grubber", life=1))
    assert evaluate(grubber) < evaluate(wounded) < evaluate(ut)
    # a dire position still scores above a loss
    dire = s.clone()
    dire.gravehold, dire.nemesis.life = 1, dire.nemesis.max_life
    for p in dire.players:
        p.exhausted, p.life = True, 0
    assert 0.0 < evaluate(dire) < evaluate(s)


def _masked_game(seed: int = 2) -> tuple[Game, int, str]:
    """A fresh game against the nemesis with a secret deck, one of that deck's cards moved
    into the deciding player's deck (hidden from them too); the deck's key."""
    nid = next(n for n, nd in registry.NEMESES.items() if "secret" in nd.deck_faces.values())
    key = next(k for k, face in registry.NEMESES[nid].deck_faces.items() if face == "secret")
    g = Game.new(["Brama", "Mist"], nemesis=nid, market="Deck Destruction", seed=seed, events=False)
    me = g.decision.player
    g.state.players[me].deck.append(g.state.nemesis.decks[key].pop())
    return g, me, key


def test_world_deals_back_the_cards_of_a_secret_deck_whatever_its_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search reads which decks are secret from the nemesis' ``deck_faces``: a secret deck
    under another key has its hidden cards dealt back between the seat's masked card and the
    deck, every one of its cards once, as with the shipped key."""
    g, me, key = _masked_game()
    real = registry.NEMESES[g.state.nemesis.id]
    names = list(real.special_decks[key])
    known = sorted(g.state.players[me].deck[:-1])
    size = len(g.state.nemesis.decks[key])
    nd = dataclasses.replace(real, id="Whisper Mask", special_decks={"whispers": tuple(names)},
                             deck_faces={"whispers": "secret"})
    monkeypatch.setitem(registry.NEMESES, nd.id, nd)
    v = g.view_for(me)
    assert v["players"][me]["deck_contents"].count("?") == 1
    v["nemesis"]["id"] = nd.id
    v["nemesis"]["decks"] = {"whispers": v["nemesis"]["decks"].pop(key)}
    world = World(v, g.decision)
    r = random.Random(3)
    dealt = set()
    for _ in range(20):
        s = world.sample(r)
        mine = list(s.players[me].deck)
        for c in known:
            mine.remove(c)
        assert len(mine) == 1 and len(s.nemesis.decks["whispers"]) == size
        assert Counter(mine + s.nemesis.decks["whispers"]) == Counter(names)
        dealt.add(mine[0])
    assert len(dealt) > 1


def test_world_fills_a_short_nemesis_deck_with_the_hinted_stand_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """More cards of a tier in the nemesis deck than unseen ones left (every basic card of
    tier 1 seen, none of its own): the sampled deck keeps its size with the stand-in card the
    boxes' hints name (``hints.stand_in_nemesis_card``)."""
    g = _mid_game()
    v = g.view_for(g.decision.player)
    basics = registry.BASICS[v["config"].get("basics") or registry.NEMESES[g.state.nemesis.id].box]
    stand_in = next(n for n, c in sorted(registry.NEMESIS_CARDS.items()) if c.tier == 1 and n not in basics)
    monkeypatch.setattr(hints, "stand_in_nemesis_card", stand_in, raising=False)
    v["nemesis"]["discard"] = [c for c in basics if registry.NEMESIS_CARDS[c].tier == 1]
    v["nemesis"]["unseen_own"] = []
    v["nemesis"]["deck_tiers"] = {"1": 2}
    assert World(v, g.decision).sample(random.Random(0)).nemesis.deck == [stand_in, stand_in]
