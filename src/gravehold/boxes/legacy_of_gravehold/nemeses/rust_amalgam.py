"""Rust Amalgam: its mat (the target token and the parasite deck), its two parasites and its
nine cards, and the step kinds and rules only it uses.

**The target token** is a nemesis token, ``tokens["target token"]``: the seat holding it plus
one (seat 0 holds it as 1). It starts with the first player. Passing it gives it to the next
seat. In true solo a pass from the player lays it on the mat (the key is dropped); a pass from
the mat gives it back. While it lies on the mat, steps aimed at its holder do nothing.

**Parasites** are player cards of type ``"parasite"`` (``PLAYER_CARDS``, cost 0, never played)
and, under the same names, tier-0 cards of the special deck ``decks["parasite"]``, face up.
The mat's Unleash puts the top parasite under the deck of the token's holder, then the token
moves on. When a player's turn begins (their casting phase), each parasite in their hand asks
the players for a prepped spell of at least its price: one discarded sends the parasite under
the parasite deck; without one the parasite goes to its holder's discard pile and they suffer
its damage.

Readings decided here (one table, ``READINGS``):

* ``empty_deck_loss``: the loss on an empty parasite deck comes from an Unleash that must place
  a parasite (wherever Inevitable Assimilation or Encrusted Programming sends it); a card that
  puts a parasite into a hand from an empty deck puts none, and nothing else happens.
* ``indestructible``: this nemesis' own destroy steps never offer a parasite; any other effect
  that would destroy one sends it to its holder's discard pile instead (the engine does not say
  where a destroyed card lay).
* ``resolve_order``: the parasites in hand as a turn begins resolve one at a time, the players
  picking the spell (or none) for each; a parasite that enters a hand later in the turn waits.
* ``assimilation``: Inevitable Assimilation runs the mat's Unleash twice with the parasite
  going onto the holder's discard pile; the token moves as usual.
* ``encrusted``: Encrusted Programming's standing effect is kept as the nemesis token
  ``"parasites on top"`` once its power resolves; the card itself is discarded as usual.
* ``shields``: Vermax and Tuskax have the shields one transcription gives (2 and 3).
* ``solo_ignore``: while the token lies on the mat, an Unleash places no parasite and asks for
  no destroy, a card's steps for the holder are skipped, and the token still moves.
* ``repurpose_damage``: Gravehold's damage is the cost of the costliest card left in that
  player's hand after the discards (0 with an empty hand).
* ``manufacture``: of its two printings, the one that hands the holder a parasite is encoded
  (the other sends the campaign's players to its story book).
* ``lifeless_hordes``: its discard cost is paid by one player alone, from their own prepped
  spells (P-14), like every cost to discard a power.
* ``expert``: on increased difficulty the holder destroys one non-parasite card from hand or
  discard pile during each Unleash, before the token moves (nothing when they have none).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....boxapi import (
    CARD_RULES,
    DESTROY_REDIRECTS,
    Action,
    CardDef,
    CardType,
    Ctx,
    Engine,
    NemesisCardDef,
    NemesisDef,
    State,
    Steps,
    by_source,
    event_text,
    gravehold_damage,
    op,
    pick,
    player_damage,
    prepped_spells,
    remove_prepped,
    rule,
    seat,
    shown_in_panel,
    shuffle,
    step,
    table_panel,
    trigger_source,
    who_does,
)
from ....boxapi import catalogue as content

RA = "Rust Amalgam"
PARASITE = "parasite"
DECK = "parasite"
TOKEN = "target token"
ON_TOP = "parasites on top"
ENCASING, CONSTRICTING = "Encasing Parasite", "Constricting Parasite"
#: each parasite: (copies, the least cost of a spell that sends it back, damage otherwise)
PARASITES: dict[str, tuple[int, int, int]] = {ENCASING: (10, 4, 3), CONSTRICTING: (10, 5, 2)}
NOT_PARASITE = "not_parasite"

READINGS: dict[str, str] = {
    "empty_deck_loss": "only an Unleash that must place a parasite loses the game; hand placements place none",
    "indestructible": "never offered to this nemesis' destroys; another destroy sends it to the discard pile",
    "resolve_order": "parasites in hand at turn start resolve one by one; later ones wait a turn",
    "assimilation": "the mat's Unleash twice, the parasite onto the holder's discard pile",
    "encrusted": "kept as the nemesis token 'parasites on top' after the power resolves",
    "shields": "Vermax 2, Tuskax 3 (one transcription)",
    "solo_ignore": "token on the mat: the holder's steps are skipped, the token still moves",
    "repurpose_damage": "costliest card left in hand after the discards, 0 for an empty hand",
    "manufacture": "the printing that hands the holder a parasite, not the story-book one",
    "lifeless_hordes": "the paying player discards two of their own prepped spells of 4 or more",
    "expert": "holder destroys a non-parasite card from hand or discard pile in each Unleash",
}


def is_parasite(name: str) -> bool:
    c = content.CARDS.get(name)
    return c is not None and c.type == PARASITE


# ============================================================================ the target token


def holder(g: Engine) -> int | None:
    """The seat holding the target token, or None while it lies on the mat (true solo)."""
    v = g.state.nemesis.tokens.get(TOKEN, 0)
    return v - 1 if v > 0 else None


def pass_token(g: Engine, source: str) -> None:
    st = g.state
    n = len(st.players)
    h = holder(g)
    if h is None:
        st.nemesis.tokens[TOKEN] = 1
        to: int | None = 0
    elif n == 1:
        st.nemesis.tokens.pop(TOKEN, None)
        to = None
    else:
        to = (h + 1) % n
        st.nemesis.tokens[TOKEN] = to + 1
    g.ev("target_passed", player=to if to is not None else -1, source=source)


@step("pass_target", text=lambda: "The target token moves on to the next player to the left.")
def _pass_target(g: Engine, ctx: Ctx) -> None:
    pass_token(g, ctx.source)


def _target_text(steps: Steps) -> str:
    return who_does("The player with the target token", steps)


@step("target_player", text=_target_text)
def _target_player(g: Engine, ctx: Ctx, steps: Steps) -> None:
    h = holder(g)
    if h is not None:
        g.push_steps(steps, Ctx(h, h, ctx.source))


# ============================================================================ parasites


def place_parasite(g: Engine, i: int, where: str, source: str, unleash: bool = False) -> None:
    """The top parasite goes to player i: ``deck`` (its bottom, or top under Encrusted
    Programming), ``hand`` or ``discard``. An Unleash finding the deck empty loses the game."""
    st = g.state
    deck = st.nemesis.decks.get(DECK)
    if not deck:
        if unleash:
            g.ev("parasite_deck_empty", player=i, source=source)
            g.end("loss", "nemesis_rule")
        return
    name = deck.pop(0)
    p = st.players[i]
    if where == "deck":
        if st.nemesis.tokens.get(ON_TOP):
            p.deck.insert(0, name)
            where = "deck_top"
        else:
            p.deck.append(name)
    elif where == "hand":
        p.hand.append(name)
    else:
        p.discard.append(name)
    g.ev("parasite_placed", player=i, to=where, card=name, source=source)


_WHERE = {"deck": "on the bottom of their deck", "hand": "into their hand", "discard": "on their discard pile"}


@step("parasite_to", text=lambda n, where, *, they=False: (
        f"places {'the top parasite' if n == 1 else f'the top {n} parasites'} {_WHERE[where]}."))
def _parasite_to(g: Engine, ctx: Ctx, n: int, where: str) -> None:
    for _ in range(n):
        place_parasite(g, ctx.you, where, ctx.source)


@step("unleash_parasite", text=lambda: (
        "The player with the target token places the top parasite on the bottom of their deck "
        "(on top under Encrusted Programming; onto their discard pile during Inevitable Assimilation)."))
def _unleash_parasite(g: Engine, ctx: Ctx) -> None:
    h = holder(g)
    if h is None:
        return
    where = "discard" if g.state.nemesis.tokens.get("assimilating") else "deck"
    place_parasite(g, h, where, ctx.source, unleash=True)
    if g.expert() and not g.state.over:  # increased difficulty: a destroy before the token moves
        g.push_steps((pick("destroy", 1, ("hand", "discard"), NOT_PARASITE),), Ctx(h, h, ctx.source))


@step("assimilate", text=lambda n: (
        f"Unleash {n} times; each parasite goes onto the player's discard pile instead of under their deck."))
def _assimilate(g: Engine, ctx: Ctx, n: int) -> None:
    g.push("assimilate_end")
    g.push_steps((("unleash", n),), ctx)
    g.state.nemesis.tokens["assimilating"] = 1


@op("assimilate_end")
def _assimilate_end(g: Engine) -> None:
    g.state.nemesis.tokens.pop("assimilating", None)


@step("parasites_on_top", text=lambda: (
        "For the rest of the game, a parasite an Unleash places goes on top of the player's deck instead "
        "of its bottom."))
def _parasites_on_top(g: Engine, ctx: Ctx) -> None:
    g.state.nemesis.tokens[ON_TOP] = 1


@step("gravehold_costliest_hand", text=lambda *, they=False: (
        "Then the costliest card still in their hand deals its cost in damage to Gravehold."))
def _gravehold_costliest_hand(g: Engine, ctx: Ctx) -> None:
    cards = content.CARDS
    top = max((cards[c].cost for c in g.state.players[ctx.you].hand), default=0)
    if top > 0:
        gravehold_damage(g, top, ctx.source)


@op("parasites_resolve")
def _parasites_resolve(g: Engine, i: int, pending: tuple[str, ...], action: Action | None = None) -> None:
    """Player i's parasites held as the turn began, one at a time: the players may discard a
    prepped spell of at least its price, else it is discarded and player i suffers."""
    st = g.state
    p = st.players[i]
    left = [c for c in pending if c in p.hand]
    if not left:
        return
    name = left[0]
    _, least, dmg = PARASITES[name]
    if action is None:
        spells = prepped_spells(g, list(range(len(st.players))), least)
        if spells:
            opts: list[Action] = [("spell", j, b, k) for _, j, b, k in spells]
            g.ask("spell", g.team(), name,
                  f"{name}: discard a prepped spell costing {least} Æ or more to send it back? (or skip)",
                  [*opts, ("skip",)], ("parasites_resolve", i, pending))
            return
        action = ("skip",)
    rest = list(left)
    rest.remove(name)
    g.push("parasites_resolve", i, tuple(rest))
    p.hand.remove(name)
    if action[0] == "spell":
        remove_prepped(g, int(action[1]), int(action[2]), int(action[3]), destroy=False, source=name)
        st.nemesis.decks.setdefault(DECK, []).append(name)
        g.ev("parasite_returned", player=i, card=name)
    else:
        p.discard.append(name)
        g.ev("parasite_discarded", player=i, card=name)
        player_damage(g, i, dmg, name)


def _parasite_destroyed(g: Engine, i: int, name: str, source: str) -> None:
    """A parasite cannot be destroyed: it goes to its holder's discard pile instead."""
    g.state.players[i].discard.append(name)
    g.ev("parasite_kept", player=i, card=name, source=source)


DESTROY_REDIRECTS[PARASITE] = _parasite_destroyed

on = trigger_source("nemesis", RA)


@on("turn_start")
def _turn_start(g: Engine, i: int) -> None:
    pending = tuple(c for c in g.state.players[i].hand if is_parasite(c))
    if pending:
        g.push("parasites_resolve", i, pending)


@on("setup")
def _setup(st: State) -> None:
    """The parasite deck, shuffled face up; the first player takes the target token."""
    deck = st.nemesis.decks.setdefault(DECK, [])
    st.rng = shuffle(st.rng, deck)
    st.nemesis.tokens[TOKEN] = 1


# ============================================================================ the parasites

def _parasite_text(least: int, dmg: int) -> str:
    return ("A parasite: it is never played and cannot be destroyed. As your casting phase begins, any player "
            f"may discard one of their prepped spells costing {least} Æ or more to put this under the parasite "
            f"deck; if nobody does, discard this and suffer {dmg} damage.")


rule("parasite_card", text=_parasite_text)

CARD_TYPES = (CardType(PARASITE, played=False, leave_out=NOT_PARASITE, unplayed_why=(
    "{card} is a parasite: it is never played; it resolves as your casting phase begins")),)

#: the player-side face of each parasite (its rule is the nemesis face's ``passive``)
PLAYER_CARDS = tuple(CardDef(name, PARASITE, 0, "LOG") for name in PARASITES)
CARD_RULES.update({name: _parasite_text(least, dmg) for name, (_, least, dmg) in PARASITES.items()})


def _card(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "LOG", nemesis=RA, **kw)


#: the nemesis-side face (a tier-0 card of the parasite deck, catalogued as an attack that never
#: resolves: the engine knows no nemesis card type "parasite")
PARASITE_CARDS = tuple(_card(name, "attack", 0, deck=DECK, passive=(("parasite_card", least, dmg),))
                       for name, (_, least, dmg) in PARASITES.items())

# ============================================================================ cards


def _target(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("target_player", tuple(steps))


FACTORY_NEST = _card("Factory Nest", "power", 1, power_tokens=2, to_discard=(("spend_aether", 6),),
                     power=(("gravehold_damage", 2), _target(("draw", 2, "you"), pick("discard", 3)), ("unleash", 1)))
MANUFACTURE = _card("Manufacture", "power", 1, power_tokens=3,
                    power=(_target(("parasite_to", 1, "hand")), ("pass_target",)))
INEVITABLE_ASSIMILATION = _card("Inevitable Assimilation", "power", 1, power_tokens=2,
                                to_discard=(("spend_aether", 5),), power=(("assimilate", 2),))

ENCRUSTED_PROGRAMMING = _card("Encrusted Programming", "power", 2, power_tokens=3,
                              to_discard=(("spend_aether", 8),), immediately=(("unleash", 2),),
                              power=(("parasites_on_top",),))
AMASS = _card("Amass (Rust Amalgam)", "attack", 2, shown="Amass",
              effect=(("gravehold_damage", 3),
                      _target(pick("destroy", 2, "hand", NOT_PARASITE), ("parasite_to", 2, "hand")),
                      ("pass_target",)))
VERMAX = _card("Vermax", "minion", 2, life=7, shields=2,
               persistent=(("gravehold_damage", 1), ("player", "any", (("parasite_to", 1, "hand"),))))

LIFELESS_HORDES = _card("Lifeless Hordes", "power", 3, power_tokens=1,
                        to_discard=(pick("discard", 2, "prepped", ("cost_at_least", 4)),),
                        power=(("gravehold_damage", 7),))
REPURPOSE = _card("Repurpose", "attack", 3, effect=(
    ("unleash", 2),
    ("player", "costliest_in_hand", (("draw", 3, "you"), pick("discard", 5, "hand", NOT_PARASITE),
                                     ("gravehold_costliest_hand",)))))
TUSKAX = _card("Tuskax", "minion", 3, life=9, shields=3,
               persistent=(("player", "any", (pick("discard", 2, "hand", NOT_PARASITE), ("parasite_to", 2, "hand"))),))

DECK_CARDS = (FACTORY_NEST, MANUFACTURE, INEVITABLE_ASSIMILATION, ENCRUSTED_PROGRAMMING, AMASS, VERMAX,
              LIFELESS_HORDES, REPURPOSE, TUSKAX)

# ============================================================================ the mat

rule("amalgam_setup", text=lambda: (
        "Setup: shuffle every parasite face up into the parasite deck; the first player takes the target "
        "token."))
rule("amalgam_loss", text=lambda: (
        "If a parasite must go under a player's deck while the parasite deck is empty, the players lose."))
rule("amalgam_solo", text=lambda: (
        "True solo: a pass of the target token from you lays it on the mat, and a pass from the mat gives it "
        "back to you; while it lies there, ignore what would affect its holder."))


shown_in_panel(lambda name: name in (DECK, TOKEN, ON_TOP, "assimilating"))


@table_panel
def _panel(view: Mapping[str, Any]) -> tuple[str, str] | None:
    n = view.get("nemesis") or {}
    if n.get("id") != RA:
        return None
    tokens = n.get("tokens") or {}
    t = tokens.get(TOKEN, 0)
    where = f"with P{t}" if t else "on the mat"
    top = "; parasites go on top of decks" if tokens.get(ON_TOP) else ""
    return ("Parasites", f"deck {len((n.get('decks') or {}).get(DECK, ()))}; target token {where}{top}")


NEMESIS = NemesisDef(
    RA, RA, "LOG", life=50, difficulty=6, expedition_level=3,
    unleash=(("unleash_parasite",), ("pass_target",)),
    cards=tuple(c.name for c in DECK_CARDS),
    special_decks={DECK: tuple(name for name, (copies, _, _) in PARASITES.items() for _ in range(copies))},
    deck_faces={DECK: "up"},
    rules={"setup": (("amalgam_setup",),), "parasites": (("amalgam_loss",), ("amalgam_solo",))},
    increased_difficulty={"unleash": (("amalgam_expert",),)},
)

rule("amalgam_expert", text=lambda: (
        "Each Unleash: before the target token moves, its holder destroys one of their cards, taken from "
        "hand or discard pile."))

# ============================================================================ log lines

_TO = {"deck": "under their deck", "deck_top": "on top of their deck", "hand": "into their hand",
       "discard": "onto their discard pile"}
event_text("target_passed", lambda e: "the target token goes to "
           + ("the nemesis mat" if e["player"] < 0 else seat(e["player"])) + by_source(e))
event_text("parasite_placed", lambda e: f"{seat(e['player'])} takes {e['card']} {_TO[str(e['to'])]}" + by_source(e))
event_text("parasite_deck_empty", lambda e: f"the parasite deck is empty: {seat(e['player'])} cannot take a "
           "parasite" + by_source(e))
event_text("parasite_returned", lambda e: f"{e['card']} leaves {seat(e['player'])}'s hand for the bottom of the "
           "parasite deck")
event_text("parasite_discarded", lambda e: f"{e['card']} goes to {seat(e['player'])}'s discard pile")
event_text("parasite_kept", lambda e: f"{e['card']} cannot be destroyed: it goes to {seat(e['player'])}'s "
           "discard pile" + by_source(e))

#: every card of the nemesis, its parasites too (the box gathers them)
CARDS = (*DECK_CARDS, *PARASITE_CARDS)
