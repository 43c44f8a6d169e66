"""The plan model: from a setup's features to the plan a bot should start with.

A setup is read as features -- ``nemesis:<id>``, ``mage:<name>`` for each mage at the table,
``card:<name>`` for each supply pile -- and every plan of the model's library gets a score:
its overall advantage over the library's first plan plus the advantage each feature adds.
The best score is the plan to start with; the next ones are what plan switching compares it
with in play (``planner.py``). An additive model is what the data supports: a plan search
plays a few hundred games per plan, so each feature's advantage is a shrunken mean of paired
differences (``scripts/build_plan_model.py``), and a reader can see why a plan was picked.

The model is package data (``agents/data/plan_model.json``), checked against
:class:`ModelDoc` when it is loaded and versioned by ``format_version``: a file written by a
later version of the format is refused by name, never misread.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..errors import GraveholdError
from .plans import GamePlan, PlanDoc, fault

#: the version of the model file's format this code reads and writes
FORMAT_VERSION = 1
SHIPPED = "plan_model.json"


class ModelDoc(BaseModel):
    """A plan model file (the schema of the format)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["gravehold-plan-model"]
    format_version: int = Field(ge=1, description="version of this file's format")
    built_with: dict[str, str | int | float] = Field(default_factory=dict,
                                                     description="how the model was built (command, seeds, games)")
    plans: tuple[PlanDoc, ...] = Field(min_length=1, description="the library; the first is the fallback")
    prior: dict[str, float] = Field(default_factory=dict, description="each plan's overall advantage")
    features: dict[str, dict[str, float]] = Field(default_factory=dict,
                                                  description="per feature, what it adds to each plan's score")

    @model_validator(mode="after")
    def _names(self) -> ModelDoc:
        names = [p.name for p in self.plans]
        if len(set(names)) != len(names):
            raise ValueError("plan names must be unique")
        known = set(names)
        for where, scores in [("prior", self.prior), *((f"features.{k}", v) for k, v in self.features.items())]:
            bad = sorted(set(scores) - known)
            if bad:
                raise ValueError(f"{where} names no plan of the library: {', '.join(bad)}")
        return self


class PlanModel:
    """A loaded model: the library of plans and the scores that rank them for a setup."""

    def __init__(self, doc: ModelDoc) -> None:
        self.doc = doc
        self.plans: dict[str, GamePlan] = {p.name: p.plan() for p in doc.plans}
        self.names = tuple(self.plans)

    def scores(self, features: Iterable[str]) -> dict[str, float]:
        out = {n: self.doc.prior.get(n, 0.0) for n in self.names}
        table = self.doc.features
        for f in features:
            for n, v in table.get(f, {}).items():
                out[n] += v
        return out

    def ranking(self, features: Iterable[str]) -> list[GamePlan]:
        """The library, best first for these features (ties: the library's order)."""
        s = self.scores(features)
        order = sorted(range(len(self.names)), key=lambda i: (-round(s[self.names[i]], 9), i))
        return [self.plans[self.names[i]] for i in order]


def features_of(nemesis: str, mages: Iterable[str], supply: Iterable[str]) -> list[str]:
    """A setup's features, as the model reads them."""
    return [f"nemesis:{nemesis}", *(f"mage:{m}" for m in sorted(set(mages))),
            *(f"card:{c}" for c in sorted(set(supply)))]


def parse(text: str, where: str) -> PlanModel:
    """A model from its JSON text; a fault names the file and the field."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as e:
        raise GraveholdError(f"{where}: not JSON ({e.msg} at line {e.lineno})") from None
    if isinstance(raw, dict) and isinstance(raw.get("format_version"), int) and raw["format_version"] > FORMAT_VERSION:
        raise GraveholdError(f"{where}: format_version {raw['format_version']} is newer than this gravehold "
                             f"reads ({FORMAT_VERSION}); upgrade gravehold or rebuild the model")
    try:
        return PlanModel(ModelDoc.model_validate(raw))
    except ValidationError as e:
        raise GraveholdError(fault(e, where)) from None


@cache
def shipped() -> PlanModel:
    """The model shipped with the package."""
    text = resources.files(__package__).joinpath("data", SHIPPED).read_text("utf-8")
    return parse(text, SHIPPED)


def load(path: str | None) -> PlanModel:
    """The shipped model, or the one in the file ``path``."""
    if not path:
        return shipped()
    try:
        text = Path(path).read_text("utf-8")
    except OSError as e:
        raise GraveholdError(f"plan model {path}: cannot read it ({e.strerror})") from None
    return parse(text, path)
