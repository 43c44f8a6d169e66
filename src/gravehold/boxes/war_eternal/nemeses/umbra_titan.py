"""Umbra Titan: its mat, its nine cards, and the step kinds and rules only it uses.

Its mat: the players lose at once when it holds no token (G-2, the ``tokens`` hook); its
``setup`` hook gives it 5 tokens instead of 8 on expert and extinction.

Readings decided here:

* *Cryptid* / *Maul* "the most expensive prepped spell": the costliest prepped spells on
  the whole table; ties are the players' choice (N-6).
"""

from __future__ import annotations

from ....boxapi import (
    Ctx,
    Engine,
    NemesisDef,
    State,
    check_token_loss,
    count_of,
    pick,
    rule,
    step,
    trigger_source,
)
from ....boxapi import catalogue as content
from ._shared import T, any_player, card_maker, either, names, set_tokens

UT = "Umbra Titan"
_U = card_maker(UT)


@step("lose_token", text=lambda t, n: f"The nemesis loses {count_of(n, t + ' token')}.")
def _lose_token(g: Engine, ctx: Ctx, t: str, n: int) -> None:
    """The nemesis loses n tokens (never below 0), then its token rules apply (G-2)."""
    set_tokens(g, t, max(0, g.state.nemesis.tokens.get(t, 0) - n), ctx.source)
    check_token_loss(g)


# ================================================================== tier 1

CRYPTID = _U("Cryptid", "minion", 1, life=6,
             persistent=(either((pick("discard", 1, "prepped", "costliest", who="players"),),
                                (("lose_token", T, 1),)),))


GRUBBER = _U("Grubber", "minion", 1, life=5,
             persistent=(("if", ("nemesis_turns_exactly", 2), (("lose_token", T, 1),), (("gravehold_damage", 2),)),))
SEISMIC_ROAR = _U("Seismic Roar", "power", 1, power_tokens=3, to_discard=(("spend_aether", 6),),
                  power=(("lose_token", T, 2),))

# ================================================================== tier 2

MAUL = _U("Maul", "attack", 2,
          effect=(either((pick("destroy", 2, "prepped", "costliest", who="players"),), (("lose_token", T, 2),)),))


TOMBFRIGHT = _U("Tombfright", "minion", 2, life=8,
                persistent=(("if", ("tokens_at_least", T, 5), (("lose_token", T, 1),), (("gravehold_damage", 3),)),))


VAULT_BEHEMOTH = _U("Vault Behemoth", "minion", 2, life=9,
                    persistent=(any_player(("suffer", 2)),
                                ("if", ("this_minion_life_at_most", 8), (("lose_token", T, 1),), ())))

# ================================================================== tier 3

CRUMBLE = _U("Crumble", "attack", 3,
             effect=(either((("return_minion",), ("unleash", 1)), (("lose_token", T, 3),)),))
DEMI_ANCIENT = _U("Demi-Ancient", "minion", 3, life=18, persistent=(("lose_token", T, 1),))
YAWNING_BLACK = _U("Yawning Black", "power", 3, power_tokens=2, to_discard=(("spend_aether", 8),),
                   power=(either((any_player(("suffer", 6)),), (("lose_token", T, 3),)),))

CARDS = (CRYPTID, GRUBBER, SEISMIC_ROAR, MAUL, TOMBFRIGHT, VAULT_BEHEMOTH, CRUMBLE, DEMI_ANCIENT, YAWNING_BLACK)

# ================================================================== the mat

rule("start_tokens", text=lambda t, n: f"The nemesis starts with {count_of(n, t + ' token')} instead.")


on = trigger_source("nemesis", UT)  # this mat's rules, at the engine's trigger points


@on("setup")
def _umbra_setup(st: State) -> None:
    """S-9: on expert and extinction it starts with fewer tokens."""
    if st.config.get("expert"):
        for s in content.NEMESES[UT].increased_difficulty.get("setup", ()):
            if s[0] == "start_tokens":
                st.nemesis.tokens[s[1]] = s[2]


rule("lose_at_zero_tokens", text=lambda t: (
        f"Once the nemesis holds no {t} tokens, Gravehold caves in and the players lose at once."))


@on("tokens")
def _umbra_tokens(g: Engine) -> None:
    """G-2: no token left -- Gravehold collapses and the players lose at once."""
    if g.state.nemesis.tokens.get(T, 0) <= 0:
        g.end("loss", "nemesis_rule")


NEMESIS = NemesisDef(
    UT, UT, "WE", life=70, difficulty=3, expedition_level=1,
    unleash=(either((("if", ("nemesis_turns_exactly", 1), (any_player(("suffer", 2)),), ()),
                     ("if", ("nemesis_turns_exactly", 2), (("gravehold_damage", 2),), ())),
                    (("lose_token", T, 1),)),),
    cards=names(CARDS),
    tokens={T: 8},
    rules={"loss": (("lose_at_zero_tokens", T),)},
    increased_difficulty={"setup": (("start_tokens", T, 5),)},
)
