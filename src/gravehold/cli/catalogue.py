"""The catalogue: ``gravehold cards``, ``mages``, ``nemeses``, ``treasures``, ``boxes`` and
``markets``. Each lists what the loaded boxes declare (``gravehold.catalog`` builds the
rows), as a table that fits the terminal or, with ``--json``, as JSON.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from ..engine.shapes import Json, Row
from ..errors import GraveholdError
from .common import WordsOpt, box_option, console, fail
from .render import show


def _cell(v: Json) -> str:
    return ", ".join(map(str, v)) if isinstance(v, list) else "" if v is None else str(v)


def _table(title: str, rows: list[Row], cols: list[str]) -> None:
    """A catalogue listing: a grid on a wide terminal, one block per entry on a narrow one."""
    right = {"cost", "tier", "life", "power", "charges", "wave", "mages", "supply", "nemeses", "basic_cards"}
    show(console(), title, [{c: _cell(r[c]) for c in cols} for r in rows], cols, right=right & set(cols))
    console().print(f"{len(rows)} shown")


def _box_city(r: Row) -> str:
    """A box that prints two cities names the card's city beside the box (``LOG (Azer)``)."""
    return f"{r['box']} ({r['city']})" if r.get("city") else str(r["box"])


BoxOpt = Annotated[str | None, typer.Option("--box", callback=box_option,
                                             help="Only this box, by id or name (see `gravehold boxes`).")]
SearchOpt = Annotated[str | None, typer.Option("--search", help="Only entries whose name or text holds WORD.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]


def cards(
    box: BoxOpt = None,
    type_: Annotated[str | None, typer.Option("--type", help="gem, relic or spell.")] = None,
    search: SearchOpt = None,
    starters: Annotated[bool, typer.Option("--starters", help="Include starting cards.")] = False,
    words: WordsOpt = "auto",
    as_json: JsonOpt = False,
) -> None:
    """List player cards with cost, type, box and their rendered text."""
    from .. import catalog

    if type_ is not None and type_.casefold() not in ("gem", "relic", "spell"):
        fail(GraveholdError(f"--type must be gem, relic or spell, not {type_!r}"))
    rows = catalog.cards(box, type_, search, starters, words)
    if as_json:
        print(json.dumps(rows))
        return
    _table("Player cards", [{**r, "type": r["shown_type"], "box": _box_city(r)} for r in rows],
           ["name", "type", "cost", "box", "text"])


def mages(box: BoxOpt = None, search: SearchOpt = None, words: WordsOpt = "auto", as_json: JsonOpt = False) -> None:
    """List mages with their ability, charges, breaches and starting cards."""
    from .. import catalog

    rows = catalog.mages(box, search, words)
    if as_json:
        print(json.dumps(rows))
        return
    _table("Mages", [{**r, "box": _box_city(r)} for r in rows],
           ["id", "title", "box", "charges", "breaches", "text", "hand", "deck"])


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
    from .. import catalog

    if card is not None:
        from ..content import registry

        try:
            row = catalog.nemesis_card_row(registry.find_nemesis_card(card, box), words)
        except GraveholdError as e:
            fail(e)
        if as_json:
            print(json.dumps(row))
            return
        _table("Nemesis card", [row], ["name", "type", "tier", "life", "power", "box", "text"])
        return
    if cards_of is not None:
        if cards_of.casefold() not in ("basic", "upgraded"):
            from ..content import registry

            try:
                cards_of = registry.nemesis(cards_of).id
            except GraveholdError as e:
                fail(e)
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


def treasures(
    box: BoxOpt = None,
    tier: Annotated[int | None, typer.Option("--tier", min=1, max=3, help="Only treasures of this tier (1-3).")]
    = None,
    search: SearchOpt = None,
    words: WordsOpt = "auto",
    as_json: JsonOpt = False,
) -> None:
    """List the expedition treasures (tier 1: cards; 2: the group's; 3: a player's) with their text."""
    from .. import catalog

    rows = catalog.treasures(box, tier, search, words)
    if as_json:
        print(json.dumps(rows))
        return
    _table("Treasures", rows, ["name", "tier", "kind", "box", "text"])


def boxes_cmd(as_json: JsonOpt = False) -> None:
    """List the boxes gravehold has loaded, as each declares itself, with what it holds."""
    from .. import catalog

    rows = catalog.boxes()
    if as_json:
        print(json.dumps(rows))
        return
    _table("Boxes", rows, ["id", "name", "wave", "preset", "mages", "supply", "nemeses", "basic_cards"])


def markets(as_json: JsonOpt = False) -> None:
    """List the suggested markets and the market setups usable with --market."""
    from .. import catalog

    rows = catalog.markets()
    if as_json:
        print(json.dumps(rows))
        return
    _table("Markets", rows, ["name", "kind", "box", "piles"])
