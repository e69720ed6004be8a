"""A table and its record in the store: rebuilding a table from a stored match, and writing
its events as they happen.

Both faces keep a table the same way: the match row with its places (a person's name, a
robot's level), a row per deal (cards, dealer, vulnerability, board, pack) and each
deal's append-only log (:class:`~bridgeroom.store.LogEntry`), and the result of each
finished deal (:meth:`Table.result_record`). :func:`table_from_record` replays that
record into a :class:`Table`; :class:`TableRecord` writes a table's events into the
store at once (the terminal; the server writes the same rows through its journal).

    >>> from bridgeroom.store import Store
    >>> store = Store("sqlite://")
    >>> table = Table("contract", seed=3, robots={1: "random", 2: "random", 3: "random"}, people={0: "Ann"})
    >>> record = TableRecord.create(store, table, options={"mode": "strict"})
    >>> record.write(table, table.deal())
    >>> record.write(table, table.act(0, "1NT"))
    >>> again = table_from_record(store.get_match(record.match_id))
    >>> again.state.history == table.state.history, again.places == table.places
    (True, True)
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from bridgeroom.rules import DealState, Seat, Vulnerability
from bridgeroom.scoring import SessionEntry
from bridgeroom.store import LogEntry, MatchRecord, SeatRecord, SeatSpec, Store
from bridgeroom.table.errors import TableError
from bridgeroom.table.events import DealEnded, DealStarted, TableEvent
from bridgeroom.table.robots import RobotFactory
from bridgeroom.table.seats import Holder, Place
from bridgeroom.table.table import Table

__all__ = ["TableRecord", "deal_row", "result_record", "seat_specs", "table_from_record"]


def seat_specs(table: Table) -> list[SeatSpec]:
    """The places of a table as the store creates its seats (an open place has no name)."""
    return [SeatSpec(p.name, p.level) for p in table.places]


def table_from_record(
    record: MatchRecord,
    *,
    undo_past_robots: bool = True,
    robot_factory: RobotFactory | None = None,
) -> Table:
    """The table of a stored match, every deal replayed from its log (the deal in progress
    goes on from where it stood)."""
    options = record.options
    seed: int | str | None = record.seed
    if isinstance(seed, str) and seed.lstrip("-").isdigit():
        seed = int(seed)
    table = Table(
        record.game,
        scoring=record.scoring,
        seed=seed,
        places=[_place(seat) for seat in record.seats],
        names=options.get("players", ()),
        mode=options.get("mode"),
        undo_past_robots=undo_past_robots,
        robot_factory=robot_factory,
    )
    for deal in record.deals:
        table.resume_deal(
            deal.cards, Seat.find(deal.dealer), Vulnerability.find(deal.vulnerability)
        )
        for action in deal.actions:
            table.replay(LogEntry(action.seat, action.action))
        state = table.state
        if deal.is_over and state is not None and not state.is_over:
            raise TableError("table.deal_log_open", number=deal.number)
    return table


def _place(seat: SeatRecord) -> Place:
    if seat.is_robot and seat.robot_level:
        return Place(seat.position, Holder.ROBOT, seat.player, seat.robot_level)
    if seat.player:
        return Place(seat.position, Holder.PERSON, seat.player)
    return Place(seat.position)


def deal_row(table: Table, state: DealState) -> dict[str, Any]:
    """A deal as the store keeps it (the arguments of ``Store.add_deal``): its number,
    dealer, vulnerability, cards, board and pack; three-handed, the players by seat."""
    options: dict[str, Any] = {}
    if table.names:
        options["players"] = {
            seat.letter: table.names[player]
            for seat in Seat
            if (player := state.player_at(seat)) is not None
        }
    return {
        "number": table.match.deals.index(state) + 1,
        "dealer": state.dealer.letter,
        "vulnerability": state.vulnerability.pbn,
        "cards": state.deal.to_pbn(),
        "board": state.board,
        "pack": state.pack,
        "options": options,
    }


def result_record(table: Table, state: DealState) -> dict[str, Any]:
    """What the store keeps as a finished deal's result: the contract, declarer, tricks,
    whether it ended on a claim, the running totals and what the session scored."""
    assert state.result is not None
    result = state.result
    contract = result.contract
    index = table.match.deals.index(state)
    summary = table.match.session.summary()
    record: dict[str, Any] = {
        "contract": None if contract is None else str(contract),
        "declarer": None if result.declarer is None else result.declarer.letter,
        "tricks": result.tricks,
        "claimed": table.claimed(state),
        "score": {str(k): v for k, v in summary.totals.items()},
        "finished": time.time(),
    }
    if index < len(table.match.entries):
        record["summary"] = _entry_summary(table.match.entries[index])
    return record


def _entry_summary(entry: SessionEntry) -> dict[str, Any]:
    """What the session scored for a deal, as JSON-ready data."""
    out: dict[str, Any] = {}
    if entry.hand is not None:
        out["score"] = entry.hand.to_dict()
    if entry.game_won is not None:
        out["game_won"] = str(entry.game_won)
    if entry.rubber_bonus:
        out["rubber_bonus"] = entry.rubber_bonus
    if entry.premium:
        out["premium"] = entry.premium
    if entry.board is not None:
        out["board"] = entry.board
    return out


class TableRecord:
    """Writes a table's events into ``store`` as they happen: a new deal, each log entry, a
    finished deal's result (and the match's end)."""

    def __init__(self, store: Store, match_id: int, deal_id: int | None = None) -> None:
        self.store = store
        self.match_id = match_id
        #: The stored deal the next log entries belong to.
        self.deal_id = deal_id

    @classmethod
    def create(
        cls,
        store: Store,
        table: Table,
        *,
        kind: str = "play",
        options: Mapping[str, Any] | None = None,
        private: bool = False,
    ) -> TableRecord:
        """Store a new match for ``table`` (its game, score form, seed and places)."""
        record = store.create_match(
            kind,
            table.game.name,
            table.scoring,
            seats=seat_specs(table),
            options=options,
            seed=table.seed,
            private=private,
        )
        return cls(store, record.id)

    @classmethod
    def of(cls, store: Store, record: MatchRecord) -> TableRecord:
        """The record of a stored match, writing on into its last deal."""
        return cls(store, record.id, record.deals[-1].id if record.deals else None)

    def write(self, table: Table, events: Sequence[TableEvent]) -> None:
        """Store ``events`` in order; each is committed before this returns."""
        for event in events:
            if isinstance(event, DealStarted):
                self.deal_id = self.store.add_deal(self.match_id, **deal_row(table, event.state))
            elif isinstance(event, DealEnded):
                assert self.deal_id is not None
                self.store.finish_deal(self.deal_id, result_record(table, event.state))
                if table.over:
                    self.store.set_status(self.match_id, "finished")
            elif (entry := event.entry) is not None:
                assert self.deal_id is not None
                self.store.append_action(self.deal_id, entry.seat, entry.word)
