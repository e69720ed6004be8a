"""The bidding system's vocabulary: the bidder's hand (:class:`Facts`), the public auction
(:class:`Context`) and a candidate call (:class:`Rule`), with the helpers the system's tables
are written in (:func:`rule`, :func:`says`, :func:`because`, :func:`bid_at`, :func:`for_suit`).

Suits are numbered as in :mod:`bridgeroom.rules.core` (clubs 0 to spades 3); lengths are clubs
first.

    >>> from bridgeroom.rules import Hand
    >>> f = Facts(Hand.parse("AK2.KQ3.Q432.Q32").mask)
    >>> f.hcp, f.lengths, f.balanced
    (16, (3, 4, 3, 3), True)
    >>> ctx = Context(Seat.EAST, Seat.NORTH, ((Seat.NORTH, Call("1H")),))
    >>> ctx.opener is Seat.NORTH, ctx.partner_last, ctx.cheapest(Strain.CLUBS)
    (True, None, Call('2C'))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from bridgeroom.i18n import Message
from bridgeroom.robots.base import Decision
from bridgeroom.robots.bidding.system import Agreements, System, default_agreements
from bridgeroom.robots.sampler import HandLimits
from bridgeroom.rules.core import HCP, SUIT_MASK, Call, Seat, Strain
from bridgeroom.rules.state import View

__all__ = [
    "C",
    "D",
    "H",
    "S",
    "NT",
    "Facts",
    "Context",
    "Rule",
    "rule",
    "says",
    "because",
    "bid_at",
    "for_suit",
]

#: The strains by their letters, as the system's tables write them.
C, D, H, S, NT = Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP


# --- the hand ------------------------------------------------------------------


@dataclass(frozen=True)
class Facts:
    """What the bidder knows of his own hand (``mask``: its cards as a bitmask, see
    :class:`bridgeroom.rules.core.Hand`)."""

    mask: int

    @cached_property
    def hcp(self) -> int:
        """High-card points: A 4, K 3, Q 2, J 1."""
        return sum(HCP[i] for i in range(52) if self.mask >> i & 1)

    @cached_property
    def lengths(self) -> tuple[int, int, int, int]:
        """The suit lengths, clubs first."""
        m = self.mask
        return (
            (m & SUIT_MASK[0]).bit_count(),
            (m & SUIT_MASK[1]).bit_count(),
            (m & SUIT_MASK[2]).bit_count(),
            (m & SUIT_MASK[3]).bit_count(),
        )

    def len(self, suit: int) -> int:
        """The length of ``suit`` (0 clubs to 3 spades)."""
        return self.lengths[suit]

    @cached_property
    def balanced(self) -> bool:
        """4333, 4432 or 5332."""
        ordered = sorted(self.lengths)
        return ordered[0] >= 2 and ordered[1] >= 3

    @cached_property
    def longest(self) -> int:
        """The longest suit; of equal ones the higher-ranking."""
        return max(range(4), key=lambda s: (self.lengths[s], s))

    @cached_property
    def rule_of_20(self) -> bool:
        """HCP plus the lengths of the two longest suits make 20 or more (a light opening)."""
        two = sorted(self.lengths)[-2:]
        return self.hcp + two[0] + two[1] >= 20

    @cached_property
    def length_points(self) -> int:
        """HCP plus one for each card over four in a suit."""
        return self.hcp + sum(max(0, n - 4) for n in self.lengths)

    @cached_property
    def losers(self) -> int:
        """The losing-trick count: in each suit, of its top three cards (all of a shorter suit),
        those that are not the ace, king or queen (a doubleton: the ace and king only count).

        >>> from bridgeroom.rules import Hand
        >>> Facts(Hand.parse("AK2.QJ432.2.K32").mask).losers   # 1 + 2 + 1 + 2
        6
        """
        out = 0
        for suit in range(4):
            m = self.mask >> (13 * suit) & 0x1FFF
            n = m.bit_count()
            ace, king, queen = m >> 12 & 1, m >> 11 & 1, m >> 10 & 1
            if n >= 3:
                out += 3 - ace - king - queen
            elif n == 2:
                out += 2 - ace - king
            elif n == 1:
                out += 1 - ace
        return out

    def support_points(self, trump: int) -> int:
        """HCP plus shortness (void 5, singleton 3, doubleton 1) for a raise of ``trump``."""
        extra = 0
        for s in range(4):
            if s == trump:
                continue
            n = self.lengths[s]
            extra += 5 if n == 0 else 3 if n == 1 else 1 if n == 2 else 0
        return self.hcp + extra

    def suit_hcp(self, suit: int) -> int:
        """The high-card points held in ``suit``."""
        m = self.mask >> (13 * suit) & 0x1FFF
        return sum(HCP[i] for i in range(13) if m >> i & 1)

    def stopper(self, suit: int) -> bool:
        """A stopper: A, Kx, Qxx or Jxxx."""
        m = self.mask >> (13 * suit) & 0x1FFF
        n = m.bit_count()
        return bool(
            m >> 12 & 1
            or (m >> 11 & 1 and n >= 2)
            or (m >> 10 & 1 and n >= 3)
            or (m >> 9 & 1 and n >= 4)
        )

    @cached_property
    def aces(self) -> int:
        """The number of aces held."""
        return sum(self.mask >> (13 * s + 12) & 1 for s in range(4))

    def opening_suit(self, majors: int = 5) -> int:
        """Longest suit (five-card majors); with no five-card suit the longer minor, 1D with 4-4,
        1C with 3-3. With four-card majors (``majors=4``) a four-card major comes before a minor
        of four or less (hearts with both).

        >>> from bridgeroom.rules import Hand
        >>> h = Facts(Hand.parse("KQ32.A2.K432.Q32").mask)
        >>> h.opening_suit(), h.opening_suit(majors=4)
        (1, 3)
        """
        if max(self.lengths) >= 5:
            return self.longest
        if majors == 4 and (self.lengths[2] == 4 or self.lengths[3] == 4):
            return 2 if self.lengths[2] == 4 else 3
        c, d = self.lengths[0], self.lengths[1]
        if d > c:
            return 1
        if c > d:
            return 0
        return 1 if d >= 4 else 0


# --- the auction ----------------------------------------------------------------


@dataclass(frozen=True)
class Context:
    """The public auction as seen by ``seat`` when it is to call."""

    seat: Seat
    dealer: Seat
    calls: tuple[tuple[Seat, Call], ...]
    #: the systems of the two sides (both ``standard`` unless given)
    systems: Agreements = field(default_factory=default_agreements, compare=False)

    @classmethod
    def from_view(cls, view: View, systems: Agreements | None = None) -> Context:
        """The auction of ``view``, for the seat that sees it."""
        return cls(view.seat, view.dealer, tuple(view.calls), systems or default_agreements())

    @property
    def system(self) -> System:
        """The system of the seat to call (its side's)."""
        return self.systems.of(self.seat)

    @property
    def partner(self) -> Seat:
        return self.seat.partner

    @property
    def lho(self) -> Seat:
        return self.seat.lho

    @property
    def rho(self) -> Seat:
        return self.seat.rho

    def ours(self, seat: Seat) -> bool:
        """Whether ``seat`` is the bidder or his partner."""
        return seat in (self.seat, self.seat.partner)

    @cached_property
    def bids(self) -> tuple[tuple[Seat, Call], ...]:
        """The bids made so far (no passes, doubles or redoubles), with their seats."""
        return tuple((s, c) for s, c in self.calls if c.is_bid)

    @cached_property
    def opener(self) -> Seat | None:
        return self.bids[0][0] if self.bids else None

    @cached_property
    def opening(self) -> Call | None:
        return self.bids[0][1] if self.bids else None

    @cached_property
    def last_bid(self) -> Call | None:
        return self.bids[-1][1] if self.bids else None

    @cached_property
    def last_bidder(self) -> Seat | None:
        return self.bids[-1][0] if self.bids else None

    @cached_property
    def doubled(self) -> int:
        """Whether the last bid stands doubled (1), redoubled (2) or neither (0)."""
        state = 0
        for _, c in self.calls:
            if c.is_bid:
                state = 0
            elif c.is_double:
                state = 1
            elif c.is_redouble:
                state = 2
        return state

    def calls_of(self, seat: Seat) -> list[Call]:
        """Every call of ``seat`` so far, passes included."""
        return [c for s, c in self.calls if s == seat]

    def bids_of(self, seat: Seat) -> list[Call]:
        """The bids of ``seat`` so far."""
        return [c for s, c in self.calls if s == seat and c.is_bid]

    @property
    def rho_call(self) -> Call | None:
        """The right-hand opponent's last call (``None`` before he has called)."""
        for s, c in reversed(self.calls):
            if s == self.rho:
                return c
        return None

    @property
    def partner_last(self) -> Call | None:
        """Partner's last call (``None`` before he has called)."""
        calls = self.calls_of(self.partner)
        return calls[-1] if calls else None

    @property
    def position(self) -> int:
        """1 to 4: the seat's place in the first round (only meaningful before anyone bid)."""
        return len(self.calls) + 1

    def suits_bid_by(self, seats: Sequence[Seat]) -> list[int]:
        """The suits ``seats`` have bid, in the order first bid (notrump is not a suit)."""
        out: list[int] = []
        for s, c in self.bids:
            if (
                s in seats
                and c.strain is not None
                and c.strain is not NT
                and int(c.strain) not in out
            ):
                out.append(int(c.strain))
        return out

    def cheapest(self, strain: Strain | int) -> Call | None:
        """The lowest bid of ``strain`` above the last bid (``None`` above 7)."""
        last = self.last_bid
        st = Strain(int(strain))
        if last is None:
            return Call.bid(1, st)
        assert last.strain is not None
        level = last.level if st > last.strain else last.level + 1
        return Call.bid(level, st) if level <= 7 else None

    def prefix(self, n: int) -> Context:
        """The auction before call ``n``, as the seat that made call ``n`` saw it."""
        seat = self.calls[n][0] if n < len(self.calls) else self.seat
        return Context(seat, self.dealer, self.calls[:n], self.systems)


@dataclass(frozen=True)
class Rule:
    """A candidate call: what it shows (``limits``), an extra test on the hand, how it is explained
    (``why``: a message of the catalogue, whose ``{hcp}`` and ``{lp}`` are the bidder's points)."""

    call: Call
    limits: HandLimits
    why: Message
    test: Callable[[Facts], bool] | None = field(default=None, compare=False)
    forcing: bool = False
    to_play: bool = False
    #: the artificial call's convention (a name of ``system.ALERTABLE``), ``None`` if natural
    convention: str | None = None

    def fits(self, f: Facts) -> bool:
        """Whether the hand ``f`` meets the rule's limits and its test."""
        return self.limits.admits(f.mask) and (self.test is None or self.test(f))

    def explain(self, f: Facts) -> Decision:
        """The rule's call for the hand ``f``, explained with its points."""
        params = dict(self.why.params, hcp=f.hcp, lp=f.length_points, losers=f.losers)
        return Decision.because(self.call, self.why.key, **params)


# --- writing the system's tables -------------------------------------------------


def says(key: str, /, **params: object) -> Message:
    """The explanation ``robot.bid.<key>`` of the catalogue (a rule adds ``hcp`` and ``lp``);
    a key with a dot is the catalogue's own (``system.meaning.transfer``).

    >>> says("open_major", suit=S, hcp=12).render("ru")
    '12 очков, пять или больше пик'
    """
    return Message(key if "." in key else f"robot.bid.{key}", **params)


def because(call: Call, key: str, /, **params: object) -> Decision:
    """The decision ``call``, explained by ``robot.bid.<key>`` of the catalogue (a key with a
    dot: the catalogue's own), for calls made outside a rule's table: placing the contract,
    asking for aces."""
    return Decision.because(call, key if "." in key else f"robot.bid.{key}", **params)


def for_suit(suit: int, test: Callable[[Facts, int], bool]) -> Callable[[Facts], bool]:
    """A rule's test about one suit, the suit bound now (not when the test runs)."""
    return lambda f: test(f, suit)


def rule(
    call: Call | str | None,
    why: Message,
    hcp: tuple[int, int] = (0, 37),
    *,
    test: Callable[[Facts], bool] | None = None,
    balanced: bool = False,
    forcing: bool = False,
    to_play: bool = False,
    lengths: dict[int, tuple[int, int]] | None = None,
    convention: str | None = None,
) -> list[Rule]:
    """A one-rule list (empty when ``call`` is ``None``, e.g. a bid above 7NT)."""
    if call is None:
        return []
    c = Call.parse(call) if isinstance(call, str) else call
    ls = [(0, 13)] * 4
    for suit, rng in (lengths or {}).items():
        ls[suit] = rng
    return [Rule(c, HandLimits(hcp, tuple(ls), balanced), why, test, forcing, to_play, convention)]


def bid_at(level: int, strain: int) -> Call | None:
    """The bid of ``strain`` at ``level``, or ``None`` outside levels 1 to 7 (then :func:`rule`
    makes no rule of it).

    >>> bid_at(4, 3), bid_at(8, 4)
    (Call('4S'), None)
    """
    return Call.bid(level, Strain(strain)) if 1 <= level <= 7 else None
