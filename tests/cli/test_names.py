"""Issue 38, item 17: the names a person reads are the names he may type. ``history`` takes the
status words it shows; ``score contract`` and ``pad contract`` say that contract is scored as
rubber, and ``--help`` lists the other names."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bridgeroom.cli.commands import pad as pad_command
from bridgeroom.tui.pad import PAD_ALIASES, PAD_GAMES


def bridgeroom(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, NO_COLOR="1", COLUMNS="400")
    env.pop("BRIDGEROOM_DATABASE", None)
    return subprocess.run(
        [sys.executable, "-m", "bridgeroom", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_history_takes_the_status_it_shows(tmp_path: Path) -> None:
    database = str(tmp_path / "b.db")
    started = bridgeroom("pad", "rubber", "--database", database, stdin="NS 4S 10\nq\n")
    assert started.returncode == 0, started.stderr
    for words, lang in (("in progress", "en"), ("идёт", "ru"), ("active", "en")):
        shown = bridgeroom("history", "--status", words, "--database", database, "--lang", lang)
        assert shown.returncode == 0, shown.stderr
        assert ("in progress" if lang == "en" else "идёт") in shown.stdout
    none = bridgeroom("history", "--status", "finished", "--database", database)
    assert none.returncode == 0 and "No game is stored yet." in none.stdout
    bad = bridgeroom("history", "--status", "sleeping", "--database", database)
    assert bad.returncode == 2
    assert "'sleeping' is not a status: in progress, finished, abandoned" in bad.stderr


def test_score_contract_says_it_is_scored_as_rubber() -> None:
    """CB-R1: 4S made exactly scores 120 below the line in rubber bridge."""
    done = bridgeroom("score", "contract", "4S", "10")
    assert done.returncode == 0, done.stderr
    first = done.stdout.splitlines()[0]
    assert first.startswith("rubber ('contract' is scored as rubber): 4S, 10 tricks")
    assert "contract means rubber" in " ".join(bridgeroom("score", "--help").stdout.split())


def test_pad_contract_says_which_pad_and_help_lists_the_other_names(tmp_path: Path) -> None:
    done = bridgeroom("pad", "contract", "--database", str(tmp_path / "b.db"), stdin="q\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Score pad 1: rubber.")
    help_text = " ".join(bridgeroom("pad", "--help").stdout.split())
    for alias, name in PAD_ALIASES.items():
        assert f"{alias} means {name}" in help_text


def test_the_pads_help_names_the_pads_there_are() -> None:
    assert set(pad_command.PADS) == set(PAD_GAMES)
    assert pad_command.ALIASES == PAD_ALIASES
