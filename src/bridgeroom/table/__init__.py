"""One table for every face: who holds the seats, whose turn it is, the robots' turns, the
requests that need the opponents' consent, and the record of every deal.

The terminal client and the web server both play through a :class:`Table`; each adds
only what is its own (the terminal a screen and a keyboard; the server connections,
tokens, scheduling and its messages). A table asks the rules engine
(:mod:`bridgeroom.rules`) every question of the rules and holds none itself.

    >>> table = Table("minibridge", seed=5, robots={p: "basic" for p in range(4)})
    >>> events = table.deal() + table.run_robots()
    >>> table.state.is_over, type(events[-1]).__name__
    (True, 'DealEnded')

The modules: :mod:`~bridgeroom.table.table` (:class:`Table`), :mod:`~bridgeroom.table.seats`
(places and who holds them), :mod:`~bridgeroom.table.events` (what a change returns),
:mod:`~bridgeroom.table.requests` (undo and claim requests), :mod:`~bridgeroom.table.robots`
(robots' turns, their call meanings, their judgement of a claim), :mod:`~bridgeroom.table.reasons`
(their reasons asked again, for a review), :mod:`~bridgeroom.table.record` (a table in the
store), :mod:`~bridgeroom.table.layout` (where each seat sits on a viewer's screen),
:mod:`~bridgeroom.table.snapshot` (what one viewer may see and do: :meth:`Table.snapshot`),
:mod:`~bridgeroom.table.errors`.
"""

from __future__ import annotations

from bridgeroom.table.errors import SeatError, TableError
from bridgeroom.table.events import (
    Accepted,
    Acted,
    DealEnded,
    DealStarted,
    Dropped,
    Requested,
    TableEvent,
    Undone,
)
from bridgeroom.table.layout import POSITIONS, Layout, layout
from bridgeroom.table.reasons import robot_reasons
from bridgeroom.table.record import (
    TableRecord,
    deal_row,
    result_record,
    seat_specs,
    table_from_record,
    table_write,
)
from bridgeroom.table.requests import Request, RequestKind
from bridgeroom.table.robots import (
    ClaimJudgement,
    RobotFactory,
    RobotTurn,
    call_meanings,
    default_robot_factory,
    robot_seed,
    robot_systems,
    system_card,
    system_title,
)
from bridgeroom.table.seats import (
    MAX_NAME,
    ROBOT_LEVELS,
    Holder,
    Place,
    person_name,
    solo_places,
    solo_player,
)
from bridgeroom.table.snapshot import DealSnapshot, ResultSnapshot, TableSnapshot, deal_points
from bridgeroom.table.table import Table

__all__ = [
    "MAX_NAME",
    "ROBOT_LEVELS",
    "Accepted",
    "Acted",
    "ClaimJudgement",
    "DealSnapshot",
    "DealEnded",
    "DealStarted",
    "Dropped",
    "Holder",
    "Layout",
    "POSITIONS",
    "Place",
    "Request",
    "RequestKind",
    "Requested",
    "ResultSnapshot",
    "RobotFactory",
    "robot_systems",
    "system_card",
    "system_title",
    "RobotTurn",
    "SeatError",
    "Table",
    "TableError",
    "TableEvent",
    "TableRecord",
    "TableSnapshot",
    "Undone",
    "call_meanings",
    "deal_points",
    "deal_row",
    "layout",
    "person_name",
    "default_robot_factory",
    "result_record",
    "robot_reasons",
    "robot_seed",
    "seat_specs",
    "solo_places",
    "solo_player",
    "table_from_record",
    "table_write",
]
