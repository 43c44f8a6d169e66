"""Bishop: Returned: its mat (nemesis tokens, reinforcements, a nemesis deck that forms again
from its minions), its nine minions and the nine campaign printings of them.

**Nemesis tokens** are the nemesis token ``"nemesis"`` (``TOKEN``). Each **Unleash** adds one.
**Reinforcements** (``br_reinforce``, the mat's end-of-turn step, N-7): once the nemesis turn's
draw phase is over, if Bishop: Returned holds ``THRESHOLD`` or more tokens, the top
``REVEAL`` cards of the nemesis deck are turned over; each minion among them enters play, every
other card goes to the nemesis discard without resolving; then ``LOSS`` tokens go (``LOSS_EXPERT``
on increased difficulty, S-9).

**The deck forms again** (K-14 over N-3): when the nemesis must draw from an empty deck, the
minions of the nemesis discard are shuffled into a new deck and the draw goes on. From the
first time that happens to the end of the game (the token ``REFORMED`` records it), each tier-1
minion entering play adds ``ENTRY_TOKENS[1]`` tokens and each tier-2 minion ``ENTRY_TOKENS[2]``
(the engine's ``entered_play`` point, which sees every entry: a draw, reinforcements, a
minion returned from the discard).

The mat's own nine cards are all minions, three a tier, so its deck is the usual 3/3/3 build
(S-6) with basic cards added. The campaign printings (``CAMPAIGN``) are catalogued with
``campaign=True`` and dealt by no single game (their deck needs names written during a
campaign).

Readings decided here (one table, ``READINGS``):

* ``no_minion_to_reform``: with an empty deck and no minion in the nemesis discard, nothing
  forms; the draw falls back on the usual empty-deck Unleashes (N-3).
* ``deck_out``: the deck-out win (G-1) waits while a minion lies in the nemesis discard, since
  the next draw would form a deck from it; with none there it applies as usual.
* ``reform_left``: the attacks and powers in the nemesis discard stay there when a deck forms.
* ``reveal_short``: reinforcements with fewer than two cards in the deck reveal what is there
  and do not form a new deck (only a draw does).
* ``reveal_order``: revealed minions enter play in deck order (the top card first).
* ``entry_tokens_from``: the entry tokens count from the moment the first new deck forms;
  minions that entered earlier do not count.
* ``campaign_blanks``: a blank a campaign fills in takes the number of the matching Unknown
  card (Watcher: life 8, 1 damage; Soldier: 1 damage; Follower: life 8, 1 damage), a blank
  naming who suffers is a player the players pick, a blank shield is none, and the Fusion's
  story step is left out.
* ``campaign_heal``: the campaign Hunter's "another minion" is picked by the players among the
  other minions in play (none: nothing), and it never rises above its printed life (N-10).
* ``names``: Bishop of Scrolls' cards carry other names, so nothing here needs a second name;
  the campaign printings keep their catalogue names, which already say whose they are.
"""

from __future__ import annotations

from typing import Any

from ....boxapi import (
    Action,
    Ctx,
    Engine,
    NemesisCardDef,
    NemesisDef,
    ask_step,
    by_source,
    card_list,
    catalogue,
    chooser,
    copy_ref,
    enter_play,
    event_text,
    find_ref,
    pick,
    rule,
    shuffle,
    step,
    trigger_source,
)

BR = "Bishop: Returned"
TOKEN = "nemesis"
REFORMED = "deck re-formed"

#: every value decided where the sources are silent or disagree (see the readings above)
READINGS: dict[str, Any] = {
    "no_minion_to_reform": "the usual empty-deck Unleashes",
    "deck_out": "waits while a minion lies in the nemesis discard",
    "reform_left": "attacks and powers stay in the discard",
    "reveal_short": "reveal what is there, form no deck",
    "reveal_order": "top card first",
    "entry_tokens_from": "the first new deck",
    "campaign_blanks": {"Watcher": (8, 1), "Soldier": 1, "Follower": (8, 1), "Phantom shield": 0,
                        "who suffers": "a player the players pick", "Fusion story": "left out"},
    "campaign_heal": "the players pick another minion; never above its printed life",
    "names": "no second names needed",
}

#: the mat's numbers: tokens that call reinforcements, cards revealed, tokens lost after
THRESHOLD, REVEAL, LOSS, LOSS_EXPERT = 5, 2, 4, 3
#: tokens a minion entering play adds, by its tier, once a new deck has formed
ENTRY_TOKENS = {1: 2, 2: 1}


def _expert(g: Engine) -> bool:
    return bool(g.state.config.get("expert"))


def _is_minion(name: str) -> bool:
    return catalogue.NEMESIS_CARDS[name].type == "minion"


def _lose(g: Engine, n: int, source: str) -> None:
    t = g.state.nemesis.tokens
    lost = min(n, int(t.get(TOKEN, 0)))
    t[TOKEN] = int(t.get(TOKEN, 0)) - lost
    g.ev("token", token=TOKEN, amount=-lost, total=t[TOKEN], source=source)


# ============================================================================ reinforcements


def _reinforce_text(threshold: int, reveal: int, loss: int, expert_loss: int) -> str:
    return (f"If it holds {threshold} or more nemesis tokens, reinforcements come: reveal the top {reveal} "
            f"cards of the nemesis deck, put each minion among them into play and discard the others; "
            f"then it loses {loss} nemesis tokens.")


@step("br_reinforce", text=_reinforce_text)
def _br_reinforce(g: Engine, ctx: Ctx, threshold: int, reveal: int, loss: int, expert_loss: int) -> None:
    """The revealed minions enter play first (their entry tokens are pushed, so they come after
    the loss, which is the same count either way: the loss never meets the floor of 0)."""
    n = g.state.nemesis
    if int(n.tokens.get(TOKEN, 0)) < threshold:
        return
    shown = n.deck[:reveal]
    del n.deck[:reveal]
    minions = [c for c in shown if _is_minion(c)]
    others = [c for c in shown if not _is_minion(c)]
    g.ev("br_reinforcements", cards=list(shown), minions=minions, source=ctx.source)
    for name in minions:
        enter_play(g, name)
    n.discard.extend(others)
    _lose(g, expert_loss if _expert(g) else loss, ctx.source)


# ============================================================================ campaign steps


@step("br_shield_self", text=lambda n: "This minion gains a shield token." if n == 1 else
      f"This minion gains {n} shield tokens.")
def _br_shield_self(g: Engine, ctx: Ctx, n: int) -> None:
    nem = g.state.nemesis
    idx = find_ref(nem.in_play, ctx.source)
    if idx >= 0:
        nem.in_play[idx].shields += n
        g.ev("br_shielded", card=nem.in_play[idx].name, amount=n, source=ctx.source)


@step("br_heal_other", text=lambda n: (
        f"Another minion in play (the players pick) gains {n} life, never above its printed life."))
def _br_heal_other(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    nem = g.state.nemesis
    if action is None:
        opts: list[Action] = [("minion", copy_ref(nem.in_play, k)) for k, c in enumerate(nem.in_play)
                              if _is_minion(c.name) and copy_ref(nem.in_play, k) != ctx.source]
        if opts:
            ask_step(g, ctx, ("br_heal_other", n), "minion", chooser(g, ctx), "Which other minion gains life?", opts)
        return
    idx = find_ref(nem.in_play, str(action[1]))
    if idx < 0:
        return
    c = nem.in_play[idx]
    top = catalogue.NEMESIS_CARDS[c.name].life
    gained = max(0, min(n, top - c.life))
    c.life += gained
    g.ev("br_healed", card=c.name, amount=gained, source=ctx.source)


# ============================================================================ the mat's rules

on = trigger_source("nemesis", BR)


@on("nemesis_draw")
def _nemesis_draw(g: Engine) -> bool:
    """K-14 over N-3: an empty deck forms again from the minions of the discard."""
    n = g.state.nemesis
    if n.deck:
        return False
    back = [c for c in n.discard if _is_minion(c)]
    if not back:
        return False
    n.discard = [c for c in n.discard if not _is_minion(c)]
    g.state.rng = shuffle(g.state.rng, back)
    n.deck = back
    n.tokens[REFORMED] = 1
    g.ev("br_deck_formed", amount=len(back), source=BR)
    return False


@on("entered_play")
def _entered_play(g: Engine, name: str) -> None:
    card = catalogue.NEMESIS_CARDS[name]
    if not g.state.nemesis.tokens.get(REFORMED) or card.type != "minion":
        return
    gain = ENTRY_TOKENS.get(card.tier, 0)
    if gain:
        g.push_steps((("gain_token", TOKEN, gain),), Ctx(-1, -1, BR))


@on("board_clear")
def _board_clear(g: Engine) -> bool:
    """G-1 waits while the next draw would form a new deck."""
    return not any(_is_minion(c) for c in g.state.nemesis.discard)


rule("br_reform", text=lambda: (
        "When the nemesis must draw from an empty deck, shuffle the minions of its discard pile into a new "
        "nemesis deck and draw from it (no minion there: the usual Unleashes). The players do not win by an "
        "empty deck while a minion lies in the nemesis discard (the project's reading)."))
rule("br_entry", text=lambda t1, t2: (
        f"Once a new deck has formed, for the rest of the game each tier-1 minion entering play gives it {t1} "
        f"nemesis tokens, and each tier-2 minion {t2}."))
rule("br_expert", text=lambda n: f"Reinforcements cost it {n} nemesis tokens instead.")

event_text("br_reinforcements", lambda e: (
        f"reinforcements: {card_list(e['cards']) or 'no card'} revealed"
        + (f", {card_list(e['minions'])} into play" if e["minions"] else "") + by_source(e)))
event_text("br_deck_formed", lambda e: f"the nemesis deck forms again from {e['amount']} discarded minions"
           + by_source(e))
event_text("br_shielded", lambda e: f"{e['card']} gains {e['amount']} shield token" + by_source(e))
event_text("br_healed", lambda e: f"{e['card']} gains {e['amount']} life" + by_source(e))


# ============================================================================ cards


def _card(name: str, tier: int, life: int, *persistent: tuple[Any, ...], **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, "minion", tier, "LOG", nemesis=BR, life=life, persistent=tuple(persistent), **kw)


def _any(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


COSTLIEST = pick("discard", 1, "hand", "costliest")

UNKNOWN_SHADOW = _card("Unknown Shadow", 1, 4, ("unleash", 1))
UNKNOWN_SOLDIER = _card("Unknown Soldier", 1, 4, ("gravehold_damage", 1))
UNKNOWN_LURKER = _card("Unknown Lurker", 1, 4, _any(("suffer", 1)))
UNKNOWN_HUNTER = _card("Unknown Hunter", 2, 9, ("unleash", 1))
UNKNOWN_WATCHER = _card("Unknown Watcher", 2, 8, ("gravehold_damage", 1))
UNKNOWN_FUSION = _card("Unknown Fusion", 2, 8, _any(("suffer", 1)))
UNKNOWN_PHANTOM = _card("Unknown Phantom", 3, 10, ("gravehold_damage", 2))
UNKNOWN_BEAST = _card("Unknown Beast", 3, 10, _any(("suffer", 1), COSTLIEST))
UNKNOWN_FOLLOWER = _card("Unknown Follower", 3, 8, _any(("lose_charges", 2), ("suffer", 1)))

DECK_CARDS = (UNKNOWN_SHADOW, UNKNOWN_SOLDIER, UNKNOWN_LURKER, UNKNOWN_HUNTER, UNKNOWN_WATCHER, UNKNOWN_FUSION,
              UNKNOWN_PHANTOM, UNKNOWN_BEAST, UNKNOWN_FOLLOWER)

_BLANK = READINGS["campaign_blanks"]


def _campaign(role: str, tier: int, life: int, *persistent: tuple[Any, ...], **kw: Any) -> NemesisCardDef:
    return _card(f"Unnamed ({BR} Campaign {role})", tier, life, *persistent, campaign=True, **kw)


CAMPAIGN = (
    _campaign("Hunter", 2, 9, ("unleash", 1), ("br_shield_self", 1), ("br_heal_other", 2), _any(("suffer", 1))),
    _campaign("Watcher", 2, _BLANK["Watcher"][0], ("gravehold_damage", _BLANK["Watcher"][1])),
    _campaign("Lurker", 1, 5, _any(("suffer", 2))),
    _campaign("Soldier", 1, 5, ("gravehold_damage", _BLANK["Soldier"])),
    _campaign("Shadow", 1, 5, _any(("suffer", 1), pick("discard", 1, "prepped")), ("unleash", 1)),
    _campaign("Follower", 3, _BLANK["Follower"][0], _any(("suffer", _BLANK["Follower"][1]))),
    _campaign("Phantom", 3, 7, ("gravehold_damage", 3), shields=_BLANK["Phantom shield"]),
    _campaign("Fusion", 2, 11, _any(("suffer", 2))),
    _campaign("Beast", 3, 14, _any(("suffer", 2), COSTLIEST), ("unleash", 2)),
)

CARDS = (*DECK_CARDS, *CAMPAIGN)

# ============================================================================ the mat

NEMESIS = NemesisDef(
    BR, BR, "LOG", life=60, difficulty=7, expedition_level=3,
    unleash=(("gain_token", TOKEN, 1),),
    cards=tuple(c.name for c in DECK_CARDS),
    end_of_turn=(("br_reinforce", THRESHOLD, REVEAL, LOSS, LOSS_EXPERT),),
    rules={"deck": (("br_reform",), ("br_entry", ENTRY_TOKENS[1], ENTRY_TOKENS[2]))},
    increased_difficulty={"reinforcements": (("br_expert", LOSS_EXPERT),)},
)
