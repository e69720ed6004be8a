"""The ``bridgeroom coach`` and ``bridgeroom session`` commands."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from bridgeroom.cli.main import main

DEAL = "N:AKQT98.KT98.T98. .AQJ765.AK.QT987 J765..QJ765.A654 432.432.432.KJ32"
CSV = """board,table,ns,ew,declarer,contract,tricks
1,1,Anna & Boris,Vera & Gleb,N,3NT,9
1,2,Dima & Egor,Zhenya & Zoya,N,3NT,8
1,3,Ivan & Katya,Lena & Misha,S,2NT,10
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_coach_from_counts(capsys: pytest.CaptureFixture[str]) -> None:
    """MB-13: 18 + 9 = 27 with a spade fit of 3 + 5: game, 4S."""
    code, out, _ = run(capsys, "coach", "--hand", "AKQ.KQ2.A76.5432", "--counts", "18,8,9,5",
                       "--dummy-lengths", "5,3,3,2")  # fmt: skip
    assert code == 0
    assert out.splitlines()[:3] == [
        "Balance   27 (you 18 + partner 9)",
        "Fits      ♠ 8 (3+5)",
        "Contract  4♠ (game)",
    ]


def test_coach_partner_json_russian(capsys: pytest.CaptureFixture[str]) -> None:
    """--partner, --lang ru and --json."""
    code, out, _ = run(capsys, "coach", "--hand", "AKQ.KQ2.A76.5432", "--partner", "9",
                       "--dummy-lengths", "5,3,3,2", "--lang", "ru", "--json")  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["balance"] == 27 and data["contract"] == "4S" and data["category"] == "game"
    assert data["fits"] == [{"suit": "S", "total": 8, "own": 3, "dummy": 5}]
    assert "пиках" in data["reason"]


def test_coach_from_a_deal_and_board(capsys: pytest.CaptureFixture[str]) -> None:
    """MB-3, MB-4, MB-13: board 1 of the 12-16-8-4 deal: E declares with 16 + 4 = 20; hearts 6 + 3."""
    code, out, _ = run(capsys, "coach", "--deal", DEAL, "--board", "1")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Board 1, dealer N; counts N:12 E:16 S:8 W:4; E declares, W is dummy"
    assert lines[3] == "Contract  1♥ (part-score)"


def test_coach_errors(capsys: pytest.CaptureFixture[str]) -> None:
    """A hand that is not the declarer's, bad counts, missing input: exit 2 with one line."""
    code, _, err = run(capsys, "coach", "--hand", "AKQ.JT9.876.5432", "--counts", "12,8,10,10",
                       "--dummy-lengths", "4,3,3,3")  # fmt: skip
    assert code == 2 and "MB-2" in err and err.count("\n") == 1
    code, _, err = run(capsys, "coach", "--hand", "AKQ.KQ2.A76.5432", "--counts", "18,8,9",
                       "--dummy-lengths", "5,3,3,2")  # fmt: skip
    assert code == 2 and "4 numbers" in err
    code, _, err = run(capsys, "coach", "--hand", "AKQ.KQ2.A76.5432")
    assert (code, err) == (
        2,
        "bridgeroom coach: error: give --hand and --dummy-lengths (with --counts or --partner), "
        "or --deal\n",
    )


def test_coach_errors_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    """``--lang ru``: the coach's refusals are Russian, with the plural forms (4 числа)."""
    code, _, err = run(capsys, "coach", "--hand", "AKQ.KQ2.A76.5432", "--partner", "9",
                       "--dummy-lengths", "5,3,3", "--lang", "ru")  # fmt: skip
    assert (code, err) == (
        2, "bridgeroom coach: ошибка: длины мастей болвана — это 4 числа, а не 3: «5,3,3»\n"
    )  # fmt: skip
    code, _, err = run(capsys, "coach", "--deal", DEAL, "--board", "1", "--dealer", "E",
                       "--lang", "ru")  # fmt: skip
    assert (code, err) == (
        2,
        "bridgeroom coach: ошибка: укажите --board или --dealer, но не оба (номер сдачи задаёт "
        "сдающего)\n",
    )


def test_session_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The session printout and its JSON form."""
    path = tmp_path / "tuesday.csv"
    path.write_text(CSV, encoding="utf-8")
    code, out, _ = run(capsys, "session", str(path))
    assert code == 0
    assert out.startswith("tuesday\n=======\n")
    assert "Board 1  dealer N  vulnerable: None" in out
    code, out, _ = run(capsys, "session", str(path), "--json", "--title", "Tuesday")
    data = json.loads(out)
    assert data["title"] == "Tuesday"
    assert [r["ns_mp"] for r in data["boards"][0]["results"]] == [4, 0, 2]
    assert [r["ns_imps"] for r in data["boards"][0]["results"]] == [17, -15, -2]


def test_session_overtricks_flag(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """MB-A6: --overtricks scores 2NT with 10 tricks as 180 instead of 120."""
    path = tmp_path / "s.csv"
    path.write_text(CSV, encoding="utf-8")
    code, out, _ = run(capsys, "session", str(path), "--overtricks", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["overtricks"] is True
    assert [r["ns_score"] for r in data["boards"][0]["results"]] == [400, -50, 180]


def test_session_bad_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A bad file: one error line naming the line and the rule, exit 2."""
    path = tmp_path / "bad.csv"
    path.write_text("board,table,declarer,contract,tricks\n1,1,N,3NTX,9\n", encoding="utf-8")
    code, _, err = run(capsys, "session", str(path))
    assert code == 2
    assert "line 2" in err and "MB-6" in err


def test_session_bad_result_is_reported_and_the_rest_scored(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A bad line is reported with its line and reason and left out; the rest is scored; exit 1."""
    path = tmp_path / "mixed.csv"
    path.write_text(
        "board,table,declarer,contract,tricks\n1,1,N,3NT,9\n1,2,E,3NTX,9\n1,3,S,2S,8\n",
        encoding="utf-8",
    )
    code, out, err = run(capsys, "session", str(path), "--json")
    assert code == 1
    assert "line 3" in err and "MB-6" in err
    data = json.loads(out)
    assert [r["table"] for r in data["boards"][0]["results"]] == [1, 3]


def test_a_class_file_writes_the_clubs_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A class typed in a CSV file writes the same files as a TOML session: USEBIO (read back:
    each pair by its players, numbered as it first sat, the traveller's lines on those
    numbers), the ranking as CSV, the results page and a PDF (read back with pdftotext).
    Board 1 by hand (MB-T1, MB-9): 3NT= +400, 3NT-1 -50, 2NT+1 +120 (no overtricks), so
    North-South's matchpoints over three tables are 4, 0 and 2."""
    from bridgeroom.sessions.usebio import read_usebio

    path = tmp_path / "class.csv"
    path.write_text(CSV, encoding="utf-8")
    xml, ranking, page, pdf = (tmp_path / n for n in ("c.xml", "c.csv", "c.html", "c.pdf"))
    code, out, _ = run(
        capsys, "session", str(path), "--usebio", str(xml), "--csv", str(ranking),
        "--html", str(page), "--pdf", str(pdf),
    )  # fmt: skip
    assert code == 0
    assert f"USEBIO written to {xml}" in out
    usebio = read_usebio(xml.read_text(encoding="utf-8"))
    pairs = {tuple(n for n, _ in p["players"]): p for p in usebio["pairs"]}
    ns = {names: (p["direction"], p["place"], p["score"]) for names, p in pairs.items()}
    assert ns[("Anna", "Boris")] == ("NS", "1", "100.0")
    assert ns[("Ivan", "Katya")] == ("NS", "2", "50.0")
    assert ns[("Dima", "Egor")] == ("NS", "3", "0.0")
    assert ns[("Lena", "Misha")] == ("EW", "2", "50.0")
    by_number = {p["number"]: names for names, p in pairs.items()}
    lines = [(by_number[r["ns"]], by_number[r["ew"]], r["ns_points"]) for r in usebio["boards"][1]]
    assert lines == [
        (("Anna", "Boris"), ("Vera", "Gleb"), "4"),
        (("Dima", "Egor"), ("Zhenya", "Zoya"), "0"),
        (("Ivan", "Katya"), ("Lena", "Misha"), "2"),
    ]
    rows = ranking.read_text(encoding="utf-8").splitlines()
    assert rows[1].startswith("NS,1,Anna & Boris,1,400,4,4,100.0")
    assert "Zhenya &amp; Zoya" in page.read_text(encoding="utf-8")
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Ivan & Katya" in text


def test_a_class_file_has_no_deals_for_a_pbn_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A PBN file's ScoreTable stands under each board's deal, which a class file lacks: one
    line naming what to do, exit 2, nothing written."""
    path = tmp_path / "class.csv"
    path.write_text(CSV, encoding="utf-8")
    code, _, err = run(capsys, "session", str(path), "--pbn", str(tmp_path / "c.pbn"))
    assert code == 2
    assert "class file has none" in err
    assert not (tmp_path / "c.pbn").exists()


def test_a_class_prints_in_russian(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``--lang ru``: the class's printout is Russian (the boards, the scorecards, the
    rankings; the contracts as typed, the declarer by its Russian letter), as a TOML session's."""
    path = tmp_path / "class.csv"
    path.write_text(CSV, encoding="utf-8")
    code, out, _ = run(capsys, "session", str(path), "--lang", "ru", "--title", "Вторник")
    assert code == 0
    for needle in ("Сдача 1  сдаёт С  в зоне: никто", "3NT С", "2NT Ю", "Карточка пары: Anna & Boris",
                   "Итоги СЮ по матчпойнтам", "Итоги ВЗ по ИМПам", "Закон 78А"):  # fmt: skip
        assert needle in out
    for english in ("Board", "Scorecard", "Ranking", "tricks", "dealer", "Law"):
        assert english not in out


def test_a_class_files_refusals_are_said_in_russian(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--lang ru``: each refused line of a class file in Russian, with its line (CSV) or its
    number (JSON) and the rule it breaks; the rest is scored (exit 1), and a file with no result
    left says so in Russian too (exit 2). Plural forms: 4 значения, 5 столбцов."""
    path = tmp_path / "mixed.csv"
    path.write_text(
        "board,table,declarer,contract,tricks\n1,1,N,3NT,9\n1,2,E,3NTX,9\n1,3,Q,2S,8\n1,4,N,3NT\n",
        encoding="utf-8",
    )
    code, _, err = run(capsys, "session", str(path), "--lang", "ru")
    assert code == 1
    assert err.splitlines() == [
        f"bridgeroom session: {path}: строка 3: сдача 1, стол 2: в мини-бридже нет контры (MB-6)",
        f"bridgeroom session: {path}: строка 4: «Q» — не место: С, В, Ю или З.",
        f"bridgeroom session: {path}: строка 5: 4 значения на 5 столбцов",
    ]
    records = [5, {"board": 1, "table": 1, "declarer": "N", "contract": "3NT", "tricks": "x"}]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    code, _, err = run(capsys, "session", str(path), "--lang", "ru")
    assert code == 2
    assert err.splitlines() == [
        f"bridgeroom session: {path}: результат №1 — не объект: 5",
        f"bridgeroom session: {path}: результат №2: это не число взяток: «x» (0-13 или =, +1, -2 ...)",
        f"bridgeroom session: ошибка: {path}: не прочитано ни одного результата",
    ]
    code, _, err = run(capsys, "session", str(path))
    assert "result #2: not a number of tricks: “x” (0-13, or =, +1, -2 ...)" in err
