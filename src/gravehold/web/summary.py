"""The end screen's numbers, read from a game's event log, and the card that asks a question.

The engine logs damage by the card that deals it (``source``), not by the player, so a
player's damage is found by who is acting: the player whose turn it is, or whoever last
played, cast, used or activated something (an ally casting on your turn deals the
damage, not you). Damage no player dealt (on the nemesis' turn, with nobody acting) is
counted apart, so the players' totals never take credit for it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..content import registry as content
from ..content.text import ability_text, card_text, nemesis_card_text, nemesis_text
from ..engine.game import Game
from ..engine.shapes import Doc, Json
from ..events_text import reason_text

#: Events that make their ``player`` the one acting, until the next turn starts.
ACTING = frozenset({"play", "cast", "use", "ability"})
#: Damage events and the field holding the amount dealt; the value says what was hit.
DAMAGE = {"nemesis_damage": ("amount", "nemesis"), "minion_damage": ("amount", "minions"),
          "husk_damaged": ("damage", "minions")}
#: Events of a card a player gained (bought, or took from the supply by an effect).
GAINS = frozenset({"gain", "gain_devoured"})


def tally(events: Iterable[Mapping[str, Json]], mages: list[str]) -> Doc:
    """Per seat: damage to the nemesis and to minions, and every card gained in order."""
    players: list[Doc] = [
        {"seat": i, "mage": m, "damage": 0, "nemesis_damage": 0, "minion_damage": 0, "gained": []}
        for i, m in enumerate(mages)]
    other = 0
    actor: int | None = None
    for e in events:
        kind = e.get("event")
        if kind == "turn_start":
            who = e.get("player", -1)
            actor = who if isinstance(who, int) and 0 <= who < len(players) else None
        elif kind == "turn_end":
            actor = None
        elif kind in ACTING and isinstance(e.get("player"), int) and 0 <= e["player"] < len(players):
            actor = e["player"]
        elif kind in DAMAGE:
            field, hit = DAMAGE[kind]
            amount = int(e.get(field, 0) or 0)
            if actor is None:
                other += amount
            else:
                p = players[actor]
                p["damage"] += amount
                p["nemesis_damage" if hit == "nemesis" else "minion_damage"] += amount
        elif kind in GAINS and isinstance(e.get("player"), int) and 0 <= e["player"] < len(players):
            players[e["player"]]["gained"].append(str(e.get("card")))
    return {"players": players, "other_damage": other}


def end_summary(game: Game) -> Doc:
    """The end screen: result and reason, turns, each player's damage and gains, and the
    lives left. ``game`` must hold its whole event log (from the setup on)."""
    st = game.state
    nemesis = content.NEMESES[st.nemesis.id].name if st.nemesis.id in content.NEMESES else st.nemesis.id
    t = tally(game.events, [p.mage for p in st.players])
    for p, pl in zip(t["players"], st.players, strict=True):
        p["life"], p["max_life"], p["gained_count"] = pl.life, pl.max_life, len(p["gained"])
    return {"result": st.result, "reason": st.reason, "reason_text": reason_text(st.result, st.reason, nemesis),
            "turns": st.turn, "gravehold_life": st.gravehold, "gravehold_max_life": st.gravehold_max,
            "nemesis": nemesis, "nemesis_life": st.nemesis.life, "nemesis_max_life": st.nemesis.max_life, **t}


def whole_log(game: Game) -> bool:
    """The event log goes back to the setup (a game loaded from a snapshot has lost it)."""
    return bool(game.events) and game.events[0].get("event") == "setup"


def source_card(name: str | None, nemesis_id: str) -> dict[str, str] | None:
    """What asks a decision (its ``source``), for a dialog: its name, what it is, and its
    rendered text. A mage is shown by its ability; ``Unleash`` by the nemesis' rules."""
    if not name:
        return None
    if name in content.CARDS:
        c = content.CARDS[name]
        return {"name": c.name, "kind": f"{c.type}, cost {c.cost}", "text": card_text(c)}
    if name in content.NEMESIS_CARDS:
        n = content.NEMESIS_CARDS[name]
        tier = f", tier {n.tier}" if n.tier else ""  # a strike card has none
        return {"name": content.shown(name), "kind": f"nemesis {n.type}{tier}", "text": nemesis_card_text(n)}
    for m in content.MAGES.values():
        if name in (m.id, m.name, m.ability.name):
            return {"name": m.ability.name, "kind": f"{m.name}'s ability", "text": ability_text(m)}
    nd = content.NEMESES.get(nemesis_id) if name == "Unleash" else next(
        (x for x in content.NEMESES.values() if name in (x.id, x.name)), None)
    if nd is not None:
        return {"name": nd.name, "kind": "nemesis", "text": nemesis_text(nd)}
    return {"name": name, "kind": "", "text": ""}
