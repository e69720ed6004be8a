"""Robot benchmarks: time per decision, declarer and defence strength against double dummy,
mini-bridge contract choice, three-handed deals. Fixed seeds; figures printed, nothing asserted.

    python bench/robots.py                       # everything, 200 deals
    python bench/robots.py --deals 20            # a quick run
    python bench/robots.py --parts declarer,defence --levels expert --deals 50
    python bench/robots.py --parts declarer --levels expert --judge 4   # with card reading
    python bench/robots.py --parts defence --levels expert --deals 20 --by-trick
    python bench/robots.py --workers 0                   # in this process, without Dask
    python bench/robots.py --scheduler tcp://HOST:8786   # on a Dask cluster's workers

The deals are played on the Dask layer (:mod:`bridgeroom.analysis.batch`): by default a
local cluster of one worker process per core, each with one DDS thread; with
``--scheduler`` the workers of a cluster of many machines. Each deal's robots are seeded
by the deal's number, so the figures do not depend on the workers (the seconds per
decision do: they are measured where the decision is made).

Parts:

* ``timing``: seconds per decision (call, card, mini-bridge contract, three-handed call),
  p50 / p95 / max, by level, over ``--timing-deals`` whole deals played by four robots.
* ``declarer``: on each deal the robot declares its side's (North-South) double-dummy best
  contract against double-dummy-perfect defenders (they see all cards); mean tricks lost
  against the double-dummy result (0 is perfect).
* ``defence``: robot defenders (East and West, each seeing its own view) against a
  double-dummy-perfect declarer in the same contracts; mean tricks given away.
* ``minibridge``: the same deals as mini-bridge boards, not vulnerable and vulnerable: mean
  score per board of the expert's contract, the seed's advice (MB-13) and the double-dummy
  best contract of the declaring side, each scored with the declarer's double-dummy tricks.
* ``three-handed``: three robots bid and play whole deals (contract scoring); contracts made,
  the declarer's mean score minus the score of double-dummy tricks in the same contract, and
  the time per deal.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

LEVELS = ("random", "basic", "expert")
PARTS = ("timing", "declarer", "defence", "minibridge", "three-handed")


def _deals(n: int, seed: int) -> list:
    import random

    from bridgeroom.rules import deal_cards

    rng = random.Random(seed)
    return [deal_cards(rng=rng) for _ in range(n)]


def _pct(values: Sequence[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _line(name: str, values: Sequence[float]) -> str:
    if not values:
        return f"  {name:<26} (none)"
    return (
        f"  {name:<26} n={len(values):<5} p50={_pct(values, 0.5):.3f}s  "
        f"p95={_pct(values, 0.95):.3f}s  max={max(values):.3f}s"
    )


# --- double-dummy players -----------------------------------------------------------------


def dd_values(state) -> dict:  # type: ignore[no-untyped-def]
    """``{card index: tricks}`` for the hand to play, double dummy (it sees all cards)."""
    from bridgeroom.robots.dds import Position, solver
    from bridgeroom.rules import Seat

    hands = tuple(state.hand(s).mask for s in Seat)
    trick = state.current_trick
    leader = trick[0][0] if trick else state.turn
    pos = Position(hands, state.contract.strain, int(leader), tuple(c.index for _, c in trick))
    return solver().solve([pos])[0]


def dd_card(state) -> object:  # type: ignore[no-untyped-def]
    """The double-dummy best card for the hand to play; ties: the lowest."""
    from bridgeroom.rules import Card

    result = dd_values(state)
    best = max(result.values())
    return Card.from_index(min(c for c, t in result.items() if t == best))


def best_contract(table: dict, side: Sequence, vulnerable: bool, score: Callable) -> tuple:
    """The double-dummy best contract of a side: (contract, declarer, tricks), by duplicate score."""
    from bridgeroom.rules import Contract, Strain

    best = None
    for strain in Strain:
        for seat in side:
            tricks = table[int(strain)][seat]
            level = min(max(tricks - 6, 1), 7)
            contract = Contract(level, strain, 0, seat)
            points = score(contract, tricks, vulnerable)
            if best is None or points > best[0]:
                best = (points, contract, seat, tricks)
    assert best is not None
    return best[1], best[2], best[3]


# --- parts ----------------------------------------------------------------------------------


def _timing_deal(level: str, seed: int, i: int, deal) -> tuple[list, list, list, list]:  # type: ignore[no-untyped-def]
    """Seconds per decision on one deal: calls, cards, the mini-bridge contract, three-handed calls."""
    from bridgeroom.robots import make_robot
    from bridgeroom.rules import ContractBridgeDeal, MiniBridgeDeal, Phase, Seat, ThreeHandedDeal

    calls: list[float] = []
    cards: list[float] = []
    names: list[float] = []
    th_calls: list[float] = []
    robots = {s: make_robot(level, seed=seed + s) for s in Seat}
    state = ContractBridgeDeal(deal, dealer=Seat(i % 4))
    while not state.is_over:
        seat = state.to_act
        t0 = time.perf_counter()
        d = robots[seat].decide(state.view(seat))
        (calls if state.phase is Phase.AUCTION else cards).append(time.perf_counter() - t0)
        state.apply(d.action)
    mb = MiniBridgeDeal.from_board(i + 1, deal)
    mb.announce_all()
    seat = mb.to_act
    t0 = time.perf_counter()
    robots[seat].decide(mb.view(seat))
    names.append(time.perf_counter() - t0)
    th = ThreeHandedDeal(deal, dealer=Seat(i % 4))
    th_robots = {s: make_robot(level, seed=seed + 10 + s) for s in Seat}
    while th.phase is Phase.AUCTION:
        seat = th.to_act
        t0 = time.perf_counter()
        d = th_robots[seat].decide(th.view(seat))
        th_calls.append(time.perf_counter() - t0)
        th.apply(d.action)
    return calls, cards, names, th_calls


def part_timing(levels: Sequence[str], n: int, seed: int, batch: Any) -> None:
    print(f"\n== time per decision ({n} deals per game and level) ==")
    deals = _deals(n, seed)
    for level in levels:
        calls: list[float] = []
        cards: list[float] = []
        names: list[float] = []
        th_calls: list[float] = []
        # the same robots' seeds on every deal, as when the deals were played one after another
        work = [(level, seed, i, deal) for i, deal in enumerate(deals)]
        for a, b, c, d in batch.map(_star(_timing_deal), work, size=lambda item: 1):
            calls += a
            cards += b
            names += c
            th_calls += d
        print(f" {level}")
        print(_line("call (four-handed)", calls))
        print(_line("card", cards))
        print(_line("mini-bridge contract", names))
        print(_line("call (three-handed)", th_calls))


class _star:
    """``func(*item)``, picklable (a deal's arguments travel as one tuple to a worker)."""

    def __init__(self, func: Callable) -> None:  # type: ignore[type-arg]
        self.func = func
        self.__name__ = getattr(func, "__name__", "chunk")

    def __call__(self, item: tuple) -> Any:  # type: ignore[type-arg]
        return self.func(*item)


def _tables(deals: list) -> list:
    from bridgeroom.robots.dds import solver

    return solver().tables([d.masks for d in deals])


def _contracts(deals: list, seed: int, batch: Any) -> list[tuple]:
    """For each deal: dealer, vulnerability, the NS double-dummy best contract, its DD tricks."""
    from bridgeroom.analysis.batch import chunked
    from bridgeroom.rules import Seat, Vulnerability
    from bridgeroom.scoring import score_duplicate

    tables = [table for part in batch.map(_tables_of, chunked(deals, 10)) for table in part]
    out = []
    for i, (deal, table) in enumerate(zip(deals, tables, strict=True)):
        vul = Vulnerability(i % 4)
        contract, declarer, tricks = best_contract(
            table,
            (Seat.NORTH, Seat.SOUTH),
            vul.is_vulnerable(Seat.NORTH),
            lambda c, t, v: score_duplicate(c, t, v).score,
        )
        out.append((deal, declarer, vul, contract, tricks))
    return out


def _tables_of(chunk) -> list:  # type: ignore[no-untyped-def]
    return _tables(list(chunk.items))


def _play(deal, declarer, vul, contract, players: Callable) -> int:  # type: ignore[no-untyped-def]
    """Play the contract from the opening lead; ``players(state, seat)`` gives each card."""
    from bridgeroom.rules import ContractBridgeDeal

    state = ContractBridgeDeal(deal, dealer=declarer, vulnerability=vul)
    state.apply(contract.bid)
    for _ in range(3):
        state.apply("P")
    assert state.declarer == declarer
    while not state.is_over:
        state.apply(players(state, state.to_act))
    return state.result.tricks  # type: ignore[union-attr]


def _strength_deal(
    level: str, seed: int, k: int, job: tuple, defence: bool, judge: int, by_trick: bool
) -> tuple[int, int, dict[str, int]]:
    """One deal of the declarer or defence part: the tricks lost, the contract's level, and
    where they were lost (with ``by_trick``)."""
    from bridgeroom.robots import ExpertRobot, make_robot

    deal, declarer, vul, contract, dd = job
    where: dict[str, int] = {"opening lead": 0, "later leads": 0, "following": 0}
    robot = make_robot(level, seed=seed + k)
    if isinstance(robot, ExpertRobot):
        # the contract is imposed by a one-bid auction whose calls show nothing by the
        # system; the defenders still read the contract itself (robots.inference)
        robot.use_auction = False
        robot.card_reading = judge

    def players(state, seat):  # type: ignore[no-untyped-def]
        ours = seat in (declarer, declarer.partner)
        if ours != defence:
            values = dd_values(state) if by_trick else None
            card = robot.decide(state.view(seat)).action
            if values is not None:
                lost = max(values.values()) - values[card.index]
                if state.current_trick:
                    where["following"] += lost
                elif state.tricks:
                    where["later leads"] += lost
                else:
                    where["opening lead"] += lost
            return card
        return dd_card(state)

    tricks = _play(deal, declarer, vul, contract, players)
    return (tricks - dd if defence else dd - tricks), contract.level, where


def part_declarer(
    levels: Sequence[str],
    deals: list,
    seed: int,
    defence: bool,
    judge: int = 0,
    by_trick: bool = False,
    batch: Any = None,
) -> None:
    what = "defence: tricks given away" if defence else "declarer: tricks lost"
    print(f"\n== {what} against double dummy ({len(deals)} deals) ==")
    jobs = _contracts(deals, seed, batch)
    for level in levels:
        losses: list[int] = []
        where: dict[str, int] = {"opening lead": 0, "later leads": 0, "following": 0}
        by_level: dict[int, list[int]] = {}
        t0 = time.perf_counter()
        work = [(level, seed, k, job, defence, judge, by_trick) for k, job in enumerate(jobs)]
        for loss, contract_level, lost_at in batch.map(
            _star(_strength_deal), work, size=lambda item: 1
        ):
            losses.append(loss)
            by_level.setdefault(contract_level, []).append(loss)
            for name, n in lost_at.items():
                where[name] += n
        mean = statistics.mean(losses)
        # the half-width of a 95% confidence interval of the mean (normal approximation):
        # on 200 deals it is 0.08-0.09 tricks, so smaller differences between runs are noise
        half = 1.96 * statistics.stdev(losses) / len(losses) ** 0.5 if len(losses) > 1 else 0.0
        exact = sum(1 for x in losses if x == 0) / len(losses)
        elapsed = time.perf_counter() - t0
        print(
            f"  {level:<8} mean {mean:+.3f} ± {half:.3f} tricks (95%)   at DD on {exact:.0%} "
            f"of deals   ({elapsed / len(jobs):.1f}s per deal)"
        )
        # one-level contracts are mostly those of a weak North-South, their least bad contract
        split = ", ".join(
            f"{lv}: {statistics.mean(xs):.2f} (n={len(xs)})" for lv, xs in sorted(by_level.items())
        )
        print(f"  {'':<8} by the contract's level: {split}")
        if by_trick:
            # each robot card against the double-dummy best card in the same position
            split = ", ".join(f"{name} {n / len(jobs):.3f}" for name, n in where.items())
            print(f"  {'':<8} tricks a deal lost at: {split}")


def _minibridge_deal(seed: int, i: int, deal) -> dict[str, list[int]]:  # type: ignore[no-untyped-def]
    """One board's scores (not vulnerable, vulnerable) of the expert's contract, the advice and
    the double-dummy best, each with the declarer's double-dummy tricks."""
    from dataclasses import replace

    from bridgeroom.robots import make_robot
    from bridgeroom.robots.contracts import order_for
    from bridgeroom.robots.dds import Position, solver
    from bridgeroom.rules import Contract, MiniBridgeDeal, Strain, Vulnerability
    from bridgeroom.scoring import score_minibridge

    basic = make_robot("basic")
    expert = make_robot("expert", seed=seed + i)
    totals: dict[str, list[int]] = {"expert": [], "advice": [], "dd best": []}
    state = MiniBridgeDeal.from_board(i + 1, deal)
    state.announce_all()
    declarer = state.declarer
    assert declarer is not None and state.dummy is not None
    order = order_for(declarer, state.dummy)
    hands = tuple(deal.masks[s] for s in order)
    best = solver().best([Position(hands, strain, 1) for strain in Strain])
    tricks = {strain: 13 - best[j] for j, strain in enumerate(Strain)}
    view = state.view(declarer)
    advice = basic.decide(view).action
    for vulnerable in (False, True):
        # the view's vulnerability is the board's; the expert is asked for each case
        vul = Vulnerability.BOTH if vulnerable else Vulnerability.NONE
        choice = expert.decide(replace(view, vulnerability=vul)).action

        def points(call, vulnerable=vulnerable, tricks=tricks) -> int:  # type: ignore[no-untyped-def]
            return score_minibridge(
                Contract(call.level, call.strain), tricks[call.strain], vulnerable
            ).score

        totals["expert"].append(points(choice))
        totals["advice"].append(points(advice))
        top = max(
            score_minibridge(Contract(level, strain), tricks[strain], vulnerable).score
            for level in range(1, 8)
            for strain in Strain
        )
        totals["dd best"].append(top)
    return totals


def part_minibridge(deals: list, seed: int, batch: Any) -> None:
    import numpy as np

    print(
        f"\n== mini-bridge contract choice ({len(deals)} deals, each not vulnerable and vulnerable) =="
    )
    totals: dict[str, list[int]] = {"expert": [], "advice": [], "dd best": []}
    work = [(seed, i, deal) for i, deal in enumerate(deals)]
    for board in batch.map(_star(_minibridge_deal), work, size=lambda item: 1):
        for name, values in board.items():
            totals[name] += values
    for name, values in totals.items():
        print(f"  {name:<8} mean score per board {np.mean(values):+.1f}")
    print(
        f"  expert - advice: {np.mean(totals['expert']) - np.mean(totals['advice']):+.1f} per board"
    )


def _three_handed_deal(level: str, seed: int, i: int, deal) -> tuple[float, float | None, bool]:  # type: ignore[no-untyped-def]
    """Three robots bid and play one deal: the seconds it took, the declarer's score minus the
    score of his double-dummy tricks (``None``: passed out), and whether the contract made."""
    from bridgeroom.robots import make_robot
    from bridgeroom.robots.contracts import order_for
    from bridgeroom.robots.dds import Position, solver
    from bridgeroom.robots.values import value
    from bridgeroom.rules import Seat, ThreeHandedDeal

    t0 = time.perf_counter()
    state = ThreeHandedDeal(deal, dealer=Seat(i % 4))
    robots = {s: make_robot(level, seed=seed + 4 * i + s) for s in Seat}
    while not state.is_over:
        seat = state.to_act
        state.apply(robots[seat].decide(state.view(seat)).action)
    took = time.perf_counter() - t0
    result = state.result
    if result is None or result.contract is None:
        return took, None, False
    c = result.contract
    left, _ = state.left_defender, state.right_defender
    order = order_for(c.declarer, state.dummy_seat, left)
    hands = tuple(deal.masks[s] for s in order)
    dd = 13 - solver().best([Position(hands, c.strain, 1)])[0]
    vul = False
    actual = value("three-handed-contract", c, result.tricks, vul)
    ideal = value("three-handed-contract", c, dd, vul)
    return took, actual - ideal, result.tricks >= c.tricks_needed


def part_three_handed(levels: Sequence[str], deals: list, seed: int, batch: Any) -> None:
    print(f"\n== three-handed: robots play whole deals ({len(deals)} deals, contract scoring) ==")
    for level in levels:
        made = played = passed = 0
        diffs: list[float] = []
        per_deal: list[float] = []
        work = [(level, seed, i, deal) for i, deal in enumerate(deals)]
        for took, diff, was_made in batch.map(_star(_three_handed_deal), work, size=lambda x: 1):
            per_deal.append(took)
            if diff is None:
                passed += 1
                continue
            played += 1
            made += was_made
            diffs.append(diff)
        rate = made / played if played else 0.0
        print(
            f"  {level:<8} contracts made {made}/{played} ({rate:.0%}), passed out {passed}; "
            f"declarer's score minus double dummy {statistics.mean(diffs) if diffs else 0:+.1f}; "
            f"{statistics.mean(per_deal):.2f}s per deal"
        )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per part (default 200)")
    parser.add_argument(
        "--timing-deals", type=int, default=10, help="whole deals for the timing part"
    )
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--parts", default=",".join(PARTS), help="comma-separated: " + ", ".join(PARTS)
    )
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated levels")
    parser.add_argument(
        "--judge",
        type=int,
        default=0,
        help="the expert's card reading: opponents' last cards that weigh the layouts (default 0: off)",
    )
    parser.add_argument(
        "--by-trick",
        action="store_true",
        help="split the declarer and defence losses by kind of card (one more DDS solve a card)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        help="play the deals on an existing Dask cluster ('dask scheduler', 'dask worker')",
    )
    where.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="local worker processes, one DDS thread each (default: one per core; 0: here)",
    )
    args = parser.parse_args(argv)

    from bridgeroom.analysis.batch import Batch
    from bridgeroom.analysis.scale import WORKER_ENV

    parts = [p.strip() for p in args.parts.split(",") if p.strip()]
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    deals = _deals(args.deals, args.seed)
    print(
        f"bridgeroom robot benchmark: {args.deals} deals, seed {args.seed}, levels {', '.join(levels)}"
    )
    batch = Batch(scheduler=args.scheduler, workers=args.workers, env=WORKER_ENV)
    with batch:
        print(f"on {batch!r}, {batch.threads()} worker thread(s)")
        if "timing" in parts:
            part_timing(levels, args.timing_deals, args.seed, batch)
        if "declarer" in parts:
            part_declarer(
                levels,
                deals,
                args.seed,
                defence=False,
                judge=args.judge,
                by_trick=args.by_trick,
                batch=batch,
            )
        if "defence" in parts:
            part_declarer(
                levels,
                deals,
                args.seed,
                defence=True,
                judge=args.judge,
                by_trick=args.by_trick,
                batch=batch,
            )
        if "minibridge" in parts:
            part_minibridge(deals, args.seed, batch)
        if "three-handed" in parts:
            part_three_handed(levels, deals, args.seed, batch)


if __name__ == "__main__":
    main()
