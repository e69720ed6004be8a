"""docs/rules.md is the rule book the code cites: every rule number cited is defined there, once.

A rule is *defined* where its number opens a list item in bold (``- **TH-23** ...``) or a heading
(``#### TH-A1 ...``). Everything read here lies inside the checkout.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules.md"
RULE_ID = r"(?:CB|AB|TH|MB)-[A-Z]?\d+"
CITED = re.compile(rf"\b{RULE_ID}\b")
DEFINED = re.compile(rf"^(?:- \*\*(?P<item>{RULE_ID})\*\*|#{{2,6}} (?P<heading>{RULE_ID})\b)")
TEXT_SUFFIXES = {".py", ".md", ".toml", ".html", ".js", ".css", ".txt"}


def citing_files() -> list[Path]:
    """The sources, tests, benchmarks and pages that may cite rule numbers (not rules.md itself)."""
    files = [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]
    for folder in ("src", "tests", "bench"):
        files += (
            path
            for path in (ROOT / folder).rglob("*")
            if path.is_file() and path.suffix in TEXT_SUFFIXES and "__pycache__" not in path.parts
        )
    return sorted(path for path in files if path != RULES)


def definitions() -> list[str]:
    """The rule numbers defined in docs/rules.md, in order, repeats kept."""
    found = []
    for line in RULES.read_text(encoding="utf-8").splitlines():
        match = DEFINED.match(line)
        if match:
            found.append(match["item"] or match["heading"])
    return found


def github_slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_each_rule_is_defined_once() -> None:
    counts = Counter(definitions())
    assert {"CB-1", "CB-D5", "AB-A1", "TH-23", "MB-T1", "MB-A8"} <= set(counts)
    assert [rule for rule, n in counts.items() if n > 1] == []


def test_every_cited_rule_is_defined() -> None:
    defined = set(definitions())
    cited = []
    for path in citing_files():
        text = path.read_text(encoding="utf-8")
        for number, line in enumerate(text.splitlines(), start=1):
            cited += [(path.relative_to(ROOT), number, rule) for rule in CITED.findall(line)]
    assert len({rule for _, _, rule in cited}) > 50, "the code cites rule numbers"
    missing = [f"{path}:{line}: {rule}" for path, line, rule in cited if rule not in defined]
    assert missing == []


def test_rules_cited_inside_the_rule_book_are_defined() -> None:
    text = RULES.read_text(encoding="utf-8")
    assert set(CITED.findall(text)) - set(definitions()) == set()


def test_links_of_the_rule_book_resolve_inside_the_checkout() -> None:
    text = RULES.read_text(encoding="utf-8")
    slugs = [github_slug(line.lstrip("#")) for line in text.splitlines() if line.startswith("##")]
    assert len(slugs) == len(set(slugs)), "two headings share an anchor"
    anchors = re.findall(r"\]\(#([^)]+)\)", text)
    pages = re.findall(r"\]\((?!#|https?:)([^)#]+)\)", text)
    assert len(anchors) > 20 and pages
    assert [anchor for anchor in anchors if anchor not in slugs] == []
    assert [page for page in pages if not (RULES.parent / page).is_file()] == []


def test_readme_links_the_rule_book() -> None:
    assert "](docs/rules.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_nothing_cites_the_rules_outside_the_checkout() -> None:
    outside = ("shared/" + "rules", "RULES" + ".md")
    hits = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in citing_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if any(word in line for word in outside)
    ]
    assert hits == []
