"""Fixed-size numbers for learning agents, computed from a seat's view and its decision only.

Decisions are data with a varying list of options, so a learner does not pick from a fixed
action table: it picks an option *index* (``0 … MAX_OPTIONS-1``). Each index comes with a row
of :data:`OPTION_FEATURES` numbers describing that option (its action head, the card, minion
or breach it names), and ``action_mask`` marks the indices in use. A policy scores the rows
and takes the best legal one — the usual "pointer" set-up for card games.

Everything here reads the dict of ``Game.view_for(seat)`` plus the decision's options, which
the deciding seat sees anyway, so an encoding cannot leak hidden cards (the test swaps them).
The observation is seat-relative: the deciding seat's player is always the first block.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import numpy as np

from ..agents.knowledge import aether_of, damage_of
from ..content import registry as content
from ..engine.decisions import ACTION_HEADS, DECISION_KINDS, ActionHead, DecisionKind
from ..engine.schema import nemesis_turn_card
from ..engine.shapes import Doc, Json

#: most options a decision has in practice is under 24 (four players, a big hand); room to spare
MAX_OPTIONS = 64
#: player blocks in the observation (seats beyond the game's players are zeros)
MAX_PLAYERS = 4
#: nemesis cards in play described one by one (the rest only in the totals)
MAX_IN_PLAY = 6
SUPPLY_PILES = 9

def _shipped(table: Mapping[str, DecisionKind | ActionHead]) -> tuple[str, ...]:
    """The names gravehold itself declares (engine and shipped boxes), in declaration order.

    A box from another distribution may declare more; they take the "unknown" slot, so the
    layout, and the environment's version, stay those of gravehold's own vocabulary."""
    return tuple(name for name, d in table.items() if d.module.partition(".")[0] == "gravehold")


#: decision kinds, from ``engine/decisions.py``; one outside gravehold sets the last slot
KINDS = _shipped(DECISION_KINDS)
#: action heads (an option's first element), likewise; an unknown one sets the last slot
HEADS = _shipped(ACTION_HEADS)
CARD_TYPES = ("gem", "relic", "spell")

PLAYER_FEATURES = 14 + 4 * 6
OBS_SIZE = (8 + 4 + 2 + 3 * MAX_IN_PLAY + MAX_PLAYERS * PLAYER_FEATURES + SUPPLY_PILES * 7
            + len(KINDS) + 1 + 1)
#: head one-hot (+unknown), player card (type one-hot, cost, aether, damage), nemesis card
#: (in play, life, minion, power), the nemesis as target, first two integer arguments one-hot 0..5
OPTION_FEATURES = len(HEADS) + 1 + 6 + 4 + 1 + 12

_CLIP = 10.0


def fingerprint(kinds: Sequence[str] = KINDS, heads: Sequence[str] = HEADS, obs_size: int = OBS_SIZE,
                option_features: int = OPTION_FEATURES, max_options: int = MAX_OPTIONS) -> str:
    """A short hash of what fixes the layout: the ordered kinds and heads and the sizes."""
    text = "\n".join((f"obs_size={obs_size}", f"option_features={option_features}", f"max_options={max_options}",
                      "kinds=" + ",".join(kinds), "heads=" + ",".join(heads)))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


#: the environment's version (``gravehold/Gravehold-v<N>``) and the fingerprint of each
#: encoding so far. A change to the kinds, the heads or the sizes changes the fingerprint:
#: then add the next version with the new fingerprint (never edit an old one), as
#: tests/agents/test_rl.py asks. Add one by hand, too, for a change of what the numbers mean that
#: keeps the sizes (its fingerprint may then repeat the last one).
ENCODINGS: dict[int, str] = {
    0: "1966cc1df2d7d9a5",  # 32 kinds and 34 heads copied by hand (OBS_SIZE 281, OPTION_FEATURES 58)
    1: "f234a6d6b1eb1ea4",  # read from engine/decisions.py: 33 kinds, 40 heads (OBS_SIZE 282, 64)
    2: "b328b8d011e7fb2c",  # the draw phase's keep_order head: 33 kinds, 41 heads (OBS_SIZE 282, 65)
    3: "14e854025c405bab",  # The New Age: the kind exile; main-phase heads ritual_back, position, gain_exiled
    4: "46c36db06959a33c",  # Outcasts: the kinds barrier and curse; heads barrier_space, destroy_gain,
    #                         to_hand (OBS_SIZE 285, OPTION_FEATURES 71)
    5: "6bd7efac82c15143",  # Outcasts: the kinds maw (Experiment 153) and soul_space, heads dream_gain,
    #                         dream_destroy, soul_space, use_lantern, gain_soulfire,
    #                         flip_thrall (OBS_SIZE 287, OPTION_FEATURES 77)
    6: "9145902c138759b6",  # Legacy keywords: the kinds conjure and silence, heads recall and
    #                         conjure (OBS_SIZE 289, OPTION_FEATURES 79)
    7: "c8719d6075c610ac",  # Legacy players' side: the kind and head path (Kadir's Path tokens), the
    #                         main-phase heads ally_hand and glow (OBS_SIZE 290, OPTION_FEATURES 82)
    8: "dfa1d0a74d11193a",  # Legacy nemeses: the kind toll_gain (Fate Shepherd's Unleash; OBS_SIZE 291,
    #                         OPTION_FEATURES 82)
    9: "8a277d7a7f5eec27",  # Legacy nemeses: the main-phase head power_token_bought (Paradox of Myth, and
    #                         of Myth and Bone: pay for a power token; OBS_SIZE 291, OPTION_FEATURES 83)
}
ENCODING_VERSION = 9


@cache
def _card_row(name: str) -> tuple[float, ...]:
    c = content.CARDS.get(name)
    if c is None:
        return (0.0,) * 6
    return (*(float(c.type == t) for t in CARD_TYPES), c.cost / 10.0, aether_of(name) / 4.0, damage_of(name) / 8.0)


def _cards(names: Sequence[str]) -> tuple[float, float, float]:
    """How many cards, the aether and the damage they hold (scaled)."""
    return len(names) / 10.0, sum(aether_of(n) for n in names) / 10.0, sum(damage_of(n) for n in names) / 10.0


def _player_block(p: Doc, own: bool) -> list[float]:
    known = list(p.get("hand", [])) + list(p.get("deck_contents", [])) if own else list(p.get("pool", []))
    owned = known + list(p.get("discard", [])) + list(p.get("played", []))
    prepped = [sp for br in p.get("breaches", []) for sp in br.get("spells", [])]
    owned += prepped
    n = max(1, len(owned))
    hand = list(p.get("hand", []))
    hand_n, hand_ae, hand_dmg = _cards(hand) if own else (p.get("hand_size", 0) / 10.0, 0.0, 0.0)
    row = [
        p["life"] / max(1, p["max_life"]), float(p["exhausted"]), p["charges"] / max(1, p["max_charges"]),
        hand_n, hand_ae, hand_dmg, p.get("deck_size", 0) / 30.0, len(p.get("discard", [])) / 30.0,
        len(p.get("played", [])) / 10.0, p.get("aether", 0) / 10.0,
        5.0 * sum(aether_of(c) for c in owned) / n / 5.0,  # aether of an average hand of five
        sum(1 for c in owned if content.CARDS.get(c) is not None and content.CARDS[c].type == "spell") / 10.0,
        len(owned) / 30.0, float(own),
    ]
    for k in range(4):
        brs = p.get("breaches", [])
        br: Doc = brs[k] if k < len(brs) else {"state": "destroyed"}
        spells = br.get("spells", [])
        row += [float(br["state"] == "open"), float(br["state"] == "closed"), float(br["state"] == "destroyed"),
                br.get("stage", 0) / 4.0, len(spells) / 2.0, sum(damage_of(s) for s in spells) / 8.0]
    return row


def observation(view: Doc, seat: int, kind: str | None, n_options: int) -> np.ndarray:
    """The seat's view as OBS_SIZE numbers (scaled to about 0..1, clipped to ±10)."""
    nem = view["nemesis"]
    tiers = nem.get("deck_tiers", {})
    tier = max((content.NEMESIS_CARDS[c].tier or 0 for c in nem.get("discard", []) + [m["name"] for m in
                nem.get("in_play", [])] if c in content.NEMESIS_CARDS), default=0)
    out: list[float] = [
        view["gravehold"]["life"] / max(1, view["gravehold"]["max_life"]), nem["life"] / max(1, nem["max_life"]),
        nem.get("deck_size", 0) / 30.0, tier / 3.0, view.get("turn", 0) / 100.0,
        *(tiers.get(str(t), 0) / 10.0 for t in (1, 2, 3)),
    ]
    to = view.get("turn_order", {})
    disc = list(to.get("discard", []))
    me = f"P{seat + 1}"
    nem_cards = sum(map(nemesis_turn_card, disc))  # a mat's own nemesis cards count too (S-5)
    out += [nem_cards / 6.0, disc.count(me) / 6.0, (len(disc) - nem_cards - disc.count(me)) / 6.0,
            to.get("deck_size", 0) / 6.0]
    in_play = list(nem.get("in_play", []))
    minion_life = sum(m.get("life", 0) for m in in_play)
    out += [len(in_play) / 6.0, minion_life / 30.0]
    for k in range(MAX_IN_PLAY):
        if k < len(in_play):
            c = content.NEMESIS_CARDS.get(in_play[k]["name"])
            out += [in_play[k].get("life", 0) / 20.0, float(c is not None and c.type == "minion"),
                    float(c is not None and c.type == "power")]
        else:
            out += [0.0, 0.0, 0.0]
    players = view["players"]
    order = [(seat + j) % len(players) for j in range(len(players))]  # seat-relative
    for j in range(MAX_PLAYERS):
        out += _player_block(players[order[j]], order[j] == seat) if j < len(order) else [0.0] * PLAYER_FEATURES
    supply = list(view.get("supply", []))
    for k in range(SUPPLY_PILES):
        if k < len(supply):
            name, left = supply[k][0], supply[k][1]
            out += [left / 7.0, *_card_row(name)]
        else:
            out += [0.0] * 7
    out += [float(kind == k) for k in KINDS] + [float(kind is not None and kind not in KINDS)]
    out.append(n_options / MAX_OPTIONS)
    arr = np.asarray(out, dtype=np.float32)
    assert arr.shape == (OBS_SIZE,), arr.shape
    return np.clip(arr, -_CLIP, _CLIP)


def option_row(option: Sequence[Json], view: Doc) -> list[float]:
    """OPTION_FEATURES numbers for one option of a decision."""
    fixed, foe = _option_fixed(tuple(option))
    row = list(fixed)
    if foe is not None:  # the one part that depends on the board: the minion's life now
        life = next((m.get("life", 0) for m in view["nemesis"].get("in_play", []) if m["name"] == foe), None)
        row[_FOE] = float(life is not None)
        row[_FOE + 1] = (life or 0) / 20.0
    return row


_FOE = len(HEADS) + 1 + 6  # where the nemesis card's slots start


@cache
def _option_fixed(option: tuple[Any, ...]) -> tuple[tuple[float, ...], str | None]:
    """The slots of an option that do not depend on the board, and the nemesis card it names."""
    head = str(option[0])
    row = [float(head == h) for h in HEADS] + [float(head not in HEADS)]
    names = [a for a in option[1:] if isinstance(a, str)]
    ints = [a for a in option[1:] if isinstance(a, int) and not isinstance(a, bool)]
    card = next((n for n in names if n in content.CARDS), None)
    row += _card_row(card) if card is not None else [0.0] * 6
    foe = next((n for n in names if n in content.NEMESIS_CARDS), None)
    if foe is not None:
        c = content.NEMESIS_CARDS[foe]
        row += [0.0, 0.0, float(c.type == "minion"), float(c.type == "power")]
    else:
        row += [0.0] * 4
    row.append(float("nemesis" in names))
    for k in range(2):
        row += [float(len(ints) > k and ints[k] == v) for v in range(6)]
    return tuple(row), foe


def option_features(options: Sequence[Sequence[Json]], view: Doc) -> np.ndarray:
    """A (MAX_OPTIONS, OPTION_FEATURES) array; rows past the options are zeros."""
    if len(options) > MAX_OPTIONS:
        raise ValueError(f"a decision with {len(options)} options does not fit MAX_OPTIONS={MAX_OPTIONS}")
    arr = np.zeros((MAX_OPTIONS, OPTION_FEATURES), dtype=np.float32)
    for k, o in enumerate(options):
        arr[k] = option_row(o, view)
    return np.clip(arr, -_CLIP, _CLIP)


def action_mask(n_options: int) -> np.ndarray:
    mask = np.zeros(MAX_OPTIONS, dtype=np.int8)
    mask[:n_options] = 1
    return mask
