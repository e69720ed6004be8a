"""Requests that need the opponents' consent: taking back actions (undo) and claims.

A :class:`Request` waits for the answers of the people among the opponents
(:attr:`Request.waiting`) and of the robots that judge it (:attr:`Request.judges`: a
claim is judged by each robot opponent; robots accept an undo at once). One refusal
drops it; the last awaited yes carries it out.

    >>> from bridgeroom.rules import Seat
    >>> request = Request(RequestKind.CLAIM, 0, Seat.NORTH, frozenset({1}), frozenset({3}), tricks=9)
    >>> request.settled, request.answered_by(3).answered_by(1).settled
    (False, True)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from bridgeroom.i18n import Message
from bridgeroom.rules import Seat

__all__ = ["Request", "RequestKind"]


class RequestKind(enum.Enum):
    """What is asked: to take back actions, or to settle the rest of the play by a claim."""

    UNDO = "undo"
    CLAIM = "claim"

    @property
    def message(self) -> Message:
        """Its name for people (``undo``, ``claim``), in any language."""
        return Message(f"table.kind_{self.value}")


@dataclass(frozen=True, slots=True)
class Request:
    """An undo or a claim by ``player`` (at ``seat``) waiting for answers.

    ``tricks``: the tricks a claim gives the claimer's side of those left;
    ``keep``: how many actions of the deal's history an undo keeps (the player's last
    action and everything after it are taken back).
    """

    kind: RequestKind
    player: int
    seat: Seat
    waiting: frozenset[int] = frozenset()
    judges: frozenset[int] = frozenset()
    tricks: int = 0
    keep: int = 0

    @property
    def settled(self) -> bool:
        """No answer is awaited any more."""
        return not self.waiting and not self.judges

    def asks(self, player: int) -> bool:
        """Whether the request waits for ``player``'s answer."""
        return player in self.waiting or player in self.judges

    def answered_by(self, player: int) -> Request:
        """The request once ``player`` has said yes."""
        return replace(self, waiting=self.waiting - {player}, judges=self.judges - {player})
