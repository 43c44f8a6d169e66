"""Plans as data (agents/plans.py), the plan model (agents/plan_model.py) and the planner."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from gravehold import Game, record
from gravehold.agents import HeuristicAgent, PlannerAgent, make_agent
from gravehold.agents.plan_model import FORMAT_VERSION, ModelDoc, features_of, load, parse, shipped
from gravehold.agents.plans import DEFAULT, GamePlan, PlanDoc, plan_of
from gravehold.agents.spending import PLAN
from gravehold.errors import GraveholdError
from gravehold.sim.run import Setup

from support import OPEN, at_main, base_state, closed, player, run_steps

RICH = ["Bloodstone Jewel"] * 4 + ["Erratic Ingot"] * 4


def _pick(g: Game, agent: Any) -> tuple[Any, ...]:
    d = g.decision
    assert d is not None
    seat = d.seat
    a: tuple[Any, ...] = agent.choose(d, lambda: g.view_for(seat))
    assert a in d.options
    return a


def _heuristic(plan: GamePlan) -> HeuristicAgent:
    h = HeuristicAgent(0)
    h.plan = plan
    return h


# ------------------------------------------------------------------ the format


def test_a_plan_document_becomes_the_plan_it_names() -> None:
    p = plan_of({"name": "tempo", "weights": {"econ_target": 3.5, "charge": 2.0}, "breach_rounds": [0, 2, 3, 0],
                 "pay_first": True, "card_bias": {"Jade": 1.5}, "spare": "gravehold"})
    assert p == GamePlan(name="tempo", weights=replace(PLAN, econ_target=3.5, charge=2.0),
                         breach_rounds=(0, 2, 3, 0), pay_first=True, card_bias={"Jade": 1.5}, spare="gravehold")
    assert plan_of(p.doc()) == p  # its own document gives it back
    assert plan_of({"name": "default"}) == DEFAULT


@pytest.mark.parametrize(("doc", "fault"), [
    ({"name": "x", "weights": {"econ_targett": 3}}, "plan.weights: Value error, unknown weight econ_targett"),
    ({"name": "x", "breach_rounds": [0, 2, 3]}, "plan.breach_rounds"),
    ({"name": "x", "breach_rounds": [0, 2, 3, 99]}, "plan.breach_rounds: Value error, a breach's round must be"),
    ({"name": "x", "card_bias": {"Jaded": 1}}, "plan.card_bias: Value error, unknown card Jaded"),
    ({"name": "x", "spare": "nobody"}, "plan.spare: Input should be 'gravehold', 'players' or 'even'"),
    ({"name": "x", "speed": 3}, "plan.speed: Extra inputs are not permitted"),
    ({"weights": {}}, "plan.name: Field required"),
    ("rush", "plan: Input should be a valid dictionary"),
])
def test_a_bad_plan_document_is_refused_by_field(doc: Any, fault: str) -> None:
    with pytest.raises(GraveholdError) as e:
        plan_of(doc)
    assert str(e.value).startswith(fault)


def test_the_schema_of_the_format_names_every_part() -> None:
    schema = PlanDoc.model_json_schema()
    assert set(schema["properties"]) == {"name", "weights", "breach_rounds", "pay_first", "card_bias", "spare"}
    assert schema["additionalProperties"] is False


# ------------------------------------------------------------------ the model


def _model(**over: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {"format": "gravehold-plan-model", "format_version": FORMAT_VERSION,
                           "plans": [{"name": "a"}, {"name": "b", "pay_first": True}, {"name": "c"}],
                           "prior": {"b": 0.01, "c": -0.02},
                           "features": {"nemesis:Rageborne": {"c": 0.05}, "card:Jade": {"b": -0.02}}}
    doc.update(over)
    return doc


def test_the_model_ranks_plans_by_prior_plus_the_setup_features() -> None:
    m = parse(json.dumps(_model()), "m.json")
    # b: .01; c: -.02; a: 0 -> b, a, c
    assert [p.name for p in m.ranking(features_of("Gate Witch", ["Brama"], ["Amethyst Shard"]))] == ["b", "a", "c"]
    # with Jade: b = -.01 -> a, b, c
    assert [p.name for p in m.ranking(features_of("Gate Witch", ["Brama"], ["Jade"]))] == ["a", "b", "c"]
    # against Rageborne: c = .03 -> c, b, a
    assert [p.name for p in m.ranking(features_of("Rageborne", ["Brama"], ["Amethyst Shard"]))] == ["c", "b", "a"]
    assert features_of("Rageborne", ["Mist", "Brama", "Mist"], ["Jade", "Jade"]) == \
        ["nemesis:Rageborne", "mage:Brama", "mage:Mist", "card:Jade"]


@pytest.mark.parametrize(("doc", "fault"), [
    (_model(format_version=FORMAT_VERSION + 1), f"m.json: format_version {FORMAT_VERSION + 1} is newer"),
    (_model(format="something"), "m.json.format: Input should be 'gravehold-plan-model'"),
    (_model(prior={"z": 1.0}), "m.json: Value error, prior names no plan of the library: z"),
    (_model(features={"card:Jade": {"q": 1.0}}), "m.json: Value error, features.card:Jade names no plan"),
    (_model(plans=[{"name": "a"}, {"name": "a"}]), "m.json: Value error, plan names must be unique"),
    (_model(plans=[{"name": "a", "weights": {"nope": 1}}]), "m.json.plans[0].weights: Value error, unknown weight"),
    (_model(plans=[]), "m.json.plans: Tuple should have at least 1 item"),
])
def test_a_bad_model_file_is_refused_by_field(doc: dict[str, Any], fault: str) -> None:
    with pytest.raises(GraveholdError) as e:
        parse(json.dumps(doc), "m.json")
    assert str(e.value).startswith(fault)


def test_a_model_file_that_is_not_json_or_missing_is_refused(tmp_path: Path) -> None:
    with pytest.raises(GraveholdError, match=r"^m.json: not JSON \(Expecting property name enclosed in double "):
        parse("{oops", "m.json")
    with pytest.raises(GraveholdError, match=r"^plan model .*nothing.json: cannot read it"):
        load(str(tmp_path / "nothing.json"))


def test_the_shipped_model_loads_and_is_of_this_version() -> None:
    m = shipped()
    assert m.doc.format_version == FORMAT_VERSION
    assert m.names[0] == "default" and m.plans["default"] == DEFAULT  # the fallback is the heuristic's own
    assert ModelDoc.model_validate(json.loads(json.dumps(m.doc.model_dump(mode="json")))) == m.doc


# ------------------------------------------------------------------ executing a plan


def test_a_plan_that_pays_first_pays_to_discard_before_playing_gems() -> None:
    d = base_state([player("Brama", hand=["Crystal", "Crystal", "Crystal", "Spark", "Spark"]), player("Mist")])
    d["nemesis"]["in_play"] = [{"name": "Woven Sky", "power": 1}]
    g = at_main(d)
    assert _pick(g, _heuristic(DEFAULT))[0] == "play"  # the heuristic's own plan: gems first
    assert _pick(g, _heuristic(replace(DEFAULT, pay_first=True))) == ("pay", "Woven Sky")


def test_a_plan_s_breach_deadline_opens_a_breach_the_weights_would_leave() -> None:
    d = base_state([player("Brama", aether=3, deck=RICH, breaches=[OPEN, closed(0), OPEN, closed(2)]),
                    player("Mist")])
    d["turn"] = 13  # round 3
    g = at_main(d)
    assert _pick(g, _heuristic(DEFAULT)) != ("focus", 1)
    late = replace(DEFAULT, breach_rounds=(0, 4, 0, 0))  # due in round 4: not yet
    assert _pick(g, _heuristic(late)) != ("focus", 1)
    due = replace(DEFAULT, breach_rounds=(0, 3, 0, 0))
    assert _pick(g, _heuristic(due)) == ("focus", 1)


def test_a_plan_s_card_bias_buys_the_card_it_names() -> None:
    d = base_state([player("Brama", aether=4, deck=RICH), player("Mist")])
    g = at_main(d)
    first = _pick(g, _heuristic(DEFAULT))
    assert first != ("gain", "Frozen Magmite")
    assert _pick(g, _heuristic(replace(DEFAULT, card_bias={"Frozen Magmite": 20.0}))) == ("gain", "Frozen Magmite")


def test_a_plan_that_spares_gravehold_takes_the_branch_that_hurts_the_players() -> None:
    d = base_state([player("Brama", life=10), player("Mist", life=10)])
    d["gravehold"]["life"] = 20
    g = run_steps(d, [("or", (("gravehold_damage", 2),), (("suffer", 2),))],
                  you=0, source="Unleash")
    assert g.decision is not None and g.decision.kind == "or"
    even = _pick(g, _heuristic(DEFAULT))
    assert even == ("choose", 0)  # 2 Gravehold life is the lesser harm by the advice's sums
    assert _pick(g, _heuristic(replace(DEFAULT, spare="players"))) == ("choose", 0)
    assert _pick(g, _heuristic(replace(DEFAULT, spare="gravehold"))) == ("choose", 1)


# ------------------------------------------------------------------ the planner agent


def test_the_planner_starts_with_the_model_s_pick_for_the_setup(tmp_path: Path) -> None:
    f = tmp_path / "m.json"
    f.write_text(json.dumps(_model(plans=[{"name": "a"}, {"name": "b", "pay_first": True}, {"name": "c"}])))
    g = Setup("Rageborne", ("Brama", "Mist"), "random").game(3)
    agent = PlannerAgent(0, switch=False, model=str(f))
    _pick(g, agent)
    assert agent.plan.name == "c" and agent.history == [(1, "c")]  # Rageborne favours c
    fixed = PlannerAgent(0, model=str(f), plan="b")
    _pick(g, fixed)
    assert fixed.plan.name == "b" and not fixed.switch


def test_planner_options_are_checked_by_name() -> None:
    with pytest.raises(GraveholdError, match="agent planner: plan 'zzz' is not in the model's library"):
        make_agent("planner", plan="zzz")
    with pytest.raises(GraveholdError, match="agent planner: points must be round numbers"):
        make_agent("planner", points="two")
    with pytest.raises(GraveholdError, match="agent planner: option worlds must be int"):
        make_agent("planner", worlds="many")


def _planned_game(seed: int) -> tuple[Game, list[dict[str, Any]]]:
    g = Setup("Rageborne", ("Brama", "Mist"), "random").game(seed)
    agents = [make_agent("planner", seed * 7 + i, worlds=1, horizon=40, points="2") for i in range(2)]
    steps = record.play(g, list(agents), record=True)
    assert any(len(a.history) > 1 or a.history for a in agents)  # type: ignore[attr-defined]
    return g, steps


def test_a_seeded_planner_game_is_deterministic_and_replays() -> None:
    a, steps = _planned_game(5)
    b, again = _planned_game(5)
    assert a.over and steps == again and a.state.to_dict() == b.state.to_dict()
    result = record.replay(record.make_record(record.setup_config(Game.new(["Brama", "Mist"], nemesis="Rageborne",
                                                                              market="random", seed=5)), steps, a))
    assert result.ok, result.message


def test_at_a_set_point_the_planner_keeps_the_plan_whose_rollouts_score_best(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "m.json"
    f.write_text(json.dumps(_model(prior={"b": 0.02, "c": 0.01}, features={})))  # ranked b, c, a
    worth = {"a": 0.3, "b": 0.4, "c": 0.6}
    seen: list[str] = []

    def rollout(self: PlannerAgent, g: Any, plan: GamePlan, seed: int) -> float:
        seen.append(plan.name)
        return worth[plan.name]

    monkeypatch.setattr(PlannerAgent, "_rollout", rollout)
    d = base_state([player("Brama", aether=3, deck=RICH), player("Mist")])
    d["turn"] = 13  # round 3: the set point of points="3"
    g = at_main(d)
    agent = PlannerAgent(0, model=str(f), points="3", candidates=2, worlds=2)
    _pick(g, agent)
    # b (the model's pick) against c, the next best, in each of two worlds; c scores best
    assert seen == ["b", "c", "b", "c"]
    assert agent.plan.name == "c" and agent.history == [(3, "b"), (3, "c")]
    _pick(g, agent)  # the set point is past: no second comparison
    assert len(seen) == 4
