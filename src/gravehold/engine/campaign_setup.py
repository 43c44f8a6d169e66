"""The setup hooks a Legacy campaign deals its battles with (C-4, C-6, C-7, C-10, C-12, C-17).

A campaign (``campaigns/legacy``) carries from battle to battle what a single game never
has: its players' enhancements, stickers on starter copies, marked copies back under the
supply piles, a nemesis deck laid out by its script, the basic nemesis cards and supply
copies it has banished. Each is a :class:`~gravehold.engine.setup.Config` field that a
single game leaves None, and each is written in ``State.config`` only when given, so every
other game's config, save and record reads as it always did:

- ``enhancements`` (C-6, C-9): per seat, ``[{"name", "kind", "rules"}]`` (``keywords.enhancements``);
- ``stickers`` (C-7): ``{"<n>": {"name", "changes"}}``, the stickers ``"Card{sticker<n>}"``
  copies in ``marked`` bear (``keywords.stickers``);
- ``supply_marked`` (C-17): ``{pile: [marked copy, ...]}``, bottom first (``keywords.supply_bottom``);
- ``nemesis_deck`` (C-12): the nemesis deck, top first, dealt as given and not shuffled;
- ``basic_pool`` (C-4, C-10): the basic nemesis cards S-6 draws each tier's from;
  a reading decided here (the rules are silent on a campaign that has banished more of a
  tier's basic cards than S-6 deals): that tier is dealt the ones the pool still holds,
  and the nemesis deck is that much shorter;
- ``pile_sizes`` (C-4, C-10): ``{pile: n}``, piles dealt with fewer copies than S-8 gives.

Every fault is a SetupError naming the field and entry at setup
(``enhancements[1][0].rules[2]: ...``), and a StateFormatError naming ``config.<field>`` when
a saved game is loaded (:func:`check_saved`); a saved game that names its setup is also
dealt again from these (``game.check_setup``), so what they dealt is checked too.
"""

from __future__ import annotations

from typing import Any

from ..content import registry as content
from ..content.model import PILE_SIZES
from ..errors import SetupError, StateFormatError
from .keywords import enhancements, stickers, supply_bottom

#: the Config fields (and config keys) of this module, in the order setup reads them
KEYS = ("stickers", "enhancements", "nemesis_deck", "basic_pool", "pile_sizes", "supply_marked")


def saved(config: dict[str, Any]) -> dict[str, Any]:
    """The hooks a stored config names, as Config keyword arguments (a replay, a record)."""
    return {k: config[k] for k in KEYS if k in config}


def _raise(field: str, fault: tuple[str, str] | None) -> None:
    if fault is not None:
        raise SetupError(f"{field}{fault[0]}: {fault[1]}", field=field)


def setup_stickers(spec: Any) -> dict[str, Any]:
    """C-7: define the stickers before any stickered copy is dealt; the config's entry."""
    _raise(stickers.KEY, stickers.fault(spec))
    return stickers.register(spec)


def setup_enhancements(spec: Any, players: int) -> list[list[Any]]:
    """C-6: each seat's enhancements, checked; the config's entry (``keywords.enhancements``)."""
    _raise(enhancements.KEY, enhancements.fault(spec, players))
    return enhancements.plain(spec)


# ------------------------------------------------------------------ the nemesis deck
def _basic(name: str) -> bool:
    return any(name in cards for cards in content.BASICS.values())


def deck_fault(names: Any, own: tuple[str, ...]) -> tuple[str, str] | None:
    """C-12: why ``names`` is no nemesis deck of this nemesis: (entry, reason), or None."""
    if not isinstance(names, list) or not names:
        return "", f"must list the nemesis deck's cards, top first, got {names!r}"
    for k, name in enumerate(names):
        c = content.NEMESIS_CARDS.get(name) if isinstance(name, str) else None
        if c is None:
            return f"[{k}]", f"unknown nemesis card {name!r}"
        if name not in own and not _basic(name) and not c.upgraded:
            return f"[{k}]", f"{name} is neither this nemesis' own card nor a basic or upgraded basic card"
    return None


def pool_fault(names: Any) -> tuple[str, str] | None:
    """C-4 / C-10: why ``names`` is no pool of basic nemesis cards: (entry, reason), or None."""
    if not isinstance(names, list):
        return "", f"must list basic nemesis cards, got {names!r}"
    for k, name in enumerate(names):
        if not isinstance(name, str) or not _basic(name):
            return f"[{k}]", f"{name!r} is no basic nemesis card"
        if name in names[:k]:
            return f"[{k}]", f"{name} is named twice (each basic card is one copy)"
    return None


def nemesis_deck(spec: Any, own: tuple[str, ...]) -> list[str]:
    """C-12: the deck as given, top first (not shuffled)."""
    _raise("nemesis_deck", deck_fault(spec, own))
    return list(spec)


def basic_pool(spec: Any) -> list[str]:
    _raise("basic_pool", pool_fault(spec))
    return list(spec)


# ------------------------------------------------------------------ the supply
def sizes_fault(spec: Any, supply: tuple[str, ...], full: list[int]) -> tuple[str, str] | None:
    """C-4 / C-10: why ``spec`` cannot size this supply's piles: (entry, reason), or None."""
    if not isinstance(spec, dict):
        return "", f"must map supply piles to their sizes, got {spec!r}"
    for pile, n in spec.items():
        if pile not in supply:
            return f".{pile}", f"no supply pile of this game; its piles are {', '.join(supply)}"
        most = full[supply.index(pile)]
        if not isinstance(n, int) or isinstance(n, bool) or not 0 < n <= most:
            return f".{pile}", f"a pile is dealt with 1 to {most} copies (S-8), got {n!r}"
    return None


def deal_supply(st: Any, cfg: Any) -> None:
    """C-4 / C-10 / C-17: smaller piles, then the marked copies at their bottoms."""
    if cfg.pile_sizes:
        _raise("pile_sizes", sizes_fault(cfg.pile_sizes, st.supply_names, st.supply_counts))
        for pile, n in cfg.pile_sizes.items():
            st.supply_counts[st.supply_names.index(pile)] = n
        st.config["pile_sizes"] = dict(cfg.pile_sizes)
    if cfg.supply_marked:
        dealt = supply_bottom.deal(st, cfg.supply_marked)
        if dealt:
            st.config["supply_marked"] = dealt


# ------------------------------------------------------------------ a saved game
def register_saved(config: dict[str, Any]) -> None:
    """A saved game's stickers, defined before its copies are read (``state_load``)."""
    if "stickers" in config:
        fault = stickers.fault(config["stickers"])
        if fault is not None:
            raise StateFormatError(f"config.stickers{fault[0]}", fault[1])
        stickers.register(config["stickers"])


def check_saved(st: Any) -> None:
    """Each hook a loaded state's config names, and its piles' marked copies, naming the field."""
    c = st.config
    faults: list[tuple[str, tuple[str, str] | None]] = []
    if "enhancements" in c:
        faults.append(("enhancements", enhancements.fault(c["enhancements"], len(st.players))))
    if "nemesis_deck" in c:
        nd = content.NEMESES.get(st.nemesis.id)
        faults.append(("nemesis_deck", deck_fault(c["nemesis_deck"], nd.cards if nd else ())))
    if "basic_pool" in c:
        faults.append(("basic_pool", pool_fault(c["basic_pool"])))
    full = [PILE_SIZES[content.CARDS[p].type] for p in st.supply_names]
    if "pile_sizes" in c:
        faults.append(("pile_sizes", sizes_fault(c["pile_sizes"], st.supply_names, full)))
    if "supply_marked" in c:
        faults.append(("supply_marked", _marked_fault(c["supply_marked"], st.supply_names, full)))
    for field, fault in faults:
        if fault is not None:
            raise StateFormatError(f"config.{field}{fault[0]}", fault[1])
    bottom = supply_bottom.check_saved(st)
    if bottom is not None:
        raise StateFormatError(*bottom)


def _marked_fault(spec: Any, supply: tuple[str, ...], full: list[int]) -> tuple[str, str] | None:
    if not isinstance(spec, dict):
        return "", f"must map supply piles to marked copies, got {spec!r}"
    for pile, names in spec.items():
        if pile not in supply:
            return f".{pile}", "is no supply pile of this game"
        why = supply_bottom.fault(pile, names, full[supply.index(pile)])
        if why is not None:
            return f".{pile}" + (f"[{why[0]}]" if why[0] is not None else ""), why[1]
    return None
