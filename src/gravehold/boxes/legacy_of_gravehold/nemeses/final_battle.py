"""What the two last nemeses of Legacy of Gravehold share: the Final Battle cards, the Mage
Attack deck their Unleash draws from, and the step kinds those cards use.

This module is no nemesis (it has no ``NEMESIS``): ``brama_legacy.py`` and ``zhana_legacy.py``
build their mats with :func:`final_nemesis`, each with its partner's four Commander cards.
Its ``CARDS`` (the 13 Final Battle and 21 Mage Attack cards) are catalogued once, under the
nemesis label ``"Final Battle"``.

**The Mage Attack deck** is the special deck ``decks["mage attack"]`` (face down, shuffled at
setup) with its discard pile ``decks["mage attack discard"]`` (face up). An Unleash draws its
top card, resolves it and lays it on that discard pile; drawing from an empty deck first
shuffles the discard pile into a new deck.

**Map fire** is campaign data: a Final Battle card that puts fire on the campaign map adds to
the nemesis token ``"map fire"``, which only Monstrous Inferno reads.

The readings decided for both nemeses are listed in :data:`READINGS` (their docstrings say
them in words).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....boxapi import (
    FILTERS,
    Action,
    Ctx,
    Engine,
    NemesisCardDef,
    NemesisDef,
    Steps,
    add_charges,
    ask_step,
    by_source,
    chooser,
    counter,
    discard_breach_spells,
    event_text,
    gain_card,
    gainable,
    heal_player,
    minion_damage,
    per,
    pick,
    rule,
    seat,
    shown_in_panel,
    special_top,
    step,
    table_panel,
    who_does,
)
from ....boxapi import catalogue as content

LABEL = "Final Battle"
#: the catalogue names of cards whose printed names player cards already use
FB_SUFFIX, COMMANDER_SUFFIX = " (Final Battle)", " (Commander)"
MA_DECK = "mage attack"
MA_DISCARD = "mage attack discard"
MAP_FIRE = "map fire"

#: every value decided where the sources are silent or disagree (both nemeses)
READINGS: dict[str, Any] = {
    "deck_shape": (11, 2, 4),
    "deck_tiers": "Final Battle cards at their printed tiers (11 of tier 1, 2 of tier 2); the partner's four "
                  "Commander cards (printed without a tier) as tier 3; basic cards added per S-6 as usual",
    "commander_type": "a Commander card resolves like an attack when drawn (its effect helps the players), "
                      "then goes to the nemesis discard pile",
    "mage_attack_deck": "the 21 Mage Attack cards of the final battle, one copy each; the L2-E event minions "
                        "are not in it",
    "remnant": "Remnant (Final Battle) belongs to the campaign's event deck (L2-E), not to Z'hana's deck: "
               "not encoded",
    "story_cards": "A Portal Opens, Reinforcements, More Reinforcements and Backup Arrives only send the "
                   "campaign to its story book: in a single game they do nothing",
    "map_fire": "fire put on the campaign map is counted as the nemesis token 'map fire' (0 at setup); "
                "only Monstrous Inferno reads it",
    "inferno_limit": 3,
    "claudia": "Lexive's wording (the players discard three gems between them) rather than the wiki's copy "
               "of Arachnos",
    "thraxir_max_cost": 4,
    "yan_magda": "breach II of a player whose mat starts it closed goes back to closed at its starting stage; "
                 "its spells go to the discard pile",
    "nook": "the gained spell must cost less than the returned one; none to gain, none gained",
    "xaxos": "the players choose one charge at a time, up to 3, each healing Gravehold by 1",
    "increased_difficulty": "none printed",
    "resolving": "a drawn Mage Attack card lies on the Mage Attack discard pile while it resolves",
}

# ============================================================================ filters


_Filter = type(FILTERS["any"])
FILTERS["spell_cost_at_least"] = _Filter(lambda c, k: c.type == "spell" and c.cost >= k, 1, noun="spell",
                                        text=" costing {0} Æ or more")
FILTERS["costliest_spell"] = _Filter(lambda c: c.type == "spell", noun="spell", costliest=True)


@counter("log_hand_spells", "per spell left in that player's hand")
def _hand_spells(g: Engine, ctx: Ctx) -> int:
    cards = content.CARDS
    return sum(1 for c in g.state.players[ctx.you].hand if cards[c].type == "spell")


# ============================================================================ the Mage Attack deck


def draw_mage_attack(g: Engine) -> str | None:
    """The top Mage Attack card, the discard pile shuffled in first when the deck is empty."""
    name, shuffled = special_top(g.state, MA_DECK, MA_DISCARD)
    if shuffled:
        g.ev("mage_attack_reshuffled", cards=shuffled)
    return name


@step("mage_attack", text=lambda: (
        "Draw the top Mage Attack card and resolve it, then lay it on the Mage Attack discard pile "
        "(an empty Mage Attack deck is first made again from that pile, shuffled)."))
def _mage_attack(g: Engine, ctx: Ctx) -> None:
    name = draw_mage_attack(g)
    if name is None:
        return
    g.ev("mage_attack_drawn", card=name, source=ctx.source)
    # it lies face up on the discard pile while it resolves (the reading ``resolving``)
    g.state.nemesis.decks.setdefault(MA_DISCARD, []).append(name)
    g.push_steps(content.NEMESIS_CARDS[name].effect, Ctx(-1, -1, name))


# ============================================================================ campaign pieces


@step("story_card", text=lambda: (
        "Campaign only: this card sends the campaign to its story book; in a single game it does nothing "
        "(the project's reading)."))
def _story_card(g: Engine, ctx: Ctx) -> None:
    g.ev("story_card", source=ctx.source)


@step("map_fire", text=lambda n: (
        f"Add {n} fire {'token' if n == 1 else 'tokens'} to the campaign map (kept as the nemesis token "
        "'map fire': the project's reading)."))
def _map_fire(g: Engine, ctx: Ctx, n: int) -> None:
    toks = g.state.nemesis.tokens
    toks[MAP_FIRE] = toks.get(MAP_FIRE, 0) + n


@step("inferno", text=lambda k, n: (
        f"If the map holds {k} fire tokens or fewer, add {n} more to it; otherwise Unleash."))
def _inferno(g: Engine, ctx: Ctx, k: int, n: int) -> None:
    toks = g.state.nemesis.tokens
    if toks.get(MAP_FIRE, 0) <= k:
        toks[MAP_FIRE] = toks.get(MAP_FIRE, 0) + n
    else:
        g.push_steps((("unleash", 1),), ctx)


# ============================================================================ player steps


@step("ma_lose_charges", text=lambda n, *, they=False: (
        f"loses {n} {'charge' if n == 1 else 'charges'} (as many as they have)." if they
        else f"Lose {n} {'charge' if n == 1 else 'charges'}."))
def _ma_lose_charges(g: Engine, ctx: Ctx, n: int) -> None:
    p = g.state.players[ctx.you]
    lost = min(n, p.charges)
    if lost:
        p.charges -= lost
        g.ev("charges_lost", player=ctx.you, amount=lost, source=ctx.source)


_MOST = {"costliest_spell": "the costliest spell in hand",
         "discard": "the most cards in their discard pile",
         "discard_spells": "the most spells in their discard pile"}


def _measure(g: Engine, j: int, what: str) -> int:
    p = g.state.players[j]
    cards = content.CARDS
    if what == "costliest_spell":
        return max((cards[c].cost for c in p.hand if cards[c].type == "spell"), default=-1)
    if what == "discard":
        return len(p.discard)
    return sum(1 for c in p.discard if cards[c].type == "spell")


@step("ma_most", text=lambda what, steps: (
        who_does(f"The player with {_MOST[what]} (the players pick among ties)", steps)))
def _ma_most(g: Engine, ctx: Ctx, what: str, steps: Steps, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        idx = list(range(len(st.players)))
        top = max(_measure(g, j, what) for j in idx)
        opts: list[Action] = [("player", j) for j in idx if _measure(g, j, what) == top]
        ask_step(g, ctx, ("ma_most", what, steps), "player", chooser(g, ctx), "Which player is affected?", opts)
        return
    j = int(action[1])
    g.push_steps(steps, Ctx(j, j, ctx.source))


def _pile(g: Engine, name: str) -> int:
    names = g.state.supply_names
    return names.index(name) if name in names else -1


def _nook_options(g: Engine, j: int, least: int) -> list[Action]:
    cards = content.CARDS
    return [("spell", j, b, k) for b, br in enumerate(g.state.players[j].breaches)
            for k, s in enumerate(br.spells) if cards[s].cost >= least and _pile(g, s) >= 0]


@step("nook_swap", can_resolve=lambda g, ctx, s: bool(_nook_options(g, ctx.you, int(s[1]))),
      text=lambda least, *, they=False: (
        f"returns one of their prepped spells costing {least} Æ or more to its supply pile, then gains a "
        "spell costing less than it into their hand."))
def _nook_swap(g: Engine, ctx: Ctx, least: int, action: Action | None = None) -> None:
    st = g.state
    p = st.players[ctx.you]
    cards = content.CARDS
    if action is None:
        opts = _nook_options(g, ctx.you, least)
        if opts:
            ask_step(g, ctx, ("nook_swap", least), "spell", ctx.you, "Return which prepped spell to the supply?",
                     opts)
        return
    b, k = int(action[2]), int(action[3])
    name = p.breaches[b].spells.pop(k)
    st.supply_counts[_pile(g, name)] += 1
    g.ev("returned_to_supply", player=ctx.you, card=name, source=ctx.source)
    g.push_steps((("nook_gain", cards[name].cost - 1),), ctx)


@step("nook_gain", text=lambda most, *, they=False: (
        f"gains a spell costing {most} Æ or less into their hand."))
def _nook_gain(g: Engine, ctx: Ctx, most: int, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("gain", n) for n in gainable(g, "spell", most)] if most >= 0 else []
        if opts:
            ask_step(g, ctx, ("nook_gain", most), "gain", ctx.you, "Gain which spell into your hand?", opts)
        return
    gain_card(g, ctx.you, str(action[1]), on_your_turn=False, to_hand=True)


def _returnable(g: Engine, j: int, most: int) -> list[Action]:
    p = g.state.players[j]
    cards = content.CARDS
    return [("card", zone, c) for zone in ("hand", "discard") for c in dict.fromkeys(getattr(p, zone))
            if cards[c].cost <= most and _pile(g, c) >= 0]


@step("return_cheap_card", can_resolve=lambda g, ctx, s: bool(_returnable(g, ctx.you, int(s[1]))),
      text=lambda most, *, they=False: (
        f"puts one of their cards of {most} Æ or less, taken from hand or discard pile, back on its supply pile."))
def _return_cheap_card(g: Engine, ctx: Ctx, most: int, action: Action | None = None) -> None:
    if action is None:
        opts = _returnable(g, ctx.you, most)
        if opts:
            ask_step(g, ctx, ("return_cheap_card", most), "card", ctx.you, "Return which card to the supply?", opts)
        return
    zone, name = str(action[1]), str(action[2])
    pile: list[str] = getattr(g.state.players[ctx.you], zone)
    del pile[len(pile) - 1 - pile[::-1].index(name)]
    g.state.supply_counts[_pile(g, name)] += 1
    g.ev("returned_to_supply", player=ctx.you, card=name, source=ctx.source)


@step("charges_heal_gravehold", text=lambda n: (
        f"The players may lose up to {n} charges between them; Gravehold gains 1 life for each charge lost."))
def _charges_heal_gravehold(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = [("player", j) for j, p in enumerate(st.players) if p.charges > 0]
        if n > 0 and opts:
            ask_step(g, ctx, ("charges_heal_gravehold", n), "player", chooser(g, ctx),
                     f"Who loses a charge to heal Gravehold by 1? ({n} at most; or stop)", [*opts, ("done",)])
        return
    if action[0] == "done":
        return
    j = int(action[1])
    st.players[j].charges -= 1
    g.ev("charges_lost", player=j, amount=1, source=ctx.source)
    g.push_steps((("gravehold_life", 1), ("charges_heal_gravehold", n - 1)), ctx)


def _resettable(g: Engine) -> list[int]:
    out = []
    for j, p in enumerate(g.state.players):
        start = content.MAGES[p.mage].breaches[1]
        if p.breaches[1].state == "open" and start.state == "closed":
            out.append(j)
    return out


@step("reset_breach_two", text=lambda: (
        "A player of your choice with an opened II breach turns it back to where it started; its spells go to "
        "their discard pile."))
def _reset_breach_two(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("player", j) for j in _resettable(g)]
        if opts:
            ask_step(g, ctx, ("reset_breach_two",), "player", chooser(g, ctx), "Whose II breach is reset?", opts)
        return
    j = int(action[1])
    p = g.state.players[j]
    discard_breach_spells(g, j, 1)
    br = p.breaches[1]
    br.state, br.stage, br.focused = "closed", content.MAGES[p.mage].breaches[1].stage, False
    g.ev("breach_two_reset", player=j, breach=1, source=ctx.source)


#: a kind of card the players discard between them: (one, several, the ``pick`` filter)
_KINDS: dict[str, tuple[str, str, str | tuple[Any, ...]]] = {
    "gem": ("gem", "gems", "gem"),
    "spell3": ("spell costing 3 Æ or more", "spells costing 3 Æ or more", ("spell_cost_at_least", 3)),
    "card3": ("card costing 3 Æ or more", "cards costing 3 Æ or more", ("cost_at_least", 3)),
}


def _keeps(kind: str, name: str) -> bool:
    c = content.CARDS[name]
    if kind == "gem":
        return c.type == "gem"
    return c.cost >= 3 and (kind == "card3" or c.type == "spell")


@step("collective_discard_kind", text=lambda n, kind: (
        f"The players discard {n} {_KINDS[kind][0] if n == 1 else _KINDS[kind][1]} from their hands between them."))
def _collective_discard_kind(g: Engine, ctx: Ctx, n: int, kind: str, action: Action | None = None) -> None:
    """One card per decision: the players name whose hand it leaves, then that player picks it."""
    st = g.state
    if action is None:
        opts: list[Action] = [("player", j) for j, p in enumerate(st.players) if any(_keeps(kind, c) for c in p.hand)]
        if n > 0 and opts:
            ask_step(g, ctx, ("collective_discard_kind", n, kind), "player", chooser(g, ctx),
                     f"Who discards the next card? ({n} to go)", opts)
        return
    j = int(action[1])
    if n > 1:
        g.push_steps((("collective_discard_kind", n - 1, kind),), ctx)
    g.push_steps((pick("discard", 1, "hand", _KINDS[kind][2]),), Ctx(j, j, ctx.source))


# ============================================================================ Commander steps


@step("each_player", text=lambda steps: who_does("Each player", steps))
def _each_player(g: Engine, ctx: Ctx, steps: Steps) -> None:
    for j in reversed(range(len(g.state.players))):
        g.push_steps(steps, Ctx(j, j, ctx.source))


def _minions(g: Engine) -> list[str]:
    cards = content.NEMESIS_CARDS
    return list(dict.fromkeys(c.name for c in g.state.nemesis.in_play if cards[c.name].type == "minion"))


@step("commander_hits_minion", can_resolve=lambda g, ctx, s: bool(_minions(g)),
      text=lambda n: f"The players deal {n} damage to a minion of their choice.")
def _commander_hits_minion(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """A Commander card's damage: one minion the players name takes it all."""
    ms = _minions(g)
    if not ms:
        return
    if action is None and len(ms) > 1:
        ask_step(g, ctx, ("commander_hits_minion", n), "target", chooser(g, ctx), f"Deal {n} damage to which minion?",
                 [("target", m) for m in ms])
        return
    minion_damage(g, str(action[1]) if action else ms[0], n, ctx.source)


@step("collective_gain_charges", text=lambda n: f"The players gain {n} charges between them.")
def _collective_gain_charges(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = [("player", j) for j, p in enumerate(st.players) if p.charges < p.max_charges]
        if n > 0 and opts:
            ask_step(g, ctx, ("collective_gain_charges", n), "player", chooser(g, ctx),
                     f"Who gains the next charge? ({n} to go)", opts)
        return
    add_charges(g, int(action[1]), 1, ctx.source)
    if n > 1:
        g.push_steps((("collective_gain_charges", n - 1),), ctx)


@step("collective_heal", text=lambda n: f"The players gain {n} life between them.")
def _collective_heal(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = [("player", j) for j, p in enumerate(st.players)
                              if not p.exhausted and p.life < p.max_life]
        if n > 0 and opts:
            ask_step(g, ctx, ("collective_heal", n), "player", chooser(g, ctx),
                     f"Who gains the next life? ({n} to go)", opts)
        return
    heal_player(g, int(action[1]), 1, ctx.source)
    if n > 1:
        g.push_steps((("collective_heal", n - 1),), ctx)


# ============================================================================ cards


def _card(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    """A Final Battle card; one sharing its printed name with a player card is catalogued as
    ``"<name> (Final Battle)"`` and shown by its printed name."""
    if name.endswith(FB_SUFFIX):
        kw.setdefault("shown", name[: -len(FB_SUFFIX)])
    return NemesisCardDef(name, type_, tier, "LOG", nemesis=LABEL, **kw)


def _any(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


UNLEASH = ("unleash", 1)

FINAL_BATTLE_CARDS = (
    _card("Oblivion Swell (Final Battle)", "attack", 1, effect=(UNLEASH, _any(("suffer", 3)))),
    _card("Fiery Torrent (Final Battle)", "attack", 1, effect=(UNLEASH, _any(("suffer", 2)), ("map_fire", 1))),
    _card("Monstrous Inferno", "attack", 1, effect=(UNLEASH, ("inferno", 3, 2))),
    _card("Thermal Dart", "attack", 1, effect=(UNLEASH, ("player", "lowest_life", (("suffer", 2),)),
                                               ("gravehold_damage", 2))),
    _card("Combustion", "power", 1, power_tokens=2, to_discard=(("spend_aether", 6),), power=(("unleash", 2),)),
    _card("Jagged Lightning (Final Battle)", "power", 1, power_tokens=2, power=(("unleash", 2),)),
    _card("Fulminate", "power", 1, power_tokens=2, to_discard=(pick("discard", 3),),
          power=(("unleash", 2), ("gravehold_damage", 2))),
    _card("Wildfire Whip (Final Battle)", "power", 1, power_tokens=2, to_discard=(("spend_aether", 7),),
          power=(("unleash", 2), ("map_fire", 1))),
    _card("More Reinforcements", "attack", 1, effect=(("story_card",),)),
    _card("Reinforcements", "attack", 1, effect=(("story_card",),)),
    _card("Backup Arrives", "attack", 1, effect=(("story_card",),)),
    _card("Consuming Void (Final Battle)", "attack", 2, effect=(("unleash", 3),)),
    _card("A Portal Opens", "attack", 2, effect=(("story_card",),)),
)


def _ma(who: str, *effect: tuple[Any, ...]) -> NemesisCardDef:
    return _card(f"{who} (Mage Attack)", "attack", 0, shown=who, deck=MA_DECK, effect=tuple(effect))


MAGE_ATTACK_CARDS = (
    _ma("Arachnos", ("collective_lose_charges", 3)),
    _ma("Claudia", ("collective_discard_kind", 3, "gem")),
    _ma("Dezmodia", ("player", "most_opened_breaches", (("suffer", 3),))),
    _ma("Gygar", _any(("ma_lose_charges", 1), ("suffer", 2))),
    _ma("Ilya", ("player", "most_prepped", (pick("discard", 2, "prepped"),))),
    _ma("Inco", _any(pick("destroy", 1, "hand")), ("gravehold_damage", 5)),
    _ma("Indira", ("ma_most", "costliest_spell", (pick("discard", 1, "hand", "costliest_spell"), ("suffer", 2)))),
    _ma("Kadir", _any(pick("discard", 2, "hand"), ("gravehold_damage", per("log_hand_spells")))),
    _ma("Kel", ("ma_most", "discard", (("suffer", 1), pick("discard", 2, "hand")))),
    _ma("Lost", ("ma_most", "discard_spells", (("suffer", per("log_discard_spells")),))),
    _ma("Malastar", ("player", "costliest_in_hand", (pick("discard", 1, "hand", "costliest"), ("suffer", 1)))),
    _ma("Mazra", ("collective_discard_kind", 2, "spell3")),
    _ma("Nook", _any(("nook_swap", 2))),
    _ma("Qu", ("or", (_any(pick("discard", 1, "hand", ("cost_at_least", 4))),), (_any(("suffer", 2)),))),
    _ma("Razra", ("collective_discard_kind", 2, "card3")),
    _ma("Soskel", _any(("ma_lose_charges", 2)), ("gravehold_damage", 2)),
    _ma("Talix", pick("discard", 3, "prepped", who="players")),
    _ma("Taqren", ("gravehold_damage", 3)),
    _ma("Thraxir", _any(("return_cheap_card", 4))),
    _ma("Xaxos", ("gravehold_damage", 3), ("charges_heal_gravehold", 3)),
    _ma("Yan Magda", ("reset_breach_two",)),
)

CARDS = (*FINAL_BATTLE_CARDS, *MAGE_ATTACK_CARDS)

# ============================================================================ the mats

rule("final_battle_setup", text=lambda: (
        "Setup: shuffle the 21 Mage Attack cards face down into the Mage Attack deck. The nemesis deck holds "
        "the Final Battle cards at their tiers and the partner's Commander cards as tier 3, with basic cards "
        "added as usual (the project's reading)."))
rule("final_battle_commander", text=lambda: (
        "A Commander card drawn from the nemesis deck resolves at once like an attack; it helps the players "
        "(the project's reading)."))


def final_nemesis(name: str, commanders: tuple[NemesisCardDef, ...]) -> NemesisDef:
    """One of the two final nemeses: 70 life, difficulty 7, the Mage Attack Unleash."""
    return NemesisDef(
        name, name, "LOG", life=70, difficulty=7,
        unleash=(("mage_attack",),),
        cards=tuple(c.name for c in (*FINAL_BATTLE_CARDS, *commanders)),
        special_decks={MA_DECK: tuple(c.name for c in MAGE_ATTACK_CARDS)},
        deck_holds={MA_DISCARD: MA_DECK},
        deck_faces={MA_DISCARD: "up"},
        rules={"setup": (("final_battle_setup",),), "commander": (("final_battle_commander",),)},
        deck_shape=READINGS["deck_shape"],
    )


def commander(name: str, nemesis: str, *effect: tuple[Any, ...]) -> NemesisCardDef:
    """A partner's Commander card in the nemesis deck (tier 3 by the reading ``deck_tiers``).
    Commander cards carry the names of their mage's cards and ability, so each is catalogued as
    ``"<name> (Commander)"`` and shown by its printed name."""
    return NemesisCardDef(f"{name}{COMMANDER_SUFFIX}", "attack", 3, "LOG", nemesis=nemesis, shown=name,
                          effect=tuple(effect))


shown_in_panel(lambda name: name in (MA_DECK, MA_DISCARD, MAP_FIRE))


@table_panel
def _panel(view: Mapping[str, Any]) -> tuple[str, str] | None:
    n = view.get("nemesis") or {}
    decks = n.get("decks") or {}
    if MA_DECK not in decks and MA_DISCARD not in decks:
        return None
    fire = (n.get("tokens") or {}).get(MAP_FIRE, 0)
    return ("Mage Attacks", f"deck {len(decks.get(MA_DECK, ()))}; discard {len(decks.get(MA_DISCARD, ()))}; "
            f"map fire {fire}")


event_text("mage_attack_drawn", lambda e: f"the nemesis draws the Mage Attack card {e['card']}" + by_source(e))
event_text("mage_attack_reshuffled", lambda e: f"the Mage Attack discard pile is shuffled into a new deck of "
           f"{e['cards']} cards")
event_text("story_card", lambda e: "a campaign story card: nothing happens in a single game" + by_source(e))
event_text("breach_two_reset", lambda e: f"{seat(e['player'])} turns breach II back to its starting position"
           + by_source(e))

__all__ = ["CARDS", "LABEL", "MA_DECK", "MA_DISCARD", "MAP_FIRE", "READINGS", "commander", "final_nemesis"]
