"""K-15 Optional extra costs: "you may pay X; if you do, Y", decided while the card resolves.

A card offers a cost for an extra effect. Who may pay it is printed (``WHO``): ``"you"``
(the player resolving the card: P-18, the caster of an ally's spell), ``"ally"`` (any ally,
who then pays and may be rewarded: 003:300's example) or ``"any"`` (any player). The offer
is one decision made while the card resolves (P-21: a frame on the stack, answered before
the next card, gone afterwards); only a player who can pay the cost *in full* now is
offered it (each cost step says so itself: ``can_pay``, ``can_resolve``), so "if they do"
follows a cost paid in full and never a part of one.

Reading decided here: an offer whose whole outcome could do nothing now (each step of
``reward`` and ``then`` says it cannot resolve: no fire to remove, no card to take back) is
not asked; the card goes on as if it were declined. Paying for nothing is legal at a table
but never wanted, and a bot asked would pay for it.

Step: ``("may_pay", who, cost, reward, then)``. The payer resolves ``cost`` and then
``reward`` (their own gain, e.g. a charge); ``then`` is what the player resolving the card
gets when somebody paid (e.g. one more aether). For ``"you"`` the
payer is that player, and ``reward`` and ``then`` are one and the same person's.
:func:`offer` is the same offer for a box's own step that words its cost differently
(an ally discarding a copy of the card).
"""

from __future__ import annotations

from ...content.model import Step, Steps
from ...content.text import predicate, render_steps
from ..core import Ctx, Engine, op
from ..state import Action
from ..vocabulary import STEP_KINDS, step

#: who may pay -> how the wording names them
WHO = {"you": "you", "ally": "any ally", "any": "any player"}


def can_pay_in_full(g: Engine, j: int, source: str, cost: Steps) -> bool:
    """Can player j pay every step of ``cost`` now, to the end? (each step kind says so)"""
    ctx = Ctx(j, j, source)
    for s in cost:
        kind = STEP_KINDS[s[0]]
        if kind.can_pay is not None and not kind.can_pay(g, j, s):
            return False
        if kind.can_resolve is not None and not kind.can_resolve(g, ctx, s):
            return False
    return True


def payers(g: Engine, ctx: Ctx, who: str, cost: Steps) -> list[int]:
    """The players who may pay now: ``who``'s players who can pay in full."""
    if who == "you":
        cand = [ctx.you]
    elif who == "ally":
        cand = g.allies(ctx.you)
    else:
        cand = list(range(len(g.state.players)))
    return [j for j in cand if can_pay_in_full(g, j, ctx.source, cost)]


def offer(g: Engine, ctx: Ctx, who: str, cost: Steps, reward: Steps, then: Steps, otherwise: Steps,
          prompt: str) -> None:
    """Ask who pays (or whether you pay); push the paid or the unpaid outcome."""
    g.push("extra_cost", ctx.you, ctx.owner, ctx.source, who, cost, reward, then, otherwise, prompt)


@op("extra_cost")
def _extra_cost(g: Engine, you: int, owner: int, source: str, who: str, cost: Steps, reward: Steps,
                then: Steps, otherwise: Steps, prompt: str, action: Action | None = None) -> None:
    ctx = Ctx(you, owner, source)
    if action is None:
        can = payers(g, ctx, who, cost) if _may_do_something(g, ctx, reward + then) else []
        if not can:
            g.push_steps(otherwise, ctx)
            return
        resume = ("extra_cost", you, owner, source, who, cost, reward, then, otherwise, prompt)
        if who == "you":
            g.ask("yes_no", you, source, prompt, [("yes",), ("no",)], resume)
        else:
            g.ask("player", you, source, prompt, [("player", j) for j in can] + [("skip",)], resume)
        return
    if action[0] in ("no", "skip"):
        g.push_steps(otherwise, ctx)
        return
    j = you if action[0] == "yes" else int(action[1])
    g.ev("extra_cost_paid", player=j, source=source)
    g.push_steps(then, ctx)  # last: the card's player, once the payer has paid and been rewarded
    g.push_steps(reward, Ctx(j, j, source))
    g.push_steps(cost, Ctx(j, j, source))


def _may_do_something(g: Engine, ctx: Ctx, outcome: Steps) -> bool:
    """Could any step of the offer's outcome resolve now? (a step kind without a
    ``can_resolve`` check always may; an empty outcome is the cost's own point)"""
    if not outcome:
        return True
    for s in outcome:
        check = STEP_KINDS[s[0]].can_resolve
        if check is None or check(g, ctx, s):
            return True
    return False


def _text(who: str, cost: Steps, reward: Steps, then: Steps) -> str:
    if who == "you":
        return f"You may {_clause(cost)} for this: {render_steps(reward + then)}"
    out = f"{WHO[who].capitalize()} may {_clause(cost, they=True)}"
    said = predicate(reward) if reward else None
    if reward and said is not None:
        out += f" to {_bare(said)}"
    elif reward:
        out += f"; the one who does: {render_steps(reward)}"
    if then:
        return out + "; if one does: " + render_steps(then)
    return out + "."


def _bare(said: str) -> str:
    """A predicate with its first verb bare: "gains 1 charge" -> "gain 1 charge"."""
    verb, _, rest = said.partition(" ")
    return f"{verb.removesuffix('s')} {rest}".strip()


def _clause(cost: Steps, they: bool = False) -> str:
    """A cost after "may": "discard a card from your hand"; of a named player ``they``,
    "discard a card from their hand" (its predicate, the first verb bare)."""
    if they:
        said = predicate(cost)
        if said is not None:
            return _bare(said)
    text = render_steps(cost)
    return (text[:1].lower() + text[1:]).removesuffix(".")


def _check(s: Step) -> None:
    if s[1] not in WHO:
        raise ValueError(f"unknown payer {s[1]!r}; use one of {', '.join(WHO)}")
    for part in s[2:]:
        if not isinstance(part, tuple):
            raise ValueError("cost, reward and then must be tuples of steps")
    if not s[2]:
        raise ValueError("an extra cost needs at least one step to pay")


@step("may_pay", text=_text, check=_check)
def _may_pay(g: Engine, ctx: Ctx, who: str, cost: Steps, reward: Steps, then: Steps) -> None:
    """K-15: an optional extra cost, offered now (P-21) to whoever ``who`` names."""
    prompt = f"Pay: {_clause(cost)}?" if who == "you" else f"Who will {_clause(cost, they=True)}?"
    offer(g, ctx, who, cost, reward, then, (), prompt)
