"""``gravehold campaign play``: the running battle played here, each action stored as it is
taken, then its outcome applied; with ``--auto`` or ``--all`` the bot policy takes the
steps between battles and the battles' setups.

The battle is played by the campaigns' one driver (``campaigns/battle.py``, ``play_stored``);
people sit at the terminal (numbered prompts, or the full-screen board), bots at the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

import typer

from ...campaigns.legacy import LEGACY, Legacy
from ...engine.shapes import Doc
from ...errors import GraveholdError
from ..campaigns_common import begun_doc, play_steps, say_lines
from ..common import WordsOpt, bot_delay_option, refusals
from ..expedition import session as stored_play
from ..play import NoMotionOpt
from .common import BotsOpt, DbOpt, IdArg, JsonOpt, LegacyStore, get, open_store, print_json, say
from .render import begun_lines, event_doc, event_text, next_lines, played_doc, played_lines


def play(
    cid: IdArg,
    auto: Annotated[bool, typer.Option("--auto", help=(
        "If the campaign waits for a step between battles (spending, a choice, a vestige) or a battle's "
        "setup, the bot policy takes it first, every seat a bot."))] = False,
    all_: Annotated[bool, typer.Option("--all", help="Keep going, steps by the bot policy, until the campaign "
                                       "is complete.")] = False,
    bots: BotsOpt = "heuristic",
    plain: Annotated[bool, typer.Option("--plain", help=(
        "People's seats answer numbered prompts line by line instead of on the full-screen board."))] = False,
    bot_delay: Annotated[float, bot_delay_option("Seconds the full-screen board waits before each bot "
                                                      "action.")] = 0.5,
    no_motion: NoMotionOpt = False,
    words: WordsOpt = "auto",
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Play the running battle to its end here, then apply its outcome (C-5, C-8 to C-15).

    Bots play their seats; people play theirs on the terminal board. Every action is stored
    as it is taken, so a stopped battle resumes where it was.
    """
    from ...agents import make_agent

    with refusals():
        make_agent(bots, 0)
        cs = open_store(db)
        run = _Run(cs, cid, auto, all_, bots, as_json, words, plain, bot_delay, not no_motion)
        play_steps(run, all_, f"gravehold campaign play {cid}")
        doc = get(cs, cid)
    if as_json:
        print_json({"id": cid, "steps": run.done, "phase": doc.phase, "battle": doc.battle, "attempt": doc.attempt,
                    "experience": doc.experience})
        return
    say()
    for line in next_lines(cid, doc):
        say(line)


@dataclass
class _Run:
    """One ``campaign play``: the steps taken so far (for ``--json``) and the battles played."""

    cs: LegacyStore
    cid: str
    auto: bool
    all_: bool
    bots: str
    as_json: bool
    words: str
    plain: bool
    bot_delay: float
    motion: bool
    done: list[Doc] = field(default_factory=list)
    played: int = 0

    def say(self, *lines: str) -> None:
        say_lines(self.as_json, *lines)

    def recover(self) -> None:
        """A battle whose game ended before its outcome was applied (a crash): apply it now."""
        doc = get(self.cs, self.cid)
        after = self.cs.finish(self.cid).doc
        if len(after.history) > len(doc.history) and doc.current is not None and doc.current.game is not None:
            played = played_doc(doc, after, self.cs.store.load(doc.current.game).game)
            self.done.append(played)
            self.played += 1
            self.say(f"Battle {doc.battle}, try {doc.attempt}, against {doc.nemesis}: its game had ended",
                     *played_lines(played))

    def step(self) -> bool:
        """Take the step the campaign waits for; False when this run stops here."""
        doc = get(self.cs, self.cid)
        first = not self.done
        if doc.phase == "complete":
            if first:
                raise GraveholdError(f"campaign {self.cid} is complete; there is nothing left to play")
            return False
        if doc.phase in ("spend", "choice", "vestige"):
            return self._between(doc, first)
        if doc.phase == "choose":
            return self._begin(doc)
        return self._battle(doc, first)

    def _between(self, doc: Legacy, first: bool) -> bool:
        if not (self.auto or self.all_):
            if first:
                raise GraveholdError(f"the campaign waits for {doc.phase} before battle {doc.battle}; take it "
                                     f"(see `gravehold campaign show {self.cid}`), or add --auto")
            return False
        after = self.cs.step(self.cid, LEGACY.after).doc
        gained = after.events[len(doc.events):]
        taken = [t.kind + (f" {t.ref}" if t.ref else "") + (f" {t.option}" if t.kind == "pick" else "")
                 for t in after.taken[len(doc.taken):]]
        self.done.append({"step": doc.phase, "taken": taken, "events": [event_doc(e) for e in gained]})
        self.say(f"{doc.phase.capitalize()} by the bots' policy: {', '.join(taken) or 'nothing'}",
                 *("  " + event_text(ev) for ev in gained))
        return True

    def _begin(self, doc: Legacy) -> bool:
        from ...campaigns.legacy import policy

        if not (self.auto or self.all_):
            raise GraveholdError(f"battle {doc.battle} has not begun; choose its setup with "
                                 f"`gravehold campaign battle {self.cid}`, or add --auto")
        stored, gid, seats = self.cs.begin(self.cid, policy.choose(doc, self.bots))
        self.done.append({"step": "begin", **begun_doc(self.cid, stored.doc, gid, seats)})
        self.say(*begun_lines(self.cid, stored.doc, gid, seats)[:-1])
        return True

    def _battle(self, doc: Legacy, first: bool) -> bool:
        stored_play.check_seats(self.cs, doc)
        if first or self.done[-1]["step"] != "begin":
            self.say(f"Battle {doc.battle}, try {doc.attempt}, against {doc.nemesis}")
        game = stored_play.play_current(self.cs, LEGACY, self.cid, doc, self.words, self.plain, self.bot_delay,
                                        self.motion)
        if not game.over:
            self.say(f"Battle {doc.battle} left at turn {game.summary()['turns']}; "
                     f"`gravehold campaign play {self.cid}` resumes it.")
            return False
        after = self.cs.finish(self.cid).doc
        played = played_doc(doc, after, game)
        self.done.append(played)
        self.played += 1
        self.say(*played_lines(played))
        return self.all_
