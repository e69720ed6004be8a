"""Benchmark of ``bridgeroom analyse``: double-dummy tables per second on Dask against plain endplay.

    python bench/analysis.py [DEALS] [--seed S]

Deals DEALS random boards (default 240, seeded) and measures, in the same run:

* ``bridgeroom analyse FILE --json --chunk-size 10`` with 1 and with 2 local workers
  (one DDS thread each), run as the command a user types: the rate is the boards
  written per second from the first line to the last (the cluster's start and the
  workers' first import of endplay, a few seconds, are printed apart);
* endplay's ``calc_all_tables`` on the same deals in one plain process, in full
  batches of 40, with 1 and with 2 DDS threads.

The last two lines are ``ratio_vs_endplay`` (one worker against plain endplay on one
thread) and ``scaling_2_workers`` (two workers against one). No assertion on time.
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", nargs="?", type=int, default=240)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
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
