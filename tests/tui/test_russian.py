"""Russian without slips at the terminal (issue 15, items 6 and 7): plural forms of points and
games, the coach in the catalogue's words, the player's own name in Russian, and a game or pad
started in Russian that comes back in Russian when resumed, lists in Russian and exports the
names it was played with."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

from bridgeroom.cli.commands.export import export_pbn
from bridgeroom.rules import ContractBridgeDeal, Deal, Seat
from bridgeroom.store import Store
from bridgeroom.tui.entry import EntryError, read_entry

from .conftest import load_state, screen, spawn
from .test_follow import COUNT, NEXT


def russian_form(n: int, one: str, few: str, many: str) -> str:
    """The noun after ``n`` in Russian: 1, 21 очко; 2-4, 22 очка; 5-20, 25 очков (and 11-14)."""
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def spawn_bare(args: list[str], database: Path) -> pexpect.spawn:
    """The command without --lang, in an English locale: the language must come from the game."""
    env = dict(os.environ, NO_COLOR="1", TERM="dumb", LANG="C", BRIDGEROOM_PAUSE="0")
    for name in ("BRIDGEROOM_LANG", "LC_ALL", "LC_MESSAGES", "BRIDGEROOM_DATABASE"):
        env.pop(name, None)
    return pexpect.spawn(
        sys.executable,
        ["-m", "bridgeroom", *args, "--database", str(database)],
        env=env,
        encoding="utf-8",
        timeout=90,
        dimensions=(60, 120),
    )


def test_pair_points_and_the_coach_take_the_plural_form(database: Path) -> None:
    """Item 6: 'СЮ: 21 очков' was wrong. Mini-bridge seed 13: the pairs' totals and the coach's
    balance in their plural forms."""
    child = spawn(["play", "minibridge", "--robots", "basic", "--seed", "13"], database, "ru")
    child.expect(COUNT["ru"])
    child.sendline(str(load_state(database, 1).hand(Seat.SOUTH).hcp))
    child.expect(r"назначьте контракт> ")
    state = load_state(database, 1)
    text = screen(child)
    counts = {seat: state.hand(seat).hcp for seat in Seat}
    for pair, seats in (("СЮ", (Seat.NORTH, Seat.SOUTH)), ("ВЗ", (Seat.EAST, Seat.WEST))):
        total = sum(counts[s] for s in seats)
        assert f"{pair}: {total} {russian_form(total, 'очко', 'очка', 'очков')}" in text
    balance = counts[Seat.NORTH] + counts[Seat.SOUTH]
    coach = next(line for line in text.splitlines() if line.startswith("Тренер:"))
    assert f"У вашей линии {balance} {russian_form(balance, 'очко', 'очка', 'очков')}:" in coach
    assert not re.search(r"[A-Za-z]{2,}", coach), coach
    child.sendline("выход")
    child.expect(pexpect.EOF)


def test_a_russian_game_resumes_lists_and_exports_in_russian(database: Path) -> None:
    """Item 7: the player is 'Игрок' (not 'you') in the store, the history and the PBN; resume
    without --lang comes back in the game's language ('Север (Робот С, сдающий)', not
    'North (Робот С, dealer)')."""
    child = spawn(["play", "minibridge", "--robots", "basic", "--seed", "4"], database, "ru")
    child.expect(COUNT["ru"])
    child.sendline("выход")
    child.expect(pexpect.EOF)
    again = spawn_bare(["resume", "1"], database)
    again.expect(COUNT["ru"])
    text = screen(again)
    assert "Игра 1 продолжена" in text and "Север (Робот С, сдающий)" in text
    assert "Юг (вы)" in text and not re.search(r"\b(North|dealer|you)\b", text)
    again.sendline(str(load_state(database, 1).hand(Seat.SOUTH).hcp))
    again.expect(NEXT["ru"])
    again.sendline("q")
    again.expect(pexpect.EOF)
    listed = spawn(["history"], database, "ru")
    listed.expect(pexpect.EOF)
    table = screen(listed)
    assert "Игрок" in table and "сдачи мини-бриджа" in table and "you" not in table
    store = Store(str(database))
    assert store.get_match(1).options.human == "Игрок"
    assert '[South "Игрок"]' in export_pbn(store, 1)
    store.close()


def test_a_russian_pad_resumes_in_russian(database: Path) -> None:
    child = spawn(["pad", "rubber"], database, "ru")
    child.expect(r"сдача 1> ")
    child.sendline("СЮ 4п 10")
    child.expect(r"сдача 2> ")
    child.sendline("выход")
    child.expect(pexpect.EOF)
    again = spawn_bare(["resume", "1"], database)
    again.expect(r"сдача 2> ")
    text = screen(again)
    assert "Запись счёта 1 продолжена." in text and "СЮ: 1 гейм в зоне" in text
    again.sendline("выход")
    again.expect(pexpect.EOF)


def test_the_suit_to_type_is_shown_in_the_players_letters() -> None:
    """Item 7: 'например ♦4 как d4' was English inside Russian: the example is typed б4."""
    state = ContractBridgeDeal(
        Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    )
    for call in ["7NT", "P", "P", "P"]:
        state.apply(call)
    with pytest.raises(EntryError) as err:
        read_entry("9", state, "ru")
    assert str(err.value).endswith("например ♠9 как п9."), str(err.value)
