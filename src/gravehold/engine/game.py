"""The public game API: the contract every driver (CLI, web, bots, tests) uses.

>>> from gravehold import Game
>>> g = Game.new(mages=["random", "random"], nemesis="random", market="random", seed=11)
>>> while not g.over:
...     g.apply(g.legal_actions()[0])
>>> g.result in ("win", "loss")
True
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import json
from collections import Counter
from collections.abc import Callable
from typing import Any

from ..content import registry as content
from ..errors import GraveholdError, StateFormatError, clip
from . import campaign_setup
from . import damage as _damage  # noqa: F401  (registers operations)
from . import effects as _effects  # noqa: F401
from . import explain as _explain  # noqa: F401  (explains a refused action: core.REFUSAL)
from . import flags as _flags  # noqa: F401
from . import turn as _turn  # noqa: F401
from .census import card_census
from .core import OPS, Engine, plain
from .decisions import DECISION_KINDS, fits, label
from .flags import known_flag, token_fault
from .keywords import fire, marks, sever, treasures
from .keywords.conjure import check_face_down
from .schema import StateDoc, convert, decode
from .setup import PILE_SIZE, Config, human_seats, new_state
from .shapes import ConfigDoc, Doc, Event, ViewDoc
from .state import FORMAT, Action, Decision, Frame, State, tupled
from .state_load import state_from_doc
from .turn import casting_options, main_options
from .view import view_for
from .vocabulary import ENTRY_LIFE, MINION_LIFE_UNCAPPED, STEP_KINDS

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
            ruleset: str | Doc = "we", seed: int = 0, events: bool = True,
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
    def from_config(cls, config: ConfigDoc, events: bool = True) -> Game:
        """The game a stored setup (a record's, a database row's) deals again.

        A setup stored before the four-player variant was refused for fewer players (T-4)
        may carry it where it changed nothing: it deals again as it was played, the flag off,
        so no saved game or record is lost; a new setup (``new``) still refuses it."""
        keys = ("mages", "nemesis", "market", "difficulty", "ruleset", "seed", "four_player_variant", "basics",
                "boxes", "human_seats", "upgraded", "treasures", "prebuilt_deck", "marked", "city", "campaign",
                *campaign_setup.KEYS)
        cfg = {k: config[k] for k in keys if k in config}
        mages = cfg.get("mages")
        if cfg.get("four_player_variant") is True and isinstance(mages, list) and len(mages) != 4:
            cfg["four_player_variant"] = False
        return cls.new(**cfg, events=events)

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
    def events(self) -> list[Event]:
        return self.engine.events if self.engine.events is not None else []

    def legal_actions(self) -> list[Action]:
        st = self.engine.state
        d = st.decision
        return list(d.options) if d is not None and not st.over else []

    def apply(self, action: Action | list[Any]) -> None:
        """Apply one legal action; an illegal one raises IllegalAction and changes nothing."""
        if isinstance(action, list):
            action = tupled(action)
        self.engine.apply(action)  # type: ignore[arg-type]

    def view_for(self, player: int | None) -> ViewDoc:
        return view_for(self.engine.state, player)

    def digest(self) -> str:
        """A short hash of the whole state: a record keeps one per step, so a replay names
        the first step where it parts ways with the recording."""
        return hashlib.sha1(self.to_json().encode()).hexdigest()[:16]

    def clone(self, events: bool = False) -> Game:
        g = Game.__new__(Game)
        g.engine = Engine(self.engine.state.clone(), events, self.engine.on)
        return g

    def describe(self, action: Action) -> str:
        return label(action)

    @property
    def severed(self) -> list[int]:
        """C-8: the seats whose mage was severed in this game, for a campaign to read."""
        return list(self.engine.state.severed)

    @property
    def banished(self) -> list[str]:
        """C-10: the cards banished in this game, for a campaign to read."""
        return list(self.engine.state.banished)

    def summary(self) -> Doc:
        """How the game went; ``severed`` and ``banished`` (C-8, C-10) only once there is one,
        and a campaign battle's ``marked`` copies (C-17, ``marks.census``) only when it holds
        some, so the summary of every other game reads the same."""
        st = self.engine.state
        fire_left = {"fire": fire.count(st)} if fire.KEY in st.tokens else {}  # K-8 / C-13: for a campaign
        s: Doc = {
            "result": st.result, "reason": st.reason, "turns": st.turn,
            "seed": st.config.get("seed"), "gravehold_life": st.gravehold,
            "nemesis_life": st.nemesis.life,
            "players_life": [p.life for p in st.players],
            **fire_left,
        }
        if st.severed:
            s["severed"] = list(st.severed)
        if st.banished:
            s["banished"] = list(st.banished)
        if st.config.get("campaign") and (marked := marks.census(st)):  # C-17: what a campaign keeps
            s["marked"] = marked
        return s

    # ------------------------------------------------------------ JSON
    def to_dict(self) -> Doc:
        return self.engine.state.to_dict()

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, data: Any, events: bool = True, auto_resolve: bool = True) -> Game:
        """A game from a state object as parsed JSON (``docs/state-format.md``); anything
        that does not describe a legal position is a StateFormatError naming the field."""
        if not isinstance(data, dict):
            raise StateFormatError("state", "must be a JSON object")
        if data.get("format", FORMAT) != FORMAT:  # before the fields: another format has others
            raise StateFormatError("format", f"expected {FORMAT!r}, got {clip(repr(data['format']), 60)}")
        return cls._from_doc(convert(data, StateDoc), events, auto_resolve)

    @classmethod
    def _from_doc(cls, doc: StateDoc, events: bool, auto_resolve: bool) -> Game:
        state = state_from_doc(doc, set(content.CARDS), set(content.NEMESIS_CARDS), _learn)
        check_consistency(state)
        g = cls(state, events)
        g.engine.auto = auto_resolve
        if not state.over and state.decision is None:
            g.engine.run()
        return g

    @classmethod
    def at(cls, state: Game | Doc, *frames: Frame, events: bool = True,
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
    def from_json(cls, text: str | bytes, events: bool = True) -> Game:
        """A game from a state's JSON text: parsed and type-checked in one pass
        (:mod:`gravehold.engine.schema`), then checked like :meth:`from_dict`."""
        return cls._from_doc(decode(text, StateDoc), events, True)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.state == other.state

    __hash__ = None  # type: ignore[assignment]


def _learn(name: str) -> bool:
    """A marked copy named in a state (``"Name{mark}"``) becomes a known card, if its
    base card and marks exist."""
    content.register_marked_names(name)
    return name in content.CARDS


def check_consistency(st: State) -> None:
    """Refuse states whose parts contradict each other or the rules, naming the field.

    Types were checked by the schema; this is the game's own knowledge. The rules of play
    hold for every state: known mages, nemeses and cards in the zones they may be in,
    minions within their life (N-10), only minions and powers in play, a game over with
    its result, frames the engine can run. The rules of setup (S-1 … S-9: different mages,
    nine supply piles, the cards and lives dealt) are checked against the setup a state
    names (``config.request``, as every game the engine sets up does; :func:`check_setup`).
    A state that names none is a position written by hand (a test, a puzzle): it is what
    its author says it is, and only the rules of play apply to it.
    """
    for i, p in enumerate(st.players):
        if p.mage not in content.MAGES:
            raise StateFormatError(f"players[{i}].mage", f"unknown mage {p.mage!r}")
        for b, br in enumerate(p.breaches):
            for k, sp in enumerate(br.spells):
                if content.CARDS[sp].type != "spell":
                    raise StateFormatError(f"players[{i}].breaches[{b}].spells[{k}]", f"{sp} is not a spell")
            check_face_down(br.spells, br.face_down, f"players[{i}].breaches[{b}].face_down")  # K-3
    sever.check_saved(st)  # C-8
    if st.nemesis.id not in content.NEMESES:
        raise StateFormatError("nemesis.id", f"unknown nemesis {st.nemesis.id!r}")
    for k, name in enumerate(st.supply_names):
        if content.CARDS[name].starter:
            # S-2
            raise StateFormatError(f"supply[{k}]", f"{name} is a starting card")
    nd = content.NEMESES[st.nemesis.id]
    for name, _cards in nd.special_decks.items():
        if name not in st.nemesis.decks:
            raise StateFormatError(f"nemesis.decks.{name}", f"{nd.name} needs its {name} deck")
    own = set(nd.turn_order + (nd.expert_turn_order or ()))  # S-5: a mat's own cards, "N:<name>"
    for key, cards in (("deck", st.to_deck), ("discard", st.to_discard)):
        for i, card in enumerate(cards):
            if card.startswith("N:") and card[2:] not in own:
                raise StateFormatError(f"turn_order.{key}[{i}]", f"{card} is no turn order card of "
                                       f"{nd.name} (its own: {', '.join(sorted(own)) or 'none'})")
    if "human_seats" in st.config:
        try:
            human_seats(st.config["human_seats"], len(st.players))
        except GraveholdError as e:
            raise StateFormatError("config.human_seats", str(e).split(": ", 1)[-1]) from None
    if "treasures" in st.config:  # known treasures of the right tiers, for seats that exist
        fault = treasures.check(st.config["treasures"], len(st.players), st.supply_names)
        if fault is not None:
            where = f"config.treasures.{fault[0]}" if fault[0] else "config.treasures"
            raise StateFormatError(where, fault[1])
    campaign_setup.check_saved(st)  # C-4, C-6, C-7, C-10, C-12, C-17
    _check_in_play(st)
    _check_end(st)
    for k, f in enumerate(st.stack):
        check_frame(f, f"stack[{k}]")
    for k, f in enumerate(st.deferred):
        check_frame(f, f"deferred[{k}]")
    for key in st.flags:
        if not known_flag(key):
            raise StateFormatError(f"flags.{key}", "unknown turn flag (docs/state-format.md lists them)")
    for key, value in st.tokens.items():
        why = token_fault(key, value, st)
        if why is not None:
            raise StateFormatError(f"tokens.{key}", why)
    _check_special_decks(st)
    d = st.decision
    if d is not None:
        if not -1 <= d.player < len(st.players):
            raise StateFormatError("decision.player", "names a player who is not in the game")
        check_frame(d.resume, "decision.resume", resumed=True)
    if st.config.get("request") is not None and st.config.get("supply") is not None:
        check_setup(st)
    if d is not None:  # last: what the engine would offer depends on all of the above
        _check_options(st, d, exact=st.config.get("request") is not None)


def _check_in_play(st: State) -> None:
    """Only minions and powers stay in play; a minion has 1 to its printed life (N-10)."""
    for i, c in enumerate(st.nemesis.in_play):
        card = content.NEMESIS_CARDS[content.base_of(c.name)]
        where = f"nemesis.in_play[{i}]"
        if card.type not in ("minion", "power"):
            raise StateFormatError(f"{where}.name", f"{c.name} is {'an' if card.type[0] in 'aeiou' else 'a'} "
                                                   f"{card.type}: only minions and powers stay in play")
        if card.type != "minion":
            continue
        # N-10: its printed life at most, unless its entry step, a rule on it or its nemesis lifts the cap (K-14)
        own = any(s[0] in ENTRY_LIFE for s in (*card.immediately, *card.passive))
        top = None if own or st.nemesis.id in MINION_LIFE_UNCAPPED else card.life
        if c.life < 1 or (top is not None and c.life > top):
            # N-10
            raise StateFormatError(f"{where}.life", f"{c.name} has 1 to {top or 'its entry'} life in play, "
                                                    f"got {c.life}")


def _check_special_decks(st: State) -> None:
    """Each special deck is one its nemesis declares, holding only cards it may hold
    (``NemesisDef.special_decks`` and ``deck_holds``): a claw deck holds claws. A box's
    table deck (``content.TABLE_DECKS``) may lie beside any nemesis."""
    nd = content.NEMESES[st.nemesis.id]
    for name, cards in st.nemesis.decks.items():
        holds = nd.deck_holds.get(name)
        table = content.TABLE_DECKS.get(name)
        if table is not None and name not in nd.special_decks and holds is None:
            for k, c in enumerate(cards):
                if c not in table:
                    raise StateFormatError(f"nemesis.decks.{name}[{k}]", f"{c} does not belong in the {name} deck")
            continue
        if name not in nd.special_decks and holds is None:
            known = ", ".join(sorted({*nd.special_decks, *nd.deck_holds})) or "none"
            raise StateFormatError(f"nemesis.decks.{name}", f"{nd.name} has no such special deck (its decks: {known})")
        may = _deck_may_hold(nd, name, holds)
        for k, c in enumerate(cards):
            if not may(content.base_of(c)):
                raise StateFormatError(f"nemesis.decks.{name}[{k}]", f"{c} does not belong in {nd.name}'s {name} deck")


def _deck_may_hold(nd: Any, name: str, holds: str | None) -> Callable[[str], bool]:
    if holds == "player":
        return content.CARDS.__contains__
    if holds == "nemesis":
        return content.NEMESIS_CARDS.__contains__
    own = {*nd.special_decks.get(name, ()), *(nd.special_decks.get(holds, ()) if holds else ())}
    return own.__contains__


def _check_options(st: State, d: Decision, exact: bool) -> None:
    """A pending decision offers what the engine would offer: a declared kind, declared
    actions whose parts fit their shapes in this game, each once; and, in a game that
    names its setup (as every saved game does: ``exact``), a turn phase's decision
    exactly the options the engine computes for this position (a save that offers a
    free gain, or hides the end of the main phase, is no game's). A position written by
    hand may change cards under a pending decision: it is what its author says it is."""
    dk = DECISION_KINDS.get(d.kind)
    if dk is None:
        raise StateFormatError("decision.kind", f"unknown decision kind {clip(d.kind, 60)!r}")
    for k, o in enumerate(d.options):
        if not plain(o) or not fits(o, st):
            raise StateFormatError(f"decision.options[{k}]", f"{clip(repr(o), 120)} is no action any step offers "
                                                             "in this game (engine/decisions.py declares them)")
        if dk.takes is not None and o[0] not in dk.takes:
            raise StateFormatError(f"decision.options[{k}]", f"a {d.kind} decision offers no {o[0]} action, "
                                                             f"only {', '.join(sorted(dk.takes))}")
        if o in d.options[:k]:
            raise StateFormatError(f"decision.options[{k}]", f"{clip(repr(o), 120)} is offered twice")
    phase = _PHASES.get(d.resume[0])
    if phase is None or not exact:
        return
    kind, offered = phase
    i = d.resume[1]
    if d.kind != kind or d.player != i or not isinstance(i, int) or not 0 <= i < len(st.players):
        raise StateFormatError("decision", f"its {d.resume[0]} frame resumes the {kind} decision of seat {i}, "
                                           f"not a {d.kind} decision of seat {d.player}")
    want = offered(Engine(st, False), i)
    if d.options == want:
        return
    for k, o in enumerate(d.options):
        if o not in want:
            raise StateFormatError(f"decision.options[{k}]", f"{clip(repr(o), 120)} is not among the {kind} "
                                                             f"options of player {i + 1} in this position")
    missing = next((o for o in want if o not in d.options), None)
    if missing is not None:
        raise StateFormatError("decision.options", f"lack {missing!r}, which player {i + 1} may take now")
    raise StateFormatError("decision.options", f"are not in the order the engine lists the {kind} options")


#: the turn phases' resume frames: the decision kind each resumes, and its options (P-1, P-6)
_PHASES: dict[str, tuple[str, Callable[[Engine, int], list[Action]]]] = {
    "main_choice": ("main", main_options),
    "casting_choice": ("casting", lambda g, i: casting_options(g.state.players[i], i)),
}


def _check_supply(st: State) -> None:
    """S-8: nine different supply piles, none of a starting card, none over its pile size."""
    names = st.supply_names
    if len(names) != 9:
        # S-8
        raise StateFormatError("supply", f"must hold 9 piles, got {len(names)}")
    for k, name in enumerate(names):
        card = content.CARDS[name]
        if card.starter:
            # S-2
            raise StateFormatError(f"supply[{k}]", f"{name} is a starting card")
        if name in names[:k]:
            # S-8
            raise StateFormatError(f"supply[{k}]", f"{name} has a pile already (nine different piles)")
        top = PILE_SIZE.get(card.type)
        if top is not None and st.supply_counts[k] > top:
            raise StateFormatError(f"supply[{k}][1]", f"a {card.type} pile holds at most {top} cards, "
                                                      f"got {st.supply_counts[k]}")


def _check_end(st: State) -> None:
    """A game over has its result and reason; a game going on has neither, and Gravehold
    above 0 life (G-2: at 0 the players have lost)."""
    if st.over:
        if st.result not in ("win", "loss") or not st.reason:
            raise StateFormatError("result", "a game that is over needs its result (win or loss) and reason")
        if st.decision is not None:
            raise StateFormatError("decision", "a game that is over has no decision to make")
        return
    if st.result is not None:
        raise StateFormatError("result", "a game that is not over has no result yet")
    if st.gravehold <= 0:
        # G-2
        raise StateFormatError("gravehold.life", "Gravehold at 0 life has lost the game, but the game is "
                               "not over")


@functools.lru_cache(maxsize=64)
def _setup_of(key: str) -> tuple[State, Counter[str]]:
    """The state a config's request and seed set up, and its card census."""
    first = _dealt(key)
    return first, card_census(first)


#: the config fields besides ``request`` that a setup is replayed from
_SETUP_KEYS = ("difficulty", "seed", "basics", "boxes")


def _dealt(key: str) -> State:
    c = json.loads(key)
    req = c["request"]
    # a game saved before the four-player variant was refused for other player counts
    # (where it changes nothing) is set up again without it, and keeps the flag it was saved with
    variant = c.get("four_player_variant", False)
    st = new_state(Config(mages=list(req["mages"]), nemesis=req["nemesis"], market=req["market"],
                          difficulty=c["difficulty"], ruleset=c["ruleset"], seed=c["seed"],
                          four_player_variant=variant is True and len(req["mages"]) == 4, basics=c["basics"],
                          boxes=c["boxes"], human_seats=c.get("human_seats"), upgraded=c.get("upgraded"),
                          treasures=req.get("treasures"), prebuilt_deck=bool(c.get("prebuilt_deck")),
                          marked=c.get("marked"), city=c.get("city"), campaign=bool(c.get("campaign")),
                          **campaign_setup.saved(c)))
    if variant is True:
        st.config["four_player_variant"] = True
    return st


def check_setup(st: State) -> None:
    """A state that names its setup holds exactly what that setup dealt.

    The setup (``config.request`` and the seed) is replayed once per distinct config and
    cached; the state must then have the same config, the same maximum lives, and the
    same cards: only named effects move cards, none appear or vanish (the census of
    :func:`card_census`), so a state holding a card more or fewer is no game's position.
    """
    if st.config.get("mages") != [p.mage for p in st.players]:
        raise StateFormatError("config.mages", "must list the players' mages, in seat order")
    if st.config.get("nemesis") != st.nemesis.id:
        raise StateFormatError("config.nemesis", f"says {st.config.get('nemesis')!r}, but the nemesis is "
                                                 f"{st.nemesis.id!r}")
    _check_supply(st)
    if st.config.get("expert", False) != (st.config.get("difficulty") in ("expert", "extinction")):
        raise StateFormatError("config.expert", "must be true exactly for the expert and extinction difficulties")
    seen: dict[str, int] = {}
    for i, p in enumerate(st.players):
        if p.mage in seen:
            raise StateFormatError(f"players[{i}].mage", f"{p.mage} is already player {seen[p.mage] + 1}'s mage "
                                                          "(each player plays a different mage)")  # S-1
        seen[p.mage] = i
    for k in _SETUP_KEYS:  # what the setup is replayed from (``_dealt``)
        if k not in st.config:
            raise StateFormatError(f"config.{k}", "is missing (a state naming its setup in config.request names "
                                                  "all of it)")
    key = json.dumps(st.config, sort_keys=True)
    try:
        first, want = _setup_of(key)
    except GraveholdError as e:
        raise StateFormatError("config", f"does not set up a game ({e})") from None
    for k, v in first.config.items():
        if st.config.get(k) != v:
            raise StateFormatError(f"config.{k}", "differs from what the request and seed set up")
    for i, (p, q) in enumerate(zip(st.players, first.players, strict=True)):
        if p.max_life != q.max_life or p.max_charges != q.max_charges:
            what = "max_life" if p.max_life != q.max_life else "max_charges"
            raise StateFormatError(f"players[{i}].{what}", f"the setup gives {getattr(q, what)}")
    if st.nemesis.max_life != first.nemesis.max_life:
        raise StateFormatError("nemesis.max_life", f"the setup gives {first.nemesis.max_life}")
    if st.gravehold_max != first.gravehold_max:
        raise StateFormatError("gravehold.max_life", f"the setup gives {first.gravehold_max}")
    if st.supply_names != first.supply_names:
        raise StateFormatError("supply", "differs from the supply the setup dealt")
    have = card_census(st)
    if have != want:
        extra, missing = have - want, want - have
        name, more = (next(iter(extra.items())) if extra else next(iter(missing.items())))
        raise StateFormatError("cards", f"{name}: {more} {'more' if extra else 'fewer'} "
                                        f"than the game holds (only named effects move cards)")


@functools.cache
def _arity(op: str) -> tuple[int, int]:
    """How many parts an operation's frame may carry after its name: (fewest, most)."""
    params = list(inspect.signature(OPS[op]).parameters.values())[1:]  # after the engine
    if any(p.kind is p.VAR_POSITIONAL for p in params):
        return sum(p.default is p.empty for p in params if p.kind is not p.VAR_POSITIONAL), 1 << 30
    return sum(p.default is p.empty for p in params), len(params)


def check_frame(f: Frame, where: str, resumed: bool = False) -> None:
    """A frame must name an operation and carry the parts it takes (one fewer for a
    decision's ``resume``, which the chosen action completes); a step frame, a step kind
    with its arity whose parts pass the kind's own check."""
    if not f or not isinstance(f[0], str) or f[0] not in OPS:
        raise StateFormatError(where, f"unknown operation {f[0] if f else None!r}; see gravehold.engine.frames")
    lo, hi = _arity(f[0])
    parts = len(f) - 1 + resumed
    if not lo <= parts <= hi:
        takes = f"{lo}" if lo == hi else f"{lo} to {hi}"
        raise StateFormatError(where, f"operation {f[0]!r} takes {takes} parts"
                                      f"{' (the chosen action included)' if resumed else ''}, got {parts}")
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
