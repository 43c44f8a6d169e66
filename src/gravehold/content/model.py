"""Content records: what a card, mage or nemesis *is*, as plain frozen data.

Behaviour is a tuple of effect steps. A step is a tuple whose first item names an
operation of the engine's effect vocabulary (``gravehold.engine.effects``) and whose
other items are its arguments, e.g. ``("aether", 2)`` or ``("damage", 3)``. The text a
user reads is rendered from these steps by :mod:`gravehold.content.text`, so wording and
behaviour cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

#: One effect step: its kind's name (``engine.vocabulary``) and the kind's arguments, plain
#: data (names, numbers, nested steps). Defined here, in the lowest module that holds steps
#: (a card's definition), and imported by every module that reads them.
Step = tuple[Any, ...]
#: A card's (or a rule's) steps, resolved first to last.
Steps = tuple[Step, ...]

#: the player card types of every box; a box adds its own (``Box.card_types``, a ``CardType``)
CARD_TYPES = ("gem", "relic", "spell")
#: player card types that are never played from the hand (their nemesis resolves them): a
#: box's own card type that is never played joins them as it registers (``CardType``)
UNPLAYED_TYPES: set[str] = set()
#: supply card type -> the cards of one of its piles (S-8); a box's own type adds its size
PILE_SIZES: dict[str, int] = {"gem": 7, "relic": 5, "spell": 5}


@dataclass(frozen=True)
class CardType:
    """A player card type a box adds (``Box.card_types``), beside gem, relic and spell.

    ``played``: a card of it is played from the hand like a gem or relic (P-7), its ``play``
    steps resolving, and put on the discard in the draw phase; else it is never played, and
    ``unplayed_why`` says why when a player tries (``{card}`` stands for the card's name).
    ``pile``: the cards of its supply pile (S-8), or 0 when it is never a supply pile.
    ``leave_out``: the name of a pick filter (``engine.generic``) that every card but this
    type's passes, e.g. ``"not_corruption"`` for "discard a card, never a corruption".
    """

    name: str
    played: bool = True
    pile: int = 0
    unplayed_why: str = ""
    leave_out: str = ""
#: how a nemesis' special deck lies (``NemesisDef.deck_faces``); face down when not named
DeckFace = Literal["up", "down", "secret"]
NEMESIS_CARD_TYPES = ("attack", "minion", "power", "strike", "corruption")

#: Ability windows (P-10): when a mage with full charges may activate. ``ally_main``: the main
#: phase of any ally (in true solo, your own: SO-1); ``your_casting_main``: your casting or
#: your main phase; ``after_turn_order_shuffle``: right after the turn order deck is shuffled
#: (its discard shuffled back, or a card shuffled into it), before any card of it is drawn.
WINDOWS = ("your_main", "any_main", "ally_main", "your_casting_main", "nemesis_draw", "after_turn_order_draw",
           "your_draw_end", "after_turn_order_shuffle")


@dataclass(frozen=True)
class CardDef:
    """A player card (starter, unique starter or supply card)."""

    name: str
    type: str  # gem | relic | spell
    cost: int
    box: str
    play: Steps = ()  # gem / relic effect when played (P-7)
    cast: Steps = ()  # spell effect when cast (P-2)
    on_gain: Steps = ()  # resolved when the card is gained on your turn
    #: while-prepped hooks: ("main", steps) a main-phase action usable once per turn;
    #: ("casting_start", steps) a trigger at the start of the owner's casting phase;
    #: ("extra_spark", name) lets one card of that name share this spell's breach (Kindle);
    #: ("extra_room", n) lets n more spells of any name share it (Dezmodia's Voidsparks);
    #: ("casting_end", steps) a trigger at the end of the owner's casting phase (Lava Tendril);
    #: ("main_paid", cost, steps) a main-phase action, any number of times, each for
    #: ``cost`` aether (Wildfire Whip);
    #: ("on_focus", steps) when the owner focuses or opens one of their breaches on their
    #: own turn (Illuminate); ("on_charge", steps) the first time each turn the owner gains a
    #: charge on their own turn; ("reduce_damage", n) damage the owner suffers is n less,
    #: never below 1 (Equilibrium); ("on_cheap_cast", at_most, n, steps) each spell costing
    #: ``at_most`` Æ or less its owner casts deals n more damage with each source (P-20), and
    #: ``steps`` resolve after its Cast effect, for that spell (Temporal Strike).
    while_prepped: tuple[Step, ...] = ()
    #: K-2 while attached under a breach (``engine/keywords/attach.py``): ("on_cast", steps)
    #: the caster of a spell cast from that breach resolves steps; ("cast_damage", n, discard)
    #: that spell deals n more with each source, and the card leaves when ``discard``;
    #: ("two_spells",) that breach holds up to two spells; ("on_cast_if_full", mark, steps) as
    #: on_cast, only while the card is fully boosted / overheated (K-9, Brimstone Battery).
    attached: tuple[Step, ...] = ()
    two_breaches: bool = False  # must be prepped across two adjacent breaches
    prep_closed: bool = False  # may be prepped to any closed breach, focused or not (Feral Lightning)
    link: bool = False  # K-1
    echo: bool = False  # P-5: the Cast effect resolves twice
    #: K-4: the Recall effect, usable from the owner's discard pile (``engine/keywords/recall.py``)
    recall: Steps = ()
    starter: bool = False  # never in the supply (S-2)
    mage: str | None = None  # owner of a unique starting card
    #: the city a supply card comes from, in a box that prints two (Legacy of Gravehold)
    city: str | None = None
    #: a marked copy (``registry.marked``): the card it is a copy of, and its marks
    base: str | None = None
    marks: tuple[str, ...] = ()
    #: K-9 (``engine/keywords/marks.py``): what each boost / overheat mark changes in the
    #: card's effect (changes ``("amount", i, delta)`` or ``("step", i, step)``), how many
    #: circles of each it prints (None: the project's reading, ``marks.CIRCLES``), and, on a
    #: marked copy, its boosts, overheats and crossed-out steps (indexes of the printed effect)
    boost: tuple[Step, ...] = ()
    overheat: tuple[Step, ...] = ()
    circles: tuple[int, int] | None = None
    boosts: int = 0
    overheats: int = 0
    crossed: tuple[int, ...] = ()


#: K-13: unique breaches that hold any number of spells while opened (a box registers its own)
MANY_SPELLS: set[str] = set()
#: mage id -> how many spells more than two an opened breach of theirs may hold after an effect
#: of their own (Dezmodia of Legacy); a saved state is checked against it
MORE_SPELLS: dict[str, int] = {}


@dataclass(frozen=True)
class BreachSetup:
    """One of the four breach slots on a mat (S-3). ``stage`` is quarter turns made.

    ``special`` names a unique breach printed on the mat (K-13), e.g. ``"celestial"``: it
    has no standard damage bonus (``turn.breach_bonus``); the box that defines the mage
    declares what it gives (a handler at the trigger point ``cast_bonus``, P-20).
    """

    state: str  # open | closed | none
    stage: int = 0
    special: str | None = None


@dataclass(frozen=True)
class AbilityDef:
    name: str
    window: str  # one of WINDOWS
    charges: int
    steps: Steps


@dataclass(frozen=True)
class MageDef:
    id: str
    name: str
    title: str
    box: str
    ability: AbilityDef
    hand: tuple[str, ...]
    deck: tuple[str, ...]
    breaches: tuple[BreachSetup, BreachSetup, BreachSetup, BreachSetup]
    uniques: tuple[str, ...] = ()
    #: cards set aside beside the mat at setup, outside every zone until an effect takes
    #: them (K-13: a Forged deck); kept in ``Player.set_aside``
    set_aside: tuple[str, ...] = ()
    #: the mage's own named decks beside the mat and their starting cards (K-13, Legacy's
    #: personal decks), kept in ``Player.decks``; see ``engine/keywords/mage_decks.py``
    decks: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: how each of those decks lies (``up``, ``secret``; face down when not named)
    deck_faces: dict[str, DeckFace] = field(default_factory=dict)
    #: the city the mage serves, in a box that prints two (Legacy of Gravehold: Azer or
    #: Gravehold); shown with the mage and a filter of random setups (``--city``)
    city: str | None = None


@dataclass(frozen=True)
class NemesisCardDef:
    """A nemesis-side card: attack, minion, power, or a special-deck card."""

    name: str
    type: str  # attack | minion | power | strike
    tier: int  # 0 for special-deck cards
    box: str
    nemesis: str | None = None  # None for basic cards
    effect: Steps = ()  # attack / strike body
    immediately: Steps = ()
    persistent: Steps = ()  # minion
    power: Steps = ()  # resolved when the last power token goes
    power_tokens: int = 0
    to_discard: Steps = ()  # cost a player may pay to discard the power (P-14)
    life: int = 0
    shields: int = 0
    damage_cap: int | None = None  # "reduce each damage to N" minions
    wandering: bool = False  # N-8 (OC): card and ability damage to it is 1 less
    deck: str = "nemesis"  # or the name of a special deck, e.g. "strike"
    blood_magic: Steps = ()  # Hollow Crown's acolytes: resolved when the nemesis calls on it
    #: resolved right after this card is discarded from play (Portal Wretch, Rift Scourge,
    #: Hollow Crown's acolytes); it may move the card on from the nemesis discard
    discarded: Steps = ()
    #: standing rules printed on the card, as marker steps that the nemesis' hooks apply
    #: (Magus of Cloaks: damage reductions, "discard this when the nemesis is damaged")
    passive: Steps = ()
    #: the name a person reads, when the catalogue name must differ from it: a basic card
    #: reprinted under the name of another box's card is catalogued as ``"Mutilate (NA)"``
    #: (saved games name cards by their catalogue name) and shown as ``"Mutilate"``
    shown: str | None = None
    #: an upgraded basic card (S-10): in a nemesis deck only when a setup names it
    upgraded: bool = False
    #: a basic card printed for a campaign (Legacy's crossed-out variants): catalogued and
    #: counted with its box's basics, but no single game's setup deals it (``BASICS`` leaves
    #: it out); only a campaign that names it puts it in a nemesis deck
    campaign: bool = False


@dataclass(frozen=True)
class NemesisDef:
    id: str
    name: str
    box: str
    life: int
    difficulty: int
    unleash: Steps
    cards: tuple[str, ...]  # its own nemesis-deck cards, ``deck_shape`` of them per tier
    special_decks: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: what a special deck may hold besides the cards it starts with: ``"player"`` (any
    #: player card: an exiled or devoured pile), ``"nemesis"`` (any nemesis card: the powers
    #: beside a mat) or another special deck's name (that deck's cards: a discard pile of
    #: acolytes). A deck named only here starts empty and is made when it is first needed.
    #: A loaded state whose special deck is neither here nor in ``special_decks``, or holds a
    #: card it may not, is refused.
    deck_holds: dict[str, str] = field(default_factory=dict)
    #: how a special deck lies, by name: ``"up"`` (its order is public: a pile of devoured or
    #: exiled cards; one that starts with cards is set up in the order given, unshuffled),
    #: ``"secret"`` (even its contents are hidden: cards nobody may identify until drawn); a
    #: deck not named here lies face down (contents known, order hidden).
    deck_faces: dict[str, DeckFace] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=dict)  # starting tokens (S-7)
    #: S-5: the mat's own nemesis turn order cards, by name, each dealt as ``"N:<name>"`` in
    #: place of one Nemesis card; ``expert_turn_order`` is what an expert game deals instead
    #: (S-9; None: the same). What one does when drawn is the mat's (``nemesis_turn_start``).
    turn_order: tuple[str, ...] = ()
    expert_turn_order: tuple[str, ...] | None = None
    end_of_turn: Steps = ()  # N-7
    #: G-2: the nemesis' own loss condition as (token, count): the players lose at once
    #: when the nemesis holds that many of the token.
    loss_token: tuple[str, int] | None = None
    #: rules as (normal steps, expert steps) keyed by hook name; rendered for the mat
    rules: dict[str, Any] = field(default_factory=dict)
    increased_difficulty: dict[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    #: S-6: how many of its own cards each tier (1, 2, 3) holds: three each for most mats, a
    #: mat of another shape says so (Legacy's 3/4/3, 3/3/10, ...); the basics S-6 adds are
    #: the same whatever the shape
    deck_shape: tuple[int, int, int] = (3, 3, 3)
    #: X-3 / X-12: the level stack (1-4) an expedition sorts this nemesis into; None for a
    #: nemesis no expedition may draw (one that ends a campaign)
    expedition_level: int | None = None
    #: S-4: a mat printing "no maximum life": the nemesis' gains of life are never capped
    #: (its ``max_life`` stays the starting life, for display) and a saved state may hold
    #: more life than that
    no_max_life: bool = False


@dataclass(frozen=True)
class Market:
    """A named supply: nine card names, in pile order."""

    name: str
    box: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class TreasureDef:
    """An expedition treasure (X-5, X-14), chosen before a battle and kept for that game.

    Tier 1 is a player card (``card``, a starter-like :class:`CardDef` of the same name that
    never goes into the supply): it takes the place of one starter card in its owner's
    starting deck. Tiers 2 and 3 are lasting effects, their ``rules`` a tuple of treasure
    rules (rule kinds of ``engine.keywords.treasures``, each a trigger and its steps): tier 2
    lies by the group and works for every player, tier 3 lies on one player's mat and works
    for that player only. ``beside`` names the supply piles a tier-2 treasure may be set
    next to at setup (``("cost_at_least", 7)``, ``("types", ("relic", "spell"))``), or None.
    """

    name: str
    tier: int  # 1 | 2 | 3
    box: str
    card: str | None = None  # tier 1: the name of the card it is
    rules: Steps = ()  # tiers 2 and 3
    beside: tuple[Any, ...] | None = None


#: A tier-2 treasure's ``beside`` kinds: name -> (does this supply card's pile qualify, its
#: wording). A declared table, so the card texts read the wording without the treasures'
#: rules (``engine.keywords.treasures`` applies the test at setup).
BESIDE: dict[str, tuple[Callable[..., bool], Callable[..., str]]] = {
    "cost_at_least": (lambda c, k: c.cost >= k, lambda k: f"a supply pile costing {k} Æ or more"),
    "types": (lambda c, types: c.type in types, lambda types: f"a {' or '.join(types)} supply pile"),
    "type_cost_at_most": (lambda c, t, k: c.type == t and c.cost <= k,
                          lambda t, k: f"a {t} supply pile costing {k} Æ or less"),
}


def beside_text(t: TreasureDef) -> str:
    """Where a tier-2 treasure may lie at setup, in words (``TreasureDef.beside``)."""
    assert t.beside is not None
    _, text = BESIDE[t.beside[0]]
    return str(text(*t.beside[1:]))


@dataclass(frozen=True)
class StoryReward:
    """XS-5: what a scripted expedition adds to the Barracks at one of its reward steps."""

    supply: tuple[str, ...] = ()
    mages: tuple[str, ...] = ()
    treasures: tuple[str, ...] = ()


@dataclass(frozen=True)
class StoryBattle:
    """XS-5: one battle of a scripted expedition: the nemesis it names, the upgraded basic
    nemesis cards the group receives before it (XS-6), and the reward of winning it.

    ``options`` are ruleset options the story switches on from this battle on: they hold in
    this battle's game and every later one, over the expedition's own ruleset (an ally the
    story brings in, such as Outcasts' Xaxos: Outcast, ``(("xaxos_outcast", True),)``)."""

    nemesis: str
    upgraded: tuple[str, ...] = ()
    reward: StoryReward = StoryReward()
    scene: str = ""  # one line in the project's own words, shown before the battle
    options: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class ExpeditionScript:
    """XS-4 / XS-5: a box's scripted (story) expedition, as data: the Barracks it starts
    with and its battles in order. The printed story deck's text is not reproduced; an
    expedition run from a script follows the normal steps between battles (X-4, X-11, X-14)
    except that the script names each nemesis and the rewards."""

    id: str  # what ``expedition new --story`` takes: "new_age"
    name: str
    box: str
    mages: tuple[str, ...]
    supply: tuple[str, ...]
    battles: tuple[StoryBattle, ...]
    treasures: tuple[str, ...] = ()
    #: XS-3: the first try of the first battle uses the box's prebuilt nemesis deck
    prebuilt_first_deck: bool = False


@dataclass(frozen=True)
class NamedSteps:
    """A named list of steps a box brings that is neither a card, a mage nor a nemesis card
    (Xaxos: Outcast's ability cards): declared on the box so that the conformance kit renders
    it and asks for a test that names it, as it does for every other entry."""

    kind: str  # what a user calls it: "ability card of Xaxos: Outcast"
    name: str
    steps: Steps


@dataclass(frozen=True)
class Box:
    """A box declares itself once: who it is and everything it brings.

    ``counts`` are the box's published contents (``{"mages": 8, "supply": 27, ...}``); the
    catalogue refuses a box whose content does not add up to them, so a card left out when a
    box is written is caught at load, not by a player. ``preset`` names the ruleset preset of
    the box's own rulebook (``gravehold.engine.ruleset.PRESETS``).
    """

    id: str  # "AE": what ``CardDef.box`` and friends hold
    name: str  # "Aeon's End"
    wave: int
    preset: str
    cards: tuple[CardDef, ...] = ()  # supply cards, unique starters and other player cards
    mages: tuple[MageDef, ...] = ()
    nemesis_cards: tuple[NemesisCardDef, ...] = ()  # the nemeses' own cards
    basic_cards: tuple[NemesisCardDef, ...] = ()  # basic nemesis cards (S-6)
    upgraded_cards: tuple[NemesisCardDef, ...] = ()  # upgraded basic nemesis cards (S-10)
    nemeses: tuple[NemesisDef, ...] = ()
    markets: tuple[Market, ...] = ()  # suggested markets printed in the box
    treasures: tuple[TreasureDef, ...] = ()  # expedition treasures
    card_types: tuple[CardType, ...] = ()  # player card types of its own (registered first)
    expeditions: tuple[ExpeditionScript, ...] = ()  # scripted expeditions (XS)
    others: tuple[NamedSteps, ...] = ()  # step lists of its own pieces (an ally's ability cards)
    counts: dict[str, int] = field(default_factory=dict)
    requires: tuple[str, ...] = ()  # ids of boxes whose step kinds this box uses
    #: what a game names when it leaves something out (``{"nemesis": ..., "market": ...}``);
    #: the first loaded box that has one gives the catalogue's defaults
    default_setup: dict[str, str] = field(default_factory=dict)
    #: the words the box's own printing uses for the game's terms (``content.words``)
    words: str = "classic"

    def census(self) -> dict[str, int]:
        """What this box actually holds, in the terms of ``counts``."""
        return {
            "mages": len(self.mages),
            "supply": sum(1 for c in self.cards if not c.starter and self._piled(c.type)),
            "nemeses": len(self.nemeses),
            "nemesis_cards": len(self.nemesis_cards),
            "basic_cards": len(self.basic_cards),
            "upgraded_cards": len(self.upgraded_cards),
            "markets": len(self.markets),
            "treasures": len(self.treasures),
        }

    def _piled(self, card_type: str) -> bool:
        """Does a card of this type make a supply pile (a type declared with no pile does not)?"""
        own = {t.name: t.pile for t in self.card_types}
        return own.get(card_type, PILE_SIZES.get(card_type, 1)) > 0
