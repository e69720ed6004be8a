"""Three-handed bridge ("bridge for three", cutthroat): docs/rules.md TH-1 to TH-23.

Three players, each for himself, sit at a table of four compass seats. For
each deal the seats are *logical* (TH-5, TH-A3): the dealer, his left-hand
player, the dummy opposite the dealer, his right-hand player. Nobody calls for
the dummy; the highest bidder declares and plays the dummy against the other
two, who defend together for that deal only (TH-8).

    >>> from bridgeroom.rules import Deal, Seat
    >>> state = ThreeHandedDeal(
    ...     Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"),
    ...     players=("Ann", "Bob", "Cy"),
    ... )
    >>> state.dummy_seat, state.name_at(Seat.EAST), state.auction_seats()
    (<Seat.SOUTH: 2>, 'Bob', (<Seat.NORTH: 0>, <Seat.EAST: 1>, <Seat.WEST: 3>))
    >>> for call in ["1S", "2C", "P", "P"]:
    ...     state.apply(call)
    >>> state.contract, state.to_act, state.name_at(state.to_act)
    (Contract('2CE'), <Seat.WEST: 3>, 'Cy')
    >>> state.view(Seat.EAST).dummy is None  # nobody sees the dummy before the lead
    True

The lead and the order of play (TH-9, TH-10, TH-A1): the defender on the
declarer's left (the next live player clockwise) leads, and the cards go
declarer -> left defender -> dummy -> right defender, which the engine
expresses as the ``_play_order`` table rather than by moving hands.

In ``Mode.TABLE`` the irregularities of TH-21 to TH-23 are recorded and may
be rectified through the actions :class:`CancelBid`, :class:`CancelDouble`,
:class:`AcceptDouble` and :class:`LookAtDummy` (listed by ``table_actions``);
``Mode.STRICT`` refuses them with typed errors naming the rule.

The modules: :mod:`~bridgeroom.rules.three_handed.deal` (the deal: seats and players, the
auction, the play, the irregularities), :mod:`~bridgeroom.rules.three_handed.actions` (the
actions of the irregularities), :mod:`~bridgeroom.rules.three_handed.results` (the view's
extra part and the result) and :mod:`~bridgeroom.rules.three_handed.seating` (the table:
the draw, the seats, the packs).
"""

from bridgeroom.rules.three_handed.actions import (
    AcceptDouble,
    CancelBid,
    CancelDouble,
    DoubleOf,
    Irregularity,
    LookAtDummy,
)
from bridgeroom.rules.three_handed.deal import ThreeHandedDeal
from bridgeroom.rules.three_handed.results import ThreeHandedExtra, ThreeHandedResult
from bridgeroom.rules.three_handed.seating import ThreeHandedTable

__all__ = [
    "AcceptDouble",
    "CancelBid",
    "CancelDouble",
    "DoubleOf",
    "Irregularity",
    "LookAtDummy",
    "ThreeHandedDeal",
    "ThreeHandedExtra",
    "ThreeHandedResult",
    "ThreeHandedTable",
]
