"""Movements (docs/sessions.md): every pair plays every round once, meets an opponent at most
once, and plays each board once; a Mitchell keeps directions, a Howell is a round robin; a
rotating class spreads its tables over the boards; teams meet in matches of two tables."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgeroom.errors import BridgeError, ScoringError
from bridgeroom.sessions import Movement


@st.composite
def movements(draw: st.DrawFn) -> Movement:
    kind = draw(st.sampled_from(["class", "rotating", "mitchell", "howell", "teams"]))
    tables = draw(st.integers(2 if kind == "howell" else 1, 12))
    if kind == "teams":
        tables = 2 * draw(st.integers(1, 6))
    most = {
        "class": 1,
        "rotating": 1,
        "mitchell": tables,
        "howell": 2 * tables - 1,
        "teams": max(1, tables - 1),
    }[kind]
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
            if m.kind in ("class", "rotating", "mitchell"):
                assert e.ns == e.table and e.ew > m.tables  # North-South pairs stay
            if m.kind == "teams":
                assert e.ns <= m.tables < e.ew  # a team's pairs keep their directions


@given(movements())
def test_every_table_plays_every_board_of_a_round_once_in_a_rotation(m: Movement) -> None:
    for r in range(m.rounds):
        boards = m.boards_of(r)
        for t in range(1, m.tables + 1):
            order = m.order(t, r)
            assert sorted(order) == list(boards)
            start = boards.index(order[0])
            assert order == boards[start:] + boards[:start]  # in order, going round
            if m.kind != "rotating":
                assert order == boards


def test_a_rotating_class_spreads_the_tables_over_the_boards() -> None:
    m = Movement.make("rotating", tables=4, boards=8)
    assert [m.order(t)[0] for t in (1, 2, 3, 4)] == [1, 3, 5, 7]
    assert m.order(4) == (7, 8, 1, 2, 3, 4, 5, 6)
    # more tables than boards: tables share a first board, still every board once each
    few = Movement.make("rotating", tables=3, boards=2)
    assert [few.order(t) for t in (1, 2, 3)] == [(1, 2), (1, 2), (2, 1)]


def test_teams_meet_every_other_team_once_in_matches_of_two_tables() -> None:
    m = Movement.make("teams", tables=6, boards=10)
    assert m.rounds == 5 and m.teams == (1, 2, 3, 4, 5, 6)
    matches = set()
    for r in range(m.rounds):
        for e in m.round(r):
            other = m.encounter(r, m.other_table(e.table))
            # the same two teams at both tables of the match, each once North-South
            assert (m.team_of(e.ns), m.team_of(e.ew)) == (m.team_of(other.ew), m.team_of(other.ns))
            matches.add(frozenset((m.team_of(e.ns), m.team_of(e.ew))))
    assert len(matches) == 6 * 5 // 2  # a round robin


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
        ("teams", 3, 4, None, "even number of tables"),
        ("teams", 4, 8, 4, "at most 3 rounds"),
    ],
)
def test_bad_movements_are_refused(
    kind: str, tables: int, boards: int, rounds: int | None, words: str
) -> None:
    with pytest.raises(ScoringError, match=words) as err:
        Movement.make(kind, tables, boards, rounds)
    assert isinstance(err.value, BridgeError)


def test_a_movement_that_cannot_be_is_refused_in_both_languages() -> None:
    """What a director asks of a movement is refused with a message of the catalogue, in the
    language of the person reading it."""
    from bridgeroom.i18n import error_text

    with pytest.raises(ScoringError) as info:
        Movement.make("howell", tables=1, boards=4)
    assert str(info.value) == "A Howell movement needs two tables or more (four pairs)."
    assert error_text(info.value, "ru") == (
        "Для движения Хоуэлла нужно два стола или больше (четыре пары)."
    )
    with pytest.raises(ScoringError) as info:
        Movement.make("mitchell", tables=3, boards=4, rounds=4)
    assert error_text(info.value, "ru") == (
        "В движении «mitchell» на 3 стола не больше 3 раундов (ни одна пара не встречает "
        "другую дважды), а не 4."
    )
