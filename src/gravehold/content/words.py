"""Wordings: the same rules said in another box's words (The New Age's crystal, bind, plot;
Outcasts' hero, nemesis board, TOD …).

The engine and its texts speak the classic terms (gem, prep, power). A later printing names
the same things otherwise, and a player who learnt the game from that printing reads its
words more easily. Rather than a second set of texts, a wording is a list of word swaps
applied to the rendered text as it is shown, so every text the project renders (card text,
prompts, the log, labels) can be said either way and nothing else needs to know.

Names are kept: a catalogue name ("Aether Conduit", "Blind Enigma") never changes, whatever
words it contains; a wording may give a name of its own to a few cards (the starter gem
"Crystal" is a "Splinter" in the New Age words, since there "crystal" names the gem type).

A box declares the wording its own printing uses (``Box.words``). The choice a user makes:

- ``classic``: the classic terms everywhere;
- ``new_age``: the New Age terms everywhere;
- ``outcasts``: the terms of the Outcasts rulebook, which keeps the classic card terms and
  renames a few pieces of the table (a mage is a hero, the nemesis mat a nemesis board, the
  turn order deck the TOD, glyph tokens sigils, the stop decks of an expedition stacks);
- ``auto`` (the default): in a game, the words of its nemesis' box, resolved once
  (:func:`game_words`) and used for every text of that game, whatever box a card comes
  from: card faces, prompts, the log, board labels, the card a dialog shows, on the
  terminal board, with ``--plain`` and on the web board, so one screen never mixes the two
  sets. Where there is no game (``gravehold cards`` and the other catalogue commands, the
  catalogue in the browser) each entry is said in its own box's words (:func:`resolve`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache, lru_cache, partial

from ..errors import ContentError, GraveholdError
from . import registry

CHOICES = ("auto", "classic", "new_age", "outcasts")
#: each wording as a menu or a notice names it
NAMED = {"auto": "auto", "classic": "classic", "new_age": "New Age", "outcasts": "Outcasts"}

_N = {"2": "2", "twice": "2", "three times": "3", "four times": "4"}


Swap = tuple[str, str | Callable[[re.Match[str]], str]]


def _plural(one: str, many: str) -> Callable[[re.Match[str]], str]:
    return lambda m: many if m.group(0).endswith("s") else one


def _swaps(wording: str) -> tuple[Swap, ...]:
    """The words of ``wording`` for the classic terms, as (pattern, replacement) in the order applied."""
    return _outcasts_swaps() if wording == "outcasts" else _new_age_swaps()


def _outcasts_swaps() -> tuple[Swap, ...]:
    """The Outcasts rulebook's names for pieces of the table; its card terms are the classic ones."""
    return (
        (r"player reference cards?", _plural("reference card", "reference cards")),
        (r"player mats?", _plural("hero board", "hero boards")),
        (r"nemesis mats?", _plural("nemesis board", "nemesis boards")),
        (r"turn order deck", "TOD"),
        (r"glyph tokens?", _plural("sigil token", "sigil tokens")),
        (r"glyphs?", _plural("sigil", "sigils")),
        (r"stop decks?", _plural("stack", "stacks")),
        (r"Nest Mat", "Hive board"),
        (r"mages", "heroes"), (r"mage", "hero"),
    )


def _new_age_swaps() -> tuple[Swap, ...]:
    """The New Age words of the classic terms, as (pattern, replacement) in the order applied.

    Longer phrases come first, so "While prepped:" is one swap, not "prepped" inside it.
    A pattern is matched whole-word; its replacement keeps a leading capital (``_cased``).
    """
    return (
        (r"While prepped:", "BOUND:"),
        (r"TO DISCARD:", "PREVENT:"),
        (r"PERSISTENT:", "RUSH:"),
        (r"POWER (\d+):", r"TIME \1:"),
        (r"power tokens?", lambda m: "time markers" if m.group(0).endswith("s") else "time marker"),
        (r"Unleash (twice|three times|four times)", lambda m: f"SPECIAL {_N[m.group(1)]}"),
        (r"Unleashes", "resolves SPECIAL"),
        (r"Unleash", "SPECIAL"),
        (r"charge slots", "energy bar"),
        (r"a charge", "1 energy"),  # energy is not counted by the piece
        (r"charges?", "energy"),
        (r"a relic", "an artifact"),  # the article follows the new word
        (r"gems?", lambda m: "crystals" if m.group(0).endswith("s") else "crystal"),
        (r"relics?", lambda m: "artifacts" if m.group(0).endswith("s") else "artifact"),
        (r"minions?", lambda m: "monsters" if m.group(0).endswith("s") else "monster"),
        (r"powers?", lambda m: "plots" if m.group(0).endswith("s") else "plot"),
        (r"prepped", "bound"), (r"prepping", "binding"), (r"preps", "binds"), (r"prep", "bind"),
        (r"focused", "bundled"), (r"focusing", "bundling"), (r"focuses", "bundles"), (r"focus", "bundle"),
        (r"opened", "active"), (r"closed", "dark"),
        (r"opens", "activates"), (r"opening", "activating"), (r"open", "activate"),
        (r"life", "health"),
        (r"tiers?", lambda m: "levels" if m.group(0).endswith("s") else "level"),
        (r"upgraded basic", "UPGRADED"), (r"basic", "GENERAL"),
        (r"starting hand", "STARTHAND"), (r"starting deck", "STARTDECK"),
    )


#: wording -> the names it gives to catalogue entries
NAMES: dict[str, dict[str, str]] = {"classic": {}, "new_age": {"Crystal": "Splinter"}, "outcasts": {}}


def check(choice: str) -> str:
    """``choice`` if it is a wording a user may pick, else a clear error naming the choices."""
    spelled = choice.replace("-", "_").lower()
    if spelled not in CHOICES:
        spellings = ", ".join(c.replace("_", "-") for c in CHOICES)
        raise GraveholdError(f"unknown wording {choice!r}; use one of {spellings}")
    return spelled


def of_box(box: str | None) -> str:
    """The wording a box's own printing uses (classic for no box)."""
    b = registry.BOXES.get(box) if box else None
    return b.words if b is not None else "classic"


def resolve(choice: str, box: str | None) -> str:
    """The wording to use for something of ``box``, given the user's ``choice``."""
    return of_box(box) if choice == "auto" else choice


def game_words(choice: str, nemesis: str) -> str:
    """The one wording of every text of a game: ``auto`` is the nemesis' box's words."""
    return resolve(choice, registry.NEMESES[nemesis].box if nemesis in registry.NEMESES else None)


def shown_name(name: str, wording: str) -> str:
    """The name a wording gives a catalogue entry (the entry's own name for most)."""
    return NAMES.get(wording, {}).get(name, name)


def say(text: str, wording: str) -> str:
    """``text`` in ``wording``: classic text is returned as it is."""
    if wording == "classic" or not text:
        return text
    return _sayer(wording, len(registry.CARDS), len(registry.NEMESIS_CARDS), len(registry.MAGES))(text)


@cache
def _sayer(wording: str, *_catalogue_size: int) -> Callable[[str], str]:
    """One compiled pass per wording and catalogue (names are kept whole; see the module)."""
    if wording not in NAMES:
        raise ContentError(f"unknown wording {wording!r}; use one of {', '.join(CHOICES)}")
    swaps = [(re.compile(rf"(?<![\w-])(?:{p})(?![\w-])", re.IGNORECASE), r) for p, r in _swaps(wording)]
    renames = NAMES[wording]

    def swap_words(part: str) -> str:
        for pattern, repl in swaps:
            part = pattern.sub(partial(_cased, repl=repl), part)
        return part

    # only the names a swap would change need keeping whole (a few dozen of the catalogue's)
    names = sorted({n for n in _names() if n in renames or swap_words(n) != n}, key=len, reverse=True)
    kept = re.compile("|".join(rf"(?<![\w']){re.escape(n)}(?![\w'])" for n in names)) if names else None

    @lru_cache(maxsize=16384)  # the boards say the same texts at every refresh
    def say(text: str) -> str:
        if kept is None:
            return swap_words(text)
        out, at = [], 0
        for m in kept.finditer(text):
            out.append(swap_words(text[at:m.start()]))
            out.append(renames.get(m.group(0), m.group(0)))
            at = m.end()
        out.append(swap_words(text[at:]))
        return "".join(out)

    return say


def _cased(m: re.Match[str], repl: str | Callable[[re.Match[str]], str]) -> str:
    """The replacement of one match, keeping the match's case: ``Gem`` → ``Crystal``,
    ``GEM`` → ``CRYSTAL``; a replacement with capitals of its own (``BOUND:``, ``resolves
    SPECIAL``) stays as written."""
    got = repl(m) if callable(repl) else m.expand(repl)
    word = m.group(0)
    if any(ch.isupper() for ch in got) or not word[:1].isalpha():
        return got
    if word.isupper() and len(word) > 1:
        return got.upper()
    if word[0].isupper():
        return got[0].upper() + got[1:]
    return got


def _names() -> Iterable[str]:
    yield from registry.CARDS
    yield from registry.NEMESIS_CARDS
    for m in registry.MAGES.values():
        yield m.name
        yield m.ability.name
    for n in registry.NEMESES.values():
        yield n.name
    for b in registry.BOXES.values():
        yield b.name
