"""Rich output shared by the commands: tables that stay readable at any width, and the
progress bar of a long run.

A grid of eight columns squeezed into 80 columns folds every cell into a tall strip of
word pieces ("Adelhei / m"). So a table is drawn as a grid only when every column can
keep its longest word whole and a column of prose keeps room to be read; otherwise each
row becomes a short block: its first cell as a heading, then one ``field  value`` line
per other cell, wrapped between words. Either way no line is wider than the console.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager

from rich.cells import cell_len
from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

#: The fewest columns a wrapped cell keeps in a grid; narrower, prose is hard to read.
WRAP_MIN = 20


def _natural(s: str) -> int:
    """The width a cell takes on one line per line of its text."""
    return max((cell_len(line) for line in s.splitlines()), default=0)


def _longest_word(s: str) -> int:
    return max((cell_len(w) for w in s.split()), default=0)


def column_needs(rows: Sequence[Mapping[str, str]], cols: Sequence[str]) -> list[int]:
    """Per column, the width it needs in a grid: all of it when short, else room for its
    longest word and at least ``WRAP_MIN`` columns of wrapped text."""
    needs = []
    for c in cols:
        cells = [c, *(r[c] for r in rows)]
        natural = max(_natural(s) for s in cells)
        word = max(_longest_word(s) for s in cells)
        needs.append(min(natural, max(word, WRAP_MIN)))
    return needs


def fits_as_grid(rows: Sequence[Mapping[str, str]], cols: Sequence[str], width: int) -> bool:
    """Whether a bordered grid of these cells fits ``width`` without breaking a word."""
    return sum(column_needs(rows, cols)) + 3 * len(cols) + 1 <= width


def show(console: Console, title: str, rows: Sequence[Mapping[str, str]], cols: Sequence[str],
         right: Collection[str] = (), lines: bool = True) -> None:
    """Print ``rows`` (cells already text) as a grid if it fits the console, else as blocks.

    ``right`` names the columns aligned right in a grid (numbers); ``lines`` draws a rule
    between the rows of a grid.
    """
    if fits_as_grid(rows, cols, console.width):
        t = Table(title=title, show_lines=lines)
        for c, need in zip(cols, column_needs(rows, cols), strict=True):
            t.add_column(c, justify="right" if c in right else "left", min_width=need, overflow="fold")
        for r in rows:
            t.add_row(*(Text(r[c]) for c in cols))
        console.print(t)
        return
    console.print(Text(title, style="bold"))
    label = max((cell_len(c) for c in cols[1:]), default=0)
    for r in rows:
        console.print()
        console.print(Text(r[cols[0]] or "—", style="bold"), overflow="fold")
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="dim", no_wrap=True, min_width=label)
        grid.add_column(overflow="fold")
        for c in cols[1:]:
            if r[c]:
                grid.add_row(c, Text(r[c]))
        console.print(Padding(grid, (0, 0, 0, 2), expand=False))


@contextmanager
def progress_bar(console: Console, label: str, total: int, hidden: bool,
                 rate: str = "") -> Iterator[Callable[[int], None]]:
    """A progress bar on ``console`` (hidden, e.g. under ``--json``, when ``hidden``); yields
    the function that advances it by ``k`` done. With ``rate`` (``"games"``), a column shows
    how many are done a second."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = [TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn()]
    if rate:
        columns.append(TextColumn("{task.fields[rate]} " + rate + "/s"))
    t0 = time.perf_counter()
    with Progress(*columns, TimeElapsedColumn(), console=console, disable=hidden, transient=False) as bar:
        task = bar.add_task(label, total=total, rate="—")

        def tick(k: int) -> None:
            bar.advance(task, k)
            if rate:
                done = bar.tasks[task].completed
                bar.update(task, rate=f"{done / max(1e-9, time.perf_counter() - t0):.1f}")

        yield tick
