"""The one battle driver: a campaign's battle set up, played at a :class:`~gravehold.table.Table`,
recorded, given up past the limit, and finished into the campaign.

Every front end drives a battle through here: the sweep and the tests play whole
campaigns in memory (:func:`play_campaign`), the CLI plays a stored battle with people at
the terminal and each action committed as it is applied (:func:`play_stored`), and the
web's hub sets a battle's game up and finishes it through the store, which calls the
kind's steps. A bot in seat ``k`` of a battle is the agent its choices name, seeded
``seed * 7 + k`` from the battle's seed (``Table.of_bots``'s seeding), so a battle played
by bots is the same wherever it is played.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..agents import Agent, make_agent
from ..agents.board import SeatView
from ..engine.game import Game
from ..engine.shapes import Json
from ..engine.state import Action, Decision
from ..table import Seat, Table
from ..undo import HUMAN, reveals
from .kind import CHOOSE, COMPLETE, AgentOptions, CampaignError, D, KindOf, next_step

#: the bots give a battle up once it passes this many turns (:func:`concede`): a game of
#: Aeon's End lasts tens of turns, and only one the rules cannot end gets this far
CONCEDE_TURNS = 1000
#: the reason a battle given up by its group ends with
CONCEDED = "conceded"

#: a battle's recorded actions, as a record holds them
Actions = list[list[Json]]
#: store one action just applied: (decision number it answered, seat, by, action, whether
#: it revealed hidden information, the game after it)
Commit = Callable[[int, int, str, list[Json], bool, Game], None]


def concede(game: Game) -> Game:
    """The group gives the battle up: its game ends now, lost (reason ``conceded``).

    The rules know no concession, but they allow a battle that cannot end (players left
    with no card, a minion nobody can damage keeping the deck-out win away; G-1, G-2). At
    the table the group would give up and fight it again; here the battle is lost like any
    other, and the record says why."""
    if game.over:
        raise CampaignError("the battle is already over; there is nothing to give up")
    game.engine.end("loss", CONCEDED)
    return game


def past_limit(game: Game) -> bool:
    """The bots have played past :data:`CONCEDE_TURNS` and the game still runs."""
    return not game.over and game.state.turn > CONCEDE_TURNS


def seated(game: Game, players: list[str], seed: int, options: AgentOptions | None = None) -> Table:
    """The battle's table: each seat a person (``human``) or the agent named, seeded
    ``seed * 7 + k``."""
    seats = [Seat("human") if p == HUMAN else Seat("bot", p) for p in players]
    agents = {k: make_agent(p, seed * 7 + k, **dict(options or {})) for k, p in enumerate(players) if p != HUMAN}
    return Table(game, seats, agents, undo=False)


def play_recorded(table: Table, moves: int | None = None, before: Callable[[], None] | None = None,
                  after: Callable[[], None] | None = None) -> Actions:
    """The bots play the table's game, keeping its actions: the battle's record. Past
    :data:`CONCEDE_TURNS` they give it up (the game ends, lost); after ``moves`` actions
    (if given) they stop, the game still running. ``before``/``after`` run around each
    engine step (the sweep's alarm)."""
    actions: Actions = []

    def step(g: Game, a: Action) -> None:
        if after is not None:
            after()
        actions.append(list(a))

    table.play(max_steps=moves, on_step=step, stop=past_limit,
               on_choice=None if before is None else lambda g, d, a: before())
    if past_limit(table.game):
        concede(table.game)
    return actions


def begin(kind: KindOf[D], doc: D, agent: str) -> tuple[D, Game]:
    """The bots' choices for the next battle, and the battle set up from them."""
    return kind.begin(doc, kind.choose(doc, agent))


def battle_table(kind: KindOf[D], doc: D, game: Game,
                 options: AgentOptions | None = None) -> Table:
    """The table of the battle ``doc`` is fighting, seated as its choices say."""
    cur = doc.current
    if cur is None:
        raise CampaignError("no battle is being fought; choose its setup first")
    return seated(game, kind.players(cur.choices), cur.seed, options)


def fight(kind: KindOf[D], doc: D, agent: str = "heuristic",
          options: AgentOptions | None = None, moves: int | None = None) -> D:
    """Choose (the kind's bots), set up, play and finish the battle ``doc`` is choosing.
    With ``moves``, the bots play that many actions and the group then gives the battle
    up if it still runs (a long, replayable history is quick to build this way)."""
    doc, game = begin(kind, doc, agent)
    actions = play_recorded(battle_table(kind, doc, game, options), moves)
    if moves is not None and not game.over:
        concede(game)
    return kind.finish(doc, game, actions=actions)


def advance(kind: KindOf[D], doc: D, agent: str = "heuristic",
            options: AgentOptions | None = None) -> D:
    """One step by the bots: a battle fought, or the kind's step between battles."""
    step = next_step(doc)
    if step == CHOOSE:
        return fight(kind, doc, agent, options)
    if step == "between":
        return kind.after(doc)
    if step == COMPLETE:
        return doc
    raise CampaignError("a battle is being fought elsewhere; finish it first")


def play_campaign(kind: KindOf[D], doc: D, agent: str = "heuristic",
                  options: AgentOptions | None = None, max_battles: int = 1000) -> D:
    """Play until the campaign is complete (or ``max_battles`` steps, a safety stop)."""
    for _ in range(max_battles):
        if doc.phase == COMPLETE:
            return doc
        doc = advance(kind, doc, agent, options)
    return doc


def play_stored(table: Table, people: Mapping[int, Agent], commit: Commit) -> Game:
    """Play a stored battle on: bots by the table's loop, people by their agents (the
    terminal's prompts), each action committed (``commit``) as soon as it is applied.
    Past :data:`CONCEDE_TURNS` the bots stop, and the caller gives the battle up in its
    store. Returns the game as it was left."""
    g = table.game
    before = [0, 0, 0]  # the decision number, the events and the seat before the action

    def note(game: Game, d: Decision, a: Action) -> None:
        before[:] = [game.state.seq, len(game.events), d.seat]

    def stored(game: Game, a: Action) -> None:
        seq, events, seat = before
        commit(seq, seat, table.seats[seat].agent, list(a), reveals(game.events[events:]), game)

    while not g.over and not past_limit(g):
        table.play(on_choice=note, on_step=stored, stop=past_limit)
        seat = table.human_to_move()
        if seat is None:
            continue
        d = g.decision
        assert d is not None
        action = people[seat].choose(d, SeatView(g.state, seat))
        note(g, d, action)
        table.apply(action)
        commit(before[0], seat, HUMAN, list(action), reveals(g.events[before[1]:]), g)
    return g
