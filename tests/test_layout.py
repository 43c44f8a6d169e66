"""The layout's contract: the engine names no box and no catalogue entry; boxes declare themselves.

The engine is the rules of every box; a box is content plus its own step kinds. If an engine
module imported a box, or named a card, the next box would have to edit the engine.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from gravehold import boxes
from gravehold.content import registry
from gravehold.content.model import Box, CardDef
from gravehold.engine.vocabulary import STEP_KINDS
from gravehold.errors import ContentError

SRC = Path(__file__).resolve().parent.parent / "src" / "gravehold"
#: every engine module, its subpackages (keywords/, turn/) included
ENGINE = sorted((SRC / "engine").rglob("*.py"))


def _engine_id(path: Path) -> str:
    return str(path.relative_to(SRC / "engine"))


def _imports(path: Path) -> list[str]:
    """Every module an engine file imports, as an absolute dotted name."""
    package = ["gravehold", *path.parent.relative_to(SRC).parts]
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - (node.level - 1)] if node.level else []
            mod = ".".join([*base, *(node.module.split(".") if node.module else [])])
            out += [mod] + [f"{mod}.{a.name}" for a in node.names]
    return out


@pytest.mark.parametrize("path", ENGINE, ids=_engine_id)
def test_layout_no_engine_module_imports_a_box(path: Path) -> None:
    assert [m for m in _imports(path) if m.startswith("gravehold.boxes")] == []


#: every module of a box package (the shipped boxes' and the test fixture's), never the loader
BOX_MODULES = sorted(p for p in [*(SRC / "boxes").rglob("*.py"), *(SRC.parent.parent / "tests" / "fixtures"
                                                                   / "tiny_box").rglob("*.py")]
                     if p != SRC / "boxes" / "__init__.py")


def box_import_faults(path: Path, text: str | None = None) -> list[str]:
    """What a box module (``text``, else the file's) imports of gravehold beside
    ``gravehold.boxapi`` and its own box package."""
    if SRC in path.parents:
        package = ["gravehold", *path.parent.relative_to(SRC).parts]
    else:
        package = ["tests", "fixtures", *path.parent.relative_to(SRC.parent.parent / "tests" / "fixtures").parts]
    own = ".".join(package[: package.index("boxes") + 2] if "boxes" in package else package[:3])
    out = []
    for node in ast.walk(ast.parse(path.read_text() if text is None else text)):
        if isinstance(node, ast.Import):
            mods = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - (node.level - 1)] if node.level else []
            mods = [".".join([*base, *(node.module.split(".") if node.module else [])])]
        else:
            continue
        out += [m for m in mods if (m.startswith("gravehold") or m.startswith("tests"))
                and m != "gravehold.boxapi" and m != own and not m.startswith(own + ".")]
    return out


@pytest.mark.parametrize("path", BOX_MODULES, ids=lambda p: str(p.relative_to(SRC.parent.parent)))
def test_layout_a_box_imports_only_the_box_api(path: Path) -> None:
    """``gravehold.boxapi`` is the whole surface a box uses: the engine may change behind it."""
    assert box_import_faults(path) == []


def test_layout_the_box_import_check_finds_an_engine_import() -> None:
    """The check above can fail: a box module that reaches into the engine is found out."""
    fenrix = SRC / "boxes" / "new_age" / "nemeses" / "fenrix.py"
    stray = ("import json\nfrom ....engine.core import step\nfrom ....boxapi import pick\nfrom ..mages import X\n"
             "from ....content import registry\nfrom ...war_eternal import spells\n")
    assert box_import_faults(fenrix, stray) == ["gravehold.engine.core", "gravehold.content",
                                                "gravehold.boxes.war_eternal"]
    assert len(BOX_MODULES) > 40 and box_import_faults(fenrix) == []


def catalogue_names() -> set[str]:
    # a card of no box is the engine's own (K-3's face-down stand-in), named where its rule is
    names = {*(n for n, c in registry.CARDS.items() if c.box), *registry.MAGES, *registry.NEMESES,
             *registry.NEMESIS_CARDS, *registry.MARKETS}
    names |= {m.name for m in registry.MAGES.values()}
    names |= {b.name for b in registry.BOXES.values()}
    return names


@pytest.mark.parametrize("path", ENGINE, ids=_engine_id)
def test_layout_no_catalogue_name_in_engine_source(path: Path) -> None:
    """Code, strings, comments and docstrings alike: the engine is written for any box."""
    text = path.read_text()
    found = sorted(n for n in catalogue_names()
                   if re.search(r"(?<!\w)" + re.escape(n) + r"(?!\w)", text))
    assert found == []


def box_words() -> set[tuple[str, str]]:
    """What only a box may name, as (what, word): its card types (every type but the engine's
    base ones), the keys of its nemeses' special decks with a face (``deck_faces``) and its
    tokens (table tokens and token trigger sources declared by a box module)."""
    from gravehold.content.model import CARD_TYPES
    from gravehold.engine.flags import TOKENS
    from gravehold.engine.triggers import DECLARED

    words = {("card type", t) for t in registry.TYPES if t not in CARD_TYPES}
    words |= {("deck key", k) for n in registry.NEMESES.values() for k in n.deck_faces}
    by_box = ("gravehold.boxes.", "tiny_box")
    words |= {("token", key) for (kind, key), ds in DECLARED.items()
              if kind == "token" and any(d.fn.__module__.startswith(by_box) for d in ds)}
    words |= {("token", t.key) for t in TOKENS.values() if t.fault.__module__.startswith(by_box)}
    return words


def box_words_in(text: str) -> list[str]:
    """The box words ``text`` names (a plural too: "corruptions")."""
    return sorted(f"{what} {w}" for what, w in box_words()
                  if re.search(r"(?<!\w)" + re.escape(w) + r"s?(?!\w)", text))


@pytest.mark.parametrize("path", ENGINE, ids=_engine_id)
def test_layout_no_box_card_type_deck_key_or_token_in_engine_source(path: Path) -> None:
    """A card type declares how it is played and explained (``CardType``), a nemesis its decks,
    a box its tokens: the engine reads the declarations and names none of them."""
    assert box_words_in(path.read_text()) == []


def test_layout_the_box_word_scan_finds_a_type_a_deck_and_a_token() -> None:
    """The check above can fail: the words are there to find, and found where written."""
    words = box_words()
    assert {("card type", "corruption"), ("card type", "curse"), ("deck key", "devoured"),
            ("token", "energize")} <= words and ("card type", "gem") not in words
    assert box_words_in('if c.type == "corruption":  # curses too, and energize') == [
        "card type corruption", "card type curse", "deck key corruption", "token energize"]


#: the bots' modules: they name no box's card, mage, nemesis, card type, deck or token; what
#: only a box knows is its hints.py (``content.hints``) or its declarations
AGENTS = sorted((SRC / "agents").glob("*.py"))


def box_names() -> set[str]:
    """Every name a box brings: its cards (the starters are every box's), mages and nemeses."""
    names = {n for n, c in registry.CARDS.items() if c.box != "starter"}
    names |= {*registry.MAGES, *registry.NEMESES, *registry.NEMESIS_CARDS}
    return names | {m.name for m in registry.MAGES.values()}


@pytest.mark.parametrize("path", AGENTS, ids=lambda p: p.name)
def test_layout_the_bots_name_no_card_mage_or_nemesis_of_a_box(path: Path) -> None:
    """A bot knows a box's cards and nemeses by their steps and by the box's hints, never by
    name; its card types, decks and tokens by their declarations (``CardType``, ``deck_faces``)."""
    text = path.read_text()
    assert sorted(n for n in box_names() if re.search(r"(?<!\w)" + re.escape(n) + r"(?!\w)", text)) == []
    assert box_words_in(text) == []


def test_layout_the_import_scan_resolves_relative_imports_of_subpackages() -> None:
    """The check above can fail: a subpackage's ``from ...boxes`` is the boxes package."""
    turn = SRC / "engine" / "turn" / "casting.py"
    assert "gravehold.content.registry" in _imports(turn) and "gravehold.engine.triggers" in _imports(turn)
    assert len(ENGINE) > len(list((SRC / "engine").glob("*.py")))


def test_layout_the_scan_finds_a_name() -> None:
    """The check above can fail: a card name is found where one is written."""
    names = catalogue_names()
    assert "Spark" in names and "Rageborne" in names
    assert re.search(r"(?<!\w)Spark(?!\w)", '# a "Spark" here')


def test_layout_every_box_declares_itself_once() -> None:
    assert list(registry.BOXES) == ["AE", "WE", "NA", "O", "LOG"]
    for b in registry.BOXES.values():
        assert isinstance(b, Box) and b.name and b.wave >= 1
        assert b.census() | b.counts == b.census()  # its counts hold
        for n in b.nemeses:
            assert registry.NEMESES[n.id].box == b.id


def test_layout_a_box_that_does_not_add_up_is_refused() -> None:
    ae = registry.BOXES["AE"]
    wrong = Box(id="XX", name="Wrong", wave=9, preset="we", counts={"mages": 3})
    with pytest.raises(ContentError, match="box XX: field counts says 3 mages, the box holds 0"):
        registry.register_box(wrong)
    with pytest.raises(ContentError, match="box 'AE' is registered twice"):
        registry.register_box(ae)
    assert "XX" not in registry.BOXES


def test_layout_a_box_entry_of_another_box_is_refused_and_nothing_is_added() -> None:
    fresh = CardDef("Stray Ember", "gem", 1, "XY", play=(("aether", 1),))
    card = registry.CARDS["Jagged Lightning"]
    stray = Box(id="XY", name="Stray", wave=9, preset="we", cards=(fresh, card))
    before = dict(registry.CARDS)
    with pytest.raises(ContentError, match="box XY: card Jagged Lightning says box 'WE'"):
        registry.register_box(stray)
    assert before == registry.CARDS and "XY" not in registry.BOXES


def test_layout_a_box_module_without_a_declaration_is_refused() -> None:
    with pytest.raises(ContentError, match="must declare BOX"):
        boxes.load("gravehold.engine.rng")


def test_layout_every_step_kind_is_declared_with_its_wording() -> None:
    for name, kind in STEP_KINDS.items():
        assert kind.name == name and callable(kind.run) and callable(kind.text)
        assert kind.arity >= 0 and kind.module.startswith("gravehold.")


def test_layout_every_engine_step_kind_is_used_by_content_or_named_by_a_test() -> None:
    """The engine's vocabulary holds no dead step kind: each serves some content or a test."""
    from gravehold.testing.conformance import _record_steps

    used: set[str] = set()
    for table in (registry.CARDS, registry.MAGES, registry.NEMESIS_CARDS, registry.NEMESES):
        for rec in table.values():
            used |= {s[0] for s in _record_steps(rec)}
    corpus = "\n".join(p.read_text() for p in Path(__file__).parent.rglob("*.py"))
    engine_kinds = [k for k, sk in STEP_KINDS.items() if sk.module.startswith("gravehold.engine")]
    assert engine_kinds
    assert [k for k in engine_kinds if k not in used and f'"{k}"' not in corpus] == []


# ------------------------------------------------------------------ the README's layout
ROOT = SRC.parent.parent


def readme_layout() -> str:
    """The README's project layout: the block under its heading."""
    text = (ROOT / "README.md").read_text()
    start = text.index("```\n", text.index("## Project layout"))
    return text[start + 4: text.index("```\n", start + 4)]


def _sections(block: str) -> dict[str, str]:
    """Each top-level entry of the layout (``engine/``, ``docs/``, the loose modules) and its text."""
    out: dict[str, str] = {}
    key = ""
    for line in block.splitlines()[1:]:
        m = re.match(r"(?:  )?([\w]+/)\s", line) if not line.startswith("   ") else None
        if m:
            key = m.group(1)
        elif not line.startswith("   "):
            key = "."
        out[key] = out.get(key, "") + " " + line
    return out


def test_layout_the_readme_names_every_package_and_module_of_the_tree() -> None:
    sections = _sections(readme_layout())
    missing = []
    for pkg in sorted(p for p in SRC.iterdir() if (p / "__init__.py").exists()):
        text = sections.get(pkg.name + "/", "")
        if not text:
            missing.append(f"{pkg.name}/")
            continue
        if pkg.name == "boxes":  # a box's own modules are its own business (docs/adding-a-box.md)
            names = [b.name + "/" for b in pkg.iterdir() if (b / "__init__.py").exists()]
        else:
            names = [m.name for m in pkg.glob("*.py") if m.name != "__init__.py"]
            names += [d.name + "/" for d in pkg.iterdir() if d.is_dir() and d.name != "__pycache__"]
        missing += [f"{pkg.name}/{n}" for n in names if not re.search(r"(?<![\w/])" + re.escape(n), text)]
    loose = sections.get(".", "")
    missing += [m.name for m in SRC.glob("*.py") if m.name != "__init__.py" and m.name not in loose]
    docs = sections.get("docs/", "")
    missing += [f"docs/{d.name}" for d in (ROOT / "docs").glob("*.md") if d.name not in docs]
    assert missing == [], "the README's project layout does not name these"


def test_layout_the_readme_names_nothing_that_is_not_there() -> None:
    sections = _sections(readme_layout())
    gone = []
    for key, text in sections.items():
        where = {"docs/": ROOT / "docs", "benchmarks/": ROOT / "benchmarks", "tests/": ROOT / "tests",
                 ".": SRC}.get(key, SRC / key)
        if key == "tests/":
            continue
        for name in re.findall(r"(?<![\w/.-])([\w-]+\.(?:py|md|js)|[\w-]+/)", text):
            if name == key or name in ("src/gravehold/",):
                continue
            if not any(where.rglob(name.rstrip("/"))):
                gone.append(f"{key}{name}")
    assert gone == [], "the README's project layout names these, which the tree does not hold"


def test_layout_the_readme_check_fails_on_a_module_it_does_not_name() -> None:
    """The check above can fail: a section without one of its modules is found out."""
    sections = _sections(readme_layout())
    assert "observe.py" in sections["engine/"] and "fuzz.py" in sections["testing/"]
    assert "table.py" in sections["."] and "prompts.py" in sections["cli/"]
    assert not re.search(r"(?<![\w/])" + re.escape("made_up.py"), sections["engine/"])


def test_layout_a_nemesis_declares_how_its_special_decks_lie_and_a_wrong_face_is_refused() -> None:
    """Which special decks lie face up or secret is the nemesis' declaration, not the
    engine's list: a face for a deck it lacks, or a face that is none, is refused."""
    from dataclasses import replace

    from gravehold.engine.observe import deck_face, secret_cards

    prince, mask = registry.NEMESES["Prince of Gluttons"], registry.NEMESES["Crooked Mask"]
    assert deck_face(prince.id, "devoured") == "up" and deck_face(mask.id, "corruption") == "secret"
    assert deck_face("Rageborne", "strike") == "down" and deck_face("no such nemesis", "x") == "down"
    assert secret_cards() == set(mask.special_decks["corruption"])
    for faces, words in (({"nowhere": "up"}, "deck_faces names 'nowhere', which is none of its special decks"),
                         ({"devoured": "sideways"}, "deck_faces.devoured must be up, down or secret")):
        with pytest.raises(ContentError, match=re.escape(words)):
            registry.register_nemesis(replace(prince, id="Test Prince", deck_faces=faces))  # type: ignore[arg-type]
    assert "Test Prince" not in registry.NEMESES
