"""Value types of the bridge family: strains, ranks, seats, cards, hands, deals, calls, contracts.

Every type parses from text and formats back, and its ``repr`` is code that
can be pasted back into Python::

    >>> Card.parse("SA")
    Card('SA')
    >>> str(Card("♥10"))
    'HT'
    >>> Call.parse("1nt")
    Call('1NT')
    >>> Contract.parse("4SXE")
    Contract('4SXE')
    >>> Seat.NORTH.lho, Seat.find("s").partner
    (<Seat.EAST: 1>, <Seat.NORTH: 0>)

Inside, cards are the integers 0-51 (``suit * 13 + rank - 2``) and hands are
52-bit masks, so that the engine, robots and simulations work on plain ints;
the objects here are the friendly edges (and are interned: there is one
``Card('SA')`` object).

Sources: CB-1 (ranks and denominations), CB-5 (bid ranking), docs/rules.md.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Sequence
from typing import ClassVar, Final

from bridgeroom.errors import ParseError

__all__ = [
    "Suit",
    "Strain",
    "Rank",
    "Seat",
    "Side",
    "Vulnerability",
    "Card",
    "Hand",
    "Deal",
    "Call",
    "Contract",
    "HCP",
    "CARDS",
]

# Letters accepted when parsing, beyond the canonical ASCII ones.
_SUIT_ALIASES: Final = {
    "S": 3, "♠": 3, "♤": 3, "П": 3, "п": 3,
    "H": 2, "♥": 2, "♡": 2, "Ч": 2, "ч": 2,
    "D": 1, "♦": 1, "♢": 1, "Б": 1, "б": 1,
    "C": 0, "♣": 0, "♧": 0, "Т": 0, "т": 0,
}  # fmt: skip
_RANK_ALIASES: Final = {
    "A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, "10": 10,
    "9": 9, "8": 8, "7": 7, "6": 6, "5": 5, "4": 4, "3": 3, "2": 2,
    # Russian card letters: туз, король, дама, валет.
    "Т": 14, "К": 13, "Д": 12, "В": 11,
}  # fmt: skip


class Suit(enum.IntEnum):
    """The four suits, in bidding order (CB-1): clubs lowest."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def is_major(self) -> bool:
        return self >= Suit.HEARTS

    @classmethod
    def find(cls, text: str) -> Suit:
        """The suit named by a letter, symbol or English word.

        >>> Suit.find("♠"), Suit.find("hearts")
        (<Suit.SPADES: 3>, <Suit.HEARTS: 2>)
        """
        key = text.strip()
        if key in _SUIT_ALIASES:
            return cls(_SUIT_ALIASES[key])
        for suit in cls:
            if key.upper() in (suit.name, suit.name[:-1]):
                return suit
        if key.upper() in _SUIT_ALIASES:
            return cls(_SUIT_ALIASES[key.upper()])
        raise ParseError(key="rules.not_suit", params={"text": text})

    def __str__(self) -> str:
        return self.letter


class Strain(enum.IntEnum):
    """Denominations for bidding (CB-1): C < D < H < S < NT. Suits share their ``Suit`` values."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    @property
    def letter(self) -> str:
        return ("C", "D", "H", "S", "NT")[self]

    @property
    def symbol(self) -> str:
        return ("♣", "♦", "♥", "♠", "NT")[self]

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or ``None`` at notrump."""
        return None if self is Strain.NOTRUMP else Suit(self)

    @property
    def is_major(self) -> bool:
        return self in (Strain.HEARTS, Strain.SPADES)

    @property
    def is_minor(self) -> bool:
        return self in (Strain.CLUBS, Strain.DIAMONDS)

    @classmethod
    def find(cls, text: str) -> Strain:
        """The strain named by ``NT``/``N``/``БК``, a suit letter or symbol, or an English word.

        >>> Strain.find("nt"), Strain.find("♦")
        (<Strain.NOTRUMP: 4>, <Strain.DIAMONDS: 1>)
        """
        key = text.strip().upper()
        if key in ("NT", "N", "NOTRUMP", "NOTRUMPS", "БК", "NO TRUMP", "NO TRUMPS"):
            return cls.NOTRUMP
        try:
            return cls(Suit.find(text))
        except ParseError:
            raise ParseError(key="rules.not_strain", params={"text": text}) from None

    def __str__(self) -> str:
        return self.letter


class Rank(enum.IntEnum):
    """Card ranks, two to ace (CB-1)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return "23456789TJQKA"[self - 2]

    @property
    def hcp(self) -> int:
        """High-card points (MB-2): A 4, K 3, Q 2, J 1."""
        return max(0, self - 10)

    @classmethod
    def find(cls, text: str) -> Rank:
        """The rank named by a letter (``T`` or ``10`` for ten; Russian ``Т К Д В`` too).

        >>> Rank.find("10"), Rank.find("д")
        (<Rank.TEN: 10>, <Rank.QUEEN: 12>)
        """
        key = text.strip().upper()
        if key in _RANK_ALIASES:
            return cls(_RANK_ALIASES[key])
        raise ParseError(key="rules.not_rank", params={"text": text})

    def __str__(self) -> str:
        return self.letter


class Side(enum.IntEnum):
    """A partnership of the four-handed games."""

    NS = 0
    EW = 1

    @property
    def opponents(self) -> Side:
        return _SIDES[1 - self]

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (_SEATS[self], _SEATS[self + 2])

    @classmethod
    def find(cls, text: str) -> Side:
        key = text.strip().upper().replace("-", "").replace("/", "")
        if key in ("NS", "SN"):
            return cls.NS
        if key in ("EW", "WE"):
            return cls.EW
        raise ParseError(key="rules.not_side", params={"text": text})

    def __str__(self) -> str:
        return self.name


class Seat(enum.IntEnum):
    """Compass seats, clockwise: North, East, South, West."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        return "NESW"[self]

    @property
    def partner(self) -> Seat:
        return _SEATS[(self + 2) & 3]

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next seat clockwise."""
        return _SEATS[(self + 1) & 3]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the previous seat clockwise."""
        return _SEATS[(self + 3) & 3]

    @property
    def side(self) -> Side:
        return _SIDES[self & 1]

    def offset(self, steps: int) -> Seat:
        """The seat ``steps`` places clockwise from this one."""
        return _SEATS[(self + steps) & 3]

    @classmethod
    def find(cls, text: str) -> Seat:
        """A seat from its letter or English name (Russian С В Ю З too).

        >>> Seat.find("west")
        <Seat.WEST: 3>
        """
        key = text.strip().upper()
        for seat in cls:
            if key in (seat.name, seat.letter):
                return seat
        russian = {"С": 0, "В": 1, "Ю": 2, "З": 3}
        if key in russian:
            return cls(russian[key])
        raise ParseError(key="rules.not_seat", params={"text": text})

    def __str__(self) -> str:
        return self.letter


#: The members by value, for the properties above (indexing is faster than ``Seat(n)``).
_SEATS: Final[tuple[Seat, Seat, Seat, Seat]] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_SIDES: Final[tuple[Side, Side]] = (Side.NS, Side.EW)


class Vulnerability(enum.IntEnum):
    """Which sides are vulnerable on a deal (CB-B2)."""

    NONE = 0
    NS = 1
    EW = 2
    BOTH = 3

    def is_vulnerable(self, who: Seat | Side) -> bool:
        """Whether the side of ``who`` is vulnerable.

        >>> Vulnerability.NS.is_vulnerable(Seat.SOUTH)
        True
        """
        side = who.side if isinstance(who, Seat) else who
        return bool(self & (1 << side))

    @classmethod
    def of(cls, ns: bool, ew: bool) -> Vulnerability:
        return cls(int(ns) | (int(ew) << 1))

    @classmethod
    def find(cls, text: str) -> Vulnerability:
        """From PBN's spellings: ``None``/``Love``/``-``, ``NS``, ``EW``, ``All``/``Both``.

        >>> Vulnerability.find("All")
        <Vulnerability.BOTH: 3>
        """
        key = text.strip().upper().replace("-", "").replace("/", "")
        table = {"NONE": 0, "LOVE": 0, "": 0, "O": 0, "NS": 1, "N": 1, "EW": 2, "E": 2,
                 "BOTH": 3, "ALL": 3, "B": 3}  # fmt: skip
        if key in table:
            return cls(table[key])
        raise ParseError(key="rules.not_vulnerability", params={"text": text})

    @property
    def pbn(self) -> str:
        return ("None", "NS", "EW", "All")[self]

    def __str__(self) -> str:
        return self.pbn


class Card:
    """A playing card. There is exactly one object per card (interned).

    >>> Card("SA") is Card(Suit.SPADES, Rank.ACE)
    True
    >>> Card("SA").index, Card("C2").index
    (51, 0)
    >>> Card.parse("♦10").symbol
    '♦10'
    """

    __slots__ = ("suit", "rank", "index", "mask")
    suit: Suit
    rank: Rank
    index: int
    mask: int
    _all: ClassVar[list[Card]] = []

    def __new__(cls, suit: Suit | str | int, rank: Rank | int | None = None) -> Card:
        if rank is None:
            if isinstance(suit, str):
                return cls.parse(suit)
            return cls._all[suit]
        return cls._all[int(suit) * 13 + int(rank) - 2]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        card.suit = Suit(index // 13)
        card.rank = Rank(index % 13 + 2)
        card.index = index
        card.mask = 1 << index
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        return cls._all[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Suit then rank (``SA``, ``♠A``, ``h10``, ``ПТ``), or rank then suit (``AS``, ``10♥``)."""
        key = text.strip()
        if len(key) >= 2:
            for suit_text, rank_text in ((key[0], key[1:]), (key[-1], key[:-1])):
                try:
                    return cls._all[Suit.find(suit_text) * 13 + Rank.find(rank_text) - 2]
                except ParseError:
                    continue
        raise ParseError(key="rules.not_card", params={"text": text})

    @property
    def hcp(self) -> int:
        return self.rank.hcp

    @property
    def symbol(self) -> str:
        return self.suit.symbol + ("10" if self.rank == Rank.TEN else self.rank.letter)

    def __str__(self) -> str:
        return self.suit.letter + self.rank.letter

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __hash__(self) -> int:
        return self.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


Card._all = [Card._make(i) for i in range(52)]
CARDS: Final[tuple[Card, ...]] = tuple(Card._all)
"""All 52 cards, indexed by ``Card.index``."""

HCP: Final[tuple[int, ...]] = tuple(card.hcp for card in CARDS)
"""High-card points by card index."""

SUIT_MASK: Final[tuple[int, ...]] = tuple(0x1FFF << (13 * s) for s in range(4))
"""The 13 bits of each suit in a 52-bit hand mask."""

FULL_PACK_MASK: Final = (1 << 52) - 1


def _cards_of(mask: int) -> Iterator[Card]:
    """Cards of a mask from the highest index down (spades ace first)."""
    while mask:
        top = mask.bit_length() - 1
        yield CARDS[top]
        mask ^= 1 << top


class Hand:
    """A set of cards held by one player, immutable. Written in PBN order ``S.H.D.C``.

    >>> hand = Hand.parse("AKQ.JT9.876.5432")
    >>> len(hand), hand.hcp, hand.lengths
    (13, 10, (3, 3, 3, 4))
    >>> Card("SK") in hand
    True
    >>> hand
    Hand('AKQ.JT9.876.5432')
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: str | int | Iterable[Card | str] = 0) -> None:
        if isinstance(cards, str):
            self.mask = Hand.parse(cards).mask
        elif isinstance(cards, int):
            if cards < 0 or cards > FULL_PACK_MASK:
                raise ValueError(f"not a 52-bit hand mask: {cards}")
            self.mask = cards
        else:
            mask = 0
            for card in cards:
                c = card if isinstance(card, Card) else Card.parse(card)
                mask |= c.mask
            self.mask = mask

    @classmethod
    def parse(cls, text: str) -> Hand:
        """A PBN hand: four suits, spades first, separated by dots; ``-`` or nothing for a void."""
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise ParseError(key="rules.hand_suits", params={"text": text})
        mask = 0
        for suit_index, part in zip((3, 2, 1, 0), parts, strict=True):
            part = part.strip()
            if part == "-":
                continue
            part = part.replace("10", "T")
            for ch in part:
                try:
                    bit = 1 << (suit_index * 13 + Rank.find(ch) - 2)
                except ParseError:
                    raise ParseError(
                        key="rules.hand_rank", params={"rank": ch, "text": text}
                    ) from None
                if mask & bit:
                    raise ParseError(key="rules.hand_twice", params={"rank": ch, "text": text})
                mask |= bit
        return cls(mask)

    def __str__(self) -> str:
        return ".".join(
            "".join(Rank(r + 2).letter for r in range(12, -1, -1) if self.mask >> (s * 13 + r) & 1)
            for s in (3, 2, 1, 0)
        )

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"

    def __iter__(self) -> Iterator[Card]:
        return _cards_of(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.mask)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: Hand) -> Hand:
        return Hand(self.mask | other.mask)

    def __sub__(self, other: Hand) -> Hand:
        return Hand(self.mask & ~other.mask)

    def suit(self, suit: Suit) -> list[Card]:
        """The cards of one suit, high to low."""
        return list(_cards_of(self.mask & SUIT_MASK[suit]))

    def length(self, suit: Suit) -> int:
        return (self.mask & SUIT_MASK[suit]).bit_count()

    @property
    def lengths(self) -> tuple[int, int, int, int]:
        """Suit lengths in the order spades, hearts, diamonds, clubs (as a hand is written)."""
        m = self.mask
        return (
            (m & SUIT_MASK[3]).bit_count(),
            (m & SUIT_MASK[2]).bit_count(),
            (m & SUIT_MASK[1]).bit_count(),
            (m & SUIT_MASK[0]).bit_count(),
        )

    @property
    def hcp(self) -> int:
        """High-card points: A 4, K 3, Q 2, J 1 (MB-2)."""
        m = self.mask
        total = 0
        for s in range(4):
            top = m >> (s * 13 + 9)  # bits of J, Q, K, A
            total += (top & 1) + 2 * (top >> 1 & 1) + 3 * (top >> 2 & 1) + 4 * (top >> 3 & 1)
        return total

    def is_balanced(self) -> bool:
        """No void, no singleton, at most one doubleton (4333, 4432, 5332)."""
        lengths = sorted(self.lengths)
        return lengths[0] >= 2 and lengths[1] >= 3

    def symbols(self) -> str:
        """The hand with suit symbols: ``♠AKQ ♥JT9 ♦876 ♣5432``."""
        parts = str(self).split(".")
        return " ".join(sym + (p or "—") for sym, p in zip("♠♥♦♣", parts, strict=True))


class Deal:
    """The four hands of a deal. Written as a PBN deal string, first seat given.

    >>> deal = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> deal[Seat.NORTH].hcp
    37
    >>> deal.to_pbn(Seat.EAST)[:6]
    'E:T987'

    A deal may be partial (``-`` for an unknown hand) while it is being read;
    ``is_complete`` tells whether it holds the 52 cards in four hands of 13.
    """

    __slots__ = ("hands",)
    hands: tuple[Hand, Hand, Hand, Hand]

    def __init__(self, hands: str | Iterable[Hand | str]) -> None:
        if isinstance(hands, str):
            self.hands = Deal.parse(hands).hands
            return
        items = [h if isinstance(h, Hand) else Hand.parse(h) for h in hands]
        if len(items) != 4:
            raise ParseError(key="rules.deal_hands", params={"n": len(items)})
        seen = 0
        for hand in items:
            if seen & hand.mask:
                dup = Hand(seen & hand.mask)
                cards = " ".join(str(c) for c in dup)
                raise ParseError(key="rules.dealt_twice", params={"cards": cards})
            seen |= hand.mask
        self.hands = (items[0], items[1], items[2], items[3])

    @classmethod
    def parse(cls, text: str) -> Deal:
        """A PBN deal string: ``"N:<hand> <hand> <hand> <hand>"``, hands clockwise from the seat given."""
        text = text.strip()
        if len(text) < 2 or text[1] != ":":
            raise ParseError(key="rules.deal_start", params={"text": text})
        first = Seat.find(text[0])
        parts = text[2:].split()
        if len(parts) != 4:
            raise ParseError(key="rules.deal_parts", params={"text": text})
        hands: list[Hand] = [Hand(0)] * 4
        for i, part in enumerate(parts):
            hands[(first + i) & 3] = Hand(0) if part == "-" else Hand.parse(part)
        return cls(hands)

    @classmethod
    def from_masks(cls, masks: Iterable[int]) -> Deal:
        return cls([Hand(m) for m in masks])

    @classmethod
    def _of_disjoint(cls, masks: Sequence[int]) -> Deal:
        """The deal of four disjoint 52-bit masks, which the caller has checked (the dealer's
        fast path: no hand or deal validated again)."""
        hands = []
        for m in masks:
            hand = object.__new__(Hand)
            hand.mask = m
            hands.append(hand)
        deal = object.__new__(cls)
        deal.hands = (hands[0], hands[1], hands[2], hands[3])
        return deal

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        return f"{first.letter}:" + " ".join(
            str(self.hands[(first + i) & 3]) if len(self.hands[(first + i) & 3]) else "-"
            for i in range(4)
        )

    def __str__(self) -> str:
        return self.to_pbn()

    def __repr__(self) -> str:
        return f"Deal({self.to_pbn()!r})"

    def __getitem__(self, seat: Seat | int) -> Hand:
        return self.hands[seat]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and other.hands == self.hands

    def __hash__(self) -> int:
        return hash(self.hands)

    @property
    def masks(self) -> tuple[int, int, int, int]:
        h = self.hands
        return (h[0].mask, h[1].mask, h[2].mask, h[3].mask)

    @property
    def is_complete(self) -> bool:
        h = self.hands
        return (
            h[0].mask.bit_count()
            == h[1].mask.bit_count()
            == h[2].mask.bit_count()
            == h[3].mask.bit_count()
            == 13
        )

    def holder(self, card: Card) -> Seat | None:
        """The seat dealt ``card``."""
        for seat in Seat:
            if self.hands[seat].mask & card.mask:
                return seat
        return None

    def diagram(self) -> str:
        """A plain-text diagram of the four hands (N at the top)."""

        def lines(seat: Seat) -> list[str]:
            return [sym + " " + (" ".join(c.rank.letter for c in self.hands[seat].suit(s)) or "—")
                    for sym, s in zip("♠♥♦♣", (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS),
                                      strict=True)]  # fmt: skip

        out = [" " * 14 + line for line in lines(Seat.NORTH)]
        for w, e in zip(lines(Seat.WEST), lines(Seat.EAST), strict=True):
            out.append(f"{w:<28}{e}")
        out += [" " * 14 + line for line in lines(Seat.SOUTH)]
        return "\n".join(out)


class Call:
    """A call in the auction: pass, double, redouble, or a bid. Interned.

    Call indices: 0 pass, 1 double, 2 redouble, then the 35 bids from 1C (3)
    to 7NT (37) in rank order (CB-5), so a higher bid has a higher index.

    >>> Call.parse("P"), Call.parse("x"), Call.parse("XX"), Call.parse("7♠")
    (Call('P'), Call('X'), Call('XX'), Call('7S'))
    >>> Call("1NT") > Call("1S")
    True
    """

    __slots__ = ("index", "level", "strain", "action_id")
    index: int
    level: int
    strain: Strain | None
    action_id: int
    _all: ClassVar[list[Call]] = []

    PASS: ClassVar[Call]
    DOUBLE: ClassVar[Call]
    REDOUBLE: ClassVar[Call]

    def __new__(cls, text: str | int, strain: Strain | None = None) -> Call:
        if isinstance(text, str):
            return cls.parse(text)
        if strain is not None:
            return cls.bid(text, strain)
        return cls._all[text]

    @classmethod
    def _make(cls, index: int) -> Call:
        call = object.__new__(cls)
        call.index = index
        call.action_id = 52 + index
        if index >= 3:
            call.level = (index - 3) // 5 + 1
            call.strain = Strain((index - 3) % 5)
        else:
            call.level = 0
            call.strain = None
        return call

    @classmethod
    def bid(cls, level: int, strain: Strain | str) -> Call:
        """The bid of ``level`` (1-7) in ``strain``."""
        if not 1 <= level <= 7:
            raise ParseError(key="rules.bid_level", params={"level": level})
        s = strain if isinstance(strain, Strain) else Strain.find(strain)
        return cls._all[3 + (level - 1) * 5 + s]

    @classmethod
    def from_index(cls, index: int) -> Call:
        return cls._all[index]

    @classmethod
    def parse(cls, text: str) -> Call:
        """``P``/``Pass``/``пас``, ``X``/``Dbl``, ``XX``/``Rdbl``, or level + strain (``1NT``, ``4♥``, ``3n``)."""
        key = text.strip().upper().replace(" ", "")
        if key in ("P", "PASS", "ПАС", "-", "AP"):
            return cls._all[0]
        if key in ("X", "D", "DBL", "DOUBLE", "КОНТРА"):
            return cls._all[1]
        if key in ("XX", "R", "RDBL", "REDOUBLE", "РЕКОНТРА"):
            return cls._all[2]
        if len(key) >= 2 and key[0].isdigit():
            level = int(key[0])
            try:
                strain = Strain.find(key[1:])
            except ParseError:
                raise ParseError(key="rules.not_call", params={"text": text}) from None
            if not 1 <= level <= 7:
                raise ParseError(key="rules.call_level", params={"text": text})
            return cls._all[3 + (level - 1) * 5 + strain]
        raise ParseError(key="rules.not_call", params={"text": text})

    @property
    def is_bid(self) -> bool:
        return self.index >= 3

    @property
    def is_pass(self) -> bool:
        return self.index == 0

    @property
    def is_double(self) -> bool:
        return self.index == 1

    @property
    def is_redouble(self) -> bool:
        return self.index == 2

    @property
    def symbol(self) -> str:
        if self.strain is None:
            return str(self)
        return f"{self.level}{self.strain.symbol}"

    def __str__(self) -> str:
        if self.index < 3:
            return ("P", "X", "XX")[self.index]
        assert self.strain is not None
        return f"{self.level}{self.strain.letter}"

    def __repr__(self) -> str:
        return f"Call({str(self)!r})"

    def __lt__(self, other: Call) -> bool:
        return self.index < other.index

    def __gt__(self, other: Call) -> bool:
        return self.index > other.index

    def __hash__(self) -> int:
        return 100 + self.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Call.from_index, (self.index,))

    def __copy__(self) -> Call:
        return self

    def __deepcopy__(self, memo: object) -> Call:
        return self


Call._all = [Call._make(i) for i in range(38)]
Call.PASS, Call.DOUBLE, Call.REDOUBLE = Call._all[0], Call._all[1], Call._all[2]
CALLS: Final[tuple[Call, ...]] = tuple(Call._all)


class Contract:
    """A final contract: level, strain, doubling (0, 1 X, 2 XX) and declarer (may be unknown).

    >>> c = Contract.parse("3NTXXS")
    >>> c.level, c.strain, c.doubled, c.declarer
    (3, <Strain.NOTRUMP: 4>, 2, <Seat.SOUTH: 2>)
    >>> Contract(4, Strain.HEARTS)
    Contract('4H')
    >>> c.tricks_needed
    9
    """

    __slots__ = ("level", "strain", "doubled", "declarer")
    level: int
    strain: Strain
    doubled: int
    declarer: Seat | None

    def __init__(
        self,
        level: int | str,
        strain: Strain | str | None = None,
        doubled: int = 0,
        declarer: Seat | None = None,
    ) -> None:
        if isinstance(level, str):
            parsed = Contract.parse(level)
            self.level, self.strain = parsed.level, parsed.strain
            self.doubled, self.declarer = parsed.doubled, parsed.declarer
            return
        if not 1 <= level <= 7:
            raise ParseError(key="rules.contract_level", params={"level": level})
        if strain is None:
            raise ParseError(key="rules.contract_strain")
        if doubled not in (0, 1, 2):
            raise ParseError(key="rules.contract_doubled", params={"doubled": doubled})
        self.level = level
        self.strain = strain if isinstance(strain, Strain) else Strain.find(strain)
        self.doubled = doubled
        self.declarer = declarer

    @classmethod
    def parse(cls, text: str) -> Contract:
        """``4S``, ``3NTX``, ``6♥XX``, optionally followed by the declarer's seat (``4SXE``, ``3NT N``)."""
        key = text.strip().upper().replace(" ", "").replace("*", "X")
        if len(key) < 2 or not key[0].isdigit():
            raise ParseError(key="rules.not_contract", params={"text": text})
        level = int(key[0])
        rest = key[1:]
        for token in ("NT", "БК", "♠", "♥", "♦", "♣", "N", "S", "H", "D", "C", "П", "Ч", "Б", "Т"):
            if rest.startswith(token):
                strain = Strain.find(token)
                rest = rest[len(token) :]
                break
        else:
            raise ParseError(key="rules.not_contract", params={"text": text})
        doubled = 0
        if rest.startswith("XX"):
            doubled, rest = 2, rest[2:]
        elif rest.startswith("X"):
            doubled, rest = 1, rest[1:]
        declarer = None
        if rest:
            try:
                declarer = Seat.find(rest)
            except ParseError:
                raise ParseError(key="rules.not_contract", params={"text": text}) from None
        if not 1 <= level <= 7:
            raise ParseError(key="rules.not_contract", params={"text": text})
        return cls(level, strain, doubled, declarer)

    @property
    def tricks_needed(self) -> int:
        """Level + 6 (CB-11)."""
        return self.level + 6

    @property
    def bid(self) -> Call:
        return Call.bid(self.level, self.strain)

    @property
    def trump(self) -> Suit | None:
        return self.strain.suit

    def without_declarer(self) -> Contract:
        return Contract(self.level, self.strain, self.doubled)

    def __str__(self) -> str:
        return (
            f"{self.level}{self.strain.letter}{('', 'X', 'XX')[self.doubled]}"
            f"{self.declarer.letter if self.declarer is not None else ''}"
        )

    @property
    def symbol(self) -> str:
        return f"{self.level}{self.strain.symbol}{('', 'X', 'XX')[self.doubled]}"

    def __repr__(self) -> str:
        return f"Contract({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Contract) and (
            (self.level, self.strain, self.doubled, self.declarer)
            == (other.level, other.strain, other.doubled, other.declarer)
        )

    def __hash__(self) -> int:
        return hash((self.level, self.strain, self.doubled, self.declarer))
