"""The state loader refuses, naming the field, every state that is no legal position.

The cases are the attack list the loader was hardened against: inputs that crashed at
load, inputs that loaded and crashed later, and inputs that were accepted silently. Each
is refused by ``Game.from_dict`` and by ``Game.from_json`` (the schema of
``gravehold.engine.schema`` parses and checks in one pass; the game's own rules are
``check_consistency``'s), and none leaves a half-built game behind.

"Game" cases start from a state the engine set up (it names its setup, so the setup
rules S-1 … S-9 and the card census are checked against it); "hand" cases from a
position written by hand (``support.base_state``), where only the rules of play apply.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from gravehold import Game, StateFormatError

from support import base_state, minion

State = dict[str, Any]


def _game() -> State:
    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Deck Destruction", seed=5, events=False)
    r = random.Random(5)
    for _ in range(30):
        g.apply(r.choice(g.legal_actions()))
    return g.to_dict()


GAME = _game()
HAND = base_state()
#: three players at their first main phase, against Fenrix (a claw deck), with the
#: 3-player wild token (NA's token variant)
THREE = Game.new(mages=["Brama", "Mist", "Xaxos"], nemesis="Fenrix", market="Deck Destruction", seed=4,
                 ruleset={"preset": "na", "wild_card": "token"}, events=False).to_dict()
#: a hand-written position at a target decision (P-3): the nemesis or a minion
TARGET = Game.at(base_state(nemesis={**HAND["nemesis"], "in_play": [minion("Scorn", 3)]}),
                 ("deal", 0, "Spark", 2), auto_resolve=False, events=False).to_dict()
BASES = {"game": GAME, "hand": HAND, "three": THREE, "target": TARGET}


def _costliest(d: State) -> str:
    """The costliest supply card: more than the first main phase's aether pays for."""
    from gravehold.content import registry
    return max((name for name, _ in d["supply"]), key=lambda n: registry.CARDS[n].cost)


def _set(path: str, value: Any) -> Callable[[State], None]:
    """A mutation setting ``path`` (dots and [i]) to ``value``."""
    def change(d: State) -> None:
        parts = path.replace("[", ".").replace("]", "").split(".")
        at: Any = d
        for p in parts[:-1]:
            at = at[int(p)] if p.isdigit() else at[p]
        last = parts[-1]
        if last.isdigit():
            at[int(last)] = value
        else:
            at[last] = value
    return change


def _do(f: Callable[[State], Any]) -> Callable[[State], None]:
    def change(d: State) -> None:
        f(d)
    return change


ATTACKS: dict[str, tuple[str, Callable[[State], None], str]] = {
    # ---- crashed at load
    "gravehold as a list": ("game", _set("gravehold", [30, 30]), "gravehold"),
    "turn order as a list": ("game", _set("turn_order", ["P1", "N"]), "turn_order"),
    "in_play as a number": ("game", _set("nemesis.in_play", 5), "nemesis.in_play"),
    "cast_bonus of strings": ("game", _set("cast_bonus", ["x"]), "cast_bonus[0]"),
    "cast_bonus as a number": ("game", _set("cast_bonus", 5), "cast_bonus"),
    "deferred as a number": ("game", _set("deferred", 5), "deferred"),
    "deferred holding an object": ("game", _set("deferred", [{"op": 1}]), "deferred[0]"),
    "tokens as a list": ("game", _set("tokens", [1]), "tokens"),
    "a token count as a string": ("game", _set("tokens", {"wild": "x"}), "tokens"),
    "an integer past 64 bits": ("game", _set("turn", 10**30), "turn"),
    "a life as a float": ("game", _set("players[0].life", 9.0), "players[0].life"),
    # ---- loaded, then crashed
    "ruleset 5": ("game", _set("config.ruleset", 5), "config.ruleset"),
    "an unknown stack frame": ("hand", _set("stack", [["no_such_operation"]]), "stack[0]"),
    "a frame missing a part": ("hand", _set("stack", [["draw_phase"]]), "stack[0]"),
    "a frame with parts to spare": ("hand", _set("stack", [["draw_phase", 0, 1, 2, 3]]), "stack[0]"),
    "an unknown step": ("hand", _set("stack", [["s", 0, 0, "x", ["no_such_step"]]]), "stack[0][4]"),
    "an unknown deferred frame": ("hand", _set("deferred", [["no_such_operation"]]), "deferred[0]"),
    "an unknown resume frame": ("game", _set("decision.resume", ["no_such_operation"]), "decision.resume"),
    "a resume frame of the wrong arity": ("game", _set("decision.resume", ["draw_phase", 0, 1, 2]),
                                          "decision.resume"),
    "an option holding an object": ("game", _set("decision.options[0]", ["prep", {"x": 1}]), "decision.options[0]"),
    # ---- accepted silently
    "ruleset lockd": ("game", _set("config.ruleset", "lockd"), "config.ruleset"),
    "an unknown ruleset option": ("hand", _set("config.ruleset", {"no_such_option": 1}),
                                  "config.ruleset.no_such_option"),
    "exhausted as a string": ("game", _set("players[0].exhausted", "false"), "players[0].exhausted"),
    "over as a string": ("game", _set("over", "no"), "over"),
    "expert as a string": ("game", _set("config.expert", "no"), "config.expert"),
    "expert on at normal difficulty": ("game", _set("config.expert", True), "config.expert"),
    "two players, one mage": ("game", _do(lambda d: (d["players"][1].update(mage="Brama"),
                                                      d["config"].update(mages=["Brama", "Brama"]))),
                              "players[1].mage"),
    "a minion with 999 life": ("hand", _set("nemesis.in_play", [minion("Scorn", 999)]),
                               "nemesis.in_play[0].life"),
    "a minion at 0 life": ("hand", _set("nemesis.in_play", [minion("Scorn", 0)]), "nemesis.in_play[0].life"),
    "an attack card in play": ("hand", _set("nemesis.in_play", [{"name": "Skewer"}]), "nemesis.in_play[0].name"),
    "one card more than the game holds": ("game", _do(lambda d: d["players"][0]["hand"].append("Crystal")), "cards"),
    "one card fewer than the game holds": ("game", _do(lambda d: d["players"][1]["deck"].append("Spark")
                                                       or d["players"][1]["deck"].remove("Crystal")), "cards"),
    "a supply of 3 piles": ("game", _do(lambda d: d.update(supply=d["supply"][:3])), "supply"),
    "a supply of 12 piles": ("game", _do(lambda d: d.update(supply=d["supply"] + d["supply"][:3])), "supply"),
    "9 identical piles": ("game", _do(lambda d: d.update(supply=[d["supply"][0]] * 9)), "supply[1]"),
    "a pile over its size": ("game", _set("supply[0][1]", 99), "supply[0][1]"),
    "a life over its maximum": ("game", _set("players[0].life", 11), "players[0].life"),
    "a nemesis life as a string": ("game", _set("nemesis.life", "50"), "nemesis.life"),
    "charges over the maximum": ("game", _set("players[0].charges", 9), "players[0].charges"),
    "Gravehold over its maximum": ("game", _set("gravehold.life", 31), "gravehold.life"),
    "a maximum life the setup did not give": ("game", _do(lambda d: d["nemesis"].update(max_life=90)),
                                              "nemesis.max_life"),
    "an active player not in the game": ("game", _set("active", 7), "active"),
    "a turn order card for player 4": ("game", _set("turn_order.deck", ["P4"]), "turn_order.deck[0]"),
    "an unknown turn order card": ("game", _set("turn_order.deck", ["X"]), "turn_order.deck[0]"),
    "an unknown phase": ("game", _set("phase", "lunch"), "phase"),
    "over without a result": ("game", _set("over", True), "result"),
    "a result while the game goes on": ("game", _set("result", "win"), "result"),
    "an unknown difficulty": ("game", _set("config.difficulty", "impossible"), "config.difficulty"),
    "an unknown turn flag": ("hand", _set("flags", {"no_such_flag": 1}), "flags.no_such_flag"),
    "negative aether": ("game", _set("players[0].aether", -3), "players[0].aether"),
    "an unknown config field": ("game", _set("config.cheat", True), "config.cheat"),
    "a seed as a string": ("game", _set("config.seed", "x"), "config.seed"),
    "an unknown breach state": ("game", _set("players[0].breaches[0].state", "ajar"), "players[0].breaches[0].state"),
    "three spells on one breach": ("hand", _set("players[0].breaches[0].spells", ["Spark"] * 3),
                                   "players[0].breaches[0].spells"),
    "an unknown card in hand": ("hand", _set("players[0].hand", ["Excalibur"]), "players[0].hand[0]"),
    "config naming another nemesis": ("game", _set("config.nemesis", "Crooked Mask"), "config"),
    "a named setup without its difficulty": ("game", _do(lambda d: d["config"].pop("difficulty")),
                                             "config.difficulty"),
    "a named setup without its basics": ("game", _do(lambda d: d["config"].pop("basics")), "config.basics"),
    "a named setup without its seed": ("game", _do(lambda d: d["config"].pop("seed")), "config.seed"),
    # ---- positions no game reaches, each of which loaded, then crashed or showed what it must not
    "Gravehold at 0 in a game going on": ("game", _set("gravehold.life", 0), "gravehold.life"),
    "a wild token for a seat not in the game": ("three", _set("tokens.wild", 3), "tokens.wild"),
    "a negative wild token": ("three", _set("tokens.wild", -1), "tokens.wild"),
    "a pair token off its pair": ("game", _do(lambda d: d["tokens"].update(pair12=3)), "tokens.pair12"),
    "more known turn order cards than the deck holds": (
        "game", _do(lambda d: d["tokens"].update(to_known=len(d["turn_order"]["deck"]) + 1)), "tokens.to_known"),
    "a negative known turn order count": ("game", _do(lambda d: d["tokens"].update(to_known=-1)), "tokens.to_known"),
    "an unknown table token": ("game", _do(lambda d: d["tokens"].update(colour=1)), "tokens.colour"),
    "a first-turn token for a seat not in the game": ("game", _do(lambda d: d["tokens"].update({"first_turn:5": 1})),
                                                      "tokens.first_turn:5"),
    "a ward for a turn to come": ("game", _do(lambda d: d["tokens"].update(ward_turn=d["turn"] + 9)),
                                  "tokens.ward_turn"),
    "a pair card naming player 4 of three": ("three", _set("turn_order.deck", ["P34"]), "turn_order.deck[0]"),
    "an unknown special deck": ("game", _do(lambda d: d["nemesis"]["decks"].update(omen=[])), "nemesis.decks.omen"),
    "another nemesis' special deck": ("three", _do(lambda d: d["nemesis"]["decks"].update(strike=[])),
                                      "nemesis.decks.strike"),
    "a non-claw card in the claw deck": ("three", _set("nemesis.decks.claw[2]", "Hunting Claw"),
                                         "nemesis.decks.claw[2]"),
    "a player card in the strike deck": ("game", _do(lambda d: d["nemesis"]["decks"]["strike"].insert(0, "Crystal")),
                                         "nemesis.decks.strike[0]"),
    "an unknown decision kind": ("three", _set("decision.kind", "lunch"), "decision.kind"),
    "a main phase offering a gain it cannot pay": (
        "three", _do(lambda d: d["decision"]["options"].insert(0, ["gain", _costliest(d)])), "decision.options[0]"),
    "a main phase without its end": ("three", _do(lambda d: d["decision"]["options"].pop()), "decision.options"),
    "a main phase offering another decision's action": (
        "three", _do(lambda d: d["decision"]["options"].insert(1, ["target", "nemesis"])), "decision.options[1]"),
    "a main phase's options reordered": ("three", _do(lambda d: d["decision"]["options"].reverse()),
                                         "decision.options"),
    "a main phase for another player": ("three", _set("decision.player", 2), "decision"),
    "an option offered twice": ("target", _do(lambda d: d["decision"]["options"].append(["target", "nemesis"])),
                                "decision.options[2]"),
    "a target decision offering the end of a phase": (
        "target", _do(lambda d: d["decision"]["options"].append(["end_main"])), "decision.options[2]"),
    "a target decision offering a seat": ("target", _do(lambda d: d["decision"]["options"].append(["player", 9])),
                                          "decision.options[2]"),
}


@pytest.mark.parametrize("case", list(ATTACKS), ids=lambda c: c.replace(" ", "_"))
def test_state_loader_refuses_naming_the_field(case: str) -> None:
    base, change, field = ATTACKS[case]
    d = copy.deepcopy(BASES[base])
    change(d)
    for load in (Game.from_dict, lambda x: Game.from_json(json.dumps(x))):
        with pytest.raises(StateFormatError) as e:
            load(copy.deepcopy(d))
        assert e.value.field.startswith(field), f"{case}: {e.value}"
        assert "Traceback" not in str(e.value) and len(str(e.value)) < 400


@pytest.mark.parametrize("text, field", [
    (b'{"turn": ' + b"9" * 5000 + b"}", "turn"),
    (b"[" * 100_000 + b"]" * 100_000, "document"),
    (b'{"gravehold": {"life": Infinity}}', "document"),
    (b'{"gravehold": {"life": 1e999}}', "gravehold.life"),
    (b'{"gravehold": {"life": NaN}}', "document"),
    (b"\xff\xfe not utf-8", "document"),
], ids=["huge_int", "deep_nesting", "infinity", "overflow", "nan", "not_utf8"])
def test_state_loader_refuses_json_no_game_could_write(text: bytes, field: str) -> None:
    with pytest.raises(StateFormatError) as e:
        Game.from_json(text)
    assert e.value.field == field, str(e.value)


def test_state_loader_reads_a_preset_name_as_its_options() -> None:
    """``"ruleset": "oc"`` once loaded as a string the engine then read as options; it is
    read as the preset's options now, and the game plays on."""
    d = copy.deepcopy(HAND)
    d["config"]["ruleset"] = "oc"
    g = Game.from_dict(d)
    assert g.state.config["ruleset"]["empty_deck_unleashes"] == 3
    r = random.Random(1)
    for _ in range(20):
        if not g.over:
            g.apply(r.choice(g.legal_actions()))
    assert Game.from_json(g.to_json()) == g


@pytest.mark.parametrize("base", list(BASES))
def test_state_loader_takes_back_what_it_saves(base: str) -> None:
    """The other side: a legal state loads, and saves again to the same JSON."""
    d = copy.deepcopy(BASES[base])
    g = Game.from_dict(d)
    assert Game.from_json(g.to_json()).to_json() == g.to_json()
