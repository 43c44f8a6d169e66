"""The conformance kit passes for every box, and finds what it is meant to find."""

from __future__ import annotations

from pathlib import Path

import pytest

from gravehold.content import registry
from gravehold.testing.conformance import assert_box, check_box, check_entries, check_tests_name_everything

TESTS = Path(__file__).parent


@pytest.mark.parametrize("box", list(registry.BOXES))
def test_conformance_every_box_passes_the_kit(box: str) -> None:
    assert_box(box, tests=TESTS)


def test_conformance_a_test_folder_that_names_nothing_is_reported(tmp_path: Path) -> None:
    (tmp_path / "test_nothing.py").write_text("def test_x() -> None:\n    pass\n")
    found = check_tests_name_everything(registry.BOXES["WE"], tmp_path, "gravehold.boxes.war_eternal")
    assert "mage Dezmodia: no test names it" in found
    assert any(f.startswith("step kind ") and f.endswith("no test names it or a card that uses it") for f in found)


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
