"""Render structured events as short English lines (events stay data until shown).

Every event name the engine and the boxes emit (``g.ev("name", ...)``) is either
in :data:`RENDERERS` or in :data:`SILENT`; tests/engine/test_events_text.py keeps it so. The
lines below are the engine's events and those several boxes share; an event that only one
box emits gets its line from that box's ``events.py`` (:func:`register`, which a box calls as
``boxapi.event_text``), so a new box's wording is written beside the box.

One log serves every seat and the spectators (``web/hub.py``, ``gravehold play``), so a
line may only name what the whole table knows: a draw gives its count, never the cards,
and a corruption taken into a hand is not named (see ``engine/view.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .content import registry as content
from .content.text import count_of
from .engine.core import BREACH_NAMES
from .engine.shapes import Event
from .errors import ContentError

#: what turns one event into its line (None: a no-op the log leaves out)
Renderer = Callable[[Event], "str | None"]

#: Events that are bookkeeping only: the log shows their effect through other lines.
SILENT = {
    "choice",  # a decision taken; what it does is logged by the events it causes
    "forced",  # a decision with one option, taken at once; likewise
    "aether",  # aether comes and goes every turn; spending it shows as gains and casts
    "setup",  # the game's configuration, shown by the UIs elsewhere
    "turn_end",  # the next "— turn N" line marks the boundary
}


#: The engine's phase names in words, for the status lines and board headers (a phase a
#: box adds and does not name here is shown as its name with its underscores as spaces).
PHASES = {
    "setup": "setup",
    "start": "the turn begins",
    "casting": "casting phase",
    "main": "main phase",
    "draw": "draw phase",
    "nemesis_main": "the nemesis' main phase",
    "nemesis_draw": "the nemesis draws",
}


def phase_text(phase: str) -> str:
    """A phase as a player reads it: ``"nemesis_draw"`` is "the nemesis draws"."""
    return PHASES.get(phase, phase.replace("_", " "))


def result_text(result: str | None, reason: str | None, nemesis: str = "the nemesis") -> str:
    """How a game ended, in one phrase: "Victory: Rageborne was defeated"."""
    if result is None:
        return "not over"
    return f"{'Victory' if result == 'win' else 'Defeat'}: {reason_text(result, reason, nemesis)}"


def reason_text(result: str | None, reason: str | None, nemesis: str = "the nemesis") -> str:
    """Why a game ended, in words (the log's last line, the end screen, the replay)."""
    whose = f"{nemesis}'" if nemesis.endswith("s") else f"{nemesis}'s"
    words = {
        "nemesis_defeated": f"{nemesis} was defeated",
        "nemesis_deck_empty": f"{nemesis} ran out of cards",
        "gravehold": "Gravehold fell",
        "exhausted": "every mage was exhausted",
        "fire": "the fire tokens reached ten",
        "conceded": "the group gave the battle up",  # an expedition's battle given up (``steps.concede``)
    }
    if reason == "nemesis_rule":
        return f"{whose} own {'win' if result == 'win' else 'loss'} condition was met"
    return words.get(reason or "", reason or "")


def _game_over(e: Event) -> str:
    nemesis = content.NEMESES[e["nemesis"]].name if e.get("nemesis") in content.NEMESES else "the nemesis"
    why = reason_text(e["result"], e["reason"], nemesis)
    return f"GAME OVER: {'victory' if e['result'] == 'win' else 'defeat'}, {why}"


def seat(i: int) -> str:
    """A seat as the log names it: "P1", or "nemesis" for its own turn's -1."""
    return f"P{i + 1}" if i >= 0 else "nemesis"


def breach_name(b: int) -> str:
    """Breach b by its numeral (I to IV)."""
    return BREACH_NAMES[b] if 0 <= b < len(BREACH_NAMES) else str(b)


def by_source(e: Event) -> str:
    """" (Source)" when the event names what caused it."""
    return f" ({e['source']})" if e.get("source") else ""


def card_list(cards: Any) -> str:
    """A list of card names, comma-separated ("nothing" when empty)."""
    if isinstance(cards, (list, tuple)):
        return ", ".join(str(c) for c in cards) if cards else "nothing"
    return str(cards)


def _target(e: Event) -> str:
    if e.get("card"):
        return str(e["card"])
    t = e.get("target")
    if isinstance(t, int):
        return seat(t)
    return "Gravehold" if t in (None, "gravehold") else str(t)


# ------------------------------------------------------------------ renderers


def _turn_start(e: Event) -> str:
    who = "the nemesis" if e["player"] < 0 else f"player {e['player'] + 1} ({e.get('mage')})"
    return f"— turn {e['turn']}: {who}"


def _turn_order_shuffled(e: Event) -> str:
    if e.get("card"):
        return f"{e['card']} is shuffled back into the turn order deck"
    return "turn order deck shuffled"


def _player_damage(e: Event) -> str:
    tail = " (redirected to Gravehold)" if e.get("redirected") else f" ({e.get('life')} left)"
    return f"{seat(e['player'])} suffers {e['amount']} from {e['source']}" + tail


def _healed(e: Event, who: str) -> str | None:
    """A heal that found no room (already at most life) changes nothing: no line."""
    return f"{who} gains {e['amount']} life ({e['life']})" if e.get("amount") else None


def _token(e: Event) -> str:
    if "player" in e:  # a player's own tokens (e.g. trophies)
        return f"{seat(e['player'])} {e['token']}: {e['total']}"
    name = "tokens" if e["token"] == "nemesis" else e["token"]  # War Eternal mats say just "tokens"
    return f"nemesis {name}: {e['total']}"


def _revealed(e: Event) -> str:
    return f"{seat(e['player'])} reveals {card_list(e['cards'] if 'cards' in e else e.get('card'))}" + by_source(e)


def _charges_lost(e: Event) -> str | None:
    k = int(e.get("amount", 0))
    return f"{seat(e['player'])} loses {count_of(k, 'charge')}" + by_source(e) if k > 0 else None


def _card_given(e: Event) -> str:
    where = "into their hand" if e.get("zone") == "hand" else "onto their discard pile"
    return f"{seat(e['player'])}'s {e['card']} goes to {seat(e['to_player'])}, {where}"


def _damage_prevented(e: Event) -> str:
    return f"{e['amount']} damage to {_target(e)} is prevented" + by_source(e)


#: event name -> its line: the engine's own here, a box's own added by :func:`register`
RENDERERS: dict[str, Renderer] = {
    # turns and turn order
    "turn_start": _turn_start,
    "turn_order_drawn": lambda e: f"turn order card: {e['card']}",
    "turn_order_shuffled": _turn_order_shuffled,
    "turn_order_revealed": lambda e: f"turn order revealed: {card_list(e['cards'] if 'cards' in e else e.get('card'))}",
    "turn_order_to_bottom": lambda e: f"{e['card']} goes under the turn order deck",
    "wild_token_passed": lambda e: f"the wild token passes to {seat(e['holder'])}",
    # a player's cards
    "play": lambda e: f"{seat(e['player'])} plays {e['card']}",
    "gain": lambda e: f"{seat(e['player'])} gains {e['card']}" + (" onto their deck" if e.get("to_deck") else ""),
    "draw": lambda e: f"{seat(e['player'])} draws {count_of(int(e['count']), 'card')}",
    "discard": lambda e: f"{seat(e['player'])} discards {e['card']}" + by_source(e),
    "deck_refilled": lambda e: f"{seat(e['player'])} turns their discard pile over ({e['cards']} cards)",
    "deck_shuffled": lambda e: f"{seat(e['player'])} shuffles their deck" + by_source(e),
    "to_deck": lambda e: f"{seat(e['player'])} puts {e['card']} on top of their deck",
    "attached": lambda e: f"{e['card']} is attached to {seat(e['player'])}'s breach {breach_name(e['breach'])}",
    "marked": lambda e: f"{seat(e['player'])}'s {e['card']} takes a {e['mark']} mark (now {e['now']})",
    "mark_refused": lambda e: f"{seat(e['player'])}'s {e['card']} takes no more {e['mark']} marks",
    "severed": lambda e: f"{seat(e['player'])}'s mage is severed; the mage plays on" + by_source(e),
    "banished": lambda e: f"{e['card']} is banished: it leaves the game",
    "detached": lambda e: f"{e['card']} leaves {seat(e['player'])}'s breach {breach_name(e['breach'])} "
    "for the discard pile",
    "extra_cost_paid": lambda e: f"{seat(e['player'])} pays the extra cost" + by_source(e),
    "returned_to_hand": lambda e: f"{seat(e['player'])} returns {e['card']} to their hand" + by_source(e),
    "revealed": _revealed,
    "gain_copied": lambda e: f"{seat(e['player'])} gains a copy of the {e['card']} {seat(e['from_player'])} gained",
    "card_taken": lambda e: f"{seat(e['player'])} takes {e['card']} from {seat(e['from_player'])}'s discard pile",
    "card_given": _card_given,
    "destroyed": lambda e: f"{seat(e['player'])} destroys {e['card']}",
    "pay_to_discard": lambda e: f"{seat(e['player'])} pays to discard {e['card']}",
    # breaches, spells, charges
    "charge": lambda e: f"{seat(e['player'])} gains a charge ({e['charges']})",
    "charges_lost": _charges_lost,
    "aether_tokens": lambda e: (f"{seat(e['player'])} " + (f"gains {e['amount']}" if e["amount"] >= 0
                                else f"loses {-e['amount']}") + f" aether tokens ({e['total']})" + by_source(e)),
    "fire": lambda e: (f"{e['amount']} fire tokens placed" if e["amount"] >= 0
                       else f"{-e['amount']} fire tokens removed") + f" ({e['total']} on the location)" + by_source(e),
    "to_own_deck": lambda e: (f"{seat(e['player'])} puts {e['card']} "
                              + ("on top of" if e["top"] else "at the bottom of") + f" their {e['deck']}"),
    "silenced": lambda e: f"{e['card']} is silenced" + by_source(e),
    "ability": lambda e: f"{seat(e['player'])} activates {e['name']}",
    "treasure": lambda e: f"{e['treasure']} acts for {seat(e['player'])}",
    "focus": lambda e: f"{seat(e['player'])} focuses breach {breach_name(e['breach'])}",
    "open": lambda e: f"{seat(e['player'])} opens breach {breach_name(e['breach'])}",
    "prep": lambda e: f"{seat(e['player'])} preps {e['card']} to breach {breach_name(e['breach'])}",
    "cast": lambda e: f"{seat(e['player'])} casts {e['card']}",
    "use": lambda e: f"{seat(e['player'])} uses {e['card']} on breach {breach_name(e['breach'])}",
    "recall": lambda e: f"{seat(e['player'])} uses the Recall effect of {e['card']} in their discard pile",
    "spell_discarded": lambda e: f"{seat(e['player'])}'s {e['card']} on breach {breach_name(e['breach'])} is discarded"
    + by_source(e),
    "breach_destroyed": lambda e: f"{seat(e['player'])} destroys breach {breach_name(e['breach'])}",
    # life and damage
    "nemesis_damage": lambda e: f"the nemesis suffers {e['amount']} ({e['life']} left)",
    "nemesis_life": lambda e: _healed(e, "the nemesis"),
    "minion_damage": lambda e: f"{e['card']} suffers {e['amount']} ({e['life']} left)",
    "minion_life": lambda e: f"{e['card']} heals to {e['life']} life",
    "minion_defeated": lambda e: f"{e['card']} is defeated",
    "shield_lost": lambda e: f"{e['card']} loses a shield to {e.get('source')} ({e['shields']} left)",
    "damage_prevented": _damage_prevented,
    "gravehold_damage": lambda e: f"Gravehold suffers {e['amount']} from {e['source']} ({e['life']} left)",
    "gravehold_life": lambda e: _healed(e, "Gravehold"),
    "player_damage": _player_damage,
    "life": lambda e: _healed(e, seat(e["player"])),
    "exhausted": lambda e: f"{seat(e['player'])} is exhausted!",
    # the nemesis
    "nemesis_draw": lambda e: f"the nemesis draws {e['card']} ({e['type']}, tier {e['tier']})",
    "nemesis_card_in_play": lambda e: f"{e['card']} enters play",
    "entry_life": lambda e: f"{e['card']} comes in with {e['life']} life",
    "nemesis_card_discarded": lambda e: f"{e['card']} is discarded",
    "nemesis_card_cancelled": lambda e: f"{e['card']} is discarded without effect",
    "persistent": lambda e: f"{e['card']} acts",
    "power_tick": lambda e: f"{e['card']} has {e['power']} power left",
    "unleash": lambda e: "Unleash!",
    "token": _token,
    "nemesis_deck_empty": lambda e: f"the nemesis deck is empty: Unleash x{e['unleashes']}",
    "game_over": _game_over,
}


def register(name: str, renderer: Renderer) -> Renderer:
    """Give a box's own event its log line (a box's ``events.py``, through ``boxapi.event_text``).
    An event has one line: a second box naming the same event with another line is refused."""
    old = RENDERERS.get(name)
    if name in SILENT or (old is not None and old is not renderer
                          and getattr(old, "__module__", "") != getattr(renderer, "__module__", "")):
        raise ContentError(f"event {name!r}: it already has a line; an event's wording is declared once")
    RENDERERS[name] = renderer
    return renderer


#: the fields of an event that may name a nemesis card (or a list of them)
_NAMING = ("card", "source", "cards", "target")


def _shown(e: Event) -> Event:
    """The event with each nemesis card named as a person reads it (``registry.shown``:
    ``"Mutilate (NA)"`` is shown as ``"Mutilate"``); the event itself is left as it is."""
    shown = content.SHOWN
    if not shown:
        return e
    out = e
    for key in _NAMING:
        v = e.get(key)
        if isinstance(v, str):
            said = content.shown(v)
            if said != v:
                out = {**out, key: said}
        elif isinstance(v, list) and any(isinstance(x, str) and content.shown(x) != x for x in v):
            out = {**out, key: [content.shown(x) if isinstance(x, str) else x for x in v]}
    return out


def event_text(e: Event) -> str | None:
    """The log line for one event; None for silent events, unknown ones and no-ops."""
    k = e["event"]
    if k in SILENT:
        return None
    f = RENDERERS.get(k)
    return None if f is None else f(_shown(e))
