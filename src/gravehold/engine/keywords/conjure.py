"""K-3 Conjure: the top card of your deck may be prepped face down, as a plain 2-damage spell.

State: a face-down card lies on its breach twice over. ``Breach.spells`` holds the stand-in
:data:`FACE_DOWN` (a spell costing 2 whose Cast effect deals 2), so every rule about
prepped spells (casting, P-1's must-cast, a breach being full, effects that discard or
return a prepped spell, the boards, the bots) sees a spell like any other; and
``Breach.face_down`` holds the real cards, one for each stand-in, in the same order. Only
the owner's view shows ``face_down``; every other seat sees the stand-in alone (it is all
the table sees: a face-down spell). The census counts the real card, not the stand-in.

Step: ``("conjure",)``: the player looks at their deck's top card and may prep it face
down (the decision ``conjure``: ``("conjure", card, b)`` or ``("skip",)``, the card's name
in the options, which only that seat sees) to one of their breaches that is opened, or
closed and focused this turn, with no spell on or over it. Not prepped, it stays on top;
with an empty deck or no such breach there is nothing to decide.

Cast (``turn.cast_spell``), the stand-in's Cast effect resolves through the normal path
(breach bonus, P-20 bonuses, cast triggers) and the real card goes face up to the
discard pile (:func:`face_up`). **Unstated** (RULES.md K-3): a face-down card that leaves
its breach without being cast turns face up as it moves, wherever it goes; every place
that takes a spell off a breach calls :func:`face_up`.
"""

from __future__ import annotations

from ...content import registry as content
from ...content.model import CardDef
from ...errors import StateFormatError
from ..core import Ctx, Engine, step
from ..state import Action, Breach, Player

#: the stand-in a face-down card is while it lies on a breach
FACE_DOWN = "Face-down Spell"
FACE_DOWN_CARD = CardDef(FACE_DOWN, "spell", 2, "", cast=(("damage", 2),), starter=True)
_SKIP: Action = ("skip",)


def register() -> None:
    """Put the stand-in in the catalogue (once): rules look cards up by name."""
    if FACE_DOWN not in content.CARDS:
        content.register_card(FACE_DOWN_CARD)


def check_face_down(spells: list[str], face_down: tuple[str, ...], path: str) -> None:
    """A saved breach holds one face-down card for each stand-in among its spells."""
    hidden = spells.count(FACE_DOWN)
    if len(face_down) != hidden:
        raise StateFormatError(path, f"holds {len(face_down)} card(s), but the breach's spells hold {hidden} "
                                     f"{FACE_DOWN!r}: one card for each")


def face_up(br: Breach, name: str) -> str:
    """The card that leaves breach ``br`` as ``name`` was taken off its spells: a stand-in
    turns face up as the real card it hid (the first one: stand-ins are alike)."""
    if name != FACE_DOWN or not br.face_down:
        return name
    real = br.face_down[0]
    br.face_down = br.face_down[1:]
    return real


def all_face_up(br: Breach, names: list[str]) -> list[str]:
    """``names``, the spells taken off breach ``br`` at once, with every stand-in turned face up."""
    return [face_up(br, n) for n in names]


def targets(p: Player) -> list[int]:
    """The breaches that may take a conjured card: opened, or closed and focused this turn,
    with no spell on or over them."""
    return [b for b, br in enumerate(p.breaches)
            if (br.state == "open" or (br.state == "closed" and br.focused))
            and not br.spells and br.covered_by < 0]


def _can_conjure(g: Engine, ctx: Ctx, s: object) -> bool:
    p = g.state.players[ctx.you]
    return bool(p.deck) and bool(targets(p))


@step("conjure", can_resolve=_can_conjure,
      text=lambda: "Conjure (you may prep your deck's top card face down: a 2-cost spell that deals 2).")
def _conjure(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        bs = targets(p)
        if p.deck and bs:
            top = p.deck[0]
            opts: list[Action] = [("conjure", top, b) for b in bs]
            opts.append(_SKIP)
            g.ask("conjure", ctx.you, ctx.source,
                  "Conjure: prep the top card of your deck face down to a breach, or leave it on top",
                  opts, ("s", ctx.you, ctx.owner, ctx.source, ("conjure",)))
        return
    if action[0] != "conjure":
        return  # skipped: the card stays on top of the deck
    prep_face_down(g, ctx.you, int(action[2]))


def prep_face_down(g: Engine, i: int, b: int) -> None:
    """Player i's deck's top card goes face down onto breach b (turn flag ``prepped``, as any prep)."""
    st = g.state
    p = st.players[i]
    name = p.deck.pop(0)
    br = p.breaches[b]
    br.spells.append(FACE_DOWN)
    br.face_down = (*br.face_down, name)
    st.flags["prepped"] = tuple(st.flags.get("prepped", ())) + ((i, b, FACE_DOWN),)
    g.ev("prep", player=i, breach=b, card=FACE_DOWN, source="deck")
