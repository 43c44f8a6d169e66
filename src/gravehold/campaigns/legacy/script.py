"""Campaign scripts: the story data a Legacy campaign runs on, as one checked document.

The printed campaign's content (the narrative books, the sticker sheets, the map and its
reward tables, the first-game sheet, what each stop deck and envelope holds) is in no
source the project has (C-18). So the campaign is an engine that runs *scripts*: a script
says which mages serve each city (C-3), what the Barracks starts with and what each sealed
pack unlocks (C-4, C-11), the graph of steps (battles, passages, unlocks, awards, choices,
rule modules, spending), the enhancement catalogue and the vestiges (C-6, C-9), and the
fire reward tables (C-13). The project ships its own script (``scripts/project.toml``); an
owner of the box may type the printed one in and play it here (``docs/campaign-format.md``).

A script is read from TOML or JSON, then checked twice: its shape by its types (msgspec:
a wrong type, an unknown field, a missing one), then its meaning by :func:`check` (every
name in the catalogue, every step id reached, every enhancement's fields fitting its
kind, every rule in the engine's vocabulary). Each fault is a :class:`ScriptError` naming
the field (``steps[3].nemesis``), so a typed-in script tells its typist where it is wrong.
The script is copied whole into the campaign's document, so a campaign keeps playing by
the script it started with, and an export carries it to another machine.
"""

from __future__ import annotations

import json
import tomllib
import zlib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, field

from ...content import registry as content
from ...content.model import PILE_SIZES
from ...engine.schema import Name, Names
from ...engine.state import tupled
from ...errors import GraveholdError
from ..docs import Doc

#: the version of the script format; a script of another is refused by name
FORMAT = 1
#: the most bytes a script file may hold (the printed campaign typed in is far smaller)
MAX_BYTES = 2_000_000

Id = Annotated[str, Meta(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.:-]*$")]
Text = Annotated[str, Meta(max_length=2000)]
Amount = Annotated[int, Meta(ge=0, le=1000)]
StepKind = Literal["battle", "passage", "unlock", "award", "choice", "rule", "spend", "branch", "end"]
EnhancementKind = Literal["breach", "personal", "relationship", "starter", "general"]
#: what a group may buy or be given, in C-6's words
KINDS: tuple[EnhancementKind, ...] = ("breach", "personal", "relationship", "starter", "general")


class ScriptError(GraveholdError):
    """A campaign script that cannot be played; the message names the field."""


class Players(Doc):
    """C-2: how many players the script allows (a campaign keeps the count it starts with)."""

    min: Annotated[int, Meta(ge=1, le=4)] = 1
    max: Annotated[int, Meta(ge=1, le=4)] = 4


class City(Doc):
    """C-3: a city a group may serve, and the mages available when it starts there."""

    mages: Names = field(default_factory=list)


class Pack(Doc):
    """C-4 / C-11: content that enters the Barracks together: the start, or a sealed pack
    (a stop deck or an envelope) opened by an ``unlock`` step. ``supply`` counts the copies
    of each supply card; ``basics`` and ``upgraded`` are nemesis cards the battles' decks
    draw from; ``enhancements`` are catalogue ids that become buyable."""

    mages: Names = field(default_factory=list)
    supply: dict[Name, Annotated[int, Meta(ge=1, le=20)]] = field(default_factory=dict)
    basics: Names = field(default_factory=list)
    upgraded: Names = field(default_factory=list)
    enhancements: list[Id] = field(default_factory=list)


class Enhancement(Doc):
    """C-6: one sticker of the catalogue. ``city`` is the affiliation it serves (breach,
    starter and general stickers serve only mages of it); ``breach`` the breach number a
    breach sticker goes on; ``mage`` the mage a relationship sticker names; ``card`` the
    starter card a starter sticker goes under. ``rules`` are lasting rules in the engine's
    treasure-rule vocabulary; ``changes`` a starter sticker's changes to its copy (K-9's
    change shapes). ``sealed``: buyable only once a pack lists it."""

    id: Id
    name: Annotated[str, Meta(min_length=1, max_length=80)]
    kind: EnhancementKind
    price: Amount
    city: Name | None = None
    breach: Annotated[int, Meta(ge=1, le=4)] | None = None
    mage: Name | None = None
    card: Name | None = None
    rules: list[Any] = field(default_factory=list)
    changes: list[Any] = field(default_factory=list)
    sealed: bool = False


class Vestige(Doc):
    """C-9: a sticker the story gives for a severed mage, at no cost. ``space``: in the
    ability section (its rules resolve right after that mage's ability, written as
    ``after_ability`` rules) or in one of the two enhancement spaces."""

    id: Id
    name: Annotated[str, Meta(min_length=1, max_length=80)]
    space: Literal["ability", "enhancement"] = "enhancement"
    rules: list[Any] = field(default_factory=list)


class FireRow(Doc):
    """C-13: the village's reward when it holds at most ``fire`` fire tokens."""

    fire: Annotated[int, Meta(ge=0, le=10)]
    experience: Amount = 0


class FirstGame(Doc):
    """C-12: a battle set up from a sheet: the mages, the supply, and the nemesis deck
    prebuilt, top first, not shuffled (its first try only; a replay builds it by S-6)."""

    mages: Names = field(default_factory=list)
    supply: Names = field(default_factory=list)
    deck: Names = field(default_factory=list)


class Option(Doc):
    """A choice's option: what the group reads, and where it leads."""

    label: Annotated[str, Meta(min_length=1, max_length=200)]
    next: Id


class Step(Doc):
    """One step of the story. Which fields a step may set depends on its ``kind``
    (``docs/campaign-format.md`` has the table); ``next`` is the step that follows (by
    default the next one in the list)."""

    id: Id
    kind: StepKind
    next: Id | None = None
    text: Text = ""
    # battle
    nemesis: Name | None = None
    replay_loss: bool = True
    #: C-15: the most tries a battle is fought when a loss is replayed (then the story moves on)
    tries: Annotated[int, Meta(ge=1, le=100)] = 1
    experience: dict[Literal["win", "loss"], Amount] = field(default_factory=dict)
    fire: Id | None = None
    on_loss: Id | None = None
    first_game: FirstGame | None = None
    severed: Id | None = None
    # unlock
    packs: list[Id] = field(default_factory=list)
    # award
    gain: Amount = 0
    # choice
    options: list[Option] = field(default_factory=list)
    # rule
    rules: dict[Name, Any] = field(default_factory=dict)
    # branch (by the group's city)
    cities: dict[Name, Id] = field(default_factory=dict)


class Script(Doc):
    """A whole campaign script (``docs/campaign-format.md``)."""

    format: int
    id: Id
    title: Annotated[str, Meta(min_length=1, max_length=200)]
    steps: Annotated[list[Step], Meta(min_length=1, max_length=500)]
    cities: dict[Name, City]
    #: who wrote it, shown with the campaign (the shipped one says it is the project's own)
    label: Text = ""
    players: Players = field(default_factory=Players)
    ruleset: Name = "log"
    start: Pack = field(default_factory=Pack)
    packs: dict[Id, Pack] = field(default_factory=dict)
    enhancements: list[Enhancement] = field(default_factory=list)
    vestiges: list[Vestige] = field(default_factory=list)
    fire: dict[Id, list[FireRow]] = field(default_factory=dict)
    #: C-6: general stickers each city's edge of the map holds (a new one then covers one)
    general_slots: Annotated[int, Meta(ge=1, le=20)] = 4

    # ------------------------------------------------------------------ lookups
    def step(self, sid: str) -> Step:
        for s in self.steps:
            if s.id == sid:
                return s
        raise ScriptError(f"steps: no step {sid!r}")

    def after(self, sid: str) -> str | None:
        """The step that follows ``sid`` when it names none: the next one in the list."""
        ids = [s.id for s in self.steps]
        k = ids.index(sid)
        s = self.steps[k]
        if s.next is not None:
            return s.next
        return ids[k + 1] if k + 1 < len(ids) else None

    def enhancement(self, eid: str) -> Enhancement:
        for e in self.enhancements:
            if e.id == eid:
                return e
        raise ScriptError(f"enhancements: no enhancement {eid!r}; the catalogue has "
                          f"{', '.join(e.id for e in self.enhancements) or 'none'}")

    def vestige(self, vid: str) -> Vestige:
        for v in self.vestiges:
            if v.id == vid:
                return v
        raise ScriptError(f"vestiges: no vestige {vid!r}")

    def sticker_number(self, eid: str) -> int:
        """The number a starter sticker's mark carries in a game (``sticker<n>``): a checksum
        of its name and changes. A game's sticker numbers are shared by every game of the
        process (a number keeps its first definition), so two scripts, or two versions of
        one, must never give one number two meanings; the same sticker always gets the
        same number, on any machine."""
        e = self.enhancement(eid)
        return zlib.crc32(json.dumps([e.name, e.changes], sort_keys=True).encode()) + 1

    def city_of(self, mage: str) -> str | None:
        """C-3: a mage's affiliation: the city whose list names it, else its mat's city."""
        for name, city in self.cities.items():
            if mage in city.mages:
                return name
        m = content.MAGES.get(mage)
        return m.city if m is not None else None


# ------------------------------------------------------------------ reading
def parse(data: Mapping[str, Any] | str | bytes, where: str = "script") -> Script:
    """A script from its parsed form or its text (TOML, or JSON when it starts with ``{``),
    its shape checked; a ScriptError naming the field otherwise. Meaning: :func:`check`."""
    if isinstance(data, (str, bytes)):
        text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
        if len(text) > MAX_BYTES:
            raise ScriptError(f"{where}: a script holds at most {MAX_BYTES} bytes")
        try:
            obj: Any = json.loads(text) if text.lstrip().startswith("{") else tomllib.loads(text)
        except (ValueError, tomllib.TOMLDecodeError) as e:
            raise ScriptError(f"{where}: not valid TOML or JSON ({e})") from None
    else:
        obj = data
    if not isinstance(obj, dict):
        raise ScriptError(f"{where}: must be a table of fields")
    if obj.get("format") != FORMAT:
        raise ScriptError(f"{where}.format: this version reads script format {FORMAT}, got {obj.get('format')!r}")
    try:
        return msgspec.convert(obj, Script)
    except msgspec.ValidationError as e:
        msg = str(e)
        path = msg.rsplit("at `$", 1)
        if len(path) == 2:
            raise ScriptError(f"{where}{path[1].rstrip('`')}: {path[0].rstrip(' -')}") from None
        raise ScriptError(f"{where}: {msg}") from None


def load(path: str | Path) -> Script:
    """A script file, read and checked whole (shape and meaning)."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as e:
        raise ScriptError(f"script file {p.name}: cannot be read ({e.strerror or e})") from None
    script = parse(raw, "script")
    check(script)
    return script


#: the scripts the project ships, by id (``gravehold campaign new --script project``)
SHIPPED = {"project": "project.toml"}


def shipped(name: str = "project") -> Script:
    """A script shipped with the package, checked."""
    if name not in SHIPPED:
        raise ScriptError(f"script: no shipped script {name!r}; the shipped ones are {', '.join(SHIPPED)}, "
                          "or give a file")
    text = resources.files(__package__).joinpath("scripts", SHIPPED[name]).read_text("utf-8")
    script = parse(text, "script")
    check(script)
    return script


def find(name: str) -> Script:
    """A shipped script by id, or a script file by path."""
    if name in SHIPPED:
        return shipped(name)
    return load(name)


# ------------------------------------------------------------------ meaning
def _name(where: str, kind: str, name: str, table: Mapping[str, Any]) -> None:
    if name not in table:
        raise ScriptError(f"{where}: unknown {kind} {name!r}")


def _supply(where: str, name: str) -> None:
    card = content.CARDS.get(name)
    if card is None or card.base is not None:
        raise ScriptError(f"{where}: unknown supply card {name!r}")
    if card.type not in ("gem", "relic", "spell"):
        raise ScriptError(f"{where}: {name} is a {card.type}, not a gem, relic or spell of a supply pile")
    size = PILE_SIZES.get(card.type, 0)
    if size <= 0:
        raise ScriptError(f"{where}: {name} has no supply pile")


def _pack(where: str, p: Pack, ids: set[str]) -> None:
    for k, m in enumerate(p.mages):
        _name(f"{where}.mages[{k}]", "mage", m, content.MAGES)
    for name, n in p.supply.items():
        _supply(f"{where}.supply.{name}", name)
        size = PILE_SIZES[content.CARDS[name].type]
        if n > size:
            raise ScriptError(f"{where}.supply.{name}: a pile holds at most {size} copies (S-8), got {n}")
    for key in ("basics", "upgraded"):
        for k, c in enumerate(getattr(p, key)):
            _name(f"{where}.{key}[{k}]", "nemesis card", c, content.NEMESIS_CARDS)
    for k, e in enumerate(p.enhancements):
        if e not in ids:
            raise ScriptError(f"{where}.enhancements[{k}]: no enhancement {e!r} in the catalogue")


def _rules(where: str, rules: list[Any]) -> None:
    """Each rule one an enhancement may hold, whole: the engine's own check
    (``keywords.enhancements.rule_fault``), the one every battle's setup asks again."""
    from ...engine.keywords.enhancements import rule_fault

    for k, r in enumerate(rules):
        why = rule_fault(tupled(r))
        if why is not None:
            raise ScriptError(f"{where}[{k}]: {why}")


def _enhancement(where: str, e: Enhancement, cities: set[str]) -> None:
    wants = {"breach": "breach", "relationship": "mage", "starter": "card"}
    for key in ("breach", "mage", "card"):
        if getattr(e, key) is not None and wants.get(e.kind) != key:
            raise ScriptError(f"{where}.{key}: only a {next(k for k, v in wants.items() if v == key)} "
                              f"enhancement names one; this is a {e.kind} enhancement")
    need = wants.get(e.kind)
    if need is not None and getattr(e, need) is None:
        raise ScriptError(f"{where}.{need}: a {e.kind} enhancement names its {need}")
    if e.kind in ("breach", "starter", "general") and e.city is None:
        raise ScriptError(f"{where}.city: a {e.kind} enhancement serves the mages of one city (C-6); name it")
    if e.city is not None and e.city not in cities:
        raise ScriptError(f"{where}.city: {e.city!r} is not a city of this script ({', '.join(sorted(cities))})")
    if e.mage is not None:
        _name(f"{where}.mage", "mage", e.mage, content.MAGES)
    if e.kind == "starter":
        assert e.card is not None
        _name(f"{where}.card", "card", e.card, content.CARDS)
        if e.rules:
            raise ScriptError(f"{where}.rules: a starter sticker changes its copy; write its effect as changes")
        if not e.changes:
            raise ScriptError(f"{where}.changes: a starter sticker changes its copy; list its changes")
        from ...engine.keywords.stickers import change_fault

        for k, ch in enumerate(e.changes):
            why = change_fault(tupled(ch))
            if why is not None:
                raise ScriptError(f"{where}.changes[{k}]: {why}")
    else:
        if e.changes:
            raise ScriptError(f"{where}.changes: only a starter enhancement changes a card; use rules")
        if not e.rules:
            raise ScriptError(f"{where}.rules: an enhancement does something; list its rules")
        _rules(f"{where}.rules", e.rules)


_STEP_FIELDS: dict[str, tuple[str, ...]] = {
    "battle": ("nemesis", "replay_loss", "tries", "experience", "fire", "on_loss", "first_game", "severed"),
    "unlock": ("packs",), "award": ("gain",), "choice": ("options",), "rule": ("rules",),
    "branch": ("cities",), "passage": (), "spend": (), "end": (),
}
_DEFAULTS = Step(id="x", kind="end")


def _step(where: str, s: Step, script: Script, ids: set[str]) -> None:
    allowed = _STEP_FIELDS[s.kind]
    for key in {k for fields in _STEP_FIELDS.values() for k in fields}:
        if key not in allowed and getattr(s, key) != getattr(_DEFAULTS, key):
            raise ScriptError(f"{where}.{key}: a {s.kind} step has no {key}")
    for key in ("next", "on_loss"):
        target = getattr(s, key)
        if target is not None and target not in ids:
            raise ScriptError(f"{where}.{key}: no step {target!r}")
    if s.kind == "battle":
        if s.nemesis is None:
            raise ScriptError(f"{where}.nemesis: a battle names its nemesis")
        _name(f"{where}.nemesis", "nemesis", s.nemesis, content.NEMESES)
        if s.fire is not None and s.fire not in script.fire:
            raise ScriptError(f"{where}.fire: no fire reward table {s.fire!r}")
        if s.severed is not None and s.severed not in {v.id for v in script.vestiges}:
            raise ScriptError(f"{where}.severed: no vestige {s.severed!r}")
        fg = s.first_game
        if fg is not None:
            for k, m in enumerate(fg.mages):
                _name(f"{where}.first_game.mages[{k}]", "mage", m, content.MAGES)
            for k, c in enumerate(fg.supply):
                _supply(f"{where}.first_game.supply[{k}]", c)
            for k, c in enumerate(fg.deck):
                _name(f"{where}.first_game.deck[{k}]", "nemesis card", c, content.NEMESIS_CARDS)
    elif s.kind == "unlock":
        if not s.packs:
            raise ScriptError(f"{where}.packs: an unlock opens at least one pack")
        for k, p in enumerate(s.packs):
            if p not in script.packs:
                raise ScriptError(f"{where}.packs[{k}]: no pack {p!r}")
    elif s.kind == "choice":
        if len(s.options) < 2:
            raise ScriptError(f"{where}.options: a choice offers two options or more")
        for k, o in enumerate(s.options):
            if o.next not in ids:
                raise ScriptError(f"{where}.options[{k}].next: no step {o.next!r}")
    elif s.kind == "branch":
        for city, target in s.cities.items():
            if city not in script.cities:
                raise ScriptError(f"{where}.cities.{city}: not a city of this script")
            if target not in ids:
                raise ScriptError(f"{where}.cities.{city}: no step {target!r}")
        missing = sorted(set(script.cities) - set(s.cities))
        if missing:
            raise ScriptError(f"{where}.cities: says nothing for {', '.join(missing)}")
    elif s.kind == "rule":
        from ...engine.ruleset import resolve

        if not s.rules:
            raise ScriptError(f"{where}.rules: a rule step switches at least one rule module on")
        try:
            resolve({"preset": script.ruleset, **s.rules})
        except GraveholdError as e:
            raise ScriptError(f"{where}.rules: {e}") from None


def check(script: Script) -> None:
    """Everything the types cannot say: names, references, kinds (a ScriptError names the
    field). A script that passes can be played from its first step to an ``end``."""
    if script.players.min > script.players.max:
        raise ScriptError("script.players: min is more than max")
    if not script.cities:
        raise ScriptError("script.cities: a campaign serves at least one city (C-3)")
    from ...engine.ruleset import resolve

    try:
        resolve(script.ruleset)
    except GraveholdError as err:
        raise ScriptError(f"script.ruleset: {err}") from None
    for name, city in script.cities.items():
        for k, m in enumerate(city.mages):
            _name(f"script.cities.{name}.mages[{k}]", "mage", m, content.MAGES)
    enh_ids = [e.id for e in script.enhancements]
    if len(set(enh_ids)) != len(enh_ids):
        dup = next(i for i in enh_ids if enh_ids.count(i) > 1)
        raise ScriptError(f"script.enhancements: the id {dup!r} is used twice")
    ids = set(enh_ids)
    _pack("script.start", script.start, ids)
    for pid, p in script.packs.items():
        _pack(f"script.packs.{pid}", p, ids)
    for k, e in enumerate(script.enhancements):
        _enhancement(f"script.enhancements[{k}]", e, set(script.cities))
    vids = [v.id for v in script.vestiges]
    if len(set(vids)) != len(vids):
        raise ScriptError("script.vestiges: an id is used twice")
    for k, v in enumerate(script.vestiges):
        if not v.rules:
            raise ScriptError(f"script.vestiges[{k}].rules: a vestige does something; list its rules")
        _rules(f"script.vestiges[{k}].rules", v.rules)
        if v.space == "ability" and any(r[0] != "after_ability" for r in v.rules):
            raise ScriptError(f"script.vestiges[{k}].rules: a vestige in the ability section resolves after the "
                              "ability (C-9): write its rules as after_ability")
    for tid, rows in script.fire.items():
        if not rows:
            raise ScriptError(f"script.fire.{tid}: a reward table has at least one row")
        if [r.fire for r in rows] != sorted({r.fire for r in rows}):
            raise ScriptError(f"script.fire.{tid}: rows go from the fewest fire tokens up, each once")
    step_ids = [s.id for s in script.steps]
    if len(set(step_ids)) != len(step_ids):
        dup = next(i for i in step_ids if step_ids.count(i) > 1)
        raise ScriptError(f"script.steps: the id {dup!r} is used twice")
    known = set(step_ids)
    for k, s in enumerate(script.steps):
        _step(f"script.steps[{k}]", s, script, known)
    if not any(s.kind == "end" for s in script.steps):
        raise ScriptError("script.steps: no end step; a campaign must be able to end")
    last = script.steps[-1]
    if last.kind not in ("end", "choice", "branch") and last.next is None:
        raise ScriptError(f"script.steps[{len(script.steps) - 1}]: the last step leads nowhere; give it a next, "
                          "or end the list with an end step")
