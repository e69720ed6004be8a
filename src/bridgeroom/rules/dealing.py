"""Shuffling, cutting, dealing, drawing for deal, and duplicate boards.

    >>> deal = deal_cards(Seat.NORTH, rng=random.Random(7))
    >>> deal.is_complete
    True
    >>> board_dealer(6), board_vulnerability(6)
    (<Seat.EAST: 1>, <Vulnerability.EW: 2>)

Shuffles use :class:`random.SystemRandom` unless a seed or a generator is given,
so that games played by people are unpredictable and tests are reproducible.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from bridgeroom.errors import BridgeError
from bridgeroom.rules.core import CARDS, Card, Deal, Seat, Vulnerability

__all__ = [
    "new_pack",
    "shuffle",
    "cut",
    "deal_cards",
    "deal_pack",
    "draw_for_deal",
    "board_dealer",
    "board_vulnerability",
    "make_rng",
]


def make_rng(seed: int | str | random.Random | None = None) -> random.Random:
    """A generator: the one given, one seeded reproducibly, or ``SystemRandom`` for ``None``."""
    if isinstance(seed, random.Random):
        return seed
    if seed is None:
        return random.SystemRandom()
    return random.Random(seed)


def new_pack() -> list[Card]:
    """The 52 cards in a fixed order."""
    return list(CARDS)


def shuffle(pack: list[Card], rng: random.Random | None = None) -> list[Card]:
    """Shuffle ``pack`` in place and return it (CB-3: the dealer's left-hand opponent shuffles).

    A Fisher-Yates shuffle whose swap positions are the mixed-radix digits of
    one random integer of ``log2(n!) + 64`` bits: one call to the generator
    instead of one per card, with a bias below 2**-64.
    """
    generator = rng or random.SystemRandom()
    n = len(pack)
    r = generator.getrandbits(_SHUFFLE_BITS.get(n) or _shuffle_bits(n))
    for i, j in zip(range(n - 1, 0, -1), _digits(r, n), strict=True):
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def _digits(r: int, n: int) -> list[int]:
    """The swap positions of :func:`shuffle`: ``r``'s mixed-radix digits in the radices
    ``n, n - 1, ..., 2`` (the first the least significant).

    The long integer is divided once per group of radices whose product fits in a machine
    word (:data:`_RADIX_GROUPS`), and each group's remainder digit by digit: the digits of
    ``r, j = divmod(r, i + 1)`` for ``i = n - 1 ... 1``, with few long divisions.
    """
    groups = _RADIX_GROUPS.get(n) or _radix_groups(n)
    digits: list[int] = []
    append = digits.append
    for product, radices in groups:
        r, low = divmod(r, product)
        for radix in radices:
            append(low % radix)
            low //= radix
    return digits


def _radix_groups(n: int) -> list[tuple[int, tuple[int, ...]]]:
    groups: list[tuple[int, tuple[int, ...]]] = []
    radices: list[int] = []
    product = 1
    for radix in range(n, 1, -1):
        if product * radix >= 1 << 62:
            groups.append((product, tuple(radices)))
            radices, product = [], 1
        radices.append(radix)
        product *= radix
    if radices:
        groups.append((product, tuple(radices)))
    _RADIX_GROUPS[n] = groups
    return groups


def _shuffle_bits(n: int) -> int:
    bits = math.factorial(n).bit_length() + 64
    _SHUFFLE_BITS[n] = bits
    return bits


_SHUFFLE_BITS: dict[int, int] = {}
_RADIX_GROUPS: dict[int, list[tuple[int, tuple[int, ...]]]] = {}


def cut(pack: Sequence[Card], at: int) -> list[Card]:
    """Cut the pack (CB-3: the dealer's right-hand opponent cuts): the top ``at`` cards go under.

    A proper cut leaves at least four cards in each packet.

    >>> cut(new_pack(), 4)[0]
    Card('C6')
    """
    if not 4 <= at <= len(pack) - 4:
        raise BridgeError(f"a cut leaves at least four cards in each packet: {at}")
    return list(pack[at:]) + list(pack[:at])


def deal_pack(pack: Sequence[Card], dealer: Seat) -> Deal:
    """Deal one card at a time clockwise, starting with the dealer's left-hand opponent (CB-3)."""
    order = [card.index for card in pack]
    if len(order) != 52 or len(set(order)) != 52:
        raise BridgeError("a pack for dealing holds the 52 distinct cards")
    return _deal_order(order, dealer)


def _deal_order(order: list[int], dealer: Seat) -> Deal:
    """:func:`deal_pack` of the pack whose card indices are ``order``, a permutation of 0-51
    (the hands' bits are distinct, so their sum is their union)."""
    bit = _BIT.__getitem__
    masks = [0, 0, 0, 0]
    for start in range(4):
        masks[(dealer + 1 + start) & 3] = sum(map(bit, order[start::4]))
    return Deal._of_disjoint(masks)


_BIT: tuple[int, ...] = tuple(card.mask for card in CARDS)


def deal_cards(
    dealer: Seat = Seat.NORTH,
    rng: random.Random | None = None,
    *,
    seed: int | str | None = None,
) -> Deal:
    """Shuffle a fresh pack, cut it at a random place and deal it (CB-3).

    The same deal as ``deal_pack(cut(shuffle(new_pack(), rng), rng.randint(4, 48)), dealer)``,
    shuffling the cards' indices instead of the cards.

    >>> deal_cards(seed=1) == deal_cards(seed=1)
    True
    """
    generator = rng if rng is not None else make_rng(seed)
    order = list(range(52))
    r = generator.getrandbits(_SHUFFLE_BITS.get(52) or _shuffle_bits(52))
    i = 51  # shuffle()'s swaps, inlined
    for product, radices in _RADIX_GROUPS.get(52) or _radix_groups(52):
        r, low = divmod(r, product)
        for radix in radices:
            j = low % radix
            low //= radix
            order[i], order[j] = order[j], order[i]
            i -= 1
    at = generator.randint(4, 48)
    return _deal_order(order[at:] + order[:at], dealer)


def draw_for_deal(
    players: Sequence[str], rng: random.Random | None = None
) -> tuple[list[tuple[str, Card]], str]:
    """Each player draws a card; the highest deals (CB-2, TH-2).

    Ranks decide; equal ranks cannot happen with one pack, but the suit order
    S > H > D > C is what CB-2 uses to break ties, so the card index order
    (rank first, then suit) is the comparison. Returns the draws in the order
    given and the dealer's name.

    >>> draws, dealer = draw_for_deal(["Ann", "Bob", "Cy"], random.Random(3))
    >>> dealer in ("Ann", "Bob", "Cy")
    True
    """
    if len(players) < 2 or len(set(players)) != len(players):
        raise BridgeError("a draw needs at least two players with distinct names")
    generator = rng or random.SystemRandom()
    cards = generator.sample(CARDS, len(players))
    draws = list(zip(players, cards, strict=True))
    winner = max(draws, key=lambda pc: (pc[1].rank, pc[1].suit))
    return draws, winner[0]


def board_dealer(board: int) -> Seat:
    """Dealer of duplicate board ``board`` (CB-B1): N, E, S, W for (n-1) mod 4 = 0..3."""
    if board < 1:
        raise BridgeError(f"boards are numbered from 1: {board}")
    return _SEATS[(board - 1) % 4]


def board_vulnerability(board: int) -> Vulnerability:
    """Vulnerability of board ``board`` (CB-B2): k = (n-1) mod 16, v = (k + k div 4) mod 4."""
    if board < 1:
        raise BridgeError(f"boards are numbered from 1: {board}")
    k = (board - 1) % 16
    return _VULNERABILITIES[(k + k // 4) % 4]


_SEATS: tuple[Seat, ...] = tuple(Seat)
_VULNERABILITIES: tuple[Vulnerability, ...] = tuple(Vulnerability)
