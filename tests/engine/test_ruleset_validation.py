"""config.ruleset in a loaded state is read as Game.new reads it: validated, expanded, named on error."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gravehold import Game, GraveholdError, StateFormatError, UnknownName
from gravehold.errors import RulesetError

from support import base_state

#: Each option's valid values, written out here (not read from the engine) as the oracle.
VALID: dict[str, tuple[object, ...]] = {
    "empty_deck_unleashes": (2, 3),
    "deck_out_win": ("end_of_turn", "either", "immediate"),
    "solo_nemesis_deck": ("one_player", "two_player"),
    "wild_card": ("choose", "token"),
    "last_stage_focus": ("opens", "locked"),
    "tutorial_discard": (False, True),
    "solo_player_turns": (3, 4),
    "solo_player_life": (10, 12, 14, 15),
    "exhaustion_excess": ("before", "after"),
    "solo_exhausted_lowest_life": ("you", "nobody"),
    "wild_token_start": ("choose", "random"),
    "four_player_turn_order": ("singles", "pairs"),
    "or_fallback": ("free", "most"),
    "upgraded_basics": ("replaces", "all_first_solo_caps"),
    "upgraded_overflow": ("all", "cap"),
    "basic_pool": ("any", "nemesis_wave"),
    "wandering": ("to_one", "minus_one"),
}
WE = {"empty_deck_unleashes": 2, "deck_out_win": "end_of_turn", "solo_nemesis_deck": "two_player",
      "wild_card": "choose", "last_stage_focus": "opens", "tutorial_discard": False,
      "solo_player_turns": 3, "solo_player_life": 10, "exhaustion_excess": "before",
      "solo_exhausted_lowest_life": "you", "wild_token_start": "choose", "four_player_turn_order": "singles",
      "or_fallback": "free", "upgraded_basics": "replaces", "upgraded_overflow": "all", "basic_pool": "any",
      "wandering": "to_one"}
AE = {**WE, "empty_deck_unleashes": 3, "solo_nemesis_deck": "one_player", "deck_out_win": "immediate"}
LATER = {**AE, "exhaustion_excess": "after", "deck_out_win": "end_of_turn"}
PAIRS = {**LATER, "four_player_turn_order": "pairs", "upgraded_basics": "all_first_solo_caps"}
READINGS = {"we": WE, "ae": AE, "log": {**PAIRS, "wild_card": "token"},
            "na": {**LATER, "deck_out_win": "either", "wild_token_start": "random", "or_fallback": "most"},
            "oc": {**PAIRS, "wild_card": "token", "last_stage_focus": "locked", "deck_out_win": "immediate"}}


def state_with(spec: Any) -> dict[str, Any]:
    d = base_state()
    d["config"]["ruleset"] = spec
    return d


def refused(spec: Any) -> StateFormatError:
    with pytest.raises(StateFormatError) as e:
        Game.from_dict(state_with(spec))
    return e.value


def test_unknown_option_is_refused_naming_it_and_the_valid_ones() -> None:
    e = refused({"colour": "red"})
    assert e.field == "config.ruleset.colour"
    assert str(e).startswith("config.ruleset.colour: unknown ruleset option; "
                             "valid: basic_pool, deck_out_win, empty_deck_unleashes, ")
    e = refused({"wild_cards": "token"})  # a near miss is pointed at
    assert e.field == "config.ruleset.wild_cards" and "did you mean wild_card?" in str(e)


def test_out_of_range_value_is_refused_naming_the_option_and_its_values() -> None:
    assert str(refused({"empty_deck_unleashes": 7})) == "config.ruleset.empty_deck_unleashes: must be 2 or 3, got 7"
    assert str(refused({"solo_player_life": 11})) == \
        "config.ruleset.solo_player_life: must be 10, 12, 14 or 15, got 11"
    assert str(refused({"wild_card": "vote"})) == "config.ruleset.wild_card: must be 'choose' or 'token', got 'vote'"


@pytest.mark.parametrize(
    ("spec", "field"),
    [
        ({"empty_deck_unleashes": "2"}, "config.ruleset.empty_deck_unleashes"),
        ({"empty_deck_unleashes": 2.0}, "config.ruleset.empty_deck_unleashes"),
        ({"solo_player_turns": True}, "config.ruleset.solo_player_turns"),  # a bool is not 3 or 4
        ({"immediate_empty_win": 1}, "config.ruleset.immediate_empty_win"),  # nor is 1 a bool
        ({"tutorial_discard": "yes"}, "config.ruleset.tutorial_discard"),
        ({"wild_card": None}, "config.ruleset.wild_card"),
        ({"preset": ["we"]}, "config.ruleset.preset"),
        ({"preset": 3}, "config.ruleset.preset"),
        ({"preset": "wee"}, "config.ruleset.preset"),
        ("wee", "config.ruleset"),
        (["we"], "config.ruleset"),
        (2, "config.ruleset"),
        (None, "config.ruleset"),
        (True, "config.ruleset"),
    ],
)
def test_wrong_types_and_bad_presets_are_refused_naming_the_field(spec: Any, field: str) -> None:
    assert refused(spec).field == field


def test_preset_string_is_expanded_to_its_options() -> None:
    g = Game.from_dict(state_with("ae"))
    assert g.state.config["ruleset"] == READINGS["ae"]


def test_preset_with_overrides_and_a_missing_ruleset_are_expanded() -> None:
    g = Game.from_dict(state_with({"preset": "ae", "empty_deck_unleashes": 2}))
    assert g.state.config["ruleset"] == {**READINGS["ae"], "empty_deck_unleashes": 2}
    partial = Game.from_dict(state_with({"wild_card": "token"}))  # no preset: over War Eternal
    assert partial.state.config["ruleset"] == {**WE, "wild_card": "token"}
    d = base_state()
    del d["config"]["ruleset"]
    assert Game.from_dict(d).state.config["ruleset"] == WE


def test_loading_does_not_change_the_callers_dict() -> None:
    d = state_with("oc")
    before = copy.deepcopy(d)
    Game.from_dict(d)
    assert d == before


def test_round_trip_is_exact_after_loading_a_preset_string() -> None:
    g = Game.from_dict(state_with("log"))
    again = Game.from_json(g.to_json())
    assert again == g
    assert again.to_json() == g.to_json()
    assert again.state.config["ruleset"] == READINGS["log"]


def test_the_loaded_preset_is_the_one_played() -> None:
    """AE's 3 Unleashes on an empty nemesis deck (N-3) come from a preset given as a string."""
    for spec, unleashes in (("ae", 3), ({"preset": "ae", "empty_deck_unleashes": 2}, 2), ({}, 2)):
        d = state_with(spec)
        d["nemesis"].update(deck=[], in_play=[{"name": "Blood Cry", "power": 3}], tokens={"fury": 0})
        d["stack"] = [["nemesis_turn"]]
        g = Game.from_dict(d)
        first = next(e for e in g.events if e["event"] == "nemesis_deck_empty")
        assert first["unleashes"] == unleashes


@pytest.mark.parametrize(
    ("spec", "option"),
    [
        ({"colour": 1}, "colour"),
        ({"empty_deck_unleashes": 7}, "empty_deck_unleashes"),
        ({"empty_deck_unleashes": "2"}, "empty_deck_unleashes"),
        ({"solo_player_turns": True}, "solo_player_turns"),
        ({"preset": ["we"]}, "preset"),
        ({"preset": "wee"}, "preset"),
        ({1: 2}, "1"),
        ("wee", ""),
        (5, ""),
        (["we"], ""),
    ],
)
def test_game_new_refuses_a_bad_ruleset_with_a_ruleset_error_naming_the_option(spec: Any, option: str) -> None:
    with pytest.raises(RulesetError) as e:
        Game.new(mages=["Brama"], ruleset=spec)
    assert isinstance(e.value, GraveholdError) and isinstance(e.value, ValueError)
    assert e.value.option == option
    assert option in str(e.value)


def test_unknown_ruleset_names_are_still_unknown_names() -> None:
    for spec in ("wee", {"colour": 1}, {"preset": "wee"}):
        with pytest.raises(UnknownName, match="Valid ruleset"):
            Game.new(mages=["Brama"], ruleset=spec)


# ---------------------------------------------------------------- property
JUNK_NAMES = ["colour", "Wild_Card", "empty_deck_unleash", "", "seed", "PRESET"]
VALUES: list[object] = sorted({repr(v): v for vs in VALID.values() for v in vs}.values(), key=repr) + [
    7, 0, 1, 11, -3, 2.0, 3.5, "2", "true", "vote", "", None, [], [2], {}, {"x": 1},
]
PRESET_VALUES: list[object] = [*READINGS, "wee", "AE", "", 1, None, ["we"], True]


def expected(spec: dict[str, Any]) -> dict[str, Any] | None:
    """What loading must store, or None when it must be refused."""
    opts = dict(spec)
    preset = opts.pop("preset", "we")
    if not isinstance(preset, str) or preset not in READINGS:
        return None
    for k, v in opts.items():
        if k not in VALID or not any(type(v) is type(x) and v == x for x in VALID[k]):
            return None
    return {**READINGS[preset], **opts}


@st.composite
def specs(draw: st.DrawFn) -> dict[str, Any]:
    """Real options, mostly with valid values, sometimes a preset, sometimes a junk name."""
    spec: dict[str, Any] = {}
    if draw(st.booleans()):
        spec["preset"] = draw(st.sampled_from([*READINGS]) if draw(st.booleans()) else st.sampled_from(PRESET_VALUES))
    for k in draw(st.lists(st.sampled_from([*VALID]), unique=True, max_size=len(VALID))):
        spec[k] = draw(st.sampled_from(VALID[k]) if draw(st.integers(0, 5)) else st.sampled_from(VALUES))
    if draw(st.integers(0, 3)) == 0:
        spec[draw(st.sampled_from(JUNK_NAMES))] = draw(st.sampled_from(VALUES))
    return spec


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(spec=specs())
def test_property_loading_a_ruleset_succeeds_exactly_or_names_a_ruleset_field(spec: dict[str, Any]) -> None:
    want = expected(spec)
    try:
        g = Game.from_dict(state_with(spec), events=False)
    except StateFormatError as e:
        assert want is None, f"refused a valid ruleset: {e}"
        assert e.field.startswith("config.ruleset"), e.field
        return
    assert want is not None, f"accepted an invalid ruleset as {g.state.config['ruleset']}"
    assert g.state.config["ruleset"] == want
    assert Game.from_json(g.to_json(), events=False) == g
