"""The steps of a Legacy campaign, each a function from one state to the next.

``new`` starts a campaign from a script (C-2, C-3, C-4); ``begin`` takes the group's
choices and sets the battle's game up (C-2, C-6, C-7, C-10, C-12, C-16, C-17); ``finish``
reads the ended game (C-5, C-8, C-9, C-10, C-13, C-14, C-15, C-17); ``buy``, ``place``,
``pick`` and ``done`` are the group's decisions between battles (C-6, C-7, C-9, a story
choice, the end of spending). Between decisions the story's automatic steps run by
themselves (:func:`run`: passages, unlocks C-11, awards C-5, rule modules C-1, branches by
city C-3) until the story needs the group again.

A step never changes the state it is given: it returns a new one, or raises
:class:`LegacyError` naming the field and leaves everything as it was. That is what lets
the store apply a step as one transaction.

Readings decided here, where the rulebook is silent (the values are in the constants below
and in the script's own fields, so a better source changes one line):

- a breach sticker's rules work for every mage of its city, as lasting rules of that
  player (the engine's lasting-rule vocabulary names no single breach);
- a vestige counts toward a mat's two enhancement spaces only when placed in one
  (:data:`MAT_SPACES`); a vestige in the ability section covers the one there;
- each sticker of a catalogue is one physical sticker, bought once;
- a severed player's next mage is any mat of the Barracks, and too few mats are filled
  from the script's other lists (:func:`available_mages`);
- a lost battle is fought again while its step allows (``replay_loss``, ``tries``), then the
  story moves on (``on_loss``), so every campaign ends;
- experience is awarded after every game, a replay's too (C-5: "at the end of each game").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import msgspec

from ...content import registry as content
from ...content.model import PILE_SIZES
from ...engine import rng
from ...engine.game import Game
from ...engine.setup import SetupError
from ...engine.shapes import ConfigDoc, Doc, Json
from ..docs import Barracks, Battle, CardCopy, Record, Unlock, dealt
from . import copies
from .script import KINDS as ENHANCEMENT_KINDS
from .script import FirstGame, Pack, Script, ScriptError, check
from .state import Choices, Event, Fire, Legacy, LegacyError, Options, Outcome, Placed, Taken

#: a battle's supply (S-8 as Legacy plays it): three gem piles, two relic piles, four spell piles
SUPPLY_SHAPE = {"gem": 3, "relic": 2, "spell": 4}
#: C-7: the enhancement spaces of a mat (personal and relationship stickers, and vestiges put there)
MAT_SPACES = 2
#: the most automatic steps in a row before a script is called looping (a story that never
#: asks the group anything again)
MAX_RUN = 10_000


def clone(doc: Legacy) -> Legacy:
    """A copy for a step to change; the records, decisions and events are frozen and shared."""
    head = msgspec.structs.replace(doc, history=[], events=[], taken=[], outcomes=[])
    out = msgspec.json.decode(msgspec.json.encode(head), type=Legacy)
    out.history, out.events, out.taken = list(doc.history), list(doc.events), list(doc.taken)
    out.outcomes = list(doc.outcomes)
    return out


def _where(doc: Legacy) -> str:
    return {"choose": f"the setup of battle {doc.battle}", "battle": f"battle {doc.battle}, being fought",
            "spend": "spending experience", "choice": "a choice of the story",
            "vestige": "placing a vestige", "complete": "its end"}[doc.phase]


# ------------------------------------------------------------------ starting
def new(script: Script, players: int, city: str, *, seed: int = 0, title: str = "") -> Legacy:
    """A campaign at its first step (C-2: ``players`` is kept to its end; C-3: the city)."""
    check(script)
    lo, hi = script.players.min, script.players.max
    if not lo <= players <= hi:
        raise LegacyError(f"players: this script is for {lo} to {hi} players, not {players}")  # C-2
    if city not in script.cities:
        raise LegacyError(f"city: {city!r} is not a city of this script; choose {' or '.join(script.cities)}")  # C-3
    doc = Legacy(seed=seed, options=Options(players=players, city=city), script=script, step=script.steps[0].id,
                 barracks=Barracks(), title=title or script.title)
    doc.buyable = [e.id for e in script.enhancements if not e.sealed]
    start = msgspec.structs.replace(script.start, mages=[*script.cities[city].mages,
                                                         *(m for m in script.start.mages
                                                           if m not in script.cities[city].mages)])
    _open(doc, start, "start", "start")
    return run(doc)


def _open(doc: Legacy, pack: Pack, kind: str, name: str) -> None:
    """C-4 / C-11: a pack's content enters the Barracks; its enhancements become buyable."""
    if kind == "unlock" and any(u.name == name for u in doc.unlocks):
        return  # C-11: a pack is opened once
    bar = doc.barracks
    mages = [m for m in pack.mages if m not in bar.mages and m not in doc.retired]
    bar.mages.extend(mages)
    new_copies: list[CardCopy] = []
    for card, n in pack.supply.items():
        have = sum(c.card == card for c in bar.copies)
        new_copies += [CardCopy(id=copies.copy_id(card, have + k), card=card) for k in range(1, n + 1)]
    bar.copies.extend(new_copies)
    bar.supply = sorted({c.card for c in bar.copies if "@" not in c.id})
    doc.basics.extend(pack.basics)
    doc.upgraded.extend(pack.upgraded)
    doc.buyable.extend(e for e in pack.enhancements if e not in doc.buyable)
    if kind == "unlock":
        doc.unlocks.append(Unlock(name=name, battle=doc.battle - 1))
    doc.events.append(Event(kind="start" if kind == "start" else "unlock", battle=doc.battle - 1, mages=mages,
                            copies=new_copies, basics=list(pack.basics), upgraded=list(pack.upgraded),
                            refs=[name]))


def run(doc: Legacy) -> Legacy:
    """Take the story's automatic steps until it needs the group (changes ``doc``)."""
    script = doc.script
    for _ in range(MAX_RUN):
        s = script.step(doc.step)
        if s.kind == "passage":
            doc.read.append(s.id)
        elif s.kind == "unlock":
            for p in s.packs:  # C-11
                _open(doc, script.packs[p], "unlock", p)
        elif s.kind == "award":  # C-5
            doc.experience += s.gain
            doc.events.append(Event(kind="award", battle=doc.battle - 1, experience=s.gain, refs=[s.id]))
        elif s.kind == "rule":  # C-1
            doc.rules.update(s.rules)
            doc.events.append(Event(kind="rule", battle=doc.battle - 1, refs=sorted(s.rules)))
        elif s.kind == "branch":  # C-3
            doc.step = s.cities[doc.options.city]
            continue
        elif s.kind == "choice":
            doc.phase = "choice"
            return doc
        elif s.kind == "spend":
            doc.phase = "spend"
            return doc
        elif s.kind == "battle":
            doc.phase = "vestige" if doc.vestiges else "choose"  # C-9: placed before the next game
            return doc
        else:
            doc.phase = "complete"
            return doc
        nxt = script.after(s.id)
        if nxt is None:
            doc.phase = "complete"
            return doc
        doc.step = nxt
    raise ScriptError(f"script.steps: step {doc.step!r} loops through steps that never ask the group anything")


# ------------------------------------------------------------------ what a battle may use
def available_mages(doc: Legacy) -> list[str]:
    """C-4 / C-8: the mats the group may choose: the Barracks', less the retired.

    Reading decided here (C-8 leaves a severed player's next mage unstated): while the
    Barracks holds fewer mats than there are players, the group also takes the first mats
    of the script's other lists (every city's, then each pack's), none retired, in the
    script's order, so a campaign is never left unable to field its players."""
    out = [m for m in doc.barracks.mages if m not in doc.retired]
    if len(out) < doc.options.players:
        lists = [*(c.mages for c in doc.script.cities.values()), *(p.mages for p in doc.script.packs.values())]
        for names in lists:
            for m in names:
                if len(out) < doc.options.players and m not in out and m not in doc.retired:
                    out.append(m)
    return out


def piles(doc: Legacy) -> dict[str, list[CardCopy]]:
    """C-4 / C-10: each supply pile the Barracks can build, least-marked copy first (C-17)."""
    out: dict[str, list[CardCopy]] = {}
    for c in doc.barracks.copies:
        if "@" not in c.id and c.in_play:
            out.setdefault(c.card, []).append(c)
    return {k: dealt(v) for k, v in sorted(out.items())}


def starter_cards(mage: str) -> Counter[str]:
    m = content.MAGES[mage]
    return Counter((*m.hand, *m.deck))


def stickered(doc: Legacy) -> list[CardCopy]:
    """C-6 / C-7: the enhanced starter copies (a starter sticker under each)."""
    return [c for c in doc.barracks.copies if "@" in c.id and c.in_play]


def check_choices(doc: Legacy, ch: Choices) -> None:
    """C-2, C-4, C-7, C-8, C-12: every choice comes from the Barracks and fits the battle."""
    if doc.phase != "choose":
        raise LegacyError(f"the campaign is not choosing a battle's setup (it is at {_where(doc)})")
    n = doc.options.players
    if len(ch.seats) != n:
        raise LegacyError(f"seats: this is a {n}-player campaign; choose {n} seat(s), not {len(ch.seats)}")  # C-2
    first = _first_game(doc)
    allowed = list(first.mages) if first is not None and first.mages else available_mages(doc)
    seen: dict[str, int] = {}
    used: set[str] = set()
    mine = {c.id: c for c in stickered(doc)}
    for k, s in enumerate(ch.seats):
        where = f"seats[{k}]"
        if s.mage not in allowed:
            why = " (retired, C-8)" if s.mage in doc.retired else ""
            raise LegacyError(f"{where}.mage: {s.mage!r}{why} is not a mage this battle may use; they are "
                              f"{', '.join(allowed)}")  # C-4, C-12
        if s.mage in seen:
            raise LegacyError(f"{where}.mage: {s.mage} is already seat {seen[s.mage] + 1}'s mage")
        seen[s.mage] = k
        if s.player != "human":
            from ...agents import AGENTS

            if s.player not in AGENTS:
                raise LegacyError(f"{where}.player: 'human' or a bot ({', '.join(sorted(AGENTS))}), got {s.player!r}")
        slots = starter_cards(s.mage)
        for j, cid in enumerate(s.starters):
            c = mine.get(cid)
            if c is None or cid in used:
                raise LegacyError(f"{where}.starters[{j}]: {cid!r} is no enhanced starter copy of the Barracks "
                                  f"left to take ({', '.join(sorted(set(mine) - used)) or 'none'})")
            used.add(cid)
            if slots[c.card] <= 0:
                raise LegacyError(f"{where}.starters[{j}]: {s.mage}'s mat lists no (more) {c.card} for "
                                  f"{cid} to stand in for")  # C-7
            slots[c.card] -= 1
            city = _copy_city(doc, c)
            if city is not None and doc.script.city_of(s.mage) != city:
                raise LegacyError(f"{where}.starters[{j}]: {cid} serves {city}'s mages, and {s.mage} is not "
                                  "one")  # C-6
    supply = list(ch.supply)
    if first is not None and first.supply:
        if supply and supply != list(first.supply):
            raise LegacyError(f"supply: the first game's sheet sets the supply ({', '.join(first.supply)}); "
                              "leave it empty")  # C-12
        return
    have = piles(doc)
    shape: Counter[str] = Counter()
    for k, card in enumerate(supply):
        if card not in have:
            raise LegacyError(f"supply[{k}]: {card!r} is no supply pile of the Barracks; it holds "
                              f"{', '.join(have) or 'none'}")  # C-4
        if supply.index(card) != k:
            raise LegacyError(f"supply[{k}]: {card} is chosen twice")
        shape[content.CARDS[card].type] += 1
    if dict(shape) != SUPPLY_SHAPE:
        want = ", ".join(f"{v} {k}s" for k, v in SUPPLY_SHAPE.items())
        got = ", ".join(f"{shape.get(k, 0)} {k}s" for k in SUPPLY_SHAPE)
        raise LegacyError(f"supply: a battle's supply is {want}; these are {got}")


def _first_game(doc: Legacy) -> FirstGame | None:
    """C-12: the sheet of the battle's first try, when the step has one."""
    s = doc.script.step(doc.step)
    return s.first_game if s.kind == "battle" and doc.attempt == 1 else None


def _copy_city(doc: Legacy, c: CardCopy) -> str | None:
    placed = next((p for p in doc.stickers if p.copy == c.id and not p.covered), None)
    return placed.city if placed is not None else None


# ------------------------------------------------------------------ a battle's setup
def battle_seed(doc: Legacy) -> int:
    """Each try's seed, from the campaign's seed and how many games were fought before."""
    state = rng.seed_state(doc.seed)
    for _ in range(len(doc.history) + 1):
        state, word = rng.next_u64(state)
    return word >> 2


def ruleset(doc: Legacy) -> str | Doc:
    """The script's ruleset with the rule modules switched on so far (C-1)."""
    return {"preset": doc.script.ruleset, **doc.rules} if doc.rules else doc.script.ruleset


def seat_enhancements(doc: Legacy, mage: str) -> list[Doc]:
    """C-6 / C-9: the stickers that work for ``mage``: its own mat's (personal,
    relationship, vestiges) and those of its city's breaches and map edge."""
    city = doc.script.city_of(mage)
    out: list[Doc] = []
    for p in doc.stickers:
        if p.covered or p.kind == "starter":
            continue
        if p.kind in ("personal", "relationship", "vestige"):
            if p.mage != mage:
                continue
        elif p.city != city:
            continue
        if p.kind == "vestige":
            v = doc.script.vestige(p.ref)
            out.append({"name": v.name, "kind": "vestige", "rules": [list(r) for r in v.rules]})
        else:
            e = doc.script.enhancement(p.ref)
            out.append({"name": e.name, "kind": e.kind, "rules": [list(r) for r in e.rules]})
    return out


def config_for(doc: Legacy, ch: Choices, seed: int) -> ConfigDoc:
    """The battle's game setup: the choices, the campaign's cards and stickers."""
    step = doc.script.step(doc.step)
    assert step.nemesis is not None
    first = _first_game(doc)
    supply = list(first.supply) if first is not None and first.supply else list(ch.supply)
    config: ConfigDoc = {"mages": [s.mage for s in ch.seats], "nemesis": step.nemesis, "market": supply,
                         "ruleset": ruleset(doc), "seed": seed, "campaign": True}  # C-16
    have = piles(doc)
    sizes: dict[str, int] = {}
    bottoms: dict[str, list[str]] = {}
    for card in supply:
        pile = have.get(card, [])
        full = PILE_SIZES[content.CARDS[card].type]
        if pile and len(pile) < full:
            sizes[card] = len(pile)
        marked = [copies.name_of(c) for c in reversed(pile[:full]) if c.marks]  # C-17: most marked at the bottom
        if marked:
            bottoms[card] = marked
    if sizes:
        config["pile_sizes"] = sizes
    if bottoms:
        config["supply_marked"] = bottoms
    upgraded = [c for c in doc.upgraded if c not in doc.banished]
    if upgraded:
        config["upgraded"] = upgraded
    if doc.basics:
        config["basic_pool"] = [c for c in doc.basics if c not in doc.banished]  # C-4, C-10
    if first is not None and first.deck:
        config["nemesis_deck"] = list(first.deck)  # C-12
    enh = [seat_enhancements(doc, s.mage) for s in ch.seats]
    if any(enh):
        config["enhancements"] = enh
    starters = {c.id: c for c in stickered(doc)}
    dealt_marked = [[copies.name_of(starters[cid]) for cid in s.starters] for s in ch.seats]
    if any(dealt_marked):
        config["marked"] = dealt_marked
        config["stickers"] = copies.sticker_table(doc)
    humans = [k for k, s in enumerate(ch.seats) if s.player == "human"]
    if humans:
        config["human_seats"] = humans
    return config


def begin(doc: Legacy, ch: Choices) -> tuple[Legacy, Game]:
    """The group's choices applied and the battle's game set up and checked."""
    check_choices(doc, ch)
    doc = clone(doc)
    seed = battle_seed(doc)
    config = config_for(doc, ch, seed)
    try:
        game = Game.from_config(config)
    except SetupError as e:
        raise LegacyError(f"battle {doc.battle}: {e}") from None
    doc.current = Battle(choices=ch, config=config, seed=seed)
    doc.phase = "battle"
    return doc, game


# ------------------------------------------------------------------ after a battle
def finish(doc: Legacy, game: Game, game_id: str | None = None, actions: Sequence[Sequence[Json]] = ()) -> Legacy:
    """The battle's game has ended: its record (C-14), marks (C-17), banished cards (C-10),
    severed mages (C-8), experience and fire (C-5, C-13); then a replay (C-15) or on."""
    if doc.phase != "battle" or doc.current is None:
        raise LegacyError(f"no battle is being fought (the campaign is at {_where(doc)})")
    if not game.over:
        raise LegacyError(f"battle {doc.battle} is not over yet")
    doc = clone(doc)
    cur = doc.current
    assert cur is not None
    step = doc.script.step(doc.step)
    assert step.nemesis is not None
    won = game.result == "win"
    summary = game.summary()
    doc.history.append(Record(battle=doc.battle, attempt=doc.attempt, nemesis=step.nemesis, choices=cur.choices,
                              config=cur.config, result="win" if won else "loss", reason=game.reason,
                              actions=[list(a) for a in actions], game=game_id or cur.game))
    doc.taken.append(Taken(kind="battle", option=min(len(doc.history) - 1, 50)))
    doc.current = None
    changed = copies.take_marks(doc, list(cur.config.get("market", [])), list(summary.get("marked", [])))
    if changed:
        doc.events.append(Event(kind="mark", battle=doc.battle, marks=changed))
    gone = [c for c in summary.get("banished", []) if c not in doc.banished]
    if gone:  # C-10: out of the campaign, whichever pool held it
        doc.banished.extend(gone)
        doc.basics = [c for c in doc.basics if c not in gone]
        doc.upgraded = [c for c in doc.upgraded if c not in gone]
        doc.events.append(Event(kind="banish", battle=doc.battle, refs=gone))
    severed = [cur.choices.seats[i].mage for i in summary.get("severed", [])]
    fresh = [m for m in severed if m not in doc.severed]
    if fresh:  # C-8: plays on now, and in an immediate replay
        doc.severed.extend(fresh)
        doc.events.append(Event(kind="sever", battle=doc.battle, mages=fresh))
    gain = step.experience.get("win" if won else "loss", 0)
    fire = int(summary.get("fire", 0) or 0)
    if step.fire is not None:  # C-13: the village's reward, fewer the more fire it holds
        reward = next((r.experience for r in doc.script.fire[step.fire] if fire <= r.fire), 0)
        doc.fire.append(Fire(battle=doc.battle, step=step.id, fire=fire, experience=reward))
        gain += reward
    if gain:  # C-5
        doc.experience += gain
        doc.events.append(Event(kind="award", battle=doc.battle, experience=gain, refs=[step.id]))
    doc.outcomes.append(Outcome(experience=gain, fire=fire if "fire" in summary else None, severed=fresh,
                                banished=gone, marked=sorted(changed)))
    if not won and step.replay_loss and doc.attempt < step.tries:  # C-15: the same nemesis again
        doc.attempt += 1
        doc.phase = "choose"
        return doc
    _done_with(doc, step.severed)
    nxt = step.on_loss if not won and step.on_loss is not None else doc.script.after(step.id)
    doc.battle += 1
    doc.attempt = 1
    if nxt is None:
        doc.phase = "complete"
        return doc
    doc.step = nxt
    return run(doc)


def _done_with(doc: Legacy, vestige: str | None) -> None:
    """C-8 / C-9: the nemesis is done: its severed mages retire for good, and the story
    gives a vestige for each, to be placed before the next game."""
    if not doc.severed:
        return
    gone = list(doc.severed)
    doc.retired.extend(gone)
    doc.barracks.mages = [m for m in doc.barracks.mages if m not in gone]
    doc.severed = []
    doc.events.append(Event(kind="retire", battle=doc.battle, mages=gone))
    if vestige is not None:
        doc.vestiges.extend([vestige] * len(gone))
        doc.events.append(Event(kind="vestige", battle=doc.battle, refs=[vestige] * len(gone)))


# ------------------------------------------------------------------ between battles
def _on_mat(doc: Legacy, mage: str) -> list[int]:
    """C-7: the stickers filling a mat's two enhancement spaces, oldest first (indices)."""
    return [k for k, p in enumerate(doc.stickers) if not p.covered and p.mage == mage
            and (p.kind in ("personal", "relationship") or p.space == "enhancement")]


def _cover(doc: Legacy, filled: list[int], cover: int | None, room: int, what: str) -> None:
    """C-7: a full set of spaces takes a new sticker only over one of its own (``cover``)."""
    if len(filled) < room:
        if cover is not None:
            raise LegacyError(f"cover: {what} has room; nothing needs covering")
        return
    if cover is None or cover not in filled:
        listed = ", ".join(f"{k} ({doc.stickers[k].ref})" for k in filled)
        raise LegacyError(f"cover: {what} is full; name the sticker to cover: {listed}")
    doc.stickers[cover].covered = True


def buy(doc: Legacy, ref: str, *, mage: str | None = None, copy: str | None = None,
        cover: int | None = None) -> Legacy:
    """C-6 / C-7: buy an enhancement with experience and put it where its kind goes."""
    if doc.phase != "spend":
        raise LegacyError(f"experience is spent only when the story allows (the campaign is at {_where(doc)})")  # C-5
    if ref not in doc.buyable:
        raise LegacyError(f"enhancement: {ref!r} cannot be bought now; the buyable ones are "
                          f"{', '.join(doc.buyable) or 'none'}")
    try:
        e = doc.script.enhancement(ref)
    except ScriptError as err:
        raise LegacyError(str(err)) from None
    if e.price > doc.experience:
        raise LegacyError(f"enhancement: {e.name} costs {e.price} experience; the group holds {doc.experience}")
    doc = clone(doc)
    placed = Placed(ref=ref, kind=e.kind, battle=doc.battle - 1)
    if e.kind in ("personal", "relationship"):
        target = e.mage if e.kind == "relationship" else mage
        if e.kind == "relationship" and mage not in (None, e.mage):
            raise LegacyError(f"mage: {e.name} goes on {e.mage}'s mat, the mage it names")
        if e.kind == "relationship" and target not in available_mages(doc):
            raise LegacyError(f"mage: {e.name} goes on {e.mage}'s mat, and {e.mage} is not in the Barracks")
        if target is None or target not in available_mages(doc):
            raise LegacyError(f"mage: {e.name} goes on the mat of a mage of the Barracks; name one of "
                              f"{', '.join(available_mages(doc))}")
        _cover(doc, _on_mat(doc, target), cover, MAT_SPACES, f"{target}'s mat")
        placed.mage, placed.space = target, "enhancement"
    elif e.kind == "breach":  # C-6: one outline per breach number on the city's tokens
        for p in doc.stickers:
            if p.kind == "breach" and not p.covered and (p.city, p.breach) == (e.city, e.breach):
                p.covered = True
        placed.city, placed.breach = e.city, e.breach
    elif e.kind == "general":
        filled = [k for k, p in enumerate(doc.stickers) if p.kind == "general" and not p.covered and p.city == e.city]
        _cover(doc, filled, cover, doc.script.general_slots, f"{e.city}'s edge of the map")
        placed.city = e.city
    made: list[CardCopy] = []
    if e.kind == "starter":  # under a fresh copy, or over the sticker of one already enhanced
        assert e.card is not None
        placed.city = e.city
        got = copies.stick(doc, e.card, ref, copy)
        placed.copy = got.id
        made.append(msgspec.structs.replace(got))
    doc.stickers.append(placed)
    doc.buyable.remove(ref)
    doc.experience -= e.price
    doc.events.append(Event(kind="spend", battle=doc.battle - 1, experience=-e.price, refs=[ref], copies=made))
    doc.taken.append(Taken(kind="buy", ref=ref, mage=mage, copy=copy, cover=cover))
    return doc


def done(doc: Legacy) -> Legacy:
    """The group has spent what it wants to (C-5: the rest stays in the Barracks)."""
    if doc.phase != "spend":
        raise LegacyError(f"the campaign is not spending experience (it is at {_where(doc)})")
    doc = clone(doc)
    doc.taken.append(Taken(kind="done"))
    return _next(doc)


def pick(doc: Legacy, option: int) -> Legacy:
    """A choice of the story: the option taken leads on."""
    if doc.phase != "choice":
        raise LegacyError(f"the story offers no choice now (the campaign is at {_where(doc)})")
    s = doc.script.step(doc.step)
    if not 0 <= option < len(s.options):
        raise LegacyError(f"option: choose 0 to {len(s.options) - 1}")
    doc = clone(doc)
    doc.taken.append(Taken(kind="pick", option=option))
    doc.read.append(s.id)
    doc.step = s.options[option].next
    return run(doc)


def place(doc: Legacy, ref: str, mage: str, cover: int | None = None) -> Legacy:
    """C-9: put a vestige the story gave on a mage's mat, at no cost."""
    if doc.phase != "vestige" or ref not in doc.vestiges:
        raise LegacyError(f"vestige: {ref!r} is not waiting to be placed (waiting: "
                          f"{', '.join(doc.vestiges) or 'none'})")
    if mage not in available_mages(doc):
        raise LegacyError(f"mage: name a mage of the Barracks: {', '.join(available_mages(doc))}")
    doc = clone(doc)
    v = doc.script.vestige(ref)
    if v.space == "enhancement":
        _cover(doc, _on_mat(doc, mage), cover, MAT_SPACES, f"{mage}'s mat")
    else:  # the ability section holds one: a new one covers the old
        if cover is not None:
            raise LegacyError("cover: a vestige in the ability section covers the one there by itself")
        for p in doc.stickers:
            if p.kind == "vestige" and p.mage == mage and p.space == "ability" and not p.covered:
                p.covered = True
    doc.stickers.append(Placed(ref=ref, kind="vestige", battle=doc.battle - 1, mage=mage, space=v.space))
    doc.vestiges.remove(ref)
    doc.taken.append(Taken(kind="place", ref=ref, mage=mage, cover=cover))
    if not doc.vestiges:
        doc.phase = "choose"
    return doc


def _next(doc: Legacy) -> Legacy:
    nxt = doc.script.after(doc.step)
    if nxt is None:
        doc.phase = "complete"
        return doc
    doc.step = nxt
    return run(doc)


__all__ = ["ENHANCEMENT_KINDS", "LegacyError", "begin", "buy", "done", "finish", "new",
           "pick", "place", "run"]
