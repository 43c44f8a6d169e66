"""Hollow Crown: its mat, its nine cards, its nine acolytes, and the step kinds and rules only it uses.

Its mat: it cannot be damaged (``targets`` drops it, ``nemesis_damage`` keeps it at 0);
its acolytes are minions of the special deck ``decks["acolyte"]``, a discarded one goes to
``decks["acolyte_discard"]`` and the next enters play (the acolytes' ``discarded`` steps);
any turn that ends with no acolyte in play is a win for the players (``end_of_turn``); an
exhausted player costs Gravehold 4 life instead of two Unleashes (``exhaust``). Blood Magic
resolved "for each acolyte" leaves out the steps by which an acolyte damages itself
(:data:`SELF_DAMAGE`).

Readings decided here:

* Difficulty rating: the randomizer and the Clojure engine differ by one (5 / 6); the
  randomizer's value is kept, like the other boxes.
* It prints 1 life that nothing can ever take; its life is 1 at every difficulty
  (beginner's -10 would make it meaningless).
* "The acolyte with the most / least life" is the players' pick among ties (N-6).
* *Lurzan*: the Clojure engine also deals 1 damage to Gravehold, its printed text does
  not; the text is followed.
* *Holadran* ("two different players") in true solo: the one player suffers both, as in
  the Clojure engine (SO-1: you are your own ally).
"""

from __future__ import annotations

from ....boxapi import (
    Action,
    Ctx,
    Engine,
    InPlay,
    Nemesis,
    NemesisCardDef,
    NemesisDef,
    State,
    Steps,
    ask_step,
    chooser,
    minion_damage,
    op,
    per,
    pick,
    render_steps,
    rule,
    shuffle,
    step,
    trigger_source,
)
from ....boxapi import catalogue as content
from ._shared import any_player, card_maker, either, in_play, is_steps, names

HC = "Hollow Crown"
_H = card_maker(HC)


def is_acolyte(name: str) -> bool:
    return content.NEMESIS_CARDS[name].deck == "acolyte"


def _acolytes(g: Engine) -> list[InPlay]:
    return [c for c in g.state.nemesis.in_play if is_acolyte(c.name)]


def draw_acolyte(n: Nemesis) -> str | None:
    """The top acolyte enters play with its full life; None if the acolyte deck is empty."""
    deck = n.decks.get("acolyte")
    if not deck:
        return None
    name = deck.pop(0)
    n.in_play.append(InPlay(name, life=content.NEMESIS_CARDS[name].life))
    return name


@step("draw_acolyte", text=lambda: "The top acolyte enters play.")
def _draw_acolyte(g: Engine, ctx: Ctx) -> None:
    name = draw_acolyte(g.state.nemesis)
    if name is not None:
        g.ev("nemesis_card_in_play", card=name, life=content.NEMESIS_CARDS[name].life, source=ctx.source)


# ================================================================== the acolytes (special deck)


@step("to_acolyte_discard", text=lambda: "It goes to the acolyte discard pile.")
def _to_acolyte_discard(g: Engine, ctx: Ctx) -> None:
    n = g.state.nemesis
    name = ctx.source
    if name in n.discard:
        del n.discard[len(n.discard) - 1 - n.discard[::-1].index(name)]
        n.decks.setdefault("acolyte_discard", []).append(name)
        g.ev("acolyte_discarded", card=name)


def _acolyte(name: str, *blood: tuple[object, ...]) -> NemesisCardDef:
    return NemesisCardDef(name, "minion", 0, "WE", nemesis=HC, life=11, blood_magic=tuple(blood),
                          discarded=(("to_acolyte_discard",), ("draw_acolyte",)), deck="acolyte")


BEZU = _acolyte("Bezu", ("gravehold_damage", per("most_prepped")), ("self_damage", per("most_prepped")))


EDRYSS_TRAGG = _acolyte("Edryss Tragg",
                        any_player(("suffer", 2), ("if", ("life_at_most", 5), (("self_damage", 2),), ())))
HOLADRAN = _acolyte("Holadran", ("different_players", 2, (("suffer", 1),)))
KURGAX = _acolyte("Kurgax", ("gravehold_damage", 1), any_player(("suffer", 1)))
LURZAN = _acolyte("Lurzan", ("player", "lowest_life", (("suffer", 1),)))
MORD = _acolyte("Mord", either((("gravehold_damage", 3),),
                               (("any_player_loses_charge", 1), ("gravehold_damage", 1), ("self_damage", 1))))
NHAVKALAS = _acolyte("Nhavkalas", ("gravehold_damage", 3), ("self_damage", 1))
REN_GODA = _acolyte("Ren-Goda", either((any_player(("suffer", 2)),),
                                       (any_player(("suffer", 1), pick("discard", 1, filt="costliest")),)))
SOLARA = _acolyte("Solara", any_player(pick("discard", 2)), ("self_damage", 3))

ACOLYTES = (BEZU, EDRYSS_TRAGG, HOLADRAN, KURGAX, LURZAN, MORD, NHAVKALAS, REN_GODA, SOLARA)

# ================================================================== tier 1

_ACOLYTE = {"most_life": "The acolyte with the most life", "least_life": "The acolyte with the least life"}


@step("acolyte", text=lambda which, steps: f"{_ACOLYTE[which]} (players pick among ties): {render_steps(steps)}")
def _acolyte_step(g: Engine, ctx: Ctx, which: str, steps: Steps, action: Action | None = None) -> None:
    """The acolyte with the most / least life (ties: the players pick) is "it" for ``steps``."""
    if action is None:
        acs = _acolytes(g)
        if not acs:
            return
        best = (max if which == "most_life" else min)(c.life for c in acs)
        opts: list[Action] = [("minion", c.name) for c in acs if c.life == best]
        ask_step(g, ctx, ("acolyte", which, steps), "minion", chooser(g, ctx), "Which acolyte?", opts)
        return
    name = str(action[1])
    if in_play(g, name) is not None:
        g.push_steps(steps, Ctx(-1, -1, name))


@step("acolyte_to_deck_bottom", text=lambda: "It goes under the acolyte deck.")
def _acolyte_to_deck_bottom(g: Engine, ctx: Ctx) -> None:
    n = g.state.nemesis
    c = in_play(g, ctx.source)
    if c is not None:
        n.in_play.remove(c)
        n.decks.setdefault("acolyte", []).append(c.name)
        g.ev("acolyte_to_deck_bottom", card=c.name)


BESEECH = _H("Beseech", "attack", 1, effect=(("acolyte", "least_life", (("acolyte_to_deck_bottom",),)),
                                             ("draw_acolyte",), ("unleash", 1)))

#: Blood Magic steps by which an acolyte damages itself (left out "for each acolyte", also
#: where a condition holds them: Edryss Tragg's ``if`` is left with nothing to do)
SELF_DAMAGE = frozenset({"self_damage"})


def without_self_damage(steps: Steps) -> Steps:
    """The Blood Magic steps minus those by which the acolyte damages itself (nested too)."""
    out = []
    for s in steps:
        if s[0] in SELF_DAMAGE:
            continue
        out.append(tuple(without_self_damage(a) if is_steps(a) else a for a in s))
    return tuple(out)


@step("blood_magic_each", text=lambda: (
        "The Blood Magic of every acolyte in play resolves, longest in play first, leaving out the "
        "damage each would deal to itself."))
def _blood_magic_each(g: Engine, ctx: Ctx) -> None:
    """Every acolyte in play now, longest in play first, without its self-damage."""
    for c in reversed(_acolytes(g)):
        g.push("blood_magic_of", c.name)


@op("blood_magic_of")
def _blood_magic_of(g: Engine, name: str) -> None:
    if in_play(g, name) is not None:
        g.ev("blood_magic", card=name, self_damage=False)
        g.push_steps(without_self_damage(content.NEMESIS_CARDS[name].blood_magic), Ctx(-1, -1, name))


ENSLAVE = _H("Enslave", "attack", 1, effect=(("blood_magic_each",),))


@step("own_blood_magic", text=lambda: "Its Blood Magic resolves.")
def _own_blood_magic(g: Engine, ctx: Ctx) -> None:
    """The Blood Magic of the acolyte ``ctx.source`` (nothing once it has left play)."""
    if in_play(g, ctx.source) is not None:
        g.ev("blood_magic", card=ctx.source)
        g.push_steps(content.NEMESIS_CARDS[ctx.source].blood_magic, Ctx(-1, -1, ctx.source))


_BLOOD = ("own_blood_magic",)


@step("it_suffers", text=lambda n: f"It suffers {n} damage.")
def _it_suffers(g: Engine, ctx: Ctx, n: int) -> None:
    minion_damage(g, ctx.source, n, ctx.source)


THRONEWATCH = _H("Thronewatch", "minion", 1, life=6,
                 persistent=(("acolyte", "least_life", (_BLOOD, ("it_suffers", 1))),))

# ================================================================== tier 2


@step("self_heal", text=lambda n: f"It gains {n} life, never above its starting life.")
def _self_heal(g: Engine, ctx: Ctx, n: int) -> None:
    c = in_play(g, ctx.source)
    if c is not None:
        c.life = min(content.NEMESIS_CARDS[c.name].life, c.life + n)
        g.ev("minion_life", card=c.name, life=c.life, source=ctx.source)


ASCEND = _H("Ascend", "attack", 2,
            effect=(("unleash", 1), ("acolyte", "least_life", (("self_heal", 10), _BLOOD))))
INFERNAL_DOMAIN = _H("Infernal Domain", "power", 2, power_tokens=2, to_discard=(("spend_aether", 8),),
                     power=(("draw_acolyte",), ("blood_magic_each",)))
REIGN = _H("Reign", "attack", 2,
           effect=(("acolyte", "most_life", (_BLOOD, ("it_suffers", 6))), ("unleash", 2)))

# ================================================================== tier 3

DOMINATE = _H("Dominate", "attack", 3, effect=(("blood_magic_each",), ("blood_magic_each",)))


@step("acolytes_back_to_deck", text=lambda n: (
        f"The {n} acolytes discarded last go back into the acolyte deck, which is then shuffled."))
def _acolytes_back_to_deck(g: Engine, ctx: Ctx, k: int) -> None:
    """Nameless Faith: the k most recently discarded acolytes go back; the deck is shuffled."""
    st = g.state
    n = st.nemesis
    disc = n.decks.setdefault("acolyte_discard", [])
    back = disc[len(disc) - min(k, len(disc)):]
    del disc[len(disc) - len(back):]
    deck = n.decks.setdefault("acolyte", [])
    deck.extend(back)
    st.rng = shuffle(st.rng, deck)
    g.ev("acolytes_shuffled_back", cards=list(back), source=ctx.source)


NAMELESS_FAITH = _H("Nameless Faith", "power", 3, power_tokens=1, to_discard=(("spend_aether", 8),),
                    power=(("acolytes_back_to_deck", 2), ("blood_magic_each",)))
VISCERA_BRIDE = _H("Viscera Bride", "minion", 3, life=18,
                   persistent=(("acolyte", "least_life", (("self_heal", 10), _BLOOD, _BLOOD)),))

CARDS = (BESEECH, ENSLAVE, THRONEWATCH, ASCEND, INFERNAL_DOMAIN, REIGN, DOMINATE, NAMELESS_FAITH, VISCERA_BRIDE)

# ================================================================== the mat


def _rule(nid: str, key: str) -> Steps:
    steps = content.NEMESES[nid].rules.get(key, ())
    return steps if is_steps(steps) else ()


rule("setup_acolytes", text=lambda n: (
        f"Setup: shuffle the acolyte deck and put its top {n} acolytes into play; on beginner, "
        "also discard the next one."))


on = trigger_source("nemesis", HC)  # this mat's rules, at the engine's trigger points


@on("setup")
def _hollow_setup(st: State) -> None:
    """S-7: nominal life 1; the shuffled acolyte deck puts two into play (beginner: one more
    is discarded)."""
    n = st.nemesis
    n.life = n.max_life = content.NEMESES[HC].life
    n.decks.setdefault("acolyte_discard", [])
    count = next((s[1] for s in _rule(HC, "setup") if s[0] == "setup_acolytes"), 2)
    for _ in range(count):
        draw_acolyte(n)
    if st.config.get("difficulty") == "beginner" and n.decks["acolyte"]:
        n.decks["acolyte_discard"].append(n.decks["acolyte"].pop(0))


rule("no_damage", text=lambda: "Nothing can damage the nemesis itself.")


@on("targets")
def _hollow_targets(g: Engine, you: int, targets: list[str]) -> list[str]:
    return [t for t in targets if t != "nemesis"]


@on("nemesis_damage")
def _hollow_damage(g: Engine, amount: int, source: str) -> int:
    return 0


rule("win_without_acolytes", text=lambda: "At the end of any turn with no acolyte in play, the players win.")


@on("end_of_turn")
def _hollow_end_of_turn(g: Engine) -> None:
    """A turn that ends with no acolyte in play wins the game for the players."""
    if not _acolytes(g):
        g.end("win", "nemesis_rule")


rule("acolyte_replaced", text=lambda: (
        "An acolyte discarded from play goes to the acolyte discard pile and the next acolyte enters play."))
rule("on_exhaust_instead", text=lambda steps: (
        f"Whenever a player is exhausted, this replaces the two Unleashes: {render_steps(steps)}"))


@on("exhaust")
def _hollow_exhaust(g: Engine, i: int) -> bool:
    """E-1 (1) replaced: Gravehold suffers 4 instead of two Unleashes; (2) and (3) still happen."""
    for s in _rule(HC, "exhaust"):
        if s[0] == "on_exhaust_instead":
            g.push_steps(s[1], Ctx(-1, -1, HC))
            return True
    return False


NEMESIS = NemesisDef(
    HC, HC, "WE", life=1, difficulty=5, expedition_level=3,
    unleash=(("if", "expert", (("blood_magic_each",),), (("acolyte", "most_life", (_BLOOD,)),)),),
    cards=names(CARDS),
    special_decks={"acolyte": names(ACOLYTES)},
    deck_holds={"acolyte_discard": "acolyte"},
    deck_faces={"acolyte_discard": "up"},
    rules={
        "setup": (("setup_acolytes", 2),),
        "immune": (("no_damage",),),
        "win": (("win_without_acolytes",),),
        "acolytes": (("acolyte_replaced",),),
        "exhaust": (("on_exhaust_instead", (("gravehold_damage", 4),)),),
    },
)
