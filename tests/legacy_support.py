"""Small exact Legacy campaigns for the tests: the tiny fixture script, seats, and a
battle ended as a test says (its result, severed seats, banished cards, fire, marks)."""

from __future__ import annotations

from pathlib import Path

import msgspec

from gravehold.campaigns.battle import concede
from gravehold.campaigns.legacy import script, steps
from gravehold.campaigns.legacy.state import Choices, Legacy, SeatChoice
from gravehold.content import registry as content
from gravehold.engine.game import Game

TINY = Path(__file__).resolve().parent / "fixtures" / "campaigns" / "tiny.toml"
SUPPLY = ["Nebula Shard", "Starglass", "Irradiated Jewel", "Martyr's Bone", "Shifter's Cloak", "Aether Ripple",
          "Douse", "Galvanize", "Magnetic Burst"]


def tiny(**changes: object) -> script.Script:
    s = script.load(TINY)
    return msgspec.structs.replace(s, **changes) if changes else s


def start(players: int = 2, city: str = "Azer", s: script.Script | None = None, seed: int = 1) -> Legacy:
    return steps.new(s or tiny(), players, city, seed=seed)


def seats(*mages: str, player: str = "heuristic") -> Choices:
    return Choices(seats=[SeatChoice(mage=m, player=player) for m in mages], supply=list(SUPPLY))


def end(doc: Legacy, game: Game, result: str = "win", severed: tuple[int, ...] = (),
        banished: tuple[str, ...] = (), fire: int | None = None, marked: tuple[str, ...] = ()) -> Legacy:
    """Finish the battle ``doc`` fights as if its game ended so (a small exact state):
    ``marked`` copies end in the first player's discard pile."""
    st = game.state
    for name in marked:
        base, _, marks = name.partition("{")
        for mark in marks.rstrip("}").split(","):
            base = content.marked(base, mark)
        st.players[0].discard.append(base)
    st.severed.extend(severed)
    st.banished.extend(banished)
    if fire is not None:
        st.tokens["fire"] = fire
    if result == "win":
        game.engine.end("win", "nemesis_defeated")
    else:
        concede(game)
    return steps.finish(doc, game)


def fight(doc: Legacy, result: str = "win", **kw: object) -> Legacy:
    doc, game = steps.begin(doc, seats(*steps.available_mages(doc)[:doc.options.players]))
    return end(doc, game, result, **kw)  # type: ignore[arg-type]


