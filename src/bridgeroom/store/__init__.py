"""The record of games and score pads: SQLAlchemy 2.0, SQLite by default, PostgreSQL by URL.

The terminal client and the web server keep everything here. A match holds
its seats, its deals and, for each deal, the append-only log of actions;
every action is committed as soon as it is taken, so a game is rebuilt after
a crash by replaying its log through the rules engine (:func:`replay`).

    >>> store = Store("sqlite://")                     # in memory
    >>> match = store.create_match("play", "contract", "rubber", seats=[("Ann", None), "basic", "basic", "basic"])
    >>> deal_id = store.add_deal(match.id, 1, "N", "None", "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> [store.append_action(deal_id, seat, call) for seat, call in zip("NESW", ["7NT", "P", "P", "P"], strict=True)]
    [1, 2, 3, 4]
    >>> from bridgeroom.rules import ContractBridgeDeal
    >>> record = store.get_match(match.id).deals[0]
    >>> replay(ContractBridgeDeal(record.cards, record.dealer), record.actions).contract
    Contract('7NTN')

Where the database lives: :func:`database_url` (``--database URL``, else the
``BRIDGEROOM_DATABASE`` variable, else ``bridgeroom.sqlite3`` in the user's
data folder).

The modules: :mod:`~bridgeroom.store.store` (the :class:`Store`),
:mod:`~bridgeroom.store.records` (the values it returns), :mod:`~bridgeroom.store.options` (a match's options and their JSON),
:mod:`~bridgeroom.store.log`
(a deal's log and its replay), :mod:`~bridgeroom.store.writes` (what one change of a live
table writes, all or nothing), :mod:`~bridgeroom.store.journal` (group commit of the live
tables' writes), :mod:`~bridgeroom.store.models` (the tables), :mod:`~bridgeroom.store.schema`
(the schema's version and its migrations), :mod:`~bridgeroom.store.urls` (where the database
is), :mod:`~bridgeroom.store.tokens` (seat tokens).
"""

from __future__ import annotations

from bridgeroom.store.errors import MatchNotFound, StoreError, StoreUnavailable
from bridgeroom.store.log import FACE, UNDO, LogEntry, replay
from bridgeroom.store.options import MatchOptions
from bridgeroom.store.records import (
    STATUSES,
    ActionRecord,
    DealRecord,
    LogRow,
    MatchRecord,
    MatchSummary,
    PadEntry,
    SeatRecord,
    SeatSpec,
)
from bridgeroom.store.schema import HEAD as SCHEMA_VERSION
from bridgeroom.store.store import Store
from bridgeroom.store.tokens import hash_token, new_token
from bridgeroom.store.urls import data_dir, database_url, normalize_url, safe_url
from bridgeroom.store.writes import DealResult, MatchStatus, NewDeal, TableWrite

__all__ = [
    "FACE",
    "UNDO",
    "SCHEMA_VERSION",
    "STATUSES",
    "ActionRecord",
    "DealRecord",
    "DealResult",
    "LogEntry",
    "LogRow",
    "MatchNotFound",
    "MatchOptions",
    "MatchRecord",
    "MatchStatus",
    "MatchSummary",
    "NewDeal",
    "PadEntry",
    "SeatRecord",
    "SeatSpec",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "TableWrite",
    "data_dir",
    "database_url",
    "hash_token",
    "new_token",
    "normalize_url",
    "replay",
    "safe_url",
]
