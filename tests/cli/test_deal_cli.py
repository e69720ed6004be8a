"""Issue 38, item 18: ``bridgeroom deal`` with a condition that can never be met is an error at
once (exit 2, before any deal is dealt); fewer boards than asked for exits 1; a reader that
stops reading (``| head -1``) ends it quietly."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from bridgeroom.analysis.dealer.parser import parse_expression
from bridgeroom.analysis.generate import never_met


def deal(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bridgeroom", "deal", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(
    ("condition", "words"),
    [
        ("spades(north) >= 14", "a hand holds 0 to 13 cards of a suit"),
        ("hearts(south) < 0 && hcp(north) > 10", "a hand holds 0 to 13 cards of a suit"),
        ("hcp(east) >= 38", "a hand holds 0 to 37 high-card points"),
        ("hcp(west, clubs) > 10 || spades(west) == 14", "a suit holds 0 to 10 high-card points"),
    ],
)
def test_a_condition_that_can_never_be_met_is_an_error_at_once(condition: str, words: str) -> None:
    done = deal("-c", condition, "-n", "1", "--workers", "0")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == (
        f"bridgeroom deal: error: the condition can never be met (line 1): {words}"
    )


@pytest.mark.parametrize(
    "condition",
    [
        "spades(north) >= 13",
        "hcp(north) == 37",
        "spades(north) >= 14 || hcp(north) > 20",
        "spades(north) + hearts(north) == 13",
    ],
)
def test_a_condition_that_may_be_met_is_dealt(condition: str) -> None:
    assert never_met(parse_expression(condition)) is None


def test_fewer_boards_than_asked_exit_1() -> None:
    done = deal("-c", "spades(north) >= 12", "-n", "1", "--generate", "1000", "--workers", "0")
    assert done.returncode == 1 and "only 0 of 1 board met the conditions" in done.stderr


def test_a_reader_that_stops_reading_ends_it_quietly() -> None:
    read, write = os.pipe()
    proc = subprocess.Popen(
        [sys.executable, "-m", "bridgeroom", "deal", "-n", "50", "--workers", "0"],
        stdout=write,
        stderr=subprocess.PIPE,
        text=True,
    )
    os.close(write)
    with os.fdopen(read) as out:
        first = out.readline()  # ``head -1``: one line, then the pipe is closed
    _, err = proc.communicate(timeout=120)
    assert first.startswith("[Event")
    assert err == "" and proc.returncode == 141


def simulate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bridgeroom", "simulate", "--deals", "2", "--workers", "0", *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_simulate_says_when_its_deals_are_random() -> None:
    """Issue 38, item 22: the README's ``simulate --contracts 3NT:N 4S:N`` has no condition: it
    says that its deals are random, and a condition silences it."""
    random = simulate("--contracts", "3NT:N", "4S:N", "--seed", "1")
    assert random.returncode == 0, random.stderr
    assert "no condition and no cards given: these are random deals" in random.stderr
    narrowed = simulate("--contracts", "3NT:N", "-c", "hcp(north) >= 12", "--seed", "1")
    assert narrowed.returncode == 0 and "random deals" not in narrowed.stderr
