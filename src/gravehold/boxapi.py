"""Everything a box may use, in one place: a box's modules import this module and nothing else
of gravehold (``from gravehold.boxapi import ...``; inside the package, ``from ...boxapi``).

The engine is the rules of every box; a box brings content and the few procedures only it
needs, and declares them here. What is not listed below is the engine's own business and may
change without notice; ``tests/test_layout.py`` checks that every box module keeps to this list.

**Records** -- what a box *is*, as frozen data: :class:`Box` (the declaration a box package
ends with, ``BOX = Box(...)``), :class:`CardDef`, :class:`CardType` (a card type of the box's
own: played or not, its pile size, the words that explain it, a filter name),
:class:`MageDef`, :class:`AbilityDef`, :class:`BreachSetup`, :class:`NemesisDef` (with
``deck_faces``: which special decks lie face up or secret), :class:`NemesisCardDef`,
:class:`TreasureDef`, :class:`Market`, the expedition records, ``Steps``. ``catalogue`` reads
the loaded content by name (``catalogue.CARDS["Spark"]``); :func:`modules_in` lists a folder's
modules, so a new nemesis is a new module listed nowhere else. :class:`ContentError` is what a
box raises for content that cannot be.

**Step vocabulary** -- an effect is a tuple of steps; a box adds a step kind with
:func:`step` (its wording beside it) and an operation with :func:`op`, a standing rule kind
with :func:`rule`. They run on an :class:`Engine` with a :class:`Ctx` (who acts, for whom,
from what source). The generic steps (:func:`pick`, :func:`condition`, :func:`holds`, the
``FILTERS`` and ``ACTS`` tables) and counted amounts (:func:`per`, :func:`amount`,
:func:`counter`) cover most cards without a step kind of their own.

**Triggers** -- ``on = trigger_source(kind, key)`` then ``@on("point")``: the engine fires
named points (``engine.triggers``) and calls the sources present in a game.
:func:`standing` and :func:`printed_rule` read the standing rules printed on cards in play.

**Decisions** -- :func:`ask_step` asks a player and resumes the step with their answer
(:func:`can_resolve`: could these steps resolve in full now, P-7);
:func:`chooser`, :func:`action_head` and :func:`decision_kind` declare the shapes of options.

**From a hand in an ally's turn** -- :func:`hand_act` lets a card be discarded or destroyed
from its holder's hand in an ally's main phase, for steps of the holder and of that ally;
:func:`hand_cast_bonus` lets its holder discard it when an ally casts, for more damage
(:func:`hand_refocus`: when an ally focuses, for a second focus);
:func:`keeps_itself` lets a card go back to its owner's hand when an effect would discard or
destroy it.

**Marks** (K-9) -- :func:`mark_copy` boosts or overheats a player's copy where it lies and
names the marked copy; :func:`fully_marked` says whether every circle of a mark is filled
(a card whose effect reads its own marks, not a step they change).

**Tokens and flags** -- :func:`turn_flag` declares a flag that lasts one turn,
:func:`table_token` a token on the table and the values it may take, :func:`table_deck` a
special deck that belongs to no one nemesis and the cards it may hold; :func:`fire_count`
reads the table's fire tokens (K-8).

**Damage** -- :func:`deal`, :func:`player_damage`, :func:`gravehold_damage`,
:func:`minion_damage`, :func:`damage_source` (one damage source of the acting card), healing
and the breach helpers; :func:`base_name` / :func:`copy_ref` name a copy in play;
:func:`sever` records a player's mage as severed (C-8) when a card's own rule says so.

**State access** -- :class:`State`, :class:`Player`, :class:`Nemesis`, :class:`InPlay` and the
turn procedures a card may call (:func:`gain_card`, :func:`cast_spell`, :func:`draw_cards`,
:func:`prep_spell`, :func:`focus_breach`, ...); :func:`shuffle` with the game's own random state.

**Mat pieces** (K-13) -- ``MAT_RULES`` (what else a mat prints, shown under its ability),
``MANY_SPELLS`` (unique breaches that hold any number of spells while opened), ``MORE_SPELLS``
(mages whose own effect lets more spells join an opened breach of theirs),
``KEPT_ON_EXHAUST`` (unique breaches an exhausted mage never destroys), ``PILE_TOKENS`` (table
token families whose tokens lie on supply piles, shown there by both boards), beside
``BREACH_RULES``; ``CARD_RULES`` words what a card's own trigger handlers do.

**Text and hints** -- :func:`render_steps`, :func:`count_of`, :func:`who_does` write card
text from steps. :func:`event_text` gives a box's own event its log line (a box's
``events.py``, with :func:`seat`, :func:`by_source`, :func:`card_list`, :func:`breach_name`
to write it). ``hints`` (``content.hints``) is what the bots should know of the box that its
steps cannot say: card values, each nemesis' :class:`NemesisHints` (what an Unleash, its
tokens and damage at it are worth), each mage's ability, policies for its step kinds and
decision kinds, its main-phase actions and damage targets (a box's ``hints.py``; a hint that
weighs harm gets the bots' arithmetic as a :class:`Judge`).
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType
from typing import Final

from .content import registry as _registry
from .content.hints import Board, Judge, NemesisHints, Option, Seat, hints, life_of_ref
from .content.model import (
    MANY_SPELLS,
    MORE_SPELLS,
    AbilityDef,
    Box,
    BreachSetup,
    CardDef,
    CardType,
    ExpeditionScript,
    MageDef,
    Market,
    NamedSteps,
    NemesisCardDef,
    NemesisDef,
    Steps,
    StoryBattle,
    StoryReward,
    TreasureDef,
)
from .content.text import (
    BREACH_RULES,
    CARD_RULES,
    MAT_RULES,
    PILE_TOKENS,
    clause,
    count_of,
    play_area_of,
    render_steps,
    shown_in_panel,
    table_panel,
    who_does,
)
from .engine.amounts import amount, amount_at, amount_text, counter, per
from .engine.core import BREACH_NAMES, Ctx, Engine, op, step
from .engine.damage import (
    KEPT_ON_EXHAUST,
    WARD_TOKEN,
    base_name,
    copy_ref,
    deal,
    destroy_breach,
    discard_breach_spells,
    find_ref,
    gravehold_damage,
    heal_player,
    leave_play,
    minion_damage,
    player_damage,
    uncover,
)
from .engine.decisions import action_head, decision_kind
from .engine.effects import (
    DESTROY_REDIRECTS,
    DISCARD_ONE,
    ask_step,
    can_resolve,
    check_token_loss,
    chooser,
    damage_source,
    destroy_from,
    gain_aether,
    gainable,
    prepped_spells,
    recycle,
    remove_prepped,
    special_top,
)
from .engine.flags import ENTRY_LIFE as ENTRY_LIFE_FLAG
from .engine.flags import table_token, turn_flag
from .engine.generic import ACTS, FILTERS, Act, Item, condition, holds, pick
from .engine.keywords.ally_hand import declare as hand_act
from .engine.keywords.ally_hand import on_ally_cast as hand_cast_bonus
from .engine.keywords.ally_hand import on_ally_focus as hand_refocus
from .engine.keywords.conjure import all_face_up, face_up
from .engine.keywords.damage_bonus import Bonus
from .engine.keywords.damage_bonus import take as take_damage_bonus
from .engine.keywords.exclusive_aether import available, pay
from .engine.keywords.extra_cost import offer
from .engine.keywords.fire import count as fire_count
from .engine.keywords.keep_self import declare as keeps_itself
from .engine.keywords.marks import full as fully_marked
from .engine.keywords.marks import mark_copy
from .engine.keywords.sever import sever
from .engine.keywords.supply_bottom import put_under as put_under_pile
from .engine.keywords.supply_bottom import take as take_from_pile
from .engine.keywords.supply_bottom import take_top as take_pile_top
from .engine.keywords.treasures import works_for
from .engine.rng import shuffle
from .engine.schema import nemesis_turn_card
from .engine.shapes import Event
from .engine.state import Action, Decision, Frame, InPlay, Nemesis, Player, State
from .engine.triggers import game_cards, printed_rule, standing
from .engine.triggers import source as trigger_source
from .engine.turn import (
    SIGIL_KEYS,
    add_charges,
    cast_spell,
    charge_triggers,
    draw_cards,
    drawn_card_seats,
    drawn_turn_card_to_bottom,
    enter_play,
    flip_discard,
    focus_breach,
    focusable,
    gain_card,
    open_breach,
    own_turn_card,
    prep_spell,
    prep_targets,
    receive_gained,
    return_turn_card,
    reveal_turn_order_top,
    special_breach,
    turn_card_seats,
    turn_order_top_to_bottom,
)
from .engine.vocabulary import ENTRY_LIFE, MINION_LIFE_UNCAPPED, rule
from .errors import ContentError
from .events_text import breach_name, by_source, card_list, seat
from .events_text import register as event_text

table_deck = _registry.table_deck


class catalogue:  # noqa: N801  (a namespace read like a module: ``catalogue.CARDS[name]``)
    """The loaded content by name, read-only by convention: a box reads another box's (or
    its own) cards here; it adds to it only through its ``Box`` declaration."""

    CARDS: Final = _registry.CARDS
    MAGES: Final = _registry.MAGES
    NEMESES: Final = _registry.NEMESES
    NEMESIS_CARDS: Final = _registry.NEMESIS_CARDS
    #: the card a (possibly K-9 marked) copy is a copy of: its supply pile's name
    base_of = staticmethod(_registry.base_of)


def modules_in(package: str, path: list[str]) -> tuple[ModuleType, ...]:
    """Every module of a box's folder but the private ones, by name: a nemesis folder lists
    its nemeses this way, so a new nemesis is a new module, listed nowhere else."""
    return tuple(importlib.import_module(f"{package}.{name}")
                 for name in sorted(m.name for m in pkgutil.iter_modules(path)) if not name.startswith("_"))


__all__ = [
    # records
    "AbilityDef", "Box", "BreachSetup", "CardDef", "CardType", "ContentError", "ExpeditionScript", "MageDef",
    "Market", "NamedSteps", "NemesisCardDef", "NemesisDef", "Steps", "StoryBattle", "StoryReward", "TreasureDef",
    "catalogue", "modules_in",
    # step vocabulary
    "ACTS", "Act", "Action", "BREACH_NAMES", "Ctx", "ENTRY_LIFE", "Engine", "FILTERS", "Frame", "Item",
    "MINION_LIFE_UNCAPPED", "amount",
    "amount_at", "amount_text", "condition", "counter", "holds", "op", "per", "pick", "rule", "step",
    # triggers
    "game_cards", "printed_rule", "standing", "trigger_source",
    # decisions
    "DISCARD_ONE", "Decision", "action_head", "ask_step", "can_resolve", "chooser", "decision_kind", "offer",
    # marks on a copy (K-9)
    "fully_marked", "mark_copy",
    # a card used from a hand in an ally's main phase
    "hand_act", "hand_cast_bonus", "hand_refocus",
    # a card that may replace its own discard or destruction
    "keeps_itself",
    # tokens and flags
    "ENTRY_LIFE_FLAG", "WARD_TOKEN", "fire_count", "table_deck", "table_token", "turn_flag",
    # damage
    "Bonus", "DESTROY_REDIRECTS", "all_face_up", "face_up",
    "base_name", "check_token_loss", "copy_ref", "special_top", "damage_source", "deal",
    "KEPT_ON_EXHAUST", "destroy_breach", "destroy_from", "discard_breach_spells", "find_ref", "gravehold_damage",
    "heal_player", "leave_play", "minion_damage", "player_damage", "sever", "take_damage_bonus", "uncover",
    # state access
    "InPlay", "Nemesis", "Player", "SIGIL_KEYS", "State", "add_charges", "available", "cast_spell", "charge_triggers",
    "draw_cards", "enter_play", "flip_discard", "focus_breach", "focusable", "gain_aether", "gain_card", "open_breach",
    "gainable", "nemesis_turn_card", "pay", "prep_spell", "prep_targets", "prepped_spells", "receive_gained", "recycle",
    "remove_prepped", "reveal_turn_order_top", "shuffle", "special_breach", "turn_order_top_to_bottom",
    "own_turn_card", "return_turn_card", "turn_card_seats", "drawn_card_seats", "drawn_turn_card_to_bottom",
    "works_for",
    # the top cards of a supply pile, a marked copy at its bottom last (C-17)
    "put_under_pile", "take_from_pile", "take_pile_top",
    # text and hints
    "BREACH_RULES", "CARD_RULES", "MANY_SPELLS", "MORE_SPELLS", "MAT_RULES", "PILE_TOKENS", "Board", "Event", "Judge",
    "NemesisHints", "Option", "Seat", "breach_name", "by_source", "card_list", "clause", "count_of", "event_text",
    "hints", "life_of_ref", "play_area_of", "render_steps", "seat", "shown_in_panel", "table_panel", "who_does",
]
