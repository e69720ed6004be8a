"""Engine throughput: random complete deals through the public agent API.

Each deal: shuffle and deal, a random legal auction, a random legal play,
and the duplicate score. Prints deals per second; when OpenSpiel is installed
(``pip install -e '.[bench]'``), runs the same loop on its ``bridge`` game
through pyspiel and prints ``ratio_vs_openspiel`` last.

    python bench/engine.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import random
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
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
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
    return deals, time.perf_counter() - start


def run_openspiel(seconds: float, seed: int = 1) -> tuple[int, float] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")
    rng = random.Random(seed)
    choice = rng.choice
    deals = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
        state.returns()
        deals += 1
    return deals, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    n, t = run_bridgeroom(args.seconds)
    ours = n / t
    print(f"bridgeroom: {n} deals in {t:.2f} s = {ours:.0f} deals/s ({1e6 / ours:.0f} us/deal)")
    other = run_openspiel(args.seconds)
    if other is None:
        print("openspiel: not installed (pip install -e '.[bench]'); no ratio")
        return
    m, u = other
    theirs = m / u
    print(f"openspiel bridge via pyspiel: {m} deals in {u:.2f} s = {theirs:.0f} deals/s")
    print(f"ratio_vs_openspiel: {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
