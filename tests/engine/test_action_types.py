"""The Literal heads of ``Action`` and ``Frame`` (engine/state.py) are the engine's declared ones.

The aliases name the engine's own action heads and operations so that a type checker sees
them; the declarations (``decisions.action_head``, ``core.op``) are what the engine runs.
Both lists must stay the same set, whatever a box adds beside them.
"""

from __future__ import annotations

from typing import get_args

from gravehold.engine.core import OPS
from gravehold.engine.decisions import ACTION_HEADS
from gravehold.engine.state import Action, EngineHead, EngineOp, Frame


def _engine(module: str) -> bool:
    return module.startswith("gravehold.engine")


def test_action_types_engine_heads_are_the_heads_the_engine_declares() -> None:
    declared = {name for name, h in ACTION_HEADS.items() if _engine(h.module)}
    assert set(get_args(EngineHead)) == declared


def test_action_types_engine_ops_are_the_operations_the_engine_registers() -> None:
    registered = {name for name, fn in OPS.items() if _engine(fn.__module__)}
    assert set(get_args(EngineOp)) == registered


def test_action_types_a_box_head_or_operation_is_a_str_head() -> None:
    """A head or operation a source declares is admitted as a ``str`` beside the literals."""
    boxes = {name for name, h in ACTION_HEADS.items() if not _engine(h.module)} \
        | {name for name, fn in OPS.items() if not _engine(fn.__module__)}
    assert boxes, "the installed boxes declare heads and operations of their own"
    assert not boxes & (set(get_args(EngineHead)) | set(get_args(EngineOp)))
    head = get_args(Action)[0]
    op = get_args(Frame)[0]
    assert str in get_args(head) and str in get_args(op)
