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

*Risen Thrall*: a thrall has no effect of its own, so the generic rules would never aim at
one; its worth as a target is what one fewer of its kind takes off the Thrall Reminder's next
hits. A thrall is flipped (``flip_thrall``) when the chance that it is an illusion times the
life and harm it would take away is worth more than the aether, and never by a player whom
Cutting Image would leave low.
"""

from __future__ import annotations

from collections.abc import Callable

from ...boxapi import Board, Decision, Judge, NemesisHints, Option, Seat, base_name, catalogue, hints, life_of_ref
from .mages import ARACHNOS, ILYA, KEL, THRAXIR
from .nemeses import risen_thrall as rt
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


# ------------------------------------------------------------------ Risen Thrall

#: worth of one fewer thrall beyond the next Reminder hit (the deck keeps placing them)
THRALL_FLOOR = 0.5
#: a flip is taken when its expected worth reaches this (the aether would buy about this much)
FLIP_WORTH = 2.5
#: the life a player keeps after Cutting Image's damage before flipping
FLIP_LIFE = 4


def _kind_in_play(b: Board, kind: str) -> int:
    return sum(c.name == kind or c.name == rt.HYBRID for c in b.nemesis.in_play)


def _thrall_danger(b: Board, kind: str) -> float:
    """What one thrall of ``kind`` adds to the Reminder's hits next nemesis turn, and after."""
    scale = rt.SOLDIER_HITS if kind == rt.SOLDIER else rt.INFANTRY_HITS
    k = _kind_in_play(b, kind)
    top = len(scale) - 1
    return scale[min(k, top)] - scale[min(max(k - 1, 0), top)] + THRALL_FLOOR


def _target_of(ref: str) -> Callable[[Board, Decision, int], float]:
    """A thrall as a target: damage done, what removing it saves, a bonus for a kill (as the
    generic rules weigh a minion; each copy reference is a target name of its own)."""
    def score(b: Board, d: Decision, amount: int) -> float:
        life = life_of_ref(b, ref)
        dealt = min(amount, life)
        if dealt <= 0:
            return -1.0
        danger = _thrall_danger(b, base_name(ref))
        killed = dealt >= life
        return dealt + 3.0 * danger * (1.0 if killed else dealt / life * 0.8) + (2.0 if killed else 0.0)
    return score


for _kind in rt.KINDS:
    for _nth in range(1, sum(c for c, _ in rt.THRALLS.values()) + 1):
        _ref = _kind if _nth == 1 else f"{_kind}#{_nth}"
        hints.target(_ref)(_target_of(_ref))


def _illusion_chance(b: Board, kind: str) -> float:
    copies, illusions = rt.THRALLS[kind]
    unseen = copies - int(b.nemesis.tokens.get(rt.real_key(kind), 0))
    return illusions / unseen if unseen > 0 else 0.0


@hints.main_action("flip_thrall", late=True)
def _flip_thrall(b: Board, me: Seat, moves: list[Option]) -> Option | None:
    """The flip worth most: chance of an illusion times the life and harm it takes away."""
    hurt = sum(2 for c in b.nemesis.in_play if c.name == rt.CUTTING_IMAGE.name)
    if hurt and (me.exhausted or me.life - hurt < FLIP_LIFE):
        return None
    best: tuple[float, Option] | None = None
    for o in moves:
        ref = str(o[1])
        kind = base_name(ref)
        worth = _illusion_chance(b, kind) * (life_of_ref(b, ref) + 2.0 * _thrall_danger(b, kind)) - hurt / 2
        if worth >= FLIP_WORTH and (best is None or worth > best[0]):
            best = (worth, o)
    return best[1] if best else None


hints.nemesis(rt.RT, NemesisHints(unleash_guess=3.0))
