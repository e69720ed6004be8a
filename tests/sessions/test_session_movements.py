"""Movements (docs/sessions.md): every pair plays every round once, meets an opponent at most
once, and plays each board once; a Mitchell keeps directions, a Howell is a round robin."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgeroom.errors import BridgeError, ScoringError
from bridgeroom.sessions import Movement


@st.composite
def movements(draw: st.DrawFn) -> Movement:
    kind = draw(st.sampled_from(["class", "mitchell", "howell"]))
    tables = draw(st.integers(2 if kind == "howell" else 1, 12))
    most = {"class": 1, "mitchell": tables, "howell": 2 * tables - 1}[kind]
    rounds = draw(st.integers(1, most))
    per_round = draw(st.integers(1, min(3, 64 // rounds)))  # at most 64 boards
    return Movement.make(kind, tables, rounds * per_round, rounds)


@given(movements())
def test_each_pair_once_a_round_and_each_board_once(m: Movement) -> None:
    boards: dict[int, list[int]] = {p: [] for p in m.pairs}
    for r in range(m.rounds):
        seen = [p for e in m.round(r) for p in (e.ns, e.ew)]
        assert sorted(seen) == list(m.pairs)
        assert [e.table for e in m.round(r)] == list(range(1, m.tables + 1))
        for e in m.round(r):
            assert e.boards == m.boards_of(r)
            boards[e.ns] += e.boards
            boards[e.ew] += e.boards
    for played in boards.values():
        assert played == list(range(1, m.boards + 1))  # boards 1..N in order, each once


@given(movements())
def test_no_two_pairs_meet_twice(m: Movement) -> None:
    meetings = [frozenset((e.ns, e.ew)) for r in range(m.rounds) for e in m.round(r)]
    assert len(meetings) == len(set(meetings))


@given(movements())
def test_directions(m: Movement) -> None:
    for r in range(m.rounds):
        for e in m.round(r):
            assert m.where(e.ns, r) == (e.table, "NS") and m.where(e.ew, r) == (e.table, "EW")
            if m.kind in ("class", "mitchell"):
                assert e.ns == e.table and e.ew > m.tables  # North-South pairs stay


def test_complete_howell_is_a_round_robin() -> None:
    m = Movement.make("howell", tables=4, boards=14)
    assert m.rounds == 7
    meetings = {frozenset((e.ns, e.ew)) for r in range(7) for e in m.round(r)}
    assert len(meetings) == 8 * 7 // 2  # every pair meets every other once
    sides = {p: {m.where(p, r)[1] for r in range(7)} for p in m.pairs}
    assert all(s == {"NS", "EW"} for s in sides.values())  # pairs change direction


def test_mitchell_ew_pairs_move_up_one_table() -> None:
    m = Movement.make("mitchell", tables=4, boards=8)
    assert [m.where(5, r)[0] for r in range(4)] == [1, 2, 3, 4]  # pair 1EW
    assert [m.label(p) for p in m.pairs] == ["1NS", "2NS", "3NS", "4NS", "1EW", "2EW", "3EW", "4EW"]


@pytest.mark.parametrize(
    ("kind", "tables", "boards", "rounds", "words"),
    [
        ("swiss", 2, 4, None, "no movement"),
        ("class", 0, 4, None, "1 to 64 tables"),
        ("class", 2, 0, None, "1 to 64 boards"),
        ("howell", 1, 4, None, "two tables"),
        ("mitchell", 3, 8, 4, "at most 3 rounds"),
        ("mitchell", 3, 7, 3, "cannot be shared out"),
    ],
)
def test_bad_movements_are_refused(
    kind: str, tables: int, boards: int, rounds: int | None, words: str
) -> None:
    with pytest.raises(ScoringError, match=words) as err:
        Movement.make(kind, tables, boards, rounds)
    assert isinstance(err.value, BridgeError)
