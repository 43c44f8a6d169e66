"""Write docs/rules.md: every rule id with a summary, the code that names it and its tests.

The ids and their one-line summaries are kept here (``RULES``, in the project's own words);
the code, test and option columns are read from the source, so they cannot fall behind.
``tests/test_rules_index.py`` fails when the file differs from what this writes.

    python scripts/rules_doc.py            # rewrite docs/rules.md
    python scripts/rules_doc.py --check    # exit 1 if it is out of date
"""

from __future__ import annotations

import io
import re
import sys
import tokenize
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "gravehold"
TESTS = ROOT / "tests"
RULESET = SRC / "engine" / "ruleset.py"
DOC = ROOT / "docs" / "rules.md"

#: A rule id in prose: one or two capitals, a dash, a number, not glued to other word
#: characters (so deck names such as ``AZ-1a``, ``GH-1-2`` and ``UTF-8`` are not ids).
RULE_ID = re.compile(r"(?<![\w-])[A-Z]{1,2}-[0-9]+(?![\w-])")
#: A rule test: ``test_`` then one or more ids with ``_`` for ``-`` (``test_S_6_T_3_...``).
TEST_DEF = re.compile(r"^\s*(?:async\s+)?def (test_((?:[A-Z]+_[0-9]+_)+)\w*)", re.MULTILINE)
TEST_ID = re.compile(r"([A-Z]+)_([0-9]+)_")
#: The option comment of a Ruleset field: ``#: N-3 / G-1 (NA): ...``.
OPTION_HEAD = re.compile(r"^\s*#:\s*((?:[A-Z]{1,2}-[0-9]+)(?:\s*/\s*[A-Z]{1,2}-[0-9]+)*)")
FIELD = re.compile(r"^\s+([a-z_][a-z0-9_]*)\s*:\s*[\w\[\], ]+=")

FAMILIES: dict[str, str] = {
    "S": "Setup",
    "T": "Turn order",
    "P": "A player's turn: casting, main, draw",
    "N": "The nemesis' turn",
    "E": "Exhaustion",
    "G": "End of the game",
    "SO": "Solo",
    "K": "Keywords of later boxes",
    "X": "Campaigns and expeditions",
    "XS": "First-expedition story setup (NA, OC)",
    "C": "Legacy campaign (LoG)",
}

RULES: dict[str, str] = {
    "S-1": "One to four players, each with a mage mat and a player number (Barracks mats in a campaign).",
    "S-2": "Starting hand and deck come from the mat's lists, the deck in printed order; starters stay out "
           "of the supply.",
    "S-3": "Each breach starts opened or closed at the rotation its mat shows; some mats bring unique breaches.",
    "S-4": "Starting life: 10 a player, 30 for Gravehold, the mat's value for the nemesis; none goes above it.",
    "S-5": "The turn order deck: player and nemesis cards chosen by player count, kept face down.",
    "S-6": "Nemesis deck: its own cards plus basics per tier by player count, tier 1 on top, never reshuffled.",
    "S-7": "The nemesis mat's own setup (boards, tokens, side decks) once its deck is built.",
    "S-8": "The supply: nine face-up piles (3 gems, 2 relics, 4 spells); a gain takes a pile's top card.",
    "S-9": "Difficulty levels: beginner, normal, expert, extinction shift the life totals.",
    "S-10": "Upgraded basic nemesis cards go into their tier first, each in place of a standard basic.",
    "S-11": "Mages of any wave mix; a nemesis may be held to the basic cards of its own wave.",
    "T-1": "Before every turn the top turn order card is flipped: it names who acts.",
    "T-2": "An empty turn order deck is rebuilt by shuffling its discard.",
    "T-3": "Three players: the wild card goes to a player the group picks, or to the wild token's holder.",
    "T-4": "Pair cards 1/2 and 3/4: one player of the pair takes the turn, the partner the next one.",
    "T-5": "True solo: every player turn order card is your turn.",
    "T-6": "Who gets the wild token first, and when it moves to the next player.",
    "P-1": "Casting phase: a spell on a closed breach must be cast; on an opened one it may wait.",
    "P-2": "A cast spell is discarded first, then its effect resolves.",
    "P-3": "One damage source, one target; an opened breach's bonus counts even for a spell dealing none.",
    "P-4": "A minion at 0 life is discarded at once; shields soak whole sources; the nemesis at 0 means a win.",
    "P-5": "Echo: the Cast effect resolves twice, bonuses each time, and it is still one cast.",
    "P-6": "Main phase: the actions below in any order, as often as you can pay for them.",
    "P-7": "Playing a gem or relic resolves its text; with OR, a branch that can finish is preferred.",
    "P-8": "Buying a supply card with aether; it lands on your discard pile.",
    "P-9": "A charge costs 2 aether, up to the mat's number of slots.",
    "P-10": "With every charge slot full, spend them all on the mage's ability in its window.",
    "P-11": "Focus: a closed breach turns a quarter and gets cheaper to open; editions differ at its last step.",
    "P-12": "Paying a closed breach's open cost opens it for the rest of the game.",
    "P-13": "Prep a spell to an opened breach or one focused this turn; one spell a breach unless Link.",
    "P-14": "While-prepped effects, and paying a power's TO DISCARD cost by yourself.",
    "P-15": "Draw phase: played gems and relics go to the discard in an order you pick, then refill to five.",
    "P-16": "Player decks are never shuffled: an empty deck is the discard pile turned over.",
    "P-17": "Revealed cards return to the top of the deck in an order you choose.",
    "P-18": "Casting an ally's prepped spell: the caster is its \"you\", the card returns to its owner.",
    "P-19": "The players order effects that happen at the same time.",
    "P-20": "Each \"deal N damage\" is a source of its own; \"+X damage\" raises every source on the card.",
    "P-21": "A card resolves to the end before the next one starts; its choices are made then or never.",
    "N-1": "Nemesis main phase: cards in play act oldest first; minions persist, powers count down.",
    "N-2": "Nemesis draw phase: an attack resolves and goes; a minion or power resolves and enters play.",
    "N-3": "Drawing from an empty nemesis deck: Unleash two or three times by edition (NA may win instead).",
    "N-4": "Unleash runs the effect printed on the nemesis mat; repeats run back to back.",
    "N-5": "The nemesis tier is the highest tier among its cards in play and in its discard.",
    "N-6": "The players settle ties and doubt in nemesis effects; an effect does as much as it can.",
    "N-7": "Some nemeses act once more at the close of their turn.",
    "N-8": "Wandering minions (OC): cards and abilities hurt them less; aether can hurt them directly.",
    "N-9": "Each nemesis damage source hits one target; the players lose when Gravehold is at 0 life.",
    "N-10": "A minion is never healed above the life it entered play with.",
    "N-11": "A nemesis card entering play at any moment first acts in the next nemesis main phase.",
    "N-12": "IMMEDIATELY effects resolve before their card enters play.",
    "N-13": "Two nemeses in one game: each its own dial, deck, discard, play area and turn card; a player names "
            "the one they hurt.",
    "E-1": "A player at 0 life is exhausted: Unleash twice, lose a breach, drop every charge.",
    "E-2": "Damage past a player's remaining life goes to Gravehold, doubled.",
    "E-3": "Exhausted players cannot heal, are passed over as lowest life, and send damage doubled to Gravehold.",
    "E-4": "When every player is exhausted the game is lost (not in true solo).",
    "E-5": "Whether the doubled excess hits Gravehold after the exhaustion steps or before them.",
    "E-6": "Nemesis and mage mats that replace steps of exhaustion.",
    "G-1": "Win at the nemesis' 0 life, or on deck-out with its play area clear (timing by edition).",
    "G-2": "Lose at Gravehold's 0 life, when all are exhausted, or on a nemesis' own loss condition.",
    "G-3": "The game stops the moment an end condition holds.",
    "SO-1": "True solo: you are your own ally, exhaustion alone does not lose; easier variants.",
    "SO-2": "One person running several mages plays by that player count.",
    "SO-3": "True solo: whether an exhausted you still counts as the lowest-life player.",
    "K-1": "Link: two Link spells can share one breach.",
    "K-2": "Attach: a relic sits under a breach, one per breach, and goes when the breach does.",
    "K-3": "Conjure: the top deck card is prepped face down as a plain 2-damage spell.",
    "K-4": "Recall: a card in your discard offers its Recall effect once a turn.",
    "K-5": "Silence: a token that makes a minion skip its next PERSISTENT effect.",
    "K-6": "Shield tokens: every damage source takes one shield instead of life.",
    "K-7": "Aether tokens: one aether each, spent on your own turn, lost at your draw.",
    "K-8": "Fire tokens (LoG) on the map location; with ten of them the players lose.",
    "K-9": "Boost, overheat and cross-out marks change a card for the rest of a campaign.",
    "K-10": "Destroy takes a card out of the game; banish out of the campaign or expedition.",
    "K-11": "Exclusive aether pays only for what its text names.",
    "K-12": "Curse deck (OC): nemesis cards hand players named curse cards.",
    "K-13": "Unique breaches, tokens and boards of particular mages and nemeses follow their mats.",
    "K-14": "A card's or mat's text wins over the rulebook.",
    "K-15": "Optional extra costs on cards are decided while the card resolves.",
    "K-16": "\"Just\" on a player card reaches back over the whole current turn.",
    "K-17": "Tier-0 cards and special decks stay out of the nemesis deck and never raise its tier.",
    "K-18": "Xaxos: Outcast stands in for Gravehold: his life, charges and ability deck (`xaxos_outcast`).",
    "X-1": "The Legacy of Gravehold campaign in brief; its rules are the C family.",
    "X-2": "An expedition: a run of battles, four by default, using only Barracks content.",
    "X-3": "Preparing an expedition: treasure stacks, the first selectors, nemesis stacks by level.",
    "X-4": "Before each battle: mages, treasures by battle number, nine supplies, a nemesis.",
    "X-5": "Treasures: tier 1 replaces a starter card, tier 2 is the group's, tier 3 sits on a mat.",
    "X-6": "Expedition nemesis decks mix upgraded and general basics by battle and player count.",
    "X-7": "A won battle adds treasures and three new supplies to the Barracks.",
    "X-8": "A lost battle earns one support, then the same battle is fought again.",
    "X-9": "Optional expedition score: points by how many tries each battle took.",
    "X-10": "The Barracks: what the group may use in the current expedition.",
    "X-11": "Supplies left out of a battle are banished for the rest of the expedition.",
    "X-12": "Each battle's nemesis comes from the level stack matching the battle number.",
    "X-13": "A true solo expedition uses the one-player nemesis deck rows.",
    "X-14": "How tier 1, 2 and 3 treasures are used in play and returned afterwards.",
    "X-15": "Clearing up after a battle and following the story deck.",
    "X-16": "Short expedition: three battles, with the first battle's rewards handed out up front.",
    "X-17": "Long expedition: eight battles, nemesis levels rising every second battle.",
    "X-18": "Endless supplies: unpicked supplies return to the Barracks.",
    "X-19": "Destroyed and banished cards during an expedition.",
    "XS-1": "Sealed packets and envelopes stay shut until the story opens them.",
    "XS-2": "The New Age's first game is laid out from packet P1 in its fixed order.",
    "XS-3": "The New Age's first nemesis deck comes prebuilt from packet P2, trimmed by player count.",
    "XS-4": "The story deck: numbered cards, read in order when the story says so.",
    "XS-5": "The scripted Barracks, nemeses and rewards of each box's first expedition.",
    "XS-6": "Story expedition nemesis decks take in the upgraded basics handed out so far.",
    "XS-7": "A lost story battle is fought again.",
    "XS-8": "After the first expedition everything is unlocked; resetting the box.",
    "C-1": "A campaign is a chain of games that change the components for good.",
    "C-2": "The player count stays fixed for the whole campaign.",
    "C-3": "The chosen city, Azer or Gravehold, and each mage's affiliation.",
    "C-4": "The campaign Barracks keeps everything opened so far between games.",
    "C-5": "Experience earned after each game, kept as cards.",
    "C-6": "Five kinds of enhancement sticker, bought with experience.",
    "C-7": "At most two personal or relationship enhancements a mage; enhanced starter cards.",
    "C-8": "Severed mages leave the campaign once the current nemesis is done.",
    "C-9": "Vestige stickers that follow a severed mage's retirement.",
    "C-10": "Banished cards stay out for the rest of the campaign.",
    "C-11": "Stop decks and envelopes are opened only when the story says.",
    "C-12": "The first campaign game uses a prebuilt nemesis deck.",
    "C-13": "Fire tokens on the village fought over cut its rewards; ten of them mean defeat.",
    "C-14": "After each game: the narrative's steps and a record of the game.",
    "C-15": "Whether and how a lost campaign game is replayed.",
    "C-16": "A nemesis' increased difficulty is only for games outside the campaign.",
    "C-17": "Boost, overheat and cross-out marks are kept per physical copy.",
    "C-18": "Campaign material the card data does not have.",
}

HEAD = """# Rules index

Every rule the engine follows has an id: a family prefix and a number, such as `P-11`
(focusing a breach) or `N-3` (the nemesis drawing from an empty deck). An id never changes
meaning; a new rule takes the next free number of its family. Code that implements a rule
names its id in a comment, docstring or message, and every rule test carries the id in its
name: `test_<ID>_<what it checks>` with `-` written as `_` (`test_P_11_...`, `test_SO_1_...`;
a test of several rules names each, `test_S_6_T_3_...`).

To follow a rule, find its id below, open the modules of its code column, then run the tests
it lists (`pytest tests -k test_P_11_`). The columns:

- **rule**: a one-line summary in the project's words (the books abbreviate as AE Aeon's End,
  WE War Eternal, LoG Legacy of Gravehold, NA The New Age, OC Outcasts);
- **code**: up to three modules under `src/gravehold` that name the id, most mentions first
  (`+N`: that many more modules), `—` when none does;
- **tests**: how many test functions carry the id in their name, and up to two of them;
  `not yet` when none does;
- **option**: the `gravehold.engine.ruleset.Ruleset` field that picks between the editions'
  readings of the rule, where the engine has one.

This page is written by `python scripts/rules_doc.py`: the summaries are kept in the script,
the other columns are read from the source. `tests/test_rules_index.py` fails when the page
is out of date or when the code or a test name uses an id that is not listed here.
"""


def _text_tokens(path: Path) -> list[str]:
    """The comments and string literals (docstrings, messages) of a Python file."""
    kinds = {tokenize.COMMENT, tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
    toks = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
    return [t.string for t in toks if t.type in kinds]


def scan_code() -> dict[str, Counter[str]]:
    """id -> mentions per module (path under src/gravehold), from comments and strings only."""
    found: dict[str, Counter[str]] = defaultdict(Counter)
    for path in sorted(SRC.rglob("*.py")):
        where = path.relative_to(SRC).as_posix()
        for text in _text_tokens(path):
            for rid in RULE_ID.findall(text):
                found[rid][where] += 1
    return dict(found)


def scan_tests() -> dict[str, list[str]]:
    """id -> the test functions whose names carry it, in file and line order."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(TESTS.rglob("*.py")):
        for m in TEST_DEF.finditer(path.read_text(encoding="utf-8")):
            for fam, num in TEST_ID.findall(m.group(2)):
                found[f"{fam}-{num}"].append(m.group(1))
    return dict(found)


def scan_options() -> dict[str, list[str]]:
    """id -> Ruleset fields whose ``#:`` comment starts with that id."""
    found: dict[str, list[str]] = defaultdict(list)
    ids: list[str] = []
    for line in RULESET.read_text(encoding="utf-8").splitlines():
        head = OPTION_HEAD.match(line)
        if head:
            ids = RULE_ID.findall(head.group(1))
        elif line.strip().startswith("#:"):
            continue
        elif (field := FIELD.match(line)) and ids:
            for rid in ids:
                found[rid].append(field.group(1))
            ids = []
        else:
            ids = []
    return dict(found)


def _code_cell(mentions: Counter[str] | None) -> str:
    if not mentions:
        return "—"
    ranked = sorted(mentions, key=lambda p: (-mentions[p], p))
    cell = ", ".join(f"`{p}`" for p in ranked[:3])
    return cell + (f" +{len(ranked) - 3}" if len(ranked) > 3 else "")


def _tests_cell(names: list[str] | None) -> str:
    if not names:
        return "not yet"
    return f"{len(names)}: " + ", ".join(f"`{n}`" for n in names[:2])


def render() -> str:
    code, tests, options = scan_code(), scan_tests(), scan_options()
    parts = [HEAD]
    for fam, title in FAMILIES.items():
        parts.append(f"\n## {fam} — {title}\n\n| id | rule | code | tests | option |\n|---|---|---|---|---|\n")
        for rid, summary in RULES.items():
            if rid.split("-")[0] != fam:
                continue
            opt = ", ".join(f"`{o}`" for o in options.get(rid, [])) or "—"
            parts.append(f"| {rid} | {summary} | {_code_cell(code.get(rid))} | {_tests_cell(tests.get(rid))} "
                         f"| {opt} |\n")
    return "".join(parts)


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        same = DOC.exists() and DOC.read_text(encoding="utf-8") == text
        print("docs/rules.md is " + ("current" if same else "out of date: run python scripts/rules_doc.py"))
        return 0 if same else 1
    DOC.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
