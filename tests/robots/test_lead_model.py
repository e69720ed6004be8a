"""The opening-lead model's learning (bridgeroom.robots.strength.leads): records of deals bid
and solved, read back in the robot's own terms, and the ridge fit."""

from __future__ import annotations

import numpy as np
import pytest

from bridgeroom.robots.lead import LeadModel, with_pairs
from bridgeroom.robots.strength.leads import Sample, evaluate, fit, lead_record, model_json, samples


def test_a_record_is_read_back_as_each_leads_loss_against_the_best() -> None:
    """A record's costs are the best lead's tricks less each lead's, and a record whose auction
    does not give its contract is refused."""
    rec = lead_record(2024, 1)
    assert rec["contract"] is not None
    values = {int(k): v for k, v in rec["values"].items()}
    (sample,) = samples([rec], 2024, pairs=False)
    assert {i: cost for i, _, cost in sample.leads} == {
        i: max(values.values()) - v for i, v in values.items()
    }
    assert sample.basic in values
    assert sample.notrump == ("NT" in rec["contract"])
    wrong = {**rec, "contract": "7NTN" if rec["contract"] != "7NTN" else "7CN"}
    with pytest.raises(ValueError, match="deal 1: the record's auction does not give its contract"):
        samples([wrong], 2024)


def test_a_deal_passed_out_is_recorded_and_left_out() -> None:
    record = {"seed": 1, "deal": 0, "contract": None}
    assert samples([record], 1) == []


def test_the_fit_recovers_the_weights_of_pairs() -> None:
    """Costs made from known weights of single features and of a pair (plus noise, and an offset
    of each deal's own) are fitted back within a few hundredths."""
    rng = np.random.default_rng(3)
    truth = {"c_top": 0.4, "len4": -0.2, "c_top*len4": 0.6, "c_low": -0.3}
    shapes = [["c_top"], ["len4"], ["c_top", "len4"], ["c_low"], ["c_low", "len4"], []]
    data = []
    for _ in range(400):
        offset = rng.normal(0, 2)
        leads = []
        for i, f in enumerate(shapes):
            terms = with_pairs(f)
            cost = offset + sum(truth.get(t, 0.0) for t in terms) + rng.normal(0, 0.05)
            leads.append((i, terms, cost))
        data.append(Sample(False, 5, leads))
    model = fit(data, lam=0.1)
    got = model.weights["suit"]
    for term, weight in truth.items():
        assert got[term] == pytest.approx(weight, abs=0.03), term
    assert model.weights["notrump"] == {}
    cost, diff, half, n = evaluate(model, data)
    # the model leads the cheapest, c_low with len4 (-0.3 - 0.2); the "basic" lead (index 5) is
    # the one without features (0)
    assert n == 400 and diff == pytest.approx(-0.5, abs=0.02)
    assert half < 0.02


def test_the_model_json_reads_back() -> None:
    model = LeadModel({"notrump": {"c_top": 0.123456, "len4": 0.00001}, "suit": {"c_A": -1.0}}, {})
    data = model_json(model, seed=5)
    assert data == {
        "fitted": {"seed": 5},
        "notrump": {"c_top": 0.1235},
        "suit": {"c_A": -1.0},
    }
    back = LeadModel.from_json(data)
    assert back.cost(["c_top"], notrump=True) == 0.1235 and back.fitted == {"seed": 5}
