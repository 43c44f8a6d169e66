"""What a box tells the bots about its own cards, mages and nemeses (a box's ``hints.py``).

The bots (``gravehold.agents``) are written for any box: they value cards from their effect
steps and weigh harm from the steps a nemesis resolves. What steps cannot say -- that a relic
is worth more than its cost, when a mage's ability is worth using, how a nemesis' mat turns
damage or tokens into harm, what to do at a decision only that box asks -- the box declares
here, through ``gravehold.boxapi.hints``, and the bots look it up by name. A box without
hints is played by the generic rules alone.

A hint reads a *board*: the view-made board of ``agents/board.py`` or a sampled state, with
the same attribute names (``b.players``, ``b.nemesis.tokens``, ...). Hints that weigh harm
get the bots' own arithmetic as ``judge`` (:class:`Judge`), so a box never imports the bots.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ..engine.shapes import Json
from .model import Step, Steps

if TYPE_CHECKING:
    from ..engine.state import Decision

#: a view-made board or a sampled state (the same attribute names)
Board = Any
#: one player on a board (``b.players[i]``)
Seat = Board
#: an action, as the bots see it
Option = tuple[Json, ...]



def life_of_ref(b: Board, ref: str) -> int:
    """The life of the card in play a copy reference names ("Name", "Name#2", ...) on a
    bot's board; 99 when none is (a target that is not in play is the last choice)."""
    seen: dict[str, int] = {}
    for c in b.nemesis.in_play:
        nth = seen[c.name] = seen.get(c.name, 0) + 1
        if ref == (c.name if nth == 1 else f"{c.name}#{nth}"):
            return int(c.life)
    return 99

class Judge(Protocol):
    """The bots' harm arithmetic a hint may use, in Gravehold-life units (``agents/advice.py``)."""

    LOSS: float

    def gh_cost(self, b: Board, n: float) -> float: ...
    def best_victim_cost(self, b: Board, n: float) -> float: ...
    def suffer_cost(self, b: Board, p: Seat, n: float) -> float: ...
    def steps_harm(self, b: Board, steps: Steps) -> float: ...
    def ntokens(self, b: Board, t: str = "nemesis") -> int: ...
    def husk_cost(self, b: Board, k: int) -> float: ...
    def devour_cost(self, b: Board, n: int | str) -> float: ...
    def token_loss_cost(self, b: Board, n: int) -> float: ...


@dataclass(frozen=True)
class NemesisHints:
    """How one nemesis' mat turns what happens into harm and worth (every field optional).

    ``unleash(b, judge)``: the harm of one Unleash now (default ``unleash_guess``);
    ``lose_token(b, n, judge)`` / ``gain_token_each``: the harm of its tokens going or coming;
    ``nemesis_damage(b, amount)``: what ``amount`` damage at the nemesis is worth;
    ``blunting``: damage it takes off every hit in the coming turns; ``small_hits_first``: cast
    the smallest spell first; ``pile_cost(b, option)``: the cost of a gain from a supply pile;
    ``step_harm(b, step, judge)``: the harm of one of the nemesis' own step kinds, which the
    generic rules cannot read (None: they guess, as for any step they do not know)."""

    unleash: Callable[[Board, Judge], float] | None = None
    unleash_guess: float = 2.5
    lose_token: Callable[[Board, int, Judge], float] | None = None
    gain_token_each: float = 2.0
    nemesis_damage: Callable[[Board, int], float] | None = None
    blunting: float = 0.0
    small_hits_first: bool = False
    pile_cost: Callable[[Board, Option], float] | None = None
    step_harm: Callable[[Board, Step, Judge], float | None] | None = None


#: ``policy(b, decision, judge)``: the option to take, or None for the generic rules
Policy = Callable[[Board, "Decision", Judge], "Option | None"]
#: ``useful(b, owner, me)``: is the mage's ability worth activating now
AbilityHint = Callable[[Board, int, Seat], bool]
#: ``pick(b, me, options)``: a main-phase action of the box's, or None
MainHint = Callable[[Board, Seat, list[Option]], "Option | None"]
#: ``score(b, decision, amount)``: the worth of hitting a damage target of the box's
TargetHint = Callable[[Board, "Decision", int], float]


@dataclass
class Hints:
    """Every box's hints, by name (filled as boxes load; read by ``gravehold.agents``)."""

    #: card name -> its worth to a deck (a relic's, where its cost is a poor guide)
    card_values: dict[str, float] = field(default_factory=dict)
    #: nemesis id -> its mat's hints
    nemeses: dict[str, NemesisHints] = field(default_factory=dict)
    #: mage id -> when its ability is worth using in the main or casting phase
    abilities: dict[str, AbilityHint] = field(default_factory=dict)
    #: mage id -> when it answers an ability window (another turn's, e.g. a nemesis card drawn)
    ability_windows: dict[str, Policy] = field(default_factory=dict)
    #: the step kind a decision comes from -> how to decide it
    policies: dict[str, Policy] = field(default_factory=dict)
    #: main-phase action head -> how to take it; ``late``: after paying for powers, else before
    main_actions: dict[str, tuple[MainHint, bool]] = field(default_factory=dict)
    #: damage target name (a token of the box's, not a card) -> its worth
    targets: dict[str, TargetHint] = field(default_factory=dict)
    #: gems played only while their owner has this much life (they hurt their player)
    painful_gems: dict[str, int] = field(default_factory=dict)
    #: gems worth more with more spells prepped: played once the spells in hand are prepped
    gems_after_preps: set[str] = field(default_factory=set)
    #: while-prepped uses taken at once in the main phase (they give aether or charges now);
    #: the value: "played" when it pays only once a card was played this turn
    uses_now: dict[str, str] = field(default_factory=dict)
    #: while-prepped uses taken only when nothing is left to buy and another spell is prepped
    uses_last: set[str] = field(default_factory=set)
    #: sources of a free gain whose card is paid for in life (half its cost)
    paid_in_life: set[str] = field(default_factory=set)
    #: decision kind -> how to decide it, for a kind only a box asks (None: the generic rules)
    decisions: dict[str, Policy] = field(default_factory=dict)
    #: sources of the nemesis' own harm that name no nemesis card (a reminder card beside the
    #: mat): a choice they ask is made as for a nemesis card's (whom "any player" hurts least)
    harmful_sources: set[str] = field(default_factory=set)
    #: the nemesis card a search's sampled nemesis deck is filled with when fewer unseen cards
    #: are left than the deck holds ("": the first basic card of the game's box)
    stand_in_nemesis_card: str = ""

    def policy(self, kind: str) -> Callable[[Policy], Policy]:
        """Declare how a decision from step kind ``kind`` is decided (``@hints.policy("x")``)."""
        def deco(fn: Policy) -> Policy:
            if kind in self.policies:
                raise ValueError(f"hints: a policy for step kind {kind!r} is declared twice")
            self.policies[kind] = fn
            return fn
        return deco

    def decision(self, kind: str) -> Callable[[Policy], Policy]:
        """Declare how a decision of kind ``kind`` is decided before the generic rules."""
        def deco(fn: Policy) -> Policy:
            self.decisions[kind] = fn
            return fn
        return deco

    def ability(self, mage: str) -> Callable[[AbilityHint], AbilityHint]:
        def deco(fn: AbilityHint) -> AbilityHint:
            self.abilities[mage] = fn
            return fn
        return deco

    def ability_window(self, mage: str) -> Callable[[Policy], Policy]:
        def deco(fn: Policy) -> Policy:
            self.ability_windows[mage] = fn
            return fn
        return deco

    def main_action(self, head: str, late: bool = False) -> Callable[[MainHint], MainHint]:
        def deco(fn: MainHint) -> MainHint:
            self.main_actions[head] = (fn, late)
            return fn
        return deco

    def target(self, name: str) -> Callable[[TargetHint], TargetHint]:
        def deco(fn: TargetHint) -> TargetHint:
            self.targets[name] = fn
            return fn
        return deco

    def nemesis(self, nid: str, h: NemesisHints) -> NemesisHints:
        self.nemeses[nid] = h
        return h


#: the one table of hints
hints = Hints()

#: a nemesis without hints of its own
NO_HINTS = NemesisHints()
