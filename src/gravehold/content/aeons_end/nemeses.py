"""Aeon's End nemeses: each one's mat (NemesisDef) and its own cards."""

from __future__ import annotations

from ..model import NemesisCardDef, NemesisDef

_R = "Rageborne"


def _N(name: str, type_: str, tier: int, **kw: object) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "AE", nemesis=_R, **kw)  # type: ignore[arg-type]


def _S(name: str, *effect: tuple[object, ...]) -> NemesisCardDef:
    return NemesisCardDef(name, "strike", 0, "AE", nemesis=_R, effect=effect, deck="strike")


NEMESIS_CARDS = (
    _N("Cleave", "attack", 1, effect=(("strike", 1),)),
    _N("Provoker", "minion", 1, life=5, persistent=(("gravehold_damage_token", "fury"),)),
    _N("Unrelenting Ire", "attack", 1,
       effect=(("unleash", 1), ("if_nemesis_turns_discarded", 2, (("unleash", 2),)))),
    _N("Blood Cry", "power", 2, power_tokens=2, to_discard=(("lose_charges", 4),),
       power=(("unleash", 4),)),
    _N("Invoke Carnage", "power", 2, power_tokens=2, to_discard=(("spend_aether", 7),),
       power=(("unleash", 1), ("player", "any", (("suffer_token", 1, "fury"),)))),
    _N("Scorn", "minion", 2, life=9,
       persistent=(("or", (("gravehold_damage", 3),), (("unleash", 2),)),)),
    _N("Avatar of Wrath", "minion", 3, life=16, persistent=(("strike", 1),)),
    _N("Onslaught", "attack", 3,
       effect=(("unleash", 3), ("collective_discard_hand", "fury"))),
    _N("Rolling Death", "power", 3, power_tokens=2, to_discard=(("spend_aether", 8),),
       power=(("strike", 2),)),
    _S("Convoke", ("player", "any", (("suffer", 4),))),
    _S("Devastate", ("gravehold_damage", 5)),
    _S("Eviscerate", ("player", "lowest_life", (("suffer", 2),))),
    _S("Frenzy", ("player", "most_opened_breaches", (("suffer", 3),))),
    _S("Raze", ("gravehold_damage", 3), ("player", "any", (("suffer", 1),))),
    _S("Seize", ("collective_discard_prepped_expensive", 2)),
)

NEMESES = (
    NemesisDef(
        "Rageborne", "Rageborne", "AE", life=70, difficulty=2,
        unleash=(("gain_token", "fury", 1),),
        cards=("Cleave", "Provoker", "Unrelenting Ire", "Blood Cry", "Invoke Carnage",
               "Scorn", "Avatar of Wrath", "Onslaught", "Rolling Death"),
        special_decks={"strike": ("Convoke", "Devastate", "Eviscerate", "Frenzy", "Raze", "Seize")},
        tokens={"fury": 1},
        end_of_turn=(("if_token_at_least", "fury", 4, (("strike", 1),)),),
        rules={"strike": {"deck": "strike", "lose_token": "fury", "lose": 3}},
        increased_difficulty={"strike": {"lose": 1}},
    ),
)
