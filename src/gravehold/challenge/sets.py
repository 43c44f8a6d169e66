"""A challenge set: five seeded setups named by an id, the same for every person and bot.

The bots are measured on seeded setups; a person who plays the very same setups gives a
human baseline on paired seeds. So everything here follows from the id alone: a hash of
it seeds a ``random.Random`` that picks the nemeses and the game seeds, and each game is
dealt by :meth:`gravehold.sim.run.Setup.game`, the call the bots' runs deal with. Nothing
reads the clock but :func:`this_week`, and every other function takes the id, so a set is
the same on any machine, on any day.
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass
from datetime import date
from functools import cache

from ..content import registry as content
from ..engine.game import Game
from ..errors import GraveholdError, clip
from ..sim.run import Setup, nemeses_of

#: the boxes a set's nemeses, mages and market come from: the set the bots are measured on
BOXES = ("AE", "WE")
#: setups in a set, numbered from 1
SETUPS = 5
#: the bots whose results stand beside people's (those of them this gravehold has)
CHALLENGE_BOTS = ("heuristic", "planner")
#: the largest game seed a set draws (any seed a record holds would do; this keeps them short)
SEED_TOP = 2**31
#: the largest N of ``seed-N``: a seed a record holds (0 to 2^63 − 1)
SEED_MAX = 2**63 - 1

FORMS = "a week as YYYY-Www (e.g. 2026-W49) or a seed as seed-N (N a whole number from 0)"
_WEEK = re.compile(r"(\d{4})-[Ww](\d{1,2})")
_SEED = re.compile(r"seed-(\d{1,19})")


class ChallengeError(GraveholdError):
    """A challenge id, setup number or player name that cannot be used; the message names it."""

    def __init__(self, message: str, field: str = "id") -> None:
        self.field = field
        super().__init__(message)


def this_week(today: date | None = None) -> str:
    """The id of the week ``today`` falls in (ISO weeks; today's date by default)."""
    year, week, _ = (today or date.today()).isocalendar()
    return f"{year}-W{week:02d}"


def challenge_id(raw: object) -> str:
    """``raw`` as a challenge id in its one spelling (``2026-w5`` → ``2026-W05``,
    ``seed-007`` → ``seed-7``), or a :class:`ChallengeError` naming what is wrong."""
    if not isinstance(raw, str):
        raise ChallengeError(f"challenge id: must be text, {FORMS}")
    text = raw.strip()
    shown = clip(text, 40)
    week = _WEEK.fullmatch(text)
    if week:
        year, number = int(week[1]), int(week[2])
        try:
            date.fromisocalendar(year, number, 1)
        except ValueError:
            weeks = date(year, 12, 28).isocalendar()[1] if year >= 1 else 52
            raise ChallengeError(f"challenge id {shown!r}: {year} has no week {number} (its weeks are 1 to "
                                 f"{weeks}); write {FORMS}") from None
        return f"{year}-W{number:02d}"
    seed = _SEED.fullmatch(text)
    if seed and int(seed[1]) <= SEED_MAX:
        return f"seed-{int(seed[1])}"
    if seed or text.startswith("seed-"):
        raise ChallengeError(f"challenge id {shown!r}: the seed must be a whole number from 0 to 2^63 − 1; "
                             f"write {FORMS}")
    raise ChallengeError(f"challenge id {shown!r}: not a challenge id; write {FORMS}")


@dataclass(frozen=True)
class ChallengeSetup:
    """One setup of a set: its number (from 1), the bots' setup and the game seed. The
    mages and the market are drawn from the seed when the game is dealt (``Setup``'s
    "random"), so a person and a bot get the same ones; :attr:`mages` and :attr:`supply`
    read them off the dealt game."""

    challenge: str
    number: int
    setup: Setup
    seed: int

    @property
    def nemesis(self) -> str:
        return self.setup.nemesis

    def game(self, events: bool = False) -> Game:
        """The game the bots play: :meth:`Setup.game` of this seed."""
        return self.setup.game(self.seed, events=events)

    def human_game(self, events: bool = True) -> Game:
        """The same game with every seat a person's (``human_seats``: a person's main phase
        waits for them to end it). The deal is the bots' deal; only the config says who sits."""
        s = self.setup
        return Game.new(mages=list(s.mages), nemesis=s.nemesis, market=s.market, difficulty=s.difficulty,
                        ruleset=s.ruleset, seed=self.seed, events=events, boxes=list(s.boxes),
                        human_seats=list(range(len(s.mages))))

    @property
    def mages(self) -> tuple[str, ...]:
        return _dealt(self)[0]

    @property
    def supply(self) -> tuple[str, ...]:
        return _dealt(self)[1]

    @property
    def nemesis_name(self) -> str:
        nem = content.NEMESES.get(self.nemesis)
        return nem.name if nem is not None else self.nemesis

    @property
    def mage_names(self) -> tuple[str, ...]:
        return tuple(content.MAGES[m].name if m in content.MAGES else m for m in self.mages)

    def doc(self) -> dict[str, object]:
        """The setup as the API and ``--json`` give it."""
        return {"number": self.number, "nemesis": self.nemesis_name, "mages": list(self.mage_names),
                "market": list(self.supply), "difficulty": self.setup.difficulty, "seed": self.seed}


@cache
def _dealt(cs: ChallengeSetup) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The mages and the supply of the dealt game."""
    g = cs.game()
    return tuple(p.mage for p in g.state.players), tuple(g.state.supply_names)


def _rng(cid: str) -> random.Random:
    digest = hashlib.sha256(f"gravehold challenge {cid}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


@cache
def setups(cid: str) -> tuple[ChallengeSetup, ...]:
    """The setups of the set ``cid`` (any spelling :func:`challenge_id` takes): five
    different nemeses of the measured boxes, random mages and market, normal difficulty."""
    cid = challenge_id(cid)
    for box in BOXES:
        content.box(box)  # a box this gravehold lacks is an error naming it, not an empty set
    rng = _rng(cid)
    nemeses = rng.sample(sorted(nemeses_of(*BOXES)), SETUPS)
    out = []
    for k, nemesis in enumerate(nemeses, 1):
        setup = Setup(nemesis=nemesis, mages=("random", "random"), market="random", difficulty="normal",
                      boxes=BOXES)
        out.append(ChallengeSetup(cid, k, setup, rng.randrange(SEED_TOP)))
    return tuple(out)


def setup_of(cid: str, number: object) -> ChallengeSetup:
    """Setup ``number`` (from 1) of the set ``cid``; a number out of range is an error naming it."""
    all_ = setups(cid)
    if isinstance(number, str) and number.strip().isdigit():
        number = int(number.strip())
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(all_):
        shown = clip(str(number), 20) if isinstance(number, (str, int)) and not isinstance(number, bool) \
            else type(number).__name__
        raise ChallengeError(f"setup {shown}: a challenge's setups are numbered 1 to {len(all_)}", "setup")
    return all_[number - 1]


def bots() -> tuple[str, ...]:
    """The challenge's bots that this gravehold has (``CHALLENGE_BOTS`` in ``AGENTS``)."""
    from ..agents import AGENTS

    return tuple(b for b in CHALLENGE_BOTS if b in AGENTS)
