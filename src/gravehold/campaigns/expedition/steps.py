"""The steps of an expedition, each a function from one state to the next.

``new`` sets out (X-3, X-16, XS-2); ``begin`` takes the group's choices before a battle and
sets the battle's game up (X-4, X-5, X-6, X-11 … X-14, X-18); ``finish`` reads the ended game
and applies what follows it (X-7, X-9, X-15, X-17, X-19; XS-5, XS-6); ``support`` takes the
support of a lost battle (X-8). A step never changes the state it is given: it returns a new
one, or raises :class:`ExpeditionError` naming the field and leaves everything as it was.
That is what lets the store apply a step as one transaction (``campaigns.store``): the
new state is complete before anything is written.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

import msgspec

from ...content import registry as content
from ...engine import rng, schema
from ...engine.game import Game
from ...engine.ruleset import resolve
from ...engine.schema import RulesetSpec
from ...engine.setup import SetupError
from ...engine.shapes import ConfigDoc, Doc, Json
from ..docs import Barracks, Battle, Record
from ..kind import CampaignError
from . import rules
from .state import Choices, Event, Expedition, Options, Stacks


class ExpeditionError(CampaignError):
    """A step the expedition's rules or state do not allow; the message names the field."""


def clone(exp: Expedition) -> Expedition:
    """A copy of ``exp`` for a step to change. The finished battles' records and the events
    are shared, not copied: they are frozen and nothing changes them once written, so a
    step costs what it adds, however long the history (a long expedition's records hold
    tens of thousands of actions). The rest is small and goes through JSON."""
    head = msgspec.structs.replace(exp, history=[], events=[])
    out = msgspec.json.decode(msgspec.json.encode(head), type=Expedition)
    out.history, out.events = list(exp.history), list(exp.events)
    return out


# ------------------------------------------------------------------ what a box brings
def boxes_of(opts: Options) -> list[str]:
    """The boxes the expedition draws from: those named (checked), else every loaded box."""
    if not opts.boxes:
        return list(content.BOXES)
    return [content.box(b).id for b in opts.boxes]


def supply_pool(boxes: Iterable[str]) -> dict[str, list[str]]:
    ids = set(boxes)
    out: dict[str, list[str]] = {k: [] for k in rules.KINDS}
    for c in content.supply_cards():
        if c.box in ids and c.type in out:
            out[c.type].append(c.name)
    return {k: sorted(v) for k, v in out.items()}


def _fallback(boxes: list[str], table: Mapping[str, object]) -> list[str]:
    """Treasures and upgraded basics come from the chosen boxes, or from every loaded box
    when none of those brings any (AE and WE print none, yet an expedition needs them)."""
    return boxes if any(table.get(b) for b in boxes) else list(content.BOXES)


def treasure_pool(boxes: list[str]) -> dict[int, list[str]]:
    by_box: dict[str, list[str]] = {}
    for t in content.TREASURES.values():
        by_box.setdefault(t.box, []).append(t.name)
    ids = set(_fallback(boxes, by_box))
    out: dict[int, list[str]] = {1: [], 2: [], 3: []}
    for t in content.TREASURES.values():
        if t.box in ids:
            out[t.tier].append(t.name)
    return {k: sorted(v) for k, v in out.items()}


def upgraded_pool(boxes: list[str]) -> dict[int, list[str]]:
    ids = set(_fallback(boxes, dict(content.UPGRADED)))
    out: dict[int, list[str]] = {1: [], 2: [], 3: []}
    for b in ids:
        for n in content.UPGRADED.get(b, ()):
            out[content.NEMESIS_CARDS[n].tier].append(n)
    return {k: sorted(v) for k, v in out.items()}


# ------------------------------------------------------------------ setting out
def new(players: int, *, length: str = "standard", endless: bool = False, score: bool = True,
        boxes: Sequence[str] = (), seed: int = 0, story: str | None = None, ruleset: RulesetSpec | None = None,
        difficulty: str = "normal", title: str = "", destroyed_returns: bool = True,
        max_tries: int | None = None) -> Expedition:
    """A new expedition at its first battle's choices.

    Random (X-3): the treasures in three shuffled stacks; 3 gem, 2 relic and 4 spell supply
    selectors and 4 mages into the Barracks; the nemeses in four shuffled level stacks. Only
    what the chosen boxes hold is ever drawn, so X-3's "replace what you do not own" never
    arises. A short expedition then gathers battle 1's win as if it had been won (X-16).
    Scripted (XS-2): the script's Barracks, and its battles in order. XS-8: nothing stays
    sealed after a script, so a random expedition draws from all of a box's content.
    ``ruleset`` None: a story plays by its box's rulebook (the box's preset), a random
    expedition by The New Age's (``na``), whose rules expeditions follow (X-2).
    """
    if ruleset is None:
        ruleset = content.box(content.expedition_script(story).box).preset if story is not None else "na"
    opts = schema.convert(dict(players=players, length=length, endless=endless, score=score, boxes=list(boxes),
                               story=story, ruleset=ruleset, difficulty=difficulty,
                               destroyed_returns=destroyed_returns, max_tries=max_tries), Options)
    resolve(opts.ruleset)  # a bad ruleset is refused now, naming the option
    state = rng.seed_state(seed)
    if story is not None:
        script = content.expedition_script(story)
        if length != "standard":
            raise ExpeditionError(f"length: the scripted expedition {script.id} has its own "
                                  f"{len(script.battles)} battles; leave length at standard")
        opts.story = script.id
        if not opts.boxes:
            opts.boxes = [script.box]
        bar = Barracks(mages=list(script.mages), supply=list(script.supply), treasures=list(script.treasures))
        exp = Expedition(seed=seed, rng=state, options=opts, barracks=bar, stacks=Stacks(), battle=1,
                         title=title or script.name, nemesis=script.battles[0].nemesis,
                         upgraded=list(script.battles[0].upgraded))
        exp.events.append(Event(kind="start", battle=0, mages=list(bar.mages), supply=list(bar.supply),
                                treasures=list(bar.treasures), upgraded=list(exp.upgraded)))
        return exp
    ids = boxes_of(opts)
    opts.boxes = ids
    st = Stacks()
    pool = treasure_pool(ids)
    for tier in (1, 2, 3):
        cards = list(pool[tier])
        state = rng.shuffle(state, cards)
        st.treasures[tier] = cards
    sup = supply_pool(ids)
    for kind in rules.KINDS:
        cards = list(sup[kind])
        need = rules.START_SUPPLY[kind] + rules.WIN_SUPPLY[kind]
        if len(cards) < need:
            raise ExpeditionError(f"boxes: {'+'.join(ids)} hold {len(cards)} {kind} supply cards; an "
                                  f"expedition needs at least {need}")
        state = rng.shuffle(state, cards)
        st.supply[kind] = cards
    mages = sorted(m.id for m in content.MAGES.values() if m.box in ids)  # ids: two mages share a name
    if len(mages) < max(players, rules.START_MAGES):
        raise ExpeditionError(f"boxes: {'+'.join(ids)} hold {len(mages)} mages; an expedition draws "
                              f"{rules.START_MAGES}")
    state = rng.shuffle(state, mages)
    st.mages = mages
    first, last = rules.first_battle(length), rules.last_battle(length)
    for level in (1, 2, 3, 4):
        nem = sorted(n.name for n in content.NEMESES.values() if n.box in ids and n.expedition_level == level)
        wanted = {rules.column(b, length) for b in range(first, last + 1)}
        if not nem and level in wanted:
            #
            raise ExpeditionError(f"boxes: {'+'.join(ids)} hold no nemesis of expedition level {level}")
        state = rng.shuffle(state, nem)
        st.nemeses[level] = nem
        st.fought[level] = []
    bar = Barracks(mages=_take(st.mages, rules.START_MAGES),
                   supply=[c for kind in rules.KINDS for c in _take(st.supply[kind], rules.START_SUPPLY[kind])])
    exp = Expedition(seed=seed, rng=state, options=opts, barracks=bar, stacks=st, battle=first,
                     title=title or f"{rules.BATTLES[length]}-battle expedition")
    exp.events.append(Event(kind="start", battle=0, mages=list(bar.mages), supply=list(bar.supply)))
    if length == "short":  # X-16: battle 1's rewards, as if it had been won
        _win_rewards(exp, 1)
    return exp


def _take(stack: list[str], n: int) -> list[str]:
    got = stack[:n]
    del stack[:n]
    return got


# ------------------------------------------------------------------ what a battle allows
def column(exp: Expedition) -> int:
    return rules.column(exp.battle, exp.options.length)


def allowed(exp: Expedition) -> Doc:
    """X-4: what the next battle lets the group choose, for a form or a bot."""
    col = column(exp)
    return {"battle": exp.battle, "attempt": exp.attempt, "column": col, "players": exp.options.players,
            "seat_tiers": list(rules.SEAT_TIERS[col]), "group_tier2": rules.GROUP_TIER2[col],
            "supply": dict(rules.SUPPLY_SHAPE), "nemesis": exp.nemesis,
            "deck": {t: list(v) for t, v in rules.deck_counts(exp.options.players, col).items()}}


def story(exp: Expedition) -> Doc | None:
    """XS-4, XS-5: where a scripted expedition stands, for the guided run: its name, this
    battle's scene and nemesis, and what winning it adds to the Barracks; None when random."""
    if exp.options.story is None:
        return None
    script = content.expedition_script(exp.options.story)
    k = min(exp.battle, len(script.battles))
    fight = script.battles[k - 1]
    r = fight.reward
    return {"id": script.id, "name": script.name, "battle": k, "battles": len(script.battles),
            "scene": fight.scene, "nemesis": fight.nemesis, "options": story_options(exp),
            "reward": {"supply": list(r.supply), "mages": list(r.mages), "treasures": list(r.treasures)},
            "next_upgraded": list(script.battles[k].upgraded) if k < len(script.battles) else []}


def check_choices(exp: Expedition, ch: Choices) -> None:
    """X-4, X-5, X-10, X-11, X-14: every choice comes from the Barracks and fits the battle.
    XS-1: in a scripted expedition, sealed content is simply not in the Barracks until the
    script's reward puts it there, so choosing it is refused like any outsider."""
    if exp.phase != "choose":
        raise ExpeditionError(f"the expedition is not choosing a battle's setup (it is at {_phase(exp)})")
    bar = exp.barracks
    n = exp.options.players
    if len(ch.seats) != n:
        raise ExpeditionError(f"seats: this is a {n}-player expedition; choose {n} seat(s), not {len(ch.seats)}")
    col = column(exp)
    tiers = rules.SEAT_TIERS[col]
    used: dict[str, str] = {}

    def treasure(name: str, tier: int, where: str) -> None:
        t = content.TREASURES.get(name)
        if t is None or name not in bar.treasures:
            have = sorted(x for x in bar.treasures if content.TREASURES[x].tier == tier)
            #
            raise ExpeditionError(f"{where}: {name!r} is no treasure of the Barracks; its tier-{tier} "
                                  f"treasures are {', '.join(have) or 'none yet'}")
        if t.tier != tier:
            #
            raise ExpeditionError(f"{where}: {name} is a tier-{t.tier} treasure, not tier {tier}")
        if name in used:
            raise ExpeditionError(f"{where}: {name} is already taken by {used[name]}; a treasure is one item")
        used[name] = where

    seen: dict[str, int] = {}
    for k, s in enumerate(ch.seats):
        where = f"seats[{k}]"
        if s.mage not in bar.mages:
            #
            raise ExpeditionError(f"{where}.mage: {s.mage!r} is not in the Barracks; its mages are "
                                  f"{', '.join(bar.mages)}")
        if s.mage in seen:
            # in words seats count from 1, as players do; the field path counts from 0, as JSON does
            raise ExpeditionError(f"{where}.mage: {s.mage} is already seat {seen[s.mage] + 1}'s mage")
        seen[s.mage] = k
        if s.player != "human":
            from ...agents import AGENTS

            if s.player not in AGENTS:
                raise ExpeditionError(f"{where}.player: 'human' or a bot ({', '.join(sorted(AGENTS))}), "
                                      f"got {s.player!r}")
        for key, tier in (("tier1", 1), ("tier3", 3)):
            name = getattr(s, key)
            if name is None:
                continue
            if tier not in tiers:
                raise ExpeditionError(f"{where}.{key}: battle {exp.battle} allows "
                                      f"{_tiers_text(col)}")
            treasure(name, tier, f"{where}.{key}")
        if s.slot is not None and s.tier1 is None:
            raise ExpeditionError(f"{where}.slot: names where a tier-1 treasure goes, and this seat has none")
    if ch.group is not None:
        if not rules.GROUP_TIER2[col]:
            #
            raise ExpeditionError(f"group: battle {exp.battle} allows {_tiers_text(col)}")
        treasure(ch.group, 2, "group")
    elif ch.pile is not None:
        raise ExpeditionError("pile: only the group's tier-2 treasure lies beside a supply pile")
    shape: Counter[str] = Counter()
    for k, c in enumerate(ch.supply):
        if c not in bar.supply:
            #
            raise ExpeditionError(f"supply[{k}]: {c!r} is not a supply of the Barracks; it holds "
                                  f"{', '.join(bar.supply)}")
        if ch.supply.index(c) != k:
            raise ExpeditionError(f"supply[{k}]: {c} is chosen twice")
        shape[content.CARDS[c].type] += 1
    if dict(shape) != rules.SUPPLY_SHAPE:
        want = ", ".join(f"{v} {k}s" for k, v in rules.SUPPLY_SHAPE.items())
        got = ", ".join(f"{shape.get(k, 0)} {k}s" for k in rules.SUPPLY_SHAPE)
        #
        raise ExpeditionError(f"supply: a battle's supply is {want}; these nine are {got}")


def _tiers_text(col: int) -> str:
    parts = [{1: "a tier-1 treasure each", 3: "a tier-3 treasure each"}[t] for t in rules.SEAT_TIERS[col]]
    if rules.GROUP_TIER2[col]:
        parts.append("the group's tier 2")
    return ", ".join(parts) if parts else "no treasures"


def _phase(exp: Expedition) -> str:
    return {"choose": "the choices before a battle", "battle": f"battle {exp.battle}, being fought",
            "support": "the support after a lost battle", "complete": "its end"}[exp.phase]


# ------------------------------------------------------------------ X-4 … X-14: a battle's setup
def begin(exp: Expedition, ch: Choices) -> tuple[Expedition, Game]:
    """Apply the group's choices: the battle's nemesis (X-12; kept for retries), its deck
    (X-6, XS-6), the supply's banishment (X-11, or X-18's return), and the game, set up
    and checked. Returns the new state and the new game."""
    check_choices(exp, ch)
    exp = clone(exp)
    if exp.nemesis is None:
        exp.nemesis = _draw_nemesis(exp)
    upgraded = _upgraded_for(exp)
    exp.rng, word = rng.next_u64(exp.rng)
    seed = word >> 2
    treasures: Doc = {}
    seats = [{k: v for k, v in (("tier1", s.tier1), ("slot", s.slot), ("tier3", s.tier3)) if v is not None}
             for s in ch.seats]
    if any(seats):
        treasures["players"] = seats
    if ch.group is not None:
        treasures["group"] = ch.group
        if ch.pile is not None:
            treasures["pile"] = ch.pile
    config: ConfigDoc = {"mages": [s.mage for s in ch.seats], "nemesis": exp.nemesis,
                              "market": list(ch.supply), "difficulty": exp.options.difficulty,
                              "ruleset": battle_ruleset(exp), "seed": seed}
    if upgraded:
        config["upgraded"] = upgraded
    if exp.options.story is not None and (exp.battle, exp.attempt) == (1, 1):
        if content.expedition_script(exp.options.story).prebuilt_first_deck:  # XS-2, XS-3: done once
            config["prebuilt_deck"] = True
    if treasures:
        config["treasures"] = treasures
    humans = [k for k, s in enumerate(ch.seats) if s.player == "human"]
    if humans:
        config["human_seats"] = humans
    try:
        game = Game.from_config(config)
    except SetupError as e:
        raise ExpeditionError(f"battle {exp.battle}: {e}") from None
    if not exp.options.endless:  # the unpicked supplies are banished
        gone = [c for c in exp.barracks.supply if c not in ch.supply]
        if gone:
            exp.barracks.supply = [c for c in exp.barracks.supply if c in ch.supply]
            exp.banished.supply.extend(gone)
            exp.events.append(Event(kind="banish", battle=exp.battle, supply=gone))
    exp.current = Battle(choices=ch, config=config, seed=seed)
    exp.phase = "battle"
    return exp, game


def story_options(exp: Expedition) -> dict[str, object]:
    """XS-5: the ruleset options the story has switched on by this battle (each battle's
    ``StoryBattle.options`` hold from it on; a later battle's value wins); {} when random."""
    if exp.options.story is None:
        return {}
    script = content.expedition_script(exp.options.story)
    out: dict[str, object] = {}
    for fight in script.battles[:exp.battle]:
        out.update(fight.options)
    return out


def battle_ruleset(exp: Expedition) -> RulesetSpec:
    """The ruleset of this battle's game: the expedition's, with the options the story has
    switched on over it (the expedition's own spec, unchanged, when there are none)."""
    on = story_options(exp)
    if not on:
        return exp.options.ruleset
    spec = exp.options.ruleset
    base: dict[str, object] = {"preset": spec} if isinstance(spec, str) else dict(spec)
    return {**base, **on}


def _draw_nemesis(exp: Expedition) -> str:
    """X-12 / X-17: the top of the level stack of this battle's column."""
    level = column(exp)
    stack = exp.stacks.nemeses.setdefault(level, [])
    fought = exp.stacks.fought.setdefault(level, [])
    if not stack:  # every nemesis of the level has been fought: shuffle them again
        stack.extend(fought)
        fought.clear()
        exp.rng = rng.shuffle(exp.rng, stack)
    if not stack:
        #
        raise ExpeditionError(f"no nemesis of level {level} is left to draw")
    name = stack.pop(0)
    fought.append(name)
    return name


def _upgraded_for(exp: Expedition) -> list[str]:
    """X-6 / XS-6: the upgraded basic cards of this battle's deck: the table's V count of
    each tier, drawn from the story's cards so far or, in a random expedition, from every
    upgraded basic card of the boxes. Each takes a general card's place (S-10)."""
    counts = rules.deck_counts(exp.options.players, column(exp))
    if exp.options.story is not None:
        pool: dict[int, list[str]] = {1: [], 2: [], 3: []}
        for n in exp.upgraded:
            pool[content.NEMESIS_CARDS[n].tier].append(n)
    else:
        pool = upgraded_pool(exp.options.boxes)
    out: list[str] = []
    for tier in (1, 2, 3):
        cards = sorted(pool[tier])
        v = counts[tier][0]
        if len(cards) > v:
            exp.rng = rng.shuffle(exp.rng, cards)
            cards = sorted(cards[:v])
        out.extend(cards)
    return out


# ------------------------------------------------------------------ after a battle
def finish(exp: Expedition, game: Game, game_id: str | None = None,
           actions: Sequence[Sequence[Json]] = ()) -> Expedition:
    """The battle's game has ended: note it (X-15), score it (X-9), and go on: a win draws
    its rewards (X-7, X-17; XS-5) and moves to the next battle, or completes the
    expedition; a loss waits for the support (X-8), or in a story goes straight to the
    retry (XS-7)."""
    if exp.phase != "battle" or exp.current is None:
        raise ExpeditionError(f"no battle is being fought (the expedition is at {_phase(exp)})")
    if not game.over:
        raise ExpeditionError(f"battle {exp.battle} is not over yet")
    exp = clone(exp)
    cur = exp.current
    assert cur is not None and exp.nemesis is not None
    won = game.result == "win"
    points = rules.try_score(exp.attempt) if won and exp.options.score else 0
    exp.history.append(Record(battle=exp.battle, attempt=exp.attempt, nemesis=exp.nemesis, choices=cur.choices,
                              config=cur.config, result="win" if won else "loss", reason=game.reason,
                              score=points, actions=[list(a) for a in actions], game=game_id or cur.game))
    exp.score += points
    exp.current = None
    if not exp.options.destroyed_returns:  # K-10, X-19: a destroyed treasure card is gone
        gone = [t for t in game.state.destroyed if t in exp.barracks.treasures]
        if gone:
            for t in gone:
                exp.barracks.treasures.remove(t)
            exp.destroyed.treasures.extend(gone)
            exp.events.append(Event(kind="destroy", battle=exp.battle, treasures=gone))
    if won:
        _after_win(exp)
    elif exp.options.max_tries is not None and exp.attempt >= exp.options.max_tries:
        exp.abandoned = True
        exp.phase = "complete"
    elif exp.options.story is not None:
        exp.attempt += 1
        exp.phase = "choose"
    else:
        exp.phase = "support"
    return exp


def _after_win(exp: Expedition) -> None:
    last = rules.last_battle(exp.options.length)
    if exp.options.story is not None:
        script = content.expedition_script(exp.options.story)
        r = script.battles[exp.battle - 1].reward
        exp.barracks.supply.extend(r.supply)
        exp.barracks.mages.extend(r.mages)
        exp.barracks.treasures.extend(r.treasures)
        last = len(script.battles)
        nxt = script.battles[exp.battle] if exp.battle < last else None
        added = list(nxt.upgraded) if nxt is not None else []
        exp.upgraded.extend(added)
        if r.supply or r.mages or r.treasures or added:
            exp.events.append(Event(kind="reward", battle=exp.battle, supply=list(r.supply), mages=list(r.mages),
                                    treasures=list(r.treasures), upgraded=added))
        exp.nemesis = nxt.nemesis if nxt is not None else None
    else:
        if exp.battle < last:
            _win_rewards(exp, exp.battle)
        exp.nemesis = None
    exp.attempt = 1
    if exp.battle >= last:
        exp.phase = "complete"
    else:
        exp.battle += 1
        exp.phase = "choose"


def _win_rewards(exp: Expedition, battle: int) -> None:
    """X-7 / X-17: the treasures of this battle (if it gives any) and one selector of each
    supply type, drawn from the tops of their stacks into the Barracks."""
    treasures: list[str] = []
    tr = rules.win_treasures(battle, exp.options.length)
    if tr is not None:
        tier, n = tr
        treasures = _take(exp.stacks.treasures.setdefault(tier, []), n)
        if tier not in exp.stacks.drawn_tiers:
            exp.stacks.drawn_tiers.append(tier)
            exp.stacks.drawn_tiers.sort()
    supply = [c for kind in rules.KINDS for c in _take(exp.stacks.supply.setdefault(kind, []), rules.WIN_SUPPLY[kind])]
    exp.barracks.treasures.extend(treasures)
    exp.barracks.supply.extend(supply)
    exp.events.append(Event(kind="reward", battle=battle, supply=supply, treasures=treasures))


# ------------------------------------------------------------------ support
def supports(exp: Expedition) -> list[str]:
    """X-8: the supports a lost battle may take now: a supply selector of a type, a treasure
    of a tier already drawn from, or a mage; each only while its stack is not empty."""
    if exp.phase != "support":
        return []
    out: list[str] = [k for k in rules.KINDS if exp.stacks.supply.get(k)]
    out += [f"treasure{t}" for t in exp.stacks.drawn_tiers if exp.stacks.treasures.get(t)]
    if exp.stacks.mages:
        out.append("mage")
    return out


def support(exp: Expedition, choice: str | None) -> Expedition:
    """X-8: take one support into the Barracks (None: take none, as when every stack is
    empty), then choose the same battle's setup again, against the same nemesis."""
    if exp.phase != "support":
        raise ExpeditionError(f"no lost battle is waiting for its support (the expedition is at {_phase(exp)})")
    can = supports(exp)
    if choice is not None and choice not in can:
        raise ExpeditionError(f"support: {choice!r} is not available; choose one of {', '.join(can) or 'none'} "
                              "(gem, relic or spell: a supply of that type; treasureN: a tier-N treasure "
                              "of a stack already drawn from; mage: a mage)")
    exp = clone(exp)
    if choice is not None:
        if choice in rules.KINDS:
            ev = Event(kind="support", battle=exp.battle, supply=_take(exp.stacks.supply[choice], 1))
        elif choice == "mage":
            ev = Event(kind="support", battle=exp.battle, mages=_take(exp.stacks.mages, 1))
        else:
            ev = Event(kind="support", battle=exp.battle, treasures=_take(exp.stacks.treasures[int(choice[-1])], 1))
        exp.barracks.supply.extend(ev.supply)
        exp.barracks.mages.extend(ev.mages)
        exp.barracks.treasures.extend(ev.treasures)
        exp.events.append(ev)
    exp.attempt += 1
    exp.phase = "choose"
    return exp


def give_up(exp: Expedition) -> Expedition:
    """The group gives the expedition up after a lost battle: it ends here, abandoned, with
    the score it has won so far.

    The rules set no limit on retries (X-8: a lost battle is fought again, as often as it
    takes) and name no way out; a group at the table simply stops playing. This is that
    stop, as a step, so a run of bots that cannot beat a nemesis ends (``policy.BOT_MAX_TRIES``)
    and the expedition says how it ended. Only between a lost battle and its next try:
    a running battle is conceded first, and a won one leads on."""
    last = exp.history[-1] if exp.history else None
    if exp.phase not in ("support", "choose") or last is None or last.battle != exp.battle or last.result != "loss":
        raise ExpeditionError(f"the group gives up only after losing a battle (the expedition is at {_phase(exp)})")
    exp = clone(exp)
    exp.abandoned = True
    exp.phase = "complete"
    return exp


def losses(exp: Expedition) -> int:
    """How many times the battle the expedition is at has been lost so far."""
    return sum(r.battle == exp.battle and r.result == "loss" for r in exp.history)


# ------------------------------------------------------------------ census
def census(exp: Expedition) -> Counter[str]:
    """Every mage, supply and treasure the expedition holds anywhere: Barracks, banished,
    destroyed, the stacks, and a script's rewards still to come. No step changes it."""
    c: Counter[str] = Counter()
    for b in (exp.barracks, exp.banished, exp.destroyed):
        c.update(b.mages)
        c.update(b.supply)
        c.update(b.treasures)
    st = exp.stacks
    for names in (*st.treasures.values(), *st.supply.values(), st.mages):
        c.update(names)
    if exp.options.story is not None:
        script = content.expedition_script(exp.options.story)
        won = {r.battle for r in exp.history if r.result == "win"}
        for k, fight in enumerate(script.battles, 1):
            if k not in won:
                c.update((*fight.reward.supply, *fight.reward.mages, *fight.reward.treasures))
    return c


def barracks_from_events(exp: Expedition) -> Counter[str]:
    """The Barracks as its events say it must be: what came in, less what left."""
    c: Counter[str] = Counter()
    for ev in exp.events:
        items = (*ev.mages, *ev.supply, *ev.treasures)
        if ev.kind in ("banish", "destroy"):
            c.subtract(items)
        else:
            c.update(items)
    return +c


def barracks_counter(exp: Expedition) -> Counter[str]:
    return Counter((*exp.barracks.mages, *exp.barracks.supply, *exp.barracks.treasures))
