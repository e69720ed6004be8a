"""The three-handed table: the draw for the deal, the seats, the packs, the deal passing
to the left (TH-1 to TH-3, TH-5)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bridgeroom.errors import BridgeError
from bridgeroom.rules.core import Card, Deal, Seat
from bridgeroom.rules.dealing import (
    board_dealer,
    cut,
    deal_pack,
    draw_for_deal,
    make_rng,
    new_pack,
    shuffle,
)
from bridgeroom.rules.state import Mode
from bridgeroom.rules.three_handed.deal import ThreeHandedDeal

__all__ = ["ThreeHandedTable"]


@dataclass(frozen=True)
class ThreeHandedTable:
    """Three players around the table, and whose deal it is (TH-1 to TH-3, TH-5).

    ``players`` are in clockwise order; ``dealer`` deals deal ``number``. The
    dealer's compass seat turns with the deal number as on duplicate boards
    (deal 1 N, 2 E, 3 S, 4 W, ...); his left-hand player sits at his left,
    the dummy opposite him, his right-hand player at his right (TH-5, TH-A3).
    Odd deals use pack 1, even deals pack 2 (TH-1).

    >>> table = ThreeHandedTable(("Ann", "Bob", "Cy"), "Ann")
    >>> table.seating, table.pack
    ({<Seat.NORTH: 0>: 'Ann', <Seat.EAST: 1>: 'Bob', <Seat.WEST: 3>: 'Cy'}, 1)
    >>> table.next()
    ThreeHandedTable(players=('Ann', 'Bob', 'Cy'), dealer='Bob', number=2)
    >>> table.next().seating, table.next().pack
    ({<Seat.EAST: 1>: 'Bob', <Seat.SOUTH: 2>: 'Cy', <Seat.NORTH: 0>: 'Ann'}, 2)
    """

    players: tuple[str, str, str]
    dealer: str
    number: int = 1

    def __post_init__(self) -> None:
        names = tuple(self.players)
        if len(names) != 3 or len(set(names)) != 3 or not all(str(n).strip() for n in names):
            raise BridgeError(
                f"three-handed bridge has three players with distinct names: {names} (TH-1)"
            )
        object.__setattr__(self, "players", names)
        if self.dealer not in names:
            raise BridgeError(
                f"the dealer {self.dealer!r} is not one of the players {names} (TH-2)"
            )
        if self.number < 1:
            raise BridgeError(f"deals are numbered from 1: {self.number}")

    @classmethod
    def draw(
        cls, players: Sequence[str], rng: random.Random | None = None
    ) -> tuple[ThreeHandedTable, list[tuple[str, Card]]]:
        """TH-2: each draws a card; the highest deals, the second-highest sits at his left.

        Returns the table and the draws (in the order of ``players``).

        >>> table, draws = ThreeHandedTable.draw(["Ann", "Bob", "Cy"], random.Random(5))
        >>> best = sorted(draws, key=lambda d: (d[1].rank, d[1].suit), reverse=True)
        >>> table.players == tuple(name for name, _ in best) and table.dealer == best[0][0]
        True
        """
        if len(players) != 3:
            raise BridgeError(f"three-handed bridge has three players, not {len(players)} (TH-1)")
        draws, dealer = draw_for_deal(players, rng)
        ranked = sorted(draws, key=lambda d: (d[1].rank, d[1].suit), reverse=True)
        assert ranked[0][0] == dealer
        order = (ranked[0][0], ranked[1][0], ranked[2][0])
        return cls(order, dealer), draws

    @property
    def _index(self) -> int:
        return self.players.index(self.dealer)

    @property
    def lho(self) -> str:
        """The dealer's left-hand player: he shuffles (TH-3) and deals next (TH-5)."""
        return self.players[(self._index + 1) % 3]

    @property
    def rho(self) -> str:
        """The dealer's right-hand player: he cuts (TH-3)."""
        return self.players[(self._index + 2) % 3]

    @property
    def pack(self) -> int:
        """TH-1: the two packs are used alternately."""
        return 1 if self.number % 2 else 2

    @property
    def dealer_seat(self) -> Seat:
        return board_dealer(self.number)

    @property
    def dummy_seat(self) -> Seat:
        """TH-4: opposite the dealer."""
        return self.dealer_seat.partner

    @property
    def seating(self) -> dict[Seat, str]:
        """The live seats of this deal, dealer first, then his left- and right-hand players."""
        d = self.dealer_seat
        return {d: self.dealer, d.lho: self.lho, d.rho: self.rho}

    def next(self) -> ThreeHandedTable:
        """TH-5, TH-7: the deal passes to the left (after a passed-out deal too)."""
        return ThreeHandedTable(self.players, self.lho, self.number + 1)

    def start(
        self,
        deal: Deal | str,
        *,
        mode: Mode | str = Mode.STRICT,
        vulnerable: Iterable[str] = (),
    ) -> ThreeHandedDeal:
        """The deal state of these cards at this table."""
        return ThreeHandedDeal(
            deal,
            self.dealer_seat,
            mode=mode,
            players=(self.dealer, self.lho, self.rho),
            table_order=self.players,
            pack=self.pack,
            vulnerable=vulnerable,
        )

    def deal_from(
        self,
        pack: Sequence[Card],
        cut_at: int,
        *,
        mode: Mode | str = Mode.STRICT,
        vulnerable: Iterable[str] = (),
    ) -> ThreeHandedDeal:
        """TH-3, TH-4: the pack as shuffled (by the left-hand player, then the dealer if he
        likes) is cut by the right-hand player after ``cut_at`` cards and dealt one card at a
        time clockwise from the dealer's left, the dummy's hand included.

        >>> state = ThreeHandedTable(("Ann", "Bob", "Cy"), "Ann").deal_from(new_pack(), 5)
        >>> state.hand(Seat.EAST)  # C2..C6 go under; E, at N's left, gets C7, CJ, D2, D6, ...
        Hand('Q84.K95.AT62.J73')
        """
        return self.start(
            deal_pack(cut(pack, cut_at), self.dealer_seat), mode=mode, vulnerable=vulnerable
        )

    def deal(
        self,
        rng: random.Random | None = None,
        *,
        seed: int | str | None = None,
        dealer_shuffles: bool = False,
        mode: Mode | str = Mode.STRICT,
        vulnerable: Iterable[str] = (),
    ) -> ThreeHandedDeal:
        """TH-3: a random shuffle by the left-hand player (and one by the dealer when
        ``dealer_shuffles``), a random cut by the right-hand player, then :meth:`deal_from`.

        >>> state = ThreeHandedTable(("Ann", "Bob", "Cy"), "Cy", 4).deal(seed=1)
        >>> state.dealer, state.dummy_seat, state.pack, state.player_names
        (<Seat.WEST: 3>, <Seat.EAST: 1>, 2, ('Cy', 'Ann', 'Bob'))
        """
        generator = rng if rng is not None else make_rng(seed)
        pack = shuffle(new_pack(), generator)
        if dealer_shuffles:
            pack = shuffle(pack, generator)
        return self.deal_from(pack, generator.randint(4, 48), mode=mode, vulnerable=vulnerable)
