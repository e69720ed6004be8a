"""``bridgeroom score``, run as a real command; values worked by hand from docs/rules.md."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest


def bridgeroom(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bridgeroom", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_score_duplicate_json() -> None:
    """CB-D1: 4H vulnerable made = 120 + 500."""
    proc = bridgeroom("score", "duplicate", "4H", "10", "--vulnerable", "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert {k: out[k] for k in ("score", "below", "declarer_above", "defenders_above")} == {
        "score": 620,
        "below": 120,
        "declarer_above": 500,
        "defenders_above": 0,
    }
    assert out["breakdown"] == [
        {"what": "trick score 4 x H", "points": 120, "to": "below"},
        {"what": "game premium", "points": 500, "to": "declarer"},
    ]


def test_score_human_output() -> None:
    """CB-D4/CB-D3: 3NT doubled +1 not vulnerable = 200 + 300 + 50 + 100 = 650."""
    proc = bridgeroom("score", "duplicate", "3NTX", "10")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "duplicate: 3NTX, 10 tricks, not vulnerable: made +1"
    assert lines[-1] == "below 200, declarer above 450, defenders above 0; score +650"
    assert any("game premium" in line and "300" in line for line in lines)


def test_score_rubber_with_honors() -> None:
    """CB-R5: 3NT one down NV, the defenders hold the four aces: 50 + 150 to them."""
    proc = bridgeroom(
        "score",
        "rubber",
        "3NT",
        "8",
        "--honors",
        "4-aces-one",
        "--honors-side",
        "defenders",
        "--json",
    )
    out = json.loads(proc.stdout)
    assert (out["score"], out["below"], out["defenders_above"]) == (-200, 0, 200)
    assert out["honors"] == {"kind": "4-aces-one", "side": "defenders"}


def test_score_auction_and_three_handed() -> None:
    """AB-4/AB-8: 2HX +1 = 3 x 16 below, 50 + 50 above; TH-14: each defender scores the penalty."""
    out = json.loads(bridgeroom("score", "auction", "2HX", "9", "--json").stdout)
    assert (out["below"], out["declarer_above"], out["score"]) == (48, 100, 148)
    proc = bridgeroom("score", "three-handed-contract", "4S", "8", "--vulnerable")
    assert proc.returncode == 0
    assert "200  each defender" in proc.stdout
    out = json.loads(bridgeroom("score", "three-handed-auction", "4S", "8", "--json").stdout)
    assert (out["defenders_above"], out["each_defender"]) == (100, 100)


def test_score_minibridge_and_ebu_overtricks() -> None:
    """MB-9: 2S with 10 tricks = 110; MB-A6: with overtricks 170."""
    assert (
        json.loads(bridgeroom("score", "minibridge", "2S", "10", "--json").stdout)["score"] == 110
    )
    out = bridgeroom("score", "minibridge", "2S", "10", "--overtricks", "--json").stdout
    assert json.loads(out)["score"] == 170


@pytest.mark.parametrize(
    ("args", "rule"),
    [
        (("minibridge", "4SX", "10"), "MB-6"),
        (("auction", "4H", "10", "--vulnerable"), "AB-5"),
        (("duplicate", "4H", "14"), "CB-11"),
        (("rubber", "4H", "10", "--honors", "3", "--honors-side", "declarer"), "CB-R5"),
        (("duplicate", "4H", "10", "--honors", "4-one"), "--honors-side"),
        (("duplicate", "4H", "10", "--overtricks"), "overtricks"),
        (("bridge", "4H", "10"), "unknown game"),
        (("duplicate", "9H", "10"), "9H"),
    ],
)
def test_score_errors_one_line_exit_2(args: tuple[str, ...], rule: str) -> None:
    proc = bridgeroom("score", *args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and rule in lines[0]


def test_score_jsonl_good_and_bad_lines() -> None:
    """Every line is answered; a bad line gets {"error"} and the rest go on."""
    lines = [
        {"game": "duplicate", "contract": "6NT", "tricks": 12, "vulnerable": True},  # 1440
        "not json",
        {
            "game": "rubber",
            "contract": "4S",
            "tricks": 9,
            "honors": {"side": "declarer", "kind": "5-one"},
        },
        {"game": "auction", "contract": "1C", "tricks": 13},  # 42 below, 100 slam
        {"game": "minibridge", "contract": "4SX", "tricks": 10},
        {"game": "three-handed-auction", "contract": "2NT", "tricks": 6},  # 2 down: 100 each
        {"game": "duplicate", "contract": "4S"},
        {"game": "minibridge", "contract": "4H", "tricks": 11, "overtricks": True},  # 450
    ]
    text = "\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n"
    proc = bridgeroom("score", "--jsonl", stdin=text)
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(out) == len(lines)
    assert out[0]["score"] == 1440
    assert out[1]["line"] == 2 and "error" in out[1]
    # CB-R5: 4S one down NV, declarer holds all five honors: 50 to the defenders, 150 to declarer.
    assert (out[2]["score"], out[2]["declarer_above"], out[2]["defenders_above"]) == (100, 150, 50)
    assert (out[3]["below"], out[3]["declarer_above"]) == (42, 100)
    assert "MB-6" in out[4]["error"]
    assert out[5]["defenders_above"] == 100 and out[5]["each_defender"] == 100
    assert "tricks" in out[6]["error"]
    assert out[7]["score"] == 450


def test_score_jsonl_ten_thousand_lines() -> None:
    """10,000 lines in, 10,000 results out, in order (the bench times this)."""
    records = [
        json.dumps(
            {"game": "duplicate", "contract": "3NT", "tricks": t % 14, "vulnerable": bool(t % 2)}
        )
        for t in range(10_000)
    ]
    proc = bridgeroom("score", "--jsonl", stdin="\n".join(records) + "\n")
    out = proc.stdout.splitlines()
    assert len(out) == 10_000
    # tricks 9, NV: 400 (line index 9 has t = 9: odd, so vulnerable: 600); t = 10 even: NV 430.
    assert json.loads(out[9])["score"] == 600
    assert json.loads(out[10])["score"] == 430
    assert json.loads(out[0])["score"] == -450  # 9 down NV undoubled


def test_score_jsonl_refuses_positional_arguments() -> None:
    proc = bridgeroom("score", "duplicate", "--jsonl")
    assert proc.returncode == 2 and "--jsonl" in proc.stderr


def test_score_breakdown_in_russian() -> None:
    """``--lang ru``: the breakdown in Russian with its plural forms. AB-3/AB-4: 2♠ with nine
    tricks is three odd tricks at 9, 27 below the line; CB-D: 3NT doubled, ten tricks, not
    vulnerable: 200 + 300 + 50 + 100 = 650."""
    proc = bridgeroom("score", "auction", "2S", "9", "--lang", "ru")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "auction: 2S, 9 взяток: контракт выполнен +1"
    assert lines[1].split() == "3 взятки сверх шести × 9 (П) 27 под чертой".split()
    assert lines[2] == "под чертой 27; над чертой: разыгрывающему 0, защитникам 0; счёт +27"
    proc = bridgeroom("score", "duplicate", "3NTX", "10", "--lang", "ru")
    rows = [re.split(r"\s{2,}", line.strip()) for line in proc.stdout.splitlines()]
    assert rows[1:5] == [
        ["за взятки 3 × БК с контрой", "200", "под чертой"],
        ["премия за гейм", "300", "разыгрывающему"],
        ["за выполненный контракт с контрой", "50", "разыгрывающему"],
        ["1 лишняя взятка × 100", "100", "разыгрывающему"],
    ]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("minibridge", "4SX", "10"), "счёт мини-бриджа: контр нет (MB-6): 4SX"),
        (("auction", "2S", "9", "--vulnerable"), "счёт бриджа-аукциона: зон нет (AB-5): 2S"),
        (("rubber", "4S", "x"), "взятки — целое число от 0 до 13, а не «x» (CB-11)"),
        (
            ("rubber", "4S", "10", "--honors", "4-aces-one", "--honors-side", "declarer"),
            "онёры «4-aces-one» бывают только в бескозырном контракте, а не в 4S (CB-R5)",
        ),
    ],
)
def test_score_refusals_in_russian(args: tuple[str, ...], said: str) -> None:
    proc = bridgeroom("score", *args, "--lang", "ru")
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == f"bridgeroom score: ошибка: {said}\n"
