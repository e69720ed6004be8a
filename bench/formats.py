"""Benchmark of the file formats: read, replay and write the corpora; prints figures.

    python bench/formats.py [ROUNDS]

Reads the endplay project's files in tests/data/endplay. No assertion on time.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from bridgeroom.formats import lin, pbn

CORPORA = Path(__file__).resolve().parent.parent / "tests" / "data" / "endplay"


def main(rounds: int = 5) -> None:
    pbn_text = (CORPORA / "example2.pbn").read_text(encoding="utf-8")
    lin_text = (CORPORA / "example1.lin").read_text(encoding="utf-8")

    start = time.perf_counter()
    for _ in range(rounds):
        games = pbn.loads(pbn_text)
    read = time.perf_counter() - start
    print(f"pbn read:    {rounds * len(games) / read:10.0f} games/s ({len(games)} games)")

    start = time.perf_counter()
    for _ in range(rounds):
        for game in games:
            game.to_state()
    replay = time.perf_counter() - start
    print(f"pbn replay:  {rounds * len(games) / replay:10.0f} games/s")

    start = time.perf_counter()
    for _ in range(rounds):
        pbn.dumps(games)
    write = time.perf_counter() - start
    print(f"pbn write:   {rounds * len(games) / write:10.0f} games/s")

    start = time.perf_counter()
    for _ in range(rounds * 20):
        deals = lin.loads(lin_text)
        for deal in deals:
            deal.to_state()
    both = time.perf_counter() - start
    print(f"lin read+replay: {rounds * 20 * len(deals) / both:6.0f} deals/s ({len(deals)} deals)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
