"""What the bots should know of War Eternal beyond what the steps say (``boxapi.hints``).

Relics by what they do for a deck; a gem that hurts its player; the mages' abilities; and
the nemeses: the Magus' cloak blunts every hit (small hits first, big ones at minions), the
Hollow Crown cannot be hurt, the Titan's tokens are Gravehold's pillars.
"""

from __future__ import annotations

from ...boxapi import Board, NemesisHints, Seat, hints

hints.card_values.update({"Vortex Gauntlet": 4.0, "Primordial Fetish": 3.0, "Conclave Scroll": 2.8,
                          "Cairn Compass": 2.5, "Fiend Catcher": 2.0, "Mage's Totem": 1.5})
hints.painful_gems["Coal Shard"] = 6  # played only while its player can afford the damage
hints.uses_now.update({"Nova Forge": "now", "Aurora": "now"})


@hints.ability("Ulgimor")
def _ulgimor(b: Board, owner: int, me: Seat) -> bool:
    """Heal 6 (or an ally 5 when exhausted)."""
    p = b.players[owner]
    hurt = any(not q.exhausted and q.max_life - q.life >= 4 for q in b.players)
    return (p.exhausted and hurt) or (not p.exhausted and p.max_life - p.life >= 5)


@hints.ability("Mist (WE)")
def _mist(b: Board, owner: int, me: Seat) -> bool:
    """Cast prepped spells: wait for two."""
    return sum(len(br.spells) for q in b.players for br in q.breaches) >= 2


@hints.ability("Garu")
def _garu(b: Board, owner: int, me: Seat) -> bool:
    """Discard prepped spells for damage: wait for two."""
    return sum(len(br.spells) for br in b.players[owner].breaches) >= 2


@hints.ability("Quilius")
def _quilius(b: Board, owner: int, me: Seat) -> bool:
    """2 damage per trophy: wait for two."""
    return bool(b.players[owner].tokens.get("trophy", 0) >= 2)


def _cloaked(b: Board, amount: int) -> float:
    """Every hit is less by the cloak tokens, and a thick cloak is worth thinning."""
    t = int(b.nemesis.tokens.get("nemesis", 0))
    return max(0, amount - t) + (0.6 if t > 2 else 0.0)


hints.nemesis("Gate Witch", NemesisHints(unleash=lambda b, judge: 1.0 + 0.4 * judge.ntokens(b), unleash_guess=2.0))
hints.nemesis("Hollow Crown", NemesisHints(nemesis_damage=lambda b, amount: 0.0))
# a cloak token blunts every hit until a hit strips it: measured, worth three Gravehold life
hints.nemesis("Magus of Cloaks", NemesisHints(unleash_guess=2.0, gain_token_each=3.0, blunting=2.0,
                                              nemesis_damage=_cloaked, small_hits_first=True))
hints.nemesis("Umbra Titan", NemesisHints(unleash=lambda b, judge: min(judge.token_loss_cost(b, 1), 3.0),
                                          lose_token=lambda b, n, judge: judge.token_loss_cost(b, n)))
