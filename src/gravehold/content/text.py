"""Render the text a user reads from encoded effect steps.

This module is also the list of the effect vocabulary: :data:`STEP_ARITY` names every
step kind and how many arguments it takes; content is checked against it at load time
and the engine has one operation per entry. The wording here is the project's own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .model import CardDef, MageDef, NemesisCardDef, NemesisDef, Steps

_SELECTORS = {
    "any": "A player of your choice",
    "lowest_life": "The player with the least life",
    "most_opened_breaches": "The player with the most opened breaches",
    "most_prepped": "The player with the most prepped spells",
    "most_charges": "The player with the most charges",
    "any_prepped_min_cost": "A player of your choice with a prepped spell costing 3 or more",
}
_WHO = {"you": "you", "any_player": "a player of your choice", "any_ally": "an ally of your choice"}
_CONDS = {
    "tier_2": "when the nemesis is at tier 2 or above",
    "nemesis_turn_discarded": "when a nemesis turn order card lies in the turn order discard",
}
_COUNTERS = {
    "other_same_prepped_any": "per other prepped copy of this spell (any player's)",
    "your_other_prepped": "per other spell you have prepped",
}


def _n(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def _sub(steps: Steps) -> str:
    return render_steps(steps)


def _who_does(who: str, what: str) -> str:
    """"A player of your choice suffers 3 damage." rather than a colon before a verb."""
    return f"{who} {what}" if what[:1].islower() else f"{who}: {what}"


R: dict[str, Callable[..., str]] = {
    # player side
    "aether": lambda n: f"Gain {n} Æ.",
    "aether_for": lambda n, t: (
        f"Gain {n} Æ usable for anything except gaining a relic or a spell." if t == "no_relic_spell"
        else f"Gain {n} Æ usable only to gain a {t}."),
    "aether_if": lambda n, c: f"Gain {n} more Æ {_CONDS[c]}.",
    "aether_first_gain": lambda n: f"On gaining the first copy during your own turn: gain {n} Æ.",
    "damage": lambda n: f"Deal {n} damage.",
    "damage_scaled": lambda b, per, c: f"Deal {b} damage, plus {per} {_COUNTERS[c]}.",
    "or": lambda a, b: f"Choose: {_sub(a)} — or — {_sub(b)}",
    "ally_may_cycle": lambda: "An ally may draw 1 card, then discards 1 card from hand.",
    "cast_prepped_any": lambda back: "Cast a spell prepped by any player"
    + ("; it then returns to its owner's hand." if back else "."),
    "focus_lowest": lambda who: (
        "Focus your closed breach with the cheapest focus cost." if who == "you"
        else "A player of your choice focuses their closed breach with the cheapest focus cost."),
    "focus_any": lambda: "Focus one breach of any player.",
    "destroy_this": lambda: "Destroy this card.",
    "gravehold_life": lambda n: f"Gravehold gains {n} life.",
    "life": lambda n, who: f"{_WHO[who].capitalize()} gain{'s' if who != 'you' else ''} {n} life.",
    "destroy_played": lambda: "Destroy one gem or relic you have played this turn.",
    "ally_prep_from_discard": lambda: (
        "An ally may prep a spell from their discard pile to a breach where prepping is allowed."),
    "may_discard_hand": lambda then: f"You may discard a card from hand; if you do: {_sub(then)}",
    "may_destroy_this": lambda then: f"You may destroy this card; if you do: {_sub(then)}",
    "flare": lambda hit, miss: (
        f"Look at the top turn order card and leave it there. Deal {hit} damage if it is a "
        f"player's card, else deal {miss}."),
    "next_gain_to_deck": lambda: "This turn, the next card you gain may go on top of your deck.",
    "crystallize": lambda per: f"An ally shows their hand; deal {per} damage per gem shown.",
    "pay_for_ally_copy": lambda n: (
        f"On gaining it during your turn: you may pay {n} Æ so that an ally takes a copy from "
        "the supply onto their deck."),
    "draw": lambda n, who: (
        f"{_WHO[who].capitalize()} draws {_n(n, 'card')}." if who != "you" else f"Draw {_n(n, 'card')}."),
    "ally_charges": lambda n: (
        "An ally of your choice gains 1 charge." if n == 1 else f"Allies gain {n} charges between them."),
    "reorder_turn_order": lambda: "Look at the whole turn order deck and put it back in any order.",
    "cancel_nemesis_card": lambda: (
        "When the nemesis draws an attack or power, discard it before it resolves; it does "
        "nothing and is not replaced."),
    "reveal_top_may_destroy": lambda: "Reveal your deck's top card and optionally destroy that card.",
    # nemesis side
    "unleash": lambda n: "Unleash." if n == 1 else f"Unleash {n} times.",
    "gain_token": lambda t, n: f"The nemesis gains {_n(n, t + ' token')}.",
    "if_token_at_least": lambda t, n, then: f"If the nemesis has {n} or more {t} tokens: {_sub(then)}",
    "if_nemesis_turns_discarded": lambda k, then: (
        f"If {k} nemesis turn order cards lie in the turn order discard: {_sub(then)}"),
    "gravehold_damage": lambda n: f"Gravehold suffers {n} damage.",
    "gravehold_damage_token": lambda t: f"Gravehold suffers 1 damage per {t} token.",
    "gravehold_damage_self_life": lambda: "Gravehold takes as much damage as this minion has life left.",
    "self_damage": lambda n: f"This minion suffers {n} damage.",
    "player": lambda sel, steps: _who_does(_SELECTORS[sel], _sub(steps)),
    "suffer": lambda n: f"suffers {n} damage.",
    "suffer_token": lambda base, t: f"suffers {base} damage plus 1 per {t} token.",
    "suffer_per_prepped": lambda per: f"suffers {per} damage per spell they have prepped.",
    "suffer_source_life": lambda: "suffers damage equal to this minion's life.",
    "discard": lambda n: f"Discard {_n(n, 'card')} from hand.",
    "destroy_hand": lambda n: f"Destroy {_n(n, 'card')} from hand.",
    "gain_charge": lambda n: f"Gain {_n(n, 'charge')}.",
    "lose_all_charges": lambda: "loses every charge.",
    "discard_prepped_expensive": lambda: "discards their costliest prepped spell.",
    "discard_prepped_min_cost": lambda c: f"discards a prepped spell costing {c} or more.",
    "recycle_and_destroy": lambda n: (
        f"puts their discard pile onto their deck, shuffles it, and destroys its top {n} cards."),
    "strike": lambda n: "The nemesis Strikes." if n == 1 else f"The nemesis Strikes {n} times.",
    "collective_discard_hand": lambda amount: (
        f"The players discard {amount if isinstance(amount, int) else 'one per ' + amount + ' token'}"
        " cards from their hands between them."),
    "collective_discard_prepped_expensive": lambda n: (
        f"The players discard the {n} costliest prepped spells between them."),
    "return_minion": lambda: "The minion discarded most recently returns to play.",
    "pulverize": lambda n, k, per: (
        f"Gravehold suffers {n} damage; the players may discard up to {k} gems between them, "
        f"each preventing {per} of it."),
    "shuffle_nemesis_turns": lambda: (
        "Return the nemesis cards of the turn order discard to its deck, then shuffle that deck."),
    # costs (TO DISCARD)
    "spend_aether": lambda n: f"Spend {n} Æ.",
    "lose_charges": lambda n: f"Lose {n} charges.",
    "destroy_hand_min_cost": lambda c, n: f"Destroy {_n(n, 'card')} from hand costing {c} or more.",
    "destroy_prepped_min_cost": lambda n, c: f"Destroy {n} prepped spells each costing {c} or more.",
}

#: Every effect step kind and its argument count.
STEP_ARITY: dict[str, int] = {
    name: fn.__code__.co_argcount for name, fn in R.items()
}


def extend(wording: dict[str, Callable[..., str]]) -> None:
    """Add a box's own step kinds: its renderers define the vocabulary and arity."""
    for name, fn in wording.items():
        if name in R:
            raise ValueError(f"effect step {name!r} is worded twice")
        R[name] = fn
        STEP_ARITY[name] = fn.__code__.co_argcount


def render_step(step: tuple[Any, ...]) -> str:
    return R[step[0]](*step[1:])


def render_steps(steps: Steps) -> str:
    return " ".join(render_step(s) for s in steps)


def card_text(c: CardDef) -> str:
    parts = []
    if c.two_breaches:
        parts.append("Prep across two adjacent breaches; it fills both.")
    if c.prep_closed:
        parts.append("Any closed breach of yours may take this spell, focused or not.")
    for hook in c.while_prepped:
        if hook[0] == "main":
            parts.append(f"While prepped, once per turn in your main phase: {render_steps(hook[1])}")
        elif hook[0] == "casting_start":
            parts.append(f"While prepped, when your casting phase starts: {render_steps(hook[1])}")
        elif hook[0] == "extra_spark":
            parts.append("While prepped, during your main phase one Spark may also be prepped to this breach.")
        elif hook[0] == "casting_end":
            parts.append(f"While prepped, when your casting phase ends: {render_steps(hook[1])}")
        elif hook[0] == "on_focus":
            parts.append("While prepped, each time you focus or open a breach of yours on your own turn: "
                         + render_steps(hook[1]))
        elif hook[0] == "reduce_damage":
            parts.append(f"While prepped, each damage you suffer is {hook[1]} less, but at least 1.")
        elif hook[0] == "main_paid":
            parts.append(f"While prepped, in your main phase, as often as you like: pay {hook[1]} Æ, "
                         f"then: {render_steps(hook[2])}")
    if c.on_gain:
        parts.append(render_steps(c.on_gain))
    if c.play:
        parts.append(render_steps(c.play))
    if c.cast:
        parts.append("Cast: " + render_steps(c.cast))
    return "\n".join(parts)


def nemesis_card_text(c: NemesisCardDef) -> str:
    parts = []
    if c.immediately:
        parts.append("On arrival: " + render_steps(c.immediately))
    if c.to_discard:
        parts.append("TO DISCARD: " + render_steps(c.to_discard))
    if c.effect:
        parts.append(render_steps(c.effect))
    if c.persistent:
        parts.append("PERSISTENT: " + render_steps(c.persistent))
    if c.power:
        parts.append(f"POWER {c.power_tokens}: " + render_steps(c.power))
    if c.damage_cap is not None:
        parts.append(f"Each source of damage to this minion deals at most {c.damage_cap}.")
    if c.passive:  # standing card rules (Magus of Cloaks' cards)
        parts.insert(0, render_steps(c.passive))
    if c.blood_magic:  # Hollow Crown's acolytes
        parts.append("BLOOD MAGIC: " + render_steps(c.blood_magic))
    if c.discarded:  # Portal Wretch, Rift Scourge, acolytes
        parts.append("When discarded from play: " + render_steps(c.discarded))
    return "\n".join(parts)


def ability_text(m: MageDef) -> str:
    window = {
        "your_main": "during your main phase",
        "any_main": "during any player's main phase",
        "nemesis_draw": "during the nemesis draw phase",
        "after_turn_order_draw": "right after a turn order card is drawn",
    }[m.ability.window]
    return f"{m.ability.name} ({m.ability.charges} charges, {window}): {render_steps(m.ability.steps)}"


def nemesis_text(n: NemesisDef) -> str:
    lines = [f"Unleash: {render_steps(n.unleash)}"]
    if n.tokens:
        lines.append("Setup: starts with " + ", ".join(_n(v, k + " token") for k, v in n.tokens.items()) + ".")
    if n.end_of_turn:
        lines.append("End of its turn: " + render_steps(n.end_of_turn))
    strike = n.rules.get("strike")
    if strike:
        lose = strike["lose"]
        exp = n.increased_difficulty.get("strike", {}).get("lose", lose)
        lines.append(
            f"To Strike: resolve a random card of the {strike['deck']} deck, shuffle it back, then "
            f"lose {lose} {strike['lose_token']} tokens ({exp} on expert and extinction).")
    # other mat rules written as steps (War Eternal nemeses), then their expert readings
    for key, steps in n.rules.items():
        if key != "strike" and _is_steps(steps):
            lines.append(render_steps(steps))
    for key, steps in n.increased_difficulty.items():
        if key != "strike" and _is_steps(steps):
            lines.append("On expert and extinction: " + render_steps(steps))
    return "\n".join(lines)


def _is_steps(x: object) -> bool:
    return isinstance(x, tuple) and bool(x) and all(isinstance(s, tuple) and s and isinstance(s[0], str) for s in x)
