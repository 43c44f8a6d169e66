"""Griefweaver (Legacy of Gravehold): its mat (the fetter deck, covered supply piles and their
loss), its setup and increased difficulty, its three fetters, its ten cards and the campaign's
Voracious Spell Fetter, from exact states.

Each test builds a small exact state (Brama and Mist, against Griefweaver, on the usual test
supply), runs an Unleash, a nemesis turn or effect steps, and compares a snapshot of every zone
the nemesis can touch (its tokens, special decks and the supply included) with the starting one
plus only the expected changes.
"""

from __future__ import annotations

import copy
from typing import Any

from gravehold import Game
from gravehold.boxes.legacy_of_gravehold.nemeses import griefweaver as gw
from gravehold.content import registry
from gravehold.content.text import nemesis_card_text, nemesis_text, panels
from gravehold.engine.view import view_for

import support
from support import at_main, at_nemesis_turn, choose, minion, power, run_steps

GW = "Griefweaver"
GEM, RELIC, SPELL = "Gem Fetter", "Relic Fetter", "Spell Fetter"
VOR, VOR_C = "Voracious Spell Fetter", "Voracious Spell Fetter (Campaign)"
FILLER = "Needlemaw"
# the test supply: three gems, two relics, four spells
FM, SS, EI = "Frozen Magmite", "Scoria Slag", "Erratic Ingot"
MT, PF = "Mage's Totem", "Primordial Fetish"
JL, FT = "Jagged Lightning", "Fiery Torrent"
RA = "Reduce to Ash"
CL = "Conjure the Lost"
SUPPLY = [FM, SS, EI, MT, PF, JL, FT, CL, RA]
FULL = [7, 7, 7, 5, 5, 5, 5, 5, 5]


def make(*top: str, fetters: tuple[tuple[str, str], ...] = ((GEM, FM), (SPELL, JL)),
         in_play: tuple[dict[str, Any], ...] = (), fdeck: tuple[str, ...] = (GEM, RELIC, SPELL),
         fdiscard: tuple[str, ...] = (), counts: dict[str, int] | None = None, expert: bool = False,
         p0: dict[str, Any] | None = None, p1: dict[str, Any] | None = None) -> dict[str, Any]:
    """Brama and Mist against Griefweaver: ``top`` on the nemesis deck, then the filler; each
    (fetter, pile) of ``fetters`` in play covering that pile (its cards under it), then
    ``in_play``; ``counts`` sets some piles' sizes first."""
    sizes = dict(zip(SUPPLY, FULL, strict=True)) | (counts or {})
    tokens: dict[str, int] = {}
    under: list[str] = []
    for r, (_, pile) in enumerate(fetters):
        under += [pile] * sizes[pile]
        sizes[pile] = 0
        tokens[f"fetter {r + 1} pile"] = SUPPLY.index(pile) + 1
    decks = {"fetter": list(fdeck), "voracious": [VOR_C]}
    if under:
        decks["under fetters"] = under
    if fdiscard:
        decks["fetter discard"] = list(fdiscard)
    d = support.facing(GW, 60, top, FILLER, in_play=(*(minion(f) for f, _ in fetters), *in_play), p0=p0, p1=p1,
                       expert=expert, tokens=tokens, decks=decks, deck=("Spark",))
    d["supply"] = [[name, sizes[name]] for name in SUPPLY]
    return d


SNAPSHOT = support.Snapshot(*support.SNAP_BASE, "tokens", "decks", "supply")
snap, expect, now = SNAPSHOT.snap, SNAPSHOT.expect, SNAPSHOT.now


def supply(**changes: int) -> list[int]:
    """The supply of ``make()`` (Frozen Magmite and Jagged Lightning covered), some piles changed
    (by their snake names)."""
    sizes = dict(zip(SUPPLY, FULL, strict=True)) | {FM: 0, JL: 0}
    for k, v in changes.items():
        sizes[next(n for n in SUPPLY if support.snake(n) == k)] = v
    return [sizes[n] for n in SUPPLY]


def piles(*names: str) -> dict[str, int]:
    return {f"fetter {r + 1} pile": SUPPLY.index(p) + 1 for r, p in enumerate(names)}


def decks(fetter: tuple[str, ...] = (GEM, RELIC, SPELL), under: tuple[tuple[str, int], ...] = ((FM, 7), (JL, 5)),
          discard: tuple[str, ...] = (), voracious: bool = True) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {"fetter": list(fetter), "voracious": [VOR_C] if voracious else []}
    if under or "under fetters" in out:
        out["under fetters"] = [p for p, k in under for _ in range(k)]
    if discard:
        out["fetter discard"] = list(discard)
    return out


def fetter_row(name: str, life: int = 4) -> tuple[str, int, int]:
    return (name, life, 0)


IN_PLAY = [fetter_row(GEM), fetter_row(SPELL)]


def any_player(g: Game, seat: int = 0) -> None:
    """The players name who answers a nemesis card's "any player"."""
    choose(g, ("player", seat))


# =========================================================================== the mat


def test_S_7_griefweaver_setup_covers_four_piles_with_fetters_of_their_kind() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=GW, seed=5)
    st = g.state
    n = st.nemesis
    assert (n.life, n.max_life) == (60, 60)
    cov = gw.covered(st)
    fetters = [c for c in n.in_play if gw.is_fetter(c.name)]
    assert len(cov) == 4 and len(fetters) == 4 and all(c.life == 4 for c in fetters)
    for c, pile in zip(fetters, cov, strict=True):
        assert registry.CARDS[pile].type == gw.FETTERS[c.name][0]
        assert st.supply_counts[st.supply_names.index(pile)] == 0
        assert n.decks["under fetters"].count(pile) == {"gem": 7, "relic": 5, "spell": 5}[registry.CARDS[pile].type]
    assert sorted(n.decks["fetter"] + [c.name for c in fetters]) == sorted(
        [GEM] * 5 + [RELIC] * 4 + [SPELL] * 6)
    assert n.decks["voracious"] == [VOR_C]
    assert VOR in n.deck and "Grasp" in n.deck and GEM not in n.deck
    assert registry.NEMESES[GW].deck_shape == (3, 4, 3)
    assert sum(registry.NEMESIS_CARDS[c].tier == 2 for c in n.deck) >= 4


def _setup_state(fdeck: list[str], expert: bool = False) -> Game:
    d = make(fetters=(), fdeck=tuple(fdeck), expert=expert)
    d["nemesis"]["in_play"] = []
    return Game.from_dict(d)


def test_S_7_griefweaver_setup_with_every_gem_pile_covered_covers_a_fifth_pile_then_frees_a_gem_pile() -> None:
    g = _setup_state([GEM, GEM, GEM, GEM, RELIC, SPELL, RELIC])
    st = g.state
    gw.place_setup_fetters(st)
    # three gems and a relic cover four piles (the fourth gem fits nowhere), every gem pile is
    # covered, so the spell goes on as a fifth; then the first gem pile's fetter is discarded
    assert gw.covered(st) == [SS, EI, MT, JL]
    assert [c.name for c in st.nemesis.in_play] == [GEM, GEM, RELIC, SPELL]
    assert st.supply_counts == [7, 0, 0, 0, 5, 0, 5, 5, 5]
    assert st.nemesis.decks["fetter discard"] == [GEM]
    assert sorted(st.nemesis.decks["fetter"]) == [GEM, RELIC]  # the extra gem shuffled back
    assert st.gravehold == 30  # no damage during this setup


def test_S_7_griefweaver_setup_stops_at_four_covered_piles_when_a_gem_pile_is_left() -> None:
    g = _setup_state([SPELL, RELIC, GEM, SPELL, GEM])
    st = g.state
    gw.place_setup_fetters(st)
    assert gw.covered(st) == [JL, MT, FM, FT]
    assert st.nemesis.decks["fetter"] == [GEM]
    assert "fetter discard" not in st.nemesis.decks


def test_N_4_griefweaver_unleash_puts_the_top_fetter_on_a_pile_the_players_pick() -> None:
    d = make()
    g = run_steps(d, [("unleash", 1)])
    assert g.decision is not None and g.decision.kind == "pile"
    assert set(g.legal_actions()) == {("pile", SS), ("pile", EI)}
    choose(g, ("pile", EI))
    assert now(g) == expect(d, in_play=[*IN_PLAY, fetter_row(GEM)], supply=supply(erratic_ingot=0),
                            decks=decks(fetter=(RELIC, SPELL), under=((FM, 7), (JL, 5), (EI, 7))),
                            tokens=piles(FM, JL, EI))


def test_N_4_griefweaver_a_fetter_with_no_pile_of_its_kind_is_discarded_and_gravehold_suffers_2() -> None:
    d = make(fdeck=(RELIC, GEM), fetters=((RELIC, MT), (RELIC, PF)))
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, gravehold=28, decks={**decks(fetter=(GEM,), under=((MT, 5), (PF, 5))),
                                                    "fetter discard": [RELIC]})


def test_N_4_griefweaver_an_empty_fetter_deck_is_reformed_from_the_fetter_discard() -> None:
    d = make(fdeck=(), fdiscard=(SPELL,))
    g = run_steps(d, [("unleash", 1)])
    choose(g, ("pile", RA))
    assert now(g) == expect(d, in_play=[*IN_PLAY, fetter_row(SPELL)], supply=supply(reduce_to_ash=0),
                            decks={**decks(fetter=(), under=((FM, 7), (JL, 5), (RA, 5))), "fetter discard": []},
                            tokens=piles(FM, JL, RA))


def test_N_4_griefweaver_an_unleash_with_no_fetter_anywhere_does_nothing() -> None:
    d = make(fdeck=())
    g = run_steps(d, [("unleash", 1)])
    assert now(g) == expect(d, decks=decks(fetter=()))


def test_N_10_griefweaver_a_defeated_fetter_frees_its_pile_and_goes_to_the_fetter_discard() -> None:
    d = make()
    g = run_steps(d, [("damage", 4)])
    choose(g, ("target", SPELL))
    assert now(g) == expect(d, in_play=[fetter_row(GEM)], supply=supply(jagged_lightning=5),
                            decks={**decks(under=((FM, 7),)), "fetter discard": [SPELL]}, tokens=piles(FM))


def test_griefweaver_covered_piles_cannot_be_gained() -> None:
    d = make(p0={"hand": [], "aether": 9})
    g = at_main(d)
    gains = {a[1] for a in g.legal_actions() if a[0] == "gain"}
    assert FM not in gains and JL not in gains and {SS, EI, RA} <= gains


def test_G_2_griefweaver_the_players_lose_once_no_pile_is_uncovered() -> None:
    left = {p: 0 for p in SUPPLY if p not in (FM, JL, RA)}
    d = make(counts=left)
    g = run_steps(d, [("destroy_pile", "any")])  # one pile left: it is destroyed at once
    assert g.over and (g.result, g.reason) == ("loss", "nemesis_rule")
    assert g.state.destroyed == [RA] * 5


def test_G_2_griefweaver_buying_out_the_last_uncovered_pile_loses() -> None:
    left = {p: 0 for p in SUPPLY if p not in (FM, JL, SS)} | {SS: 1}
    d = make(counts=left, p0={"hand": [], "aether": 4})
    g = at_main(d)
    choose(g, ("gain", SS))
    assert g.over and (g.result, g.reason) == ("loss", "nemesis_rule")


def test_S_9_griefweaver_increased_difficulty_fetters_enter_with_1_more_life() -> None:
    d = make(expert=True)
    g = run_steps(d, [("unleash", 1)])
    choose(g, ("pile", SS))
    assert g.state.nemesis.in_play[-1].name == GEM and g.state.nemesis.in_play[-1].life == 5


def test_S_9_griefweaver_increased_difficulty_setup_destroys_a_pile_before_the_fetters() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis=GW, seed=5, difficulty="expert")
    assert g.decision is not None and g.decision.kind == "pile"
    assert not [c for c in g.state.nemesis.in_play if gw.is_fetter(c.name)]
    pile = g.legal_actions()[0][1]
    choose(g, ("pile", pile))
    st = g.state
    assert st.supply_counts[st.supply_names.index(pile)] == 0 and st.destroyed.count(pile) >= 5
    assert pile not in gw.covered(st) and len(gw.covered(st)) in (4, 5)
    assert all(c.life == 5 for c in st.nemesis.in_play if gw.is_fetter(c.name))


# =========================================================================== the fetters


def test_N_12_griefweaver_gem_fetter_relic_fetter_and_spell_fetter_cover_a_pile_of_their_own_kind() -> None:
    for name, kind in ((GEM, "gem"), (RELIC, "relic"), (SPELL, "spell")):
        d = make(fdeck=(name,))
        g = run_steps(d, [("unleash", 1)])
        opts = {a[1] for a in g.legal_actions()}
        assert opts == set(gw.uncovered(g.state, kind)) and opts
        assert registry.NEMESIS_CARDS[name].life == 4 and registry.NEMESIS_CARDS[name].deck == "fetter"


# =========================================================================== tier 1


def test_N_6_griefweaver_clutch_destroys_a_fetter_with_its_piles_cards_and_any_player_suffers_2() -> None:
    d = make()
    g = run_steps(d, list(registry.NEMESIS_CARDS["Clutch"].effect), you=-1, owner=-1, source="Clutch")
    assert set(g.legal_actions()) == {("pile", FM), ("pile", JL)}
    choose(g, ("pile", JL))
    any_player(g, 1)
    assert now(g) == expect(d, in_play=[fetter_row(GEM)], decks=decks(under=((FM, 7),)), tokens=piles(FM),
                            destroyed=[SPELL] + [JL] * 5, life=[10, 8])


def test_griefweaver_constrict_destroys_an_uncovered_spell_pile_and_gravehold_suffers_2() -> None:
    d = make()
    g = run_steps(d, list(registry.NEMESIS_CARDS["Constrict"].effect), you=-1, owner=-1, source="Constrict")
    assert set(g.legal_actions()) == {("pile", FT), ("pile", CL), ("pile", RA)}
    choose(g, ("pile", CL))
    assert now(g) == expect(d, supply=supply(conjure_the_lost=0), destroyed=[CL] * 5, gravehold=28)


def test_P_14_griefweaver_doom_cudgel_with_four_fetters_hurts_a_player_by_the_fetters() -> None:
    four = ((GEM, FM), (SPELL, JL), (RELIC, MT), (GEM, SS))
    d = make(fetters=four)
    power_steps = list(registry.NEMESIS_CARDS["Doom Cudgel"].power)
    g = run_steps(d, power_steps, you=-1, owner=-1, source="Doom Cudgel")
    any_player(g, 0)
    assert g.state.players[0].life == 6 and g.state.gravehold == 30
    d = make()  # two fetters: Unleash twice instead
    g = run_steps(d, power_steps, you=-1, owner=-1, source="Doom Cudgel")
    choose(g, ("pile", SS))
    assert g.decision is not None and g.decision.kind == "pile"  # the second fetter, a relic
    choose(g, ("pile", PF))
    assert now(g) == expect(d, in_play=[*IN_PLAY, fetter_row(GEM), fetter_row(RELIC)],
                            supply=supply(scoria_slag=0, primordial_fetish=0), tokens=piles(FM, JL, SS, PF),
                            decks=decks(fetter=(SPELL,), under=((FM, 7), (JL, 5), (SS, 7), (PF, 5))))
    c = registry.NEMESIS_CARDS["Doom Cudgel"]
    assert (c.type, c.tier, c.power_tokens, c.to_discard) == ("power", 1, 2, (("spend_aether", 6),))


# =========================================================================== tier 2


def test_griefweaver_killing_embrace_unleashes_twice_then_hurts_gravehold_2_plus_the_fetters() -> None:
    c = registry.NEMESIS_CARDS["Killing Embrace"]
    assert c.immediately == (("unleash", 2),) and c.power_tokens == 2
    d = make(in_play=(power("Killing Embrace", 1),))
    g = run_steps(d, list(c.power), you=-1, owner=-1, source="Killing Embrace")
    assert now(g) == expect(d, gravehold=26)  # 2, plus 1 for each of the two fetters


def test_N_12_griefweaver_killing_embrace_drawn_on_a_nemesis_turn_unleashes_twice_as_it_enters() -> None:
    d = make("Killing Embrace", fdeck=(GEM, RELIC))
    g = at_nemesis_turn(d)
    choose(g, ("pile", SS))
    choose(g, ("pile", MT))
    support.at_p1_main(g)
    to = d["turn_order"]
    assert now(g) == expect(d, n_deck=[FILLER], in_play=[*IN_PLAY, fetter_row(GEM), fetter_row(RELIC),
                                                         ("Killing Embrace", 0, 2)],
                            supply=supply(scoria_slag=0, mage_s_totem=0), tokens=piles(FM, JL, SS, MT),
                            decks=decks(fetter=(), under=((FM, 7), (JL, 5), (SS, 7), (MT, 5))))
    assert g.state.to_discard == [*to["discard"], "P1"]


def test_griefweaver_hand_of_agony_destroys_a_pile_while_four_are_uncovered() -> None:
    c = registry.NEMESIS_CARDS["Hand of Agony"]
    assert c.life == 9
    d = make()  # seven uncovered piles
    g = run_steps(d, list(c.persistent), you=-1, owner=-1, source="Hand of Agony")
    choose(g, ("pile", EI))
    assert now(g) == expect(d, supply=supply(erratic_ingot=0), destroyed=[EI] * 7)


def test_griefweaver_hand_of_agony_unleashes_and_hurts_gravehold_with_three_uncovered() -> None:
    c = registry.NEMESIS_CARDS["Hand of Agony"]
    d = make(fdeck=(RELIC,), counts={SS: 0, EI: 0, MT: 0, FT: 0})  # left: Primordial Fetish, Conjure, Reduce
    g = run_steps(d, list(c.persistent), you=-1, owner=-1, source="Hand of Agony")
    # the relic fetter has one pile to go to (no question); then Gravehold suffers 2
    assert now(g) == expect(d, in_play=[*IN_PLAY, fetter_row(RELIC)], tokens=piles(FM, JL, PF), gravehold=28,
                            supply=supply(scoria_slag=0, erratic_ingot=0, mage_s_totem=0, fiery_torrent=0,
                                          primordial_fetish=0),
                            decks=decks(fetter=(), under=((FM, 7), (JL, 5), (PF, 5))))


def test_N_12_griefweaver_voracious_spell_fetter_destroys_a_pile_hurts_a_player_and_covers_the_costliest_spell() \
        -> None:
    c = registry.NEMESIS_CARDS[VOR]
    assert (c.type, c.tier, c.life) == ("minion", 2, 7)
    d = make(VOR)
    g = at_nemesis_turn(d)
    choose(g, ("pile", MT))  # destroyed
    any_player(g, 1)  # the costliest uncovered spell pile is the only one offered: taken at once
    st = g.state
    assert [x.name for x in st.nemesis.in_play] == [GEM, SPELL, VOR]
    assert gw.covered(st) == [FM, JL, RA] and st.players[1].life == 8
    assert st.destroyed == [MT] * 5 and st.nemesis.decks["under fetters"].count(RA) == 5


def test_N_12_griefweaver_voracious_spell_fetter_without_a_spell_pile_is_discarded_for_4() -> None:
    d = make(VOR, counts={FT: 0, CL: 0, RA: 0})
    g = at_nemesis_turn(d)
    choose(g, ("pile", SS))
    any_player(g, 0)
    st = g.state
    assert VOR in st.nemesis.discard and VOR not in [x.name for x in st.nemesis.in_play]
    assert st.gravehold == 26 and st.players[0].life == 8


def test_griefweaver_grasp_brings_the_campaign_voracious_fetter_destroys_a_pile_and_hurts_a_player() -> None:
    c = registry.NEMESIS_CARDS["Grasp"]
    assert (c.type, c.tier) == ("attack", 2)
    d = make()
    g = run_steps(d, list(c.effect), you=-1, owner=-1, source="Grasp")
    # the campaign fetter covers the costliest spell pile (the only one: no question), then a
    # pile is destroyed
    assert ("pile", RA) not in g.legal_actions()
    choose(g, ("pile", SS))
    any_player(g, 0)
    assert now(g) == expect(d, in_play=[*IN_PLAY, fetter_row(VOR_C, 7)], supply=supply(reduce_to_ash=0,
                                                                                       scoria_slag=0),
                            decks=decks(under=((FM, 7), (JL, 5), (RA, 5)), voracious=False),
                            tokens=piles(FM, JL, RA), destroyed=[SS] * 7, life=[8, 10])
    assert registry.NEMESIS_CARDS[VOR_C].shown == VOR


def test_N_10_griefweaver_voracious_spell_fetter_campaign_goes_back_beside_the_mat_when_defeated() -> None:
    d = make(fetters=((VOR_C, RA),))
    d["nemesis"]["decks"]["voracious"] = []
    g = run_steps(d, [("damage", 7)])
    choose(g, ("target", VOR_C))
    st = g.state
    assert st.nemesis.decks["voracious"] == [VOR_C] and st.supply_counts[8] == 5 and gw.covered(st) == []


# =========================================================================== tier 3


def test_griefweaver_strangle_witch_unleashes_twice_and_hurts_gravehold_by_the_fetters() -> None:
    c = registry.NEMESIS_CARDS["Strangle Witch"]
    assert c.life == 14
    d = make(fdeck=(RELIC, RELIC))
    g = run_steps(d, list(c.persistent), you=-1, owner=-1, source="Strangle Witch")
    choose(g, ("pile", MT))  # the second relic has one pile left: no question
    assert now(g) == expect(d, in_play=[*IN_PLAY, fetter_row(RELIC), fetter_row(RELIC)],
                            supply=supply(mage_s_totem=0, primordial_fetish=0), tokens=piles(FM, JL, MT, PF),
                            decks=decks(fetter=(), under=((FM, 7), (JL, 5), (MT, 5), (PF, 5))), gravehold=26)


def test_griefweaver_subsume_unleashes_four_times_while_two_piles_are_uncovered() -> None:
    c = registry.NEMESIS_CARDS["Subsume"]
    d = make(fdeck=(RELIC,) * 4, counts={SS: 0, EI: 0, FT: 0, CL: 0, RA: 0})  # left: Mage's Totem, Primordial Fetish
    g = run_steps(d, list(c.effect), you=-1, owner=-1, source="Subsume")
    choose(g, ("pile", MT))
    # the second relic covers the last uncovered pile (no question): the players lose at once
    assert g.over and (g.result, g.reason) == ("loss", "nemesis_rule")


def test_griefweaver_subsume_hurts_a_player_5_with_one_pile_uncovered() -> None:
    c = registry.NEMESIS_CARDS["Subsume"]
    d = make(counts={SS: 0, EI: 0, MT: 0, FT: 0, CL: 0, RA: 0})
    g = run_steps(d, list(c.effect), you=-1, owner=-1, source="Subsume")
    any_player(g, 1)
    assert now(g) == expect(d, life=[10, 5], supply=supply(scoria_slag=0, erratic_ingot=0, mage_s_totem=0,
                                                           fiery_torrent=0, conjure_the_lost=0, reduce_to_ash=0))


def test_P_13_griefweaver_deadly_swing_destroys_a_pile_and_a_players_costliest_prepped_spell() -> None:
    c = registry.NEMESIS_CARDS["Deadly Swing"]
    assert c.power_tokens == 2
    spells = [{"state": "open", "spells": ["Spark"]}, {"state": "open", "spells": [RA]},
              support.closed(0), support.closed(2)]
    d = make(p1={"breaches": spells})
    g = run_steps(d, list(c.power), you=-1, owner=-1, source="Deadly Swing")
    choose(g, ("pile", FT))
    any_player(g, 1)
    while g.decision is not None and g.decision.kind != "main":
        choose(g, g.legal_actions()[0])
    assert now(g) == expect(d, supply=supply(fiery_torrent=0), destroyed=[FT] * 5 + [RA], life=[10, 7],
                            spells=[[[], [], [], []], [["Spark"], [], [], []]])


# =========================================================================== text and whole games


def test_griefweaver_texts_render_for_the_mat_and_every_card() -> None:
    text = nemesis_text(registry.NEMESES[GW])
    assert "fetter" in text and "project's reading" in text
    for c in gw.CARDS:
        assert nemesis_card_text(c).strip(), c.name
    assert "Gravehold suffers 2 damage" in nemesis_card_text(registry.NEMESIS_CARDS[GEM])
    g = run_steps(make(), [("unleash", 1)])
    shown = dict(panels(view_for(g.state, None)))
    assert "Fetters" in shown and "Frozen Magmite (7)" in shown["Fetters"]


def test_griefweaver_seeded_whole_games_play_to_the_end() -> None:
    from gravehold.table import Table

    for agent in ("random", "heuristic"):
        for seed, difficulty in ((3, "normal"), (4, "expert")):
            g = Game.new(mages=["random", "random"], nemesis=GW, market="random", seed=seed,
                         difficulty=difficulty)
            Table.of_bots(g, agent, seed).play(200000)
            assert g.over, (agent, seed)
            saved = copy.deepcopy(g.state.to_dict())
            assert Game.from_dict(saved).state == g.state
