"""``bridgeroom system NAME``: a bidding system's convention card, printed or as a PDF read
back with pdftotext (docs/bidding.md, "Systems")."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop("BRIDGEROOM_LANG", None)
    return subprocess.run(
        [sys.executable, "-m", "bridgeroom", "system", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("name", "lang", "line"),
    [
        ("standard", "en", "1NT opening: 15-17 points, balanced; 2NT: 20-21"),
        ("acol", "en", "1♥ and 1♠ openings: 4 or more cards"),
        ("acol", "ru", "Гербер (4♣ после БК партнёра): играем"),
    ],
)
def test_the_card_is_printed(name: str, lang: str, line: str) -> None:
    out = _run(name, "--lang", lang)
    assert out.returncode == 0, out.stderr
    assert line in out.stdout.splitlines()


def test_the_card_as_a_pdf_reads_back(tmp_path: Path) -> None:
    pdf = tmp_path / "acol.pdf"
    out = _run("acol", "--lang", "ru", "--pdf", str(pdf))
    assert out.returncode == 0, out.stderr
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Конвенционная карта: Акол" in text
    assert "Открытие 1 БК: 12-14 очков" in text


def test_a_system_file_of_ones_own_and_a_bad_one(tmp_path: Path) -> None:
    good = tmp_path / "club.toml"
    good.write_text('[system]\nname = "club"\n[notrump]\nopening = [14, 16]\n', encoding="utf-8")
    out = _run(str(good))
    assert out.returncode == 0 and "1NT opening: 14-16 points" in out.stdout
    bad = tmp_path / "bad.toml"
    bad.write_text('[system]\nname = "club"\n[openings]\ntwos = "medium"\n', encoding="utf-8")
    out = _run(str(bad), "--lang", "en")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip().splitlines() == [
        f'bridgeroom system: error: {bad}, line 4 (openings.twos): twos are "weak" or '
        '"strong", not "medium"'
    ]
    out = _run("precision")
    assert out.returncode == 2 and "acol, standard" in out.stderr
