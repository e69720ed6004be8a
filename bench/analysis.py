"""Benchmark of ``bridgeroom analyse``: double-dummy tables per second on Dask against plain endplay.

    python bench/analysis.py [DEALS] [--seed S]
    python bench/analysis.py --file tests/data/endplay/example1.pbn
    python bench/analysis.py --file example3.pbn --first-deals 300

Deals DEALS random boards (default 240, seeded) and measures, in the same run:

* ``bridgeroom analyse FILE --json --chunk-size 10`` with 1 and with 2 local workers
  (one DDS thread each), run as the command a user types: the rate is the boards
  written per second from the first line to the last (the cluster's start and the
  workers' first import of endplay, a few seconds, are printed apart);
* endplay's ``calc_all_tables`` on the same deals in one plain process, in full
  batches of 40, with 1 and with 2 DDS threads.

The last two lines are ``ratio_vs_endplay`` (one worker against plain endplay on one
thread) and ``scaling_2_workers`` (two workers against one).

With ``--file`` it analyses a real file instead: its records, the boards analysed, the
warnings and bad games, the time, and the distinct deals' tables per second with one worker
against a plain endplay ``calc_all_tables`` loop over the same deals on one thread; then the
start-up of one board, by default (sized to its job) against ``--workers 0``. No assertion
on time. ``--first-deals N`` keeps a PBN file's records up to its Nth distinct deal (a shorter
run on a large file).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

from bridgeroom.rules import board_dealer, board_vulnerability, deal_cards, make_rng

ROOT = Path(__file__).resolve().parent.parent
#: Boards per chunk: small enough that the rate from the first line to the last is the steady
#: rate (the first chunk's boards arrive at once; each worker's last chunk may leave it idle).
CHUNK = 10


def write_deals(path: Path, count: int, seed: int) -> None:
    rng = make_rng(seed)
    with path.open("w", encoding="utf-8") as f:
        for board in range(1, count + 1):
            dealer = board_dealer(board)
            deal = deal_cards(dealer, rng)
            f.write(
                f'[Board "{board}"]\n[Dealer "{dealer.letter}"]\n'
                f'[Vulnerable "{board_vulnerability(board).pbn}"]\n[Deal "{deal.to_pbn()}"]\n\n'
            )


def _env() -> dict[str, str]:
    src = str(ROOT / "src")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])}


def through_analyse(path: Path, workers: int, count: int) -> tuple[float, float, float]:
    """(boards/s from the first line to the last, seconds to the first line, total seconds)."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "bridgeroom",
            "analyse",
            str(path),
            "--json",
            "--workers",
            str(workers),
            "--chunk-size",
            str(CHUNK),
            "--no-progress",
        ],
        stdout=subprocess.PIPE,
        text=True,
        env=_env(),
    )
    assert proc.stdout is not None
    stamps = [time.perf_counter() for _ in proc.stdout]
    proc.wait()
    total = time.perf_counter() - start
    if proc.returncode != 0 or len(stamps) != count:
        raise SystemExit(f"analyse with {workers} workers failed ({proc.returncode})")
    # The first chunk's boards arrive together; the rate counts the boards after them.
    first = stamps[0]
    after = [t for t in stamps if t > first]
    rate = len(after) / (stamps[-1] - first) if after else float("nan")
    return rate, first - start, total


ENDPLAY = textwrap.dedent(
    """
    import sys, time
    import endplay._dds as dds
    from endplay.dds import calc_all_tables
    from endplay.parsers import pbn
    boards = pbn.load(open(sys.argv[1], encoding="utf-8"))
    deals = [b.deal for b in boards]
    dds.SetMaxThreads(int(sys.argv[2]))
    calc_all_tables(deals[:1])
    start = time.perf_counter()
    for i in range(0, len(deals), dds.MAXNOOFTABLES):
        calc_all_tables(deals[i : i + dds.MAXNOOFTABLES])
    print(len(deals) / (time.perf_counter() - start))
    """
)


def plain_endplay(path: Path, threads: int) -> float:
    """Tables per second of endplay's calc_all_tables in a fresh process with ``threads``."""
    out = subprocess.run(
        [sys.executable, "-c", ENDPLAY, str(path), str(threads)],
        capture_output=True,
        text=True,
        check=True,
        env=_env(),
    )
    return float(out.stdout.strip())


def run_file(path: Path) -> list[dict[str, object]]:
    """``(lines of analyse --json, seconds to the first line, seconds in all)`` with one worker."""
    import json

    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "bridgeroom", "analyse", str(path), "--json", "--workers", "1",
         "--chunk-size", str(CHUNK), "--no-progress"],
        stdout=subprocess.PIPE, text=True, env=_env(),
    )  # fmt: skip
    assert proc.stdout is not None
    out: list[dict[str, object]] = []
    for line in proc.stdout:
        out.append({**json.loads(line), "_at": time.perf_counter() - start})
    proc.wait()
    return out


def one_board(path: Path, workers: str | None) -> float:
    """Seconds of ``bridgeroom analyse`` of a one-board file, as typed (best of two)."""
    extra = [] if workers is None else ["--workers", workers]
    best = float("inf")
    for _ in range(2):
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "bridgeroom", "analyse", str(path), "--json", *extra],
            capture_output=True, check=True, env=_env(),
        )  # fmt: skip
        best = min(best, time.perf_counter() - start)
    return best


def first_deals(path: Path, count: int, folder: Path) -> Path:
    """A copy of the PBN file ``path`` cut before the record of its ``count + 1``-th distinct
    Deal tag (at the blank line that ends the record before it)."""
    lines = path.read_text(encoding="utf-8", errors="replace").split("\n")
    seen: set[str] = set()
    cut = len(lines)
    for i, line in enumerate(lines):
        if line.startswith("[Deal ") and line not in seen:
            seen.add(line)
            if len(seen) > count:
                cut = i
                while cut > 0 and lines[cut].strip():
                    cut -= 1
                break
    out = folder / f"{path.stem}-first-{count}.pbn"
    out.write_text("\n".join(lines[:cut]) + "\n", encoding="utf-8")
    return out


def real_file(path: Path) -> None:
    from bridgeroom.formats.files import read_games
    from bridgeroom.formats.reading import BadGame

    items = [g for _, g in read_games([str(path)], deals=True)]
    records = sum(not isinstance(g, BadGame) or not g.warning for g in items)
    print(f"{path}: {records} records; cores: {os.cpu_count()}; load: {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as folder:
        # endplay is timed before and after the analysis, on the file's distinct deals, and the
        # two rates averaged: on a shared machine the load drifts during a run
        distinct = Path(folder) / "distinct.pbn"
        _distinct_file(path, distinct)
        before = plain_endplay(distinct, 1)
        _analyse_file(path, before)


def _distinct_file(path: Path, out: Path) -> None:
    """The distinct deals of ``path``, in order, as a PBN file of Board and Deal tags."""
    from bridgeroom.analysis.records import board_input
    from bridgeroom.formats.files import read_games
    from bridgeroom.formats.reading import BadGame

    deals: dict[str, None] = {}
    for source, game in read_games([str(path)], deals=True):
        board = game if isinstance(game, BadGame) else board_input(game, source)
        if not isinstance(board, BadGame):  # as bridgeroom analyse reads the file
            deals.setdefault(board.deal.to_pbn(), None)
    out.write_text("".join(f'[Board "{i}"]\n[Deal "{d}"]\n\n' for i, d in
                           enumerate(deals, start=1)), encoding="utf-8")  # fmt: skip


def _analyse_file(path: Path, before: float) -> None:
    began = time.perf_counter()
    lines = run_file(path)
    took = time.perf_counter() - began
    boards = [x for x in lines if "dd" in x]
    warnings = sum(bool(x.get("warning")) for x in lines)
    bad = sum("error" in x and not x.get("warning") for x in lines)
    deals = list(dict.fromkeys(str(x["deal"]) for x in boards))
    stamps = [float(x["_at"]) for x in boards]  # type: ignore[arg-type]
    print(f"boards analysed: {len(boards)} ({len(deals)} distinct deals); warnings: {warnings}; "
          f"bad games: {bad}; {took:.1f} s in all, first board after {stamps[0]:.1f} s")  # fmt: skip
    with tempfile.TemporaryDirectory() as folder:
        distinct = Path(folder) / "distinct.pbn"
        distinct.write_text("".join(f'[Board "{i}"]\n[Deal "{d}"]\n\n' for i, d in
                                    enumerate(deals, start=1)), encoding="utf-8")  # fmt: skip
        after = plain_endplay(distinct, 1)
        endplay_1 = (before + after) / 2
        # the deals first written after the first line, over the time from it to the last line
        firsts: dict[str, float] = {}
        for x in boards:
            firsts.setdefault(str(x["deal"]), float(x["_at"]))  # type: ignore[arg-type]
        later = sum(t > stamps[0] for t in firsts.values())
        span = stamps[-1] - stamps[0]
        ours = later / span if later and span > 0 else float("nan")
        print(f"endplay calc_all_tables, 1 DDS thread:    {endplay_1:7.2f} tables/s "
              f"({before:.2f} before the analysis, {after:.2f} after)")  # fmt: skip
        print(f"bridgeroom analyse, 1 worker:             {ours:7.2f} tables/s "
              "(distinct deals written after the first line, to the last)")  # fmt: skip
        one = Path(folder) / "one.pbn"
        one.write_text(f'[Board "1"]\n[Deal "{deals[0]}"]\n\n', encoding="utf-8")
        sized = one_board(one, None)
        inline = one_board(one, "0")
        print(f"one board: {sized:.2f} s by default, {inline:.2f} s with --workers 0: "
              f"{sized / inline:.2f}x")  # fmt: skip
    print(f"load after: {os.getloadavg()[0]:.2f}")
    print(f"ratio_vs_endplay_per_worker: {ours / endplay_1:.2f}")
    print(f"one_board_vs_workers_0: {sized / inline:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="?", type=int, default=240)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--file", type=Path, help="a real PBN or LIN file to analyse instead")
    parser.add_argument(
        "--first-deals",
        type=int,
        default=None,
        metavar="N",
        help="with a PBN --file: only its records up to its Nth distinct deal",
    )
    args = parser.parse_args()
    if args.first_deals is not None and (args.file is None or args.first_deals < 1):
        parser.error("--first-deals takes a number of deals (1 or more) and a PBN --file")
    if args.file is not None:
        if args.first_deals is None:
            real_file(args.file)
            return
        with tempfile.TemporaryDirectory() as folder:
            real_file(first_deals(args.file, args.first_deals, Path(folder)))
        return
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "deals.pbn"
        write_deals(path, args.deals, args.seed)
        print(f"{args.deals} random deals (seed {args.seed}); cores: {os.cpu_count()}; "
              f"load: {os.getloadavg()[0]:.2f}")  # fmt: skip
        endplay_1 = plain_endplay(path, 1)
        print(f"endplay calc_all_tables, 1 DDS thread:    {endplay_1:7.2f} tables/s")
        endplay_2 = plain_endplay(path, 2)
        print(f"endplay calc_all_tables, 2 DDS threads:   {endplay_2:7.2f} tables/s")
        one, start_1, total_1 = through_analyse(path, 1, args.deals)
        print(f"bridgeroom analyse, 1 worker:             {one:7.2f} tables/s "
              f"(first line after {start_1:.1f} s, {total_1:.1f} s in all)")  # fmt: skip
        two, start_2, total_2 = through_analyse(path, 2, args.deals)
        print(f"bridgeroom analyse, 2 workers:            {two:7.2f} tables/s "
              f"(first line after {start_2:.1f} s, {total_2:.1f} s in all)")  # fmt: skip
        print(f"2 workers against endplay on 2 threads:   {two / endplay_2:7.2f}")
        print(f"load after: {os.getloadavg()[0]:.2f}")
        print(f"ratio_vs_endplay: {one / endplay_1:.2f}")
        print(f"scaling_2_workers: {two / one:.2f}")


if __name__ == "__main__":
    main()
