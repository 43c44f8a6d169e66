"""Terminal rendering with Rich: the board as one seat sees it, and the legal actions."""

from __future__ import annotations

from typing import Any

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text as RichText

from .content import registry as content
from .content.words import say
from .engine import decisions
from .engine.core import BREACH_NAMES, FOCUS_COST, OPEN_COST
from .engine.game import Game
from .engine.state import Action

TO_NAMES = {"N": "nemesis", "W": "wild", "P12": "1/2", "P34": "3/4"}


def to_card(c: str) -> str:
    return TO_NAMES.get(c, f"player {c[1:]}")


def board(g: Game, viewer: int | None, words: str = "classic") -> Group:
    """The board for ``viewer``, its labels and card names in ``words`` (``content.words``)."""

    def Text(s: str = "", **kw: Any) -> RichText:  # noqa: N802  (every line of the board, in the chosen words)
        return RichText(say(s, words), **kw)

    v = g.view_for(viewer)
    parts: list[Any] = []
    n = v["nemesis"]
    nd = content.NEMESES[n["id"]]
    head = Text()
    head.append(f"{nd.name}  ", style="bold red")
    head.append(say(f"life {n['life']}/{n['max_life']}  ", words))
    head.append(say(f"tier {g.engine.tier()}  deck {n['deck_size']}  discard {len(n['discard'])}  ", words))
    if n["tokens"]:
        head.append("tokens " + ", ".join(f"{k} {v}" for k, v in n["tokens"].items()))
    rows = [head]
    for c in n["in_play"]:
        card = content.NEMESIS_CARDS[c["name"]]
        extra = f"life {c.get('life', 0)}" if card.type == "minion" else f"power {c.get('power', 0)}"
        rows.append(Text(f"  {card.type} {c['name']} ({extra})", style="red"))
    gh = v["gravehold"]
    rows.append(Text(f"Gravehold life {gh['life']}/{gh['max_life']}", style="bold yellow"))
    to = v["turn_order"]
    rows.append(Text(
        f"Turn order: {to['deck_size']} left; discard: "
        + (", ".join(to_card(c) for c in to["discard"]) or "—")
        + (f"; known top: {', '.join(to_card(c) for c in to['known_top'])}" if to["known_top"] else "")))
    parts.append(Panel(Group(*rows), title=f"Turn {v['turn']} — {v['phase']}"))
    for i, p in enumerate(v["players"]):
        mage = content.MAGES[p["mage"]]
        t = Table.grid(padding=(0, 1))
        status = " EXHAUSTED" if p["exhausted"] else ""
        t.add_row(Text(f"life {p['life']}/{p['max_life']}{status}  charges {p['charges']}/{p['max_charges']}  "
                       f"aether {p['aether']}" + "".join(f" (+{v} only for {k})" for k, v in p["aether_for"].items())
                       + f"  deck {p['deck_size']}"))
        br = []
        for b, bd in enumerate(p["breaches"]):
            s = bd["state"]
            label = f"{BREACH_NAMES[b]}:{s}"
            if s == "closed":
                label += f"({bd.get('stage', 0)}/4 focus {FOCUS_COST[b]} open {OPEN_COST[b][bd.get('stage', 0)]})"
                if bd.get("focused"):
                    label += "*"
            if bd.get("spells"):
                label += "[" + ", ".join(bd["spells"]) + "]"
            br.append(label)
        t.add_row(Text("breaches " + "  ".join(br)))
        if "hand" in p:
            t.add_row(Text("hand: " + (", ".join(p["hand"]) or "—"), style="green"))
        else:
            t.add_row(Text(f"hand: {p['hand_size']} cards"))
        if p["played"]:
            t.add_row(Text("played: " + ", ".join(p["played"])))
        t.add_row(Text("discard (top last): " + (", ".join(p["discard"]) or "—")))
        style = "bold cyan" if v["active"] == i else ""
        parts.append(Panel(t, title=f"Player {i + 1}: {mage.name}", border_style=style))
    sup = Table(title="Supply", show_header=True)
    sup.add_column("card")
    sup.add_column("type")
    sup.add_column("cost", justify="right")
    sup.add_column("left", justify="right")
    for name, count in v["supply"]:
        c = content.CARDS[name]
        sup.add_row(say(name, words), say(c.type, words), str(c.cost), str(count))
    parts.append(sup)
    return Group(*parts)


def describe(g: Game, a: Action, words: str = "classic") -> str:
    """A readable line for one option: its head's wording as declared in ``engine.decisions``."""
    return say(decisions.describe(g.state, g.decision, a), words)


def prompt_action(console: Console, g: Game, seat: int, words: str = "classic") -> Action:
    d = g.decision
    assert d is not None
    console.print(board(g, seat, words))
    console.print(RichText.assemble((say(d.prompt, words), "bold"), f" ({d.kind}, {d.source})"))
    for i, a in enumerate(d.options, 1):
        console.print(f"  {i:>2}. {describe(g, a, words)}", markup=False)
    while True:
        raw = console.input("Choose a number: ").strip()
        if raw.isdigit() and 1 <= int(raw) <= len(d.options):
            return d.options[int(raw) - 1]
        console.print(f"[red]Please type a number from 1 to {len(d.options)}.[/red]")
