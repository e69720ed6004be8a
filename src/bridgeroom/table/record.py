"""A table and its record in the store: rebuilding a table from a stored match, and writing
its events as they happen.

Both faces keep a table the same way: the match row with its places (a person's name, a
robot's level), a row per deal (cards, dealer, vulnerability, board, pack) and each
deal's append-only log (:class:`~bridgeroom.store.LogEntry`), and the result of each
finished deal (:meth:`Table.result_record`). :func:`table_from_record` replays that
record into a :class:`Table`; :func:`table_write` turns the events of one change into the
rows it writes, stored all or none in one transaction: :class:`TableRecord` stores them at
once (the terminal), the server through its group-commit journal.

    >>> from bridgeroom.store import Store
    >>> store = Store("sqlite://")
    >>> table = Table("contract", seed=3, robots={1: "random", 2: "random", 3: "random"}, people={0: "Ann"})
    >>> record = TableRecord.create(store, table, options=MatchOptions(mode="strict"))
    >>> record.write(table, table.deal())
    >>> record.write(table, table.act(0, "1NT"))
    >>> again = table_from_record(store.get_match(record.match_id))
    >>> again.state.history == table.state.history, again.places == table.places
    (True, True)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from bridgeroom.rules import DealState, Seat, Vulnerability
from bridgeroom.scoring import SessionEntry
from bridgeroom.store import (
    DealResult,
    LogEntry,
    LogRow,
    MatchOptions,
    MatchRecord,
    MatchStatus,
    NewDeal,
    SeatRecord,
    SeatSpec,
    Store,
    StoreError,
    TableWrite,
)
from bridgeroom.table.errors import TableError
from bridgeroom.table.events import DealEnded, DealStarted, TableEvent
from bridgeroom.table.robots import RobotFactory
from bridgeroom.table.seats import Holder, Place
from bridgeroom.table.table import Table

__all__ = [
    "TableRecord",
    "deal_row",
    "result_record",
    "seat_specs",
    "table_from_record",
    "table_write",
]


def seat_specs(table: Table) -> list[SeatSpec]:
    """The places of a table as the store creates its seats (an open place has no name; a
    person seated with a token keeps its hash)."""
    return [SeatSpec(p.name, p.level, p.token_hash if p.is_person else None) for p in table.places]


def table_write(
    table: Table,
    events: Sequence[TableEvent],
    match_id: int,
    deal_id: int | None,
    seq: int,
) -> tuple[TableWrite, int]:
    """The rows that the events of one change of ``table`` write, all or none: a new deal, the
    log entries numbered on from ``seq`` (the entries of deal ``deal_id`` already stored), the
    result of a finished deal and the end of the match. Returns the write and the number of the
    last entry (0 after a new deal); the entries of a new deal go to the deal the write adds.

    >>> table = Table("contract", seed=3, robots={1: "random", 2: "random", 3: "random"}, people={0: "Ann"})
    >>> write, seq = table_write(table, table.deal() + table.act(0, "1NT"), 7, None, 0)
    >>> [type(op).__name__ for op in write.ops], seq
    (['NewDeal', 'LogRow'], 1)
    """
    ops: list[NewDeal | LogRow | DealResult | MatchStatus] = []
    for event in events:
        if isinstance(event, DealStarted):
            ops.append(NewDeal(match_id, **deal_row(table, event.state)))
            deal_id, seq = None, 0
        elif isinstance(event, DealEnded):
            ops.append(DealResult(deal_id, result_record(table, event.state)))
            if table.over:
                ops.append(MatchStatus(match_id, "finished"))
        elif (entry := event.entry) is not None:
            seq += 1
            ops.append(LogRow(match_id, deal_id, seq, entry.seat, entry.word))
    return TableWrite(match_id, tuple(ops)), seq


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
        names=options.players,
        mode=options.mode,
        undo_past_robots=undo_past_robots,
        robot_factory=robot_factory,
        boards=options.boards,
        numbers=options.numbers,
        hold=options.hold,
        paused=options.paused,
        systems=options.systems or None,
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
        "number": table.match.played_of(state).number,
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
    played = table.match.played_of(state)
    summary = table.match.session.summary()
    record: dict[str, Any] = {
        "contract": None if contract is None else str(contract),
        "declarer": None if result.declarer is None else result.declarer.letter,
        "tricks": result.tricks,
        "claimed": table.claimed(state),
        "score": {str(k): v for k, v in summary.totals.items()},
        "finished": time.time(),
    }
    if played.entry is not None:
        record["summary"] = _entry_summary(played.entry)
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
    finished deal's result (and the match's end), the events of one change in one
    transaction (a change that cannot be stored leaves nothing behind)."""

    def __init__(
        self, store: Store, match_id: int, deal_id: int | None = None, seq: int = 0
    ) -> None:
        self.store = store
        self.match_id = match_id
        #: The stored deal the next log entries belong to, and how many entries it has.
        self.deal_id = deal_id
        self.seq = seq

    @classmethod
    def create(
        cls,
        store: Store,
        table: Table,
        *,
        kind: str = "play",
        options: MatchOptions | None = None,
        private: bool = False,
    ) -> TableRecord:
        """Store a new match for ``table`` (its game, score form, seed, places and the sides'
        bidding systems)."""
        if table.system_names != ("standard", "standard"):
            sources = [s.source or s.name for s in (table.systems.ns, table.systems.ew)]
            options = (options or MatchOptions()).replace(systems=sources)
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
        if not record.deals:
            return cls(store, record.id)
        last = record.deals[-1]
        return cls(store, record.id, last.id, len(last.actions))

    def write(self, table: Table, events: Sequence[TableEvent]) -> None:
        """Store ``events`` in one transaction; committed before this returns (a
        :class:`~bridgeroom.store.StoreError` if not: then nothing of them is stored)."""
        write, seq = table_write(table, events, self.match_id, self.deal_id, self.seq)
        if not write.ops:
            return
        [outcome] = self.store.write_tables([write])
        if isinstance(outcome, StoreError):
            raise outcome
        if outcome is not None:
            self.deal_id = outcome
        self.seq = seq
