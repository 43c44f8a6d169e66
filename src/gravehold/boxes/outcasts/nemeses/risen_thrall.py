"""Risen Thrall: its mat, the thrall deck of two-faced thralls, the Thrall Reminder, its nine
cards, and the step kinds and rules only it uses.

**Thralls** are minions of the special deck ``decks["thrall"]``: each card shows a kind on
its front (Shambling Infantry or Soldier of Rot, 4 life) and on its back whether it is real
or an illusion. An Unleash places the top thrall into play (``place_thrall``), front up; a
thrall leaving play goes to ``decks["thrall_discard"]`` (its ``discarded`` step) without
being turned over, and an empty thrall deck is formed again from that pile, shuffled. In
their main phase a player may pay 2 Æ to flip a thrall in play (``flip_thrall``): an
illusion is discarded, a real one stays in play showing its back. The real thralls shown in
play are counted per kind in ``state.nemesis.tokens`` (``"real Soldiers of Rot"``); they
are always the oldest copies of their kind in play (a thrall found real changes places with
the oldest unshown one), so a copy reference tells whether it was shown.

**The Thrall Reminder** lies beside the mat: at the start of each nemesis turn the Soldiers
of Rot in play hit Gravehold, then the Shambling Infantry in play hit any player, by the
mat's scales (``nemesis_turn_start``). *Thrall Hybrid* counts as one of each kind, and as a
thrall for every rule, but it is real and never flipped, and it belongs to the nemesis deck.

Readings decided here:

* *The thrall deck* (no source gives its size or its illusions): six cards of each kind, as
  the card numbers of the one transcription that numbers the box leave room for (and the
  mat speaks of twelve thralls in play); three of each six are illusions. One table,
  ``THRALLS``; the boards and card texts say it is the project's reading.
* *Which thrall is an illusion* is drawn when it is flipped, from what the players cannot
  see: of the cards of its kind not showing their back in play, the illusions among them
  (all of that kind's illusions, since a flipped illusion leaves play at once). The engine
  keeps no hidden back for each card, so nobody (a player, a bot, a view) can know a back
  before the flip; what a player could remember about a pile reshuffled since is not kept.
* A flip turns a thrall's back up once: a real thrall shown in play is not flipped again,
  and *Vampiric Thrall* flips a thrall not shown yet (the players pick, N-6; none: nothing).
* *The twelve-thralls rule* (absent from one transcription of the mat, kept after the
  others): with twelve or more thralls in play an Unleash costs Gravehold 4 life instead of
  placing a thrall. With the thrall deck and its discard both empty an Unleash places none.
* *The Reminder's scales*: the mat is right where it and the card differ (the publisher's
  word); four or more of a kind hit as four.
* *Engulfing Hordes*: each hit the Thrall Reminder deals as a nemesis turn begins is 1
  higher (the only damage dealt at that moment in this nemesis' games).
* *Increased difficulty*: each thrall comes into play with 2 more life, and each Reminder hit
  is 1 more (thralls make Gravehold and the players suffer only through the Reminder).
* *Distortion Smoke*: while it is in play damage to thralls (Thrall Hybrid too) is 0, so
  thralls are offered as no damage target.
* *Cutting Image*: a player who flips a thrall suffers 2 after the flip (Vampiric Thrall's
  flip is no player's).
* *Imbue*, *Undying Force*: the added life is the life the thrall enters with, so N-10 caps
  it there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....boxapi import (
    ENTRY_LIFE,
    Action,
    Ctx,
    Engine,
    NemesisCardDef,
    NemesisDef,
    State,
    action_head,
    ask_step,
    available,
    base_name,
    chooser,
    condition,
    copy_ref,
    enter_play,
    find_ref,
    gravehold_damage,
    leave_play,
    op,
    pay,
    pick,
    player_damage,
    rule,
    shown_in_panel,
    shuffle,
    standing,
    step,
    table_panel,
    trigger_source,
)

RT = "Risen Thrall"
INFANTRY, SOLDIER = "Shambling Infantry", "Soldier of Rot"
KINDS = (INFANTRY, SOLDIER)
PLURAL = {INFANTRY: "Shambling Infantry", SOLDIER: "Soldiers of Rot"}
HYBRID = "Thrall Hybrid"
REMINDER = "Thrall Reminder"  # the source of the Reminder's hits (no catalogued card)
DECK, DISCARD = "thrall", "thrall_discard"

#: the thrall deck, the project's reading (see the readings): kind -> (copies, illusions)
THRALLS: dict[str, tuple[int, int]] = {INFANTRY: (6, 3), SOLDIER: (6, 3)}
THRALL_LIFE = 4
FLIP_COST = 2
#: the twelve-thralls rule: thralls in play, Gravehold's damage
MANY, MANY_DAMAGE = 12, 4
#: the Thrall Reminder: damage by the number of that kind in play (0, 1, 2, 3, 4 or more)
SOLDIER_HITS = (0, 1, 1, 2, 4)
INFANTRY_HITS = (0, 1, 1, 2, 3)
#: increased difficulty (S-9): life each thrall comes in with, damage each Reminder hit adds
EXPERT_LIFE, EXPERT_HIT = 2, 1


def real_key(kind: str) -> str:
    """The nemesis token counting the real thralls of ``kind`` shown in play."""
    return f"real {PLURAL[kind]}"


def _expert(g: Engine) -> bool:
    return bool(g.state.config.get("expert"))


# ============================================================================ counting


def kind_count(g: Engine, kind: str) -> int:
    """Thralls of ``kind`` in play, Thrall Hybrid counting as one of each."""
    return sum(c.name == kind or c.name == HYBRID for c in g.state.nemesis.in_play)


def thralls_in_play(g: Engine) -> int:
    return sum(c.name in KINDS or c.name == HYBRID for c in g.state.nemesis.in_play)


def is_thrall(ref: str) -> bool:
    name = base_name(ref)
    return name in KINDS or name == HYBRID


def unshown(g: Engine) -> list[str]:
    """References of the thralls in play that may be flipped: front up (not shown real)."""
    n = g.state.nemesis
    out: list[str] = []
    seen = dict.fromkeys(KINDS, 0)
    for k, c in enumerate(n.in_play):
        if c.name in KINDS:
            seen[c.name] += 1
            if seen[c.name] > n.tokens.get(real_key(c.name), 0):
                out.append(copy_ref(n.in_play, k))
    return out


@condition("thralls_at_least", lambda n, *, they=False: f"there are {n} or more thralls in play")
def _thralls_at_least(g: Engine, ctx: Ctx, n: int) -> bool:
    return thralls_in_play(g) >= n


# ============================================================================ the thrall deck


def _form_deck(g: Engine) -> None:
    """The thrall discard, fronts up, shuffled into a new thrall deck."""
    st = g.state
    d = st.nemesis.decks
    pile = d.get(DISCARD, [])
    if not pile:
        return
    deck = d.setdefault(DECK, [])
    deck.extend(pile)
    pile.clear()
    st.rng = shuffle(st.rng, deck)
    g.ev("thrall_deck_formed", amount=len(deck))


@step("thrall_life", text=lambda: (
        f"It comes into play with {THRALL_LIFE} life, plus what the effect placing it adds "
        f"({EXPERT_LIFE} more on expert and extinction)."))
def _thrall_life(g: Engine, ctx: Ctx) -> None:
    life = THRALL_LIFE + (EXPERT_LIFE if _expert(g) else 0)
    g.state.flags["entry_life"] = (base_name(ctx.source), life)


ENTRY_LIFE.add("thrall_life")  # a thrall's entry life comes from the effect placing it (N-10)


def _place_text(n: int, extra: int) -> str:
    what = "a thrall" if n == 1 else f"{n} thralls"
    more = "" if not extra else (f" with {extra} additional life" if n == 1 else
                                 f"; each comes into play with {extra} additional life")
    return f"Place {what} into play{more}."


def _place_check(s: tuple[Any, ...]) -> None:
    if not isinstance(s[1], int) or s[1] < 1 or not isinstance(s[2], int) or s[2] < 0:
        raise ValueError(f"place_thrall takes a count of 1 or more and added life of 0 or more, got {s[1:]!r}")


@step("place_thrall", check=_place_check, text=_place_text)
def _place_thrall(g: Engine, ctx: Ctx, n: int, extra: int) -> None:
    """The top thrall, front up, one at a time; an empty deck is formed from the discard."""
    st = g.state
    for _ in range(n):
        deck = st.nemesis.decks.setdefault(DECK, [])
        if not deck:
            _form_deck(g)
        if not deck:
            g.ev("no_thrall_left", source=ctx.source)
            return
        name = deck.pop(0)
        life = THRALL_LIFE + extra + (EXPERT_LIFE if _expert(g) else 0)
        st.flags["entry_life"] = (name, life)
        enter_play(g, name)


@step("to_thrall_discard", text=lambda: "It goes to the thrall discard pile, as it lies.")
def _to_thrall_discard(g: Engine, ctx: Ctx) -> None:
    n = g.state.nemesis
    name = base_name(ctx.source)
    if name in n.discard:
        del n.discard[len(n.discard) - 1 - n.discard[::-1].index(name)]
        n.decks.setdefault(DISCARD, []).append(name)


# ============================================================================ flipping


def flip_cost(g: Engine) -> int:
    """2 Æ, or what a card in play says instead (Spiralling Illusion)."""
    return max([FLIP_COST, *(int(r[1]) for _, r in standing(g, "flip_cost"))])


def _illusion(g: Engine, kind: str) -> bool:
    """Is the flipped thrall of ``kind`` an illusion? Drawn from the backs nobody can see."""
    st = g.state
    copies, illusions = THRALLS[kind]
    unseen = copies - st.nemesis.tokens.get(real_key(kind), 0)
    backs = [True] * min(illusions, unseen) + [False] * max(0, unseen - illusions)
    if not backs:
        return False
    st.rng = shuffle(st.rng, backs)
    return backs[0]


@op("thrall_flip")
def _thrall_flip(g: Engine, you: int, ref: str, source: str) -> None:
    """Turn one front-up thrall over: an illusion is discarded, a real one stays shown."""
    n = g.state.nemesis
    idx = find_ref(n.in_play, ref)
    if idx < 0 or ref not in unshown(g):
        return
    kind = n.in_play[idx].name
    if _illusion(g, kind):
        g.ev("thrall_flipped", card=ref, player=you, result="illusion", source=source)
        leave_play(g, idx)
        return
    shown = n.tokens.get(real_key(kind), 0)
    first = [k for k, c in enumerate(n.in_play) if c.name == kind][shown]  # the oldest unshown one
    n.in_play[idx], n.in_play[first] = n.in_play[first], n.in_play[idx]
    n.tokens[real_key(kind)] = shown + 1
    g.ev("thrall_flipped", card=ref, player=you, result="real", source=source)


action_head("flip_thrall", ("target",), text=lambda ref: f"flip {ref} over to see whether it is an illusion",
            phase="main")


on = trigger_source("nemesis", RT)  # this mat's rules, at the engine's trigger points


@on("main_options")
def _main_options(g: Engine, i: int) -> list[Action]:
    if available(g.state.players[i], "other") < flip_cost(g):
        return []
    return [("flip_thrall", ref) for ref in unshown(g)]


@on.action("flip_thrall")
def _flip_action(g: Engine, i: int, action: Action) -> None:
    """Pay the cost (aether for anything, K-11), flip, then Cutting Image hurts the flipper."""
    pay(g.state.players[i], flip_cost(g), "other")
    for ref, r in standing(g, "flip_hurts"):
        g.push("thrall_flip_hurt", i, int(r[1]), ref)
    g.push("thrall_flip", i, str(action[1]), "main phase")


@op("thrall_flip_hurt")
def _flip_hurt(g: Engine, i: int, amount: int, source: str) -> None:
    player_damage(g, i, amount, source)


@step("flip_a_thrall", text=lambda: "Flip over a thrall in play that is not shown yet (the players pick).")
def _flip_a_thrall(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    if action is None:
        refs = unshown(g)
        if refs:
            ask_step(g, ctx, ("flip_a_thrall",), "minion", chooser(g, ctx), "Flip which thrall?",
                     [("target", r) for r in refs])
        return
    g.push("thrall_flip", -1, str(action[1]), ctx.source)


# ============================================================================ the mat's rules


def _hits(scale: tuple[int, ...], k: int) -> int:
    return scale[min(k, len(scale) - 1)]


@on("nemesis_turn_start")
def _reminder(g: Engine) -> None:
    """The Thrall Reminder: Soldiers of Rot hit Gravehold, then Shambling Infantry any player;
    each hit is 1 more on expert and 1 more per Engulfing Hordes in play."""
    more = (EXPERT_HIT if _expert(g) else 0) + sum(int(r[1]) for _, r in standing(g, "start_hits_more"))
    soldiers = _hits(SOLDIER_HITS, kind_count(g, SOLDIER))
    infantry = _hits(INFANTRY_HITS, kind_count(g, INFANTRY))
    ctx = Ctx(-1, -1, REMINDER)
    if infantry:
        g.push_steps((("player", "any", (("suffer", infantry + more),)),), ctx)
    if soldiers:
        g.push("thrall_gravehold_hit", soldiers + more)


@op("thrall_gravehold_hit")
def _gravehold_hit(g: Engine, amount: int) -> None:
    gravehold_damage(g, amount, REMINDER)


@on("left_play")
def _left_play(g: Engine, idx: int, name: str) -> None:
    """A shown real thrall leaving play (one of the oldest of its kind) is counted off."""
    if name not in KINDS:
        return
    n = g.state.nemesis
    shown = n.tokens.get(real_key(name), 0)
    before = sum(c.name == name for c in n.in_play[:idx])
    if before < shown:
        if shown > 1:
            n.tokens[real_key(name)] = shown - 1
        else:
            n.tokens.pop(real_key(name), None)


@on("targets")
def _targets(g: Engine, you: int, targets: list[str]) -> list[str]:
    if not standing(g, "thralls_unharmed"):
        return targets
    return [t for t in targets if not is_thrall(t)]


@on("damage_dealt")
def _damage_dealt(g: Engine, you: int, target: str, amount: int, source: str) -> int:
    if target != "nemesis" and is_thrall(target) and standing(g, "thralls_unharmed"):
        return 0
    return amount


# ============================================================================ the thralls


def _thrall(kind: str) -> NemesisCardDef:
    return NemesisCardDef(kind, "minion", 0, "O", nemesis=RT, life=THRALL_LIFE, deck=DECK,
                          immediately=(("thrall_life",),), passive=(("thrall_card",),),
                          discarded=(("to_thrall_discard",),))


rule("thrall_card", text=lambda: (
        f"A thrall. Its back shows whether it is real or an illusion. During their main phase a player "
        f"may pay {FLIP_COST} Æ to flip it over: an illusion is discarded, a real thrall stays in play. "
        f"(The project's reading: {_deck_words()}.)"))


def _deck_words() -> str:
    return "; ".join(f"{c} {PLURAL[k] if c != 1 else k}, {i} of them illusions" for k, (c, i) in THRALLS.items())


THRALL_CARDS = tuple(_thrall(k) for k in KINDS)

# ============================================================================ cards


def _card(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "O", nemesis=RT, **kw)


def _any(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


rule("counts_as_thralls", text=lambda: (
        "This minion counts as both a Shambling Infantry and a Soldier of Rot. It is real: it is never flipped."))
rule("start_hits_more", text=lambda n: (
        f"Each time the Thrall Reminder makes a player or Gravehold suffer damage at the start of the nemesis "
        f"turn, that damage is {n} more."))
rule("flip_cost", text=lambda n: f"Flipping a thrall over costs {n} Æ instead of {FLIP_COST} Æ.")
rule("flip_hurts", text=lambda n: f"A player who flips a thrall over suffers {n} damage.")
rule("thralls_unharmed", text=lambda: "Damage dealt to thralls is reduced to 0.")

VAMPIRIC_THRALL = _card("Vampiric Thrall", "attack", 1, effect=(("unleash", 2), ("flip_a_thrall",)))
IMBUE = _card("Imbue", "attack", 1, effect=(("place_thrall", 1, 2),))
ENGULFING_HORDES = _card("Engulfing Hordes", "power", 1, power_tokens=2, passive=(("start_hits_more", 1),),
                         power=(_any(pick("discard", 1), ("gain_curse", "Cursed Shard", "discard")),))

THRALL_HYBRID = _card(HYBRID, "minion", 2, life=11, passive=(("counts_as_thralls",),))
TWISTING_DECEIT = _card("Twisting Deceit", "attack", 2, effect=(("thrall_discard_to_deck",), ("unleash", 2)))
SPIRALLING_ILLUSION = _card("Spiralling Illusion", "power", 2, power_tokens=3, passive=(("flip_cost", 3),),
                            immediately=(("unleash", 1),), power=(_any(pick("discard", 3)),))

DISTORTION_SMOKE = _card("Distortion Smoke", "minion", 3, life=13, passive=(("thralls_unharmed",),),
                         persistent=(("unleash", 2),))
UNDYING_FORCE = _card("Undying Force", "attack", 3, effect=(("place_thrall", 2, 3),))
CUTTING_IMAGE = _card("Cutting Image", "power", 3, power_tokens=2, passive=(("flip_hurts", 2),),
                      power=(("unleash", 3),))

DECK_CARDS = (VAMPIRIC_THRALL, IMBUE, ENGULFING_HORDES, THRALL_HYBRID, TWISTING_DECEIT, SPIRALLING_ILLUSION,
              DISTORTION_SMOKE, UNDYING_FORCE, CUTTING_IMAGE)


@step("thrall_discard_to_deck", text=lambda: "The thrall discard pile is shuffled to become the new thrall deck.")
def _thrall_discard_to_deck(g: Engine, ctx: Ctx) -> None:
    _form_deck(g)


# ============================================================================ the mat

rule("thrall_setup", text=lambda: (
        "Setup: shuffle the thrall deck, every thrall front up (Shambling Infantry or Soldier of Rot), and "
        "place the Thrall Reminder beside the mat."))
rule("thrall_refill", text=lambda: (
        "A thrall that leaves play goes to the thrall discard pile without being turned over. When a thrall "
        "must be placed and the thrall deck is empty, shuffle the thrall discard pile, fronts up, to form it."))
rule("thrall_flip_rule", text=lambda n: (
        f"In their main phase, a player may spend {n} Æ to turn a thrall in play over; an illusion is "
        "discarded, a real thrall stays in play showing its back."))


def _scale(scale: tuple[int, ...]) -> str:
    return "/".join(str(x) for x in scale[1:])


rule("thrall_reminder", text=lambda soldiers, infantry: (
        f"Thrall Reminder, at the start of each nemesis turn: with 1/2/3/4 or more Soldiers of Rot in play, "
        f"Gravehold suffers {_scale(soldiers)} damage; then with 1/2/3/4 or more Shambling Infantry in play, "
        f"any player suffers {_scale(infantry)} damage (Thrall Hybrid counts as one of each)."))
rule("thrall_deck_reading", text=lambda: f"The thrall deck (the project's reading): {_deck_words()}.")
rule("thrall_expert", text=lambda life, hit: (
        f"Each thrall comes into play with {life} additional life, and each time the Thrall Reminder makes "
        f"a player or Gravehold suffer damage, that damage is {hit} more."))


@on("setup")
def _setup(st: State) -> None:
    """S-7: the empty thrall discard beside the shuffled thrall deck."""
    st.nemesis.decks.setdefault(DISCARD, [])


#: the pieces the panel below says: the boards' plain token lists leave them out
shown_in_panel(lambda name: name in (DECK, DISCARD) or name in {real_key(k) for k in KINDS})


@table_panel
def _panel(view: Mapping[str, Any]) -> tuple[str, str] | None:
    """Both boards: the thrall piles, the thralls in play by kind and those shown real."""
    n = view.get("nemesis") or {}
    if n.get("id") != RT:
        return None
    decks = n.get("decks") or {}
    names = [c["name"] for c in n.get("in_play", ())]
    tokens = n.get("tokens") or {}
    parts = []
    for k in KINDS:
        count = names.count(k) + names.count(HYBRID)
        real = tokens.get(real_key(k), 0)
        parts.append(f"{count} {PLURAL[k] if count != 1 else k}" + (f" ({real} shown real)" if real else ""))
    return ("Thralls", f"deck {len(decks.get(DECK, ()))}, discard {len(decks.get(DISCARD, ()))}; in play "
            f"{', '.join(parts)}; Thrall Reminder beside the mat (the deck is the project's reading: "
            f"{_deck_words()})")


NEMESIS = NemesisDef(
    RT, RT, "O", life=50, difficulty=5, expedition_level=3,
    unleash=(("if", ("thralls_at_least", MANY), (("gravehold_damage", MANY_DAMAGE),), (("place_thrall", 1, 0),)),),
    cards=tuple(c.name for c in DECK_CARDS),
    special_decks={DECK: tuple(k for k in KINDS for _ in range(THRALLS[k][0]))},
    deck_holds={DISCARD: DECK},
    deck_faces={DISCARD: "up"},
    rules={
        "setup": (("thrall_setup",),),
        "thralls": (("thrall_deck_reading",), ("thrall_refill",), ("thrall_flip_rule", FLIP_COST)),
        "reminder": (("thrall_reminder", SOLDIER_HITS, INFANTRY_HITS),),
    },
    increased_difficulty={"thralls": (("thrall_expert", EXPERT_LIFE, EXPERT_HIT),)},
)

#: every card of the nemesis, its thralls too (the box gathers them)
CARDS = (*DECK_CARDS, *THRALL_CARDS)
