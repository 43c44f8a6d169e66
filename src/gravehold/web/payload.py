"""What one browser is sent: the board as its seat may see it.

Built from the live game's table (the view, whose decision it is, the undo rule, the log)
and the server's own part (the seats' kinds, the rematch links, the expedition link). A
spectator's payload is built with no seat: it sees what the whole table sees.
"""

from __future__ import annotations

from collections.abc import Callable

from ..content.text import in_panel, panels, pile_tokens, play_area
from ..content.words import say
from ..engine.decisions import describe
from ..engine.shapes import Doc
from ..events_text import phase_text
from .live import LiveGame
from .summary import source_card


def rematch_links(live: LiveGame, seat: int | None) -> dict[str, str]:
    """Each rematch of ``live`` as this viewer's own link into it (a seat's, or the spectators')."""
    out = {}
    for mode, links in live.rematches.items():
        out[mode] = links["seats"][seat]["url"] if seat is not None and seat >= 0 else links["spectator"]
    return out


#: where each kind of campaign has its page, and the browser's store of its choosing links
CAMPAIGN_PAGES = {"expedition": ("/x/", "gravehold-expeditions"), "legacy": ("/c/", "gravehold-campaigns")}


def campaign_link(live: LiveGame) -> Doc | None:
    """A battle links back to its campaign's page: the view link, never its token."""
    if not live.expedition:
        return None
    kind = live.campaign or "expedition"
    if kind == "expedition" or kind not in CAMPAIGN_PAGES:
        return {"id": live.expedition, "url": f"/x/{live.expedition}"}
    page, store = CAMPAIGN_PAGES[kind]
    return {"id": live.expedition, "url": f"{page}{live.expedition}", "kind": kind, "store": store}


def payload(live: LiveGame, seat: int | None, words: str, summary: Callable[[LiveGame], Doc]) -> Doc:
    """Everything one browser needs to draw the board for its seat; what it reads (the
    prompt, the options, the log, the card that asks) in ``words``, the game's one wording
    (``content.words.game_words``), its names and actions as they are.
    ``summary`` gives the end screen's figures once the game is over."""
    table = live.table
    g = table.game
    viewer = seat if seat is not None and seat >= 0 else None
    v = g.view_for(viewer)
    d = g.decision
    options = []
    mine = viewer is not None and table.owner() == viewer
    if mine:
        assert d is not None
        options = [{"action": list(a), "label": say(describe(g.state, d, a), words)} for a in d.options]
    log = live.log_lines()
    if words != "classic":
        log = [say(line, words) for line in log]
        if v.get("decision"):
            v["decision"] = {**v["decision"], "prompt": say(v["decision"]["prompt"], words)}
    undo = viewer is not None and table.can_undo(viewer)[0]
    source = source_card(d.source, g.state.nemesis.id) if d is not None and not g.over else None
    if source is not None:  # the dialog's card, in the words of the prompt above it
        source = {k: say(text, words) for k, text in source.items()}
    end = summary(live) if g.over else None
    if end is not None:
        end = {**end, "reason_text": say(end["reason_text"], words)}
    return {
        "type": "state", "game": live.id, "title": live.title, "seat": viewer, "seq": g.state.seq,
        "phase": say(phase_text(v["phase"]), words),  # the view keeps the engine's name
        "view": v, "pile_tokens": pile_tokens(v.get("tokens") or {}, [n for n, _ in v["supply"]]),
        "options": options, "your_turn": mine, "log": log, "can_undo": undo,
        "panels": [{"title": t, "text": say(x, words)} for t, x in panels(v)],  # a box's rows under Gravehold
        "in_panels": [k for k in v["nemesis"]["tokens"] if in_panel(k)],  # tokens a panel already shows
        # N-13: the play area of each card in play, where a mat fields two nemeses
        "areas": {c["name"]: a for c in v["nemesis"]["in_play"] if (a := play_area(v["nemesis"]["id"], c["name"]))},
        "seats": [{"kind": s["kind"], "agent": s.get("agent"), "mage": v["players"][i]["mage"]}
                  for i, s in enumerate(live.seats)],
        "tier": g.engine.tier(), "over": g.over, "result": g.result, "reason": g.reason,
        "source": source, "summary": end,
        "rematch": rematch_links(live, seat), "words": words,
        "expedition": campaign_link(live),
    }
