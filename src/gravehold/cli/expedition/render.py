"""What the ``gravehold expedition`` commands print: the Barracks, the battles, what comes
next and the command that gives it, as text lines or as JSON documents."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from ...campaigns.docs import Record
from ...campaigns.expedition import steps
from ...campaigns.expedition.state import Choices, Event, Expedition
from ...content import registry as content
from ...engine.game import Game
from ...engine.shapes import Doc
from ...events_text import result_text
from ...undo import HUMAN
from ..common import console
from ..render import show
from .common import heading, say

#: the last tries ``expedition show`` always lists one by one (``--full``: every try)
SHOW_RECENT = 6


def mages_of(ch: Choices) -> str:
    return ", ".join(s.mage for s in ch.seats)


def event_text(ev: Event) -> str:
    """A change to the Barracks in a line: what came in or went out, by rule."""
    parts = []
    for label, names in (("mages", ev.mages), ("supply", ev.supply), ("treasures", ev.treasures),
                         ("upgraded basic cards", ev.upgraded)):
        if names:
            parts.append(f"{label} {', '.join(names)}")
    what = "; ".join(parts) or "nothing"
    return {"start": "set out with", "reward": "rewards:", "support": "support:",
            "banish": "banished:", "destroy": "destroyed for good:"}[ev.kind] + " " + what


def event_doc(ev: Event) -> Doc:
    return msgspec.to_builtins(ev)  # type: ignore[no-any-return]


def _treasure_tiers(a: Doc) -> str:
    parts = [{1: "a tier-1 treasure each", 3: "a tier-3 treasure each"}[t] for t in a["seat_tiers"]]
    if a["group_tier2"]:
        parts.append("the group's tier-2 treasure")
    return ", ".join(parts) if parts else "none in this battle"


def next_lines(eid: str, exp: Expedition) -> list[str]:
    """What the expedition waits for, and the command that gives it."""
    from ...campaigns.expedition import rules

    if exp.phase == "complete":
        won = sum(r.result == "win" for r in exp.history)
        if exp.abandoned:
            return [f"Given up: battle {exp.battle} was lost {_times(steps.losses(exp))}"
                    + (f". Score {exp.score}." if exp.options.score else ".")]
        return [f"Complete: {won} battle(s) won in {len(exp.history)} tries. Score {exp.score}."]
    if exp.phase == "support":
        can = steps.supports(exp)
        return [f"Battle {exp.battle} was lost. Take a support: {', '.join(can) or 'every stack is empty'}.",
                f"  gravehold expedition support {eid} CHOICE   (or --auto, or --none)"]
    if exp.phase == "battle":
        game = exp.current.game if exp.current is not None else None
        return [f"Battle {exp.battle}, try {exp.attempt}, against {exp.nemesis}, is being fought (game {game}).",
                f"  gravehold expedition play {eid}"]
    a = steps.allowed(exp)
    deck = ", ".join(f"tier {t} {v}+{g}" for t, (v, g) in sorted(a["deck"].items()))
    shape = ", ".join(f"{n} {k}s" for k, n in a["supply"].items())
    last = rules.last_battle(exp.options.length)
    nemesis = a["nemesis"] or f"drawn when the battle begins (level {a['column']})"
    told = steps.story(exp)
    guide = []
    if told is not None:  # XS-4 / XS-5: the guided run says where the story stands
        r = told["reward"]
        gains = ", ".join(x for x in (", ".join(r["mages"]), f"{len(r['supply'])} supply piles" if r["supply"]
                                      else "", f"{len(r['treasures'])} treasures" if r["treasures"] else "") if x)
        guide = [f"{told['name']}, battle {told['battle']} of {told['battles']}: {told['scene']}"]
        if gains:
            guide.append(f"  winning it brings: {gains}")
    return [*guide, f"Battle {exp.battle} of {last}, try {exp.attempt}: choose its setup.",
            f"  nemesis: {nemesis}",
            f"  mages: {a['players']} from the Barracks",
            f"  supply: {shape} from the Barracks",
            f"  treasures: {_treasure_tiers(a)}",
            f"  basic nemesis cards (upgraded+general): {deck}",
            f"  gravehold expedition battle {eid} --auto",
            "    (or choose: --mages A,B --supply P1,…,P9 --treasure SEAT:NAME --group NAME)"]


def summary_lines(exp: Expedition) -> list[str]:
    from ...campaigns.expedition import rules

    o = exp.options
    length = f"{o.length} ({rules.BATTLES[o.length]} battles)" if o.story is None else f"story {o.story}"
    first = [f"{o.players} player{'s' if o.players > 1 else ''}", length, "score kept" if o.score else "no score",
             f"seed {exp.seed}"]
    second = [f"boxes {', '.join(o.boxes)}", f"ruleset {o.ruleset}", o.difficulty]
    if o.endless:
        second.append("endless")
    if o.max_tries is not None:
        second.append(f"at most {o.max_tries} tries a battle")
    return ["  " + " · ".join(str(p) for p in first), "  " + " · ".join(str(p) for p in second)]


def history_rows(history: Sequence[Record[Choices]], full: bool = False) -> list[dict[str, str]]:
    """The Battles table: every try with ``full``; else the last :data:`SHOW_RECENT` tries
    one by one, and before them each run of two or more lost tries of one battle folded
    into one row ("1–84", lost), so a long history stays a short page."""
    keep = 0 if full else max(0, len(history) - SHOW_RECENT)
    rows: list[dict[str, str]] = []
    k = 0
    while k < len(history):
        r = history[k]
        run = 1
        while k < keep and k + run < keep and _same_run(r, history[k + run]):
            run += 1
        if run == 1:
            rows.append({"battle": str(r.battle), "try": str(r.attempt), "nemesis": r.nemesis,
                         "mages": mages_of(r.choices), "result": _ending(r.result, r.reason, r.nemesis),
                         "score": str(r.score)})
        else:
            last = history[k + run - 1]
            teams = {mages_of(x.choices) for x in history[k:k + run]}
            rows.append({"battle": str(r.battle), "try": f"{r.attempt}\u2013{last.attempt}", "nemesis": r.nemesis,
                         "mages": teams.pop() if len(teams) == 1 else f"{len(teams)} different teams",
                         "result": f"all {run} lost", "score": "0"})
        k += run
    return rows


def _same_run(first: Record[Choices], other: Record[Choices]) -> bool:
    return first.result == other.result == "loss" and first.battle == other.battle


def show_text(eid: str, exp: Expedition, full: bool = False) -> None:
    from ...campaigns.expedition import rules
    from ...content import registry as content

    con = console()
    heading(f"{exp.title} ({eid})")
    for line in summary_lines(exp):
        say(line)
    say(f"  battle {exp.battle}, try {exp.attempt} · {exp.phase} · score {exp.score}")
    bar = exp.barracks
    mages = [{"mage": m, "title": content.MAGES[m].title if m in content.MAGES else "",
              "box": content.MAGES[m].box if m in content.MAGES else ""} for m in bar.mages]
    say()
    show(con, "Barracks: mages", mages, ["mage", "title", "box"], lines=False)
    order: dict[str, int] = {k: i for i, k in enumerate(rules.KINDS)}
    piles = sorted(bar.supply, key=lambda c: (order.get(content.CARDS[c].type, 9), content.CARDS[c].cost, c))
    supply = [{"supply": c, "type": content.CARDS[c].type, "cost": str(content.CARDS[c].cost)} for c in piles]
    show(con, "Barracks: supply", supply, ["supply", "type", "cost"], right={"cost"}, lines=False)
    if bar.treasures:
        rows = []
        for t in sorted(bar.treasures, key=lambda t: (content.TREASURES[t].tier, t)):
            td = content.TREASURES[t]
            kind = content.CARDS[td.card].type if td.card else ("group" if td.tier == 2 else "player")
            rows.append({"treasure": t, "tier": str(td.tier), "kind": kind})
        show(con, "Barracks: treasures", rows, ["treasure", "tier", "kind"], right={"tier"}, lines=False)
    else:
        say("Barracks: no treasures yet")
    for label, gone in (("banished", exp.banished), ("destroyed", exp.destroyed)):
        names = [*gone.mages, *gone.supply, *gone.treasures]
        if names:
            say(f"{label}: {', '.join(names)}")
    say()
    if exp.history:
        hist = history_rows(exp.history, full)
        show(con, "Battles", hist, ["battle", "try", "nemesis", "mages", "result", "score"],
             right={"battle", "try", "score"}, lines=False)
        if len(hist) < len(exp.history):
            say(f"Older runs of lost tries are folded into one row each; `gravehold expedition show {eid} --full` "
                "lists every try.")
    else:
        say("No battle fought yet.")
    say()
    for line in next_lines(eid, exp):
        say(line)


def begun_lines(eid: str, exp: Expedition, gid: str, seats: list[Doc], since: int) -> list[str]:
    """A battle just begun: its nemesis, seats (and the web link of each person's seat),
    supply, the group's treasure, and what X-11 banished (the events from ``since`` on)."""
    assert exp.current is not None
    ch = exp.current.choices
    lines = [f"Battle {exp.battle}, try {exp.attempt}, against {exp.nemesis}: game {gid}"]
    for k, (s, seat) in enumerate(zip(ch.seats, seats, strict=True)):
        who = f"{s.player} bot" if s.player != HUMAN else f"you (browser: /g/{gid}?t={seat.get('token')})"
        kept = [f"tier 1 {s.tier1}" + (f" at deck position {s.slot + 1}" if s.slot is not None else "")
                if s.tier1 else "", f"tier 3 {s.tier3}" if s.tier3 else ""]
        extra = "; ".join(x for x in kept if x)
        lines.append(f"  seat {k + 1}: {s.mage}, {who}" + (f"; {extra}" if extra else ""))
    lines.append(f"  supply: {', '.join(ch.supply)}")
    if ch.group:
        lines.append(f"  group: {ch.group}" + (f" beside {ch.pile}" if ch.pile else ""))
    for ev in exp.events[since:]:
        lines.append("  " + event_text(ev))
    lines.append(f"  play it here: gravehold expedition play {eid}")
    return lines


def played_doc(before: Expedition, after: Expedition, game: Game) -> Doc:
    rec = after.history[-1]
    return {"step": "battle", "battle": rec.battle, "attempt": rec.attempt, "nemesis": rec.nemesis,
            "game": rec.game, "result": rec.result, "reason": rec.reason, "turns": game.summary()["turns"],
            "score": rec.score, "events": [event_doc(e) for e in after.events[len(before.events):]]}


def _ending(result: str | None, reason: str | None, nemesis: str | None) -> str:
    """A battle's end in words ("Defeat: Gravehold fell"), its nemesis by its shown name."""
    nem = content.NEMESES.get(nemesis or "")
    return result_text(result, reason, nem.name if nem is not None else "the nemesis")


def _times(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


def gave_up_line(exp: Expedition) -> str:
    """The group gives up (``steps.give_up``), said as it happens."""
    ends = f"the expedition ends with score {exp.score}" if exp.options.score else "the expedition ends"
    return f"Battle {exp.battle} lost {_times(steps.losses(exp))}: the group gives up; {ends}."


def played_lines(doc: Doc, after: Expedition, limit: int | None = None) -> list[str]:
    """A battle's end, which try it was (of how many the run allows), and what it brought."""
    tried = f"try {doc['attempt']}" + (f" of {limit}" if limit is not None and doc["attempt"] <= limit else "")
    lines = [f"  {_ending(doc['result'], doc['reason'], doc['nemesis'])}, after {doc['turns']} turns ({tried})"
             + (f"; score +{doc['score']}, {after.score} in all" if after.options.score and doc["result"] == "win"
                else "")]
    for ev in doc["events"]:
        lines.append("  " + event_text(msgspec.convert(ev, Event)))
    return lines


