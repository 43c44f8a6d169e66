"""Fenrix: its mat (nemesis tokens, the claw deck, Position tokens), its nine cards and its claws.

Fenrix's tokens are the nemesis token ``tokens["nemesis"]`` (its Unleash gains one). Its
claws are minions that carry the standing rule ``claw_guard``: the five Rending Claws of
the face-down special deck ``decks["claw"]`` and, from its own deck, Hunting Claw. At the
end of the nemesis turn, while Fenrix holds four or more tokens, a claw comes into play
and it loses two (``end_of_turn``, step ``claw_surge``). The players lose the moment the
claw deck is empty (G-2, G-3): the log says so (event ``claw_deck_empty``) and the game
ends for the engine's reason of a nemesis' own condition, ``nemesis_rule``, so no new
reason reaches the engine, the statistics or the end screens.

Each player has one Position token, kept in ``Player.tokens``: ``position_token`` 1 while
the player holds it, ``position_on_card`` k while it lies on the k-th card in play (oldest
first, as ``state.nemesis.in_play`` lists them). When a card leaves play (the engine's
``left_play`` hook) the tokens on it go back to their players and those on newer cards
follow their card. In their own main phase a player may move their token onto any claw
(main action ``position``); damage a player deals to a claw without their token on it is
prevented (``damage_target``), so such a claw is no target of theirs (``targets``).

A claw's IMMEDIATELY resolves before it is in play (N-12): a token placed then lands on the
card as it enters, at the next place in play (``len(in_play)``), and its ``claw_life`` step
fixes the life it enters with (N-10, ``vocabulary.ENTRY_LIFE``). Spring of Fury, once its
power has resolved, lies in ``decks["beside_mat"]``; each card there adds the life its
``beside_mat`` step names to every claw that comes into play.

Readings decided here:

* The claw deck holds five Rending Claws: the rulebook lists 55 cards for the box's
  nemeses; 36 are nemesis-deck cards, 10 World Devourer cards and 4 Curse of Aging cards,
  which leaves five claws.
* A Rending Claw has 4 life and Hunting Claw 6; the card data gives neither. Four keeps
  Crazed Whelps' 2 a real weakening and a claw within one good spell of a player on it.
* Hunting Claw is a claw (its own text calls it one): it counts for Lacerate and Rally the
  Pack, Spring of Fury adds to its life, a Position token may be moved onto it; defeated,
  it goes to Fenrix's discard pile, as it says (K-14), not to the claw deck.
* The mat's loss on an empty claw deck is a state that ends the game: the players lose
  the moment the last claw leaves the deck (its IMMEDIATELY does not resolve, G-3), not
  only when one more claw is due. With five claws that is the fifth claw in play at once.
* A card leaving play by any means (a claw, Molten Alpha) sends the Position tokens on it
  back to their players.
* A claw's IMMEDIATELY offer lets one player at most (the players' choice, or nobody) put
  their token on it; that player may take their token off another card for it.
* A claw's PERSISTENT "a player with a Position token on it suffers 2, or Gravehold
  suffers 2" is the players' choice; with no token on the claw only Gravehold can (N-6).
* The bar on tokens going onto claws (Obscure, Aether Blizzard) is a turn flag: it stops
  every placement onto a claw for the rest of that nemesis turn,
  the IMMEDIATELY offers of claws entering then included, and Rally the Pack's placement
  when it falls in the same turn. Molten Alpha is no claw: its tokens still go onto it.
* Crazed Whelps sets its claws' life to 2 after any extra life (Spring of Fury) is added.
* Spring of Fury's TO DISCARD sends it to the discard pile as any power; only its power
  puts it beside the mat.
* Obscure's spell is the costliest prepped spell on the whole table; ties are the
  players' choice (N-6), as for Umbra Titan.
* Expert (S-9): the setup claw comes into play by the same procedure as any other claw,
  so a player may put their Position token on it before the first turn.
"""

from __future__ import annotations

from typing import Any

from ....boxapi import (
    ENTRY_LIFE,
    ENTRY_LIFE_FLAG,
    Action,
    Ctx,
    Engine,
    NemesisCardDef,
    NemesisDef,
    Player,
    State,
    action_head,
    ask_step,
    base_name,
    check_token_loss,
    chooser,
    condition,
    copy_ref,
    count_of,
    find_ref,
    op,
    pick,
    player_damage,
    printed_rule,
    rule,
    step,
    trigger_source,
    turn_flag,
)
from ....boxapi import catalogue as content

FX = "Fenrix"
T = "nemesis"  # Fenrix's nemesis tokens
CLAW_DECK = "claw"
BESIDE = "beside_mat"
HELD = "position_token"  # 1 while the player holds their Position token
ON = "position_on_card"  # k: the token lies on the k-th card in play, oldest first
NO_POSITIONS = turn_flag("no_positions", "no Position token may go onto a claw for the rest of this turn")
CLAW_LIFE = 4  # a Rending Claw's life (see the readings)
HUNTING_LIFE = 6
#: the Rending Claws of the claw deck
CLAWS = 5

_CARDS: list[NemesisCardDef] = []


def _card(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    c = NemesisCardDef(name, type_, tier, "NA", nemesis=FX, **kw)
    _CARDS.append(c)
    return c


def _any_player(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


# ============================================================================ Position tokens


def is_claw(name: str) -> bool:
    """A claw: a minion carrying the ``claw_guard`` rule (``name`` may be a copy reference)."""
    return printed_rule(name, "claw_guard") is not None


def token_on(p: Player) -> int:
    """Where player p's Position token lies: an index in play, or -1 while they hold it."""
    return p.tokens.get(ON, 0) - 1


def holders(g: Engine, idx: int) -> list[int]:
    """The players whose Position token lies on the card at ``in_play[idx]``."""
    return [j for j, p in enumerate(g.state.players) if idx >= 0 and token_on(p) == idx]


def claws_in_play(g: Engine) -> list[tuple[int, str]]:
    """(index in play, copy reference) of every claw in play, oldest first."""
    ip = g.state.nemesis.in_play
    return [(k, copy_ref(ip, k)) for k, c in enumerate(ip) if is_claw(c.name)]


def put_token(g: Engine, i: int, idx: int, card: str | None, source: str) -> None:
    """Player i's Position token goes onto the card at ``in_play[idx]`` (-1: back to them)."""
    t = g.state.players[i].tokens
    t.pop(HELD, None)
    t.pop(ON, None)
    if idx < 0:
        t[HELD] = 1
    else:
        t[ON] = idx + 1
    g.ev("position", player=i, card=card, source=source)


def _entering(g: Engine, ctx: Ctx) -> int:
    """The place in play of the card whose effect this is: where it lies, or, during its
    IMMEDIATELY (N-12), the place it is about to take."""
    n = g.state.nemesis
    if base_name(ctx.source) in n.resolving:
        return len(n.in_play)
    return find_ref(n.in_play, ctx.source)


def _can_place(g: Engine) -> bool:
    return not g.state.flags.get(NO_POSITIONS)


# ============================================================================ claws


ENTRY_LIFE.add("claw_life")  # claws enter above their printed life under Spring of Fury (N-10)


def claw_bonus(g: Engine) -> int:
    """Extra life every claw comes into play with: the cards beside the mat add it."""
    total = 0
    for name in g.state.nemesis.decks.get(BESIDE, ()):
        for s in content.NEMESIS_CARDS[name].power:
            if s[0] == "beside_mat":
                total += int(s[1])
    return total


@step("claw_life", text=lambda n: (
        f"It comes into play with {n} life, plus the extra life that cards beside the mat give claws."))
def _claw_life(g: Engine, ctx: Ctx, n: int) -> None:
    life = n + claw_bonus(g)
    g.state.flags[ENTRY_LIFE_FLAG] = (base_name(ctx.source), life)
    g.ev("entry_life", card=base_name(ctx.source), life=life)


@step("position_offer", text=lambda: (
        "Any one player may put their Position token on it (unless placing tokens on claws is "
        "barred this turn)."))
def _position_offer(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """The players choose one player who puts their token on this claw, or nobody."""
    if action is None:
        if not _can_place(g):
            return
        idx = _entering(g, ctx)
        opts: list[Action] = [("player", j) for j, p in enumerate(g.state.players) if token_on(p) != idx]
        ask_step(g, ctx, ("position_offer",), "player", chooser(g, ctx),
                 f"Who puts their Position token on {base_name(ctx.source)}? (or skip)", opts + [("skip",)])
        return
    if action[0] == "player":
        put_token(g, int(action[1]), _entering(g, ctx), ctx.source, ctx.source)


def _holder_on_this(g: Engine, ctx: Ctx, s: tuple[Any, ...]) -> bool:
    return bool(holders(g, find_ref(g.state.nemesis.in_play, ctx.source)))


@step("holder_suffers", can_resolve=_holder_on_this, text=lambda n: (
        f"A player whose Position token lies on this claw suffers {n} damage."))
def _holder_suffers(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    if action is None:
        on = holders(g, find_ref(g.state.nemesis.in_play, ctx.source))
        if on:
            ask_step(g, ctx, ("holder_suffers", n), "player", chooser(g, ctx),
                     f"Which player on {ctx.source} suffers {n} damage?", [("player", j) for j in on])
        return
    player_damage(g, int(action[1]), n, ctx.source)


def _claw_bite(n: int) -> tuple[Any, ...]:
    return ("or", (("holder_suffers", n),), (("gravehold_damage", n),))


@step("claw_to_deck", text=lambda: "It goes face down on top of the claw deck.")
def _claw_to_deck(g: Engine, ctx: Ctx) -> None:
    """A Rending Claw discarded from play goes back on top of the claw deck."""
    n = g.state.nemesis
    name = base_name(ctx.source)
    if name in n.discard:
        del n.discard[len(n.discard) - 1 - n.discard[::-1].index(name)]
        n.decks.setdefault(CLAW_DECK, []).insert(0, name)
        g.ev("claw_to_deck", card=name)


rule("claw_guard", text=lambda: (
        "A claw. Damage dealt to it by a player without a Position token on it is prevented."))

RENDING_CLAW = _card("Rending Claw", "minion", 0, life=CLAW_LIFE, deck=CLAW_DECK, passive=(("claw_guard",),),
                     immediately=(("claw_life", CLAW_LIFE), ("position_offer",)),
                     persistent=(_claw_bite(2),), discarded=(("claw_to_deck",),))


@op("fenrix_place")
def _fenrix_place(g: Engine, k: int, life: int, source: str) -> None:
    """The top claw of the claw deck comes into play: its IMMEDIATELY, then the card
    (N-12); ``life`` > 0 then sets the life it enters with. The deck left empty (or found
    empty, in a position written so): the players lose at once."""
    if k <= 0:
        return
    n = g.state.nemesis
    deck = n.decks.get(CLAW_DECK)
    if deck:
        n.resolving.append(deck.pop(0))
    if not deck:
        g.ev("claw_deck_empty", source=source)
        g.end("loss", "nemesis_rule")
        return
    name = n.resolving[-1]
    if k > 1:
        g.push("fenrix_place", k - 1, life, source)
    g.push("enter_play", name)
    if life > 0:
        g.push("fenrix_entry_life", name, life)
    g.run_steps(content.NEMESIS_CARDS[name].immediately, Ctx(-1, -1, name))


@op("fenrix_entry_life")
def _fenrix_entry_life(g: Engine, name: str, life: int) -> None:
    g.state.flags[ENTRY_LIFE_FLAG] = (name, life)
    g.ev("entry_life", card=name, life=life)


def _claws_text(n: int, life: int, rest: bool) -> str:
    what = "A claw comes" if n == 1 else f"{n} claws come"
    tail = f" with {life} life each" if life and n > 1 else f" with {life} life" if life else ""
    they = "It does" if n == 1 else "They do"
    return f"{what} into play from the claw deck{tail}." + (
        f" {they} not resolve {'its' if n == 1 else 'their'} PERSISTENT effect this turn." if rest else "")


@step("place_claws", text=_claws_text)
def _place_claws(g: Engine, ctx: Ctx, n: int, life: int, rest: bool = False) -> None:
    """``rest``: the card says its claws do not act this turn. The engine does so for any
    card that comes into play in the nemesis main phase (N-1 walks the cards in play when
    the phase starts), so ``rest`` only has the text say it as the card prints it."""
    g.push("fenrix_place", n, life, ctx.source)


# ============================================================================ tier 1

_card("Crazed Whelps", "power", 1, power_tokens=3, power=(("place_claws", 2, 2, True),))


@step("return_position", can_resolve=lambda g, ctx, s: any(token_on(p) >= 0 for p in g.state.players),
      text=lambda: "A player of your choice whose Position token lies on a minion takes it back.")
def _return_position(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    if action is None:
        on = [j for j, p in enumerate(g.state.players) if token_on(p) >= 0]
        if on:
            ask_step(g, ctx, ("return_position",), "player", chooser(g, ctx),
                     "Whose Position token goes back to them?", [("player", j) for j in on])
        return
    put_token(g, int(action[1]), -1, None, ctx.source)


_card("Dodge", "attack", 1, effect=(
    ("or", (("unleash", 1), ("return_position",)),
     (("unleash", 1), _any_player(("suffer", 2), pick("discard", 1)))),))


@condition("claws_at_least", lambda n, *, they=False: f"{n} or more claws are in play")
def _claws_at_least(g: Engine, ctx: Ctx, n: int) -> bool:
    return len(claws_in_play(g)) >= n


@step("place_position", text=lambda *, they=False: (
        f"{'puts their' if they else 'Put your'} Position token on a claw of "
        f"{'their' if they else 'your'} choice."))
def _place_position(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """The player ``ctx.you`` puts their token on a claw they pick (not while barred)."""
    if action is None:
        cl = claws_in_play(g)
        if cl and _can_place(g) and ctx.you >= 0:
            ask_step(g, ctx, ("place_position",), "minion", ctx.you,
                     "Put your Position token on which claw?", [("target", ref) for _, ref in cl])
        return
    ref = str(action[1])
    put_token(g, ctx.you, find_ref(g.state.nemesis.in_play, ref), ref, ctx.source)


_card("Rally the Pack", "power", 1, power_tokens=2, power=(
    ("if", ("claws_at_least", 1),
     (("unleash", 1), _any_player(("suffer", 3), ("place_position",))),
     (("unleash", 2),)),))

# ============================================================================ tier 2


@step("block_positions", text=lambda: "For the rest of this turn no Position token may go onto a claw.")
def _block_positions(g: Engine, ctx: Ctx) -> None:
    g.state.flags[NO_POSITIONS] = True
    g.ev("positions_barred", source=ctx.source)


_card("Obscure", "attack", 2, effect=(
    ("block_positions",), ("unleash", 2), pick("to_deck_top", 1, "prepped", "costliest", who="players")))

_card("Hunting Claw", "minion", 2, life=HUNTING_LIFE, passive=(("claw_guard",),),
      immediately=(("claw_life", HUNTING_LIFE), ("position_offer",)), persistent=(_claw_bite(2),))


@step("beside_mat", text=lambda n: (
        f"Then this card lies beside the mat until the game ends, and from then on every claw "
        f"comes into play with {n} more life."))
def _beside_mat(g: Engine, ctx: Ctx, n: int) -> None:
    """The power leaves play for ``decks["beside_mat"]`` instead of the discard pile."""
    st = g.state
    ip = st.nemesis.in_play
    idx = find_ref(ip, ctx.source)
    if idx < 0:
        return
    name = ip[idx].name
    del ip[idx]
    left_play(g, idx, name)
    st.nemesis.decks.setdefault(BESIDE, []).append(name)
    g.ev("beside_mat", card=name)


_card("Spring of Fury", "power", 2, power_tokens=3, to_discard=(("spend_aether", 7),),
      power=(("unleash", 2), ("beside_mat", 1)))

# ============================================================================ tier 3


@op("fenrix_persistent_of")
def _fenrix_persistent_of(g: Engine, ref: str) -> None:
    if find_ref(g.state.nemesis.in_play, ref) >= 0:
        g.ev("persistent", card=ref)
        g.run_steps(content.NEMESIS_CARDS[base_name(ref)].persistent, Ctx(-1, -1, ref))


@step("claws_persistent", text=lambda: "Each claw in play resolves its PERSISTENT effect, oldest first.")
def _claws_persistent(g: Engine, ctx: Ctx) -> None:
    for _, ref in reversed(claws_in_play(g)):
        g.push("fenrix_persistent_of", ref)


_card("Lacerate", "attack", 3, effect=(
    ("if", ("claws_at_least", 3), (("claws_persistent",),), (("unleash", 3),)),))

_card("Aether Blizzard", "power", 3, power_tokens=2,
      to_discard=(pick("destroy", 3, "hand", ("cost_at_least", 3)),),
      power=(("unleash", 3), ("return_position",), ("block_positions",)))


@step("all_positions_here", text=lambda: "Every player's Position token goes onto this minion.")
def _all_positions_here(g: Engine, ctx: Ctx) -> None:
    idx = _entering(g, ctx)
    for j in range(len(g.state.players)):
        put_token(g, j, idx, base_name(ctx.source), ctx.source)


_card("Molten Alpha", "minion", 3, life=15, immediately=(("all_positions_here",),),
      persistent=(("gravehold_damage", 4),))

CARDS = tuple(_CARDS)

# ============================================================================ the mat


def left_play(g: Engine, idx: int, name: str) -> None:
    """The card at ``in_play[idx]`` has left play: tokens on it go home, newer ones follow."""
    for j, p in enumerate(g.state.players):
        k = token_on(p)
        if k == idx:
            put_token(g, j, -1, None, name)
        elif k > idx:
            p.tokens[ON] = k  # one place older, as the cards before it moved up


on = trigger_source("nemesis", FX)  # this mat's rules, at the engine's trigger points


on("left_play")(left_play)


@op("fenrix_lose_tokens")
def _fenrix_lose_tokens(g: Engine, k: int, source: str) -> None:
    t = g.state.nemesis.tokens
    t[T] = max(0, t.get(T, 0) - k)
    g.ev("token", token=T, amount=-k, total=t[T], source=source)
    check_token_loss(g)


@step("claw_surge", text=lambda at, lose: (
        f"While the nemesis holds {at} or more nemesis tokens, a claw comes into play from the claw "
        f"deck and the nemesis loses {count_of(lose, 'nemesis token')}."))
def _claw_surge(g: Engine, ctx: Ctx, at: int, lose: int) -> None:
    if g.state.nemesis.tokens.get(T, 0) >= at:
        g.push("s", -1, -1, ctx.source, ("claw_surge", at, lose))
        g.push("fenrix_lose_tokens", lose, ctx.source)
        g.push("fenrix_place", 1, 0, ctx.source)


rule("claw_deck_rules", text=lambda n: (
        f"The claw deck: {n} claws, face down. A claw discarded from play goes face down on top of it "
        "and the Position tokens on it go back to their players. The players lose the moment that deck "
        "is empty."))
rule("position_rules", text=lambda: (
        "Each player has one Position token. In their main phase a player may put it on any claw, "
        "even moving it from another claw. A claw is damaged only by players whose token is on it."))
rule("start_tokens_by_players", text=lambda one, two, three, four: (
        f"Setup: with 1/2/3/4 players the nemesis starts with {one}/{two}/{three}/{four} nemesis tokens; "
        "each player takes their Position token."))
rule("setup_claws", text=lambda n: f"Setup: {count_of(n, 'claw')} from the claw deck come{'s' if n == 1 else ''} "
     "into play.")


def _mat(key: str, kind: str) -> tuple[Any, ...] | None:
    nd = content.NEMESES[FX]
    for table in (nd.rules, nd.increased_difficulty):
        for s in table.get(key, ()):
            if s[0] == kind:
                return tuple(s)
    return None


@on("setup")
def _fenrix_setup(st: State) -> None:
    """S-7: tokens by player count, a Position token each; expert: a claw waits on the stack."""
    for p in st.players:
        p.tokens[HELD] = 1
    r = _mat("setup", "start_tokens_by_players")
    if r is not None:
        st.nemesis.tokens[T] = int(r[min(len(st.players), len(r) - 1)])
    if st.config.get("expert"):
        for s in content.NEMESES[FX].increased_difficulty.get("setup", ()):
            if s[0] == "setup_claws":
                st.stack.append(("s", -1, -1, FX, ("place_claws", int(s[1]), 0, False)))


action_head("position", ("target",), text=lambda ref: f"move your Position token onto {ref}",
            detail=lambda st, d, ref: f"move your Position token onto {ref}", phase="main")


@on("main_options")
def _fenrix_main_options(g: Engine, i: int) -> list[Action]:
    if not _can_place(g):
        return []
    here = token_on(g.state.players[i])
    return [("position", ref) for k, ref in claws_in_play(g) if k != here]


@on.action("position")
def _fenrix_main_action(g: Engine, i: int, action: Action) -> None:
    ref = str(action[1])
    put_token(g, i, find_ref(g.state.nemesis.in_play, ref), ref, "main phase")


def _guarded(g: Engine, you: int, target: str) -> bool:
    """Is ``target`` a claw that player ``you`` cannot damage (no token of theirs on it)?"""
    if you < 0 or target == "nemesis" or not is_claw(target):
        return False
    return token_on(g.state.players[you]) != find_ref(g.state.nemesis.in_play, target)


@on("targets")
def _fenrix_targets(g: Engine, you: int, targets: list[str]) -> list[str]:
    return [t for t in targets if not _guarded(g, you, t)]


@on("damage_target")
def _fenrix_damage_target(g: Engine, you: int, target: str, amount: int, source: str) -> bool:
    if _guarded(g, you, target):
        g.ev("damage_prevented", card=target, amount=amount, source=source)
        return True
    return False


NEMESIS = NemesisDef(
    FX, FX, "NA", life=60, difficulty=7, expedition_level=4,
    unleash=(("gain_token", T, 1),),
    cards=tuple(c.name for c in CARDS if c.deck == "nemesis"),
    special_decks={CLAW_DECK: (RENDING_CLAW.name,) * CLAWS, BESIDE: ()},
    deck_holds={BESIDE: "nemesis"},
    end_of_turn=(("claw_surge", 4, 2),),
    rules={
        "setup": (("start_tokens_by_players", 2, 2, 1, 0),),
        "claws": (("claw_deck_rules", CLAWS), ("position_rules",)),
    },
    increased_difficulty={"setup": (("setup_claws", 1),)},
)
