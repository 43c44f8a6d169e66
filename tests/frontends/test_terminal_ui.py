"""The full-screen terminal board, driven by keys through Textual's pilot at 80x24.

Seat 1 (Brama) is played by keys against Carapace Queen with a random bot in seat 2
(Mist); the seed is fixed, so Brama's first hand is Buried Light and four Crystals.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
import textual.constants
from rich.style import Style
from textual.pilot import Pilot

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.content import registry
from gravehold.content.text import card_text, nemesis_card_text
from gravehold.engine.state import Action
from gravehold.errors import GraveholdError
from gravehold.terminal import motion
from gravehold.terminal.app import GameApp
from gravehold.terminal.numbers import key
from gravehold.terminal.panes import LogPane, Pane
from gravehold.terminal.screens import ConfirmScreen, HelpScreen, InspectScreen
from gravehold.terminal.session import Session

from support import base_state, minion, play_out_session, player, run_steps

SIZE = (80, 24)


def new_session(seed: int = 1) -> Session:
    g = Game.new(mages=["Brama", "Mist"], nemesis="Carapace Queen", market="Deck Destruction", seed=seed)
    return Session(g, frozenset({0}), {1: make_agent("random", seed * 10 + 1)})


async def settle(pilot: Pilot[Any], app: GameApp) -> None:
    """Let the bots move until a human seat is to decide (or the game is over)."""
    s = app.session
    waited = False
    for _ in range(5000):
        if not app.thinking and (s.human_to_move() is not None or s.game.over):
            if waited:
                await pilot.pause()  # let the screen catch up with the last bot move
            return
        waited = True
        await asyncio.sleep(0.001)  # not pilot.pause: that repaints the screen every time
    raise AssertionError("the bots did not hand the game back")


def labels(app: GameApp) -> list[str]:
    return [app.short(a) for a in app.choices]


async def pick(pilot: Pilot[Any], app: GameApp, label: str, how: str = "number") -> None:
    """Take the option called ``label`` by keys: its number, or arrows or j/k then Enter."""
    target = labels(app).index(label)
    if how == "number":
        await pilot.press(*str(app.numbers[target]))
        if app.session.human_to_move() is not None and app.digits:
            await pilot.press("enter")  # a first digit that more options start with waits for Enter
    else:
        down, up = ("down", "up") if how == "arrows" else ("j", "k")
        here = app.actions_pane.options.highlighted or 0
        await pilot.press(*([down] * (target - here) if target >= here else [up] * (here - target)))
        assert app.actions_pane.options.highlighted == target
        await pilot.press("enter")
    await settle(pilot, app)


def played(coro: Callable[[Pilot[Any], GameApp], Awaitable[None]], seed: int = 1) -> None:
    async def main() -> None:
        app = GameApp(new_session(seed), bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            await coro(pilot, app)

    asyncio.run(main())


def notes(app: GameApp) -> list[str]:
    """The messages the app has shown (its toasts), oldest first."""
    return [str(n.message) for n in app._notifications]


def pile(app: GameApp, card: str) -> str:
    """The supply pane's line for one pile, spaces squeezed: "2 Mage's Totem ×5 Choose: ..."."""
    lines = [" ".join(line.split()) for line in pane(app, "supply").splitlines()]
    return next(line for line in lines if line.split(" ×")[0].split(" ", 1)[1] == card)


def listed(app: GameApp, options: list[Action]) -> bool:
    """Every option is listed once, by increasing number."""
    return (sorted(map(key, app.choices)) == sorted(map(key, options)) and len(app.choices) == len(options)
            and app.numbers == sorted(set(app.numbers)))


def pane(app: GameApp, name: str) -> str:
    if name == "log":
        return "\n".join(app.query_one(LogPane).said)
    return app.query_one(f"#{name}", Pane).plain


# ------------------------------------------------------------------ a whole turn by keys


def test_a_whole_turn_by_keys_shows_hand_aether_prepped_spell_gain_and_log() -> None:
    async def turn(pilot: Pilot[Any], app: GameApp) -> None:
        s = app.session
        assert s.human_to_move() == 0 and s.game.decision is not None and s.game.decision.kind == "main"
        assert "hand: Buried Light, Crystal ×4" in pane(app, "players")
        assert "aether 0" in pane(app, "players")
        # four Crystals, by arrows, j/k and numbers: 4 aether
        await pick(pilot, app, "play Crystal", how="arrows")
        await pick(pilot, app, "play Crystal", how="jk")
        await pick(pilot, app, "play Crystal")
        await pick(pilot, app, "play Crystal")
        players = pane(app, "players")
        assert "hand: Buried Light\n" in players and "played: Crystal ×4" in players
        assert "aether 4" in players
        assert pane(app, "log").endswith("P1 plays Crystal\nP1 plays Crystal\nP1 plays Crystal\nP1 plays Crystal")
        # prep the spell: breach I holds it, the hand is empty
        await pick(pilot, app, "prep Buried Light to breach I")
        players = pane(app, "players")
        assert "  I opened [Buried Light]" in players and "hand: empty" in players
        assert pane(app, "log").endswith("P1 preps Buried Light to breach I")
        # gain Mage's Totem (2): the pile goes from 5 to 4, the aether from 4 to 2
        assert pile(app, "Mage's Totem").startswith("2 Mage's Totem ×5 Choose:")
        await pick(pilot, app, "gain Mage's Totem (2 Æ)", how="jk")
        assert pile(app, "Mage's Totem").startswith("2 Mage's Totem ×4 Choose:")
        assert "aether 2" in pane(app, "players")
        assert pane(app, "log").endswith("P1 gains Mage's Totem")
        assert s.game.state.players[0].discard == ["Mage's Totem"]
        # the end of the main phase: the draw phase refills the hand, the bot takes its turn
        await pick(pilot, app, "End the main phase")
        log = pane(app, "log")
        assert "P1 gains Mage's Totem\nP1 draws 5 cards\nturn order card: P2\n— turn 3: player 2 (Mist)" in log
        # the bot's turn and two nemesis turns (a Swarm discards the prepped spell), then ours again
        assert "the husks swarm (6 on the track)\nP1's Buried Light on breach I is discarded (Endless Throng)" in log
        assert s.game.state.turn == 6 and s.human_to_move() == 0
        players = pane(app, "players")
        assert "hand: Crystal ×3, Spark ×2\n  discard 6, top Buried Light · deck 0" in players
        assert "  I opened\n" in players

    played(turn)


def twelve_options() -> Game:
    """Brama's main phase with 3 aether and six different cards: exactly 12 options (four
    plays, two gains, a charge, two focuses, two preps, the end; the end is number 12)."""
    hand = ["Crystal", "Jade", "Frozen Magmite", "Scoria Slag", "Spark", "Jagged Lightning"]
    return run_steps(base_state([player("Brama", hand=hand, aether=3, deck=["Spark"] * 5), player("Mist")]), [])


def on_twelve(coro: Callable[[Pilot[Any], GameApp], Awaitable[None]], digit_wait: float = 30) -> None:
    async def main() -> None:
        app = GameApp(Session(twelve_options(), frozenset({0}), {1: make_agent("random", 1)}), bot_delay=60)
        app.digit_wait = digit_wait
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert app.numbers == list(range(1, 13)) and labels(app)[11] == "End the main phase"
            await coro(pilot, app)

    asyncio.run(main())


def pending(app: GameApp) -> str:
    """The typed number waiting above the list ("" when none is shown)."""
    area = app.actions_pane.pending
    if not area.display:
        return ""
    assert area.region.height == 1 and area.region.width > 0, area.region
    return str(area.content)


def after(app: GameApp, action: Action) -> str:
    expected = app.session.game.clone()
    expected.apply(action)
    return expected.to_json()


def test_with_twelve_options_1_then_2_takes_option_12_shown_waiting_in_between() -> None:
    async def keys(pilot: Pilot[Any], app: GameApp) -> None:
        before, expected = app.session.game.to_json(), after(app, ("end_main",))
        await pilot.press("1")
        assert app.session.game.to_json() == before
        assert pending(app) == "1_ — press another digit or Enter"
        assert app.actions_pane.options.highlighted == 0  # option 1 for now
        await pilot.press("2")
        await pilot.pause()
        assert app.session.game.to_json() == expected and pending(app) == ""

    on_twelve(keys)


def test_with_twelve_options_1_then_enter_takes_option_1_and_no_other_number_moves() -> None:
    async def keys(pilot: Pilot[Any], app: GameApp) -> None:
        numbers = dict(zip(labels(app), app.numbers, strict=True))
        expected = after(app, ("play", "Crystal"))
        await pilot.press("1", "enter")
        await pilot.pause()
        assert app.session.game.to_json() == expected and pending(app) == ""
        now = dict(zip(labels(app), app.numbers, strict=True))
        assert "play Crystal" not in now and 1 not in app.numbers
        kept = {label: n for label, n in now.items() if label in numbers}
        assert kept == {label: n for label, n in numbers.items() if label != "play Crystal"}
        new = {label: n for label, n in now.items() if label not in numbers}  # 4 aether now buys more
        assert new == {"gain Scoria Slag (4 Æ)": 13, "gain Primordial Fetish (4 Æ)": 14,
                       "gain Jagged Lightning (4 Æ)": 15, "open breach II (4 Æ)": 16, "focus breach IV (4 Æ)": 17}
        # number 7 is still "gain a charge": typed again it is the same option
        assert now["gain a charge (2 Æ)"] == 7
        await pilot.press("7")
        await pilot.pause()
        assert app.session.game.state.players[0].charges == 1

    on_twelve(keys)


def test_a_waiting_digit_is_shown_taken_after_a_moment_or_cleared_by_escape() -> None:
    async def keys(pilot: Pilot[Any], app: GameApp) -> None:
        before, expected = app.session.game.to_json(), after(app, ("play", "Crystal"))
        await pilot.press("1", "escape")
        assert app.digits == "" and pending(app) == "" and app.session.game.to_json() == before
        await pilot.press("1")
        await asyncio.sleep(0.1)
        await pilot.pause()
        assert pending(app) == "1_ — press another digit or Enter" and app.session.game.to_json() == before
        await asyncio.sleep(0.6)  # the wait is over: the number typed is taken
        await pilot.pause()
        assert app.session.game.to_json() == expected and pending(app) == ""

    on_twelve(keys, digit_wait=0.4)


def test_a_digit_no_other_number_starts_with_is_taken_at_once_and_an_unknown_number_refused() -> None:
    async def keys(pilot: Pilot[Any], app: GameApp) -> None:
        before, expected = app.session.game.to_json(), after(app, ("gain", "Frozen Magmite"))
        await pilot.press("1", "5")
        assert app.session.game.to_json() == before and pending(app) == ""
        assert notes(app) == ["there is no action 15: choose 1 to 12"]
        await pilot.press("5")  # no number 50 and on: taken at once
        await pilot.pause()
        assert app.session.game.to_json() == expected

    on_twelve(keys)


def test_fewer_than_ten_options_take_a_digit_at_once_and_refuse_a_number_not_listed() -> None:
    async def digits(pilot: Pilot[Any], app: GameApp) -> None:
        before = app.session.game.to_json()
        assert labels(app) == ["play Crystal", "prep Buried Light to breach I", "End the main phase"]
        await pilot.press("7")
        assert app.session.game.to_json() == before
        assert notes(app) == ["there is no action 7: choose 1 to 3"]
        await pilot.press("1")
        await settle(pilot, app)
        assert app.digits == "" and app.session.game.state.players[0].played == ["Crystal"]

    played(digits)


def detail(app: GameApp) -> str:
    """What the Actions pane's detail area shows, once it has room on the screen."""
    area = app.actions_pane.detail
    assert area.display and area.region.height >= 1 and area.region.width > 0, area.region
    return str(area.content)


def test_the_detail_area_shows_the_highlighted_option_in_full_after_every_action() -> None:
    """At 80x24 the detail under the list says the highlighted option with its card's text,
    a prep, a cast or a target as much as a play or a gain."""
    def text(card: str) -> str:
        return card_text(registry.CARDS[card]).replace("\n", " ")

    async def actions(pilot: Pilot[Any], app: GameApp) -> None:
        s = app.session
        assert detail(app) == f"play Crystal — {text('Crystal')}"
        for _ in range(3):
            await pick(pilot, app, "play Crystal")  # the same play stays highlighted while it lasts
            assert detail(app) == f"play Crystal — {text('Crystal')}"
        await pick(pilot, app, "play Crystal")  # the first listed option now: the prep, number 2
        assert app.highlighted_action() == ("prep", "Buried Light", 0)
        assert detail(app) == f"prep Buried Light to breach I — {text('Buried Light')}"
        app.actions_pane.options.highlighted = labels(app).index("gain Frozen Magmite (3 Æ)")
        await pilot.pause()
        assert detail(app) == f"gain Frozen Magmite (3 Æ) — {text('Frozen Magmite')}"
        await pick(pilot, app, "prep Buried Light to breach I")
        await pick(pilot, app, "gain Mage's Totem (2 Æ)")
        assert detail(app).startswith(app.short(app.choices[app.actions_pane.options.highlighted or 0]))
        await pick(pilot, app, "End the main phase")  # the bot's turn, the nemesis', then ours
        while "play Crystal" in labels(app):
            await pick(pilot, app, "play Crystal")
            assert detail(app).startswith(labels(app)[app.actions_pane.options.highlighted or 0] + " — ")
        app.actions_pane.options.highlighted = labels(app).index("prep Spark to breach I")
        await pilot.pause()
        assert detail(app) == f"prep Spark to breach I — {text('Spark')}"
        await pick(pilot, app, "prep Spark to breach I")
        await pick(pilot, app, "End the main phase")
        assert s.game.decision is not None and s.game.decision.kind == "casting"
        assert detail(app) == f"cast Spark from breach I — {text('Spark')}"
        await pick(pilot, app, "cast Spark from breach I")
        assert labels(app)[:2] == ["target nemesis", "target Broodwomb"]
        assert detail(app) == "target nemesis"  # no card: the option's own words, whole
        app.actions_pane.options.highlighted = 1
        await pilot.pause()
        womb = nemesis_card_text(registry.NEMESIS_CARDS["Broodwomb"]).replace("\n", " ")
        assert detail(app) == f"target Broodwomb — {womb}"

    played(actions)


def test_dialog_decisions_a_target_a_yes_no_and_a_discard_order_are_answered_by_keys() -> None:
    """A small exact table: Brama deals 3 damage with five husks and Broodwomb in play, then
    plays two different gems, so the draw phase asks which goes onto the discard first."""
    d = base_state([player("Brama", hand=["Crystal", "Frozen Magmite"], deck=["Spark"] * 5), player("Mist")])
    d["config"]["nemesis"] = "Carapace Queen"
    d["nemesis"].update(id="Carapace Queen", life=60, max_life=60, tokens={"husk": 5},
                        in_play=[minion("Broodwomb", 4)], deck=["Hatch", "Hatch"], decks={})
    g = run_steps(d, [("damage", 3)])

    async def dialogs(pilot: Pilot[Any], app: GameApp) -> None:
        s = app.session
        assert s.game.decision is not None and s.game.decision.kind == "target"
        assert labels(app) == ["target nemesis", "target Broodwomb", "target husk"]
        womb = nemesis_card_text(registry.NEMESIS_CARDS["Broodwomb"]).replace("\n", "\n   ")
        assert f"\nIn play: Broodwomb (life 4)\nBroodwomb (minion, tier 1)\n   {womb}\nMat\n" in pane(app, "nemesis")
        await pick(pilot, app, "target husk")
        assert s.game.decision is not None and s.game.decision.kind == "husk_spread"
        assert labels(app) == ["Yes", "No"]
        await pick(pilot, app, "Yes", how="arrows")
        assert "husk 2" in pane(app, "nemesis") and "life 9/10" in pane(app, "players")
        await pick(pilot, app, "play Crystal")
        await pick(pilot, app, "play Frozen Magmite")
        await pick(pilot, app, "End the main phase")
        assert s.game.decision is not None and s.game.decision.kind == "discard_order"
        assert labels(app) == ["Keep the order played: Crystal, Frozen Magmite", "put Crystal on your discard next",
                               "put Frozen Magmite on your discard next"]
        await pick(pilot, app, "put Frozen Magmite on your discard next", how="jk")
        assert s.game.state.players[0].discard == ["Frozen Magmite", "Crystal"]  # the Crystal on top
        assert "discard 2, top Crystal" in pane(app, "players")

    async def main() -> None:
        app = GameApp(Session(g, frozenset({0}), {1: make_agent("random", 1)}), bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            await dialogs(pilot, app)

    asyncio.run(main())


def test_a_whole_game_to_its_end_offers_every_decision_as_a_numbered_list() -> None:
    async def whole(pilot: Pilot[Any], app: GameApp) -> None:
        s = app.session
        rng = random.Random(5)
        kinds = set()
        while not s.game.over:
            d = s.game.decision
            assert d is not None and s.human_to_move() == 0
            assert listed(app, d.options) and all(labels(app))  # every option listed, with a label
            kinds.add(d.kind)
            app.take(rng.randrange(len(app.choices)))  # what Enter and the number keys call
            await settle(pilot, app)
        assert kinds >= {"main", "casting"}
        assert app.choices == [] and s.human_to_move() is None
        prompt = str(app.actions_pane.prompt.content)
        assert s.game.reason == "nemesis_rule"  # the end in words, never the engine's reason name
        ending = "Defeat: Carapace Queen's own loss condition was met"
        assert prompt == f"{ending}, after {s.game.state.turn} turns. Press q to quit."
        status = app.status(s.game.view_for(0)).plain
        assert status.startswith(f"Turn {s.game.state.turn} · ") and status.endswith(f" · {ending}")
        await pilot.press("q")  # no question once the game is over
        await pilot.pause()
        assert not app.is_running

    played(whole, seed=2)


# ------------------------------------------------------------------ inspect, undo, help, quit


def test_inspect_lists_the_table_and_opens_on_the_highlighted_actions_card() -> None:
    async def inspect(pilot: Pilot[Any], app: GameApp) -> None:
        await pilot.press("i")
        screen = app.screen
        assert isinstance(screen, InspectScreen)
        names = [(e.where, e.name) for e in screen.cards]
        assert names[0] == ("nemesis", "Carapace Queen")
        assert screen.shown.startswith("Crystal (gem, cost 0)\nP1 hand")  # the card of "play Crystal"
        await pilot.press("home")
        assert screen.shown.startswith("Carapace Queen (nemesis, life 60)\nnemesis\n\nUnleash: ")
        assert ("P1", "Brink Siphon") in names and ("P2", "Divine Augury") in names
        assert ("P1 hand", "Buried Light") in names and ("P1 hand", "Crystal") in names
        assert not any(w == "P2 hand" for w, _ in names)  # another seat's hand stays hidden
        assert [n for w, n in names if w == "supply"] == [name for name, _ in app.session.view()["supply"]]
        await pilot.press("i")
        assert not isinstance(app.screen, InspectScreen)
        for _ in range(4):
            await pick(pilot, app, "play Crystal")
        target = labels(app).index("gain Primordial Fetish (4 Æ)")
        app.actions_pane.options.highlighted = target
        await pilot.press("i")
        screen = app.screen
        assert isinstance(screen, InspectScreen)
        text = card_text(registry.CARDS["Primordial Fetish"])
        assert screen.shown == f"Primordial Fetish (relic, cost 4)\nsupply\n\n{text}"
        await pilot.press("down")  # the next card on the table: the supply's next pile
        assert screen.shown.startswith("Jagged Lightning (spell, cost 4)")
        await pilot.press("escape")
        assert not isinstance(app.screen, InspectScreen)
        await pilot.press("u")  # the game's keys are back: the last Crystal is taken back
        assert app.session.game.state.players[0].aether == 3

    played(inspect)


def test_undo_restores_the_board_and_the_log_then_stops_at_a_draw() -> None:
    async def undo(pilot: Pilot[Any], app: GameApp) -> None:
        s = app.session
        start = (s.game.to_json(), pane(app, "players"), pane(app, "supply"), pane(app, "log"))
        for _ in range(4):
            await pick(pilot, app, "play Crystal")
        await pick(pilot, app, "gain Mage's Totem (2 Æ)")
        assert pile(app, "Mage's Totem").startswith("2 Mage's Totem ×4 Choose:")
        await pilot.press("u")
        assert pile(app, "Mage's Totem").startswith("2 Mage's Totem ×5 Choose:") and "aether 4" in pane(app, "players")
        assert not pane(app, "log").endswith("P1 gains Mage's Totem")
        for _ in range(4):
            await pilot.press("u")
        assert (s.game.to_json(), pane(app, "players"), pane(app, "supply"), pane(app, "log")) == start
        assert s.can_undo() == (False, "only your own last action can be undone")  # the bot's turn before
        await pilot.press("u")  # greyed out in the footer, and it says why
        assert s.game.to_json() == start[0]
        assert notes(app)[-1] == "no undo: only your own last action can be undone"
        # ending the main phase draws five cards: no undo past it
        await pick(pilot, app, "End the main phase")
        await settle(pilot, app)
        assert s.human_to_move() is not None
        assert s.can_undo()[0] is False
        assert app.check_action("undo", ()) is None  # the footer shows undo greyed out

    played(undo)


def test_help_and_quit_are_modal_and_a_game_not_over_asks_before_quitting() -> None:
    async def keys(pilot: Pilot[Any], app: GameApp) -> None:
        before = app.session.game.to_json()
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("1")  # a digit in a modal answers nothing
        assert app.session.game.to_json() == before
        await pilot.press("escape")
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.pause()
        question = app.screen.query_one("#confirm Static")  # drawn whole, not an empty box
        words = "Quit? The game is not over.  (y/n)"
        assert question.region.width >= len(words) and question.region.height >= 1, question.region
        assert "Quit?&#160;The&#160;game&#160;is&#160;not&#160;over." in app.export_screenshot()
        await pilot.press("n")
        assert not isinstance(app.screen, ConfirmScreen) and app.is_running
        await pilot.press("q", "y")
        await pilot.pause()
        assert not app.is_running

    played(keys)


# ------------------------------------------------------------------ layout


def test_every_pane_has_room_at_80x24_and_zoom_fills_the_screen() -> None:
    async def layout(pilot: Pilot[Any], app: GameApp) -> None:
        text = pane(app, "nemesis")
        assert text.startswith("Carapace Queen  life 60/60  tier 1\ndeck 24 · discard 0 · husk 2\n")
        assert "\nGravehold 30/30 · turn order 4 left (out: P2 P1)\n" in text
        assert "\nNothing in play\nMat\n   Unleash: " in text
        assert app.size == SIZE
        for name in ("nemesis", "players", "actions", "supply", "log", "options", "prompt"):
            w = app.query_one(f"#{name}")
            assert w.size.width > 0 and w.size.height > 0, name
            assert w.region.right <= 80 and w.region.bottom <= 24, name
        assert app.query_one("#options").size.height >= 4  # several options in view at once
        await pilot.press("tab")  # from the actions to the supply pane
        assert app.focused is not None and app.focused.id == "supply"
        for name in ("supply", "log", "nemesis", "players", "actions"):  # tab order
            await pilot.press("z")
            await pilot.pause()
            zoomed = app.query_one(f"#{name}")
            assert app.screen.maximized is zoomed
            # the pane fills the screen but the status line and the key bar
            assert zoomed.region.width == 80 and zoomed.region.height >= 21, (name, zoomed.region)
            await pilot.press("escape")
            assert app.screen.maximized is None
            await pilot.press("tab")

    played(layout)


# ------------------------------------------------------------------ a board that moves

#: a mark's kind by the background it gives (a life that fell or rose); the others reverse the text
BACKGROUNDS = {Style.parse(style).bgcolor.number: kind for kind, style in motion.STYLES.items()  # type: ignore[union-attr]
               if Style.parse(style).bgcolor is not None}


def marks(app: GameApp, name: str) -> list[tuple[str, str]]:
    """What pane ``name`` draws marked, line by line as on screen: each marked run of text
    (spaces squeezed) with "reverse", or the kind its background says ("hit", "heal")."""
    body = app.query_one(f"#{name}", Pane).body
    back = body.rich_style.bgcolor
    out: list[tuple[str, str]] = []
    for y in range(body.size.height):
        run: tuple[str, str] | None = None
        for seg in body.render_line(y):
            st = seg.style or Style()
            how = ("reverse" if st.reverse else BACKGROUNDS.get(st.bgcolor.number, "?")
                   if st.bgcolor is not None and st.bgcolor != back else "")
            if how and run is not None and run[1] == how:
                run = (run[0] + seg.text, how)
                continue
            if run is not None:
                out.append(run)
            run = (seg.text, how) if how else None
        if run is not None:
            out.append(run)
    return [(" ".join(text.split()), how) for text, how in out]


def drawn(app: GameApp, name: str) -> list[str]:
    """Pane ``name``'s lines as drawn, without their styles."""
    body = app.query_one(f"#{name}", Pane).body
    return [body.render_line(y).text for y in range(body.size.height)]


#: how long a mark lasts in the tests that read marks: long enough that a loaded machine (CI's
#: two cores under the whole suite) still finds them where a person would, short enough to wait out
LOADED_MARK_SECONDS = 4.0


def board_marks(app: GameApp) -> dict[str, list[tuple[str, str]]]:
    return {name: marks(app, name) for name in ("nemesis", "players", "supply")}


def test_a_persons_play_prep_and_gain_are_marked_for_a_moment_without_moving_the_text() -> None:
    async def turn(pilot: Pilot[Any], app: GameApp) -> None:
        app.mark_seconds = LOADED_MARK_SECONDS
        assert board_marks(app) == {"nemesis": [], "players": [], "supply": []}  # the first view: nothing
        await pick(pilot, app, "play Crystal")
        assert board_marks(app) == {"nemesis": [], "players": [("played: Crystal", "reverse")], "supply": []}
        marked = drawn(app, "players")
        await pilot.pause(app.mark_seconds + 0.2)
        assert board_marks(app) == {"nemesis": [], "players": [], "supply": []}
        assert drawn(app, "players") == marked  # the mark went, the text stayed
        await pick(pilot, app, "play Crystal")  # the same line again: marked again, once
        assert board_marks(app)["players"] == [("played: Crystal ×2", "reverse")]
        await pick(pilot, app, "prep Buried Light to breach I")  # the breach: the last mark is gone
        assert board_marks(app) == {"nemesis": [], "players": [("I opened [Buried Light]", "reverse")],
                                    "supply": []}
        await pick(pilot, app, "play Crystal")
        await pick(pilot, app, "play Crystal")
        await pick(pilot, app, "gain Mage's Totem (2 Æ)")  # the pile and the discard it went to
        assert board_marks(app) == {"nemesis": [], "players": [("discard 1, top Mage's Totem", "reverse")],
                                    "supply": [("2 Mage's Totem ×4", "reverse")]}
        await pilot.press("u")  # a step back is not marked, and takes no mark back either
        await pilot.pause()
        assert pile(app, "Mage's Totem").startswith("2 Mage's Totem ×5")
        assert board_marks(app) == {"nemesis": [], "players": [], "supply": []}

    played(turn)


def bot_ends_its_turn() -> Game:
    """Mist (the bot) in its main phase with one Crystal; the nemesis' turn comes next and it
    draws Slaughter (Gravehold suffers 3), then it is Brama's turn."""
    d = base_state([player("Brama", hand=["Crystal"], deck=["Crystal"] * 5),
                    player("Mist", hand=["Crystal"], deck=["Spark"] * 5)])
    d["turn_order"] = {"deck": ["N", "P1", "P2", "N"], "discard": ["P1", "P2"]}
    d["nemesis"]["deck"] = ["Slaughter", "Skewer"]
    return run_steps(d, [], active=1)


def test_a_bots_step_that_lets_the_nemesis_hit_gravehold_marks_its_life_and_the_draw() -> None:
    async def main() -> None:
        app = GameApp(Session(bot_ends_its_turn(), frozenset({0}), {1: make_agent("random", 1)}), bot_delay=0)
        app.mark_seconds = LOADED_MARK_SECONDS
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            assert app.session.game.state.gravehold == 27 and app.session.human_to_move() == 0
            assert pane(app, "log").endswith("P2 plays Crystal\nP2 draws 5 cards\nturn order card: N\n"
                                             "— turn 1: the nemesis\nthe nemesis draws Slaughter (attack, tier 1)\n"
                                             "Unleash!\nnemesis fury: 2\nGravehold suffers 3 from Slaughter (27 left)\n"
                                             "turn order card: P1\n— turn 2: player 1 (Brama)")
            assert board_marks(app) == {"nemesis": [("deck 1 · discard 1", "reverse"), ("Gravehold 27/30", "hit")],
                                        "players": [("discard 1, top Crystal", "reverse")], "supply": []}

    asyncio.run(main())


@pytest.mark.parametrize("how", ["TEXTUAL_ANIMATIONS=none", "--no-motion"])
def test_with_reduced_motion_nothing_is_marked(how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same play, on a board that moves and on one that does not."""
    async def play_crystal(moving: bool) -> dict[str, list[tuple[str, str]]]:
        still = not moving and how == "--no-motion"
        app = GameApp(new_session(), bot_delay=0, motion=False) if still else GameApp(new_session(), bot_delay=0)
        app.mark_seconds = LOADED_MARK_SECONDS  # a loaded machine must not see the mark fade first
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            await pick(pilot, app, "play Crystal")
            assert app.session.game.state.players[0].played == ["Crystal"]
            return board_marks(app)

    assert asyncio.run(play_crystal(True))["players"] == [("played: Crystal", "reverse")]
    if how == "TEXTUAL_ANIMATIONS=none":  # what Textual makes of the variable (read once, on import)
        monkeypatch.setattr(textual.constants, "TEXTUAL_ANIMATIONS", "none")
    assert asyncio.run(play_crystal(False)) == {"nemesis": [], "players": [], "supply": []}


# ------------------------------------------------------------------ the sitting without a screen


def test_session_undo_needs_a_human_action_that_revealed_nothing() -> None:
    s = new_session()
    g = s.game
    while s.human_to_move() is None:  # the bot's first turn
        seat, agent, copy = s.bot_move()
        s.apply(s.choose(seat, copy), by="random")
    assert s.can_undo() == (False, "only your own last action can be undone")
    s.apply(("play", "Crystal"))
    assert s.can_undo() == (True, "")
    s.undo()
    assert s.can_undo()[0] is False and g.state.players[0].aether == 0
    with pytest.raises(GraveholdError, match="only your own last action"):
        s.undo()
    s.apply(("end_main",))  # the draw phase draws: hidden information is out
    assert s.can_undo() == (False, "hidden information was revealed since (a draw or reveal); no undo")
    assert len(s.taken) == 1 and s.taken[0].before is None  # nothing kept that no undo can reach


def test_session_needs_a_human_seat_and_an_agent_for_every_other_seat() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis="Carapace Queen", market="Deck Destruction", seed=1)
    with pytest.raises(GraveholdError, match="needs a human seat"):
        Session(g, frozenset(), {0: make_agent("random"), 1: make_agent("random")})
    with pytest.raises(GraveholdError, match="an agent in every other seat"):
        Session(g, frozenset({0}), {})


def test_session_records_steps_a_replay_accepts() -> None:
    from gravehold.record import make_record, replay, setup_config

    s = new_session()
    s.record = True
    config = setup_config(s.game)
    while not s.game.over:
        seat = s.bot_to_move()
        if seat is not None:
            _, agent, copy = s.bot_move()
            s.apply(s.choose(seat, copy), by="random")
        else:
            s.apply(s.game.legal_actions()[-1])
            if s.can_undo()[0]:
                s.undo()
                s.apply(s.game.legal_actions()[-1])
    res = replay(make_record(config, s.steps, s.game))
    assert res.ok, res.message
    assert res.game.to_json() == s.game.to_json()


# ------------------------------------------------------------------ the command


def test_play_with_a_human_opens_the_board_on_a_terminal_and_plain_keeps_the_prompts(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    import json

    from typer.testing import CliRunner

    from gravehold import cli
    from gravehold.cli import common
    from gravehold.record import load_record, replay

    opened: list[tuple[list[int], float, bool]] = []

    def board(session: Session, bot_delay: float, motion: bool = True) -> None:  # the screen: seat 2 ends each phase
        opened.append((sorted(session.humans), bot_delay, motion))
        play_out_session(session)

    monkeypatch.setattr(common, "terminal", lambda: True)
    monkeypatch.setattr("gravehold.terminal.app.run", board)
    runner = CliRunner()
    rec = tmp_path / "game.json"
    r = runner.invoke(cli.app, ["play", "--human", "2", "--nemesis", "Carapace Queen", "--seed", "3",
                                "--bot-delay", "0", "--record", str(rec)])
    assert r.exit_code == 0, r.output
    assert opened == [([1], 0.0, True)]
    assert "Defeat" in r.output or "Victory" in r.output
    assert replay(load_record(rec)).ok
    r = runner.invoke(cli.app, ["play", "--human", "2", "--nemesis", "Carapace Queen", "--seed", "3", "--json",
                                "--bot-delay", "0", "--no-motion"])
    assert r.exit_code == 0 and json.loads(r.stdout)["result"] in ("win", "loss")
    assert opened[1] == ([1], 0.0, False)  # --no-motion: a board that marks nothing
    r = runner.invoke(cli.app, ["play", "--human", "1", "--plain", "--seed", "4", "--quiet"], input="1\n")
    assert "Choose a number" in r.output and "Traceback" not in r.output  # the prompts, until input ran out
    assert len(opened) == 2  # --plain kept the prompts
    r = runner.invoke(cli.app, ["play", "--human", "1", "--bots", "randum"])
    assert r.exit_code == 2 and "random" in r.output and "Traceback" not in r.output and len(opened) == 2


@pytest.mark.parametrize("nemesis", ["Maggoth", "Arachnos", "Ageless Walker", "Fenrix"])
def test_a_whole_new_age_game_is_played_by_keys_in_the_boxs_own_words(nemesis: str) -> None:
    """Every decision The New Age's nemeses and mages bring is listed and answered on the
    board, which speaks the box's words (crystal, bind, plot) from the start."""
    g = Game.new(mages=["Gygar", "Soskel"], nemesis=nemesis, market="random", seed=4, basics="NA")
    session = Session(g, frozenset({0}), {1: make_agent("heuristic", 41)}, words="new_age")

    async def main() -> None:
        app = GameApp(session, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            me = make_agent("heuristic", 40)  # the person's choices, made as the heuristic would
            kinds = set()
            while not session.game.over:
                d = session.game.decision
                assert d is not None and session.human_to_move() == 0
                assert listed(app, d.options) and all(labels(app))
                kinds.add(d.kind)
                app.take(app.choices.index(me.choose(d, lambda: session.game.view_for(0))))
                await settle(pilot, app)
            assert "main" in kinds and session.game.over
            assert "health" in pane(app, "players") and " life " not in pane(app, "players")

    asyncio.run(main())
