"""Legacy keywords K-3 (Conjure) and K-4 (Recall), docs/rules.md.

The Legacy cards are not encoded yet: each rule is tested with small test-only cards
registered for the test (the real cards that use them, such as the Conjure and Recall
cards of the Legacy box, are named here only). Every test builds an exact state, acts and
checks the whole relevant outcome.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

from gravehold import Game, IllegalAction
from gravehold.content.model import CardDef
from gravehold.content.text import card_text
from gravehold.engine.generic import pick
from gravehold.engine.keywords.conjure import FACE_DOWN
from gravehold.errors import StateFormatError

from support import at_casting, at_main, base_state, card_census, choose, closed, player, registered, run_steps

CONJURER = "Test Conjuring Gem"  # a gem that conjures, as Legacy's conjuring cards do
RECALLER = "Test Recalling Gem"  # a gem whose Recall effect gains 2 aether
OPEN: dict[str, Any] = {"state": "open"}


@pytest.fixture(autouse=True)
def test_cards() -> Iterator[None]:
    with registered(
        CardDef(CONJURER, "gem", 0, "WE", play=(("aether", 1), ("conjure",))),
        CardDef(RECALLER, "gem", 3, "WE", play=(("aether", 1),), recall=(("aether", 2),)),
    ):
        yield


def game_for(p1: dict[str, Any], **kw: Any) -> dict[str, Any]:
    d = base_state([p1, player("Mist", hand=["Crystal"])], **kw)
    d["turn_order"] = {"deck": ["P2", "N", "P1", "P2", "N"], "discard": ["P1"]}
    return d


def p(g: Game, i: int = 0) -> dict[str, Any]:
    return g.to_dict()["players"][i]


def conjuring(deck: list[str], breaches: list[dict[str, Any]] | None = None) -> Game:
    """Player 1 at their main phase with the conjuring gem in hand."""
    brs = breaches if breaches is not None else [OPEN, closed(1, focused=True), closed(0), closed(2)]
    return at_main(game_for(player(hand=[CONJURER, "Crystal"], deck=deck, breaches=brs)))


def face_down_on(b: int, card: str, **kw: Any) -> list[dict[str, Any]]:
    brs: list[dict[str, Any]] = [dict(OPEN), closed(1), closed(0), closed(2)]
    brs[b] = {**brs[b], **kw, "spells": [FACE_DOWN], "face_down": [card]}
    return brs


# ============================================================================ K-3


def test_K_3_conjure_offers_each_empty_opened_or_focused_breach_and_preps_face_down() -> None:
    g = conjuring(["Crystal", "Spark"])
    choose(g, ("play", CONJURER))
    assert g.decision is not None and g.decision.kind == "conjure" and g.decision.player == 0
    assert g.legal_actions() == [("conjure", "Crystal", 0), ("conjure", "Crystal", 1), ("skip",)]
    choose(g, ("conjure", "Crystal", 1))
    me = p(g)
    assert me["deck"] == ["Spark"]
    assert me["breaches"][1] == {"state": "closed", "stage": 1, "focused": True,
                                 "spells": [FACE_DOWN], "face_down": ["Crystal"]}
    assert me["played"] == [CONJURER] and me["aether"] == 1
    assert g.decision.kind == "main"
    assert [e for e in g.events if e["event"] == "prep"][-1] == {
        "event": "prep", "player": 0, "breach": 1, "card": FACE_DOWN, "source": "deck", "turn": 1}


def test_K_3_not_prepped_the_card_stays_on_top() -> None:
    g = conjuring(["Crystal", "Spark"])
    before = copy.deepcopy(p(g)["breaches"])
    choose(g, ("play", CONJURER))
    choose(g, ("skip",))
    assert p(g)["deck"] == ["Crystal", "Spark"]
    assert p(g)["breaches"] == before


def test_K_3_a_breach_holding_a_spell_or_closed_unfocused_takes_none() -> None:
    g = conjuring(["Crystal"], [{"state": "open", "spells": ["Spark"]}, closed(1), closed(0), closed(2)])
    choose(g, ("play", CONJURER))
    assert g.decision.kind == "main"  # nowhere to put it: nothing to decide
    assert p(g)["deck"] == ["Crystal"]
    g = conjuring([])
    choose(g, ("play", CONJURER))
    assert g.decision.kind == "main" and p(g)["deck"] == []


def test_K_3_a_breach_with_a_face_down_spell_is_full() -> None:
    g = at_main(game_for(player(hand=["Spark"], breaches=face_down_on(0, "Crystal"))))
    assert not [a for a in g.legal_actions() if a[0] == "prep"]


def test_K_3_cast_deals_2_with_the_breach_bonus_and_goes_face_up_to_the_discard() -> None:
    brs = face_down_on(2, "Crystal", state="open")
    del brs[2]["stage"]
    g = at_casting(game_for(player(hand=["Crystal"], breaches=brs)))
    assert g.legal_actions() == [("cast", 2, 0), ("end_casting",)]
    choose(g, ("cast", 2, 0))
    me = p(g)
    assert me["discard"] == ["Crystal"]
    assert me["breaches"][2] == {"state": "open"}
    assert g.state.nemesis.life == 70 - 2 - 1  # deal 2, and breach III's bonus
    assert [(e["card"], e["breach"]) for e in g.events if e["event"] == "cast"] == [(FACE_DOWN, 2)]


def test_K_3_on_a_closed_breach_it_must_be_cast() -> None:
    g = at_casting(game_for(player(hand=["Crystal"], breaches=face_down_on(1, "Spark", focused=False))))
    assert g.decision.kind == "main"  # the lone forced cast happened without asking
    assert p(g)["discard"] == ["Spark"] and p(g)["breaches"][1] == {"state": "closed", "stage": 1}
    assert g.state.nemesis.life == 68


def test_K_3_leaving_uncast_it_turns_face_up() -> None:
    d = game_for(player(hand=["Crystal"], breaches=face_down_on(0, "Frozen Magmite")))
    g = run_steps(d, [pick("discard", 1, "prepped")])
    me = p(g)
    assert g.decision.kind == "main"
    assert me["discard"] == ["Frozen Magmite"]
    assert me["breaches"][0] == {"state": "open"}
    assert FACE_DOWN not in card_census(g.state)


def test_K_3_only_the_owner_sees_the_face_down_card() -> None:
    g = at_main(game_for(player(hand=["Crystal"], breaches=face_down_on(0, "Frozen Magmite"))))
    own = g.view_for(0)["players"][0]["breaches"][0]
    assert own == {"state": "open", "spells": [FACE_DOWN], "face_down": ["Frozen Magmite"]}
    for seat in (1, None):
        other = g.view_for(seat)["players"][0]["breaches"][0]
        assert other == {"state": "open", "spells": [FACE_DOWN], "face_down": ["?"]}
        assert "Frozen Magmite" not in json.dumps(g.view_for(seat)["players"][0]["breaches"])


def test_K_3_the_decision_names_the_card_to_its_player_only() -> None:
    g = conjuring(["Frozen Magmite"])
    choose(g, ("play", CONJURER))
    assert g.view_for(0)["decision"]["options"][0] == ["conjure", "Frozen Magmite", 0]
    other = g.view_for(1)
    assert other["decision"]["options"] == [] and "Frozen Magmite" not in other["decision"]["prompt"]


def test_K_3_another_card_than_the_top_one_is_refused() -> None:
    g = conjuring(["Crystal", "Spark"])
    choose(g, ("play", CONJURER))
    before = g.to_dict()
    with pytest.raises(IllegalAction):
        g.apply(("conjure", "Spark", 0))
    with pytest.raises(IllegalAction):
        g.apply(("conjure", "Crystal", 2))  # closed and not focused
    assert g.to_dict() == before


def test_K_3_a_saved_game_with_face_down_cards_and_no_face_down_spell_is_refused() -> None:
    brs: list[dict[str, Any]] = [{"state": "open", "face_down": ["Crystal"]}, closed(1), closed(0), closed(2)]
    d = game_for(player(breaches=brs))
    with pytest.raises(StateFormatError) as e:
        Game.from_dict(d)
    assert e.value.field == "players[0].breaches[0].face_down"


def test_K_3_the_step_reads_right() -> None:
    assert card_text(CardDef("X", "gem", 0, "WE", play=(("conjure",),))) == (
        "Conjure (you may prep your deck's top card face down: a 2-cost spell that deals 2).")


@settings(max_examples=40, deadline=None)
@given(deck=hst.lists(hst.sampled_from(["Crystal", "Spark", "Frozen Magmite"]), max_size=3),
       pick_=hst.integers(0, 5))
def test_K_3_conjure_keeps_every_card_and_hides_it(deck: list[str], pick_: int) -> None:
    """Whatever is chosen, no card is made or lost, and seat 2 never learns the card."""
    g = conjuring(deck)
    census = card_census(g.state)
    choose(g, ("play", CONJURER))
    if g.decision.kind == "conjure":
        opts = g.legal_actions()
        choose(g, opts[pick_ % len(opts)])
    assert card_census(g.state) == census
    hidden = [c for br in g.state.players[0].breaches for c in br.face_down]
    view = g.view_for(1)["players"][0]
    assert [c for br in view["breaches"] for c in br.get("face_down", [])] == ["?"] * len(hidden)
    assert sorted(view["pool"]) == sorted(["Crystal", *deck[len(hidden):]])


# ============================================================================ K-4


def test_K_4_recall_from_the_discard_once_per_turn_per_copy() -> None:
    g = at_main(game_for(player(hand=["Crystal"], discard=[RECALLER, "Spark", RECALLER])))
    assert ("recall", RECALLER) in g.legal_actions()
    choose(g, ("recall", RECALLER))
    assert p(g)["aether"] == 2 and p(g)["discard"] == [RECALLER, "Spark", RECALLER]
    choose(g, ("recall", RECALLER))  # the second copy
    assert p(g)["aether"] == 4
    assert ("recall", RECALLER) not in g.legal_actions()
    assert [e for e in g.events if e["event"] == "recall"] == [
        {"event": "recall", "player": 0, "card": RECALLER, "turn": 1}] * 2


def test_K_4_a_used_copy_is_refused_with_a_clear_error() -> None:
    g = at_main(game_for(player(hand=["Crystal"], discard=[RECALLER])))
    choose(g, ("recall", RECALLER))
    before = g.to_dict()
    with pytest.raises(IllegalAction) as e:
        g.apply(("recall", RECALLER))
    assert "recall" in str(e.value).lower()
    assert g.to_dict() == before


def test_K_4_only_from_the_discard_pile() -> None:
    g = at_main(game_for(player(hand=[RECALLER, "Crystal"])))
    assert ("recall", RECALLER) not in g.legal_actions()
    with pytest.raises(IllegalAction):
        g.apply(("recall", RECALLER))


def test_K_4_usable_the_turn_it_is_gained() -> None:
    d = game_for(player(hand=["Crystal"], aether=3))
    d["supply"][0] = [RECALLER, 5]
    g = at_main(d)
    choose(g, ("gain", RECALLER))
    assert p(g)["discard"] == [RECALLER] and p(g)["aether"] == 0
    choose(g, ("recall", RECALLER))
    assert p(g)["aether"] == 2


def test_K_4_card_text_reads_recall() -> None:
    from gravehold.content import registry

    assert card_text(registry.CARDS[RECALLER]) == "Gain 1 Æ.\nRecall: Gain 2 Æ."


def _recalling_flamequake(fire: int) -> Game:
    d = base_state([player("Brama", hand=["Crystal"], discard=["Flamequake"], charges=2), player("Mist")])
    if fire:
        d["tokens"] = {"fire": fire}
    return at_main(d)


def test_K_15_an_offer_that_could_do_nothing_is_not_asked() -> None:
    """Flamequake's Recall: pay 2 charges to remove a fire token. With no fire the offer is
    passed over (nothing would come of it); with one it is asked, and paying removes it."""
    g = _recalling_flamequake(0)
    g.apply(("recall", "Flamequake"))
    assert g.decision is not None and g.decision.kind == "main"
    assert g.state.players[0].charges == 2 and g.state.tokens.get("fire", 0) == 0
    assert [e["event"] for e in g.events[-2:]] == ["choice", "recall"]
    g = _recalling_flamequake(1)
    g.apply(("recall", "Flamequake"))
    assert g.decision is not None and g.decision.kind == "yes_no"
    choose(g, ("yes",))
    assert g.state.players[0].charges == 0 and g.state.tokens.get("fire", 0) == 0
