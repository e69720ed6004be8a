"""``bridgeroom deal``: boards numbered with their dealer and vulnerability (CB-B1, CB-B2; mini-bridge
boards too, MB-1), as PBN, LIN or text, from scripts, practice sets and conditions."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bridgeroom.analysis.practice import practice_sets
from bridgeroom.cli.main import main
from bridgeroom.formats import lin, pbn
from bridgeroom.rules import Hand, Seat, Vulnerability

#: CB-B1 and CB-B2 (docs/rules.md): each board's dealer and vulnerability, boards 1-16.
DEALERS = "NESWNESWNESWNESW"
VULNERABLE = ("none NS EW both NS EW both none EW both none NS both none NS EW").split()
BOARDS = {n: (DEALERS[n - 1], VULNERABLE[n - 1]) for n in range(1, 17)}


def deal(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(["deal", "--workers", "0", *args]) == 0
    return capsys.readouterr().out


def test_boards_are_numbered_with_dealer_and_vulnerability(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """CB-B1, CB-B2: the board's number gives its dealer and vulnerability."""
    games = pbn.loads(deal(capsys, "-c", "hcp(north) >= 10", "-n", "8", "--seed", "1"))
    assert [g.board for g in games] == list(range(1, 9))
    for game in games:
        dealer, vul = BOARDS[game.board]  # type: ignore[index]
        assert game.dealer is Seat.find(dealer)
        assert game.vulnerability is Vulnerability.find(vul)
        assert game.deal is not None and game.deal[Seat.NORTH].hcp >= 10


def test_a_practice_set_as_a_teacher_prints_it(capsys: pytest.CaptureFixture[str]) -> None:
    games = pbn.loads(deal(capsys, "--set", "1nt-opening", "-n", "16", "--seed", "3"))
    assert len(games) == 16
    for game in games:
        south = game.deal[Seat.SOUTH]  # type: ignore[index]
        assert 15 <= south.hcp <= 17 and south.is_balanced() and max(south.lengths[:2]) <= 4
        assert game.dealer is Seat.SOUTH  # the script's dealer
        assert game.vulnerability is Vulnerability.find(BOARDS[game.board][1])  # type: ignore[index]


def test_minibridge_boards(capsys: pytest.CaptureFixture[str]) -> None:
    """MB-1: mini-bridge boards carry their board's dealer and vulnerability; the 20-20 set
    gives each pair 20 points (the tie of MB-3)."""
    games = pbn.loads(deal(capsys, "--set", "minibridge-20-20", "-n", "6", "--seed", "2"))
    for game in games:
        assert game.tags["Variant"] == "minibridge"
        assert game.dealer is Seat.find(BOARDS[game.board][0])  # type: ignore[index]
        hands = game.deal
        assert hands is not None and hands[Seat.NORTH].hcp + hands[Seat.SOUTH].hcp == 20
        state = game.to_state()
        assert type(state).__name__ == "MiniBridgeDeal"


def test_three_handed_and_auction_boards(capsys: pytest.CaptureFixture[str]) -> None:
    three = pbn.loads(deal(capsys, "-n", "2", "--seed", "2", "--game", "three-handed"))
    assert [g.tags["Variant"] for g in three] == ["three-handed"] * 2
    assert type(three[0].to_state()).__name__ == "ThreeHandedDeal"
    auction = pbn.loads(deal(capsys, "-n", "1", "--seed", "2", "--game", "auction"))
    assert auction[0].tags["Scoring"] == "auction"


def test_lin_and_text(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "boards.lin"
    assert main(["deal", "--workers", "0", "-c", "spades(south) >= 6", "-n", "3", "--seed", "4",
                 "-o", str(out)]) == 0  # fmt: skip
    games = lin.loads(out.read_text())
    assert [g.board for g in games] == [1, 2, 3]
    assert all(g.deal[Seat.SOUTH].length(3) >= 6 for g in games)  # type: ignore[arg-type]
    text = deal(capsys, "-c", "spades(south) >= 6", "-n", "3", "--seed", "4", "-f", "text")
    assert text.startswith("Board 1  Dealer N  Vul None\n")
    # the same boards whatever the format
    first = games[0].deal
    assert first is not None
    spades = " ".join(c.rank.letter for c in first[Seat.SOUTH] if c.suit == 3)
    assert text.splitlines()[1].split() == ["North", "East", "South", "West"]
    assert spades in text.splitlines()[2]


def test_predeal_and_hidden_hands(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--predeal", "S:KQ872.K94.Q73.82", "-c", "hcp(north) >= 15", "-n", "3", "--seed", "5"]
    games = pbn.loads(deal(capsys, *args))
    assert all(g.deal[Seat.SOUTH] == Hand("KQ872.K94.Q73.82") for g in games)  # type: ignore[index]
    script = "condition hcp(north) >= 12\naction print(north, south)"
    shown = pbn.loads(main_text(capsys, script, "-n", "2", "--seed", "5"))
    assert all(g.tags["Deal"].count("-") == 2 for g in shown)


def main_text(capsys: pytest.CaptureFixture[str], script: str, *args: str) -> str:
    import io

    stdin = sys.stdin
    sys.stdin = io.StringIO(script)
    try:
        return deal(capsys, "-", *args)
    finally:
        sys.stdin = stdin


def test_statistics_only(capsys: pytest.CaptureFixture[str]) -> None:
    out = main_text(
        capsys,
        'condition hcp(north) >= 20\naction average "hcp" hcp(north), frequency "spades" '
        "(spades(north), 2, 6)",
        "-n",
        "500",
        "--seed",
        "1",
    )
    assert "[Board" not in out
    lines = [line.removeprefix("% ") for line in out.splitlines()]
    mean = float(lines[0].split(": ")[1])
    assert 20 <= mean <= 23
    assert lines[1] == "spades:"
    assert sum(int(line.split()[1]) for line in lines[2:]) == 500


def test_every_practice_set_deals() -> None:
    from bridgeroom.analysis.generate import generate

    sets = practice_sets()
    assert {"1nt-opening", "major-fit-game", "minibridge-20-20"} <= set(sets)
    for chosen in sets.values():
        assert chosen.game in ("contract", "minibridge")
        assert len(generate(chosen.script, 4, seed=1)) == 4, chosen.name


def test_errors_are_one_line_with_the_script_and_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script = tmp_path / "bad.dealer"
    script.write_text("produce 3\n\ncondition quality(north, spades) > 100\n")
    assert main(["deal", str(script), "--workers", "0"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == (
        f"bridgeroom deal: error: {script}: line 3: quality() is not supported by bridgeroom "
        "(Kaplan-Rubens suit quality); the functions are hcp, spades, hearts, diamonds, clubs, "
        "shape, hascard, controls, losers, pt0-pt9, tricks, score, imps"
    )
    assert main(["deal", "--set", "no-such-set"]) == 2
    assert "1nt-opening" in capsys.readouterr().err
    # 37 points is possible (AKQ of each suit and a jack) but too rare for 40,000 deals: fewer
    # boards than asked for is a failure (exit 1); more than 37 is impossible: an error at once
    assert main(["deal", "-c", "hcp(north) == 37", "-n", "2", "--generate", "40000",
                 "--workers", "0"]) == 1  # fmt: skip
    assert "only 0 of 2 boards" in capsys.readouterr().err
    assert main(["deal", "-c", "hcp(north) > 37", "-n", "2", "--workers", "0"]) == 2
    assert capsys.readouterr().err.strip() == (
        "bridgeroom deal: error: the condition can never be met (line 1): a hand holds 0 to 37 "
        "high-card points"
    )
    assert main(["deal", "-c", "hcp(north) >", "--workers", "0"]) == 2
    assert "--condition: line 1" in capsys.readouterr().err


def test_the_command_runs_as_a_program(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bridgeroom", "deal", "--set", "weak-two", "-n", "2", "--seed", "9"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    games = pbn.loads(proc.stdout)
    assert len(games) == 2 and all(g.dealer is Seat.EAST for g in games)
