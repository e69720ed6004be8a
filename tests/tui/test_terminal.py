"""Whole deals typed at the terminal through a pseudo-terminal, and what was saved (issue 6)."""

from __future__ import annotations

import re
import signal
from pathlib import Path

import pexpect

from bridgeroom.rules import Seat
from bridgeroom.rules.minibridge import MiniBridgeDeal
from bridgeroom.rules.state import Phase
from bridgeroom.store import Store, replay

from .conftest import ACTION_PROMPT, ANSI, NEXT_PROMPT, choose, load_state, screen, spawn


def started_id(child: pexpect.spawn) -> int:
    child.expect(r"Game (\d+): ")
    return int(child.match.group(1))


def play_to_end(child: pexpect.spawn, database: Path, match_id: int, me: Seat | None = None) -> str:
    """Answer every prompt as a simple person would until the deal's end; returns the end screen."""
    while True:
        index = child.expect([ACTION_PROMPT, NEXT_PROMPT, pexpect.EOF])
        if index == 1:
            return screen(child)
        assert index == 0, screen(child)
        state = load_state(database, match_id)
        seat = me if me is not None else state.seat_of(0)  # the person is player 0 (TH-5)
        child.sendline(choose(state, state.hand(seat).hcp))


def test_mb_whole_minibridge_deal_typed_to_the_end(database: Path) -> None:
    """MB-2 counts, MB-3/MB-4 declarer, MB-6 naming, MB-7/MB-8 play, MB-9/MB-10 score by board."""
    child = spawn(["play", "minibridge", "--robots", "random", "--seed", "7"], database)
    match_id = started_id(child)
    child.expect(ACTION_PROMPT)
    assert "Board 1" in screen(child) and "Dealer: North" in screen(child)
    state = load_state(database, match_id)
    assert state.phase is Phase.ANNOUNCE and state.to_act is Seat.SOUTH
    hcp = state.hand(Seat.SOUTH).hcp
    child.sendline(str(hcp + 1))  # a miscount is refused with the reason (MB-2)
    child.expect(ACTION_PROMPT)
    assert f"South does not hold {hcp + 1} high-card point" in screen(child)
    child.sendline(str(hcp))
    end = play_to_end(child, database, match_id, Seat.SOUTH)
    assert re.search(r"\d+ tricks, (made|down)", end), end
    assert "Boards" in end  # the sheet of a set of boards
    child.sendline("q")
    child.expect("Continue with: bridgeroom resume")
    child.expect(pexpect.EOF)
    record = Store(str(database)).get_match(match_id)
    [deal] = record.deals
    assert deal.result is not None and deal.board == 1
    # 4 announcements, the contract, 52 cards: every action was stored
    assert len(deal.actions) == 4 + 1 + 52
    rebuilt = replay(MiniBridgeDeal.from_board(1, deal.cards), deal.actions)
    assert rebuilt.is_over and str(rebuilt.contract) == deal.result["contract"]


def test_th_whole_three_handed_deal_with_a_look_at_the_dummy(database: Path) -> None:
    """TH-6 auction of three, TH-23 a look at the dummy bars the player (his calls are passes),
    TH-9/TH-10 play, TH-12 three columns on the sheet."""
    child = spawn(["play", "three-handed", "--robots", "random", "--seed", "5"], database)
    match_id = started_id(child)
    child.expect(ACTION_PROMPT)
    assert "your call" in screen(child)
    child.sendline("look")
    child.expect("Type yes to look> ")  # asked first: the look bars him (TH-23)
    child.sendline("yes")
    child.expect("barred from the rest of the auction")
    end = play_to_end(child, database, match_id)
    assert "Robot 1" in end and "Robot 2" in end  # the three columns
    child.sendline("q")
    child.expect(pexpect.EOF)
    [deal] = Store(str(database)).get_match(match_id).deals
    assert deal.result is not None
    look = next(a for a in deal.actions if a.action == "look at dummy")
    later = [a.action for a in deal.actions if a.seat == look.seat and a.seq > look.seq]
    calls = [a for a in later if a == "P" or a[0].isdigit() or a in ("X", "XX")]
    assert calls and all(c == "P" for c in calls)  # barred: every later call is a pass (TH-23)


def test_illegal_card_is_refused_with_the_reason(database: Path) -> None:
    """CB-10: a card not held, or not following suit, is refused and the prompt comes again."""
    child = spawn(
        ["play", "contract", "--robots", "random", "--seed", "11", "--seat", "N"], database
    )
    match_id = started_id(child)
    # North opens 7NT; then passes until the play
    child.expect(ACTION_PROMPT)
    child.sendline("7n")
    while True:
        child.expect([ACTION_PROMPT])
        state = load_state(database, match_id)
        if state.phase is Phase.PLAY:
            break
        child.sendline("p")
    hand = state.hand(state.turn)  # type: ignore[arg-type]
    missing = next(c for c in state.deal[Seat.EAST] if c not in hand)
    child.sendline(f"{missing.suit.letter}{missing.rank.letter}".lower())
    child.expect(ACTION_PROMPT)
    assert f"does not hold {missing.suit.symbol}" in screen(child)  # the rules' words (CB-10)
    child.sendline("1c")
    child.expect(ACTION_PROMPT)
    assert "the auction is over, play a card" in screen(child)
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_resume_after_the_process_was_killed_mid_deal(database: Path) -> None:
    """Every action is committed at once: a killed game resumes exactly where it stood. (Seed 9:
    East declares board 1, so South, the person, plays cards.)"""
    child = spawn(["play", "minibridge", "--robots", "random", "--seed", "9"], database)
    match_id = started_id(child)
    cards_typed = 0
    while cards_typed < 3:
        child.expect(ACTION_PROMPT)
        state = load_state(database, match_id)
        if state.phase is Phase.PLAY:
            cards_typed += 1
        child.sendline(choose(state, state.hand(Seat.SOUTH).hcp))
    child.expect(ACTION_PROMPT)
    before = load_state(database, match_id)
    child.kill(signal.SIGKILL)
    child.wait()
    stored = Store(str(database)).get_match(match_id).deals[0]
    assert len(stored.actions) == len(before.history) and stored.result is None
    again = spawn(["resume", str(match_id)], database)
    again.expect(f"Game {match_id} resumed")
    again.expect(ACTION_PROMPT)
    after = load_state(database, match_id)
    assert after.history == before.history  # nothing lost, nothing repeated
    again.sendline(choose(after, after.hand(Seat.SOUTH).hcp))
    end = play_to_end(again, database, match_id, Seat.SOUTH)
    assert re.search(r"\d+ tricks, (made|down)", end)
    again.sendline("q")
    again.expect(pexpect.EOF)
    [deal] = Store(str(database)).get_match(match_id).deals
    assert deal.result is not None and len(deal.actions) == 57


def test_russian_screen_card_letters_and_suits(database: Path) -> None:
    """The same catalogue in Russian: Т К Д В, seat names, the prompt, the robot's hint."""
    child = spawn(["play", "contract", "--robots", "random", "--seed", "3"], database, lang="ru")
    child.expect(r"ваша заявка> ")
    text = screen(child)
    assert "Юг (вы)" in text and "Сдаёт: Север" in text
    assert "Запад (Робот З)" in text  # the robots are named in the player's language
    assert any(letter in text for letter in "ТКДВ")
    child.sendline("ч7")
    child.expect(r"ваша заявка> ")
    assert "это карта" in screen(child)
    child.sendline("подсказка")  # the robot's reason in Russian words, the call in Russian letters
    child.expect(r"Подсказка: ([^\r\n]*)\r?\n")
    hint = ANSI.sub("", child.match.group(1))
    assert " — " in hint and not re.search(r"[A-Za-z]{3,}", hint), hint
    assert re.search(r"[а-яё]{4,}", hint), hint
    child.expect(r"ваша заявка> ")
    child.sendline("выход")
    child.expect(pexpect.EOF)
