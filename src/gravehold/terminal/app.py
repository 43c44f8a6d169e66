"""The full-screen terminal board (Textual): panes updated in place, actions by keyboard.

The app draws a :class:`~.session.Session` (the game's table) and passes on what the player chose. Bots
choose in a worker thread, on a copy of the game, after a short delay (so a person can
follow them) and never block the screen; a bot's answer is dropped if the game moved
meanwhile (an undo). What each step changed is marked on the board for a moment
(``motion``), unless the animation level is ``none`` (``TEXTUAL_ANIMATIONS``, ``--no-motion``).
"""

from __future__ import annotations

from contextlib import suppress
from functools import partial
from typing import ClassVar

from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Footer, OptionList, Static

from ..agents import Agent
from ..content import registry as content
from ..content.words import CHOICES as WORDINGS
from ..content.words import NAMED as WORD_NAMES
from ..content.words import say
from ..engine import decisions
from ..engine.game import Game
from ..engine.shapes import ViewDoc
from ..engine.state import Action
from ..errors import GraveholdError
from ..events_text import phase_text, result_text
from . import render
from .motion import SECONDS as MARK_SECONDS
from .motion import changes, spans
from .numbers import Numbering, read, refusal
from .panes import ActionsPane, LogPane, NemesisPane, Pane, PlayersPane, SupplyPane
from .render import Said
from .screens import ConfirmScreen, HelpScreen, InspectScreen
from .session import Session

CSS = """
Screen { layout: vertical; }
#status { height: 1; padding: 0 1; background: $panel; text-wrap: nowrap; text-overflow: ellipsis; }
#board { height: 1fr; }
#left { width: 11fr; }
#right { width: 9fr; }
.pane { border: none; border-top: solid $primary-darken-2; border-title-color: $text-accent;
        border-title-style: bold; padding: 0 1; scrollbar-size-vertical: 1; }
.pane:focus-within { border-top: solid $accent; }
#nemesis { height: 36%; }
#players { height: 1fr; }
#actions { height: 1fr; min-height: 6; }
#supply { height: 27%; }
#supply .body { text-wrap: nowrap; text-overflow: ellipsis; }
#log { height: 23%; }
#prompt { height: auto; max-height: 2; text-style: bold; }
#pending { height: 1; color: $text-accent; }
#options { height: 1fr; border: none; padding: 0; background: $surface; }
#options:focus { border: none; }
#detail { height: auto; max-height: 3; color: $text-muted; }
.modal { background: $surface; border: round $accent; padding: 0 1; }
#help { width: 78; max-width: 100%; height: 1fr; margin: 1 1; }
#help-list { height: 8; border: none; }
#help-scroll { height: 1fr; }
#inspect { width: 90%; height: 90%; margin: 1 2; }
#inspect Horizontal { height: 1fr; }
#inspect-list { width: 2fr; border: none; text-wrap: nowrap; text-overflow: ellipsis; }
#inspect-scroll { width: 3fr; padding: 0 1; }
#confirm { width: auto; height: auto; margin: 4 4; padding: 1 2; }
#confirm Static { width: auto; height: auto; }  /* a Static fills its parent by default: 0 of an auto box */
.pane.-maximized { height: 1fr !important; width: 1fr !important; }  /* z: over each pane's share of the board */
"""

DIGITS = "1234567890"


class GameApp(App[None]):
    """A game of gravehold in the terminal, for the human seats of ``session``."""

    CSS = CSS
    TITLE = "gravehold"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("i", "inspect", "Inspect"),
        Binding("u", "undo", "Undo"),
        Binding("question_mark", "help", "Rules", key_display="?"),
        Binding("z", "zoom", "Zoom"),
        Binding("w", "words", "Words"),
        Binding("q", "quit_game", "Quit"),
        *[Binding(d, f"digit('{d}')", show=False) for d in DIGITS],
        Binding("escape", "clear_digits", show=False),
    ]

    def __init__(self, session: Session, bot_delay: float = 0.5, motion: bool = True) -> None:
        super().__init__()
        self.session = session
        self.bot_delay = bot_delay
        if not motion:  # as TEXTUAL_ANIMATIONS=none would: Textual's own animations go too
            self.animation_level = "none"
        self.mark_seconds = MARK_SECONDS  # how long a change stays marked
        self.seen: ViewDoc | None = None  # the view the board was last drawn from: what changed since
        self.choices: list[Action] = []  # the options in the order listed: by their numbers
        self.numbers: list[int] = []  # each listed option's number (``numbers``: kept while the decision lasts)
        self.numbering = Numbering()
        self.digits = ""  # the digits typed so far, waiting for one more (or Enter, or ``digit_wait``)
        self.digit_wait = 1.5  # seconds
        self.digit_timer: Timer | None = None
        self.epoch = 0  # moves on with every change of the game: a bot's late answer is dropped
        self.thinking = False
        self.undo_shown = False

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield Static("", id="status")
        with Horizontal(id="board"):
            with Vertical(id="left"):
                yield NemesisPane("nemesis")
                yield PlayersPane("players")
            with Vertical(id="right"):
                yield ActionsPane("actions")
                yield SupplyPane("supply")
                yield LogPane("log")
        yield Footer()

    @property
    def actions_pane(self) -> ActionsPane:
        return self.query_one(ActionsPane)

    def on_mount(self) -> None:
        self.advance()

    # ------------------------------------------------------------ drawing
    def seats(self) -> list[str]:
        s = self.session
        names = []
        for i in range(len(s.game.state.players)):
            if i == s.viewer:
                names.append("you")
            elif i in s.humans:
                names.append("human")
            else:
                names.append(f"bot {s.agents[i].name}")
        return names

    def refresh_board(self) -> None:
        """Every pane from the current view of the seat on screen."""
        s = self.session
        g = s.game
        v = s.view()
        w = s.words
        self.query_one(NemesisPane).show(render.nemesis_pane(v, g.engine.tier(), w))
        self.query_one(PlayersPane).show(render.players_pane(v, self.seats(), w))
        self.query_one(SupplyPane).show(render.supply_pane(v, w))
        before, self.seen = self.seen, v
        if before is not None and self.animation_level != "none":
            self.mark(before, v)
        self.query_one(LogPane).show_lines(s.log_lines())
        self.query_one("#status", Static).update(self.status(v))
        self.show_decision()
        undo = self.session.can_undo()[0]
        if undo != self.undo_shown:  # the footer shows undo greyed out while it is not allowed
            self.undo_shown = undo
            self.refresh_bindings()

    def mark(self, before: ViewDoc, after: ViewDoc) -> None:
        """Mark on each pane what changed from view ``before`` to ``after`` (``motion``); a
        style for ``mark_seconds``, set and taken off by timers that hold nothing up."""
        marks = changes(before, after)
        for pane in self.query(Pane):
            mine = [m for m in marks if m.pane == pane.id]
            if mine:
                pane.mark(spans(mine, pane.text), self.mark_seconds)

    def status(self, v: ViewDoc) -> Text:
        g = self.session.game
        t = Said(self.session.words)
        t.append(f"Turn {v['turn']} · {phase_text(v['phase'])}", style="bold")
        if g.over:
            won = g.result == "win"
            t.append(f" · {self.ending()}", style="bold green" if won else "bold red")
            return t
        seat = self.session.owner()
        if seat is not None:
            mage = render.mage_name(g.state.players[seat].mage)
            if seat in self.session.humans:
                t.append(f" · your decision, P{seat + 1} {mage}", style="bold cyan")
            else:
                t.append(f" · P{seat + 1} {mage} ({self.session.agents[seat].name} bot) is deciding…")
        t.append("   ? rules", style="dim")
        return t

    def ending(self) -> str:
        """How the game ended, in words ("Defeat: Gravehold fell")."""
        g = self.session.game
        nem = content.NEMESES.get(g.state.nemesis.id)
        return say(result_text(g.result, g.reason, nem.name if nem is not None else "the nemesis"), self.session.words)

    def show_decision(self) -> None:
        """The pending decision in the Actions pane: its options if a human seat is to
        answer it; otherwise who is deciding, or how the game ended."""
        s = self.session
        g = s.game
        pane = self.actions_pane
        old = self.highlighted_action()
        seat = s.human_to_move()
        if g.over:
            won = g.result == "win"
            self.choices = []
            self.clear_digits()
            pane.set_choices(Text(f"{self.ending()}, after {g.state.turn} turns. Press q to quit.",
                                  style="bold green" if won else "bold red"), [])
            pane.show_detail("")
            return
        d = g.decision
        if seat is None or d is None:
            self.choices = []
            self.clear_digits()
            who = s.owner()
            pane.set_choices(Text(f"P{(who or 0) + 1} is deciding…", style="dim"), [])
            pane.show_detail("")
            return
        numbers = self.numbering.number(d, g.state.turn)
        order = sorted(range(len(d.options)), key=numbers.__getitem__)
        choices = [d.options[k] for k in order]
        if choices != self.choices:  # another decision, or other options: typed digits meant the old ones
            self.clear_digits()
        self.choices, self.numbers = choices, [numbers[k] for k in order]
        prompt = Text(say(d.prompt, self.session.words), style="bold")
        labels = [self.short(a) for a in self.choices]
        keep = self.choices.index(old) if old in self.choices else None
        pane.set_choices(prompt, labels, keep, say(content.shown(d.source), self.session.words), self.numbers)
        self.show_highlight()
        if not isinstance(self.focused, (OptionList,)) and self.screen is self.screen_stack[0]:
            pane.options.focus()

    def describe(self, action: Action) -> str:
        g = self.session.game
        return say(decisions.describe(g.state, g.decision, action), self.session.words)

    def short(self, action: Action) -> str:
        """An option's label without the card text it carries (the detail line shows it)."""
        return self.describe(action).split(" — ")[0]

    def highlighted_action(self) -> Action | None:
        k = self.actions_pane.options.highlighted
        return self.choices[k] if k is not None and 0 <= k < len(self.choices) else None

    def show_highlight(self) -> None:
        """The highlighted option in full under the list, whatever its kind (the list's
        narrow column may cut a label short)."""
        a = self.highlighted_action()
        self.actions_pane.show_detail(self.detail(a) if a is not None else "")

    def detail(self, action: Action) -> str:
        """An option in full with the text of the card it is about: a play or a gain says
        it already; a prep, a cast or a target only names the card, so its text is added."""
        full = self.describe(action)
        if " — " in full:
            return full
        for name in render.named_cards(action, self.session.view()):
            e = render.card_entry(name, "")
            if e is not None:
                return f"{full} — " + say(e.text, self.session.words).replace("\n", " ")
        return full

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id != "options":
            return
        with suppress(NoMatches):  # a highlight still queued while the board is taken down: nothing to show
            self.show_highlight()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter (or a click): the typed number if one waits on this option, else the option."""
        if event.option_list.id != "options":
            return
        if self.digits and event.option_index == self.actions_pane.options.highlighted:
            self.typed(self.digits, final=True)
        else:
            self.take(event.option_index)

    # ------------------------------------------------------------ acting
    def take(self, index: int) -> None:
        """Answer the pending decision with option ``index`` (from 0, in the list's order)."""
        self.clear_digits()
        if self.session.human_to_move() is None or not 0 <= index < len(self.choices):
            return
        try:
            self.session.apply(self.choices[index])
        except GraveholdError as e:  # cannot happen for a listed option; say so rather than crash
            self.notify(str(e), severity="error")
            return
        self.epoch += 1
        self.advance()

    def advance(self) -> None:
        """Redraw, then let a bot move if one is to."""
        self.refresh_board()
        if self.session.bot_to_move() is not None and not self.thinking:
            self.thinking = True
            if self.bot_delay > 0:
                self.set_timer(self.bot_delay, self.bot_turn)
            else:
                self.call_later(self.bot_turn)

    def bot_turn(self) -> None:
        self.thinking = False
        if self.session.bot_to_move() is None:
            return
        self.thinking = True
        seat, agent, copy = self.session.bot_move()
        self.bot_choose(self.epoch, seat, agent, copy)

    @work(thread=True, exclusive=True, group="bots", exit_on_error=False)
    def bot_choose(self, epoch: int, seat: int, agent: Agent, copy: Game) -> None:
        try:
            action = self.session.choose(seat, copy)
        except Exception as e:  # a bot that fails must not take the board down with it
            self.call_from_thread(self.bot_failed, f"the {agent.name} bot failed: {e}")
            return
        self.call_from_thread(self.bot_done, epoch, seat, action)

    def bot_done(self, epoch: int, seat: int, action: Action) -> None:
        self.thinking = False
        s = self.session
        if epoch == self.epoch and s.bot_to_move() == seat:
            s.apply(action, by=s.agents[seat].name)
            self.epoch += 1
        self.advance()

    def bot_failed(self, message: str) -> None:
        self.thinking = False
        self.notify(message, severity="error", timeout=30)

    # ------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return True if self.session.can_undo()[0] else None  # shown greyed while not allowed
        return True

    def on_key(self, event: events.Key) -> None:
        """A greyed-out undo key still says why it does nothing."""
        if event.key == "u" and self.screen is self.screen_stack[0] and not self.session.can_undo()[0]:
            self.action_undo()

    def action_digit(self, d: str) -> None:
        """Take an option by its number: at once when no other listed number begins with the
        digits typed so far; else show them above the list, highlight their option and wait
        for a digit, Enter or ``digit_wait`` seconds (``numbers.read``)."""
        if self.choices:
            self.typed(self.digits + d, final=False)

    def typed(self, digits: str, final: bool) -> None:
        """Act on ``digits``: take their option, wait for more, or say there is no such number."""
        r = read(digits, self.numbers, final)
        if r.verdict == "take" and r.at is not None:
            self.take(r.at)
        elif r.verdict == "none" or r.at is None:
            self.clear_digits()
            self.notify(refusal(digits, self.numbers), severity="warning", timeout=3)
        else:
            self.clear_digits()
            self.digits = digits
            self.actions_pane.options.highlighted = r.at
            self.actions_pane.waiting(digits)
            self.digit_timer = self.set_timer(self.digit_wait, partial(self.waited, digits))

    def waited(self, digits: str) -> None:
        """The wait for another digit is over: the number typed is taken, unless a modal
        screen is open (then it waits on, shown, for Enter)."""
        if self.digits == digits and self.screen is self.screen_stack[0]:
            self.typed(digits, final=True)

    def clear_digits(self) -> None:
        self.digits = ""
        if self.digit_timer is not None:
            self.digit_timer.stop()
            self.digit_timer = None
        with suppress(NoMatches):  # the board is being taken down
            self.actions_pane.waiting("")

    def action_clear_digits(self) -> None:
        self.clear_digits()

    def action_undo(self) -> None:
        ok, why = self.session.can_undo()
        if not ok:
            self.notify(f"no undo: {why}", severity="warning", timeout=4)
            return
        self.session.undo()
        self.epoch += 1
        self.seen = None  # a step back is not marked
        self.notify("undone", timeout=2)
        self.advance()

    def action_inspect(self) -> None:
        v = self.session.view()
        cards = render.entries(v, self.session.words)
        first = 0
        a = self.highlighted_action()
        names = render.named_cards(a, v) if a is not None else []
        if names:
            first = next((k for k, e in enumerate(cards) if e.name == names[0]), 0)
        if not cards:
            return
        self.push_screen(InspectScreen(cards, first))

    def action_words(self) -> None:
        """Turn the board to the next wording: classic, The New Age's, Outcasts' (``content.words``)."""
        s = self.session
        order = [w for w in WORDINGS if w != "auto"]
        s.words = order[(order.index(s.words) + 1) % len(order)] if s.words in order else "new_age"
        self.notify(f"words: {WORD_NAMES[s.words]}", timeout=2)
        self.refresh_board()
        self.show_decision()

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.session.words))

    def action_zoom(self) -> None:
        """Fill the screen with the pane in focus (Escape restores the layout)."""
        if self.screen.maximized is not None:
            self.screen.minimize()
            return
        focused = self.focused
        if focused is None:
            return
        for node in focused.ancestors_with_self:
            if isinstance(node, Widget) and node.has_class("pane"):
                self.screen.maximize(node, container=False)
                return

    def action_quit_game(self) -> None:
        if self.session.game.over:
            self.exit()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(ConfirmScreen("Quit? The game is not over."), answered)


def run(session: Session, bot_delay: float = 0.5, motion: bool = True) -> None:
    """Play ``session`` full screen until the game ends and the player quits (``motion``:
    False marks nothing, as ``TEXTUAL_ANIMATIONS=none`` does)."""
    GameApp(session, bot_delay, motion).run()
