"""Where each seat sits on a screen drawn for one viewer: the same answer for every face.

A face draws the table with its viewer at the bottom and the others clockwise round
it: the seat at his left on the left, the one opposite at the top, the one at his right
on the right. Which seat that is comes from the rules (``DealState.around_table``): the
compass in the four-handed games; in three-handed bridge the compass during the
auction, then from the opening lead the dummy opposite the declarer and the defenders
opposite each other (TH-10), so that the cards go round the screen clockwise.

    >>> from bridgeroom.rules import Deal, Seat, ThreeHandedDeal
    >>> state = ThreeHandedDeal(
    ...     Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"),
    ...     players=("Ann", "Bob", "Cy"),
    ... )
    >>> layout(state, Seat.EAST)           # the auction: compass seats, the dummy's hand at S
    Layout(bottom=<Seat.EAST: 1>, left=<Seat.SOUTH: 2>, top=<Seat.WEST: 3>, right=<Seat.NORTH: 0>)
    >>> for action in ["1S", "2C", "P", "P", "S2"]:
    ...     state.apply(action)
    >>> view = layout(state, Seat.EAST)    # East declares, West leads: the dummy (S) opposite East
    >>> view.top, view.to_json()
    (<Seat.SOUTH: 2>, {'bottom': 'E', 'left': 'W', 'top': 'S', 'right': 'N'})
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgeroom.rules import DealState, Seat

__all__ = ["POSITIONS", "Layout", "layout"]

#: The places on a screen, clockwise from the viewer's.
POSITIONS = ("bottom", "left", "top", "right")


@dataclass(frozen=True)
class Layout:
    """The seat drawn at each place of the screen."""

    bottom: Seat
    left: Seat
    top: Seat
    right: Seat

    def position(self, seat: Seat) -> str:
        """Where ``seat`` is drawn: ``bottom``, ``left``, ``top`` or ``right``."""
        for name in POSITIONS:
            if getattr(self, name) == seat:
                return name
        raise KeyError(seat)

    @property
    def clockwise(self) -> tuple[Seat, Seat, Seat, Seat]:
        """The seats from the bottom, clockwise."""
        return (self.bottom, self.left, self.top, self.right)

    def to_json(self) -> dict[str, str]:
        """The seat letter at each place (for a web page)."""
        return {name: getattr(self, name).letter for name in POSITIONS}


def layout(state: DealState, viewer: Seat) -> Layout:
    """The screen of ``viewer`` (his seat at the bottom) for ``state`` as it stands now."""
    bottom, left, top, right = state.around_table(viewer)
    return Layout(bottom, left, top, right)
