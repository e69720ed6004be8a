"""Issue 15, item 1: everything the terminal lets a player do exports. Three-handed seed 3: the
person passes, doubles when he may, looks at the dummy (TH-23), plays the deal out; ``bridgeroom
export`` writes it (the look in the AuctionRecord tag) and bridgeroom and endplay read it back
as the same deal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pexpect
from endplay.parsers import pbn as endplay_pbn

from bridgeroom.formats import pbn
from bridgeroom.rules import Call, LookAtDummy
from bridgeroom.store import Store
from bridgeroom.tui.table import PlayTable

from .conftest import choose, load_state, spawn
from .test_follow import CALL, CARD, NEXT


def test_th_23_a_three_handed_game_with_a_look_exports(database: Path, tmp_path: Path) -> None:
    child = spawn(["play", "three-handed", "--robots", "basic", "--seed", "3"], database)
    child.expect(CALL["en"])
    child.sendline("p")
    looked = False
    while True:
        index = child.expect([CALL["en"], CARD["en"], NEXT["en"], "Type yes to look> "])
        if index == 2:
            break
        if index == 3:
            child.sendline("yes")
            looked = True
            continue
        state = load_state(database, 1)
        if index == 0 and not looked:
            doubles = [a for a in state.legal_actions() if a == Call("X")]
            child.sendline("x" if doubles else "look")
            if not doubles:
                continue
            child.expect(CALL["en"])
            child.sendline("look")
            continue
        child.sendline(choose(state, 0))
    child.sendline("q")
    child.expect(pexpect.EOF)
    out = tmp_path / "game.pbn"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bridgeroom",
            "export",
            "1",
            "-o",
            str(out),
            "--database",
            str(database),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    text = out.read_text("utf-8")
    [game] = pbn.loads(text)
    assert "look at dummy" in game.tags["AuctionRecord"]
    assert game.variant.name == "three-handed" and game.scoring_form == "three-handed-contract"
    store = Store(str(database))
    played = PlayTable.resume(store, 1).last_state
    store.close()
    assert played is not None and played.is_over
    again = game.to_state()
    assert again.history == played.history and again.result == played.result
    assert any(isinstance(a, LookAtDummy) for _, a in again.history)
    [board] = endplay_pbn.loads(text)
    assert played.result is not None and played.contract is not None
    assert board.contract.level + 6 + board.contract.result == played.result.tricks
    assert not board.claimed
