"""Step kinds that choose who acts or which: a nemesis selector (N-6), "the players together"
discards, a choice between two step lists, several different players in turn.
"""

from __future__ import annotations

from typing import Any

from ...content import registry as content
from ...content.model import Step, Steps
from ...content.text import SELECTORS, predicate, render_steps, who_does
from ..amounts import amount, amount_at, amount_text
from ..core import Ctx, Engine, op, step
from ..state import Action
from ..vocabulary import STEP_KINDS
from .base import ask_step, can_resolve, chooser
from .cards import DISCARD_ONE


def _select(g: Engine, selector: str) -> list[int]:
    """N-6 / E-3 / SO-3: the candidates a nemesis selector names; ties go to the players."""
    st = g.state
    ps = st.players
    idx = list(range(len(ps)))
    cards = content.CARDS
    if selector == "any":
        return idx
    if selector == "any_prepped_min_cost":
        return [j for j in idx if any(cards[s].cost >= 3 for br in ps[j].breaches for s in br.spells)]
    if selector == "lowest_life":
        live = [j for j in idx if not ps[j].exhausted]
        if not live:  # only in true solo (E-4): SO-3 says whether you still count
            if st.config.get("ruleset", {}).get("solo_exhausted_lowest_life") == "nobody":
                return []
            live = idx
        low = min(ps[j].life for j in live)
        return [j for j in live if ps[j].life == low]

    def measure(j: int) -> int:
        p = ps[j]
        if selector == "most_opened_breaches":
            return sum(b.state == "open" for b in p.breaches)
        if selector == "fewest_opened_breaches":  # the fewest is the most, counted down
            return -sum(b.state == "open" for b in p.breaches)
        if selector == "costliest_in_hand":  # an empty hand holds nothing costly
            return max((cards[c].cost for c in p.hand), default=-1)
        if selector == "most_prepped":
            return sum(len(b.spells) for b in p.breaches)
        if selector == "most_charges":
            return p.charges
        raise ValueError(selector)  # pragma: no cover

    top = max(measure(j) for j in idx)
    return [j for j in idx if measure(j) == top]


def _anyone_selected(g: Engine, ctx: Ctx, s: Step) -> bool:
    """N-6 / P-7: some selected player could resolve the steps fully ("any player gains 2
    charges" cannot when nobody has two free charge slots)."""
    return any(can_resolve(g, Ctx(j, j, ctx.source), s[2]) for j in _select(g, s[1]))


@step("player", can_resolve=_anyone_selected, text=lambda sel, steps: who_does(SELECTORS[sel], steps))
def _player(g: Engine, ctx: Ctx, selector: str, steps: Steps, action: Action | None = None) -> None:
    if action is None:
        cand = _select(g, selector)
        if not cand:
            return
        losing = [(s, loss) for s in steps if (loss := STEP_KINDS[s[0]].hand_loss) is not None]
        if losing:  # N-6: as much as possible -- a player who can do it, else the most cards
            reach = {j: max(loss(g, j, s) for s, loss in losing) for j in cand}
            cand = [j for j in cand if reach[j] == max(reach.values())]
        if selector == "any" and ctx.you < 0:  # a nemesis card's "any player": a rule may name them
            h = g.on.get("any_player")
            if h is not None:
                cand = h(g, cand)
        opts: list[Action] = [("player", j) for j in cand]
        ask_step(g, ctx, ("player", selector, steps), "player", chooser(g, ctx),
                 "Which player is affected?", opts)
        return
    j = int(action[1])
    g.run_steps(steps, Ctx(j, j, ctx.source))


@step("collective_discard_hand", check=amount_at(1), text=lambda n: (
        f"The players discard {amount_text(n, 'card', noun=True)} from their hands between them."))
def _collective_discard_hand(g: Engine, ctx: Ctx, n: Any, action: Action | None = None) -> None:
    """The count is fixed when the step first resolves; each pick is one card of one player."""
    st = g.state
    if type(n) is not int:
        n = amount(g, ctx, n)
    if action is None:
        opts: list[Action] = [("player", j) for j, p in enumerate(st.players) if p.hand]
        if n > 0 and opts:
            ask_step(g, ctx, ("collective_discard_hand", n), "player", chooser(g, ctx),
                     f"Who discards the next card? ({n} to go)", opts)
        return
    j = int(action[1])
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("collective_discard_hand", n - 1))
    g.push("s", j, j, ctx.source, DISCARD_ONE)


def _options(steps: Steps) -> list[Steps]:
    """A branch that is one OR of its own is that OR's options: "A, or else B or C" is
    one choice of three, so it reads as one list."""
    if len(steps) == 1 and steps[0][0] == "or":
        return [*_options(steps[0][1]), *_options(steps[0][2])]
    return [steps]


def _or_text(a: Steps, b: Steps, *, they: bool = False) -> str:
    """Said of a named player, who makes the choice: "either suffers 4 damage or ..."."""
    pa, pb = (predicate(a), predicate(b)) if they else (None, None)
    if pa is not None and pb is not None:
        return f"either {pa} or {pb}, as they choose."
    opts = [*_options(a), *_options(b)]
    head = "Choose" if len(opts) == 2 else f"Choose one of {len(opts)}"
    return f"{head}: " + " — or — ".join(render_steps(o) for o in opts)


@step("or", text=_or_text)
def _or(g: Engine, ctx: Ctx, a: Steps, b: Steps, action: Action | None = None) -> None:
    """P-7 / N-6: choose a branch; one that can fully resolve is preferred when only one can.

    When neither can, ``or_fallback`` "free" leaves both open; "most" (NA) keeps the branch
    that can be carried out furthest, measured as more of its steps that can resolve in full.
    """
    if action is None:
        ok = [i for i, br in enumerate((a, b)) if can_resolve(g, ctx, br)]
        if not ok and g.state.config.get("ruleset", {}).get("or_fallback") == "most":
            done = [sum(can_resolve(g, ctx, (s,)) for s in br) for br in (a, b)]
            ok = [i for i in (0, 1) if done[i] == max(done)]
        opts: list[Action] = [("choose", i) for i in (ok or [0, 1])]
        ask_step(g, ctx, ("or", a, b), "or", chooser(g, ctx), "Choose one", opts)
        return
    g.run_steps(a if action[1] == 0 else b, ctx)


@step("different_players", text=lambda k, steps: (
        who_does(f"Each of {k} different players of your choice (in true solo, you, {k} times)", steps)))
def _different_players(g: Engine, ctx: Ctx, k: int, steps: Steps) -> None:
    """k different players each resolve ``steps``; in true solo you, k times."""
    g.push("different_players_pick", ctx.source, k, steps, ())


@op("different_players_pick")
def _different_players_pick(g: Engine, source: str, k: int, steps: Steps, chosen: tuple[int, ...],
                            action: Action | None = None) -> None:
    st = g.state
    if len(st.players) == 1:
        for _ in range(k):
            g.push_steps(steps, Ctx(0, 0, source))
        return
    if action is None:
        opts: list[Action] = [("player", j) for j in range(len(st.players)) if j not in chosen]
        if k > 0 and opts:
            g.ask("player", g.team(), source, f"Which player is next? ({k} to go)", opts,
                  ("different_players_pick", source, k, steps, chosen))
        return
    j = int(action[1])
    g.push("different_players_pick", source, k - 1, steps, (*chosen, j))
    g.push_steps(steps, Ctx(j, j, source))
