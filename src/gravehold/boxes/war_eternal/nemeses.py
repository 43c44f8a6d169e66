"""War Eternal nemeses: each one's mat (NemesisDef) and its own cards.

Gate Witch, Hollow Crown (and its nine acolytes), Magus of Cloaks and Umbra Titan. Every
token these mats speak of is the box's plain "nemesis token", kept in
``state.nemesis.tokens["nemesis"]`` (one source calls them time gates, cloaks and
Gravehold's pillars). The mat rules that change the engine's procedures are nemesis
hooks in ``engine/nemeses_we.py``; the steps of ``rules`` / ``increased_difficulty``
below are what the mat reads, and those hooks take their numbers from them.

Source decisions:

* *Gate Witch*, increased difficulty: one source says it loses five tokens instead of
  four when it accelerates time, the others three. Losing fewer tokens makes it
  accelerate more often (harder), which is what an increased difficulty is for, and
  two sources agree: **three**.
* Difficulty ratings: the randomizer and the Clojure engine differ by one for Hollow
  Crown (5 / 6) and Magus of Cloaks (7 / 6); the randomizer's value is kept, like the
  other boxes.
* *Hollow Crown* prints 1 life that nothing can ever take; its life is 1 at every
  difficulty (beginner's -10 would make it meaningless).
* *Lurzan*: the Clojure engine also deals 1 damage to Gravehold, its printed text does
  not; the text is followed.
* *Holadran* ("two different players") in true solo: the one player suffers both, as in
  the Clojure engine (SO-1: you are your own ally).
* *Ashen Haruspex*: one source gives it 2 shields; War Eternal has no shield tokens and
  its text says 2 of each damage is prevented: every damage to it is 2 lower.
* *Cryptid* / *Maul* / *Eclipse* "the most expensive prepped spell": the costliest
  prepped spells on the whole table; ties are the players' choice (N-6).
* *Magus of Cloaks* loses a token on every damage that would reach it (more than 0
  before the reduction), even one reduced to nothing; its two powers that are discarded
  "when it is dealt damage" go only when some damage gets through.
"""

from __future__ import annotations

from typing import Any

from ...content.model import NemesisCardDef, NemesisDef

T = "nemesis"  # the nemesis token of this box


def _card(nemesis: str) -> Any:
    def make(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
        return NemesisCardDef(name, type_, tier, "WE", nemesis=nemesis, **kw)
    return make


def _any(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


def _or(a: tuple[tuple[Any, ...], ...], b: tuple[tuple[Any, ...], ...]) -> tuple[Any, ...]:
    return ("or", a, b)


# =========================================================================== Gate Witch

GW = "Gate Witch"
_G = _card(GW)
_BOTTOM = ("to_nemesis_deck_bottom",)

GATE_WITCH_CARDS = (
    _G("Deep Abomination", "minion", 1, life=6, persistent=(("suffer_per_turn_card", 1),)),
    _G("Hasten", "attack", 1, effect=(_any(("suffer_per_token", T)), ("unleash", 1), _BOTTOM)),
    _G("Temporal Nimbus", "power", 1, power_tokens=3, to_discard=(("spend_aether", 6),),
       power=(("unleash", 1), ("extra_nemesis_draw",))),
    _G("Nether Spiral", "power", 2, power_tokens=3, to_discard=(("spend_aether", 7),),
       power=(("keep_player_turn_card",),)),
    _G("Paradox Beast", "minion", 2, life=8, persistent=(("gravehold_damage_token", T),)),
    _G("Portal Wretch", "minion", 2, life=8,
       persistent=(("player", "most_charges", (("suffer", 2),)),),
       discarded=(("shuffle_one_nemesis_turn",),)),
    _G("Distort", "attack", 3, effect=(("unleash", 1), ("reveal_turn_order_skip", 5), _BOTTOM)),
    _G("Infinite Enmity", "power", 3, power_tokens=2, to_discard=(("spend_aether", 8),),
       power=(("unleash_until_token", T, 6), _BOTTOM)),
    _G("Rift Scourge", "minion", 3, life=13, persistent=(_any(("suffer", 4)),), discarded=(_BOTTOM,)),
)

# =========================================================================== Hollow Crown

HC = "Hollow Crown"
_H = _card(HC)
_BLOOD = ("own_blood_magic",)


def _acolyte(name: str, *blood: tuple[Any, ...]) -> NemesisCardDef:
    return NemesisCardDef(name, "minion", 0, "WE", nemesis=HC, life=11, blood_magic=tuple(blood),
                          discarded=(("to_acolyte_discard",), ("draw_acolyte",)), deck="acolyte")


ACOLYTES = (
    _acolyte("Bezu", ("gravehold_damage_most_prepped", 1), ("self_damage_most_prepped", 1)),
    _acolyte("Edryss Tragg", _any(("suffer", 2), ("self_damage_if_life_at_most", 5, 2))),
    _acolyte("Holadran", ("different_players", 2, (("suffer", 1),))),
    _acolyte("Kurgax", ("gravehold_damage", 1), _any(("suffer", 1))),
    _acolyte("Lurzan", ("player", "lowest_life", (("suffer", 1),))),
    _acolyte("Mord", _or((("gravehold_damage", 3),),
                         (("any_player_loses_charge", 1), ("gravehold_damage", 1), ("self_damage", 1)))),
    _acolyte("Nhavkalas", ("gravehold_damage", 3), ("self_damage", 1)),
    _acolyte("Ren-Goda", _or((_any(("suffer", 2)),),
                             (_any(("suffer", 1), ("discard_costliest_hand", 1)),))),
    _acolyte("Solara", _any(("discard", 2)), ("self_damage", 3)),
)

HOLLOW_CROWN_CARDS = (
    _H("Beseech", "attack", 1, effect=(("acolyte", "least_life", (("acolyte_to_deck_bottom",),)),
                                       ("draw_acolyte",), ("unleash", 1))),
    _H("Enslave", "attack", 1, effect=(("blood_magic_each",),)),
    _H("Thronewatch", "minion", 1, life=6,
       persistent=(("acolyte", "least_life", (_BLOOD, ("it_suffers", 1))),)),
    _H("Ascend", "attack", 2, effect=(("unleash", 1), ("acolyte", "least_life", (("self_heal", 10), _BLOOD)))),
    _H("Infernal Domain", "power", 2, power_tokens=2, to_discard=(("spend_aether", 8),),
       power=(("draw_acolyte",), ("blood_magic_each",))),
    _H("Reign", "attack", 2, effect=(("acolyte", "most_life", (_BLOOD, ("it_suffers", 6))), ("unleash", 2))),
    _H("Dominate", "attack", 3, effect=(("blood_magic_each",), ("blood_magic_each",))),
    _H("Nameless Faith", "power", 3, power_tokens=1, to_discard=(("spend_aether", 8),),
       power=(("acolytes_back_to_deck", 2), ("blood_magic_each",))),
    _H("Viscera Bride", "minion", 3, life=18,
       persistent=(("acolyte", "least_life", (("self_heal", 10), _BLOOD, _BLOOD)),)),
)

# =========================================================================== Magus of Cloaks

MC = "Magus of Cloaks"
_M = _card(MC)
_OFF = ("discard_when_nemesis_damaged",)

MAGUS_CARDS = (
    _M("Dusk Spawn", "minion", 1, life=5, passive=(("damaged_gain_token", T, 1),),
       persistent=(_or((("any_player_loses_charge", 1),), (_any(("suffer", 2)),)),)),
    _M("Rising Dark", "power", 1, power_tokens=3, passive=(_OFF,),
       power=(("unleash", 1), _any(("suffer", 3)), ("destroy_prepped_costing", 0, 1))),
    _M("Twilight Empire", "power", 1, power_tokens=3,
       power=(("gravehold_damage_token", T), ("gain_token", T, 1))),
    _M("Ashen Haruspex", "minion", 2, life=5, passive=(("damage_reduced", 2),),
       persistent=(_any(("suffer_half_token", T)),)),
    _M("Black Solstice", "power", 2, power_tokens=2, passive=(_OFF,),
       power=(("unleash", 2), ("prepped_player", (("suffer", 3), ("discard_prepped",))))),
    _M("Enshroud", "attack", 2, effect=(("gain_token", T, 4), ("destroy_prepped_costing", 0, 2))),
    _M("Eclipse", "attack", 3, effect=(("gain_token", T, 5), ("destroy_costliest_prepped_and", (("suffer", 2),)))),
    _M("Shadow's Reach", "power", 3, power_tokens=9, immediately=(("gain_token", T, 4),),
       power=(("players_lose",),)),
    _M("Veil Daughter", "minion", 3, life=11, passive=(("damage_reduced_by_token", T),),
       persistent=(("player", "most_charges", (("suffer", 4),)),)),
)

# =========================================================================== Umbra Titan

UT = "Umbra Titan"
_U = _card(UT)

UMBRA_CARDS = (
    _U("Cryptid", "minion", 1, life=6,
       persistent=(_or((("collective_discard_prepped_expensive", 1),), (("lose_token", T, 1),)),)),
    _U("Grubber", "minion", 1, life=5,
       persistent=(("nemesis_turns_exactly", 2, (("lose_token", T, 1),), (("gravehold_damage", 2),)),)),
    _U("Seismic Roar", "power", 1, power_tokens=3, to_discard=(("spend_aether", 6),),
       power=(("lose_token", T, 2),)),
    _U("Maul", "attack", 2, effect=(_or((("collective_destroy_prepped_expensive", 2),), (("lose_token", T, 2),)),)),
    _U("Tombfright", "minion", 2, life=8,
       persistent=(("if_token_else", T, 5, (("lose_token", T, 1),), (("gravehold_damage", 3),)),)),
    _U("Vault Behemoth", "minion", 2, life=9,
       persistent=(_any(("suffer", 2)), ("if_self_life_at_most", 8, (("lose_token", T, 1),)))),
    _U("Crumble", "attack", 3, effect=(_or((("return_minion",), ("unleash", 1)), (("lose_token", T, 3),)),)),
    _U("Demi-Ancient", "minion", 3, life=18, persistent=(("lose_token", T, 1),)),
    _U("Yawning Black", "power", 3, power_tokens=2, to_discard=(("spend_aether", 8),),
       power=(_or((_any(("suffer", 6)),), (("lose_token", T, 3),)),)),
)

NEMESIS_CARDS: tuple[NemesisCardDef, ...] = (
    *GATE_WITCH_CARDS, *HOLLOW_CROWN_CARDS, *ACOLYTES, *MAGUS_CARDS, *UMBRA_CARDS)


def _names(cards: tuple[NemesisCardDef, ...]) -> tuple[str, ...]:
    return tuple(c.name for c in cards)


NEMESES: tuple[NemesisDef, ...] = (
    NemesisDef(
        GW, GW, "WE", life=70, difficulty=7,
        unleash=(("gain_token", T, 1),),
        cards=_names(GATE_WITCH_CARDS),
        tokens={T: 1},
        end_of_turn=(("accelerate_time", 5, 4, 3),),
    ),
    NemesisDef(
        HC, HC, "WE", life=1, difficulty=5,
        unleash=(("normal_or_expert", (("acolyte", "most_life", (_BLOOD,)),), (("blood_magic_each",),)),),
        cards=_names(HOLLOW_CROWN_CARDS),
        special_decks={"acolyte": _names(ACOLYTES)},
        rules={
            "setup": (("setup_acolytes", 2),),
            "immune": (("no_damage",),),
            "win": (("win_without_acolytes",),),
            "acolytes": (("acolyte_replaced",),),
            "exhaust": (("on_exhaust_instead", (("gravehold_damage", 4),)),),
        },
    ),
    NemesisDef(
        MC, MC, "WE", life=35, difficulty=7,
        unleash=(_or((("gain_token", T, 2),), (("gravehold_damage", 2),)),),
        cards=_names(MAGUS_CARDS),
        tokens={T: 4},
        rules={"cloak": (("cloaked", T),), "bounds": (("token_bounds", T, 2, 8),)},
        increased_difficulty={"bounds": (("token_bounds", T, 3, 9),)},
    ),
    NemesisDef(
        UT, UT, "WE", life=70, difficulty=3,
        unleash=(_or((("nemesis_turns_exactly", 1, (_any(("suffer", 2)),), ()),
                      ("nemesis_turns_exactly", 2, (("gravehold_damage", 2),), ())),
                     (("lose_token", T, 1),)),),
        cards=_names(UMBRA_CARDS),
        tokens={T: 8},
        rules={"loss": (("lose_at_zero_tokens", T),)},
        increased_difficulty={"setup": (("start_tokens", T, 5),)},
    ),
)
