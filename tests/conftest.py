"""Shared fixtures. Files written by other programs live in tests/data (see its README.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"


@pytest.fixture
def endplay_files() -> Path:
    """The folder of the endplay project's test files (tests/data/endplay)."""
    return DATA / "endplay"
