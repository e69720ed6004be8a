"""The DDS adapter's hard deadline: a batch that runs late is left to finish on its own, and the
decision that asked for it answers by its deadline.

A DDS call cannot be interrupted, and on a busy machine one hard deal can take ten times its
estimate. The tests hold a real batch back on an event (endplay's own DDS behind a wrapper),
so nothing in them depends on the speed of the machine.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from bridgeroom.robots.cardplay import expert_card
from bridgeroom.robots.dds import Position, Solver, solver
from bridgeroom.robots.play import basic_card
from bridgeroom.rules import Card, ContractBridgeDeal, Deal, Seat, Strain

TOP = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
#: East on lead against notrump: North's top cards take every trick.
EAST_LEADS = Position(Deal(TOP).masks, Strain.NOTRUMP, Seat.EAST)
#: Board 21 of the issue's set of 120 deals.
BOARD_21 = "N:AKJ43.T4.Q53.Q86 6.AQ63.K72.AKT74 872.K975.864.J92 QT95.J82.AJT9.53"
#: Long enough for any machine to plan a batch in it, and for a test to wait out twice.
WAIT = 1.0


class Held:
    """endplay's DDS module, except that each batch waits for :attr:`go` before it starts."""

    def __init__(self, dds: Any) -> None:
        self.dds = dds
        self.go = threading.Event()
        self.started = threading.Event()
        self.batches = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.dds, name)

    def SolveAllBoardsBin(self, bop: Any, solved: Any) -> Any:  # DDS's name
        self.batches += 1
        self.started.set()
        self.go.wait(timeout=60)  # a test that fails never leaves the solver's thread stuck
        return self.dds.SolveAllBoardsBin(bop, solved)


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Solver, Held]]:
    """The process's solver with its batches held back, and no timing learnt yet (so that a
    batch is planned whatever earlier tests measured)."""
    s = solver()
    wrapper = Held(s._dds)
    monkeypatch.setattr(s, "_dds", wrapper)
    monkeypatch.setattr(s, "_cost", {})
    monkeypatch.setattr(s, "_last", {})
    try:
        yield s, wrapper
    finally:
        wrapper.go.set()
        s.solve([EAST_LEADS], deadline=time.perf_counter() + 60)  # the solver's thread is idle


def test_a_batch_running_late_is_left_at_the_deadline(held: tuple[Solver, Held]) -> None:
    s, dds = held
    got = s.solve([EAST_LEADS, EAST_LEADS], deadline=time.perf_counter() + WAIT)
    # it answered while DDS was still held inside the batch: nothing solved
    assert dds.started.is_set() and not dds.go.is_set()
    assert got == []
    dds.go.set()
    # the solver still answers, and right: East's every card takes nothing against 7NT
    again = s.solve([EAST_LEADS])
    assert len(again) == 1 and len(again[0]) == 13 and set(again[0].values()) == {0}
    assert dds.batches == 2


def test_a_batch_queued_behind_a_late_one_is_dropped(held: tuple[Solver, Held]) -> None:
    s, dds = held
    assert s.best([EAST_LEADS], deadline=time.perf_counter() + WAIT) == []
    # the first batch still holds DDS: the second waits its turn, past its deadline
    assert s.best([EAST_LEADS], deadline=time.perf_counter() + WAIT) == []
    assert dds.batches == 1
    dds.go.set()
    # a batch with time to spare runs after whatever is queued: the dropped one never ran
    assert s.best([EAST_LEADS], deadline=time.perf_counter() + 60) == [0]
    assert dds.batches == 2


def test_a_batch_may_run_on_to_a_later_limit(held: tuple[Solver, Held]) -> None:
    """A step planned for a share of a decision's time may use the rest of it: a batch still
    running at the step's deadline is waited for until the ``limit``, and used."""
    s, dds = held
    deadline = time.perf_counter() + WAIT

    def release_after_the_deadline() -> None:
        dds.started.wait(timeout=60)
        while time.perf_counter() <= deadline:
            time.sleep(0.01)
        dds.go.set()

    threading.Thread(target=release_after_the_deadline).start()
    got = s.solve([EAST_LEADS], deadline=deadline, limit=deadline + 60)
    assert len(got) == 1 and set(got[0].values()) == {0}
    assert dds.batches == 1  # planned by the deadline: nothing more was started after it


def test_an_expert_card_whose_solving_runs_late_answers_by_the_rules(
    held: tuple[Solver, Held],
) -> None:
    """The decision says it had no layout, and plays the rules' card, instead of waiting."""
    s, dds = held
    state = ContractBridgeDeal(Deal(BOARD_21))
    for call in ["1NT", "P", "P", "P"]:
        state.apply(call)
    state.apply(Card("CA"))  # East leads; North, declarer, plays from dummy's ♣J92 next
    view = state.view(Seat.NORTH)
    assert len(view.legal) == 3
    rules = basic_card(view)
    decision = expert_card(
        view, s, np.random.default_rng(0), samples=8, budget=WAIT, fallback=rules
    )
    assert dds.started.is_set() and not dds.go.is_set()
    assert decision.action == rules.action
    assert decision.reason.endswith("no layout could be solved in the time"), decision.reason


def test_one_slow_batch_does_not_keep_a_kind_of_position_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After one batch of whole deals ran slow (20 s a position here, against a mean of 0.02 s),
    a decision with 100 s left still tries one layout of five positions (0.1 s as a rule), and
    so times the kind again; it plans no more than that one until the estimate comes down."""
    s = solver()
    monkeypatch.setattr(s, "_cost", {(13, 1): 0.02})
    monkeypatch.setattr(s, "_last", {(13, 1): 20.0})
    five = [EAST_LEADS] * 10
    assert s.cost(13, 1) == 20.0 and s.typical(13, 1) == 0.02
    assert s.fits(five, time.perf_counter() + 100, solutions=1, unit=5) == 5
    # with a typical layout over half the time left, nothing is tried
    monkeypatch.setattr(s, "_cost", {(13, 1): 12.0})
    assert s.fits(five, time.perf_counter() + 100, solutions=1, unit=5) == 0
