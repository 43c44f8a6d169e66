"""The pieces every Legacy mage module builds its mats from: the box id, its two cities and
the breach positions, so a mat reads as its printed layout (``OPEN, C(2), C(1), C(0)``)."""

from __future__ import annotations

from ...boxapi import BreachSetup

BOX = "LOG"
AZER = "Azer"
GRAVEHOLD = "Gravehold"
OPEN = BreachSetup("open")
NONE = BreachSetup("none")


def C(stage: int, special: str | None = None) -> BreachSetup:
    """A closed breach at ``stage`` (0 to 3 focuses from opening), or a mat's own breach
    ``special`` there (K-13)."""
    return BreachSetup("closed", stage, special)
