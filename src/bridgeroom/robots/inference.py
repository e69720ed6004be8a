"""What the final contract says of the declaring side's hands.

Players read the contract as well as the auction: a side in 4♠ usually has
about 25 high-card points and eight spades between its hands, a side in 1♣
rather less. When the auction's own meaning (:func:`bridgeroom.robots.bidding.infer`)
says nothing of a hand the defenders cannot see, :func:`contract_limits` turns
the contract into soft limits the sampler can use
(:class:`~bridgeroom.robots.sampler.HandLimits`): before dummy is seen, on
partner's hand (the points and trumps the declaring side does not hold are his
and mine); once dummy is down, on the declarer's.

The table of :data:`STRENGTH` is the usual point-count guide (game in notrump or
a major with about 25-26 points, a minor-suit game 28-29, a small slam 33, a
grand slam 37) extended to part-scores; each range is wide, and the sampler
treats it as soft (a layout outside it is kept with a small chance per point).

    >>> from bridgeroom.rules import Contract
    >>> strength(Contract.parse("4SS"))
    (20, 30)
    >>> strength(Contract.parse("3NTN"))
    (21, 29)
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgeroom.robots.public import played_masks
from bridgeroom.robots.sampler import HandLimits
from bridgeroom.rules.core import SUIT_MASK, Contract, Hand, Strain
from bridgeroom.rules.state import View

__all__ = ["STRENGTH", "FIT", "strength", "contract_limits"]

#: The declaring side's usual combined HCP by tricks contracted for: ``(notrump, suit)``.
STRENGTH: dict[int, tuple[int, int]] = {
    7: (21, 19),
    8: (23, 21),
    9: (25, 23),
    10: (27, 25),
    11: (30, 28),
    12: (33, 31),
    13: (37, 35),
}
#: The half-width of the HCP range, notrump and suit (shape makes tricks in a suit contract).
WIDTH = (4, 5)
#: Trumps the declaring side holds at least, by level: seven at the one and two levels, eight above.
FIT: dict[int, int] = {1: 7, 2: 7, 3: 8, 4: 8, 5: 8, 6: 8, 7: 8}


def strength(contract: Contract) -> tuple[int, int]:
    """The declaring side's usual combined HCP for ``contract`` (a range)."""
    notrump = contract.strain is Strain.NOTRUMP
    centre = STRENGTH[contract.level + 6][0 if notrump else 1]
    width = WIDTH[0 if notrump else 1]
    return (max(0, centre - width), min(40, centre + width))


def contract_limits(
    view: View, inferred: Sequence[HandLimits | None] | None = None
) -> list[HandLimits | None]:
    """``inferred`` (per seat N, E, S, W) with the contract's meaning added for a defender.

    The limit goes on partner's hand before dummy is seen, on the declarer's after; it is
    intersected with what the auction showed of that hand, unless the two disagree (then the
    auction's meaning stands). The declaring side learns nothing of the defenders from its own
    contract: for the declarer and dummy ``inferred`` is returned as given.
    """
    out: list[HandLimits | None] = list(inferred) if inferred is not None else [None] * 4
    contract = view.contract
    declarer = view.declarer
    if contract is None or declarer is None or view.hand is None:
        return out
    dummy = view.dummy_seat
    if view.seat in (declarer, dummy):
        return out
    played = played_masks(view)
    own = view.hand.mask | played[view.seat]
    lo, hi = strength(contract)
    trump = contract.strain.suit
    fit = FIT[contract.level]
    if view.dummy is None or dummy is None:
        seat = view.seat.partner
        free = 40 - Hand(own).hcp
        hcp = (max(0, free - hi), min(37, free - lo))
        lengths = [(0, 13)] * 4
        if trump is not None:
            most = 13 - (own & SUIT_MASK[trump]).bit_count() - fit
            lengths[int(trump)] = (0, max(0, most))
    else:
        seat = declarer
        shown = view.dummy.mask | played[dummy]
        points = Hand(shown).hcp
        hcp = (max(0, lo - points), min(37, hi - points))
        lengths = [(0, 13)] * 4
        if trump is not None:
            least = fit - (shown & SUIT_MASK[trump]).bit_count()
            lengths[int(trump)] = (min(max(0, least), 13), 13)
    if hcp[0] > hcp[1]:
        return out
    limit = HandLimits(hcp, tuple(lengths))
    given = out[seat]
    if given is None:
        out[seat] = limit
    else:
        both = given & limit
        if both.hcp[0] <= both.hcp[1] and all(a <= b for a, b in both.lengths):
            out[seat] = both
    return out
