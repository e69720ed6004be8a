"""Shared fixtures. The corpora of other programs' files live in the repository, in tests/data."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: Other programs' files: ``endplay/`` holds endplay's test corpora (PBN and LIN).
CORPORA = ROOT / "tests" / "data"


@pytest.fixture
def corpora() -> Path:
    if not (CORPORA / "endplay").is_dir():
        pytest.fail(f"the corpora folder {CORPORA / 'endplay'} is missing")
    return CORPORA
