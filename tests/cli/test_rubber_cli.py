"""``bridgeroom rubber``, the score pad, run as a real command; whole rubbers worked by hand."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any


def bridgeroom(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bridgeroom", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def jsonl(*args: str, deals: list[Any]) -> list[dict[str, Any]]:
    text = "\n".join(d if isinstance(d, str) else json.dumps(d) for d in deals) + "\n"
    proc = bridgeroom("rubber", *args, "--jsonl", stdin=text)
    assert proc.returncode == 0, proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


CONTRACT_RUBBER = [
    {"declarer": "NS", "contract": "2H", "tricks": 9},
    {"declarer": "EW", "contract": "3C", "tricks": 8},
    {
        "declarer": "EW",
        "contract": "1NT",
        "tricks": 7,
        "honors": {"kind": "4-aces-one", "side": "declarer"},
    },
    {"declarer": "NS", "contract": "2S", "tricks": 8},
    {"declarer": "EW", "contract": "2D", "tricks": 8},
    {
        "declarer": "NS",
        "contract": "4SX",
        "tricks": 9,
        "honors": {"kind": "4-one", "side": "defenders"},
    },
    {"contract": "pass"},
    {"declarer": "EW", "contract": "3NT", "tricks": 10},
    {
        "declarer": "NS",
        "contract": "6H",
        "tricks": 12,
        "honors": {"kind": "5-one", "side": "declarer"},
    },
]


def test_contract_rubber_jsonl_worked_by_hand() -> None:
    """CB-R1..CB-R5: the nine-deal rubber of tests/scoring, through the pad."""
    out = jsonl("rubber", deals=CONTRACT_RUBBER)
    deals, final = out[:-1], out[-1]
    assert [d["deal"] for d in deals] == list(range(1, 10))
    assert [d["game_won"] for d in deals] == [None, None, None, "NS", None, None, None, "EW", "NS"]
    # The vulnerability comes from the rubber: NS vulnerable from deal 5 on, EW from deal 9.
    assert [d["vulnerable"] for d in deals] == [False] * 5 + [True, False, False, True]
    assert deals[3]["vulnerable_now"] == ["NS"]
    assert deals[7]["vulnerable_now"] == ["NS", "EW"]
    assert deals[5]["hand"] == {
        "score": -300,
        "below": 0,
        "declarer_above": 0,
        "defenders_above": 300,
    }
    assert deals[6]["contract"] == "pass" and deals[6]["hand"] is None
    assert deals[3]["sheet"]["EW"]["below"] == [[40], []]  # EW's 40 stays, cut off from game
    assert deals[8]["over"] is True
    assert final["final"] is True and final["finished"] is True
    assert final["winner"] == "NS"
    assert final["rubber_bonus"] == {"to": "NS", "points": 500}
    assert final["games"] == {"NS": 2, "EW": 1}
    assert final["totals"] == {"NS": 1780, "EW": 660}
    assert (final["margin"], final["leader"]) == (1120, "NS")
    assert final["sheet"]["NS"]["below_total"] == 300
    assert final["sheet"]["NS"]["above_total"] == 1480


def test_auction_rubber_jsonl_worked_by_hand() -> None:
    """AB-3..AB-12: the eight-deal auction rubber of tests/scoring, in words."""
    lines = [
        "NS 1S 9 3 declarer",
        "EW 2H 7 4-one declarer",
        "EW 1NT 8",
        "NS 1C 7",
        "EW 7NT 12",
        "NS 3S 1",
        "EW 4D 10",
        "NS 2NTX 9",
    ]
    out = jsonl("auction", deals=lines)
    final = out[-1]
    assert [d["game_won"] for d in out[:-1]] == [None, None, None, "NS", None, None, None, "NS"]
    assert all(d["vulnerable"] is False for d in out[:-1])  # AB-5
    assert final["totals"] == {"NS": 573, "EW": 628}
    assert final["rubber_bonus"] == {"to": "NS", "points": 250}
    assert (final["margin"], final["leader"]) == (55, "EW")


def test_three_handed_contract_jsonl_settlement() -> None:
    """TH-12..TH-20: the eight-deal rubber of tests/scoring; settlement 1400 / 2100 / 700."""
    deals = [
        {"declarer": "A", "contract": "2S", "tricks": 9},
        {"declarer": "B", "contract": "3NT", "tricks": 8},
        {
            "declarer": "C",
            "contract": "4H",
            "tricks": 10,
            "honors": {"kind": "4-one", "side": "defenders"},
        },
        {"declarer": "A", "contract": "3NT", "tricks": 9},
        {"declarer": "C", "contract": "4SX", "tricks": 8},
        {"contract": "pass"},
        {"declarer": "B", "contract": "5D", "tricks": 11, "honors": "5-one declarer"},
        {"declarer": "A", "contract": "6NT", "tricks": 12},
    ]
    out = jsonl("three-handed-contract", "--players", "A,B,C", deals=deals)
    final = out[-1]
    assert out[1]["sheet"]["A"]["above"] == [30, 50]
    assert out[1]["sheet"]["C"]["above"] == [50]
    assert out[4]["vulnerable"] is True  # C had won a game (TH-17)
    assert out[4]["sheet"]["A"]["games"] == 1 and out[4]["sheet"]["A"]["vulnerable"] is True
    assert final["totals"] == {"A": 2280, "B": 850, "C": 170}
    assert final["rubber_bonus"] == {"to": "A", "points": 500}
    assert final["settlement"] == [
        {"from": "B", "to": "A", "points": 1400},
        {"from": "C", "to": "A", "points": 2100},
        {"from": "C", "to": "B", "points": 700},
    ]


def test_three_handed_auction_readable_pad() -> None:
    """TH-12..TH-20 with the auction table, as a readable sheet."""
    text = "\n".join(
        [
            "A 1NT 9 3-aces defenders",
            "B 2S 7 4 declarer",
            "C 3H 9",
            "B 2D 8",
            "A 4D 10",
            "C 1C 7",
            "B 3SX 11",
            "A 7C 13",
        ]
    )
    proc = bridgeroom("rubber", "three-handed-auction", "--players", "A,B,C", stdin=text)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert (
        lines[0]
        == "deal 1: A 1NT, 9 tricks, made +2: A 30 below, 0 above; B and C 30 above each. Game to A"
    )
    assert "totals: A 500, B 324, C 110" in lines
    assert "settlement: B pays A 200" in lines
    assert "settlement: C pays A 400" in lines
    assert "settlement: C pays B 200" in lines
    assert any(line.endswith("game to A") for line in lines)
    total_line = next(line for line in lines if line.startswith("total "))
    assert total_line.split()[1:] == ["500", "324", "110"]


def test_readable_contract_pad_and_errors_on_stderr() -> None:
    text = "NS 4S 10\nbad line\nEW 2H 8\nNS 3NT 9\n"
    proc = bridgeroom("rubber", "rubber", stdin=text)
    assert proc.returncode == 0
    assert proc.stderr.strip() == (
        "line 2: error: write DECLARER CONTRACT TRICKS [HONORS-KIND declarer|defenders], "
        "or pass: 'bad line'"
    )
    lines = proc.stdout.splitlines()
    assert "games: NS 2, EW 0" in lines
    assert "totals: NS 920, EW 60" in lines  # 120 + 100 + 700; EW 60
    assert "margin: NS by 860" in lines


def test_unfinished_rubber_at_end_of_input() -> None:
    """CB-R6: the input ends before the rubber: 300 for the only game, 100 for a partscore."""
    out = jsonl("rubber", deals=["NS 4S 10", "EW 2S 8"])
    final = out[-1]
    assert final["finished"] is False and final["winner"] is None
    assert final["unfinished_bonuses"] == [
        {"to": "NS", "points": 300, "what": "unfinished rubber: game"},
        {"to": "EW", "points": 100, "what": "unfinished rubber: partscore"},
    ]
    assert final["totals"] == {"NS": 420, "EW": 160}
    final = jsonl("rubber", "--unfinished", "none", deals=["NS 4S 10"])[-1]
    assert final["totals"] == {"NS": 120, "EW": 0}
    final = jsonl("rubber", "--unfinished", "300,50", deals=["EW 1C 7"])[-1]
    assert final["totals"] == {"NS": 0, "EW": 70}


def test_bad_lines_and_lines_after_the_end() -> None:
    """A bad line gets an error object; the vulnerability cannot be given; the rubber ends at two games."""
    deals = [
        {"declarer": "NS", "contract": "3NT", "tricks": 9},
        {"declarer": "NS", "contract": "3NT", "tricks": 9, "vulnerable": True},
        {"declarer": "XY", "contract": "3NT", "tricks": 9},
        {"declarer": "NS", "contract": "3NT", "tricks": 9},
        {"declarer": "EW", "contract": "1C", "tricks": 7},
    ]
    out = jsonl("rubber", deals=deals)
    assert "vulnerability comes from the rubber" in out[1]["error"]
    assert out[1]["line"] == 2
    assert "NS or EW" in out[2]["error"]
    assert out[3]["game_won"] == "NS" and out[3]["rubber_bonus"] == 700
    assert out[4]["final"] is True and out[4]["totals"] == {"NS": 900, "EW": 0}
    assert "over" in out[5]["error"]
    assert len(out) == 6


def test_usage_errors_exit_2() -> None:
    proc = bridgeroom("rubber", "three-handed-contract", "--jsonl")
    assert proc.returncode == 2 and "--players" in proc.stderr
    proc = bridgeroom("rubber", "rubber", "--players", "A,B,C")
    assert proc.returncode == 2 and "no --players" in proc.stderr
    proc = bridgeroom("rubber", "duplicate")
    assert proc.returncode == 2 and "no rubbers" in proc.stderr
    proc = bridgeroom("rubber", "three-handed-auction", "--players", "A,B")
    assert proc.returncode == 2 and "TH-1" in proc.stderr


def test_readable_pad_in_russian() -> None:
    """``--lang ru``: the pad, its lines and its refusals in Russian. CB-R2..CB-R4: 4♠ (120) and
    3NT (100) are NS's two games, the rubber bonus 700 against none (CB-R4); EW's 2♥ is 60."""
    text = 'NS 4S 10\nbad\n{"contract": "pass", "honors": "4-one declarer"}\nEW 2H 8\nNS 3NT 9\n'
    proc = bridgeroom("rubber", "rubber", "--lang", "ru", stdin=text)
    assert proc.returncode == 0
    assert proc.stderr.splitlines() == [
        "строка 2: ошибка: пишите РАЗЫГРЫВАЮЩИЙ КОНТРАКТ ВЗЯТКИ [ВИД-ОНЁРОВ declarer|defenders] "
        "или pass: «bad»",
        "строка 3: ошибка: в сдаче, сыгранной в пас, онёры не засчитываются (CB-7, TH-7)",
    ]
    lines = proc.stdout.splitlines()
    assert lines[0] == (
        "сдача 1: NS 4S не в зоне, 10 взяток, выполнен: NS: 120 под чертой, 0 над чертой. Гейм: NS"
    )
    assert lines[2].endswith("Гейм: NS; NS выигрывает роббер (+700)")
    assert lines[3 + 1].split() == ["сдача", "3:", "премия", "за", "роббер", "700"]
    assert lines[-3:] == ["геймы: NS 2, EW 0", "итоги: NS 920, EW 60", "разница: NS на 860"]


def test_three_handed_pad_in_russian() -> None:
    """TH-14: each defender scores the penalty; 4♠ doubled three down, not vulnerable, is 500
    to each (CB-R: 100 + 200 + 200); TH-20: the settlement between each pair of players."""
    proc = bridgeroom(
        "rubber", "three-handed-contract", "--players", "A,B,C", "--lang", "ru", stdin="B 4SX 7\n"
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == (
        "сдача 1: B 4SX не в зоне, 7 взяток, без 3: B: 0 под чертой, 0 над чертой; "
        "A и C: по 500 над чертой"
    )
    assert "роббер не закончен" in lines
    assert "расчёт: B платит A 500" in lines and "расчёт: B платит C 500" in lines
