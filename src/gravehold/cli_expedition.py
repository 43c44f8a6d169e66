"""``gravehold expedition …``: expeditions from the command line (Typer + Rich).

Each subcommand is one step of an expedition (X-3 … X-19) applied through the store
(``campaigns.store``), so the CLI, the web server and a bot sweep share one database
and one set of rules. Bad input prints ``error: …`` naming what is wrong and exits 2.

A battle played here is a stored game like any other: every action is committed before the
next is chosen (as the web hub does), so a crash or a Ctrl+C loses nothing, and
``expedition play`` picks the battle up where it stopped.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import msgspec
import typer
from rich.text import Text
from typer.core import TyperGroup

from .errors import GraveholdError


class _Group(TyperGroup):
    """The ``expedition`` group: its --help shown as a flag, as the main group's is."""

    def get_params(self, ctx: Any) -> list[Any]:
        from .cli import _typed_params

        return _typed_params(super().get_params(ctx))


expedition_app = typer.Typer(cls=_Group, no_args_is_help=True,
                             help="Expeditions: a run of battles with a Barracks, treasures and a score (X-1 to X-19).")

# After the sub-app exists: ``cli`` imports this module at its end, and this one reads
# ``cli``'s helpers (its consoles are made anew per command, so they are read when used).
from . import cli as _cli  # noqa: E402
from .agents import AGENTS, Agent  # noqa: E402
from .campaigns import battle as driver  # noqa: E402
from .campaigns.expedition import EXPEDITION  # noqa: E402
from .campaigns.expedition.state import Choices, Event, Expedition, SeatChoice  # noqa: E402
from .campaigns.expedition.store import ExpeditionStore  # noqa: E402
from .engine.game import Game  # noqa: E402
from .engine.rng import fresh_seed  # noqa: E402
from .storage.saves import NotFound, Store  # noqa: E402
from .terminal.session import Session  # noqa: E402
from .undo import HUMAN, reveals  # noqa: E402

LENGTHS = ("short", "standard", "long")
DIFFICULTIES = ("beginner", "normal", "expert", "extinction")

DbOpt = Annotated[str | None, typer.Option("--db", help="The database URL (default: the variable "
                                           "GRAVEHOLD_DATABASE_URL, else SQLite in your data folder).")]
IdArg = Annotated[str, typer.Argument(help="The expedition's id (see `gravehold expedition list`).",
                                      show_default=False)]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
BotsOpt = Annotated[str, typer.Option("--bots", help=f"The agent of the bot seats ({', '.join(AGENTS)}).")]


# ------------------------------------------------------------------ shared
def _open(db: str | None) -> ExpeditionStore:
    """The store at ``--db``; a URL that cannot be read or opened is one error line."""
    from sqlalchemy.exc import SQLAlchemyError

    from . import serving
    from .storage.saves import default_url

    url = db or default_url()
    serving.check_database_url(url)
    try:
        return ExpeditionStore(Store(url))
    except (SQLAlchemyError, OSError) as e:
        raise serving.database_error(url, e) from None


@contextmanager
def _refusals() -> Iterator[None]:
    """A refusal (a rule, a name, a file, the database) as one ``error:`` line, exit 2."""
    from sqlalchemy.exc import SQLAlchemyError

    try:
        yield
    except GraveholdError as e:
        _cli._fail(e)
    except SQLAlchemyError as e:
        reason = str(getattr(e, "orig", None) or e).strip().splitlines()
        _cli._fail(GraveholdError(f"the database failed: {reason[0] if reason else type(e).__name__}"))


def _get(xs: ExpeditionStore, eid: str) -> Expedition:
    try:
        return xs.get(eid).exp
    except NotFound:
        raise NotFound(f"no expedition {eid!r}; list them with `gravehold expedition list`") from None


def _say(line: str | Text = "") -> None:
    """One line of output; names are printed as typed, never read as markup."""
    _cli.console.print(line, highlight=False, markup=False)


def _heading(line: str) -> None:
    _cli.console.print(Text(line, style="bold"), highlight=False)


def _print_json(data: Any) -> None:
    print(json.dumps(data))


def _choice_option(choices: tuple[str, ...], flag: str) -> Any:
    def check(value: str) -> str:
        folded = value.strip().casefold()
        if folded not in choices:
            raise typer.BadParameter(f"{flag} must be {', '.join(choices[:-1])} or {choices[-1]}, not {value!r}")
        return folded
    return check


def _seat_number(text: str, players: int, flag: str, item: str) -> int:
    """A seat as people count them, 1 to the number of players; 0-based inside."""
    if not text.strip().isdigit() or not 1 <= int(text) <= players:
        raise GraveholdError(f"{flag} {item!r}: seats are numbered 1 to {players}")
    return int(text) - 1


def _mage(name: str) -> str:
    """A mage as the Barracks holds it, by catalogue id (two mages share the name Mist);
    an unknown one as typed, for the rules' check to name."""
    from .content import registry as content

    try:
        return content.mage(name.strip()).id
    except GraveholdError:
        return name.strip()


def _known(lookup: Any, name: str) -> str:
    """A catalogue name as the catalogue spells it; an unknown one as typed, so the rules'
    check names it along with what the Barracks does hold."""
    try:
        return str(lookup(name.strip()).name)
    except GraveholdError:
        return name.strip()


# ------------------------------------------------------------------ what is printed
def _mages_of(ch: Choices) -> str:
    return ", ".join(s.mage for s in ch.seats)


def _event_text(ev: Event) -> str:
    """A change to the Barracks in a line: what came in or went out, by rule."""
    parts = []
    for label, names in (("mages", ev.mages), ("supply", ev.supply), ("treasures", ev.treasures),
                         ("upgraded basic cards", ev.upgraded)):
        if names:
            parts.append(f"{label} {', '.join(names)}")
    what = "; ".join(parts) or "nothing"
    return {"start": "set out with", "reward": "rewards (X-7):", "support": "support (X-8):",
            "banish": "banished (X-11):", "destroy": "destroyed for good (K-10):"}[ev.kind] + " " + what


def _event_doc(ev: Event) -> dict[str, Any]:
    return msgspec.to_builtins(ev)  # type: ignore[no-any-return]


def _treasure_tiers(a: dict[str, Any]) -> str:
    parts = [{1: "a tier-1 treasure each", 3: "a tier-3 treasure each"}[t] for t in a["seat_tiers"]]
    if a["group_tier2"]:
        parts.append("the group's tier-2 treasure")
    return ", ".join(parts) if parts else "none in this battle"


def _next_lines(eid: str, exp: Expedition) -> list[str]:
    """What the expedition waits for, and the command that gives it."""
    from .campaigns.expedition import rules, steps

    if exp.phase == "complete":
        won = sum(r.result == "win" for r in exp.history)
        if exp.abandoned:
            return [f"Abandoned: battle {exp.battle} was lost at all {exp.attempt} of its tries (--max-tries). "
                    f"Score {exp.score}."]
        return [f"Complete: {won} battle(s) won in {len(exp.history)} tries. Score {exp.score}."]
    if exp.phase == "support":
        can = steps.supports(exp)
        return [f"Battle {exp.battle} was lost. Take a support (X-8): {', '.join(can) or 'every stack is empty'}.",
                f"  gravehold expedition support {eid} CHOICE   (or --auto, or --none)"]
    if exp.phase == "battle":
        game = exp.current.game if exp.current is not None else None
        return [f"Battle {exp.battle}, try {exp.attempt}, against {exp.nemesis}, is being fought (game {game}).",
                f"  gravehold expedition play {eid}"]
    a = steps.allowed(exp)
    deck = ", ".join(f"tier {t} {v}+{g}" for t, (v, g) in sorted(a["deck"].items()))
    shape = ", ".join(f"{n} {k}s" for k, n in a["supply"].items())
    last = rules.last_battle(exp.options.length)
    nemesis = a["nemesis"] or f"drawn when the battle begins (level {a['column']}, X-12)"
    told = steps.story(exp)
    guide = []
    if told is not None:  # XS-4 / XS-5: the guided run says where the story stands
        r = told["reward"]
        gains = ", ".join(x for x in (", ".join(r["mages"]), f"{len(r['supply'])} supply piles" if r["supply"]
                                      else "", f"{len(r['treasures'])} treasures" if r["treasures"] else "") if x)
        guide = [f"{told['name']}, battle {told['battle']} of {told['battles']}: {told['scene']}"]
        if gains:
            guide.append(f"  winning it brings: {gains}")
    return [*guide, f"Battle {exp.battle} of {last}, try {exp.attempt}: choose its setup (X-4).",
            f"  nemesis: {nemesis}",
            f"  mages: {a['players']} from the Barracks",
            f"  supply: {shape} from the Barracks",
            f"  treasures: {_treasure_tiers(a)}",
            f"  basic nemesis cards (upgraded+general, X-6): {deck}",
            f"  gravehold expedition battle {eid} --auto",
            "    (or choose: --mages A,B --supply P1,…,P9 --treasure SEAT:NAME --group NAME)"]


def _summary_lines(exp: Expedition) -> list[str]:
    from .campaigns.expedition import rules

    o = exp.options
    length = f"{o.length} ({rules.BATTLES[o.length]} battles)" if o.story is None else f"story {o.story}"
    first = [f"{o.players} player{'s' if o.players > 1 else ''}", length, "score kept" if o.score else "no score",
             f"seed {exp.seed}"]
    second = [f"boxes {', '.join(o.boxes)}", f"ruleset {o.ruleset}", o.difficulty]
    if o.endless:
        second.append("endless (X-18)")
    if o.max_tries is not None:
        second.append(f"at most {o.max_tries} tries a battle")
    return ["  " + " · ".join(str(p) for p in first), "  " + " · ".join(str(p) for p in second)]


def _show_text(eid: str, exp: Expedition) -> None:
    from .campaigns.expedition import rules
    from .cli_tables import show
    from .content import registry as content

    con = _cli.console
    _heading(f"{exp.title} ({eid})")
    for line in _summary_lines(exp):
        _say(line)
    _say(f"  battle {exp.battle}, try {exp.attempt} · {exp.phase} · score {exp.score}")
    bar = exp.barracks
    mages = [{"mage": m, "title": content.MAGES[m].title if m in content.MAGES else "",
              "box": content.MAGES[m].box if m in content.MAGES else ""} for m in bar.mages]
    _say()
    show(con, "Barracks: mages", mages, ["mage", "title", "box"], lines=False)
    order: dict[str, int] = {k: i for i, k in enumerate(rules.KINDS)}
    piles = sorted(bar.supply, key=lambda c: (order.get(content.CARDS[c].type, 9), content.CARDS[c].cost, c))
    supply = [{"supply": c, "type": content.CARDS[c].type, "cost": str(content.CARDS[c].cost)} for c in piles]
    show(con, "Barracks: supply", supply, ["supply", "type", "cost"], right={"cost"}, lines=False)
    if bar.treasures:
        rows = []
        for t in sorted(bar.treasures, key=lambda t: (content.TREASURES[t].tier, t)):
            td = content.TREASURES[t]
            kind = content.CARDS[td.card].type if td.card else ("group" if td.tier == 2 else "player")
            rows.append({"treasure": t, "tier": str(td.tier), "kind": kind})
        show(con, "Barracks: treasures", rows, ["treasure", "tier", "kind"], right={"tier"}, lines=False)
    else:
        _say("Barracks: no treasures yet")
    for label, gone in (("banished (X-11)", exp.banished), ("destroyed (K-10)", exp.destroyed)):
        names = [*gone.mages, *gone.supply, *gone.treasures]
        if names:
            _say(f"{label}: {', '.join(names)}")
    _say()
    if exp.history:
        hist = [{"battle": str(r.battle), "try": str(r.attempt), "nemesis": r.nemesis, "mages": _mages_of(r.choices),
                 "result": r.result + (f" ({r.reason})" if r.reason else ""), "score": str(r.score)}
                for r in exp.history]
        show(con, "Battles", hist, ["battle", "try", "nemesis", "mages", "result", "score"],
             right={"battle", "try", "score"}, lines=False)
    else:
        _say("No battle fought yet.")
    _say()
    for line in _next_lines(eid, exp):
        _say(line)


def _begun_lines(eid: str, exp: Expedition, gid: str, seats: list[dict[str, Any]], since: int) -> list[str]:
    """A battle just begun: its nemesis, seats (and the web link of each person's seat),
    supply, the group's treasure, and what X-11 banished (the events from ``since`` on)."""
    assert exp.current is not None
    ch = exp.current.choices
    lines = [f"Battle {exp.battle}, try {exp.attempt}, against {exp.nemesis}: game {gid}"]
    for k, (s, seat) in enumerate(zip(ch.seats, seats, strict=True)):
        who = f"{s.player} bot" if s.player != HUMAN else f"you (browser: /g/{gid}?t={seat.get('token')})"
        kept = [f"tier 1 {s.tier1}" + (f" at deck position {s.slot + 1}" if s.slot is not None else "")
                if s.tier1 else "", f"tier 3 {s.tier3}" if s.tier3 else ""]
        extra = "; ".join(x for x in kept if x)
        lines.append(f"  seat {k + 1}: {s.mage}, {who}" + (f"; {extra}" if extra else ""))
    lines.append(f"  supply: {', '.join(ch.supply)}")
    if ch.group:
        lines.append(f"  group: {ch.group}" + (f" beside {ch.pile}" if ch.pile else ""))
    for ev in exp.events[since:]:
        lines.append("  " + _event_text(ev))
    lines.append(f"  play it here: gravehold expedition play {eid}")
    return lines


def _begun_doc(eid: str, exp: Expedition, gid: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    assert exp.current is not None
    links = [f"/g/{gid}?t={s['token']}" if s.get("token") else None for s in seats]
    return {"id": eid, "battle": exp.battle, "attempt": exp.attempt, "nemesis": exp.nemesis, "game": gid,
            "choices": msgspec.to_builtins(exp.current.choices), "links": links}


# ------------------------------------------------------------------ new, list, show
@expedition_app.command(cls=_cli._Command)
def new(
    players: Annotated[int, typer.Option(min=1, max=4, help="Players, 1 to 4.", show_default=False)],
    length: Annotated[str, typer.Option(callback=_choice_option(LENGTHS, "--length"),
                                        help="short (battles 2-4, X-16), standard (4) or long (8, X-17).")]
    = "standard",
    endless: Annotated[bool, typer.Option("--endless", help="Supply piles not chosen go back to the Barracks "
                                          "instead of being banished (X-18).")] = False,
    no_score: Annotated[bool, typer.Option("--no-score", help="Keep no score (X-9).")] = False,
    boxes: Annotated[str | None, typer.Option(callback=_cli._boxes_option, help=(
        "Comma-separated boxes the Barracks and the nemeses are drawn from, e.g. AE,WE,NA (default: all)."))]
    = None,
    seed: Annotated[int | None, _cli.seed_option("Seed of the expedition's draws (default: a random one, "
                                                 "printed).")] = None,
    story: Annotated[str | None, typer.Option(help="A scripted expedition, e.g. new_age (XS).")] = None,
    title: Annotated[str, typer.Option(help="A title (default: after the length or the story).")] = "",
    ruleset: Annotated[str, typer.Option(help="Ruleset preset of its battles: we, ae, log, na, oc.")] = "na",
    difficulty: Annotated[str, typer.Option(callback=_choice_option(DIFFICULTIES, "--difficulty"),
                                            help="beginner, normal, expert or extinction.")] = "normal",
    max_tries: Annotated[int | None, typer.Option(min=1, max=1000, help=(
        "Tries a battle gets before the expedition is abandoned (default: no limit)."))] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Set out on a new expedition (X-3; a story: XS-2) and print its id."""
    from .campaigns.expedition import steps

    if seed is None:
        seed = fresh_seed()
    with _refusals():
        if len(title) > 200:
            raise GraveholdError(f"--title: at most 200 characters, got {len(title)}")
        exp = steps.new(players, length=length, endless=endless, score=not no_score,
                        boxes=_cli._split(boxes) if boxes else (), seed=seed, story=story, ruleset=ruleset,
                        difficulty=difficulty, title=title, max_tries=max_tries)
        stored = _open(db).create(exp)
    eid = stored.row.id
    if as_json:
        _print_json({"id": eid, "seed": seed, "title": exp.title, "phase": exp.phase, "battle": exp.battle,
                     "options": msgspec.to_builtins(exp.options), "barracks": msgspec.to_builtins(exp.barracks)})
        return
    bar = exp.barracks
    _heading(f"Expedition {eid}: {exp.title}")
    for line in _summary_lines(exp):
        _say(line)
    _say(f"  Barracks: {len(bar.mages)} mages ({', '.join(bar.mages)}), {len(bar.supply)} supply piles, "
         f"{len(bar.treasures)} treasures")
    for line in _next_lines(eid, exp):
        _say(line)


@expedition_app.command("list", cls=_cli._Command)
def list_(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """List the stored expeditions, the most recently changed first."""
    from .cli_tables import show

    with _refusals():
        xs = _open(db)
        rows = xs.list()
    out: list[dict[str, Any]] = []
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
        _print_json(out)
        return
    if not out:
        _say("No expeditions yet; set out with `gravehold expedition new --players 2`.")
        return
    cols = ["id", "title", "players", "length", "battle", "phase", "score", "updated (UTC)"]
    cells = [{c: "?" if c not in r else str(r[c]) for c in cols} for r in out]
    for r, c in zip(out, cells, strict=True):
        c["updated (UTC)"] = r["updated"].replace("T", " ")[:16]
        if "attempt" in r:
            c["battle"] = f"{r['battle']} (try {r['attempt']})" if r["attempt"] > 1 else str(r["battle"])
        if r.get("abandoned"):
            c["phase"] = "abandoned"
    show(_cli.console, "Expeditions", cells, cols, right={"players", "score"}, lines=False)


@expedition_app.command(cls=_cli._Command)
def show(eid: IdArg, db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Show an expedition: its Barracks, its battles, its score and what comes next."""
    with _refusals():
        exp = _get(_open(db), eid)
    if as_json:
        print(msgspec.json.encode(exp).decode())
        return
    _show_text(eid, exp)


# ------------------------------------------------------------------ battle: the X-4 choices
def _mage_choices(exp: Expedition, items: list[str], mages: str | None) -> dict[int, str]:
    n = exp.options.players
    if mages is not None and items:
        raise GraveholdError("--mage and --mages: name the mages one way, not both")
    given: dict[int, str] = {}
    if mages is not None:
        names = _cli._split(mages)
        if not names or len(names) > n:
            raise GraveholdError(f"--mages {mages!r}: name 1 to {n} mages, one a seat in seat order")
        given = {k: _mage(x) for k, x in enumerate(names)}
    for item in items:
        seat, sep, name = item.partition(":")
        if not sep or not name.strip():
            raise GraveholdError(f"--mage {item!r}: write SEAT:NAME, e.g. 1:Gygar")
        k = _seat_number(seat, n, "--mage", item)
        if k in given:
            raise GraveholdError(f"--mage {item!r}: seat {k + 1} already has a mage ({given[k]})")
        given[k] = _mage(name)
    return given


def _humans(text: str | None, players: int) -> set[int]:
    if text is None:
        return set()
    return {_seat_number(x, players, "--humans", text) for x in _cli._split(text)}


def build_choices(exp: Expedition, *, mage_items: list[str] | None = None, mages: str | None = None,
                  treasures: list[str] | None = None, group: str | None = None, supply: str | None = None,
                  auto: bool = False, bots: str = "heuristic", humans: str | None = None) -> Choices:
    """The X-4 choices the options give. With ``auto`` every choice not given is the bot
    policy's (``expedition.policy``), made around the given ones: its mages are the first of
    the Barracks not taken, its treasures the first not taken, its group treasure one that
    fits the chosen supply. The rules' own check (``steps.check_choices``) comes after."""
    from .agents import make_agent
    from .campaigns.expedition import policy, steps
    from .content import registry as content

    if exp.phase != "choose":
        raise GraveholdError(f"expedition: battle {exp.battle} is not waiting for its setup (it is at {exp.phase}); "
                             "see `gravehold expedition show`")
    make_agent(bots, 0)  # an unknown agent is refused by name, before anything else
    n = exp.options.players
    given = _mage_choices(exp, mage_items or [], mages)
    people = _humans(humans, n)
    piles = [_known(content.card, x) for x in _cli._split(supply)] if supply is not None else None
    spec = _cli.treasure_options(treasures, group, n, group_flag="--group") or {}
    seats: list[dict[str, Any]] = spec.get("players") or [{} for _ in range(n)]
    grp: str | None = content.treasure(spec["group"]).name if spec.get("group") else None
    pile: str | None = _known(content.card, spec["pile"]) if spec.get("pile") else None
    if auto:
        view = steps.clone(exp)
        taken = {t for s in seats for t in (s.get("tier1"), s.get("tier3")) if t} | ({grp} if grp else set())
        view.barracks.treasures = [t for t in exp.barracks.treasures if t not in taken]
        if piles is not None:
            view.barracks.supply = [c for c in piles if c in content.CARDS]
        filled = policy.choose(view, bots)
        free = [s.mage for s in filled.seats if s.mage not in given.values()]  # the policy's, best first
        free += [m for m in exp.barracks.mages if m not in given.values() and m not in free]
        for k in range(n):
            if k not in given and free:
                given[k] = free.pop(0)
            for key in ("tier1", "tier3"):
                if key not in seats[k] and getattr(filled.seats[k], key) is not None:
                    seats[k][key] = getattr(filled.seats[k], key)
        if piles is None:
            piles = list(filled.supply)
        if grp is None and filled.group is not None:
            grp, pile = filled.group, filled.pile
    missing = [str(k + 1) for k in range(n) if k not in given]
    if missing:
        raise GraveholdError(f"--mages: seat(s) {', '.join(missing)} have no mage; name one a seat "
                             "(--mages A,B or --mage SEAT:NAME), or add --auto")
    if piles is None:
        raise GraveholdError("--supply: name the battle's nine supply piles (3 gems, 2 relics, 4 spells from "
                             "the Barracks), or add --auto")
    return Choices(seats=[SeatChoice(mage=given[k], tier1=seats[k].get("tier1"), slot=seats[k].get("slot"),
                                     tier3=seats[k].get("tier3"), player=HUMAN if k in people else bots)
                          for k in range(n)],
                   supply=piles, group=grp, pile=pile)


@expedition_app.command(cls=_cli._Command)
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
    with _refusals():
        xs = _open(db)
        exp = _get(xs, eid)
        ch = build_choices(exp, mage_items=mage, mages=mages, treasures=treasure, group=group, supply=supply,
                           auto=auto, bots=bots, humans=humans)
        stored, gid, seats = xs.begin(eid, ch)
    if as_json:
        _print_json(_begun_doc(eid, stored.exp, gid, seats))
        return
    for line in _begun_lines(eid, stored.exp, gid, seats, len(exp.events)):
        _say(line)


# ------------------------------------------------------------------ play
class StoredSession(Session):
    """The terminal board's session, each action committed to the store before the board
    shows it, and an undo taken back in the store before it is taken back on the board."""

    def __init__(self, game: Game, humans: frozenset[int], agents: dict[int, Agent], words: str = "classic",
                 store: Store | None = None, gid: str = "", kept: int = 0) -> None:
        super().__init__(game, humans, agents, words=words)
        self.store, self.gid, self.kept = store, gid, kept  # kept: the game's stored actions

    def apply(self, action: Any, by: str = HUMAN) -> None:
        seat = self.owner()
        if seat is None or self.store is None:
            raise GraveholdError("the game is over")
        ahead = self.game.clone(events=True)
        seq = ahead.state.seq
        ahead.apply(action)  # an illegal action raises here, before anything is stored
        self.store.append(self.gid, seq, seat, by, list(action), reveals(ahead.events), ahead)
        self.kept += 1
        super().apply(action, by)

    def undo(self, seat: int | None = None, game: Game | None = None) -> None:
        ok, why = self.can_undo(seat)
        if not ok or self.store is None:
            raise GraveholdError(why)
        before = self.taken[-1].before
        assert before is not None  # an action that may be undone keeps its state
        self.store.truncate(self.gid, self.kept - 1, Game(before.clone(), events=False))
        self.kept -= 1
        super().undo(seat, game)


def _stdin_terminal() -> bool:
    return sys.stdin.isatty()


def _check_seats(xs: ExpeditionStore, exp: Expedition) -> Game:
    """The running battle's game, once it is sure this terminal can play it: a person's
    seat needs input from a terminal (else the browser link is the way to play it)."""
    assert exp.current is not None and exp.current.game is not None
    gid = exp.current.game
    loaded = xs.store.load(gid)
    people = [k for k, s in enumerate(exp.current.choices.seats) if s.player == HUMAN]
    if people and not loaded.game.over and not _stdin_terminal():
        seats = json.loads(loaded.row.seats)
        links = ", ".join(f"seat {k + 1}: /g/{gid}?t={seats[k].get('token')}" for k in people)
        raise GraveholdError(f"battle {exp.battle}: seat(s) {', '.join(str(k + 1) for k in people)} are played by "
                             f"people, and input is not a terminal; play in a terminal, or in the browser "
                             f"(`gravehold serve`) at {links}")
    return loaded.game


def _play_current(xs: ExpeditionStore, eid: str, words: str, plain: bool, bot_delay: float) -> Game:
    """Play the running battle's game to its end (or until the board is quit): bots by
    their agents, people on the terminal. Returns the game as it was left."""
    from .content.words import game_words

    exp = _get(xs, eid)
    assert exp.current is not None and exp.current.game is not None
    cur, gid = exp.current, exp.current.game
    game = _check_seats(xs, exp)
    if game.over:
        return game
    people = [k for k, s in enumerate(cur.choices.seats) if s.player == HUMAN]
    table = driver.battle_table(EXPEDITION, exp, game)
    wording = game_words(words, game.state.nemesis.id)
    if people and not plain and _cli._terminal():
        from .terminal.app import run

        session = StoredSession(game, frozenset(people), table.agents, words=wording, store=xs.store, gid=gid,
                                kept=len(xs.store.actions(gid)))
        run(session, bot_delay)
        return session.game
    prompts: dict[int, Agent] = {k: _cli.HumanAgent(game, k, wording) for k in people}
    driver.play_stored(table, prompts, partial(xs.store.append, gid))
    if driver.past_limit(game):  # the bots gave the battle up: stored ended, then here
        xs.concede(eid)
        driver.concede(game)
    return game


def _played_doc(before: Expedition, after: Expedition, game: Game) -> dict[str, Any]:
    rec = after.history[-1]
    return {"step": "battle", "battle": rec.battle, "attempt": rec.attempt, "nemesis": rec.nemesis,
            "game": rec.game, "result": rec.result, "reason": rec.reason, "turns": game.summary()["turns"],
            "score": rec.score, "events": [_event_doc(e) for e in after.events[len(before.events):]]}


def _played_lines(doc: dict[str, Any], after: Expedition) -> list[str]:
    word = "Victory" if doc["result"] == "win" else "Defeat"
    lines = [f"  {word} ({doc['reason']}) after {doc['turns']} turns"
             + (f"; score +{doc['score']}, {after.score} in all" if after.options.score and doc["result"] == "win"
                else "")]
    for ev in doc["events"]:
        lines.append("  " + _event_text(msgspec.convert(ev, Event)))
    return lines


@expedition_app.command(cls=_cli._Command)
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
    bot_delay: Annotated[float, _cli.bot_delay_option("Seconds the full-screen board waits before each bot "
                                                      "action.")] = 0.5,
    words: _cli.WordsOpt = "auto",
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Play the running battle to its end here, then apply its outcome (X-7 to X-9).

    Bots play their seats; people play theirs on the terminal board. Every action is stored
    as it is taken, so a stopped battle resumes where it was.
    """
    from .agents import make_agent
    from .campaigns.expedition import policy

    done: list[dict[str, Any]] = []
    with _refusals():
        make_agent(bots, 0)
        xs = _open(db)
        exp = _get(xs, eid)
        played = 0
        after = xs.finish(eid).exp  # a battle whose game ended before its outcome was applied (a crash)
        if len(after.history) > len(exp.history) and exp.current is not None and exp.current.game is not None:
            doc = _played_doc(exp, after, xs.store.load(exp.current.game).game)
            done.append(doc)
            played += 1
            if not as_json:
                _say(f"Battle {exp.battle}, try {exp.attempt}, against {exp.nemesis}: its game had ended")
                for line in _played_lines(doc, after):
                    _say(line)
        try:
            while played == 0 or all_:
                exp = _get(xs, eid)
                first = not done
                if exp.phase == "complete":
                    if first:
                        raise GraveholdError(f"expedition {eid} is complete; there is nothing left to play")
                    break
                if exp.phase == "support":
                    if not (auto or all_):
                        if first:
                            raise GraveholdError(f"battle {exp.battle} was lost; take its support first "
                                                 f"(`gravehold expedition support {eid} CHOICE`), or add --auto")
                        break
                    choice = policy.support_for(exp)
                    after = xs.support(eid, choice).exp
                    doc = {"step": "support", "battle": exp.battle, "choice": choice,
                           "events": [_event_doc(e) for e in after.events[len(exp.events):]]}
                    done.append(doc)
                    if not as_json:
                        _say(f"Support after battle {exp.battle}: {choice or 'none (every stack is empty)'}")
                        for ev in after.events[len(exp.events):]:
                            _say("  " + _event_text(ev))
                    continue
                if exp.phase == "choose":
                    if not (auto or all_):
                        raise GraveholdError(f"battle {exp.battle} has not begun; choose its setup with "
                                             f"`gravehold expedition battle {eid}`, or add --auto")
                    stored, gid, seats = xs.begin(eid, policy.choose(exp, bots))
                    done.append({"step": "begin", **_begun_doc(eid, stored.exp, gid, seats)})
                    if not as_json:
                        for line in _begun_lines(eid, stored.exp, gid, seats, len(exp.events))[:-1]:
                            _say(line)
                    continue
                before = exp
                _check_seats(xs, exp)
                if not as_json and (first or done[-1]["step"] != "begin"):
                    _say(f"Battle {exp.battle}, try {exp.attempt}, against {exp.nemesis}")
                game = _play_current(xs, eid, words, plain, bot_delay)
                if not game.over:
                    if not as_json:
                        _say(f"Battle {exp.battle} left at turn {game.summary()['turns']}; "
                             f"`gravehold expedition play {eid}` resumes it.")
                    break
                after = xs.finish(eid).exp
                doc = _played_doc(before, after, game)
                done.append(doc)
                played += 1
                if not as_json:
                    for line in _played_lines(doc, after):
                        _say(line)
                if not all_:
                    break
        except KeyboardInterrupt:
            _cli.err.print(f"stopped; every action so far is stored. `gravehold expedition play {eid}` resumes.",
                           highlight=False, markup=False)
            raise typer.Exit(130) from None
        exp = _get(xs, eid)
    if as_json:
        _print_json({"id": eid, "steps": done, "phase": exp.phase, "battle": exp.battle, "attempt": exp.attempt,
                     "score": exp.score, "abandoned": exp.abandoned})
        return
    _say()
    for line in _next_lines(eid, exp):
        _say(line)


# ------------------------------------------------------------------ support
@expedition_app.command(cls=_cli._Command)
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
    from .campaigns.expedition import policy

    with _refusals():
        if sum((choice is not None, auto, none)) != 1:
            raise GraveholdError("support: give one of CHOICE, --auto or --none")
        xs = _open(db)
        exp = _get(xs, eid)
        taken = policy.support_for(exp) if auto else None if none else (choice or "").strip().casefold()
        after = xs.support(eid, taken).exp
    gained = after.events[len(exp.events):]
    if as_json:
        _print_json({"id": eid, "battle": exp.battle, "choice": taken, "events": [_event_doc(e) for e in gained],
                     "phase": after.phase, "attempt": after.attempt})
        return
    _say(f"Support after battle {exp.battle}: {taken or 'none'}")
    for ev in gained:
        _say("  " + _event_text(ev))
    for line in _next_lines(eid, after):
        _say(line)


@expedition_app.command(cls=_cli._Command)
def concede(eid: IdArg, db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Give the running battle up: it is lost (reason: conceded), and a support follows (X-8).
    For a battle that cannot end, or one the group would rather fight again."""
    with _refusals():
        xs = _open(db)
        exp = _get(xs, eid)
        after = xs.concede(eid).exp
    rec = after.history[-1]
    if as_json:
        _print_json({"id": eid, "battle": rec.battle, "attempt": rec.attempt, "result": rec.result,
                     "reason": rec.reason, "phase": after.phase, "attempt_next": after.attempt,
                     "events": [_event_doc(e) for e in after.events[len(exp.events):]]})
        return
    _say(f"Battle {rec.battle}, try {rec.attempt}, given up: lost (conceded).")
    for line in _next_lines(eid, after):
        _say(line)


# ------------------------------------------------------------------ export, import
@expedition_app.command("export", cls=_cli._Command)
def export_(
    eid: IdArg,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write the file here (default: print "
                                                "it).")] = None,
    db: DbOpt = None,
) -> None:
    """Write an expedition as one JSON file: its seed, every battle's record, the running battle."""
    with _refusals():
        xs = _open(db)
        _get(xs, eid)
        raw = xs.export(eid)
        if output is not None:
            if output.is_dir():
                raise GraveholdError(f"--output {output}: is a folder; name a file")
            if not output.parent.is_dir():
                raise GraveholdError(f"--output {output}: the folder {output.parent} does not exist")
            try:
                output.write_bytes(raw + b"\n")
            except OSError as e:
                raise GraveholdError(f"--output {output}: cannot write it ({e.strerror})") from None
    if output is None:
        typer.echo(raw.decode())
    else:
        _say(f"wrote {output}")


@expedition_app.command("import", cls=_cli._Command)
def import_(
    path: Annotated[Path, typer.Argument(help="A file written by `gravehold expedition export`.",
                                         show_default=False)],
    new_id: Annotated[bool, typer.Option("--new-id", help="Store it under a new id (the file's id is kept "
                                         "otherwise, and refused if already stored).")] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Store an exported expedition, after replaying it whole: a file that does not replay is refused."""
    from .campaigns.expedition import transfer

    with _refusals():
        try:
            size = path.stat().st_size
            if size > transfer.MAX_BYTES:  # refused unread
                raise transfer.TooCostly(f"{path}", f"is {size:,} bytes; an import takes at most "
                                                    f"{transfer.MAX_BYTES:,} (MAX_BYTES)")
            raw = path.read_bytes()
        except OSError as e:
            raise GraveholdError(f"{path}: cannot be read ({e.strerror})") from None
        try:
            doc = transfer.read(raw)  # types and limits: the id is known before the replay
        except GraveholdError as e:  # the message names the file, then the field
            raise GraveholdError(f"{path}: {e}") from None
        if new_id:
            doc.id = None
        xs = _open(db)
        if doc.id and _stored(xs, doc.id):  # before the whole replay, not after
            raise GraveholdError(f"{path}: an expedition {doc.id!r} is already stored; add --new-id to store "
                                 "this file under a new id")
        try:
            stored = xs.import_(doc)
        except GraveholdError as e:
            raise GraveholdError(f"{path}: {e}") from None
    eid, exp = stored.row.id, stored.exp
    if as_json:
        _print_json({"id": eid, "title": exp.title, "phase": exp.phase, "battle": exp.battle, "score": exp.score})
        return
    _say(f"imported {eid}: {exp.title} (battle {exp.battle}, {exp.phase}, score {exp.score})")


def _stored(xs: ExpeditionStore, eid: str) -> bool:
    try:
        xs.get(eid)
    except NotFound:
        return False
    except GraveholdError:  # stored, though damaged
        return True
    return True


# ------------------------------------------------------------------ simulate: the bot sweep
@expedition_app.command("simulate", cls=_cli._Command)
def simulate(
    games: Annotated[int, typer.Option(min=1, max=_cli.MAX_GAMES, help="Whole expeditions to play.")] = 50,
    agent: Annotated[str, typer.Option(help=f"The bot in every seat ({', '.join(AGENTS)}).")] = "heuristic",
    players: Annotated[int, typer.Option(min=1, max=4, help="Players, 1 to 4.")] = 2,
    length: Annotated[str, typer.Option(help="short, standard or long (X-16, X-17).")] = "standard",
    endless: Annotated[bool, typer.Option("--endless", help="Unpicked supplies return to the Barracks "
                                          "(X-18).")] = False,
    story: Annotated[str | None, typer.Option(help="A scripted expedition's id, e.g. new_age.")] = None,
    boxes: Annotated[str | None, typer.Option(help="Comma-separated boxes to draw from (default: all).")] = None,
    seed: Annotated[int, _cli.seed_option("Base seed; expedition k plays seed × 1000003 + k.")] = 1,
    max_tries: Annotated[int, typer.Option(min=1, max=1000, help="Tries of one battle before a bot gives the "
                                           "expedition up.")] = 10,
    workers: Annotated[int | None, typer.Option(min=0, max=_cli.MAX_WORKERS, help="Local worker processes "
                                                "(default or 0: all cores).")] = None,
    backend: Annotated[str, typer.Option(help="local (processes) or ray.")] = "local",
    out: Annotated[str | None, typer.Option(help="Write rows.csv, rows.jsonl, summary.json and plots "
                                            "here.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Play many whole expeditions with bots; report completion, first-try wins, scores and
    win rates with 95 % Wilson intervals."""
    from .campaigns.expedition.sweep import simulate_command

    simulate_command(games=games, agent=agent, players=players, length=length, endless=endless, story=story,
                     boxes=boxes, seed=seed, max_tries=max_tries, workers=workers, backend=backend, out=out,
                     as_json=as_json)
