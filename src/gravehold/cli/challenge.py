"""``gravehold challenge …``: the seeded challenge at the command line.

``list`` shows a set's setups and the bots' results on them, ``play`` plays one setup here
with a person in every seat (the terminal play of ``gravehold play``) and stores the result,
``results`` shows people's results beside the bots', and ``bots`` plays the bots' games
again now. The id is optional where it can be: this week's set by default.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ..challenge import ChallengeStore, Result, challenge_id, player_name, setup_of, setups, this_week, win_rate
from ..engine.game import Game
from ..events_text import result_text
from . import common
from .campaigns_common import DbOpt, JsonOpt, heading, open_store, print_json, say
from .common import WordsOpt, refusals
from .play import NoMotionOpt
from .usage import Command, Group

challenge_app = typer.Typer(cls=Group, no_args_is_help=True, help=(
    "The seeded challenge: play the setups the bots are measured on, and see your results beside theirs."))

IdOpt = Annotated[str | None, typer.Argument(metavar="ID", help="The set: a week (2026-W49) or a seed (seed-7); "
                                             "default: this week's.", show_default=False)]
IdArg = Annotated[str, typer.Argument(metavar="ID", help="The set: a week (2026-W49) or a seed (seed-7).",
                                      show_default=False)]


def _id(raw: str | None) -> str:
    return challenge_id(raw) if raw is not None else this_week()


def _store(db: str | None) -> ChallengeStore:
    return open_store(db, ChallengeStore)


def _line(r: Result, nemesis: str) -> str:
    """One result: who, how it ended, after how many turns, the lives left."""
    who = f"{r.who} (bot)" if r.kind == "bot" else r.who
    if r.result is None:
        return f"{who}: still being played"
    turns = f"{r.turns} turn{'' if r.turns == 1 else 's'}"
    return (f"{who}: {result_text(r.result, r.reason, nemesis)}, after {turns}; nemesis {r.nemesis_life}, "
            f"Gravehold {r.gravehold_life}")


def _rate(name: str, rows: list[Result]) -> str:
    rate = win_rate(rows)
    done = sum(r.result is not None for r in rows)
    if rate is None:
        return f"{name}: no results yet"
    return f"{name}: {round(rate * done)} of {done} won ({rate:.0%})"


def list_(cid: IdOpt = None, db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """The set's five setups (nemesis, mages, market, seed) and the bots' results on them."""
    with refusals():
        cid = _id(cid)
        store = _store(db)
        if as_json:
            print_json(store.table(cid))
            return
        bots = store.bot_results(cid)
    heading(f"Challenge {cid}: {len(setups(cid))} setups, normal difficulty")
    for s in setups(cid):
        nem = s.nemesis_name
        say(f"{s.number}. {nem} vs {' + '.join(s.mage_names)}, seed {s.seed}")
        say(f"   market: {', '.join(s.supply)}")
        for r in bots:
            if r.setup == s.number:
                say("   " + _line(r, nem))
    say(f"Play one: gravehold challenge play {cid} N --name NAME")


def results(cid: IdOpt = None, db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """People's results beside the bots' on each setup of the set, and each group's win rate."""
    with refusals():
        cid = _id(cid)
        cs = _store(db)
        bots = cs.bot_results(cid)
        people = [r for r in cs.results(cid) if r.kind == "human"]
    if as_json:
        print_json({"id": cid, "results": [r.doc() for r in bots + people],
                    "win_rates": {"people": win_rate(people),
                                  **{b: win_rate([r for r in bots if r.who == b]) for b in _agents(bots)}}})
        return
    heading(f"Challenge {cid}")
    for s in setups(cid):
        nem = s.nemesis_name
        say(f"{s.number}. {nem} vs {' + '.join(s.mage_names)}, seed {s.seed}")
        rows = [r for r in bots if r.setup == s.number] + [r for r in people if r.setup == s.number]
        for r in rows:
            say("   " + _line(r, nem))
        if not any(r.kind == "human" for r in rows):
            say("   nobody has played it yet")
    heading("Win rates")
    say(_rate("people", people))
    for b in _agents(bots):
        say(_rate(f"{b} (bot)", [r for r in bots if r.who == b]))


def _agents(rows: list[Result]) -> list[str]:
    return list(dict.fromkeys(r.who for r in rows))


def bots(cid: IdOpt = None, db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Play the bots' games of the set now and store their results (replacing stored ones)."""
    with refusals():
        cid = _id(cid)
        rows = _store(db).bot_results(cid, fresh=True)
    if as_json:
        print_json({"id": cid, "results": [r.doc() for r in rows]})
        return
    for r in rows:
        say(f"setup {r.setup}: " + _line(r, setup_of(cid, r.setup).nemesis_name))


def play(
    cid: IdArg,
    number: Annotated[str, typer.Argument(metavar="N", show_default=False,
                                          help="The setup's number, 1 to 5 (see `gravehold challenge list`).")],
    name: Annotated[str, typer.Option("--name", help="Your name beside the result (1 to 40 characters).",
                                      show_default=False)],
    plain: Annotated[bool, typer.Option("--plain", help=(
        "Answer numbered prompts line by line instead of on the full-screen board (always so when input or "
        "output is not a terminal); end of input (Ctrl+D) gives the game up."))] = False,
    quiet: Annotated[bool, typer.Option("--quiet", help="With --plain: do not print the turns.")] = False,
    no_motion: NoMotionOpt = False,
    words: WordsOpt = "auto",
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Play setup N of the set yourself, every seat yours, and store the result.

    The game is the one the bots played on that seed. Quitting before the end (q on the
    board, Ctrl+D or Ctrl+C at the prompts) gives the game up: it counts as a loss.
    """
    from ..campaigns.battle import concede
    from ..content.words import game_words
    from .play import play_plain

    with refusals():
        cid = challenge_id(cid)
        setup = setup_of(cid, number)
        who = player_name(name)
        store = _store(db)
        game = setup.human_game(events=True)
        wording = game_words(words, game.state.nemesis.id)
    seats = set(range(1, len(game.state.players) + 1))
    try:
        if not plain and common.terminal():
            _board(game, wording, not no_motion)
        else:
            play_plain(game, seats, "heuristic", setup.seed, False, wording, not (quiet or as_json))
    except (EOFError, KeyboardInterrupt):
        pass
    if not game.over:
        concede(game)
    with refusals():
        mine = store.record(cid, setup.number, who, "human", game=game)
        theirs = store.bot_results(cid)
    if as_json:
        print_json({"id": cid, "setup": setup.number, "result": mine.doc()})
        return
    nem = setup.nemesis_name
    say()
    say(f"Stored: {_line(mine, nem)}")
    for r in theirs:
        if r.setup == setup.number:
            say(_line(r, nem))


def _board(game: Game, words: str, motion: bool) -> None:
    """Every seat a person's, on the full-screen board (as ``gravehold play`` opens it)."""
    from ..terminal.app import run
    from ..terminal.session import Session

    run(Session(game, frozenset(range(len(game.state.players))), {}, words=words), motion=motion)


for _name, _command in (("list", list_), ("play", play), ("results", results), ("bots", bots)):
    challenge_app.command(_name, cls=Command)(_command)

__all__ = ["challenge_app"]
