"""The engine kernel: the effect stack, decisions, events and the shared helpers.

Pending work is a stack of small frames, plain tuples whose first item names an
operation in :data:`OPS`. An operation may push more frames, or stop at a decision by
calling :meth:`Engine.ask`; the decision stores the frame that will receive the chosen
action, so nothing lives on the Python call stack between two decisions and a state can
be cloned, pickled or written to JSON at any decision.

Effect steps of cards run through one operation, ``"s"``: the frame
``("s", you, owner, source, step)`` runs ``STEPS[step[0]](engine, ctx, *step[1:])``.
``you`` is the player the card speaks to (P-18: whoever casts it), ``owner`` the player
whose card it is (where it goes when discarded), ``source`` the card's name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from ..content import registry as content
from ..content.model import Steps
from ..errors import IllegalAction
from . import trigger_index
from .shapes import Event
from .state import Action, Decision, Frame, State
from .vocabulary import STEPS as STEPS
from .vocabulary import step as step

BREACH_NAMES = ("I", "II", "III", "IV")
FOCUS_COST = (0, 2, 3, 4)
OPEN_COST = ((0, 0, 0, 0), (5, 4, 3, 2), (9, 7, 5, 3), (13, 10, 7, 4))
BREACH_BONUS = (0, 0, 1, 1)
HAND_SIZE = 5
CHARGE_COST = 2


class Ctx(NamedTuple):
    you: int
    owner: int
    source: str


_new_decision = Decision.__new__
Op = Callable[..., None]
OPS: dict[str, Op] = {}


def op(name: str) -> Callable[[Op], Op]:
    def deco(fn: Op) -> Op:
        OPS[name] = fn
        return fn
    return deco



#: The most turns one call of :meth:`Engine.run` plays without asking anyone. The rules
#: allow a game that cannot end (players left with no cards at all, a nemesis that can no
#: longer hurt them, a minion nobody can damage keeping the deck-out win away, G-1): with
#: every decision forced, ``run`` would then play turns for ever and never return. Past
#: this many turns it stops auto-resolving, so the next decision, forced or not, goes to a
#: player (or a bot), who can stop the game; no real game comes near it in one call.
FORCED_TURNS = 50


def plain(action: Any) -> bool:
    """Is ``action`` a tuple of names and whole numbers, as every option is?

    An option is found by equality, and ``1.0 == True == 1``: without this a float or a
    bool could pass for an option's number and reach the operation that reads it.
    """
    if type(action) is not tuple:
        return False
    for x in action:
        t = type(x)
        if t is not str and t is not int:
            return False
    return True


def _bare_refusal(g: Engine, d: Decision, action: Any) -> tuple[str, str | None]:
    return f"{action!r} is not an option of this {d.kind} decision", None


#: Why an action is refused, as ``IllegalAction``'s arguments: ``engine.explain`` sets its
#: reading here when it loads (the game layer imports it), so the kernel names no module
#: above it; the bare sentence serves only a kernel used without it.
REFUSAL: list[Callable[[Engine, Decision, Any], tuple[str, str | None]]] = [_bare_refusal]


class Engine:
    """Holds a :class:`State` and runs it. :class:`gravehold.Game` is the public face."""

    __slots__ = ("state", "events", "auto", "held", "started", "on", "_at_once")

    def __init__(self, state: State, events: bool = True, on: dict[str, Callable[..., Any]] | None = None) -> None:
        self.state = state
        self.events: list[Event] | None = [] if events else None
        self.auto = True  # resolve decisions with a single option at once (logged)
        self.held = False  # ``auto`` paused by ``turn_begun`` (FORCED_TURNS), until the next action
        self.started = 0  # the turn the current ``run`` began in
        #: the game's trigger index, point -> its one callable (``trigger_index``): the engine fires
        #: a point with ``h = g.on.get(point)``; a point no source of this game declares is absent
        self.on = trigger_index.index(state) if on is None else on  # a clone's: its game's
        self._at_once: tuple[Any, bool] = (None, False)  # (config, deck_out_at_once() for it)

    # -------------------------------------------------------------- events
    def ev(self, event: str, **data: Any) -> None:
        if event == "discard":  # every discard is announced here, so it is one trigger point too
            h = self.on.get("discarded")
            if h is not None:
                h(self, data["player"], data["card"])
        if self.events is not None:
            data["event"] = event
            data["turn"] = self.state.turn
            self.events.append(data)

    # --------------------------------------------------------------- stack
    def push(self, *frame: Any) -> None:
        self.state.stack.append(frame)

    def push_steps(self, steps: Steps, ctx: Ctx) -> None:
        """Schedule card steps so that the first one runs first."""
        stack = self.state.stack
        for s in reversed(steps):
            stack.append(("s", ctx.you, ctx.owner, ctx.source, s))

    def run_steps(self, steps: Steps, ctx: Ctx) -> None:
        """:meth:`push_steps` as the very last thing an operation or step does.

        The loop would pop the first step's frame next and run it, so it runs here at once
        (a folded frame: no push, no pop, no dispatch); the other steps go on the stack
        first, so they still run after whatever it pushes. With a decision pending or the
        game over the loop would run nothing, so then the steps are only pushed.
        """
        if not steps:
            return
        st = self.state
        if st.decision is not None or st.over:
            self.push_steps(steps, ctx)
            return
        stack = st.stack
        you, owner, source = ctx
        for k in range(len(steps) - 1, 0, -1):
            stack.append(("s", you, owner, source, steps[k]))
        first = steps[0]
        STEPS[first[0]](self, ctx, *first[1:])

    def ask(self, kind: str, player: int, source: str, prompt: str,
            options: list[Action], resume: Frame) -> None:
        """Stop at a decision. With one option and ``auto`` on, take it at once, except a
        main phase's lone ``end_main`` for a seat played by a person (:meth:`human`; P-6): the
        turn is theirs to end, so spending the last aether does not end it for them."""
        if not options:
            raise RuntimeError(f"decision {kind} for {source} has no options")
        st = self.state
        if self.auto and len(options) == 1 and (kind != "main" or not self.human(player)):
            if self.events is not None:
                self.ev("forced", kind=kind, player=player, action=list(options[0]))
            st.stack.append(resume + (options[0],))
            return
        # Decision(...) with its fields set here: one call fewer on every decision
        d = _new_decision(Decision)
        d.kind = kind
        d.player = player
        d.source = source
        d.prompt = prompt
        d.options = options
        d.resume = resume
        d.seq = st.seq
        st.decision = d

    def run(self) -> None:
        """Run frames until a decision or the end.

        A step frame ``("s", you, owner, source, step)`` is run here as the ``"s"``
        operation runs it (one call fewer for the most common frame); a resumed one, with
        its action, goes through the operation.
        """
        st = self.state
        stack = st.stack
        ops = OPS
        steps = STEPS
        new = tuple.__new__
        memo = self._at_once
        at_once = memo[1] if memo[0] is st.config else self.deck_out_at_once()
        self.started = st.turn
        while st.decision is None and not st.over:
            if not stack:
                stack.append(("next_turn",))
            f = stack.pop()
            if f[0] == "s" and len(f) == 5:
                s = f[4]
                steps[s[0]](self, new(Ctx, f[1:4]), *s[1:])
            else:
                ops[f[0]](self, *f[1:])
            if at_once and not st.nemesis.deck:
                self.check_deck_out()

    def turn_begun(self) -> None:
        """A turn has begun: past ``FORCED_TURNS`` turns in one ``run``, a game is playing
        itself, and the next decision goes to someone even if it has one option."""
        if self.state.turn - self.started > FORCED_TURNS and self.auto:
            self.auto, self.held = False, True

    def apply(self, action: Action) -> None:
        st = self.state
        if st.over:
            raise IllegalAction("the game is over; no more actions", "G-3")
        d = st.decision
        if d is None:  # pragma: no cover - run() always stops at a decision or the end
            raise IllegalAction("no decision is pending")
        opts = d.options
        try:  # the option itself (a bot's or a list's element) is plain: only an equal one is read
            k = opts.index(action)
        except ValueError:
            k = -1
        if k < 0 or (opts[k] is not action and not plain(action)):
            raise IllegalAction(*REFUSAL[0](self, d, action))
        st.decision = None
        st.seq += 1
        if self.held:
            self.auto, self.held = True, False
        self.started = st.turn
        if self.events is not None:
            self.ev("choice", kind=d.kind, player=d.player, action=list(action))
        # the resume frame with the action would be pushed and popped at once: run it now
        r = d.resume
        OPS[r[0]](self, *r[1:], action)
        if not st.nemesis.deck and self.deck_out_at_once():
            self.check_deck_out()
        if st.decision is None and not st.over:  # else run() would stop at once
            self.run()

    def human(self, player: int) -> bool:
        """Is this seat played by a person (``config["human_seats"]``, set up by the web
        board and ``gravehold play --human``)? It is part of the setup, so a record or a
        saved game replays the same decisions; a game of bots has no such key."""
        seats = self.state.config.get("human_seats")
        return isinstance(seats, list) and player in seats

    # -------------------------------------------------------------- endings
    def end(self, result: str, reason: str) -> None:
        """G-3: the game ends the moment a condition is met; nothing else resolves.

        A win is first offered to the ``win`` trigger point: a mat may replace it (the game
        then goes on with what its handler did)."""
        st = self.state
        if st.over:
            return
        if result == "win":
            h = self.on.get("win")
            if h is not None and h(self, reason):
                return
        st.over = True
        st.result = result
        st.reason = reason
        st.stack.clear()
        st.deferred.clear()
        st.decision = None
        self.ev("game_over", result=result, reason=reason)

    def deck_out(self) -> bool:
        """G-1: the nemesis deck and its play area are empty (and its mat agrees)."""
        n = self.state.nemesis
        if n.deck or n.in_play:
            return False
        clear = self.on.get("board_clear")
        return clear is None or bool(clear(self))

    def deck_out_at_once(self) -> bool:
        """G-1 ``deck_out_win`` "immediate": the deck-out win needs no end of turn. (Kept for
        the config it was read from: ``run`` asks at every call, the setup never changes.)"""
        cfg = self.state.config
        at_once = bool(cfg.get("ruleset", {}).get("deck_out_win") == "immediate")
        self._at_once = (cfg, at_once)
        return at_once

    def check_deck_out(self) -> None:
        """G-1 "immediate": win the moment the board is clear, once no drawn card is
        still resolving (an attack is out of the deck and not in play while it acts)."""
        st = self.state
        if not st.over and not st.nemesis.resolving and self.deck_out():
            self.end("win", "nemesis_deck_empty")

    # ------------------------------------------------------------- helpers
    def team(self) -> int:
        """Who answers a "the players decide" choice (N-6, P-19).

        On a player's turn that player; on the nemesis turn the first seat. Allies may
        talk it over at the table; the engine needs one seat to record the answer.
        """
        a = self.state.active
        return a if a >= 0 else 0

    def allies(self, i: int) -> list[int]:
        """SO-1: in true solo you are your own ally."""
        n = len(self.state.players)
        if n == 1:
            return [0]
        return [j for j in range(n) if j != i]

    def tier(self) -> int:
        """N-5: the highest tier among nemesis cards in play and in the discard."""
        cards = content.NEMESIS_CARDS
        t = 1
        n = self.state.nemesis
        for name in n.discard:
            t = max(t, cards[name].tier)
        for c in n.in_play:
            t = max(t, cards[c.name].tier)
        return t

    def expert(self) -> bool:
        return bool(self.state.config.get("expert", False))


def card_cost(name: str) -> int:
    return content.CARDS[name].cost
