"""What a seat may see of a deal, and what a finished deal comes to.

:class:`Phase` (where a deal stands), :class:`View` (exactly what one seat may see
now, built by ``DealState.view``), :class:`ViewExtra` (a variant's public part of
every view), :class:`Trick` (a completed trick) and :class:`DealResult` (the outcome
of a deal, for scoring).

    >>> Phase("play"), Trick(Seat.NORTH, (Seat.NORTH,), (Card("SA"),), Seat.NORTH).card_of(Seat.NORTH)
    (<Phase.PLAY: 'play'>, Card('SA'))
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Literal, NamedTuple, TypeAlias

from bridgeroom.rules.actions import Action
from bridgeroom.rules.core import Call, Card, Contract, Deal, Hand, Seat, Vulnerability

__all__ = ["DealResult", "Phase", "RulesName", "Trick", "View", "ViewExtra"]


class Phase(enum.Enum):
    """Where a deal stands."""

    ANNOUNCE = "announce"  # mini-bridge: each player announces his high-card points
    AUCTION = "auction"
    NAMING = "naming"  # mini-bridge: the declarer names the contract
    PLAY = "play"
    DONE = "done"


#: The rules a deal is played by (``DealState.rules_name``, ``View.game``): contract bridge
#: (auction bridge is played by the same rules, AB-1), three-handed bridge, mini-bridge.
RulesName: TypeAlias = Literal["contract", "three-handed", "minibridge"]


class ViewExtra:
    """Base of a variant's public part of a view (``View.extra``): every seat sees the same.

    :class:`~bridgeroom.rules.three_handed.ThreeHandedExtra` (the players, the pack, the
    irregularities) and :class:`~bridgeroom.rules.minibridge.MiniBridgeExtra` (the
    announcements, dummy's suit lengths) derive from it.
    """

    __slots__ = ()


class Trick(NamedTuple):
    """A completed trick: who led, the seats and cards in the order played, who won."""

    leader: Seat
    seats: tuple[Seat, ...]
    cards: tuple[Card, ...]
    winner: Seat

    def card_of(self, seat: Seat) -> Card | None:
        for s, c in zip(self.seats, self.cards, strict=True):
            if s == seat:
                return c
        return None


@dataclass(frozen=True)
class View:
    """What one seat may see, and nothing more.

    ``hand`` is the seat's own remaining cards (``None`` for a seat nobody
    plays, such as the three-handed dummy); ``dummy`` the dummy's remaining
    cards once the opening lead has been made (or earlier where a variant
    shows it: mini-bridge's open dummy, MB-A1; a three-handed player who
    looked at it, TH-23). ``game`` names the rules the deal is played by;
    ``extra`` is the variant's public part of the view (``None`` in contract
    and auction bridge). ``deal`` (the whole original deal) is filled only
    when the deal is over. ``faced``: the remaining cards of the opponents who faced their
    hands with a claim in this deal's play (Law 68B), as ``(seat, hand)``.

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> for action in "7NT P P P S7".split():
    ...     state.apply(action)
    >>> view = state.view(Seat.EAST)
    >>> view.game, view.extra, view.tricks_left, view.is_declaring(Seat.SOUTH)
    ('contract', None, 13, True)
    """

    seat: Seat
    phase: Phase
    dealer: Seat
    vulnerability: Vulnerability
    hand: Hand | None
    dummy_seat: Seat | None
    dummy: Hand | None
    calls: tuple[tuple[Seat, Call], ...]
    contract: Contract | None
    declarer: Seat | None
    tricks: tuple[Trick, ...]
    trick: tuple[tuple[Seat, Card], ...]
    declarer_tricks: int
    defender_tricks: int
    turn: Seat | None
    to_act: Seat | None
    legal: tuple[Action, ...]
    game: RulesName = "contract"
    extra: ViewExtra | None = None
    deal: Deal | None = None
    faced: tuple[tuple[Seat, Hand], ...] = ()

    def is_declaring(self, seat: Seat) -> bool:
        """Whether ``seat`` is on the declaring side: the declarer or the dummy (CB-9; in
        three-handed bridge the declarer and the dummy he plays, TH-8, TH-10). No seat is
        before the declarer is known."""
        return self.declarer is not None and (seat == self.declarer or seat == self.dummy_seat)

    @property
    def tricks_left(self) -> int:
        """Tricks not yet completed, the one in progress included (13 before the play)."""
        return 13 - len(self.tricks)

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played so far, in order."""
        cards = [c for t in self.tricks for c in t.cards]
        cards.extend(c for _, c in self.trick)
        return tuple(cards)


@dataclass(frozen=True)
class DealResult:
    """The outcome of a deal, for scoring.

    ``contract`` is ``None`` for a passed-out deal. ``tricks`` is the number of
    tricks credited to the declarer after any revoke adjustment; ``tricks_taken``
    before it.
    """

    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    contract: Contract | None
    tricks: int
    tricks_taken: int
    adjustment: int = 0

    @property
    def declarer(self) -> Seat | None:
        return self.contract.declarer if self.contract else None

    @property
    def dummy(self) -> Seat | None:
        """The dummy's seat: the declarer's partner (CB-9); ``None`` for a passed-out deal."""
        declarer = self.declarer
        return None if declarer is None else declarer.partner

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    @property
    def overtricks(self) -> int:
        """Tricks beyond the contract (negative: undertricks)."""
        if self.contract is None:
            return 0
        return self.tricks - self.contract.tricks_needed
