"""What the bots should know of Outcasts beyond what the steps say (``boxapi.hints``).

Its mages: when each ability is worth its charges (casting abilities wait for prepped
spells, Sustain for lost life), where Taqren moves her barrier token, and when she takes
Esoteric Amplifier's damage on purpose.

*Xaxos: Outcast's offer* (K-18, ``xaxos_offer``): a player gives him the charges their own
slots cannot hold (kept, they would be lost), and keeps the rest for their own ability.

*Fountain of Souls*: the lantern is used as soon as it can be; a Soulfire is bought (late in
the main phase) while the track holds many souls and the buyer owns few; a soul is discarded
from the space whose souls hurt Gravehold soonest, and moved (when the nemesis makes the
players move one) from the space where one more step hurts least; its Unleash is worth a
little more than the generic guess (each soul hurts Gravehold again every lap).

Its basics and curses: the generic rules weigh an OR by what each branch gives, and count
"destroy this card" against it (a card in a deck is usually worth keeping). A curse is the
other way round: it comes back to the hand again and again, so getting rid of it is worth a
little now.
"""

from __future__ import annotations

from ...boxapi import Board, Decision, Judge, NemesisHints, Option, Seat, catalogue, hints
from .mages import ARACHNOS, ILYA, KEL, THRAXIR
from .nemeses import fountain_of_souls as fountain
from .tokens import TAQREN

#: Fountain of Souls: a Soulfire is worth buying from this many souls on the track, while the
#: buyer owns fewer Soulfires than SOULFIRES_OWNED
SOULS_TO_BUY = 5
SOULFIRES_OWNED = 2

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


# ============================================================================ Fountain of Souls


def _track(b: Board) -> dict[int, int]:
    return {s: int(b.nemesis.tokens.get(fountain.key(s), 0)) for s in fountain.SPACES}


def _moves_to_hurt(space: int) -> int:
    """How many single moves until a soul on ``space`` next moves into the hurting space."""
    for k in range(1, len(fountain.SPACES) + 1):
        if fountain.walk(space, k)[1]:
            return k
    return len(fountain.SPACES)  # pragma: no cover - every space leads into the loop


@hints.main_action("use_lantern")
def _use_lantern(b: Board, me: Seat, moves: list[Option]) -> Option | None:
    """Five souls gone for nothing: always."""
    return moves[0]


@hints.main_action("gain_soulfire", late=True)
def _gain_soulfire(b: Board, me: Seat, moves: list[Option]) -> Option | None:
    """A weak gem that keeps the track in check: worth it while souls pile up and few are owned."""
    owned = sum(z.count(fountain.SOULFIRE) for z in (me.hand, me.discard, me.deck, me.played))
    if sum(_track(b).values()) >= SOULS_TO_BUY and owned < SOULFIRES_OWNED:
        return moves[0]
    return None


@hints.decision("soul_space")
def _soul_space(b: Board, d: Decision, judge: Judge) -> Option | None:
    """Discarding: the most souls weighted by how soon they hurt. Moving: the space where one
    more step hurts least (never into the hurting space while another soul can go)."""
    spaces = [o for o in d.options if o[0] == "soul_space"]
    if not spaces:
        return None
    track = _track(b)
    frame = d.resume
    step_ = frame[4] if frame[0] == "s" else ()
    if frame[0] == "discard_souls":
        return max(spaces, key=lambda o: (track[int(o[1])] / _moves_to_hurt(int(o[1])), -int(o[1])))
    k = int(step_[-1]) if step_ and step_[0] in ("move_souls_pick", "move_souls_from") else 1

    def harm(o: Option) -> tuple[float, int]:
        s = int(o[1])
        n = 1 if step_ and step_[0] == "move_souls_pick" else track[s]
        return (n * fountain.walk(s, k)[1], -_moves_to_hurt(s))

    return min(spaces, key=harm)


hints.nemesis(fountain.FS, NemesisHints(unleash_guess=3.5))
