"""X-5 / X-14 at setup: the treasures a game is dealt with (``Config.treasures``).

Split from ``engine/setup.py`` so that module keeps the rules' setup order in one short
read; the treasures' rules in play are ``engine/keywords/treasures.py``'s.
"""

from __future__ import annotations

from typing import Any

from ..content import registry as content
from ..content.model import beside_text
from ..errors import SetupError
from .keywords import treasures as treasure_rules
from .shapes import Doc
from .state import State

_SEAT_KEYS = ("tier1", "tier3", "slot")
_TREASURE_KEYS = ("players", "group", "pile")


def treasure_request(spec: object, players: int) -> Doc:
    """X-5 / X-14: the treasures asked for, in their plain form (no empty parts), or {}.

    Every shape fault is a SetupError naming the part: a seat the game does not have, two
    tier-2 treasures, an unknown key. Names are checked by :func:`setup_treasures`."""
    if spec is None:
        return {}
    if not isinstance(spec, dict):
        raise SetupError(f"treasures: must be an object with {', '.join(_TREASURE_KEYS)}, got {spec!r}")
    for key in spec:
        if key not in _TREASURE_KEYS:
            raise SetupError(f"treasures: unknown part {key!r}; use {', '.join(_TREASURE_KEYS)}")
    out: Doc = {}
    seats = spec.get("players") or []
    if not isinstance(seats, list):
        raise SetupError("treasures.players: must list each seat's treasures, from seat 0")
    if len(seats) > players:
        raise SetupError(f"treasures.players[{players}]: this {players}-player game has no seat {players + 1} "
                         f"(seats are numbered 0 to {players - 1})")
    plain: list[Doc] = []
    for k, s in enumerate(seats):
        if s is None:
            s = {}
        if not isinstance(s, dict) or any(key not in _SEAT_KEYS for key in s):
            raise SetupError(f"treasures.players[{k}]: must be an object with {', '.join(_SEAT_KEYS)}, got {s!r}")
        for key in ("tier1", "tier3"):
            if s.get(key) is not None and not isinstance(s[key], str):
                raise SetupError(f"treasures.players[{k}].{key}: one treasure's name, got {s[key]!r}")
        slot = s.get("slot")
        if slot is not None and (not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < 5):
            raise SetupError(f"treasures.players[{k}].slot: a starting-deck position from 0 to 4, got {slot!r}")
        plain.append({key: s[key] for key in _SEAT_KEYS if s.get(key) is not None})
    while plain and not plain[-1]:
        plain.pop()
    if plain:
        out["players"] = plain
    group = spec.get("group")
    if isinstance(group, (list, tuple)):
        #
        raise SetupError(f"treasures.group: the group chooses exactly one tier-2 treasure, got {len(group)}")
    if group is not None and not isinstance(group, str):
        raise SetupError(f"treasures.group: one treasure's name, got {group!r}")
    if group:
        out["group"] = group
    pile = spec.get("pile")
    if pile is not None:
        if not group:
            raise SetupError("treasures.pile: only the group's tier-2 treasure lies beside a supply pile")
        if not isinstance(pile, str):
            raise SetupError(f"treasures.pile: a supply pile's card name, got {pile!r}")
        out["pile"] = pile
    return out


def _treasure(name: str, tier: int, where: str) -> str:
    t = content.treasure(name)  # an unknown name is an UnknownName with the closest names
    if t.tier != tier:
        role = {1: "a seat's tier1", 2: "the group's", 3: "a seat's tier3"}[tier]
        raise SetupError(f"treasures.{where}: {t.name} is a tier-{t.tier} treasure; {role} treasure is "
                         f"tier {tier}")
    return t.name


def setup_treasures(wanted: Doc, st: State, supply: list[str]) -> Doc:
    """X-5 / X-14: put each tier-1 treasure in its owner's starting deck, set the group's
    tier-2 treasure beside its pile; the resolved ``config["treasures"]``.

    X-5: a gem treasure takes a starter gem's place in the starting deck, a spell treasure a
    starter spell's; if the deck has none of that type, one of the other. ``slot`` names the
    deck position (the player's pick when there are several, X-5); without it, the topmost.
    A tier-2 treasure set beside a pile (``TreasureDef.beside``) takes the ``pile`` named, or
    else the first pile of the supply (in supply order) that qualifies.
    """
    out: Doc = {}
    seats: list[Doc] = []
    for k, s in enumerate(wanted.get("players", [])):
        got: Doc = {}
        if "tier1" in s:
            name = _treasure(s["tier1"], 1, f"players[{k}].tier1")
            got["tier1"] = name
            got["slot"] = _replace_starter(st, k, name, s.get("slot"))
        elif "slot" in s:
            raise SetupError(f"treasures.players[{k}].slot: names the deck position of a tier-1 treasure, "
                             "and this seat has none")
        if "tier3" in s:
            got["tier3"] = _treasure(s["tier3"], 3, f"players[{k}].tier3")
        seats.append(got)
    if seats:
        out["players"] = seats
    if "group" in wanted:
        t = content.TREASURES[_treasure(wanted["group"], 2, "group")]
        out["group"] = t.name
        if t.beside is not None:
            out["pile"] = _pile_for(t, wanted.get("pile"), supply)
        elif "pile" in wanted:
            raise SetupError(f"treasures.pile: {t.name} is not set beside a supply pile")
    return out


def _replace_starter(st: State, k: int, name: str, slot: int | None) -> int:
    """X-5: the deck position the tier-1 treasure takes (the starter card there leaves the game)."""
    p = st.players[k]
    ctype = content.CARDS[name].type
    own = treasure_rules.starter_of(ctype)
    other = treasure_rules.starter_of("spell" if ctype == "gem" else "gem")
    kind = own if own in p.deck else other
    if slot is None:
        if kind not in p.deck:
            raise SetupError(f"treasures.players[{k}].tier1: {content.MAGES[p.mage].name}'s starting deck has "
                             f"neither a {own} nor a {other} for {name} to replace")
        slot = p.deck.index(kind)
    elif p.deck[slot] != kind:
        want = f"a {kind}" if kind in p.deck else f"a {own} or a {other}"
        #
        raise SetupError(f"treasures.players[{k}].slot: {name} replaces {want}, and position {slot} "
                         f"of the starting deck holds {p.deck[slot]}")
    p.deck[slot] = name
    return slot


def _pile_for(t: Any, pile: str | None, supply: list[str]) -> str:
    fits = [c for c in supply if treasure_rules.beside_ok(t, content.CARDS[c])]
    if pile is None:
        if not fits:
            raise SetupError(f"treasures.group: {t.name} lies beside {beside_text(t)}, "
                             "and this supply has none")
        return fits[0]
    found = next((c for c in supply if c.casefold() == pile.casefold()), None)
    if found is None:
        raise SetupError(f"treasures.pile: {pile!r} is no supply pile of this game; its piles are "
                         f"{', '.join(supply)}")
    if found not in fits:
        raise SetupError(f"treasures.pile: {t.name} lies beside {beside_text(t)}, not {found}"
                         + (f"; this supply has {', '.join(fits)}" if fits else ""))
    return found
