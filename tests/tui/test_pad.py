"""``bridgeroom pad``: whole rubbers typed at the terminal, worked by hand from docs/rules.md."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from bridgeroom.store import Store
from bridgeroom.tui.pad import PAD_GAMES, PadError, PadLine, parse_pad_line

from .conftest import screen, spawn

PROMPT = r"deal \d+> "


def test_cb_r_whole_rubber_on_the_pad_with_a_correction(database: Path) -> None:
    """CB-R1 trick points below, CB-R2 game at 100, CB-D5 undertrick 50 NV to the other side above,
    CB-R3 vulnerable after a game, CB-R4 rubber 2-0: 700.

    NS 4S 10: 120 below NS, game. EW 3NT 8: one down not vulnerable, 50 above NS.
    NS 3NT 9: 100 below NS, second game, 700. NS total 120 + 50 + 100 + 700 = 970; EW 0.
    """
    child = spawn(["pad", "rubber"], database)
    child.expect(r"Score pad (\d+):")
    pad_id = int(child.match.group(1))
    child.expect(PROMPT)
    child.sendline("NS 4S 10")
    child.expect(PROMPT)
    text = screen(child)
    assert "Below the line 120" in text and "Game to NS." in text
    assert "NS: 1 game vulnerable   EW: 0 games" in text
    child.sendline("EW 3Z 8")  # mistyped: refused with the reason
    child.expect(PROMPT)
    assert "'3Z' is not a contract" in screen(child)
    child.sendline("EW 3NT 15")
    child.expect(PROMPT)
    assert "took 0 to 13 tricks, not 15" in screen(child)
    child.sendline("EW 3NT 7")  # two down ... a slip of the pen
    child.expect(PROMPT)
    assert "defenders 100" in screen(child)
    child.sendline("correct EW 3NT 8")  # ... corrected: one down
    child.expect(PROMPT)
    assert "defenders 50" in screen(child)
    child.sendline("NS 3NT 9")
    child.expect("The rubber is over.")
    text = screen(child)
    assert text.count("Rubber bonus") == 1 and "Rubber bonus 700 to NS." in text  # said once
    assert re.search(r"#3 rubber +│ +700", text), text  # the bonus on a row of its own
    assert "970" in text
    child.expect("a new score pad")
    child.sendline("q")
    child.expect(pexpect.EOF)
    record = Store(str(database)).get_match(pad_id)
    assert record.status == "finished"
    assert [(e.declarer, e.contract, e.tricks, e.replaced) for e in record.pad_entries] == [
        ("NS", "4S", 10, False),
        ("EW", "3NT", 7, True),
        ("EW", "3NT", 8, False),
        ("NS", "3NT", 9, False),
    ]


def test_th_three_handed_pad_and_settlement(database: Path) -> None:
    """TH-13 the declarer scores, TH-14 each defender scores the penalty, TH-19 700, TH-20 settlement.

    Ann 4S 10: Ann 120 below, game. Bob 3NT 8: one down NV, Ann 50 and Cy 50.
    Ann 3NT 9: Ann 100 below, second game, nobody else has a game: 700.
    Totals Ann 970, Bob 0, Cy 50. Pairwise, rounded to 100 (50 up): Bob pays Ann 1000 (970),
    Cy pays Ann 900 (920), Bob pays Cy 100 (50).
    """
    child = spawn(["pad", "three-handed-contract", "--players", "Ann,Bob,Cy"], database)
    for line in ("Ann 4S 10", "Bob 3NT 8", "Ann 3NT 9"):
        child.expect(PROMPT)
        child.sendline(line)
    child.expect("The rubber is over.")
    text = screen(child)
    for payment in ("Bob pays Ann 1000.", "Cy pays Ann 900.", "Bob pays Cy 100."):
        assert payment in text, text
    child.expect("a new score pad")
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_pad_resumes_and_withdraws(database: Path) -> None:
    child = spawn(["pad", "auction"], database)
    child.expect(r"Score pad (\d+):")
    pad_id = child.match.group(1)
    child.expect(PROMPT)
    child.sendline("NS 2S 8")  # AB-3: 2 odd tricks x 9 = 18
    child.expect(PROMPT)
    assert "Below the line 18" in screen(child)
    child.sendline("quit")
    child.expect(f"bridgeroom resume {pad_id}")
    child.expect(pexpect.EOF)
    again = spawn(["resume", pad_id], database)
    again.expect("deal 2> ")
    again.sendline("undo")
    again.expect("deal 1> ")
    assert "The last entry was withdrawn." in screen(again)
    again.sendline("quit")
    again.expect(pexpect.EOF)
    assert Store(str(database)).get_match(int(pad_id)).entries == ()


RUBBER = PAD_GAMES["rubber"]


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("NS 4S 10", PadLine("NS", "4S", 10)),
        ("ew 3ntx -2", PadLine("EW", "3NTX", 7)),
        ("N 4H= 100 def", PadLine("NS", "4H", 10, "4-one defenders")),
        ("СЮ 4п+1", PadLine("NS", "4S", 11)),
        ("pass", PadLine(None, None, 0)),
    ],
)
def test_pad_lines(text: str, line: PadLine) -> None:
    """CB-R5 honors 100 = four of the trumps in one hand."""
    assert parse_pad_line(text, RUBBER, ()) == line


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("XY 4S 10", "pad.error_side"),
        ("NS 8S 10", "pad.error_contract"),
        ("NS 4S", "pad.error_tricks_missing"),
        ("NS 4S 10 120 def", "pad.error_honors_points"),
        ("NS 4S 10 100 nobody", "pad.error_honors_side"),
        ("NS 4S-11", "pad.error_down"),  # 4S needs 10 tricks: at most ten down
        ("NS 4S+4", "pad.error_over"),  # at most three overtricks
        ("NS 4S 14", "pad.error_tricks"),
    ],
)
def test_mistyped_pad_lines_are_refused(text: str, key: str) -> None:
    with pytest.raises(PadError) as err:
        parse_pad_line(text, RUBBER, ())
    assert err.value.key == key


def test_ab_9_auction_honors_by_points() -> None:
    """AB-9: 80 = four in one hand; at notrump 100 = four aces in one hand."""
    auction = PAD_GAMES["auction"]
    assert parse_pad_line("NS 2H 8 80 decl", auction, ()).honors == "4-one declarer"
    assert parse_pad_line("EW 1NT 7 100 def", auction, ()).honors == "4-aces-one defenders"
