"""Reading a saved state back: every field checked, a bad one refused by its path.

Split from ``state.py`` (the data) so that file stays the plain, hot structures the engine
clones; this one is only ever run when a game is loaded (``Game.from_dict``, a searching
agent's base world). Errors are :class:`StateFormatError` naming the field
(``players[0].decks.Rip deck``) and what is wrong with it.
"""

from __future__ import annotations

from typing import Any, cast

from ..content import registry as content
from ..errors import RulesetError, StateFormatError
from . import campaign_setup
from .ruleset import resolved_options
from .schema import NemesisDoc, PlayerDoc, StateDoc, convert, to_builtins
from .shapes import Doc, Json
from .state import FORMAT, Action, Breach, Decision, InPlay, Learn, Nemesis, Player, State, tupled


class _Names:
    """Checks card names against the cards a loader knows, learning marked copies once."""

    __slots__ = ("known", "learn")

    def __init__(self, known: set[str], learn: Learn | None) -> None:
        self.known, self.learn = known, learn

    def check(self, names: list[str], path: str) -> list[str]:
        known = self.known
        for i, name in enumerate(names):
            if name not in known:
                if "{" in name and self.learn is not None and self.learn(name):
                    known.add(name)
                    continue
                raise StateFormatError(f"{path}[{i}]", f"unknown card {name!r}")
        return names


def _ruleset(spec: Json) -> Doc:
    """config.ruleset as every option the engine reads, so nothing falls back to a default
    (read as Game.new reads it: ``ruleset.resolved_options``)."""
    try:
        return resolved_options(spec)
    except RulesetError as e:
        raise StateFormatError(f"config.ruleset.{e.option}" if e.option else "config.ruleset", e.reason) from None


def _at_most(v: int, top: int, path: str, what: str) -> int:
    if v > top:
        raise StateFormatError(path, f"must be at most {what} ({top}), got {v}")
    return v


def state_from_dict(d: Any, player_cards: set[str], nemesis_cards: set[str],
                    learn: Learn | None = None) -> State:
    """Build a State from its JSON form (as parsed), naming the first field that is wrong."""
    if not isinstance(d, dict):
        raise StateFormatError("state", "must be a JSON object")
    return state_from_doc(convert(d, StateDoc), player_cards, nemesis_cards, learn)


def state_from_doc(doc: StateDoc, player_cards: set[str], nemesis_cards: set[str],
                   learn: Learn | None = None) -> State:
    """Build a State from a checked document (:mod:`gravehold.engine.schema`).

    The schema has checked every type; this checks what one field says about another
    (a life within its maximum, a turn order card naming a player in the game) and that
    every card name is one the loader knows. The game's rules are
    :func:`gravehold.engine.game.check_consistency`'s. Fields are read in the document's
    order, so the first fault named is the same as ever.
    """
    if doc.format != FORMAT:
        raise StateFormatError("format", f"expected {FORMAT!r}, got {doc.format!r}")
    pc = _Names(player_cards, learn)
    s = State()
    config = to_builtins(doc.config)
    config["ruleset"] = _ruleset(config.get("ruleset", {}))
    s.config = config
    campaign_setup.register_saved(config)  # C-7: stickers before the stickered copies are read
    s.players = [_player_from_doc(pd, f"players[{i}]", pc) for i, pd in enumerate(doc.players)]
    s.nemesis = _nemesis_from_doc(doc.nemesis, nemesis_cards, _Names(nemesis_cards | player_cards, learn))
    gd = doc.gravehold
    s.gravehold_max = gd.max_life
    s.gravehold = gd.max_life if gd.life is None else _at_most(gd.life, gd.max_life, "gravehold.life", "max_life")
    players = len(s.players)
    _check_turn_order(doc, players)
    s.to_deck = list(doc.turn_order.deck)
    s.to_discard = list(doc.turn_order.discard)
    names: list[str] = []
    for i, (name, count) in enumerate(doc.supply):
        if name not in player_cards:
            raise StateFormatError(f"supply[{i}]", f"unknown card {name!r}")
        names.append(name)
        s.supply_counts.append(count)
    s.supply_names = tuple(names)
    s.destroyed = _Names(player_cards | nemesis_cards, learn).check(doc.destroyed, "destroyed")
    if not -1 <= doc.active < players:
        raise StateFormatError("active", f"must be -1 (the nemesis) or a player from 0 to {players - 1}, "
                                         f"got {doc.active}")
    if doc.rng >= 1 << 64:
        raise StateFormatError("rng", "must be a 64-bit generator state")
    s.banished = _Names(player_cards | nemesis_cards, learn).check(doc.banished, "banished")
    s.supply_bottom = {k: tuple(pc.check(v, f"supply_bottom.{k}")) for k, v in doc.supply_bottom.items() if v}
    s.severed = list(doc.severed)  # its seats are checked with the game's rules (keywords.sever)
    _progress_from_doc(s, doc)
    return s


def _player_from_doc(pd: PlayerDoc, path: str, pc: _Names) -> Player:
    from .keywords.room import most_spells
    p = Player(pd.mage)
    p.max_life = pd.max_life
    p.life = pd.max_life if pd.life is None else _at_most(pd.life, pd.max_life, f"{path}.life", "max_life")
    p.hand = pc.check(pd.hand, f"{path}.hand")
    p.deck = pc.check(pd.deck, f"{path}.deck")
    p.discard = pc.check(pd.discard, f"{path}.discard")
    p.played = pc.check(pd.played, f"{path}.played")
    for j, b in enumerate(pd.breaches):
        bp = f"{path}.breaches[{j}]"
        if b.state in ("none", "destroyed") and b.spells:
            raise StateFormatError(f"{bp}.spells", f"a {b.state} breach cannot hold spells")
        if b.state == "none" and (b.attached or b.face_down):
            part = "attached" if b.attached else "face_down"
            raise StateFormatError(f"{bp}.{part}", "the mage has no such breach")
        if b.covered_by == j:
            raise StateFormatError(f"{bp}.covered_by", "a breach cannot cover itself")
        most = most_spells(pd.mage, j, b.state, b.spells)
        if most is not None and len(b.spells) > most:
            raise StateFormatError(f"{bp}.spells", f"this breach holds at most {most} spells (two; more only on "
                                                   "an opened breach that holds any number, K-13, beside a "
                                                   "spell that makes room, or of a mage whose effect does)")
        p.breaches.append(Breach(
            b.state, b.stage, b.focused, pc.check(b.spells, f"{bp}.spells"), b.covered_by,
            tuple(pc.check(b.attached, f"{bp}.attached")), tuple(pc.check(b.face_down, f"{bp}.face_down"))))
    p.max_charges = pd.max_charges
    p.charges = _at_most(pd.charges, pd.max_charges, f"{path}.charges", "max_charges")
    p.aether = pd.aether
    p.aether_for = {k: v for k, v in pd.aether_for.items() if v}
    if pd.aether_spell:
        p.aether_for["spell"] = pd.aether_spell
    p.exhausted = pd.exhausted
    p.tokens = pd.tokens
    p.set_aside, p.aether_tokens = pc.check(pd.set_aside, f"{path}.set_aside"), pd.aether_tokens
    if pd.decks:
        from ..content import registry

        mage = registry.MAGES.get(pd.mage)
        own = mage.decks if mage is not None else {}
        for name, cards in pd.decks.items():
            if name not in own:
                raise StateFormatError(f"{path}.decks.{name}", f"{pd.mage} has no deck of that name "
                                                               f"(its decks: {', '.join(own) or 'none'})")
            p.decks[name] = pc.check(cards, f"{path}.decks.{name}")
    return p


def _nemesis_from_doc(nd: NemesisDoc, nemesis_cards: set[str], both: _Names) -> Nemesis:
    """The nemesis; ``both`` knows player and nemesis cards (a special deck may hold either)."""
    nc = _Names(nemesis_cards, None)
    n = Nemesis(nd.id)
    n.max_life = nd.max_life
    known = content.NEMESES.get(nd.id)
    if nd.life is None:
        n.life = nd.max_life
    elif known is not None and known.no_max_life:  # S-4: no maximum for this one
        n.life = nd.life
    else:
        n.life = _at_most(nd.life, nd.max_life, "nemesis.life", "max_life")
    n.deck = nc.check(nd.deck, "nemesis.deck")
    n.discard = nc.check(nd.discard, "nemesis.discard")
    for i, c in enumerate(nd.in_play):
        if c.name not in nemesis_cards:
            raise StateFormatError(f"nemesis.in_play[{i}].name", f"unknown nemesis card {c.name!r}")
        n.in_play.append(InPlay(c.name, c.life, c.power, c.shields, c.silenced))
    n.tokens = nd.tokens
    n.decks = {k: both.check(v, f"nemesis.decks.{k}") for k, v in nd.decks.items()}
    n.resolving = nc.check(nd.resolving, "nemesis.resolving")
    return n


def _check_turn_order(doc: StateDoc, players: int) -> None:
    for key, cards in (("deck", doc.turn_order.deck), ("discard", doc.turn_order.discard)):
        for i, card in enumerate(cards):
            # S-5 / T-5: true solo may use player cards of any number; all are your turn.
            # A pair card (T-4) names both its players: "P34" needs four.
            if card[0] == "P" and players > 1 and int(max(card[1:])) > players:
                raise StateFormatError(f"turn_order.{key}[{i}]", f"{card} names a player who is not in the game")


def _progress_from_doc(s: State, doc: StateDoc) -> None:
    """Where the game stands: whose turn, the stack, the pending decision, the turn's flags."""
    s.active = doc.active
    s.phase = doc.phase
    s.turn = doc.turn
    s.rng = doc.rng
    s.stack = [tupled(f) for f in doc.stack]
    dec = doc.decision
    if dec is not None:
        s.decision = Decision(dec.kind, dec.player, dec.source, dec.prompt,
                              [cast(Action, tuple(o)) for o in dec.options], tupled(dec.resume), dec.seq)
    s.over = doc.over
    s.result = doc.result
    s.reason = doc.reason
    s.flags = {k: tupled(v) for k, v in doc.flags.items()}
    # a bare count is a save from before P-20
    s.cast_bonus = [(c, 0) if isinstance(c, int) else (c[0], c[1]) for c in doc.cast_bonus]
    s.unleash_depth = doc.unleash_depth
    s.deferred = [tupled(f) for f in doc.deferred]
    s.tokens = doc.tokens
    s.seq = doc.seq
