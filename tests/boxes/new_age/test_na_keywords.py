"""The player-side keywords The New Age brings: K-2 attach, K-15 optional extra costs, K-16
"just", and the P-20 / P-21 readings its cards rely on.

Each test writes a small exact state by hand, acts through the public game, and reads the
whole outcome back. Rule tests use test-only cards where the rule is generic (registered
for one test with ``support.registered``) and the box's own cards where its text is the
point (the conduits, Imbued Smash, Energized Rubidium).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from gravehold import Game
from gravehold.content.model import CardDef
from gravehold.engine import frames
from gravehold.engine.turn import prep_targets

from support import base_state, card_census, choose, closed, player, registered

OPEN: dict[str, Any] = {"state": "open"}
HOLD = ["Crystal"]  # a card left in hand keeps the main phase waiting


def main_of(d: dict[str, Any], *steps: tuple[Any, ...], source: str = "Spark", you: int = 0) -> Game:
    """Player ``you`` resolves ``steps`` (if any) as ``source``, then is at their main phase."""
    return Game.at(d, *(frames.step(you, source, s) for s in steps), *frames.main_phase(you),
                   *frames.draw_phase(you), active=you, phase="main", turn=1)


def casting(d: dict[str, Any], i: int = 0) -> Game:
    return Game.at(d, ("casting_phase", i), *frames.main_phase(i), *frames.draw_phase(i),
                   active=i, phase="casting", turn=1)


def waits_in_main(g: Game, i: int = 0) -> None:
    assert g.decision is not None and (g.decision.kind, g.decision.player) == ("main", i), g.decision


def attached(g: Game, i: int) -> list[list[str]]:
    return [list(b.attached) for b in g.state.players[i].breaches]


def nemesis_hits(g: Game) -> list[int]:
    return [e["amount"] for e in g.events if e["event"] == "nemesis_damage"]


# ================================================================== K-2 attach


def test_K_2_an_attached_relic_goes_under_the_chosen_breach_and_is_not_put_away_in_the_draw_phase() -> None:
    d = base_state([player(hand=["Aether Conduit", "Crystal"]), player("Mist", hand=list(HOLD))])
    g = main_of(d)
    before = card_census(g.state)
    choose(g, ("play", "Aether Conduit"))
    assert g.decision is not None and g.decision.kind == "breach"
    # every breach there is, of every player (Brama and Mist each have four)
    assert g.legal_actions() == [("breach", j, b) for j in (0, 1) for b in range(4)]
    choose(g, ("breach", 1, 2))
    assert attached(g, 1) == [[], [], ["Aether Conduit"], []]
    assert g.state.players[0].played == [] and g.state.players[0].hand == ["Crystal"]
    assert card_census(g.state) == before
    choose(g, ("end_main",))  # the draw phase leaves the conduit where it is
    assert attached(g, 1) == [[], [], ["Aether Conduit"], []]
    assert "Aether Conduit" not in g.state.players[0].discard + g.state.players[1].discard
    assert card_census(g.state) == before
    assert [e for e in g.events if e["event"] == "attached"] == [
        {"event": "attached", "player": 1, "breach": 2, "card": "Aether Conduit", "source": "Aether Conduit",
         "turn": 1}]


def test_K_2_a_breach_holding_a_card_takes_no_second_one_and_with_none_free_the_relic_stays_in_play() -> None:
    full = [{"state": "open", "attached": ["Pain Conduit"]}, closed(1, attached=["Link Conduit"]),
            closed(0, attached=["Aether Conduit"]), {"state": "destroyed"}]
    d = base_state([player(hand=["Pain Conduit", "Crystal"], breaches=full)])
    g = main_of(d)
    choose(g, ("play", "Pain Conduit"))  # no breach can take it: it stays in the play area (P-7)
    waits_in_main(g)
    assert g.state.players[0].played == ["Pain Conduit"]
    assert attached(g, 0) == [["Pain Conduit"], ["Link Conduit"], ["Aether Conduit"], []]
    choose(g, ("end_main",))  # put away with the played cards, then drawn again (P-15, P-16)
    p = g.state.players[0]
    assert (p.played, p.discard, p.hand) == ([], [], ["Crystal", "Pain Conduit"])


def test_K_2_a_destroyed_breach_sends_its_attached_card_to_the_owners_discard() -> None:
    d = base_state([player(life=0, breaches=[OPEN, closed(1, attached=["Aether Conduit"]), closed(0), closed(2)],
                           hand=list(HOLD)), player("Mist", hand=list(HOLD))])
    g = Game.at(d, ("exhaust_breach", 0), *frames.main_phase(1), active=1, phase="main", turn=1)
    before = card_census(g.state)
    choose(g, ("breach", 1))
    p = g.state.players[0]
    assert [b.state for b in p.breaches] == ["open", "destroyed", "closed", "closed"]
    assert attached(g, 0) == [[], [], [], []]
    assert p.discard == ["Aether Conduit"]
    assert card_census(g.state) == before
    assert [e["event"] for e in g.events if e["event"] in ("detached", "breach_destroyed")] == [
        "detached", "breach_destroyed"]


def test_K_2_a_card_under_a_breach_that_allows_it_lets_two_spells_share_that_breach() -> None:
    brs = [{"state": "open", "spells": ["Spark"], "attached": ["Link Conduit"]},
           {"state": "open", "spells": ["Spark"]}, closed(0), closed(2)]
    p = Game.from_dict(base_state([player(breaches=brs)])).state.players[0]
    assert prep_targets(p, "Spark", own_turn=True) == [0]
    brs[0]["spells"] = ["Spark", "Spark"]
    p = Game.from_dict(base_state([player(breaches=brs)])).state.players[0]
    assert prep_targets(p, "Spark", own_turn=True) == []  # two, no more


def test_K_2_attached_cards_are_saved_and_reloaded_with_the_game() -> None:
    d = base_state([player(breaches=[{"state": "open", "attached": ["Link Conduit"]}, closed(1), closed(0),
                                     closed(2)])])
    g = Game.from_dict(d)
    again = Game.from_json(g.to_json())
    assert attached(again, 0) == [["Link Conduit"], [], [], []]


# ================================================================== P-20 with the conduits


def _cast_from(b: int, spell: str, under: list[str], caster_breaches: int = 0) -> Game:
    brs: list[dict[str, Any]] = [OPEN, closed(1), closed(0), closed(2)]
    brs[b] = {"state": "open", "spells": [spell], "attached": under}
    d = base_state([player(breaches=brs, hand=list(HOLD)), player("Mist", hand=list(HOLD))])
    g = casting(d)
    choose(g, ("cast", b, 0))
    return g


def test_P_20_pain_conduit_raises_every_source_of_an_echo_spell_and_is_then_discarded() -> None:
    g = _cast_from(2, "Bouncing Boom", ["Pain Conduit"])  # breach III: +1, the conduit +2
    assert nemesis_hits(g) == [5, 5]
    p = g.state.players[0]
    assert attached(g, 0) == [[], [], [], []]
    assert p.discard == ["Bouncing Boom", "Pain Conduit"]
    assert g.state.nemesis.life == 60


def test_P_20_aether_conduit_gives_its_caster_aether_after_each_resolution() -> None:
    g = _cast_from(0, "Reverberating Shock", ["Aether Conduit"])  # echo: two resolutions
    p = g.state.players[0]
    assert nemesis_hits(g) == [1, 1]
    assert (p.aether, p.aether_for) == (2, {"card": 2})
    assert attached(g, 0) == [["Aether Conduit"], [], [], []]  # it stays


def test_P_20_imbued_smash_bonus_raises_both_of_its_damage_sources() -> None:
    brs: list[dict[str, Any]] = [OPEN, closed(1), {"state": "open", "spells": ["Imbued Smash"],
                                                   "attached": ["Pain Conduit"]}, closed(2)]
    d = base_state([player(breaches=brs, hand=["Crystal", "Spark"])])
    g = casting(d)
    choose(g, ("cast", 2, 0))
    choose(g, ("yes",))
    choose(g, ("card", "Spark"))
    assert nemesis_hits(g) == [7, 5]  # 4 + 1 + 2, and 2 + 1 + 2
    assert g.state.players[0].hand == ["Crystal"]
    assert g.state.players[0].discard == ["Imbued Smash", "Pain Conduit", "Spark"]


def test_P_20_fatal_harmony_bonus_raises_the_allys_extra_damage_too() -> None:
    brs: list[dict[str, Any]] = [OPEN, closed(1), {"state": "open", "spells": ["Fatal Harmony"]}, closed(2)]
    d = base_state([player(breaches=brs, hand=list(HOLD)),
                    player("Mist", hand=["Fatal Harmony", "Crystal"], deck=["Spark"])])
    g = casting(d)
    choose(g, ("cast", 2, 0))
    choose(g, ("player", 1))
    assert nemesis_hits(g) == [5, 4]  # breach III's +1 on both sources
    mist = g.state.players[1]
    assert (mist.hand, mist.deck, mist.discard) == (["Crystal", "Spark"], [], ["Fatal Harmony"])


# ================================================================== K-15 optional extra costs

PAY_ALLY = "Test Offering"
PAY_YOU = "Test Toll"


@pytest.fixture()
def cost_cards() -> Iterator[None]:
    defs = [CardDef(PAY_ALLY, "gem", 0, "NA", play=(
                ("may_pay", "ally", (("lose_charges", 2),), (("aether", 1),), (("gravehold_life", 1),)),)),
            CardDef(PAY_YOU, "gem", 0, "NA", play=(
                ("may_pay", "you", (("lose_charges", 1),), (("aether", 2),), ()),))]
    with registered(*defs):
        yield


@pytest.mark.usefixtures("cost_cards")
def test_K_15_an_ally_who_can_pay_in_full_is_offered_and_then_both_rewards_follow() -> None:
    d = base_state([player(hand=[PAY_ALLY, "Crystal"]), player("Mist", charges=2, hand=list(HOLD)),
                    player("Kadir", charges=1, hand=list(HOLD))], gravehold={"life": 20, "max_life": 30})
    d["config"]["mages"] = ["Brama", "Mist", "Kadir"]
    g = main_of(d)
    choose(g, ("play", PAY_ALLY))
    assert g.decision is not None and g.decision.kind == "player"
    assert g.legal_actions() == [("player", 1), ("skip",)]  # Kadir holds 1 charge of the 2: not offered
    choose(g, ("player", 1))
    waits_in_main(g)
    st = g.state
    assert [p.charges for p in st.players] == [0, 0, 1]
    assert [p.aether for p in st.players] == [0, 1, 0]  # the payer's reward
    assert st.gravehold == 21  # "if they do" for the card's player


@pytest.mark.usefixtures("cost_cards")
def test_K_15_declining_or_being_unable_to_pay_gives_nothing() -> None:
    d = base_state([player(hand=[PAY_YOU, PAY_YOU, "Crystal"], charges=1)])
    g = main_of(d)
    choose(g, ("play", PAY_YOU))
    assert g.legal_actions() == [("yes",), ("no",)]
    choose(g, ("no",))
    assert (g.state.players[0].charges, g.state.players[0].aether) == (1, 0)
    choose(g, ("play", PAY_YOU))
    choose(g, ("yes",))
    assert (g.state.players[0].charges, g.state.players[0].aether) == (0, 2)
    # with no charge left the cost cannot be paid in full, so nothing is asked
    g2 = main_of(base_state([player(hand=[PAY_YOU, "Crystal"])]))
    choose(g2, ("play", PAY_YOU))
    waits_in_main(g2)
    assert (g2.state.players[0].charges, g2.state.players[0].aether) == (0, 0)


def test_K_15_casting_an_allys_spell_the_caster_pays_the_extra_cost() -> None:
    """P-18: Imbued Smash prepped by Mist and cast by Brama through Galvanized Bauble."""
    d = base_state([player(hand=["Galvanized Bauble", "Spark", "Crystal"]),
                    player("Mist", hand=["Crystal"], breaches=[{"state": "open", "spells": ["Imbued Smash"]},
                                                                closed(1), closed(0), closed(2)])])
    g = main_of(d)
    choose(g, ("play", "Galvanized Bauble"))
    choose(g, ("choose", 1))  # the one prepped spell is cast at once
    assert g.decision is not None and (g.decision.kind, g.decision.player) == ("yes_no", 0)
    choose(g, ("yes",))
    choose(g, ("card", "Spark"))
    choose(g, ("no",))  # keep the spell
    assert nemesis_hits(g) == [4, 2]
    assert g.state.players[0].hand == ["Crystal"] and g.state.players[0].discard == ["Spark"]
    assert g.state.players[1].hand == ["Crystal"] and g.state.players[1].discard == ["Imbued Smash"]


def test_K_15_wording_of_an_offer_names_who_may_pay_and_what_follows() -> None:
    from gravehold.content.text import render_step

    assert render_step(("may_pay", "you", (("lose_charges", 1),), (("aether", 2),), ())) == (
        "You may lose 1 charge for this: Gain 2 Æ.")
    assert render_step(("may_pay", "ally", (("pick", "you", "hand", "any", 1, "discard", "must", ()),),
                        (("gain_charge", 1),), ())) == (
        "Any ally may discard a card from their hand to gain 1 charge.")


# ================================================================== K-16 "just"

JUST = "Test Echo Stone"


@pytest.fixture()
def just_card() -> Iterator[None]:
    with registered(CardDef(JUST, "gem", 0, "NA", play=(
            ("if", ("played_this_turn", "relic"), (("aether", 2),), ()),
            ("if", ("gained_this_turn", "spell"), (("aether", 1),), ())))):
        yield


@pytest.mark.usefixtures("just_card")
def test_K_16_just_played_and_just_gained_reach_back_over_the_whole_turn() -> None:
    d = base_state([player(hand=["Exogranite", JUST, JUST, "Crystal"], aether=4)])
    g = main_of(d)
    choose(g, ("play", JUST))  # nothing played or gained before it
    assert g.state.players[0].aether == 4
    choose(g, ("gain", "Jagged Lightning"))
    choose(g, ("play", "Exogranite"))
    choose(g, ("choose", 1))  # destroyed: it left play, yet it was played this turn
    assert g.state.players[0].aether == 3
    choose(g, ("play", JUST))  # gems, not a relic, were played; a spell was gained
    assert g.state.players[0].aether == 4
    assert g.state.flags["played"] == (JUST, "Exogranite", JUST)
    assert g.state.flags["gained"] == ("Jagged Lightning",)


@pytest.mark.usefixtures("just_card")
def test_K_16_a_relic_played_earlier_in_the_turn_counts_though_it_is_attached_elsewhere_now() -> None:
    d = base_state([player(hand=["Link Conduit", JUST, "Crystal"])])
    g = main_of(d)
    choose(g, ("play", "Link Conduit"))
    choose(g, ("breach", 0, 0))
    choose(g, ("play", JUST))
    assert g.state.players[0].aether == 2
    choose(g, ("end_main",))  # the flags lapse with the turn
    assert "played" not in g.state.flags


# ================================================================== P-21


def test_P_21_an_offer_is_made_while_its_card_resolves_and_is_gone_afterwards() -> None:
    """The stack (``engine.core.Engine.run``) resolves every frame a card pushed before the
    main phase is offered again, and the offer is one such frame (``extra_cost``)."""
    d = base_state([player(hand=["Energized Rubidium", "Crystal"]), player("Mist", hand=["Spark", "Crystal"])])
    g = main_of(d)
    choose(g, ("play", "Energized Rubidium"))
    assert g.decision is not None and g.decision.kind == "player" and g.decision.source == "Energized Rubidium"
    assert ("play", "Crystal") not in g.legal_actions()  # no other card before this one is done
    choose(g, ("skip",))
    waits_in_main(g)
    assert all(f[0] != "extra_cost" for f in g.state.stack)
    assert all(a[0] not in ("player", "skip") for a in g.legal_actions())  # the offer cannot be taken later
    assert (g.state.players[0].aether, g.state.players[1].charges) == (3, 0)


def test_P_21_an_or_of_a_played_gem_is_chosen_before_the_next_card() -> None:
    """The OR is asked by the gem's own step frame (``effects._or``) before the main phase returns."""
    d = base_state([player(hand=["Exogranite", "Crystal"])])
    g = main_of(d)
    choose(g, ("play", "Exogranite"))
    assert g.decision is not None and g.decision.kind == "or"
    assert ("play", "Crystal") not in g.legal_actions()
    choose(g, ("choose", 0))
    waits_in_main(g)
    assert g.state.players[0].aether == 2 and g.state.players[0].played == ["Exogranite"]


def test_P_21_a_spell_cast_by_a_relic_resolves_fully_before_the_relic_goes_on() -> None:
    """Galvanized Bauble's cast (``turn.cast_spell`` pushes the Cast effect above the rest of
    the relic's steps): Imbued Smash's offer and damage come before the Bauble's own choice."""
    d = base_state([player(hand=["Galvanized Bauble", "Crystal", "Crystal"], breaches=[
        {"state": "open", "spells": ["Imbued Smash"]}, closed(1), closed(0), closed(2)])])
    g = main_of(d)
    choose(g, ("play", "Galvanized Bauble"))
    choose(g, ("choose", 1))  # the one prepped spell is cast at once
    kinds = []
    while g.decision is not None and g.decision.kind != "main":
        kinds.append((g.decision.kind, g.decision.source))
        choose(g, g.legal_actions()[0])
    # pay the extra cost (a Crystal, the one name in hand, is discarded at once), then destroy the spell
    assert kinds == [("yes_no", "Imbued Smash"), ("yes_no", "Imbued Smash")]
    assert nemesis_hits(g) == [4, 2]
    assert g.state.destroyed == ["Imbued Smash"]
    p = g.state.players[0]
    assert (p.hand, p.discard, p.played) == (["Crystal"], ["Crystal"], ["Galvanized Bauble"])
