"""Property tests: whole bot games over many seeds, player counts, markets, difficulties
and ruleset presets, checking engine-wide invariants at every step.

Each example sets up a game with ``Game.new`` and plays it to the end with a seeded
chooser that only ever picks among ``g.legal_actions()``. Three chooser policies give
different kinds of games: ``uniform`` (any option), ``eager`` (rarely ends a phase early,
so decks grow and breaches open) and ``heuristic`` (plays, preps, casts and buys the
costliest card first, hits minions first; it sometimes wins).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings, target
from hypothesis import strategies as st

import gravehold
from gravehold import Game, IllegalAction
from gravehold.content import registry as content
from gravehold.engine.decisions import ACTION_HEADS
from gravehold.engine.game import card_census
from gravehold.testing.rebuild import rebuilds

from support import examples, same_information_set

MAGES = ("Brama", "Mist", "Adelheim", "Xaxos")
MARKETS = ("Deck Destruction", "Reuse Spells!")
DIFFICULTIES = ("beginner", "normal", "expert", "extinction")
RULESETS = ("we", "ae", "log", "na", "oc")
POLICIES = ("uniform", "eager", "heuristic")

#: A bot game that has not ended after this many choices is a bug (no end, or a loop).
MAX_STEPS = 5000

#: Known ways a game ends (G-1, G-2, E-4, and nemesis-specific losses).
END_REASONS = {
    "win": {"nemesis_defeated", "nemesis_deck_empty"},
    "loss": {"gravehold", "exhausted", "fire", "nemesis_rule"},
}

RULE_ID = re.compile(r"^[A-Z]{1,3}-\d+$")

Action = tuple[Any, ...]


# ---------------------------------------------------------------------------- setup
@dataclass(frozen=True)
class Setup:
    """Everything ``Game.new`` needs; the same Setup always builds the same game."""

    mages: tuple[str, ...]
    market: str
    difficulty: str
    ruleset: str
    seed: int
    four_player_variant: bool = False

    def new(self, events: bool = True) -> Game:
        return gravehold.Game.new(
            mages=list(self.mages), nemesis="Rageborne", market=self.market,
            difficulty=self.difficulty, ruleset=self.ruleset, seed=self.seed, events=events,
            four_player_variant=self.four_player_variant,
        )


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    n = draw(st.sampled_from((1, 2, 3, 4)))
    mages = draw(st.permutations(MAGES))[:n]
    return Setup(
        mages=tuple(mages),
        market=draw(st.sampled_from(MARKETS)),
        difficulty=draw(st.sampled_from(DIFFICULTIES)),
        ruleset=draw(st.sampled_from(RULESETS)),
        seed=draw(st.integers(0, 2**63 - 1)),
        four_player_variant=draw(st.booleans()) if n == 4 else False,
    )


chooser_seeds = st.integers(0, 2**32 - 1)
policies = st.sampled_from(POLICIES)

PHASE_ENDS = ("end_main", "end_casting")
MAIN_PRIORITY = {"ability": 0, "play": 1, "prep": 2, "cast": 3, "gain": 4, "open": 5, "focus": 6, "charge": 7}


class Chooser:
    """Picks one of the listed legal actions, reproducibly from its own seed."""

    def __init__(self, policy: str, seed: int) -> None:
        self.policy = policy
        self.rng = random.Random(seed)

    def pick(self, g: Game) -> Action:
        acts = g.legal_actions()
        r = self.rng
        if self.policy == "eager":
            rest = [a for a in acts if a[0] not in PHASE_ENDS]
            if rest and r.random() < 0.9:
                return r.choice(rest)
        elif self.policy == "heuristic" and r.random() < 0.95:
            kind = g.decision.kind if g.decision else ""
            if kind in ("main", "casting"):
                def rank(a: Action) -> tuple[int, int, float]:
                    cost = 0
                    if a[0] == "gain":
                        c = content.CARDS[a[1]]
                        cost = -(c.cost + 3 * (c.type == "spell"))
                    return (MAIN_PRIORITY.get(a[0], 9), cost, r.random())
                return min(acts, key=rank)
            if kind == "target":
                minions = [a for a in acts if a[1] != "nemesis"]
                return minions[0] if minions else acts[0]
            if kind == "ability_window":
                return acts[0]
        return r.choice(acts)


StepHook = Callable[[Game, int, list[Action]], None]


def play(setup: Setup, policy: str, chooser_seed: int, before_step: StepHook | None = None,
         after_step: StepHook | None = None, game: Game | None = None) -> tuple[Game, list[Action]]:
    """Play a whole game; hooks see the game before and after every choice."""
    g = game if game is not None else setup.new()
    chooser = Chooser(policy, chooser_seed)
    actions: list[Action] = []
    while not g.over:
        assert len(actions) < MAX_STEPS, f"game still running after {MAX_STEPS} choices"
        acts = g.legal_actions()
        if before_step is not None:
            before_step(g, len(actions), acts)
        a = chooser.pick(g)
        g.apply(a)
        actions.append(a)
        if after_step is not None:
            after_step(g, len(actions), acts)
    return g, actions


# ------------------------------------------------------------------------ checkers
def check_bounds(g: Game) -> None:
    """Life of players, Gravehold and the nemesis, charges, supply: all within range."""
    s = g.state
    for i, p in enumerate(s.players):
        assert 0 <= p.life <= p.max_life, f"player {i} life {p.life}/{p.max_life}"
        assert 0 <= p.charges <= p.max_charges, f"player {i} charges {p.charges}/{p.max_charges}"
        assert p.aether >= 0 and p.aether_spell >= 0, f"player {i} aether {p.aether}/{p.aether_spell}"
        assert p.exhausted == (p.life == 0), f"player {i}: life {p.life} but exhausted={p.exhausted}"
    assert 0 <= s.gravehold <= s.gravehold_max, f"Gravehold life {s.gravehold}/{s.gravehold_max}"
    top = None if content.NEMESES[s.nemesis.id].no_max_life else s.nemesis.max_life  # S-4
    assert s.nemesis.life >= 0 and (top is None or s.nemesis.life <= top), \
        f"nemesis life {s.nemesis.life}/{s.nemesis.max_life}"
    assert all(c >= 0 for c in s.supply_counts), f"supply counts {s.supply_counts}"
    for m in s.nemesis.in_play:
        assert m.life >= 0 and m.power >= 0 and m.shields >= 0, f"in play {m.to_dict()}"


def check_decision_shape(g: Game) -> None:
    """A running game always waits on one decision with at least two distinct options
    (one-option decisions resolve by themselves); an ended game offers nothing."""
    s = g.state
    if g.over:
        assert g.legal_actions() == [] and g.decision is None
        assert g.reason in END_REASONS.get(g.result or "", set()), (g.result, g.reason)
        return
    d = g.decision
    assert d is not None, "a running game must wait on a decision"
    acts = g.legal_actions()
    assert len(acts) >= 2, f"{d.kind} decision with options {acts} should have resolved by itself"
    assert len(set(acts)) == len(acts), f"duplicate options in {d.kind}: {acts}"
    assert all(isinstance(a, tuple) and a for a in acts)
    assert 0 <= d.player < len(s.players), f"decision for player {d.player}"
    assert s.gravehold > 0 and s.nemesis.life > 0, "a game-ending value was reached but play goes on"


def check_end(g: Game) -> None:
    """The reason the game ended agrees with the final state (G-1 … G-3, E-4)."""
    s = g.state
    assert g.over and g.result in END_REASONS
    if g.reason == "gravehold":
        assert s.gravehold == 0
    elif g.reason == "exhausted":
        assert len(s.players) > 1 and all(p.exhausted and p.life == 0 for p in s.players)
    elif g.reason == "nemesis_defeated":
        assert s.nemesis.life == 0
    elif g.reason == "nemesis_deck_empty":
        assert not s.nemesis.deck and not s.nemesis.in_play
    with pytest.raises(IllegalAction) as info:
        g.apply(("end_main",))
    assert info.value.rule == "G-3"


def census_keeper(g: Game) -> Callable[[Game], None]:
    start = card_census(g.state)

    def check(h: Game) -> None:
        now = card_census(h.state)
        assert now == start, f"cards appeared {dict(now - start)} / vanished {dict(start - now)}"
    return check


# --------------------------------------------------------------- (1) (2) census, bounds
@settings(max_examples=examples(120), deadline=None)
@given(setup=setups(), policy=policies, chooser_seed=chooser_seeds)
def test_property_census_bounds_and_decisions_hold_after_every_choice(
        setup: Setup, policy: str, chooser_seed: int) -> None:
    """Cards are only moved, never made or lost (destroyed ones stay counted, gained ones
    leave supply counts); every life total and charge count stays within its range."""
    g = setup.new()
    census = census_keeper(g)
    check_bounds(g)
    census(g)
    destroyed: list[str] = []

    def after(h: Game, _k: int, _acts: list[Action]) -> None:
        census(h)
        check_bounds(h)
        check_decision_shape(h)
        now = h.state.destroyed
        assert now[: len(destroyed)] == destroyed, "a destroyed card came back (K-10)"
        destroyed[:] = now

    g, actions = play(setup, policy, chooser_seed, after_step=after, game=g)
    check_end(g)
    event(f"{len(setup.mages)} players, {policy}: {g.result} by {g.reason}")
    target(1 - g.state.nemesis.life / g.state.nemesis.max_life, label="share of nemesis life taken")
    event(f"game length: {'under 100' if len(actions) < 100 else '100 to 299' if len(actions) < 300 else '300+'}")


# ------------------------------------------------------- (3) (7) every option, clones
@settings(max_examples=examples(45), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), policy=policies, chooser_seed=chooser_seeds)
def test_property_every_listed_action_applies_on_a_clone_without_touching_the_original(
        setup: Setup, policy: str, chooser_seed: int) -> None:
    """At every decision each listed option is applied to its own clone: none raises, each
    leaves a consistent game, and the original game is left exactly as it was."""
    g = setup.new()
    census = census_keeper(g)

    def before(h: Game, _k: int, acts: list[Action]) -> None:
        snapshot = h.to_dict()
        for a in acts:
            c = h.clone()
            assert c == h
            c.apply(a)
            assert c.state.seq == h.state.seq + 1
            census(c)
            check_bounds(c)
            check_decision_shape(c)
        assert h.to_dict() == snapshot, "applying an action to a clone changed the original"

    play(setup, policy, chooser_seed, before_step=before, game=g)


@settings(max_examples=examples(60), deadline=None)
@given(setup=setups(), policy=policies, chooser_seed=chooser_seeds)
def test_property_clone_and_original_never_share_mutable_state(
        setup: Setup, policy: str, chooser_seed: int) -> None:
    """Playing on a clone leaves the original alone, and playing on the original leaves an
    earlier clone alone, at every step of a game."""
    pick = random.Random(chooser_seed ^ 0x5EED)
    kept: list[tuple[Game, dict[str, Any]]] = []

    def before(h: Game, _k: int, acts: list[Action]) -> None:
        original = h.to_dict()
        c = h.clone()
        c.apply(pick.choice(acts))
        assert h.to_dict() == original, "applying an action to the clone changed the original"
        earlier = h.clone()  # the other direction: the caller's move must not reach it
        kept[:] = [(earlier, earlier.to_dict())]

    def after(_h: Game, _k: int, _acts: list[Action]) -> None:
        earlier, snapshot = kept[0]
        assert earlier.to_dict() == snapshot, "applying an action to the original changed an earlier clone"

    play(setup, policy, chooser_seed, before_step=before, after_step=after)


# ------------------------------------------------------------------ (4) illegal actions
JUNK_KINDS = (*ACTION_HEADS, "nonsense")  # every declared action head, and one that is none
JUNK_ARGS: tuple[Any, ...] = (-7, -1, 0, 1, 2, 3, 4, 9, 99, None, 2.5, "", "Crystal", "Spark",
                              "Nonexistent", "nemesis", "Slaughter", "N", "P9", ("x",))
MADE_UP: tuple[Any, ...] = (
    ("gain", "Nonexistent"), ("focus", 9), ("open", 9), ("prep", "Nonexistent", 0), ("play", "Nonexistent"),
    ("cast", 9, 0), ("ability", 9), ("target", "Nonexistent"), ("player", 9), ("card", "Nonexistent"),
    ("focus",), ("gain",), ("prep", "Spark"), (), "end_main", None, 42, {"kind": "gain"},
)


def junk_actions(r: random.Random, k: int) -> list[Any]:
    out: list[Any] = []
    for _ in range(k):
        out.append((r.choice(JUNK_KINDS),) + tuple(r.choice(JUNK_ARGS) for _ in range(r.randint(0, 3))))
    return out


def assert_refused(g: Game, action: Any) -> None:
    before = g.to_dict()
    events = len(g.events)
    with pytest.raises(IllegalAction) as info:
        g.apply(action)
    err = info.value
    assert str(err), "an IllegalAction must say what is wrong"
    assert err.rule is None or RULE_ID.match(err.rule), f"rule id {err.rule!r} is not a rule id of docs/rules.md"
    assert g.to_dict() == before, f"refused action {action!r} changed the state"
    assert len(g.events) == events, f"refused action {action!r} logged events"


@settings(max_examples=examples(50), deadline=None)
@given(setup=setups(), policy=policies, chooser_seed=chooser_seeds)
def test_property_illegal_and_stale_actions_raise_and_change_nothing(
        setup: Setup, policy: str, chooser_seed: int) -> None:
    """Made-up actions, random junk and options of an earlier decision that are no longer
    listed are all refused with IllegalAction, and the game is unchanged afterwards."""
    r = random.Random(chooser_seed)
    previous: list[Action] = []
    refused = 0

    def before(h: Game, k: int, acts: list[Action]) -> None:
        nonlocal previous, refused
        listed = set(acts)
        candidates: list[Any] = [a for a in previous if a not in listed]  # stale options
        candidates += [MADE_UP[k % len(MADE_UP)], MADE_UP[(k * 7 + 3) % len(MADE_UP)]]
        candidates += junk_actions(r, 2)
        for a in candidates:
            if isinstance(a, tuple) and a in listed:
                continue  # a junk draw that happens to be legal here
            assert_refused(h, a)
            refused += 1
        previous = acts

    g, _ = play(setup, policy, chooser_seed, before_step=before)
    assert refused > 0
    check_end(g)


# ---------------------------------------------------------------------- (5) replay
@settings(max_examples=examples(60), deadline=None)
@given(setup=setups(), policy=policies, chooser_seed=chooser_seeds)
def test_property_same_config_seed_and_actions_replay_identically(
        setup: Setup, policy: str, chooser_seed: int) -> None:
    """Replaying the recorded actions on a freshly set-up game, on a game rebuilt from its
    stored config, and from a JSON action log (lists, not tuples) gives the same events and
    the same final state; turning the event log off does not change the play."""
    g, actions = play(setup, policy, chooser_seed)
    final = g.to_dict()
    log = json.loads(json.dumps([list(a) for a in actions]))

    again = setup.new()
    for a in actions:
        again.apply(a)
    assert again.events == g.events
    assert again.to_dict() == final

    rebuilt = Game.from_config(json.loads(json.dumps(g.state.config)))
    for a in log:
        rebuilt.apply(a)
    assert rebuilt.events == g.events
    assert rebuilt.to_dict() == final

    quiet = setup.new(events=False)
    for a in actions:
        quiet.apply(a)
    assert quiet.events == []
    assert quiet.to_dict() == final


# -------------------------------------------------------------------- (6) JSON
def json_round_trip_run(setup: Setup, policy: str, chooser_seed: int, stride: int) -> None:
    """Play once straight through; play again, swapping the game for its JSON reload every
    ``stride`` steps and going on with the reloaded copy. Both runs must agree."""
    reference, ref_actions = play(setup, policy, chooser_seed)

    g = setup.new()
    events: list[dict[str, Any]] = []
    chooser = Chooser(policy, chooser_seed)
    actions: list[Action] = []
    k = 0
    while True:
        if k % stride == 0 or g.over:
            text = g.to_json()
            assert json.loads(text) == g.to_dict(), "to_dict must hold plain JSON data only"
            loaded = Game.from_json(text)
            assert loaded == g
            assert loaded.to_json() == text
            assert loaded.legal_actions() == g.legal_actions()
            assert loaded.decision is None or loaded.decision.kind == g.decision.kind  # type: ignore[union-attr]
            events += g.events
            g = loaded
        if g.over:
            break
        a = chooser.pick(g)
        g.apply(a)
        actions.append(a)
        k += 1
        assert k <= MAX_STEPS
    events += g.events
    assert actions == ref_actions
    assert g == reference
    assert events == reference.events


@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), policy=policies, chooser_seed=chooser_seeds)
def test_property_json_reload_at_every_step_continues_the_same_game(
        setup: Setup, policy: str, chooser_seed: int) -> None:
    json_round_trip_run(setup, policy, chooser_seed, stride=1)


@settings(max_examples=examples(60), deadline=None)
@given(setup=setups(), policy=policies, chooser_seed=chooser_seeds)
def test_property_json_reload_every_seventh_step_continues_the_same_game(
        setup: Setup, policy: str, chooser_seed: int) -> None:
    json_round_trip_run(setup, policy, chooser_seed, stride=7)


# -------------------------------------------------------------------- (8) views
HIDDEN_KEYS = ("rng", "seed")
_DEALT: dict[str, dict[str, Any]] = {}


def dealt(g: Game) -> dict[str, Any]:
    """The state ``g``'s setup and seed dealt (what a seat would rebuild from a leak)."""
    key = json.dumps(g.state.config, sort_keys=True)
    if key not in _DEALT:
        _DEALT[key] = Game.from_config(g.state.config, events=False).to_dict()
    return _DEALT[key]


def keys_anywhere(x: Any) -> set[str]:
    if isinstance(x, dict):
        out = set(x)
        for v in x.values():
            out |= keys_anywhere(v)
        return out
    if isinstance(x, list):
        out = set()
        for v in x:
            out |= keys_anywhere(v)
        return out
    return set()


def check_view(g: Game, viewer: int | None, r: random.Random) -> None:
    s = g.state
    v = g.view_for(viewer)
    json.dumps(v)  # a view is plain JSON data
    assert v["viewer"] == viewer
    assert not keys_anywhere(v) & set(HIDDEN_KEYS), keys_anywhere(v) & set(HIDDEN_KEYS)
    for j, (pv, p) in enumerate(zip(v["players"], s.players, strict=True)):
        assert "deck" not in pv and pv["deck_size"] == len(p.deck)
        if j == viewer:
            assert pv["hand"] == p.hand
        else:
            assert "hand" not in pv and pv["hand_size"] == len(p.hand)
    nv = v["nemesis"]
    assert "deck" not in nv and nv["deck_size"] == len(s.nemesis.deck)
    assert all(isinstance(x, list) for x in nv["decks"].values())
    to = v["turn_order"]
    assert "deck" not in to and to["deck_size"] == len(s.to_deck)
    assert to["known_top"] == s.to_deck[: len(to["known_top"])]
    dv = v.get("decision")
    if dv is not None and dv["player"] != viewer:
        assert dv["options"] == []
    assert same_information_set(g, viewer, r).view_for(viewer) == v, "the view depends on hidden information"
    assert rebuilds(v, dealt(g), s.rng) is None, "the view deals the game again"


@settings(max_examples=examples(40), deadline=None)
@given(setup=setups(), policy=policies, chooser_seed=chooser_seeds)
def test_property_views_never_show_hidden_information(setup: Setup, policy: str, chooser_seed: int) -> None:
    """For each player and a spectator: no other player's hand, no deck order of any kind,
    no generator, no seed, nothing from which the game can be dealt again (the rebuild
    attack), and the view is the same whatever those hidden facts are."""
    r = random.Random(chooser_seed)

    def before(h: Game, k: int, _acts: list[Action]) -> None:
        if k % 3:
            return
        for viewer in [*range(len(h.state.players)), None]:
            check_view(h, viewer, r)

    g, _ = play(setup, policy, chooser_seed, before_step=before)
    for viewer in [*range(len(g.state.players)), None]:
        check_view(g, viewer, r)
