"""The DDS service's deadline: no batch is started that is not expected to end by it, and a batch
that runs late is waited for, so that when a robot's decision returns none of its DDS work is left
running (an embedding program may call DDS at once: issue 37).

A DDS call cannot be interrupted, and on a busy machine one hard deal can take ten times its
estimate. The tests make a real batch run late (endplay's own DDS behind a wrapper that sleeps
past the deadline first), so nothing in them depends on the speed of the machine.
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
from bridgeroom.rules import Card, ContractBridgeDeal, Deal, Seat, Strain

TOP = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
#: East on lead against notrump: North's top cards take every trick.
EAST_LEADS = Position(Deal(TOP).masks, Strain.NOTRUMP, Seat.EAST)
#: Board 21 of the issue's set of 120 deals.
BOARD_21 = "N:AKJ43.T4.Q53.Q86 6.AQ63.K72.AKT74 872.K975.864.J92 QT95.J82.AJT9.53"
#: Long enough for any machine to plan a batch in it.
WAIT = 1.0


class Late:
    """endplay's DDS module, except that each batch first sleeps until :attr:`until` (a
    ``time.perf_counter()`` value): a batch that runs past its deadline. It records whether a
    batch is running, and on which thread."""

    def __init__(self, dds: Any) -> None:
        self.dds = dds
        self.until = 0.0
        self.batches = 0
        self.running = 0
        self.threads: set[int] = set()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.dds, name)

    def SolveAllBoardsBin(self, bop: Any, solved: Any) -> Any:  # DDS's name
        self.batches += 1
        self.running += 1
        self.threads.add(threading.get_ident())
        try:
            while time.perf_counter() < self.until:
                time.sleep(0.01)
            return self.dds.SolveAllBoardsBin(bop, solved)
        finally:
            self.running -= 1


@pytest.fixture
def late(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Solver, Late]]:
    """The process's solver with its batches running late, and no timing learnt yet (so that a
    batch is planned whatever earlier tests measured)."""
    s = solver()
    wrapper = Late(s._dds)
    monkeypatch.setattr(s, "_dds", wrapper)
    monkeypatch.setattr(s, "_cost", {})
    monkeypatch.setattr(s, "_last", {})
    yield s, wrapper


def test_a_batch_running_late_is_waited_for_and_used(late: tuple[Solver, Late]) -> None:
    s, dds = late
    deadline = time.perf_counter() + WAIT
    dds.until = deadline + WAIT / 2
    got = s.solve([EAST_LEADS, EAST_LEADS], deadline=deadline)
    # the call returned with its batch over: nothing of it runs on, and it ran on this thread
    assert dds.running == 0 and dds.threads == {threading.get_ident()}
    # one position was planned (a cold estimate of 0.2 s in a quarter of 1 s); it is used, and
    # right: East's every card takes nothing against 7NT
    assert len(got) == 1 and len(got[0]) == 13 and set(got[0].values()) == {0}
    # past the deadline, no second batch was started
    assert dds.batches == 1


def test_no_batch_starts_once_the_deadline_has_passed(late: tuple[Solver, Late]) -> None:
    s, dds = late
    assert s.best([EAST_LEADS], deadline=time.perf_counter() - 0.001) == []
    assert dds.batches == 0


def test_an_expert_card_whose_solving_runs_late_returns_with_its_dds_work_over(
    late: tuple[Solver, Late],
) -> None:
    """The decision waits for the batch that runs late (and plays a legal card): when it returns,
    none of its DDS work runs on."""
    s, dds = late
    state = ContractBridgeDeal(Deal(BOARD_21))
    for call in ["1NT", "P", "P", "P"]:
        state.apply(call)
    state.apply(Card("CA"))  # East leads; North, declarer, plays from dummy's ♣J92 next
    view = state.view(Seat.NORTH)
    assert len(view.legal) == 3
    began = time.perf_counter()
    dds.until = began + 2 * WAIT  # past the decision's budget
    decision = expert_card(view, s, np.random.default_rng(0), samples=8, budget=WAIT)
    assert dds.batches >= 1 and dds.running == 0
    assert time.perf_counter() >= dds.until  # it waited for the late batch
    assert decision.action in view.legal


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
