"""Start-up time of the ``bridgeroom`` command against the bare interpreter, in the same run.

Each command is started as a new process (``python -m bridgeroom ...``, which imports what the
installed ``bridgeroom`` script imports) with this checkout's ``src`` first on the path; the runs
of the commands are interleaved, so that a busy moment of the machine falls on all of them
alike. Prints the median wall time of each and its ratio to ``python -c pass``. No assertion.

    python bench/startup.py [--runs 15]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"

RUBBER_INPUT = (
    '{"declarer": "NS", "contract": "4S", "tricks": 10}\n'
    '{"declarer": "EW", "contract": "3NT", "tricks": 8}\n'
    "EW 2H 9\n"
    "NS 3NT 9\n"
)

#: (label, arguments after the interpreter, stdin)
COMMANDS: list[tuple[str, list[str], str]] = [
    ("python -c pass", ["-c", "pass"], ""),
    ("bridgeroom --help", ["-m", "bridgeroom", "--help"], ""),
    (
        "bridgeroom score duplicate 4S 10",
        ["-m", "bridgeroom", "score", "duplicate", "4S", "10"],
        "",
    ),
    ("bridgeroom rubber rubber < 4 deals", ["-m", "bridgeroom", "rubber", "rubber"], RUBBER_INPUT),
    ("bridgeroom play --help", ["-m", "bridgeroom", "play", "--help"], ""),
]


def once(args: list[str], stdin: str, env: dict[str, str]) -> float:
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed ({proc.returncode}): {proc.stderr.strip()}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each command (default 15)")
    options = parser.parse_args()
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SRC), env.get("PYTHONPATH")]))
    times: dict[str, list[float]] = {label: [] for label, _, _ in COMMANDS}
    for _label, args, stdin in COMMANDS:  # one run each first: byte-compile, fill the file cache
        once(args, stdin, env)
    for _ in range(options.runs):
        for label, args, stdin in COMMANDS:
            times[label].append(once(args, stdin, env))
    bare = statistics.median(times["python -c pass"])
    print(
        f"start-up: median of {options.runs} runs each; Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}"
    )
    print(f"{'command':<36} {'median s':>9} {'min s':>7} {'x python -c pass':>17}")
    for label, _, _ in COMMANDS:
        median = statistics.median(times[label])
        print(f"{label:<36} {median:9.3f} {min(times[label]):7.3f} {median / bare:17.1f}")


if __name__ == "__main__":
    main()
