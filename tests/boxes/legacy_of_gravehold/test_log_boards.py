"""Both boards show the mat pieces of the Legacy mages of Gravehold: Gygar's storm tokens
(per prepped spell) and Kadir's Path tokens (the side up), beside the mat's own rule rows."""

from __future__ import annotations

from gravehold.terminal.render import entries, players_pane
from gravehold.web.texts import content_texts

from support import at_main, base_state, closed, player


def test_boards_show_storm_tokens_and_path_tokens_with_their_rules() -> None:
    gygar = player("Gygar (LOG)", hand=["Crystal"], tokens={"storm II Spark": 2},
                   breaches=[{"state": "open"}, {"state": "open", "spells": ["Spark"]}, closed(1), closed(1)])
    kadir = player("Kadir (LOG)", hand=["Crystal"], tokens={"path ember": 2, "path lens": 1})
    g = at_main(base_state([gygar, kadir]))
    view = g.view_for(0)
    assert view["players"][0]["tokens"] == {"storm II Spark": 2}
    assert view["players"][1]["tokens"] == {"path ember": 2, "path lens": 1}
    text = players_pane(view, ["you", "heuristic"]).plain
    assert "storm II Spark 2" in text and "path ember 2" in text and "path lens 1" in text
    mats = {e.name: e.text for e in entries(view) if e.name in ("Contained Burst", "Refine Prototype")}
    assert "Storm tokens: at the end of your casting phase" in mats["Contained Burst"]
    path = mats["Refine Prototype"]
    assert "Path tokens (4, two sides each" in path and "project's reading" in path
    web = content_texts()["abilities"]
    assert "Storm tokens" in str(web["Gygar (LOG)"]) and "project's reading" in str(web["Kadir (LOG)"])
