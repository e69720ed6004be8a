"""Layouts of the unseen cards that agree with everything a seat knows.

A robot (or the analysis tools) describes what is public with a
:class:`Knowledge`: the cards each seat still holds where they are known (own
hand, dummy after the lead), the cards each seat has played, the suits each
seat has shown out of, and limits on the original hands. Limits are of two
strengths:

* ``certain``: facts of the game, never relaxed (mini-bridge announcements,
  MB-2, and dummy's suit lengths before the lead, MB-5);
* ``inferred``: what the auction showed by the bidding system
  (:mod:`bridgeroom.robots.bidding`), used as hard limits (``inferred_hard``)
  or as soft ones that a layout may break at a cost (``softness`` per broken
  limit), and dropped altogether when no layout meets them.

:func:`sample` deals the unseen cards many times at once with NumPy: a random
permutation of the unseen cards per row, the cards forced by shown voids put
aside first, a seat with exactly known suit lengths (the mini-bridge dummy)
built suit by suit, then HCP and suit lengths of every hand computed with
array operations and the rows that break a limit rejected. Every layout
returned agrees with the certain information.

    >>> import numpy as np
    >>> from bridgeroom.rules import Deal, Seat
    >>> deal = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> k = Knowledge.open_hands(Seat.NORTH, {Seat.NORTH: deal[Seat.NORTH].mask})
    >>> layouts = sample(k, 50, np.random.default_rng(1))
    >>> layouts.count, bool((layouts.masks[:, 0] == deal[Seat.NORTH].mask).all())
    (50, True)

Suits are numbered as in :mod:`bridgeroom.rules.core` (clubs 0 ... spades 3),
and lengths are given in that order, except where a name says ``shdc``.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from bridgeroom.rules.core import HCP, SUIT_MASK, Seat

__all__ = [
    "HandLimits",
    "Knowledge",
    "Layouts",
    "complete",
    "deal",
    "sample",
    "NO_LIMITS",
]

_HCP = np.array(HCP, dtype=np.int16)
_SUIT = np.array([i // 13 for i in range(52)], dtype=np.int8)
_BIT = np.array([1 << i for i in range(52)], dtype=np.uint64)


def _mask_hcp(mask: int) -> int:
    return sum(HCP[i] for i in range(52) if mask >> i & 1)


def _mask_lengths(mask: int) -> tuple[int, int, int, int]:
    return (
        (mask & SUIT_MASK[0]).bit_count(),
        (mask & SUIT_MASK[1]).bit_count(),
        (mask & SUIT_MASK[2]).bit_count(),
        (mask & SUIT_MASK[3]).bit_count(),
    )


@dataclass(frozen=True, slots=True)
class HandLimits:
    """Limits on one seat's whole original hand (13 cards): HCP, suit lengths, balance.

    ``lengths`` are ``(low, high)`` per suit, clubs first. ``balanced`` asks for
    no void, no singleton and at most one doubleton.

    >>> HandLimits(hcp=(15, 17), balanced=True) & HandLimits(hcp=(12, 21))
    HandLimits(hcp=(15, 17), lengths=((0, 13), (0, 13), (0, 13), (0, 13)), balanced=True)
    >>> HandLimits.with_lengths(spades=(5, 13)).lengths[3]
    (5, 13)
    """

    hcp: tuple[int, int] = (0, 37)
    lengths: tuple[tuple[int, int], ...] = ((0, 13), (0, 13), (0, 13), (0, 13))
    balanced: bool = False

    @classmethod
    def with_lengths(
        cls,
        hcp: tuple[int, int] = (0, 37),
        *,
        clubs: tuple[int, int] = (0, 13),
        diamonds: tuple[int, int] = (0, 13),
        hearts: tuple[int, int] = (0, 13),
        spades: tuple[int, int] = (0, 13),
        balanced: bool = False,
    ) -> HandLimits:
        return cls(hcp, (clubs, diamonds, hearts, spades), balanced)

    @classmethod
    def exact_shdc(cls, lengths: Sequence[int], hcp: int | None = None) -> HandLimits:
        """Exact suit lengths given spades first (as a hand is written), and optionally exact HCP."""
        s, h, d, c = (int(x) for x in lengths)
        return cls((hcp, hcp) if hcp is not None else (0, 37), ((c, c), (d, d), (h, h), (s, s)))

    def __and__(self, other: HandLimits) -> HandLimits:
        """Both limits at once (the intersection of the ranges)."""
        return HandLimits(
            (max(self.hcp[0], other.hcp[0]), min(self.hcp[1], other.hcp[1])),
            tuple(
                (max(a[0], b[0]), min(a[1], b[1]))
                for a, b in zip(self.lengths, other.lengths, strict=True)
            ),
            self.balanced or other.balanced,
        )

    def __or__(self, other: HandLimits) -> HandLimits:
        """Either limit (the smallest ranges holding both)."""
        return HandLimits(
            (min(self.hcp[0], other.hcp[0]), max(self.hcp[1], other.hcp[1])),
            tuple(
                (min(a[0], b[0]), max(a[1], b[1]))
                for a, b in zip(self.lengths, other.lengths, strict=True)
            ),
            self.balanced and other.balanced,
        )

    @property
    def is_free(self) -> bool:
        return self == NO_LIMITS

    @property
    def exact_lengths(self) -> bool:
        return all(lo == hi for lo, hi in self.lengths)

    def admits(self, mask: int) -> bool:
        """Whether a whole hand (a 13-card mask) meets the limits.

        >>> from bridgeroom.rules import Hand
        >>> HandLimits(hcp=(15, 17), balanced=True).admits(Hand("AK2.KQ3.J432.Q32").mask)
        True
        """
        hcp = _mask_hcp(mask)
        if not self.hcp[0] <= hcp <= self.hcp[1]:
            return False
        lengths = _mask_lengths(mask)
        for n, (lo, hi) in zip(lengths, self.lengths, strict=True):
            if not lo <= n <= hi:
                return False
        if self.balanced:
            ordered = sorted(lengths)
            if ordered[0] < 2 or ordered[1] < 3:
                return False
        return True

    def describe(self) -> str:
        """A short text: ``12-21 HCP, S 5+``."""
        parts = []
        if self.hcp != (0, 37):
            lo, hi = self.hcp
            parts.append(f"{lo}+ HCP" if hi >= 37 else f"{lo}-{hi} HCP")
        for suit in (3, 2, 1, 0):
            lo, hi = self.lengths[suit]
            if (lo, hi) == (0, 13):
                continue
            name = "CDHS"[suit]
            if lo == hi:
                parts.append(f"{name} {lo}")
            elif hi >= 13:
                parts.append(f"{name} {lo}+")
            elif lo == 0:
                parts.append(f"{name} <={hi}")
            else:
                parts.append(f"{name} {lo}-{hi}")
        if self.balanced:
            parts.append("balanced")
        return ", ".join(parts) or "anything"


NO_LIMITS = HandLimits()


def _limits4(
    items: Mapping[Seat, HandLimits] | Sequence[HandLimits | None] | None,
) -> tuple[HandLimits, ...]:
    out: list[HandLimits] = [NO_LIMITS] * 4
    if items is None:
        return tuple(out)
    if isinstance(items, Mapping):
        for seat, given in items.items():
            out[int(seat)] = given
    else:
        for i, lim in enumerate(items):
            if lim is not None:
                out[i] = lim
    return tuple(out)


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows about the four hands.

    ``known[s]`` is the mask of the cards seat ``s`` still holds when the
    viewer can see them (own hand, exposed dummy), else 0 and ``hidden[s]``
    counts the cards seat ``s`` still holds unseen. ``played[s]`` are the cards
    seat ``s`` has played, ``voids[s]`` a 4-bit set of the suits it has shown
    out of (bit ``suit``). ``certain`` and ``inferred`` are limits on the
    original hands (see the module text).
    """

    viewer: Seat
    known: tuple[int, int, int, int]
    hidden: tuple[int, int, int, int]
    played: tuple[int, int, int, int] = (0, 0, 0, 0)
    voids: tuple[int, int, int, int] = (0, 0, 0, 0)
    certain: tuple[HandLimits, ...] = (NO_LIMITS,) * 4
    inferred: tuple[HandLimits, ...] = (NO_LIMITS,) * 4
    inferred_hard: bool = False
    notes: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        seen = 0
        for m in (*self.known, *self.played):
            if seen & m:
                raise ValueError("a card is both known and played, or known twice")
            seen |= m
        unseen = ((1 << 52) - 1) & ~seen
        if unseen.bit_count() != sum(self.hidden):
            raise ValueError(
                f"{unseen.bit_count()} unseen cards for {sum(self.hidden)} hidden places"
            )

    @classmethod
    def open_hands(
        cls,
        viewer: Seat,
        known: Mapping[Seat, int],
        *,
        certain: Mapping[Seat, HandLimits] | None = None,
        inferred: Mapping[Seat, HandLimits] | None = None,
        inferred_hard: bool = False,
    ) -> Knowledge:
        """Before any card is played: the hands in ``known`` are seen, the others hold 13 unseen cards."""
        masks = [0, 0, 0, 0]
        hidden = [13, 13, 13, 13]
        for seat, mask in known.items():
            masks[seat] = mask
            hidden[seat] = 0
        return cls(
            viewer,
            (masks[0], masks[1], masks[2], masks[3]),
            (hidden[0], hidden[1], hidden[2], hidden[3]),
            certain=_limits4(certain),
            inferred=_limits4(inferred),
            inferred_hard=inferred_hard,
        )

    @property
    def unseen(self) -> int:
        """The mask of the cards whose holder the viewer does not know."""
        seen = 0
        for m in (*self.known, *self.played):
            seen |= m
        return ((1 << 52) - 1) & ~seen

    def with_inferred(
        self, inferred: Iterable[HandLimits | None], *, hard: bool = False
    ) -> Knowledge:
        return replace(self, inferred=_limits4(list(inferred)), inferred_hard=hard)

    def agrees(self, remaining: Sequence[int]) -> bool:
        """Whether a layout of the remaining cards (four masks) agrees with the certain facts.

        Checks the known hands, the number of cards, the voids shown and the
        certain limits; the sampler's tests use it.
        """
        total = 0
        for s in range(4):
            m = int(remaining[s])
            if total & m:
                return False
            total |= m
            if self.known[s] and m != self.known[s]:
                return False
            if not self.known[s] and m.bit_count() != self.hidden[s]:
                return False
            for suit in range(4):
                if self.voids[s] >> suit & 1 and m & SUIT_MASK[suit]:
                    return False
            if not self.certain[s].is_free and not self.certain[s].admits(m | self.played[s]):
                return False
        played = 0
        for m in self.played:
            played |= m
        return total | played == (1 << 52) - 1


@dataclass(frozen=True)
class Layouts:
    """Sampled layouts: ``masks[i, s]`` is the remaining hand of seat ``s`` in layout ``i``.

    ``relaxed`` tells whether the inferred limits had to be loosened (soft
    limits broken, or dropped because no layout met them); ``repaired`` whether
    some layouts were found by swapping cards toward the certain HCP limits
    (when plain rejection would be too slow): they still meet every certain
    fact, but are not exactly uniform among the layouts that do.
    """

    masks: np.ndarray
    relaxed: bool = False
    draws: int = 0
    repaired: bool = False

    @property
    def count(self) -> int:
        return int(self.masks.shape[0])

    def hands(self, i: int) -> tuple[int, int, int, int]:
        row = self.masks[i]
        return (int(row[0]), int(row[1]), int(row[2]), int(row[3]))

    def __iter__(self):  # type: ignore[no-untyped-def]
        for i in range(self.count):
            yield self.hands(i)


def _bounds(
    k: Knowledge, seats: Sequence[int], limits: Sequence[HandLimits]
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, list[bool]]:
    """Limits translated to the hidden part of each hand: (hcp lo, hcp hi, len lo, len hi, balanced)."""
    n = len(seats)
    hlo = np.zeros(n, dtype=np.int16)
    hhi = np.zeros(n, dtype=np.int16)
    llo = np.zeros((n, 4), dtype=np.int16)
    lhi = np.zeros((n, 4), dtype=np.int16)
    active = []
    bal = np.zeros(n, dtype=bool)
    for j, s in enumerate(seats):
        lim = limits[s]
        played = k.played[s]
        ph = _mask_hcp(played)
        pl = _mask_lengths(played)
        hlo[j] = lim.hcp[0] - ph
        hhi[j] = lim.hcp[1] - ph
        for suit in range(4):
            llo[j, suit] = lim.lengths[suit][0] - pl[suit]
            hi = lim.lengths[suit][1] - pl[suit]
            if k.voids[s] >> suit & 1:
                hi = 0
            lhi[j, suit] = hi
        bal[j] = lim.balanced
        active.append(not lim.is_free or bool(k.voids[s]))
    return hlo, hhi, llo, lhi, bal, active


def _violations(
    hcp: np.ndarray,
    lens: np.ndarray,
    played_lens: np.ndarray,
    bounds: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, list[bool]],
) -> np.ndarray:
    """How far each row is from the limits: HCP and cards missing or too many, +1 if not balanced.

    ``hcp`` is (B, n), ``lens`` (B, n, 4); 0 means every limit is met.
    """
    hlo, hhi, llo, lhi, bal, _ = bounds
    count = (np.maximum(hlo - hcp, 0) + np.maximum(hcp - hhi, 0)).astype(np.int16)
    lbad = np.maximum(llo - lens, 0) + np.maximum(lens - lhi, 0)
    count += lbad.sum(axis=2).astype(np.int16)
    if bal.any():
        whole = lens + played_lens
        srt = np.sort(whole, axis=2)
        unbalanced = (srt[:, :, 0] < 2) | (srt[:, :, 1] < 3)
        count += (unbalanced & bal).astype(np.int16)
    return np.asarray(count.sum(axis=1))


def deal(
    knowledge: Knowledge,
    count: int,
    rng: np.random.Generator,
    *,
    seats: Iterable[Seat | int] | None = None,
) -> np.ndarray:
    """``count`` layouts of the unseen cards at once, each uniformly random among all layouts:
    the (count, 4) remaining hands, as :attr:`Layouts.masks` (the cards played not included).

    For callers that judge the layouts themselves (the deal generator of
    :mod:`bridgeroom.analysis` deals this way and evaluates its own conditions, a
    thousand times more layouts than a robot asks for): no limit is checked, so
    the knowledge may hold known hands, cards played and hidden counts, not
    voids or limits (ValueError), whose layouts :func:`sample` draws.

    Each unseen card in turn goes to a hidden seat with a chance proportional to
    the places the seat has left (one uniform number per card and layout, the
    seats' places updated with array operations): an exact draw among the
    layouts, and cheaper than sorting random keys as :func:`sample` does.

    With ``seats``, only those hidden seats are dealt (each exactly as in a whole
    layout: a seat's cards do not depend on how the others' are dealt) and the
    other hidden seats are left empty, for :func:`complete` to fill once the
    caller has looked at the seats it needs.

        >>> k = Knowledge(Seat.NORTH, (0, 0, 0, 0), (13, 13, 13, 13))
        >>> masks = deal(k, 3, np.random.default_rng(5))
        >>> masks.shape, [int(m).bit_count() for m in masks[0]]
        ((3, 4), [13, 13, 13, 13])
        >>> north = deal(k, 3, np.random.default_rng(5), seats=[Seat.NORTH])
        >>> [int(m).bit_count() for m in north[0]]
        [13, 0, 0, 0]
        >>> whole = complete(k, north, np.random.default_rng(6))
        >>> [int(m).bit_count() for m in whole[0]], bool((whole[:, 0] == north[:, 0]).all())
        ([13, 13, 13, 13], True)
    """
    k = knowledge
    _check_plain(k, count)
    masks = np.tile(np.array(k.known, dtype=np.uint64), (count, 1))
    unseen = k.unseen
    cards = [i for i in range(52) if unseen >> i & 1]
    n = len(cards)
    if n == 0 or count == 0:
        return masks
    places = [int(h) for h in k.hidden]
    if seats is None:
        groups = [0, 1, 2, 3]
        sizes = places
    else:
        wanted = {int(s) for s in seats}
        groups = [s for s in range(4) if s in wanted and places[s]]
        sizes = [places[s] for s in groups]
        rest = n - sum(sizes)
        if rest:
            groups.append(-1)  # the seats left for complete()
            sizes.append(rest)
    owner = _spread(n, count, sizes, rng)
    spread = np.full((count, 52), -1, dtype=np.int8)
    spread[:, cards] = owner.T
    for j, s in enumerate(groups):
        if s >= 0 and sizes[j]:
            masks[:, s] |= _pack(spread == j)
    return masks


def complete(knowledge: Knowledge, masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The layouts ``masks`` (from :func:`deal` with ``seats``) with every hidden seat's empty
    places filled: the cards no seat holds yet, dealt uniformly, row by row."""
    k = knowledge
    _check_plain(k, len(masks))
    masks = np.array(masks, dtype=np.uint64).reshape(-1, 4)
    count = len(masks)
    if count == 0:
        return masks
    dealt = masks[:, 0] | masks[:, 1] | masks[:, 2] | masks[:, 3]
    free = np.uint64(k.unseen) & ~dealt
    avail = _unpack(free)
    held = np.stack([_unpack(masks[:, s]).sum(axis=1) for s in range(4)], axis=1)
    places = np.array([[int(h) for h in k.hidden]], dtype=np.int64) - held
    places[:, [s for s in range(4) if not k.hidden[s]]] = 0
    if (places < 0).any() or (places.sum(axis=1) != avail.sum(axis=1)).any():
        raise ValueError("these layouts cannot be completed for this knowledge")
    owner = _spread_rows(avail, places, rng)
    for s in range(4):
        if places[:, s].any():
            masks[:, s] |= _pack(np.equal(owner.T, s))
    return masks


def _check_plain(k: Knowledge, count: int) -> None:
    if any(k.voids) or any(not lim.is_free for lim in (*k.certain, *k.inferred)):
        raise ValueError("deal() deals without voids or limits: sample() draws those")
    if count < 0:
        raise ValueError(f"a number of layouts is 0 or more, not {count}")


def _spread(n: int, count: int, places: Sequence[int], rng: np.random.Generator) -> np.ndarray:
    """(n, count): the group of each of ``n`` cards in each of ``count`` layouts, card ``i``
    going to group ``j`` with a chance of the group's places left over the cards left."""
    # bounds[j]: the places left to groups 0..j; a card goes to the first group whose bound
    # exceeds x, and takes one of the places counted in that bound and every later one
    bounds = [np.full(count, float(sum(places[: j + 1]))) for j in range(len(places) - 1)]
    u = rng.random((n, count))
    owner = np.zeros((n, count), dtype=np.int8)
    for i in range(n):
        x = u[i]
        x *= n - i
        past = [x >= b for b in bounds]
        row = owner[i]
        for p in past:
            row += p
        for b, p in zip(bounds, past, strict=True):
            b -= ~p
    return owner


def _spread_rows(avail: np.ndarray, places: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """(52, count): as :func:`_spread`, but the cards to deal (``avail``, (count, 52)) and the
    groups' places (``places``, (count, groups)) differ from row to row; -1 where not dealt."""
    count = avail.shape[0]
    left = avail.sum(axis=1).astype(float)
    edges = np.cumsum(places, axis=1).astype(float)
    bounds = [edges[:, j].copy() for j in range(places.shape[1] - 1)]
    u = rng.random((52, count))
    owner = np.full((52, count), -1, dtype=np.int8)
    for i in range(52):
        here = avail[:, i]
        if not here.any():
            continue
        x = u[i] * left
        past = [x >= b for b in bounds]
        group = np.zeros(count, dtype=np.int8)
        for p in past:
            group += p
        owner[i] = np.where(here, group, -1)
        for b, p in zip(bounds, past, strict=True):
            b -= ~p & here
        left -= here
    return owner


def _pack(bits: np.ndarray) -> np.ndarray:
    """(count,) 52-bit masks of a (count, 52) boolean array (bit ``c`` for column ``c``)."""
    word = np.zeros((bits.shape[0], 8), dtype=np.uint8)
    word[:, :7] = np.packbits(bits, axis=1, bitorder="little")
    return word.view("<u8")[:, 0]


def _unpack(masks: np.ndarray) -> np.ndarray:
    """(count, 52) booleans of (count,) 52-bit masks."""
    words = np.ascontiguousarray(np.asarray(masks, dtype="<u8").reshape(-1, 1)).view(np.uint8)
    return np.unpackbits(words, axis=1, bitorder="little")[:, :52].astype(bool)


def sample(
    knowledge: Knowledge,
    count: int,
    rng: np.random.Generator,
    *,
    softness: float = 0.1,
    max_draws: int = 200_000,
    deadline: float | None = None,
) -> Layouts:
    """Up to ``count`` layouts agreeing with ``knowledge`` (see the module text).

    ``softness`` is the chance that a layout missing a soft (inferred) limit by
    one point or one card is kept anyway (``softness ** k`` for a total miss of
    ``k`` points and cards, plus one for a hand that should be balanced). When fewer than
    ``count`` layouts meet the inferred limits after ``max_draws`` random
    deals (or by ``deadline``, a ``time.perf_counter()`` value), the missing
    ones are filled with layouts meeting the certain facts only, and
    ``relaxed`` is set. At least one layout is returned when the certain facts
    allow any.
    """
    k = knowledge
    seats = [s for s in range(4) if k.hidden[s]]
    known_row = np.array(k.known, dtype=np.uint64)
    if not seats or count <= 0:
        return Layouts(np.tile(known_row, (max(count, 1) if seats == [] else 0, 1)))
    unseen = k.unseen
    cards = np.array([i for i in range(52) if unseen >> i & 1], dtype=np.int16)

    # voids that no hidden seat can honour (a revoke in table mode): forget them
    voids = list(k.voids)
    for suit in range(4):
        if unseen & SUIT_MASK[suit] and all(voids[s] >> suit & 1 for s in seats):
            for s in seats:
                voids[s] &= ~(1 << suit)
    if voids != list(k.voids):
        k = replace(k, voids=(voids[0], voids[1], voids[2], voids[3]))

    # the seat whose suit lengths are exactly known, built suit by suit
    exact = None
    for s in seats:
        lim = k.certain[s]
        if lim.exact_lengths:
            exact = s
            break
    # cards forced to one seat because every other hidden seat showed out of the suit
    forced: dict[int, list[int]] = {s: [] for s in seats}
    free_cards: list[int] = []
    for c in cards.tolist():
        suit = c // 13
        eligible = [s for s in seats if not k.voids[s] >> suit & 1]
        if len(eligible) == 1 and eligible[0] != exact:
            forced[eligible[0]].append(c)
        else:
            free_cards.append(c)
    exact_need = [0, 0, 0, 0]
    if exact is not None:
        pl = _mask_lengths(k.played[exact])
        for suit in range(4):
            exact_need[suit] = k.certain[exact].lengths[suit][0] - pl[suit]
    free = np.array(free_cards, dtype=np.int16)
    by_suit = [free[_SUIT[free] == suit] for suit in range(4)] if exact is not None else []
    if exact is not None:
        for suit in range(4):
            if not 0 <= exact_need[suit] <= len(by_suit[suit]):
                raise ValueError("the known suit lengths do not fit the unseen cards")
    others = [s for s in seats if s != exact]
    capacity = {s: k.hidden[s] - len(forced[s]) for s in others}
    if any(v < 0 for v in capacity.values()) or (
        exact is not None and sum(exact_need) != k.hidden[exact]
    ):
        raise ValueError("the unseen cards cannot be dealt to the hidden seats")

    played_lens = np.array([_mask_lengths(k.played[s]) for s in seats], dtype=np.int16)[None]
    certain_b = _bounds(k, seats, k.certain)
    inferred_b = _bounds(k, seats, k.inferred)
    use_inferred = any(inferred_b[5])

    forced_hcp = np.array([sum(HCP[c] for c in forced[s]) for s in seats], dtype=np.int16)
    forced_len = np.array(
        [[sum(1 for c in forced[s] if c // 13 == suit) for suit in range(4)] for s in seats],
        dtype=np.int16,
    )
    forced_mask = np.array([sum(1 << c for c in forced[s]) for s in seats], dtype=np.uint64)

    hcp_limited = bool(((certain_b[0] > 0) | (certain_b[1] < 37)).any())
    repaired = False
    good: list[np.ndarray] = []
    fallback: list[np.ndarray] = []
    n_good = n_fallback = 0
    draws = 0
    batch = 256
    while n_good < count and draws < max_draws:
        if deadline is not None and draws and time.perf_counter() > deadline:
            break
        b = batch
        draws += b
        parts: dict[int, np.ndarray] = {}
        if exact is not None:
            chosen = []
            rest = []
            for suit in range(4):
                pool = by_suit[suit]
                if len(pool) == 0:
                    continue
                order = np.argsort(rng.random((b, len(pool))), axis=1)
                shuffled = pool[order]
                chosen.append(shuffled[:, : exact_need[suit]])
                rest.append(shuffled[:, exact_need[suit] :])
            parts[exact] = np.concatenate(chosen, axis=1) if chosen else np.zeros((b, 0), np.int16)
            pool_rows = np.concatenate(rest, axis=1) if rest else np.zeros((b, 0), np.int16)
            order = np.argsort(rng.random(pool_rows.shape), axis=1)
            pool_rows = np.take_along_axis(pool_rows, order, axis=1)
        else:
            order = np.argsort(rng.random((b, len(free))), axis=1)
            pool_rows = free[order]
        start = 0
        for s in others:
            parts[s] = pool_rows[:, start : start + capacity[s]].copy()
            start += capacity[s]
        if hcp_limited and draws > 8192 and n_good < count:
            # rejection alone is too slow for these counts: repair the rows by swaps
            _repair_hcp(parts, seats, exact, certain_b, forced_hcp, k.voids, rng)
            repaired = True
        hcp = np.stack([_HCP[parts[s]].sum(axis=1) for s in seats], axis=1) + forced_hcp
        lens = (
            np.stack(
                [
                    np.stack([(_SUIT[parts[s]] == suit).sum(axis=1) for suit in range(4)], axis=1)
                    for s in seats
                ],
                axis=1,
            ).astype(np.int16)
            + forced_len
        )
        ok = _violations(hcp, lens, played_lens, certain_b) == 0
        if not ok.any():
            batch = min(batch * 2, 8192)
            continue
        masks = np.tile(known_row, (b, 1))
        for j, s in enumerate(seats):
            masks[:, s] = _BIT[parts[s]].sum(axis=1, dtype=np.uint64) | forced_mask[j]
        if use_inferred:
            broken = _violations(hcp, lens, played_lens, inferred_b)
            if k.inferred_hard:
                keep = ok & (broken == 0)
            else:
                keep = ok & (rng.random(b) < np.power(softness, broken))
            if n_fallback < count:
                spare = masks[ok & ~keep]
                fallback.append(spare)
                n_fallback += len(spare)
        else:
            keep = ok
        rows = masks[keep]
        good.append(rows)
        n_good += len(rows)
        if n_good < count and len(rows) * 4 < b:
            batch = min(batch * 2, 8192)
    relaxed = False
    out = np.concatenate(good, axis=0)[:count] if good else np.zeros((0, 4), np.uint64)
    if len(out) < count and fallback:
        extra = np.concatenate(fallback, axis=0)[: count - len(out)]
        if len(extra):
            relaxed = True
            out = np.concatenate([out, extra], axis=0)
    return Layouts(out, relaxed, draws, repaired)


def _repair_hcp(
    parts: dict[int, np.ndarray],
    seats: Sequence[int],
    exact: int | None,
    bounds: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, list[bool]],
    forced_hcp: np.ndarray,
    voids: Sequence[int],
    rng: np.random.Generator,
    steps: int = 300,
) -> None:
    """Move the rows toward the certain HCP limits by random swaps of cards between hidden hands.

    A swap is allowed when it keeps the voids shown and the exactly known suit
    lengths (cards of one suit only, for that seat); it is made when it brings
    the hands closer to their HCP limits, and half the time when it changes
    nothing (so that rows keep moving among the layouts that meet the limits).
    """
    live = [j for j, s in enumerate(seats) if parts[s].shape[1] > 0]
    if len(live) < 2:
        return
    lo = bounds[0] - forced_hcp
    hi = bounds[1] - forced_hcp
    hcp = {j: _HCP[parts[seats[j]]].sum(axis=1).astype(np.int32) for j in live}
    rows = next(iter(parts.values())).shape[0]
    index = np.arange(rows)

    def dist(h: np.ndarray, j: int) -> np.ndarray:
        return np.asarray(np.maximum(lo[j] - h, 0) + np.maximum(h - hi[j], 0))

    for _ in range(steps):
        pick = rng.choice(live, 2, replace=False)
        ja, jb = int(pick[0]), int(pick[1])
        sa, sb = seats[ja], seats[jb]
        a, b = parts[sa], parts[sb]
        i = np.asarray(rng.integers(0, a.shape[1], size=rows))
        j = np.asarray(rng.integers(0, b.shape[1], size=rows))
        x = a[index, i]
        y = b[index, j]
        hx, hy = _HCP[x], _HCP[y]
        na, nb = hcp[ja] - hx + hy, hcp[jb] - hy + hx
        old = dist(hcp[ja], ja) + dist(hcp[jb], jb)
        new = dist(na, ja) + dist(nb, jb)
        sx, sy = _SUIT[x], _SUIT[y]
        allowed = ((voids[sa] >> sy) & 1 == 0) & ((voids[sb] >> sx) & 1 == 0)
        if sa == exact or sb == exact:
            allowed &= sx == sy
        take = allowed & ((new < old) | ((new == old) & (rng.random(rows) < 0.5)))
        if not take.any():
            continue
        r = index[take]
        a[r, i[take]] = y[take]
        b[r, j[take]] = x[take]
        hcp[ja] = np.where(take, na, hcp[ja])
        hcp[jb] = np.where(take, nb, hcp[jb])
