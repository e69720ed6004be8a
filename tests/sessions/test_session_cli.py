"""``bridgeroom session FILE.toml``: a typed session of pairs, teams or a class, its results
and its files (USEBIO read back, PBN read back with our reader, the PDF with pdftotext)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from bridgeroom.cli.main import main
from bridgeroom.formats.pbn import loads as pbn_loads
from bridgeroom.sessions.usebio import read_usebio

# Two-table Mitchell, two rounds of one board (board 1 nobody vulnerable, board 2 North-South,
# CB-B2). Board 1: table 1 4S N = +420, table 2 4S N -1 -50. Board 2: table 1 (1NS against
# 2EW) gets average plus / average minus; table 2 (2NS against 1EW) 3NT S = +600.
# Worked by hand (Law 78A, Neuberg, Law 12C2(a)): board 1: 1NS 2, 2NS 0 of a top of 2; board
# 2: table 2 is alone among the results, Neuberg (0 + 1) x 2/1 - 1 = 1 each way; table 1 60 %
# of 2 = 1.2 to 1NS, 40 % = 0.8 to 2EW. 1NS: 3.2 of 4 = 80 %; 2NS: 1 = 25 %;
# 1EW: 0 + 1 = 25 %; 2EW: 2 + 0.8 = 70 %.
MITCHELL = '''title = "Club night"
date = "2026-12-01"
club = "Riverside BC"
club_number = "4680"
movement = "mitchell"
tables = 2
boards = 2
scoring = "matchpoints"
seed = 7
results = """
# board table result
1 1 4S N = HK
1 2 4S N -1
2 1 A+/A-
2 2 3NT S =
2 2 3NT S +1
9 1 4S N =
"""

[players]
1NS = ["Ann Smith #123456", "Bob Jones #234567"]
2EW = ["Cat Brown", "Dan Green"]
'''


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_mitchell_with_an_adjustment_and_bad_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "night.toml"
    path.write_text(MITCHELL, encoding="utf-8")
    files = {k: tmp_path / f"out.{k}" for k in ("xml", "pbn", "csv", "html")}
    code, out, err = _run(
        capsys, "session", str(path), "--usebio", str(files["xml"]), "--pbn", str(files["pbn"]),
        "--csv", str(files["csv"]), "--html", str(files["html"]),
    )  # fmt: skip
    assert code == 1  # two lines refused, the rest scored and written
    assert "line 16: board 2 at table 2 is given twice" in err
    assert "line 17: There is no board 9 in a session of 2 boards." in err
    assert "2 lines were refused" in err
    assert "1NS   Ann Smith – Bob Jones  2       3.20  80.00" in out
    assert "2EW   Cat Brown – Dan Green  2       2.80  70.00" in out
    read = read_usebio(files["xml"].read_text(encoding="utf-8"))
    assert (read["version"], read["event_type"], read["date"]) == ("1.2", "MP_PAIRS", "01/12/2026")
    assert (read["club"], read["club_number"]) == ("Riverside BC", "4680")
    places = {(p["number"], p["direction"]): (p["place"], p["score"]) for p in read["pairs"]}
    assert places == {
        ("1", "NS"): ("1", "80.0"),
        ("2", "NS"): ("2", "25.0"),
        ("2", "EW"): ("1", "70.0"),
        ("1", "EW"): ("2", "25.0"),
    }
    assert read["pairs"][0]["players"] == [("Ann Smith", "123456"), ("Bob Jones", "234567")]
    lines = read["boards"][2]
    assert [(x["ns"], x["ew"], x["score"], x["ns_points"]) for x in lines] == [
        ("1", "2", "A6040", "1.20"),
        ("2", "1", "600", "1"),
    ]
    games = pbn_loads(files["pbn"].read_text(encoding="utf-8"))
    assert [g.board for g in games] == [1, 2]
    assert games[0].deal is not None
    assert "Ann Smith #123456 & Bob Jones #234567" in files["csv"].read_text(encoding="utf-8")
    page = files["html"].read_text(encoding="utf-8")
    assert '<html lang="en">' in page and "<caption>North-South</caption>" in page
    assert "60% / 40%" in page


def test_the_pdf_holds_the_travellers_and_the_hand_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "night.toml"
    path.write_text(MITCHELL, encoding="utf-8")
    pdf = tmp_path / "night.pdf"
    code, _, _ = _run(capsys, "session", str(path), "--pdf", str(pdf), "--lang", "ru")
    assert code == 1
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout  # fmt: skip
    assert "Итоги: Север-Юг" in text and "Ann Smith – Bob Jones" in text
    assert "Сдача 1 · сдаёт С" in text and "60% / 40%" in text
    assert "Расклады" in text  # the hand records, from the seed's deals
    assert "♠Т52" in text.replace(" ", "")  # board 1, North's spades (seed 7), Russian letters


TEAMS = '''movement = "teams"
tables = 4
boards = 6
results = """
1 1 4S N =
1 2 4S N -1
2 1 pass
2 2 pass
1 3 3NT N =
1 4 3NT N =
2 3 3NT N =
2 4 3NT N =
"""

[players]
T4 = ["Eve", "Fay", "Gus", "Hal"]
'''


def test_teams_of_several_matches_in_victory_points(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Round 1: team 4 beats team 1 by 10 IMPs (+420 against -50: 470 points, Law 78B) over a
    two-board match: 16.46 to 3.54 on the WBF continuous scale (blitz 15 x sqrt 2); teams 2
    and 3 draw, 10 each."""
    path = tmp_path / "teams.toml"
    path.write_text(TEAMS, encoding="utf-8")
    xml = tmp_path / "teams.xml"
    code, out, err = _run(capsys, "session", str(path), "--usebio", str(xml))
    assert code == 0, err
    assert "1     T4    Eve – Fay – Gus – Hal  2       +10   16.46" in out
    read = read_usebio(xml.read_text(encoding="utf-8"))
    assert read["event_type"] == "TEAMS_OF_FOUR"
    assert [(p["number"], p["score"]) for p in read["pairs"]] == [
        ("4", "16.46"), ("2", "10"), ("3", "10"), ("1", "3.54"),
    ]  # fmt: skip


CLASS = '''title = "Mini-bridge class"
game = "minibridge"
movement = "class"
tables = 2
boards = 1
scoring = "total"
results = """
1 1 3NT N =
1 2 2NT N +1
"""
'''


def test_a_mini_bridge_class_by_points(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """MB-9, MB-10: 3NT made is 100 + 300 (game), 2NT with an overtrick 70 + 50 (no
    overtricks scored)."""
    path = tmp_path / "class.toml"
    path.write_text(CLASS, encoding="utf-8")
    code, out, _ = _run(capsys, "session", str(path), "--json")
    assert code == 0
    data = json.loads(out)
    assert [r["ns_score"] for r in data["boards"][0]["results"]] == [400, 120]
    assert [(s["pair"], s["points"]) for s in data["rankings"]["NS"]] == [
        ("1NS", 400),
        ("2NS", 120),
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('movement = "swiss"\ntables = 2\nboards = 2\n', "no movement “swiss”"),
        ("tables = 2\nboards = 2\n", "says its movement"),
        ('movement = "class"\ntables = 2\nboards = 2\ncolour = 1\n', "unknown key 'colour'"),
        ("movement = [", "not a TOML file"),
    ],
)
def test_a_bad_session_file_is_one_line_and_exit_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    code, _, err = _run(capsys, "session", str(path))
    assert code != 0 and message in err and len(err.strip().splitlines()) == 1


def test_a_pbn_without_the_deals_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "class.toml"
    path.write_text(CLASS, encoding="utf-8")
    code, _, err = _run(capsys, "session", str(path), "--pbn", str(tmp_path / "x.pbn"))
    assert code != 0 and "holds the deals" in err
    assert not (tmp_path / "x.pbn").exists()
