"""The conformance kit passes for every box, and finds what it is meant to find."""

from __future__ import annotations

from pathlib import Path

import pytest

from gravehold.content import registry
from gravehold.testing.conformance import assert_box, check_box, check_entries, check_tests_name_everything

TESTS = Path(__file__).parents[1]


@pytest.mark.parametrize("box", list(registry.BOXES))
def test_conformance_every_box_passes_the_kit(box: str) -> None:
    assert_box(box, tests=TESTS)


def test_conformance_a_test_folder_that_names_nothing_is_reported(tmp_path: Path) -> None:
    (tmp_path / "test_nothing.py").write_text("def test_x() -> None:\n    pass\n")
    found = check_tests_name_everything(registry.BOXES["WE"], tmp_path, "gravehold.boxes.war_eternal")
    assert "mage Dezmodia: no test names it" in found
    assert any(f.startswith("step kind ") and f.endswith("no test names it or a card that uses it") for f in found)


def test_conformance_a_box_s_other_step_lists_are_rendered_and_must_be_named(tmp_path: Path) -> None:
    """Xaxos: Outcast's ability cards are neither cards nor mages: the box declares them in
    ``others``, and the kit asks a test to name each and renders its steps."""
    import dataclasses

    from gravehold.boxapi import NamedSteps

    (tmp_path / "test_nothing.py").write_text("def test_x() -> None:\n    pass\n")
    found = check_tests_name_everything(registry.BOXES["O"], tmp_path, "gravehold.boxes.outcasts")
    assert "other Obsidian Burst: no test names it" in found
    broken = dataclasses.replace(registry.BOXES["O"], others=(NamedSteps("ability card", "Nothing", (("no_such",),)),))
    assert any(p.startswith("other Nothing: ") for p in check_entries(broken))


def test_conformance_an_entry_changed_behind_the_catalogue_is_reported() -> None:
    box = registry.BOXES["AE"]
    name = box.cards[0].name
    real = registry.CARDS[name]
    registry.CARDS[name] = real.__class__(**{**real.__dict__, "cost": real.cost + 1})
    try:
        assert f"card {name}: not in the catalogue as declared" in check_entries(box)
    finally:
        registry.CARDS[name] = real
    assert check_box("AE", games=False) == []


def test_conformance_an_undeclared_decision_kind_or_action_head_is_reported() -> None:
    from gravehold import Game
    from gravehold.engine.state import Decision
    from gravehold.testing.conformance import undeclared_in

    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Deck Destruction", seed=0)
    assert g.decision is not None and undeclared_in(g.decision, g) is None
    assert undeclared_in(Decision("fly", 0, "", "", [("skip",)], ()), g) == "decision kind 'fly' is not declared"
    assert undeclared_in(Decision("yes_no", 0, "", "", [("flap", 1)], ()), g) == \
        "action head 'flap' (yes_no decision) is not declared"
    assert undeclared_in(Decision("player", 0, "", "", [("player", 5)], ()), g) == \
        "('player', 5) (player decision) fits none of the shapes (('player',),)"


def test_conformance_a_nemesis_without_bot_hints_is_reported() -> None:
    """A box whose nemesis nobody declared hints for: reported by name, the hinted one not."""
    from dataclasses import replace

    from gravehold.content.model import Box
    from gravehold.testing.conformance import check_hints

    hinted = registry.NEMESES["Rageborne"]
    bare = replace(hinted, id="Unhinted", name="Unhinted", box="ZZ")
    box = Box(id="ZZ", name="Test Box", wave=99, preset="we", nemeses=(hinted, bare))
    assert check_hints(box) == ["nemesis Unhinted: no bot hints (declare hints.nemesis('Unhinted', "
                                "NemesisHints(...)) in the box's hints.py; NemesisHints() when the generic "
                                "rules suit it)"]
    assert check_hints(registry.BOXES["NA"]) == []
