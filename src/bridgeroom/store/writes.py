"""What a live table writes for one change, committed in one transaction: a new deal, log
entries, a finished deal's result, the match's status (:class:`TableWrite`).

A server's change of a table (a card, a claim agreed, the next deal) writes several rows:
the action, then perhaps the deal's result and the end of the match. They are one
:class:`TableWrite`, all stored or none (a change that fails changes nothing, also after a
restart). The server's journal (:mod:`bridgeroom.store.journal`) commits the writes of many
tables together: :meth:`Store.write_tables <bridgeroom.store.Store.write_tables>` stores
them in one transaction and, if that fails, each alone, so that one bad write fails alone.

    >>> from bridgeroom.store import Store
    >>> store = Store("sqlite://")
    >>> match = store.create_match("play", "contract", "rubber", seats=["basic"] * 4)
    >>> deal = NewDeal(match.id, 1, "N", "None", "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> write = TableWrite(match.id, (deal, LogRow(match.id, None, 1, "N", "7NT")))
    >>> [deal_id] = store.write_tables([write])
    >>> [a.action for a in store.get_match(match.id).deals[0].actions]
    ['7NT']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import insert, update
from sqlalchemy.engine import Connection

from bridgeroom.store.errors import StoreError
from bridgeroom.store.models import ActionRow, DealRow, MatchRow, utcnow
from bridgeroom.store.records import STATUSES, LogRow

__all__ = ["DealResult", "MatchStatus", "NewDeal", "TableWrite", "WriteOp", "apply_writes"]


@dataclass(frozen=True, slots=True)
class NewDeal:
    """A deal of a match to store (the arguments of ``Store.add_deal``)."""

    match_id: int
    number: int
    dealer: str
    vulnerability: str
    cards: str
    board: int | None = None
    pack: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class DealResult:
    """A finished deal's result; its log is closed. ``deal_id`` ``None``: the deal added
    earlier in the same write."""

    deal_id: int | None
    result: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class MatchStatus:
    """A match becomes ``active``, ``finished`` or ``abandoned``."""

    match_id: int
    status: str


WriteOp = NewDeal | LogRow | DealResult | MatchStatus


@dataclass(frozen=True, slots=True)
class TableWrite:
    """What one change of a table writes, in order, all or nothing."""

    match_id: int
    ops: tuple[WriteOp, ...]

    @property
    def actions(self) -> int:
        """How many log entries it appends."""
        return sum(1 for op in self.ops if isinstance(op, LogRow))


def apply_writes(conn: Connection, writes: Sequence[TableWrite]) -> list[int | None]:
    """Execute ``writes`` on ``conn`` (in its transaction): each new deal is inserted (one
    statement each), then every log entry in one ``INSERT``, the results, the statuses and the
    matches' times. Returns, per write, the id of the last deal it added (or ``None``)."""
    now = utcnow()
    added: list[int | None] = []
    actions: list[dict[str, Any]] = []
    results: list[tuple[int, Mapping[str, Any]]] = []
    statuses: list[MatchStatus] = []
    for write in writes:
        last: int | None = None
        for op in write.ops:
            if isinstance(op, NewDeal):
                last = int(
                    conn.execute(
                        insert(DealRow).returning(DealRow.id),
                        {
                            "match_id": op.match_id,
                            "number": op.number,
                            "board": op.board,
                            "pack": op.pack,
                            "dealer": op.dealer,
                            "vulnerability": op.vulnerability,
                            "cards": op.cards,
                            "options": dict(op.options),
                            "created_at": now,
                        },
                    ).scalar_one()
                )
            elif isinstance(op, LogRow):
                deal_id = op.deal_id if op.deal_id is not None else last
                if deal_id is None:
                    raise StoreError(f"the log entry {op.action!r} has no deal to go to")
                actions.append(
                    {
                        "deal_id": deal_id,
                        "seq": op.seq,
                        "seat": op.seat,
                        "action": op.action,
                        "created_at": now,
                    }
                )
            elif isinstance(op, DealResult):
                deal_id = op.deal_id if op.deal_id is not None else last
                if deal_id is None:
                    raise StoreError("a result has no deal to go to")
                results.append((deal_id, op.result))
            else:
                if op.status not in STATUSES:
                    raise StoreError(f"a match is {', '.join(STATUSES)}, not {op.status!r}")
                statuses.append(op)
        added.append(last)
    if actions:
        conn.execute(insert(ActionRow), actions)
    for deal_id, result in results:
        done = conn.execute(
            update(DealRow)
            .where(DealRow.id == deal_id)
            .values(result=dict(result), finished_at=now)
        )
        if done.rowcount == 0:
            raise StoreError(f"no deal {deal_id}")
    for status in statuses:
        conn.execute(
            update(MatchRow).where(MatchRow.id == status.match_id).values(status=status.status)
        )
    matches = sorted({w.match_id for w in writes})
    if matches:
        conn.execute(update(MatchRow).where(MatchRow.id.in_(matches)).values(updated_at=now))
    return added
