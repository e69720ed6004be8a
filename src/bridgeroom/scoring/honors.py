"""Honors: the kinds a score table knows, who holds them, and finding them in a deal.

Contract (rubber) scoring counts honors held in **one hand** (CB-R5); auction
scoring counts the honors of the **side** holding the majority (AB-9). In
three-handed bridge the declarer's side is declarer + dummy and the two
defenders form the other side (TH-15).

    >>> Honors.parse("4-one declarer")
    Honors('4-one', 'declarer')
    >>> str(Honors("5-one", "defenders"))
    '5-one defenders'
    >>> HonorsKind.parse("4 aces one")
    <HonorsKind.FOUR_ACES_ONE: '4-aces-one'>
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from bridgeroom.errors import ParseError, ScoringError
from bridgeroom.i18n import Message
from bridgeroom.rules import Deal, Seat, Strain

__all__ = ["HonorsKind", "HonorsSide", "Honors", "honors_in_hands"]


class HonorsKind(enum.StrEnum):
    """A holding of honors that scores (CB-R5, AB-9).

    The contract table knows ``4-one``, ``5-one`` and ``4-aces-one``; the
    auction table knows all nine. ``*-aces*`` kinds are for notrump contracts,
    the others for trump contracts.

    >>> HonorsKind.FOUR_ONE_FIFTH_PARTNER.notrump, HonorsKind.THREE_ACES.notrump
    (False, True)
    """

    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    FOUR_ONE = "4-one"
    FOUR_ONE_FIFTH_PARTNER = "4-one-5th-partner"
    FIVE_ONE = "5-one"
    THREE_ACES = "3-aces"
    FOUR_ACES = "4-aces"
    FOUR_ACES_ONE = "4-aces-one"

    @property
    def notrump(self) -> bool:
        """Whether this kind counts aces at a notrump contract (else trump honors A K Q J 10)."""
        return "aces" in self.value

    @property
    def message(self) -> Message:
        """The kind in words, in every language (the catalogue's ``honors`` section)."""
        return Message(f"honors.{self.value}")

    @property
    def description(self) -> str:
        """Words for people, in English: ``'4 trump honors in one hand'``."""
        return self.message.render("en")

    @classmethod
    def parse(cls, text: str) -> HonorsKind:
        """A kind from its name; spaces or underscores may stand for the dashes.

        >>> HonorsKind.parse("5_one")
        <HonorsKind.FIVE_ONE: '5-one'>
        """
        key = "-".join(text.strip().lower().replace("_", " ").replace("-", " ").split())
        try:
            return cls(key)
        except ValueError:
            names = ", ".join(kind.value for kind in cls)
            raise ParseError(
                key="score.error.honors_unknown", params={"text": text, "names": names}
            ) from None


class HonorsSide(enum.StrEnum):
    """Who holds the honors: the declaring side (declarer or dummy) or the defenders."""

    DECLARER = "declarer"
    DEFENDERS = "defenders"

    @classmethod
    def parse(cls, text: str) -> HonorsSide:
        """``declarer`` or ``defenders`` (also ``decl``, ``def``, ``defender``).

        >>> HonorsSide.parse("Def")
        <HonorsSide.DEFENDERS: 'defenders'>
        """
        key = text.strip().lower()
        if key in ("declarer", "decl", "declaring", "declarers"):
            return cls.DECLARER
        if key in ("defenders", "defender", "def", "defending", "defence", "defense"):
            return cls.DEFENDERS
        said = {"text": text, "declarer": "declarer", "defenders": "defenders"}
        raise ParseError(key="score.error.honors_side", params=said)


@dataclass(frozen=True, slots=True)
class Honors:
    """Honors held on a deal: a kind and the side that holds it.

    Strings are accepted for both fields:

    >>> Honors("4-one", "declarer") == Honors(HonorsKind.FOUR_ONE, HonorsSide.DECLARER)
    True
    """

    kind: HonorsKind
    side: HonorsSide

    def __init__(self, kind: HonorsKind | str, side: HonorsSide | str) -> None:
        object.__setattr__(
            self, "kind", kind if isinstance(kind, HonorsKind) else HonorsKind.parse(kind)
        )
        object.__setattr__(
            self, "side", side if isinstance(side, HonorsSide) else HonorsSide.parse(side)
        )

    @classmethod
    def parse(cls, text: str) -> Honors:
        """``KIND SIDE``, as written by ``str``: ``"4-aces-one defenders"``."""
        parts = text.split()
        if len(parts) != 2:
            said = {"text": text, "example": "4-one declarer"}
            raise ParseError(key="score.error.honors_form", params=said)
        return cls(parts[0], parts[1])

    def __str__(self) -> str:
        return f"{self.kind.value} {self.side.value}"

    def __repr__(self) -> str:
        return f"Honors({self.kind.value!r}, {self.side.value!r})"


def _honor_masks(strain: Strain) -> tuple[int, ...]:
    """One bit mask per honor card: A K Q J 10 of trumps, or the four aces at notrump."""
    if strain is Strain.NOTRUMP:
        return tuple(1 << (suit * 13 + 12) for suit in range(4))
    return tuple(1 << (int(strain) * 13 + rank - 2) for rank in range(10, 15))


def honors_in_hands(
    deal: Deal, strain: Strain, declarer: Seat, *, dummy: Seat | None = None, majority: bool
) -> Honors | None:
    """Honors that score on a deal, from the cards.

    ``majority=False``: the contract rule (CB-R5), a qualifying holding in one
    hand, whichever side holds it. ``majority=True``: the auction rule (AB-9),
    the side holding at least three honors (three aces at notrump) scores,
    the two defenders counting as one side (TH-15). ``dummy`` defaults to
    declarer's partner.

    >>> deal = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> honors_in_hands(deal, Strain.SPADES, Seat.NORTH, majority=False)
    Honors('4-one', 'declarer')
    >>> honors_in_hands(deal, Strain.SPADES, Seat.EAST, majority=True)
    Honors('4-one', 'defenders')
    >>> honors_in_hands(deal, Strain.NOTRUMP, Seat.EAST, majority=False)
    Honors('4-aces-one', 'defenders')
    """
    dummy = declarer.partner if dummy is None else dummy
    if dummy == declarer:
        raise ScoringError(f"the dummy {dummy} cannot be the declarer's own seat (CB-9)")
    bits = _honor_masks(strain)
    counts = {seat: sum(1 for bit in bits if deal[seat].mask & bit) for seat in Seat}
    notrump = strain is Strain.NOTRUMP
    ours = (declarer, dummy)
    if not majority:
        need = 4
        for seat, count in counts.items():
            if count >= need:
                side = HonorsSide.DECLARER if seat in ours else HonorsSide.DEFENDERS
                if notrump:
                    return Honors(HonorsKind.FOUR_ACES_ONE, side)
                return Honors(HonorsKind.FIVE_ONE if count == 5 else HonorsKind.FOUR_ONE, side)
        return None
    theirs = tuple(seat for seat in Seat if seat not in ours)
    for side, seats in ((HonorsSide.DECLARER, ours), (HonorsSide.DEFENDERS, theirs)):
        total = sum(counts[seat] for seat in seats)
        top = max(counts[seat] for seat in seats)
        if total < 3:
            continue
        if notrump:
            if total == 3:
                return Honors(HonorsKind.THREE_ACES, side)
            return Honors(HonorsKind.FOUR_ACES_ONE if top == 4 else HonorsKind.FOUR_ACES, side)
        if total == 3:
            return Honors(HonorsKind.THREE, side)
        if total == 4:
            return Honors(HonorsKind.FOUR_ONE if top == 4 else HonorsKind.FOUR, side)
        if top == 5:
            return Honors(HonorsKind.FIVE_ONE, side)
        return Honors(HonorsKind.FOUR_ONE_FIFTH_PARTNER if top == 4 else HonorsKind.FIVE, side)
    return None
