"""Issue 38, items 15 to 22: the terminal's rough edges, typed at a pseudo-terminal as a person
would (pexpect), in English and Russian where words are involved."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from bridgeroom.rules import Seat

from .conftest import choose, load_state, screen, spawn
from .test_follow import CALL, CARD, COUNT, NEXT, stored_deal


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


PAD_PROMPT = {"en": r"deal \d+> ", "ru": r"сдача \d+> "}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_three_handed_pad_gives_its_own_example(database: Path, lang: str) -> None:
    """Item 19: a line too long for a three-handed pad is answered with a three-handed example
    (a player, not a side); honours are held by a player (TH-15: Bob, a defender, 100)."""
    child = spawn(["pad", "three-handed", "--players", "Ann,Bob,Cy"], database, lang)
    child.expect(PAD_PROMPT[lang])
    child.sendline("x" * 300)
    child.expect(PAD_PROMPT[lang])
    shown = screen(child)
    assert ("e.g., Ann 4S 10." if lang == "en" else "например, так: Ann 4п 10.") in shown
    assert "NS" not in shown and "СЮ" not in shown
    child.sendline("Ann 4S 10 4-one Bob")
    child.expect(PAD_PROMPT[lang])
    defenders = "defenders 100" if lang == "en" else "защита 100"
    assert defenders in screen(child)
    child.sendline("quit" if lang == "en" else "выход")
    child.expect(pexpect.EOF)


def test_a_rubber_pad_takes_honours_by_side_and_ends_with_its_margin(database: Path) -> None:
    """Item 19, CB-R rules: 4♠ made, 120 below; five trump honours in one hand, 150 to the side
    that held them (named NS, the declarer's side); a second game, and two games to none score
    700 (CB-R4). NS 120 + 150 + 120 + 700 = 1090, EW 0: "NS by 1090." The finished pad says
    so, not how to continue it."""
    child = spawn(["pad", "rubber"], database)
    child.expect(PAD_PROMPT["en"])
    child.sendline("NS 4S 10 150 NS")
    child.expect(PAD_PROMPT["en"])
    assert "above: declarer 150, defenders 0." in screen(child)
    child.sendline("NS 4S 10")
    child.expect("a new score pad")
    assert "NS by 1090." in screen(child)
    child.sendline("q")
    child.expect(pexpect.EOF)
    shown = screen(child)
    assert "Score pad 1 is finished." in shown and "Continue with" not in shown


def run_cli(args: list[str], database: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, NO_COLOR="1", BRIDGEROOM_PAUSE="0")
    env.pop("BRIDGEROOM_DATABASE", None)
    return subprocess.run(
        [sys.executable, "-m", "bridgeroom", *args, "--database", str(database)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_no_terminal_leaves_no_empty_game_or_pad(database: Path) -> None:
    """Item 20: ``play ... </dev/null`` and ``pad ... </dev/null`` read nothing: they say so,
    exit 1 and keep nothing, so ``history`` stays empty."""
    played = run_cli(["play", "contract", "--seed", "1"], database)
    assert played.returncode == 1
    assert "No input (no terminal): nothing was played, and game 1 is not kept." in played.stdout
    pad = run_cli(["pad", "rubber"], database)
    assert pad.returncode == 1 and "score pad 1 is not kept." in pad.stdout
    history = run_cli(["history"], database)
    assert history.returncode == 0 and "No game is stored yet." in history.stdout


def test_a_seat_is_for_the_four_handed_games(database: Path) -> None:
    """Item 20: TH-5, the three-handed seats turn with the deal: --seat is refused, not ignored."""
    done = run_cli(["play", "three-handed", "--seat", "S"], database)
    assert done.returncode == 2 and done.stdout == ""
    assert "--seat S: in three-handed bridge the seats turn with the deal (TH-5)" in done.stderr


def test_claim_0_asks_before_conceding(database: Path) -> None:
    """Item 20: ``claim 0`` gives the opponents every trick left, so it is asked first; anything
    but yes keeps the deal as it was."""
    child = spawn(["play", "contract", "--robots", "basic", "--seed", "1"], database)
    while True:
        index = child.expect([CALL["en"], CARD["en"], NEXT["en"]])
        if index == 1:
            break
        child.sendline("p" if index == 0 else "")
    before = load_state(database, 1).history
    child.sendline("claim 0")
    child.expect(r"claim 0 gives the opponents all 13 remaining tricks: type yes to concede> ")
    child.sendline("no")
    child.expect(CARD["en"])
    assert "You did not concede." in screen(child)
    assert load_state(database, 1).history == before
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_show_draws_the_table_again_and_the_last_card_plays_itself(database: Path) -> None:
    """Item 21: ``show`` (``стол``) draws the table again at any prompt of the deal; the
    person's last card (CB-10: one card left, so it is the only legal one) is played for him:
    no prompt ever asks for a card when one trick is left."""
    child = spawn(["play", "contract", "--robots", "basic", "--seed", "1"], database)
    child.expect(CALL["en"])
    child.sendline("show")
    child.expect(CALL["en"])
    shown = screen(child)
    assert "Deal 1   Dealer: North" in shown and "South (you)" in shown
    asked_last = False
    child.sendline("p")
    while True:
        index = child.expect([CALL["en"], CARD["en"], NEXT["en"]])
        if index == 2:
            break
        state = load_state(database, 1)
        asked_last = asked_last or (index == 1 and state.tricks_left == 1)
        child.sendline(choose(state, 0))
    assert not asked_last
    last = stored_deal(database, 1).last_state
    assert last is not None and last.is_over and len(last.tricks) == 13
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_review_shows_the_deal_before_its_cards(database: Path) -> None:
    """Item 22: ``review ID`` heads each deal as the terminal ends one: its number, dealer and
    vulnerability, the contract, the auction and the four hands, then the review. The person
    passes and concedes the rest at his first card (asked, and confirmed)."""
    child = spawn(["play", "contract", "--robots", "basic", "--seed", "1"], database)
    while True:
        index = child.expect([CALL["en"], CARD["en"], NEXT["en"]])
        if index == 2:
            break
        child.sendline("p" if index == 0 else "claim 0")
        if index == 1:
            child.expect("type yes to concede> ")
            child.sendline("yes")
    child.sendline("q")
    child.expect(pexpect.EOF)
    played = stored_deal(database, 1).last_state
    assert played is not None and played.is_over and played.contract is not None
    env = dict(os.environ, NO_COLOR="1", COLUMNS="120")
    done = subprocess.run(
        [sys.executable, "-m", "bridgeroom", "review", "1", "--database", str(database)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Deal 1   Dealer: North   Vulnerable: nobody")
    review_at = next(i for i, line in enumerate(lines) if line.startswith("Review: "))
    head = "\n".join(lines[:review_at])
    for seat in Seat:
        hearts = " ".join(
            "10" if c.rank.letter == "T" else c.rank.letter
            for c in played.deal[seat]
            if c.suit.letter == "H"
        )
        assert f"♥ {hearts}".rstrip() in head, (seat, head)


def test_the_sheet_names_the_players_of_each_side(database: Path) -> None:
    """Item 19: ``--name`` is on the sheet, under the person's side with his partner."""
    child = spawn(
        ["play", "contract", "--robots", "basic", "--seed", "1", "--name", "Ann"], database
    )
    child.expect(CALL["en"])
    child.sendline("score")
    child.expect(CALL["en"])
    shown = screen(child)
    assert "Robot N, Ann" in shown and "Robot E, Robot W" in shown
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_a_four_handed_pad_takes_its_players_names(database: Path) -> None:
    """Item 19: ``pad rubber --players`` names North, East, South and West, each side's under
    its column; two names are refused with the form expected."""
    child = spawn(["pad", "rubber", "--players", "Ann,Bob,Cy,Dan"], database)
    child.expect(PAD_PROMPT["en"])
    child.sendline("NS 4S 10")
    child.expect(PAD_PROMPT["en"])
    shown = screen(child)
    assert "Ann, Cy" in shown and "Bob, Dan" in shown
    child.sendline("quit")
    child.expect(pexpect.EOF)
    refused = run_cli(["pad", "rubber", "--players", "Ann,Bob"], database)
    assert refused.returncode == 2 and "--players Ann,Bob,Cy,Dan, not 'Ann,Bob'" in refused.stderr


CONCEDE = {"en": "yes", "ru": "да"}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_duplicate_deal_is_scored_against_par_in_imps(database: Path, lang: str) -> None:
    """Item 21: a duplicate deal against robots ends with the person's side's score, the
    deal's double-dummy par (endplay, the oracle here) and the difference in IMPs (Law 78B).
    Worked by hand for seed 1: East plays 4♥ and takes all 13 tricks, nobody vulnerable:
    120 + 3 x 30 + 300 = 510 to EW (CB-12, CB-D1, CB-D4); par is EW's 420; NS -510 against
    -420 is a difference of 90, 3 IMPs on the WBF scale (90-120): NS -3."""
    from endplay.dds import par
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Player, Vul

    child = spawn(
        ["play", "contract", "--scoring", "duplicate", "--robots", "basic", "--seed", "1"],
        database,
        lang,
    )
    while True:
        index = child.expect([CALL[lang], CARD[lang], NEXT[lang]])
        if index == 2:
            break
        child.sendline("p" if index == 0 else "claim 0")
        if index == 1:
            child.expect("> ")
            child.sendline(CONCEDE[lang])
    shown = screen(child)
    child.sendline("q")
    child.expect(pexpect.EOF)
    played = stored_deal(database, 1).last_state
    assert played is not None and played.result is not None
    assert str(played.result.contract) == "4HE" and played.result.tricks == 13
    oracle = par(EndplayDeal(played.deal.to_pbn()), Vul.none, Player.north).score
    assert oracle == -420
    line = {
        "en": "NS: score -510, par (double dummy) -420, IMPs against par -3.",
        "ru": "СЮ: счёт -510, пар (в открытую) -420, ИМП против пара -3.",
    }[lang]
    assert line in " ".join(shown.split())
