"""What the bots should know of Outcasts beyond what the steps say (``boxapi.hints``).

Its mages: when each ability is worth its charges (casting abilities wait for prepped
spells, Sustain for lost life), where Taqren moves her barrier token, and when she takes
Esoteric Amplifier's damage on purpose.

*Xaxos: Outcast's offer* (K-18, ``xaxos_offer``): a player gives him the charges their own
slots cannot hold (kept, they would be lost), and keeps the rest for their own ability.

*Wanderers* (N-8): cards hit a wandering minion for 1 at most, so aether is the way to kill
one: a player pays for it (``pay_damage``) when the aether in hand finishes it, the weakest
first, before buying anything (a wanderer left alive harms every nemesis turn).

*Rebound Gauntlet* (``rebound_spell``): a spell in hand goes for the spell just cast only
when that one costs more than the cheapest spell in hand (the generic discard then picks it).

*Experiment 153*: the nemesis' maw steps (its cards' moves, heal and threshold) are priced
off the Growth Mat as it lies (``NemesisHints.step_harm``), so Vein Worms is killed and
Cascading Casualties paid off like any harm; a maw the players move is the cheapest to move
now; a hit kills a maw if it can, else pushes back the maw whose next effect it puts off most.

*Thief of Dreams*: Dream Devourer, which has no effect to weigh, is hit the harder the
nearer it lies to the Dream Mat's edge (its fall costs Gravehold six).

*Fountain of Souls*: the lantern is used as soon as it can be; each player buys one Soulfire
(late in the main phase) as soon as they can pay for it, and no more (a second one crowds out
the spells that end the game; measured on paired seeds); a soul is discarded from the
space whose souls hurt Gravehold soonest, and moved (when the nemesis makes the
players move one) from the space where one more step hurts least; its Unleash is worth a
little more than the generic guess (each soul hurts Gravehold again every lap).

Its basics and curses: the generic rules weigh an OR by what each branch gives, and count
"destroy this card" against it (a card in a deck is usually worth keeping). A curse is the
other way round: it comes back to the hand again and again, so getting rid of it is worth a
little now.

*Risen Thrall*: race the nemesis. Its 50 life is the way out: the deck places a thrall on
every Unleash (some fifteen a game), so a thrall killed is soon replaced and the damage spent
on it is lost, while the Thrall Reminder's scales stop growing at four of a kind. A thrall is
therefore worth as a target a little less than the same damage at the nemesis; spells go to
the nemesis and to the nemesis' other minions as the generic rules weigh them (measured on
paired seeds, 2 players, random mages and market: from 3-6 % to 26-36 % won). A thrall is
still flipped (``flip_thrall``) when the chance that it is an illusion times the life and harm
it would take away is worth more than the aether (a flip spends aether, not damage; without
flips about 8 points fewer games are won), and never by a player whom Cutting Image would
leave low. The Thrall Reminder's Shambling Infantry hit the player they hurt
least (``hints.harmful_sources``: the Reminder is no catalogued card).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...boxapi import Board, Decision, Judge, NemesisHints, Option, Seat, base_name, catalogue, hints, life_of_ref
from .mages import ARACHNOS, ILYA, KEL, THRAXIR
from .nemeses import experiment_153 as e153
from .nemeses import fountain_of_souls as fountain
from .nemeses import risen_thrall as rt
from .nemeses import thief_of_dreams as tod
from .tokens import TAQREN

#: Fountain of Souls: each player buys Soulfires until they own this many (more crowd out the
#: spells that end the game)
SOULFIRES_OWNED = 1

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


@hints.main_action("pay_damage", late=True)
def _pay_wanderer(b: Board, me: Seat, opts: list[Option]) -> Option | None:
    """N-8: finish the weakest wanderer the aether in hand can kill; pay nothing towards one
    it cannot (that aether buys cards, and spells still chip 1 a hit)."""
    reach = [o for o in opts if life_of_ref(b, str(o[1])) <= int(me.aether)]
    return min(reach, key=lambda o: (life_of_ref(b, str(o[1])), str(o[1]))) if reach else None


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

@hints.policy("rebound_spell")
def _rebound_spell(b: Board, d: Decision, judge: Judge) -> Option | None:
    """Rebound Gauntlet: trade a spell in hand for the one just cast only when that one costs
    more than the cheapest spell in hand (a Spark for a Spark gains nothing)."""
    step = d.resume[4] if len(d.resume) > 4 else ()
    cards = catalogue.CARDS
    cast = cards.get(str(step[1])) if isinstance(step, (list, tuple)) and len(step) > 1 else None
    hand = [cards[c].cost for c in b.players[d.player].hand if c in cards and cards[c].type == "spell"]
    return ("yes",) if cast is not None and hand and min(hand) < cast.cost else ("no",)


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


# ============================================================================ Experiment 153
#
# Its maws: damage at the nemesis goes to one maw (a ``maw`` decision, as the maw moves the
# nemesis' cards ask the players to pick). The Growth Mat's effects are priced by the bots'
# own arithmetic, and every space a maw moves forward costs a little more (it brings the
# next effect nearer), so the nemesis' own steps are weighed as any harm is: a minion that
# moves maws is worth killing, a power that moves them worth paying off, an OR that moves
# them weighed against its other branch. A hit kills a maw when it can (a dead maw's track
# is over, and another maw goes back two); else a hit big enough to push a maw back goes to
# the maw whose next effect it puts off most; else it wears down the weakest maw.

#: what one space of a maw's progress costs, in Gravehold life, besides what it resolves
MAW_STEP = 0.6
#: how much a maw's nearness to a harmful space draws the hits that cannot push it back
WEAR_URGENCY = 0.0
#: fixed prices of the Growth Mat's effects per point, used while an Unleash is being priced
#: inside a player's damage (the bots' arithmetic would ask for the Unleash again); a card
#: discarded is always priced so (the generic 0.8 is for one card of a hand, not whole hands)
_EFFECT_WORTH = {"gravehold_damage": 1.0, "player": 1.2, "collective_discard_hand": 1.2}
_pricing: list[bool] = [False]


def _maw_board(b: Board) -> dict[int, tuple[int, int]]:
    """Each living maw: (its space, its life)."""
    t = b.nemesis.tokens
    return {k: (int(t[e153.space_key(k)]), int(t.get(e153.life_key(k), 0)))
            for k in e153.MAWS if e153.space_key(k) in t}


def _to_next_effect(k: int, space: int) -> int:
    """Spaces until the maw's next effect (0 at the end: every move resolves it)."""
    later = [sp for sp in e153.GROWTH[k] if sp > space]
    return min(later) - space if later else 0


def _fixed_harm(steps: tuple[Any, ...]) -> float:
    total = 0.0
    for s in steps:
        if s[0] == "player":
            total += _EFFECT_WORTH["player"] * sum(int(x[1]) for x in s[2] if x[0] == "suffer")
        else:
            total += _EFFECT_WORTH.get(str(s[0]), 1.0) * int(s[1])
    return total


def _effect_harm(b: Board, steps: tuple[Any, ...], judge: Judge | None) -> float:
    """One Growth Mat effect now: the bots' arithmetic (whom it hurts, how low they are); a
    discard costs what the hands lose (the mat's are whole hands: the next turns' cards)."""
    discards = sum(_EFFECT_WORTH["collective_discard_hand"] * int(s[1]) for s in steps
                   if s[0] == "collective_discard_hand")
    rest = tuple(s for s in steps if s[0] != "collective_discard_hand")
    if judge is None or _pricing[0]:
        return discards + _fixed_harm(rest)
    _pricing[0] = True
    try:
        return discards + float(judge.steps_harm(b, rest))
    finally:
        _pricing[0] = False


def _move_harm(b: Board, k: int, space: int, n: int, times: int = 1, judge: Judge | None = None) -> float:
    """Moving maw ``k`` from ``space`` by ``n``: what it resolves on the way, and its progress."""
    track = e153.GROWTH[k]
    if space >= e153.END:
        return times * _effect_harm(b, track[e153.END], judge)
    to = min(space + n, e153.END)
    passed = [sp for sp in range(space + 1, to + 1) if sp in track]
    return times * sum(_effect_harm(b, track[sp], judge) for sp in passed) + MAW_STEP * (to - space)


def _no_maw_damage(b: Board) -> bool:
    return any(c.name == e153.AURAL_CARNIVORE.name for c in b.nemesis.in_play)


def _cheapest_moves(b: Board, n: int, judge: Judge | None, times: int = 1,
                    among: list[int] | None = None) -> list[float]:
    """The harm of moving each maw (of ``among``) ``n`` spaces, cheapest first."""
    maws = _maw_board(b)
    ks = [k for k in maws if among is None or k in among]
    return sorted(_move_harm(b, k, maws[k][0], n, times, judge) for k in ks)


def _unleash_harm(b: Board, judge: Judge) -> float:
    """The players move the maw whose two spaces cost least."""
    return min(_cheapest_moves(b, 2, judge), default=0.0)


def _maw_step_harm(b: Board, s: tuple[Any, ...], judge: Judge) -> float | None:
    """The harm of the nemesis' maw steps, read off the Growth Mat as it lies now."""
    kind = s[0]
    if kind == "maw_forward":
        return min(_cheapest_moves(b, int(s[1]), judge), default=0.0)
    if kind == "maws_forward_two":
        return sum(_cheapest_moves(b, int(s[1]), judge)[:2])
    if kind == "maw_forward_farthest":
        maws = _maw_board(b)
        far = max((sp for sp, _ in maws.values()), default=0)
        return min(_cheapest_moves(b, int(s[1]), judge, 1 + int(s[2]), [k for k in maws if maws[k][0] == far]),
                   default=0.0)
    if kind == "maw_back":
        return -MAW_STEP * int(s[1])
    if kind == "maw_heal_lowest":
        low = min((life for _, life in _maw_board(b).values()), default=e153.MAW_LIFE)
        return 0.8 * min(int(s[1]), e153.MAW_LIFE - low)
    if kind == "growth_threshold":
        return 3.0
    return None


def _maw_damage_worth(b: Board, amount: int) -> float:
    if _no_maw_damage(b):
        return 0.0
    return float(amount) + (1.0 if amount >= e153.BACK_AT else 0.0)


hints.nemesis(e153.E153, NemesisHints(unleash=_unleash_harm, nemesis_damage=_maw_damage_worth,
                                      step_harm=_maw_step_harm))


def _urgency(b: Board, k: int, space: int) -> float:
    """The harm of the maw's next effect over the spaces left to it (a maw at the end is as
    near its effect as one a space before it: any move resolves it)."""
    track = e153.GROWTH[k]
    nxt = min((sp for sp in track if sp > space), default=e153.END)
    return _fixed_harm(track[nxt]) / max(1, _to_next_effect(k, space))


def _push_worth(b: Board, k: int, space: int, n: int) -> float:
    """What moving maw ``k`` back ``n`` spaces puts off (nothing from the first or fourth space)."""
    after = space
    while n > 0 and after not in e153.NO_BACK:
        after, n = after - 1, n - 1
    return _urgency(b, k, space) - _urgency(b, k, after) + MAW_STEP * (space - after)


def _hit_choice(b: Board, ks: list[int], n: int) -> int:
    maws = _maw_board(b)
    if _no_maw_damage(b):
        return min(ks, key=lambda k: -_urgency(b, k, maws[k][0]))
    kills = [k for k in ks if maws[k][1] <= n]
    if kills:  # the kill sends another maw back two: any kill does, the nearest its effect first
        return max(kills, key=lambda k: _urgency(b, k, maws[k][0]))
    push = n >= e153.BACK_AT

    def worth(k: int) -> float:
        space, life = maws[k]
        wear = 2.0 * (1.0 - life / e153.MAW_LIFE)  # wearing one maw down brings its kill nearer
        return wear + (_push_worth(b, k, space, 1) if push else 0.0)

    return max(ks, key=lambda k: (worth(k), -maws[k][1]))


@hints.decision("maw")
def _maw(b: Board, d: Decision, judge: Judge) -> Option | None:
    _, _, _, do, n, times, among, _ = d.resume[:8]
    maws = _maw_board(b)
    ks = [k for k in among if k in maws]
    if not ks:
        return None
    if do == "forward":  # the cheapest move; a maw soon to die wastes the move; room left after it
        best = min(ks, key=lambda k: (round(_move_harm(b, k, maws[k][0], int(n), int(times), judge), 3),
                                      maws[k][1], -_to_next_effect(k, min(maws[k][0] + int(n), e153.END))))
    elif do == "back":
        best = max(ks, key=lambda k: _push_worth(b, k, maws[k][0], int(n)))
    elif do == "hit":
        best = _hit_choice(b, ks, int(n))
    else:
        best = ks[0]
    return ("target", e153.maw_name(best))

# Thief of Dreams: the Dream Mat's cards are bought like a pile's (the bots' spending weighs
# them with the piles), the more gladly the nearer they lie to the edge, where they would
# hurt a player; a card about to fall off that nobody buys now is destroyed for its aether.
#: the worth of clearing a card from the Dream Mat (every Unleash pushes the row towards the
#: edge), and more per space it has moved forward
DREAM_CLEAR = 1.0
DREAM_CLEAR_PER_SPACE = 0.25
#: Dream Devourer as a target: the share of Gravehold's loss its fall is weighed at (one
#: space from the edge: whole), and a bonus for the kill (it also frees its space)
DEVOURER_URGENCY = 2.0
DEVOURER_KILL = 3.0


def _dream_edge(b: Board) -> int:
    """The last space a card lies on before it leaves the mat (Spiralling Nightmare skips 5)."""
    return 4 if b.nemesis.tokens.get("space 5 skipped") else 5


@hints.main_action("dream_destroy", late=True)
def _dream_destroy(b: Board, me: Seat, moves: list[Option]) -> Option | None:
    edge = [o for o in moves if o[2] == _dream_edge(b)]
    return edge[0] if edge else None


@hints.target(tod.DEVOURER)
def _devourer(b: Board, d: Decision, amount: int) -> float:
    """Dream Devourer has no effect of its own to weigh, but falling off the Dream Mat costs
    Gravehold six: the nearer the edge, the more its life is worth taking."""
    life = life_of_ref(b, tod.DEVOURER)
    dealt = min(amount, life)
    if dealt <= 0:
        return -1.0
    left = max(1, tod.LAST - int(b.nemesis.tokens.get(tod.DEVOURER_AT, 1)))
    saved = tod.MAT["devourer_lost"] * DEVOURER_URGENCY / left
    return dealt + (saved + DEVOURER_KILL if dealt >= life else saved * dealt / life)


hints.nemesis(tod.TD, NemesisHints(
    pile_cost=lambda b, o: -DREAM_CLEAR - DREAM_CLEAR_PER_SPACE * int(o[2]) if o[0] == "dream_gain" else 0.0))

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
    """A weak gem that keeps the track in check from early on: worth it until one is owned (it
    fuels the lantern every time it comes round; measured against waiting for souls to pile up)."""
    owned = sum(z.count(fountain.SOULFIRE) for z in (me.hand, me.discard, me.deck, me.played))
    return moves[0] if owned < SOULFIRES_OWNED else None


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

# ------------------------------------------------------------------ Risen Thrall

#: worth of one fewer thrall beyond the next Reminder hit (the deck keeps placing them)
THRALL_FLOOR = 0.5
#: what a thrall as a target is worth less than the same damage at the nemesis (race it)
THRALL_BELOW_NEMESIS = 0.5
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
    """A thrall as a target: the damage it takes, a little less than the same damage at the
    nemesis (each copy reference is a target name of its own)."""
    def score(b: Board, d: Decision, amount: int) -> float:
        dealt = min(amount, life_of_ref(b, ref))
        return dealt - THRALL_BELOW_NEMESIS if dealt > 0 else -1.0
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
hints.harmful_sources.add(rt.REMINDER)  # its Shambling Infantry hit the player they hurt least
