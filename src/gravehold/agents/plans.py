"""Plans: what a bot means to do over a whole game, as data the heuristic carries out.

The heuristic (``heuristic.py``) decides one action at a time from general advice. A *plan*
is the part of that advice that should differ from one setup to the next: what deck to
build (gems by the aether they make, spells by their damage, relics, and a bias for named
cards of this market), when each breach should be open at the latest, whether a power's TO
DISCARD cost comes before opening breaches, and the priors for the choices that decide
games (how dear Gravehold's life is against the players' when a nemesis lets the team
choose). The heuristic is the executor of a plan; the default plan is the heuristic as it
always played (the golden games pin that).

Plans are data: a plan file (JSON) is checked against :class:`PlanDoc`, a pydantic model,
so a bad file is an error naming its field (``plans[2].breach_rounds: ...``), and the JSON
schema of the format is ``PlanDoc.model_json_schema()`` (``gravehold plans --schema``).
At play the plan is a frozen dataclass (:class:`GamePlan`): the policy reads it in its
inner loop, where attribute access on a slotted object is what costs least.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from types import MappingProxyType
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..errors import GraveholdError
from .spending import PLAN, Plan

#: Gravehold-life weight of a nemesis' harm to Gravehold, against the players', at a choice
#: the team makes between them (a nemesis' "either/or"): 1.0 weighs them as the advice does
Prior = Literal["gravehold", "players", "even"]

#: the breaches of a mat, I to IV
BREACHES = 4


@dataclass(frozen=True)
class GamePlan:
    """One plan, as the policy reads it (see the module's docstring for what each part is for).

    ``breach_rounds[i]``: the round (a pass through the turn order deck, from 1) by the end
    of which breach ``i`` should be open; 0 leaves it to the spending weights.
    ``card_bias``: worth added to gaining a named card (a market's own deck).
    ``spare``: whom a nemesis' either/or should spare first (``even``: the advice's sums).
    """

    name: str = "default"
    weights: Plan = PLAN
    breach_rounds: tuple[int, int, int, int] = (0, 0, 0, 0)
    pay_first: bool = False
    card_bias: Mapping[str, float] = field(default_factory=lambda: MappingProxyType({}))
    spare: Prior = "even"

    def __hash__(self) -> int:
        return hash((self.name, self.weights, self.breach_rounds, self.pay_first,
                     tuple(sorted(self.card_bias.items())), self.spare))

    def doc(self) -> dict[str, object]:
        """The plan as a plan file holds it (only the weights that differ from the default)."""
        changed = {k: v for k, v in asdict(self.weights).items() if getattr(PLAN, k) != v}
        return {"name": self.name, "weights": changed, "breach_rounds": list(self.breach_rounds),
                "pay_first": self.pay_first, "card_bias": dict(sorted(self.card_bias.items())),
                "spare": self.spare}


#: the heuristic's own plan: how it always played
DEFAULT = GamePlan()

WEIGHT_NAMES = tuple(f.name for f in fields(Plan))


class PlanDoc(BaseModel):
    """One plan in a plan file (the schema of the format)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=60, description="a name for the plan, unique in its file")
    weights: dict[str, float] = Field(default_factory=dict,
                                      description="spending weights that differ from the heuristic's")
    breach_rounds: tuple[int, int, int, int] = Field(
        (0, 0, 0, 0), description="round by which breach I..IV should be open (0: no deadline)")
    pay_first: bool = Field(False, description="pay a power's TO DISCARD cost before opening breaches")
    card_bias: dict[str, float] = Field(default_factory=dict, description="worth added to gaining a named card")
    spare: Prior = Field("even", description="whom a nemesis' either/or spares first")

    @field_validator("weights")
    @classmethod
    def _known_weights(cls, v: dict[str, float]) -> dict[str, float]:
        bad = sorted(set(v) - set(WEIGHT_NAMES))
        if bad:
            raise ValueError(f"unknown weight {', '.join(bad)} (known: {', '.join(WEIGHT_NAMES)})")
        return v

    @field_validator("breach_rounds")
    @classmethod
    def _rounds(cls, v: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        if any(r < 0 or r > 40 for r in v):
            raise ValueError("a breach's round must be 0 (none) to 40")
        return v

    @field_validator("card_bias")
    @classmethod
    def _cards(cls, v: dict[str, float]) -> dict[str, float]:
        from ..content import registry as content

        bad = sorted(n for n in v if n not in content.CARDS)
        if bad:
            raise ValueError(f"unknown card {', '.join(bad)}")
        return v

    def plan(self) -> GamePlan:
        return GamePlan(name=self.name, weights=replace(PLAN, **self.weights), breach_rounds=self.breach_rounds,
                        pay_first=self.pay_first, card_bias=MappingProxyType(dict(self.card_bias)), spare=self.spare)


def fault(e: ValidationError, where: str) -> str:
    """A pydantic error as one line naming the field (``plans[2].breach_rounds: ...``)."""
    first = e.errors()[0]
    path = where
    for part in first["loc"]:
        path += f"[{part}]" if isinstance(part, int) else f".{part}"
    return f"{path}: {first['msg']}"


def plan_of(doc: object, where: str = "plan") -> GamePlan:
    """A plan from its JSON form, checked; a fault is a ``GraveholdError`` naming the field."""
    try:
        return PlanDoc.model_validate(doc).plan()
    except ValidationError as e:
        raise GraveholdError(fault(e, where)) from None
