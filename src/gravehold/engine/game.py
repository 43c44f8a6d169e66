"""The public game API: the contract every driver (CLI, web, bots, tests) uses.

>>> from gravehold import Game
>>> g = Game.new(mages=["random", "random"], nemesis="random", market="random", seed=11)
>>> while not g.over:
...     g.apply(g.legal_actions()[0])
>>> g.result in ("win", "loss")
True
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from ..content import registry as content
from ..errors import StateFormatError
from . import damage as _damage  # noqa: F401  (registers operations)
from . import effects as _effects  # noqa: F401
from . import flags as _flags  # noqa: F401
from . import turn as _turn  # noqa: F401
from .core import OPS, Engine
from .decisions import label
from .flags import known_flag
from .setup import Config, new_state
from .state import Action, Decision, Frame, State, state_from_dict
from .view import view_for
from .vocabulary import STEP_KINDS

VERSION = 1


class Game:
    """One game. ``state`` is plain data; the engine stops at every decision."""

    __slots__ = ("engine",)

    def __init__(self, state: State, events: bool = True) -> None:
        self.engine = Engine(state, events)

    # ------------------------------------------------------------ creation
    @classmethod
    def new(cls, mages: list[str], nemesis: str = "",
            market: str | list[str] = "", difficulty: str = "normal",
            ruleset: str | dict[str, Any] = "we", seed: int = 0, events: bool = True,
            auto_resolve: bool = True, **extra: Any) -> Game:
        """A new game, run to its first decision.

        ``auto_resolve=False`` stops at every decision, even one with a single option (by
        default such a decision is taken at once and logged as a ``forced`` event).
        ``human_seats=[...]`` names the seats (from 0) played by people: their main phase
        waits for ``end_main`` even when it is the only option (``Engine.ask``).
        """
        cfg = Config(mages=list(mages), nemesis=nemesis, market=market, difficulty=difficulty,
                     ruleset=ruleset, seed=seed, **extra)
        g = cls(new_state(cfg), events)
        g.engine.auto = auto_resolve
        g.engine.ev("setup", config=g.state.config)
        g.engine.run()
        return g

    @classmethod
    def from_config(cls, config: dict[str, Any], events: bool = True) -> Game:
        keys = ("mages", "nemesis", "market", "difficulty", "ruleset", "seed", "four_player_variant", "basics",
                "boxes", "human_seats")
        return cls.new(**{k: config[k] for k in keys if k in config}, events=events)

    # ------------------------------------------------------------ state
    @property
    def state(self) -> State:
        return self.engine.state

    @property
    def decision(self) -> Decision | None:
        return self.engine.state.decision

    @property
    def over(self) -> bool:
        return self.engine.state.over

    @property
    def result(self) -> str | None:
        return self.engine.state.result

    @property
    def reason(self) -> str | None:
        return self.engine.state.reason

    @property
    def events(self) -> list[dict[str, Any]]:
        return self.engine.events if self.engine.events is not None else []

    def legal_actions(self) -> list[Action]:
        d = self.engine.state.decision
        return list(d.options) if d is not None and not self.engine.state.over else []

    def apply(self, action: Action | list[Any]) -> None:
        """Apply one legal action; an illegal one raises IllegalAction and changes nothing."""
        if isinstance(action, list):
            action = _tupled(action)
        self.engine.apply(action)  # type: ignore[arg-type]

    def view_for(self, player: int | None) -> dict[str, Any]:
        return view_for(self.engine.state, player)

    def clone(self, events: bool = False) -> Game:
        g = Game.__new__(Game)
        g.engine = Engine(self.engine.state.clone(), events)
        return g

    def describe(self, action: Action) -> str:
        return label(action)

    def summary(self) -> dict[str, Any]:
        st = self.engine.state
        return {
            "result": st.result, "reason": st.reason, "turns": st.turn,
            "seed": st.config.get("seed"), "gravehold_life": st.gravehold,
            "nemesis_life": st.nemesis.life,
            "players_life": [p.life for p in st.players],
        }

    # ------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        return self.engine.state.to_dict()

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, data: Any, events: bool = True, auto_resolve: bool = True) -> Game:
        content.register_marked_names(data)
        state = state_from_dict(data, set(content.CARDS), set(content.NEMESIS_CARDS))
        check_consistency(state)
        g = cls(state, events)
        g.engine.auto = auto_resolve
        if not state.over and state.decision is None:
            g.engine.run()
        return g

    @classmethod
    def at(cls, state: Game | dict[str, Any], *frames: Frame, events: bool = True,
           auto_resolve: bool = True, **fields: Any) -> Game:
        """A game that runs ``frames`` in order (see :mod:`gravehold.engine.frames`) from ``state``.

        ``state`` is a game or a state object (``docs/state-format.md``); any pending
        decision and work are dropped, ``fields`` overwrite top-level fields (``active=1``),
        and the frames run until the next decision. Frames are checked like a loaded stack.
        """
        data = state.to_dict() if isinstance(state, Game) else dict(state)
        data.update(fields)
        data["decision"] = None
        data["stack"] = [list(f) for f in reversed(frames)]
        return cls.from_dict(data, events, auto_resolve)

    @property
    def auto_resolve(self) -> bool:
        """Whether single-option decisions are taken at once (see :meth:`new`)."""
        return self.engine.auto

    @auto_resolve.setter
    def auto_resolve(self, on: bool) -> None:
        self.engine.auto = on

    @classmethod
    def from_json(cls, text: str, events: bool = True) -> Game:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise StateFormatError("state", f"not valid JSON ({e.msg} at line {e.lineno})") from None
        return cls.from_dict(data, events)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.state == other.state

    __hash__ = None  # type: ignore[assignment]


def _tupled(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_tupled(i) for i in x)
    return x


def check_consistency(st: State) -> None:
    """Refuse states whose parts contradict each other, naming the field."""
    for i, p in enumerate(st.players):
        if p.mage not in content.MAGES:
            raise StateFormatError(f"players[{i}].mage", f"unknown mage {p.mage!r}")
        for b, br in enumerate(p.breaches):
            for k, sp in enumerate(br.spells):
                if content.CARDS[sp].type != "spell":
                    raise StateFormatError(f"players[{i}].breaches[{b}].spells[{k}]", f"{sp} is not a spell")
            if len(br.spells) > 2:
                raise StateFormatError(f"players[{i}].breaches[{b}].spells", "a breach holds at most two spells")
    if st.nemesis.id not in content.NEMESES:
        raise StateFormatError("nemesis.id", f"unknown nemesis {st.nemesis.id!r}")
    nd = content.NEMESES[st.nemesis.id]
    for name, _cards in nd.special_decks.items():
        if name not in st.nemesis.decks:
            raise StateFormatError(f"nemesis.decks.{name}", f"{nd.name} needs its {name} deck")
    for k, f in enumerate(st.stack):
        check_frame(f, f"stack[{k}]")
    for key in st.flags:
        if not known_flag(key):
            raise StateFormatError(f"flags.{key}", "unknown turn flag (docs/state-format.md lists them)")
    d = st.decision
    if d is not None and not -1 <= d.player < len(st.players):
        raise StateFormatError("decision.player", "names a player who is not in the game")
    for k, name in enumerate(st.supply_names):
        if content.CARDS[name].starter:
            raise StateFormatError(f"supply[{k}]", f"{name} is a starting card (S-2)")


def check_frame(f: Frame, where: str) -> None:
    """A frame must name an operation; a step frame, a step kind with its arity whose parts
    pass the kind's own check."""
    if not f or not isinstance(f[0], str) or f[0] not in OPS:
        raise StateFormatError(where, f"unknown operation {f[0] if f else None!r}; see gravehold.engine.frames")
    if f[0] == "s":
        if len(f) < 5 or not isinstance(f[1], int) or not isinstance(f[2], int) or not isinstance(f[3], str):
            raise StateFormatError(where, "a step frame is [\"s\", player, owner, source, step]")
        st = f[4]
        if not isinstance(st, tuple) or not st or st[0] not in STEP_KINDS:
            raise StateFormatError(f"{where}[4]", f"unknown effect step {st!r}")
        kind = STEP_KINDS[st[0]]
        if len(st) - 1 < kind.arity:
            raise StateFormatError(f"{where}[4]", f"step {st[0]!r} takes {kind.arity} arguments")
        if kind.check is not None:
            try:
                kind.check(st)
            except ValueError as e:  # e.g. a pick from a zone no table holds
                raise StateFormatError(f"{where}[4]", f"step {st[0]!r}: {e}") from None


def card_census(st: State) -> Counter[str]:
    """Every player card and nemesis card the game holds, wherever it is.

    Only named effects may change this multiset: gaining moves cards out of the supply
    counts, destroying moves them to ``destroyed``; nothing else creates or removes. A
    marked copy counts as its card, so marking a copy changes nothing here.
    """
    c: Counter[str] = Counter()
    for p in st.players:
        c.update(p.hand)
        c.update(p.deck)
        c.update(p.discard)
        c.update(p.played)
        for br in p.breaches:
            c.update(br.spells)
            if br.attached:
                c.update(br.attached)
            if br.face_down:
                c.update(br.face_down)
    for name, count in zip(st.supply_names, st.supply_counts, strict=True):
        c[name] += count
    c.update(st.destroyed)
    n = st.nemesis
    c.update(n.deck)
    c.update(n.discard)
    c.update(n.resolving)
    c.update(x.name for x in n.in_play)
    for d in n.decks.values():
        c.update(d)
    c.update(st.to_deck)
    c.update(st.to_discard)
    if any("{" in name for name in c):
        merged: Counter[str] = Counter()
        for name, k in c.items():
            merged[content.base_of(name)] += k
        return merged
    return c
