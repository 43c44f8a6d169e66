"""docs/adding-a-box.md, proved: a made-up box in its own folder, loaded by one line, just works.

``tests/fixtures/tiny_box`` brings a gem with a new keyword (Ember: ``ember.py``) and a
nemesis with a special omen deck (``nemeses/cinder_warden.py``). The box is loaded in a
process of its own, so the rest of the suite keeps the shipped catalogue.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
FIXTURES = TESTS / "fixtures"

PRELUDE = f"""
import json, sys
sys.path.insert(0, {str(FIXTURES)!r})
import gravehold
from gravehold import boxes
box = boxes.load("tiny_box")  # the one registration line
from gravehold import Game
from gravehold.content import registry
"""


def _run(body: str) -> object:
    out = subprocess.run([sys.executable, "-c", PRELUDE + body], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_adding_a_box_the_tiny_box_passes_the_conformance_kit() -> None:
    problems = _run(f"""
from pathlib import Path
from gravehold.testing.conformance import check_box
print(json.dumps(check_box("TB", tests=Path({str(TESTS)!r}))))
""")
    assert problems == []


def test_adding_a_box_it_joins_the_catalogue_and_its_text_renders() -> None:
    got = _run("""
from gravehold import catalog
print(json.dumps({"boxes": list(registry.BOXES), "card": catalog.cards("TB")[0]["text"],
                  "nemesis": [n["text"] for n in catalog.nemeses("Tiny Box")]}))
""")
    assert got == {"boxes": ["AE", "WE", "NA", "O", "LOG", "TB"],
                   "card": "Gain 1 Æ. Gain 1 ember. With 3 ember or more, lose 3 and deal 4 damage.",
                   "nemesis": ["Unleash: Resolve the top omen card, then put it under the omen deck."]}


def test_adding_a_box_the_new_keyword_bursts_on_the_third_ember() -> None:
    """Two embers held, the gem played: one more makes three, so three go and 4 damage is dealt."""
    got = _run("""
market = ["Ember Shard", "Jade", "Bloodstone Jewel", "Flexing Dagger", "Mage's Talisman",
          "Spectral Echo", "Ignite", "Phoenix Flame", "Dark Fire"]
g = Game.new(mages=["Brama", "Mist"], nemesis="Cinder Warden", market=market, seed=4, basics="AE")
s = g.to_dict()  # player 0's main phase, two embers held and the gem in hand
del s["config"]["request"]  # a position written by hand: its cards are not the setup's
s.update(decision=None, active=0, stack=[["end_turn"], ["draw_phase", 0], ["main_phase", 0]])
s["players"][0].update(hand=["Ember Shard"], tokens={"ember": 2})
g = Game.from_dict(s)
life = g.state.nemesis.life
g.apply(("play", "Ember Shard"))
if g.decision.kind == "target":
    g.apply(("target", "nemesis"))
p = g.state.players[0]
gained = sum(e["amount"] for e in g.events if e["event"] == "aether" and e["source"] == "Ember Shard")
print(json.dumps({"ember": p.tokens["ember"], "aether": gained, "damage": life - g.state.nemesis.life}))
""")
    assert got == {"ember": 0, "aether": 1, "damage": 4}


def test_adding_a_box_the_nemesis_special_deck_comes_round_in_turn() -> None:
    """Each Unleash resolves the top omen and puts it under: Ash (1), then Flame (3), then Ash."""
    got = _run("""
from gravehold.engine.core import Ctx
g = Game.new(mages=["Brama", "Mist"], nemesis="Cinder Warden", market="random", seed=4, basics="AE",
             boxes=["AE", "WE"])  # the market's pool fixed, so boxes added later leave this game as it is
st = g.state
before = (st.gravehold, list(st.nemesis.decks["omen"]))
st.nemesis.decks["omen"] = ["Omen of Ash", "Omen of Flame"]
hp = st.gravehold
e = g.engine
e.push_steps((("unleash", 1),), Ctx(-1, -1, "Cinder Warden"))
d, st.decision = st.decision, None
e.run()
after_one = (hp - st.gravehold, list(st.nemesis.decks["omen"]))
print(json.dumps({"after_one": after_one}))
""")
    assert got == {"after_one": [1, ["Omen of Flame", "Omen of Ash"]]}


def test_adding_a_box_the_nemesis_deck_holds_its_nine_cards_and_the_basics() -> None:
    """S-6 as for any nemesis: its own nine cards by tier, with basics of the chosen box."""
    got = _run("""
g = Game.new(mages=["Brama", "Mist"], nemesis="Cinder Warden", market="random", seed=4, basics="AE")
deck = g.state.nemesis.deck + [c.name for c in g.state.nemesis.in_play] + g.state.nemesis.discard
own = sorted(c for c in deck if registry.NEMESIS_CARDS[c].nemesis == "Cinder Warden")
print(json.dumps({"own": own, "size": len(deck), "omens": sorted(g.state.nemesis.decks["omen"])}))
""")
    assert got == {"own": sorted(["Smoulder", "Ash Hound", "Soot Rain", "Kiln Heart", "Cinder Guard", "Flash Fire",
                                  "Pyre Giant", "Firestorm", "Last Ember"]),
                   "size": 9 + 3 + 5 + 7, "omens": ["Omen of Ash", "Omen of Flame"]}


def test_adding_a_box_its_own_triggers_modifier_action_and_card_type_work_from_its_folder() -> None:
    """Everything in ``tiny_box/cinder.py``, declared there and named nowhere else: a charm (the
    box's card type) gained for 1 Æ less with 2 ember held (a token's cost modifier); each
    Cinder Wisp in the discard gives 1 ember per card gained (a trigger from the discard) and
    offers, once for both copies, to take one back for 1 Æ (a main-phase action, explained
    when refused); the Ember Locket gives its holder 1 ember per breach opened (a treasure)."""
    got = _run("""
from gravehold.errors import IllegalAction
from gravehold.engine.turn import open_breach
market = ["Ember Shard", "Jade", "Bloodstone Jewel", "Flexing Dagger", "Mage's Talisman",
          "Spectral Echo", "Ignite", "Phoenix Flame", "Dark Fire"]
g = Game.new(mages=["Brama", "Mist"], nemesis="Cinder Warden", market=market, seed=4, basics="AE")
s = g.to_dict()
del s["config"]["request"]  # a position written by hand
s["config"]["treasures"] = {"players": [{"tier3": "Ember Locket"}]}
s["supply"][3] = ["Cinder Wisp", 5]  # in the place of a relic pile
s.update(decision=None, active=0, stack=[["end_turn"], ["draw_phase", 0], ["main_phase", 0]])
s["players"][0].update(hand=[], discard=["Cinder Wisp", "Cinder Wisp"], aether=3, tokens={"ember": 2})
g = Game.from_dict(s)
opts = g.legal_actions()
offered = [list(o) for o in opts if o[0] in ("rekindle", "gain") and "Cinder Wisp" in o]
g.apply(("gain", "Cinder Wisp"))
p = g.state.players[0]
after_gain = {"aether": p.aether, "ember": p.tokens["ember"], "discard": list(p.discard),
              "left": g.state.supply_counts[3]}
try:
    g.apply(("rekindle", "Dark Fire"))
    refused = None
except IllegalAction as e:
    refused = str(e)
g = Game.from_dict(g.to_dict())  # saved and loaded: the same game
g.apply(("rekindle", "Cinder Wisp"))
p = g.state.players[0]
after_rekindle = {"aether": p.aether, "hand": list(p.hand), "discard": len(p.discard)}
g.apply(("play", "Cinder Wisp"))
played = {"aether": g.state.players[0].aether, "played": list(g.state.players[0].played)}
open_breach(g.engine, 0, 1)
open_breach(g.engine, 1, 1)
locket = [g.state.players[0].tokens["ember"], g.state.players[1].tokens.get("ember", 0)]
print(json.dumps({"offered": offered, "after_gain": after_gain, "refused": refused,
                  "after_rekindle": after_rekindle, "played": played, "locket": locket}))
""")
    assert got == {
        "offered": [["gain", "Cinder Wisp"], ["rekindle", "Cinder Wisp"]],
        "after_gain": {"aether": 1, "ember": 5, "discard": ["Cinder Wisp"] * 3, "left": 4},
        "refused": "Dark Fire is not in your discard pile",
        "after_rekindle": {"aether": 0, "hand": ["Cinder Wisp"], "discard": 2},
        "played": {"aether": 2, "played": ["Cinder Wisp"]},
        "locket": [6, 0],
    }


def test_adding_a_box_a_never_played_card_type_says_why_and_brings_its_filter() -> None:
    """A card type is declared whole in its box: never played, the words that explain it and
    the pick filter that leaves it out; the engine only reads the declaration."""
    import pytest

    from gravehold import IllegalAction
    from gravehold.boxapi import CardType, ContentError, pick, render_steps
    from gravehold.content import registry

    from support import at_main, base_state, player

    with pytest.raises(ContentError, match="card type hex: field unplayed_why says why a card is never "
                                           "played: it is needed"):
        registry.register_card_type(CardType("hex", played=False))
    with pytest.raises(ContentError, match="card type hex: field unplayed_why .*: leave it out for a played type"):
        registry.register_card_type(CardType("hex", unplayed_why="{card} is a hex"))
    with pytest.raises(ContentError, match="card type hex: field leave_out must be a filter name, got 'not hex'"):
        registry.register_card_type(CardType("hex", played=False, unplayed_why="x", leave_out="not hex"))
    assert "hex" not in registry.TYPES
    assert render_steps((pick("discard", 2, filt="not_corruption"),)) == \
        "Discard 2 cards from your hand, never a corruption."
    g = at_main(base_state([player(hand=["Curse of Aging", "Crystal"])]))
    with pytest.raises(IllegalAction, match="^Curse of Aging is a curse: it is never played, it resolves on its "
                                            "own from your hand as its nemesis' mat says"):
        g.apply(("play", "Curse of Aging"))
