"""Driving the terminal client as a person would: a pseudo-terminal, a temp database, a fixed seed."""

from __future__ import annotations

import os
import re
import signal
import sys
from pathlib import Path

import pexpect
import pytest

from bridgeroom.rules import Card
from bridgeroom.rules.state import DealState, Phase
from bridgeroom.store import Store
from bridgeroom.tui.table import PlayTable

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
ACTION_PROMPT = r"(how many high-card points do you hold\?|your call|name the contract|your card)> "
NEXT_PROMPT = r"Press Enter for the next deal \(q to stop\)> "


def at_a_terminal() -> None:
    """In the child: Ctrl-C interrupts, as at a person's terminal. A suite started as a
    background job of a shell without job control ignores SIGINT, and an ignored signal stays
    ignored in every process it starts (Python then installs no handler of its own)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn(args: list[str], database: Path, lang: str = "en") -> pexpect.spawn:
    env = dict(
        os.environ, NO_COLOR="1", TERM="dumb", COLUMNS="120", LINES="60", BRIDGEROOM_PAUSE="0"
    )
    env.pop("BRIDGEROOM_DATABASE", None)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "bridgeroom", *args, "--database", str(database), "--lang", lang],
        env=env,
        encoding="utf-8",
        timeout=90,
        dimensions=(60, 120),
        preexec_fn=at_a_terminal,
    )
    return child


def screen(child: pexpect.spawn) -> str:
    """What the terminal showed up to the last match, without colour codes."""
    return ANSI.sub(
        "", (child.before or "") + (child.after if isinstance(child.after, str) else "")
    )


def load_state(database: Path, match_id: int) -> DealState:
    """The deal in progress as the record says (what a person sees on the table is this deal)."""
    store = Store(str(database))
    try:
        table = PlayTable.resume(store, match_id)
        state = table.state
        assert state is not None
        return state
    finally:
        store.close()


def short_form(card: Card, legal: list[Card]) -> str:
    """How a person types a card: the rank alone when it names one legal card, else suit and rank."""
    rank = "10" if card.rank.letter == "T" else card.rank.letter
    if sum(1 for c in legal if c.rank == card.rank) == 1:
        return rank.lower()
    return card.suit.letter.lower() + rank.lower()


def choose(state: DealState, me_hcp: int) -> str:
    """A simple person: counts his points, passes in the auction, names 3NT, plays the lowest legal card."""
    if state.phase is Phase.ANNOUNCE:
        return str(me_hcp)
    if state.phase is Phase.AUCTION:
        return "p"
    if state.phase is Phase.NAMING:
        return "3n"
    legal = [a for a in state.legal_actions() if isinstance(a, Card)]
    return short_form(legal[0], legal)


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"
