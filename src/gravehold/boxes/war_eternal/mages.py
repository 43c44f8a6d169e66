"""War Eternal mages and their unique starting cards (S-2, S-3, K-13).

One section per mage: the step kinds of its unique starting card right above that card,
then the step kinds of its ability right above the mage. ``UNIQUE_CARDS`` and ``MAGES``
gather them at the end.

Hands, decks, charges and breach setups follow ``reference/mages.json`` (Clojure and the
wiki agree on all eight). The War Eternal Mist has the id ``"Mist (WE)"``; the Aeon's End
Mist keeps ``"Mist"``. Gex has no breach I.

Source disagreement: Gex's title is "Breach Mage Adviser" in the randomizer and Clojure,
"Breach Mage Advisor" on the wiki; we keep "Adviser".

Two mage rules live in the core because they change its procedures: Dezmodia's Sigil
breach bonus (``turn.breach_bonus``) and the while-prepped hook ``("on_focus", steps)``
(``turn.focus_breach`` / ``turn.open_breach``, Illuminate). Mazahaedron's Worldheart Shard
sets the turn flag ``gain_to_ally`` that ``turn.gain_card`` reads.

Readings decided here:

- *Tempest Sigil* (Dezmodia): the Sigil breach is an opened breach whose spells get +2
  damage, wherever it lies (the Clojure engine: opened, bonus damage 2). It is recorded
  as the token ``sigil_I`` / ``sigil_II`` of its owner (``Player.tokens``) on a breach that
  stays ``open``, so every rule about opened breaches applies to it unchanged. A spell
  that lies across the replaced breach (two-breach spells) also goes back to hand. The
  printed text lets the player then prep to *a* breach: any breach P-13 allows (Clojure
  only offers the new Sigil breach); we follow the printed text.
- *Colossal Force* (Garu): the damage is split into one amount per target, each dealt
  as its own source (a shield stops one amount, P-4); every target takes at most one
  amount, and the last target available takes all that is left (as much as it may take:
  the rest is lost). Targets are named as the damage prompt names them (two minions of one
  name count as one target), except where the nemesis' ``divide_targets`` hook lists one
  name once per minion: every husk of Carapace Queen is a target of its own, and a share
  given to a husk is the damage that kills it (no spreading; see that module).
- *Extinguish* (Quilius): the Trophy goes to the player whose mage is Quilius, whoever
  casts it; "a minion from the nemesis deck" is a minion card of the nemesis deck
  (``NemesisCardDef.deck == "nemesis"``), not one of a special deck.
- *Illuminate* (Yan Magda): fires when a breach of its owner is focused or opened during
  the owner's turn, by any means (a breach focused at its last stage opens, and fires
  once); its damage takes no breach bonus.
- *Exalted Brand* (Mist): "different spells" means different cards (the Clojure engine
  lets three Sparks be cast). Abilities and cards that say "any ally" let you pick yourself
  in true solo (SO-1).
- *Imperium Ritual* (Yan Magda) and *Underearth Mantra* (Mazahaedron) take cards from the
  supply without paying; on-gain effects of the cards you gain still apply (your turn).
"""

from __future__ import annotations

from ...boxapi import (
    SIGIL_KEYS,
    AbilityDef,
    Action,
    BreachSetup,
    CardDef,
    Ctx,
    Engine,
    MageDef,
    all_face_up,
    ask_step,
    cast_spell,
    count_of,
    draw_cards,
    gain_card,
    gainable,
    heal_player,
    op,
    pick,
    remove_prepped,
    step,
    take_damage_bonus,
    uncover,
)
from ...boxapi import catalogue as content
from .steps import prep_options

OPEN = BreachSetup("open")
NONE = BreachSetup("none")


def C(stage: int) -> BreachSetup:
    return BreachSetup("closed", stage)


# ================================================================== Dezmodia

OBLIVION_SHARD = CardDef("Oblivion Shard", "gem", 0, "WE", play=(("aether_for", 2, "no_relic_spell"),),
                         starter=True, mage="Dezmodia")


@step("sigil_breach", text=lambda: (
        "Pick a player's opened breach I or II; its prepped spells go back to that player's hand "
        "and it is replaced by a Sigil breach (an opened breach whose spells get +2 damage). "
        "That player may then prep a spell from hand to one of their breaches."))
def _sigil_breach(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Tempest Sigil: replace an opened breach I or II of any player by a Sigil breach."""
    st = g.state
    if action is None:
        opts: list[Action] = [("breach", j, b) for j, p in enumerate(st.players)
                              for b in (0, 1) if p.breaches[b].state == "open"]
        if opts:
            ask_step(g, ctx, ("sigil_breach",), "breach", ctx.you,
                     "Replace which opened breach I or II with a Sigil breach?", opts)
        return
    j, b = int(action[1]), int(action[2])
    p = st.players[j]
    br = p.breaches[b]
    anchor = br.covered_by
    if anchor >= 0:  # a two-breach spell anchored on the neighbour also lies on this breach
        a = p.breaches[anchor]
        for name in all_face_up(a, a.spells):  # K-3: a face-down card turns face up
            p.hand.append(name)
            g.ev("returned_to_hand", player=j, card=name, source=ctx.source)
        a.spells.clear()
        uncover(p, anchor)
    for name in all_face_up(br, br.spells):  # K-3: a face-down card turns face up
        p.hand.append(name)
        g.ev("returned_to_hand", player=j, card=name, source=ctx.source)
    br.spells.clear()
    uncover(p, b)
    br.state = "open"
    br.stage = 0
    br.focused = False
    p.tokens[SIGIL_KEYS[b]] = 1
    g.ev("sigil_breach", player=j, breach=b, source=ctx.source)
    g.push("we_prep_from_hand", j, ctx.source, False)


DEZMODIA = MageDef(
    "Dezmodia", "Dezmodia", "Voidborn Prodigy", "WE",
    AbilityDef("Tempest Sigil", "your_main", 6, (("sigil_breach",),)),
    hand=("Oblivion Shard", "Crystal", "Crystal", "Spark", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
    breaches=(OPEN, C(1), C(0), C(1)), uniques=("Oblivion Shard",),
)

# ================================================================== Garu

TORCH = CardDef("Torch", "spell", 0, "WE", cast=(("or", (("damage", 1),), (("focus_any",),)),),
                starter=True, mage="Garu")


@step("discard_prepped_then_divide", text=lambda most, base, per: (
        f"Discard as many as {most} of your prepped spells. Then deal {base} damage, {per} more per "
        "spell discarded, split as you like between the nemesis and any minions."))
def _discard_prepped_then_divide(g: Engine, ctx: Ctx, most: int, base: int, per: int,
                                 action: Action | None = None) -> None:
    """Colossal Force: discard prepped spells one by one, then split the damage."""
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("spell", ctx.you, b, k) for b, br in enumerate(p.breaches)
                              for k in range(len(br.spells))] if most > 0 else []
        if not opts:
            g.push("we_divide_damage", ctx.you, ctx.source, base, ())
            return
        ask_step(g, ctx, ("discard_prepped_then_divide", most, base, per), "spell", ctx.you,
                 f"Discard a prepped spell for {per} more damage ({base} so far)?", opts + [("done",)])
        return
    if action[0] == "done":
        g.push("we_divide_damage", ctx.you, ctx.source, base, ())
        return
    remove_prepped(g, ctx.you, int(action[2]), int(action[3]), destroy=False, source=ctx.source)
    g.push("s", ctx.you, ctx.owner, ctx.source, ("discard_prepped_then_divide", most - 1, base + per, per))


def _targets(g: Engine, you: int) -> list[str]:
    """Damage targets as the ``deal`` operation offers them (nemesis hook included)."""
    targets = ["nemesis"] + [c.name for c in g.state.nemesis.in_play
                             if content.NEMESIS_CARDS[c.name].type == "minion"]
    h = g.on.get("targets")
    if h is not None:
        targets = h(g, you, targets)
    return list(dict.fromkeys(targets))


Share = tuple[str, int, int]


def _shares(g: Engine, you: int, left: int, used: tuple[str, ...]) -> list[Share]:
    """(target, least, most) for the next share: each target not given one yet, any amount.

    The ``divide_targets`` hook may list one name once per minion it stands for (husks)
    and bound what a share there may be; a target that cannot take ``least`` is left out.
    """
    shares: list[Share] = [(t, 1, left) for t in _targets(g, you) if t not in used]
    h = g.on.get("divide_targets")
    if h is not None:
        shares = h(g, you, shares)
    return [(t, lo, min(hi, left)) for t, lo, hi in shares if lo <= min(hi, left)]


@op("we_divide_damage")
def _we_divide_damage(g: Engine, you: int, source: str, left: int, used: tuple[str, ...],
                      action: Action | None = None) -> None:
    """Damage divided as you choose: one amount per target, each its own source (P-3)."""
    if action is None:
        shares = _shares(g, you, left, used)
        if left <= 0 or not shares:
            return
        if len(shares) == 1:  # the last target takes all it may of what is left
            opts: list[Action] = [("assign", shares[0][0], shares[0][2])]
        else:
            opts = list(dict.fromkeys(("assign", t, k) for t, lo, hi in shares for k in range(lo, hi + 1)))
        g.ask("divide", you, source, f"Deal how much of the {left} damage left to which target?", opts,
              ("we_divide_damage", you, source, left, used))
        return
    target, k = str(action[1]), int(action[2])
    g.push("we_divide_damage", you, source, left - k, tuple(used) + (target,))
    g.push("deal", you, source, k, ("target", target))


GARU = MageDef(
    "Garu", "Garu", "Oathsworn Protector", "WE",
    AbilityDef("Colossal Force", "your_main", 5, (("discard_prepped_then_divide", 4, 2, 4),)),
    hand=("Torch", "Crystal", "Crystal", "Crystal", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
    breaches=(OPEN, C(0), C(1), C(1)), uniques=("Torch",),
)

# ================================================================== Gex


SHATTERED_GEODE = CardDef("Shattered Geode", "gem", 0, "WE",
                          play=(("aether", 1), pick("take", 1, "discard_top", who="ally", how="may")),
                          starter=True, mage="Gex")


@step("ally_draw_life", text=lambda n, life: (
        f"An ally of your choice draws {count_of(n, 'card')} and gains {life} life."))
def _ally_draw_life(g: Engine, ctx: Ctx, n: int, life: int, action: Action | None = None) -> None:
    if action is None:
        ask_step(g, ctx, ("ally_draw_life", n, life), "player", ctx.you,
                 f"Which ally draws {n} and gains {life} life?", [("player", j) for j in g.allies(ctx.you)])
        return
    j = int(action[1])
    draw_cards(g, j, n)
    heal_player(g, j, life, ctx.source)


GEX = MageDef(
    "Gex", "Gex", "Breach Mage Adviser", "WE",
    AbilityDef("Vimcraft Oath", "your_main", 5,
               (pick("destroy", 2, "discard", ("cost", 0), how="up_to"), ("ally_draw_life", 1, 2))),
    hand=("Shattered Geode", "Crystal", "Crystal", "Crystal", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
    breaches=(NONE, OPEN, C(1), C(1)), uniques=("Shattered Geode",),
)

# ================================================================== Mazahaedron


@step("next_gain_to_ally_discard", text=lambda: (
        "Whatever you gain next this turn lands on an ally's discard pile, not on yours."))
def _next_gain_to_ally_discard(g: Engine, ctx: Ctx) -> None:
    """Worldheart Shard: read by ``turn.gain_card`` on your next gain this turn."""
    g.state.flags["gain_to_ally"] = True


@op("we_gain_to_ally")
def _gain_to_ally(g: Engine, i: int, name: str, action: Action | None = None) -> None:
    """Worldheart Shard: the card just gained moves to the top of an ally's discard pile."""
    st = g.state
    p = st.players[i]
    if action is None:
        g.ask("player", i, "Worldheart Shard", f"Which ally takes {name} onto their discard pile?",
              [("player", j) for j in g.allies(i)], ("we_gain_to_ally", i, name))
        return
    j = int(action[1])
    if j == i or not p.discard or p.discard[-1] != name:
        return
    p.discard.pop()
    st.players[j].discard.append(name)
    g.ev("card_given", player=i, to_player=j, card=name, zone="discard", source="Worldheart Shard")


WORLDHEART_SHARD = CardDef("Worldheart Shard", "gem", 0, "WE",
                           play=(("or", (("aether", 1),),
                                  (("aether_for", 2, "card"), ("next_gain_to_ally_discard",))),),
                           starter=True, mage="Mazahaedron")

MAZAHAEDRON = MageDef(
    "Mazahaedron", "Mazahaedron", "Henge Mystic", "WE",
    AbilityDef("Underearth Mantra", "your_main", 4,
               (("gain_from_supply", "gem", 4, True), ("gravehold_life", 4))),
    hand=("Worldheart Shard", "Crystal", "Crystal", "Spark", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
    breaches=(OPEN, C(2), C(1), C(1)), uniques=("Worldheart Shard",),
)

# ================================================================== Mist (WE)


@step("ally_may_prep_from_hand", text=lambda: (
        "An ally may prep one spell from their hand to any of their breaches, opened or closed."))
def _ally_may_prep_from_hand(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Amethyst Paragon: you pick the ally; the ally picks the spell and breach (or none)."""
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you) if prep_options(g, j)]
        if opts:
            ask_step(g, ctx, ("ally_may_prep_from_hand",), "player", ctx.you,
                     "Which ally may prep a spell from hand?", opts + [("skip",)])
        return
    if action[0] != "skip":
        g.push("we_prep_from_hand", int(action[1]), ctx.source, True)


AMETHYST_PARAGON = CardDef("Amethyst Paragon", "gem", 0, "WE", play=(("aether", 1), ("ally_may_prep_from_hand",)),
                           starter=True, mage="Mist (WE)")


@step("cast_prepped_to_ally_hand", text=lambda n: (
        f"Cast as many as {n} prepped spells of any players, one after another; each spell cast "
        "this way then goes to the hand of an ally of your choice."))
def _cast_prepped_to_ally_hand(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """Exalted Brand: cast prepped spells one at a time (P-18); each then goes to an ally's hand."""
    st = g.state
    if action is None:
        opts: list[Action] = [("spell", j, b, k) for j, p in enumerate(st.players)
                              for b, br in enumerate(p.breaches) for k in range(len(br.spells))]
        if n > 0 and opts:
            ask_step(g, ctx, ("cast_prepped_to_ally_hand", n), "spell", ctx.you,
                     f"Cast which prepped spell? ({n} at most)", opts + [("done",)])
        return
    if action[0] == "done":
        return
    j, b, k = int(action[1]), int(action[2]), int(action[3])
    name = st.players[j].breaches[b].spells[k]
    g.push("s", ctx.you, ctx.owner, ctx.source, ("cast_prepped_to_ally_hand", n - 1))
    g.push("we_to_ally_hand", ctx.you, j, name, ctx.source)
    cast_spell(g, ctx.you, j, b, k)


def _top_index(cards: list[str], name: str) -> int:
    """Index of the topmost copy of ``name`` in a discard pile (its end is the top)."""
    return len(cards) - 1 - cards[::-1].index(name)


@op("we_to_ally_hand")
def _we_to_ally_hand(g: Engine, you: int, owner: int, name: str, source: str,
                     action: Action | None = None) -> None:
    st = g.state
    if name not in st.players[owner].discard:
        return  # the spell left its owner's discard pile while it resolved (e.g. destroyed)
    if action is None:
        g.ask("player", you, source, f"Which ally takes {name} into their hand?",
              [("player", j) for j in g.allies(you)], ("we_to_ally_hand", you, owner, name, source))
        return
    j = int(action[1])
    d = st.players[owner].discard
    del d[_top_index(d, name)]
    st.players[j].hand.append(name)
    g.ev("card_given", player=owner, to_player=j, card=name, zone="hand", source=source)


MIST = MageDef(
    "Mist (WE)", "Mist", "Voidwalker", "WE",
    AbilityDef("Exalted Brand", "your_main", 6, (("cast_prepped_to_ally_hand", 3),)),
    hand=("Amethyst Paragon", "Crystal", "Crystal", "Crystal", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
    breaches=(OPEN, C(2), C(1), C(1)), uniques=("Amethyst Paragon",),
)

# ================================================================== Quilius


@step("damage_trophy", text=lambda n: (
        f"Deal {n} damage. Quilius takes a Trophy token if that damage defeats a minion "
        "that came from the nemesis deck."))
def _damage_trophy(g: Engine, ctx: Ctx, n: int) -> None:
    """Extinguish: a damage source (with the breach bonus, P-3) that may earn a Trophy."""
    st = g.state
    n += take_damage_bonus(st, ctx.source)
    before = tuple(c.name for c in st.nemesis.in_play
                   if content.NEMESIS_CARDS[c.name].type == "minion"
                   and content.NEMESIS_CARDS[c.name].deck == "nemesis")
    g.push("we_trophy_check", before, len(st.nemesis.discard))
    g.push("deal", ctx.you, ctx.source, n)


@op("we_trophy_check")
def _we_trophy_check(g: Engine, before: tuple[str, ...], discard_len: int) -> None:
    """K-13: Quilius gains a Trophy when that damage sent a nemesis-deck minion to the discard."""
    st = g.state
    now = [c.name for c in st.nemesis.in_play]
    gone = list(before)
    for name in now:
        if name in gone:
            gone.remove(name)
    fresh = st.nemesis.discard[discard_len:]
    if not any(name in fresh for name in gone):
        return
    for j, p in enumerate(st.players):
        if p.mage == "Quilius":
            p.tokens["trophy"] = p.tokens.get("trophy", 0) + 1
            g.ev("token", player=j, token="trophy", amount=1, total=p.tokens["trophy"])
            return


EXTINGUISH = CardDef("Extinguish", "spell", 0, "WE", cast=(("damage_trophy", 1),),
                     starter=True, mage="Quilius")


@step("damage_per_token", text=lambda per, token: f"Deal {per} damage per {token} token you hold.")
def _damage_per_token(g: Engine, ctx: Ctx, per: int, token: str) -> None:
    n = per * g.state.players[ctx.you].tokens.get(token, 0)
    if n > 0:
        g.push("deal", ctx.you, ctx.source, n)


QUILIUS = MageDef(
    "Quilius", "Quilius", "Breach Mage Assassin", "WE",
    AbilityDef("Quietus Vow", "your_main", 5, (("damage_per_token", 2, "trophy"),)),
    hand=("Crystal", "Crystal", "Crystal", "Extinguish", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Extinguish", "Spark"),
    breaches=(OPEN, OPEN, C(0), C(1)), uniques=("Extinguish",),
)

# ================================================================== Ulgimor


COAL_SHARD = CardDef("Coal Shard", "gem", 0, "WE",
                     play=(("if", ("life_at_most", 2), (("destroy_this",),),
                            (("aether", 3), ("gain_charge", 1), ("you_suffer", 2))),),
                     starter=True, mage="Ulgimor")


ULGIMOR = MageDef(
    "Ulgimor", "Ulgimor", "Shadowkin Beast", "WE",
    AbilityDef("Eidolon Shroud", "your_main", 6,
               (("if", "exhausted", (("life", 5, "any_ally"),), (("life", 6, "you"),)),)),
    hand=("Coal Shard", "Crystal", "Crystal", "Spark", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
    breaches=(OPEN, C(1), C(0), C(1)), uniques=("Coal Shard",),
)

# ================================================================== Yan Magda


@step("plain_damage", text=lambda n: f"Deal {n} damage.")
def _plain_damage(g: Engine, ctx: Ctx, n: int) -> None:
    """Damage that is not a Cast effect: no breach bonus is added (Illuminate's trigger)."""
    g.push("deal", ctx.you, ctx.source, n)


ILLUMINATE = CardDef("Illuminate", "spell", 0, "WE", cast=(("damage", 1),),
                     while_prepped=(("on_focus", (("plain_damage", 1),)),),
                     starter=True, mage="Yan Magda")


@step("ally_gain_to_deck", text=lambda: (
        "An ally of your choice takes a card from the supply without paying and puts it on their deck."))
def _ally_gain_to_deck(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    if action is None:
        names = gainable(g, "any", -1)
        opts: list[Action] = [("gain", j, n) for j in g.allies(ctx.you) for n in names]
        if opts:
            ask_step(g, ctx, ("ally_gain_to_deck",), "gain", ctx.you,
                     "Which ally takes which card onto their deck?", opts)
        return
    gain_card(g, int(action[1]), str(action[2]), on_your_turn=False, to_deck=True)


YAN_MAGDA = MageDef(
    "Yan Magda", "Yan Magda", "Enlightened Exile", "WE",
    AbilityDef("Imperium Ritual", "your_main", 5,
               (("gain_from_supply", "any", -1, False),
                ("if", ("opened_breaches_at_least", 4), (("ally_gain_to_deck",),), ()))),
    hand=("Illuminate", "Crystal", "Crystal", "Crystal", "Crystal"),
    deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
    breaches=(OPEN, C(0), C(0), C(0)), uniques=("Illuminate",),
)

UNIQUE_CARDS = (OBLIVION_SHARD, TORCH, SHATTERED_GEODE, WORLDHEART_SHARD, AMETHYST_PARAGON, EXTINGUISH,
                COAL_SHARD, ILLUMINATE)

MAGES = (DEZMODIA, GARU, GEX, MAZAHAEDRON, MIST, QUILIUS, ULGIMOR, YAN_MAGDA)
