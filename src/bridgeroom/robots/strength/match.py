"""A duplicate match between two robot levels, and the time each decision takes.

:func:`match_board` plays one board at two tables: at the first the level ``a`` sits North-South
and ``b`` East-West, at the second the other way round; each table bids and plays the whole deal
(no claims). ``a``'s result on the board is ``imps(NS score at table 1 - NS score at table 2)``
(duplicate scoring, the board's dealer and vulnerability).

:func:`timed_deal` plays whole deals of each game with four robots of one level and records the
seconds of every decision with its kind and its budget (:meth:`ExpertRobot.budget_for
<bridgeroom.robots.players.ExpertRobot.budget_for>`), for the time figures.
"""

from __future__ import annotations

import time

from bridgeroom.robots.base import Robot
from bridgeroom.robots.strength.deals import board_conditions, deal_at
from bridgeroom.rules.core import Seat
from bridgeroom.rules.state import Action, View

__all__ = ["match_board", "timed_deal"]


def _table(deal, dealer, vul, robots) -> tuple[int, str, int]:  # type: ignore[no-untyped-def]
    from bridgeroom.rules import ContractBridgeDeal
    from bridgeroom.scoring import score_duplicate

    state = ContractBridgeDeal(deal, dealer=dealer, vulnerability=vul)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        state.apply(robots[seat].decide(state.view(seat)).action)
    result = state.result
    if result is None or result.contract is None:
        return 0, "pass", 0
    c = result.contract
    assert c.declarer is not None
    points = score_duplicate(c, result.tricks, vul.is_vulnerable(c.declarer)).score
    ns = points if c.declarer in (Seat.NORTH, Seat.SOUTH) else -points
    return ns, str(c), result.tricks


def match_board(
    a: str,
    b: str,
    index: int,
    seed: int,
    *,
    budget: float | None = None,
    layouts: int | None = None,
) -> dict[str, object]:
    """Board ``index`` at two tables, ``a`` North-South at the first and East-West at the second
    (``budget`` and ``layouts``: :func:`~bridgeroom.robots.strength.players.robot`; a level may
    name its side's bidding system, ``basic@acol``, and each side reads the other's by its own)."""
    from bridgeroom.robots.strength.players import robot
    from bridgeroom.scoring.compare import imps

    deal = deal_at(seed, index)
    dealer, vul = board_conditions(index)
    t0 = time.perf_counter()
    out: dict[str, object] = {"deal": index}
    scores = []
    for table, (ns, ew) in enumerate(((a, b), (b, a)), start=1):
        robots = {
            s: robot(
                ns if s in (Seat.NORTH, Seat.SOUTH) else ew,
                seed * 11 + index * 8 + table * 4 + s,
                budget=budget,
                layouts=layouts,
                opponents=ew if s in (Seat.NORTH, Seat.SOUTH) else ns,
            )
            for s in Seat
        }
        score, contract, tricks = _table(deal, dealer, vul, robots)
        scores.append(score)
        out[f"table{table}"] = {"contract": contract, "tricks": tricks, "ns": score}
    out["imps"] = imps(scores[0] - scores[1])
    out["seconds"] = round(time.perf_counter() - t0, 3)
    return out


def timed_deal(
    level: str, index: int, seed: int, *, budget: float | None = None
) -> list[dict[str, object]]:
    """Deal ``index`` played whole in each game by robots of ``level``: each decision's kind,
    seconds and budget (``None`` for a robot without one)."""
    from bridgeroom.robots import ExpertRobot, make_robot
    from bridgeroom.rules import ContractBridgeDeal, MiniBridgeDeal, Phase, ThreeHandedDeal

    deal = deal_at(seed, index)
    dealer, vul = board_conditions(index)
    out: list[dict[str, object]] = []

    def record(robot: Robot, view: View, kind: str) -> Action:
        t0 = time.perf_counter()
        decision = robot.decide(view)
        seconds = time.perf_counter() - t0
        limit = robot.budget_for(kind) if isinstance(robot, ExpertRobot) else None
        out.append(
            {"kind": kind, "seconds": round(seconds, 4), "budget": limit, "reason": decision.reason}
        )
        return decision.action

    robots = {s: make_robot(level, seed=seed + index * 4 + s, time_budget=budget) for s in Seat}
    state = ContractBridgeDeal(deal, dealer=dealer, vulnerability=vul)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        kind = "call" if state.phase is Phase.AUCTION else "card"
        state.apply(record(robots[seat], state.view(seat), kind))
    mb = MiniBridgeDeal.from_board(index + 1, deal)
    mb.announce_all()
    seat = mb.to_act
    assert seat is not None
    record(robots[seat], mb.view(seat), "contract")
    th = ThreeHandedDeal(deal, dealer=dealer)
    th_robots = {
        s: make_robot(level, seed=seed + 10 + index * 4 + s, time_budget=budget) for s in Seat
    }
    while th.phase is Phase.AUCTION:
        seat = th.to_act
        assert seat is not None
        th.apply(record(th_robots[seat], th.view(seat), "three-handed call"))
    return out
