"""The ``--plain`` prompts: the board as one seat sees it, drawn with Rich, and a numbered
list of the legal actions answered line by line (for scripts, and wherever input or output
is not a terminal; the full-screen board is ``gravehold.terminal``)."""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table as RichTable
from rich.text import Text as RichText

from .. import guide
from ..agents import Agent
from ..agents.base import SeeView
from ..agents.board import SeatView
from ..content import registry as content
from ..content.text import life_words
from ..content.words import say
from ..engine import decisions
from ..engine.core import BREACH_NAMES, FOCUS_COST, OPEN_COST
from ..engine.game import Game
from ..engine.shapes import Doc, ViewDoc
from ..engine.state import Action, Decision
from ..errors import GraveholdError
from ..events_text import phase_text
from ..table import OnChoice, OnStep, Table

TO_NAMES = {"N": "nemesis", "W": "wild", "P12": "1/2", "P34": "3/4"}


def to_card(c: str) -> str:
    """A mat's own nemesis card ("N:<name>", S-5) by its name."""
    if c.startswith("N:"):
        return c[2:]
    return TO_NAMES.get(c, f"player {c[1:]}")


def board(g: Game, viewer: int | None, words: str = "classic") -> Group:
    """The board for ``viewer``, its labels and card names in ``words`` (``content.words``)."""
    v = g.view_for(viewer)
    parts: list[RenderableType] = [_nemesis_panel(g, v, words)]
    parts += [_player_panel(i, p, v["active"] == i, words) for i, p in enumerate(v["players"])]
    parts.append(_supply_table(v, words))
    return Group(*parts)


def _text(s: str, words: str, style: str = "") -> RichText:
    """One line of the board, in the chosen words."""
    return RichText(say(s, words), style=style)


def _nemesis_panel(g: Game, v: ViewDoc, words: str) -> Panel:
    """The nemesis, its cards in play, Gravehold and the turn order deck."""
    n = v["nemesis"]
    nd = content.NEMESES[n["id"]]
    head = _text("", words)
    head.append(f"{nd.name}  ", style="bold red")
    head.append(say(f"{life_words(n['life'], n['max_life'])}  ", words))
    head.append(say(f"tier {g.engine.tier()}  deck {n['deck_size']}  discard {len(n['discard'])}  ", words))
    if n["tokens"]:
        head.append("tokens " + ", ".join(f"{k} {x}" for k, x in n["tokens"].items()))
    rows = [head]
    for c in n["in_play"]:
        card = content.NEMESIS_CARDS[c["name"]]
        extra = f"life {c.get('life', 0)}" if card.type == "minion" else f"power {c.get('power', 0)}"
        rows.append(_text(f"  {card.type} {content.shown(c['name'])} ({extra})", words, "red"))
    gh = v["gravehold"]
    rows.append(_text(f"Gravehold life {gh['life']}/{gh['max_life']}", words, "bold yellow"))
    to = v["turn_order"]
    rows.append(_text(
        f"Turn order: {to['deck_size']} left; discard: "
        + (", ".join(to_card(c) for c in to["discard"]) or "—")
        + (f"; known top: {', '.join(to_card(c) for c in to['known_top'])}" if to["known_top"] else ""), words))
    return Panel(Group(*rows), title=f"Turn {v['turn']} — {phase_text(v['phase'])}")


def _breach_label(b: int, bd: Doc) -> str:
    s = bd["state"]
    label = f"{BREACH_NAMES[b]}:{s}"
    if s == "closed":
        label += f"({bd.get('stage', 0)}/4 focus {FOCUS_COST[b]} open {OPEN_COST[b][bd.get('stage', 0)]})"
        if bd.get("focused"):
            label += "*"
    if bd.get("spells"):
        label += "[" + ", ".join(bd["spells"]) + "]"
    return label


def _player_panel(i: int, p: Doc, active: bool, words: str) -> Panel:
    """One player's life, charges, aether, breaches, hand (or its size) and discard."""
    mage = content.MAGES[p["mage"]]
    t = RichTable.grid(padding=(0, 1))
    status = " EXHAUSTED" if p["exhausted"] else ""
    t.add_row(_text(f"life {p['life']}/{p['max_life']}{status}  charges {p['charges']}/{p['max_charges']}  "
                    f"aether {p['aether']}" + "".join(f" (+{x} only for {k})" for k, x in p["aether_for"].items())
                    + f"  deck {p['deck_size']}", words))
    t.add_row(_text("breaches " + "  ".join(_breach_label(b, bd) for b, bd in enumerate(p["breaches"])), words))
    if "hand" in p:
        t.add_row(_text("hand: " + (", ".join(p["hand"]) or "—"), words, "green"))
    else:
        t.add_row(_text(f"hand: {p['hand_size']} cards", words))
    if p["played"]:
        t.add_row(_text("played: " + ", ".join(p["played"]), words))
    t.add_row(_text("discard (top last): " + (", ".join(p["discard"]) or "—"), words))
    return Panel(t, title=f"Player {i + 1}: {mage.name}", border_style="bold cyan" if active else "")


def _supply_table(v: ViewDoc, words: str) -> RichTable:
    sup = RichTable(title="Supply", show_header=True)
    sup.add_column("card")
    sup.add_column("type")
    sup.add_column("cost", justify="right")
    sup.add_column("left", justify="right")
    for name, count in v["supply"]:
        c = content.CARDS[name]
        sup.add_row(say(name, words), say(c.type, words), str(c.cost), str(count))
    return sup


def describe(g: Game, a: Action, words: str = "classic") -> str:
    """A readable line for one option: its head's wording as declared in ``engine.decisions``."""
    return say(decisions.describe(g.state, g.decision, a), words)


def prompt_action(console: Console, g: Game, seat: int, words: str = "classic") -> Action:
    d = g.decision
    assert d is not None
    console.print(board(g, seat, words))
    console.print(RichText(say(d.prompt, words), style="bold"))  # in words: no decision kind, no source id
    for i, a in enumerate(d.options, 1):
        console.print(f"  {i:>2}. {describe(g, a, words)}", markup=False)
    while True:
        raw = console.input("Choose a number (? for the rules): ").strip()
        if raw.startswith("?"):
            console.print(rules_help(raw[1:].strip(), words))
            continue
        if raw.isdigit() and 1 <= int(raw) <= len(d.options):
            return d.options[int(raw) - 1]
        console.print(f"[red]Please type a number from 1 to {len(d.options)}.[/red]")


def rules_help(topic: str, words: str = "classic") -> RenderableType:
    """What ``?`` answers at a prompt: the guide's topics, or with ``? TOPIC`` that topic (an
    unknown one says so and lists the names); the same text as ``gravehold rules``."""
    if not topic:
        names = ", ".join(s.id for s in guide.sections(words))
        return RichText.assemble(("Rules topics: ", "bold"), names, "\nType ? and a topic, e.g. ? echo.")
    try:
        s = guide.find(topic, words)
    except GraveholdError as e:
        return RichText(str(e), style="red")
    return RichText.assemble((s.title, "bold"), "\n", s.body)


class HumanAgent:
    """A seat played from the terminal: the board and a numbered list of options. It
    answers as an agent does, so a loop may ask a person and a bot alike."""

    name = "human"

    def __init__(self, game: Game, seat: int, words: str = "classic") -> None:
        self.game, self.seat, self.words = game, seat, words

    def choose(self, decision: Decision, view: SeeView) -> Action:
        from .common import console

        return prompt_action(console(), self.game, self.seat, self.words)


def play_out(table: Table, people: Mapping[int, Agent], on_step: OnStep | None = None,
             on_choice: OnChoice | None = None) -> None:
    """Play ``table`` to its end: the bots' stretches by :meth:`Table.play`, each person's
    decision asked of ``people[seat]`` and applied by :meth:`Table.apply`. ``on_choice``
    sees every decision and its answer before it is applied, ``on_step`` the game after
    it, a person's as a bot's."""
    g = table.game
    while True:
        table.play(on_step=on_step, on_choice=on_choice)
        seat = table.human_to_move()
        d = g.decision
        if seat is None or d is None:
            return
        action = people[seat].choose(d, SeatView(g.state, seat))
        if on_choice is not None:
            on_choice(g, d, action)
        table.apply(action)
        if on_step is not None:
            on_step(g, action)
