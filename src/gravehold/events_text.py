"""Render structured events as short English lines (events stay data until shown)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .engine.core import BREACH_NAMES

SILENT = {"choice", "forced", "aether", "setup"}


def _p(i: int) -> str:
    return f"P{i + 1}" if i >= 0 else "nemesis"


def event_text(e: dict[str, Any]) -> str | None:
    k = e["event"]
    if k in SILENT:
        return None
    f: Callable[[], str] | None = {
        "turn_start": lambda: (f"— turn {e['turn']}: " + ("the nemesis" if e["player"] < 0
                                                          else f"player {e['player'] + 1} ({e.get('mage')})")),
        "turn_order_drawn": lambda: f"turn order card: {e['card']}",
        "turn_order_shuffled": lambda: "turn order deck shuffled",
        "turn_order_revealed": lambda: f"turn order revealed: {e.get('card') or e.get('cards')}",
        "play": lambda: f"{_p(e['player'])} plays {e['card']}",
        "gain": lambda: f"{_p(e['player'])} gains {e['card']}" + (" onto their deck" if e.get("to_deck") else ""),
        "charge": lambda: f"{_p(e['player'])} gains a charge ({e['charges']})",
        "focus": lambda: f"{_p(e['player'])} focuses breach {BREACH_NAMES[e['breach']]}",
        "open": lambda: f"{_p(e['player'])} opens breach {BREACH_NAMES[e['breach']]}",
        "prep": lambda: f"{_p(e['player'])} preps {e['card']} to breach {BREACH_NAMES[e['breach']]}",
        "cast": lambda: f"{_p(e['player'])} casts {e['card']}",
        "nemesis_damage": lambda: f"the nemesis suffers {e['amount']} ({e['life']} left)",
        "minion_damage": lambda: f"{e['card']} suffers {e['amount']} ({e['life']} left)",
        "minion_defeated": lambda: f"{e['card']} is defeated",
        "gravehold_damage": lambda: f"Gravehold suffers {e['amount']} from {e['source']} ({e['life']} left)",
        "gravehold_life": lambda: f"Gravehold gains {e['amount']} life ({e['life']})",
        "player_damage": lambda: f"{_p(e['player'])} suffers {e['amount']} from {e['source']}"
        + (" (redirected to Gravehold)" if e.get("redirected") else f" ({e.get('life')} left)"),
        "life": lambda: f"{_p(e['player'])} gains {e['amount']} life ({e['life']})",
        "exhausted": lambda: f"{_p(e['player'])} is exhausted!",
        "breach_destroyed": lambda: f"{_p(e['player'])} destroys breach {BREACH_NAMES[e['breach']]}",
        "nemesis_draw": lambda: f"the nemesis draws {e['card']} ({e['type']}, tier {e['tier']})",
        "nemesis_card_in_play": lambda: f"{e['card']} enters play",
        "nemesis_card_discarded": lambda: f"{e['card']} is discarded",
        "nemesis_card_cancelled": lambda: f"{e['card']} is discarded without effect",
        "persistent": lambda: f"{e['card']} acts",
        "power_tick": lambda: f"{e['card']} has {e['power']} power left",
        "unleash": lambda: "Unleash!",
        "token": lambda: f"nemesis {e['token']}: {e['total']}",
        "strike": lambda: f"Strike: {e['card']}",
        "ability": lambda: f"{_p(e['player'])} activates {e['name']}",
        "destroyed": lambda: f"{_p(e['player'])} destroys {e['card']}",
        "pay_to_discard": lambda: f"{_p(e['player'])} pays to discard {e['card']}",
        "nemesis_deck_empty": lambda: f"the nemesis deck is empty: Unleash x{e['unleashes']}",
        "game_over": lambda: f"GAME OVER: {e['result']} ({e['reason']})",
    }.get(k)  # type: ignore[assignment]
    if f is None:
        return None
    return str(f())
