"""Render structured events as short English lines (events stay data until shown).

Every event name the engine and the boxes emit (``g.ev("name", ...)``) is either
in :data:`RENDERERS` or in :data:`SILENT`; tests/engine/test_events_text.py keeps it so.

One log serves every seat and the spectators (``web/hub.py``, ``gravehold play``), so a
line may only name what the whole table knows: a draw gives its count, never the cards,
and a corruption taken into a hand is not named (see ``engine/view.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .content import registry as content
from .engine.core import BREACH_NAMES

Event = dict[str, Any]

#: Events that are bookkeeping only: the log shows their effect through other lines.
SILENT = {
    "choice",  # a decision taken; what it does is logged by the events it causes
    "forced",  # a decision with one option, taken at once; likewise
    "aether",  # aether comes and goes every turn; spending it shows as gains and casts
    "setup",  # the game's configuration, shown by the UIs elsewhere
    "turn_end",  # the next "— turn N" line marks the boundary
}


def reason_text(result: str | None, reason: str | None, nemesis: str = "the nemesis") -> str:
    """Why a game ended, in words (the log's last line, the end screen, the replay)."""
    words = {
        "nemesis_defeated": f"{nemesis} was defeated",
        "nemesis_deck_empty": f"{nemesis} ran out of cards",
        "gravehold": "Gravehold fell",
        "exhausted": "every mage was exhausted",
        "fire": "the fire tokens reached ten",
        "conceded": "the group gave the battle up",  # an expedition's battle given up (``steps.concede``)
    }
    if reason == "nemesis_rule":
        whose = f"{nemesis}'" if nemesis.endswith("s") else f"{nemesis}'s"
        return f"{whose} own {'win' if result == 'win' else 'loss'} condition was met"
    return words.get(reason or "", reason or "")


def _game_over(e: Event) -> str:
    nemesis = content.NEMESES[e["nemesis"]].name if e.get("nemesis") in content.NEMESES else "the nemesis"
    why = reason_text(e["result"], e["reason"], nemesis)
    return f"GAME OVER: {'victory' if e['result'] == 'win' else 'defeat'}, {why}"


def _p(i: int) -> str:
    return f"P{i + 1}" if i >= 0 else "nemesis"


def _b(b: int) -> str:
    return BREACH_NAMES[b] if 0 <= b < len(BREACH_NAMES) else str(b)


def _n(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def _by(e: Event) -> str:
    """" (Source)" when the event names what caused it."""
    return f" ({e['source']})" if e.get("source") else ""


def _cards(cards: Any) -> str:
    if isinstance(cards, (list, tuple)):
        return ", ".join(str(c) for c in cards) if cards else "nothing"
    return str(cards)


def _target(e: Event) -> str:
    if e.get("card"):
        return str(e["card"])
    t = e.get("target")
    if isinstance(t, int):
        return _p(t)
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
    return f"{_p(e['player'])} suffers {e['amount']} from {e['source']}" + tail


def _healed(e: Event, who: str) -> str | None:
    """A heal that found no room (already at most life) changes nothing: no line."""
    return f"{who} gains {e['amount']} life ({e['life']})" if e.get("amount") else None


def _token(e: Event) -> str:
    if "player" in e:  # a player's own tokens (e.g. trophies)
        return f"{_p(e['player'])} {e['token']}: {e['total']}"
    name = "tokens" if e["token"] == "nemesis" else e["token"]  # War Eternal mats say just "tokens"
    return f"nemesis {name}: {e['total']}"


def _revealed(e: Event) -> str:
    return f"{_p(e['player'])} reveals {_cards(e['cards'] if 'cards' in e else e.get('card'))}" + _by(e)


def _charges_lost(e: Event) -> str | None:
    k = int(e.get("amount", 0))
    return f"{_p(e['player'])} loses {_n(k, 'charge')}" + _by(e) if k > 0 else None


def _card_given(e: Event) -> str:
    where = "into their hand" if e.get("zone") == "hand" else "onto their discard pile"
    return f"{_p(e['player'])}'s {e['card']} goes to {_p(e['to_player'])}, {where}"


def _cloak(e: Event) -> str | None:
    k = int(e.get("prevented", 0))
    return f"the cloak soaks {k} damage from {e.get('source')}" if k > 0 else None


def _blood_magic(e: Event) -> str:
    return f"{e['card']}: Blood Magic" + (" (without self-damage)" if e.get("self_damage") is False else "")


def _acolytes_shuffled_back(e: Event) -> str | None:
    cards = list(e.get("cards") or [])
    if not cards:
        return None
    return f"{_cards(cards)} shuffled back into the acolyte deck"


def _damage_prevented(e: Event) -> str:
    return f"{e['amount']} damage to {_target(e)} is prevented" + _by(e)


def _husks_placed(e: Event) -> str:
    k = int(e["amount"])
    if k <= 0:
        return f"the husk track is full ({e['total']} on it)"
    return f"{_n(k, 'husk')} {'joins' if k == 1 else 'join'} the track ({e['total']} on it)"


def _husks_killed(e: Event) -> str:
    src = e.get("source")
    verb = "removes" if src in content.NEMESIS_CARDS or src in content.NEMESES else "kills"
    who = src if src else "the players"
    return f"{who} {verb} {_n(int(e['amount']), 'husk')} ({e['total']} left)"


def _nest(k: int, kind: str) -> str:
    """Maggoth's Nest Mat: "a maggot", "3 flies"."""
    return f"a {kind}" if k == 1 else f"{k} {'flies' if kind == 'fly' else kind + 's'}"


def _nest_hit(e: Event) -> str:
    done = "turns into a maggot" if e.get("result") == "maggot" else "dies"
    return f"a {e['kind']} in nest row {e['row']} takes {e['amount']} damage and {done}" + _by(e)


def _corruption_gained(e: Event) -> str:
    # never the card: a corruption is hidden from all but its taker, and this log is shared
    where = "into their hand" if e.get("to") == "hand" else "on top of their deck"
    return f"{_p(e['player'])} gains a corruption {where}"


def _nemesis_cards_discarded(e: Event) -> str | None:
    cards = list(e.get("cards") or [])
    if not cards:
        return None
    return f"the nemesis deck loses its top {_n(len(cards), 'card')} to the discard: {_cards(cards)}"


def _devoured(e: Event) -> str:
    k = int(e.get("amount", 0))
    if k <= 0:
        return f"the {e['card']} pile is empty: nothing to devour"
    return f"the nemesis devours {k} {e['card']}" + _by(e)


def _exiled(e: Event) -> str:
    """An exiled card lies face up on the exiled pile, so the line may name it."""
    j = int(e.get("player", -1))
    if j < 0:
        return f"{e['card']} from the supply is exiled" + _by(e)
    where = {"hand": "hand", "discard": "discard pile"}.get(str(e.get("zone")), "cards")
    return f"{_p(j)} exiles {e['card']} from their {where}" + _by(e)


RENDERERS: dict[str, Callable[[Event], str | None]] = {
    # turns and turn order
    "turn_start": _turn_start,
    "turn_order_drawn": lambda e: f"turn order card: {e['card']}",
    "turn_order_shuffled": _turn_order_shuffled,
    "turn_order_revealed": lambda e: f"turn order revealed: {_cards(e['cards'] if 'cards' in e else e.get('card'))}",
    "turn_order_to_bottom": lambda e: f"{e['card']} goes under the turn order deck",
    "turn_order_skipped": lambda e: f"turn order card {e['card']} is discarded: that turn is skipped",
    "wild_token_passed": lambda e: f"the wild token passes to {_p(e['holder'])}",
    "ward": lambda e: (f"turn {e['warded_turn']}" if "warded_turn" in e else "the next turn")
    + " is warded: players and Gravehold take no damage",
    # a player's cards
    "play": lambda e: f"{_p(e['player'])} plays {e['card']}",
    "gain": lambda e: f"{_p(e['player'])} gains {e['card']}" + (" onto their deck" if e.get("to_deck") else ""),
    "draw": lambda e: f"{_p(e['player'])} draws {_n(int(e['count']), 'card')}",
    "discard": lambda e: f"{_p(e['player'])} discards {e['card']}" + _by(e),
    "deck_refilled": lambda e: f"{_p(e['player'])} turns their discard pile over ({e['cards']} cards)",
    "deck_shuffled": lambda e: f"{_p(e['player'])} shuffles their deck" + _by(e),
    "to_deck": lambda e: f"{_p(e['player'])} puts {e['card']} on top of their deck",
    "attached": lambda e: f"{e['card']} is attached to {_p(e['player'])}'s breach {_b(e['breach'])}",
    "detached": lambda e: f"{e['card']} leaves {_p(e['player'])}'s breach {_b(e['breach'])} for the discard pile",
    "extra_cost_paid": lambda e: f"{_p(e['player'])} pays the extra cost" + _by(e),
    "to_hand": lambda e: f"{_p(e['player'])} takes {e['card']} into their hand" + _by(e),
    "returned_to_hand": lambda e: f"{_p(e['player'])} returns {e['card']} to their hand" + _by(e),
    "revealed": _revealed,
    "hand_revealed": lambda e: f"{_p(e['player'])} reveals their hand: {_cards(e.get('cards'))}",
    "put_in_hand": lambda e: f"{_p(e['player'])} puts {e['card']} into their hand" + _by(e),
    "returned_to_supply": lambda e: f"{_p(e['player'])} returns {e['card']} to its supply pile" + _by(e),
    "gain_copied": lambda e: f"{_p(e['player'])} gains a copy of the {e['card']} {_p(e['from_player'])} gained",
    "card_taken": lambda e: f"{_p(e['player'])} takes {e['card']} from {_p(e['from_player'])}'s discard pile",
    "card_given": _card_given,
    "destroyed": lambda e: f"{_p(e['player'])} destroys {e['card']}",
    "pay_to_discard": lambda e: f"{_p(e['player'])} pays to discard {e['card']}",
    # breaches, spells, charges
    "charge": lambda e: f"{_p(e['player'])} gains a charge ({e['charges']})",
    "charges_lost": _charges_lost,
    "ability": lambda e: f"{_p(e['player'])} activates {e['name']}",
    "treasure": lambda e: f"{e['treasure']} acts for {_p(e['player'])}",
    "focus": lambda e: f"{_p(e['player'])} focuses breach {_b(e['breach'])}",
    "open": lambda e: f"{_p(e['player'])} opens breach {_b(e['breach'])}",
    "prep": lambda e: f"{_p(e['player'])} preps {e['card']} to breach {_b(e['breach'])}",
    "cast": lambda e: f"{_p(e['player'])} casts {e['card']}",
    "use": lambda e: f"{_p(e['player'])} uses {e['card']} on breach {_b(e['breach'])}",
    "spell_discarded": lambda e: f"{_p(e['player'])}'s {e['card']} on breach {_b(e['breach'])} is discarded"
    + _by(e),
    "sigil_breach": lambda e: f"{_p(e['player'])}'s breach {_b(e['breach'])} becomes a Sigil breach",
    "breach_destroyed": lambda e: f"{_p(e['player'])} destroys breach {_b(e['breach'])}",
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
    "life": lambda e: _healed(e, _p(e["player"])),
    "exhausted": lambda e: f"{_p(e['player'])} is exhausted!",
    # the nemesis
    "nemesis_draw": lambda e: f"the nemesis draws {e['card']} ({e['type']}, tier {e['tier']})",
    "extra_nemesis_draw": lambda e: "the nemesis draws one more card this turn" + _by(e),
    "nemesis_card_in_play": lambda e: f"{e['card']} enters play",
    "entry_life": lambda e: f"{e['card']} comes in with {e['life']} life",
    "nemesis_card_discarded": lambda e: f"{e['card']} is discarded",
    "nemesis_card_cancelled": lambda e: f"{e['card']} is discarded without effect",
    "nemesis_card_resolved_again": lambda e: f"{e['card']} resolves again" + _by(e),
    "nemesis_card_to_deck_bottom": lambda e: f"{e['card']} goes under the nemesis deck",
    "nemesis_cards_discarded": _nemesis_cards_discarded,
    "persistent": lambda e: f"{e['card']} acts",
    "power_tick": lambda e: f"{e['card']} has {e['power']} power left",
    "unleash": lambda e: "Unleash!",
    "token": _token,
    "strike": lambda e: f"Strike: {e['card']}",
    "nemesis_deck_empty": lambda e: f"the nemesis deck is empty: Unleash x{e['unleashes']}",
    # nemesis mats
    "husks_placed": _husks_placed,
    "husks_killed": _husks_killed,
    "husk_damaged": lambda e: f"a husk takes {e['damage']} damage" + _by(e),
    "swarm": lambda e: f"the husks swarm ({e['husks']} on the track)",
    "corruption_gained": _corruption_gained,
    "corruption_resolved": lambda e: f"{_p(e['player'])} resolves {e['card']}",
    "corruption_to_discard": lambda e: f"{e['card']} goes to {_p(e['player'])}'s discard pile",
    "accelerate_time": lambda e: "Accelerate Time: a nemesis turn order card goes back into the deck",
    "cloak": _cloak,
    "blood_magic": _blood_magic,
    "acolyte_to_deck_bottom": lambda e: f"{e['card']} goes under the acolyte deck",
    "acolyte_discarded": lambda e: f"{e['card']} goes to the acolyte discard pile",
    "acolytes_shuffled_back": _acolytes_shuffled_back,
    "devoured": _devoured,
    "gain_devoured": lambda e: f"{_p(e['player'])} gains {e['card']} from the devoured pile",
    "nest_placed": lambda e: f"{_nest(int(e['amount']), e['kind'])} into nest row {e['row']}" + _by(e),
    "nest_full": lambda e: f"the nest is full: {_nest(int(e['amount']), e['kind'])} not placed",
    "nest_row_filled": lambda e: f"nest row {e['row']} is filled",
    "fly_hatched": lambda e: f"a fly hatches in nest row {e['row']}",
    "nest_hit": _nest_hit,
    "ritual_back": lambda e: f"{_p(e['player'])} pays {e['cost']} Æ: the ritual token goes back to space {e['space']}",
    "ritual_complete": lambda e: (f"the ritual is complete: {e['removed']} nemesis cards leave the game "
                                  f"and {e['card']} comes into play"),
    "position": lambda e: (f"{_p(e['player'])}'s Position token goes onto {e['card']}" if e.get("card")
                           else f"{_p(e['player'])}'s Position token goes back to them") + _by(e),
    "positions_barred": lambda e: "no Position token may go onto a claw this turn" + _by(e),
    "claw_to_deck": lambda e: f"{e['card']} goes face down on top of the claw deck",
    "claw_deck_empty": lambda e: "a claw must come into play, but the claw deck is empty",
    "beside_mat": lambda e: f"{e['card']} now lies beside the mat until the game ends",
    "exiled": _exiled,
    "gain_exiled": lambda e: f"{_p(e['player'])} gains {e['card']} from the exiled pile",
    "exiled_destroyed": lambda e: f"every card of the exiled pile is destroyed: {_cards(e.get('cards'))}" + _by(e),
    "curse_resolved": lambda e: f"{_p(e['player'])} resolves {e['card']}",
    "game_over": _game_over,
}


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
