"""Nook and Inco (LOG), two of the four Gravehold mages of ``mages_gravehold_decks`` (its
docstring tells their piles, the choices between sources and the readings decided for them;
``READINGS`` there keeps the values): Nook's Anomalies and Regularity deck, Inco's flowers
and their Harvest.
"""

from __future__ import annotations

from ...boxapi import (
    CARD_RULES,
    MAT_RULES,
    AbilityDef,
    Action,
    CardDef,
    Ctx,
    Engine,
    MageDef,
    Steps,
    ask_step,
    catalogue,
    destroy_from,
    event_text,
    pick,
    receive_gained,
    render_steps,
    seat,
    step,
    turn_flag,
)
from .mages_gravehold_decks import (
    CITY,
    INCO,
    NOOK,
    READINGS,
    REGULARITY,
    base_of,
    either,
    mage_seat,
)
from .mats import BOX, NONE, OPEN, C

# ================================================================== Nook

ANOMALY_PLAYED = turn_flag("log_anomaly_played", "players who have played an Anomaly card this turn")


@step("anomaly_first", text=lambda card: (
        f"If you have played no other Anomaly card this turn, put this one into your Regularity deck and gain "
        f"a {card} from the Regularity deck."))
def _anomaly_first(g: Engine, ctx: Ctx, card: str) -> None:
    """READINGS: the first Anomaly played, whatever it did; the card gained goes to the discard pile."""
    st = g.state
    seats = list(st.flags.get(ANOMALY_PLAYED, ()))
    if ctx.owner in seats:
        return
    st.flags[ANOMALY_PLAYED] = [*seats, ctx.owner]
    j = mage_seat(g, NOOK)
    p = st.players[ctx.owner]
    if j is None or ctx.source not in p.played:
        return
    p.played.remove(ctx.source)
    pile = st.players[j].decks.setdefault(REGULARITY, [])
    pile.append(ctx.source)
    g.ev("to_own_deck", player=ctx.owner, deck=REGULARITY, card=ctx.source, top=False)
    if card in pile:
        pile.remove(card)
        receive_gained(g, ctx.owner, card, on_your_turn=ctx.owner == st.active)


def _is_anomaly(name: str) -> bool:
    return base_of(name).endswith(" Anomaly")


@step("crystals_to_regularity", text=lambda n: (
        f"Put up to {n} Crystals from your hand or discard pile into your Regularity deck."))
def _crystals_to_regularity(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("card", z, "Crystal") for z in ("hand", "discard") if "Crystal" in getattr(p, z)]
        if n > 0 and opts:
            ask_step(g, ctx, ("crystals_to_regularity", n), "card", ctx.you,
                     f"Put a Crystal into your Regularity deck? ({n} at most)", opts + [("done",)])
        return
    if action[0] == "done":
        return
    zone: list[str] = getattr(p, str(action[1]))
    zone.reverse()
    zone.remove("Crystal")
    zone.reverse()
    p.decks.setdefault(REGULARITY, []).append("Crystal")
    g.ev("to_own_deck", player=ctx.you, deck=REGULARITY, card="Crystal", top=False)
    g.push("s", ctx.you, ctx.owner, ctx.source, ("crystals_to_regularity", n - 1))


@step("anomalies_to_hand", text=lambda n: f"Put up to {n} Anomaly cards from your Regularity deck into your hand.")
def _anomalies_to_hand(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    pile = p.decks.get(REGULARITY, [])
    if action is None:
        opts: list[Action] = [("card", c) for c in dict.fromkeys(pile) if _is_anomaly(c)]
        if n > 0 and opts:
            ask_step(g, ctx, ("anomalies_to_hand", n), "to_hand", ctx.you,
                     f"Take which Anomaly into your hand? ({n} at most)", opts + [("done",)])
        return
    if action[0] == "done":
        return
    pile.remove(str(action[1]))
    p.hand.append(str(action[1]))
    g.ev("own_deck_to_hand", player=ctx.you, card=str(action[1]), deck=REGULARITY, source=ctx.source)
    g.push("s", ctx.you, ctx.owner, ctx.source, ("anomalies_to_hand", n - 1))


def _anomaly(name: str, kind: str, back: str, *play: tuple[object, ...]) -> CardDef:
    return CardDef(f"{name} Anomaly", kind, 5, BOX, play=(*play, ("anomaly_first", back)),
                   starter=True, mage=NOOK, city=CITY)


ANOMALIES = (
    _anomaly("Zeronia", "gem", "Crystal", ("aether", 2), ("ally_charges", 1)),
    _anomaly("Photonix", "gem", "Spark", ("aether", 1)),
    _anomaly("Mechanek", "relic", "Crystal", ("repeat", READINGS["repeat_once"], (("focus_own",),))),
    _anomaly("Eternus", "gem", "Crystal", ("aether", 2)),
    _anomaly("Nihilum", "gem", "Crystal", ("aether", 2), ("silence",)),
)

NOOK_MAGE = MageDef(
    NOOK, NOOK, "Timeless", BOX,
    AbilityDef("Time Ripple", "your_main", 5, (("crystals_to_regularity", 3), ("anomalies_to_hand", 3))),
    hand=("Zeronia Anomaly", "Crystal", "Spark", "Photonix Anomaly", "Mechanek Anomaly"),
    deck=("Crystal", "Crystal", "Spark", "Eternus Anomaly", "Nihilum Anomaly"),
    breaches=(NONE, C(1), C(0), C(0)), uniques=tuple(c.name for c in ANOMALIES),
    decks={REGULARITY: ("Crystal", "Crystal", "Crystal", "Crystal", "Spark")}, deck_faces={REGULARITY: "up"},
    city=CITY,
)

# ================================================================== Inco

#: what each flower does when it is Harvested (printed on the card, after its own effect)
HARVEST: dict[str, Steps] = {
    "Iris": (("aether", 2),),
    "Tulip": (("gain_from_supply", "any", 4, False),),
    "Dahlia": (("damage", 2),),
    "Rose": (("focus_own",),),
    "Violet": (pick("to_hand", 1, "discard", who="ally", how="may"),),
    "Sunflower": (("life", 2, "you"),),
}


def _harvestable(g: Engine, ctx: Ctx, zones: tuple[str, ...], kind: str) -> list[Action]:
    p = g.state.players[ctx.you]
    return [("card", z, n) for z in zones for n in dict.fromkeys(getattr(p, z))
            if base_of(n) in HARVEST and kind in ("any", catalogue.CARDS[n].type)]


def _harvest_text(n: int, zones: tuple[str, ...], times: int, kind: str) -> str:
    what = "a gem" if kind == "gem" else "a card" if n == 1 else f"up to {n} cards"
    where = " or ".join({"hand": "your hand", "discard": "your discard pile"}[z] for z in zones)
    again = " twice" if times == 2 else ""
    it = "each" if n > 1 else "it"
    return (f"You may Harvest {what} in {where}: destroy {it}, then resolve its Harvest effect{again}. Only "
            "Inco's flowers can be Harvested.")


@step("harvest", text=_harvest_text,
      can_resolve=lambda g, ctx, s: bool(_harvestable(g, ctx, tuple(s[2]), str(s[4]))))
def _harvest(g: Engine, ctx: Ctx, n: int, zones: tuple[str, ...], times: int, kind: str,
             action: Action | None = None) -> None:
    """READINGS: one card at a time, its effect resolved before the next is chosen."""
    if action is None:
        opts = _harvestable(g, ctx, tuple(zones), kind)
        if n > 0 and opts:
            ask_step(g, ctx, ("harvest", n, zones, times, kind), "destroy", ctx.you,
                     f"Harvest which card? ({n} at most)", opts + [("done",)])
        return
    if action[0] == "done":
        return
    zone, name = str(action[1]), str(action[2])
    g.push("s", ctx.you, ctx.owner, ctx.source, ("harvest", n - 1, zones, times, kind))
    g.push_steps(tuple(s for _ in range(times) for s in HARVEST[base_of(name)]), Ctx(ctx.you, ctx.you, name))
    destroy_from(g, ctx.you, zone, name, ctx.source)
    g.ev("harvested", player=ctx.you, card=name, source=ctx.source)


def _flower(name: str, kind: str, *effect: tuple[object, ...]) -> CardDef:
    spell = kind == "spell"
    return CardDef(name, kind, 0, BOX, play=() if spell else tuple(effect), cast=tuple(effect) if spell else (),
                   starter=True, mage=INCO, city=CITY)


FLOWERS = (
    _flower("Iris", "gem", ("aether", 1)),
    _flower("Tulip", "gem", ("aether", 1)),
    _flower("Dahlia", "gem", ("aether", 1)),
    _flower("Rose", "spell", ("damage", 1)),
    _flower("Violet", "gem", ("aether", 1)),
    _flower("Sunflower", "gem", ("aether", 1), ("harvest", 1, ("hand",), 1, "gem")),
)

INCO_MAGE = MageDef(
    INCO, INCO, "Growing Soul", BOX,
    AbilityDef("Uproot", "your_main", 5,
               (either((("harvest", 2, ("hand", "discard"), READINGS["uproot_times"], "any"),),
                        (("gravehold_life", 5),)),)),
    hand=("Iris", "Tulip", "Dahlia", "Rose", "Violet"),
    deck=("Iris", "Tulip", "Dahlia", "Sunflower", "Rose"),
    breaches=(OPEN, C(1), C(1), C(1)), uniques=tuple(c.name for c in FLOWERS), city=CITY,
)

CARD_RULES.update({name: f"When this is Harvested: {render_steps(steps)}" for name, steps in HARVEST.items()})
MAT_RULES.update({
    NOOK: "Regularity deck: four Crystals and a Spark, face up beside the mat.",
    INCO: ("Harvest: only Inco's flowers, the cards that began the game in his hand or deck, can be Harvested; a "
           "Harvested card is destroyed, then its Harvest effect resolves."),
})
event_text("harvested", lambda e: f"{seat(e['player'])} harvests {e['card']}")

UNIQUE_CARDS = (*ANOMALIES, *FLOWERS)
MAGES = (NOOK_MAGE, INCO_MAGE)
