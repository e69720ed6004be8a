"""The opening-lead model learnt from deals the project deals and solves itself.

:func:`lead_record` bids a deal with four ``basic`` robots
(:func:`~bridgeroom.robots.strength.play.basic_auction`) and solves, double dummy, every card
the leader may lead: one JSON-able record a deal. :func:`samples` reads records back into the
model's terms (:func:`~bridgeroom.robots.lead.view_features` of the replayed auction, so the
features are those the robot sees at a table) and each lead's cost, the tricks it loses
against the best lead of its deal. :func:`fit` is a ridge regression of the cost within each deal
(the costs and the terms centred on the deal's mean: only the differences between one deal's
leads are learnt), one for notrump and one for suit contracts (numpy's ``solve`` on the normal
equations); :func:`evaluate` judges a model on records it was not fitted on, paired with the
basic lead. ``python bench/lead_model.py`` runs the whole and writes
``src/bridgeroom/robots/lead_model.json``.

    >>> import numpy as np
    >>> rng = np.random.default_rng(1)
    >>> truth = {"c_top": 0.5, "len4": -0.3}
    >>> deals = []
    >>> for _ in range(200):
    ...     leads = [(i, f, sum(truth.get(t, 0.0) for t in f) + rng.normal(0, 0.1))
    ...              for i, f in enumerate([["c_top"], ["len4"], ["c_top", "len4"], []])]
    ...     deals.append(Sample(True, -1, leads))
    >>> model = fit(deals, lam=1.0, pairs=False)
    >>> {k: round(v, 1) for k, v in sorted(model.weights["notrump"].items())}
    {'c_top': 0.5, 'len4': -0.3}
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from bridgeroom.robots.lead import KINDS, LeadModel, view_features, with_pairs
from bridgeroom.robots.strength.play import basic_auction, dd_values
from bridgeroom.rules.core import Card

__all__ = ["LAMBDA", "Sample", "evaluate", "fit", "lead_record", "model_json", "samples"]

#: The ridge penalty. Fitted on three quarters of the deals of seed 5000 and judged on the
#: rest: 10, 30 and 100 cost the same within 0.005 tricks a deal; 30 is the middle.
LAMBDA = 30.0


@dataclass(frozen=True)
class Sample:
    """One deal's leads: ``leads`` as ``(card index, features, cost)``; ``basic`` the index of the
    basic robot's lead (-1 where not known)."""

    notrump: bool
    basic: int
    leads: Sequence[tuple[int, Sequence[str], float]]


def lead_record(seed: int, index: int) -> dict[str, Any]:
    """Deal ``index`` of ``seed`` bid by ``basic`` robots, with the double-dummy tricks of every
    card the leader may lead (``values``) and the basic robot's lead; ``contract`` is ``None``
    when the deal was passed out."""
    from bridgeroom.robots.play import basic_card

    state = basic_auction(seed, index)
    if state is None:
        return {"seed": seed, "deal": index, "contract": None}
    leader = state.to_act
    assert leader is not None and state.contract is not None
    values = dd_values(state)
    return {
        "seed": seed,
        "deal": index,
        "contract": str(state.contract),
        "auction": " ".join(str(c) for _, c in state.calls),
        "leader": int(leader),
        "hand": str(state.hand(leader)),
        "values": {str(k): v for k, v in values.items()},
        "basic": basic_card(state.view(leader)).action.index,  # type: ignore[union-attr]
    }


def samples(records: Iterable[Mapping[str, Any]], seed: int, *, pairs: bool = True) -> list[Sample]:
    """The leads of ``records`` (``seed`` where a record does not name its own; deals passed out
    are left out) in the model's terms: the auction is replayed from the deal and checked
    against the record."""
    from bridgeroom.robots.strength.deals import board_conditions, deal_at
    from bridgeroom.rules import ContractBridgeDeal

    out = []
    for rec in records:
        if rec["contract"] is None:
            continue
        index = int(rec["deal"])
        dealer, vul = board_conditions(index)
        state = ContractBridgeDeal(
            deal_at(int(rec.get("seed", seed)), index), dealer=dealer, vulnerability=vul
        )
        for call in str(rec["auction"]).split():
            state.apply(call)
        if str(state.contract) != rec["contract"] or state.to_act != rec["leader"]:
            raise ValueError(f"deal {index}: the record's auction does not give its contract")
        assert state.to_act is not None
        view = state.view(state.to_act)
        values = {int(k): int(v) for k, v in rec["values"].items()}
        best = max(values.values())
        leads = []
        for idx, tricks in values.items():
            features = view_features(view, Card.from_index(idx))
            leads.append((idx, with_pairs(features) if pairs else features, float(best - tricks)))
        notrump = state.contract.strain.suit is None  # type: ignore[union-attr]
        out.append(Sample(notrump, int(rec.get("basic", -1)), leads))
    return out


def fit(data: Sequence[Sample], *, lam: float = LAMBDA, pairs: bool = True) -> LeadModel:
    """The ridge fit of each lead's cost on the leads' terms (already paired by :func:`samples`;
    ``pairs`` is recorded in the model's ``fitted``), both centred within each deal."""
    weights: dict[str, dict[str, float]] = {}
    for kind in KINDS:
        chosen = [s for s in data if s.notrump == (kind == "notrump")]
        names = sorted({t for s in chosen for _, terms, _ in s.leads for t in terms})
        ix = {n: i for i, n in enumerate(names)}
        m = len(names)
        gram = np.zeros((m, m))
        rhs = np.zeros(m)
        for start in range(0, len(chosen), 500):
            blocks, ys = [], []
            for s in chosen[start : start + 500]:
                x = np.zeros((len(s.leads), m))
                for r, (_, terms, _) in enumerate(s.leads):
                    x[r, [ix[t] for t in terms]] = 1.0
                y = np.array([c for _, _, c in s.leads])
                # within the deal: only the differences between its leads are learnt
                blocks.append(x - x.mean(axis=0))
                ys.append(y - y.mean())
            x = np.vstack(blocks)
            gram += x.T @ x
            rhs += x.T @ np.concatenate(ys)
        w = np.linalg.solve(gram + lam * np.eye(m), rhs) if m else np.zeros(0)
        weights[kind] = {n: float(w[ix[n]]) for n in names}
    fitted = {
        "deals": len(data),
        "lambda": lam,
        "pairs": pairs,
        "date": datetime.date.today().isoformat(),
    }
    return LeadModel(weights, fitted)


def evaluate(model: LeadModel, data: Sequence[Sample]) -> tuple[float, float, float, int]:
    """The model's leads on ``data``: the mean cost a deal, the mean paired difference with the
    basic lead, its 95% half-interval, and the deals."""
    costs, diffs = [], []
    for s in data:
        kind = model.weights["notrump" if s.notrump else "suit"]
        pick = min(s.leads, key=lambda lead: (sum(kind.get(t, 0.0) for t in lead[1]), lead[0]))
        basic = next(c for i, _, c in s.leads if i == s.basic)
        costs.append(pick[2])
        diffs.append(pick[2] - basic)
    d = np.array(diffs)
    half = 1.96 * float(d.std(ddof=1)) / np.sqrt(len(d)) if len(d) > 1 else float("inf")
    return float(np.mean(costs)), float(d.mean()), half, len(d)


def model_json(model: LeadModel, *, digits: int = 4, **about: object) -> dict[str, Any]:
    """The JSON object of ``model`` (:meth:`LeadModel.from_json` reads it back), weights rounded
    to ``digits`` places and those that round to zero left out; ``about`` joins ``fitted``."""
    out: dict[str, Any] = {"fitted": {**model.fitted, **about}}
    for kind in KINDS:
        rounded = {t: round(w, digits) for t, w in sorted(model.weights[kind].items())}
        out[kind] = {t: w for t, w in rounded.items() if w != 0}
    return out
