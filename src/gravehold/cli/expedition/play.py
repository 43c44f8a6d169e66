"""``gravehold expedition play``: the running battle played here, then its outcome applied;
with ``--auto`` or ``--all`` the bot policy makes the choices between battles."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

import typer

from ...campaigns.expedition import EXPEDITION, steps
from ...campaigns.expedition.policy import BOT_MAX_TRIES
from ...campaigns.expedition.state import Expedition
from ...campaigns.expedition.store import ExpeditionStore
from ...engine.shapes import Doc
from ...errors import GraveholdError
from ...undo import HUMAN
from ..campaigns_common import begun_doc, play_steps, say_lines
from ..common import WordsOpt, bot_delay_option, refusals
from ..play import NoMotionOpt
from .common import BotsOpt, DbOpt, IdArg, JsonOpt, get, open_store, print_json, say
from .render import begun_lines, event_doc, event_text, gave_up_line, next_lines, played_doc, played_lines
from .session import check_seats, play_current


def play(
    eid: IdArg,
    auto: Annotated[bool, typer.Option("--auto", help=(
        "If the expedition waits for a choice, the bot policy makes it first: the support after a loss, "
        "then the battle's setup with every seat a bot."))] = False,
    all_: Annotated[bool, typer.Option("--all", help="Keep going, choices by the bot policy, until the expedition "
                                       "is complete.")] = False,
    bots: BotsOpt = "heuristic",
    plain: Annotated[bool, typer.Option("--plain", help=(
        "People's seats answer numbered prompts line by line instead of on the full-screen board."))] = False,
    bot_delay: Annotated[float, bot_delay_option("Seconds the full-screen board waits before each bot "
                                                      "action.")] = 0.5,
    no_motion: NoMotionOpt = False,
    words: WordsOpt = "auto",
    max_tries: Annotated[int | None, typer.Option(min=1, max=1000, help=(
        "Tries this run gives one battle before the group gives up (default: the expedition's own "
        f"limit; else {BOT_MAX_TRIES} when bots play every seat or make the choices, none when people "
        "play)."))] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Play the running battle to its end here, then apply its outcome (X-7 to X-9).

    Bots play their seats; people play theirs on the terminal board. Every action is stored
    as it is taken, so a stopped battle resumes where it was. A battle lost as many times
    as the run allows ends the expedition: the group gives up.
    """
    from ...agents import make_agent

    with refusals():
        make_agent(bots, 0)
        xs = open_store(db)
        run = _Run(xs, eid, auto, all_, bots, as_json, _Board(words, plain, bot_delay, not no_motion), max_tries)
        play_steps(run, all_, f"gravehold expedition play {eid}")
        exp = get(xs, eid)
    if as_json:
        print_json({"id": eid, "steps": run.done, "phase": exp.phase, "battle": exp.battle, "attempt": exp.attempt,
                    "score": exp.score, "abandoned": exp.abandoned})
        return
    if run.done and run.done[-1]["step"] == "give up":
        return  # the run said so as it happened
    say()
    for line in next_lines(eid, exp):
        say(line)


@dataclass(frozen=True)
class _Board:
    """How people's seats are played: the words, ``--plain``, the board's bot delay and
    whether it marks what each move changed (``--no-motion``)."""

    words: str
    plain: bool
    bot_delay: float
    motion: bool = True


@dataclass
class _Run:
    """One ``expedition play``: the steps taken so far (for ``--json``) and the battles played."""

    xs: ExpeditionStore
    eid: str
    auto: bool
    all_: bool
    bots: str
    as_json: bool
    board: _Board
    max_tries: int | None = None
    done: list[Doc] = field(default_factory=list)
    played: int = 0

    def say(self, *lines: str) -> None:
        say_lines(self.as_json, *lines)

    def recover(self) -> None:
        """A battle whose game ended before its outcome was applied (a crash): apply it now."""
        exp = get(self.xs, self.eid)
        after = self.xs.finish(self.eid).exp
        if len(after.history) > len(exp.history) and exp.current is not None and exp.current.game is not None:
            doc = played_doc(exp, after, self.xs.store.load(exp.current.game).game)
            self.done.append(doc)
            self.played += 1
            self.say(f"Battle {exp.battle}, try {exp.attempt}, against {exp.nemesis}: its game had ended",
                     *played_lines(doc, after, self.limit(exp)))
            self.give_up_if_due(after)

    def step(self) -> bool:
        """Take the step the expedition waits for; False when this run stops here."""
        exp = get(self.xs, self.eid)
        first = not self.done
        if exp.phase == "complete":
            if first:
                raise GraveholdError(f"expedition {self.eid} is complete; there is nothing left to play")
            return False
        if self.give_up_if_due(exp):
            return False
        if exp.phase == "support":
            return self._support(exp, first)
        if exp.phase == "choose":
            return self._begin(exp)
        return self._battle(exp, first)

    def _support(self, exp: Expedition, first: bool) -> bool:
        from ...campaigns.expedition import policy

        if not (self.auto or self.all_):
            if first:
                raise GraveholdError(f"battle {exp.battle} was lost; take its support first "
                                     f"(`gravehold expedition support {self.eid} CHOICE`), or add --auto")
            return False
        choice = policy.support_for(exp)
        after = self.xs.support(self.eid, choice).exp
        gained = after.events[len(exp.events):]
        self.done.append({"step": "support", "battle": exp.battle, "choice": choice,
                          "events": [event_doc(e) for e in gained]})
        self.say(f"Support after battle {exp.battle}: {choice or 'none (every stack is empty)'}",
                 *("  " + event_text(ev) for ev in gained))
        return True

    def _begin(self, exp: Expedition) -> bool:
        from ...campaigns.expedition import policy

        if not (self.auto or self.all_):
            raise GraveholdError(f"battle {exp.battle} has not begun; choose its setup with "
                                 f"`gravehold expedition battle {self.eid}`, or add --auto")
        stored, gid, seats = self.xs.begin(self.eid, policy.choose(exp, self.bots))
        self.done.append({"step": "begin", **begun_doc(self.eid, stored.exp, gid, seats)})
        self.say(*begun_lines(self.eid, stored.exp, gid, seats, len(exp.events))[:-1])
        return True

    def _battle(self, exp: Expedition, first: bool) -> bool:
        check_seats(self.xs, exp)
        if first or self.done[-1]["step"] != "begin":
            self.say(f"Battle {exp.battle}, try {exp.attempt}, against {exp.nemesis}")
        b = self.board
        game = play_current(self.xs, EXPEDITION, self.eid, exp, b.words, b.plain, b.bot_delay, b.motion)
        if not game.over:
            self.say(f"Battle {exp.battle} left at turn {game.summary()['turns']}; "
                     f"`gravehold expedition play {self.eid}` resumes it.")
            return False
        after = self.xs.finish(self.eid).exp
        doc = played_doc(exp, after, game)
        self.done.append(doc)
        self.played += 1
        self.say(*played_lines(doc, after, self.limit(exp)))
        return not self.give_up_if_due(after) and self.all_

    def limit(self, exp: Expedition) -> int | None:
        """The tries this run gives a battle: ``--max-tries``; else none of its own when the
        expedition has a limit (its steps end it there); else :data:`BOT_MAX_TRIES` when the
        run is the bots' (``--auto``/``--all``, or bots in every seat of the battle), so it
        cannot go on for ever; else none: people decide when they have had enough."""
        if self.max_tries is not None:
            return self.max_tries
        if exp.options.max_tries is not None:
            return None
        seats = exp.current.choices.seats if exp.current is not None else \
            exp.history[-1].choices.seats if exp.history else []
        bots_only = bool(seats) and all(s.player != HUMAN for s in seats)
        return BOT_MAX_TRIES if self.auto or self.all_ or bots_only else None

    def give_up_if_due(self, exp: Expedition) -> bool:
        """After a loss: the group gives up once the battle has been lost as often as this
        run allows (or the expedition's own limit ended it); True when the run ends here."""
        if exp.abandoned:
            if not self.done or self.done[-1]["step"] != "give up":
                self._gave_up(exp)
            return True
        limit = self.limit(exp)
        if limit is None or steps.losses(exp) < limit or exp.phase not in ("support", "choose"):
            return False
        self._gave_up(self.xs.give_up(self.eid).exp)
        return True

    def _gave_up(self, exp: Expedition) -> None:
        self.done.append({"step": "give up", "battle": exp.battle, "tries": steps.losses(exp), "score": exp.score})
        self.say(gave_up_line(exp))
