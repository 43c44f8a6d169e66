"""The ``gravehold`` command (Typer + Rich).

User mistakes (an unknown name, a bad file, a port in use) print one clear line and exit
2; they never show a traceback. Every check that can fail runs before any work starts
(before a game is played, before the server prints its address).
"""

from __future__ import annotations

import json
import math
import os
import sys
from pathlib import Path
from typing import Annotated, Any, get_args, get_origin

import typer
from rich.console import Console
from typer.core import TyperCommand, TyperGroup, TyperOption

from . import __version__
from .agents import AGENTS, Agent, make_agent
from .cli_tables import show
from .errors import GraveholdError
from .events_text import event_text


class _FlagOption(TyperOption):
    """A flag (``--json``): its help row shows no value type, since it takes no value."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None


def _number_type(param: Any) -> type | None:
    """``int`` or ``float`` for an option that takes numbers (``--human 1 --human 2`` too), else None."""
    kind = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    if get_origin(kind) is list:
        kind = get_args(kind)[0]
    return kind if kind in (int, float) else None


def _number(x: float) -> str:
    """A bound as people write it: 60, not 60.0."""
    return str(int(x)) if float(x).is_integer() else str(x)


class _NumberOption(TyperOption):
    """An option that takes a number (``--port``, ``--seed``, ``--bot-delay``...), held to
    its ``min``/``max``: a value outside them, not a number, or not finite (``inf``, ``nan``,
    ``1e400``) is refused in one line naming the option and the value as typed. One
    definition for every command, so an option added later is held to its range too."""

    def process_value(self, ctx: Any, value: Any) -> Any:
        for given in value if isinstance(value, (list, tuple)) else (value,):
            if given is not None and not self._fits(given):
                raise typer.BadParameter(f"must be {self._range()}, got {given}", ctx=ctx, param=self)
        return super().process_value(ctx, value)

    def _fits(self, given: Any) -> bool:
        try:
            n = (int if _number_type(self) is int else float)(given)
        except (TypeError, ValueError):
            return False
        if isinstance(n, float) and not math.isfinite(n):
            return False
        return (self.min is None or n >= self.min) and (self.max is None or n <= self.max)

    def _range(self) -> str:
        kind = "a whole number" if _number_type(self) is int else "a number"
        if self.min is not None and self.max is not None:
            return f"{kind} from {_number(self.min)} to {_number(self.max)}"
        if self.min is not None:
            return f"{kind} of at least {_number(self.min)}"
        if self.max is not None:
            return f"{kind} of at most {_number(self.max)}"
        return kind if kind == "a whole number" else "a finite number"


def _typed_params(params: list[Any]) -> list[Any]:
    """Flags shown as flags (``_FlagOption``); numbers held to their range (``_NumberOption``)."""
    for p in params:
        if type(p) is TyperOption and p.is_flag:
            p.__class__ = _FlagOption
        elif type(p) is TyperOption and _number_type(p) is not None:
            p.__class__ = _NumberOption
    return params


class _Group(TyperGroup):
    """The ``gravehold`` group; its flags (--version, --help) shown as flags."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _typed_params(super().get_params(ctx))


class _Command(TyperCommand):
    """Every subcommand: its flags shown as ``--json``, not ``--json <bool>``, and its
    numbers held to their range."""

    def get_params(self, ctx: Any) -> list[Any]:
        return _typed_params(super().get_params(ctx))


app = typer.Typer(cls=_Group, add_completion=True, no_args_is_help=True,
                  help="gravehold: play and simulate Aeon's End.")
console = Console()
err = Console(stderr=True)


def _show_version(value: bool) -> None:
    if value:
        print(f"gravehold {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[bool, typer.Option("--version", callback=_show_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """gravehold: play and simulate Aeon's End."""
    # The consoles are made per command, so each reads the terminal's width (or COLUMNS) now.
    global console, err
    console, err = Console(), Console(stderr=True)


class HumanAgent:
    """A seat played from the terminal: the board and a numbered list of options."""

    name = "human"

    def __init__(self, game: Any, seat: int, words: str = "classic") -> None:
        self.game, self.seat, self.words = game, seat, words

    def choose(self, decision: Any, view: Any) -> Any:
        from .tui import prompt_action

        return prompt_action(console, self.game, self.seat, self.words)


def _terminal() -> bool:
    """Input and output are both a terminal: the full-screen board can open."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _fail(e: Exception, code: int = 2) -> None:
    """Print ``error: <message>`` and exit. The message is plain text (a name given as
    ``[/x]`` is shown as typed, never read as markup) on one line that the terminal wraps,
    so a long path in it stays whole for copying."""
    from rich.text import Text

    err.print(Text.assemble(("error:", "red"), " ", str(e)), highlight=False, soft_wrap=True)
    raise typer.Exit(code)


def _split(s: str) -> list[str]:
    return [x.strip() for x in s.split(",") if x.strip()]


#: The largest seed a record holds (``replay`` refuses others): every seed option takes 0 to it.
MAX_SEED = 2**63 - 1
#: Games (or expeditions) one run plays per setup. Game k of base seed s plays the seed
#: s × 1000003 + k, so below 1000003 two runs' games never share a seed.
MAX_GAMES = 1_000_000
#: Worker processes (or local Ray CPUs) one run starts.
MAX_WORKERS = 1024
#: Seconds a board waits before a bot's action: long enough to follow, never a hang.
MAX_BOT_DELAY = 60.0
#: The longest ``fuzz --seconds``: a week.
MAX_FUZZ_SECONDS = 7 * 24 * 3600
#: Ports a server listens on (0, "any free port", would make the printed address wrong).
MIN_PORT, MAX_PORT = 1, 65535
#: The most sockets, games or queued frames a server limit may allow: past any real server.
MAX_COUNT = 1_000_000
#: The most bytes a server limit may allow in one body, message or upload: 1 GiB.
MAX_BYTES = 2**30


def seed_option(help: str) -> Any:
    """The one seed option: 0 to ``MAX_SEED``, as a record holds it."""
    return typer.Option(min=0, max=MAX_SEED, help=help)


def bot_delay_option(help: str) -> Any:
    """The seconds before each bot action: 0 to ``MAX_BOT_DELAY``."""
    return typer.Option(min=0, max=MAX_BOT_DELAY, help=help)


def port_option(help: str) -> Any:
    """A port to listen on: 1 to 65535."""
    return typer.Option(min=MIN_PORT, max=MAX_PORT, help=help)


def _box_option(value: str | None) -> str | None:
    """--box takes a box id or name; an unknown one is a usage error listing the boxes."""
    if value is None:
        return None
    from .content import registry

    try:
        return registry.box(value).id
    except GraveholdError as e:
        raise typer.BadParameter(str(e)) from None


def _words_option(value: str) -> str:
    """--words: classic, new-age or auto; anything else is a usage error naming the choices."""
    from .content.words import check

    try:
        return check(value)
    except GraveholdError as e:
        raise typer.BadParameter(str(e)) from None


WordsOpt = Annotated[str, typer.Option("--words", callback=_words_option, help=(
    "The words texts use: classic (gem, prep, power), new-age (crystal, bind, plot) or auto "
    "(each box's own; a game: its nemesis' box)."))]


def _boxes_option(value: str | None) -> str | None:
    """--boxes takes comma-separated box ids or names; each must exist, and one at least."""
    if value is None:
        return None
    names = _split(value)
    if not names:
        raise typer.BadParameter(f"name at least one box, got {value!r}")
    return ",".join(_box_option(n) or n for n in names)



def treasure_options(items: list[str] | None, group: str | None, players: int,
                     group_flag: str = "--group-treasure") -> dict[str, Any] | None:
    """``--treasure SEAT:NAME[:POSITION]`` (repeatable) and ``--group-treasure NAME[:PILE]``
    as ``Game.new(treasures=...)`` (X-5, X-14): a seat's tier-1 or tier-3 treasure by its tier,
    seats numbered from 1; a tier-1 treasure may name the deck position (1-5) it takes.
    ``group_flag`` is the option a command gives the group's treasure by, for its messages."""
    from .content import registry

    if not items and not group:
        return None
    seats: list[dict[str, Any]] = [{} for _ in range(max(players, 0))]
    for item in items or []:
        seat, sep, rest = item.partition(":")
        if not sep or not seat.strip().isdigit() or not rest.strip():
            raise GraveholdError(f"--treasure {item!r}: write SEAT:NAME, e.g. 1:\"Kadir's Emerald Shard\"")
        k = int(seat)
        if not 1 <= k <= players:
            raise GraveholdError(f"--treasure {item!r}: seats are numbered 1 to {players}")
        name, _, position = rest.partition(":")
        t = registry.treasure(name.strip())
        if t.tier == 2:
            raise GraveholdError(f"--treasure {item!r}: {t.name} is the group's tier-2 treasure; "
                                 f"give it with {group_flag}")
        key = "tier1" if t.tier == 1 else "tier3"
        if key in seats[k - 1]:
            raise GraveholdError(f"--treasure {item!r}: seat {k} already has a tier-{t.tier} treasure "
                                 f"({seats[k - 1][key]}); each player takes one of each tier (X-4)")
        seats[k - 1][key] = t.name
        if position.strip():
            if t.tier != 1 or not position.strip().isdigit() or not 1 <= int(position) <= 5:
                raise GraveholdError(f"--treasure {item!r}: only a tier-1 treasure names a starting-deck "
                                     "position, 1 to 5")
            seats[k - 1]["slot"] = int(position) - 1
    spec: dict[str, Any] = {"players": seats}
    if group:
        name, _, pile = group.partition(":")
        spec["group"] = name.strip()
        if pile.strip():
            spec["pile"] = pile.strip()
    return spec


TreasureOpt = Annotated[list[str] | None, typer.Option(
    "--treasure", help="A player's treasure, SEAT:NAME (tier 1 or 3; a tier 1 may add :POSITION, 1-5, "
                       "the starting-deck card it replaces); repeatable. See `gravehold treasures`.")]
GroupTreasureOpt = Annotated[str | None, typer.Option(
    "--group-treasure", help="The group's tier-2 treasure, NAME or NAME:PILE (the supply pile it lies beside).")]


@app.command(cls=_Command)
def play(
    mages: Annotated[str, typer.Option(help="Comma-separated mage names, one per player (1-4).")] = "Brama,Mist",
    nemesis: Annotated[str, typer.Option(help="Nemesis name.")] = "Rageborne",
    market: Annotated[str, typer.Option(help="A market name, or 9 comma-separated supply cards.")] = "Deck Destruction",
    difficulty: Annotated[str, typer.Option(help="beginner, normal, expert or extinction.")] = "normal",
    ruleset: Annotated[str, typer.Option(help="Ruleset preset: we, ae, log, na, oc.")] = "we",
    seed: Annotated[int, seed_option("Seed for every random outcome.")] = 0,
    basics: Annotated[str | None, typer.Option(callback=_box_option,
                                               help="Box of the basic nemesis cards (default: the nemesis' box).")]
    = None,
    boxes: Annotated[str | None, typer.Option(callback=_boxes_option,
                                              help="Boxes that random mages, a random nemesis and a randomized "
                                                   "market are drawn from, e.g. AE,WE (default: all).")] = None,
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
    bot_delay: Annotated[float, bot_delay_option("Seconds the full-screen board waits before each bot action, "
                                                 "so you can follow it.")] = 0.5,
    treasure: TreasureOpt = None,
    group_treasure: GroupTreasureOpt = None,
    words: WordsOpt = "auto",
) -> None:
    """Play one game: bots in every seat unless --human takes some (on a full-screen board)."""
    from .content.words import game_words, say
    from .engine.game import Game
    from .record import play as drive
    from .record import setup_config

    humans = set(human or [])
    board = bool(humans) and not plain and _terminal()
    try:
        if record is not None:  # before the game, not after it
            if record.is_dir():
                raise GraveholdError(f"--record {record}: is a folder; name a file")
            if not record.parent.is_dir():
                raise GraveholdError(f"--record {record}: the folder {record.parent} does not exist")
        mk: str | list[str] = _split(market) if "," in market else market
        names = _split(mages)
        humans = set(human or [])
        for h in humans if 1 <= len(names) <= 4 else ():  # before the setup, which needs them from the start
            if not 1 <= h <= len(names):
                raise GraveholdError(f"--human {h}: seats are numbered 1 to {len(names)}")
        g = Game.new(mages=names, nemesis=nemesis, market=mk, difficulty=difficulty,
                     ruleset=ruleset, seed=seed, events=board or not as_json or record is not None,
                     basics=basics, boxes=_split(boxes) if boxes else None,
                     human_seats=sorted(h - 1 for h in humans) or None,
                     upgraded=_split(upgraded) if upgraded else None,
                     treasures=treasure_options(treasure, group_treasure, len(names)))
        wording = game_words(words, g.state.nemesis.id)
        if board:
            make_agent(bots, 0)  # an unknown agent name is a usage error before the screen opens
            _play_board(g, humans, bots, seed, record, as_json, bot_delay, wording)
            return
        agents: list[Agent] = []
        for i in range(len(g.state.players)):
            agents.append(HumanAgent(g, i, wording) if i + 1 in humans else make_agent(bots, seed * 10 + i))
        config = setup_config(g)
        shown = [0]

        def show(game: Game, action: Any) -> None:
            if as_json or quiet:
                return
            evs = game.events
            for e in evs[shown[0]:]:
                line = say(event_text(e) or "", wording)
                if line:
                    console.print(("[bold]" + line + "[/bold]") if line.startswith("—") else "  " + line,
                                  highlight=False)
            shown[0] = len(evs)

        steps = drive(g, agents, record=record is not None, on_step=show)
    except GraveholdError as e:
        _fail(e)
        return
    _finish(g, config, steps, record, as_json)


def _finish(g: Any, config: dict[str, Any], steps: list[dict[str, Any]], record: Path | None, as_json: bool) -> None:
    """Write the record if asked, then print how the game ended (or where it was left)."""
    from .record import make_record

    summary = g.summary()
    if record is not None:
        try:
            record.write_text(json.dumps(make_record(config, steps, g)))
        except OSError as e:
            _fail(GraveholdError(f"cannot write {record}: {e.strerror}"))
    if as_json:
        print(json.dumps(summary))
    elif summary["result"] is None:
        console.print(f"Game left at turn {summary['turns']}; Gravehold {summary['gravehold_life']}, "
                      f"nemesis {summary['nemesis_life']}.")
    else:
        console.print(f"[bold]{'Victory' if summary['result'] == 'win' else 'Defeat'}[/bold] "
                      f"({summary['reason']}) after {summary['turns']} turns; Gravehold "
                      f"{summary['gravehold_life']}, nemesis {summary['nemesis_life']}.")


def _play_board(g: Any, humans: set[int], bots: str, seed: int, record: Path | None, as_json: bool,
                bot_delay: float, words: str = "classic") -> None:
    """The human seats play on the full-screen board (``gravehold.terminal``)."""
    from .record import setup_config
    from .terminal.app import run
    from .terminal.session import Session

    config = setup_config(g)
    agents = {i: make_agent(bots, seed * 10 + i) for i in range(len(g.state.players)) if i + 1 not in humans}
    session = Session(g, frozenset(h - 1 for h in humans), agents, record=record is not None, words=words)
    run(session, bot_delay)
    _finish(g, config, session.steps, record, as_json)


@app.command(cls=_Command)
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
    from .record import load_record
    from .record import replay as run_replay

    if web:
        _replay_web(path, host, port, db, browser)
        return
    try:
        data = load_record(path)
        res = run_replay(data)
    except GraveholdError as e:
        _fail(e)
        return
    if as_json:
        print(json.dumps(res.game.summary()))
    if not res.ok:
        from rich.text import Text

        err.print(Text.assemble(("replay differs:", "red"), " ", res.message), highlight=False)
        raise typer.Exit(1)
    if not as_json:
        console.print(res.message)


def _replay_web(path: Path, host: str, port: int, db: str | None, browser: bool) -> None:
    """Serve the replay viewer with ``path`` loaded, and open it in the browser."""
    import threading
    import webbrowser

    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from . import serving
    from .storage.saves import default_url
    from .web.app import create_app
    from .web.forms import Refused

    try:
        raw = path.read_bytes()
    except OSError as e:
        _fail(GraveholdError(f"{path}: cannot be read ({e.strerror})"))
        return
    url = db or default_url()
    try:  # the database as serve checks it: one error line, not a traceback
        serving.check_database_url(url)
        try:
            web = create_app(url)
        except (SQLAlchemyError, OSError) as e:
            raise serving.database_error(url, e) from None
    except GraveholdError as e:
        _fail(e)
        return
    try:
        r = web.state.replays.upload(raw)
        serving.check_port(host, port)  # before the address is printed and the browser sent to it
    except Refused as e:
        _fail(GraveholdError(str(e).replace("record", str(path), 1)))
        return
    except GraveholdError as e:
        _fail(e)
        return
    url = f"{serving.address(host, port)}replay/{r.ref}"
    console.print(f"replay of {r.title} ({r.steps} steps) on {url}  (Ctrl+C stops the server)", highlight=False,
                  soft_wrap=True)  # the address whole on its line, for copying
    if browser:
        threading.Timer(1.0, webbrowser.open, (url,)).start()
    uvicorn.run(web, host=host, port=port, log_level="warning", proxy_headers=False)  # no proxy is named here


@app.command(cls=_Command)
def fuzz(
    games: Annotated[int | None, typer.Option(min=1, max=MAX_GAMES, help="Games to play (default: as many as "
                                              "--seconds allow).")] = None,
    seconds: Annotated[float | None, typer.Option(min=1, max=MAX_FUZZ_SECONDS, help="Stop starting games after "
                                                  "this long.")] = None,
    seed: Annotated[int, seed_option("Base seed: game k of a run is the same on any machine.")] = 0,
    workers: Annotated[int, typer.Option(min=1, max=MAX_WORKERS, help="Processes to play in (with --backend ray: "
                                         "local Ray CPUs).")] = 1,
    backend: Annotated[str, typer.Option(help="local (processes) or ray.")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address (with --backend ray).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as one JSON object.")] = False,
) -> None:
    """Play seeded games over every setup and check every invariant after every action.

    Prints one reproducer (game number, seed, setup, step) per violation; exit 1 if any.
    """
    from .testing.fuzz import run as run_fuzz

    try:
        rep = run_fuzz(games, seconds, seed, workers, backend=backend, address=address)
    except GraveholdError as e:
        _fail(e)
        return
    if as_json:
        print(json.dumps(rep.to_dict()))
    else:
        for v in rep.violations:
            err.print(v.line(), highlight=False, markup=False)
        console.print(f"{rep.games} games in {rep.seconds:.1f} s: {len(rep.violations)} violations")
    if rep.violations:
        raise typer.Exit(1)


@app.command(cls=_Command)
def bench(
    games: Annotated[int, typer.Option(min=1, max=MAX_GAMES, help="Number of seeded random-agent games to "
                                       "play.")] = 200,
    heuristic: Annotated[bool, typer.Option("--heuristic/--no-heuristic",
                                            help="Measure heuristic games/s (as simulate plays).")] = True,
    heuristic_games: Annotated[int | None, typer.Option(min=1, max=MAX_GAMES, help="Seeded heuristic games to "
                                                        "play (default: --games).")]
    = None,
    ismcts: Annotated[bool, typer.Option("--ismcts/--no-ismcts", help="Measure ISMCTS iterations/s.")] = True,
    ismcts_states: Annotated[int, typer.Option(min=1, max=1000, help="Mid-game decisions ISMCTS searches.")]
    = 12,
    scaling: Annotated[bool, typer.Option("--scaling/--no-scaling", help="Measure 2 workers against 1.")] = True,
    scaling_games: Annotated[int | None, typer.Option(min=1, max=MAX_GAMES, help="Heuristic games per scaling "
                                                      "run (default: --games).")]
    = None,
    rl: Annotated[bool, typer.Option("--rl/--no-rl", help="Measure the RL environment's steps/s (rl extra).")]
    = True,
    repeat: Annotated[int, typer.Option(min=1, max=100, help="Runs of each part; the best is reported.")] = 3,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Measure the engine's speed: decisions/s, games/s, clone() µs and more.

    Random agents on fixed seeds, heuristic games/s, ISMCTS iterations/s on fixed mid-game
    states, and the speed-up of 2 simulate workers over 1.
    """
    from .bench import run_bench

    res = run_bench(games, ismcts=ismcts, ismcts_states=ismcts_states, scaling=scaling,
                    scaling_games=scaling_games, repeat=repeat, rl=rl, heuristic=heuristic,
                    heuristic_games=heuristic_games)
    if as_json:
        print(json.dumps(res))
        return
    from rich.table import Table

    t = Table(title="gravehold bench (one core; scaling on two)")
    t.add_column("measure")
    t.add_column("value", justify="right")
    for k, v in res.items():
        if k.endswith("_spread"):
            t.add_row(k, f"{v[0]:,.1f} – {v[1]:,.1f}")
        else:
            t.add_row(k, f"{v:,.1f}" if isinstance(v, float) else str(v))
    console.print(t)


@app.command(cls=_Command)
def simulate(
    nemesis: Annotated[str, typer.Option(help="Nemesis; with --sweep a comma/semicolon list, or 'all'.")]
    = "Rageborne",
    mages: Annotated[str, typer.Option(help="Comma-separated team; with --sweep teams separated by ';'.")]
    = "Brama,Mist",
    market: Annotated[str, typer.Option(help="Market or setup name; with --sweep a ';' list.")] = "random",
    games: Annotated[int, typer.Option(min=1, max=MAX_GAMES, help="Games per setup.")] = 100,
    agent: Annotated[str, typer.Option(help=f"Agent for every seat ({', '.join(AGENTS)}).")] = "heuristic",
    agent_option: Annotated[list[str] | None, typer.Option(help="Agent option KEY=VALUE (repeatable).")] = None,
    workers: Annotated[int, typer.Option(min=0, max=MAX_WORKERS, help="Local worker processes (0 = all cores).")]
    = 1,
    seed: Annotated[int, seed_option("Base seed; results do not depend on workers.")] = 1,
    difficulty: Annotated[str, typer.Option(help="beginner, normal, expert or extinction.")] = "normal",
    ruleset: Annotated[str, typer.Option(help="Ruleset preset.")] = "we",
    sweep: Annotated[bool, typer.Option("--sweep", help="Every combination of the listed nemeses, teams and "
                                        "markets.")] = False,
    backend: Annotated[str, typer.Option(help="local (processes) or ray.")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address (default: start a local Ray).")]
    = None,
    out: Annotated[Path | None, typer.Option(help="Write games.csv, summary.json and plots here.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    treasure: TreasureOpt = None,
    group_treasure: GroupTreasureOpt = None,
    boxes: Annotated[str | None, typer.Option(callback=_boxes_option, help=(
        "Comma-separated boxes that random mages and a random market are drawn from "
        "(default: every box).")) ] = None,
    basics: Annotated[str | None, typer.Option(callback=_box_option, help=(
        "The box whose basic nemesis cards every game uses (default: the nemesis' own).")) ] = None,
) -> None:
    """Play many seeded games and report win rates with 95 % Wilson intervals."""
    import time

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from .sim.output import summaries, write
    from .sim.run import Setup, check_seeds, default_workers, jobs_for, run_local
    from .sim.stats import summarize

    try:
        if sweep:
            nems = [x.strip() for x in nemesis.replace(";", ",").split(",") if x.strip()]
            if nems == ["all"]:  # every nemesis of every box, by name
                from .content import registry

                nems = sorted(registry.NEMESES)
            teams = [tuple(_split(t)) for t in mages.split(";") if t.strip()]
            mkts = [x.strip() for x in market.split(";") if x.strip()]
        else:
            nems, teams, mkts = [nemesis], [tuple(_split(mages))], [market]
        for flag, given, got in (("--nemesis", nemesis, nems), ("--mages", mages, teams), ("--market", market, mkts)):
            if not got:
                raise GraveholdError(f"{flag}: name at least one, got {given!r}")
        opts = _agent_options(agent_option or [])
        if (treasure or group_treasure) and len({len(t) for t in teams}) > 1:
            raise GraveholdError("--treasure: every team of the sweep needs the same number of players")
        spec = treasure_options(treasure, group_treasure, len(teams[0]))
        kept = json.dumps(spec, sort_keys=True) if spec else ""
        drawn = tuple(_split(boxes)) if boxes else ()
        setups = [Setup(n, t, m, difficulty, ruleset, kept, drawn, basics or "")
                  for n in nems for t in teams for m in mkts]
        for s_ in setups:  # validate names before spending time
            s_.game(0)
        make_agent(agent, 0, **opts)
        if backend not in ("local", "ray"):
            raise GraveholdError(f"--backend must be local or ray, not {backend!r}")
        check_seeds(seed, games)
        if out is not None:
            _out_folder(out)
    except (GraveholdError, TypeError) as e:
        _fail(e)
        return
    jobs = jobs_for(setups, games, seed, agent, opts)
    n_workers = default_workers() if workers <= 0 else workers
    t0 = time.perf_counter()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[rate]} games/s"), TimeElapsedColumn(),
                  console=err, disable=as_json, transient=False) as bar:
        task = bar.add_task("simulating", total=len(jobs), rate="—")

        def tick(k: int) -> None:
            bar.advance(task, k)
            done = bar.tasks[task].completed
            bar.update(task, rate=f"{done / max(1e-9, time.perf_counter() - t0):.1f}")

        if backend == "ray":
            from .sim.ray_backend import run_ray

            rows = run_ray(jobs, address=address, num_cpus=n_workers, progress=tick)
        else:
            rows = run_local(jobs, n_workers, progress=tick)
    elapsed = time.perf_counter() - t0
    summ = summaries(rows)
    meta = {"games_per_setup": games, "agent": agent, "agent_options": opts, "seed": seed,
            "workers": n_workers, "backend": backend, "seconds": round(elapsed, 2),
            "games_per_s": round(len(rows) / elapsed, 2)}
    if out is not None:
        try:
            files = write(out, rows, meta)
        except OSError as e:
            _fail(GraveholdError(f"--out {out}: cannot write {e.filename or out}: {e.strerror}"))
            return
        if not as_json:
            console.print("wrote " + ", ".join(str(f) for f in files))
    if as_json:
        print(json.dumps({"meta": meta, "setups": summ, "overall": summarize(rows)}))
        return
    cols = ["setup", "games", "wins", "win rate (95% CI)", "turns", "Gravehold", "nemesis", "losses"]
    cells = [dict(zip(cols, (
        row["setup"], str(row["games"]), str(row["wins"]),
        f"{row['win_rate']:.1%} ({row['ci_low']:.1%}–{row['ci_high']:.1%})",
        f"{row['mean_turns']:.1f}", f"{row['mean_gravehold_life']:.1f}", f"{row['mean_nemesis_life']:.1f}",
        ", ".join(f"{k} {v}" for k, v in row["losses"].items()) or "—"), strict=True)) for row in summ]
    show(console, f"{len(rows)} games, agent {agent}, {elapsed:.1f} s ({len(rows) / elapsed:.1f} games/s)",
         cells, cols, right=cols[1:7], lines=False)


def _out_folder(out: Path) -> None:
    """Make ``--out`` a folder that can be written, before any game is played: refuse a
    file, or a path through a file, and create the folder if it is missing."""
    if out.exists() and not out.is_dir():
        raise GraveholdError(f"--out {out}: is a file; name a folder (it is created if missing)")
    for parent in out.parents:
        if parent.exists():
            if not parent.is_dir():
                raise GraveholdError(f"--out {out}: {parent} is a file, not a folder")
            break
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise GraveholdError(f"--out {out}: cannot create the folder: {e.strerror}") from None
    if not os.access(out, os.W_OK | os.X_OK):
        raise GraveholdError(f"--out {out}: the folder is not writable")


def _proxies_option(value: list[str] | None) -> list[str]:
    """--trusted-proxy: addresses or networks (the variable: several, split by commas or
    spaces); anything else is a usage error naming it."""
    from .web.limits import proxy_networks

    try:
        return [str(net) for net in proxy_networks(value or [])]
    except ValueError as e:
        raise typer.BadParameter(str(e)) from None


@app.command(cls=_Command)
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, port_option("Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(help="SQLAlchemy database URL (default: the variable "
                                           "GRAVEHOLD_DATABASE_URL, else SQLite in your data folder).")] = None,
    bot_delay: Annotated[float, bot_delay_option("Seconds between two bot actions, so you can follow them.")]
    = 0.6,
    max_body: Annotated[int, typer.Option(min=1, max=MAX_BYTES, help="Bytes in one request body or WebSocket "
                                          "message.")]
    = 64 * 1024,
    sockets_per_game: Annotated[int, typer.Option(min=1, max=MAX_COUNT, help="Sockets open on one game at a "
                                                  "time.")] = 64,
    sockets_per_client: Annotated[int, typer.Option(min=1, max=MAX_COUNT, help="Sockets one client address "
                                                    "holds, over all games.")] = 32,
    games_per_minute: Annotated[int, typer.Option(min=1, max=MAX_COUNT, help="Games one client address may "
                                                  "create a minute.")] = 30,
    live_games: Annotated[int, typer.Option(min=1, max=MAX_COUNT, help="Games kept in memory; idle ones past "
                                            "it are evicted and reload from the database.")] = 200,
    send_queue: Annotated[int, typer.Option(min=1, max=MAX_COUNT, help="State frames waiting for one socket; a "
                                            "socket further behind is dropped (the board reconnects).")] = 32,
    max_record: Annotated[int, typer.Option(min=1, max=MAX_BYTES, help="Bytes in one record file uploaded to "
                                            "the replay viewer.")] = 2 * 1024 * 1024,
    trusted_proxy: Annotated[list[str] | None, typer.Option(
        "--trusted-proxy", metavar="ADDR", envvar="GRAVEHOLD_TRUSTED_PROXY", show_envvar=False,
        callback=_proxies_option,
        help="The address (or network, e.g. 10.0.0.0/8) of a reverse proxy whose X-Forwarded-For and "
             "X-Forwarded-Proto are believed; repeatable (default: the variable GRAVEHOLD_TRUSTED_PROXY, "
             "else none: each client is the address it connects from).")] = None,
) -> None:
    """Serve the browser UI: set up games, play with friends and bots, resume saved games.

    The limits and their defaults: README, "Limits"; behind a reverse proxy with TLS: "Behind a reverse proxy".
    """
    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from . import serving
    from .storage.saves import default_url
    from .web.app import create_app
    from .web.limits import Limits

    limits = Limits(max_body=max_body, sockets_per_game=sockets_per_game, sockets_per_client=sockets_per_client,
                    games_per_minute=games_per_minute, live_games=live_games, send_queue=send_queue,
                    max_record=max_record)
    try:
        url = db or default_url()
        serving.check_database_url(url)
        try:
            web = create_app(url, bot_delay, limits, trusted_proxy or ())
        except (SQLAlchemyError, OSError) as e:
            raise serving.database_error(url, e) from None
        serving.check_port(host, port)
    except GraveholdError as e:
        _fail(e)
        return
    console.print(f"gravehold on {serving.address(host, port)}  (database: {serving.shown_url(url)})",
                  highlight=False, soft_wrap=True)
    # The app reads the proxy headers itself (``web.limits.ClientAddress``), from the named
    # proxies only: uvicorn's own reading would believe any local process by default.
    uvicorn.run(web, host=host, port=port, log_level="warning", ws_max_size=max_body, proxy_headers=False)


def _agent_options(items: list[str]) -> dict[str, Any]:
    """KEY=VALUE pairs; a VALUE that reads as JSON (``400``, ``0.5``, ``true``) is that value."""
    opts: dict[str, Any] = {}
    for item in items:
        k, eq, v = item.partition("=")
        if not eq or not k.strip():
            raise GraveholdError(f"--agent-option needs KEY=VALUE, got {item!r}")
        try:
            opts[k.strip()] = json.loads(v)
        except json.JSONDecodeError:
            opts[k.strip()] = v
    return opts


def _cell(v: Any) -> str:
    return ", ".join(map(str, v)) if isinstance(v, list) else "" if v is None else str(v)


def _table(title: str, rows: list[dict[str, Any]], cols: list[str]) -> None:
    """A catalogue listing: a grid on a wide terminal, one block per entry on a narrow one."""
    right = {"cost", "tier", "life", "power", "charges", "wave", "mages", "supply", "nemeses", "basic_cards"}
    show(console, title, [{c: _cell(r[c]) for c in cols} for r in rows], cols, right=right & set(cols))
    console.print(f"{len(rows)} shown")


BoxOpt = Annotated[str | None, typer.Option("--box", callback=_box_option,
                                             help="Only this box, by id or name (see `gravehold boxes`).")]
SearchOpt = Annotated[str | None, typer.Option("--search", help="Only entries whose name or text holds WORD.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]


@app.command(cls=_Command)
def cards(
    box: BoxOpt = None,
    type_: Annotated[str | None, typer.Option("--type", help="gem, relic or spell.")] = None,
    search: SearchOpt = None,
    starters: Annotated[bool, typer.Option("--starters", help="Include starting cards.")] = False,
    words: WordsOpt = "auto",
    as_json: JsonOpt = False,
) -> None:
    """List player cards with cost, type, box and their rendered text."""
    from . import catalog

    if type_ is not None and type_.casefold() not in ("gem", "relic", "spell"):
        _fail(GraveholdError(f"--type must be gem, relic or spell, not {type_!r}"))
    rows = catalog.cards(box, type_, search, starters, words)
    if as_json:
        print(json.dumps(rows))
        return
    _table("Player cards", [{**r, "type": r["shown_type"]} for r in rows], ["name", "type", "cost", "box", "text"])


@app.command(cls=_Command)
def mages(box: BoxOpt = None, search: SearchOpt = None, words: WordsOpt = "auto", as_json: JsonOpt = False) -> None:
    """List mages with their ability, charges, breaches and starting cards."""
    from . import catalog

    rows = catalog.mages(box, search, words)
    if as_json:
        print(json.dumps(rows))
        return
    _table("Mages", rows, ["id", "title", "box", "charges", "breaches", "text", "hand", "deck"])


@app.command(cls=_Command)
def nemeses(
    box: BoxOpt = None,
    search: SearchOpt = None,
    cards_of: Annotated[str | None, typer.Option(
        "--cards", help="List the cards of this nemesis (or 'basic', or 'upgraded').")] = None,
    card: Annotated[str | None, typer.Option(
        "--card", help="Show one nemesis card by name; --box picks among cards of the same name.")] = None,
    words: WordsOpt = "auto",
    as_json: JsonOpt = False,
) -> None:
    """List nemeses with life, difficulty and their rules; --cards NAME lists a nemesis' cards."""
    from . import catalog

    if card is not None:
        from .content import registry

        try:
            row = catalog.nemesis_card_row(registry.find_nemesis_card(card, box), words)
        except GraveholdError as e:
            _fail(e)
            return
        if as_json:
            print(json.dumps(row))
            return
        _table("Nemesis card", [row], ["name", "type", "tier", "life", "power", "box", "text"])
        return
    if cards_of is not None:
        if cards_of.casefold() not in ("basic", "upgraded"):
            from .content import registry

            try:
                cards_of = registry.nemesis(cards_of).id
            except GraveholdError as e:
                _fail(e)
        crow = catalog.nemesis_cards(box, search, cards_of, words)
        if as_json:
            print(json.dumps(crow))
            return
        _table(f"Nemesis cards: {cards_of}", [{**r, "type": r["shown_type"]} for r in crow],
               ["name", "type", "tier", "life", "power", "box", "text"])
        return
    rows = catalog.nemeses(box, search, words)
    if as_json:
        print(json.dumps(rows))
        return
    _table("Nemeses", rows, ["name", "box", "life", "difficulty", "text"])


@app.command(cls=_Command)
def treasures(
    box: BoxOpt = None,
    tier: Annotated[int | None, typer.Option("--tier", min=1, max=3, help="Only treasures of this tier (1-3).")]
    = None,
    search: SearchOpt = None,
    words: WordsOpt = "auto",
    as_json: JsonOpt = False,
) -> None:
    """List the expedition treasures (tier 1: cards; 2: the group's; 3: a player's) with their text."""
    from . import catalog

    rows = catalog.treasures(box, tier, search, words)
    if as_json:
        print(json.dumps(rows))
        return
    _table("Treasures", rows, ["name", "tier", "kind", "box", "text"])


@app.command("boxes", cls=_Command)
def boxes_cmd(as_json: JsonOpt = False) -> None:
    """List the boxes gravehold has loaded, as each declares itself, with what it holds."""
    from . import catalog

    rows = catalog.boxes()
    if as_json:
        print(json.dumps(rows))
        return
    _table("Boxes", rows, ["id", "name", "wave", "preset", "mages", "supply", "nemeses", "basic_cards"])


@app.command(cls=_Command)
def markets(as_json: JsonOpt = False) -> None:
    """List the suggested markets and the market setups usable with --market."""
    from . import catalog

    rows = catalog.markets()
    if as_json:
        print(json.dumps(rows))
        return
    _table("Markets", rows, ["name", "kind", "box", "piles"])


from .cli_expedition import expedition_app  # noqa: E402  (its commands use this module's helpers)

app.add_typer(expedition_app, name="expedition")


def main() -> None:  # pragma: no cover
    app()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(app())
