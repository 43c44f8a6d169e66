"""The steps of an expedition from the command line: ``new``, ``list``, ``show``, ``battle``,
``support`` and ``concede``.

Each is one step of an expedition (X-3 … X-19) applied through the store
(``campaigns.store``), so the CLI, the web server and a bot sweep share one database
and one set of rules. Bad input prints ``error: …`` naming what is wrong and exits 2.
"""

from __future__ import annotations

from typing import Annotated

import msgspec
import typer

from ...campaigns.expedition.state import Expedition
from ...engine.rng import fresh_seed
from ...engine.shapes import Doc
from ...errors import GraveholdError
from ..campaigns_common import begun_doc
from ..common import boxes_option, console, refusals, seed_option, split
from ..render import show as show_table
from .choices import build_choices
from .common import (
    DIFFICULTIES,
    LENGTHS,
    BotsOpt,
    DbOpt,
    IdArg,
    JsonOpt,
    choice_option,
    get,
    heading,
    open_store,
    print_json,
    say,
)
from .render import begun_lines, event_doc, event_text, next_lines, show_text, summary_lines


def new(
    players: Annotated[int, typer.Option(min=1, max=4, help="Players, 1 to 4.", show_default=False)],
    length: Annotated[str, typer.Option(callback=choice_option(LENGTHS, "--length"),
                                        help="short (battles 2-4, X-16), standard (4) or long (8, X-17).")]
    = "standard",
    endless: Annotated[bool, typer.Option("--endless", help="Supply piles not chosen go back to the Barracks "
                                          "instead of being banished (X-18).")] = False,
    no_score: Annotated[bool, typer.Option("--no-score", help="Keep no score (X-9).")] = False,
    boxes: Annotated[str | None, typer.Option(callback=boxes_option, help=(
        "Comma-separated boxes the Barracks and the nemeses are drawn from, e.g. AE,WE,NA (default: all)."))]
    = None,
    seed: Annotated[int | None, seed_option("Seed of the expedition's draws (default: a random one, "
                                                 "printed).")] = None,
    story: Annotated[str | None, typer.Option(help="A scripted expedition, e.g. new_age (XS).")] = None,
    title: Annotated[str, typer.Option(help="A title (default: after the length or the story).")] = "",
    ruleset: Annotated[str | None, typer.Option(help=(
        "Ruleset preset of its battles: we, ae, log, na, oc (default: a story's box's, else na)."))] = None,
    difficulty: Annotated[str, typer.Option(callback=choice_option(DIFFICULTIES, "--difficulty"),
                                            help="beginner, normal, expert or extinction.")] = "normal",
    max_tries: Annotated[int | None, typer.Option(min=1, max=1000, help=(
        "Tries a battle gets before the expedition is abandoned (default: no limit)."))] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Set out on a new expedition (X-3; a story: XS-2) and print its id."""
    from ...campaigns.expedition import steps

    if seed is None:
        seed = fresh_seed()
    with refusals():
        if len(title) > 200:
            raise GraveholdError(f"--title: at most 200 characters, got {len(title)}")
        exp = steps.new(players, length=length, endless=endless, score=not no_score,
                        boxes=split(boxes) if boxes else (), seed=seed, story=story, ruleset=ruleset,
                        difficulty=difficulty, title=title, max_tries=max_tries)
        stored = open_store(db).create(exp)
    eid = stored.row.id
    if as_json:
        print_json({"id": eid, "seed": seed, "title": exp.title, "phase": exp.phase, "battle": exp.battle,
                     "options": msgspec.to_builtins(exp.options), "barracks": msgspec.to_builtins(exp.barracks)})
        return
    bar = exp.barracks
    heading(f"Expedition {eid}: {exp.title}")
    for line in summary_lines(exp):
        say(line)
    say(f"  Barracks: {len(bar.mages)} mages ({', '.join(bar.mages)}), {len(bar.supply)} supply piles, "
         f"{len(bar.treasures)} treasures")
    for line in next_lines(eid, exp):
        say(line)


def list_(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """List the stored expeditions, the most recently changed first."""
    with refusals():
        xs = open_store(db)
        rows = xs.list()
    out: list[Doc] = []
    for row in rows:
        try:
            exp: Expedition | None = msgspec.json.decode(row.state, type=Expedition)
        except msgspec.MsgspecError:
            exp = None  # a damaged row is listed, not fatal: `show` names what is wrong with it
        out.append({"id": row.id, "title": row.title, "phase": row.phase,
                    "updated": row.updated_at.isoformat(timespec="seconds"),
                    **({"players": exp.options.players, "length": exp.options.story or exp.options.length,
                        "battle": exp.battle, "attempt": exp.attempt, "score": exp.score,
                        "abandoned": exp.abandoned} if exp is not None else {})})
    if as_json:
        print_json(out)
        return
    if not out:
        say("No expeditions yet; set out with `gravehold expedition new --players 2`.")
        return
    cols = ["id", "title", "players", "length", "battle", "phase", "score", "updated (UTC)"]
    cells = [{c: "?" if c not in r else str(r[c]) for c in cols} for r in out]
    for r, c in zip(out, cells, strict=True):
        c["updated (UTC)"] = r["updated"].replace("T", " ")[:16]
        if "attempt" in r:
            c["battle"] = f"{r['battle']} (try {r['attempt']})" if r["attempt"] > 1 else str(r["battle"])
        if r.get("abandoned"):
            c["phase"] = "abandoned"
    show_table(console(), "Expeditions", cells, cols, right={"players", "score"}, lines=False)


def show(eid: IdArg, full: Annotated[bool, typer.Option("--full", help=(
        "List every try of every battle (default: the last few one by one, older runs of lost tries folded "
        "into one row each)."))] = False,
         db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Show an expedition: its Barracks, its battles, its score and what comes next."""
    with refusals():
        exp = get(open_store(db), eid)
    if as_json:
        print(msgspec.json.encode(exp).decode())
        return
    show_text(eid, exp, full)


def battle(
    eid: IdArg,
    mage: Annotated[list[str] | None, typer.Option("--mage", help="A seat's mage, SEAT:NAME (seats from 1); "
                                                   "repeatable.")] = None,
    mages: Annotated[str | None, typer.Option(help="Comma-separated mages of the Barracks, seat 1 first.")] = None,
    treasure: Annotated[list[str] | None, typer.Option("--treasure", help=(
        "A seat's treasure, SEAT:NAME (tier 1 or 3; a tier 1 may add :POSITION, 1-5, the starting-deck card "
        "it replaces); repeatable."))] = None,
    group: Annotated[str | None, typer.Option(help="The group's tier-2 treasure, NAME or NAME:PILE (the supply "
                                              "pile it lies beside).")] = None,
    supply: Annotated[str | None, typer.Option(help="The nine supply piles, comma-separated: 3 gems, 2 relics, "
                                               "4 spells of the Barracks.")] = None,
    auto: Annotated[bool, typer.Option("--auto", help="Every choice not given is the bot policy's.")] = False,
    bots: BotsOpt = "heuristic",
    humans: Annotated[str | None, typer.Option(help="Comma-separated seats (from 1) played by people; the "
                                               "others are bots (default: every seat a bot).")] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Begin the next battle with the group's choices (X-4): mages, supply, treasures."""
    with refusals():
        xs = open_store(db)
        exp = get(xs, eid)
        ch = build_choices(exp, mage_items=mage, mages=mages, treasures=treasure, group=group, supply=supply,
                           auto=auto, bots=bots, humans=humans)
        stored, gid, seats = xs.begin(eid, ch)
    if as_json:
        print_json(begun_doc(eid, stored.exp, gid, seats))
        return
    for line in begun_lines(eid, stored.exp, gid, seats, len(exp.events)):
        say(line)


# ------------------------------------------------------------------ support
def support(
    eid: IdArg,
    choice: Annotated[str | None, typer.Argument(help="gem, relic or spell (a supply pile of that type), "
                                                 "treasure1/2/3 (a treasure of a tier already drawn from) "
                                                 "or mage.", show_default=False)] = None,
    auto: Annotated[bool, typer.Option("--auto", help="The bot policy's support.")] = False,
    none: Annotated[bool, typer.Option("--none", help="Take no support.")] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """After a lost battle, take one support into the Barracks (X-8), then choose again."""
    from ...campaigns.expedition import policy

    with refusals():
        if sum((choice is not None, auto, none)) != 1:
            raise GraveholdError("support: give one of CHOICE, --auto or --none")
        xs = open_store(db)
        exp = get(xs, eid)
        taken = policy.support_for(exp) if auto else None if none else (choice or "").strip().casefold()
        after = xs.support(eid, taken).exp
    gained = after.events[len(exp.events):]
    if as_json:
        print_json({"id": eid, "battle": exp.battle, "choice": taken, "events": [event_doc(e) for e in gained],
                     "phase": after.phase, "attempt": after.attempt})
        return
    say(f"Support after battle {exp.battle}: {taken or 'none'}")
    for ev in gained:
        say("  " + event_text(ev))
    for line in next_lines(eid, after):
        say(line)


def concede(eid: IdArg, db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Give the running battle up: it is lost (reason: conceded), and a support follows (X-8).
    For a battle that cannot end, or one the group would rather fight again."""
    with refusals():
        xs = open_store(db)
        exp = get(xs, eid)
        after = xs.concede(eid).exp
    rec = after.history[-1]
    if as_json:
        print_json({"id": eid, "battle": rec.battle, "attempt": rec.attempt, "result": rec.result,
                     "reason": rec.reason, "phase": after.phase, "attempt_next": after.attempt,
                     "events": [event_doc(e) for e in after.events[len(exp.events):]]})
        return
    say(f"Battle {rec.battle}, try {rec.attempt}, given up: lost (conceded).")
    for line in next_lines(eid, after):
        say(line)


