"""``gravehold play`` and ``gravehold replay``: one game, at the terminal or from a record.

Every seat sits at one :class:`~gravehold.table.Table`: the bots' stretches are its
``play`` loop, a person's decision its ``apply`` (``--plain``: a numbered prompt; else the
full-screen board, whose session is a table too). So a game played here is the game a
simulation or a record of the same seed plays.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ..agents import AGENTS, make_agent
from ..content import registry as content
from ..engine.game import Game
from ..engine.shapes import ConfigDoc
from ..engine.state import Action
from ..errors import GraveholdError
from ..events_text import result_text
from ..table import OnStep, Seat, Step, Table
from . import common
from .common import (
    GroupTreasureOpt,
    TreasureOpt,
    WordsOpt,
    box_option,
    boxes_option,
    console,
    err_console,
    fail,
    port_option,
    seed_option,
    split,
    treasure_options,
)

#: ``--no-motion``: the full-screen board marks nothing it changes (``gravehold.terminal.motion``)
NoMotionOpt = Annotated[bool, typer.Option("--no-motion", help=(
    "The full-screen board does not mark what each move changed (as TEXTUAL_ANIMATIONS=none does)."))]


def play(
    mages: Annotated[str, typer.Option(help="Comma-separated mage names, one per player (1-4).")] = "Brama,Mist",
    nemesis: Annotated[str, typer.Option(help="Nemesis name.")] = "Rageborne",
    market: Annotated[str, typer.Option(help="A market name, or 9 comma-separated supply cards.")] = "Deck Destruction",
    difficulty: Annotated[str, typer.Option(help="beginner, normal, expert or extinction.")] = "normal",
    ruleset: Annotated[str, typer.Option(help="Ruleset preset: we, ae, log, na, oc.")] = "we",
    seed: Annotated[int, seed_option("Seed for every random outcome.")] = 0,
    basics: Annotated[str | None, typer.Option(callback=box_option,
                                               help="Box of the basic nemesis cards (default: the nemesis' box).")]
    = None,
    boxes: Annotated[str | None, typer.Option(callback=boxes_option,
                                              help="Boxes that random mages, a random nemesis and a randomized "
                                                   "market are drawn from, e.g. AE,WE (default: all).")] = None,
    city: Annotated[str | None, typer.Option(callback=common.city_option, help=common.CITY_HELP)] = None,
    upgraded: Annotated[str | None, typer.Option(
        help="Comma-separated upgraded basic nemesis cards for the nemesis deck, each taking a basic card's "
             "place (S-10; list them with `gravehold nemeses --cards upgraded`).")] = None,
    bots: Annotated[str, typer.Option(help=f"Agent for bot seats ({', '.join(AGENTS)}).")] = "heuristic",
    human: Annotated[list[int] | None, typer.Option(min=1, max=4, help="Seat number (1-4) played by you; "
                                                    "repeatable.")] = None,
    record: Annotated[Path | None, typer.Option(help="Write a replayable record of the game here.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print only the outcome as one JSON object.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", help="Do not print the turns.")] = False,
    plain: Annotated[bool, typer.Option("--plain", help=(
        "Human seats answer numbered prompts line by line instead of on the full-screen board (always so when "
        "input or output is not a terminal)."))] = False,
    bot_delay: Annotated[float, common.bot_delay_option("Seconds the full-screen board waits before each bot "
                                                        "action, so you can follow it.")] = 0.5,
    no_motion: NoMotionOpt = False,
    treasure: TreasureOpt = None,
    group_treasure: GroupTreasureOpt = None,
    words: WordsOpt = "auto",
    tutorial: Annotated[bool, typer.Option("--tutorial", help=(
        "Tutorial mode (The New Age's, with any ruleset): in the draw phase you may discard gems and relics "
        "you did not play before drawing. See `gravehold rules tutorial`."))] = False,
) -> None:
    """Play one game: bots in every seat unless --human takes some (on a full-screen board)."""
    from ..content.words import game_words
    from ..record import setup_config

    humans = set(human or [])
    board = bool(humans) and not plain and common.terminal()
    try:
        _check_record(record)  # before the game, not after it
        names = split(mages)
        for h in humans if 1 <= len(names) <= 4 else ():  # before the setup, which needs them from the start
            if not 1 <= h <= len(names):
                raise GraveholdError(f"--human {h}: seats are numbered 1 to {len(names)}")
        g = Game.new(mages=names, nemesis=nemesis, market=split(market) if "," in market else market,
                     difficulty=difficulty, ruleset=with_tutorial(ruleset) if tutorial else ruleset, seed=seed,
                     events=board or not as_json or record is not None,
                     basics=basics, boxes=split(boxes) if boxes else None, city=city,
                     human_seats=sorted(h - 1 for h in humans) or None,
                     upgraded=split(upgraded) if upgraded else None,
                     treasures=treasure_options(treasure, group_treasure, len(names)))
        wording = game_words(words, g.state.nemesis.id)
        if board:
            make_agent(bots, 0)  # an unknown agent name is a usage error before the screen opens
            _play_board(g, humans, bots, seed, record, as_json, bot_delay, wording, not no_motion)
            return
        config = setup_config(g)
        steps = play_plain(g, humans, bots, seed, record is not None, wording, not (as_json or quiet))
    except GraveholdError as e:
        fail(e)
    _finish(g, config, steps, record, as_json)


def with_tutorial(preset: str) -> dict[str, object]:
    """The ruleset ``preset`` with tutorial mode on (P-15's ``tutorial_discard``)."""
    return {"preset": preset, "tutorial_discard": True}


def _check_record(record: Path | None) -> None:
    if record is None:
        return
    if record.is_dir():
        raise GraveholdError(f"--record {record}: is a folder; name a file")
    if not record.parent.is_dir():
        raise GraveholdError(f"--record {record}: the folder {record.parent} does not exist")


def play_plain(g: Game, humans: set[int], bots: str, seed: int, record: bool, wording: str,
                show: bool) -> list[Step]:
    """Play ``g`` to its end, people (seats from 1 in ``humans``) at the numbered prompts, all
    in ``wording``; with ``show``, print each event as it happens. Returns the record's steps."""
    from .prompts import HumanAgent, play_out

    n = len(g.state.players)
    seats = [Seat("human") if i + 1 in humans else Seat("bot", bots) for i in range(n)]
    agents = {i: make_agent(bots, seed * 10 + i) for i in range(n) if i + 1 not in humans}
    table = Table(g, seats, agents, record=record, undo=False)
    people = {i: HumanAgent(g, i, wording) for i in range(n) if i + 1 in humans}
    play_out(table, people, on_step=_log_printer(table, wording) if show else None)
    return table.steps


def _log_printer(table: Table, wording: str) -> OnStep:
    """An ``on_step`` that prints the table's log lines since the last call, in ``wording``;
    a turn's head in bold."""
    from ..content.words import say

    printed = [0]

    def show(game: Game, action: Action) -> None:
        lines = table.log_lines()
        for line in lines[printed[0]:]:
            said = say(line, wording)
            console().print(("[bold]" + said + "[/bold]") if said.startswith("—") else "  " + said,
                            highlight=False)
        printed[0] = len(lines)

    return show


def _finish(g: Game, config: ConfigDoc, steps: list[Step], record: Path | None, as_json: bool) -> None:
    """Write the record if asked, then print how the game ended (or where it was left)."""
    from ..record import make_record

    summary = g.summary()
    if record is not None:
        try:
            record.write_text(json.dumps(make_record(config, steps, g)))
        except OSError as e:
            fail(GraveholdError(f"cannot write {record}: {e.strerror}"))
    if as_json:
        print(json.dumps(summary))
    elif summary["result"] is None:
        console().print(f"Game left at turn {summary['turns']}; Gravehold {summary['gravehold_life']}, "
                        f"nemesis {summary['nemesis_life']}.")
    else:
        nem = content.NEMESES.get(g.state.nemesis.id)
        ending = result_text(summary["result"], summary["reason"], nem.name if nem is not None else "the nemesis")
        console().print(f"[bold]{ending}[/bold], after {summary['turns']} turns; Gravehold "
                        f"{summary['gravehold_life']}, nemesis {summary['nemesis_life']}.", highlight=False)


def _play_board(g: Game, humans: set[int], bots: str, seed: int, record: Path | None, as_json: bool,
                bot_delay: float, words: str = "classic", motion: bool = True) -> None:
    """The human seats play on the full-screen board (``gravehold.terminal``); ``motion``:
    it marks what each move changed."""
    from ..record import setup_config
    from ..terminal.app import run
    from ..terminal.session import Session

    config = setup_config(g)
    agents = {i: make_agent(bots, seed * 10 + i) for i in range(len(g.state.players)) if i + 1 not in humans}
    session = Session(g, frozenset(h - 1 for h in humans), agents, record=record is not None, words=words)
    run(session, bot_delay, motion=motion)
    _finish(g, config, session.steps, record, as_json)


def replay(
    path: Annotated[Path, typer.Argument(help="A record written by `gravehold play --record`.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the outcome as one JSON object.")] = False,
    web: Annotated[bool, typer.Option("--web", help="Step through it in the browser instead (serves it on "
                                      "--host/--port and opens the replay viewer).")] = False,
    host: Annotated[str, typer.Option(help="With --web: the address to listen on.")] = "127.0.0.1",
    port: Annotated[int, port_option("With --web: the port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(help="With --web: the server's database URL (as for serve).")] = None,
    browser: Annotated[bool, typer.Option("--open/--no-open", help="With --web: open the browser.")] = True,
) -> None:
    """Replay a recorded game; exit 1 at the first step that differs, 2 on a bad file."""
    from ..record import load_record
    from ..record import replay as run_replay

    if web:
        from .serve import replay_web

        replay_web(path, host, port, db, browser)
        return
    try:
        res = run_replay(load_record(path))
    except GraveholdError as e:
        fail(e)
    if as_json:
        print(json.dumps(res.game.summary()))
    if not res.ok:
        from rich.text import Text

        err_console().print(Text.assemble(("replay differs:", "red"), " ", res.message), highlight=False)
        raise typer.Exit(1)
    if not as_json:
        console().print(res.message)
