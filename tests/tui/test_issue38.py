"""Issue 38, items 15 to 22: the terminal's rough edges, typed at a pseudo-terminal as a person
would (pexpect), in English and Russian where words are involved."""

from __future__ import annotations

from pathlib import Path

import pexpect

from bridgeroom.rules import Seat

from .conftest import load_state, screen, spawn
from .test_follow import CALL, COUNT, NEXT


def test_ctrl_c_after_a_deal_stops_the_review_worker_quietly(database: Path) -> None:
    """Item 15: once a deal has finished its review runs in a worker process; Ctrl-C reaches
    the terminal's whole process group, and only the terminal answers it (no worker's
    traceback, no ``Process SpawnPoolWorker-1:``)."""
    child = spawn(["play", "minibridge", "--robots", "basic", "--seed", "4"], database)
    child.expect(COUNT["en"])
    child.sendline(str(load_state(database, 1).hand(Seat.SOUTH).hcp))
    child.expect(NEXT["en"])  # the deal is over: its review has started in the worker
    child.sendline("review")  # waits for the worker: it is started and at work
    child.expect(NEXT["en"])
    child.sendintr()
    child.expect(pexpect.EOF)
    shown = screen(child)
    child.close()
    assert child.exitstatus == 130
    assert "SpawnPoolWorker" not in shown and "Traceback" not in shown
    assert "Saved. Continue with: bridgeroom resume 1" in shown


def test_russian_screens_say_everything_in_russian(database: Path) -> None:
    """Item 16: a refused mini-bridge count (MB-2) and the help are in Russian; a game started
    in English and resumed with ``--lang ru`` names its robots in Russian (and back)."""
    child = spawn(["play", "minibridge", "--robots", "basic", "--seed", "4"], database, "ru")
    child.expect(COUNT["ru"])
    child.sendline("40")
    child.expect(COUNT["ru"])
    assert "Нельзя: Число очков — от 0 до 37, а не 40 (MB-2)." in screen(child)
    child.sendline("помощь")
    child.expect(COUNT["ru"])
    shown = screen(child)
    assert "совет робота-эксперта" in shown and "expert" not in shown
    child.sendline("выход")
    child.expect(pexpect.EOF)

    child = spawn(["play", "contract", "--robots", "basic", "--seed", "1"], database, "en")
    child.expect(CALL["en"])
    assert "West (Robot W)" in screen(child)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child = spawn(["resume", "2"], database, "ru")
    child.expect(CALL["ru"])
    shown = screen(child)
    assert "Запад (Робот З)" in shown and "Robot" not in shown
    child.sendline("выход")
    child.expect(pexpect.EOF)
