"""Magus of Cloaks: its mat, its nine cards, and the step kinds and rules only it uses.

Its mat: the ``nemesis_damage`` hook lowers each damage by its tokens and then it loses
one; ``tokens`` keeps the count inside its bounds (2-8, expert 3-9); the ``passive``
marker steps of its cards are applied by ``damage_target`` (minions) and
``nemesis_damage`` (powers discarded when it is damaged).

Readings decided here:

* Difficulty rating: the randomizer and the Clojure engine differ by one (7 / 6); the
  randomizer's value is kept, like the other boxes.
* It loses a token on every damage that would reach it (more than 0 before the
  reduction), even one reduced to nothing; its two powers that are discarded "when it is
  dealt damage" go only when some damage gets through.
* *Ashen Haruspex*: one source gives it 2 shields; War Eternal has no shield tokens and
  its text says 2 of each damage is prevented: every damage to it is 2 lower.
* *Eclipse* "the most expensive prepped spell": the costliest prepped spells on the whole
  table; ties are the players' choice (N-6).
"""

from __future__ import annotations

from ....boxapi import (
    Action,
    Ctx,
    Engine,
    NemesisDef,
    Steps,
    ask_step,
    base_name,
    check_token_loss,
    chooser,
    count_of,
    minion_damage,
    per,
    pick,
    remove_prepped,
    rule,
    standing,
    step,
    trigger_source,
    who_does,
)
from ....boxapi import catalogue as content
from ._shared import T, any_player, card_maker, either, is_steps, names, set_tokens

MC = "Magus of Cloaks"
_M = card_maker(MC)


def _prepped(g: Engine) -> list[tuple[int, int, int, int]]:
    """(cost, player, breach, slot) of every prepped spell on the table."""
    cards = content.CARDS
    return [(cards[s].cost, j, b, k) for j, p in enumerate(g.state.players)
            for b, br in enumerate(p.breaches) for k, s in enumerate(br.spells)]


# ================================================================== tier 1

rule("damaged_gain_token", text=lambda t, n: (
        f"Whenever this minion takes damage, the nemesis gains {count_of(n, t + ' token')}."))

DUSK_SPAWN = _M("Dusk Spawn", "minion", 1, life=5, passive=(("damaged_gain_token", T, 1),),
                persistent=(either((("any_player_loses_charge", 1),), (any_player(("suffer", 2)),)),))

rule("discard_when_nemesis_damaged", text=lambda: (
        "As soon as the nemesis itself takes damage, discard this power."))
_OFF = ("discard_when_nemesis_damaged",)


RISING_DARK = _M("Rising Dark", "power", 1, power_tokens=3, passive=(_OFF,),
                 power=(("unleash", 1), any_player(("suffer", 3)),
                        pick("destroy", 1, "prepped", ("cost", 0), "players")))
TWILIGHT_EMPIRE = _M("Twilight Empire", "power", 1, power_tokens=3,
                     power=(("gravehold_damage", per(("tokens", T))), ("gain_token", T, 1)))

# ================================================================== tier 2

rule("damage_reduced", text=lambda n: f"Every damage dealt to this minion is {n} lower.")


ASHEN_HARUSPEX = _M("Ashen Haruspex", "minion", 2, life=5, passive=(("damage_reduced", 2),),
                    persistent=(any_player(("suffer", per(("tokens_halved", T)))),))


@step("prepped_player", text=lambda steps: (
        who_does("A player of your choice who has a prepped spell (anyone, if nobody has one)", steps)))
def _prepped_player(g: Engine, ctx: Ctx, steps: Steps, action: Action | None = None) -> None:
    """Black Solstice: a player who can discard a prepped spell (N-6), else any player."""
    if action is None:
        ps = g.state.players
        cand = [j for j, p in enumerate(ps) if any(br.spells for br in p.breaches)] or list(range(len(ps)))
        ask_step(g, ctx, ("prepped_player", steps), "player", chooser(g, ctx),
                 "Which player is affected?", [("player", j) for j in cand])
        return
    j = int(action[1])
    g.push_steps(steps, Ctx(j, j, ctx.source))


BLACK_SOLSTICE = _M("Black Solstice", "power", 2, power_tokens=2, passive=(_OFF,),
                    power=(("unleash", 2), ("prepped_player", (("suffer", 3), pick("discard", 1, "prepped")))))
ENSHROUD = _M("Enshroud", "attack", 2,
              effect=(("gain_token", T, 4), pick("destroy", 2, "prepped", ("cost", 0), "players")))

# ================================================================== tier 3


@step("destroy_costliest_prepped_and", text=lambda then: (
        who_does("The owner of the costliest prepped spell on the table", then, "destroys it")))
def _destroy_costliest_prepped_and(g: Engine, ctx: Ctx, then: Steps, action: Action | None = None) -> None:
    """Eclipse: the owner of a costliest prepped spell destroys it, then ``then``; with no
    prepped spell on the table a player of the players' choice resolves ``then``."""
    if action is None:
        prepped = _prepped(g)
        if prepped:
            top = max(c for c, *_ in prepped)
            opts: list[Action] = [("spell", j, b, k) for c, j, b, k in prepped if c == top]
        else:
            opts = [("player", j) for j in range(len(g.state.players))]
        ask_step(g, ctx, ("destroy_costliest_prepped_and", then), "spell", chooser(g, ctx),
                 "Whose costliest prepped spell is destroyed?", opts)
        return
    j = int(action[1])
    if action[0] == "spell":
        remove_prepped(g, j, int(action[2]), int(action[3]), destroy=True, source=ctx.source)
    g.push_steps(then, Ctx(j, j, ctx.source))


ECLIPSE = _M("Eclipse", "attack", 3,
             effect=(("gain_token", T, 5), ("destroy_costliest_prepped_and", (("suffer", 2),))))
SHADOWS_REACH = _M("Shadow's Reach", "power", 3, power_tokens=9, immediately=(("gain_token", T, 4),),
                   power=(("players_lose",),))

rule("damage_reduced_by_token", text=lambda t: (
        f"Every damage dealt to this minion is lowered by 1 per {t} token."))

VEIL_DAUGHTER = _M("Veil Daughter", "minion", 3, life=11, passive=(("damage_reduced_by_token", T),),
                   persistent=(("player", "most_charges", (("suffer", 4),)),))

CARDS = (DUSK_SPAWN, RISING_DARK, TWILIGHT_EMPIRE, ASHEN_HARUSPEX, BLACK_SOLSTICE, ENSHROUD, ECLIPSE,
         SHADOWS_REACH, VEIL_DAUGHTER)

# ================================================================== the mat

rule("cloaked", text=lambda t: (
        f"Damage to the nemesis is lowered by 1 per {t} token it holds; after each such hit it "
        f"loses one {t} token."))
rule("token_bounds", text=lambda t, lo, hi: (
        f"The nemesis never holds fewer than {lo} or more than {hi} {t} tokens."))


def token_bounds(g: Engine) -> tuple[int, int] | None:
    """The current nemesis' ``token_bounds`` rule (expert reading on expert), if any."""
    nd = content.NEMESES[g.state.nemesis.id]
    for src in ((nd.increased_difficulty if g.expert() else {}), nd.rules):
        steps: Steps = src.get("bounds") or ()
        if is_steps(steps):
            for s in steps:
                if s[0] == "token_bounds":
                    return int(s[2]), int(s[3])
    return None


on = trigger_source("nemesis", MC)  # this mat's rules, at the engine's trigger points


@on("tokens")
def _magus_tokens(g: Engine) -> None:
    bounds = token_bounds(g)
    if bounds is not None:
        have = g.state.nemesis.tokens.get(T, 0)
        set_tokens(g, T, min(bounds[1], max(bounds[0], have)), "token bounds")


@on("token_room")
def _magus_token_room(g: Engine, token: str, n: int) -> bool:
    """Magus of Cloaks: gaining tokens resolves fully only if the upper bound allows all of them."""
    bounds = token_bounds(g)
    return bounds is None or bool(g.state.nemesis.tokens.get(token, 0) + n <= bounds[1])


@on("nemesis_damage")
def _magus_hit(g: Engine, amount: int, source: str) -> int:
    """Each damage is lowered by its tokens, then it loses one token (never below its bound);
    when some damage gets through, the powers marked so are discarded."""
    if amount <= 0:
        return amount
    n = g.state.nemesis
    have = n.tokens.get(T, 0)
    through = max(0, amount - have)
    lo = (token_bounds(g) or (0, 0))[0]
    set_tokens(g, T, max(lo, have - 1), MC)
    g.ev("cloak", prevented=amount - through, source=source)
    if through > 0:
        for ref, _ in reversed(standing(g, "discard_when_nemesis_damaged")):  # later copies first
            g.push("discard_nemesis_card", ref)
    return through


def passive_minion_damage(g: Engine, target: str, amount: int, source: str) -> bool:
    """A minion whose card has ``passive`` damage rules takes this damage; False otherwise."""
    card = content.NEMESIS_CARDS.get(base_name(target))
    if card is None or not card.passive:
        return False
    tk = g.state.nemesis.tokens
    dealt = amount
    for s in card.passive:
        if s[0] == "damage_reduced":
            dealt -= s[1]
        elif s[0] == "damage_reduced_by_token":
            dealt -= tk.get(s[1], 0)
    dealt = max(0, dealt)
    minion_damage(g, target, dealt, source)
    if dealt > 0:
        for s in card.passive:
            if s[0] == "damaged_gain_token":
                set_tokens(g, s[1], tk.get(s[1], 0) + s[2], target)
                check_token_loss(g)
    return True


@on("damage_target")
def _magus_damage_target(g: Engine, you: int, target: str, amount: int, source: str) -> bool:
    return target != "nemesis" and passive_minion_damage(g, target, amount, source)


NEMESIS = NemesisDef(
    MC, MC, "WE", life=35, difficulty=7, expedition_level=3,
    unleash=(either((("gain_token", T, 2),), (("gravehold_damage", 2),)),),
    cards=names(CARDS),
    tokens={T: 4},
    rules={"cloak": (("cloaked", T),), "bounds": (("token_bounds", T, 2, 8),)},
    increased_difficulty={"bounds": (("token_bounds", T, 3, 9),)},
)
