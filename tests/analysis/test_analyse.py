"""``bridgeroom analyse``: tables and par against endplay (the independent oracle), the PBN it
writes re-read by endplay, bad games, a real Dask cluster, Ctrl-C."""

from __future__ import annotations

import csv
import functools
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from bridgeroom.analysis import Batch
from bridgeroom.analysis.dd import BoardAnalysis, analyse_boards
from bridgeroom.analysis.records import board_input
from bridgeroom.cli.main import main
from bridgeroom.formats import pbn
from bridgeroom.formats.files import read_games
from bridgeroom.rules import Seat, Strain

from .conftest import DATA, ROOT

#: The corpora of endplay's tests: the 16th European Youth Team Championships (1998), a 2021
#: online qualifier (ten boards at many tables), and BBO's LIN records.
CORPORA = ("example1.pbn", "example2.pbn", "example1.lin")
_ENDPLAY_STRAIN = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "NT": "NT"}
_ENDPLAY_PAR = re.compile(r"^(\d)(♣|♦|♥|♠|NT)([NESW])(x?)([+-]\d+|=)$")


@functools.cache
def endplay_par(deal: str, dealer: Seat, vul: str) -> tuple[int, frozenset[str]]:
    """endplay's own par (its own table too), as our contract strings (``4HN``, ``5HXS``)."""
    from endplay.dds import par
    from endplay.types import Deal, Player, Vul

    result = par(Deal(deal), Vul.find(vul), Player(int(dealer)))
    contracts = set()
    for c in result:
        m = _ENDPLAY_PAR.match(str(c))
        assert m is not None, str(c)
        level, strain, seat, doubled, _ = m.groups()
        contracts.add(f"{level}{_ENDPLAY_STRAIN[strain]}{'X' if doubled else ''}{seat}")
    return result.score, frozenset(contracts)


def endplay_table(deal: str) -> dict[str, dict[str, int]]:
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    table = calc_dd_table(Deal(deal))
    denoms = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades}
    denoms["NT"] = Denom.nt
    return {seat: {s: table[d, Player.find(seat)] for s, d in denoms.items()} for seat in "NESW"}


@pytest.fixture(scope="module")
def corpus_analysis() -> list[BoardAnalysis]:
    """Every board of the corpora, analysed in this process."""
    games = [g for _, g in read_games([str(DATA / name) for name in CORPORA])]
    with Batch(workers=0) as batch:
        results = list(analyse_boards((board_input(g) for g in games), batch))  # type: ignore[arg-type]
    assert all(isinstance(r, BoardAnalysis) for r in results)
    return results  # type: ignore[return-value]


def test_par_equals_endplays_on_every_board_of_the_corpora(
    corpus_analysis: list[BoardAnalysis],
) -> None:
    """The 1998 championship's file, the 2021 qualifier's 299 records and the LIN records."""
    assert len(corpus_analysis) == 2 + 299 + 8
    for result in corpus_analysis:
        score, contracts = endplay_par(
            result.deal.to_pbn(), result.dealer, result.vulnerability.pbn
        )
        assert result.par.score == score, result.board
        assert set(result.par.to_json()["contracts"]) == contracts, result.board


def test_tables_equal_endplays(corpus_analysis: list[BoardAnalysis]) -> None:
    checked = set()
    for result in corpus_analysis:
        key = result.deal.to_pbn()
        if key in checked:
            continue
        checked.add(key)
        assert result.table.to_json() == endplay_table(key)
    assert len(checked) == 1 + 10 + 8  # the 2021 file: ten boards, each at many tables


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def test_written_pbn_reread_by_endplay_gives_the_same_tables(tmp_path: Path) -> None:
    from endplay.parsers import pbn as endplay_pbn
    from endplay.types import Denom, Player

    out = tmp_path / "analysed.pbn"
    code, _, err = run_cli("analyse", str(DATA / "example1.pbn"), "--json", "--workers", "0",
                           "--write-pbn", str(out))  # fmt: skip
    assert code == 0, err
    boards = endplay_pbn.load(out.open(encoding="utf-8"))
    assert len(boards) == 2
    names = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades}
    names["NT"] = Denom.nt
    for board in boards:
        table = board.info["OptimumResultTable"]
        assert [h if isinstance(h, str) else h["name"] for h in table["headers"]] == [
            "Declarer", "Denomination", "Result"]  # fmt: skip
        fresh = endplay_table(board.deal.to_pbn())
        rows = table["rows"]
        assert len(rows) == 20
        for seat, strain, tricks in rows:
            assert int(tricks) == fresh[seat][strain]
        digits = board.info["DoubleDummyTricks"]
        order = [(s, d) for s in "NSEW" for d in ("NT", "S", "H", "D", "C")]
        assert [int(c, 16) for c in digits] == [fresh[s][d] for s, d in order]
        score, _ = endplay_par(board.deal.to_pbn(), Seat.find(board.dealer.abbr), "None")
        assert board.info["OptimumScore"] == (f"NS {score}" if score >= 0 else f"EW {-score}")
        assert Player.north is not None  # endplay's types used throughout
    # Our reader reads its own output back with the same tags.
    [first, _] = pbn.load(out.open(encoding="utf-8"))
    assert first.tags["ParContract"] == "NS 5Hx-1; NS 5Cx-1"
    assert first.data["OptimumResultTable"][0] == "N NT  2"


def test_json_lines_have_the_issues_shape() -> None:
    code, out, _ = run_cli("analyse", str(DATA / "example1.lin"), "--json", "--workers", "0")
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert [obj["board"] for obj in lines] == [1, 2, 3, 4, 5, 6, 7, 8]
    first = lines[0]
    assert list(first) == ["board", "deal", "dealer", "vulnerable", "dd", "par"]
    assert list(first["dd"]) == ["N", "E", "S", "W"]
    assert list(first["dd"]["N"]) == ["C", "D", "H", "S", "NT"]
    for obj in lines:
        score, contracts = endplay_par(obj["deal"], Seat.find(obj["dealer"]), obj["vulnerable"])
        assert obj["par"]["score"] == score and set(obj["par"]["contracts"]) == contracts


BAD_FILE = """\
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:T32.AKQ7.T3.AQJT A9864.83.AK4.987 J.JT9542.72.K653 KQ75.6.QJ9865.42"]

[Board "2"]
[Dealer "E"]
[Deal "N:AKQ.AKQ"]

[Board "3"]
[Vulnerable "All"]
"""


def test_a_bad_game_is_a_json_line_and_the_rest_is_analysed(tmp_path: Path) -> None:
    path = tmp_path / "bad.pbn"
    path.write_text(BAD_FILE, encoding="utf-8")
    code, out, err = run_cli("analyse", str(path), "--json", "--workers", "0")
    assert code == 1
    lines = [json.loads(line) for line in out.splitlines()]
    assert [obj["board"] for obj in lines] == [1, "2", "3"]
    assert lines[1]["line"] == 8 and "bad Deal tag" in lines[1]["error"]
    assert lines[2]["line"] == 10 and "no Deal tag" in lines[2]["error"]
    assert lines[1]["file"] == str(path)
    assert "2 bad games skipped" in err


def test_bad_games_go_to_standard_error_with_the_table(tmp_path: Path) -> None:
    path = tmp_path / "bad.pbn"
    path.write_text(BAD_FILE, encoding="utf-8")
    code, out, err = run_cli("analyse", str(path), "--workers", "0", "--lang", "ru")
    assert code == 1
    assert "Сдача 1" in out and "Пар -100: 5♥X С/Ю -1" in out
    assert f"{path}:8 (сдача 2): сдача с ошибкой пропущена: неверный тег Deal" in err
    reasons = err.replace(str(path), "")
    assert "bad" not in reasons and "board" not in reasons  # the reasons too are Russian


def test_csv_has_a_row_per_board() -> None:
    code, out, _ = run_cli("analyse", str(DATA / "example1.pbn"), "--csv", "--workers", "0")
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][:4] == ["board", "deal", "dealer", "vulnerable"] and len(rows[0]) == 26
    assert len(rows) == 3
    fresh = endplay_table(rows[1][1])
    assert rows[1][4:9] == [str(fresh["N"][s]) for s in ("C", "D", "H", "S", "NT")]


def test_standard_input_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO((DATA / "example1.pbn").read_text("utf-8")))
    code, out, _ = run_cli("analyse", "-", "--json", "--workers", "0")
    assert code == 0 and len(out.splitlines()) == 2


def test_a_real_cluster_gives_the_local_result(dask_cluster) -> None:  # type: ignore[no-untyped-def]
    files = [str(DATA / "example1.lin"), str(DATA / "example1.pbn")]
    _, local, _ = run_cli("analyse", *files, "--json", "--workers", "0")
    code, remote, err = run_cli(
        "analyse", *files, "--json", "--scheduler", dask_cluster.address, "--chunk-size", "2"
    )
    assert code == 0, err
    assert remote == local and len(remote.splitlines()) == 10


def test_ctrl_c_leaves_complete_output(tmp_path: Path) -> None:
    """Ctrl-C (SIGINT to the terminal's process group) stops the command and its workers; every
    line written is a complete JSON object."""
    from bridgeroom.rules import board_dealer, board_vulnerability, deal_cards, make_rng

    rng = make_rng(5)
    path = tmp_path / "many.pbn"
    with path.open("w", encoding="utf-8") as f:
        for board in range(1, 81):
            dealer = board_dealer(board)
            f.write(f'[Board "{board}"]\n[Dealer "{dealer.letter}"]\n'
                    f'[Vulnerable "{board_vulnerability(board).pbn}"]\n'
                    f'[Deal "{deal_cards(dealer, rng).to_pbn()}"]\n\n')  # fmt: skip
    out = tmp_path / "out.jsonl"
    env = dict(
        os.environ,
        PYTHONPATH=os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]),
    )
    with out.open("w") as stdout:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bridgeroom",
                "analyse",
                str(path),
                "--json",
                "--workers",
                "2",
                "--chunk-size",
                "1",
            ],
            stdout=stdout,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            start_new_session=True,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        deadline = time.monotonic() + 120
        while out.stat().st_size == 0 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.2)
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    lines = out.read_text().splitlines()
    assert 1 <= len(lines) < 80
    assert [json.loads(line)["board"] for line in lines] == list(range(1, len(lines) + 1))
    assert "what was written is complete" in err


def test_par_and_tables_index_by_seat_and_strain(corpus_analysis: list[BoardAnalysis]) -> None:
    first = corpus_analysis[0]
    assert first.table[Seat.NORTH, Strain.HEARTS] == endplay_table(first.deal.to_pbn())["N"]["H"]


def test_lin_deals_are_written_as_pbn_games_with_their_play(tmp_path: Path) -> None:
    out = tmp_path / "bbo.pbn"
    code, _, err = run_cli("analyse", str(DATA / "example1.lin"), "--json", "--workers", "0",
                           "--write-pbn", str(out))  # fmt: skip
    assert code == 0, err
    games = pbn.load(out.open(encoding="utf-8"))
    assert [g.board for g in games] == [1, 2, 3, 4, 5, 6, 7, 8]
    for game in games:
        assert len(game.data["OptimumResultTable"]) == 20
        state = game.to_state()  # the auction and play came along, and replay
        assert state.contract is not None and state.result is not None
        fresh = endplay_table(game.tags["Deal"])
        row = game.data["OptimumResultTable"][0].split()
        assert row[:2] == ["N", "NT"] and int(row[2]) == fresh["N"]["NT"]


def _boards(n: int) -> list[object]:
    """``n`` boards of distinct deals."""
    import random

    from bridgeroom.analysis.dd import BoardInput
    from bridgeroom.rules import Vulnerability, deal_cards

    rng = random.Random(n)
    return [BoardInput(deal_cards(rng=rng), Seat.NORTH, Vulnerability.NONE, i) for i in range(n)]


def test_a_small_job_is_worked_here_without_starting_a_cluster() -> None:
    """One chunk of boards: worked here, and the cluster is never started, whatever it took."""

    def start() -> Batch:
        raise AssertionError("a cluster was started for one chunk of boards")

    boards = _boards(3)
    results = list(analyse_boards(boards, None, start=start, threshold=0.0))  # type: ignore[arg-type]
    assert [r.deal for r in results] == [b.deal for b in boards]  # type: ignore[attr-defined, union-attr]


def test_a_job_longer_than_the_threshold_goes_to_the_batch_after_its_first_chunk() -> None:
    """More than one chunk and a threshold of 0 s: the first chunk here, the rest on the batch
    ``start`` makes (an inline batch stands for the cluster); the results are the same, in order."""
    started: list[Batch] = []

    def start() -> Batch:
        started.append(Batch(workers=0))
        return started[-1]

    boards = _boards(5)
    scaled = list(analyse_boards(boards, None, start=start, chunk_size=2, threshold=0.0))  # type: ignore[arg-type]
    assert len(started) == 1
    kept = list(analyse_boards(boards, None, start=None, chunk_size=2))  # type: ignore[arg-type]
    assert scaled == kept and len(kept) == 5


BROKEN = ROOT / "tests" / "data" / "analysis" / "broken_play.pbn"


def test_every_board_of_a_file_with_broken_play_sections_is_analysed() -> None:
    """Eight boards at two tables, every record's auction or play wrong and every second table's
    record without Board and Deal: each record still gives its deal's analysis, the error a
    warning with its line and board, and the tables are endplay's."""
    code, out, err = run_cli("analyse", str(BROKEN), "--json", "--workers", "0")
    assert code == 0, err
    lines = [json.loads(line) for line in out.splitlines()]
    warnings = [x for x in lines if x.get("warning")]
    boards = [x for x in lines if "dd" in x]
    assert len(warnings) == len(boards) == 16
    assert [w["board"] for w in warnings] == [str(b) for b in range(1, 9) for _ in range(2)]
    assert all(isinstance(w["line"], int) and w["line"] > 0 for w in warnings)
    assert [b["board"] for b in boards] == [b for b in range(1, 9) for _ in range(2)]
    for first, second in zip(boards[::2], boards[1::2], strict=True):
        assert first == second  # the other table's record is the same board
        assert first["dd"] == endplay_table(first["deal"])
    assert "16 warnings" in err


def test_a_bad_record_names_its_board_when_deals_are_not_kept() -> None:
    """Read without keeping deals, a record whose play is wrong is a bad game that names the
    Board tag it has (it said ``null`` before)."""
    bad = [g for _, g in read_games([str(BROKEN)]) if not hasattr(g, "tags")]
    assert bad and all(b.board is not None for b in bad[::2])  # type: ignore[attr-defined]
    assert not any(b.warning for b in bad)  # type: ignore[attr-defined]
