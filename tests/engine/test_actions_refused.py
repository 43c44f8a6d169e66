"""Every action a caller can build is applied or refused with IllegalAction, and a refused
one changes nothing.

``Game.apply`` is the one door for actions (the web, the CLI, the bots and Python callers
all go through it; the web's schema has already refused non-numbers, Python callers get
no such check). An action is found among the decision's options by equality, and
``1.0 == True == 1``, so a float or a bool could pass for an option's number; ``int(inf)``
raises OverflowError where an explanation reads a breach or a seat. Both used to escape as
something other than IllegalAction, or to be applied with a part no option has.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gravehold import Game, IllegalAction
from gravehold.engine.decisions import ACTION_HEADS

from support import at_main, base_state, closed, player


def _positions() -> list[dict[str, Any]]:
    """Saved positions at many kinds of decision: main, casting, targets, the 3-player
    wild card, and the choices cards ask (every decision stops, even a forced one)."""
    out: list[dict[str, Any]] = []
    for seed, mages in ((3, ["Brama", "Mist"]), (8, ["Adelheim", "Xaxos", "Gex"]), (21, ["Kadir"])):
        g = Game.new(mages=mages, nemesis="Rageborne", market="Deck Destruction", seed=seed, events=False,
                     auto_resolve=False)
        r = random.Random(seed)
        kinds: set[str] = set()
        for _ in range(400):
            if g.over:
                break
            d = g.decision
            assert d is not None
            if d.kind not in kinds or r.random() < 0.03:
                kinds.add(d.kind)
                out.append(g.to_dict())
            g.apply(r.choice(g.legal_actions()))
    return out


POSITIONS = _positions()

#: what JSON (or a careless caller) may put in an action: numbers of every size and kind,
#: infinities and NaN, bools, names, null, and lists and objects of those
_leaf = (st.none() | st.booleans() | st.integers() | st.integers(-5, 5) | st.sampled_from([10**30, -(10**30), 2**63])
         | st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from([math.inf, -math.inf, math.nan, 0.0, 1.0])
         | st.text(max_size=8) | st.sampled_from(["Spark", "Crystal", "nemesis", "hand", "W", "P1", *ACTION_HEADS]))
_value = st.recursive(_leaf, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                                          max_size=2), max_leaves=6)


@st.composite
def _actions(draw: st.DrawFn) -> tuple[int, Any]:
    """A position and an action for it: a legal option with one part replaced, a declared
    head with arbitrary parts, or anything at all, as a tuple or as a JSON list."""
    k = draw(st.integers(0, len(POSITIONS) - 1))
    options = POSITIONS[k]["decision"]["options"]
    how = draw(st.sampled_from(["twisted option", "head and parts", "anything"]))
    action: Any
    if how == "twisted option":
        action = list(draw(st.sampled_from(options)))
        at = draw(st.integers(0, len(action)))
        if at == len(action):
            action.append(draw(_value))
        else:
            action[at] = draw(_value)
    elif how == "head and parts":
        action = [draw(st.sampled_from(sorted(ACTION_HEADS))), *draw(st.lists(_value, max_size=4))]
    else:
        action = draw(_value)
    return k, tuple(action) if isinstance(action, list) and draw(st.booleans()) else action


def _plain(x: Any) -> bool:
    return isinstance(x, tuple) and all(type(p) in (str, int) for p in x)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=_actions())
def test_actions_any_action_is_applied_or_refused_and_a_refusal_changes_nothing(case: tuple[int, Any]) -> None:
    k, action = case
    g = Game.from_dict(POSITIONS[k], events=False, auto_resolve=False)
    before = g.to_json()
    options = list(g.legal_actions())
    try:
        g.apply(action)
    except IllegalAction as e:
        assert g.to_json() == before
        assert str(e) and len(str(e)) < 600
        return
    sent = tuple(tuple(p) if isinstance(p, list) else p for p in action) if isinstance(action, list) else action
    assert _plain(sent) and sent in options  # applied: it was an option, part for part


def _main() -> Game:
    """Brama's main phase with a spell, aether and a full charge track: every main action is on offer."""
    return at_main(base_state([player("Brama", hand=["Spark", "Crystal"], aether=9, charges=5,
                                      breaches=[{"state": "open"}, closed(1), closed(0), closed(2)]),
                               player("Mist")]))


@pytest.mark.parametrize("action", [
    ("focus", math.inf), ("open", math.inf), ("prep", "Spark", math.inf), ("ability", math.inf),
    ("focus", -math.inf), ("open", math.nan), ("ability", math.nan), ("prep", "Spark", -math.inf),
    ("focus", 10**30), ("open", -(10**30)), ("ability", 10**30), ("ability", -1), ("prep", "Spark", 10**30),
    ("focus", True), ("open", 1.0), ("ability", False), ("prep", "Spark", 0.0), ("prep", "Spark", False),
    ("play", "Crystal", 0.5), ("gain", math.inf), ("use", math.inf, "Spark"), ("cast", math.inf, 0),
    ("end_main", None), (math.inf,), (None,), (), "end_main", ["focus", [1]],
], ids=repr)
def test_actions_numbers_no_option_holds_are_refused_in_the_main_phase(action: Any) -> None:
    g = _main()
    assert ("prep", "Spark", 0) in g.legal_actions() and ("ability", 0) in g.legal_actions()
    before = g.to_json()
    with pytest.raises(IllegalAction) as e:
        g.apply(action)
    assert g.to_json() == before
    assert "Traceback" not in str(e.value)


def test_actions_a_bool_or_float_equal_to_an_option_is_refused_naming_the_part() -> None:
    """``("prep", "Spark", 0.0) == ("prep", "Spark", 0)``: it is refused all the same, and the
    option itself is applied as ever."""
    g = _main()
    with pytest.raises(IllegalAction, match=r"part 2 of \('prep', 'Spark', 0\.0\) is a float: an action's parts "
                                            "are names and whole numbers"):
        g.apply(("prep", "Spark", 0.0))
    with pytest.raises(IllegalAction, match=r"part 1 of \('ability', False\) is true or false"):
        g.apply(["ability", False])
    g.apply(["prep", "Spark", 0])
    assert g.state.players[0].breaches[0].spells == ["Spark"]


def test_actions_a_seat_or_breach_out_of_range_is_named() -> None:
    g = _main()
    with pytest.raises(IllegalAction, match=r"seat 7 is not in this game \(seats are 0 to 1\)"):
        g.apply(("ability", 7))
    with pytest.raises(IllegalAction, match="there is no breach number 1000000000000000000000000000000"):
        g.apply(("focus", 10**30))
    with pytest.raises(IllegalAction, match=r"focus takes \(breach\); breach: a breach, 0 \(I\) to 3 \(IV\)"):
        g.apply(("focus", "1"))
