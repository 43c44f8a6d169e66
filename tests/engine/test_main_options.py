"""main_options keeps catalogue facts in tables (engine/turn/main.py); its answers must be the rules'.

The tables hold what a card in hand offers, what each supply pile costs at each amount of
aether, which breaches an amount of aether can act on, and what a nemesis card in play
offers. ``plain_main_options`` below is the reading they replaced, kept here as the
reference: over many random positions of every box, a main decision's options must equal
it, and equal a recomputation from empty tables.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gravehold import Game
from gravehold.content import registry
from gravehold.content.model import UNPLAYED_TYPES, CardDef, NemesisCardDef
from gravehold.engine import turn
from gravehold.engine.core import CHARGE_COST, FOCUS_COST, OPEN_COST, Engine
from gravehold.engine.keywords.exclusive_aether import available
from gravehold.engine.turn import _usable, can_pay, clear_main_caches, main_options, prep_targets

from support import at_main, base_state, player

Action = tuple[Any, ...]


def plain_main_options(g: Engine, i: int) -> list[Action]:
    """The main-phase actions read straight from the state and the catalogue (no tables)."""
    st = g.state
    p = st.players[i]
    opts: list[Action] = []
    cards = registry.CARDS
    seen: set[str] = set()
    spells_in_hand: list[str] = []
    for name in p.hand:
        if name in seen:
            continue
        seen.add(name)
        t = cards[name].type
        if t == "spell":
            spells_in_hand.append(name)
        elif t not in UNPLAYED_TYPES:  # never played (corruption, curse, parasite): their nemesis resolves them
            opts.append(("play", name))
    aether = p.aether + p.aether_tokens  # K-7: aether tokens pay like aether
    restricted = bool(p.aether_for)
    free = available(p, "other") if restricted else aether
    counts = st.supply_counts
    priced = g.on.get("gain_cost")  # a modifier: a pile costs more or less (a mat's increased difficulty)
    for idx, name in enumerate(st.supply_names):
        if counts[idx] > 0:
            c = cards[name]
            cost = c.cost if priced is None else priced(g, i, name, c.cost)
            if (available(p, c.type) if restricted else aether) >= cost:
                opts.append(("gain", name))
    if free >= CHARGE_COST and p.charges < p.max_charges:
        opts.append(("charge",))
    flags = st.flags
    brs = p.breaches
    rs = st.config.get("ruleset")
    locked = rs is not None and rs.get("last_stage_focus") == "locked"
    disc = flags.get("breach_discount", 0)
    breach_free = available(p, "focus") if restricted else aether  # K-11: aether only for breaches
    for b, br in enumerate(brs):
        if br.state != "closed":
            continue
        if breach_free >= FOCUS_COST[b] - disc and not (locked and br.stage >= 3):
            opts.append(("focus", b))
        if breach_free >= OPEN_COST[b][br.stage] - disc:
            opts.append(("open", b))
    if spells_in_hand:
        two = i in flags.get("two_per_open", ())
        closed_any = i in flags.get("prep_closed", ())
        two_any = i in flags.get("two_per_breach", ())
        more = sum(int(n) for j, n in flags.get("more_per_open", ()) if j == i)
        for name in spells_in_hand:
            for b in prep_targets(p, name, True, closed_any, two, two_any, more):
                opts.append(("prep", name, b))
    for j, q in enumerate(st.players):
        if q.charges >= q.max_charges:
            w = registry.MAGES[q.mage].ability.window
            mine = w in ("your_main", "your_casting_main") and j == i
            ally = w == "ally_main" and (j != i or len(st.players) == 1)
            if mine or ally or w == "any_main":
                opts.append(("ability", j))
    used = flags.get("used")
    for b, br in enumerate(brs):
        for k, sp in enumerate(br.spells):
            if k and br.spells[0] == sp:
                continue
            for wp in cards[sp].while_prepped:
                if (wp[0] == "main" and (not used or _usable(used, brs, b, sp))) \
                        or (wp[0] == "main_paid" and free >= wp[1]):
                    opts.append(("use", b, sp))
    n = st.nemesis
    for m in n.in_play:
        ncard = registry.NEMESIS_CARDS[m.name]
        if ncard.to_discard and can_pay(g, i, ncard.to_discard):
            opts.append(("pay", m.name))
        if ncard.wandering and free >= 1:
            opts.append(("pay_damage", m.name))
    used = list(st.flags.get("recalled", ()))  # K-4: each copy in the discard pile, once this turn
    for name in dict.fromkeys(p.discard):
        if registry.CARDS[name].recall and p.discard.count(name) > used.count(name):
            opts.append(("recall", name))
    h = g.on.get("main_options")
    if h is not None:
        opts.extend(h(g, i))
    opts.append(("end_main",))
    return opts


@st.composite
def games(draw: st.DrawFn) -> tuple[Game, int]:
    """A random setup over every box (nemesis, mages and market drawn), and a chooser seed."""
    n = draw(st.sampled_from((1, 2, 3, 4)))
    g = Game.new(mages=["random"] * n, nemesis="random", market="random",
                 difficulty=draw(st.sampled_from(("beginner", "normal", "expert", "extinction"))),
                 ruleset=draw(st.sampled_from(("we", "ae", "log", "na", "oc"))),
                 seed=draw(st.integers(0, 2**63 - 1)), events=False,
                 four_player_variant=n == 4 and draw(st.booleans()))
    return g, draw(st.integers(0, 2**32 - 1))


def play_checking(g: Game, seed: int, check: Any) -> int:
    """Play to the end, mostly not ending a phase (so decks, aether and breaches grow);
    ``check(g)`` sees every main decision. Returns how many it saw."""
    r = random.Random(seed)
    seen = 0
    while not g.over and g.state.seq < 3000:
        d = g.decision
        assert d is not None
        if d.kind == "main":
            check(g)
            seen += 1
        acts = [a for a in d.options if a[0] not in ("end_main", "end_casting")]
        g.apply(r.choice(acts) if acts and r.random() < 0.85 else r.choice(d.options))
    return seen


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_main_options_equal_the_plain_reading_and_a_fresh_recomputation(game: tuple[Game, int]) -> None:
    g, seed = game

    def check(g: Game) -> None:
        d = g.decision
        assert d is not None
        assert d.options == plain_main_options(g.engine, d.player)
        clear_main_caches()
        assert main_options(g.engine, d.player) == d.options  # from empty tables
        assert main_options(g.engine, d.player) == d.options  # from the tables just filled

    assert play_checking(g, seed, check) > 0


WANDERER = "Test Table Wanderer"


@pytest.fixture
def wanderer() -> Iterator[str]:
    registry.register_nemesis_card(NemesisCardDef(WANDERER, "minion", 1, "AE", life=5, wandering=True))
    try:
        yield WANDERER
    finally:
        del registry.NEMESIS_CARDS[WANDERER]
        clear_main_caches()


def test_main_options_restricted_aether_discounts_and_prepped_uses_match_the_plain_reading(wanderer: str) -> None:
    """Positions the random games reach rarely: restricted pools, a breach discount, a
    locked last stage, prepped spells with main-phase uses (once per turn and paid), two
    copies on one breach, full charge tracks, a power with a TO DISCARD cost, a wandering
    minion (N-8)."""
    me = player("Brama", hand=["Crystal", "Crystal", "Spark", "Nova Forge"], aether=2, charges=5,
                aether_for={"spell": 3, "gem": 1},
                breaches=[{"state": "open", "spells": ["Oblivion Swell", "Oblivion Swell"]},
                          {"state": "closed", "stage": 3, "spells": ["Wildfire Whip"]},
                          {"state": "closed", "stage": 1, "focused": True}, {"state": "closed"}])
    d = base_state([me, player("Mist", charges=5)])
    d["nemesis"]["in_play"] = [{"name": "Invoke Carnage", "power": 2}, {"name": "Bane Sire", "life": 5},
                               {"name": wanderer, "life": 5}]
    g0 = at_main(d)
    for aether in (0, 2, 9):
        for flags in ({}, {"breach_discount": 2}, {"two_per_open": [0]}, {"used": [[0, "Oblivion Swell"]]},
                      {"prep_closed": [0], "two_per_breach": [0], "more_per_open": [[0, 2]]}):
            for locked in ("opens", "locked"):
                g = Game.at(g0, ("main_phase", 0), flags=flags, active=0,
                            players=[{**g0.to_dict()["players"][0], "aether": aether}, g0.to_dict()["players"][1]],
                            config={**g0.state.config, "ruleset": {**g0.state.config["ruleset"],
                                                                   "last_stage_focus": locked}})
                dec = g.decision
                assert dec is not None and dec.kind == "main"
                assert dec.options == plain_main_options(g.engine, 0)
                assert ("use", 0, "Oblivion Swell") in dec.options
                assert (("pay_damage", wanderer) in dec.options) == (aether > 0)


CARD = "Test Table Card"


@pytest.fixture
def table_card() -> Iterator[None]:
    yield
    for name in (CARD, CARD + " 2"):
        registry.CARDS.pop(name, None)
    clear_main_caches()


def test_main_options_tables_are_rebuilt_when_the_catalogue_changes(table_card: None) -> None:
    """A card's facts are read again once the catalogue's size changes: here the same name
    comes back as a spell (with one more card beside it), and is offered as a spell."""
    registry.register_card(CardDef(CARD, "gem", 0, "WE", play=(("aether", 1),)))
    g = at_main(base_state([player("Brama", hand=[CARD]), player("Mist")]))
    assert ("play", CARD) in g.legal_actions()
    assert turn._HAND_FACTS[CARD] == (("play", CARD), None)
    del registry.CARDS[CARD]
    registry.register_card(CardDef(CARD, "spell", 0, "WE", cast=(("damage", 1),)))
    registry.register_card(CardDef(CARD + " 2", "gem", 0, "WE", play=(("aether", 1),)))
    g = at_main(base_state([player("Brama", hand=[CARD]), player("Mist")]))
    assert ("play", CARD) not in g.legal_actions()
    assert ("prep", CARD, 0) in g.legal_actions()
    assert g.legal_actions() == plain_main_options(g.engine, 0)


def test_main_options_a_supply_is_read_anew_after_a_size_change(table_card: None) -> None:
    g = at_main(base_state([player("Brama", aether=4), player("Mist")]))
    before = g.legal_actions()
    registry.register_card(CardDef(CARD, "gem", 0, "WE", play=(("aether", 1),)))
    assert turn.main_options(g.engine, 0) == before == plain_main_options(g.engine, 0)
    assert turn._FACTS_FOR[0] == len(registry.CARDS)


def test_main_options_tables_stay_bounded() -> None:
    """Random markets and long games make many supplies and hands; the tables forget
    them all past their bound rather than grow without end."""
    clear_main_caches()
    for k in range(turn._HANDS_MAX + 5):
        turn._hand(("Crystal",) * (k % 7) + ("Spark",) * (k // 7))
    assert 0 < len(turn._HANDS) <= turn._HANDS_MAX
    clear_main_caches()
