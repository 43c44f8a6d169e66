"""A player's turn (P) up to the main phase: its frames, the casting phase (P-1 … P-5) and
casting a spell (P-2, P-3, P-5, P-20)."""

from __future__ import annotations

from collections.abc import Callable

from ...content import registry as content
from ...content.model import CardDef, Steps
from .. import triggers
from ..core import (
    BREACH_BONUS,
    Ctx,
    Engine,
    op,
)
from ..damage import uncover
from ..keywords import damage_bonus
from ..keywords.conjure import face_up
from ..keywords.damage_bonus import Bonus
from ..keywords.echo import resolutions
from ..state import Action, Player
from .common import _END_TURN, activate_ability
from .main import _main_phase

# ====================================================================== player turn


@op("player_turn")
def _player_turn(g: Engine, i: int) -> None:
    """P: the turn's phases, as frames: casting, main, draw, end.

    Frames that would run at once are folded: with no ``turn_start`` trigger the
    ``set_phase`` frame would be next, so the phase is set here; with no spell prepped
    the casting phase has nothing to cast and nothing triggers at its start or end, so
    the main phase begins at once; otherwise, with no trigger to run first, the casting
    phase does. (The frames stay operations: saved stacks and ``frames`` use them.)
    """
    st = g.state
    st.active = i
    st.turn += 1
    g.turn_begun()
    st.flags = {}
    p = st.players[i]
    if g.events is not None:
        g.ev("turn_start", player=i, mage=p.mage)
    stack = st.stack
    stack.append(_END_TURN)
    stack.append(("draw_phase", i))
    on = g.on
    if "main_end" in on:
        stack.append(("hook_main_end", i))
    turn_start = "turn_start" in on
    begins = on.get("turn_begins")
    queued = begins(g, i) if begins is not None else None  # triggered steps to push, once the frames are
    if not turn_start and not queued and not casting_ability(p):
        for br in p.breaches:
            if br.spells:
                break
        else:  # no spell prepped (and no ability to use in the casting phase)
            _main_phase(g, i)
            return
    stack.append(("main_phase", i))
    stack.append(("casting_phase_end", i))
    n = len(stack)
    stack.append(("casting_phase", i))
    starts = on.get("casting_start")  # triggers at the start of the casting phase
    if starts is not None:
        starts(g, i)
    if turn_start or queued:
        stack.append(("set_phase", "casting"))
        if turn_start:
            stack.append(("hook_turn_start", i))
        if queued:
            for push in reversed(queued):  # the first answer resolves first
                push()
        return
    st.phase = "casting"
    if len(stack) == n + 1:  # no trigger: the casting phase is next
        stack.pop()
        _casting_phase(g, i)


@op("casting_phase_end")
def _casting_phase_end(g: Engine, i: int) -> None:
    """Triggers at the end of the casting phase (the spells still prepped then: breach I's
    first, as the first answer resolves first)."""
    ends = g.on.get("casting_end")
    if ends is not None:
        for push in reversed(ends(g, i)):
            push()


@triggers.card_rule("while_prepped", "casting_start", at="casting_start", zone="prepped")
def _casting_start(card: CardDef) -> Callable[..., None]:
    """While prepped, ("casting_start", steps): resolves at the start of its owner's casting phase."""
    steps = [wp[1] for wp in card.while_prepped if wp[0] == "casting_start"]

    def start(g: Engine, i: int, b: int, sp: str) -> None:
        for s in steps:
            g.push_steps(s, Ctx(i, i, sp))
    return start


@triggers.card_rule("while_prepped", "on_cheap_cast", at="cast_bonus", zone="prepped")
def _on_cheap_cast(card: CardDef) -> Callable[..., Bonus | None]:
    """While prepped, ("on_cheap_cast", at_most, n, steps): each spell costing at most that
    much its owner casts takes n more damage with each source (P-20), and the steps resolve
    after its Cast effect with that spell as their source (the caster's prepped spells are
    walked: a spell cast from an ally's breach counts too)."""
    hooks = [(int(wp[1]), int(wp[2]), tuple(wp[3])) for wp in card.while_prepped if wp[0] == "on_cheap_cast"]

    def bonus(g: Engine, caster: int, owner: int, b: int, spell: str, place: int, name: str) -> Bonus | None:
        damage = 0
        steps: Steps = ()
        for at_most, n, then in hooks:
            if content.CARDS[spell].cost <= at_most:
                damage += n
                steps += then
        return Bonus(damage, steps) if damage or steps else None
    return bonus


@triggers.card_rule("while_prepped", "casting_end", at="casting_end", zone="prepped")
def _casting_end(card: CardDef) -> Callable[..., Callable[[], None]]:
    """While prepped, ("casting_end", steps): resolves at the end of its owner's casting phase."""
    steps = [wp[1] for wp in card.while_prepped if wp[0] == "casting_end"]

    def end(g: Engine, i: int, b: int, sp: str) -> Callable[[], None]:
        def push() -> None:
            for s in steps:
                g.push_steps(s, Ctx(i, i, sp))
        return push
    return end


@op("hook_turn_start")
def _hook_turn_start(g: Engine, i: int) -> None:
    h = g.on.get("turn_start")
    if h is not None:
        h(g, i)


@op("hook_main_end")
def _hook_main_end(g: Engine, i: int) -> None:
    h = g.on.get("main_end")
    if h is not None:
        h(g, i)


@op("set_phase")
def _set_phase(g: Engine, phase: str) -> None:
    g.state.phase = phase


def must_cast(p: Player) -> bool:
    """P-1: a spell on a closed breach must be cast (a two-breach spell counts on both)."""
    for br in p.breaches:  # noqa: SIM110 (a loop, not any(...): this runs at every casting decision)
        if br.state == "closed" and (br.spells or br.covered_by >= 0):
            return True
    return False


def cast_options(p: Player) -> list[Action]:
    opts: list[Action] = []
    for b, br in enumerate(p.breaches):
        for k in range(len(br.spells)):
            opts.append(("cast", b, k))
    return opts


@op("casting_phase")
def _casting_phase(g: Engine, i: int) -> None:
    """P-1: spells on closed breaches must be cast; on opened ones they may be."""
    p = g.state.players[i]
    g.state.phase = "casting"
    opts = casting_options(p, i)
    if opts:
        g.ask("casting", i, p.mage, "Casting phase: cast a prepped spell", opts, ("casting_choice", i))


def casting_options(p: Player, i: int) -> list[Action]:
    """Player i's casting phase options (none: the phase has nothing to offer)."""
    opts = cast_options(p)
    if casting_ability(p):  # P-10: an ability usable in your casting phase
        opts.append(("ability", i))
    if opts and not must_cast(p):
        opts.append(("end_casting",))
    return opts


def casting_ability(p: Player) -> bool:
    """Is p's ability charged and usable in p's own casting phase (window ``your_casting_main``)?"""
    return p.charges >= p.max_charges and content.MAGES[p.mage].ability.window == "your_casting_main"


@op("casting_choice")
def _casting_choice(g: Engine, i: int, action: Action) -> None:
    if action[0] == "end_casting":
        return
    g.push("casting_phase", i)
    if action[0] == "ability":
        activate_ability(g, i, i)
        return
    cast_spell(g, i, i, int(action[1]), int(action[2]))


#: K-13: a sigil breach, an opened breach marked by the owner's token ``sigil_<I..IV>``
SIGIL_BONUS = 2
SIGIL_KEYS = ("sigil_I", "sigil_II", "sigil_III", "sigil_IV")


def breach_bonus(p: Player, b: int) -> int:
    """P-3: the damage an opened breach adds; a Sigil breach (Tempest Sigil) adds 2 wherever it lies.

    K-13: a unique breach of the mat (``BreachSetup.special``) replaces the standard one, so
    it adds none of the standard bonus; its own rule gives what it gives (a ``cast_bonus``).
    """
    if p.tokens and p.tokens.get(SIGIL_KEYS[b]):
        return SIGIL_BONUS
    if BREACH_BONUS[b] and special_breach(p, b) is not None:
        return 0
    return BREACH_BONUS[b]


def special_breach(p: Player, b: int) -> str | None:
    """K-13: the unique breach printed on player p's mat at slot b, if any (catalogue data)."""
    m = content.MAGES.get(p.mage)
    return m.breaches[b].special if m is not None else None


def cast_spell(g: Engine, caster: int, owner: int, b: int, k: int, keep: bool = False,
               extra: int = 0) -> None:
    """P-2: the spell goes to its owner's discard first, then its Cast effect resolves.

    P-5 (Echo): the Cast effect resolves twice and the breach bonus applies to each.
    ``keep``: cast it without discarding it, it stays prepped;
    ``extra``: damage added to the breach bonus. The breach it is cast from is kept in
    the turn flag ``cast_from`` (a spell may count its neighbours).
    """
    st = g.state
    p = st.players[owner]
    br = p.breaches[b]
    name = br.spells[k] if keep else br.spells.pop(k)
    card = content.CARDS[name]
    shown = name if keep else face_up(br, name)  # K-3: a face-down card goes face up to the discard
    bonus = breach_bonus(p, b) if br.state == "open" else 0
    if card.two_breaches:
        for j, other in enumerate(p.breaches):
            if other.covered_by == b and other.state == "open":
                bonus = max(bonus, breach_bonus(p, j))
        if not keep:
            uncover(p, b)
    bonus += extra
    st.flags["cast_from"] = (owner, b)
    if not keep:
        p.discard.append(shown)
    g.ev("cast", player=caster, owner=owner, breach=b, card=name)
    more, bonus_steps, first = damage_bonus.collect(g, caster, owner, b, name)  # P-20
    bonus += more
    ctx = Ctx(caster, owner, name)
    h = g.on.get("cast")
    if h is not None:  # pushed first: resolves after the Cast effect
        h(g, caster, name)
    n = resolutions(card)
    for k in range(n):  # P-5 echo
        g.push("cast_end", caster, name)
        g.push_steps(bonus_steps, ctx)
        g.push_steps(card.cast, ctx)
        if k == n - 1:  # the first resolution (pushed last): a bonus decided as it begins
            g.push_steps(first, ctx)
        g.push("cast_begin", bonus)


@op("cast_begin")
def _cast_begin(g: Engine, bonus: int) -> None:
    g.state.cast_bonus.append((bonus, 0))


@op("cast_end")
def _cast_end(g: Engine, caster: int, name: str) -> None:
    """P-3: a bonus no damage source took is dealt as its own damage ("deal 0 damage" + bonus)."""
    bonus = damage_bonus.unspent(g.state)
    if bonus > 0:
        g.push("deal", caster, name, bonus)
