"""The 25 basic nemesis cards of War Eternal (9 of tier 1, 8 of tier 2, 8 of tier 3).

Source decisions:

* *Monstrosity of Omens* is listed by one source with 0 life and 5 shields and by
  another with 5 life. War Eternal predates shield tokens (P-4 names them for LoG/OC),
  so, like Aeon's End's *Cauterizer*, it is encoded as 5 life with every hit reduced to
  1 damage; its PERSISTENT damage then follows that life.
* *Heart of Nothing*: the sources print its two POWER options in opposite orders; the
  order of an OR does not matter, the Unleash branch is listed first.
* Its tiers, types, life and power tokens agree across the sources.

Readings (the engine's, see engine/effects_we_basics.py): "any player ... discards /
destroys their costliest cards" must pick a player who can lose the whole count when
one can (N-6); Engulf resolves the most recent attack of the nemesis discard again and
leaves it there, and does nothing when the discard holds no attack.
"""

from __future__ import annotations

from ...content.model import NemesisCardDef


def _B(name: str, type_: str, tier: int, **kw: object) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "WE", **kw)  # type: ignore[arg-type]


def _any(*steps: tuple[object, ...]) -> tuple[object, ...]:
    return ("player", "any", tuple(steps))


BASIC_CARDS = (
    # tier 1
    _B("Afflict", "attack", 1, effect=(("unleash", 1), _any(("suffer", 3), ("may_take_from_discard",)))),
    _B("Catacomb Drone", "minion", 1, life=5, persistent=(("unleash", 1), ("gravehold_damage", 1))),
    _B("Encroach", "attack", 1, effect=(("unleash", 1), ("reveal_turn_order_hit", 2, 3))),
    _B("Heart of Nothing", "power", 1, power_tokens=2, to_discard=(("discard", 4),),
       power=(("or", (("unleash", 2),), (_any(("suffer", 4)),)),)),
    _B("Howling Spinners", "minion", 1, life=5, persistent=(_any(("suffer", 2)),)),
    _B("Night Unending", "power", 1, power_tokens=3, power=(("gravehold_damage_most_prepped", 2),)),
    _B("Nix", "attack", 1, effect=(("unleash", 1), _any(("suffer", 1), ("discard_costliest_hand", 1)))),
    _B("Planar Collision", "power", 1, power_tokens=2, to_discard=(("discard_prepped_spells", 2),),
       power=(("unleash", 2),)),
    _B("Thrash", "attack", 1, effect=(("unleash", 1), ("collective_discard_hand", 2))),
    # tier 2
    _B("Aphotic Sun", "power", 2, power_tokens=2, to_discard=(("spend_aether", 7),),
       power=(("unleash", 1), ("player", "most_charges", (("suffer", 3), ("lose_all_charges",))))),
    _B("Chaos Flail", "power", 2, power_tokens=2, to_discard=(("spend_aether", 7),),
       power=(("unleash", 2), _any(("recycle_deck",), ("reveal_destroy_costliest", 2)))),
    _B("Mage Ender", "minion", 2, life=9,
       persistent=(("player", "most_opened_breaches", (("suffer", 2),)),)),
    _B("Mangleroot", "minion", 2, life=12, persistent=(("gravehold_damage", 3), ("self_damage", 2))),
    _B("Morbid Gyre", "power", 2, power_tokens=1, to_discard=(("spend_aether", 7),),
       power=(("unleash", 2), ("collective_discard_hand", 3))),
    _B("Mutilate", "attack", 2,
       effect=(("unleash", 1), ("collective_discard_prepped_spells", 2), _any(("suffer", 2)))),
    _B("Null Scion", "minion", 2, life=11, persistent=(("unleash", 1),)),
    _B("Smite", "attack", 2, effect=(("unleash", 2), ("gravehold_damage", 2))),
    # tier 3
    _B("Apocalypse Ritual", "power", 3, power_tokens=2, to_discard=(("spend_aether", 8),),
       power=(("gravehold_damage_per_nemesis_turn", 5),)),
    _B("Banish", "attack", 3,
       effect=(("unleash", 2), ("player", "most_prepped", (("suffer_per_prepped", 1),)))),
    _B("Cataclysmic Fate", "power", 3, power_tokens=1, to_discard=(("destroy_prepped_and_breach", 5),),
       power=(("player", "lowest_life", (("suffer", 4),)),)),
    _B("Engulf", "attack", 3, effect=(("resolve_last_attack",),)),
    _B("Monstrosity of Omens", "minion", 3, life=5, damage_cap=1,
       persistent=(("gravehold_damage_self_life",),)),
    _B("Quell", "attack", 3, effect=(("or", (("gravehold_damage", 7),), (("unleash", 3),)),)),
    _B("Throttle", "attack", 3, effect=(("unleash", 2), _any(("destroy_costliest_hand", 3)))),
    _B("Withering Beam", "power", 3, power_tokens=2,
       power=(("unleash", 2), ("collective_destroy_prepped_expensive", 2))),
)
