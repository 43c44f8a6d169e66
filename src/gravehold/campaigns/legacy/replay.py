"""A Legacy campaign rebuilt from its script, options, decisions and battles' actions, as
an import checks it (``campaigns.transfer``).

The campaign is started again from its script, players, city and seed; then each decision
the group took (``Legacy.taken``) is taken again in order: each battle set up from its
recorded choices (the setup must come out the same) and replayed from its actions (the
result must come out the same), each purchase, vestige and choice made again. The
rebuilt document is then what the file must be.
"""

from __future__ import annotations

from ...errors import GraveholdError, StateFormatError
from ..battle import CONCEDED, concede
from ..transfer import replay_actions
from . import steps
from .state import Legacy


def replay(doc: Legacy) -> Legacy:
    o = doc.options
    try:
        got = steps.new(doc.script, o.players, o.city, seed=doc.seed, title=doc.title)
    except GraveholdError as e:
        raise StateFormatError("legacy.options", f"cannot start again ({e})") from None
    fought = 0
    for k, t in enumerate(doc.taken):
        where = f"legacy.taken[{k}]"
        try:
            if t.kind == "battle":
                if fought >= len(doc.history):
                    raise StateFormatError(where, "names a battle the history does not hold")
                rec = doc.history[fought]
                rw = f"legacy.history[{fought}]"
                fought += 1
                if (got.phase, got.battle, got.attempt) != ("choose", rec.battle, rec.attempt):
                    raise StateFormatError(rw, f"is battle {rec.battle} try {rec.attempt}, but the campaign replays "
                                               f"to battle {got.battle} try {got.attempt} ({got.phase})")
                got, game = steps.begin(got, rec.choices)
                assert got.current is not None
                if got.current.config != rec.config:
                    raise StateFormatError(f"{rw}.config", "differs from the setup its choices and the seed give")
                replay_actions(game, rec.actions, f"{rw}.actions")
                if rec.reason == CONCEDED and not game.over:
                    concede(game)
                if not game.over:
                    raise StateFormatError(f"{rw}.actions", "end before the game does")
                got = steps.finish(got, game, game_id=rec.game, actions=rec.actions)
            elif t.kind == "buy":
                got = steps.buy(got, t.ref, mage=t.mage, copy=t.copy, cover=t.cover)
            elif t.kind == "place":
                assert t.mage is not None
                got = steps.place(got, t.ref, t.mage, t.cover)
            elif t.kind == "pick":
                got = steps.pick(got, t.option or 0)
            else:
                got = steps.done(got)
        except StateFormatError:
            raise
        except GraveholdError as e:
            raise StateFormatError(where, str(e)) from None
    if fought != len(doc.history):
        raise StateFormatError("legacy.history", f"holds {len(doc.history)} battles; the decisions fought {fought}")
    if doc.current is not None and got.phase == "choose":
        try:
            got, _ = steps.begin(got, doc.current.choices)
        except GraveholdError as e:
            raise StateFormatError("legacy.current.choices", str(e)) from None
        assert got.current is not None
        got.current.game = doc.current.game
    return got
