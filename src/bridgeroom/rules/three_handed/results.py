"""What every seat sees of a three-handed deal besides its cards, and the deal's outcome.

:class:`ThreeHandedExtra` is the public part of every view (the players, the pack,
vulnerability, who is barred or protected, the irregularities); :class:`ThreeHandedResult`
is a finished deal for the per-player scorer (TH-12 to TH-17).
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgeroom.rules.core import Seat
from bridgeroom.rules.three_handed.actions import Irregularity
from bridgeroom.rules.views import DealResult, ExtraValue, ViewExtra

__all__ = ["ThreeHandedExtra", "ThreeHandedResult"]


@dataclass(frozen=True, slots=True)
class ThreeHandedExtra(ViewExtra):
    """The public part of a three-handed view (``View.extra``): the same for every seat.

    ``players`` maps the three live seats to the players' names; ``pack`` is the
    pack dealt (TH-1); ``vulnerable`` names the vulnerable players (TH-17);
    ``barred`` the seats of players who looked at the dummy (TH-23); ``protected``
    those whose bids nobody may double (TH-21, TH-A9); ``irregularities`` the
    irregular calls that may still be cancelled (TH-21, TH-22).
    """

    players: dict[Seat, str]
    pack: int
    vulnerable: tuple[str, ...] = ()
    barred: tuple[Seat, ...] = ()
    protected: tuple[Seat, ...] = ()
    irregularities: tuple[Irregularity, ...] = ()

    def fields(self) -> dict[str, ExtraValue]:
        """The items as shown: the players by seat, the pack, the vulnerable players, the seats
        barred and protected, the irregularities as written."""
        return {
            "players": self.players,
            "pack": self.pack,
            "vulnerable": tuple(self.vulnerable),
            "barred": self.barred,
            "protected": self.protected,
            "irregularities": tuple(str(item) for item in self.irregularities),
        }

    def looked_at_dummy(self, seat: Seat) -> bool:
        """TH-23: the player at ``seat`` looked at the dummy (and is barred from the auction)."""
        return seat in self.barred

    def vulnerable_at(self, seat: Seat) -> bool:
        """Whether the player at ``seat`` is vulnerable (TH-17); never the dummy's seat."""
        name = self.players.get(seat)
        return name is not None and name in self.vulnerable


# --- the result ------------------------------------------------------------------


@dataclass(frozen=True)
class ThreeHandedResult(DealResult):
    """The outcome of a three-handed deal, for the per-player scorer (TH-12 to TH-17).

    ``players`` are the names of the dealer, his left- and his right-hand
    player; the dummy is the seat opposite the dealer. ``tricks`` counts the
    tricks of declarer and dummy together (TH-10), after any revoke
    adjustment (TH-11).
    """

    players: tuple[str, str, str] = ("", "", "")
    pack: int = 1
    vulnerable: frozenset[str] = frozenset()

    @property
    def dummy(self) -> Seat:
        """TH-4: the hand opposite the dealer."""
        return self.dealer.partner

    @property
    def seats(self) -> dict[Seat, str]:
        """The three live seats and their players."""
        d = self.dealer
        return dict(zip((d, d.lho, d.rho), self.players, strict=True))

    def name_at(self, seat: Seat) -> str | None:
        """The name of the player at ``seat`` (``None`` for the dummy)."""
        return self.seats.get(seat)

    @property
    def defenders(self) -> tuple[Seat, Seat] | None:
        """The left and the right defender (TH-9, TH-10); ``None`` for a passed-out deal."""
        if self.declarer is None:
            return None
        return defenders_of(self.dealer, self.declarer)

    @property
    def declarer_name(self) -> str | None:
        return None if self.declarer is None else self.seats[self.declarer]

    @property
    def defender_names(self) -> tuple[str, str] | None:
        pair = self.defenders
        if pair is None:
            return None
        seats = self.seats
        return (seats[pair[0]], seats[pair[1]])

    @property
    def declarer_vulnerable(self) -> bool:
        """TH-17: the declarer's own vulnerability governs the deal's score."""
        return self.declarer_name in self.vulnerable


def defenders_of(dealer: Seat, declarer: Seat) -> tuple[Seat, Seat]:
    """TH-9, TH-A1: the next live player clockwise after declarer, and the other one."""
    dummy = dealer.partner
    left = declarer.lho
    if left == dummy:
        left = left.lho
    right = next(s for s in (dealer, dealer.lho, dealer.rho) if s not in (declarer, left))
    return left, right
