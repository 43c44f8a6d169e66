"""The basic starting cards every mage uses (S-2). They never go into the supply."""

from __future__ import annotations

from .model import CardDef

CARDS = (
    CardDef("Crystal", "gem", 0, "starter", play=(("aether", 1),), starter=True),
    CardDef("Spark", "spell", 0, "starter", cast=(("damage", 1),), starter=True),
)
