"""The commands that play many games: ``gravehold simulate`` (win rates of seeded bot
games), ``fuzz`` (every invariant after every action) and ``bench`` (the engine's speed).

Every option is checked, and every name looked up, before the first game is played.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..agents import AGENTS, make_agent
from ..engine.shapes import Doc, Row
from ..errors import GraveholdError
from .common import (
    CITY_HELP,
    MAX_FUZZ_SECONDS,
    MAX_GAMES,
    MAX_WORKERS,
    GroupTreasureOpt,
    TreasureOpt,
    agent_options,
    box_option,
    boxes_option,
    city_option,
    console,
    err_console,
    fail,
    out_folder,
    seed_option,
    split,
    treasure_options,
)
from .render import progress_bar, show

if TYPE_CHECKING:
    from ..sim.run import Job, Setup


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
    boxes: Annotated[str | None, typer.Option(help="Comma-separated boxes whose nemeses, mages and random "
                                              "markets the games use (default: every box).")] = None,
) -> None:
    """Play seeded games over every setup and check every invariant after every action.

    Prints one reproducer (game number, seed, setup, step) per violation; exit 1 if any.
    """
    from ..testing.fuzz import run as run_fuzz

    try:
        rep = run_fuzz(games, seconds, seed, workers, backend=backend, address=address,
                       boxes=tuple(split(boxes)) if boxes else ())
    except GraveholdError as e:
        fail(e)
    if as_json:
        print(json.dumps(rep.to_dict()))
    else:
        for v in rep.violations:
            err_console().print(v.line(), highlight=False, markup=False)
        console().print(f"{rep.games} games in {rep.seconds:.1f} s: {len(rep.violations)} violations")
    if rep.violations:
        raise typer.Exit(1)


def bench(
    games: Annotated[int, typer.Option(min=1, max=MAX_GAMES, help="Number of seeded random-agent games to "
                                       "play.")] = 200,
    heuristic: Annotated[bool, typer.Option("--heuristic/--no-heuristic",
                                            help="Measure heuristic games/s (as simulate plays).")] = True,
    heuristic_games: Annotated[int | None, typer.Option(min=1, max=MAX_GAMES, help="Seeded heuristic games to "
                                                        "play (default: --games).")]
    = None,
    planner: Annotated[bool, typer.Option("--planner/--no-planner",
                                          help="Measure planner games/s and its cost over the heuristic's.")] = True,
    planner_games: Annotated[int | None, typer.Option(min=1, max=MAX_GAMES, help="Seeded planner games to play "
                                                      "(default: a tenth of --games, at least 2).")] = None,
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

    Random agents on fixed seeds, heuristic games/s, planner games/s and its cost over the
    heuristic's, ISMCTS iterations/s on fixed mid-game
    states, and the speed-up of 2 simulate workers over 1.
    """
    from ..bench import run_bench

    res = run_bench(games, ismcts=ismcts, ismcts_states=ismcts_states, scaling=scaling,
                    scaling_games=scaling_games, repeat=repeat, rl=rl, heuristic=heuristic,
                    heuristic_games=heuristic_games, planner=planner,
                    planner_games=planner_games if planner_games is not None else max(2, games // 10))
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
    console().print(t)


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
    boxes: Annotated[str | None, typer.Option(callback=boxes_option, help=(
        "Comma-separated boxes that random mages and a random market are drawn from "
        "(default: every box).")) ] = None,
    basics: Annotated[str | None, typer.Option(callback=box_option, help=(
        "The box whose basic nemesis cards every game uses (default: the nemesis' own).")) ] = None,
    city: Annotated[str | None, typer.Option(callback=city_option, help=CITY_HELP)] = None,
) -> None:
    """Play many seeded games and report win rates with 95 % Wilson intervals."""
    from ..sim.run import jobs_for

    try:
        nems, teams, mkts = _sweep_lists(nemesis, mages, market, sweep)
        opts = agent_options(agent_option or [])
        setups = _setups(nems, teams, mkts, difficulty, ruleset, treasure, group_treasure, boxes, basics, city)
        _check_run(setups, agent, opts, backend, seed, games, out)
    except (GraveholdError, TypeError) as e:
        fail(e)
    jobs = jobs_for(setups, games, seed, agent, opts)
    rows, n_workers, elapsed = _run(jobs, workers, backend, address, as_json)
    meta = {"games_per_setup": games, "agent": agent, "agent_options": opts, "seed": seed,
            "workers": n_workers, "backend": backend, "seconds": round(elapsed, 2),
            "games_per_s": round(len(rows) / elapsed, 2)}
    _report(rows, meta, elapsed, out, as_json)


def _sweep_lists(nemesis: str, mages: str, market: str, sweep: bool) -> tuple[list[str], list[tuple[str, ...]],
                                                                             list[str]]:
    """The nemeses, teams and markets a run plays: one of each, or with ``--sweep`` the lists."""
    if sweep:
        nems = [x.strip() for x in nemesis.replace(";", ",").split(",") if x.strip()]
        if nems == ["all"]:  # every nemesis of every box, by name
            from ..content import registry

            nems = sorted(registry.NEMESES)
        teams = [tuple(split(t)) for t in mages.split(";") if t.strip()]
        mkts = [x.strip() for x in market.split(";") if x.strip()]
    else:
        nems, teams, mkts = [nemesis], [tuple(split(mages))], [market]
    for flag, given, got in (("--nemesis", nemesis, nems), ("--mages", mages, teams), ("--market", market, mkts)):
        if not got:
            raise GraveholdError(f"{flag}: name at least one, got {given!r}")
    return nems, teams, mkts


def _setups(nems: list[str], teams: list[tuple[str, ...]], mkts: list[str], difficulty: str, ruleset: str,
            treasure: list[str] | None, group_treasure: str | None, boxes: str | None,
            basics: str | None, city: str | None = None) -> list[Setup]:
    """Every setup of the run, each checked by making its first game."""
    from ..sim.run import Setup

    if (treasure or group_treasure) and len({len(t) for t in teams}) > 1:
        raise GraveholdError("--treasure: every team of the sweep needs the same number of players")
    spec = treasure_options(treasure, group_treasure, len(teams[0]))
    kept = json.dumps(spec, sort_keys=True) if spec else ""
    drawn = tuple(split(boxes)) if boxes else ()
    setups = [Setup(n, t, m, difficulty, ruleset, kept, drawn, basics or "", city or "")
              for n in nems for t in teams for m in mkts]
    for s_ in setups:  # validate names before spending time
        s_.game(0)
    return setups


def _check_run(setups: list[Setup], agent: str, opts: Doc, backend: str, seed: int, games: int,
               out: Path | None) -> None:
    """The agent, the backend, the seeds and the output folder, before any game."""
    from ..sim.run import check_seeds

    make_agent(agent, 0, **opts)
    if backend not in ("local", "ray"):
        raise GraveholdError(f"--backend must be local or ray, not {backend!r}")
    check_seeds(seed, games)
    if out is not None:
        out_folder(out)


def _run(jobs: list[Job], workers: int, backend: str, address: str | None,
         as_json: bool) -> tuple[list[Row], int, float]:
    """Play the jobs under a progress bar; the rows, the workers used and the seconds taken."""
    from ..sim.run import default_workers, run_local

    n_workers = default_workers() if workers <= 0 else workers
    t0 = time.perf_counter()
    with progress_bar(err_console(), "simulating", len(jobs), as_json, rate="games") as tick:
        if backend == "ray":
            from ..sim.ray_backend import run_ray

            rows = run_ray(jobs, address=address, num_cpus=n_workers, progress=tick)
        else:
            rows = run_local(jobs, n_workers, progress=tick)
    return rows, n_workers, time.perf_counter() - t0


def _report(rows: list[Row], meta: Doc, elapsed: float, out: Path | None, as_json: bool) -> None:
    """Write the files (``--out``), then print the summary as JSON or as a table."""
    from ..sim.output import summaries, write
    from ..sim.stats import summarize

    summ = summaries(rows)
    if out is not None:
        try:
            files = write(out, rows, meta)
        except OSError as e:
            fail(GraveholdError(f"--out {out}: cannot write {e.filename or out}: {e.strerror}"))
        if not as_json:
            console().print("wrote " + ", ".join(str(f) for f in files))
    if as_json:
        print(json.dumps({"meta": meta, "setups": summ, "overall": summarize(rows)}))
        return
    cols = ["setup", "games", "wins", "win rate (95% CI)", "turns", "Gravehold", "nemesis", "losses"]
    cells = [dict(zip(cols, (
        row["setup"], str(row["games"]), str(row["wins"]),
        f"{row['win_rate']:.1%} ({row['ci_low']:.1%}–{row['ci_high']:.1%})",
        f"{row['mean_turns']:.1f}", f"{row['mean_gravehold_life']:.1f}", f"{row['mean_nemesis_life']:.1f}",
        ", ".join(f"{k} {v}" for k, v in row["losses"].items()) or "—"), strict=True)) for row in summ]
    n = len(rows)
    show(console(), f"{n} games, agent {meta['agent']}, {elapsed:.1f} s ({n / elapsed:.1f} games/s)",
         cells, cols, right=cols[1:7], lines=False)
