"""The heuristic's answers to the small decisions: each one a rule of thumb, kept apart from
``heuristic.py`` (the main phase, casting, targets) so that module stays readable.

Every function takes the board, the decision and the plan being carried out (``plans.py``),
like the heuristic's own, and returns an option or None (None: the heuristic falls back).
"""

from __future__ import annotations

from ..content import registry as content
from ..content.hints import Board
from ..content.model import Step, Steps
from ..engine.state import Action, Decision
from . import advice
from .knowledge import card_value
from .plans import GamePlan

NCARDS = content.NEMESIS_CARDS


def step_of(d: Decision) -> Step:
    """The effect step a decision is resolving (``()`` for a phase's own decision)."""
    s = d.resume[4] if len(d.resume) > 4 and isinstance(d.resume[4], tuple) else ()
    return s


#: step kinds that hurt Gravehold, and those that hurt the players, for a plan's ``spare``
GRAVEHOLD_HARM = frozenset({"gravehold_damage"})
PLAYER_HARM = frozenset({"suffer", "you_suffer", "player", "lose_charges", "any_player_loses_charge", "pick"})
#: how much dearer a plan that spares one side counts the harm to it
SPARE_FACTOR = 1.5


def spared_harm(b: Board, steps: Steps, spare: str) -> float:
    """A branch's harm with the side the plan spares counted dearer (``plans.Prior``)."""
    dear = GRAVEHOLD_HARM if spare == "gravehold" else PLAYER_HARM
    return sum(advice.step_harm(b, x) * (SPARE_FACTOR if x[0] in dear else 1.0) for x in steps)


def discard_order(b: Board, d: Decision, plan: GamePlan) -> Action | None:
    """P-15: the most valuable card lowest on the discard, so it is drawn first once the
    discard is turned over. Keep the order played when it is that order already; else name
    the next card (the engine asks again for the rest)."""
    played = list(b.players[d.player].played)
    if ("keep_order",) in d.options and played == sorted(played, key=lambda c: (-card_value(c), c)):
        return ("keep_order",)
    picks = [o for o in d.options if o[0] == "order"]
    if picks:
        return max(picks, key=lambda o: card_value(o[1]))
    return None


def gem_pick(b: Board, d: Decision, plan: GamePlan) -> Action | None:
    gems = [o for o in d.options if o[0] == "gem"]
    return min(gems, key=lambda o: card_value(o[2])) if gems else None


def turn_order_pick(b: Board, d: Decision, plan: GamePlan) -> Action | None:
    """A revealed turn order card: a nemesis turn goes under the deck, a player's stays on top."""
    if ("bottom",) not in d.options:
        return None
    words = d.prompt.replace(":", " ").split()
    nemesis_on_top = "N" in words  # a mat's own "N:<name>" reads as "N <name>" here
    return ("bottom",) if nemesis_on_top else ("top",)


def _harm_of(b: Board, o: Action, part: str) -> float:
    """What one part (``persistent``, ``blood_magic``) of the minion an option names would do."""
    c = NCARDS.get(o[1])
    return advice.steps_harm(b, getattr(c, part)) if c is not None else 0.0


def silence_pick(b: Board, d: Decision, plan: GamePlan) -> Action | None:
    """K-5: silence the minion whose next PERSISTENT effect would hurt most."""
    return max(d.options, key=lambda o: _harm_of(b, o, "persistent")) if d.options else None


def minion_pick(b: Board, d: Decision, plan: GamePlan) -> Action | None:
    """A nemesis picks one of its minions for its Blood Magic: the one that hurts least."""
    picks = [o for o in d.options if o[0] == "minion"]
    return min(picks, key=lambda o: _harm_of(b, o, "blood_magic")) if picks else None


def to_hand_pick(b: Board, d: Decision, plan: GamePlan) -> Action | None:
    cards = [o for o in d.options if o[0] == "card"]
    return max(cards, key=lambda o: card_value(o[-1])) if cards else None


def sublimate_pick(b: Board, d: Decision, plan: GamePlan) -> Action | None:
    """Sublimate: return the card least worth keeping (a richer one comes back into hand)."""
    step = step_of(d)
    cards = [o for o in d.options if o[0] == "card"]
    if not cards or not step or step[0] != "sublimate":
        return None
    return min(cards, key=lambda o: card_value(o[-1]))


def pile_pick(b: Board, d: Decision, plan: GamePlan) -> Action | None:
    """A nemesis takes from a supply pile: take from the fullest, never empty one if avoidable."""
    piles = [o for o in d.options if o[0] == "pile"]
    if not piles:
        return None

    def left(o: Action) -> int:
        return int(b.supply_counts[b.supply_names.index(o[1])])

    return max(piles, key=lambda o: (left(o), -card_value(o[1])))
