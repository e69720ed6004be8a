"""docs/minibridge.md: the printed session shown to teachers is what ``bridgeroom session`` prints."""

from __future__ import annotations

import re
from pathlib import Path

from bridgeroom.teaching import format_session, loads

DOC = Path(__file__).resolve().parents[2] / "docs" / "minibridge.md"


def _block(text: str, lang: str) -> str:
    found = re.search(rf"^```{lang}\n(.*?)^```$", text, re.MULTILINE | re.DOTALL)
    assert found is not None, f"no ```{lang} block in {DOC.name}"
    return found.group(1)


def test_docs_session_example_is_current() -> None:
    """The CSV example of docs/minibridge.md, scored, gives the printout shown there."""
    text = DOC.read_text(encoding="utf-8")
    results = loads(_block(text, "csv")).results
    results.title = "Tuesday class"
    assert format_session(results) == _block(text, "text")
