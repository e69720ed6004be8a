"""The mini-bridge contract (MB-6) measured: the expert's choice, the seed's advice (MB-13, the
``basic`` robot) and the declaring side's double-dummy best contract, each scored with the
declarer's double-dummy tricks (MB-T1, MB-T2), on each deal not vulnerable and vulnerable.
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgeroom.robots.strength.deals import deal_at
from bridgeroom.robots.strength.stats import figure, paired

__all__ = ["minibridge_board", "summary"]


def minibridge_board(
    index: int, seed: int, *, budget: float | None = None, layouts: int | None = None
) -> dict[str, object]:
    """Board ``index + 1`` of the set as mini-bridge: the three contracts' scores, both vulnerabilities."""
    from dataclasses import replace

    from bridgeroom.robots import make_robot
    from bridgeroom.robots.contracts import order_for
    from bridgeroom.robots.dds import Position, solver
    from bridgeroom.robots.strength.players import robot
    from bridgeroom.rules import Contract, MiniBridgeDeal, Strain, Vulnerability
    from bridgeroom.scoring import score_minibridge

    deal = deal_at(seed, index)
    state = MiniBridgeDeal.from_board(index + 1, deal)
    state.announce_all()
    declarer = state.declarer
    assert declarer is not None and state.dummy is not None
    order = order_for(declarer, state.dummy)
    hands = tuple(deal.masks[s] for s in order)
    best = solver().best([Position(hands, strain, 1) for strain in Strain])  # type: ignore[arg-type]
    tricks = {strain: 13 - best[j] for j, strain in enumerate(Strain)}
    view = state.view(declarer)
    advice = make_robot("basic").decide(view).action
    expert = robot("expert", seed + index, budget=budget, layouts=layouts)
    out: dict[str, object] = {"deal": index}
    for vulnerable in (False, True):
        vul = Vulnerability.BOTH if vulnerable else Vulnerability.NONE
        choice = expert.decide(replace(view, vulnerability=vul)).action

        def points(call, vulnerable=vulnerable) -> int:  # type: ignore[no-untyped-def]
            return score_minibridge(
                Contract(call.level, call.strain), tricks[call.strain], vulnerable
            ).score

        top = max(
            score_minibridge(Contract(level, strain), tricks[strain], vulnerable).score
            for level in range(1, 8)
            for strain in Strain
        )
        key = "vul" if vulnerable else "nv"
        out[key] = {"expert": points(choice), "advice": points(advice), "dd_best": top}
    return out


def summary(rs: Sequence[dict[str, object]]) -> dict[str, object]:
    """Mean scores per board (both vulnerabilities pooled) and the expert's gain over the advice."""
    rows = [r[k] for r in rs for k in ("nv", "vul")]
    col = {name: [float(row[name]) for row in rows] for name in ("expert", "advice", "dd_best")}  # type: ignore[index]
    return {
        "expert_score": figure(col["expert"]).to_json(),
        "advice_score": figure(col["advice"]).to_json(),
        "dd_best_score": figure(col["dd_best"]).to_json(),
        "expert_minus_advice": paired(col["expert"], col["advice"]).to_json(),
    }
