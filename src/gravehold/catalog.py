"""Browse the content: plain rows for the CLI tables, JSON output and (later) the web UI."""

from __future__ import annotations

from .content import registry as content
from .content.market_setups import describe
from .content.model import NemesisCardDef
from .content.text import card_text, mat_text, nemesis_card_text, nemesis_text, treasure_text
from .content.words import resolve, say, shown_name
from .engine.ruleset import DEFAULT, PRESETS
from .engine.shapes import Row

#: The books whose readings a preset bundles but whose boxes are not in the catalogue yet;
#: every other preset is named by the box that declares it (``BoxDef.preset``).
BOOKS = {"log": "Legacy of Gravehold", "oc": "Outcasts"}


def rulesets() -> list[Row]:
    """Every ruleset preset: its id (what a setup names), the book it follows by name (the
    box that declares it, else ``BOOKS``), and whether a game plays it when none is named."""
    named = {b.preset: b.name for b in content.BOXES.values() if b.preset}
    return [{"id": k, "name": named.get(k) or BOOKS.get(k, k), "default": k == DEFAULT} for k in PRESETS]


def _said(text: str, words: str, box: str) -> str:
    """An entry's text in the chosen wording (``auto``: the entry's own box's words)."""
    return say(text, resolve(words, box))


def _box_id(box: str | None) -> str | None:
    """A box filter by id or name; an unknown one raises UnknownName listing the boxes."""
    return None if box is None else content.box(box).id


def boxes() -> list[Row]:
    """Every loaded box as it declares itself, with what it holds."""
    return [{"id": b.id, "name": b.name, "wave": b.wave, "preset": b.preset, **b.census()}
            for b in content.BOXES.values()]


def _hit(word: str | None, *fields: str) -> bool:
    return word is None or any(word.casefold() in f.casefold() for f in fields)


def cards(box: str | None = None, type_: str | None = None, search: str | None = None,
          starters: bool = False, words: str = "auto") -> list[Row]:
    """Player cards; ``name`` and ``text`` are in ``words``, ``id`` and ``type`` in the engine's terms."""
    box = _box_id(box)
    rows = []
    for c in content.CARDS.values():
        if (c.starter and not starters) or not c.box:  # no box: the engine's own stand-in (K-3)
            continue
        if box and c.box.casefold() != box.casefold():
            continue
        if type_ and c.type != type_.casefold():
            continue
        w = resolve(words, c.box)
        text = say(card_text(c), w)
        if not _hit(search, c.name, text):
            continue
        rows.append({"id": c.name, "name": shown_name(c.name, w), "type": c.type, "shown_type": say(c.type, w),
                     "cost": c.cost, "box": c.box, "city": c.city,
                     "starter": c.starter, "mage": c.mage, "text": text})
    return sorted(rows, key=lambda r: (r["box"], ("gem", "relic", "spell").index(r["type"])
                                       if r["type"] in ("gem", "relic", "spell") else 9, r["cost"], r["name"]))


def mages(box: str | None = None, search: str | None = None, words: str = "auto") -> list[Row]:
    box = _box_id(box)
    rows = []
    for m in content.MAGES.values():
        if box and m.box.casefold() != box.casefold():
            continue
        w = resolve(words, m.box)
        text = say(mat_text(m), w)
        if not _hit(search, m.id, m.title, text):
            continue
        breaches = []
        for b in m.breaches:
            shown = b.state if b.state != "closed" else f"closed {b.stage}"
            breaches.append(f"{shown} ({b.special})" if b.special else shown)
        rows.append({"id": m.id, "name": m.name, "title": m.title, "box": m.box,
                     "ability": m.ability.name, "window": m.ability.window, "charges": m.ability.charges,
                     "text": text, "hand": [shown_name(c, w) for c in m.hand],
                     "deck": [shown_name(c, w) for c in m.deck], "breaches": [say(b, w) for b in breaches],
                     "uniques": list(m.uniques)})
    return sorted(rows, key=lambda r: (r["box"], r["id"]))


def nemeses(box: str | None = None, search: str | None = None, words: str = "auto") -> list[Row]:
    box = _box_id(box)
    rows = []
    for n in content.NEMESES.values():
        if box and n.box.casefold() != box.casefold():
            continue
        text = _said(nemesis_text(n), words, n.box)
        if not _hit(search, n.name, text):
            continue
        rows.append({"id": n.id, "name": n.name, "box": n.box, "life": n.life,
                     "difficulty": n.difficulty, "text": text, "cards": list(n.cards),
                     "special_decks": {k: list(v) for k, v in n.special_decks.items()}})
    return sorted(rows, key=lambda r: (r["box"], r["name"]))


def nemesis_card_row(c: NemesisCardDef, words: str = "auto") -> Row:
    """One nemesis card; ``life`` is None but for minions (or any card with life), ``power``
    (its tokens) None but for powers. ``name`` is the name a person reads, ``id`` the
    catalogue's (they differ for a card whose printed name another box's card bears);
    ``text`` and ``shown_type`` in ``words`` (``content.words``)."""
    w = resolve(words, c.box)
    return {"name": content.shown(c.name), "id": c.name, "type": c.type, "shown_type": say(c.type, w),
            "tier": c.tier, "box": c.box, "nemesis": c.nemesis, "upgraded": c.upgraded,
            "life": c.life if c.type == "minion" or c.life else None,
            "power": c.power_tokens if c.type == "power" else None, "deck": c.deck,
            "text": say(nemesis_card_text(c), w)}


def nemesis_cards(box: str | None = None, search: str | None = None,
                  nemesis: str | None = None, words: str = "auto") -> list[Row]:
    """Nemesis cards (``nemesis_card_row``): of one nemesis, or ``"basic"`` (the basic cards)
    or ``"upgraded"`` (the upgraded basic cards, S-10); texts in ``words``."""
    box = _box_id(box)
    rows = []
    for c in content.NEMESIS_CARDS.values():
        if box and c.box.casefold() != box.casefold():
            continue
        if nemesis is not None and (c.nemesis or ("upgraded" if c.upgraded else "basic")).casefold() \
                != nemesis.casefold():
            continue
        row = nemesis_card_row(c, words)
        if not _hit(search, row["name"], c.name, row["text"]):
            continue
        rows.append(row)
    return sorted(rows, key=lambda r: (r["box"], r["nemesis"] or "", r["tier"], r["name"]))


def markets() -> list[Row]:
    rows: list[Row] = []
    for m in content.MARKETS.values():
        rows.append({"name": m.name, "kind": "suggested", "box": m.box, "piles": list(m.cards)})
    for s in content.SETUPS.values():
        rows.append({"name": s.name, "kind": "setup" if s.official else "variant", "box": "",
                     "piles": [describe(t) for t in s.tiles]})
    return rows


def treasures(box: str | None = None, tier: int | None = None, search: str | None = None,
              words: str = "auto") -> list[Row]:
    """The expedition treasures (X-5, X-14): tier, box, the kind of a tier-1 card, and text
    (in ``words``)."""
    box = _box_id(box)
    rows = []
    for t in content.TREASURES.values():
        if (box and t.box != box) or (tier is not None and t.tier != tier):
            continue
        text = _said(treasure_text(t), words, t.box)
        if not _hit(search, t.name, text):
            continue
        kind = content.CARDS[t.card].type if t.card else ("group" if t.tier == 2 else "player")
        rows.append({"name": t.name, "tier": t.tier, "kind": kind, "box": t.box, "text": text})
    return sorted(rows, key=lambda r: (r["box"], r["tier"], r["name"]))
