"""Legacy of Gravehold's tokens, from exact states: K-7 aether tokens, K-8 fire tokens
(with G-2's loss at ten) and K-5's silence step. The Legacy cards are not encoded yet:
test-only cards stand in for them (Legacy cards that do the same are named in comments)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gravehold.content.model import CardDef, NemesisCardDef
from gravehold.content.text import panels, render_steps
from gravehold.engine.game import Game
from gravehold.engine.keywords.exclusive_aether import available, pay
from gravehold.engine.state import Player
from gravehold.errors import IllegalAction, StateFormatError
from gravehold.terminal.render import nemesis_pane, players_pane

from support import at_main, base_state, choose, player, registered, run_steps

HOWLER = NemesisCardDef("Test Howler", "minion", 1, "AE", life=5, persistent=(("gravehold_damage", 2),))
LURKER = NemesisCardDef("Test Lurker", "minion", 1, "AE", life=4, persistent=(("unleash", 1),))
GLOOM = NemesisCardDef("Test Gloom", "power", 1, "AE", power=(("gravehold_damage", 3),), power_tokens=2)
# like Legacy's cards that hush a minion (a spell whose cast silences)
HUSH = CardDef("Test Hush", "spell", 3, "AE", cast=(("damage", 1), ("silence",)))

# ------------------------------------------------------------------ K-7 aether tokens


def _table(**kw: Any) -> dict[str, Any]:
    """Player 1 holds a gem, so their main phase waits for them after the steps."""
    return base_state([player("Brama", hand=["Crystal"]), player("Mist")], **kw)


def _terminal(g: Game, seat: int) -> str:
    """The terminal board's nemesis and players panes as one seat sees them."""
    v = g.view_for(seat)
    return nemesis_pane(v, 1).plain + players_pane(v, ["you", "bot"]).plain


def _tokens_events(g: Game) -> list[dict[str, Any]]:
    return [e for e in g.events if e["event"] == "aether_tokens"]


def test_K_7_aether_tokens_pay_like_aether_after_the_players_aether() -> None:
    d = base_state([player("Brama", hand=["Crystal"], aether=1, aether_tokens=2), player("Mist")])
    g = at_main(d)
    assert ("charge",) in g.legal_actions()  # 1 Æ + 2 tokens: a 2 Æ charge
    g.apply(("charge",))
    me = g.state.players[0]
    assert (me.aether, me.aether_tokens, me.charges) == (0, 1, 1)
    assert ("charge",) not in g.legal_actions()  # 1 token left
    with pytest.raises(IllegalAction):
        g.apply(("charge",))
    assert (me.aether, me.aether_tokens, me.charges) == (0, 1, 1)


def test_K_7_unused_tokens_go_in_their_holders_draw_phase_after_drawing_and_others_wait() -> None:
    deck = ["Crystal"] * 5
    d = base_state([player("Brama", hand=[], deck=deck, aether_tokens=2), player("Mist")])
    # an ally gains tokens in player 1's turn (a Legacy card that hands out aether tokens)
    g = run_steps(d, [("gain_aether_tokens", 3)], you=1)
    assert [p.aether_tokens for p in g.state.players] == [2, 3]
    g.apply(("end_main",))
    assert [p.aether_tokens for p in g.state.players] == [0, 3]
    assert g.state.players[0].hand == deck
    ev = [e["event"] for e in g.events]
    last_draw = max(k for k, e in enumerate(ev) if e == "draw")
    discard = [k for k, e in enumerate(g.events) if e["event"] == "aether_tokens" and e["player"] == 0]
    assert len(discard) == 1 and discard[0] > last_draw
    assert g.events[discard[0]]["amount"] == -2 and g.events[discard[0]]["total"] == 0
    assert [(e["player"], e["amount"], e["total"]) for e in _tokens_events(g)] == [(1, 3, 3), (0, -2, 0)]
    assert g.state.players[1].aether_tokens == 3 and g.state.players[1].aether == 0  # kept past the end of turn


def test_K_7_losing_tokens_takes_as_many_as_are_held() -> None:
    d = base_state([player("Brama", aether_tokens=2), player("Mist")])
    g = run_steps(d, [("lose_aether_tokens", 3)])
    assert g.state.players[0].aether_tokens == 0
    assert [(e["amount"], e["total"]) for e in _tokens_events(g)] == [(-2, 0)]
    assert render_steps((("gain_aether_tokens", 1), ("lose_aether_tokens", 2))) == (
        "Gain 1 aether token. Lose 2 aether tokens.")


def test_K_7_a_saved_player_with_a_bad_token_count_is_refused_naming_the_field() -> None:
    d = base_state([player("Brama", aether_tokens=-1), player("Mist")])
    with pytest.raises(StateFormatError, match=r"players\[0\]\.aether_tokens"):
        Game.from_dict(copy.deepcopy(d))


def test_K_7_tokens_are_saved_shown_to_every_seat_and_on_the_terminal_board() -> None:
    d = base_state([player("Brama", aether_tokens=2), player("Mist")])
    g = at_main(d)
    assert g.to_dict()["players"][0]["aether_tokens"] == 2
    assert "aether_tokens" not in g.to_dict()["players"][1]  # none held: no field (old saves unchanged)
    assert Game.from_dict(g.to_dict()).state.players[0].aether_tokens == 2
    for seat in (None, 0, 1):
        assert g.view_for(seat)["players"][0]["aether_tokens"] == 2
    assert "aether tokens 2" in _terminal(g, 1)


@given(aether=st.integers(0, 6), tokens=st.integers(0, 6), restricted=st.integers(0, 3), cost=st.integers(0, 15))
def test_K_7_payment_spends_tokens_only_for_what_aether_cannot_pay(aether: int, tokens: int, restricted: int,
                                                                    cost: int) -> None:
    p = Player("Brama")
    p.aether, p.aether_tokens, p.aether_for = aether, tokens, ({"gem": restricted} if restricted else {})
    assert available(p, "gem") == aether + tokens + restricted and available(p, "focus") == aether + tokens
    if cost > available(p, "gem"):
        return
    pay(p, cost, "gem")
    after_pools = max(0, cost - restricted)
    assert p.aether == max(0, aether - after_pools)
    assert p.aether_tokens == tokens - max(0, after_pools - aether)
    assert p.aether + p.aether_tokens + sum(p.aether_for.values()) == aether + tokens + restricted - cost


# ------------------------------------------------------------------ K-8 fire tokens


@pytest.mark.parametrize("fire, over", [(8, False), (9, True)])
def test_K_8_G_2_ten_fire_tokens_lose_at_once(fire: int, over: bool) -> None:
    d = _table(tokens={"fire": fire})
    g = run_steps(d, [("add_fire", 1), ("gravehold_damage", 2)], you=-1, source="Unleash")
    assert g.state.tokens["fire"] == fire + 1
    assert g.over is over
    if over:  # at once: the damage after it never resolves (G-3)
        assert (g.result, g.reason, g.state.gravehold) == ("loss", "fire", 30)
        assert g.summary()["fire"] == 10  # the game's result keeps the count for a campaign
    else:
        assert g.state.gravehold == 28 and g.summary()["fire"] == 9


def test_K_8_player_cards_remove_fire_tokens_as_many_as_lie_there() -> None:
    d = _table(tokens={"fire": 1})
    g = run_steps(d, [("remove_fire", 2)])
    assert g.state.tokens["fire"] == 0 and not g.over
    assert [(e["amount"], e["total"]) for e in g.events if e["event"] == "fire"] == [(-1, 0)]
    assert render_steps((("add_fire", 2), ("remove_fire", 1))) == (
        "Place 2 fire tokens on the location. Remove 1 fire token from the location.")


def test_K_8_a_counted_amount_of_fire_and_a_bad_one_refused_naming_the_step() -> None:
    g = run_steps(_table(tokens={"fire": 1}), [("add_fire", ("per", ("tokens", "fury"), 2, 0))], you=-1)
    assert g.state.tokens["fire"] == 3 and not g.over  # fury 1: 2 per fury token
    assert render_steps((("add_fire", ("per", ("tokens", "fury"), 1, 0)),)) == (
        "Place 1 fire token per fury token on the location.")
    for bad in [("add_fire", -1), ("remove_fire", "two"), ("gain_aether_tokens", -2)]:
        with pytest.raises(StateFormatError, match=rf"stack\[3\]\[4\]: step '{bad[0]}'"):
            run_steps(_table(), [bad])


@pytest.mark.parametrize("value, why", [(-1, "0 or more"), (10, "not over")])
def test_K_8_a_saved_fire_count_no_game_reaches_is_refused(value: int, why: str) -> None:
    with pytest.raises(StateFormatError, match=rf"tokens\.fire.*{why}"):
        Game.from_dict(_table(tokens={"fire": value}))


def test_K_8_both_boards_show_the_fire_to_every_seat() -> None:
    g = at_main(_table(tokens={"fire": 3}))
    for seat in (None, 0, 1):
        v = g.view_for(seat)
        assert v["tokens"]["fire"] == 3
        assert ("Fire", "3 fire tokens on the location; 10 lose the game") in panels(v)
    assert "3 fire tokens on the location" in _terminal(g, 0)
    plain = at_main(_table())
    assert not [p for p in panels(plain.view_for(0)) if p[0] == "Fire"] and "fire" not in plain.summary()


# ------------------------------------------------------------------ K-5 the silence step


def _silence_table(**kw: Any) -> dict[str, Any]:
    n = base_state()["nemesis"]
    n["in_play"] = [{"name": "Test Gloom", "power": 2}, {"name": "Test Howler", "life": 5, **kw},
                    {"name": "Test Lurker", "life": 4}]
    return _table(nemesis=n)


def test_K_5_a_player_card_silences_a_chosen_minion_never_a_power() -> None:
    with registered(HOWLER, LURKER, GLOOM):
        g = run_steps(_silence_table(), [("silence",)])
        assert g.decision is not None and g.decision.kind == "silence" and g.decision.player == 0
        assert g.legal_actions() == [("minion", "Test Howler"), ("minion", "Test Lurker")]
        with pytest.raises(IllegalAction):
            g.apply(("minion", "Test Gloom"))
        choose(g, ("minion", "Test Howler"))
        assert [(c.name, c.silenced) for c in g.state.nemesis.in_play] == [
            ("Test Gloom", False), ("Test Howler", True), ("Test Lurker", False)]
        assert [e for e in g.events if e["event"] == "silenced"][0]["card"] == "Test Howler"
        assert render_steps((("silence",),)) == "A minion in play of your choice takes a silence token."


def test_K_5_no_minion_in_play_asks_nothing_and_a_second_token_does_not_stack() -> None:
    with registered(HOWLER, LURKER, GLOOM):
        n = base_state()["nemesis"]
        n["in_play"] = [{"name": "Test Gloom", "power": 2}]
        g = run_steps(_table(nemesis=n), [("silence",)])
        assert g.decision is not None and g.decision.kind == "main"
        g = run_steps(_silence_table(silenced=True), [("silence",)])
        choose(g, ("minion", "Test Howler"))
        assert g.state.nemesis.in_play[1].silenced and not [e for e in g.events if e["event"] == "silenced"]


def test_K_5_a_cast_silence_then_the_minion_skips_its_next_persistent_effect() -> None:
    with registered(HOWLER, LURKER, GLOOM, HUSH):
        h = run_steps(_silence_table(), list(HUSH.cast))
        choose(h, ("target", "Test Howler"))
        choose(h, ("minion", "Test Howler"))
        assert [(c.name, c.life, c.silenced) for c in h.state.nemesis.in_play][1] == ("Test Howler", 4, True)


def test_K_5_both_boards_show_a_silenced_minion_to_every_seat() -> None:
    with registered(HOWLER, LURKER, GLOOM):
        g = at_main(_silence_table(silenced=True))
        for seat in (None, 0, 1):
            assert g.view_for(seat)["nemesis"]["in_play"][1].get("silenced") is True
        assert "silenced" in _terminal(g, 0)
