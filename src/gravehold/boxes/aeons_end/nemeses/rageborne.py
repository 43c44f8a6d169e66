"""Rageborne: its mat, its nine cards and its strike deck.

Fury is the nemesis token ``fury``. The six strike cards are tier-0 nemesis cards of the
special deck ``decks["strike"]``. A Strike takes its numbers from the mat's
``rules["strike"]`` (which deck, which token, how many are lost) and, on expert and
extinction, from ``increased_difficulty["strike"]``.

Readings decided here:

* A Strike resolves the top card of the strike deck while that card stays in the deck;
  the deck is shuffled afterwards, and only then does the nemesis lose its fury (never
  below 0). "Strikes n times" is n such Strikes, one after the other.
* On expert and extinction a Strike loses 1 fury instead of 3.
* The end-of-turn check strikes once at most, however much fury is left after that Strike.
"""

from __future__ import annotations

from ....boxapi import Ctx, Engine, NemesisDef, check_token_loss, op, per, pick, shuffle, step
from ....boxapi import catalogue as content
from ._shared import Cards

_R = "Rageborne"
_N = Cards(_R)


def _S(name: str, *effect: tuple[object, ...]) -> None:
    _N(name, "strike", 0, effect=effect, deck="strike")


@step("strike", text=lambda n: "The nemesis Strikes." if n == 1 else f"The nemesis Strikes {n} times.")
def _strike(g: Engine, ctx: Ctx, n: int) -> None:
    for _ in range(n):
        g.push("strike_once", ctx.source)


@op("strike_once")
def _strike_once(g: Engine, source: str) -> None:
    """Draw the top strike card, resolve it, shuffle it back, then lose tokens."""
    st = g.state
    nd = content.NEMESES[st.nemesis.id]
    rule = dict(nd.rules["strike"])
    if g.expert():
        rule.update(nd.increased_difficulty.get("strike", {}))
    deck = st.nemesis.decks[rule["deck"]]
    name = deck[0]  # stays in its deck while it resolves; shuffled back afterwards
    g.ev("strike", card=name, source=source)
    g.push("strike_done", name, rule["deck"], rule["lose_token"], rule["lose"])
    g.push_steps(content.NEMESIS_CARDS[name].effect, Ctx(-1, -1, name))


@op("strike_done")
def _strike_done(g: Engine, name: str, deck: str, token: str, lose: int) -> None:
    st = g.state
    d = st.nemesis.decks[deck]
    st.rng = shuffle(st.rng, d)
    t = st.nemesis.tokens
    t[token] = max(0, t.get(token, 0) - lose)
    g.ev("token", token=token, amount=-lose, total=t[token])
    check_token_loss(g)


_N("Cleave", "attack", 1, effect=(("strike", 1),))
_N("Provoker", "minion", 1, life=5, persistent=(("gravehold_damage", per(("tokens", "fury"))),))
_N("Unrelenting Ire", "attack", 1,
   effect=(("unleash", 1), ("if", ("nemesis_turns_at_least", 2), (("unleash", 2),), ())))
_N("Blood Cry", "power", 2, power_tokens=2, to_discard=(("lose_charges", 4),),
   power=(("unleash", 4),))
_N("Invoke Carnage", "power", 2, power_tokens=2, to_discard=(("spend_aether", 7),),
   power=(("unleash", 1), ("player", "any", (("suffer", per(("tokens", "fury"), 1, plus=1)),))))
_N("Scorn", "minion", 2, life=9,
   persistent=(("or", (("gravehold_damage", 3),), (("unleash", 2),)),))
_N("Avatar of Wrath", "minion", 3, life=16, persistent=(("strike", 1),))
_N("Onslaught", "attack", 3,
   effect=(("unleash", 3), ("collective_discard_hand", per(("tokens", "fury")))))
_N("Rolling Death", "power", 3, power_tokens=2, to_discard=(("spend_aether", 8),),
   power=(("strike", 2),))

# the strike deck
_S("Convoke", ("player", "any", (("suffer", 4),)))
_S("Devastate", ("gravehold_damage", 5))
_S("Eviscerate", ("player", "lowest_life", (("suffer", 2),)))
_S("Frenzy", ("player", "most_opened_breaches", (("suffer", 3),)))
_S("Raze", ("gravehold_damage", 3), ("player", "any", (("suffer", 1),)))
_S("Seize", pick("discard", 2, "prepped", "costliest", who="players"))

CARDS = tuple(_N.cards)


NEMESIS = NemesisDef(
    "Rageborne", "Rageborne", "AE", life=70, difficulty=2, expedition_level=1,
    unleash=(("gain_token", "fury", 1),),
    cards=("Cleave", "Provoker", "Unrelenting Ire", "Blood Cry", "Invoke Carnage",
           "Scorn", "Avatar of Wrath", "Onslaught", "Rolling Death"),
    special_decks={"strike": ("Convoke", "Devastate", "Eviscerate", "Frenzy", "Raze", "Seize")},
    tokens={"fury": 1},
    end_of_turn=(("if", ("tokens_at_least", "fury", 4), (("strike", 1),), ()),),
    rules={"strike": {"deck": "strike", "lose_token": "fury", "lose": 3}},
    increased_difficulty={"strike": {"lose": 1}},
)
