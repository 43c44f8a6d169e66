"""What the bots should know of Aeon's End beyond what the steps say (``boxapi.hints``).

Relics are worth what they do for a deck, not their cost; a few while-prepped uses pay at
once; each mage's ability waits for the moment it helps; each nemesis' Unleash hurts in its
own way (husks for the Queen, the devoured supply for the Prince, fury for Rageborne).
"""

from __future__ import annotations

from ...boxapi import Board, Decision, Judge, NemesisHints, Option, Seat, catalogue, hints, nemesis_turn_card

hints.card_values.update({"Mage's Talisman": 4.0, "Blasting Staff": 3.5, "Unstable Prism": 3.2, "Focusing Orb": 3.0,
                          "Bottled Vortex": 2.5, "Flexing Dagger": 2.0})
hints.uses_now.update({"Oblivion Swell": "now", "Arcane Nexus": "played"})  # aether or charges now
hints.uses_last.add("Wildfire Whip")  # aether nothing else wants, while another spell is prepped
hints.paid_in_life.add("Reckless Might")  # the relic's price is paid in life (half its cost)
# the search fills a sampled nemesis deck with this basic card when no unseen one is left
hints.stand_in_nemesis_card = "Slaughter"


@hints.ability("Brama")
def _brama(b: Board, owner: int, me: Seat) -> bool:
    """Heal 4: when someone misses 4 life."""
    return any(not q.exhausted and q.max_life - q.life >= 4 for q in b.players)


@hints.ability("Jian")
def _jian(b: Board, owner: int, me: Seat) -> bool:
    """Cast prepped spells: once there is one."""
    return sum(len(br.spells) for q in b.players for br in q.breaches) >= 1


@hints.ability("Kadir")
def _kadir(b: Board, owner: int, me: Seat) -> bool:
    """Spells back to hand: wait for two in the discard."""
    cards = catalogue.CARDS
    return sum(1 for c in me.discard if cards.get(c) is not None and cards[c].type == "spell") >= 2


@hints.ability_window("Adelheim")
def _adelheim(b: Board, d: Decision, judge: Judge) -> Option | None:
    """Cancel only a nemesis card that hurts."""
    mine: Option = next(o for o in d.options if o[0] == "ability")
    name = d.prompt.split(" against ", 1)[-1].rstrip("?")
    c = catalogue.NEMESIS_CARDS.get(name)
    if c is None:
        return mine
    h = judge.steps_harm(b, c.effect if c.type == "attack" else c.power + c.immediately)
    return mine if h >= 4 else ("pass",)


@hints.ability_window("Phaedraxa")
def _phaedraxa(b: Board, d: Decision, judge: Judge) -> Option | None:
    """Ward a nemesis turn."""
    mine = next(o for o in d.options if o[0] == "ability")
    return mine if b.to_discard and nemesis_turn_card(b.to_discard[-1]) else ("pass",)


def _prince_pile(b: Board, o: Option) -> float:
    """An emptied pile hurts (all of them empty loses); the devoured pile is free of that."""
    if o[0] == "gain_devoured":
        return -0.5
    left = b.supply_counts[b.supply_names.index(o[1])]
    return 4.0 if left <= 1 else 0.0


hints.nemesis("Carapace Queen", NemesisHints(unleash=lambda b, judge: judge.husk_cost(b, 2)))
hints.nemesis("Crooked Mask", NemesisHints(unleash_guess=2.0))
hints.nemesis("Prince of Gluttons", NemesisHints(unleash=lambda b, judge: judge.devour_cost(b, 3),
                                                 pile_cost=_prince_pile))
hints.nemesis("Rageborne", NemesisHints(unleash=lambda b, judge: 4.0 if judge.ntokens(b, "fury") >= 3 else 2.0))
