"""The robot benchmark's measures (:mod:`bridgeroom.robots.strength`): how the expert thinks in
them. With ``layouts`` the clock is taken away, so that two runs make the same cards and a
change of the robot can be measured paired, card for card, whatever the machine's load."""

from __future__ import annotations

import math
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from bridgeroom.robots import ExpertRobot
from bridgeroom.robots.strength import play
from bridgeroom.robots.strength.players import robot
from bridgeroom.rules import Card, ContractBridgeDeal, Deal, Seat
from bridgeroom.rules.core import Rank

ROOT = Path(__file__).resolve().parents[2]
#: The fields of a record that are times, not play.
TIMES = {"seconds", "lead_seconds"}


def _play(record: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in record.items() if k not in TIMES}


def _load_the_clock(monkeypatch: Any) -> None:
    """From now on the clock jumps a minute at every look: a machine so loaded that every
    budget is long spent (the opening lead's too)."""
    now = [time.perf_counter()]

    def slow() -> float:
        now[0] += 60.0
        return now[0]

    monkeypatch.setattr(time, "perf_counter", slow)


def test_layouts_take_the_clock_away() -> None:
    clockless = robot("expert", 3, budget=0.2, layouts=12)
    assert isinstance(clockless, ExpertRobot)
    assert clockless.samples == 12 and math.isinf(clockless.time_budget)
    timed = robot("expert", 3, budget=0.2)
    assert isinstance(timed, ExpertRobot) and timed.time_budget == 0.2
    assert type(robot("basic", 3, layouts=12)).__name__ == "BasicRobot"
    with pytest.raises(ValueError, match="at least one layout, not 0"):
        robot("expert", 3, layouts=0)


def test_a_loaded_machine_defends_alike_without_the_clock(monkeypatch: Any) -> None:
    """The same deal defended twice from 6 layouts a decision: once as it comes, once on a
    "machine" whose clock jumps a minute at every look (every budget long spent). The cards, the
    lead and the tricks are the same."""
    first = play.defence_deal("expert", 5, 2024, layouts=6)
    _load_the_clock(monkeypatch)
    second = play.defence_deal("expert", 5, 2024, layouts=6)
    assert _play(second) == _play(first)
    assert isinstance(first["decisions"], int) and first["decisions"] > 1


def test_the_clock_is_what_a_loaded_machine_changes(monkeypatch: Any) -> None:
    """The same loaded clock with a time budget: every decision runs out of time, and the robot
    says so in its reason instead of pretending it weighed its layouts."""
    state, _, _ = play._imposed(5, 2024, "stronger")
    leader = state.to_act
    assert leader is not None
    expert = robot("expert", 5, budget=0.8)
    _load_the_clock(monkeypatch)
    decision = expert.decide(state.view(leader))
    assert decision.action in state.legal_actions()
    # the opening lead after an auction: the learnt model's lead, for want of layouts
    assert decision.why.key == "robot.expert.lead_learnt"
    assert decision.reason.endswith("no layout could be solved in the time")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--layouts", "0"], "--layouts is one or more, not 0"),
        (["--budget", "-1"], "--budget is a positive number of seconds, not -1.0"),
        (["--budget", "nan"], "--budget is a positive number of seconds, not nan"),
    ],
)
def test_the_benchmark_refuses_a_bad_budget_in_one_line(args: list[str], message: str) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "robots.py"), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr.strip() == f"bench/robots.py: {message}"


#: 7NT by North with thirteen top tricks: every card of the defenders is as good as any other,
#: double dummy, so only the carding chooses among them.
GRAND = "N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432"


def _grand() -> ContractBridgeDeal:
    state = ContractBridgeDeal(Deal(GRAND), dealer=Seat.NORTH)
    for call in ("7N", "P", "P", "P"):
        state.apply(call)
    return state


def test_double_dummy_defenders_card_as_the_conventions_say() -> None:
    """East's every lead takes as many tricks as any other (none). The conventional defender
    leads the top of a sequence, a jack (docs/bidding.md, "Carding"); the yardstick before the
    ninth session led the lowest card, the club nine, which by the convention denies the jack and
    the ten that East holds."""
    state = _grand()
    assert state.to_act is Seat.EAST
    conventional = play.dd_card(state, "conventional")
    assert conventional.rank == Rank.JACK
    assert play.dd_card(state, "lowest") == Card.parse("C9")
    assert play.dd_card(state) == Card.parse("C9")


def test_a_double_dummy_declarer_plays_the_lowest_of_equal_cards() -> None:
    """The declarer signals nothing: whatever the carding, of equal cards he plays the lowest."""
    state = _grand()
    state.apply(Card.parse("HJ"))
    state.apply(Card.parse("H5"))
    assert state.to_act is Seat.WEST
    state.apply(Card.parse("H2"))
    assert state.to_act is Seat.NORTH
    assert play.dd_card(state, "conventional") == Card.parse("HQ")


def test_an_unknown_carding_is_refused() -> None:
    with pytest.raises(ValueError, match="carding is one of conventional, lowest, not 'sideways'"):
        play.dd_card(_grand(), "sideways")
    with pytest.raises(ValueError, match="not 'sideways'"):
        play.declarer_deal("expert", 0, 2024, carding="sideways")
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "robots.py"), "--dd-carding", "sideways"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert "invalid choice: 'sideways'" in done.stderr


def test_every_lead_of_the_grand_slam_costs_nothing_in_every_layout() -> None:
    """North's thirteen top tricks make every lead of East's equal in any layout of the unseen
    cards: the layouts expect no lead to cost a trick."""
    state = _grand()
    east = robot("expert", 1, layouts=8)
    assert isinstance(east, ExpertRobot)
    stats = east.card_stats(state.view(Seat.EAST))
    assert stats.count == 8
    assert [stats.expected_cost(i) for i in range(len(stats.cards))] == [0.0] * 13


def test_a_twin_of_the_robot_weighs_the_layouts_it_decided_on() -> None:
    """A robot of the same seed that has decided nothing yet solves the same layouts as the robot
    that made the lead: as many of them, and the lead's mean the reason gave."""
    state, _, _ = play._imposed(5, 2024, "stronger")
    leader = state.to_act
    assert leader is not None
    view = state.view(leader)
    decision = robot("expert", 7, layouts=12).decide(view)
    params = dict(decision.why.params)
    twin = robot("expert", 7, layouts=12)
    assert isinstance(twin, ExpertRobot)
    stats = twin.card_stats(view)
    assert isinstance(decision.action, Card)
    assert stats.count == params["n"] == 12
    assert stats.mean(stats.cards.index(decision.action.index)) == params["tricks"]


def test_the_defence_record_says_what_the_layouts_expected_of_the_lead() -> None:
    expert = play.defence_deal("expert", 5, 2024, layouts=6)
    assert isinstance(expert["lead_expected"], float)
    assert 0.0 <= expert["lead_expected"] <= 13.0
    assert play.defence_deal("basic", 5, 2024)["lead_expected"] is None


def _lead_record(deal: int, cost: int, basic: int, expected: float | None) -> dict[str, object]:
    return {
        "deal": deal,
        "level": "expert",
        "contract": "4SN",
        "loss": cost,
        "seconds": 1.0,
        "lead_seconds": 0.5,
        "lead_cost": cost,
        "basic_lead_cost": basic,
        "lead_expected": expected,
    }


def test_the_lead_summary_sets_the_cost_beside_what_the_layouts_expected() -> None:
    from bridgeroom.robots.strength import summarise

    records = [_lead_record(0, 1, 1, 0.25), _lead_record(1, 0, 2, 0.5), _lead_record(2, 0, 0, 0.0)]
    body = summarise("defence", records)["expert"]
    assert isinstance(body, dict)
    assert body["lead_cost"]["mean"] == round(1 / 3, 4)
    assert body["lead_expected"]["mean"] == 0.25
    assert body["lead_minus_expected"]["mean"] == round((0.75 - 0.5 + 0.0) / 3, 4)
    # a robot that samples nothing (the basic level) expects nothing
    records = [_lead_record(0, 1, 1, None), _lead_record(1, 0, 2, None)]
    body = summarise("defence", records)["expert"]
    assert isinstance(body, dict)
    assert "lead_expected" not in body and "lead_minus_expected" not in body


@pytest.mark.parametrize("side", ["defence", "declarer"])
def test_the_losses_by_reason_add_up_to_the_benchmarks_loss(side: str) -> None:
    """Every card of the robot's side is counted once, and the double-dummy costs of the cards
    add up to the tricks the side lost in the benchmark's own play of the deal."""
    record = play.defence_deal if side == "defence" else play.declarer_deal
    for index in (5, 6):
        by_reason = play.losses_by_reason("basic", index, 2024, side=side)
        assert sum(cards for _, cards in by_reason.values()) == 26
        assert all(key.startswith("robot.play.") for key in by_reason)
        assert sum(lost for lost, _ in by_reason.values()) == record("basic", index, 2024)["loss"]


def test_the_losses_by_reason_refuse_an_unknown_side() -> None:
    with pytest.raises(ValueError, match="side is defence or declarer, not 'dummy'"):
        play.losses_by_reason("basic", 5, 2024, side="dummy")


def test_the_card_losses_bench_prints_its_breakdown_or_refuses_in_one_line() -> None:
    script = str(ROOT / "bench" / "card_losses.py")
    done = subprocess.run(
        [sys.executable, script, "--deals", "3", "--side", "declarer"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("basic declarer, 3 deals of seed 2024: ")
    assert "robot.play." in done.stdout
    bad = subprocess.run(
        [sys.executable, script, "--deals", "1"], capture_output=True, text=True, timeout=120
    )
    assert bad.returncode == 2
    assert bad.stderr.strip() == "bench/card_losses.py: --deals is 2 or more, not 1"
