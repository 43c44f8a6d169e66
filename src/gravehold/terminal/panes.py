"""The panes of the terminal board: each is updated in place from the text ``render`` builds.

Every pane scrolls on its own (Tab moves between them, the arrow keys scroll the one in
focus) and can fill the screen (``z``), so a small terminal shows every pane at once
and any of them in full on demand.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.timer import Timer
from textual.widgets import OptionList, RichLog, Static
from textual.widgets.option_list import Option


class Pane(VerticalScroll):
    """A titled, scrolling pane holding one block of text."""

    ALLOW_MAXIMIZE = True
    TITLE = ""

    def __init__(self, id: str) -> None:
        super().__init__(id=id, classes="pane")
        self.border_title = self.TITLE
        self.body = Static(Text(), classes="body")
        self.text = Text()
        self.marked: Timer | None = None  # a mark is on, until this timer takes it off

    def compose(self) -> ComposeResult:
        yield self.body

    def show(self, text: Text) -> None:
        """Replace what the pane says (its scroll position stays where it was); a mark on
        the old text goes with it."""
        if text.plain != self.text.plain or text.spans != self.text.spans:
            self.text = text
            self.unmark(layout=True)

    def mark(self, styles: list[tuple[int, int, str]], seconds: float) -> None:
        """Lay each style over its part of the text (start, end, style) for ``seconds``:
        a style only, so the text and the layout stay as they are (``motion``)."""
        self.unmark()
        if not styles:
            return
        marked = self.text.copy()
        for start, end, style in styles:
            marked.stylize(style, start, end)
        self.body.update(marked, layout=False)
        self.marked = self.set_timer(seconds, self.unmark)

    def unmark(self, layout: bool = False) -> None:
        """The text as it is, without a mark (``layout``: it has changed, so lay it out)."""
        was = self.marked is not None
        if self.marked is not None:
            self.marked.stop()
            self.marked = None
        if layout or was:
            self.body.update(self.text, layout=layout)

    @property
    def plain(self) -> str:
        return self.text.plain


class NemesisPane(Pane):
    TITLE = "Nemesis"


class PlayersPane(Pane):
    TITLE = "Players"


class SupplyPane(Pane):
    TITLE = "Supply"


class LogPane(RichLog):
    """The event log, newest last; it follows the end unless scrolled back."""

    ALLOW_MAXIMIZE = True

    def __init__(self, id: str) -> None:
        super().__init__(id=id, classes="pane", wrap=True, min_width=20, markup=False, highlight=False,
                         max_lines=1000)
        self.border_title = "Log"
        self.said: list[str] = []

    def show_lines(self, lines: list[str]) -> None:
        """Show the whole log: only new lines are written, unless it went back (an undo)."""
        if lines[:len(self.said)] != self.said:
            self.clear()
            self.said = []
        for line in lines[len(self.said):]:
            self.write(Text(line, style="bold") if line.startswith("—") else Text("  " + line))
        self.said = list(lines)


class ActionList(OptionList):
    """The legal actions, numbered; Enter (or a click) takes the highlighted one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j", "cursor_down", "Down", show=False),
        Binding("k", "cursor_up", "Up", show=False),
    ]


class ActionsPane(Vertical):
    """The pending decision: its prompt, the numbered options, and the highlighted
    option in full (with the card text it carries)."""

    ALLOW_MAXIMIZE = True

    def __init__(self, id: str) -> None:
        super().__init__(id=id, classes="pane")
        self.title = self.border_title = "Actions"
        self.prompt = Static("", id="prompt")
        self.pending = Static("", id="pending")
        self.options = ActionList(id="options")
        self.detail = Static("", id="detail")

    def compose(self) -> ComposeResult:
        yield self.prompt
        yield self.pending
        yield self.options
        yield self.detail

    def on_mount(self) -> None:
        self.pending.display = False

    def set_choices(self, prompt: Text, labels: list[str], keep: int | None = None, source: str = "",
                    numbers: list[int] | None = None) -> None:
        """Show a decision's prompt and its options as a list numbered by ``numbers`` (1 to
        n unless given), highlighting ``keep`` (the same action as before, when it is still
        an option) or the first; the title names what asks (a mage, a card)."""
        self.title = f"Actions · {source}" if source else "Actions"
        self.border_title = self.title
        self.prompt.update(prompt)
        shown = numbers or list(range(1, len(labels) + 1))
        self.options.set_options([Option(Text.assemble((f"{n:>2} ", "bold"), label), id=str(k))
                                  for k, (n, label) in enumerate(zip(shown, labels, strict=True))])
        if labels:
            self.options.highlighted = keep if keep is not None and 0 <= keep < len(labels) else 0
        self.options.disabled = not labels

    def waiting(self, digits: str) -> None:
        """Show, above the list, the number typed so far that waits for a digit or Enter."""
        self.pending.update(Text.assemble((f"{digits}_", "bold reverse"), " — press another digit or Enter"))
        self.pending.display = bool(digits)

    def show_detail(self, text: str) -> None:
        self.detail.update(Text(text))
        self.detail.display = bool(text)
