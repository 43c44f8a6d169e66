"""The expedition's replay: an expedition rebuilt from its seed, options, recorded choices
and actions, as an import checks it (``campaigns.transfer``).

The expedition is set out again from its seed and options, each recorded battle is set up
again from the recorded choices (its setup must come out the same), its game is replayed
from the recorded actions (its result must come out the same), and each recorded support
(X-8) is taken again; a group that gave up after its last loss gives up again. Each step
shares the records before it (``steps.clone``), so a replay costs about what its actions
do.
"""

from __future__ import annotations

from ...errors import GraveholdError, StateFormatError
from ..battle import CONCEDED, concede
from ..transfer import replay_actions
from . import steps
from .state import Choices, Event, Expedition


def _support_choice(ev: Event, where: str) -> str:
    """The X-8 choice a recorded support event was taken by (its one item's kind)."""
    from ...content import registry as content

    items = [*ev.supply, *ev.mages, *ev.treasures]
    if len(items) != 1:
        #
        raise StateFormatError(where, f"a support brings one item, not {len(items)}")
    if ev.supply and ev.supply[0] in content.CARDS:
        return content.CARDS[ev.supply[0]].type
    if ev.mages:
        return "mage"
    if ev.treasures and ev.treasures[0] in content.TREASURES:
        return f"treasure{content.TREASURES[ev.treasures[0]].tier}"
    raise StateFormatError(where, f"{items[0]!r} is no supply card or treasure")


def _support_again(got: Expedition, file: Expedition, upcoming: Choices | None) -> Expedition:
    """Take again the support the file recorded for the lost battle ``got`` waits at.

    The file's events are in order, so the replay's so far are its first ones (if not, the
    final comparison names where they part). The next one, when it is this battle's
    support, was taken at this loss or at a later loss of the same battle with nothing
    recorded between (the group may take none, X-8). It is this loss's unless the next
    try (its ``upcoming`` choices) then sets up other than recorded: a supply taken now is
    banished or chosen at once, and a choice may use what was taken. Taken at either loss
    and unused, a mage or a treasure leaves the same expedition behind."""
    k = len(got.events)
    where = f"expedition.events[{k}]"
    ev = file.events[k] if k < len(file.events) else None
    if ev is None or ev.kind != "support" or ev.battle != got.battle:
        return _support(got, None, where)
    now = _support(got, _support_choice(ev, where), where)
    if upcoming is not None and not _begins_as_recorded(now, upcoming, file):
        return _support(got, None, where)
    return now


def _support(got: Expedition, choice: str | None, where: str) -> Expedition:
    try:
        return steps.support(got, choice)
    except GraveholdError as e:
        raise StateFormatError(where, str(e)) from None


def _begins_as_recorded(exp: Expedition, choices: Choices, file: Expedition) -> bool:
    """The battle ``exp`` chooses sets up with these choices, adding the events the file has next."""
    try:
        begun, _ = steps.begin(exp, choices)
    except GraveholdError:
        return False
    k, n = len(exp.events), len(begun.events)
    return begun.events[k:] == file.events[k:n]


def replay(exp: Expedition) -> Expedition:
    """The expedition rebuilt from its seed, options, recorded choices and actions."""
    o = exp.options
    try:
        got = steps.new(o.players, length=o.length, endless=o.endless, score=o.score, boxes=o.boxes, seed=exp.seed,
                        story=o.story, ruleset=o.ruleset, difficulty=o.difficulty, title=exp.title,
                        destroyed_returns=o.destroyed_returns, max_tries=o.max_tries)
    except GraveholdError as e:
        raise StateFormatError("expedition.options", f"cannot set out again ({e})") from None
    for k, rec in enumerate(exp.history):
        where = f"expedition.history[{k}]"
        if got.phase == "support":
            got = _support_again(got, exp, rec.choices)
        if (got.phase, got.battle, got.attempt) != ("choose", rec.battle, rec.attempt):
            raise StateFormatError(where, f"is battle {rec.battle} try {rec.attempt}, but the expedition "
                                          f"replays to battle {got.battle} try {got.attempt} ({got.phase})")
        try:
            got, game = steps.begin(got, rec.choices)
        except GraveholdError as e:
            raise StateFormatError(f"{where}.choices", str(e)) from None
        assert got.current is not None
        if got.current.config != rec.config:
            raise StateFormatError(f"{where}.config", "differs from the setup its choices and the seed give")
        replay_actions(game, rec.actions, f"{where}.actions")
        if rec.reason == CONCEDED and not game.over:  # given up after its last action
            concede(game)
        if not game.over:
            raise StateFormatError(f"{where}.actions", "end before the game does")
        got = steps.finish(got, game, game_id=rec.game, actions=rec.actions)
    if got.phase == "support" and exp.phase in ("choose", "battle"):  # the support came before the retry
        got = _support_again(got, exp, exp.current.choices if exp.current is not None else None)
    if exp.abandoned and exp.phase == "complete" and not got.abandoned and got.phase in ("support", "choose"):
        try:  # the group gave up after its last loss (steps.give_up)
            got = steps.give_up(got)
        except GraveholdError as e:
            raise StateFormatError("expedition.abandoned", str(e)) from None
    if exp.current is not None and got.phase == "choose":
        try:
            got, _ = steps.begin(got, exp.current.choices)
        except GraveholdError as e:
            raise StateFormatError("expedition.current.choices", str(e)) from None
        assert got.current is not None
        got.current.game = exp.current.game
    return got
