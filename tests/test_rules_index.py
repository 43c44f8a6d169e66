"""docs/rules.md: current, and listing every rule id that the code or a test name uses."""

from __future__ import annotations

import importlib.util
import io
import re
import tokenize
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "gravehold"
# An id in prose, not glued to word characters: "AZ-1a" (a deck) and "UTF-8" are not ids.
PROSE_ID = re.compile(r"(?<![\w-])[A-Z]{1,2}-[0-9]+(?![\w-])")
TEST_NAME = re.compile(r"^\s*(?:async\s+)?def test_((?:[A-Z]+_[0-9]+_)+)", re.MULTILINE)
ROW_ID = re.compile(r"^\| ([A-Z]{1,2}-[0-9]+) \|", re.MULTILINE)


def _doc_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rules_doc", ROOT / "scripts" / "rules_doc.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _indexed() -> list[str]:
    return ROW_ID.findall((ROOT / "docs" / "rules.md").read_text(encoding="utf-8"))


def _ids_in_src() -> dict[str, str]:
    """Ids in the comments and strings of src (code is skipped: ``N-1`` there is arithmetic)."""
    found: dict[str, str] = {}
    for path in sorted(SRC.rglob("*.py")):
        toks = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
        for t in toks:
            if t.type in (tokenize.COMMENT, tokenize.STRING) or tokenize.tok_name[t.type] == "FSTRING_MIDDLE":
                for rid in PROSE_ID.findall(t.string):
                    found.setdefault(rid, f"{path.relative_to(ROOT)}:{t.start[0]}")
    return found


def _ids_in_test_names() -> dict[str, str]:
    found: dict[str, str] = {}
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for m in TEST_NAME.finditer(path.read_text(encoding="utf-8")):
            for fam, num in re.findall(r"([A-Z]+)_([0-9]+)_", m.group(1)):
                found.setdefault(f"{fam}-{num}", path.name)
    return found


def test_docs_rules_md_is_current() -> None:
    mod = _doc_module()
    assert mod.DOC.read_text(encoding="utf-8") == mod.render(), \
        "docs/rules.md is out of date: run python scripts/rules_doc.py"


def test_the_index_lists_each_id_of_the_script_once_under_its_family() -> None:
    mod = _doc_module()
    ids = _indexed()
    assert ids == [rid for fam in mod.FAMILIES for rid in mod.RULES if rid.split("-")[0] == fam]
    assert sorted(ids) == sorted(mod.RULES) and len(set(ids)) == len(ids)
    for rid, summary in mod.RULES.items():
        assert summary.strip() and "\n" not in summary and "|" not in summary, rid


def test_every_id_in_src_comments_and_strings_is_indexed() -> None:
    indexed = set(_indexed())
    missing = {rid: where for rid, where in _ids_in_src().items() if rid not in indexed}
    assert not missing, f"rule ids named in src but not in docs/rules.md: {missing}"


def test_every_id_in_a_test_name_is_indexed() -> None:
    indexed = set(_indexed())
    missing = {rid: where for rid, where in _ids_in_test_names().items() if rid not in indexed}
    assert not missing, f"rule ids in test names but not in docs/rules.md: {missing}"


def test_the_scans_find_ids_and_skip_what_is_not_one() -> None:
    assert PROSE_ID.findall("P-11 / K-1: (E-1 (2)), SO-1's; AZ-1a UTF-8 W4-BA x-1 GH-1-2") == ["P-11", "K-1",
                                                                                               "E-1", "SO-1"]
    assert {"P-11", "SO-1"} <= set(_ids_in_src()) and {"S-6", "T-3", "SO-1"} <= set(_ids_in_test_names())


def _row(rid: str) -> list[str]:
    """The cells of an id's row: id, rule, code, tests, option."""
    doc = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    line = next(ln for ln in doc.splitlines() if ln.startswith(f"| {rid} |"))
    return [c.strip() for c in line.strip("|").split(" | ")]


def test_every_id_a_test_is_named_after_is_listed_with_its_code_and_that_test() -> None:
    """A rule test leads to the code of its rule: the index names a module for each id a test cites."""
    for rid in _ids_in_test_names():
        _, _, code, tests, _ = _row(rid)
        assert code != "—", f"{rid}: tests cite it, but no module under src names it"
        assert tests != "not yet" and int(tests.split(":")[0]) >= 1, rid


def _ids_errors_cite() -> set[str]:
    """Every rule id an IllegalAction can carry: the literals of the modules that raise one,
    and the rule of every decision kind (an action of the wrong phase cites it)."""
    from gravehold.engine.decisions import DECISION_KINDS

    found = {k.rule for k in DECISION_KINDS.values() if k.rule}
    for name in ("explain.py", "core.py"):
        text = (SRC / "engine" / name).read_text(encoding="utf-8")
        found |= set(re.findall(r"\"([A-Z]{1,2}-[0-9]+)\"", text))
    return found


def test_every_id_an_illegal_action_cites_is_listed_with_code_and_tests() -> None:
    cited = _ids_errors_cite()
    assert {"P-1", "P-8", "P-13", "G-3"} <= cited  # the scan finds what explain.py and core.py cite
    for rid in sorted(cited):
        _, _, code, tests, _ = _row(rid)
        assert code != "—" and tests != "not yet", f"{rid} is cited by an error: {code} / {tests}"
