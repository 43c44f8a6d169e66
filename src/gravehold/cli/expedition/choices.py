"""The X-4 choices of a battle as ``gravehold expedition battle`` takes them: mages by seat,
the supply, the treasures and who plays each seat; with ``--auto`` the bot policy fills in
what was not given."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...campaigns.expedition.state import Choices, Expedition, SeatChoice
from ...content.model import CardDef
from ...engine.shapes import Doc
from ...errors import GraveholdError
from ...undo import HUMAN
from ..common import split, treasure_options


def _seat_number(text: str, players: int, flag: str, item: str) -> int:
    """A seat as people count them, 1 to the number of players; 0-based inside."""
    if not text.strip().isdigit() or not 1 <= int(text) <= players:
        raise GraveholdError(f"{flag} {item!r}: seats are numbered 1 to {players}")
    return int(text) - 1


def _mage(name: str) -> str:
    """A mage as the Barracks holds it, by catalogue id (two mages share the name Mist);
    an unknown one as typed, for the rules' check to name."""
    from ...content import registry as content

    try:
        return content.mage(name.strip()).id
    except GraveholdError:
        return name.strip()


def _known(lookup: Callable[[str], CardDef], name: str) -> str:
    """A catalogue name as the catalogue spells it; an unknown one as typed, so the rules'
    check names it along with what the Barracks does hold."""
    try:
        return str(lookup(name.strip()).name)
    except GraveholdError:
        return name.strip()


def _mage_choices(exp: Expedition, items: list[str], mages: str | None) -> dict[int, str]:
    n = exp.options.players
    if mages is not None and items:
        raise GraveholdError("--mage and --mages: name the mages one way, not both")
    given: dict[int, str] = {}
    if mages is not None:
        names = split(mages)
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
    return {_seat_number(x, players, "--humans", text) for x in split(text)}


@dataclass
class _Given:
    """The choices the options gave, filled in by the policy under ``--auto``."""

    mages: dict[int, str]
    seats: list[Doc]  # per seat: tier1, slot, tier3
    piles: list[str] | None
    group: str | None = None
    pile: str | None = None
    people: set[int] = field(default_factory=set)


def build_choices(exp: Expedition, *, mage_items: list[str] | None = None, mages: str | None = None,
                  treasures: list[str] | None = None, group: str | None = None, supply: str | None = None,
                  auto: bool = False, bots: str = "heuristic", humans: str | None = None) -> Choices:
    """The X-4 choices the options give. With ``auto`` every choice not given is the bot
    policy's (``expedition.policy``), made around the given ones: its mages are the first of
    the Barracks not taken, its treasures the first not taken, its group treasure one that
    fits the chosen supply. The rules' own check (``steps.check_choices``) comes after."""
    from ...agents import make_agent
    from ...content import registry as content

    if exp.phase != "choose":
        raise GraveholdError(f"expedition: battle {exp.battle} is not waiting for its setup (it is at {exp.phase}); "
                             "see `gravehold expedition show`")
    make_agent(bots, 0)  # an unknown agent is refused by name, before anything else
    n = exp.options.players
    given = _mage_choices(exp, mage_items or [], mages)
    people = _humans(humans, n)
    piles = [_known(content.card, x) for x in split(supply)] if supply is not None else None
    spec = treasure_options(treasures, group, n, group_flag="--group") or {}
    g = _Given(given, spec.get("players") or [{} for _ in range(n)], piles,
               content.treasure(spec["group"]).name if spec.get("group") else None,
               _known(content.card, spec["pile"]) if spec.get("pile") else None, people)
    if auto:
        _fill_by_policy(exp, g, bots)
    return _choices(g, n, bots)


def _fill_by_policy(exp: Expedition, g: _Given, bots: str) -> None:
    """What the options left open, as the bot policy would choose it around what they gave."""
    from ...campaigns.expedition import policy, steps
    from ...content import registry as content

    view = steps.clone(exp)
    taken = {t for s in g.seats for t in (s.get("tier1"), s.get("tier3")) if t} | ({g.group} if g.group else set())
    view.barracks.treasures = [t for t in exp.barracks.treasures if t not in taken]
    if g.piles is not None:
        view.barracks.supply = [c for c in g.piles if c in content.CARDS]
    filled = policy.choose(view, bots)
    free = [s.mage for s in filled.seats if s.mage not in g.mages.values()]  # the policy's, best first
    free += [m for m in exp.barracks.mages if m not in g.mages.values() and m not in free]
    for k in range(exp.options.players):
        if k not in g.mages and free:
            g.mages[k] = free.pop(0)
        for key in ("tier1", "tier3"):
            if key not in g.seats[k] and getattr(filled.seats[k], key) is not None:
                g.seats[k][key] = getattr(filled.seats[k], key)
    if g.piles is None:
        g.piles = list(filled.supply)
    if g.group is None and filled.group is not None:
        g.group, g.pile = filled.group, filled.pile


def _choices(g: _Given, n: int, bots: str) -> Choices:
    """The choices as the rules take them, once every seat has a mage and the supply is named."""
    missing = [str(k + 1) for k in range(n) if k not in g.mages]
    if missing:
        raise GraveholdError(f"--mages: seat(s) {', '.join(missing)} have no mage; name one a seat "
                             "(--mages A,B or --mage SEAT:NAME), or add --auto")
    if g.piles is None:
        raise GraveholdError("--supply: name the battle's nine supply piles (3 gems, 2 relics, 4 spells from "
                             "the Barracks), or add --auto")
    return Choices(seats=[SeatChoice(mage=g.mages[k], tier1=g.seats[k].get("tier1"), slot=g.seats[k].get("slot"),
                                     tier3=g.seats[k].get("tier3"), player=HUMAN if k in g.people else bots)
                          for k in range(n)],
                   supply=g.piles, group=g.group, pile=g.pile)
