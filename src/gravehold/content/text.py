"""Render the text a user reads from encoded effect steps.

Each step kind's wording is declared with its behaviour (``engine.vocabulary.step``); this
module puts a card's, mat's or ability's steps together into its text, and holds the
shared phrases step wordings use (``count_of``, ``WHO``, ...). The wording is the
project's own.

A step's wording is a sentence ("Discard 3 cards from hand.") or, for a step a chosen
player resolves, a predicate that starts lower-case ("suffers 2 damage."); a composing
step (``player``, ...) names the player and joins the predicates with ``who_does``. A
wording that takes the keyword ``they`` has both forms: a sentence for you, and with
``they=True`` a predicate ("discards 3 cards from their hand.").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..engine.vocabulary import kind_of
from .model import CardDef, MageDef, NemesisCardDef, NemesisDef, Step, Steps, TreasureDef, beside_text

SELECTORS = {
    "any": "A player of your choice",
    "lowest_life": "The player with the least life",
    "most_opened_breaches": "The player with the most opened breaches",
    "fewest_opened_breaches": "The player with the fewest opened breaches",
    "costliest_in_hand": "The player holding the costliest card in hand",
    "most_prepped": "The player with the most prepped spells",
    "most_charges": "The player with the most charges",
    "any_prepped_min_cost": "A player of your choice with a prepped spell costing 3 or more",
}
WHO = {"you": "you", "any_player": "a player of your choice", "any_ally": "an ally of your choice"}


#: a box's panels of the table: each reads a view (what one seat sees) and gives (title, text)
#: when it has something to show, e.g. an ally standing beside Gravehold
PANELS: list[Callable[[Mapping[str, Any]], tuple[str, str] | None]] = []


def table_panel(fn: Callable[[Mapping[str, Any]], tuple[str, str] | None]) -> Callable[..., Any]:
    """Declare a panel both boards show under Gravehold (``panels``)."""
    PANELS.append(fn)
    return fn


#: predicates over nemesis token keys and special-deck names that a declared panel already
#: shows: the boards' plain lists of tokens and decks leave those out (one piece, said once)
IN_PANELS: list[Callable[[str], bool]] = []


def shown_in_panel(pred: Callable[[str], bool]) -> Callable[[str], bool]:
    """Declare the nemesis tokens (and, on the terminal, the special decks) a panel shows."""
    IN_PANELS.append(pred)
    return pred


#: a box's play areas: ``(nemesis id, card name) -> area`` names the play area a card in play
#: lies in when one mat fields two nemeses (N-13), else None
PLAY_AREAS: list[Callable[[str, str], str | None]] = []


def play_area_of(fn: Callable[[str, str], str | None]) -> Callable[[str, str], str | None]:
    """Declare which play area a nemesis card in play lies in (both boards label it)."""
    PLAY_AREAS.append(fn)
    return fn


def play_area(nemesis: str, name: str) -> str | None:
    """The play area card ``name`` lies in against ``nemesis`` (None: the one play area)."""
    for fn in PLAY_AREAS:
        area = fn(nemesis, name)
        if area is not None:
            return area
    return None


def in_panel(name: str) -> bool:
    """Does a declared panel show this nemesis token or special deck?"""
    return any(p(name) for p in IN_PANELS)


def panels(view: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The (title, text) of every declared panel that has something to show in ``view``."""
    return [p for fn in PANELS if (p := fn(view)) is not None]


def life_words(life: int, start: int) -> str:
    """A nemesis' life as the boards say it: out of its maximum, or above its start when it
    has none (S-4: Myth and Bone, Mist Revealed, Paradox of Myth)."""
    return f"life {life} ({start} at the start, no maximum)" if life > start else f"life {life}/{start}"


def count_of(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def _they_form(text: Any) -> bool:
    """Does this wording take ``they=``, i.e. can it speak of a subject a composing step names?"""
    code = text.__code__
    return "they" in code.co_varnames[code.co_argcount:code.co_argcount + code.co_kwonlyargcount]


def render_step(step: tuple[Any, ...], they: bool = False) -> str:
    """One step's wording: a sentence for "you" ("Discard 3 cards from hand."), or with
    ``they`` a predicate of the player a composing step has named ("discards 3 cards from
    their hand."). A step kind worded one way only renders that way."""
    text = kind_of(step[0]).text
    return text(*step[1:], they=they) if _they_form(text) else text(*step[1:])


def render_steps(steps: Steps, they: bool = False) -> str:
    return " ".join(render_step(s, they) for s in steps)


#: first words that keep their capital inside a sentence: names and keywords
_NAMES = {"Gravehold", "Unleash"}


def _inner(t: str) -> str:
    """A step's sentence as the later part of a longer one: lower-case first letter, unless
    it starts with a name (Gravehold, a nemesis, a mage), the keyword Unleash or a word in
    capitals (PERSISTENT)."""
    from . import registry

    word = t.split(" ", 1)[0]
    names = {n.split(" ", 1)[0] for n in (*registry.NEMESES, *registry.MAGES)}
    if word in _NAMES or word in names or (len(word) > 1 and word.isupper()):
        return t
    return t[:1].lower() + t[1:]


def clause(steps: Steps) -> str:
    """The steps as one sentence ("Unleash and a player of your choice suffers 3 damage."),
    so that a condition in front of it plainly covers every step, not only the first."""
    said = [render_step(s).removesuffix(".") for s in steps]
    said = said[:1] + [_inner(t) for t in said[1:]]
    if len(said) <= 2:
        return " and ".join(said) + "."
    return ", ".join(said[:-1]) + " and " + said[-1] + "."


def predicate(steps: Steps) -> str | None:
    """The steps as one predicate of a named player ("suffers 1 damage, then discards ...",
    no final stop), or None when a step of them is a whole sentence of its own."""
    said = [render_step(s, they=True) for s in steps]
    if not said or not all(t[:1].islower() for t in said):
        return None
    return ", then ".join(t.removesuffix(".") for t in said)


def who_does(who: str, steps: Steps, first: str = "") -> str:
    """Steps a player resolves, said of them: "A player of your choice suffers 1 damage, then
    discards their costliest card in hand." Predicates join after ``who`` (after ``first``,
    what the composing step itself has them do); a step worded as a whole sentence stands
    on its own, and a predicate after it names "that player" again."""
    out: list[str] = []
    preds = [first] if first else []
    subject = who
    for s in steps:
        t = render_step(s, they=True)
        if t[:1].islower():
            preds.append(t.removesuffix("."))
            continue
        if preds:
            out.append(f"{subject} {', then '.join(preds)}.")
            preds = []
        elif not out:
            t = f"{who}: {t}"
        out.append(t)
        subject = "That player"
    if preds:
        out.append(f"{subject} {', then '.join(preds)}.")
    return " ".join(out)


def card_text(c: CardDef) -> str:
    parts = []
    if c.two_breaches:
        parts.append("Prep across two adjacent breaches; it fills both.")
    if c.echo:  # P-5
        parts.append("Echo: the Cast effect resolves twice.")
    if c.prep_closed:
        parts.append("Any closed breach of yours may take this spell, focused or not.")
    if c.link:  # K-1
        parts.append("Link: it may share a breach with one other Link spell.")
    for hook in c.while_prepped:
        if hook[0] == "main":
            parts.append(f"While prepped, once per turn in your main phase: {render_steps(hook[1])}")
        elif hook[0] == "casting_start":
            parts.append(f"While prepped, when your casting phase starts: {render_steps(hook[1])}")
        elif hook[0] == "extra_spark":
            parts.append(f"While prepped, during your main phase one {hook[1]} may also be prepped to this breach.")
        elif hook[0] == "extra_room":
            parts.append("While prepped, one more spell may be prepped to this breach." if hook[1] == 1 else
                         f"While prepped, {hook[1]} more spells may be prepped to this breach.")
        elif hook[0] == "casting_end":
            parts.append(f"While prepped, when your casting phase ends: {render_steps(hook[1])}")
        elif hook[0] == "on_focus":
            parts.append("While prepped, each time you focus or open a breach of yours on your own turn: "
                         + render_steps(hook[1]))
        elif hook[0] == "on_charge":
            parts.append("While prepped, the first time you gain a charge on each of your turns: "
                         + render_steps(hook[1]))
        elif hook[0] == "reduce_damage":
            parts.append(f"While prepped, each damage you suffer is {hook[1]} less, but at least 1.")
        elif hook[0] == "gain_to_deck":
            parts.append("While prepped, each card you gain may go on top of your deck.")
        elif hook[0] == "on_cheap_cast":
            more = f", it deals {hook[2]} more damage" if hook[2] else ""
            then = f" {render_steps(hook[3])}" if hook[3] else ""
            parts.append(f"While prepped, when you cast a spell costing {hook[1]} Æ or less{more}.{then}")
        elif hook[0] == "main_paid":
            parts.append(f"While prepped, in your main phase, as often as you like: pay {hook[1]} Æ, "
                         f"then: {render_steps(hook[2])}")
    if c.on_gain:
        parts.append(render_steps(c.on_gain))
    if c.play:
        parts.append(render_steps(c.play))
    if c.name in CARD_RULES:
        parts.append(CARD_RULES[c.name])
    for hook in c.attached:  # K-2
        if hook[0] == "on_cast":
            parts.append(f"While attached, each cast of a spell from that breach gives its caster: "
                         f"{render_steps(hook[1])}")
        elif hook[0] == "cast_damage":
            tail = "; then discard this card." if hook[2] else "."
            parts.append(f"While attached, a spell cast from that breach deals {hook[1]} more damage with "
                         f"each source{tail}")
        elif hook[0] == "on_cast_if_full":
            parts.append(f"While attached and fully {hook[1]}ed, each cast of a spell from that breach: "
                         f"{render_steps(hook[2])}")
        elif hook[0] == "two_spells":
            parts.append("While attached, that breach holds up to two prepped spells.")
    if c.cast:
        parts.append("Cast: " + render_steps(c.cast))
    if c.recall:  # K-4
        parts.append("Recall: " + render_steps(c.recall))
    if c.boost or c.overheat or c.crossed or c.circles:  # K-9: the marks of the copy shown
        parts += marks_text(c)
    if any(m.startswith("sticker") for m in c.marks):  # C-7: a campaign's sticker on this copy
        parts += sticker_text(c)
    return "\n".join(parts)


def sticker_text(card: CardDef) -> list[str]:
    """C-7: each sticker on the copy shown, by its name, and what it changes."""
    from ..engine.keywords.stickers import FAMILY, STICKERS

    out: list[str] = []
    for m in card.marks:
        n = m[len(FAMILY):]
        if m.startswith(FAMILY) and n.isdigit() and int(n) in STICKERS:
            name, changes = STICKERS[int(n)]
            out.append(f"Sticker {name}: {changes_text(changes)}.")
    return out


def changes_text(changes: Any) -> str:
    """A sticker's changes to its card (K-9's shapes, or ``add``), in words."""
    return "; ".join(f"adds: {render_steps(c[1])}" if c[0] == "add" else _change_text(c) for c in changes)


def marks_text(card: CardDef) -> list[str]:
    """K-9: what each mark does to the card, and the marks the copy shown bears."""
    from ..engine.keywords.marks import circles, effect_field, printed_card

    out: list[str] = []
    b, o = circles(card)
    printed = printed_card(card)
    for mark, n, changes, filled in (("Boost", b, printed.boost, card.boosts),
                                     ("Overheat", o, printed.overheat, card.overheats)):
        if n:
            reading = "" if printed.circles is not None else " (the project's reading)"
            # a card whose own effect reads its marks (fully boosted: ...) changes no step
            what = "; ".join(_change_text(c) for c in changes) or "no step changes; the card's effect reads its marks"
            out.append(f"{mark} ({filled} of {n} circles filled{reading}): each mark: {what}.")
    if card.crossed:
        steps = getattr(printed, effect_field(printed))
        struck = "; ".join(f"[{k}] {render_step(steps[k - 1])}" for k in card.crossed)
        out.append(f"Crossed out (ignored): {struck}")
    return out


def _change_text(change: Step) -> str:
    if change[0] == "amount":
        return f"step {change[1]} {'+' if int(change[2]) >= 0 else ''}{change[2]}"
    return f"step {change[1]} becomes: {render_step(change[2])}"


def nemesis_card_text(c: NemesisCardDef) -> str:
    parts = []
    if c.immediately:
        parts.append("On arrival: " + render_steps(c.immediately))
    if c.to_discard:
        parts.append("TO DISCARD: " + render_steps(c.to_discard))
    if c.effect:
        parts.append(render_steps(c.effect))
    if c.persistent:
        parts.append("PERSISTENT: " + render_steps(c.persistent))
    if c.power:
        parts.append(f"POWER {c.power_tokens}: " + render_steps(c.power))
    if c.damage_cap is not None:
        parts.append(f"Each source of damage to this minion deals at most {c.damage_cap}.")
    if c.passive:  # standing card rules (Magus of Cloaks' cards)
        parts.insert(0, render_steps(c.passive))
    if c.blood_magic:  # Hollow Crown's acolytes
        parts.append("BLOOD MAGIC: " + render_steps(c.blood_magic))
    if c.discarded:  # Portal Wretch, Rift Scourge, acolytes
        parts.append("When discarded from play: " + render_steps(c.discarded))
    return "\n".join(parts)


def treasure_text(t: TreasureDef) -> str:
    """A treasure's text (X-5, X-14): a tier-1 treasure's card text, or its rules, said of
    whoever the treasure works for: every player (tier 2), or its owner (tier 3)."""
    from . import registry

    if t.card is not None:
        kind = registry.CARDS[t.card].type
        return (f"Starts in your deck in place of a starter {kind}.\n"
                + card_text(registry.CARDS[t.card]))
    lines = ["Lies by the group: what it says of you holds for each player." if t.tier == 2 else
             "Lies on its owner's mat: it works for its owner alone."]
    if t.beside is not None:
        lines.append(f"At setup, set it beside {beside_text(t)}.")
    lines += [render_step(r) for r in t.rules]
    return "\n".join(lines)


def treasure_rules_text(name: str) -> str:
    """A lasting treasure's rules on one line, as a board shows them next to its name."""
    from . import registry

    t = registry.TREASURES.get(name)
    return " ".join(render_step(r) for r in t.rules) if t is not None else ""


def ability_text(m: MageDef) -> str:
    window = {
        "your_main": "during your main phase",
        "any_main": "during any player's main phase",
        "ally_main": "during any ally's main phase",
        "your_casting_main": "during your casting or main phase",
        "nemesis_draw": "during the nemesis draw phase",
        "after_turn_order_draw": "right after a turn order card is drawn",
        "your_draw_end": "at the end of your draw phase",
        "after_turn_order_shuffle": "right after the turn order deck is shuffled",
    }[m.ability.window]
    return f"{m.ability.name} ({m.ability.charges} charges, {window}): {render_steps(m.ability.steps)}"


#: K-13: the rule of a unique breach printed on a mat, by its name (a box registers its own)
BREACH_RULES: dict[str, str] = {}
#: K-13: what else a mat prints (a track, tokens beside it), by mage id (a box registers its own)
MAT_RULES: dict[str, str] = {}
#: what a card's own trigger handlers do, in words, by card name (a box registers its own;
#: the card's text shows it after its play effect, before its Cast effect)
CARD_RULES: dict[str, str] = {}
#: table token families whose tokens lie on supply piles (``"glyph:ward": 3``: on the third
#: pile; 0: off the supply), with the word the boards show them by (a box registers its own)
PILE_TOKENS: dict[str, str] = {}


def pile_tokens(tokens: dict[str, int], piles: list[str]) -> dict[str, list[str]]:
    """The tokens lying on each supply pile, as the boards show them ("ward glyph")."""
    out: dict[str, list[str]] = {}
    for key, at in sorted(tokens.items()):
        family, _, name = key.partition(":")
        if family in PILE_TOKENS and 1 <= at <= len(piles):
            out.setdefault(piles[at - 1], []).append(f"{name} {PILE_TOKENS[family]}")
    return out
_SLOTS = ("I", "II", "III", "IV")


def mat_text(m: MageDef) -> str:
    """What a mage's mat says: its ability, then the rule of each unique breach on it (K-13)."""
    out = ability_text(m)
    for k, b in enumerate(m.breaches):
        if b.special:
            out += f"\n{b.special} ({_SLOTS[k]}): {BREACH_RULES.get(b.special, 'a unique breach.')}"
    if m.id in MAT_RULES:
        out += "\n" + MAT_RULES[m.id]
    return out


def nemesis_text(n: NemesisDef) -> str:
    lines = [f"Unleash: {render_steps(n.unleash)}"]
    if n.tokens:
        lines.append("Setup: starts with " + ", ".join(count_of(v, k + " token") for k, v in n.tokens.items()) + ".")
    if n.end_of_turn:
        lines.append("End of its turn: " + render_steps(n.end_of_turn))
    strike = n.rules.get("strike")
    if strike:
        lose = strike["lose"]
        exp = n.increased_difficulty.get("strike", {}).get("lose", lose)
        lines.append(
            f"To Strike: resolve a random card of the {strike['deck']} deck, shuffle it back, then "
            f"lose {lose} {strike['lose_token']} tokens ({exp} on expert and extinction).")
    # other mat rules written as steps (War Eternal nemeses), then their expert readings
    for key, steps in n.rules.items():
        if key != "strike" and _is_steps(steps):
            lines.append(render_steps(steps))
    for key, steps in n.increased_difficulty.items():
        if key != "strike" and _is_steps(steps):
            lines.append("On expert and extinction: " + render_steps(steps))
    return "\n".join(lines)


def _is_steps(x: object) -> bool:
    return isinstance(x, tuple) and bool(x) and all(isinstance(s, tuple) and s and isinstance(s[0], str) for s in x)
