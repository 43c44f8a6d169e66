"""Card copies whose state lasts the whole campaign: marks (C-17) and starter stickers (C-6).

A copy is one physical card (``docs.CardCopy``). In a game, a marked copy is a card of its
own, named by its marks (``"Spark{boost,boost}"``, K-9); a starter sticker is one more mark,
``sticker<n>``, whose changes the game's setup carries (``config["stickers"]``). So the
campaign deals its copies by name, and after the game reads back the marked copies the game
holds (``Game.summary()["marked"]``).

The game does not say which physical copy a marked name is: copies of one card are alike
but for their marks. Reading back, each marked copy the game ends with is matched to the
copy of that card that bore the most of its marks before (marks are only ever added), so
no copy loses a mark and every new mark lands on one copy. A marked copy the game does not
end with (destroyed in that game) keeps its marks.
"""

from __future__ import annotations

from collections import Counter

from ...content.marked import base_of
from ..docs import CardCopy
from .state import Legacy, LegacyError

#: the mark family of a starter sticker on its copy (``sticker3``: the catalogue's third entry)
STICKER = "sticker"


def copy_id(card: str, k: int, owner: str = "") -> str:
    """``Spark#3``, or ``Crystal@<sticker id>#1`` for a copy made for a starter sticker."""
    return f"{card}@{owner}#{k}" if owner else f"{card}#{k}"


def marks_of(name: str) -> Counter[str]:
    """The marks a game's card name says its copy bears (none for a plain name)."""
    if not name.endswith("}") or "{" not in name:
        return Counter()
    return Counter(name[name.rindex("{") + 1:-1].split(","))


def name_of(c: CardCopy) -> str:
    """The name the game knows a copy by: its card, with its marks in name order."""
    if not c.marks:
        return c.card
    marks = sorted(m for m, n in c.marks.items() for _ in range(n))
    return f"{c.card}{{{','.join(marks)}}}"


def sticker_mark(doc: Legacy, ref: str) -> str:
    return f"{STICKER}{doc.script.sticker_number(ref)}"


def sticker_table(doc: Legacy) -> dict[str, dict[str, object]]:
    """The starter stickers a game must know to derive its stickered copies, by number."""
    out: dict[str, dict[str, object]] = {}
    for p in doc.stickers:
        if p.kind == "starter" and not p.covered:
            e = doc.script.enhancement(p.ref)
            out[str(doc.script.sticker_number(p.ref))] = {"name": e.name, "changes": [list(ch) for ch in e.changes]}
    return out


def stick(doc: Legacy, card: str, ref: str, onto: str | None) -> CardCopy:
    """C-6 / C-7: a starter sticker goes under a fresh copy of ``card`` (``onto`` None) or
    over the sticker of a copy already enhanced, whose old sticker is then covered. Returns
    the copy as it now is (``doc`` changed)."""
    mark = sticker_mark(doc, ref)
    if onto is None:
        k = 1 + sum(c.card == card and "@" in c.id for c in doc.barracks.copies)
        c = CardCopy(id=copy_id(card, k, "sticker"), card=card, marks={mark: 1})
        doc.barracks.copies.append(c)
        return c
    found = next((c for c in doc.barracks.copies if c.id == onto and "@" in c.id), None)
    if found is None or found.card != card:
        have = [c.id for c in doc.barracks.copies if "@" in c.id and c.card == card]
        raise LegacyError(f"copy: {onto!r} is no enhanced {card} of the Barracks; they are "
                          f"{', '.join(have) or 'none yet (leave copy out for a fresh one)'}")
    for p in doc.stickers:
        if p.kind == "starter" and p.copy == onto and not p.covered:
            p.covered = True  # C-7: the covered sticker's effect is lost
    found.marks = {m: n for m, n in found.marks.items() if not m.startswith(STICKER)}
    found.marks[mark] = 1
    return found


def take_marks(doc: Legacy, supply: list[str], marked: list[str]) -> dict[str, dict[str, int]]:
    """C-17: the marks the game's copies of its supply piles ended with, put on the
    campaign's copies (``doc`` changed). Returns each changed copy's marks, by id."""
    changed: dict[str, dict[str, int]] = {}
    piles = set(supply)
    finals: dict[str, list[Counter[str]]] = {}
    for name in marked:
        card = base_of(name)
        if card in piles:
            finals.setdefault(card, []).append(marks_of(name))
    for card, ends in finals.items():
        mine = [c for c in doc.barracks.copies if c.card == card and "@" not in c.id and c.in_play]
        free = list(mine)
        for end in sorted(ends, key=lambda m: -sum(m.values())):
            fits = [c for c in free if not Counter(c.marks) - end]
            if not fits:
                continue
            best = max(fits, key=lambda c: sum(c.marks.values()))
            free.remove(best)
            now = dict(sorted(end.items()))
            if now != best.marks:
                best.marks = now
                changed[best.id] = dict(now)
    return changed
