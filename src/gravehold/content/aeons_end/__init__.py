"""Aeon's End (wave 1 standalone box): every module of the box, gathered."""

from __future__ import annotations

from ..model import CardDef, MageDef, Market, NemesisCardDef, NemesisDef
from . import basics, mages, nemeses, supply, wording_nemeses, wording_players

BOX = "AE"
CARDS: tuple[CardDef, ...] = (*mages.UNIQUE_CARDS, *supply.CARDS, *nemeses.CORRUPTION_CARDS)
MAGES: tuple[MageDef, ...] = mages.MAGES
NEMESIS_CARDS: tuple[NemesisCardDef, ...] = nemeses.NEMESIS_CARDS
BASIC_CARDS: tuple[NemesisCardDef, ...] = basics.BASIC_CARDS
NEMESES: tuple[NemesisDef, ...] = nemeses.NEMESES
MARKETS: tuple[Market, ...] = ()
WORDING = {**wording_players.WORDING, **wording_nemeses.WORDING}
