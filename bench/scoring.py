"""Benchmark of the score calculator: ``bridgeroom score --jsonl`` on 10,000 lines.

Generates random deals for every game (contracts, doubling, vulnerability,
trick counts, honors where the table has them), runs the real command as a
subprocess, checks that every line was scored, and prints the figures.

    python bench/scoring.py [--lines 10000] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time

GAMES = (
    "duplicate",
    "rubber",
    "auction",
    "minibridge",
    "three-handed-contract",
    "three-handed-auction",
)
CONTRACT_HONORS = {"suit": ["4-one", "5-one"], "nt": ["4-aces-one"]}
AUCTION_HONORS = {
    "suit": ["3", "4", "5", "4-one", "4-one-5th-partner", "5-one"],
    "nt": ["3-aces", "4-aces", "4-aces-one"],
}


def make_lines(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        game = rng.choice(GAMES)
        level = rng.randint(1, 7)
        strain = rng.choice(["C", "D", "H", "S", "NT"])
        doubled = "" if game == "minibridge" else rng.choice(["", "", "X", "XX"])
        record: dict[str, object] = {
            "game": game,
            "contract": f"{level}{strain}{doubled}",
            "tricks": rng.randint(0, 13),
            "vulnerable": "auction" not in game and rng.random() < 0.5,
        }
        has_honors = game in ("rubber", "three-handed-contract", "auction", "three-handed-auction")
        if has_honors and rng.random() < 0.3:
            kinds = CONTRACT_HONORS if "auction" not in game else AUCTION_HONORS
            record["honors"] = {
                "kind": rng.choice(kinds["nt" if strain == "NT" else "suit"]),
                "side": rng.choice(["declarer", "defenders"]),
            }
        lines.append(json.dumps(record))
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    data = "\n".join(make_lines(args.lines, args.seed)) + "\n"
    started = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "bridgeroom", "score", "--jsonl"],
        input=data,
        capture_output=True,
        text=True,
        check=False,
    )
    elapsed = time.perf_counter() - started
    out = proc.stdout.splitlines()
    errors = sum(1 for line in out if "error" in json.loads(line))
    startup_started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "bridgeroom", "score", "--jsonl"],
        input="",
        capture_output=True,
        text=True,
        check=False,
    )
    startup = time.perf_counter() - startup_started
    print(f"lines: {args.lines}")
    print(f"exit code: {proc.returncode}")
    print(f"output lines: {len(out)} (errors: {errors})")
    print(f"seconds: {elapsed:.3f} (of which start-up about {startup:.3f})")
    print(f"lines/s: {args.lines / elapsed:.0f}")
    print(f"lines/s after start-up: {args.lines / max(elapsed - startup, 1e-9):.0f}")
    return 0 if proc.returncode == 0 and len(out) == args.lines and errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
