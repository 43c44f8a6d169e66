"""What the ``gravehold campaign`` commands print: the Barracks, the stickers, the record of
each game, what the campaign waits for next and the command that gives it, as text lines
or JSON documents."""

from __future__ import annotations

import msgspec

from ...campaigns.legacy import Legacy, steps
from ...campaigns.legacy.script import Enhancement
from ...campaigns.legacy.state import Event, Placed, experience_cards
from ...content import registry as content
from ...engine.game import Game
from ...engine.shapes import Doc
from ...events_text import result_text
from ...undo import HUMAN
from ..common import console
from ..render import show
from .common import heading, say


def _ending(result: str | None, reason: str | None, nemesis: str | None) -> str:
    nem = content.NEMESES.get(nemesis or "")
    return result_text(result, reason, nem.name if nem is not None else "the nemesis")


def cards_text(total: int) -> str:
    """C-5: experience as the cards that hold it ("1×20, 1×5, 2×1"), or none."""
    cards = experience_cards(total)
    return ", ".join(f"{n}×{v}" for v, n in cards.items()) or "no cards"


def where_text(p: Placed) -> str:
    """Where a sticker lies: a mage's mat, a city's breach or map edge, a starter copy."""
    if p.kind == "starter":
        return f"copy {p.copy}" + (f" ({p.city})" if p.city else "")
    if p.kind == "breach":
        return f"{p.city} breach {p.breach}"
    if p.kind == "general":
        return f"{p.city} map edge"
    return f"{p.mage}'s mat" + (f" ({p.space})" if p.space else "")


def sticker_name(doc: Legacy, p: Placed) -> str:
    if p.kind == "vestige":
        return doc.script.vestige(p.ref).name
    return doc.script.enhancement(p.ref).name


def enhancement_where(e: Enhancement) -> str:
    """Where a catalogue sticker goes once bought, in a few words."""
    if e.kind == "relationship":
        return f"{e.mage}'s mat"
    if e.kind == "personal":
        return "a mage's mat (--mage)"
    if e.kind == "breach":
        return f"{e.city} breach {e.breach}"
    if e.kind == "general":
        return f"{e.city} map edge"
    return f"under a {e.card} ({e.city}; --copy to re-sticker one)"


def event_text(ev: Event) -> str:
    """A change to the Barracks or the experience in a line, by rule."""
    if ev.kind == "award":
        return f"experience +{ev.experience} ({', '.join(ev.refs)})"
    if ev.kind == "spend":
        return f"spent {-ev.experience} experience on {', '.join(ev.refs)}"
    if ev.kind == "mark":
        return "marked: " + ", ".join(f"{cid} {dict(m)}" for cid, m in ev.marks.items())
    if ev.kind in ("banish", "vestige", "rule"):
        return {"banish": "banished", "vestige": "vestiges to place", "rule": "rule modules on"}[ev.kind] + \
            ": " + ", ".join(ev.refs)
    if ev.kind in ("sever", "retire"):
        return {"sever": "severed", "retire": "retired"}[ev.kind] + ": " + ", ".join(ev.mages)
    parts = [f"mages {', '.join(ev.mages)}" if ev.mages else "",
             f"{len(ev.copies)} card copies" if ev.copies else "",
             f"{len(ev.basics) + len(ev.upgraded)} nemesis cards" if ev.basics or ev.upgraded else ""]
    what = "; ".join(p for p in parts if p) or "nothing new"
    return f"{'started with' if ev.kind == 'start' else 'unlocked ' + ', '.join(ev.refs) + ':'} {what}"


def event_doc(ev: Event) -> Doc:
    return msgspec.to_builtins(ev)  # type: ignore[no-any-return]


def summary_lines(doc: Legacy) -> list[str]:
    o = doc.options
    return [f"  {o.players} player{'s' if o.players > 1 else ''} · city {o.city} · script {doc.script.id} "
            f"({doc.script.title}) · seed {doc.seed}",
            f"  battle {doc.battle}, try {doc.attempt} · {doc.phase} · experience {doc.experience}"]


def buyable_rows(doc: Legacy) -> list[dict[str, str]]:
    rows = []
    for ref in doc.buyable:
        e = doc.script.enhancement(ref)
        rows.append({"id": e.id, "name": e.name, "kind": e.kind, "price": str(e.price),
                     "goes on": enhancement_where(e), "affordable": "yes" if e.price <= doc.experience else "no"})
    return rows


def next_lines(cid: str, doc: Legacy) -> list[str]:
    """What the campaign waits for, and the command that gives it."""
    if doc.phase == "complete":
        won = sum(r.result == "win" for r in doc.history)
        return [f"Complete: {won} battle(s) won in {len(doc.history)} games; {doc.experience} experience left."]
    if doc.phase == "battle":
        game = doc.current.game if doc.current is not None else None
        return [f"Battle {doc.battle}, try {doc.attempt}, against {doc.nemesis}, is being fought (game {game}).",
                f"  gravehold campaign play {cid}"]
    if doc.phase == "spend":
        lines = [f"Spend experience: the group holds {doc.experience} ({cards_text(doc.experience)})."]
        for r in buyable_rows(doc):
            lines.append(f"  {r['id']}: {r['name']}, {r['kind']}, {r['price']} experience, {r['goes on']}"
                         + ("" if r["affordable"] == "yes" else " (cannot afford)"))
        if not doc.buyable:
            lines.append("  nothing is buyable now")
        lines += [f"  gravehold campaign spend {cid} --buy ENH [--mage M] [--copy C] [--cover K]",
                  f"  gravehold campaign spend {cid} --done"]
        return lines
    if doc.phase == "choice":
        s = doc.script.step(doc.step)
        lines = ["The story offers a choice" + (f": {s.text}" if s.text else ".")]
        lines += [f"  {k}: {o.label}" for k, o in enumerate(s.options)]
        lines.append(f"  gravehold campaign choose {cid} --option K")
        return lines
    if doc.phase == "vestige":
        lines = ["Vestiges wait to be placed on a mage's mat (C-9):"]
        for ref in dict.fromkeys(doc.vestiges):
            v = doc.script.vestige(ref)
            lines.append(f"  {ref}: {v.name} ({v.space} space) × {doc.vestiges.count(ref)}")
        lines += [f"  mages: {', '.join(steps.available_mages(doc))}",
                  f"  gravehold campaign place {cid} --vestige V --mage M [--cover K]"]
        return lines
    s = doc.script.step(doc.step)
    first = s.first_game if doc.attempt == 1 else None
    mages = list(first.mages) if first is not None and first.mages else steps.available_mages(doc)
    lines = [f"Battle {doc.battle}, try {doc.attempt}, against {doc.nemesis}: choose its setup.",
             f"  mages: {doc.options.players} of {', '.join(mages)}"]
    if first is not None and first.supply:
        lines.append(f"  supply: set by the first game's sheet ({', '.join(first.supply)})")
    else:
        lines.append(f"  supply: 3 gems, 2 relics, 4 spells of {', '.join(steps.piles(doc))}")
    starters = [c.id for c in steps.stickered(doc)]
    if starters:
        lines.append(f"  enhanced starters: {', '.join(starters)}")
    lines += [f"  gravehold campaign battle {cid} --auto",
              "    (or choose: --mage SEAT:NAME … --supply P1,…,P9 --starter SEAT:COPY)"]
    return lines


def show_text(cid: str, doc: Legacy) -> None:
    con = console()
    heading(f"{doc.title} ({cid})")
    for line in summary_lines(doc):
        say(line)
    if doc.script.label:
        say(f"  {doc.script.label}")
    say()
    mages = [{"mage": m, "city": doc.script.city_of(m) or "",
              "state": "retired" if m in doc.retired else "severed" if m in doc.severed else "available"}
             for m in [*doc.barracks.mages, *(m for m in doc.retired if m not in doc.barracks.mages)]]
    show(con, "Barracks: mages", mages, ["mage", "city", "state"], lines=False)
    say(f"Experience: {doc.experience} ({cards_text(doc.experience)})")
    if doc.stickers:
        rows = [{"#": str(k), "sticker": sticker_name(doc, p), "kind": p.kind, "on": where_text(p),
                 "after battle": str(p.battle), "covered": "covered" if p.covered else ""}
                for k, p in enumerate(doc.stickers)]
        show(con, "Stickers", rows, ["#", "sticker", "kind", "on", "after battle", "covered"],
             right={"#", "after battle"}, lines=False)
    else:
        say("Stickers: none yet")
    marked = [c for c in doc.barracks.copies if c.marks]
    if marked:
        rows = [{"copy": c.id, "card": c.card, "marks": ", ".join(f"{m}×{n}" for m, n in sorted(c.marks.items())),
                 "state": "banished" if c.banished else "destroyed" if c.destroyed else ""} for c in marked]
        show(con, "Marked copies", rows, ["copy", "card", "marks", "state"], lines=False)
    say(f"Banished: {', '.join(doc.banished) or 'none'}")
    say(f"Unlocked packs: {', '.join(f'{u.name} (after battle {u.battle})' for u in doc.unlocks) or 'none'}")
    say(f"Rule modules: {', '.join(f'{k}={v}' for k, v in doc.rules.items()) or 'none'}")
    if doc.fire:
        say("Fire: " + ", ".join(f"battle {f.battle}: {f.fire} tokens (+{f.experience} experience)"
                                 for f in doc.fire))
    say()
    if doc.history:
        rows = [{"battle": str(r.battle), "try": str(r.attempt), "nemesis": r.nemesis,
                 "mages": ", ".join(s.mage for s in r.choices.seats), "result": r.result,
                 "reason": r.reason or ""} for r in doc.history]
        show(con, "Games", rows, ["battle", "try", "nemesis", "mages", "result", "reason"],
             right={"battle", "try"}, lines=False)
    else:
        say("No game fought yet.")
    if doc.read:
        say("Passages read: " + ", ".join(doc.read))
    say()
    for line in next_lines(cid, doc):
        say(line)


def begun_lines(cid: str, doc: Legacy, gid: str, seats: list[Doc]) -> list[str]:
    """A battle just begun: its nemesis, seats (and each person's browser link), supply."""
    assert doc.current is not None
    ch = doc.current.choices
    lines = [f"Battle {doc.battle}, try {doc.attempt}, against {doc.nemesis}: game {gid}"]
    for k, (s, seat) in enumerate(zip(ch.seats, seats, strict=True)):
        who = f"{s.player} bot" if s.player != HUMAN else f"you (browser: /g/{gid}?t={seat.get('token')})"
        extra = f"; enhanced starters {', '.join(s.starters)}" if s.starters else ""
        lines.append(f"  seat {k + 1}: {s.mage}, {who}{extra}")
    lines.append(f"  supply: {', '.join(doc.current.config.get('market', []))}")
    lines.append(f"  play it here: gravehold campaign play {cid}")
    return lines


def played_doc(before: Legacy, after: Legacy, game: Game) -> Doc:
    rec = after.history[-1]
    return {"step": "battle", "battle": rec.battle, "attempt": rec.attempt, "nemesis": rec.nemesis,
            "game": rec.game, "result": rec.result, "reason": rec.reason, "turns": game.summary()["turns"],
            "events": [event_doc(e) for e in after.events[len(before.events):]]}


def played_lines(doc: Doc) -> list[str]:
    lines = [f"  {_ending(doc['result'], doc['reason'], doc['nemesis'])}, after {doc['turns']} turns "
             f"(try {doc['attempt']})"]
    for ev in doc["events"]:
        lines.append("  " + event_text(msgspec.convert(ev, Event)))
    return lines
