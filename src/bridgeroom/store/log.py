"""The append-only log of a deal, as stored, and its replay through the rules engine.

Each entry is who (a seat letter) and a word: the text of an action of the
engine (``1NT``, ``SA``, ``claim 3``, ``look at dummy``: what
``DealState.parse_action`` reads back), an undo, or ``face``: the seat stated a claim
and faced his hand (Law 68B; his opponents see it from then on, whatever the answer). The
log is never rewritten: ``undo N`` keeps the first ``N`` actions of the deal's history and
takes back the rest; the word ``undo`` alone (as older records have it) takes back the
last action. Both faces, the terminal and the server, write this one log and
rebuild a deal from it with :func:`replay`.

    >>> from bridgeroom.rules import ContractBridgeDeal, Seat
    >>> state = ContractBridgeDeal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> entries = [("N", "1C"), ("E", "1H"), ("N", "undo 1"), ("E", "2H"), ("S", "P"), ("S", "undo")]
    >>> [str(call) for _, call in replay(state, entries).calls]
    ['1C', '2H']
    >>> LogEntry.undo(Seat.EAST, 1), LogEntry.parse("N", "undo 1").keeps(5)
    (LogEntry(seat='E', word='undo 1'), 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bridgeroom.rules.core import Seat
from bridgeroom.rules.state import Action, DealState
from bridgeroom.store.errors import StoreError
from bridgeroom.store.records import ActionRecord

__all__ = ["FACE", "UNDO", "LogEntry", "replay"]

#: The log word that takes back actions of a deal (the log itself is never rewritten).
UNDO = "undo"
#: The log word of a claim stated: the seat faced his hand (Law 68B).
FACE = "face"


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One entry of a deal's log: ``seat`` (a letter) and ``word`` (an action's text or an undo)."""

    seat: str
    word: str

    @classmethod
    def act(cls, seat: Seat, action: Action) -> LogEntry:
        """The entry of ``action`` taken by ``seat`` (the seat that decided it)."""
        return cls(seat.letter, str(action))

    @classmethod
    def undo(cls, seat: Seat | None, keep: int) -> LogEntry:
        """The entry of an undo asked by ``seat`` that keeps the first ``keep`` actions."""
        return cls("" if seat is None else seat.letter, f"{UNDO} {keep}")

    @classmethod
    def face(cls, seat: Seat) -> LogEntry:
        """The entry of a claim stated by ``seat``, who faced his hand (Law 68B)."""
        return cls(seat.letter, FACE)

    @classmethod
    def parse(cls, seat: str, word: str) -> LogEntry:
        """An entry as read from the store (the same as the constructor; named for symmetry)."""
        return cls(seat, word)

    @property
    def is_undo(self) -> bool:
        head, _, rest = self.word.partition(" ")
        return head == UNDO and (not rest or rest.isdigit())

    def keeps(self, history: int) -> int:
        """How many of the ``history`` actions this undo keeps (``undo N``: ``N``; ``undo``:
        all but the last)."""
        _, _, rest = self.word.partition(" ")
        keep = int(rest) if rest else history - 1
        if not 0 <= keep <= history or history == 0:
            raise StoreError(f"the log entry {self.word!r} cannot apply to {history} actions")
        return keep

    def apply_to(self, state: DealState) -> None:
        """Apply this entry to ``state`` (an action by its seat, an undo, a faced hand)."""
        if self.word == FACE:
            state.face_hand(Seat.find(self.seat))
        elif self.is_undo:
            state.replay(state.history[: self.keeps(len(state.history))])
        else:
            state.apply(self.word, Seat.find(self.seat))


def replay(
    state: DealState, actions: Iterable[ActionRecord | LogEntry | tuple[str, str]]
) -> DealState:
    """Apply a deal's logged entries to a fresh ``state`` in order; returns it."""
    for item in actions:
        if isinstance(item, LogEntry):
            entry = item
        elif isinstance(item, ActionRecord):
            entry = LogEntry(item.seat, item.action)
        else:
            entry = LogEntry(item[0], item[1])
        entry.apply_to(state)
    return state
