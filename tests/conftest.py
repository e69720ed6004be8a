"""Shared fixtures. Files written by other programs live in tests/data (see its README.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

# No timing assertion in the suite: Hypothesis's per-example deadline is one, and it fails
# examples on a loaded machine (CI, two cores shared by several runs) that are merely slow.
settings.register_profile("bridgeroom", deadline=None)
settings.load_profile("bridgeroom")

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"


@pytest.fixture
def endplay_files() -> Path:
    """The folder of the endplay project's test files (tests/data/endplay)."""
    return DATA / "endplay"
