"""Hand records read as a person would: ``pdftotext`` finds every board number and every card,
``pdftoppm`` renders the pages; the SVG diagram is well-formed and shows what a board shows."""

from __future__ import annotations

import io
import re
import subprocess
import xml.etree.ElementTree as ET
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from bridgeroom import svg
from bridgeroom.cli.main import main
from bridgeroom.formats import pbn
from bridgeroom.rules import Deal, Seat, Suit, Vulnerability

from .conftest import DATA

EN_RANKS = {"A": "A", "K": "K", "Q": "Q", "J": "J", "T": "10"}
RU_RANKS = {"A": "Т", "K": "К", "Q": "Д", "J": "В", "T": "10"}


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def suit_lines(deal: Deal, ranks: dict[str, str]) -> list[str]:
    """Every hand's suits as written on a hand record (symbol, ranks high to low), no blanks."""
    out = []
    for seat in Seat:
        hand = deal[seat]
        for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
            cards = sorted(hand.suit(suit), reverse=True)
            text = "".join(ranks.get(c.rank.letter, c.rank.letter) for c in cards) or "—"
            out.append(suit.symbol + text)
    return out


def boards_of(path: Path) -> dict[int, Deal]:
    games = pbn.load(path.open(encoding="utf-8"))
    return {g.board: g.deal for g in games if g.board is not None and g.deal is not None}


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout  # fmt: skip


@pytest.mark.parametrize(
    ("lang", "ranks", "word"), [("en", EN_RANKS, "Board"), ("ru", RU_RANKS, "Сдача")]
)
def test_pdf_shows_every_board_number_and_every_card(
    tmp_path: Path, lang: str, ranks: dict[str, str], word: str
) -> None:
    out = tmp_path / f"records-{lang}.pdf"
    files = [str(DATA / "example1.pbn"), str(DATA / "example2.pbn")]
    code, _, err = run_cli("handrecord", *files, "-o", str(out), "--lang", lang, "--workers", "0")
    assert code == 0, err
    text = pdf_text(out)
    flat = re.sub(r"\s+", "", text)
    boards = boards_of(DATA / "example1.pbn") | boards_of(DATA / "example2.pbn")
    assert sorted(boards) == [1, *range(11, 21)]
    for number, deal in boards.items():
        assert f"{word} {number}" in text, number
        for line in suit_lines(deal, ranks):
            assert line in flat, (number, line)
    # Each board once: 11 boards, 4 a page.
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True)
    assert re.search(r"Pages:\s+3\b", info.stdout)
    png = tmp_path / "page"
    subprocess.run(["pdftoppm", "-r", "60", "-png", "-f", "1", "-l", "1", str(out), str(png)],
                   check=True)  # fmt: skip
    [picture] = list(tmp_path.glob("page*.png"))
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and picture.stat().st_size > 10_000


def test_two_boards_a_page_and_the_par(tmp_path: Path) -> None:
    out = tmp_path / "records.pdf"
    code, _, err = run_cli("handrecord", str(DATA / "example2.pbn"), "-o", str(out),
                           "--per-page", "2", "--workers", "0", "--title", "Open R2")  # fmt: skip
    assert code == 0, err
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True)
    assert re.search(r"Pages:\s+5\b", info.stdout)
    text = pdf_text(out)
    assert "Open R2" in text and text.count("Par ") == 10 and "Double dummy" in text


def test_html_record_holds_a_diagram_per_board(tmp_path: Path) -> None:
    out = tmp_path / "records.html"
    code, _, _ = run_cli("handrecord", str(DATA / "example1.lin"), "-o", str(out),
                         "--workers", "0", "--lang", "ru")  # fmt: skip
    assert code == 0
    page = out.read_text(encoding="utf-8")
    assert page.count("<svg") == 8 and 'lang="ru"' in page and "Сдача 8" in page


def test_a_bad_game_is_reported_and_left_out(tmp_path: Path) -> None:
    path = tmp_path / "bad.pbn"
    text = (DATA / "example1.pbn").read_text(encoding="utf-8")
    path.write_text('[Board "9"]\n[Deal "N:AKQ"]\n\n' + text, encoding="utf-8")
    out = tmp_path / "records.pdf"
    code, _, err = run_cli("handrecord", str(path), "-o", str(out), "--workers", "0")
    assert code == 1 and f"{path}:2 (board 9)" in err
    assert "Board 1" in pdf_text(out)


def test_an_output_that_is_neither_pdf_nor_html_is_refused(tmp_path: Path) -> None:
    code, _, err = run_cli("handrecord", str(DATA / "example1.pbn"), "-o", str(tmp_path / "x.doc"))
    assert code == 2 and "written as .pdf or .html" in err


DEAL = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def test_svg_is_well_formed_and_shows_the_board() -> None:
    picture = svg.deal(DEAL, board=7, dealer=Seat.SOUTH, vulnerability=Vulnerability.BOTH)
    root = ET.fromstring(picture)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    # High-card points: 37, 3 (three jacks), 0, 0.
    assert {"37", "3", "0"} <= set(texts)
    assert "Board 7" in texts and "Dealer S" in texts and "Vul All" in texts
    assert texts.count("7") == 1  # the board number in the compass
    # Vulnerable: four red edges of the compass.
    bands = [r for r in root.iter("{http://www.w3.org/2000/svg}rect") if r.get("fill") == "#c8102e"]
    assert len(bands) == 4
    # The dealer's letter is underlined.
    assert len(list(root.iter("{http://www.w3.org/2000/svg}line"))) == 1


def test_svg_in_russian_uses_russian_ranks_and_seats() -> None:
    picture = svg.deal(DEAL, board=1, dealer=Seat.NORTH, vulnerability=Vulnerability.NS, lang="ru")
    root = ET.fromstring(picture)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Т К Д В" in texts and {"С", "В", "Ю", "З"} <= set(texts)
    assert "Сдаёт С" in texts and "Зона: С-Ю" in texts


def test_jupyter_draws_a_deal() -> None:
    """In a running IPython, importing bridgeroom registers the deal's SVG picture."""
    from IPython.core.interactiveshell import InteractiveShell

    import bridgeroom

    shell = InteractiveShell.instance()
    try:
        bridgeroom._show_deals_in_notebooks()
        data, _ = shell.display_formatter.format(DEAL)
        assert data["image/svg+xml"] == svg.deal(DEAL)
    finally:
        InteractiveShell.clear_instance()


def test_ctrl_c_writes_the_boards_done_so_far(tmp_path: Path) -> None:
    """Ctrl-C during the analysis: the hand record of the boards solved so far is written."""
    import os
    import pty
    import select
    import signal
    import sys
    import time

    from bridgeroom.rules import board_dealer, board_vulnerability, deal_cards, make_rng

    from .conftest import ROOT

    rng = make_rng(9)
    path = tmp_path / "many.pbn"
    with path.open("w", encoding="utf-8") as f:
        for board in range(1, 61):
            dealer = board_dealer(board)
            vul = board_vulnerability(board).pbn
            f.write(f'[Board "{board}"]\n[Dealer "{dealer.letter}"]\n[Vulnerable "{vul}"]\n')
            f.write(f'[Deal "{deal_cards(dealer, rng).to_pbn()}"]\n\n')
    out = tmp_path / "records.pdf"
    paths = [str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
    command = ["handrecord", str(path), "-o", str(out), "--workers", "1", "--chunk-size", "2"]
    # Standard error on a terminal (a pseudo-terminal here), so that the progress bar is live.
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "bridgeroom", *command],
        stderr=slave,
        env=env,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    os.close(slave)
    # Wait until the progress bar shows two boards done, then press Ctrl-C.
    deadline = time.monotonic() + 120
    seen = ""
    while time.monotonic() < deadline and "2/60" not in seen and proc.poll() is None:
        if select.select([master], [], [], 1.0)[0]:
            seen += os.read(master, 4096).decode("utf-8", "replace")
    os.killpg(proc.pid, signal.SIGINT)
    proc.wait(timeout=60)
    try:
        while select.select([master], [], [], 0.5)[0]:
            seen += os.read(master, 4096).decode("utf-8", "replace")
    except OSError:
        pass  # the terminal closed with the process
    os.close(master)
    assert proc.returncode == 130, seen
    assert "Traceback" not in seen and "complete" in seen
    text = pdf_text(out)
    done = [int(n) for n in re.findall(r"Board (\d+)", text)]
    assert done and done == list(range(1, len(done) + 1)) and len(done) < 60
