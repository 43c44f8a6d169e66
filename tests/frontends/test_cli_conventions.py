"""The command line's conventions: --version, completion, flags shown as flags, 80 columns."""

from __future__ import annotations

import json
import re
import shlex
import tomllib
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import gravehold
from gravehold.cli import app
from gravehold.cli.render import WRAP_MIN, fits_as_grid

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = ["play", "replay", "fuzz", "bench", "simulate", "serve", "cards", "mages", "nemeses", "boxes", "markets"]
runner = CliRunner()


def run80(*args: str) -> Any:
    """The command as a terminal of 80 columns shows it (COLUMNS is read per command)."""
    return runner.invoke(app, list(args), env={"COLUMNS": "80"})


def test_version_prints_the_package_version_which_is_the_projects() -> None:
    r = runner.invoke(app, ["--version"])
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert r.exit_code == 0 and r.stdout == f"gravehold {version}\n"
    assert gravehold.__version__ == version


def test_shell_completion_is_offered_and_completes_command_names() -> None:
    r = run80("--help")
    assert r.exit_code == 0 and "--install-completion" in r.output and "--show-completion" in r.output
    done = runner.invoke(app, [], prog_name="gravehold",
                         env={"_GRAVEHOLD_COMPLETE": "complete_bash", "COMP_WORDS": "gravehold sim", "COMP_CWORD": "1"})
    assert done.exit_code == 0 and done.stdout.split() == ["simulate"]


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_shows_flags_without_a_value_type_and_fits_80_columns(command: str | None) -> None:
    r = run80(*([command] if command else []), "--help")
    assert r.exit_code == 0, r.output
    assert "<bool>" not in r.output
    assert "--help " in r.output
    assert max(len(line) for line in r.output.splitlines()) <= 80
    assert "…" not in r.output  # nothing cut short: an option name or a word of help


def test_flags_are_listed_as_flags() -> None:
    play = run80("play", "--help").output
    assert re.search(r"--json\s{2,}Print only", play) and re.search(r"--quiet\s{2,}Do not", play)
    assert "--no-quiet" not in play and "--no-json" not in play
    assert "--no-sweep" not in run80("simulate", "--help").output


def _words(rows: list[dict[str, Any]], cols: list[str]) -> set[str]:
    out: set[str] = set()
    for r in rows:
        for c in cols:
            v = r[c]
            for item in v if isinstance(v, list) else [v]:
                out |= set(str(item).split()) if item is not None else set()
    return out


def _readable(output: str, words: set[str]) -> None:
    """No line wider than 80, and every word of every cell printed whole on one line."""
    assert max(len(line) for line in output.splitlines()) <= 80
    printed = set(re.split(r"[\s│┃]+", output))
    printed |= {w.rstrip(",") for w in printed}
    cut = sorted(w for w in words if w not in printed and w.rstrip(",") not in printed)
    assert cut == []


@pytest.mark.parametrize(("args", "cols"), [
    (["mages"], ["id", "title", "box", "charges", "breaches", "text", "hand", "deck"]),
    (["cards"], ["name", "type", "cost", "box", "text"]),
    (["nemeses"], ["name", "box", "life", "difficulty", "text"]),
    (["nemeses", "--cards", "Rageborne"], ["name", "type", "tier", "life", "power", "box", "text"]),
    (["boxes"], ["id", "name", "wave", "preset", "mages", "supply", "nemeses", "basic_cards"]),
    (["markets"], ["name", "kind", "box", "piles"]),
])
def test_catalogue_listings_are_readable_at_80_columns(args: list[str], cols: list[str]) -> None:
    rows = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    r = run80(*args)
    assert r.exit_code == 0, r.output
    _readable(r.output, _words(rows, cols))
    assert r.output.rstrip().endswith(f"{len(rows)} shown")


def test_mages_at_80_columns_are_blocks_and_a_grid_on_a_wide_terminal() -> None:
    narrow = run80("mages", "--box", "AE").output
    assert "┃" not in narrow and "\nBrama\n" in narrow
    assert re.search(r"\n  charges +5 *\n", narrow)  # one field a line, under the mage's name
    wide = runner.invoke(app, ["mages", "--box", "AE"], env={"COLUMNS": "240"}).output
    assert "┃ id" in wide and max(len(line) for line in wide.splitlines()) <= 240


def test_simulate_results_are_readable_at_80_columns() -> None:
    r = run80("simulate", "--sweep", "--mages", "Brama,Mist;Jian,Kadir", "--market", "Deck Destruction",
              "--games", "3", "--agent", "random")
    assert r.exit_code == 0, r.output
    summ = json.loads(runner.invoke(app, ["simulate", "--sweep", "--mages", "Brama,Mist;Jian,Kadir", "--market",
                                          "Deck Destruction", "--games", "3", "--agent", "random",
                                          "--json"]).stdout)["setups"]
    out = r.stdout
    words = {w for s in summ for w in s["setup"].split()} | {"win", "rate", "(95%", "CI)"}
    _readable(out, words)
    for s in summ:
        assert f"\n{s['setup']}\n" in out
        assert re.search(rf"\n  win rate \(95% CI\) +{s['win_rate']:.1%} \({s['ci_low']:.1%}–", out)


def test_a_grid_is_used_only_when_every_column_keeps_its_longest_word_and_room_to_wrap() -> None:
    cols = ["name", "text"]
    rows = [{"name": "Spark", "text": "word " * 30}]
    # name needs 5, text needs WRAP_MIN (its words are short but it is long), borders 3 * 2 + 1
    assert fits_as_grid(rows, cols, 5 + WRAP_MIN + 7) and not fits_as_grid(rows, cols, 5 + WRAP_MIN + 6)
    long_word = [{"name": "Spark", "text": "x" * 30}]
    assert not fits_as_grid(long_word, cols, 5 + WRAP_MIN + 7) and fits_as_grid(long_word, cols, 5 + 30 + 7)


def test_make_play_is_a_whole_game_between_heuristic_bots() -> None:
    recipe = re.search(r"^play:.*\n\t\$\(BIN\)/gravehold (.+)$", (ROOT / "Makefile").read_text(), re.MULTILINE)
    assert recipe is not None
    args = shlex.split(recipe.group(1))
    assert args[0] == "play" and args[args.index("--bots") + 1] == "heuristic"
    r = runner.invoke(app, [*args, "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["result"] in ("win", "loss") and out["turns"] > 10


def every_command_path() -> list[list[str]]:
    """Every command and subcommand, as the words typed after ``gravehold``."""
    import typer.main

    def walk(cmd: Any, path: list[str]) -> list[list[str]]:
        subs = getattr(cmd, "commands", {})
        return [path] + [p for name, sub in sorted(subs.items()) for p in walk(sub, [*path, name])]

    return walk(typer.main.get_command(app), [])


def greedy_breaks(lines: list[str], width: int) -> list[tuple[str, str]]:
    """Pairs of lines of one paragraph where the next line's first word would have fitted
    on the line before: a break the text carried in, not one the wrapping made."""
    return [(a, b) for a, b in zip(lines, lines[1:], strict=False)
            if a.strip() and b.strip() and len(a.rstrip()) + 1 + len(b.split()[0]) <= width - 2]


@pytest.mark.parametrize("path", every_command_path(), ids=lambda p: " ".join(p) or "gravehold")
def test_help_at_80_columns_keeps_paragraphs_whole_and_each_range_on_one_line(path: list[str]) -> None:
    """A docstring's own line breaks do not show (each paragraph is wrapped to the width),
    and a number range such as a seed's is never split across two lines."""
    r = run80(*path, "--help")
    assert r.exit_code == 0, r.output
    head = r.output.split("╭")[0].splitlines()[3:]  # the description, under the usage line
    paragraphs = "\n".join(head).split("\n \n")
    assert [pair for p in paragraphs for pair in greedy_breaks(p.splitlines(), 80)] == []
    ranges = re.findall(r"\[[^\]\s]*[–≤≥][^\]\s]*\]", r.output)
    number = r"[\d,.⁰¹²³⁴⁵⁶⁷⁸⁹−]+"
    assert "<=x<=" not in r.output and all(re.fullmatch(rf"\[{number}–{number}\]|\[[≤≥]{number}\]", x)
                                           for x in ranges), ranges
    for line in r.output.splitlines():  # no range opened on one line and closed on the next
        assert not re.search(r"\[\d[\d,.]*–?$", line.split("│")[-2] if "│" in line else line), line
