"""The rules guide: what a player needs to know, in the project's own short words, as data.

Both boards and the command line read it (``gravehold rules``, the terminal's ``?``, the
browser's Rules panel), so the three say the same thing. A section is written once in the
classic terms and said in a game's words (``content.words.say``) when shown, as every other
text is. ``rules`` names the RULES ids a section sums up, for readers of ``docs/rules.md``;
the boards never show them. ``terms`` are how a keyword is marked in rendered card text
(``#`` stands for a number), so a board can link each mark to its section.

Every keyword module of the engine (``engine/keywords/``) has the section that names it in
``keyword``, and every capitalised label a card's text starts a line with ("PERSISTENT:")
has one whose ``terms`` match it: the tests check both, so a new keyword needs its entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from .content.words import say
from .errors import UnknownName, close_names


@dataclass(frozen=True)
class Section:
    """One entry of the guide: an ``id`` to look it up by, a title and a few sentences."""

    id: str
    title: str
    body: str
    group: str  # "play", "nemesis" or "keywords": how the lists are ordered and headed
    rules: tuple[str, ...] = ()
    keyword: str | None = None  # the module of engine/keywords/ it explains
    terms: tuple[str, ...] = ()
    #: the wordings whose boards link its terms (a term one wording uses for another keyword,
    #: as The New Age words call PERSISTENT "RUSH", is linked in the others only)
    words: tuple[str, ...] = ("classic", "new_age")


GROUPS = {"play": "Playing a turn", "nemesis": "The nemesis", "keywords": "Keywords on cards"}

SECTIONS: tuple[Section, ...] = (
    # ------------------------------------------------------------------ a player's turn
    Section("turn", "How a round goes", (
        "Nobody knows for sure who acts next: before each turn a card is flipped from the turn order "
        "deck, and it names a player, the nemesis or, with three players, a wild card the group "
        "hands to one of them. An empty turn order deck is shuffled into a new one. A player's turn has "
        "three phases: casting, main, then draw."), "play", ("T-1", "T-2", "T-3", "P-6")),
    Section("casting", "Casting phase", (
        "Your turn starts with the spells you prepped earlier. A spell on a closed breach must be cast "
        "now; one on an opened breach may wait for a later turn. A spell you cast goes to your discard "
        "pile first, then its effect happens."), "play", ("P-1", "P-2", "P-19")),
    Section("main", "Main phase", (
        "Do any of these, in any order, as often as you can pay: play gems and relics, prep spells, gain "
        "cards from the supply, buy a charge, focus or open a breach, and use your ability once it is "
        "charged. The phase ends only when you end it."), "play", ("P-6",)),
    Section("aether", "Aether, gems, relics and spells", (
        "Aether (Æ) pays for everything in the main phase, and most of it comes from playing gems. Aether "
        "you do not spend is lost at the end of your turn. A relic does its effect when you play it. A "
        "spell is not played: you prep it to a breach and cast it on a later turn. Played gems and relics "
        "stay in front of you until your draw phase."), "play", ("P-7",)),
    Section("breaches", "Breaches", (
        "Your mat has four breaches. Paying a closed breach's open cost opens it for the rest of the game. "
        "Focusing a closed breach costs less: it turns a quarter, makes the breach cheaper to open, and "
        "lets you prep a spell there this turn; after its last quarter it opens. Some opened breaches add "
        "damage to every spell cast from them."), "play", ("P-11", "P-12", "S-3")),
    Section("prep", "Prepping spells", (
        "Prepping puts a spell from your hand on one of your breaches: an opened one, or a closed one you "
        "focused this turn. A breach holds one spell, unless a card lets it hold two (Link, or a relic "
        "attached to it). A spell stays prepped until it is cast."), "play", ("P-13",)),
    Section("charges", "Charges and your ability", (
        "In your main phase you may pay 2 Æ for a charge, until your mat holds as many charges as it has "
        "room for. Once it is full you may use your mage's ability, at the moment the ability names; using "
        "it spends every charge."), "play", ("P-9", "P-10")),
    Section("buying", "Gaining cards from the supply", (
        "The supply is nine piles: three of gems, two of relics, four of spells. Pay a card's cost in "
        "aether to gain the top card of its pile. A gained card goes on your discard pile, not into your "
        "hand, so you see it again when your deck comes round."), "play", ("S-8", "P-8")),
    Section("draw", "Draw phase and your deck", (
        "At the end of your turn the gems and relics you played go on your discard pile, in the order you "
        "pick, and you draw back up to five cards. Your deck is never shuffled: when it runs out, your "
        "discard pile is turned over and becomes your deck, so the order you discard in is the order you "
        "draw in later."), "play", ("P-15", "P-16")),
    Section("damage", "Damage", (
        "Each \"deal N damage\" is one source and hits one target of your choice: the nemesis or one of "
        "its minions. A minion brought to 0 life is discarded at once, and damage beyond that is lost. "
        "The nemesis' cards hurt players and Gravehold; when Gravehold falls to 0 life, the group loses."),
     "play", ("P-3", "P-4", "N-9")),
    Section("exhausted", "Exhausted players", (
        "A player brought to 0 life is exhausted: the nemesis Unleashes twice, and the player destroys one "
        "of their breaches and loses every charge. Damage beyond their last point of life, and any damage "
        "they suffer later, is dealt to Gravehold twice over. An exhausted player goes on taking turns but "
        "cannot gain life; when every player is exhausted the group loses."),
     "play", ("E-1", "E-2", "E-3", "E-4")),
    Section("winning", "Winning and losing", (
        "The group wins when the nemesis has no life left, or when its deck is empty and none of its cards "
        "are in play (the editions differ on exactly when). The group loses when Gravehold has no life "
        "left, when every player is exhausted, or when the nemesis' own mat says so. The game stops the "
        "moment one of these holds."), "play", ("G-1", "G-2", "G-3")),
    Section("tutorial", "Tutorial mode", (
        "A New Age option for a first game: in your draw phase, before drawing, you may discard gems and "
        "relics you kept in your hand without playing them, one at a time, so a hand you could not use "
        "does not stay with you. Turn it on with the --tutorial option of gravehold play, or the Tutorial "
        "mode box when you set up a game in the browser."), "play", ("P-15",)),
    Section("treasures", "Treasures", (
        "An expedition may start a game with treasures. A tier-1 treasure is a card that takes the place of "
        "one of your starting cards; the group's tier-2 treasure helps every player; a tier-3 treasure "
        "lies on one mat and helps only its owner."), "play", ("X-5", "X-14"), "treasures"),
    # ------------------------------------------------------------------ the nemesis
    Section("nemesis-turn", "The nemesis' turn", (
        "When the nemesis' turn order card comes up it acts twice. First, in its main phase, each of its "
        "cards in play acts, oldest first: minions act and powers lose a power token."
        " Then, in its draw phase, it draws its top card and resolves it. If it has to draw from an "
        "empty deck it Unleashes instead."), "nemesis", ("N-1", "N-2", "N-3")),
    Section("attack", "Attack cards", (
        "An attack happens as soon as the nemesis draws it, then goes to the nemesis' discard pile."),
     "nemesis", ("N-2",)),
    Section("minion", "Minion cards", (
        "A minion stays in play with its own life and acts in every nemesis main phase until it is "
        "brought to 0 life. It is a target for your damage, beside the nemesis itself."),
     "nemesis", ("N-1", "P-4", "N-10")),
    Section("power", "Power cards", (
        "A power comes into play with power tokens and loses one in each nemesis main phase. When the last "
        "one goes, its effect happens and the card is discarded, unless a player discarded it sooner by "
        "paying the cost printed on it to discard it early."), "nemesis", ("N-1", "P-14")),
    Section("tiers", "Tiers", (
        "The nemesis deck is built in three tiers, tier 1 on top, so its cards grow stronger as the game "
        "goes on; it is never reshuffled. The nemesis' tier is the highest tier among its cards in play and "
        "in its discard pile, and some effects grow with it."), "nemesis", ("S-6", "N-5", "K-17")),
    Section("unleash", "Unleash", (
        "Unleash: the nemesis does what its mat says under Unleash. Many nemesis cards call for it, and "
        "so does every exhaustion; \"Unleash twice\" does it two times in a row."),
     "nemesis", ("N-4",), terms=("Unleash",)),
    # ------------------------------------------------------------------ keywords
    Section("cast", "Cast", (
        "Cast: what a spell does when you cast it from its breach."), "keywords", ("P-2",), terms=("Cast:",)),
    Section("while-prepped", "While prepped", (
        "While prepped, a spell gives what follows for as long as it lies on a breach, before it is cast."),
     "keywords", ("P-14",), terms=("While prepped",)),
    Section("echo", "Echo", (
        "Echo: the spell's Cast effect happens twice, each time with the breach's damage bonus. It is still "
        "one cast of one card."), "keywords", ("P-5",), "echo", ("Echo",)),
    Section("link", "Link", (
        "Link: a breach holding a Link spell can take a second Link spell beside it."),
     "keywords", ("K-1",), "link", ("Link",)),
    Section("attach", "Attach", (
        "Attach: the relic goes under a breach instead of staying in front of you, one card per breach. "
        "While attached it changes the spells cast from that breach; it goes to the discard pile when it "
        "leaves or when its breach is destroyed."), "keywords", ("K-2",), "attach", ("Attach", "While attached")),
    Section("damage-bonus", "Damage bonuses", (
        "Every \"deal N damage\" on a spell is a damage source of its own. A bonus of more damage (an "
        "opened breach, an attached relic, a treasure) raises each of those sources, and a spell that "
        "deals no damage still deals its bonus once."), "keywords", ("P-20", "P-3"), "damage_bonus"),
    Section("aether-tokens", "Aether tokens", (
        "An aether token is worth 1 Æ for anything aether pays for, in your own turn, as many at once as "
        "you like. You keep them between turns; unused ones are discarded at the end of your draw phase, "
        "after you draw."), "keywords", ("K-7",), "aether_tokens", ("aether token", "aether tokens")),
    Section("fire-tokens", "Fire tokens", (
        "Nemesis cards put fire tokens on the location being fought over and some player cards take them "
        "away. With 10 or more there, the players lose at once."), "keywords", ("K-8", "G-2"), "fire",
            ("fire token", "fire tokens")),
    Section("exclusive-aether", "Aether for one purpose", (
        "Some aether may only pay for what its card names, such as gaining a gem. It is spent before your "
        "other aether, and like all aether it is lost at the end of your turn."),
     "keywords", ("K-11",), "exclusive_aether", ("usable only",)),
    Section("extra-cost", "Optional costs", (
        "\"You may pay X\" offers something more for a cost. You decide while the card resolves, and only a "
        "player who can pay the whole cost is asked; nobody is asked when what it buys would do nothing "
        "now."), "keywords", ("K-15",), "extra_cost", ("you may pay",)),
    Section("just", "This turn", (
        "A card that asks what you played or gained this turn looks back over your whole turn, counting "
        "cards that have left play since."), "keywords", ("K-16",), "just"),
    Section("persistent", "PERSISTENT", (
        "PERSISTENT: what a minion does in every nemesis main phase while it is in play."),
     "keywords", ("N-1",), terms=("PERSISTENT:",)),
    Section("power-n", "POWER N", (
        "POWER N: the power enters play with N power tokens and loses one in each nemesis main phase; when "
        "the last one goes, it does what follows and is discarded."), "keywords", ("N-1",), terms=("POWER #:",)),
    Section("to-discard", "TO DISCARD", (
        "TO DISCARD: a cost a player may pay in their own main phase, by themselves, to discard this card "
        "from play before it acts."), "keywords", ("P-14",), terms=("TO DISCARD:",)),
    Section("on-arrival", "On arrival", (
        "On arrival: this happens as soon as the nemesis draws the card, before the card enters play. A "
        "card that enters play acts for the first time in the next nemesis main phase."),
     "keywords", ("N-12", "N-11"), terms=("On arrival:",)),
    Section("blood-magic", "BLOOD MAGIC", (
        "BLOOD MAGIC: what an acolyte does when the nemesis' Unleash calls on it; the acolyte usually pays "
        "for it with its own life."), "keywords", ("K-13",), terms=("BLOOD MAGIC:",)),
    Section("unleash-effect", "UNLEASH (a fragment's)", (
        "UNLEASH: what one of Mist Revealed's fragments does when her Unleash, or a card of hers, calls on "
        "it; a fragment has no PERSISTENT effect, so this is all it ever does."), "keywords", ("K-13", "N-4"),
            terms=("UNLEASH:",)),
    Section("rush-effect", "RUSH (a rustborn's)", (
        "RUSH: what one of Mother of Rust's rustborn does when her tokens reach the mat's number at the end of "
        "a nemesis turn, or when a card of hers calls on it; the rustborn act oldest first."), "keywords",
            ("K-13",), terms=("RUSH:",), words=("classic",)),
    Section("shields", "Shields", (
        "A shield token on a minion stops one whole source of damage, however large, and is then removed; "
        "the minion loses life only once its shields are gone."), "keywords", ("K-6", "P-4"), "shields",
            ("shield", "shields")),
    Section("conjure", "Conjure", (
        "Conjure: you see your deck's top card and may prep that card face down to an empty breach that is "
        "opened, or closed and focused this turn; otherwise it stays on top. Face down it is a spell that "
        "costs 2 and deals 2 damage, whatever the card is; only you see which card it is. Cast, or sent "
        "off its breach any other way, it turns face up."),
     "keywords", ("K-3",), "conjure", ("conjure",)),
    Section("recall", "Recall", (
        "Recall: while this card lies in your discard pile, once per turn in your main phase you may "
        "resolve its Recall effect, even on the turn you gained it. Each copy has its own use; the card "
        "stays in the discard pile."),
     "keywords", ("K-4",), "recall", ("recall:", "recall")),
    Section("silence", "Silence", (
        "A player card may put a silence token on a minion in play (never on a power or the nemesis). A "
        "silenced minion skips the next time it would act in a nemesis main phase, then loses the token; "
        "a minion holds one token at most."),
     "keywords", ("K-5",), "silence", ("silenced", "silence")),
    Section("marks", "Boost, overheat and crossed-out text", (
        "Legacy marks one copy of a card, never the others: each boost fills one of its boost circles and "
        "makes that copy better as the card says, each overheat one of its overheat circles and makes it "
        "worse; a copy with every boost circle filled takes no more boosts. Crossed-out text is ignored by "
        "that copy from then on. A game may start from copies already marked."),
     "keywords", ("K-9",), "marks", ("boost", "overheat", "crossed out")),
    Section("sever", "Severed mages", (
        "Some nemesis cards sever a mage: that mage plays on to the end of this game, and the game's "
        "result records it (a Legacy campaign then retires the mage)."), "keywords", ("C-8",), "sever",
            ("sever", "severed")),
    Section("banish", "Banish", (
        "A banished card leaves the game and is not shuffled back or reused; the game's result lists it, "
        "and a Legacy campaign keeps it out from then on."), "keywords", ("C-10",), "banish",
            ("banish", "banished")),
    Section("enhancements", "Enhancements", (
        "A Legacy campaign's players keep enhancements from battle to battle. Each works for its own "
        "player for the whole battle, as a treasure on their mat does, and the boards show it there."),
        "keywords", ("C-6",), "enhancements"),
    Section("stickers", "Enhanced starter cards", (
        "A starter enhancement is stuck on one copy of a starter card: that copy alone changes as its "
        "text says, and it keeps the change from battle to battle."), "keywords", ("C-7",), "stickers"),
    Section("supply_bottom", "Marked cards in the supply", (
        "In a Legacy campaign a marked card that went back to the box lies at the bottom of its supply "
        "pile: it is the last copy of the pile to be gained."), "keywords", ("C-17",), "supply_bottom"),
    Section("ally-hand", "Cards used from a hand in an ally's turn", (
        "Some Legacy cards act from their holder's hand while an ally takes their turn. Those used in an "
        "ally's main phase show there as an action of that ally's main phase (the group decides, as for an "
        "ally's ability); those that answer an ally's cast or focus ask their holder at that moment."),
     "keywords", ("K-14",), "ally_hand", ("during any ally's main phase", "during any ally's turn")),
    Section("keep-self", "Cards that keep themselves", (
        "A few Legacy cards may go back to their owner's hand when another card or effect would discard or "
        "destroy them: the card stays where it lies while its owner is asked; answered no, it leaves as the "
        "effect says. A card in a deck is never asked about."),
     "keywords", ("K-14",), "keep_self", ("return it to your hand instead",)),
    Section("wandering", "Wandering", (
        "Cards and abilities deal a wandering minion at most 1 damage at a time (the ruleset's "
        "wandering option: to_one; minus_one takes 1 off instead). In your main phase you may also "
        "pay 1 Æ to deal it 1 damage, with nothing taken off."), "keywords", ("N-8",), "wandering",
            ("wandering",)),
    Section("mage-decks", "A mage's own decks", (
        "Some mages start with piles of their own cards beside the mat (an upgrade deck, inventions, "
        "reckonings, ...). Only that mage's effects take from them or put cards back. A face-up pile is seen "
        "by everyone in its order; a face-down one is shuffled, its cards known but not their order. The "
        "board shows each pile by name with its size."), "keywords", ("K-13",), "mage_decks"),
    Section("room", "Room on a breach", (
        "A breach holds one prepped spell. Some rules make room for more: Link, a card attached under the "
        "breach, a breach of a mage's own that holds any number once opened, a turn's wider rule, or a "
        "prepped spell whose text lets more spells join it."), "keywords", ("P-13",), "room"),
    Section("unique-breaches", "Breaches of a mage's own", (
        "Some mats print a breach with a rule of its own in place of a standard one: it gives what its "
        "rule says instead of the usual damage bonus."), "keywords", ("K-13",)),
)

BY_ID = {s.id: s for s in SECTIONS}


_NUMBER = "9999"  # stands for "N" while a text is said: the words swap "POWER 3:" as a whole


def _say(text: str, words: str) -> str:
    """``text`` in ``words``; "POWER N:" said as a card's "POWER 3:" is."""
    return say(re.sub(r"\bN:", _NUMBER + ":", text), words).replace(_NUMBER, "N")


def said(section: Section, words: str = "classic") -> Section:
    """``section`` with its title and body in ``words`` (``classic``, ``new_age`` or ``outcasts``). A title in
    capitals is a card's label ("TO DISCARD"), said as the label is, colon and all."""
    if words == "classic":
        return section
    title = section.title
    title = _say(title + ":", words).removesuffix(":") if title.isupper() else _say(title, words)
    return Section(section.id, title, _say(section.body, words), section.group,
                   section.rules, section.keyword, section.terms)


def sections(words: str = "classic") -> list[Section]:
    """Every section, by group, in ``words``."""
    return [said(s, words) for g in GROUPS for s in SECTIONS if s.group == g]


CHOICES = ("classic", "new_age", "outcasts")


def find(topic: str, words: str = "classic") -> Section:
    """The section ``topic`` names: its id, its title (in either words) or a term that marks it,
    case-blind; an unknown topic is an ``UnknownName`` naming the close ones and the ids."""
    want = " ".join(topic.split()).casefold()
    for s in SECTIONS:
        names = {s.id, s.title.casefold(), say(s.title, "new_age").casefold(),
                 *(_say(t.replace("#", "N"), w).rstrip(":").casefold() for t in s.terms for w in CHOICES)}
        if want in names or want.replace(" ", "-") == s.id:
            return said(s, words)
    ids = [s.id for s in SECTIONS]
    raise UnknownName("rules topic", topic, close_names(topic, ids + [s.title for s in SECTIONS]), ids)


def term_pattern(term: str, words: str = "classic") -> str:
    """A regular expression (the common subset of Python's and JavaScript's) of ``term`` as
    ``words`` say it, a whole word or phrase; ``#`` in the term matches any number."""
    text = say(term.replace("#", "7"), words)
    escaped = re.sub(r"([.*+?^${}()|\[\]\\/])", r"\\\1", text).replace("7", r"\d+")
    return rf"(?<![\w'-]){escaped}(?![\w'-])"


@cache
def links(words: str = "classic") -> tuple[tuple[str, str], ...]:
    """``(pattern, section id)`` of every keyword mark, longest term first, in ``words``."""
    pairs = [(t, s.id) for s in SECTIONS if words in s.words for t in s.terms]
    pairs.sort(key=lambda p: -len(p[0]))
    return tuple((term_pattern(t, words), sid) for t, sid in pairs)


def payload(words: str = "classic") -> dict[str, object]:
    """The guide as the browser's Rules panel reads it: groups, sections and keyword links."""
    return {
        "words": words,
        "groups": [{"id": g, "title": title} for g, title in GROUPS.items()],
        "sections": [{"id": s.id, "title": s.title, "body": s.body, "group": s.group} for s in sections(words)],
        "links": [{"pattern": p, "id": sid} for p, sid in links(words)],
    }
