"""Each side's bidding system at a table (docs/bidding.md, "Systems"): the robots bid by
their side's card, and each side is told the meaning and the alerts of the other side's calls,
from the other side's card; a partner's calls are not explained to his partner."""

from __future__ import annotations

from typing import Any

import pytest

from bridgeroom.robots import Agreements, get_system
from bridgeroom.robots.bidding import explain_call
from bridgeroom.rules import Call, Phase, Seat
from bridgeroom.store import Store
from bridgeroom.table import Acted, Table, TableError, TableRecord, table_from_record

ACOL, STANDARD = get_system("acol"), get_system("standard")
# North: 13 points, balanced (1NT in acol, 1D in standard); East 16 balanced
BOARD = "N:KQ32.A32.Q32.K32 AJ4.KQ4.AJ4.9876 T98.JT98.T98.QJT 765.765.K765.A54"


def _played(systems: tuple[str, str]) -> Table:
    table = Table(
        "contract", seed=3, robots={p: "basic" for p in range(4)}, boards=[BOARD], systems=systems
    )
    table.deal()
    while table.current is not None and table.current.phase is Phase.AUCTION:
        table.run_robots(1)
    return table


def test_explanations_shown_to_each_side_are_the_other_sides_card() -> None:
    table = _played(("acol", "standard"))
    state = table.state
    assert state is not None
    calls = list(state.calls)
    assert calls[0] == (Seat.NORTH, Call("1NT"))  # acol's 12-14 notrump
    both_acol, both_standard = Agreements(ACOL, ACOL), Agreements(STANDARD, STANDARD)
    for viewer in range(4):
        seat = Seat(viewer)
        shown = table.call_meanings(state, viewer)
        for i, ((caller, _), meaning) in enumerate(zip(calls, shown, strict=True)):
            if caller in (seat, seat.partner):
                assert meaning is None  # his own side's calls are not explained to him
                continue
            card = both_acol if caller in (Seat.NORTH, Seat.SOUTH) else both_standard
            assert meaning == explain_call(calls, state.dealer, i, card), (viewer, i)
    # East is told North's 1NT from acol's card; a spectator too
    assert table.call_meanings(state, 1)[0].render("en") == "12-14 points, balanced"  # type: ignore[union-attr]
    assert table.call_meanings(state, None)[0].render("ru") == "12-14 очков, равномерный расклад"  # type: ignore[union-attr]


def test_alerts_go_to_the_opponents_and_spectators_not_to_partner() -> None:
    # both sides standard: 1NT P 2C is Stayman, an alerted artificial call (standard.toml)
    board = "N:AK2.KQ3.Q432.Q32 T74.J85.AT7.AT74 QJ96.AT76.K5.K96 853.942.J986.J85"
    table = Table("contract", seed=1, robots={p: "basic" for p in range(4)}, boards=[board])
    table.deal()
    events = []
    while table.current is not None and table.current.phase is Phase.AUCTION:
        events += table.run_robots(1)
    state = table.state
    assert state is not None
    calls = [c for _, c in state.calls]
    assert calls[:3] == [Call("1NT"), Call.PASS, Call("2C")]
    stayman = [e for e in events if isinstance(e, Acted) and e.action == Call("2C")]
    assert stayman and stayman[0].alert
    assert table.call_alerts(state, 1)[2] and table.call_alerts(state, 3)[2]  # East, West
    assert table.call_alerts(state, None)[2]  # a spectator
    assert not table.call_alerts(state, 0)[2]  # North, the partner
    assert not any(table.call_alerts(state, 1)[:2])  # 1NT and a pass are natural
    snap = table.snapshot(1)
    assert snap.deal is not None and snap.deal.alerts[2]
    assert not table.snapshot(0).deal.alerts[2]  # type: ignore[union-attr]


def test_a_table_keeps_its_systems_in_the_store() -> None:
    table = _played(("acol", "standard"))
    store = Store("sqlite://")
    record = TableRecord.create(store, table)
    again = table_from_record(store.get_match(record.match_id))
    assert again.system_names == ("acol", "standard")


def test_a_bad_system_is_refused_with_the_table_intact() -> None:
    with pytest.raises(TableError) as err:
        Table("contract", systems=("acol", "precision"))
    assert err.value.key == "system.unknown"
    assert "precision" in err.value.render("ru")
    with pytest.raises(TableError) as err:
        Table("contract", systems=("acol",))
    assert err.value.key == "system.two_sides"
    with pytest.raises(TableError) as err:
        Table("minibridge", systems=("acol", "acol"))
    assert err.value.key == "system.no_partnerships"


def _play_a_deal(table: Table) -> None:
    state = table.deal()[0].state
    while not state.is_over and (turn := table.robot_turn()) is not None:
        table.play_robot(turn, turn.decide())
    assert state.is_over and table.match.recorded


def test_a_robot_factory_that_takes_no_system_is_refused_where_the_sides_play_one() -> None:
    """A factory of ``factory(level, *, seed, scoring)`` cannot give a robot its side's system:
    at a table where a side plays acol it is refused when the table is made (not a TypeError
    at the first robot's turn); at a table of standard against standard it serves, and a
    factory that takes the systems serves anywhere."""
    from bridgeroom.robots import make_robot

    def old_factory(level: str, *, seed: int | None, scoring: Any) -> Any:
        return make_robot(level, seed=seed, scoring=scoring)

    def new_factory(level: str, **kw: Any) -> Any:
        return make_robot(level, **kw)

    robots = dict.fromkeys(range(4), "basic")
    with pytest.raises(TableError) as err:
        Table("contract", robots=robots, robot_factory=old_factory, systems=("acol", "standard"))
    assert err.value.key == "system.table.factory"
    assert "acol / standard" in str(err.value) and "acol / standard" in err.value.render("ru")
    _play_a_deal(Table("contract", seed=1, robots=robots, robot_factory=old_factory))
    _play_a_deal(
        Table(
            "contract",
            seed=1,
            robots=robots,
            robot_factory=new_factory,
            systems=("acol", "standard"),
        )
    )
