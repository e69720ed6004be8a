"""Deal generation and double-dummy simulation throughput. Figures printed, nothing asserted.

    python bench/simulation.py                 # the full run (about two minutes on two cores)
    python bench/simulation.py --quick         # a smaller one

1. **Accepted deals per second** for three Dealer scripts (a 15-17 balanced 1NT opener; 5-5
   in the majors with 8-11 HCP; a void and 20+ HCP, partner anything), bridgeroom's
   generator in this one process against endplay's dealer (``endplay.dealer.generate_deals``
   with the same condition) in the same run. endplay is timed for ``--seconds`` per script:
   its rate of candidate deals dealt and judged, times the acceptance rate of the condition
   (measured on bridgeroom's far larger sample; endplay's own accepted count is printed too,
   and agrees within its noise). ``ratio_vs_endplay_dealer`` is the smallest of the three
   ratios.
2. **Double-dummy simulation** (3NT and 4♠ by North on the 1NT deals) on a local Dask cluster
   of 1 and then 2 worker processes, one DDS thread each, after a warm-up that imports
   endplay on every worker; ``scaling_2_workers`` is the second rate over the first.

The machine's load (``os.getloadavg``) is printed at the start and the end: the cores are
shared, and the figures mean little under load.
"""

from __future__ import annotations

import argparse
import os
import time

SCRIPTS = {
    "1NT opener (15-17 balanced)": (
        "hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)"
    ),
    "5-5 majors, 8-11 HCP": (
        "spades(north) >= 5 && hearts(north) >= 5 && hcp(north) >= 8 && hcp(north) <= 11"
    ),
    "a void and 20+ HCP": "shape(north, any 0xxx) && hcp(north) >= 20",
}


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def ours(condition: str, produce: int) -> tuple[float, float]:
    """Accepted deals per second in this process, and the condition's acceptance rate."""
    from bridgeroom.analysis.generate import generate

    generate(condition, 10, seed=1)  # warm-up: imports, tables
    t0 = time.perf_counter()
    deals = generate(condition, produce, seed=2, max_tries=10**9)
    elapsed = time.perf_counter() - t0
    return len(deals) / elapsed, deals.rate


def endplay_rate(condition: str, seconds: float) -> tuple[float, int, float]:
    """endplay's dealer for about ``seconds``: candidate deals per second, deals accepted,
    and the time taken."""
    from endplay.dealer import generate_deals

    def candidates(attempts: int) -> tuple[int, int, float]:
        gen = generate_deals(condition, produce=10**9, max_attempts=attempts, seed=7)
        produced = 0
        t0 = time.perf_counter()
        try:
            while True:
                next(gen)
                produced += 1
        except StopIteration:
            pass
        return attempts, produced, time.perf_counter() - t0

    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "only N out of M hands were generated"
        tried, _, elapsed = candidates(2000)
        attempts = max(2000, int(tried / elapsed * seconds))
        tried, produced, elapsed = candidates(attempts)
    return tried / elapsed, produced, elapsed


def simulation(workers: int, deals: int) -> float:
    """Deals solved per second by ``workers`` local Dask workers (one DDS thread each)."""
    from bridgeroom.analysis.batch import Batch
    from bridgeroom.analysis.scale import WORKER_ENV
    from bridgeroom.analysis.simulate import simulate_contracts

    condition = SCRIPTS["1NT opener (15-17 balanced)"]
    with Batch(workers=workers, env=WORKER_ENV) as batch:
        # warm-up: every worker imports endplay and starts DDS
        simulate_contracts(condition, ["3NT:N", "4S:N"], 40 * workers, seed=3, batch=batch)
        t0 = time.perf_counter()
        result = simulate_contracts(condition, ["3NT:N", "4S:N"], deals, seed=4, batch=batch)
        elapsed = time.perf_counter() - t0
    return result.n / elapsed


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smaller, noisier run")
    parser.add_argument("--seconds", type=float, default=None, help="endplay's time per script")
    parser.add_argument("--produce", type=int, default=None, help="bridgeroom's deals per script")
    parser.add_argument("--deals", type=int, default=None, help="deals per simulation run")
    args = parser.parse_args(argv)
    seconds = args.seconds or (4.0 if args.quick else 15.0)
    produce = args.produce or (5_000 if args.quick else 50_000)
    sim_deals = args.deals or (60 if args.quick else 240)

    print(f"bridgeroom simulation benchmark ({load()})")
    print("\n== accepted deals per second: bridgeroom's generator against endplay's dealer ==")
    ratios = []
    for name, condition in SCRIPTS.items():
        rate, share = ours(condition, produce if "void" not in name else produce // 10)
        per_candidate, produced, elapsed = endplay_rate(condition, seconds)
        theirs = per_candidate * share
        ratios.append(rate / theirs)
        print(
            f"  {name:<28} bridgeroom {rate:>9,.0f}/s   endplay {theirs:>8,.2f}/s "
            f"({per_candidate:,.0f} candidates/s x {share:.5f}; {produced} accepted in "
            f"{elapsed:.1f}s)   ratio {rate / theirs:,.0f}x"
        )
    print("\n== double-dummy simulation: 3NT and 4S by North over 1NT deals, on Dask ==")
    one = simulation(1, sim_deals)
    print(f"  1 worker   {one:.2f} deals/s")
    two = simulation(2, sim_deals)
    print(f"  2 workers  {two:.2f} deals/s")
    print(f"\n{load()}")
    print(f"ratio_vs_endplay_dealer: {min(ratios):.0f}")
    print(f"scaling_2_workers: {two / one:.2f}")


if __name__ == "__main__":
    main()
