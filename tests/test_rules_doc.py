"""The rules are in the repository (docs/rules.md), and every rule id the code and the
tests cite is defined there; every rule there is cited somewhere."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULE_ID = re.compile(r"\b([STEM](?:1[01]|[1-9]))\b")
DEFINED = re.compile(r"^- \*\*([STEM]\d+)\b", re.MULTILINE)


def defined_ids() -> set[str]:
    return set(DEFINED.findall((ROOT / "docs" / "rules.md").read_text(encoding="utf-8")))


def cited_ids() -> dict[str, set[str]]:
    """Rule ids cited in the package and the tests, with where."""
    cited: dict[str, set[str]] = {}
    for folder in ("scorepad", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for rule in RULE_ID.findall(path.read_text(encoding="utf-8")):
                cited.setdefault(rule, set()).add(str(path.relative_to(ROOT)))
    return cited


def test_every_rule_id_cited_in_code_and_tests_is_defined_in_docs_rules():
    defined = defined_ids()
    assert len(defined) == 11 + 6 + 8 + 6  # S1-S11, T1-T6, E1-E8, M1-M6
    assert {rule: where for rule, where in cited_ids().items() if rule not in defined} == {}


def test_every_rule_in_docs_rules_is_cited_by_the_code_or_a_test():
    assert defined_ids() - set(cited_ids()) == set()


def test_no_docstring_points_at_a_document_outside_the_repository():
    outside = re.compile(r"\b(?:RULES|DESIGN)\.md\b")
    found = [str(path.relative_to(ROOT)) for folder in ("scorepad", "tests", "benchmarks")
             for path in sorted((ROOT / folder).rglob("*.py"))
             if outside.search(path.read_text(encoding="utf-8"))]
    assert found == []
