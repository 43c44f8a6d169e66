"""``gravehold plans``: the planner's library of plans, and the plan it picks for a setup.

The bots' plans are data (``agents/plans.py``) ranked per setup by the plan model
(``agents/plan_model.py``); this command shows both, so a player can read what the bot
means to do against a nemesis and why, and a researcher can check a model file they built.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import GraveholdError
from .common import console, fail, seed_option
from .render import show

if TYPE_CHECKING:
    from ..agents.plans import PlanDoc


def _differs(p: PlanDoc) -> str:
    """What a plan changes from the heuristic's own plan, in a few words."""
    parts = [f"{k}={v}" for k, v in p.weights.items()]
    if any(p.breach_rounds):
        parts.append("breaches by round " + "/".join(str(r) if r else "-" for r in p.breach_rounds))
    if p.pay_first:
        parts.append("pays TO DISCARD first")
    parts += [f"{card} {v:+g}" for card, v in p.card_bias.items()]
    if p.spare != "even":
        parts.append(f"spares {p.spare}")
    return ", ".join(parts) or "the heuristic as it is"


def plans(
    nemesis: Annotated[str | None, typer.Option(help="Rank the plans for a game against this nemesis.")] = None,
    mages: Annotated[str, typer.Option(help="The team, comma-separated ('random' draws them from --seed).")]
    = "random,random",
    market: Annotated[str, typer.Option(help="The market or setup name.")] = "official",
    boxes: Annotated[str | None, typer.Option(help="Boxes random mages and a market are drawn from.")] = None,
    seed: Annotated[int, seed_option("The game's seed (it draws what is random).")] = 1,
    model: Annotated[str | None, typer.Option(help="A plan model file (default: the shipped model).")] = None,
    schema: Annotated[bool, typer.Option("--schema", help="Print the JSON schema of a plan and exit.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List the planner's plans, or rank them for one seeded setup (``--nemesis``)."""
    from ..agents.plan_model import features_of, load
    from ..agents.plans import PlanDoc

    if schema:
        print(json.dumps(PlanDoc.model_json_schema(), indent=1))
        return
    try:
        m = load(model)
        docs = {p.name: p for p in m.doc.plans}
        if nemesis is None:
            rows = [{"plan": n, "advantage": f"{m.doc.prior.get(n, 0.0):+.3f}", "what it does": _differs(docs[n])}
                    for n in m.names]
            title = "Plans (advantage: mean paired result over the first plan, from the plan search)"
        else:
            from ..engine.game import Game

            g = Game.new(mages=[x.strip() for x in mages.split(",") if x.strip()], nemesis=nemesis, market=market,
                         seed=seed, boxes=boxes.split(",") if boxes else None)
            st = g.state
            feats = features_of(st.nemesis.id, [p.mage for p in st.players], st.supply_names)
            scores = m.scores(feats)
            rows = [{"plan": p.name, "score": f"{scores[p.name]:+.3f}", "what it does": _differs(docs[p.name])}
                    for p in m.ranking(feats)]
            title = (f"Plans against {st.nemesis.id} with {' and '.join(p.mage for p in st.players)}, "
                     f"market {', '.join(st.supply_names)} (seed {seed}): the first is played first")
    except GraveholdError as e:
        fail(e)
    if as_json:
        print(json.dumps(rows))
        return
    cols = list(rows[0])
    show(console(), title, rows, cols, right={"advantage", "score"})
