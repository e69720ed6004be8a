"""The expert finds the only winning card in hand-built positions (double dummy over sampled layouts)."""

from __future__ import annotations

import threading
import time

import numpy as np

from bridgeroom.robots import make_robot
from bridgeroom.robots.cardplay import dds_seats, expert_card
from bridgeroom.robots.dds import Position, solver
from bridgeroom.rules import Card, ContractBridgeDeal, Deal, Seat, Strain

from .helpers import FINESSE_DEAL, PADDING, THROW_IN_DEAL, play_tricks


def _throw_in() -> ContractBridgeDeal:
    state = ContractBridgeDeal(Deal(THROW_IN_DEAL), dealer=Seat.SOUTH)
    for call in "3NT P P P".split():
        state.apply(call)
    play_tricks(state, PADDING)
    return state


def test_throw_in_is_found() -> None:
    """South leads the heart: East wins and must lead a spade into dummy's A-Q (the only winning card)."""
    state = _throw_in()
    assert state.turn == Seat.SOUTH and str(state.hand(Seat.SOUTH)) == "43.3.."
    decision = make_robot("expert", seed=1, samples=8).decide(state.view(Seat.SOUTH))
    assert decision.action == Card("H3")
    assert "10.0 tricks" not in decision.reason and "tricks on average" in decision.reason


def test_marked_finesse_is_taken() -> None:
    """East showed out of spades and hearts, so West holds SK: North plays SQ under it (two tricks), not SA."""
    state = ContractBridgeDeal(Deal(FINESSE_DEAL), dealer=Seat.NORTH)
    for call in "3NT P P P".split():
        state.apply(call)
    play_tricks(state, PADDING)
    state.apply("S3")  # North plays dummy's card
    state.apply("S5")
    assert state.to_act == Seat.NORTH and state.turn == Seat.NORTH
    decision = make_robot("expert", seed=2, samples=8).decide(state.view(Seat.NORTH))
    assert decision.action == Card("SQ")


def test_basic_misses_the_throw_in_that_the_expert_finds() -> None:
    state = _throw_in()
    basic = make_robot("basic").decide(state.view(Seat.SOUTH))
    assert basic.action != Card("H3")


class _NoSolver:
    """A solver that fails the test if it is asked anything."""

    def __getattr__(self, name: str) -> object:
        raise AssertionError(f"the solver was asked {name}")


def test_equal_cards_are_not_solved() -> None:
    """Touching cards in one hand are the same card: the robot plays the lowest without sampling."""
    state = _throw_in()
    state.apply("H3")
    state.apply("CJ")  # West discards
    state.apply("C3")  # dummy discards
    state.apply("HA")  # East wins and leads from SK S5
    state.apply("S5")
    state.apply("S3")  # South follows; West, void in spades, discards from CK CQ
    view = state.view(Seat.WEST)
    assert sorted(map(str, view.legal)) == ["CK", "CQ"]
    nothing = _NoSolver()
    decision = expert_card(view, nothing, np.random.default_rng(0), samples=4, budget=0.5)  # type: ignore[arg-type]
    assert decision.action == Card("CQ")
    assert decision.why.key == "robot.expert.equal_cards"


def test_dds_seat_map_is_the_identity_up_to_rotation_in_four_handed_bridge() -> None:
    state = _throw_in()
    seats = dds_seats(state.view(Seat.SOUTH))
    assert sorted(seats) == [0, 1, 2, 3]
    assert all((seats[s] - s) % 4 == (seats[0]) % 4 for s in range(4))


def test_solver_is_shared_and_safe_from_two_threads() -> None:
    """One solver per process; concurrent calls from two threads give the same answers as one at a time."""
    deal = Deal(THROW_IN_DEAL)
    positions = [Position(deal.masks, strain, leader) for strain in Strain for leader in range(4)]
    alone = solver().best(positions)
    results: list[list[int]] = [[], []]

    def work(i: int) -> None:
        results[i] = solver().best(positions)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results[0] == alone and results[1] == alone
    assert solver() is solver()


def test_solver_tables_agree_with_best_tricks() -> None:
    """A double-dummy table entry is 13 minus the opening leader's best (the leader is declarer's left)."""
    deal = Deal(THROW_IN_DEAL)
    table = solver().tables([deal.masks], [Strain.NOTRUMP])[0][int(Strain.NOTRUMP)]
    leads = solver().best(
        [Position(deal.masks, Strain.NOTRUMP, (seat + 1) % 4) for seat in range(4)]
    )
    assert list(table) == [13 - x for x in leads]


def test_a_layout_drawn_twice_is_solved_once() -> None:
    """Resampling draws a likely layout several times: DDS solves each layout once, and every
    draw gets its result, in the order drawn."""
    from bridgeroom.robots.cardplay import _solve_new, positions_for
    from bridgeroom.robots.public import knowledge
    from bridgeroom.robots.sampler import sample

    state = ContractBridgeDeal(Deal(FINESSE_DEAL), dealer=Seat.NORTH)
    for action in "3NT P P P".split():
        state.apply(action)
    state.apply(state.legal_actions()[0])  # the opening lead; dummy is down
    view = state.view(state.to_act)
    layouts = sample(knowledge(view), 3, np.random.default_rng(1))
    a, b, c = (layouts.hands(i) for i in range(3))
    assert len({a, b, c}) == 3
    seats = dds_seats(view)
    asked: list[int] = []
    real = solver()

    class Counting:
        def solve(self, positions, deadline=None):  # type: ignore[no-untyped-def]
            asked.append(len(positions))
            return real.solve(positions, deadline=deadline)

    solved: dict[tuple[int, int, int, int], dict[int, int]] = {}
    chunk = [a, b, a, c, b, a]
    done = _solve_new(chunk, solved, view, seats, Counting(), time.perf_counter() + 60)  # type: ignore[arg-type]
    assert done == chunk and asked == [3]
    alone = real.solve(positions_for(view, chunk, seats))
    assert [solved[hands] for hands in done] == alone
    # the next chunk asks only for what is new
    assert _solve_new([c, a], solved, view, seats, Counting(), time.perf_counter() + 60) == [c, a]  # type: ignore[arg-type]
    assert asked == [3]
    # past its deadline nothing new is solved, and the chunk stops at the first layout unsolved
    d = sample(knowledge(view), 8, np.random.default_rng(9)).hands(7)
    assert d not in solved
    assert _solve_new([a, d, b], solved, view, seats, real, time.perf_counter() - 1) == [a]
