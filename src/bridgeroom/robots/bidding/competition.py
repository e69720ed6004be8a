"""The opponents opened (docs/bidding.md, "Competition"): overcalls and doubles, the first
call of the overcaller's or doubler's partner, and the takeout doubler's second call.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bridgeroom.robots.bidding.model import (
    NT,
    Context,
    Facts,
    Rule,
    bid_at,
    for_suit,
    rule,
    says,
)
from bridgeroom.robots.bidding.system import System
from bridgeroom.rules.core import Call, Strain

__all__ = [
    "overcalls",
    "advances",
    "doubler_rebid",
    "their_suits",
    "their_two_suiter",
    "two_suited_defence",
]


def overcalls(ctx: Context) -> list[Rule]:
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
        rules += rule(
            "X",
            says("penalty_their_nt_strong"),
            (15 - shift, 37),
            test=lambda f: last.level == 1,
        )
        for suit in (3, 2, 1, 0):
            call = ctx.cheapest(suit)
            if call is None or call.level > 3:
                continue
            rules += rule(
                call,
                says("long_suit", suit=Strain(suit)),
                (8 - shift, 15),
                lengths={suit: (6 if call.level >= 3 else 5, 13)},
                test=for_suit(
                    suit,
                    lambda f, s: (
                        f.len(s) == max(f.lengths) and (f.suit_hcp(s) >= 4 or f.len(s) >= 6)
                    ),
                ),
            )
        rules += rule("P", says("no_reason_to_enter"), (0, 17))
        return rules
    t = int(last.strain)
    if last.level == 1 and len(ctx.bids) == 1:
        rules += _two_suiters(ctx, t, shift)
    if last.level == 1:
        rules += rule(
            "1NT",
            says("overcall_1nt"),
            (15 - shift, 18),
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

    rules += rule("X", says("takeout_double"), (17, 37), test=strong_x)
    for suit in (3, 2, 1, 0):
        if suit in theirs:
            continue
        call = ctx.cheapest(suit)
        if call is None or call.level > 3:
            continue
        lo = (8 if call.level == 1 else 11 if call.level == 2 else 13) - shift
        rules += rule(
            call,
            says("overcall", suit=Strain(suit)),
            (lo, 17),
            lengths={suit: (5 if call.level == 1 else 6 if call.level >= 3 else 5, 13)},
            test=for_suit(
                suit,
                lambda f, s: f.len(s) == max(f.lengths[x] for x in unbid) and f.suit_hcp(s) >= 3,
            ),
        )
    rules += rule(
        "X",
        says("takeout_double"),
        (12 - shift + (1 if last.level >= 2 else 0), 37),
        test=takeout,
    )
    rules += rule(
        "3NT",
        says("stopper_over_preempt"),
        (16, 21),
        test=lambda f: last.level >= 2 and f.stopper(t) and f.balanced,
    )
    rules += rule("P", says("not_enough_to_enter"), (0, 16 - shift))
    return rules


def _two_suiters(ctx: Context, t: int, shift: int) -> list[Rule]:
    """Michaels (a cue-bid of their one-level suit: both majors over a minor, the other major
    and a minor over a major) and the Unusual 2NT (the two lowest unbid suits), five-five, when
    the system plays them."""
    sys = ctx.system
    rules: list[Rule] = []
    if sys.michaels:
        if t < 2:
            rules += rule(
                bid_at(2, t),
                says("robot.system.michaels_minor"),
                (8 - shift, 16),
                lengths={2: (5, 13), 3: (5, 13)},
                forcing=True,
                convention="michaels",
            )
        else:
            other = 5 - t
            rules += rule(
                bid_at(2, t),
                says("robot.system.michaels_major", suit=Strain(other)),
                (8 - shift, 16),
                lengths={other: (5, 13)},
                test=lambda f: f.len(0) >= 5 or f.len(1) >= 5,
                forcing=True,
                convention="michaels",
            )
    if sys.unusual_2nt:
        low = [s for s in range(4) if s != t][:2]
        rules += rule(
            "2NT",
            says("robot.system.unusual_2nt"),
            (8 - shift, 16),
            lengths={low[0]: (5, 13), low[1]: (5, 13)},
            forcing=True,
            convention="unusual_2nt",
        )
    return rules


def two_suited_suits(ctx: Context, bid: Call) -> list[int] | None:
    """The suits partner's Michaels cue-bid or Unusual 2NT showed (the minor of a Michaels
    over a major is unknown: only the major is given), or ``None`` when his bid is neither."""
    opening = ctx.opening
    if (
        opening is None
        or opening.level != 1
        or opening.strain in (None, NT)
        or len(ctx.bids) < 2
        or ctx.bids[1] != (ctx.partner, bid)
    ):
        return None
    assert opening.strain is not None
    return _shown_suits(ctx.system, int(opening.strain), bid)


def _shown_suits(system: System, t: int, bid: Call) -> list[int] | None:
    """The suits a Michaels cue-bid or an Unusual 2NT over a one-level opening of suit ``t``
    shows in ``system`` (the major alone for a Michaels over a major), ``None`` if neither."""
    if system.michaels and bid == bid_at(2, t):
        return [2, 3] if t < 2 else [5 - t]
    if system.unusual_2nt and bid == Call("2NT"):
        return [s for s in range(4) if s != t][:2]
    return None


def their_two_suiter(ctx: Context) -> list[int] | None:
    """The suits the right-hand opponent's Michaels cue-bid or Unusual 2NT showed, by his side's
    system, directly over partner's one-level opening, before I have bid (``None`` otherwise)."""
    opening = ctx.opening
    if (
        opening is None
        or opening.level != 1
        or opening.strain in (None, NT)
        or ctx.opener != ctx.partner
        or len(ctx.bids) != 2
        or ctx.bids[1][0] != ctx.rho
        or ctx.rho_call != ctx.bids[1][1]
        or any(c.is_double or c.is_redouble for _, c in ctx.calls)
    ):
        return None
    assert opening.strain is not None
    return _shown_suits(ctx.systems.of(ctx.rho), int(opening.strain), ctx.bids[1][1])


def their_suits(ctx: Context) -> list[int]:
    """The suits the opponents have bid, as their calls meant them: after their Michaels cue-bid
    or Unusual 2NT over our opening (by their system), the suits it showed and not our suit that
    it named; else the suits of their bids."""
    theirs = ctx.suits_bid_by([ctx.lho, ctx.rho])
    opening = ctx.opening
    if (
        opening is None
        or ctx.opener is None
        or not ctx.ours(ctx.opener)
        or opening.level != 1
        or opening.strain in (None, NT)
        or len(ctx.bids) < 2
        or ctx.ours(ctx.bids[1][0])
    ):
        return theirs
    seat, bid = ctx.bids[1]
    t = int(opening.strain)
    shown = _shown_suits(ctx.systems.of(seat), t, bid)
    if shown is None:
        return theirs
    out = list(shown)
    out += [x for x in theirs if x not in out and not (x == t and bid.strain == Strain(t))]
    return out


def two_suited_defence(ctx: Context) -> list[Rule] | None:
    """Unusual over unusual, when my side's system plays it and the right-hand opponent made a
    Michaels cue-bid or an Unusual 2NT over partner's opening (docs/bidding.md, "After the
    opponents overcall partner's opening"; the treatment of the ACBL's "Unusual vs. unusual",
    the lower cue-bid for the lower of our suits): a cue-bid of their lower shown suit shows the
    lower of the two other suits, of the higher the higher, with 10+ (in partner's suit, support
    and a limit raise or better; in the fourth suit five cards); with one suit shown (a Michaels
    over a major), its cue-bid is the limit raise or better. A double shows 10+ and a penalty
    double of one of their suits; a raise, 7-9 support points; a new suit, natural and not
    forcing; 3NT, 13+ with their suits stopped."""
    if not ctx.system.unusual_over_unusual:
        return None
    theirs = their_two_suiter(ctx)
    if theirs is None:
        return None
    opening = ctx.opening
    assert opening is not None and opening.strain is not None
    t = int(opening.strain)
    support = ctx.system.raise_cards if t >= 2 else 4
    rules: list[Rule] = []

    def limit_raise(f: Facts) -> bool:
        return f.support_points(t) >= 10

    if len(theirs) == 2:
        ours = sorted(s for s in range(4) if s not in theirs)
        pairs = sorted(zip(sorted(theirs), ours, strict=True), key=lambda p: p[1] != t)
    else:
        pairs = [(theirs[0], t)]
    for cue_suit, suit in pairs:
        cue = ctx.cheapest(cue_suit)
        if cue is None:
            continue
        if suit == t:
            rules += rule(
                cue,
                says("robot.defence.cue_raise", suit=Strain(t), n=support),
                (8, 37),
                lengths={t: (support, 13)},
                test=limit_raise,
                forcing=True,
                convention="unusual_over_unusual",
            )
        else:
            rules += rule(
                cue,
                says("robot.defence.cue_suit", suit=Strain(suit)),
                (10, 37),
                lengths={suit: (5, 13)},
                forcing=True,
                convention="unusual_over_unusual",
            )
    rules += rule(
        "X",
        says("robot.defence.double"),
        (10, 37),
        test=lambda f: any(f.len(s) >= 4 and f.suit_hcp(s) >= 3 for s in theirs),
    )
    rules += rule(
        "3NT",
        says("robot.defence.notrump"),
        (13, 37),
        test=lambda f: all(f.stopper(s) for s in theirs),
        to_play=True,
    )
    rules += rule(
        ctx.cheapest(t),
        says("robot.defence.raise", suit=Strain(t), n=support),
        (4, 9),
        lengths={t: (support, 13)},
        test=lambda f: 7 <= f.support_points(t) <= 9,
        to_play=True,
    )
    for suit in (3, 2, 1, 0):
        call = ctx.cheapest(suit)
        if suit in theirs or suit == t or call is None or call.level > 3:
            continue
        rules += rule(
            call,
            says("robot.defence.natural", suit=Strain(suit)),
            (6, 9),
            lengths={suit: (5, 13)},
            test=for_suit(suit, lambda f, s: f.len(s) == max(f.lengths)),
            to_play=True,
        )
    rules += rule("P", says("robot.defence.pass"), to_play=True)
    return rules


def _advance_two_suiter(ctx: Context, suits: list[int]) -> list[Rule]:
    """Advancing partner's two-suiter: game in his major with a fit and 12+ points, else the
    cheapest bid in the longer of his suits (with no major of his known, a minor)."""
    rules: list[Rule] = []
    for suit in suits:
        if suit >= 2:
            rules += rule(
                bid_at(4, suit),
                says("robot.system.two_suited_game", lo=12),
                (12, 37),
                lengths={suit: (3, 13)},
                to_play=True,
            )
    for suit in sorted(suits, key=lambda s: -s):
        rules += rule(
            ctx.cheapest(suit),
            says("robot.system.two_suited_choice"),
            (0, 37),
            test=for_suit(suit, lambda f, s: f.len(s) == max(f.len(x) for x in suits)),
            to_play=True,
        )
    return rules


def advances(ctx: Context) -> list[Rule] | None:
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
    if pc[0].is_bid:
        two = two_suited_suits(ctx, pc[0])
        if two is not None:
            return _advance_two_suiter(ctx, two)
    if pc[0].is_double:
        if rho is not None and not rho.is_pass:
            return None
        if ctx.opening == Call("1NT") and len(ctx.bids) == 1:
            # partner's double of their 1NT is for penalties (15+): left in, unless the hand is
            # too weak to help beat it and has a long suit to play in
            rules += rule("P", says("penalty_left_in"), (5, 37), to_play=True)
            for suit in (3, 2, 1, 0):
                rules += rule(
                    bid_at(2, suit),
                    says("weak_escape", suit=Strain(suit)),
                    (0, 4),
                    lengths={suit: (5, 13)},
                    test=for_suit(suit, lambda f, s: f.len(s) == max(f.lengths)),
                    to_play=True,
                )
            rules += rule("P", says("penalty_left_in"), (0, 4), to_play=True)
            return rules
        unbid = [s for s in range(4) if s not in theirs]
        majors = [s for s in unbid if s >= 2]
        t = theirs[0] if theirs else 0
        for suit in majors:
            rules += rule(
                bid_at(4, suit),
                says("four_game", suit=Strain(suit)),
                (12, 37),
                lengths={suit: (4, 13)},
                test=for_suit(suit, lambda f, s: f.len(s) >= max(f.len(x) for x in majors)),
                to_play=True,
            )
        rules += rule(
            "3NT",
            says("stopper_game"),
            (12, 37),
            test=lambda f: f.stopper(t),
            to_play=True,
        )
        for suit in sorted(unbid, key=lambda s: -s):
            call = ctx.cheapest(suit)
            if call is None:
                continue
            jump = bid_at(call.level + 1, suit)
            rules += rule(
                jump,
                says("four_jump", suit=Strain(suit)),
                (9, 11),
                lengths={suit: (4, 13)},
                test=for_suit(suit, lambda f, s: _best_unbid(f, unbid) == s),
            )
        nt = ctx.cheapest(NT)
        if nt is not None and nt.level == 1:
            rules += rule(
                nt,
                says("advance_1nt"),
                (6, 10),
                test=lambda f: f.stopper(t) and all(f.len(s) < 4 for s in majors),
            )
        high = ctx.last_bid is not None and ctx.last_bid.level >= 4
        if high:
            # a double of a game: partner converts it to penalties without a long suit
            rules += rule(
                "P",
                says("double_left_in"),
                (0, 37),
                test=lambda f: max((f.len(s) for s in unbid), default=0) < 6 or f.hcp < 5,
                to_play=True,
            )
        for suit in sorted(unbid, key=lambda s: -s):
            call = ctx.cheapest(suit)
            rules += rule(
                call,
                says("answer_double", suit=Strain(suit)),
                (0, 11),
                test=for_suit(suit, lambda f, s: _best_unbid(f, unbid) == s),
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
            rules += rule(
                bid_at(4, p),
                says("advance_game"),
                (12, 37),
                lengths={p: (3, 13)},
                test=lambda f: f.support_points(p) >= 13,
                to_play=True,
            )
        if raise_ is not None and raise_.level <= 2:
            jump = bid_at(raise_.level + 1, p)
            rules += rule(
                jump,
                says("advance_invite"),
                (9, 12),
                lengths={p: (3, 13)},
                test=lambda f: 11 <= f.support_points(p) <= 12,
            )
            rules += rule(
                raise_,
                says("advance_raise"),
                (6, 10),
                lengths={p: (3, 13)},
                test=lambda f: 8 <= f.support_points(p) <= 10,
                to_play=True,
            )
        elif raise_ is not None and raise_.level == 3:
            # they bid over partner's overcall: a raise at the three level competes
            rules += rule(
                raise_,
                says("advance_compete"),
                (6, 12),
                lengths={p: (3, 13)},
                test=lambda f: (
                    9 <= f.support_points(p) <= 12 or (f.len(p) >= 4 and f.support_points(p) >= 7)
                ),
                to_play=True,
            )
    nt = ctx.cheapest(NT)
    if bid == Call("1NT") and nt is not None and nt.level <= 2:
        # partner's notrump overcall holds their stopper: raise it as an opening 1NT, counting
        # his 15 points (12 in the balancing seat, after their opening and two passes)
        k = next(i for i, (s, c) in enumerate(ctx.calls) if s == ctx.partner and c == bid)
        lo = 12 if k >= 3 and ctx.calls[k - 1][1].is_pass and ctx.calls[k - 2][1].is_pass else 15
        rules += rule("3NT", says("raise_nt_game", lo=lo), (25 - lo, 37), to_play=True)
        rules += rule(nt, says("raise_nt_invite", lo=lo), (23 - lo, 24 - lo))
    if nt is not None and nt.level <= 2:
        rules += rule(
            "3NT",
            says("stopper_15"),
            (15, 37),
            test=lambda f: f.stopper(t),
            to_play=True,
        )
        rules += rule(nt, says("stopper_8_11"), (8, 11), test=lambda f: f.stopper(t))
    for suit in (3, 2, 1, 0):
        if suit in theirs or suit == p:
            continue
        call = ctx.cheapest(suit)
        if call is None or call.level > 2:
            continue
        rules += rule(
            call,
            says("five_or_more", suit=Strain(suit)),
            (10 if call.level == 2 else 8, 37),
            lengths={suit: (5, 13)},
        )
    rules += rule("P", says("nothing_to_add_partner"), (0, 12), to_play=True)
    return rules


def doubler_rebid(ctx: Context) -> list[Rule] | None:
    """My second call after my takeout double of their opening and partner's answer in a suit,
    both opponents passing since (``None`` otherwise): a raise or a notrump bid shows 18+."""
    mine = [c for c in ctx.calls_of(ctx.seat) if not c.is_pass]
    his = [c for c in ctx.calls_of(ctx.partner) if not c.is_pass]
    if len(mine) != 1 or not mine[0].is_double or len(his) != 1 or not his[0].is_bid:
        return None
    answer = his[0]
    if ctx.last_bid != answer or ctx.last_bidder != ctx.partner or ctx.doubled:
        return None
    if answer.strain is None or answer.level > 3 or ctx.opening is None or ctx.opening.strain == NT:
        return None
    theirs = ctx.suits_bid_by([ctx.lho, ctx.rho])
    t = theirs[0] if theirs else 0
    rules: list[Rule] = []
    if answer.strain != NT:
        p = int(answer.strain)
        game = bid_at(4 if p >= 2 else 5, p)
        if game is not None and game.index > answer.index:
            rules += rule(
                game,
                says("doubler_game"),
                (18, 37),
                lengths={p: (4, 13)},
                test=lambda f: f.support_points(p) >= 23,
                to_play=True,
            )

        def below_game(call: Call | None) -> bool:
            return (
                call is not None and call.level <= 3 and (game is None or call.index < game.index)
            )

        # with no room for a jump below game (an answer at the two level) the raise shows 18-22
        bands = (
            ((2, 20, 22), (1, 18, 19))
            if below_game(bid_at(answer.level + 2, p))
            else ((1, 18, 22),)
        )
        for step, lo, hi in bands:
            call = bid_at(answer.level + step, p)
            if not below_game(call):
                continue
            rules += rule(
                call,
                says("doubler_raise"),
                (16, 37),
                lengths={p: (4, 13)},
                test=_support_between(p, lo, hi),
            )
    nt = ctx.cheapest(NT)
    if nt is not None and nt.level <= 2:
        rules += rule(
            "3NT" if nt.level == 2 else "2NT",
            says("doubler_nt"),
            (21, 23) if nt.level == 1 else (21, 37),
            balanced=True,
            test=lambda f: f.stopper(t),
            to_play=nt.level == 2,
        )
        rules += rule(nt, says("doubler_nt"), (18, 20), balanced=True, test=lambda f: f.stopper(t))
    rules += rule("P", says("doubler_minimum"), (0, 17), to_play=True)
    return rules


def _support_between(suit: int, lo: int, hi: int) -> Callable[[Facts], bool]:
    """A rule's test: support points for ``suit`` from ``lo`` to ``hi`` (bound now)."""
    return lambda f: lo <= f.support_points(suit) <= hi


def _best_unbid(f: Facts, unbid: Sequence[int]) -> int:
    """The suit to bid for partner's takeout double: a four-card major first, else the longest."""
    majors = [s for s in unbid if s >= 2 and f.len(s) >= 4]
    if majors:
        return max(majors, key=lambda s: (f.len(s), s))
    return max(unbid, key=lambda s: (f.len(s), s))
