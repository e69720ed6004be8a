"""Shared fixtures. The corpora of other programs' files live in ../shared/corpora when present."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPORA = ROOT.parent / "shared" / "corpora"


@pytest.fixture
def corpora() -> Path:
    if not CORPORA.is_dir():
        pytest.fail(f"the corpora folder {CORPORA} is missing (it sits beside the checkout)")
    return CORPORA
