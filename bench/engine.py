"""Engine throughput: random complete deals through the public agent API.

Each deal: shuffle and deal, a random legal auction, a random legal play,
and the duplicate score. Times are the process's CPU time (``time.process_time``),
so that other work on the machine disturbs the comparison less. Prints deals per second; when OpenSpiel is installed
(``pip install -e '.[bench]'``), runs the same loop on its ``bridge`` game
through pyspiel and prints ``ratio_vs_openspiel`` last.

    python bench/engine.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time


def run_bridgeroom(seconds: float, seed: int = 1) -> tuple[int, float]:
    from bridgeroom.rules import ContractBridgeDeal, Seat, Vulnerability, deal_cards

    try:
        from bridgeroom.scoring import score_duplicate
    except ImportError:  # scoring layer not installed yet
        score_duplicate = None

    rng = random.Random(seed)
    choice = rng.choice
    deals = 0
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
        state = ContractBridgeDeal(
            deal_cards(Seat(deals & 3), rng), Seat(deals & 3), Vulnerability.NONE
        )
        apply = state.apply
        legal = state.legal_actions
        while not state.is_over:
            apply(choice(legal()))
        result = state.result
        if score_duplicate is not None and result is not None and result.contract is not None:
            score_duplicate(result.contract, result.tricks, False)
        deals += 1
    return deals, time.process_time() - start


def run_openspiel(seconds: float, seed: int = 1) -> tuple[int, float] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")
    rng = random.Random(seed)
    choice = rng.choice
    deals = 0
    start = time.process_time()
    end = start + seconds
    while time.process_time() < end:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
        state.returns()
        deals += 1
    return deals, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="total time per engine")
    parser.add_argument("--rounds", type=int, default=10, help="interleaved rounds")
    args = parser.parse_args()
    slice_s = args.seconds / args.rounds
    ours: list[float] = []
    theirs: list[float] = []
    # Interleave short runs of both engines so that load from other work hits both alike;
    # report the median rate of each.
    for r in range(args.rounds):
        n, t = run_bridgeroom(slice_s, seed=r)
        ours.append(n / t)
        other = run_openspiel(slice_s, seed=r)
        if other is not None:
            theirs.append(other[0] / other[1])
    rate = statistics.median(ours)
    print(
        f"bridgeroom: {rate:.0f} deals/s ({1e6 / rate:.0f} us/deal), median of {args.rounds} runs"
    )
    if not theirs:
        print("openspiel: not installed (pip install -e '.[bench]'); no ratio")
        return
    other_rate = statistics.median(theirs)
    print(
        f"openspiel bridge via pyspiel: {other_rate:.0f} deals/s ({1e6 / other_rate:.0f} us/deal)"
    )
    print(f"ratio_vs_openspiel: {rate / other_rate:.2f}")


if __name__ == "__main__":
    main()
