"""The modal screens: inspect a card, the keys and the rules guide, and quitting."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from .. import guide
from ..content import registry as content
from .render import Entry

HELP = """\
Keys
  ↑ ↓  j k   move in the list of actions
  Enter      take the highlighted action
  1-9, 0     take an action by its number (0 alone is 10); a digit that
             begins a longer number waits, shown above the list, for a
             second digit, Enter or a moment; Escape clears it. Numbers
             stay put while the decision lasts (a main phase too)
  i          inspect a card: its full text (the highlighted action's
             card first); ↑ ↓ choose another
  u          undo your last action, until it revealed something (a
             draw, a reveal, a shuffle): the browser board's rule
  Tab        move between panes; ↑ ↓ then scroll the pane in focus
  z          fill the screen with the pane in focus (Escape: back)
  w          swap the words: classic (gem, prep, power) or The New
             Age's (crystal, bind, plot); play --words picks the first
  ?          this help and the rules guide (Escape closes it)
  q          quit

How a turn goes
  Every decision comes to the Actions pane as a numbered list: the
  main phase (play gems and relics, prep spells, gain from the supply,
  gain a charge, focus or open a breach, end the phase), the casting
  phase, and each question a card asks (which target, which player,
  either/or, yes/no, which card next). A decision with one option only
  is taken at once, except the end of your main phase: that waits for
  you, so the last gain or prep can still be undone. Bots play their seats by themselves, one step at a
  time, and the Log pane says what happened.

Panes
  Nemesis   life, tier, deck and discard, tokens, Gravehold, the turn
            order, cards in play with their text, the mat's rules
  Players   you first; a closed breach shows its focus and open costs
  Supply    cost, name, cards left, text (inspect shows all of it)
"""


class HelpScreen(ModalScreen[None]):
    """The board's help: its keys, then the rules guide (``gravehold.guide``), one topic at a
    time in the game's words: the list of topics above, the chosen one's text below it, so
    the text has the screen's whole width (the keys' table needs it at 80 columns)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "dismiss", "Close"),
        Binding("j", "down", show=False),
        Binding("k", "up", show=False),
    ]

    def __init__(self, words: str = "classic", topic: str | None = None) -> None:
        super().__init__()
        self.topics = [("keys", "Keys of this board", "", HELP)]
        self.topics += [(s.id, s.title, guide.GROUPS[s.group], s.body) for s in guide.sections(words)]
        self.first = next((k for k, t in enumerate(self.topics) if t[0] == topic), 0)
        self.list = OptionList(*[Option(Text.assemble(title, (f"  {group}", "dim")), id=tid)
                                 for tid, title, group, _ in self.topics], id="help-list")
        self.text = Static("", id="help-text")

    def compose(self) -> ComposeResult:
        with Vertical(id="help", classes="modal"):
            yield Static(Text("Help and rules: ↑/↓ choose a topic, Escape closes", style="bold"))
            yield self.list
            with VerticalScroll(id="help-scroll"):
                yield self.text

    def on_mount(self) -> None:
        self.list.highlighted = self.first
        self.show(self.first)
        self.list.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show(event.option_index)

    def show(self, index: int) -> None:
        _, title, _, body = self.topics[index]
        self.text.update(Text.assemble((title, "bold"), "\n\n", body))

    @property
    def shown(self) -> str:
        """The topic on show, as a reader of the screen sees it."""
        content = self.text.content
        return content.plain if isinstance(content, Text) else str(content)

    def action_down(self) -> None:
        self.list.action_cursor_down()

    def action_up(self) -> None:
        self.list.action_cursor_up()


class InspectScreen(ModalScreen[None]):
    """Every card on the table the seat may read, by place; the highlighted one's text."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,i,q", "close", "Close"),
        Binding("j", "down", show=False),
        Binding("k", "up", show=False),
    ]

    def __init__(self, cards: list[Entry], first: int = 0) -> None:
        super().__init__()
        self.cards = cards
        self.first = first
        self.list = OptionList(*[Option(Text.assemble(content.shown(e.name), (f"  {e.where}", "dim")), id=str(k))
                                 for k, e in enumerate(cards)], id="inspect-list")
        self.text = Static("", id="inspect-text")

    def compose(self) -> ComposeResult:
        with Vertical(id="inspect", classes="modal"):
            yield Static(Text("Inspect: ↑/↓ choose a card, Escape closes", style="bold"))
            with Horizontal():
                yield self.list
                with VerticalScroll(id="inspect-scroll"):
                    yield self.text

    def on_mount(self) -> None:
        if self.cards:
            self.list.highlighted = min(self.first, len(self.cards) - 1)
            self.show(self.list.highlighted)
        self.list.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show(event.option_index)

    def show(self, index: int) -> None:
        e = self.cards[index]
        self.text.update(Text.assemble((e.title, "bold"), "\n", (e.where, "dim"), "\n\n", e.text))

    @property
    def shown(self) -> str:
        """The text on show (what a reader of the screen sees on the right)."""
        content = self.text.content
        return content.plain if isinstance(content, Text) else str(content)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_down(self) -> None:
        self.list.action_cursor_down()

    def action_up(self) -> None:
        self.list.action_cursor_up()


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question about the sitting itself (quit a game that is not over)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm", classes="modal"):
            yield Static(Text(self.question + "  (y/n)", style="bold"))

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
