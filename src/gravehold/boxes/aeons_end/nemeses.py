"""Aeon's End nemeses: each one's mat (NemesisDef) and its own cards.

Rageborne, Carapace Queen, Crooked Mask and Prince of Gluttons. The rules of the last three
that change the engine's procedures are nemesis hooks in ``engine/nemeses_ae.py``; the
marker steps in ``rules`` / ``increased_difficulty`` and in a card's ``passive`` are what the
mat or card reads, and the hooks take their numbers from them.

Crooked Mask's eleven corruptions are player cards (``CORRUPTION_CARDS``, type
"corruption", cost 0: they sit in players' decks and hands) and, under the same names,
tier-0 nemesis cards of its special deck "corruption"; both are built from one table.

Source decisions:

* *Bedlam Sage* is tier 3 (Clojure), not 2 (wiki): Crooked Mask's deck must hold three
  cards of each tier (S-6), and the other eight cards leave exactly one tier-3 place.
* *Maggot Engine* and *Mindguzzler* get their life from their IMMEDIATELY effect; the
  ``life`` given here (1 and 8) only counts if a card brings them back without it.
* Carapace Queen's swarm table is the Clojure engine's (the only source that lists it).
* Crooked Mask, increased difficulty: a destroyed corruption goes to the discard pile of a
  player of the players' choice (wiki, randomizer, Clojure code; one Clojure rules text
  also lets a player lose a charge to send it under the corruption deck, which no other
  source has).
"""

from __future__ import annotations

from typing import Any

from ...content.model import CardDef, NemesisCardDef, NemesisDef

_R = "Rageborne"


def _N(name: str, type_: str, tier: int, **kw: object) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "AE", nemesis=_R, **kw)  # type: ignore[arg-type]


def _S(name: str, *effect: tuple[object, ...]) -> NemesisCardDef:
    return NemesisCardDef(name, "strike", 0, "AE", nemesis=_R, effect=effect, deck="strike")


RAGEBORNE_CARDS = (
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

# =========================================================================== Carapace Queen

CQ = "Carapace Queen"


def _any(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


def _card(nemesis: str) -> Any:
    def make(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
        return NemesisCardDef(name, type_, tier, "AE", nemesis=nemesis, **kw)
    return make


_Q = _card(CQ)
_SWARM = ("swarm",)

CARAPACE_QUEEN_CARDS = (
    _Q("Broodwomb", "minion", 1, life=5, passive=(("shielded_by_husks",),),
       persistent=(("place_husks", 1),)),
    _Q("Endless Throng", "attack", 1, effect=(_SWARM,)),
    _Q("Hatch", "attack", 1, effect=(("place_husks", "turn_order_discard"),)),
    _Q("Blot the Sun", "power", 2, power_tokens=2, to_discard=(("lose_charges", 4),),
       power=(_SWARM, ("unleash", 1), _SWARM)),
    _Q("Foul Multitudes", "power", 2, power_tokens=3, passive=(("husk_life", 2),),
       immediately=(("unleash", 1),), power=(_SWARM,)),
    _Q("Infest", "attack", 2, effect=(("or", (_any(("suffer", 4)),), (_SWARM, _SWARM)),)),
    _Q("Legion Beacon", "power", 3, power_tokens=2, immediately=(("unleash", 2),),
       power=(("discard_half_husks", 2), _SWARM)),
    _Q("Maggot Engine", "minion", 3, life=1,
       immediately=(("unleash", 3), ("set_entry_life", 0, 2, "husk")), persistent=(_SWARM,)),
    _Q("Spawn", "attack", 3, effect=(_SWARM, ("unleash", 1), _SWARM)),
)

#: (fewest husks, most husks, what happens) -- Carapace Queen Swarms
SWARM_TABLE = (
    (0, 3, (("place_husks", 4),)),
    (4, 6, (("discard_any_prepped",), ("place_husks", 2))),
    (7, 10, (("gravehold_damage", 5),)),
    (11, 12, (("player", "lowest_life", (("suffer", 3),)), ("remove_husks", 1))),
    (13, 15, (("players_lose",),)),
)

# =========================================================================== Crooked Mask

CM = "Crooked Mask"
_M = _card(CM)
#: War Eternal has a basic nemesis card of the same name; cards are keyed by name
AFFLICT = "Afflict (Crooked Mask)"
_DESTROY = ("destroy_this",)

#: name -> what resolving it does (the corruption deck)
_CORRUPTIONS: dict[str, tuple[tuple[Any, ...], ...]] = {
    "Blind Abandon": (("you_suffer", 1), ("may_destroy_non_corruption",), _DESTROY),
    "Contagion": (("you_suffer", 1), ("return_free_card",), _DESTROY),
    "Delirium Veil": (("gravehold_damage", 2), ("focus_own",), _DESTROY),
    "Dire Wisdom": (("gain_from_supply", "spell", -1, False), ("gain_corruption", 3, "deck"), _DESTROY),
    "Endless Hunger": (("gravehold_damage", 3), ("life", 2, "you"), _DESTROY),
    "Fever of War": (("you_suffer", 1), ("damage", 2), _DESTROY),
    "Grim Sight": (("gravehold_damage", 2), ("reveal_top_may_destroy",), _DESTROY),
    "Insatiable Avarice": (("you_suffer", 2), ("gain_cheapest_to_hand", "gem"), _DESTROY),
    "Lust for Power": (("you_suffer", 1), ("gain_charge", 1), _DESTROY),
    "Nothingness": (("discard_non_corruption", 2), ("you_suffer", 2), ("reshuffle_player_turn_card",),
                    _DESTROY),
    "Reckless Might": (("reckless_relic",), _DESTROY),
}

#: the player-side face of each corruption: resolving it runs ``play``
CORRUPTION_CARDS = tuple(CardDef(name, "corruption", 0, "AE", play=steps) for name, steps in _CORRUPTIONS.items())

CROOKED_MASK_CARDS = (
    _M("Burden", "attack", 1, effect=(("collective_gain_corruption", 2), ("focus_any",))),
    _M("Corrupter", "minion", 1, life=6, passive=(("dealer_gains_corruption",),),
       persistent=(("gravehold_damage", 1),)),
    _M("Tempt", "attack", 1, effect=(("player_most", "Crystal", (
        ("discard_all_named", "Crystal"), ("suffer", 3), ("gain_from_supply", "any", 4, False))),)),
    _M("Pain Sower", "minion", 2, life=11, persistent=(_any(("suffer", 2), ("focus_other_player",)),)),
    _M("Twisting Madness", "power", 2, power_tokens=2, to_discard=(("discard", 4), ("draw", 1, "you")),
       power=(("gravehold_life", 3), ("nemesis_life", 13))),
    _M("Vex", "attack", 2, effect=(("nemesis_mill", 2, 3, 4),)),
    _M(AFFLICT, "attack", 3, effect=(("different_players", 2, (("gain_corruption", 2, "deck"), ("gain_life", 1))),)),
    _M("Bedlam Sage", "minion", 3, life=14,
       persistent=(("gravehold_life", 2), ("player_most", "life", (("suffer", 3),)))),
    _M("Ruin Priest", "minion", 3, life=17,
       persistent=(("player_discarding", 3, (("gain_corruption", 3, "hand"),)),)),
    *(_M(name, "corruption", 0, effect=steps, deck="corruption") for name, steps in _CORRUPTIONS.items()),
)

# =========================================================================== Prince of Gluttons

PG = "Prince of Gluttons"
_P = _card(PG)

PRINCE_CARDS = (
    _P("Gorge", "attack", 1, effect=(("devour", 2, "second_gem"), _any(("suffer", 2)))),
    _P("Lobotomize", "attack", 1, effect=(("or", (_any(("suffer", 3)),), (("devour", 3, "any_spell"),)),)),
    _P("Thought Biter", "minion", 1, life=6,
       persistent=(("or", (_any(("suffer", 2)),), (("devour", 2, "cheapest_relic"),)),)),
    _P("Cerephage", "minion", 2, life=7, persistent=(("devour", "self_life", "any"), ("self_damage", 2))),
    _P("Godfeeders", "minion", 2, life=8, persistent=(("gravehold_damage", 3), ("devour", 1, "priciest_gem"))),
    _P("Mindguzzler", "minion", 2, life=8, immediately=(("set_entry_life", 8, 1, "empty_pile"),),
       persistent=(("unleash", 1),)),
    _P("Digest", "attack", 3, effect=(("or", (("unleash", 3),), (_any(("suffer_per_empty",)),)),)),
    _P("Vile Feast", "power", 3, power_tokens=2, to_discard=(("spend_aether", 8),),
       power=(("gravehold_damage_per_empty", 2),)),
    _P("Memory Eater", "minion", 3, life=16, persistent=(("player", "lowest_life", (("suffer_per_empty",),)),)),
)

NEMESIS_CARDS = (*RAGEBORNE_CARDS, *CARAPACE_QUEEN_CARDS, *CROOKED_MASK_CARDS, *PRINCE_CARDS)


def _deck(cards: tuple[NemesisCardDef, ...]) -> tuple[str, ...]:
    return tuple(c.name for c in cards if c.deck == "nemesis")


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
    NemesisDef(
        CQ, CQ, "AE", life=60, difficulty=3,
        unleash=(("normal_or_expert", (("place_husks", 2),), (("place_husks", 3),)),),
        cards=_deck(CARAPACE_QUEEN_CARDS),
        tokens={"husk": 2},
        rules={"mat": (("husk_rules", 1, 15),), "swarm": (("swarm_table", SWARM_TABLE),)},
    ),
    NemesisDef(
        CM, CM, "AE", life=70, difficulty=5,
        unleash=(_any(("gain_corruption", 1, "deck"), ("recycle_deck",)),),
        cards=_deck(CROOKED_MASK_CARDS),
        special_decks={"corruption": tuple(_CORRUPTIONS)},
        rules={"mat": (("corruption_rules", 2),)},
        increased_difficulty={"mat": (("corruption_destroyed_to_discard",),)},
    ),
    NemesisDef(
        PG, PG, "AE", life=70, difficulty=5,
        unleash=(("devour", "unleash", "cheapest"),),
        cards=_deck(PRINCE_CARDS),
        special_decks={"devoured": ()},
        rules={"setup": (("devour_setup_gems",),), "mat": (("devoured_rules", 2),)},
        increased_difficulty={"setup": (("devour_setup_extra", 9),)},
    ),
)
