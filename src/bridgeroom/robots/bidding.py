"""A natural bidding system for the four-handed auction, as rules that can be read backwards.

The system (written out for people in ``docs/bidding.md``) is a list of
candidate calls for each situation of the auction. A candidate says what
the call shows (HCP range, suit lengths, balance) and may add a test on the
hand (e.g. "spades are the longest suit"). :func:`basic_call` makes the
first candidate that the hand meets and that is legal; when none is meant
for the situation it places the contract from what the partnership has shown
(:func:`place`). Because a situation's candidates depend only on the public
auction, the same table reads a call backwards: :func:`infer` gives, for
every seat, the limits its calls showed, which the sampler uses.

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal, Seat
    >>> state = ContractBridgeDeal(Deal("N:AK2.KQ3.Q432.Q32 Q963.T74.K96.K96 J85.A962.J85.J85 T74.J85.AT7.AT74"))
    >>> basic_call(state.view(Seat.NORTH))
    Decision(action=Call('1NT'), reason='1NT: 15-17 points, balanced (I have 16)')
    >>> state.apply("1NT")
    >>> infer(state.view(Seat.EAST))[Seat.NORTH].describe()
    '15-17 HCP, balanced'

Seats and suits follow :mod:`bridgeroom.rules.core`; lengths are clubs first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from bridgeroom.i18n import DEFAULT_LANGUAGE, LANGUAGES, Message, Texts, catalogue
from bridgeroom.robots.base import Decision
from bridgeroom.robots.sampler import NO_LIMITS, HandLimits
from bridgeroom.rules.core import HCP, SUIT_MASK, Call, Seat, Strain, Suit
from bridgeroom.rules.state import View

__all__ = [
    "Facts",
    "Context",
    "Rule",
    "candidates",
    "basic_call",
    "basic_call_detail",
    "explain_call",
    "infer",
    "place",
    "partnership_view",
]

C, D, H, S, NT = Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP


def _m(key: str, /, **params: object) -> Message:
    """The explanation ``robot.bid.<key>`` of the catalogue (a rule adds ``hcp`` and ``lp``).

    >>> _m("open_major", suit=S, hcp=12).render("ru")
    '12 очков, пять или больше пик'
    """
    return Message(f"robot.bid.{key}", **params)


def _say(call: Call, key: str, /, **params: object) -> Decision:
    return Decision.because(call, f"robot.bid.{key}", **params)


# --- the hand ------------------------------------------------------------------


@dataclass(frozen=True)
class Facts:
    """What the bidder knows of his own hand."""

    mask: int

    @cached_property
    def hcp(self) -> int:
        return sum(HCP[i] for i in range(52) if self.mask >> i & 1)

    @cached_property
    def lengths(self) -> tuple[int, int, int, int]:
        m = self.mask
        return (
            (m & SUIT_MASK[0]).bit_count(),
            (m & SUIT_MASK[1]).bit_count(),
            (m & SUIT_MASK[2]).bit_count(),
            (m & SUIT_MASK[3]).bit_count(),
        )

    def len(self, suit: int) -> int:
        return self.lengths[suit]

    @cached_property
    def balanced(self) -> bool:
        ordered = sorted(self.lengths)
        return ordered[0] >= 2 and ordered[1] >= 3

    @cached_property
    def longest(self) -> int:
        """The longest suit; of equal ones the higher-ranking."""
        return max(range(4), key=lambda s: (self.lengths[s], s))

    @cached_property
    def rule_of_20(self) -> bool:
        two = sorted(self.lengths)[-2:]
        return self.hcp + two[0] + two[1] >= 20

    @cached_property
    def length_points(self) -> int:
        return self.hcp + sum(max(0, n - 4) for n in self.lengths)

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
        return sum(self.mask >> (13 * s + 12) & 1 for s in range(4))

    def opening_suit(self) -> int:
        """Longest suit (five-card majors); with no five-card suit the longer minor, 1D with 4-4, 1C with 3-3."""
        if max(self.lengths) >= 5:
            return self.longest
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
        return seat in (self.seat, self.seat.partner)

    @cached_property
    def bids(self) -> tuple[tuple[Seat, Call], ...]:
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
        return [c for s, c in self.calls if s == seat]

    def bids_of(self, seat: Seat) -> list[Call]:
        return [c for s, c in self.calls if s == seat and c.is_bid]

    @property
    def rho_call(self) -> Call | None:
        for s, c in reversed(self.calls):
            if s == self.rho:
                return c
        return None

    @property
    def partner_last(self) -> Call | None:
        calls = self.calls_of(self.partner)
        return calls[-1] if calls else None

    @property
    def position(self) -> int:
        """1 to 4: the seat's place in the first round (only meaningful before anyone bid)."""
        return len(self.calls) + 1

    def suits_bid_by(self, seats: Sequence[Seat]) -> list[int]:
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
        seat = self.calls[n][0] if n < len(self.calls) else self.seat
        return Context(seat, self.dealer, self.calls[:n])


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

    def fits(self, f: Facts) -> bool:
        return self.limits.admits(f.mask) and (self.test is None or self.test(f))

    def explain(self, f: Facts) -> Decision:
        """The rule's call for the hand ``f``, explained with its points."""
        params = dict(self.why.params, hcp=f.hcp, lp=f.length_points)
        return Decision.because(self.call, self.why.key, **params)


def _for_suit(suit: int, test: Callable[[Facts, int], bool]) -> Callable[[Facts], bool]:
    """A rule's test about one suit, the suit bound now (not when the test runs)."""
    return lambda f: test(f, suit)


def _r(
    call: Call | str | None,
    why: Message,
    hcp: tuple[int, int] = (0, 37),
    *,
    test: Callable[[Facts], bool] | None = None,
    balanced: bool = False,
    forcing: bool = False,
    to_play: bool = False,
    lengths: dict[int, tuple[int, int]] | None = None,
) -> list[Rule]:
    """A one-rule list (empty when ``call`` is ``None``, e.g. a bid above 7NT)."""
    if call is None:
        return []
    c = Call.parse(call) if isinstance(call, str) else call
    ls = [(0, 13)] * 4
    for suit, rng in (lengths or {}).items():
        ls[suit] = rng
    return [Rule(c, HandLimits(hcp, tuple(ls), balanced), why, test, forcing, to_play)]


def _bid(level: int, strain: int) -> Call | None:
    return Call.bid(level, Strain(strain)) if 1 <= level <= 7 else None


# --- openings ---------------------------------------------------------------------


def _openings(ctx: Context) -> list[Rule]:
    pos = ctx.position
    rules: list[Rule] = []
    rules += _r("2C", _m("open_2c"), (22, 37), forcing=True)
    rules += _r("2NT", _m("open_2nt"), (20, 21), balanced=True)
    rules += _r("1NT", _m("open_1nt"), (15, 17), balanced=True)

    def opens(suit: int) -> Callable[[Facts], bool]:
        def test(f: Facts) -> bool:
            strong = f.hcp >= 12 or (f.hcp >= 10 and f.rule_of_20 and pos < 4)
            return strong and f.opening_suit() == suit

        return test

    rules += _r("1S", _m("open_major", suit=S), (10, 21), test=opens(3), lengths={3: (5, 13)})
    rules += _r("1H", _m("open_major", suit=H), (10, 21), test=opens(2), lengths={2: (5, 13)})
    rules += _r(
        "1D",
        _m("open_minor", suit=D),
        (10, 21),
        test=opens(1),
        lengths={1: (3, 13)},
    )
    rules += _r("1C", _m("open_minor", suit=C), (10, 21), test=opens(0), lengths={0: (2, 13)})
    if pos <= 3:
        for level, n in ((4, (8, 13)), (3, (7, 7))):
            for suit in (3, 2, 1, 0):
                if level == 4 and suit < 2:
                    continue
                rules += _r(
                    _bid(level, suit),
                    _m("preempt", cards=f"{n[0]}{'+' if n[1] > n[0] else ''}", suit=Strain(suit)),
                    (5, 10),
                    lengths={suit: n},
                    test=_for_suit(suit, lambda f, s: f.suit_hcp(s) >= 3),
                )
        for suit in (3, 2, 1):
            rules += _r(
                _bid(2, suit),
                _m("weak_two", suit=Strain(suit)),
                (5, 10),
                lengths={suit: (6, 6)},
                test=_for_suit(suit, lambda f, s: f.suit_hcp(s) >= 3),
            )
    rules += _r("P", _m("open_pass"), (0, 12 if pos < 4 else 14))
    return rules


# --- responses to one of a suit ---------------------------------------------------------


def _new_suit_rules(
    ctx: Context,
    exclude: Sequence[int],
    *,
    min_hcp1: int,
    min_hcp2: int,
    why: Message,
    extra: Callable[[Facts], bool] | None = None,
    hi: int = 37,
) -> list[Rule]:
    """New suits at the cheapest level: 4+ cards at the one level, 4+ (hearts over spades 5+) higher."""
    rules: list[Rule] = []
    for suit in (3, 2, 1, 0) if True else ():
        if suit in exclude:
            continue
        call = ctx.cheapest(suit)
        if call is None:
            continue
        one = call.level == 1
        need = 4 if one or suit < 2 else 5
        lo = min_hcp1 if one else min_hcp2

        def test(
            f: Facts, s: int = suit, one: bool = one, excl: tuple[int, ...] = tuple(exclude)
        ) -> bool:
            if extra is not None and not extra(f):
                return False
            others = [x for x in range(4) if x not in excl]
            # bid the longest new suit; at the one level with 4-4 the cheaper (up the line)
            best = max(f.lengths[x] for x in others)
            if f.lengths[s] < best:
                return False
            ties = [x for x in others if f.lengths[x] == best]
            if one and best == 4:
                return s == min(ties, key=lambda x: (ctx.cheapest(x) or Call.bid(7, NT)).index)
            return s == max(ties)

        rules += _r(
            call,
            why,
            (lo, hi),
            test=test,
            lengths={suit: (need, 13)},
            forcing=True,
        )
    return rules


def _responses_to_one(ctx: Context) -> list[Rule]:
    """Partner opened one of a suit; the right-hand opponent passed or doubled."""
    opening = ctx.opening
    assert opening is not None and opening.strain is not None
    m = int(opening.strain)
    rules: list[Rule] = []
    rho = ctx.rho_call
    if rho is not None and rho.is_double:
        rules += _r(
            "XX",
            _m("redouble_strength"),
            (10, 37),
            test=lambda f: f.len(m) < 3 or m < 2,
        )
    if m >= 2:  # a major

        def fit(f: Facts) -> bool:
            return f.len(m) >= 3

        rules += _new_suit_rules(
            ctx,
            [m],
            min_hcp1=15,
            min_hcp2=15,
            why=_m("new_suit_slam"),
            extra=lambda f: fit(f) and f.support_points(m) >= 17,
        )
        rules += _r(
            _bid(4, m),
            _m("raise_game"),
            (10, 16),
            test=lambda f: fit(f) and 13 <= f.support_points(m) <= 16,
            lengths={m: (3, 13)},
            to_play=True,
        )
        rules += _r(
            _bid(3, m),
            _m("raise_invite"),
            (8, 12),
            test=lambda f: fit(f) and 10 <= f.support_points(m) <= 12,
            lengths={m: (3, 13)},
        )
        rules += _r(
            _bid(2, m),
            _m("raise_simple"),
            (4, 9),
            test=lambda f: fit(f) and 6 <= f.support_points(m) <= 9,
            lengths={m: (3, 13)},
            to_play=True,
        )
        if m == 2:
            rules += _r(
                "1S",
                _m("four_forcing", suit=S),
                (6, 37),
                lengths={3: (4, 13)},
                forcing=True,
            )
        rules += _new_suit_rules(
            ctx,
            [m, 3] if m == 2 else [m],
            min_hcp1=6,
            min_hcp2=10,
            why=_m("new_suit"),
        )
        rules += _r("3NT", _m("resp_3nt_no_fit"), (13, 15), balanced=True, to_play=True)
        rules += _r("2NT", _m("resp_2nt_no_fit"), (11, 12), balanced=True)
        rules += _r("1NT", _m("resp_1nt_no_fit"), (6, 10))
    else:  # a minor

        def no_major(f: Facts) -> bool:
            return f.len(2) < 4 and f.len(3) < 4

        rules += _r(
            "1H",
            _m("four_forcing", suit=H),
            (6, 37),
            lengths={2: (4, 13)},
            test=lambda f: (
                f.len(2) >= f.len(3) or f.len(3) < 4 or (f.len(2) == 4 and f.len(3) == 4)
            ),
            forcing=True,
        )
        rules += _r(
            "1S",
            _m("four_forcing", suit=S),
            (6, 37),
            lengths={3: (4, 13)},
            forcing=True,
        )
        if m == 0:
            rules += _r(
                "1D",
                _m("four_forcing", suit=D),
                (6, 37),
                lengths={1: (4, 13)},
                test=lambda f: no_major(f) and f.len(1) >= f.len(0) - 1,
                forcing=True,
            )
        sup = 5 if m == 0 else 4
        rules += _r(
            "3NT",
            _m("resp_3nt_no_major"),
            (13, 15),
            balanced=True,
            test=no_major,
            to_play=True,
        )
        rules += _r(
            _bid(3, m),
            _m("minor_invite", suit=Strain(m)),
            (11, 12),
            lengths={m: (sup, 13)},
            test=no_major,
        )
        rules += _r(
            "2NT",
            _m("resp_2nt_no_major"),
            (11, 12),
            balanced=True,
            test=no_major,
        )
        if m == 1:
            rules += _r(
                "2C",
                _m("resp_2c_over_1d"),
                (10, 37),
                lengths={0: (4, 13)},
                test=no_major,
                forcing=True,
            )
        rules += _r(
            _bid(2, m),
            _m("minor_raise", suit=Strain(m)),
            (6, 10),
            lengths={m: (sup, 13)},
            test=no_major,
            to_play=True,
        )
        rules += _r("1NT", _m("resp_1nt_no_major"), (6, 10), test=no_major)
        rules += _new_suit_rules(ctx, [m], min_hcp1=6, min_hcp2=10, why=_m("new_suit"))
    rules += _r("P", _m("too_weak"), (0, 5))
    return rules


def _responses_after_overcall(ctx: Context) -> list[Rule]:
    """Partner opened one of a suit and the right-hand opponent bid a suit or notrump."""
    opening = ctx.opening
    rho = ctx.last_bid
    assert (
        opening is not None
        and opening.strain is not None
        and rho is not None
        and rho.strain is not None
    )
    m = int(opening.strain)
    theirs = int(rho.strain)
    rules: list[Rule] = []
    if m >= 2:
        raise_ = ctx.cheapest(m)
        if raise_ is not None:
            if raise_.level <= 2:
                rules += _r(
                    _bid(4, m),
                    _m("raise_game"),
                    (10, 16),
                    lengths={m: (3, 13)},
                    test=lambda f: 13 <= f.support_points(m) <= 16,
                    to_play=True,
                )
                rules += _r(
                    _bid(3, m),
                    _m("raise_invite"),
                    (8, 12),
                    lengths={m: (3, 13)},
                    test=lambda f: 10 <= f.support_points(m) <= 12,
                )
                rules += _r(
                    raise_,
                    _m("raise_simple"),
                    (4, 9),
                    lengths={m: (3, 13)},
                    test=lambda f: 6 <= f.support_points(m) <= 9,
                    to_play=True,
                )
            else:
                rules += _r(
                    _bid(4, m),
                    _m("raise_game"),
                    (10, 16),
                    lengths={m: (3, 13)},
                    test=lambda f: 12 <= f.support_points(m) <= 16,
                    to_play=True,
                )
                if raise_.level == 3:
                    rules += _r(
                        raise_,
                        _m("raise_compete"),
                        (6, 11),
                        lengths={m: (4, 13)},
                        test=lambda f: 8 <= f.support_points(m) <= 11,
                        to_play=True,
                    )
    if theirs != NT and rho.level <= 2:
        unbid_majors = [s for s in (2, 3) if s not in (m, theirs)]
        if unbid_majors:
            rules += _r(
                "X",
                _m("negative_double"),
                (7, 37),
                test=lambda f: (
                    any(f.len(s) >= 4 for s in unbid_majors)
                    and not (m >= 2 and f.len(m) >= 3)
                    and all(
                        f.len(s) < 5 or (ctx.cheapest(s) or Call.bid(7, NT)).level > 1
                        for s in unbid_majors
                    )
                ),
            )
    if theirs != NT:

        def stop(f: Facts) -> bool:
            return f.stopper(theirs)

        nt1, nt2 = ctx.cheapest(NT), None
        if nt1 is not None and nt1.level == 1:
            rules += _r(nt1, _m("stopper_8_10"), (8, 10), test=stop)
            nt2 = Call("2NT")
        elif nt1 is not None and nt1.level == 2:
            nt2 = nt1
        if nt2 is not None:
            rules += _r(nt2, _m("stopper_11_12"), (11, 12), test=stop)
        rules += _r(
            "3NT",
            _m("stopper_13_16"),
            (13, 16),
            test=lambda f: stop(f) and f.balanced,
            to_play=True,
        )
    for suit in (3, 2, 1, 0):
        if suit in (m, theirs):
            continue
        call = ctx.cheapest(suit)
        if call is None or call.level > 3:
            continue
        lo = 6 if call.level == 1 else 10 if call.level == 2 else 12
        rules += _r(
            call,
            _m("five_or_more", suit=Strain(suit)),
            (lo, 37),
            lengths={suit: (5, 13)},
            test=_for_suit(
                suit,
                lambda f, s: (
                    f.len(s) == max(f.lengths[x] for x in range(4) if x not in (m, theirs))
                ),
            ),
        )
    if theirs == NT:
        rules += _r("X", _m("penalty_their_nt"), (9, 37))
    rules += _r("P", _m("nothing_over_their_bid"), (0, 12))
    return rules


# --- notrump openings -------------------------------------------------------------


def _responses_to_nt(ctx: Context) -> list[Rule]:
    """Partner opened 1NT (15-17) or 2NT (20-21); the right-hand opponent passed."""
    opening = ctx.opening
    assert opening is not None

    def four_major(f: Facts) -> bool:
        return f.len(2) == 4 or f.len(3) == 4

    def no_major(f: Facts) -> bool:
        return f.len(2) < 4 and f.len(3) < 4

    rules: list[Rule] = []
    if opening.level == 1:
        rules += _r(
            "7NT",
            _m("nt_grand"),
            (22, 37),
            balanced=True,
            to_play=True,
        )
        rules += _r(
            "6NT",
            _m("nt_small"),
            (18, 21),
            test=lambda f: f.len(2) < 5 and f.len(3) < 5,
            to_play=True,
        )
        rules += _r("4NT", _m("nt_slam_invite_16"), (16, 17), balanced=True, test=no_major)
        rules += _r(
            "2C",
            _m("stayman"),
            (8, 37),
            test=four_major,
            forcing=True,
        )
        for suit in (3, 2):
            rules += _r(
                _bid(4, suit),
                _m("six_game", suit=Strain(suit)),
                (10, 15),
                lengths={suit: (6, 13)},
                to_play=True,
            )
            rules += _r(
                _bid(3, suit),
                _m("five_game_forcing", suit=Strain(suit)),
                (10, 37),
                lengths={suit: (5, 13)},
                test=_for_suit(suit, lambda f, s: f.len(s) >= f.len(5 - s)),
                forcing=True,
            )
        rules += _r(
            "3NT",
            _m("nt_game_no_major"),
            (10, 15),
            test=lambda f: f.len(2) < 5 and f.len(3) < 5,
            to_play=True,
        )
        rules += _r("2NT", _m("nt_invite"), (8, 9), test=lambda f: f.len(2) < 5 and f.len(3) < 5)
        for suit in (3, 2, 1):
            rules += _r(
                _bid(2, suit),
                _m("weak_takeout", suit=Strain(suit)),
                (0, 7),
                lengths={suit: (5, 13)},
                test=_for_suit(suit, lambda f, s: f.len(s) == max(f.lengths[1:])),
                to_play=True,
            )
        rules += _r("P", _m("nt_to_play_0_7", contract=Call("1NT")), (0, 7), to_play=True)
    else:
        rules += _r("6NT", _m("nt2_slam", contract=Call("2NT")), (13, 15), to_play=True)
        rules += _r("4NT", _m("nt_slam_invite_11"), (11, 12), balanced=True)
        rules += _r(
            "3C",
            _m("stayman"),
            (4, 37),
            test=four_major,
            forcing=True,
        )
        for suit in (3, 2):
            rules += _r(
                _bid(3, suit),
                _m("five_forcing", suit=Strain(suit)),
                (4, 37),
                lengths={suit: (5, 13)},
                forcing=True,
            )
        rules += _r("3NT", _m("nt2_game"), (4, 10), to_play=True)
        rules += _r("P", _m("nt_to_play_0_3", contract=Call("2NT")), (0, 3), to_play=True)
    return rules


def _nt_opener_rebid(ctx: Context) -> list[Rule] | None:
    """Opener's second call after 1NT or 2NT and an uncontested response."""
    opening = ctx.opening
    resp = ctx.partner_last
    assert opening is not None
    if resp is None or not resp.is_bid:
        return None
    one = opening.level == 1
    stayman = Call("2C") if one else Call("3C")
    if resp == stayman:
        lvl = opening.level + 1
        return (
            _r(_bid(lvl, 2), _m("stayman_hearts"), (0, 37), lengths={2: (4, 13)})
            + _r(
                _bid(lvl, 3),
                _m("stayman_spades"),
                (0, 37),
                lengths={3: (4, 13), 2: (0, 3)},
            )
            + _r(
                _bid(lvl, 1),
                _m("stayman_none"),
                (0, 37),
                lengths={2: (0, 3), 3: (0, 3)},
            )
        )
    assert resp.strain is not None
    if (resp.level == 3 and resp.strain in (H, S) and one) or (
        not one and resp.level == 3 and resp.strain in (H, S)
    ):
        s = int(resp.strain)
        return _r(_bid(4, s), _m("major_fit_game"), lengths={s: (3, 13)}, to_play=True) + _r(
            "3NT", _m("major_no_fit_game"), lengths={s: (0, 2)}, to_play=True
        )
    if resp == Call("2NT") and one:
        return _r("3NT", _m("accept_maximum"), (16, 17), to_play=True) + _r(
            "P", _m("decline_minimum"), (15, 15), to_play=True
        )
    if resp == Call("4NT"):
        top = 17 if one else 21
        return _r("6NT", _m("accept_slam"), (top, top + 1), to_play=True) + _r(
            "P", _m("decline_slam"), to_play=True
        )
    return _r("P", _m("placed"), to_play=True)


def _after_stayman(ctx: Context) -> list[Rule] | None:
    """Responder's second call after partner's notrump, his Stayman and the answer."""
    opening = ctx.opening
    mine = ctx.bids_of(ctx.seat)
    answer = ctx.partner_last
    assert opening is not None
    if answer is None or not answer.is_bid or answer.strain is None:
        return None
    one = opening.level == 1
    if not (mine and mine[0] == (Call("2C") if one else Call("3C"))):
        return None
    rules: list[Rule] = []
    if answer.strain in (H, S):
        s = int(answer.strain)
        if one:
            rules += _r(
                _bid(4, s),
                _m("stayman_fit_game"),
                (10, 15),
                lengths={s: (4, 13)},
                to_play=True,
            )
            rules += _r(_bid(3, s), _m("stayman_fit_invite"), (8, 9), lengths={s: (4, 13)})
        else:
            rules += _r(_bid(4, s), _m("fit_game"), (4, 12), lengths={s: (4, 13)}, to_play=True)
    if one:
        rules += _r("3NT", _m("no_fit_game_10_15"), (10, 15), to_play=True)
        rules += _r("2NT", _m("no_fit_invite"), (8, 9))
    else:
        rules += _r("3NT", _m("no_fit_game"), (4, 12), to_play=True)
    return rules


def _nt_opener_third(ctx: Context) -> list[Rule] | None:
    """Opener after 1NT - 2C - answer - invitation or game by responder."""
    opening = ctx.opening
    calls = ctx.bids_of(ctx.partner)
    if opening is None or len(calls) < 2 or calls[0] != Call("2C") or opening.level != 1:
        return None
    last = calls[-1]

    def spades(f: Facts) -> bool:
        return f.len(3) >= 4

    mine = ctx.bids_of(ctx.seat)
    answer = mine[1] if len(mine) > 1 else None
    if last == Call("2NT") and answer == Call("2H"):
        return (
            _r("4S", _m("spades_maximum"), (16, 17), test=spades, to_play=True)
            + _r("3S", _m("spades_minimum"), (15, 15), test=spades, to_play=True)
            + _r("3NT", _m("accept_maximum"), (16, 17), to_play=True)
            + _r("P", _m("decline_minimum"), (15, 15), to_play=True)
        )
    if last == Call("2NT"):
        return _r("3NT", _m("accept_maximum"), (16, 17), to_play=True) + _r(
            "P", _m("decline_minimum"), (15, 15), to_play=True
        )
    if last == Call("3NT") and answer == Call("2H"):
        return _r("4S", _m("spades_after_stayman"), test=spades, to_play=True) + _r(
            "P", _m("placed"), to_play=True
        )
    if last.level == 3 and last.strain in (H, S):
        return _r(_bid(4, int(last.strain)), _m("accept_maximum"), (16, 17), to_play=True) + _r(
            "P", _m("decline_minimum"), (15, 15), to_play=True
        )
    return _r("P", _m("placed"), to_play=True)


# --- strong two clubs, weak twos, pre-empts -----------------------------------------------


def _two_club_sequence(ctx: Context) -> list[Rule] | None:
    opening = ctx.opening
    if opening != Call("2C") or ctx.opener is None:
        return None
    opener = ctx.opener
    if ctx.seat == opener.partner and not ctx.bids_of(ctx.seat) and ctx.last_bid == Call("2C"):
        return _r("2D", _m("waiting"), forcing=True)
    if ctx.seat == opener and len(ctx.bids_of(ctx.seat)) == 1 and ctx.partner_last == Call("2D"):
        rules = _r("2NT", _m("balanced_22_24"), (22, 24), balanced=True) + _r(
            "3NT", _m("balanced_25_27"), (25, 27), balanced=True, to_play=True
        )
        for suit in (3, 2, 1, 0):
            call = ctx.cheapest(suit)
            rules += _r(
                call,
                _m("long_suit_game_forcing", suit=Strain(suit)),
                (22, 37),
                lengths={suit: (5, 13)},
                test=_for_suit(suit, lambda f, s: f.longest == s),
                forcing=True,
            )
        return rules
    return None


def _responses_to_preempt(ctx: Context) -> list[Rule]:
    opening = ctx.opening
    assert opening is not None and opening.strain is not None
    if opening.strain is NT:
        return _r("P", _m("partner_nt_to_play"), to_play=True)
    s = int(opening.strain)
    rules: list[Rule] = []
    if s >= 2:
        rules += _r(
            _bid(4, s), _m("fit_enough_for_game"), (14, 37), lengths={s: (2, 13)}, to_play=True
        )
        if opening.level == 2:
            rules += _r(
                _bid(3, s),
                _m("raise_preempt"),
                (0, 13),
                lengths={s: (3, 13)},
                to_play=True,
            )
    rules += _r(
        "3NT",
        _m("stoppers_game"),
        (16, 37),
        test=lambda f: f.balanced and sum(f.stopper(x) for x in range(4) if x != s) >= 2,
        to_play=True,
    )
    rules += _r("P", _m("partner_preempt_to_play"), (0, 15), to_play=True)
    return rules


# --- opener's rebid -----------------------------------------------------------------


def _opener_rebid(ctx: Context) -> list[Rule] | None:
    opening = ctx.opening
    resp = ctx.partner_last
    assert opening is not None and opening.strain is not None
    if resp is None or not resp.is_bid or resp.strain is None:
        return None
    m = int(opening.strain)
    r = resp.strain
    rules: list[Rule] = []

    def lp(f: Facts) -> int:
        return f.length_points

    if r == opening.strain:  # a raise
        if resp.level == 2:
            if m >= 2:
                rules += _r(
                    _bid(4, m),
                    _m("after_raise_game"),
                    (16, 21),
                    test=lambda f: lp(f) >= 18,
                    to_play=True,
                )
                rules += _r(
                    _bid(3, m),
                    _m("after_raise_invite"),
                    (14, 18),
                    test=lambda f: 15 <= lp(f) <= 17,
                )
            else:
                rules += _r(
                    "3NT",
                    _m("after_raise_balanced"),
                    (18, 21),
                    balanced=True,
                    to_play=True,
                )
            rules += _r("P", _m("after_raise_minimum"), (10, 15), to_play=True)
            return rules
        if resp.level == 3:
            if m >= 2:
                rules += _r(
                    _bid(4, m),
                    _m("accept_partner"),
                    (13, 21),
                    test=lambda f: lp(f) >= 14,
                    to_play=True,
                )
            else:
                rules += _r(
                    "3NT",
                    _m("accept_in_nt"),
                    (13, 21),
                    test=lambda f: sum(f.stopper(x) for x in range(4) if x != m) >= 2,
                    to_play=True,
                )
                rules += _r(_bid(5, m), _m("accept_in_minor"), (15, 21), to_play=True)
            rules += _r("P", _m("decline_partner"), (10, 14), to_play=True)
            return rules
        return _r("P", _m("placed"), to_play=True)
    if r == NT:
        if resp.level == 1:
            rules += _r("2NT", _m("balanced_18_19_invite"), (18, 19), balanced=True)
            rules += _r(
                _bid(3, m),
                _m("long_suit_invite"),
                (15, 18),
                lengths={m: (6, 13)},
                test=lambda f: lp(f) >= 17,
            )
            rules += _r(
                _bid(2, m), _m("six_card_minimum"), (10, 15), lengths={m: (6, 13)}, to_play=True
            )
            for suit in (3, 2, 1, 0):
                if suit == m:
                    continue
                call = ctx.cheapest(suit)
                if call is None or call.level > 2:
                    continue
                reverse = suit > m
                rules += _r(
                    call,
                    _m("reverse" if reverse else "second_suit", suit=Strain(suit)),
                    (17, 21) if reverse else (10, 18),
                    lengths={suit: (4, 13)},
                )
            rules += _r("P", _m("minimum_balanced"), (10, 17), to_play=True)
            return rules
        if resp.level == 2:
            return _r("3NT", _m("accept"), (14, 21), to_play=True) + _r(
                "P", _m("decline"), (10, 13), to_play=True
            )
        return _r("P", _m("placed"), to_play=True)
    # a new suit by partner
    p = int(r)
    if resp.level == 1 or (resp.level == 2 and p < m):
        if p >= 2:
            rules += _r(
                _bid(4, p),
                _m("support_game"),
                (16, 21),
                lengths={p: (4, 13)},
                test=lambda f: f.support_points(p) >= 19,
                to_play=True,
            )
            rules += _r(
                _bid(3, p),
                _m("support_invite"),
                (14, 19),
                lengths={p: (4, 13)},
                test=lambda f: 16 <= f.support_points(p) <= 18,
            )
            rules += _r(
                ctx.cheapest(p),
                _m("support_minimum"),
                (10, 16),
                lengths={p: (4, 13)},
                test=lambda f: f.support_points(p) <= 15,
            )
        if resp.level == 1:
            rules += _r(
                "1S",
                _m("spades_second_suit"),
                (10, 18),
                lengths={3: (4, 13)},
                test=lambda f: m < 3 and p < 3,
            )
            rules += _r("2NT", _m("balanced_18_19"), (18, 19), balanced=True)
            rules += _r("1NT", _m("balanced_12_14"), (10, 14), balanced=True, to_play=True)
        else:
            rules += _r("3NT", _m("balanced_18_19"), (18, 19), balanced=True, to_play=True)
            rules += _r("2NT", _m("balanced_12_14"), (10, 14), balanced=True)
            if p < 2:
                rules += _r(_bid(3, p), _m("support_minor"), (10, 21), lengths={p: (4, 13)})
        jump = _bid((ctx.cheapest(m) or Call.bid(7, NT)).level + 1, m)
        rules += _r(
            jump,
            _m("jump_rebid_invite"),
            (15, 18),
            lengths={m: (6, 13)},
            test=lambda f: lp(f) >= 17,
        )
        rules += _r(ctx.cheapest(m), _m("rebid_six"), (10, 16), lengths={m: (6, 13)})
        for suit in (3, 2, 1, 0):
            if suit in (m, p):
                continue
            call = ctx.cheapest(suit)
            if call is None or call.level > 2:
                continue
            reverse = call.level == 2 and suit > m
            rules += _r(
                call,
                _m("reverse" if reverse else "second_suit", suit=Strain(suit)),
                (17, 21) if reverse else (10, 18),
                lengths={suit: (4, 13)},
            )
        rules += _r(ctx.cheapest(m), _m("rebid_suit"), (10, 21), lengths={m: (5, 13)})
        rules += _r(ctx.cheapest(NT), _m("no_better"), (10, 21))
        return rules
    # partner's new suit at the two level above my suit (or a jump): game forcing
    if p >= 2 or resp.level >= 2:
        rules += _r(
            _bid(max(3, resp.level + 1), p) if resp.level >= 2 else None,
            _m("support_suit"),
            (10, 21),
            lengths={p: (3 if p >= 2 else 4, 13)},
        )
    rules += _r(ctx.cheapest(m), _m("rebid_six"), (10, 21), lengths={m: (6, 13)})
    rules += _r(ctx.cheapest(NT), _m("balanced_no_fit"), (10, 21), balanced=True)
    rules += _r(ctx.cheapest(m), _m("rebid_suit"), (10, 21), lengths={m: (5, 13)})
    return rules


# --- competition: overcalls, doubles, advances -------------------------------------------------


def _overcalls(ctx: Context) -> list[Rule]:
    """The opponents opened; neither I nor partner has bid."""
    last = ctx.last_bid
    assert last is not None and last.strain is not None
    theirs = ctx.suits_bid_by([ctx.lho, ctx.rho])
    balancing = (
        len(ctx.bids) == 1
        and ctx.rho_call is not None
        and ctx.rho_call.is_pass
        and ctx.partner_last is not None
        and ctx.partner_last.is_pass
    )
    shift = 3 if balancing else 0
    rules: list[Rule] = []
    if last.strain == NT:
        rules += _r(
            "X",
            _m("penalty_their_nt_strong"),
            (15 - shift, 37),
            test=lambda f: last.level == 1,
        )
        for suit in (3, 2, 1, 0):
            call = ctx.cheapest(suit)
            if call is None or call.level > 3:
                continue
            rules += _r(
                call,
                _m("long_suit", suit=Strain(suit)),
                (8 - shift, 15),
                lengths={suit: (6 if call.level >= 3 else 5, 13)},
                test=_for_suit(suit, lambda f, s: f.longest == s),
            )
        rules += _r("P", _m("no_reason_to_enter"), (0, 17))
        return rules
    t = int(last.strain)
    if last.level == 1:
        rules += _r(
            "1NT",
            _m("overcall_1nt"),
            (15 - shift, 18 - shift),
            balanced=True,
            test=lambda f: f.stopper(t),
        )
    unbid = [s for s in range(4) if s not in theirs]

    def takeout(f: Facts) -> bool:
        return (
            f.len(t) <= 2
            and all(f.len(s) >= 3 for s in unbid if s >= 2)
            and sum(f.len(s) >= 3 for s in unbid) >= 2
        )

    def strong_x(f: Facts) -> bool:
        return f.hcp >= 17

    rules += _r("X", _m("takeout_double"), (17, 37), test=strong_x)
    for suit in (3, 2, 1, 0):
        if suit in theirs:
            continue
        call = ctx.cheapest(suit)
        if call is None or call.level > 3:
            continue
        lo = (8 if call.level == 1 else 11 if call.level == 2 else 13) - shift
        rules += _r(
            call,
            _m("overcall", suit=Strain(suit)),
            (lo, 17),
            lengths={suit: (5 if call.level == 1 else 6 if call.level >= 3 else 5, 13)},
            test=_for_suit(
                suit,
                lambda f, s: f.len(s) == max(f.lengths[x] for x in unbid) and f.suit_hcp(s) >= 3,
            ),
        )
    rules += _r(
        "X",
        _m("takeout_double"),
        (12 - shift + (1 if last.level >= 2 else 0), 37),
        test=takeout,
    )
    rules += _r(
        "3NT",
        _m("stopper_over_preempt"),
        (16, 21),
        test=lambda f: last.level >= 2 and f.stopper(t) and f.balanced,
    )
    rules += _r("P", _m("not_enough_to_enter"), (0, 16 - shift))
    return rules


def _advances(ctx: Context) -> list[Rule] | None:
    """Partner overcalled or doubled the opponents' opening; my first call."""
    pcalls = ctx.calls_of(ctx.partner)
    if not pcalls:
        return None
    pc = [c for c in pcalls if not c.is_pass]
    if len(pc) != 1:
        return None
    theirs = ctx.suits_bid_by([ctx.lho, ctx.rho])
    rho = ctx.rho_call
    rules: list[Rule] = []
    if pc[0].is_double:
        if rho is not None and not rho.is_pass:
            return None
        unbid = [s for s in range(4) if s not in theirs]
        majors = [s for s in unbid if s >= 2]
        t = theirs[0] if theirs else 0
        for suit in majors:
            rules += _r(
                _bid(4, suit),
                _m("four_game", suit=Strain(suit)),
                (12, 37),
                lengths={suit: (4, 13)},
                test=_for_suit(suit, lambda f, s: f.len(s) >= max(f.len(x) for x in majors)),
                to_play=True,
            )
        rules += _r(
            "3NT",
            _m("stopper_game"),
            (12, 37),
            test=lambda f: f.stopper(t),
            to_play=True,
        )
        for suit in sorted(unbid, key=lambda s: -s):
            call = ctx.cheapest(suit)
            if call is None:
                continue
            jump = _bid(call.level + 1, suit)
            rules += _r(
                jump,
                _m("four_jump", suit=Strain(suit)),
                (9, 11),
                lengths={suit: (4, 13)},
                test=_for_suit(suit, lambda f, s: _best_unbid(f, unbid) == s),
            )
        nt = ctx.cheapest(NT)
        if nt is not None and nt.level == 1:
            rules += _r(
                nt,
                _m("advance_1nt"),
                (6, 10),
                test=lambda f: f.stopper(t) and all(f.len(s) < 4 for s in majors),
            )
        for suit in sorted(unbid, key=lambda s: -s):
            call = ctx.cheapest(suit)
            rules += _r(
                call,
                _m("answer_double", suit=Strain(suit)),
                (0, 11),
                test=_for_suit(suit, lambda f, s: _best_unbid(f, unbid) == s),
                to_play=True,
            )
        return rules
    bid = pc[0]
    if not bid.is_bid or bid.strain is None:
        return None
    p = int(bid.strain)
    t = theirs[0] if theirs else 0
    if bid.strain != NT:
        raise_ = ctx.cheapest(p)
        if p >= 2:
            rules += _r(
                _bid(4, p),
                _m("advance_game"),
                (12, 37),
                lengths={p: (3, 13)},
                test=lambda f: f.support_points(p) >= 13,
                to_play=True,
            )
        if raise_ is not None and raise_.level <= 2:
            jump = _bid(raise_.level + 1, p)
            rules += _r(
                jump,
                _m("advance_invite"),
                (9, 12),
                lengths={p: (3, 13)},
                test=lambda f: 11 <= f.support_points(p) <= 12,
            )
            rules += _r(
                raise_,
                _m("advance_raise"),
                (6, 10),
                lengths={p: (3, 13)},
                test=lambda f: 8 <= f.support_points(p) <= 10,
                to_play=True,
            )
    nt = ctx.cheapest(NT)
    if nt is not None and nt.level <= 2:
        rules += _r(
            "3NT",
            _m("stopper_15"),
            (15, 37),
            test=lambda f: f.stopper(t),
            to_play=True,
        )
        rules += _r(nt, _m("stopper_8_11"), (8, 11), test=lambda f: f.stopper(t))
    for suit in (3, 2, 1, 0):
        if suit in theirs or suit == p:
            continue
        call = ctx.cheapest(suit)
        if call is None or call.level > 2:
            continue
        rules += _r(
            call,
            _m("five_or_more", suit=Strain(suit)),
            (10 if call.level == 2 else 8, 37),
            lengths={suit: (5, 13)},
        )
    rules += _r("P", _m("nothing_to_add_partner"), (0, 12), to_play=True)
    return rules


def _best_unbid(f: Facts, unbid: Sequence[int]) -> int:
    """The suit to bid for partner's takeout double: a four-card major first, else the longest."""
    majors = [s for s in unbid if s >= 2 and f.len(s) >= 4]
    if majors:
        return max(majors, key=lambda s: (f.len(s), s))
    return max(unbid, key=lambda s: (f.len(s), s))


# --- slam: Blackwood ---------------------------------------------------------------------


def _agreed_suit(ctx: Context) -> int | None:
    """A suit both partners have bid (the last such), if any."""
    mine = {
        int(c.strain) for c in ctx.bids_of(ctx.seat) if c.strain is not None and c.strain is not NT
    }
    his = [
        int(c.strain)
        for c in ctx.bids_of(ctx.partner)
        if c.strain is not None and c.strain is not NT
    ]
    for s in reversed(his):
        if s in mine:
            return s
    return None


def _is_blackwood(ctx: Context, call: Call, seat: Seat) -> bool:
    """4NT asks for aces unless it raises partner's notrump (then it invites 6NT)."""
    if call != Call("4NT"):
        return False
    before = [c for s, c in ctx.calls if s == seat.partner and c.is_bid]
    return not (before and before[-1].strain == NT)


def _blackwood(ctx: Context) -> list[Rule] | None:
    calls = ctx.calls
    if not calls:
        return None
    # answering partner's 4NT
    pl = ctx.partner_last
    if pl == Call("4NT") and ctx.last_bid == Call("4NT") and _is_blackwood(ctx, pl, ctx.partner):
        return (
            _r(
                "5C",
                _m("blackwood_0"),
                test=lambda f: f.aces in (0, 4),
                forcing=True,
            )
            + _r("5D", _m("blackwood_1"), test=lambda f: f.aces == 1, forcing=True)
            + _r("5H", _m("blackwood_2"), test=lambda f: f.aces == 2, forcing=True)
            + _r("5S", _m("blackwood_3"), test=lambda f: f.aces == 3, forcing=True)
        )
    return None


def _after_blackwood(ctx: Context, f: Facts, partner: HandLimits) -> Decision | None:
    """The asker places the contract from partner's aces."""
    mine = ctx.calls_of(ctx.seat)
    if not mine or mine[-1] != Call("4NT") or not _is_blackwood(ctx, mine[-1], ctx.seat):
        return None
    answer = ctx.partner_last
    if answer is None or not answer.is_bid or answer.level != 5 or answer.strain is NT:
        return None
    assert answer.strain is not None
    his = {C: 0, D: 1, H: 2, S: 3}[answer.strain]
    if (his == 0 and f.aces + partner.hcp[0] // 4 >= 4) or (his == 0 and partner.hcp[0] >= 13):
        his = 4
    aces = f.aces + his
    trump = _agreed_suit(ctx)
    strain = Strain(trump) if trump is not None else NT
    if aces <= 2:
        call = Call.bid(5, strain)
        if call.index <= answer.index:
            call = Call.bid(6, strain) if aces >= 3 else Call.PASS
        if call == Call.PASS or call == answer:
            return _say(Call.PASS, "aces_missing_pass", contract=answer)
        return _say(call, "aces_missing")
    combined = f.hcp + partner.hcp[0]
    if aces == 4 and combined >= 36:
        call = Call.bid(7, strain)
        return _say(call, "grand_slam", points=combined)
    call = Call.bid(6, strain)
    return _say(call, "small_slam", aces=aces)


# --- the situations ----------------------------------------------------------------


def candidates(ctx: Context) -> list[Rule]:
    """The candidate calls of the system for ``ctx.seat`` now, in order of preference."""
    if not ctx.bids:
        return _openings(ctx)
    bw = _blackwood(ctx)
    if bw is not None:
        return bw
    opener = ctx.opener
    opening = ctx.opening
    assert opener is not None and opening is not None and opening.strain is not None
    mine = ctx.bids_of(ctx.seat)
    my_calls = [c for c in ctx.calls_of(ctx.seat) if not c.is_pass]
    two_clubs = _two_club_sequence(ctx)
    if two_clubs is not None:
        return two_clubs
    only_opening = len(ctx.bids) == 1 and not any(
        c.is_double or c.is_redouble for _, c in ctx.calls
    )
    if ctx.ours(opener):
        rho = ctx.rho_call
        uncontested = all(ctx.ours(s) or c.is_pass for s, c in ctx.calls)
        if ctx.seat == opener.partner and not my_calls:
            if opening.strain == NT and opening.level <= 2:
                if uncontested:
                    return _responses_to_nt(ctx)
                return _nt_competition(ctx)
            if opening.level == 1:
                if uncontested or (rho is not None and rho.is_double and len(ctx.bids) == 1):
                    return _responses_to_one(ctx)
                return _responses_after_overcall(ctx)
            if opening != Call("2C") and only_opening:
                return _responses_to_preempt(ctx)
            return []
        if ctx.seat == opener and len(mine) == 1 and len(my_calls) == 1 and uncontested:
            if opening.strain == NT:
                return _nt_opener_rebid(ctx) or []
            if opening.level == 1:
                return _opener_rebid(ctx) or []
            return _r("P", _m("partner_decided"), to_play=True)
        if uncontested and opening.strain == NT and ctx.seat == opener.partner and len(mine) == 1:
            return _after_stayman(ctx) or []
        if uncontested and opening.strain == NT and ctx.seat == opener and len(mine) == 2:
            return _nt_opener_third(ctx) or []
        return []
    # the opponents opened
    if not my_calls and not [c for c in ctx.calls_of(ctx.partner) if not c.is_pass]:
        if (
            opening.level <= 4
            and ctx.last_bidder in (ctx.lho, ctx.rho)
            and ctx.doubled == 0
            and len(ctx.bids) <= 2
            and not [c for s, c in ctx.calls if ctx.ours(s) and not c.is_pass]
            and (len(ctx.suits_bid_by([ctx.lho, ctx.rho])) <= 1 or ctx.bids[-1][0] == ctx.opener)
        ):
            return _overcalls(ctx)
        return []
    if not my_calls:
        return _advances(ctx) or []
    return []


def _nt_competition(ctx: Context) -> list[Rule]:
    """Partner opened notrump and the right-hand opponent came in."""
    last = ctx.last_bid
    assert last is not None and last.strain is not None
    rules: list[Rule] = []
    t = int(last.strain) if last.strain is not NT else None
    rules += _r(
        "X",
        _m("penalty_double"),
        (8, 37),
        test=lambda f: t is None or f.len(t) >= 4 or (f.len(t) >= 3 and f.suit_hcp(t) >= 4),
    )
    rules += _r(
        "3NT",
        _m("stopper_game_short"),
        (10, 15),
        test=lambda f: t is None or f.stopper(t),
        to_play=True,
    )
    for suit in (3, 2):
        if suit == t:
            continue
        rules += _r(
            _bid(4, suit),
            _m("six_game", suit=Strain(suit)),
            (8, 15),
            lengths={suit: (6, 13)},
            to_play=True,
        )
    for suit in (3, 2, 1, 0):
        if suit == t:
            continue
        call = ctx.cheapest(suit)
        if call is None or call.level > 3:
            continue
        rules += _r(
            call,
            _m("five_to_play", suit=Strain(suit)),
            (0, 9),
            lengths={suit: (5, 13)},
            test=_for_suit(suit, lambda f, s: f.len(s) == max(f.lengths)),
            to_play=True,
        )
    rules += _r("P", _m("nothing_to_add"), (0, 9))
    return rules


# --- reading the auction backwards -----------------------------------------------------------


def _context_of(view: View) -> Context:
    return Context(view.seat, view.dealer, tuple(view.calls))


def infer_calls(calls: Sequence[tuple[Seat, Call]], dealer: Seat) -> list[HandLimits]:
    """The limits each seat's calls showed by this system (N, E, S, W), intersected over its calls.

    A call the system does not explain shows nothing; a call that contradicts
    the seat's earlier calls replaces them (someone is not playing the system).
    """
    out = [NO_LIMITS] * 4
    calls = tuple(calls)
    for i, (seat, _) in enumerate(calls):
        shown = _shows(calls, dealer, i)
        if shown is None:
            continue
        shows = shown[0]
        both = out[seat] & shows
        if both.hcp[0] > both.hcp[1] or any(lo > hi for lo, hi in both.lengths):
            out[seat] = shows
        else:
            out[seat] = both
    return out


def infer(view: View) -> list[HandLimits]:
    """What each seat's calls in ``view`` showed (N, E, S, W)."""
    return infer_calls(view.calls, view.dealer)


def _shows(
    calls: Sequence[tuple[Seat, Call]], dealer: Seat, index: int
) -> tuple[HandLimits, bool, list[Message]] | None:
    """What call ``index`` shows by the system (the union of its candidates' limits), whether
    every candidate with that call is forcing, and the candidates' explanations; ``None`` when
    the system does not explain the call."""
    seat, call = calls[index]
    ctx = Context(seat, dealer, tuple(calls[:index]))
    shows: HandLimits | None = None
    forcing = True
    whys: list[Message] = []
    for rule in candidates(ctx):
        if rule.call == call:
            shows = rule.limits if shows is None else shows | rule.limits
            forcing = forcing and rule.forcing
            whys.append(rule.why)
    return None if shows is None else (shows, forcing, whys)


#: Names of the system's conventional calls whose own explanation tells the caller's hand.
CONVENTIONS = {
    "robot.bid.open_2c": "robot.meaning.strong_two_clubs",
    "robot.bid.stayman": "robot.meaning.stayman",
    "robot.bid.negative_double": "robot.meaning.negative_double",
    "robot.bid.takeout_double": "robot.meaning.takeout_double",
    "robot.bid.blackwood": "robot.meaning.blackwood",
    "robot.bid.penalty_their_nt": "robot.meaning.penalty_double",
    "robot.bid.penalty_their_nt_strong": "robot.meaning.penalty_double",
    "robot.bid.penalty_double": "robot.meaning.penalty_double",
    "robot.bid.penalty_between_us": "robot.meaning.penalty_double",
}
#: Placeholders that tell what the caller holds: an explanation with one is not shown to others.
_PRIVATE = ("{hcp", "{lp", "{points", "{aces", "{cards")


def _public(why: Message) -> Message | None:
    """The part of a rule's explanation others may be told: the explanation itself when it says
    nothing of the caller's own hand, else the convention's name, if it has one."""
    if not any(p in catalogue(DEFAULT_LANGUAGE)[why.key] for p in _PRIVATE):
        return why
    name = CONVENTIONS.get(why.key)
    return Message(name) if name is not None else None


def explain_call(calls: Sequence[tuple[Seat, Call]], dealer: Seat, index: int) -> Texts:
    """What call ``index`` of an auction means in this system, in every language: the
    explanation a player may ask for of a robot's call (its agreed meaning, not its hand).

    >>> from bridgeroom.rules import Call, Seat
    >>> print(explain_call([(Seat.NORTH, Call("1NT"))], Seat.NORTH, 0).render("en"))
    15-17 points, balanced
    >>> print(explain_call([(Seat.NORTH, Call("1NT"))], Seat.NORTH, 0).render("ru"))
    15-17 очков, равномерный расклад
    >>> print(explain_call([(Seat.NORTH, Call("1S"))], Seat.NORTH, 0).render("en"))  # rule of 20
    10-21 points, 5+ ♠
    """
    shown = _shows(calls, dealer, index)
    if shown is None:
        seat, call = calls[index]
        ctx = Context(seat, dealer, tuple(calls[:index]))
        # calls outside the candidate rules place the contract, or ask for aces (docs/bidding.md)
        key = (
            "robot.meaning.blackwood" if _is_blackwood(ctx, call, seat) else "robot.meaning.natural"
        )
        return Texts(**{lang: Message(key).render(lang) for lang in LANGUAGES})
    limits, forcing, whys = shown
    lo, hi = limits.hcp
    parts: list[Message | str] = []
    names = {_public(why) for why in whys}
    said = names.pop() if len(names) == 1 else None
    if said is not None and said.key.startswith("robot.bid."):
        # the rule's own words say what the call shows
        parts.append(said)
        if forcing:
            parts.append(Message("robot.meaning.forcing"))
        return Texts(**{lang: ", ".join(p.render(lang) for p in parts) for lang in LANGUAGES})  # type: ignore[union-attr]
    if said is not None:
        parts.append(said)  # the convention's name
    if lo > 0 and hi < 37:
        parts.append(Message("robot.meaning.points", lo=lo, hi=hi))
    elif lo > 0:
        parts.append(Message("robot.meaning.at_least", lo=lo))
    elif hi < 37:
        parts.append(Message("robot.meaning.at_most", hi=hi))
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        least, most = limits.lengths[suit]
        if least > 0 and most < 13:
            parts.append(f"{least}-{most} {suit.symbol}")
        elif least > 0:
            parts.append(f"{least}+ {suit.symbol}")
        elif most < 13:
            parts.append(f"≤{most} {suit.symbol}")
    if limits.balanced:
        parts.append(Message("robot.meaning.balanced"))
    if forcing:
        parts.append(Message("robot.meaning.forcing"))
    if not parts:
        parts.append(Message("robot.meaning.natural"))

    def render(lang: str) -> str:
        return ", ".join(p if isinstance(p, str) else p.render(lang) for p in parts)

    return Texts(**{lang: render(lang) for lang in LANGUAGES})


# --- placing the contract ----------------------------------------------------------------------


@dataclass(frozen=True)
class Partnership:
    """What a bidder knows of his side: his hand and partner's shown limits."""

    facts: Facts
    partner: HandLimits

    @property
    def low(self) -> int:
        return self.facts.hcp + self.partner.hcp[0]

    @property
    def high(self) -> int:
        return self.facts.hcp + min(self.partner.hcp[1], 40 - self.facts.hcp)

    @property
    def expected(self) -> float:
        """My points plus partner's expected ones: near the bottom of his range (ranges are lopsided)."""
        lo, hi = self.partner.hcp
        hi = min(hi, 40 - self.facts.hcp)
        return self.facts.hcp + lo + min(max(hi - lo, 0), 10) * 0.3

    def partner_length(self, suit: int) -> float:
        """Partner's length: what he showed, at least his share of the cards I do not hold."""
        lo = self.partner.lengths[suit][0]
        share = (13 - self.facts.len(suit)) / 3
        return max(lo, min(share, self.partner.lengths[suit][1]))

    def fit(self, suit: int) -> float:
        return self.facts.len(suit) + self.partner_length(suit)

    def best_strain(self) -> tuple[Strain, float]:
        """An eight-card major fit, else notrump if I am not short, else the longest fit."""
        fits = [(self.fit(s), s) for s in range(4)]
        majors = [x for x in fits if x[1] >= 2 and x[0] >= 8]
        if majors:
            n, s = max(majors)
            return Strain(s), n
        f = self.facts
        if min(f.lengths) >= 2 or self.partner.balanced:
            return NT, 0
        n, s = max(fits)
        if n >= 8:
            return Strain(s), n
        return NT, 0


def partnership_view(view: View) -> Partnership:
    assert view.hand is not None
    return Partnership(Facts(view.hand.mask), infer(view)[view.seat.partner])


def _level_for(points: float, strain: Strain) -> int:
    """The level the partnership's points are worth in ``strain`` (0: not our hand)."""
    if points >= 37:
        return 7
    if points >= 33:
        return 6
    if strain is NT:
        return 3 if points >= 25 else 2 if points >= 23 else 1 if points >= 20 else 0
    if strain in (H, S):
        return 4 if points >= 25 else 3 if points >= 23 else 2 if points >= 20 else 0
    return 5 if points >= 28 else 3 if points >= 23 else 2 if points >= 20 else 0


def place(ctx: Context, f: Facts, partner: HandLimits, legal: Sequence[Call]) -> Decision:
    """Choose a contract from the partnership's known strength and fits, and bid it (or pass)."""
    done = _after_blackwood(ctx, f, partner)
    if done is not None and done.action in legal:
        return done
    side = Partnership(f, partner)
    strain, _ = side.best_strain()
    points = side.expected
    if strain is not NT and f.len(int(strain)) >= 3:
        points += f.support_points(int(strain)) - f.hcp
    last = ctx.last_bid
    ours_last = ctx.last_bidder is not None and ctx.ours(ctx.last_bidder)
    forcing = _partner_forcing(ctx)
    level = _level_for(points, strain)
    # slam: ask for aces first
    if (
        level >= 6
        and strain is not NT
        and Call("4NT") in legal
        and not any(c == Call("4NT") for _, c in ctx.calls)
        and side.low >= 29
    ):
        return _say(Call("4NT"), "blackwood", points=round(points), strain=strain)
    if level >= 6 and side.low < 29:
        level = 4 if strain in (H, S) else 3 if strain is NT else 5
    target = Call.bid(level, strain) if level else None
    if last is not None and ours_last and ctx.doubled == 0:
        assert last.strain is not None
        current_game = _is_game(last)
        if (
            (last.strain == strain and last.level >= level)
            or (current_game and level < 6)
            or (not current_game and target is not None and not _is_game(target) and not forcing)
        ):
            return _say(Call.PASS, "will_do", contract=last, points=round(points))
    if target is not None and target in legal and (last is None or target.index > last.index):
        what = "slam" if level >= 6 else "game" if _is_game(target) else "partscore"
        return _say(target, f"place_{what}", points=round(points), strain=strain)
    if forcing:
        # keep the auction going: the cheapest bid in the best strain, else notrump, else my longest suit
        for st in (strain, NT, Strain(f.longest)):
            call = ctx.cheapest(st)
            if call is not None and call in legal:
                return _say(call, "forced", strain=st)
    # penalty double: the opponents have outbid a side with the balance of strength
    if last is not None and not ours_last and Call.DOUBLE in legal and last.strain is not None:
        theirs = int(last.strain) if last.strain is not NT else None
        trumps = f.len(theirs) if theirs is not None else 0
        if side.low >= 23 and (
            last.level + 6 >= 10 or (theirs is not None and trumps >= 4 and f.suit_hcp(theirs) >= 3)
        ):
            return _say(Call.DOUBLE, "penalty_between_us", points=side.low, contract=last)
    return _say(Call.PASS, "nothing_more")


def _is_game(call: Call) -> bool:
    if call.strain is NT:
        return call.level >= 3
    if call.strain in (H, S):
        return call.level >= 4
    return call.level >= 5


def _partner_forcing(ctx: Context) -> bool:
    """Partner's last call was forcing by the system and the right-hand opponent passed."""
    rho = ctx.rho_call
    if rho is not None and not rho.is_pass:
        return False
    calls = ctx.calls
    for i in range(len(calls) - 1, -1, -1):
        seat, call = calls[i]
        if seat == ctx.partner:
            if not call.is_bid:
                return False
            return any(rule.call == call and rule.forcing for rule in candidates(ctx.prefix(i)))
    return False


def _slam_try(ctx: Context, f: Facts, partner: HandLimits, legal: set[Call]) -> Decision | None:
    """With a fit both partners have bid and enough points for slam, ask for aces (4NT)."""
    if Call("4NT") not in legal or any(c == Call("4NT") for _, c in ctx.calls):
        return None
    if ctx.last_bidder is None or not ctx.ours(ctx.last_bidder) or ctx.doubled:
        return None
    trump = _agreed_suit(ctx)
    if trump is None:
        return None
    points = f.support_points(trump) + partner.hcp[0]
    if points < 33 or f.hcp + partner.hcp[0] < 29:
        return None
    return _say(Call("4NT"), "blackwood", points=points, strain=Strain(trump))


def basic_call(view: View) -> Decision:
    """The ``basic`` call for the seat to act (always one of ``view.legal``)."""
    return basic_call_detail(view)[0]


def basic_call_detail(view: View) -> tuple[Decision, bool]:
    """The ``basic`` call, and whether it places the contract (a call "to play", or a
    placement by :func:`place`), where the expert may weigh other contracts."""
    assert view.hand is not None
    f = Facts(view.hand.mask)
    ctx = _context_of(view)
    legal = [c for c in view.legal if isinstance(c, Call)]
    legal_set = set(legal)
    forcing = _partner_forcing(ctx)
    if ctx.bids and _blackwood(ctx) is None:
        slam = _slam_try(ctx, f, infer_calls(ctx.calls, ctx.dealer)[ctx.partner], legal_set)
        if slam is not None:
            return slam, False
    for rule in candidates(ctx):
        if rule.call in legal_set and rule.fits(f):
            if rule.call.is_pass and forcing:
                continue
            return rule.explain(f), rule.to_play
    partner = infer_calls(ctx.calls, ctx.dealer)[ctx.partner]
    decision = place(ctx, f, partner, legal)
    if decision.action in legal_set:
        return decision, decision.why.key != "robot.bid.blackwood"
    return _say(Call.PASS, "nothing_more"), True
