"""Benchmark of a club evening's results: a Mitchell of ``--tables`` tables and ``--boards``
boards, every result typed, scored by :class:`bridgeroom.sessions.Results` (travellers,
rankings, every pair's scorecard: ``Results.to_dict()``) and written as USEBIO XML; the peer
is the bare comparison of the same scores (:func:`bridgeroom.scoring.compare.neuberg` and
:func:`~bridgeroom.scoring.compare.imps_across_field` board by board), measured in the same
run. Prints the times, the ratio and the load.

    python bench/club.py [--tables 15] [--boards 30] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import random
import time

from bridgeroom.scoring.compare import imps_across_field, neuberg
from bridgeroom.sessions import Movement, Results, parse_entry
from bridgeroom.sessions.usebio import usebio_xml

RESULTS = ["4S N =", "4S N -1", "4S N +1", "3NT S =", "2H E =", "3NT S -2", "pass", "5DX W -3"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=15)
    parser.add_argument("--boards", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    m = Movement.make("mitchell", args.tables, args.boards)
    entries = []
    for r in range(m.rounds):
        for e in m.round(r):
            for b in e.boards:
                entries.append(parse_entry("contract", b, e.table, e.ns, e.ew, rng.choice(RESULTS)))
    started = time.perf_counter()
    results = Results(m, "contract", "matchpoints", entries)
    data = results.to_dict()
    xml = usebio_xml(results)
    model = time.perf_counter() - started
    started = time.perf_counter()
    for b in range(1, args.boards + 1):
        scores = [int(p.ns_score) for p in entries if p.board == b]  # type: ignore[union-attr]
        neuberg(scores, args.tables)
        imps_across_field(scores, args.tables)
    peer = time.perf_counter() - started
    assert len(data["boards"]) == args.boards and xml.count("<TRAVELLER_LINE>") == len(entries)
    load = os.getloadavg()
    print(f"{args.tables} tables, {args.boards} boards, {len(entries)} results")
    print(f"Results + to_dict + USEBIO: {model * 1000:.1f} ms")
    print(f"bare neuberg + imps_across_field: {peer * 1000:.1f} ms")
    print(f"ratio: {model / peer:.1f}x; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
