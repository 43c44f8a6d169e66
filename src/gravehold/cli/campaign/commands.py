"""The steps of a Legacy campaign from the command line: ``new``, ``list``, ``show``,
``battle``, ``spend``, ``choose`` and ``place``.

Each is one step of the campaign (C-1 … C-17) applied through the store
(``campaigns.store``): a battle's setup with its game, or one of the steps between battles
(``CampaignStore.step``), so a refused step changes nothing stored. Bad input prints
``error: …`` naming what is wrong and exits 2.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import msgspec
import typer

from ...campaigns.legacy import Legacy, LegacyError, steps
from ...campaigns.legacy.state import Choices, SeatChoice
from ...engine.rng import fresh_seed
from ...engine.shapes import Doc
from ...errors import GraveholdError
from ...undo import HUMAN
from ..campaigns_common import begun_doc
from ..common import console, refusals, seed_option, split
from ..expedition.choices import _mage, _seat_number
from ..render import show as show_table
from .common import (
    BotsOpt,
    DbOpt,
    IdArg,
    JsonOpt,
    LegacyStore,
    ScriptOpt,
    by_option,
    get,
    heading,
    open_store,
    print_json,
    say,
    script_of,
)
from .render import begun_lines, event_doc, event_text, next_lines, show_text, summary_lines

#: the largest sticker number ``--cover`` takes (a campaign places far fewer)
MAX_STICKERS = 1000


def new(
    players: Annotated[int, typer.Option(min=1, max=4, help="Players, 1 to 4 (the script may allow fewer); kept "
                                         "to the end (C-2).", show_default=False)],
    city: Annotated[str, typer.Option(help="The city the group serves (C-3): Azer or Gravehold, or one of the "
                                      "script's.", show_default=False)],
    script: ScriptOpt = "project",
    seed: Annotated[int | None, seed_option("Seed of the campaign's battles (default: a random one, "
                                                 "printed).")] = None,
    title: Annotated[str, typer.Option(help="A title (default: the script's).")] = "",
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Start a new Legacy campaign (C-2, C-3, C-4) and print its id."""
    if seed is None:
        seed = fresh_seed()
    with refusals():
        if len(title) > 200:
            raise GraveholdError(f"--title: at most 200 characters, got {len(title)}")
        s = script_of(script)
        try:
            doc = steps.new(s, players, city.strip(), seed=seed, title=title)
        except GraveholdError as e:
            raise by_option(e) from None
        stored = open_store(db).create(doc)
    cid = stored.row.id
    if as_json:
        print_json({"id": cid, "seed": seed, "title": doc.title, "phase": doc.phase, "battle": doc.battle,
                    "options": msgspec.to_builtins(doc.options), "script": doc.script.id,
                    "mages": list(doc.barracks.mages), "experience": doc.experience})
        return
    heading(f"Campaign {cid}: {doc.title}")
    for line in summary_lines(doc):
        say(line)
    say(f"  Barracks: {len(doc.barracks.mages)} mages ({', '.join(doc.barracks.mages)}), "
        f"{len(steps.piles(doc))} supply piles")
    for line in next_lines(cid, doc):
        say(line)


def list_(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """List the stored campaigns, the most recently changed first."""
    with refusals():
        rows = open_store(db).list()
    out: list[Doc] = []
    for row in rows:
        try:
            doc: Legacy | None = msgspec.json.decode(row.state, type=Legacy)
        except msgspec.MsgspecError:
            doc = None  # a damaged row is listed, not fatal: `show` names what is wrong with it
        out.append({"id": row.id, "title": row.title, "phase": row.phase,
                    "updated": row.updated_at.isoformat(timespec="seconds"),
                    **({"players": doc.options.players, "city": doc.options.city, "script": doc.script.id,
                        "battle": doc.battle, "attempt": doc.attempt, "experience": doc.experience}
                       if doc is not None else {})})
    if as_json:
        print_json(out)
        return
    if not out:
        say("No campaigns yet; start one with `gravehold campaign new --players 2 --city Gravehold`.")
        return
    cols = ["id", "title", "players", "city", "battle", "phase", "experience", "updated (UTC)"]
    cells = [{c: "?" if c not in r else str(r[c]) for c in cols} for r in out]
    for r, c in zip(out, cells, strict=True):
        c["updated (UTC)"] = r["updated"].replace("T", " ")[:16]
        if "attempt" in r and r["attempt"] > 1:
            c["battle"] = f"{r['battle']} (try {r['attempt']})"
    show_table(console(), "Campaigns", cells, cols, right={"players", "experience"}, lines=False)


def show(cid: IdArg, db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Show a campaign: its Barracks, stickers, experience, games and what comes next."""
    with refusals():
        doc = get(open_store(db), cid)
    if as_json:
        print(msgspec.json.encode(doc).decode())
        return
    show_text(cid, doc)


# ------------------------------------------------------------------ a battle's setup
def build_choices(doc: Legacy, *, mage_items: list[str] | None = None, mages: str | None = None,
                  supply: str | None = None, starter_items: list[str] | None = None, auto: bool = False,
                  bots: str = "heuristic", humans: str | None = None) -> Choices:
    """The choices the options give (C-2, C-7). The supply is the bots' policy's unless
    given; with ``auto`` the mages not given and the enhanced starters too. The rules'
    own check (``steps.check_choices``) comes after."""
    from ...agents import make_agent
    from ...campaigns.legacy import policy

    if doc.phase != "choose":
        raise GraveholdError(f"campaign: battle {doc.battle} is not waiting for its setup (it is at {doc.phase}); "
                             "see `gravehold campaign show`")
    make_agent(bots, 0)  # an unknown agent is refused by name, before anything else
    n = doc.options.players
    given: dict[int, str] = {}
    if mages is not None and mage_items:
        raise GraveholdError("--mage and --mages: name the mages one way, not both")
    if mages is not None:
        names = split(mages)
        if not names or len(names) > n:
            raise GraveholdError(f"--mages {mages!r}: name 1 to {n} mages, one a seat in seat order")
        given = {k: mage_of(doc, x) for k, x in enumerate(names)}
    for item in mage_items or []:
        seat, sep, name = item.partition(":")
        if not sep or not name.strip():
            raise GraveholdError(f"--mage {item!r}: write SEAT:NAME, e.g. 1:Kadir")
        k = _seat_number(seat, n, "--mage", item)
        if k in given:
            raise GraveholdError(f"--mage {item!r}: seat {k + 1} already has a mage ({given[k]})")
        given[k] = mage_of(doc, name)
    people = {_seat_number(x, n, "--humans", humans) for x in split(humans)} if humans is not None else set()
    starters: dict[int, list[str]] = {}
    for item in starter_items or []:
        seat, sep, cid = item.partition(":")
        if not sep or not cid.strip():
            raise GraveholdError(f"--starter {item!r}: write SEAT:COPY, e.g. 1:Crystal@sticker#1")
        starters.setdefault(_seat_number(seat, n, "--starter", item), []).append(cid.strip())
    pol = policy.choose(doc, bots)
    if auto:
        free = [s.mage for s in pol.seats if s.mage not in given.values()]
        free += [m for m in steps.available_mages(doc) if m not in given.values() and m not in free]
        for k in range(n):
            if k not in given and free:
                given[k] = free.pop(0)
        taken = {c for ids in starters.values() for c in ids}
        for k, s in enumerate(pol.seats):
            if k not in starters and given.get(k) == s.mage:
                starters[k] = [c for c in s.starters if c not in taken]
    missing = [str(k + 1) for k in range(n) if k not in given]
    if missing:
        raise GraveholdError(f"--mage: seat(s) {', '.join(missing)} have no mage; name one a seat "
                             "(--mage SEAT:NAME or --mages A,B), or add --auto")
    piles = pol.supply if supply is None else [_card(x) for x in split(supply)]
    return Choices(seats=[SeatChoice(mage=given[k], player=HUMAN if k in people else bots,
                                     starters=starters.get(k, [])) for k in range(n)], supply=piles)


def mage_of(doc: Legacy, name: str) -> str:
    """A mage as the campaign holds it: its catalogue id, or the one mage of the Barracks
    whose name it is before the box (``Arachnos`` for ``Arachnos (LOG)``); an unknown one
    as typed, for the rules' check to name along with the Barracks' mages."""
    name = name.strip()
    mine = [*doc.barracks.mages, *doc.retired]
    if name in mine:
        return name
    short = [m for m in mine if m.split(" (")[0].casefold() == name.casefold()]
    return short[0] if len(short) == 1 else _mage(name)


def _card(name: str) -> str:
    """A card as the catalogue spells it; an unknown one as typed, for the rules to name."""
    from ...content import registry as content

    try:
        return str(content.card(name.strip()).name)
    except GraveholdError:
        return name.strip()


def battle(
    cid: IdArg,
    mage: Annotated[list[str] | None, typer.Option("--mage", help="A seat's mage, SEAT:NAME (seats from 1); "
                                                   "repeatable.")] = None,
    mages: Annotated[str | None, typer.Option(help="Comma-separated mages of the Barracks, seat 1 first.")] = None,
    supply: Annotated[str | None, typer.Option(help="The nine supply piles, comma-separated: 3 gems, 2 relics, "
                                               "4 spells of the Barracks (default: the bots' policy's).")] = None,
    starter: Annotated[list[str] | None, typer.Option("--starter", help=(
        "An enhanced starter copy a seat takes in place of a plain one, SEAT:COPY (C-7); repeatable."))] = None,
    auto: Annotated[bool, typer.Option("--auto", help="Every choice not given is the bot policy's.")] = False,
    bots: BotsOpt = "heuristic",
    humans: Annotated[str | None, typer.Option(help="Comma-separated seats (from 1) played by people; the "
                                               "others are bots (default: every seat a bot).")] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Begin the next battle with the group's choices (C-2, C-7): mages and supply."""
    with refusals():
        cs = open_store(db)
        doc = get(cs, cid)
        ch = build_choices(doc, mage_items=mage, mages=mages, supply=supply, starter_items=starter, auto=auto,
                           bots=bots, humans=humans)
        stored, gid, seats = cs.begin(cid, ch)
    if as_json:
        print_json(begun_doc(cid, stored.doc, gid, seats))
        return
    for line in begun_lines(cid, stored.doc, gid, seats):
        say(line)


# ------------------------------------------------------------------ between battles
def _step_report(cid: str, before: Legacy, after: Legacy, what: str, as_json: bool, extra: Doc) -> None:
    gained = after.events[len(before.events):]
    if as_json:
        print_json({"id": cid, **extra, "events": [event_doc(e) for e in gained], "phase": after.phase,
                    "battle": after.battle, "experience": after.experience})
        return
    say(what)
    for ev in gained:
        say("  " + event_text(ev))
    for line in next_lines(cid, after):
        say(line)


def _apply(cs: LegacyStore, cid: str, change: Callable[[Legacy], Legacy]) -> tuple[Legacy, Legacy]:
    before = get(cs, cid)
    try:
        after = cs.step(cid, change).doc
    except LegacyError as e:
        raise by_option(e) from None
    return before, after


def spend(
    cid: IdArg,
    buy: Annotated[str | None, typer.Option("--buy", help="The id of a buyable enhancement (see `gravehold "
                                            "campaign show`).")] = None,
    mage: Annotated[str | None, typer.Option(help="The mage whose mat a personal sticker goes on.")] = None,
    copy: Annotated[str | None, typer.Option(help="An enhanced starter copy whose sticker a starter sticker "
                                             "covers (default: a fresh copy).")] = None,
    cover: Annotated[int | None, typer.Option(min=0, max=MAX_STICKERS, help=(
        "The number (#, in `show`) of the sticker a new one covers when its spaces are full (C-7)."))] = None,
    done: Annotated[bool, typer.Option("--done", help="End the spending; what is left stays (C-5).")] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Spend experience on an enhancement (C-5 to C-7), or end the spending (--done)."""
    with refusals():
        if (buy is None) == (not done):
            raise GraveholdError("spend: give one of --buy ENH or --done")
        if done and (mage, copy, cover) != (None, None, None):
            raise GraveholdError("--done: takes no --mage, --copy or --cover")
        cs = open_store(db)
        m = mage_of(get(cs, cid), mage) if mage is not None else None
        if buy is not None:
            before, after = _apply(cs, cid, lambda d: steps.buy(d, buy.strip(), mage=m, copy=copy, cover=cover))
        else:
            before, after = _apply(cs, cid, steps.done)
    what = f"Bought {buy}." if buy is not None else "Spending done."
    _step_report(cid, before, after, what, as_json, {"step": "buy" if buy else "done", "enhancement": buy})


def choose(
    cid: IdArg,
    option: Annotated[int, typer.Option("--option", min=0, max=50, help="The option taken, by its number in `gravehold "
                                        "campaign show`.", show_default=False)],
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Take an option of the story's choice."""
    with refusals():
        cs = open_store(db)
        before, after = _apply(cs, cid, lambda d: steps.pick(d, option))
    label = before.script.step(before.step).options[option].label
    _step_report(cid, before, after, f"Chose {option}: {label}.", as_json, {"step": "choose", "option": option})


def place(
    cid: IdArg,
    vestige: Annotated[str, typer.Option("--vestige", help="The vestige waiting to be placed.",
                                         show_default=False)],
    mage: Annotated[str, typer.Option("--mage", help="The mage whose mat it goes on.", show_default=False)],
    cover: Annotated[int | None, typer.Option(min=0, max=MAX_STICKERS, help=(
        "The number (#, in `show`) of the sticker it covers when the mat's spaces are full (C-7)."))] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Place a vestige the story gave on a mage's mat (C-9)."""
    with refusals():
        cs = open_store(db)
        m = mage_of(get(cs, cid), mage)
        before, after = _apply(cs, cid, lambda d: steps.place(d, vestige.strip(), m, cover))
    _step_report(cid, before, after, f"Placed {vestige} on {m}'s mat.", as_json,
                 {"step": "place", "vestige": vestige, "mage": m})
