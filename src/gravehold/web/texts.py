"""What the board reads besides the game: a game's title and every card's text, in a wording.

Sent once per page (``/api/content``), so the board shows a card's text on hover or tap
without asking the server again.
"""

from __future__ import annotations

from ..content import registry as content
from ..content.text import card_text, mat_text, nemesis_card_text, nemesis_text, treasure_text
from ..content.words import NAMES, resolve, say
from ..engine.game import Game
from ..engine.keywords.exclusive_aether import PAYS_FOR
from ..engine.shapes import Doc


def game_title(g: Game) -> str:
    """``Brama + Mist vs Rageborne``."""
    names = [content.MAGES[m].name for m in g.state.config["mages"]]
    return f"{' + '.join(names)} vs {content.NEMESES[g.state.nemesis.id].name}"


#: the words the board itself writes (labels, card types), said in the chosen wording
BOARD_WORDS = ("life", "tier", "power", "charge", "charges", "aether", "gem", "relic", "spell", "minion", "attack",
               "strike", "closed", "opened", "open", "focus", "focused", "prepped", "prep", "Unleash")


def content_texts(words: str = "auto") -> Doc:
    """Rendered text of every card the board may show, for hover/tap, in ``words``
    (``auto``: each entry in its own box's words), with the board's own labels (``labels``)
    and the names the wording gives some cards (``names``, by catalogue name)."""
    def w(box: str) -> str:
        return resolve(words, box)

    board = "classic" if words == "auto" else words
    return {
        "cards": {n: {"type": c.type, "cost": c.cost, "text": say(card_text(c), w(c.box))}
                  for n, c in content.CARDS.items()},
        # "name": what a person reads (a card whose printed name another box's card also
        # bears is keyed by its catalogue name, "Mutilate (NA)", and shown as "Mutilate")
        "nemesis_cards": {n: {"type": c.type, "tier": c.tier, "text": say(nemesis_card_text(c), w(c.box)),
                              "name": content.shown(n), "box": c.box, "upgraded": c.upgraded}
                          for n, c in content.NEMESIS_CARDS.items()},
        "nemesis_rules": {n.id: {"name": n.name, "life": n.life, "text": say(nemesis_text(n), w(n.box))}
                          for n in content.NEMESES.values()},
        "abilities": {m.id: say(mat_text(m), w(m.box)) for m in content.MAGES.values()},
        "treasures": {t.name: {"tier": t.tier, "text": say(treasure_text(t), w(t.box))}
                      for t in content.TREASURES.values()},
        "words": board, "labels": {k: say(k, board) for k in BOARD_WORDS},
        "aether_pays_for": {k: say(v, board) for k, v in PAYS_FOR.items()},  # K-11
        "names": dict(NAMES.get(board, {})),
    }
