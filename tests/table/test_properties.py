"""The table's invariants on sequences of table operations drawn by Hypothesis itself (so that a
failure shrinks to its shortest sequence): people's actions in and out of turn, undo requests,
claims, answers, robots' turns and new deals, at tables of people and robots of every game.

* A refused request changes nothing: the deal's history, the log, the pending request, the
  places, the deals and the score are as they were. A claim the opponents refuse changes one
  thing only: the claimer's hand is faced (Law 68B), one ``face`` entry in the log.
* Robots act only on their turn: a robot's turn is given to the robot who is to act, and a turn
  that has passed is refused.
* The log is the truth: the events written to a store and the table rebuilt from it give the
  same deals, action by action (CB-3: the deals come from the table's seed and the deal's
  number), and the same score.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgeroom.errors import BridgeError
from bridgeroom.rules import Phase
from bridgeroom.store import LogEntry, MatchOptions, Store
from bridgeroom.table import (
    Acted,
    DealEnded,
    Dropped,
    Requested,
    Table,
    TableError,
    TableEvent,
    TableRecord,
    Undone,
    table_from_record,
)

#: Who holds the places of each test table: people ("P") and random robots ("R").
TABLES = {
    "contract": "PRPR",
    "auction": "PPRR",
    "three-handed": "PPR",
    "minibridge": "PRRP",
}

OPERATIONS = (
    "act",
    "act",
    "act",
    "act",
    "robots",
    "robots",
    "other",
    "undo",
    "claim",
    "answer",
    "deal",
)


def make_table(game: str, seed: int, undo_past_robots: bool) -> Table:
    holders = TABLES[game]
    table = Table(
        game,
        seed=seed,
        robots={i: "random" for i, h in enumerate(holders) if h == "R"},
        undo_past_robots=undo_past_robots,
    )
    for i, h in enumerate(holders):
        if h == "P":
            table.join(i, f"Player {i}")
    return table


def snapshot(table: Table) -> tuple[Any, ...]:
    """What a refused request must leave as it was."""
    state = table.state
    return (
        None if state is None else list(state.history),
        None if state is None else state.phase,
        list(table.log),
        table.request,
        list(table.places),
        table.number,
        table.match.recorded,
        None if state is None else list(state.claims),
    )


def people(table: Table) -> list[int]:
    return [p.player for p in table.places if p.is_person]


def step(table: Table, data: st.DataObject) -> list[TableEvent]:
    """One operation drawn by Hypothesis; returns its events (``[]`` when it was refused, after
    checking that it changed nothing)."""
    op = data.draw(st.sampled_from(OPERATIONS), label="operation")
    before = snapshot(table)
    try:
        if op == "act":
            player = table.player_to_act()
            if player is None or not table.places[player].is_person or table.request:
                player = data.draw(st.sampled_from(people(table)), label="player")
            choices = [*table.legal_actions(player), *table.table_actions(player)]
            if not choices:
                return table.act(player, "1NT")  # out of turn, or nothing to do: refused
            return table.act(player, data.draw(st.sampled_from(choices), label="action"))
        if op == "other":  # a person acts out of turn, or types nonsense
            player = data.draw(st.sampled_from(people(table)), label="player")
            text = data.draw(st.sampled_from(["SA", "P", "7NT", "XX", "", "claim 3", "12"]))
            return table.act(player, text)
        if op == "undo":
            return table.request_undo(data.draw(st.sampled_from(people(table)), label="player"))
        if op == "claim":
            player = data.draw(st.sampled_from(people(table)), label="player")
            tricks = data.draw(st.integers(min_value=-1, max_value=14), label="tricks")
            events = table.request_claim(player, tricks) + table.answer_by_robots()
            if any(isinstance(e, Dropped) for e in events):  # refused: play goes on, the hand
                after = snapshot(table)  # faced (Law 68B) and nothing else changed
                seat = table.seat_of(player)
                assert seat is not None and table.state is not None
                assert after[:2] == before[:2] and after[3:-1] == before[3:-1]
                assert after[2] == [*before[2], LogEntry.face(seat)]
                assert after[-1] == [*before[-1], (seat, len(table.state.tricks))]
            return events
        if op == "answer":
            request = table.request
            asked = [*sorted(request.waiting), request.player] if request else people(table)
            player = data.draw(st.sampled_from(asked), label="player")
            events = table.answer(player, data.draw(st.booleans(), label="accept"))
            if any(isinstance(e, Dropped) for e in events):  # the deal and its log as they were
                assert snapshot(table)[:3] == before[:3] and table.request is None
                assert snapshot(table)[-1] == before[-1]
            return events
        if op == "robots":  # the robots take their turns, each checked
            events: list[TableEvent] = []
            for _ in range(data.draw(st.integers(min_value=1, max_value=8), label="turns")):
                events += robot_turn(table)
            return events
        return table.deal()
    except BridgeError:
        assert snapshot(table) == before, f"a refused {op} changed the table"
        return []


def robot_turn(table: Table) -> list[TableEvent]:
    """One robot's turn, if a robot is to act: given to that robot only, and only once."""
    expected = table.robot_to_act()
    turn = table.robot_turn()
    if turn is None:
        assert expected is None
        return []
    state = table.current
    assert state is not None and state.to_act is not None
    assert turn.player == expected == state.player_at(state.to_act)
    assert table.places[turn.player].is_robot
    decision = turn.decide()
    events = table.play_robot(turn, decision)
    acted = events[0]
    assert isinstance(acted, Acted) and acted.by_robot and acted.player == turn.player
    after = snapshot(table)
    with pytest.raises(TableError):
        table.play_robot(turn, decision)  # the same turn twice: it has passed
    assert snapshot(table) == after
    return events


def check_events(table: Table, events: list[TableEvent]) -> None:
    for event in events:
        if isinstance(event, Undone):
            state = table.state
            assert state is not None and len(state.history) == event.keep
        if isinstance(event, Acted) and event.by_robot:
            assert table.places[event.player].is_robot
        if isinstance(event, DealEnded):
            assert event.state.phase is Phase.DONE and table.current is None


@pytest.mark.parametrize("game", sorted(TABLES))
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    seed=st.integers(min_value=0, max_value=2**31),
    undo_past_robots=st.booleans(),
    data=st.data(),
)
def test_refused_requests_change_nothing_and_the_log_replays_the_table(
    game: str, seed: int, undo_past_robots: bool, data: st.DataObject
) -> None:
    table = make_table(game, seed, undo_past_robots)
    store = Store("sqlite://")
    record = TableRecord.create(store, table, options=MatchOptions(mode=table.mode.value))
    record.write(table, table.deal())
    steps = data.draw(st.integers(min_value=1, max_value=100), label="steps")
    for _ in range(steps):
        events = step(table, data)
        check_events(table, events)
        record.write(table, events)

    again = table_from_record(store.get_match(record.match_id), undo_past_robots=undo_past_robots)
    assert [s.history for s in again.match.deals] == [s.history for s in table.match.deals]
    assert [s.claims for s in again.match.deals] == [s.claims for s in table.match.deals]
    assert [s.deal for s in again.match.deals] == [s.deal for s in table.match.deals]
    assert again.places == [p.__class__(p.player, p.holder, p.name, p.level) for p in table.places]
    assert [p.entry for p in again.match.played] == [p.entry for p in table.match.played]
    assert again.match.session.summary().totals == table.match.session.summary().totals
    assert again.log == table.log
    store.close()


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31), data=st.data())
def test_an_undo_request_waits_for_the_people_among_the_opponents(
    seed: int, data: st.DataObject
) -> None:
    """Four people: an undo waits for both opponents (the other side, CB-9) and play stops
    meanwhile; the last yes takes back the asker's last action and all after it."""
    table = Table("contract", seed=seed)
    for player in range(4):
        table.join(player, f"Player {player}")
    table.deal()
    moves = data.draw(st.integers(min_value=1, max_value=12), label="moves")
    for _ in range(moves):
        player = table.player_to_act()
        if player is None:
            break
        table.act(player, data.draw(st.sampled_from(list(table.legal_actions(player)))))
    state = table.state
    assert state is not None
    asker = data.draw(st.sampled_from(range(4)), label="asker")
    mine = [i for i, (seat, _) in enumerate(state.history) if seat == state.seat_of(asker)]
    if not mine or table.current is None:
        return
    [requested] = table.request_undo(asker)
    assert isinstance(requested, Requested)
    request = requested.request
    opponents = {p for p in range(4) if p % 2 != asker % 2}
    assert request.waiting == opponents and request.keep == mine[-1]
    first, second = sorted(opponents)
    with pytest.raises(TableError):
        table.act(first, "P")  # play waits for the answers
    table.answer(first, True)
    [undone] = table.answer(second, True)
    assert isinstance(undone, Undone) and len(state.history) == mine[-1]
