"""What the bots should know of The New Age beyond what the steps say (``boxapi.hints``).

Attached relics pay off at every cast from their breach; the mages' abilities; and the
nemeses' mats: Fenrix's Position tokens (only a player on a claw can hurt it), Arachnos'
Ritual Track (held back near its end), Maggoth's Nest Mat (maggots and flies as targets),
Ageless Walker's exiled pile.
"""

from __future__ import annotations

from ...boxapi import Board, Decision, Judge, NemesisHints, Option, Seat, catalogue, hints, life_of_ref
from .mages import kind_of

# attached relics stay under a breach and pay off at every cast from it; Pain Conduit pays
# once (+2) and then takes a hand's slot again: below the buying bar
hints.card_values.update({"Aether Conduit": 6.0, "Link Conduit": 5.0, "Pain Conduit": 4.0, "Galvanized Bauble": 4.0,
                          "Well of Energy": 2.5, "Caged Fire": 2.0, "Marble Galaxy": 2.0})

#: Arachnos' Ritual Track: from this space on, moving its token back comes before buying
RITUAL_NEAR_END = 7
#: Maggoth's damage targets on its Nest Mat (tokens counted per row: "row 2 flies")
NEST = ("maggot", "fly")


@hints.ability("Sahala")
def _sahala(b: Board, owner: int, me: Seat) -> bool:
    """Star Bind preps to the Celestial Breach only while it is empty."""
    return not b.players[owner].breaches[3].spells


@hints.ability("Lost")
def _lost(b: Board, owner: int, me: Seat) -> bool:
    """0-cost cards back to hand: wait for two."""
    cards = catalogue.CARDS
    return sum(1 for c in b.players[owner].discard if cards.get(c) is not None and cards[c].cost == 0) >= 2


@hints.ability("Talix")
def _talix(b: Board, owner: int, me: Seat) -> bool:
    """Soaring Ash: two Sparks in hand for another turn soon, else Gravehold must be down 4 for its 5."""
    sparks = sum(1 for c in b.players[owner].hand if kind_of(c) == "Spark")
    return sparks >= 2 or int(b.gravehold) <= int(b.gravehold_max) - 4


@hints.ability("Rhia")
def _rhia(b: Board, owner: int, me: Seat) -> bool:
    """Sublimate needs a card whose supply pile is in the game."""
    p = b.players[owner]
    return any(c in b.supply_names for c in (*p.hand, *p.discard))



@hints.main_action("position")
def _position(b: Board, me: Seat, moves: list[Option]) -> Option | None:
    """Fenrix: a player on no minion moves onto the weakest claw, the only way their damage
    can reach a claw."""
    if me.tokens.get("position_on_card"):
        return None
    return min(moves, key=lambda o: (life_of_ref(b, o[1]), o[1]))


@hints.main_action("ritual_back", late=True)
def _ritual_back(b: Board, me: Seat, moves: list[Option]) -> Option | None:
    """Arachnos: hold its ritual back once the token nears the end of the track."""
    return ("ritual_back",) if b.nemesis.tokens.get("ritual", 0) >= RITUAL_NEAR_END else None


@hints.policy("position_offer")
def _position_offer(b: Board, d: Decision, judge: Judge) -> Option | None:
    """Fenrix: a player on no minion takes the new claw; nobody leaves one."""
    free = [o for o in d.options if o[0] == "player" and not b.players[o[1]].tokens.get("position_on_card")]
    return free[0] if free else ("skip",)


def _top_row_tokens(b: Board) -> int:
    """The maggots and flies of the topmost occupied row of Maggoth's Nest Mat."""
    rows: dict[int, int] = {}
    for k, v in b.nemesis.tokens.items():
        parts = str(k).split()
        if len(parts) == 3 and parts[0] == "row" and parts[1].isdigit() and parts[2] in ("maggots", "flies"):
            rows[int(parts[1])] = rows.get(int(parts[1]), 0) + int(v)
    return rows[max(rows)] if rows else 0


def _nest_target(b: Board, d: Decision, amount: int) -> float:
    """Each kill keeps the Nest Mat's rows from filling, but a point on the nemesis is worth
    more unless the spell is small."""
    return 0.6 * min(amount, _top_row_tokens(b))


for _kind in NEST:
    hints.target(_kind)(_nest_target)


@hints.decision("divide")
def _divide(b: Board, d: Decision, judge: Judge) -> Option | None:
    """Dividing a hit over Maggoth's nest row: kill what can be killed, maggots first (other
    divisions are left to the generic rules)."""
    shares: list[Option] = [o for o in d.options if o[0] == "assign" and o[1] in NEST]
    if not shares or any(o[0] == "assign" and o[1] not in NEST for o in d.options):
        return None
    return max(shares, key=lambda o: (o[1] == "maggot", o[2]))


# a card of the exiled pile costs a little more than its pile's
hints.nemesis("Ageless Walker", NemesisHints(pile_cost=lambda b, o: 0.2 if o[0] == "gain_exiled" else 0.0))
# their mats speak through the step kinds, actions and targets above; an Unleash, their tokens
# and damage at them are worth what the generic rules make of them
for _nid in ("Arachnos", "Fenrix", "Maggoth"):
    hints.nemesis(_nid, NemesisHints())
