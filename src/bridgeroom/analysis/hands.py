"""Hand functions over many deals at once: lookup tables of suit holdings, evaluated with NumPy.

A batch of deals is a (B, 4) array of 52-bit hand masks (N, E, S, W; the card
layout of :mod:`bridgeroom.rules.core`, ``suit * 13 + rank - 2``), as the
layout sampler (:mod:`bridgeroom.robots.sampler`) deals them. Every hand
function of the Dealer language is a sum over the four suits of a function of
one 13-bit *holding*, so each is one table of 8192 entries, built once: the
HCP of a batch is ``HCP[holdings].sum(axis=-1)``, whatever the batch's size.
Shapes are tables too: a shape list (``any 4333 + any 5332 - 5xxx``) is
evaluated once over the 560 possible hand patterns, and a hand's pattern
indexes the result, so a shape test costs the same however long its list.

:class:`DealBatch` is the view that conditions see: ``batch[Seat.NORTH].hcp``
is an array of the batch's North HCP, and the same expression over a
:class:`DealBatch` made of one deal (``scalar=True``) gives plain Python
numbers, so one predicate serves the vectorised path and the per-deal one::

    >>> from bridgeroom.rules import Deal, Seat
    >>> deal = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> batch = DealBatch.of([deal, deal])
    >>> batch[Seat.NORTH].hcp.tolist(), batch["S"].lengths[0].tolist()
    ([37, 37], [4, 3, 3, 3])
    >>> one = DealBatch.of([deal], scalar=True)
    >>> one["N"].hcp, one["N"].shape("any 4333"), one["W"].losers, one["E"].controls
    (37, True, 10, 0)

Suits are numbered as in :mod:`bridgeroom.rules.core` (clubs 0 ... spades 3);
lengths are given spades first where a name says so (``lengths``, as
:attr:`bridgeroom.rules.Hand.lengths`), and shapes are written spades first
(Dealer's ``shape(north, 5xxx)`` is five spades).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator, Sequence
from functools import cached_property, lru_cache
from typing import Any

import numpy as np

from bridgeroom.errors import ParseError
from bridgeroom.i18n import keyed
from bridgeroom.rules.core import Card, Deal, Seat, Suit

__all__ = [
    "CONTROLS",
    "DEFAULT_ALTCOUNTS",
    "HCP",
    "HCP_SCALE",
    "LENGTH",
    "LOSERS",
    "DealBatch",
    "HandBatch",
    "ShapeSet",
    "holdings",
    "points_table",
    "seat_of",
    "suit_of",
]

#: The 8192 holdings of one suit: bit ``r`` is the card of rank ``r + 2``.
_HOLDINGS = np.arange(1 << 13, dtype=np.int64)
_BITS = ((_HOLDINGS[:, None] >> np.arange(13)) & 1).astype(np.int16)  # (8192, 13), deuce first
_SHIFTS = np.array([0, 13, 26, 39], dtype=np.uint64)
_LOW13 = np.uint64(0x1FFF)

#: The standard high-card scale, ace first (Dealer's ``pointcount`` order): A 4, K 3, Q 2, J 1.
HCP_SCALE: tuple[int, ...] = (4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0)

#: Dealer's ten alternative counts ``pt0`` ... ``pt9`` (ace first): tens, jacks, queens, kings,
#: aces, top2 (AK), top3, top4, top5 (AKQJT) and c13 (A 6, K 4, Q 2, J 1).
DEFAULT_ALTCOUNTS: tuple[tuple[int, ...], ...] = (
    (0, 0, 0, 0, 1) + (0,) * 8,
    (0, 0, 0, 1) + (0,) * 9,
    (0, 0, 1) + (0,) * 10,
    (0, 1) + (0,) * 11,
    (1,) + (0,) * 12,
    (1, 1) + (0,) * 11,
    (1, 1, 1) + (0,) * 10,
    (1, 1, 1, 1) + (0,) * 9,
    (1, 1, 1, 1, 1) + (0,) * 8,
    (6, 4, 2, 1) + (0,) * 9,
)


def points_table(scale: Sequence[int]) -> np.ndarray:
    """The table of a point scale given ace first (13 values; fewer are padded with zeros).

    >>> int(points_table(HCP_SCALE)[0b1111000000000])  # AKQJ
    10
    """
    values = [int(v) for v in scale]
    if len(values) > 13:
        raise ValueError(f"a point scale has 13 values at most (ace to deuce), not {len(values)}")
    values += [0] * (13 - len(values))
    by_rank = np.array(values[::-1], dtype=np.int32)  # deuce first, as the bits
    return np.asarray(_BITS @ by_rank, dtype=np.int32)


def _losers(h: int) -> int:
    """Dealer's losers in one suit: 3+ cards 3 less one per A, K, Q; AK doubleton 0, Ax or Kx 1,
    other doubletons 2; singleton ace 0, other singletons 1; void 0."""
    n = h.bit_count()
    a, k, q = h >> 12 & 1, h >> 11 & 1, h >> 10 & 1
    if n == 0:
        return 0
    if n == 1:
        return 1 - a
    if n == 2:
        return 2 - a - k
    return 3 - a - k - q


#: Cards in a holding.
LENGTH = np.array([h.bit_count() for h in range(1 << 13)], dtype=np.int8)
#: High-card points of a holding (A 4, K 3, Q 2, J 1).
HCP = points_table(HCP_SCALE)
#: Controls of a holding (A 2, K 1).
CONTROLS = points_table((2, 1))
#: Losers of a holding (see :func:`_losers`).
LOSERS = np.array([_losers(h) for h in range(1 << 13)], dtype=np.int8)


def holdings(masks: np.ndarray) -> np.ndarray:
    """The (B, 4, 4) suit holdings of a (B, 4) batch of hand masks: ``[deal, seat, suit]``.

    >>> holdings(np.array([[0x1FFF, 0, 0, 0]], dtype=np.uint64))[0, 0].tolist()
    [8191, 0, 0, 0]
    """
    m = np.asarray(masks, dtype=np.uint64)
    return ((m[:, :, None] >> _SHIFTS) & _LOW13).astype(np.uint16)


def seat_of(seat: Seat | str | int) -> Seat:
    """A seat from a :class:`Seat`, its number or its name (``"N"``, ``"north"``)."""
    if isinstance(seat, Seat):
        return seat
    if isinstance(seat, int):
        return Seat(seat)
    return Seat.find(seat)


def suit_of(suit: Suit | str | int) -> Suit:
    """A suit from a :class:`Suit`, its number or its name (``"S"``, ``"spades"``, ``"♠"``)."""
    if isinstance(suit, Suit):
        return suit
    if isinstance(suit, int):
        return Suit(suit)
    return Suit.find(suit)


# --- shapes -------------------------------------------------------------------------------------

#: Every hand pattern (spades, hearts, diamonds, clubs), in a fixed order.
PATTERNS: tuple[tuple[int, int, int, int], ...] = tuple(
    (s, h, d, 13 - s - h - d) for s in range(14) for h in range(14 - s) for d in range(14 - s - h)
)
_TERM = re.compile(r"\s*([+-])?\s*(any\s+)?([0-9xX]{4})(?![0-9A-Za-z])\s*", re.I)


def _code(s: int | np.ndarray, h: Any, d: Any, c: Any) -> Any:
    return ((s * 14 + h) * 14 + d) * 14 + c


class ShapeSet:
    """A set of hand patterns written as Dealer writes them: ``any 4333 + any 5332 - 5xxx``.

    A pattern gives the lengths spades first; ``x`` matches any length; ``any``
    lets the suits come in any order; ``+`` adds patterns, ``-`` takes them out
    (left to right). The set is evaluated once, as a table over the 560
    possible patterns.

    >>> balanced = ShapeSet.parse("any 4333 + any 4432 + any 5332")
    >>> balanced.matches((3, 5, 3, 2)), balanced.matches((6, 3, 2, 2)), len(balanced)
    (True, False, 28)
    >>> ShapeSet.parse("5xxx - 55xx")
    ShapeSet('5xxx - 55xx')
    >>> ShapeSet.parse("4333 +")
    Traceback (most recent call last):
    ...
    bridgeroom.errors.ParseError: not a shape list (patterns of four digits or x, with any, + and -): '4333 +'
    """

    __slots__ = ("terms", "text", "table")

    def __init__(self, terms: Sequence[tuple[str, bool, str]], text: str) -> None:
        self.terms = tuple(terms)
        self.text = text
        table = np.zeros(14**4, dtype=bool)
        for sign, anyorder, pattern in self.terms:
            hits = [p for p in PATTERNS if _term_matches(anyorder, pattern, p)]
            for p in hits:
                table[_code(*p)] = sign == "+"
        self.table = table

    @classmethod
    def parse(cls, text: str) -> ShapeSet:
        pos = 0
        terms: list[tuple[str, bool, str]] = []
        while pos < len(text):
            m = _TERM.match(text, pos)
            if m is None or m.end() == pos or (m.group(1) is None) != (not terms):
                raise keyed(ParseError, "dealer.shape_list", text=text)
            terms.append((m.group(1) or "+", m.group(2) is not None, m.group(3).lower()))
            pos = m.end()
        if not terms:
            raise keyed(ParseError, "dealer.shape_empty", text=text)
        return cls(terms, " ".join(text.split()))

    def matches(self, lengths: Sequence[int]) -> bool:
        """Whether a hand with these lengths (spades first) is in the set."""
        s, h, d, c = (int(x) for x in lengths)
        return bool(self.table[_code(s, h, d, c)])

    def __len__(self) -> int:
        return int(self.table.sum())

    def __repr__(self) -> str:
        return f"ShapeSet({self.text!r})"


def _term_matches(anyorder: bool, pattern: str, lengths: tuple[int, int, int, int]) -> bool:
    wanted = [None if ch == "x" else int(ch) for ch in pattern]
    if not anyorder:
        return all(w is None or w == n for w, n in zip(wanted, lengths, strict=True))
    return any(
        all(w is None or w == n for w, n in zip(wanted, perm, strict=True))
        for perm in set(itertools.permutations(lengths))
    )


@lru_cache(maxsize=256)
def shape_set(text: str) -> ShapeSet:
    """:meth:`ShapeSet.parse`, remembered (a predicate asks for the same list on every batch)."""
    return ShapeSet.parse(text)


_BALANCED = shape_set("any 4333 + any 4432 + any 5332")


# --- the batch view -----------------------------------------------------------------------------


class DealBatch:
    """Many deals at once, as conditions see them: ``batch[seat]`` is a :class:`HandBatch`.

    ``masks`` is a (B, 4) array of hand masks. With ``scalar=True`` (a batch of
    one deal) every function gives a plain Python number or bool instead of an
    array: the same predicate then works deal by deal.
    """

    def __init__(self, masks: np.ndarray, *, scalar: bool = False) -> None:
        self.masks = np.asarray(masks, dtype=np.uint64).reshape(-1, 4)
        self.scalar = scalar
        if scalar and len(self.masks) != 1:
            raise ValueError(f"a scalar batch holds one deal, not {len(self.masks)}")

    @classmethod
    def of(cls, deals: Iterable[Deal], *, scalar: bool = False) -> DealBatch:
        rows = [deal.masks for deal in deals]
        return cls(np.array(rows, dtype=np.uint64).reshape(-1, 4), scalar=scalar)

    @cached_property
    def holdings(self) -> np.ndarray:
        """(B, 4, 4) holdings, ``[deal, seat, suit]``, clubs first."""
        return holdings(self.masks)

    @cached_property
    def suit_lengths(self) -> np.ndarray:
        """(B, 4, 4) suit lengths, ``[deal, seat, suit]``, clubs first."""
        return np.asarray(LENGTH[self.holdings])

    @cached_property
    def pattern_codes(self) -> np.ndarray:
        """(B, 4) index of each hand's pattern in a :class:`ShapeSet` table."""
        n = self.suit_lengths.astype(np.int32)
        return np.asarray(_code(n[..., 3], n[..., 2], n[..., 1], n[..., 0]))

    def __len__(self) -> int:
        return int(self.masks.shape[0])

    def __getitem__(self, seat: Seat | str | int) -> HandBatch:
        return HandBatch(self, seat_of(seat))

    def deal(self, i: int = 0) -> Deal:
        return Deal.from_masks(int(m) for m in self.masks[i])

    def __iter__(self) -> Iterator[Deal]:
        for i in range(len(self)):
            yield self.deal(i)

    def out(self, values: np.ndarray) -> Any:
        """``values`` as given, or as one Python scalar in a scalar batch."""
        return values[0].item() if self.scalar else values

    def __repr__(self) -> str:
        return f"DealBatch(<{len(self)} deals>)"


class HandBatch:
    """One seat's hands over a :class:`DealBatch` (the names follow :class:`bridgeroom.rules.Hand`)."""

    __slots__ = ("batch", "seat")

    def __init__(self, batch: DealBatch, seat: Seat) -> None:
        self.batch = batch
        self.seat = seat

    @property
    def _holdings(self) -> np.ndarray:
        return self.batch.holdings[:, self.seat, :]

    def _sum(self, table: np.ndarray, suit: Suit | str | int | None) -> Any:
        if suit is None:
            values = table[self._holdings].sum(axis=-1, dtype=np.int32)
        else:
            values = table[self._holdings[:, suit_of(suit)]].astype(np.int32)
        return self.batch.out(values)

    @property
    def hcp(self) -> Any:
        """High-card points (A 4, K 3, Q 2, J 1)."""
        return self._sum(HCP, None)

    def hcp_in(self, suit: Suit | str | int) -> Any:
        """High-card points in one suit."""
        return self._sum(HCP, suit)

    def points(self, scale: Sequence[int], suit: Suit | str | int | None = None) -> Any:
        """Points by a scale given ace first (Dealer's ``pointcount`` and ``altcount``)."""
        return self._sum(_scale_table(tuple(int(v) for v in scale)), suit)

    @property
    def controls(self) -> Any:
        """Controls (A 2, K 1)."""
        return self._sum(CONTROLS, None)

    @property
    def losers(self) -> Any:
        """Dealer's loser count, summed over the suits."""
        return self._sum(LOSERS, None)

    def length(self, suit: Suit | str | int) -> Any:
        return self.batch.out(self.batch.suit_lengths[:, self.seat, suit_of(suit)].astype(np.int32))

    @property
    def lengths(self) -> Any:
        """Suit lengths spades first: (B, 4), or a tuple in a scalar batch."""
        values = self.batch.suit_lengths[:, self.seat, ::-1].astype(np.int32)
        return tuple(values[0].tolist()) if self.batch.scalar else values

    def shape(self, shapes: str | ShapeSet) -> Any:
        """Whether the hand's pattern is in a shape list (``"any 4333 + any 5332"``)."""
        table = shapes.table if isinstance(shapes, ShapeSet) else shape_set(shapes).table
        return self.batch.out(table[self.batch.pattern_codes[:, self.seat]])

    def is_balanced(self) -> Any:
        """No void, no singleton, at most one doubleton (4333, 4432, 5332)."""
        return self.shape(_BALANCED)

    def has(self, card: Card | str) -> Any:
        """Whether the hand holds ``card``."""
        c = card if isinstance(card, Card) else Card.parse(card)
        bit = np.uint64(1) << np.uint64(c.index)
        return self.batch.out((self.batch.masks[:, self.seat] & bit) != 0)

    def __repr__(self) -> str:
        return f"HandBatch({self.seat.letter}, <{len(self.batch)} deals>)"


@lru_cache(maxsize=64)
def _scale_table(scale: tuple[int, ...]) -> np.ndarray:
    return points_table(scale)
