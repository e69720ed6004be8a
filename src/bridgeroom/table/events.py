"""What happened at a table: the typed events its methods return, for the faces to show and
to store.

Every method of :class:`~bridgeroom.table.Table` that changes the table returns a list of
events. The events that change a deal carry the :class:`~bridgeroom.store.LogEntry` to
append to its log (:attr:`TableEvent.entry`); a face stores those, in order, and
:meth:`~bridgeroom.table.Table.replay` rebuilds the deal from them. A new deal and a finished
one come as :class:`DealStarted` and :class:`DealEnded`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bridgeroom.i18n import Texts
from bridgeroom.rules import Action, DealState, Seat
from bridgeroom.scoring import SessionEntry
from bridgeroom.store import LogEntry
from bridgeroom.table.requests import Request

if TYPE_CHECKING:
    from bridgeroom.robots import Decision

__all__ = [
    "Accepted",
    "Acted",
    "DealEnded",
    "DealStarted",
    "Dropped",
    "Requested",
    "TableEvent",
    "Undone",
]


@dataclass(frozen=True)
class TableEvent:
    """Base of the events of a table."""

    @property
    def entry(self) -> LogEntry | None:
        """The entry this event appends to the deal's log (``None``: the log is unchanged)."""
        return None


@dataclass(frozen=True)
class DealStarted(TableEvent):
    """Deal ``number`` of the match is dealt: ``state`` (its cards, dealer, vulnerability) is
    stored before any of its actions."""

    number: int
    state: DealState


@dataclass(frozen=True)
class Acted(TableEvent):
    """``player`` took ``action``: ``seat`` is the seat that decided it (the declarer for the
    dummy's card), ``turn`` the seat whose call or card it is. A robot's action comes with its
    ``decision`` (the reason) and, for a call by the robots' system in a partnership auction,
    what it means in its side's system (``meaning``, Law 20F) and whether the system alerts
    it (``alert``); who is told them is the table's to say (:meth:`Table.explains_to`)."""

    player: int
    seat: Seat
    turn: Seat
    action: Action
    log: LogEntry
    by_robot: bool = False
    decision: Decision | None = None
    meaning: Texts | None = None
    alert: bool = False

    @property
    def entry(self) -> LogEntry:
        return self.log

    @property
    def for_dummy(self) -> bool:
        """Whether the action is the dummy's card, played by the declarer."""
        return self.turn != self.seat


@dataclass(frozen=True)
class Undone(TableEvent):
    """``player``'s undo is carried out: the deal keeps its first ``keep`` actions, and
    ``taken`` (seat, action) are taken back."""

    player: int
    keep: int
    taken: tuple[tuple[Seat, Action], ...]
    log: LogEntry

    @property
    def entry(self) -> LogEntry:
        return self.log


@dataclass(frozen=True)
class Requested(TableEvent):
    """A request waits for the answers of the opponents. A claim comes with its log entry: the
    claimer faced his hand (Law 68B), which his opponents see from then on, whatever the
    answer."""

    request: Request
    log: LogEntry | None = None

    @property
    def entry(self) -> LogEntry | None:
        return self.log


@dataclass(frozen=True)
class Accepted(TableEvent):
    """``player`` said yes to the request; others are still to answer."""

    player: int
    request: Request


@dataclass(frozen=True)
class Dropped(TableEvent):
    """The request is dropped: refused by ``player`` (a robot when ``by_robot``), or
    withdrawn when ``player`` is the one who made it. Nothing changed."""

    player: int
    request: Request
    by_robot: bool = False

    @property
    def withdrawn(self) -> bool:
        return self.player == self.request.player


@dataclass(frozen=True)
class DealEnded(TableEvent):
    """Deal ``number`` is over and scored into the match: ``score`` is what the session
    recorded for it."""

    number: int
    state: DealState
    score: SessionEntry
