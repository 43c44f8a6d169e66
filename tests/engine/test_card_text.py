"""Rendered text: every card, ability, nemesis mat and nemesis card reads as English sentences.

A step whose wording is a predicate ("suffers 2 damage.") is meant to follow the subject a
composing step names ("A player of your choice"); rendered anywhere else it leaves a
fragment such as ". discards ...". This renders the whole catalogue and refuses such
fragments, broken punctuation and numbers that disagree with their noun.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import fields
from typing import Any

import pytest

from gravehold.content import registry
from gravehold.content.text import ability_text, card_text, nemesis_card_text, nemesis_text, render_step
from gravehold.engine.vocabulary import RULE_KINDS, STEP_KINDS


def catalogue_texts() -> list[tuple[str, str]]:
    """(label, text) of every entry of the catalogue, as the CLI shows it."""
    out = [(f"card {c.name}", card_text(c)) for c in registry.CARDS.values()]
    out += [(f"mage {m.id}", ability_text(m)) for m in registry.MAGES.values()]
    out += [(f"nemesis {n.name}", nemesis_text(n)) for n in registry.NEMESES.values()]
    out += [(f"nemesis card {c.name}", nemesis_card_text(c)) for c in registry.NEMESIS_CARDS.values()]
    return out


def _is_step(x: object) -> bool:
    return isinstance(x, tuple) and bool(x) and isinstance(x[0], str) and (x[0] in STEP_KINDS or x[0] in RULE_KINDS)


def _steps_in(x: object) -> Iterator[tuple[Any, ...]]:
    """Every step in x, nested steps (a player's steps, an OR's branches, ...) too."""
    if _is_step(x):
        assert isinstance(x, tuple)
        yield x
        for arg in x[1:]:
            yield from _steps_in(arg)
    elif isinstance(x, tuple | list):
        for y in x:
            yield from _steps_in(y)
    elif isinstance(x, dict):
        for y in x.values():
            yield from _steps_in(y)


def catalogue_steps() -> Iterator[tuple[Any, ...]]:
    records: list[Any] = [*registry.CARDS.values(), *registry.NEMESIS_CARDS.values(), *registry.NEMESES.values()]
    records += [m.ability for m in registry.MAGES.values()]
    for rec in records:
        for f in fields(rec):
            yield from _steps_in(getattr(rec, f.name))


def predicate_verbs() -> frozenset[str]:
    """The words the vocabulary's predicates start with ("suffers", "discards", ...)."""
    words = set()
    for s in catalogue_steps():
        first = render_step(s).split(" ", 1)[0].strip(",.")
        if first[:1].islower():
            words.add(first)
    return frozenset(words)


PREDICATES = predicate_verbs()
_PRED = "|".join(sorted(map(re.escape, PREDICATES)))

#: (a) a sentence that starts with a lower-case word: at the start of a text or line, after
#: a full stop, after an OR's "— or —" or a table's "|", or a predicate right after a colon
#: ("(players pick among ties): suffers 3 damage.")
LOWER_START = re.compile(r"(?m)(?:^|(?<=[.!?] )|(?<=— or — )|(?<= \| ))([a-z][\w'-]*)")
PREDICATE_AFTER_COLON = re.compile(rf": ({_PRED})\b") if PREDICATES else None

#: (b) punctuation: doubled spaces, empty sentences, a space before a stop, stops in a row
PUNCTUATION = {
    "doubled space": re.compile(r"  "),
    "space before punctuation": re.compile(r" [.,;:!?)]"),
    "space after an opening bracket": re.compile(r"\( "),
    "punctuation run": re.compile(r"[.,;:!?][.,;:!?]"),
    "empty sentence": re.compile(r"(?m)(?:^|[.!?:] )[.,;:!?]"),
    "nothing after a colon": re.compile(r"(?m):\s*$"),
    "line without a final stop": re.compile(r"(?m)[^.!?)\n]$"),
    "space at a line's end or start": re.compile(r"(?m)(?:^ | $)"),
    "empty line": re.compile(r"\n\n|^\n|\n$"),
    "'a' before a vowel": re.compile(r"\ba [aeiou]"),
}

#: (c) numbers that disagree with their noun: "1 cards", "2 card", "one per fury token cards",
#: and "players ... each suffers" (a plural subject with a singular verb)
NOUNS = {"card": "cards", "spell": "spells", "charge": "charges", "token": "tokens", "corruption": "corruptions",
         "husk": "husks", "time": "times", "player": "players", "gem": "gems", "acolyte": "acolytes",
         "pile": "piles", "relic": "relics", "breach": "breaches", "ally": "allies"}
_NOUN_WORDS = "|".join([*NOUNS, *NOUNS.values()])  # a noun before a noun is an adjective
_ADJ = r"(?:(?:more|costliest|other|different|prepped|nemesis|fury|husk|turn order|supply|empty|opened) )*"
AGREEMENT = {
    "one with a plural": re.compile(rf"\b(?:1|one) {_ADJ}({'|'.join(NOUNS.values())})\b"),
    "a plural number with a singular": re.compile(
        rf"(?<!tier )\b(?:0|[2-9]|\d\d+) {_ADJ}({'|'.join(NOUNS)})\b(?!'s\b| (?:{_NOUN_WORDS})\b)"),
    "a count phrase before a noun": re.compile(r"\btokens? (?:cards|spells|charges)\b"),
}
EACH_AGREES = re.compile(rf"\b(?:players|allies)\b[^.;:]*\beach ({_PRED})\b") if PREDICATES else None


def problems(text: str) -> list[str]:
    """What is wrong with one rendered text, each as a short note with the words at fault."""
    out = []
    if not text.strip():
        return ["empty text"]
    for m in LOWER_START.finditer(text):
        out.append(f"sentence starts lower-case: {text[max(0, m.start() - 20):m.end() + 20]!r}")
    if PREDICATE_AFTER_COLON is not None:
        for m in PREDICATE_AFTER_COLON.finditer(text):
            out.append(f"predicate with no subject after a colon: {text[max(0, m.start() - 30):m.end() + 20]!r}")
    for name, rx in PUNCTUATION.items():
        for m in rx.finditer(text):
            out.append(f"{name}: {text[max(0, m.start() - 20):m.end() + 20]!r}")
    for name, rx in AGREEMENT.items():
        for m in rx.finditer(text):
            out.append(f"{name}: {text[max(0, m.start() - 20):m.end() + 20]!r}")
    if EACH_AGREES is not None:
        for m in EACH_AGREES.finditer(text):
            out.append(f"plural subject, singular verb: {text[max(0, m.end() - 40):m.end() + 10]!r}")
    return out


TEXTS = catalogue_texts()


@pytest.mark.parametrize("label,text", TEXTS, ids=[label for label, _ in TEXTS])
def test_card_text_reads_as_sentences(label: str, text: str) -> None:
    assert problems(text) == [], text


def test_card_text_check_catches_what_it_is_for() -> None:
    """The check is not vacuous: each kind of fault it refuses is found in a sample."""
    assert {"suffers", "discards"} <= PREDICATES
    bad = [
        "A player of your choice suffers 1 damage. discards their costliest card in hand.",
        "discards every Crystal from their hand.",
        "The player with the most life (players pick among ties): suffers 3 damage.",
        "Choose: Destroy 4 cards from hand. — or — suffers 4 damage.",
        "Gain 1 Æ.  Draw 1 card.",
        "Gain 1 Æ. . Draw 1 card.",
        "Gain 1 Æ..",
        "Gain 1 Æ .",
        "Cast:",
        "The players discard the 1 costliest prepped spells between them.",
        "Draw 2 card.",
        "The players discard one per fury token cards from their hands between them.",
        "2 different players of your choice each suffers 1 damage.",
    ]
    for text in bad:
        assert problems(text), text
    good = [
        "Gain 1 Æ. A player of your choice suffers 1 damage, then discards their costliest card in hand.",
        "On gaining it: you may put it on top of your deck instead.\nGain 2 Æ.",
        "Vex: 4 damage per tier 3 card among them. Unleash 2 times. Gain 1 charge.",
        "The players share out 2 corruptions; each goes on top of its taker's deck.",
    ]
    for text in good:
        assert problems(text) == [], text


#: composing steps that name a player and have them resolve their steps
SUBJECT_COMPOSERS = frozenset({"player", "player_most", "prepped_player", "different_players",
                               "player_discarding", "destroy_costliest_prepped_and"})
#: a sentence under a named player must name its own subject, not order "you" about
SUBJECT_OPENERS = frozenset({"If", "Then", "This", "That", "It", "Its", "Gravehold", "The", "A", "An",
                             "Every", "Each"})


def test_card_text_steps_under_a_named_player_are_said_of_them() -> None:
    """"A player of your choice suffers 3 damage. Draw 1 card." would have you draw: a step
    the named player resolves reads as their predicate or names its subject itself."""
    wrong = []
    for s in catalogue_steps():
        if s[0] not in SUBJECT_COMPOSERS:
            continue
        for arg in s[1:]:
            if isinstance(arg, tuple) and arg and all(_is_step(x) for x in arg):
                for x in arg:
                    t = render_step(x, they=True)
                    if not t[:1].islower() and t.split(" ", 1)[0] not in SUBJECT_OPENERS:
                        wrong.append(f"{s[0]} > {x[0]}: {t}")
    assert sorted(set(wrong)) == []


def test_card_text_every_step_of_the_catalogue_renders_alone() -> None:
    for s in catalogue_steps():
        assert render_step(s).strip(), s
