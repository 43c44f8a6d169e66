"""Paying aether to take power tokens off powers in play: a rule two Paradox mats print.

Paradox of Myth and Paradox of Myth and Bone let a player, in their main phase, pay 3 Æ to
take one power token off a power in play, never its last (a card may say its last one may go
too: Woeful Dirge's ``last_token_buyable``). A mat that prints the rule ``power_tokens_bought``
gets the one main action ``power_token_bought`` from this keyword source, so bots, the boards
and the RL encoding meet one head.
A paid removal is not the nemesis turn's countdown: the ``power_tick`` effects of a card
("when a token is removed during the nemesis turn") never fire for it.

This module has no ``NEMESIS``: the package takes it for a helper, not a nemesis.
"""

from __future__ import annotations

from ....boxapi import (
    Action,
    Ctx,
    Engine,
    State,
    action_head,
    available,
    base_name,
    catalogue,
    copy_ref,
    event_text,
    find_ref,
    pay,
    printed_rule,
    rule,
    seat,
    trigger_source,
)

#: what a token costs, in aether of any kind (K-11)
COST = 3
HEAD = "power_token_bought"

action_head(HEAD, ("nemesis_card",), text=lambda ref: f"pay {COST} Æ to take a power token off {ref}", phase="main")
rule("power_tokens_bought", text=lambda n: (
        f"In their main phase a player may pay {n} Æ to take a power token off a power in play, never its last."))
rule("last_token_buyable", text=lambda n: f"A player may pay {n} Æ to take even the last power token off this.")
event_text("power_token_bought", lambda e: f"{seat(e['player'])} pays {COST} Æ: {e['card']} loses a power token "
           f"({e['power']} left)")


def buyable(g: Engine) -> list[str]:
    """The powers in play a token may be bought off (copy references)."""
    in_play = g.state.nemesis.in_play
    out = []
    for k, c in enumerate(in_play):
        if catalogue.NEMESIS_CARDS[base_name(c.name)].type != "power":
            continue
        if c.power > 1 or (c.power == 1 and printed_rule(c.name, "last_token_buyable") is not None):
            out.append(copy_ref(in_play, k))
    return out


def _present(st: State) -> bool:
    """The game's mat prints the rule (a nemesis' ``rules`` holding ``power_tokens_bought``)."""
    nd = catalogue.NEMESES.get(st.nemesis.id)
    return nd is not None and any(s[0] == "power_tokens_bought" for steps in nd.rules.values() for s in steps)


on = trigger_source("keyword", "bought power tokens", present=_present)


@on("main_options")
def offers(g: Engine, i: int) -> list[Action]:
    """Player i's main actions of this rule (none without 3 Æ to pay)."""
    if available(g.state.players[i], "other") < COST:
        return []
    return [(HEAD, ref) for ref in buyable(g)]


@on.action(HEAD)
def buy(g: Engine, i: int, action: Action) -> None:
    """Pay, take the token; a power whose last token went resolves its POWER and is discarded."""
    ref = str(action[1])
    n = g.state.nemesis
    idx = find_ref(n.in_play, ref)
    if idx < 0 or ref not in buyable(g):
        raise ValueError(f"no power token of {ref} may be bought now")
    pay(g.state.players[i], COST, "other")
    c = n.in_play[idx]
    c.power -= 1
    g.ev("power_token_bought", player=i, card=c.name, power=c.power)
    if c.power <= 0:
        g.push("discard_nemesis_card", ref)
        g.push_steps(catalogue.NEMESIS_CARDS[base_name(c.name)].power, Ctx(-1, -1, ref))
