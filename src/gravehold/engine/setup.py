"""Game setup (S-1 … S-9): players, turn order deck, nemesis deck, supply, difficulty."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..content import registry as content
from ..content.model import PILE_SIZES, MageDef, NemesisDef
from ..errors import GraveholdError, SetupError
from . import campaign_setup, rng, trigger_index, triggers
from .keywords import marks
from .keywords import treasures as treasure_rules
from .market import MARKET_SHAPE, market_cards
from .ruleset import Ruleset, resolve
from .setup_treasures import setup_treasures, treasure_request
from .shapes import ConfigDoc, Doc
from .state import Breach, Nemesis, Player, State

DIFFICULTIES = ("beginner", "normal", "expert", "extinction")
#: S-9: the difficulties that play the nemesis' increased difficulty
INCREASED = ("expert", "extinction")

#: S-6: basic nemesis cards added per tier, by player count.
BASIC_PER_TIER = {1: (1, 3, 7), 2: (3, 5, 7), 3: (5, 6, 7), 4: (8, 7, 7)}
#: XS-3: a scripted expedition's first nemesis deck may come prebuilt with the 4-player basics; then this
#: many cards, by player count, go from its top to the nemesis discard pile (the gap between
#: the 4-player tier-1 basics and the others'). Tiers 2 and 3 keep their 4-player numbers.
#: Which cards those are depends on the packet's order, which is not known: the engine
#: shuffles each tier as S-6 does and discards the top cards of the result.
PREBUILT_TRIM = {1: 7, 2: 5, 3: 3, 4: 0}
PILE_SIZE = PILE_SIZES  # S-8, by card type (a box's own type adds its own)


@dataclass
class Config:
    """What a game is set up from. ``market`` is a market name or an explicit card list."""

    mages: list[str]
    nemesis: str = ""  # empty: the catalogue's default setup (the first box's ``default_setup``)
    market: str | list[str] = ""
    difficulty: str = "normal"
    ruleset: str | Doc = "we"
    seed: int = 0
    four_player_variant: bool = False  # T-4
    basics: str | None = None  # box whose basic nemesis cards are used; default: the nemesis' box
    #: upgraded basic nemesis cards to put in the nemesis deck (S-10), by name
    upgraded: list[str] | None = None
    boxes: list[str] | None = None  # boxes a randomized market draws from; default: all
    #: a city (a box's mages and cards may name one): random mages and markets leave out the
    #: mages and cards of the other city; content without a city stays in
    city: str | None = None
    #: seats (from 0) played by people: their main phase never ends on its own (``Engine.ask``)
    human_seats: list[int] | None = None
    #: X-5 / X-14: ``{"players": [{"tier1": name, "tier3": name, "slot": k}, ...], "group": name,
    #: "pile": name}``, seats from 0 (``setup_treasures``); None: a game without treasures
    treasures: Doc | None = None
    #: XS-3: the first story battle's prebuilt nemesis deck (``PREBUILT_TRIM``)
    prebuilt_deck: bool = False
    #: K-9: per seat, the marked copies its player starts with (``keywords.marks.deal_marked``)
    marked: list[list[str]] | None = None
    #: C-16: a battle of a Legacy campaign, where no nemesis' increased difficulty is played
    campaign: bool = False
    # the setup hooks of a Legacy campaign's battle (``engine.campaign_setup``), None in any other game
    #: C-6: per seat, the enhancements that work for its player ``{"name", "kind", "rules"}``
    enhancements: list[list[Doc]] | None = None
    #: C-17: per supply pile, the marked copies at its bottom, bottom first
    supply_marked: dict[str, list[str]] | None = None
    #: C-7: ``{"<n>": {"name", "changes"}}``, the stickers of the ``"Card{sticker<n>}"`` copies in ``marked``
    stickers: dict[str, Doc] | None = None
    nemesis_deck: list[str] | None = None  #: C-12: the nemesis deck, top first, as given
    basic_pool: list[str] | None = None  #: C-4 / C-10: the basic nemesis cards S-6 draws from
    pile_sizes: dict[str, int] | None = None  #: C-4 / C-10: piles dealt with fewer copies than S-8's
    extra: Doc = field(default_factory=dict)

    def resolved_ruleset(self) -> Ruleset:
        """A bad ruleset is a RulesetError naming the option (shared with state loading)."""
        return resolve(self.ruleset)


def turn_order_cards(players: int, rs: Ruleset, four_player_variant: bool, own: tuple[str, ...] = ()) -> list[str]:
    """S-5; four players use the pair cards (T-4) under ``four_player_turn_order``
    "pairs" (LoG/OC) or when the setup asks for the four-player variant. ``own``: the
    nemesis' own turn order cards (:func:`own_turn_order`), each in place of a Nemesis card."""
    if players == 1:
        cards = ["P1"] * rs.solo_player_turns
    elif players == 2:
        cards = ["P1", "P1", "P2", "P2"]
    elif players == 3:
        cards = ["P1", "P2", "P3", "W"]
    elif four_player_variant or rs.four_player_turn_order == "pairs":
        cards = ["P12", "P12", "P34", "P34"]
    else:
        cards = ["P1", "P2", "P3", "P4"]
    return cards + list(own[:2]) + ["N"] * (2 - len(own[:2]))


def own_turn_order(nemesis: str, expert: bool) -> tuple[str, ...]:
    """S-5 / S-9: the turn order cards a nemesis mat deals in place of Nemesis cards."""
    nd = content.NEMESES.get(nemesis)
    if nd is None:
        return ()
    names = nd.expert_turn_order if expert and nd.expert_turn_order is not None else nd.turn_order
    return tuple(f"N:{name}" for name in names)


def resolve_mages(wanted: list[str], state: int, boxes: tuple[str, ...] | None,
                  city: str | None = None) -> tuple[list[str], int]:
    """Named mages as given; each "random" seat draws a mage nobody else has (S-1), among the
    mages of ``boxes`` and of no other city than ``city``. A seat ``random:NA`` or
    ``random:AE+WE`` draws among those boxes' mages instead (a sweep of one box's mages
    against every nemesis, with markets from anywhere)."""
    named: list[str | None] = []
    only: list[tuple[str, ...] | None] = []
    for m in wanted:
        head, _, tail = m.partition(":")
        if head.strip().casefold() == "random":
            named.append(None)
            only.append(tuple(content.box(b).id for b in tail.split("+") if b.strip()) if tail.strip() else None)
        else:
            named.append(content.mage(m).id)
            only.append(None)
    taken = {m for m in named if m is not None}
    if len(taken) != sum(m is not None for m in named):
        raise SetupError("each player needs a different mage")
    pool = sorted(m.id for m in content.MAGES.values() if city is None or m.city in (None, city)) \
        if None in named else []  # only a random seat draws from it
    out: list[str] = []
    for given, from_boxes in zip(named, only, strict=True):
        if given is not None:
            out.append(given)
            continue
        among = from_boxes or boxes
        free = [x for x in pool if x not in taken and (among is None or content.MAGES[x].box in among)]
        if not free:
            raise SetupError("not enough mages left for every random seat")
        state, k = rng.randbelow(state, len(free))
        taken.add(free[k])
        out.append(free[k])
    return out, state


def resolve_nemesis(wanted: str, state: int, boxes: tuple[str, ...] | None) -> tuple[str, int]:
    """A nemesis by name, or "random" / "random:LO-HI" (by difficulty rating)."""
    w = wanted.casefold()
    if not w.startswith("random"):
        return content.nemesis(wanted).id, state
    lo, hi = 1, 10
    if ":" in w:
        try:
            a, _, b = w.split(":", 1)[1].partition("-")
            lo, hi = int(a), int(b or a)
        except ValueError:
            raise SetupError(
                f"nemesis {wanted!r}: write random:LO-HI with difficulty numbers, e.g. random:3-6") from None
    pool = sorted(n.id for n in content.NEMESES.values()
                  if lo <= n.difficulty <= hi and (boxes is None or n.box in boxes))
    if not pool:
        raise SetupError(f"no nemesis has a difficulty from {lo} to {hi}")
    state, k = rng.randbelow(state, len(pool))
    return pool[k], state


def upgraded_cards(names: object) -> list[str]:
    """S-10: the upgraded basic cards a setup names, by catalogue or shown name, each once;
    a name that is no upgraded basic card is a SetupError naming it. An exact catalogue name
    is that card even when another box's card is shown alike (saved setups keep catalogue
    names, so a box added later never makes them ambiguous)."""
    if not isinstance(names, (list, tuple)) or not all(isinstance(x, str) for x in names):
        raise SetupError(f"upgraded: must list upgraded basic nemesis card names, got {names!r}")
    out: list[str] = []
    for given in names:
        exact = content.NEMESIS_CARDS.get(given)
        try:
            c = exact if exact is not None and exact.upgraded else content.find_nemesis_card(given)
        except GraveholdError as e:
            raise SetupError(f"upgraded: {e}") from None
        if not c.upgraded:
            known = sorted(content.shown(u) for box in content.UPGRADED.values() for u in box)
            raise SetupError(f"upgraded: {content.shown(c.name)} is not an upgraded basic nemesis card; "
                             f"the upgraded ones are {', '.join(known) or 'none (no loaded box has any)'}")
        if c.name in out:
            raise SetupError(f"upgraded: {content.shown(c.name)} is named twice")
        out.append(c.name)
    return out


#: S-10, true solo under ``all_first_solo_caps``: the most upgraded cards of each tier that go in
SOLO_UPGRADED_CAP = {1: 1, 2: 3}


def upgraded_in_tier(cards: list[str], tier: int, need: int, players: int, rs: Ruleset,
                     state: int) -> tuple[list[str], int]:
    """S-10: which of a tier's upgraded cards go in (each then takes one basic card's place).

    ``upgraded_basics`` "all_first_solo_caps" caps true solo at 1 of tier 1 and 3 of tier 2;
    a tier still holding more than its S-6 number ``need`` keeps them all under
    ``upgraded_overflow`` "all" (it grows), or a random ``need`` of them under "cap".
    """
    cards = list(cards)
    cap = len(cards)
    if rs.upgraded_basics == "all_first_solo_caps" and players == 1:
        cap = min(cap, SOLO_UPGRADED_CAP.get(tier, cap))
    if rs.upgraded_overflow == "cap":
        cap = min(cap, need)
    if cap < len(cards):
        state = rng.shuffle(state, cards)
        cards = sorted(cards[:cap])
    return cards, state


def basic_box(rs: Ruleset, nemesis_box: str, named: str | None) -> str:
    """S-11: the box the basic cards come from: the one named, else the nemesis' own
    (``basic_pool`` "any"); under "nemesis_wave", the base game of the nemesis' wave."""
    if rs.basic_pool != "nemesis_wave":
        if named or content.BASICS.get(nemesis_box):
            return named or nemesis_box
        # S-6: a box that brings no basic nemesis cards (a small box) plays its nemeses with
        # the basic cards of the first loaded box that has some; the config records which
        return next((b for b, cards in content.BASICS.items() if cards), nemesis_box)
    wave = content.BOXES[nemesis_box].wave
    base = next((b.id for b in content.BOXES.values() if b.wave == wave and content.BASICS.get(b.id)), None)
    if base is None:
        raise SetupError(f"basic_pool nemesis_wave: no loaded box of wave {wave} has basic nemesis cards")
    if named and named != base:
        raise SetupError(f"basics {named}: the ruleset's basic_pool nemesis_wave takes the basic cards of "
                         f"{base}, the base game of the nemesis' wave {wave}; leave basics out, or "  # S-11
                         f"set basic_pool to any")
    return base


def human_seats(seats: object, players: int) -> list[int]:
    """The seats played by people, sorted, each once; anything else is a SetupError naming it."""
    if not isinstance(seats, (list, tuple)):
        raise SetupError(f"human_seats: must list seat numbers, got {seats!r}")
    for s in seats:
        if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < players:
            raise SetupError(f"human_seats: {s!r} is no seat of this {players}-player game "
                             f"(seats are numbered 0 to {players - 1})")
    return sorted(set(seats))


def check_variant(on: object, players: int) -> None:
    """T-4: the four-player variant swaps four players' turn order cards for the pair
    cards; in a game of any other size it would change nothing, so asking for it there is
    a mistake (a seat too few or too many), named rather than kept as a setting that lies."""
    if not isinstance(on, bool):
        raise SetupError(f"four_player_variant: must be true or false, got {on!r}")
    if on and players != 4:
        # T-4
        raise SetupError(f"four_player_variant: the four-player variant is for four players; "
                         f"this game has {players}")


def new_state(cfg: Config) -> State:
    """A new game's state, dealt from ``cfg`` in the rules' setup order (S-1 … S-8). Every
    draw of the seed's generator happens in this order, so a seed always deals the same."""
    check_setup(cfg)
    rs = cfg.resolved_ruleset()
    st = State()
    st.rng = rng.seed_state(cfg.seed)
    if cfg.boxes:  # box ids or names; an unknown one is named
        cfg.boxes = [content.box(b).id for b in cfg.boxes]
    if cfg.basics:
        cfg.basics = content.box(cfg.basics).id
    upgraded = upgraded_cards(cfg.upgraded) if cfg.upgraded else []
    boxes = tuple(cfg.boxes) if cfg.boxes else None
    if cfg.city:  # a city's name, any case; an unknown one is named with the known ones
        cfg.city = city_of(cfg.city)
    mage_ids, st.rng = resolve_mages(cfg.mages, st.rng, boxes, cfg.city)
    mages = [content.MAGES[m] for m in mage_ids]
    if not cfg.nemesis:
        cfg.nemesis = content.default_setup("nemesis")
    if not cfg.market:
        cfg.market = content.default_setup("market")
    nemesis_id, st.rng = resolve_nemesis(cfg.nemesis, st.rng, boxes)
    nd = content.NEMESES[nemesis_id]
    basics_box = basic_box(rs, nd.box, cfg.basics)
    market = cfg.market
    if isinstance(market, str) and market.casefold() == "official":
        names = sorted(s.name for s in content.SETUPS.values() if s.official)
        st.rng, k = rng.randbelow(st.rng, len(names))
        market = names[k]
    supply, st.rng = market_cards(market, st.rng, boxes, cfg.city)
    st.config = setup_config(cfg, rs, mages, nd, (market, supply), basics_box, upgraded)
    wanted = treasure_request(cfg.treasures, len(mages))
    if wanted:  # only then, as for human_seats
        st.config["request"]["treasures"] = wanted
    deal_players(st, mages, rs, cfg.difficulty)
    if cfg.stickers:  # C-7: before the stickered copies are dealt
        st.config["stickers"] = campaign_setup.setup_stickers(cfg.stickers)
    if cfg.marked:  # only then, as for human_seats
        st.config["marked"] = marks.deal_marked(st, cfg.marked)
    if wanted:  # after the starting cards (NA's order, X-4)
        st.config["treasures"] = setup_treasures(wanted, st, supply)
    if cfg.enhancements:  # C-6: worked as tier-3 treasures
        st.config["enhancements"] = campaign_setup.setup_enhancements(cfg.enhancements, len(mages))
    if wanted or cfg.enhancements:
        for i in treasure_rules.first_turn_seats(st):
            st.tokens[f"{treasure_rules.FIRST_TURN}{i}"] = 1
    st.gravehold = st.gravehold_max = 30 + {"beginner": 5, "extinction": -5}.get(cfg.difficulty, 0)
    deal_turn_order(st, rs, cfg.four_player_variant, own_turn_order(nd.id, bool(st.config["expert"])))
    st.nemesis = deal_nemesis(st, cfg, rs, nd, basics_box, upgraded)
    # S-8: supply
    st.supply_names = tuple(supply)
    st.supply_counts = [PILE_SIZE[content.CARDS[c].type] for c in supply]
    if cfg.pile_sizes or cfg.supply_marked:  # C-4, C-10, C-17
        campaign_setup.deal_supply(st, cfg)
    # the nemesis' setup hook sees the supply (a special deck may take cards from it)
    h = trigger_index.shared_index(st).get("setup") if triggers.may_answer(st, "setup") else None
    if h is not None:
        h(st)
    n = len(mages)
    if n == 3 and rs.wild_card == "token" and rs.wild_token_start == "random":
        st.rng, st.tokens["wild"] = rng.randbelow(st.rng, n)  # T-6 (NA): last, so the rest
        # of the setup is the same as with "choose" for the same seed
    st.phase = "start"
    return st


def cities() -> list[str]:
    """Every city a loaded mage or card names."""
    return sorted({m.city for m in content.MAGES.values() if m.city}
                  | {c.city for c in content.CARDS.values() if c.city})


def city_of(name: str) -> str:
    """A city by name, any case; an unknown one is a SetupError listing the known ones."""
    for c in cities():
        if c.casefold() == name.strip().casefold():
            return c
    raise SetupError(f"unknown city {name!r}; use one of {', '.join(cities()) or 'none (no box names one)'}")


def check_setup(cfg: Config) -> None:
    """The checks that need no catalogue: the player count, the difficulty, the variant."""
    # S-1, SO-2: the player count is the number of mages, however many people run them
    if not 1 <= len(cfg.mages) <= 4:
        # S-1
        raise SetupError(f"1 to 4 players may play, got {len(cfg.mages)}")
    if cfg.difficulty not in DIFFICULTIES:
        raise SetupError(f"unknown difficulty {cfg.difficulty!r}; use one of {', '.join(DIFFICULTIES)}")
    if cfg.campaign and cfg.difficulty in INCREASED:
        # C-16
        plain = " or ".join(d for d in DIFFICULTIES if d not in INCREASED)
        raise SetupError(f"difficulty {cfg.difficulty}: a campaign battle is played without the nemesis' "
                         f"increased difficulty (C-16); use {plain}")
    check_variant(cfg.four_player_variant, len(cfg.mages))


def setup_config(cfg: Config, rs: Ruleset, mages: list[MageDef], nd: NemesisDef,
                 dealt: tuple[str | list[str], list[str]], basics_box: str, upgraded: list[str]) -> ConfigDoc:
    """The state's ``config``: the setup as dealt (ids, not the names asked for) and as asked;
    ``dealt`` is the market as named and its supply."""
    market, supply = dealt
    config: ConfigDoc = {
        "mages": [m.id for m in mages], "nemesis": nd.id,
        "market": market if isinstance(market, str) else list(supply),
        "request": {"mages": list(cfg.mages), "nemesis": cfg.nemesis,
                    "market": cfg.market if isinstance(cfg.market, str) else list(supply)},
        "difficulty": cfg.difficulty, "expert": cfg.difficulty in ("expert", "extinction"),
        "ruleset": rs.to_dict(), "seed": cfg.seed,
        "four_player_variant": cfg.four_player_variant, "basics": basics_box,
        "boxes": list(cfg.boxes) if cfg.boxes else None, "supply": list(supply),
    }
    if cfg.human_seats:  # only then: a game of bots keeps the config it always had
        config["human_seats"] = human_seats(cfg.human_seats, len(mages))
    if upgraded:  # likewise
        config["upgraded"] = list(upgraded)
    if cfg.prebuilt_deck:  # likewise
        config["prebuilt_deck"] = True
    if cfg.campaign:  # likewise
        config["campaign"] = True
    if cfg.city:  # likewise
        config["city"] = cfg.city
    return config


def deal_players(st: State, mages: list[MageDef], rs: Ruleset, difficulty: str) -> None:
    """S-2, S-3, S-4, S-9: each mage's life, starting hand and deck, charges and breaches."""
    base_life = rs.solo_player_life if len(mages) == 1 else 10
    life = base_life + {"beginner": 2, "extinction": -2}.get(difficulty, 0)
    for m in mages:
        p = Player(m.id)
        p.life = p.max_life = life
        p.hand = list(m.hand)
        p.deck = list(m.deck)
        p.max_charges = m.ability.charges
        p.breaches = [Breach(b.state, b.stage if b.state == "closed" else 0) for b in m.breaches]
        p.set_aside = list(m.set_aside)  # K-13: cards beside the mat (a Forged deck)
        for name, cards in m.decks.items():  # K-13: the mage's own decks (mage_decks.py)
            pile = list(cards)
            if m.deck_faces.get(name, "down") != "up":  # a face-up deck keeps its mat's order
                st.rng = rng.shuffle(st.rng, pile)
            p.decks[name] = pile
        st.players.append(p)


def deal_turn_order(st: State, rs: Ruleset, variant: bool, own: tuple[str, ...] = ()) -> None:
    """S-5: the turn order deck, shuffled, and the tokens its pair or wild cards need."""
    n = len(st.players)
    st.to_deck = turn_order_cards(n, rs, variant and n == 4, own)
    st.rng = rng.shuffle(st.rng, st.to_deck)
    if n == 4 and (variant or rs.four_player_turn_order == "pairs"):
        st.tokens["pair12"] = -1
        st.tokens["pair34"] = -1
    if n == 3 and rs.wild_card == "token":
        st.tokens["wild"] = 0  # T-6 "choose": the players hand it out before the first turn
        if rs.wild_token_start == "choose":
            st.stack.append(("wild_start",))


def deal_nemesis(st: State, cfg: Config, rs: Ruleset, nd: NemesisDef, basics_box: str,
                 upgraded: list[str]) -> Nemesis:
    """S-6 and S-7: the nemesis, its deck by tier (tier 1 on top) and its own setup."""
    n = len(st.players)
    nem = Nemesis(nd.id)
    nem.life = nem.max_life = nd.life + {"beginner": -10, "extinction": 10}.get(cfg.difficulty, 0)
    if basics_box not in content.BASICS:
        raise SetupError(f"no basic nemesis cards for box {basics_box!r}; have {', '.join(content.BASICS)}")
    counts = BASIC_PER_TIER[2 if n == 1 and rs.solo_nemesis_deck == "two_player" else n]
    if cfg.prebuilt_deck:
        counts = BASIC_PER_TIER[4]
    pool = content.BASICS[basics_box]
    if cfg.basic_pool is not None:  # C-4 / C-10: the campaign's basic cards
        pool = tuple(campaign_setup.basic_pool(cfg.basic_pool))
        st.config["basic_pool"] = list(pool)
    ups_by_tier: dict[int, list[str]] = {1: [], 2: [], 3: []}
    for c in upgraded:
        ups_by_tier[content.NEMESIS_CARDS[c].tier].append(c)
    deck: list[str] = []
    own_by_tier = by_tier(nd.cards)  # each card's tier read once
    avail_by_tier = by_tier(pool)
    for tier in (1, 2, 3):
        avail = avail_by_tier[tier]
        st.rng = rng.shuffle(st.rng, avail)
        need = counts[tier - 1]
        ups: list[str] = []
        if ups_by_tier[tier]:  # S-10: only then, so that a game without them deals as it always did
            ups, st.rng = upgraded_in_tier(ups_by_tier[tier], tier, need, n, rs, st.rng)
            need = max(0, need - len(ups))
        if need > len(avail):
            if cfg.basic_pool is not None:  # C-10: a campaign that banished them plays with fewer
                need = len(avail)
            else:
                raise SetupError(f"box {basics_box} has {len(avail)} tier {tier} basic cards, {need} needed")
        pile = own_by_tier[tier] + ups + avail[:need]
        st.rng = rng.shuffle(st.rng, pile)
        deck.extend(pile)  # tier 1 on top, tier 3 at the bottom
    if cfg.prebuilt_deck:  # XS-3: discarded from the top, literally (they then count for N-5)
        trim = PREBUILT_TRIM[n]
        nem.discard, deck = deck[:trim], deck[trim:]
    nem.deck = deck
    if cfg.nemesis_deck is not None:  # C-12: the campaign's deck, as given, in place of the dealt one
        nem.discard, nem.deck = [], campaign_setup.nemesis_deck(cfg.nemesis_deck, nd.cards)
        st.config["nemesis_deck"] = list(nem.deck)
    # S-7: the nemesis' own setup
    nem.tokens = dict(nd.tokens)
    for name, cards in nd.special_decks.items():
        d = list(cards)
        if nd.deck_faces.get(name) != "up":  # a face-up deck lies in the order its mat gives
            st.rng = rng.shuffle(st.rng, d)
        nem.decks[name] = d
    return nem


def by_tier(cards: Iterable[str]) -> dict[int, list[str]]:
    """Nemesis cards by tier (1 to 3), in the order given; a card of any other tier is left out."""
    out: dict[int, list[str]] = {1: [], 2: [], 3: []}
    for c in cards:
        tier_cards = out.get(content.NEMESIS_CARDS[c].tier)
        if tier_cards is not None:
            tier_cards.append(c)
    return out


__all__ = ["BASIC_PER_TIER", "DIFFICULTIES", "MARKET_SHAPE", "PILE_SIZE", "Config", "SetupError", "market_cards",
           "new_state"]
