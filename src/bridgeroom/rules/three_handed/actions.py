"""The actions of the three-handed irregularities in table mode (TH-21 to TH-23).

A bid or double that breaks the auction's rules is recorded as an :class:`Irregularity`
and may be cancelled (:class:`CancelBid`, :class:`CancelDouble`) or accepted
(:class:`AcceptDouble`); a player may look at the dummy (:class:`LookAtDummy`) and is
then barred from the auction. ``str`` of each is the text ``parse_action`` reads back.

    >>> str(CancelBid()), str(LookAtDummy()), str(DoubleOf(3))
    ('cancel bid', 'look at dummy', 'X of call 3')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bridgeroom.rules.actions import Action, GameAction
from bridgeroom.rules.core import Call, Seat

__all__ = ["AcceptDouble", "CancelBid", "CancelDouble", "DoubleOf", "Irregularity", "LookAtDummy"]


# --- the actions of the irregularities (table mode) ---------------------------


@dataclass(frozen=True, slots=True)
class CancelBid(GameAction):
    """TH-22: an opponent cancels the latest irregular bid (insufficient or out of turn) he may still cancel.

    The bid and every call made after it are withdrawn; the auction resumes with
    the player whose turn it was, and the offender then makes a legal call in turn.
    """

    def __str__(self) -> str:
        return "cancel bid"


@dataclass(frozen=True, slots=True)
class CancelDouble(GameAction):
    """TH-21: the doubled player cancels the latest improper double of his bid.

    The double and every call made after it are withdrawn, and for the rest of
    the auction nobody may double that player's bids (TH-A9).
    """

    def __str__(self) -> str:
        return "cancel double"


@dataclass(frozen=True, slots=True)
class AcceptDouble(GameAction):
    """TH-21: the doubled player lets the improper doubles of his bid stand (as calling on does)."""

    def __str__(self) -> str:
        return "accept double"


@dataclass(frozen=True, slots=True)
class LookAtDummy(GameAction):
    """TH-23: the acting player has looked at the dummy during the auction; his remaining calls are passes."""

    def __str__(self) -> str:
        return "look at dummy"


@dataclass(frozen=True, slots=True)
class DoubleOf(GameAction):
    """A double of the bid at index ``number`` of ``calls``; of an earlier bid it is improper (TH-21).

    >>> DoubleOf(2)
    DoubleOf(number=2)
    >>> str(DoubleOf(2))
    'X of call 2'
    """

    number: int

    def __str__(self) -> str:
        return f"X of call {self.number}"


@dataclass(frozen=True, slots=True)
class Immunity(GameAction):
    """Effective-record marker: doubles of this seat's bids were cancelled (TH-21, TH-A9)."""


@dataclass(frozen=True, slots=True)
class Recall(GameAction):
    """Effective-record marker: this seat's bid was cancelled; his next call must be legal and in turn (TH-22)."""


# Records that stay when a cancellation withdraws the calls after an irregularity:
# what happened at the table (a look at the dummy, an immunity) is not undone by it.
PERSISTENT = (LookAtDummy, Immunity)

TABLE_WORDS: dict[str, Action] = {
    "cancel bid": CancelBid(),
    "cancel double": CancelDouble(),
    "accept double": AcceptDouble(),
    "look at dummy": LookAtDummy(),
}
DOUBLE_OF = re.compile(r"x of call (\d+)")


@dataclass(frozen=True, slots=True)
class Irregularity:
    """An irregular call that may still be cancelled (TH-21 double, TH-22 bid).

    ``number`` is its index in ``calls``; ``reasons`` say what was irregular
    (``out of turn``, ``insufficient``, ``own bid``, ``repeated``,
    ``not the last bid``, ``protected``); ``may_cancel`` who may cancel it: the
    doubled player for a double, the offender's two opponents for a bid.
    ``answered`` holds the opponents who have called over an irregular bid;
    ``position`` is its index in the effective record.
    """

    rule: str
    seat: Seat
    call: Call
    number: int
    reasons: tuple[str, ...]
    may_cancel: tuple[Seat, ...]
    target: Seat | None = None
    answered: frozenset[Seat] = frozenset()
    position: int = 0

    def __str__(self) -> str:
        return f"{self.seat} {self.call} ({', '.join(self.reasons)}; {self.rule})"
