"""Revokes (CB-V1 to CB-V4): the record of one, and the trick adjustment of Law 64.

In table mode a revoke is accepted and recorded as a :class:`Revoke`; it may be
corrected until it is established (``DealState`` does both), and the established
ones transfer tricks at the end of the play (:func:`law64_adjustment`).

    >>> law64_adjustment([], [], lambda seat: seat in (Seat.NORTH, Seat.SOUTH))
    0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bridgeroom.rules.core import Card, Seat, Suit
from bridgeroom.rules.views import Trick

__all__ = ["Revoke", "law64_adjustment"]


@dataclass(slots=True)
class Revoke:
    """A revoke recorded in table mode (CB-V1): ``seat`` failed to follow to trick ``trick`` (0-based)."""

    seat: Seat
    trick: int
    suit: Suit
    card: Card
    position: int  # index in the effective record, for corrections
    established: bool = False


def law64_adjustment(
    tricks: Sequence[Trick],
    revokes: Sequence[Revoke],
    is_declarer_side: Callable[[Seat], bool],
    dummy: Seat | None = None,
) -> int:
    """Trick adjustment of Law 64A for established revokes, with the Law 64B exceptions (CB-V3, CB-V4).

    Returns the tricks transferred to the declarer's side (negative when the
    declarer's side revoked). Implemented exceptions: the offending side won
    neither the revoke trick nor a later one (nothing to transfer); a second
    revoke in the same suit by the same player; a revoke by dummy (failing to
    play a card of dummy); a revoke on trick 12; both sides revoked on the board.
    """
    side_of = is_declarer_side
    established = [r for r in revokes if r.established and r.seat != dummy]  # CB-V4: not dummy
    if not established:
        return 0
    if len({side_of(r.seat) for r in established}) == 2:
        return 0  # CB-V4: both sides revoked
    counted: set[tuple[Seat, Suit]] = set()
    total = 0
    used = 0
    for revoke in established:
        key = (revoke.seat, revoke.suit)
        if key in counted:
            continue  # CB-V4: second revoke in the same suit by the same player
        counted.add(key)
        if revoke.trick == 11 or revoke.trick >= len(tricks):
            continue  # CB-V4: revoke on trick 12 (index 11)
        offender_is_declarer = side_of(revoke.seat)
        later = tricks[revoke.trick :]
        won = [side_of(t.winner) == offender_is_declarer for t in later]
        available = sum(won) - used
        if available <= 0:
            continue
        if later[0].winner == revoke.seat:
            transfer = 1 + (1 if any(won[1:]) else 0)
        else:
            transfer = 1 if any(won) else 0
        transfer = min(transfer, available)
        used += transfer
        total += -transfer if offender_is_declarer else transfer
    return total
