"""What each pane says, as Rich text built from one seat's view (``Game.view_for``).

Kept apart from the widgets so that what a pane shows is a plain function of the view:
the panes only put it on screen. Card text is rendered from the encoding by
``gravehold.content.text``, the same renderer the web board's card tips use. Each pane
says its text in the wording the player chose (``content.words``, the ``w`` key).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, NamedTuple, TypeAlias

from rich.text import Text

from ..content import registry as content
from ..content.text import (
    card_text,
    in_panel,
    life_words,
    mat_text,
    nemesis_card_text,
    nemesis_text,
    panels,
    pile_tokens,
    play_area,
    treasure_rules_text,
)
from ..content.words import say
from ..engine.core import BREACH_NAMES, FOCUS_COST, OPEN_COST
from ..engine.keywords.exclusive_aether import pays_for
from ..engine.shapes import Doc, ViewDoc
from ..engine.state import Action
from ..engine.view import HIDDEN_CARD

#: what a part of a pane says, by the view's terms: ("life", seat), ("pile", name), ("deck",)...
Anchor: TypeAlias = tuple[str | int, ...]


class Said(Text):
    """Rich text whose every appended string is said in a wording (``content.words``), so a
    pane is written once in the engine's terms and shown in either. Its ``anchors`` note
    where it says the things that change (a life, a discard, a pile), for ``motion`` to mark."""

    __slots__ = ("words", "anchors")

    def __init__(self, words: str = "classic", **kw: Any) -> None:
        super().__init__(**kw)
        self.words = words
        self.anchors: dict[Anchor, tuple[int, int]] = {}

    def append(self, text: str | Text, style: Any = None) -> Text:
        return super().append(say(text, self.words) if isinstance(text, str) else text, style)

    def anchor(self, at: Anchor, start: int) -> None:
        """The text from ``start`` to here says ``at``."""
        self.anchors[at] = (start, len(self))

#: turn order cards as the table says them
TURN_CARDS = {"N": "nemesis", "W": "wild", "P12": "P1/2", "P34": "P3/4"}


def turn_card(c: str) -> str:
    """A mat's own nemesis card ("N:<name>", S-5) by its name."""
    return TURN_CARDS.get(c) or (c[2:] if c.startswith("N:") else c)


def mage_name(mage: str) -> str:
    m = content.MAGES.get(mage)
    return m.name if m is not None else mage


# ------------------------------------------------------------------ nemesis


def nemesis_pane(v: ViewDoc, tier: int, words: str = "classic") ->Said:
    """The nemesis: life, tier, decks, tokens, Gravehold, turn order, cards in play with
    their text and counters, then the mat's rules."""
    n = v["nemesis"]
    nd = content.NEMESES.get(n["id"])
    t = Said(words)
    t.append(nd.name if nd else n["id"], style="bold red")
    t.append("  ")
    start = len(t)
    t.append(life_words(n['life'], n['max_life']))
    t.anchor(("nemesis",), start)
    t.append(f"  tier {tier}\n")
    start = len(t)
    t.append(f"deck {n['deck_size']} · discard {len(n['discard'])}")
    t.anchor(("deck",), start)
    tokens = [f"{k} {c}" for k, c in n["tokens"].items() if c and not in_panel(k)]  # a panel row says the rest
    if tokens:
        t.append(" · " + ", ".join(tokens))
    face_up = set(n.get("face_up_decks", ()))
    for name, cards in n["decks"].items():
        if in_panel(name):
            continue
        if cards and name in face_up:  # a face-up pile (the devoured or exiled pile)
            t.append(f" · {name.replace('_', ' ')} pile {len(cards)}")
        elif cards:
            t.append(f" · {name} deck {len(cards)}")
    gh, to = v["gravehold"], v["turn_order"]
    t.append("\n")
    start = len(t)
    t.append("Gravehold ", style="bold yellow")
    t.append(f"{gh['life']}/{gh['max_life']}")
    t.anchor(("gravehold",), start)
    for title, text in panels(v):
        t.append(f" · {title} ", style="bold yellow")
        t.append(text)
    t.append(f" · turn order {to['deck_size']} left")
    if to["discard"]:
        t.append(" (out: " + " ".join(turn_card(c) for c in to["discard"]) + ")")
    if to["known_top"]:
        t.append(", next: " + " ".join(turn_card(c) for c in to["known_top"]))
    tr = v.get("config", {}).get("treasures") or {}
    if tr.get("group"):  # the group's treasure lies face up for everyone
        t.append("\nGroup treasure ", style="bold magenta")
        t.append(tr["group"] + (f" (beside {tr['pile']})" if tr.get("pile") else ""), style="bold")
        t.append(": " + treasure_rules_text(tr["group"]), style="dim")
    cards = [(c, content.NEMESIS_CARDS.get(c["name"])) for c in n["in_play"]]
    if not cards:
        t.append("\nNothing in play", style="dim")
    else:  # first one line for all (what is there, how strong), then each card's text
        t.append("\nIn play: ", style="bold")
        for k, (c, card) in enumerate(cards):
            if k:
                t.append(", ")
            start = len(t)
            area = play_area(n["id"], c["name"])  # N-13: whose play area it lies in
            t.append((f"{area}: " if area else "") + content.shown(c["name"]), style="bold red")
            t.append(f" ({_counters(c, card.type if card else '?')})")
            t.anchor(("in_play", k), start)
        for c, card in cards:
            if card is not None:
                t.append(f"\n{content.shown(c['name'])}", style="red")
                t.append(f" ({card.type}, tier {card.tier})\n", style="dim")
                t.append(_indent(nemesis_card_text(card)), style="dim")
    if v.get("banished"):  # C-10: out of the game
        t.append("\nBanished: ", style="bold")
        t.append(", ".join(content.shown(c) for c in v["banished"]), style="dim")
    if nd is not None:
        t.append("\nMat\n", style="bold")
        t.append(_indent(nemesis_text(nd)), style="dim")
    return t


def _counters(c: dict[str, Any], kind: str) -> str:
    """A card in play's counters: a minion's life, a power's tokens, shields, silence."""
    out = [f"life {c.get('life', 0)}" if kind == "minion" else f"power {c.get('power', 0)}"]
    if c.get("shields"):
        out.append(f"shields {c['shields']}")
    if c.get("silenced"):
        out.append("silenced")
    return ", ".join(out)


def _indent(text: str) -> str:
    return "\n".join("   " + line for line in text.splitlines())


# ------------------------------------------------------------------ players


def breach_line(b: int, bd: dict[str, Any], special: str | None = None) -> str:
    """One breach: its state; a closed one with its stage and the focus and open costs
    (``engine.core``); the spells prepped to it. ``special``: the name of a unique breach
    printed on the mat (K-13)."""
    s = bd["state"]
    out = f"{BREACH_NAMES[b]:>3} " + (f"({special}) " if special else "")
    if bd.get("covered_by", -1) >= 0:
        out += f"covered by {BREACH_NAMES[bd['covered_by']]}"
    elif s == "closed":
        stage = bd.get("stage", 0)
        out += f"closed {stage}/4 · focus {FOCUS_COST[b]} Æ · open {OPEN_COST[b][stage]} Æ"
        if bd.get("focused"):
            out += " · focused"
    else:
        out += {"open": "opened", "destroyed": "destroyed", "none": "—"}.get(s, s)
    if bd.get("spells"):
        out += " [" + ", ".join(bd["spells"]) + "]"
    if bd.get("attached"):
        out += " attached: " + ", ".join(bd["attached"])
    shown = [c for c in bd.get("face_down", ()) if c != HIDDEN_CARD]  # K-3: the owner's view names them
    if shown:
        out += " face down: " + ", ".join(shown)
    return out


def players_pane(v: ViewDoc, seats: list[str], words: str = "classic") ->Said:
    """Every player, the viewer first: life, charges, aether, breaches, hand, played,
    discard. ``seats`` says who sits where ("you", "human", or a bot's name)."""
    viewer = v.get("viewer")
    order = sorted(range(len(v["players"])), key=lambda i: (i != viewer, i))
    t = Said(words)
    for k, i in enumerate(order):
        if k:
            t.append("\n")
        _player(t, v, i, seats[i])
    return t


def _beside_mat(t: Said, p: Doc) -> None:
    """K-13: the cards set aside beside a mat and the mage's own decks, as the view shows
    them (a face-down deck sorted, never in order; a secret one as its size)."""
    if p.get("set_aside"):
        t.append("  set aside: ", style="bold")
        t.append(counted(p["set_aside"]) + "\n", style="dim")
    up = set(p.get("face_up_decks", ()))
    for name, cards in p.get("decks", {}).items():
        t.append(f"  {name}: {len(cards)} card{'s' if len(cards) != 1 else ''}", style="bold")
        known = [c for c in cards if c != HIDDEN_CARD]
        if known:
            t.append((" (in order: " + ", ".join(known) if name in up else " (face down: " + counted(known)) + ")",
                     style="dim")
        t.append("\n")


def _player(t: Said, v: ViewDoc, i: int, seat: str) -> None:
    p = v["players"][i]
    active = v["active"] == i
    t.append("▶ " if active else "  ", style="bold cyan")
    t.append(f"P{i + 1} {mage_name(p['mage'])}", style="bold cyan" if active else "bold")
    t.append(f" ({seat})", style="dim")
    if p["exhausted"]:
        t.append(" EXHAUSTED", style="bold red")
    if i in v.get("severed", ()):  # C-8: the mage plays on in this game
        t.append(" SEVERED", style="bold yellow")
    t.append("\n  ")
    start = len(t)
    t.append(f"life {p['life']}/{p['max_life']}", style="red" if p["life"] <= 3 else "")
    t.anchor(("life", i), start)
    t.append(f" · charges {p['charges']}/{p['max_charges']}")
    t.append(" · aether ")
    t.append(str(p["aether"]), style="bold yellow")
    for kind, k in p["aether_for"].items():
        if k:
            t.append(f" (+{k} {pays_for(kind)})", style="yellow")
    if p.get("aether_tokens"):  # K-7: held between turns
        t.append(f" · aether tokens {p['aether_tokens']}", style="yellow")
    for name, k in p["tokens"].items():
        if k:
            t.append(f" · {name.replace('_', ' ')} {k}")  # "position on card 2", as the web board says
    t.append("\n")
    _beside_mat(t, p)
    seats = (v.get("config", {}).get("treasures") or {}).get("players", [])
    mine = seats[i].get("tier3") if i < len(seats) else None
    if mine:  # a tier-3 treasure on this mat
        t.append("  treasure: ", style="bold magenta")
        t.append(mine, style="bold")
        t.append(" — " + treasure_rules_text(mine) + "\n", style="dim")
    for e in p.get("enhancements", ()):  # C-6: a campaign's enhancement on this mat
        t.append(f"  {e['kind']} enhancement: ", style="bold magenta")
        t.append(e["name"], style="bold")
        t.append(" — " + e["text"] + "\n", style="dim")
    md = content.MAGES.get(p["mage"])
    for b, bd in enumerate(p["breaches"]):
        line = breach_line(b, bd, md.breaches[b].special if md else None)
        said = line.lstrip()
        t.append(" " + line[:len(line) - len(said)])
        start = len(t)
        t.append(said)
        t.anchor(("breach", i, b), start)
        t.append("\n")
    if "hand" in p:
        t.append("  hand: ", style="bold")
        t.append((counted(p["hand"]) or "empty") + "\n", style="green")
    else:
        t.append(f"  hand: {p['hand_size']} cards\n")
    if p["played"]:
        t.append("  ")
        start = len(t)
        t.append("played: " + counted(p["played"]))
        t.anchor(("played", i), start)
        t.append("\n")
    top = f", top {p['discard'][-1]}" if p["discard"] else ""
    t.append("  ", style="dim")
    start = len(t)
    t.append(f"discard {len(p['discard'])}{top}", style="dim")
    t.anchor(("discard", i), start)
    t.append(f" · deck {p['deck_size']}\n", style="dim")


def counted(cards: list[str]) -> str:
    """Cards in the order they first come, copies said once with a count: "Spark, Crystal ×3"."""
    return ", ".join(name if k == 1 else f"{name} ×{k}" for name, k in Counter(cards).items())


# ------------------------------------------------------------------ supply


def supply_pane(v: ViewDoc, words: str = "classic") ->Said:
    """One line a pile: cost, name, cards left, and the start of its text (the inspect key
    shows all of it); long lines end in an ellipsis rather than wrap."""
    t = Said(words, no_wrap=True, overflow="ellipsis")
    width = max((len(name) for name, _ in v["supply"]), default=0)
    on = pile_tokens(v.get("tokens") or {}, [name for name, _ in v["supply"]])
    for k, (name, count) in enumerate(v["supply"]):
        c = content.CARDS[name]
        if k:
            t.append("\n")
        start = len(t)
        t.append(f"{c.cost:>2} ", style="bold yellow")
        t.append(f"{name:<{width}}", style=_type_style(c.type))
        t.append(f" ×{count}", style="bold" if count else "dim")
        t.anchor(("pile", name), start)
        t.append(" " * max(1, 3 - len(str(count))))
        if name in on:  # tokens lying on the pile (K-13: Z'hana's glyphs)
            t.append("[" + ", ".join(on[name]) + "] ", style="bold magenta")
        t.append(card_text(c).replace("\n", " "), style="dim")
    return t


def _type_style(kind: str) -> str:
    return {"gem": "magenta", "relic": "cyan", "spell": "green"}.get(kind, "")


# ------------------------------------------------------------------ cards to inspect


class Entry(NamedTuple):
    """A thing the inspect key can show: where it is, its title and its rendered text."""

    where: str
    name: str
    title: str
    text: str


def card_entry(name: str, where: str) -> Entry | None:
    """A player card or a nemesis card by name, with its rendered text."""
    base = content.base_of(name)
    c = content.CARDS.get(base)
    if c is not None:
        return Entry(where, name, f"{name} ({c.type}, cost {c.cost})", card_text(c))
    nc = content.NEMESIS_CARDS.get(base)
    if nc is not None:
        return Entry(where, name, f"{content.shown(name)} (nemesis {nc.type}, tier {nc.tier})",
                     nemesis_card_text(nc))
    return None


def entries(v: ViewDoc, words: str = "classic") -> list[Entry]:
    """Everything on the table the viewer may read, each card once per place: the mat, the
    nemesis' cards in play and discarded, each mage's ability, each player's breaches,
    played cards and discard (and the viewer's own hand), then the supply."""
    out: list[Entry] = []
    n = v["nemesis"]
    nd = content.NEMESES.get(n["id"])
    if nd is not None:
        out.append(Entry("nemesis", nd.name, f"{nd.name} (nemesis, life {nd.life})", nemesis_text(nd)))
    _add(out, "in play", (c["name"] for c in n["in_play"]))
    _add(out, "nemesis discard", n["discard"])
    for i, p in enumerate(v["players"]):
        m = content.MAGES.get(p["mage"])
        who = f"P{i + 1}"
        if m is not None:
            out.append(Entry(who, m.ability.name, f"{m.name}: {m.ability.name}", mat_text(m)))
        if "hand" in p:
            _add(out, f"{who} hand", p["hand"])
        _add(out, f"{who} breaches", (s for b in p["breaches"] for s in b.get("spells", [])))
        _add(out, f"{who} played", p["played"])
        _add(out, f"{who} discard", p["discard"])
    _add(out, "supply", (name for name, _ in v["supply"]))
    return [e._replace(title=say(e.title, words), text=say(e.text, words)) for e in out]


def _add(out: list[Entry], where: str, names: Iterable[str]) -> None:
    seen = set()
    for name in names:
        if name in seen:
            continue
        seen.add(name)
        e = card_entry(name, where)
        if e is not None:
            out.append(e)


def named_cards(action: Action, v: ViewDoc) -> list[str]:
    """The cards an action names, for the inspect key to open on: its card arguments, or
    the spell a cast or spell choice points at."""
    names = [a for a in action[1:] if isinstance(a, str) and card_entry(a, "") is not None]
    if names:
        return names
    seat = v["active"] if v["active"] >= 0 else 0
    try:
        if action[0] == "cast":
            return [v["players"][seat]["breaches"][action[1]]["spells"][action[2]]]
        if action[0] in ("spell", "spell_breach"):
            return [v["players"][action[1]]["breaches"][action[2]]["spells"][action[3]]]
    except (IndexError, KeyError, TypeError):
        pass
    return []
