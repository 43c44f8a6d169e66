"""All content, indexed by name, checked when first loaded.

Lookups are case-insensitive and an unknown name raises :class:`UnknownName` listing the
closest valid names, so a typo on the command line gets a helpful answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..engine.vocabulary import RULE_KINDS, STEP_KINDS
from ..errors import AmbiguousName, ContentError, UnknownName, close_names
from . import market_setups, starter
from .marked import CARDS as CARDS
from .marked import COUNTED as COUNTED
from .marked import MARK_FAMILIES as MARK_FAMILIES
from .marked import MARKS as MARKS
from .marked import VARIANTS as VARIANTS
from .marked import base_of as base_of
from .marked import marked as marked
from .marked import register_mark as register_mark
from .marked import register_mark_family as register_mark_family
from .marked import register_marked_names as register_marked_names
from .market_setups import MarketSetup
from .model import (
    CARD_TYPES,
    NEMESIS_CARD_TYPES,
    PILE_SIZES,
    UNPLAYED_TYPES,
    WINDOWS,
    Box,
    CardDef,
    CardType,
    ExpeditionScript,
    MageDef,
    Market,
    NemesisCardDef,
    NemesisDef,
    Steps,
    TreasureDef,
)

T = TypeVar("T")



MAGES: dict[str, MageDef] = {}
NEMESES: dict[str, NemesisDef] = {}
NEMESIS_CARDS: dict[str, NemesisCardDef] = {}
MARKETS: dict[str, Market] = {}
TREASURES: dict[str, TreasureDef] = {}  # expedition treasures, by name
SETUPS: dict[str, MarketSetup] = {s.name: s for s in market_setups.SETUPS}
BASICS: dict[str, tuple[str, ...]] = {}  # box -> basic nemesis card names
EXPEDITIONS: dict[str, ExpeditionScript] = {}  # scripted expeditions (XS), by id
UPGRADED: dict[str, tuple[str, ...]] = {}  # box -> upgraded basic nemesis card names (S-10)
#: catalogue name -> the name a person reads, for the nemesis cards whose two differ
SHOWN: dict[str, str] = {}
BOXES: dict[str, Box] = {}  # box id -> its declaration, in load order
#: special decks that belong to no one nemesis (a box's deck of cards it hands out): key -> the
#: player cards it may hold. A game keeps one in ``nemesis.decks`` when its content uses it.
TABLE_DECKS: dict[str, tuple[str, ...]] = {}


def table_deck(key: str, cards: tuple[str, ...]) -> str:
    """Declare a special deck any game may hold whatever its nemesis (its cards are player
    cards, checked when a state loads); returns the key."""
    if TABLE_DECKS.get(key, cards) != cards:
        raise ValueError(f"table deck {key!r} is declared twice, differently")
    TABLE_DECKS[key] = cards
    return key


def _check_steps(owner: str, field: str, steps: Steps, rules: bool = False) -> None:
    """Every step names a step kind with its arity and passes the kind's own ``check`` (the
    parts of a generic step are names in its tables); with ``rules``, a standing-rule kind
    may stand where a mat's or card's rules are written (their nested steps are effects)."""
    if not isinstance(steps, tuple):
        raise ContentError(f"{owner}: field {field} must be a tuple of steps")
    for step in steps:
        if rules and isinstance(step, tuple) and step and step[0] in RULE_KINDS:
            arity = RULE_KINDS[step[0]].arity
        elif not isinstance(step, tuple) or not step or step[0] not in STEP_KINDS:
            what = "a standing rule, not an effect" if step and step[0] in RULE_KINDS else "an unknown effect step"
            raise ContentError(f"{owner}: field {field} has {what}: {step!r}")
        else:
            arity = STEP_KINDS[step[0]].arity
        if len(step) - 1 != arity:
            raise ContentError(
                f"{owner}: field {field} step {step[0]!r} takes {arity} arguments, got {len(step) - 1}")
        check = STEP_KINDS[step[0]].check if step[0] in STEP_KINDS else None
        if check is not None:
            try:
                check(step)
            except ValueError as e:  # a name no table holds, a count that is none
                raise ContentError(f"{owner}: field {field} step {step[0]!r}: {e}") from None
        for arg in step[1:]:
            if isinstance(arg, tuple) and arg and all(isinstance(s, tuple) and s and isinstance(s[0], str)
                                                      for s in arg):
                _check_steps(owner, field, arg)


def check_steps(owner: str, field: str, steps: Steps) -> None:
    """A ContentError naming the first step of ``steps`` that is not a known step kind with
    its arity and parts (steps a game's setup brings, such as a campaign's enhancements)."""
    _check_steps(owner, field, steps)


def _add(table: dict[str, T], key: str, value: T, kind: str) -> None:
    if key in table:
        raise ContentError(f"{kind} {key!r} is defined twice")
    table[key] = value


#: every player card type: the engine's own, then the boxes' (``register_card_type``)
TYPES: dict[str, CardType] = {t: CardType(t, played=t not in UNPLAYED_TYPES, pile=PILE_SIZES.get(t, 0))
                              for t in CARD_TYPES}


#: called with each card type as it registers (the engine's pick filters read ``leave_out``)
TYPE_LISTENERS: list[Callable[[CardType], None]] = []


def register_card_type(t: CardType) -> None:
    """A box's own player card type: how its cards are played and how big its piles are."""
    if not t.name or not t.name.isidentifier() or t.name in TYPES:
        raise ContentError(f"card type {t.name!r}: field name must be a new word, not one of {sorted(TYPES)}")
    if t.pile < 0:
        raise ContentError(f"card type {t.name}: field pile must not be negative, got {t.pile}")
    if t.played == bool(t.unplayed_why):
        raise ContentError(f"card type {t.name}: field unplayed_why says why a card is never played: "
                           f"{'leave it out for a played type' if t.played else 'it is needed'}")
    if t.leave_out and not t.leave_out.isidentifier():
        raise ContentError(f"card type {t.name}: field leave_out must be a filter name, got {t.leave_out!r}")
    TYPES[t.name] = t
    for listener in TYPE_LISTENERS:
        listener(t)
    if not t.played:
        UNPLAYED_TYPES.add(t.name)
    if t.pile:
        PILE_SIZES[t.name] = t.pile


def register_card(c: CardDef) -> None:
    if c.type not in TYPES:
        raise ContentError(f"card {c.name}: field type must be one of {tuple(TYPES)}, got {c.type!r}")
    if c.cost < 0:
        raise ContentError(f"card {c.name}: field cost must not be negative")
    for fname in ("play", "cast", "on_gain", "recall"):
        _check_steps(f"card {c.name}", fname, getattr(c, fname))
    if c.type == "spell" and c.play:
        raise ContentError(f"card {c.name}: a spell has a cast effect, not a play effect")
    for hook in c.while_prepped:
        if hook[0] in ("main", "casting_start", "casting_end", "on_focus", "on_charge"):  # on_focus: Illuminate
            _check_steps(f"card {c.name}", "while_prepped", hook[1])
        elif hook[0] == "reduce_damage":  # Equilibrium: (n,)
            if not isinstance(hook[1], int) or hook[1] <= 0:
                raise ContentError(f"card {c.name}: while_prepped reduce_damage needs a positive amount")
        elif hook[0] == "main_paid":  # Wildfire Whip: (cost, steps)
            _check_steps(f"card {c.name}", "while_prepped", hook[2])
        elif hook[0] == "extra_spark":  # Kindle: (card name,)
            if len(hook) != 2 or not isinstance(hook[1], str):
                raise ContentError(f"card {c.name}: while_prepped extra_spark names the card it admits")
        elif hook[0] == "extra_room":  # Dezmodia's Voidsparks: (n,) more spells may join its breach
            if len(hook) != 2 or not isinstance(hook[1], int) or hook[1] <= 0:
                raise ContentError(f"card {c.name}: while_prepped extra_room needs a positive number of spells")
        elif hook[0] == "on_cheap_cast" and len(hook) == 4 and all(isinstance(n, int) for n in hook[1:3]):
            _check_steps(f"card {c.name}", "while_prepped", hook[3])  # Temporal Strike: (at_most, n, steps)
        elif hook[0] == "gain_to_deck":  # each card gained may go on top of the deck: ()
            if len(hook) != 1:
                raise ContentError(f"card {c.name}: while_prepped gain_to_deck takes nothing")
        else:
            raise ContentError(f"card {c.name}: field while_prepped has unknown hook {hook[0]!r}")
    for hook in c.attached:  # K-2
        if hook[0] == "on_cast" and len(hook) == 2:
            _check_steps(f"card {c.name}", "attached", hook[1])
        elif hook[0] == "on_cast_if_full" and len(hook) == 3 and hook[1] in ("boost", "overheat"):  # K-9
            _check_steps(f"card {c.name}", "attached", hook[2])
        elif not ((hook[0] == "cast_damage" and len(hook) == 3 and isinstance(hook[1], int))
                  or (hook[0] == "two_spells" and len(hook) == 1)):
            raise ContentError(f"card {c.name}: field attached has unknown or malformed hook {hook!r}")
    _add(CARDS, c.name, c, "card")


def register_nemesis_card(c: NemesisCardDef) -> None:
    if c.type not in NEMESIS_CARD_TYPES:
        raise ContentError(f"nemesis card {c.name}: field type {c.type!r} is not one of {NEMESIS_CARD_TYPES}")
    for fname in ("effect", "immediately", "persistent", "power", "to_discard", "blood_magic", "discarded", "passive"):
        _check_steps(f"nemesis card {c.name}", fname, getattr(c, fname), rules=fname == "passive")
    if c.type == "minion" and c.life <= 0 and c.shields <= 0:
        raise ContentError(f"nemesis card {c.name}: field life must be positive for a minion")
    if c.type == "power" and c.power_tokens <= 0:
        raise ContentError(f"nemesis card {c.name}: field power_tokens must be positive for a power")
    if c.shown is not None and (not c.shown.strip() or c.shown == c.name):
        raise ContentError(f"nemesis card {c.name}: field shown must differ from the name, or be left out")
    if c.upgraded and (c.nemesis is not None or c.tier not in (1, 2, 3)):
        raise ContentError(f"nemesis card {c.name}: an upgraded card is a basic card of tier 1 to 3")
    _add(NEMESIS_CARDS, c.name, c, "nemesis card")
    if c.shown is not None:
        SHOWN[c.name] = c.shown


def register_mage(m: MageDef) -> None:
    if m.ability.window not in WINDOWS:
        raise ContentError(f"mage {m.id}: field ability.window {m.ability.window!r} is not one of {WINDOWS}")
    _check_steps(f"mage {m.id}", "ability.steps", m.ability.steps)
    for zone in ("hand", "deck"):
        cards = getattr(m, zone)
        if len(cards) != 5:
            raise ContentError(f"mage {m.id}: field {zone} must list 5 cards")
        for c in cards:
            if c not in CARDS:
                raise ContentError(f"mage {m.id}: field {zone} names unknown card {c!r}")
    if len(m.breaches) != 4:
        raise ContentError(f"mage {m.id}: field breaches must have 4 slots")
    for deck, cards in m.decks.items():  # K-13: the mage's own decks
        for c in cards:
            if c not in CARDS:
                raise ContentError(f"mage {m.id}: deck {deck} names unknown card {c!r}")
    for deck, f in m.deck_faces.items():
        if deck not in m.decks or f not in ("up", "down", "secret"):
            raise ContentError(f"mage {m.id}: deck_faces.{deck} must name one of its decks "
                               f"({', '.join(m.decks) or 'none'}) as up, down or secret, got {f!r}")
    _add(MAGES, m.id, m, "mage")


def register_nemesis(n: NemesisDef) -> None:
    _check_steps(f"nemesis {n.id}", "unleash", n.unleash)
    _check_steps(f"nemesis {n.id}", "end_of_turn", n.end_of_turn)
    for table, tname in ((n.rules, "rules"), (n.increased_difficulty, "increased_difficulty")):
        for key, value in table.items():
            if isinstance(value, tuple):  # a mat rule written as rules (others are plain settings)
                _check_steps(f"nemesis {n.id}", f"{tname}.{key}", value, rules=True)
    for c in n.cards:
        if c not in NEMESIS_CARDS:
            raise ContentError(f"nemesis {n.id}: field cards names unknown card {c!r}")
    for deck, cards in n.special_decks.items():
        for c in cards:
            if c not in NEMESIS_CARDS:
                raise ContentError(f"nemesis {n.id}: special deck {deck} names unknown card {c!r}")
    for deck, holds in n.deck_holds.items():
        if holds not in ("player", "nemesis") and holds not in n.special_decks:
            raise ContentError(f"nemesis {n.id}: deck_holds.{deck} must be player, nemesis or one of its "
                               f"special decks ({', '.join(n.special_decks) or 'none'}), got {holds!r}")
    for deck, face in n.deck_faces.items():
        if deck not in n.special_decks and deck not in n.deck_holds:
            raise ContentError(f"nemesis {n.id}: deck_faces names {deck!r}, which is none of its special decks")
        if face not in ("up", "down", "secret"):
            raise ContentError(f"nemesis {n.id}: deck_faces.{deck} must be up, down or secret, got {face!r}")
    shape = n.deck_shape
    if len(shape) != 3 or not all(isinstance(k, int) and k >= 0 for k in shape):
        raise ContentError(f"nemesis {n.id}: field deck_shape must be three counts (tiers 1, 2, 3), got {shape!r}")
    tiers = tuple(sum(1 for c in n.cards if NEMESIS_CARDS[c].tier == t) for t in (1, 2, 3))
    others = sorted({NEMESIS_CARDS[c].tier for c in n.cards} - {1, 2, 3})
    if tiers != tuple(shape) or others:
        got = "/".join(map(str, tiers)) + (f" and cards of tier {others}" if others else "")
        raise ContentError(f"nemesis {n.id}: field cards must hold {'/'.join(map(str, shape))} cards of "
                           f"tiers 1/2/3 (deck_shape), got {got}")
    _add(NEMESES, n.id, n, "nemesis")


def register_market(m: Market) -> None:
    for c in m.cards:
        if c not in CARDS or CARDS[c].starter:
            raise ContentError(f"market {m.name}: names {c!r}, which is not a supply card")
    _add(MARKETS, m.name, m, "market")


#: tier-1 treasures are gems or spells (X-5 replaces a starter gem or a starter spell)
TREASURE_CARD_TYPES = ("gem", "spell")


def register_treasure(t: TreasureDef) -> None:
    """X-5 / X-14: tier 1 names a starting-deck card of its own (never a supply card), tiers 2
    and 3 hold treasure rules; a ``beside`` pile rule is only for the group's tier 2."""
    where = f"treasure {t.name}"
    if t.tier not in (1, 2, 3):
        raise ContentError(f"{where}: field tier must be 1, 2 or 3, got {t.tier!r}")
    if t.tier == 1:
        c = CARDS.get(t.card or "")
        if c is None:
            raise ContentError(f"{where}: field card must name a registered card, got {t.card!r}")
        if not c.starter or c.type not in TREASURE_CARD_TYPES:
            raise ContentError(f"{where}: its card must be a starting-deck gem or spell (starter=True), "
                               f"never a supply card")
        if t.rules or t.beside is not None:
            raise ContentError(f"{where}: a tier-1 treasure is a card; its rules are the card's")
    else:
        if t.card is not None:
            raise ContentError(f"{where}: only a tier-1 treasure is a card")
        if not t.rules:
            raise ContentError(f"{where}: field rules must hold the treasure's rules")
        for r in t.rules:
            if not isinstance(r, tuple) or not r or r[0] not in RULE_KINDS:
                raise ContentError(f"{where}: field rules has {r!r}, which is no treasure rule")
        _check_steps(where, "rules", t.rules, rules=True)
        if t.beside is not None and t.tier != 2:
            raise ContentError(f"{where}: only the group's tier-2 treasure is set beside a pile")
    _add(TREASURES, t.name, t, "treasure")


def _load_starters() -> None:
    if starter.CARDS[0].name not in CARDS:
        for c in starter.CARDS:
            register_card(c)


def register_box(box: Box) -> None:
    """Add a box's content to the catalogue, checking each entry and the box's own counts.

    Step kinds must be registered first (the box's modules do that on import), since every
    step is checked against the vocabulary. Nothing is added if any entry is refused.
    """
    if box.id in BOXES:
        raise ContentError(f"box {box.id!r} is registered twice")
    for need in box.requires:
        if need not in BOXES:
            raise ContentError(f"box {box.id}: field requires names {need!r}, which is not loaded before it")
    census = box.census()
    for key, want in box.counts.items():
        if key not in census:
            raise ContentError(f"box {box.id}: field counts has unknown key {key!r}; use one of {sorted(census)}")
        if census[key] != want:
            raise ContentError(f"box {box.id}: field counts says {want} {key}, the box holds {census[key]}")
    _load_starters()
    tables: tuple[dict[str, Any], ...] = (CARDS, MAGES, NEMESES, NEMESIS_CARDS, MARKETS, SHOWN, TREASURES, TYPES,
                                          PILE_SIZES)
    saved = [dict(t) for t in tables]
    unplayed = set(UNPLAYED_TYPES)
    try:
        for ct in box.card_types:
            register_card_type(ct)
        for c in box.cards:
            _own(box, c.box, f"card {c.name}")
            register_card(c)
        for nc in (*box.nemesis_cards, *box.basic_cards, *box.upgraded_cards):
            _own(box, nc.box, f"nemesis card {nc.name}")
            if (nc in box.upgraded_cards) != nc.upgraded:
                raise ContentError(f"nemesis card {nc.name}: field upgraded must be set exactly for the "
                                   f"box's upgraded_cards")
            register_nemesis_card(nc)
        for m in box.mages:
            _own(box, m.box, f"mage {m.id}")
            register_mage(m)
        for n in box.nemeses:
            _own(box, n.box, f"nemesis {n.id}")
            register_nemesis(n)
        for mk in box.markets:
            register_market(mk)
        for td in box.treasures:
            _own(box, td.box, f"treasure {td.name}")
            register_treasure(td)
    except ContentError:
        for t, old in zip(tables, saved, strict=True):
            t.clear()
            t.update(old)
        UNPLAYED_TYPES.intersection_update(unplayed)
        raise
    for key, name in box.default_setup.items():
        if key not in ("nemesis", "market"):
            raise ContentError(f"box {box.id}: field default_setup has unknown key {key!r}")
        if name not in (NEMESES if key == "nemesis" else {**MARKETS, **SETUPS}):
            raise ContentError(f"box {box.id}: default_setup {key} {name!r} is not in the catalogue")
    for script in box.expeditions:
        _check_script(box, script)
    BASICS[box.id] = tuple(c.name for c in box.basic_cards if not c.campaign)  # a campaign's own: never dealt
    UPGRADED[box.id] = tuple(c.name for c in box.upgraded_cards)
    BOXES[box.id] = box
    for script in box.expeditions:
        EXPEDITIONS[script.id] = script


def _check_script(box: Box, x: ExpeditionScript) -> None:
    """XS-5: a scripted expedition names only content of the catalogue, in the right roles."""
    where = f"box {box.id}: expedition {x.id}"
    if x.id in EXPEDITIONS:
        raise ContentError(f"{where}: the id is taken")
    if not x.battles:
        raise ContentError(f"{where}: field battles is empty")

    def known(table: dict[str, Any], names: tuple[str, ...], what: str) -> None:
        for n in names:
            if n not in table:
                raise ContentError(f"{where}: {what} {n!r} is not in the catalogue")

    known(MAGES, x.mages, "mage")
    known(CARDS, x.supply, "supply card")
    known(TREASURES, x.treasures, "treasure")
    for k, b in enumerate(x.battles, 1):
        known(NEMESES, (b.nemesis,), f"battle {k}: nemesis")
        known(MAGES, b.reward.mages, f"battle {k}: reward mage")
        known(CARDS, b.reward.supply, f"battle {k}: reward supply card")
        known(TREASURES, b.reward.treasures, f"battle {k}: reward treasure")
        for u in b.upgraded:
            if u not in NEMESIS_CARDS or not NEMESIS_CARDS[u].upgraded:
                raise ContentError(f"{where}: battle {k}: {u!r} is no upgraded basic nemesis card")
        _check_options(f"{where}: battle {k}: options", b.options)


def _check_options(where: str, options: tuple[tuple[str, Any], ...]) -> None:
    """A story battle's ruleset options: known options with values the rules have."""
    from ..engine.ruleset import Ruleset
    from ..errors import RulesetError

    try:
        Ruleset.from_dict(dict(options)).validate()
    except (RulesetError, TypeError, ValueError) as e:
        raise ContentError(f"{where}: {e}") from None


def _own(box: Box, declared: str, what: str) -> None:
    if declared != box.id:
        raise ContentError(f"box {box.id}: {what} says box {declared!r}")


def default_setup(key: str) -> str:
    """The default for a setup field (``nemesis``, ``market``): the first box's that names one."""
    for b in BOXES.values():
        if key in b.default_setup:
            return b.default_setup[key]
    raise ContentError(f"no loaded box names a default {key}")


def box(name: str) -> Box:
    """A box by id or name, case-insensitive (``"ae"``, ``"War Eternal"``)."""
    for b in BOXES.values():
        if name.casefold() in (b.id.casefold(), b.name.casefold()):
            return b
    return _lookup(BOXES, "box", name)


_box = box  # for lookups whose own parameter is called ``box``


def _lookup(table: dict[str, T], kind: str, name: str) -> T:
    if name in table:
        return table[name]
    folded = {k.casefold(): k for k in table}
    if name.casefold() in folded:
        return table[folded[name.casefold()]]
    raise UnknownName(kind, name, close_names(name, table), sorted(table))


def card(name: str) -> CardDef:
    return _lookup(CARDS, "card", name)


def mage(name: str) -> MageDef:
    return _lookup(MAGES, "mage", name)


def nemesis(name: str) -> NemesisDef:
    return _lookup(NEMESES, "nemesis", name)


def nemesis_card(name: str) -> NemesisCardDef:
    return _lookup(NEMESIS_CARDS, "nemesis card", name)


def shown(name: str) -> str:
    """The name a person reads for a nemesis card (or a copy's reference, ``"Name#2"``):
    its ``shown`` name where the catalogue name had to differ, else the name itself."""
    if name in SHOWN:
        return SHOWN[name]
    base, mark, nth = name.rpartition("#")
    if mark and nth.isdigit() and base in SHOWN:
        return f"{SHOWN[base]}#{nth}"
    return name


def _shown_as(said: str) -> list[str]:
    """The catalogue names of the nemesis cards a person reads as ``said`` (case-insensitive)."""
    folded = said.casefold()
    return [n for n in NEMESIS_CARDS if shown(n).casefold() == folded]


def find_nemesis_card(name: str, box: str | None = None) -> NemesisCardDef:
    """A nemesis card a person names: by its shown name (or its catalogue name), with
    ``box`` to choose among cards shown alike; several without a box is AmbiguousName.

    ``nemesis_card`` takes the exact catalogue name (as saves and code write it); this is
    the lookup for what a user types, where ``Mutilate`` may mean either box's card.
    """
    found = _shown_as(name)
    if box is not None:
        bid = _box(box).id
        found = [n for n in found if NEMESIS_CARDS[n].box == bid]
        if not found:
            exact = NEMESIS_CARDS.get(name) or next(
                (c for k, c in NEMESIS_CARDS.items() if k.casefold() == name.casefold()), None)
            if exact is not None and exact.box == bid:
                return exact
            own = {k: c for k, c in NEMESIS_CARDS.items() if c.box == bid}
            raise UnknownName("nemesis card", name, close_names(name, [shown(k) for k in own]),
                              sorted(shown(k) for k in own))
    if len(found) == 1:
        return NEMESIS_CARDS[found[0]]
    if len(found) > 1:
        found.sort(key=lambda n: NEMESIS_CARDS[n].box)
        boxes = [NEMESIS_CARDS[n].box for n in found]
        said = [f"{BOXES[b].name}'s {shown(n)} (catalogue name {n!r})" if b in BOXES else repr(n)
                for n, b in zip(found, boxes, strict=True)]
        raise AmbiguousName("nemesis card", name, found, said, f"name its box too ({' or '.join(boxes)}), "
                                                             "or give the catalogue name")
    return _lookup(NEMESIS_CARDS, "nemesis card", name)


def expedition_script(name: str) -> ExpeditionScript:
    return _lookup(EXPEDITIONS, "scripted expedition", name)


def treasure(name: str) -> TreasureDef:
    return _lookup(TREASURES, "treasure", name)


def market(name: str) -> Market:
    return _lookup(MARKETS, "market", name)


def market_or_setup(name: str) -> Market | MarketSetup:
    """A named market (fixed nine cards) or a market setup (randomizer constraints)."""
    both: dict[str, Market | MarketSetup] = {**MARKETS, **SETUPS}
    return _lookup(both, "market", name)


def supply_cards() -> list[CardDef]:
    """Cards that may form a supply pile (S-8): never starters, never a type without piles,
    never a marked copy (K-9: a game's marks are no printed card of the supply)."""
    return [c for c in CARDS.values() if not c.starter and c.base is None and TYPES[c.type].pile > 0]
