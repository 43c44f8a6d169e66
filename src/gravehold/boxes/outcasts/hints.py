"""What the bots should know of Outcasts beyond what the steps say (``boxapi.hints``).

Its mages: when each ability is worth its charges (casting abilities wait for prepped
spells, Sustain for lost life), where Taqren moves her barrier token, and when she takes
Esoteric Amplifier's damage on purpose.

*Xaxos: Outcast's offer* (K-18, ``xaxos_offer``): a player gives him the charges their own
slots cannot hold (kept, they would be lost), and keeps the rest for their own ability.

Its basics and curses: the generic rules weigh an OR by what each branch gives, and count
"destroy this card" against it (a card in a deck is usually worth keeping). A curse is the
other way round: it comes back to the hand again and again, so getting rid of it is worth a
little now.
"""

from __future__ import annotations

from ...boxapi import Board, Decision, Judge, NemesisHints, Option, Seat, catalogue, hints
from .mages import ARACHNOS, ILYA, KEL, THRAXIR
from .tokens import TAQREN

#: Taqren takes Esoteric Amplifier's damage (for the barrier track) only from this life up
AMPLIFY_FROM_LIFE = 6


def _prepped(b: Board, players: range | list[int]) -> int:
    return sum(len(br.spells) for j in players for br in b.players[j].breaches)


@hints.ability(ILYA)
def _ilya(b: Board, owner: int, me: Seat) -> bool:
    """Life Embrace casts only her own prepped spells."""
    return _prepped(b, [owner]) >= 1


@hints.ability(KEL)
def _kel(b: Board, owner: int, me: Seat) -> bool:
    """Soul Invigoration returns played cards: wait for one worth replaying."""
    cards = catalogue.CARDS
    return any(cards[c].cost >= 2 for c in b.players[owner].played if c in cards)


@hints.ability(TAQREN)
def _taqren(b: Board, owner: int, me: Seat) -> bool:
    """Sustain heals 3: not while she is nearly whole."""
    p = b.players[owner]
    return bool(p.exhausted) or p.life <= p.max_life - 3


@hints.ability(THRAXIR)
def _thraxir(b: Board, owner: int, me: Seat) -> bool:
    """Shackles Unleashed casts prepped spells: wait for two."""
    return _prepped(b, range(len(b.players))) >= 2


@hints.ability(ARACHNOS)
def _arachnos(b: Board, owner: int, me: Seat) -> bool:
    """Expunge needs a prepped spell somewhere."""
    return _prepped(b, range(len(b.players))) >= 1


@hints.decision("barrier")
def _barrier(b: Board, d: Decision, judge: Judge) -> Option | None:
    """A charge while there is room, else a focus, else a card for an ally, else a prep."""
    p = b.players[d.player]
    order = [4, 1, 2, 3]
    if any(br.state == "closed" for br in p.breaches):
        order = [2, *[k for k in order if k != 2]]
    if p.charges < p.max_charges:
        order = [3, *[k for k in order if k != 3]]
    for k in order:
        if ("barrier_space", k) in d.options:
            return ("barrier_space", k)
    return None


@hints.policy("may_suffer")
def _may_suffer(b: Board, d: Decision, judge: Judge) -> Option | None:
    """Only Taqren gains by suffering (her barrier track), and only while healthy."""
    p = b.players[d.player]
    healthy = p.mage == TAQREN and not p.exhausted and p.life >= AMPLIFY_FROM_LIFE
    return ("yes",) if healthy else ("no",)


@hints.policy("xaxos_offer")
def _xaxos_offer(b: Board, d: Decision, judge: Judge) -> Option | None:
    me = b.players[d.player]
    step = d.resume[-1]  # the asking step, ("xaxos_offer", n)
    n = int(step[1]) if isinstance(step, (list, tuple)) and len(step) > 1 else 1
    return ("yes",) if me.charges + n > me.max_charges else ("no",)

#: what a player keeps by throwing a card away, by cost (a starter card is nearly nothing)
_CHEAP = 1


@hints.decision("curse")
def _curse_or(b: Board, d: Decision, judge: Judge) -> Option | None:
    """Destroy a Cursed Shard whenever it can be paid for; a Cursed Bolt when the two cards
    it takes are cheap ones; a Curse of Rot for charges only with a full charge track
    (charges buy an ability); keep the rest (their first option costs little)."""
    opts = [o for o in d.options if o[0] == "choose"]
    if ("choose", 1) not in opts:
        return opts[0] if opts else None
    source = str(d.resume[3])
    me = b.players[d.player]
    if source == "Cursed Shard":
        return ("choose", 1)
    if source == "Cursed Bolt":
        costs = sorted(catalogue.CARDS[c].cost for c in me.hand if c in catalogue.CARDS)
        return ("choose", 1) if len(costs) >= 2 and costs[1] <= _CHEAP else ("choose", 0)
    if source == "Curse of Rot":
        return ("choose", 1) if me.charges >= me.max_charges else ("choose", 0)
    return ("choose", 0)


# Thief of Dreams: the Dream Mat's cards are bought like a pile's (the bots' spending weighs
# them with the piles), the more gladly the nearer they lie to the edge, where they would
# hurt a player; a card about to fall off that nobody buys now is destroyed for its aether.
#: the worth of clearing a card from the Dream Mat (every Unleash pushes the row towards the
#: edge), and more per space it has moved forward
DREAM_CLEAR = 1.0
DREAM_CLEAR_PER_SPACE = 0.25


def _dream_edge(b: Board) -> int:
    """The last space a card lies on before it leaves the mat (Spiralling Nightmare skips 5)."""
    return 4 if b.nemesis.tokens.get("space 5 skipped") else 5


@hints.main_action("dream_destroy", late=True)
def _dream_destroy(b: Board, me: Seat, moves: list[Option]) -> Option | None:
    edge = [o for o in moves if o[2] == _dream_edge(b)]
    return edge[0] if edge else None


hints.nemesis("Thief of Dreams", NemesisHints(
    pile_cost=lambda b, o: -DREAM_CLEAR - DREAM_CLEAR_PER_SPACE * int(o[2]) if o[0] == "dream_gain" else 0.0))
