"""Exact starting points (engine.frames, Game.at) and the auto-resolve switch."""

from __future__ import annotations

import pytest

from gravehold import Game, StateFormatError
from gravehold.engine import frames


def _base() -> Game:
    return Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Reuse Spells!", seed=5)


def test_P_3_a_step_frame_player_two_suffers_three_from_a_source() -> None:
    g0 = _base()
    lives = [p.life for p in g0.state.players]
    g = Game.at(g0, frames.step(1, "Rageborne", ("suffer", 3)), *frames.main_phase(0), active=0)
    assert g.state.stack == [("end_turn",), ("draw_phase", 0)]  # the main phase is asking
    assert [p.life for p in g.state.players] == [lives[0], lives[1] - 3]
    hits = [e for e in g.events if e["event"] == "player_damage"]
    assert [(e["player"], e["amount"], e["source"]) for e in hits] == [(1, 3, "Rageborne")]
    d = g.decision
    assert d is not None and d.kind == "main" and d.player == 0


def test_N_2_the_nemesis_draw_phase_as_a_starting_point() -> None:
    g0 = _base()
    top = g0.state.nemesis.deck[0]
    g = Game.at(g0, *frames.nemesis_draw_phase(), active=-1)
    assert len(g.state.nemesis.deck) == len(g0.state.nemesis.deck) - 1
    assert [e["card"] for e in g.events if e["event"] == "nemesis_draw"][:1] == [top]
    assert g.events[0]["event"] == "nemesis_draw"


def test_frames_given_in_json_are_checked_and_named() -> None:
    data = _base().to_dict()
    with pytest.raises(StateFormatError, match=r"stack\[0\]: unknown operation 'nope'"):
        Game.at(data, ("nope",))
    with pytest.raises(StateFormatError, match=r"stack\[0\]\[4\]: unknown effect step \('fly', 2\)"):
        Game.at(data, frames.step(0, "x", ("fly", 2)))
    with pytest.raises(StateFormatError, match=r"stack\[0\]\[4\]: step 'suffer' takes 1 arguments"):
        Game.at(data, frames.step(0, "x", ("suffer",)))


def test_auto_resolve_off_stops_at_single_option_decisions_and_plays_the_same_game() -> None:
    """The same choices give the same game; only the single-option stops are new decisions."""
    on = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", seed=9)
    off = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", seed=9, auto_resolve=False)
    assert not off.auto_resolve and on.auto_resolve
    singles = 0
    for g in (on, off):
        while not g.over:
            opts = g.legal_actions()
            singles += g is off and len(opts) == 1
            g.apply(opts[0])
    assert singles > 0
    a, b = on.to_dict(), off.to_dict()
    assert b["seq"] == a["seq"] + singles
    a.pop("seq")
    b.pop("seq")
    assert a == b


def test_table_tokens_are_declared_and_documented() -> None:
    """Every table token the engine or a box writes is declared with its values, and the
    docs list each (a loaded state's undeclared token is refused: test_state_loader_attacks)."""
    import re
    from pathlib import Path

    from gravehold.engine.flags import TOKENS, token_fault

    src = Path(__file__).resolve().parents[2] / "src" / "gravehold"
    used = set()
    for path in [*src.glob("engine/**/*.py"), *src.glob("boxes/**/*.py")]:
        used |= set(re.findall(r"\b(?:st|state)\.tokens(?:\[|\.get\(|\.pop\(|\.setdefault\()\s*\"([a-z_0-9]+)\"",
                               path.read_text()))
    assert used >= {"wild", "to_known", "pair12"}
    g = _base()
    assert [k for k in sorted(used) if token_fault(k, 0, g.state) == token_fault("colour", 0, g.state)] == []
    doc = (src.parent.parent / "docs" / "state-format.md").read_text()
    assert [k for k in TOKENS if f"| `{k}` |" not in doc] == []


def test_turn_flags_are_declared_documented_and_checked() -> None:
    """Every flag key the engine or a box writes is declared, the docs list each, and a
    hand-written state with another key is refused by name."""
    import re
    from pathlib import Path

    from gravehold.engine.flags import FLAGS, known_flag

    src = Path(__file__).resolve().parents[2] / "src" / "gravehold"
    used = set()
    for path in [*src.glob("engine/*.py"), *src.glob("boxes/**/*.py")]:
        used |= set(re.findall(r"flags(?:\[|\.get\(|\.pop\(|\.setdefault\()\s*\"([a-z_]+)\"", path.read_text()))
    assert used and all(known_flag(k) for k in used), sorted(k for k in used if not known_flag(k))
    doc = (src.parent.parent / "docs" / "state-format.md").read_text()
    assert [k for k in FLAGS if f"| `{k}` |" not in doc] == []
    data = _base().to_dict()
    data["flags"] = {"colour": 1}
    with pytest.raises(StateFormatError, match=r"flags\.colour: unknown turn flag"):
        Game.from_dict(data)
    data["flags"] = {"plays:Jade": 2, "used": [[0, "Aurora"]]}
    assert Game.from_dict(data).state.flags["plays:Jade"] == 2
