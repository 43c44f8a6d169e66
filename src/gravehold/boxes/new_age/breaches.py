"""The New Age's unique breaches and breach tokens (K-13), as P-20 cast bonuses.

A unique breach is printed on its mage's mat: ``BreachSetup.special`` in the mage's
``MageDef`` names it, so the fact is catalogue data and needs no state; the engine gives
it none of the standard bonus (``turn.breach_bonus``), and the rules below give what the
mat says. Each is asked once per cast (trigger point ``cast_bonus``, in the games that can
hold such a breach or token); P-5 Echo gives
every bonus to both resolutions.

* Celestial Breach (Sahala, IV): a spell cast from it while opened deals 2 more damage.
* Ancient Breach (Gygar, I): a spell cast from it deals 1 more damage per Surge token;
  the tokens are Gygar's (``Player.tokens["surge"]``, at most ten).
* Defender Breach (Taqren, IV): a spell cast from it while opened makes Gravehold gain 1 life.
* Energize tokens (Soskel): a token on any player's breach, kept by that breach's owner
  (``Player.tokens["energize_I"]`` .. ``["energize_IV"]``, as War Eternal keeps Sigil
  breaches); whoever casts a spell from that breach gains 1 charge.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...boxapi import BREACH_RULES, Bonus, special_breach, trigger_source
from ...boxapi import catalogue as content

if TYPE_CHECKING:
    from ...boxapi import Engine, Player

CELESTIAL = "Celestial Breach"
ANCIENT = "Ancient Breach"
DEFENDER = "Defender Breach"
CELESTIAL_BONUS = 2
SURGE = "surge"
MAX_SURGE = 10
ENERGIZE_KEYS = ("energize_I", "energize_II", "energize_III", "energize_IV")

# what each mat says of its unique breach, from the numbers above (``content.text.mat_text``)
BREACH_RULES.update({
    CELESTIAL: (f"while it is opened, a spell cast from it deals {CELESTIAL_BONUS} more damage each time it "
                "deals damage."),
    ANCIENT: (f"holds up to {MAX_SURGE} Surge tokens; a spell cast from it deals 1 more damage for each "
              "Surge token on it."),
    DEFENDER: "when a spell is cast from it while it is opened, Gravehold gains 1 life.",
})

_DEFENDER_BONUS = Bonus(steps=(("gravehold_life", 1),))
_ENERGIZE_BONUS = Bonus(steps=(("gain_charge", 1),))
_CELESTIAL_BONUS = Bonus(damage=CELESTIAL_BONUS)


def slot_of(p: Player, special: str) -> int | None:
    """The slot of player p's unique breach ``special``, if their mat has one."""
    for b in range(4):
        if special_breach(p, b) == special:
            return b
    return None


def _unique_breaches(st: Any) -> bool:
    """Has a mat of this game a unique breach?"""
    for p in st.players:
        m = content.MAGES.get(p.mage)
        if m is not None:
            for b in m.breaches:
                if b.special is not None:
                    return True
    return False


@trigger_source("keyword", "unique breaches", present=_unique_breaches)("cast_bonus")
def _unique_breach(g: Engine, caster: int, owner: int, b: int, spell: str) -> Bonus | None:
    """Celestial, Ancient and Defender breaches (one rule: each mat has at most one)."""
    p = g.state.players[owner]
    special = special_breach(p, b)
    if special is None:
        return None
    opened = p.breaches[b].state == "open"
    if special == CELESTIAL and opened:
        return _CELESTIAL_BONUS
    if special == DEFENDER and opened:
        return _DEFENDER_BONUS
    if special == ANCIENT and p.tokens.get(SURGE):
        return Bonus(damage=p.tokens[SURGE])
    return None


def _energize_in_game(st: Any) -> bool:
    """Energize tokens come from Soskel's ability; a position may hold some already."""
    for p in st.players:
        if p.mage == "Soskel":
            return True
        if p.tokens:
            for k in ENERGIZE_KEYS:
                if k in p.tokens:
                    return True
    return False


@trigger_source("token", "energize", present=_energize_in_game)("cast_bonus")
def _energize(g: Engine, caster: int, owner: int, b: int, spell: str) -> Bonus | None:
    """An Energize token on the breach: the caster gains 1 charge."""
    tokens = g.state.players[owner].tokens
    if tokens and tokens.get(ENERGIZE_KEYS[b]):
        return _ENERGIZE_BONUS
    return None
