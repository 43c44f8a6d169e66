"""Paradox of Myth and Bone's thirty-one cards, as data (the mat and its step kinds: ``paradox_of_myth_and_bone``).

Each card belongs to the nemesis whose deck it is dealt into (``HALF``): Myth's minions and
powers, Bone's minions and attacks. The step kinds they name (``half_unleash``,
``half_gains``, ``lowest_nemesis_gains``, ``oldest_power_tokens``, ``myth_power_returns``,
``siege_strike``) and the conditions (``bone_behind``, ``on_nemesis_turn``) live with the mat,
which reads these records; this module imports nothing of it, so the two never loop. It has
no ``NEMESIS``: the package takes it for a helper, and the mat's module lists the cards
(``CARDS``) once.
"""

from __future__ import annotations

from typing import Any

from ....boxapi import NemesisCardDef, pick
from ..basics import crossable
from .bought_tokens import COST as UNTOKEN_COST

PMB = "Paradox of Myth and Bone"
MYTH, BONE = "Myth", "Bone"
SIEGE = crossable("Baleful Siege", 3)


def _card(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "LOG", nemesis=PMB, **kw)


def _any(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


def unleash_of(half: str, times: int = 1) -> tuple[Any, ...]:
    """The step "Myth (or Bone) Unleashes ``times`` times"."""
    return ("half_unleash", half, times)


def _if_behind(then: tuple[tuple[Any, ...], ...], otherwise: tuple[tuple[Any, ...], ...] = ()) -> tuple[Any, ...]:
    return ("if", "bone_behind", then, otherwise)


FIRE = ("add_fire", 1)
DISCARD_PREPPED = pick("discard", 1, "prepped")

# ---------------------------------------------------------------- Myth: minions
GRAVEN_ZEPHYD = _card("Graven Zephyd", "minion", 1, life=5, shields=2,
                      persistent=(("half_gains", BONE, 3), ("oldest_power_tokens", 1)))
AWAKENED_MEGALITH = _card("Awakened Megalith", "minion", 1, life=7,
                          persistent=(_any(("suffer", 1)), ("lowest_nemesis_gains", 3), FIRE))
COBBLE_HAUNT = _card("Cobble Haunt", "minion", 2, life=12,
                     persistent=(("or", (unleash_of(MYTH, 2),), (unleash_of(BONE), _any(pick("discard", 2)))),))
OBELISK_IDOL = _card("Obelisk Idol", "minion", 2, life=9, shields=2,
                     persistent=(("player", "most_prepped", (("suffer", 2),)), FIRE))
RUIN_SCROUNGER = _card("Ruin Scrounger", "minion", 3, life=16, persistent=(_if_behind(
    (("player", "costliest_in_hand", (pick("destroy", 1, filt="costliest"), ("suffer", 3))),),
    (("gravehold_damage", 4),)),))
# ---------------------------------------------------------------- Myth: powers
MYTHIC_FORCE = _card("Mythic Force", "power", 1, power_tokens=5, passive=(("bone_unleash_harder", 1),),
                     immediately=(unleash_of(MYTH),), power=(_any(pick("discard", 1)),))
STOIC_JUDGEMENT = _card("Stoic Judgement", "power", 1, power_tokens=5, passive=(("stoic_growth", 1),),
                        immediately=(unleash_of(MYTH),), power=(_if_behind((("half_gains", BONE, 4),)),))
RITUAL_OF_THE_WISE = _card("Ritual of the Wise", "power", 1, power_tokens=3, passive=(("ritual_tick", 2),),
                           immediately=(unleash_of(MYTH),),
                           power=(_if_behind((("gravehold_damage", 5),), (_any(("suffer", 2)),)),))
BALEFUL_SIEGE = _card(SIEGE, "power", 2, power_tokens=5, passive=(("siege_less", 2),),
                      immediately=(unleash_of(MYTH, 2), ("siege_strike",)), power=(_any(pick("discard", 2)), FIRE))
OTHERWORLDLY_MAGIC = _card("Otherworldly Magic", "power", 2, power_tokens=6,
                           passive=(("bone_unleash_at_gravehold",),),
                           immediately=(unleash_of(MYTH, 2),), power=(_any(pick("discard", 2)), FIRE))
MAGICAL_ASSAULT = _card("Magical Assault", "power", 2, power_tokens=6, passive=(("bone_unleash_harder", 1),),
                        immediately=(unleash_of(MYTH, 2),), power=(_any(pick("discard", 1)),))
GOLDEN_AURA = _card("Golden Aura", "power", 3, power_tokens=3, passive=(("bone_unleash_heals", 2),),
                    immediately=(unleash_of(MYTH, 2),), power=(_any(pick("discard", 4)),))
WOEFUL_DIRGE = _card("Woeful Dirge", "power", 3, power_tokens=3,
                     passive=(("myth_bone_no_damage", (BONE,)), ("last_token_buyable", UNTOKEN_COST)),
                     immediately=(unleash_of(MYTH, 2),), power=(("if", "on_nemesis_turn", (FIRE,), ()),))
HORRIFYING_MAJESTY = _card(crossable("Horrifying Majesty", 1), "power", 3, power_tokens=3,
                           passive=(("bone_unleash_harder", 1),),
                           immediately=(("player", "lowest_life", (("suffer_severing", 3, 1),)),),
                           power=(_any(pick("discard", 2, "prepped")),))
THREAT_OF_ANNIHILATION = _card("Threat of Annihilation", "power", 3, power_tokens=4, passive=(("threat_tick",),),
                               immediately=(unleash_of(MYTH, 2),), power=(_any(DISCARD_PREPPED),))
# ---------------------------------------------------------------- Bone: minions
QUAGMIRE_AMPHYB = _card("Quagmire Amphyb", "minion", 1, life=8, persistent=(unleash_of(BONE), unleash_of(MYTH), FIRE))
THICKET_GIBBER = _card("Thicket Gibber", "minion", 1, life=5, shields=2,
                       persistent=(unleash_of(BONE), _if_behind((_any(DISCARD_PREPPED), FIRE))))
PRIMEVAL_HUNTRESS = _card("Primeval Huntress", "minion", 2, life=12, shields=2,
                          passive=(("myth_bone_no_damage", (MYTH, BONE)),), persistent=(unleash_of(MYTH), FIRE))
GIBBER_MOB = _card("Gibber Mob", "minion", 2, life=14,
                   persistent=(("or", (("any_player_loses_charge", 3),), (("gravehold_damage", 5),)),))
AMPHYB_CLUTCHFATHER = _card("Amphyb Clutchfather", "minion", 3, life=14, shields=2, persistent=(
    ("lowest_nemesis_gains", 7), ("costliest_prepped", "discard", -1, (), ()), FIRE))
MYCELION_TITAN = _card("Mycelion Titan", "minion", 3, life=17, persistent=(
    ("or", (unleash_of(BONE, 2),), (_any(("destroy_prepped_and_breach", 4)),)),))
# ---------------------------------------------------------------- Bone: attacks
CHARGE = _card("Charge (Paradox of Myth and Bone)", "attack", 1, shown="Charge", effect=(
    unleash_of(BONE), _any(pick("discard", 1)), FIRE, _if_behind((("oldest_power_tokens", 2),))))
FLAIL = _card("Flail", "attack", 1, effect=(unleash_of(BONE), _any(DISCARD_PREPPED), _if_behind((unleash_of(BONE),))))
GLARE = _card("Glare", "attack", 1, effect=(
    unleash_of(BONE), ("oldest_power_tokens", 2), _if_behind((("half_gains", BONE, 2),))))
ENRAGE = _card("Enrage", "attack", 2, effect=(unleash_of(BONE, 2), _if_behind((FIRE, _any(pick("discard", 3))))))
POUND = _card(crossable("Pound", 1), "attack", 2, effect=(
    unleash_of(BONE, 2), ("any_player_loses_charge", 2),
    _if_behind((("player", "lowest_life", (("suffer_severing", 2, 1),)),))))
GNASH = _card("Gnash", "attack", 2, effect=(_if_behind((("return_minion",),), (_any(("suffer", 5)),)),))
INTIMIDATE = _card("Intimidate", "attack", 3, effect=(
    ("return_minion",), _if_behind((pick("discard", 2, "prepped", who="players"),))))
GORE = _card("Gore (Paradox of Myth and Bone)", "attack", 3, shown="Gore", effect=(
    unleash_of(BONE, 2), ("myth_power_returns", 1)))
DEFY = _card("Defy", "attack", 3, effect=(("or", (unleash_of(BONE, 2), ("collective_lose_charges", 4)),
                                                 (unleash_of(MYTH, 3), ("discard_costliest_prepped", 2), FIRE)),))
ENRAGE_CAMPAIGN = _card("Enrage (Campaign)", "attack", 2, shown="Enrage", campaign=True,
                        effect=(unleash_of(BONE, 2), _if_behind((FIRE,))))

MYTH_CARDS = (GRAVEN_ZEPHYD, AWAKENED_MEGALITH, COBBLE_HAUNT, OBELISK_IDOL, RUIN_SCROUNGER, MYTHIC_FORCE,
              STOIC_JUDGEMENT, RITUAL_OF_THE_WISE, BALEFUL_SIEGE, OTHERWORLDLY_MAGIC, MAGICAL_ASSAULT, GOLDEN_AURA,
              WOEFUL_DIRGE, HORRIFYING_MAJESTY, THREAT_OF_ANNIHILATION)
BONE_CARDS = (QUAGMIRE_AMPHYB, THICKET_GIBBER, PRIMEVAL_HUNTRESS, GIBBER_MOB, AMPHYB_CLUTCHFATHER, MYCELION_TITAN,
              CHARGE, FLAIL, GLARE, ENRAGE, POUND, GNASH, INTIMIDATE, GORE, DEFY, ENRAGE_CAMPAIGN)
ALL_CARDS = MYTH_CARDS + BONE_CARDS
#: whose deck each card belongs to
HALF: dict[str, str] = {**{c.name: MYTH for c in MYTH_CARDS}, **{c.name: BONE for c in BONE_CARDS}}
