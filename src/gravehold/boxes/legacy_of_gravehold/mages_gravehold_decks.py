"""Four Legacy of Gravehold mages of the city Gravehold with piles of their own (K-13):
Malastar, Mazra, Nook and Inco, their unique starting cards and their sub-decks. Malastar and
Mazra are written here, Nook and Inco in ``mages_nook_inco`` (this docstring and ``READINGS``
speak for all four).

Every Legacy mage shares a name with a mage of another box, so each is catalogued, saved and
shown as ``"<name> (LOG)"``. The piles beside a mat are the engine's mage decks
(``MageDef.decks``, ``engine/keywords/mage_decks.py``):

- Malastar's *Inventions deck*: the eight Invention cards, shuffled face down; only his
  ability takes from it, into an ally's hand. An Invention's "Malastar ..." part is done by
  the player whose mage is Malastar, whoever plays the card (``mage_does``).
- Mazra's *Upgrade deck*: the fourteen "Mazra's" cards costing more than 0 Æ, face up;
  only her ability takes from it. Her breach III is the Research Breach: a spell cast from
  it once it is opened gives its caster 1 charge.
- Nook's *Regularity deck*: four Crystals and a Spark, face up. The first Anomaly he plays
  in a turn goes back into it and gives him a Crystal (or a Spark) from it; his ability
  trades Crystals for Anomalies there.
- Inco has no pile: his flowers are Harvested (destroyed, then their harvest effect
  resolves), by his ability or by Sunflower.

Choices where the sources differ: Photonix Anomaly costs 5 Æ like the other four Anomalies
(one transcription gives 0); Inco's deck is listed Iris first (the order changes nothing:
the deck is shuffled).

Readings decided here (``READINGS`` keeps them in one table):

- *Repeat*: "repeat this once" is the effect twice, "repeat this twice" three times
  (Mechanek Anomaly, Maker's Mitt).
- *Malastar's part of an Invention*: done by the first seat playing Malastar (LOG); with
  none at the table, nothing happens.
- *Burst of Inspiration*: the top or the bottom is chosen before the ally; in true solo the
  card goes into his own hand (SO-1).
- *Harvestable cards*: only cards that print a Harvest effect (Inco's six flowers, which
  only his starting hand and deck hold) can be Harvested. Each Harvested card resolves its
  effect (twice for Uproot) before the next is chosen.
- *First Anomaly*: the first Anomaly a player plays in a turn, whether it went back or not;
  the Crystal or Spark it gives is gained onto the discard pile; with none left in the
  Regularity deck, none is gained.
- *Mazra's Chain* divides its damage one target at a time: a minion takes as much as its
  life and shields, the nemesis (or the last target) the rest; the cast's breach bonus adds
  to the whole.
- *Research*: the destroyed "Mazra" card counts its printed cost; the Upgrade deck card may
  cost anything up to 3 Æ more (less too).
"""

from __future__ import annotations

from typing import Any

from ...boxapi import (
    BREACH_RULES,
    MAT_RULES,
    AbilityDef,
    Action,
    Bonus,
    CardDef,
    Ctx,
    Engine,
    MageDef,
    Steps,
    ask_step,
    cast_spell,
    catalogue,
    deal,
    destroy_from,
    draw_cards,
    event_text,
    focus_breach,
    heal_player,
    minion_damage,
    pick,
    receive_gained,
    render_steps,
    seat,
    special_breach,
    step,
    take_damage_bonus,
    trigger_source,
    who_does,
)
from .mats import BOX, GRAVEHOLD, OPEN, C

CITY = GRAVEHOLD

MALASTAR = "Malastar (LOG)"
MAZRA = "Mazra (LOG)"
NOOK = "Nook (LOG)"
INCO = "Inco (LOG)"

INVENTIONS = "Inventions deck"
UPGRADES = "Upgrade deck"
REGULARITY = "Regularity deck"
RESEARCH = "Research Breach"

READINGS: dict[str, Any] = {
    "repeat_once": 2,  # effects in all when a card says "repeat this once"
    "repeat_twice": 3,  # ... "repeat this twice"
    "malastar_seat": "first",  # who does an Invention's "Malastar" part
    "research_more": 3,  # how much more the Upgrade deck card may cost
    "uproot_times": 2,  # how often Uproot resolves each Harvest effect
}




def _short(mage: str) -> str:
    return mage.removesuffix(f" ({BOX})")


def mage_seat(g: Engine, mage: str) -> int | None:
    """The first seat playing ``mage`` (READINGS["malastar_seat"]); None when nobody does."""
    return next((j for j, p in enumerate(g.state.players) if p.mage == mage), None)


def base_of(name: str) -> str:
    c = catalogue.CARDS[name]
    return c.base or c.name


# ================================================================== shared steps


@step("mage_does", text=lambda mage, steps: who_does(_short(mage), steps))
def _mage_does(g: Engine, ctx: Ctx, mage: str, steps: Steps) -> None:
    """The named mage's player resolves ``steps`` as "you" (an Invention's "Malastar ..." part)."""
    j = mage_seat(g, mage)
    if j is not None:
        g.push_steps(steps, Ctx(j, j, ctx.source))


@step("repeat", text=lambda n, steps: f"{render_steps(steps)} Do this {n} times in all.")
def _repeat(g: Engine, ctx: Ctx, n: int, steps: Steps) -> None:
    g.push_steps(tuple(s for _ in range(n) for s in steps), ctx)


# ================================================================== Malastar


@step("invent", text=lambda: (
        "Take the top or the bottom card of your Inventions deck and put it into the hand of an ally of your "
        "choice."))
def _invent(g: Engine, ctx: Ctx, end: str = "", action: Action | None = None) -> None:
    """Burst of Inspiration: the end of the deck first, then the ally (READINGS)."""
    pile = g.state.players[ctx.you].decks.get(INVENTIONS, [])
    if not pile:
        return
    if not end:
        if action is None and len(pile) > 1:
            ask_step(g, ctx, ("invent",), "yes_no", ctx.you,
                     "Take the top card of the Inventions deck (no: the bottom card)?", [("yes",), ("no",)])
            return
        end = "bottom" if action is not None and action[0] == "no" else "top"
        action = None
    allies = g.allies(ctx.you)
    if action is None and len(allies) > 1:
        ask_step(g, ctx, ("invent", end), "player", ctx.you, "Which ally takes the invention?",
                 [("player", j) for j in allies])
        return
    j = int(action[1]) if action is not None else allies[0]
    card = pile.pop(0 if end == "top" else -1)
    g.state.players[j].hand.append(card)
    g.ev("invention_given", player=j, card=card, owner=ctx.you, end=end, source=ctx.source)


@step("zanite_reveal", text=lambda more: (
        f"Reveal your Inventions deck's top card; if that card is a relic, gain {more} Æ. Then move it to the "
        "bottom of the Inventions deck."))
def _zanite_reveal(g: Engine, ctx: Ctx, more: int) -> None:
    j = mage_seat(g, MALASTAR)
    pile = g.state.players[j].decks.get(INVENTIONS, []) if j is not None else []
    if not pile:
        return
    card = pile.pop(0)
    pile.append(card)
    g.ev("revealed", player=j, card=card, source=ctx.source)
    if catalogue.CARDS[card].type == "relic":
        g.push_steps((("aether", more),), ctx)


@step("may_draw_then_discard", text=lambda n, *, they=False: (
        f"{'may' if they else 'You may'} draw {n} cards; if {'they do, they' if they else 'you do, you'} "
        f"discard {n} cards."))
def _may_draw_then_discard(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    if action is None:
        ask_step(g, ctx, ("may_draw_then_discard", n), "yes_no", ctx.you, f"Draw {n} cards, then discard {n}?",
                 [("yes",), ("no",)])
        return
    if action[0] == "yes":
        g.push_steps((pick("discard", n),), ctx)
        draw_cards(g, ctx.you, n)


@step("may_return_cheap", text=lambda at_most, *, they=False: (
        f"{'may return' if they else 'You may return'} a card costing {at_most} Æ or less from "
        f"{'their' if they else 'your'} discard pile to {'their' if they else 'your'} hand."))
def _may_return_cheap(g: Engine, ctx: Ctx, at_most: int, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("card", n) for n in dict.fromkeys(p.discard) if catalogue.CARDS[n].cost <= at_most]
        if opts:
            ask_step(g, ctx, ("may_return_cheap", at_most), "to_hand", ctx.you, "Return which card to your hand?",
                     [*opts, ("skip",)])
        return
    if action[0] == "skip":
        return
    name = str(action[1])
    del p.discard[len(p.discard) - 1 - p.discard[::-1].index(name)]
    p.hand.append(name)
    g.ev("returned_to_hand", player=ctx.you, card=name, source=ctx.source)


def _malastar(*steps: tuple[object, ...]) -> tuple[object, ...]:
    return ("mage_does", MALASTAR, steps)


def _invention(name: str, kind: str, **kw: Any) -> CardDef:
    return CardDef(f"Invention: {name}", kind, 7, BOX, starter=True, mage=MALASTAR, city=CITY, **kw)


_DESTROY_HAND_OR_DISCARD = pick("destroy", 1, ("hand", "discard"))

INVENTION_CARDS = (
    _invention("Cosmic Locus", "spell", echo=True, cast=(("damage", 2), _malastar(("focus_own",)))),
    _invention("Demiurge Diamond", "gem",
               play=(("aether", 4), _malastar(("gain_from_supply", "any", 4, True)))),
    _invention("Galactoscope", "relic", play=(("attach", "any"),),
               attached=(("on_cast", (("gain_charge", 1), _malastar(("gain_charge", 1)))),)),
    _invention("Guiding Facet", "gem",
               play=(("aether", 5), _malastar(("may_return_cheap", 3)))),
    _invention("Maker's Mitt", "relic",
               play=(("repeat", READINGS["repeat_twice"],
                      (("or", (("gain_charge", 1),), (_DESTROY_HAND_OR_DISCARD,)),)),
                     _malastar(("gain_aether_tokens", 1)))),
    _invention("Meteor Strike", "spell", cast=(("damage", 6), _malastar(("may_draw_then_discard", 2)))),
    _invention("Quantoid", "relic", play=(("ally_draw_discard", 3), _malastar(("draw", 1, "you")))),
    _invention("Solar Loop", "spell", while_prepped=(("casting_start", (("reveal_top_may_destroy",),)),),
               cast=(("damage", 5), _malastar(pick("destroy", 1, ("hand", "discard"), how="may")))),
)

ZANITE = CardDef("Zanite, Perfected", "gem", 0, BOX, play=(("aether", 1), ("zanite_reveal", 1)),
                 starter=True, mage=MALASTAR, city=CITY)

MALASTAR_MAGE = MageDef(
    MALASTAR, MALASTAR, "Inventor", BOX,
    AbilityDef("Burst of Inspiration", "your_main", 5, (("invent",),)),
    hand=("Crystal", "Crystal", "Crystal", "Zanite, Perfected", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
    breaches=(OPEN, C(2), C(1), C(1)), uniques=("Zanite, Perfected",),
    decks={INVENTIONS: tuple(c.name for c in INVENTION_CARDS)}, city=CITY,
)

# ================================================================== Mazra


def _is_mazra(name: str) -> bool:
    return "Mazra" in base_of(name)


@step("focus_breach_at", text=lambda b: f"Focus your breach {('I', 'II', 'III', 'IV')[b]}.")
def _focus_breach_at(g: Engine, ctx: Ctx, b: int) -> None:
    if g.state.players[ctx.you].breaches[b].state == "closed":
        focus_breach(g, ctx.you, b)


def _research_options(g: Engine, ctx: Ctx) -> list[Action]:
    p = g.state.players[ctx.you]
    if not p.decks.get(UPGRADES):
        return []
    return [("card", n) for n in dict.fromkeys(p.hand) if _is_mazra(n)]


@step("research_upgrade", can_resolve=lambda g, ctx, s: bool(_research_options(g, ctx)), text=lambda more: (
        "Destroy one of your \"Mazra\" cards in hand, then gain a card of your Upgrade deck costing "
        f"at most {more} Æ more than it, into your hand."))
def _research_upgrade(g: Engine, ctx: Ctx, more: int, cost: int = -1, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if cost < 0:
        opts = _research_options(g, ctx)
        if not opts:
            return
        if action is None and len(opts) > 1:
            ask_step(g, ctx, ("research_upgrade", more), "destroy", ctx.you,
                     "Destroy which \"Mazra\" card in your hand?", opts)
            return
        name = str((action or opts[0])[1])
        destroy_from(g, ctx.you, "hand", name, ctx.source)
        cost, action = catalogue.CARDS[name].cost, None
    pile = p.decks.get(UPGRADES, [])
    gains: list[Action] = [("card", n) for n in dict.fromkeys(pile) if catalogue.CARDS[n].cost <= cost + more]
    if not gains:
        return
    if action is None and len(gains) > 1:
        ask_step(g, ctx, ("research_upgrade", more, cost), "card", ctx.you, "Gain which card of your Upgrade deck?",
                 gains)
        return
    chosen = str((action or gains[0])[1])
    pile.remove(chosen)
    receive_gained(g, ctx.you, chosen, on_your_turn=ctx.you == g.state.active, to_hand=True)


@step("return_all_mazra", can_resolve=lambda g, ctx, s: any(_is_mazra(n) for n in g.state.players[ctx.you].discard),
      text=lambda: "Move each \"Mazra\" card in your discard pile into your hand.")
def _return_all_mazra(g: Engine, ctx: Ctx) -> None:
    p = g.state.players[ctx.you]
    back = [n for n in p.discard if _is_mazra(n)]
    p.discard = [n for n in p.discard if not _is_mazra(n)]
    for n in back:
        p.hand.append(n)
        g.ev("returned_to_hand", player=ctx.you, card=n, source=ctx.source)


def _minions(g: Engine) -> list[Any]:
    return [c for c in g.state.nemesis.in_play if catalogue.NEMESIS_CARDS[c.name].type == "minion"]


@step("damage_a_minion", can_resolve=lambda g, ctx, s: bool(_minions(g)),
      text=lambda n: f"Deal {n} damage to a minion.")
def _damage_a_minion(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """A damage source that may only hit a minion (its cast's bonus raises it, P-20)."""
    ms = _minions(g)
    if not ms:
        return
    if action is None and len({c.name for c in ms}) > 1:
        ask_step(g, ctx, ("damage_a_minion", n), "target", ctx.you, f"Deal {n} damage to which minion?",
                 [("target", c) for c in dict.fromkeys(c.name for c in ms)])
        return
    minion_damage(g, str(action[1]) if action else ms[0].name, n + take_damage_bonus(g.state, ctx.source),
                  ctx.source)


@step("divide_damage", text=lambda n: (
        f"Deal {n} damage divided as you choose among the nemesis and any minions (the project's reading: each "
        "minion picked in turn takes as much as its life, the nemesis or the last target the rest)."))
def _divide_damage(g: Engine, ctx: Ctx, n: int, started: bool = False, action: Action | None = None) -> None:
    """Mazra's Chain (READINGS): one target at a time."""
    if not started:
        n += take_damage_bonus(g.state, ctx.source)
    if n <= 0:
        return
    ms = _minions(g)
    if action is None:
        if not ms:
            deal(g, "nemesis", n, ctx.source)
            return
        ask_step(g, ctx, ("divide_damage", n, True), "target", ctx.you, f"Which target takes damage ({n} left)?",
                 [("target", "nemesis"), *(("target", c) for c in dict.fromkeys(c.name for c in ms))])
        return
    target = str(action[1])
    if target == "nemesis":
        deal(g, "nemesis", n, ctx.source)
        return
    c = next(c for c in ms if c.name == target)
    share = min(n, c.life + c.shields)
    g.push("s", ctx.you, ctx.owner, ctx.source, ("divide_damage", n - share, True))
    minion_damage(g, target, share, ctx.source)


@step("may_cast_ally_prepped_kept", text=lambda: "You may cast an ally's prepped spell without discarding it.")
def _may_cast_ally_prepped_kept(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = [("spell", j, b, k) for j in g.allies(ctx.you)
                              for b, br in enumerate(st.players[j].breaches) for k in range(len(br.spells))]
        if opts:
            ask_step(g, ctx, ("may_cast_ally_prepped_kept",), "spell", ctx.you, "Cast which ally's prepped spell?",
                     opts + [("skip",)])
        return
    if action[0] != "skip":
        cast_spell(g, ctx.you, int(action[1]), int(action[2]), int(action[3]), keep=True)


@step("ally_life", text=lambda n, draw: (
        f"An ally of your choice gains {n} life{' and may draw a card' if draw else ''}."))
def _ally_life(g: Engine, ctx: Ctx, n: int, draw: bool, action: Action | None = None) -> None:
    """An ally (in true solo, you: SO-1) heals, then may draw."""
    allies = g.allies(ctx.you)
    if action is None and len(allies) > 1:
        ask_step(g, ctx, ("ally_life", n, draw), "player", ctx.you, f"Which ally gains {n} life?",
                 [("player", j) for j in allies])
        return
    j = int(action[1]) if action is not None else allies[0]
    if draw:
        g.push("s", j, j, ctx.source, ("may_draw", 1))
    heal_player(g, j, n, ctx.source)


@step("may_draw", text=lambda n: f"You may draw {n} card{'s' if n > 1 else ''}.")
def _may_draw(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    if action is None:
        ask_step(g, ctx, ("may_draw", n), "yes_no", ctx.you, f"Draw {n}?", [("yes",), ("no",)])
        return
    if action[0] == "yes":
        draw_cards(g, ctx.you, n)


def _mazra_card(name: str, cost: int, *cast: tuple[object, ...]) -> CardDef:
    return CardDef(name, "spell", cost, BOX, cast=tuple(cast), starter=True, mage=MAZRA, city=CITY)


def either(a: Steps, b: Steps) -> tuple[object, ...]:
    return ("or", a, b)


UPGRADE_CARDS = (
    _mazra_card("Mazra's Arc", 3, ("damage", 3), ("focus_lowest", "you")),
    _mazra_card("Mazra's Teachings", 3, ("damage", 3), ("silence",)),
    _mazra_card("Mazra's Wisdom", 3, ("damage", 2), ("draw", 1, "any_ally")),
    _mazra_card("Mazra's Chain", 6, either((("divide_damage", 5),),
                                            (("damage", 1), ("may_cast_ally_prepped_kept",)))),
    _mazra_card("Mazra's Gift", 6, either((("damage", 4), ("ally_charges", 1)),
                                           (("damage", 4), ("ally_life", 1, False)))),
    _mazra_card("Mazra's Inferno", 6, either((("damage", 6),), (("damage", 4), pick("destroy", 1)))),
    _mazra_card("Mazra's Decimation", 9, ("damage_nemesis", 5), ("damage_a_minion", 5)),
    _mazra_card("Mazra's Revivification", 9, ("damage", 4), ("ally_life", 2, True)),
)
#: copies of each in the Upgrade deck: two of each but the two costing 9 Æ
UPGRADE_COPIES = {c.name: 1 if c.cost == 9 else 2 for c in UPGRADE_CARDS}

MAZRAS_STUDIES = CardDef("Mazra's Studies", "spell", 0, BOX,
                         cast=(either((("damage", 1),), (("focus_breach_at", 2),)),),
                         starter=True, mage=MAZRA, city=CITY)

MAZRA_MAGE = MageDef(
    MAZRA, MAZRA, "The Learned", BOX,
    AbilityDef("Research", "your_main", 4,
               (either((("research_upgrade", READINGS["research_more"]),), (("return_all_mazra",),)),)),
    hand=("Crystal", "Crystal", "Crystal", "Crystal", "Mazra's Studies"),
    deck=("Crystal", "Crystal", "Crystal", "Crystal", "Mazra's Studies"),
    breaches=(OPEN, C(0), C(0, RESEARCH), C(0)), uniques=("Mazra's Studies",),
    decks={UPGRADES: tuple(c.name for c in UPGRADE_CARDS for _ in range(UPGRADE_COPIES[c.name]))},
    deck_faces={UPGRADES: "up"}, city=CITY,
)

BREACH_RULES[RESEARCH] = "once it is opened, whoever casts a spell from it gains 1 charge."
_RESEARCH_BONUS = Bonus(steps=(("gain_charge", 1),))


def _research_in_game(st: Any) -> bool:
    return any(p.mage == MAZRA for p in st.players)


@trigger_source("keyword", "Research Breach", present=_research_in_game)("cast_bonus")
def _research(g: Engine, caster: int, owner: int, b: int, spell: str) -> Bonus | None:
    p = g.state.players[owner]
    if p.breaches[b].state == "open" and special_breach(p, b) == RESEARCH:
        return _RESEARCH_BONUS
    return None


MAT_RULES.update({
    MALASTAR: ("Inventions deck: the eight Inventions, shuffled face down beside the mat; only Burst of "
               "Inspiration takes from it."),
    MAZRA: ("Upgrade deck: the fourteen \"Mazra's\" cards costing more than 0 Æ, face up beside the mat; only "
            "Research takes from it. Breach III is the Research Breach."),
})

event_text("invention_given", lambda e: (
    f"{seat(e['owner'])} puts the {e['end']} card of the Inventions deck, {e['card']}, into {seat(e['player'])}'s "
    "hand"))
event_text("own_deck_to_hand", lambda e: f"{seat(e['player'])} takes {e['card']} from their {e['deck']}")

UNIQUE_CARDS = (ZANITE, *INVENTION_CARDS, MAZRAS_STUDIES, *UPGRADE_CARDS)
MAGES = (MALASTAR_MAGE, MAZRA_MAGE)
