"""Golden games: one seeded heuristic game per nemesis, compared line by line on every run.

Regenerate after a deliberate change with ``python -m gravehold.testing.golden --update``
(it prints the diff it writes); review that diff like code.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gravehold.content import registry as content
from gravehold.testing import golden

GOLDEN = Path(__file__).parent


@pytest.mark.parametrize("nemesis", sorted(content.NEMESES))
def test_golden_game_unchanged(nemesis: str) -> None:
    path = GOLDEN / f"{golden.slug(nemesis)}.jsonl"
    setup = golden.setup_from(path)
    assert setup is not None, f"no golden game for {nemesis}: run python -m gravehold.testing.golden --update"
    d = golden.diff(path, golden.record(setup))
    assert not d, "golden game changed:\n" + "\n".join(d)


def test_golden_files_name_known_nemeses() -> None:
    known = {golden.slug(n) for n in content.NEMESES}
    assert {p.stem for p in GOLDEN.glob("*.jsonl")} <= known


def test_golden_command_reports_a_changed_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = GOLDEN / "rageborne.jsonl"
    lines = src.read_text().splitlines()
    k = next(i for i, line in enumerate(lines) if '"seq": ' in line)
    lines[k] = lines[k].replace('"seq": ', '"seq": 1')  # corrupt one decision line
    (tmp_path / "rageborne.jsonl").write_text("\n".join(lines) + "\n")
    assert golden.main(["Rageborne", "--dir", str(tmp_path)]) == 1
    out = capsys.readouterr()
    assert out.out.startswith("---") and "Rageborne: changed" in out.err
    assert golden.main(["Rageborne", "--dir", str(tmp_path), "--update"]) == 0
    assert (tmp_path / "rageborne.jsonl").read_text() == src.read_text()
    assert golden.main(["Rageborne", "--dir", str(tmp_path)]) == 0


def test_golden_command_names_an_unknown_nemesis(capsys: pytest.CaptureFixture[str]) -> None:
    assert golden.main(["Ragebone"]) == 2
    assert "Ragebone" in capsys.readouterr().err


def test_golden_files_hold_the_events_that_choices_set_off() -> None:
    """Each game's file holds what its actions did (damage, plays, draws), not only its setup."""
    for path in GOLDEN.glob("*.jsonl"):
        events = {json.loads(line).get("event") for line in path.read_text().splitlines()[1:]}
        assert {"turn_start", "nemesis_draw", "choice"} <= events, path.name
        assert events & {"nemesis_damage", "minion_damage", "player_damage"}, path.name


@pytest.mark.parametrize("name", sorted(golden.GAMES))
def test_golden_pinned_game_unchanged(name: str) -> None:
    path = GOLDEN / "games" / f"{name}.jsonl"
    setup = golden.setup_from(path)
    assert setup is not None, f"no golden game {name}: run python -m gravehold.testing.golden --update"
    d = golden.diff(path, golden.record(setup))
    assert not d, "golden game changed:\n" + "\n".join(d)


@pytest.mark.parametrize("name", sorted(golden.EXPEDITIONS))
def test_golden_expedition_unchanged(name: str) -> None:
    if not golden.playable(golden.EXPEDITIONS[name]):
        pytest.skip(f"the story of {name} is not loaded (its box lacks a nemesis it names)")
    path = GOLDEN / "expeditions" / f"{name}.jsonl"
    setup = golden.setup_from(path)
    assert setup is not None, f"no golden expedition {name}: run python -m gravehold.testing.golden --update"
    d = golden.diff(path, golden.record_expedition(setup))
    assert not d, "golden expedition changed:\n" + "\n".join(d)


def test_golden_command_checks_one_pinned_expedition_by_its_name(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert golden.main(["outcasts-story", "--dir", str(tmp_path), "--update"]) == 0
    written = tmp_path / "expeditions" / "outcasts-story.jsonl"
    assert written.read_text() == (GOLDEN / "expeditions" / "outcasts-story.jsonl").read_text()
    assert golden.main(["outcasts-story", "--dir", str(tmp_path)]) == 0
    assert not (tmp_path / "rageborne.jsonl").exists()  # one name: no other game is played
    assert golden.main(["outcasts-storey"]) == 2
    assert "the pinned expeditions are new-age-story" in capsys.readouterr().err


@pytest.mark.parametrize("name", sorted(golden.CAMPAIGNS))
def test_golden_campaign_unchanged(name: str) -> None:
    path = GOLDEN / "campaigns" / f"{name}.jsonl"
    setup = golden.setup_from(path)
    assert setup is not None, f"no golden campaign {name}: run python -m gravehold.testing.golden --update"
    d = golden.diff(path, golden.record_campaign(setup, GOLDEN))
    assert not d, "golden campaign changed:\n" + "\n".join(d)
