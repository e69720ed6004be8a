"""Slam (docs/bidding.md, "Slam"): when 4NT asks for aces (Blackwood) or key cards (RKCB 1430),
the answers, the trump-queen ask after an RKCB answer that leaves the queen unknown, and the
asker's contract from them; asking with a suit agreed and the points for slam.

The queen ask follows the usual published treatment ("RKCB - The Queen Ask", Wigan Bridge
Club, https://www.bridgewebs.com/wigan/page8.html): after 5♣ or 5♦ the cheapest bid that is
not the trump suit asks; the trump suit at the cheapest level denies the queen, 5NT shows it
without a side king, the cheapest bid of a side suit shows it and that suit's king.

    >>> queen_step(Call("5C"), 2), queen_step(Call("5D"), 2), queen_step(Call("5C"), 1)
    (Call('5D'), Call('5S'), Call('5H'))

    >>> from bridgeroom.rules import Seat
    >>> ctx = Context(Seat.NORTH, Seat.NORTH, ((Seat.NORTH, Call("1NT")), (Seat.EAST, Call("P"))))
    >>> is_blackwood(ctx, Call("4NT"), Seat.SOUTH)  # raises partner's notrump: invites 6NT
    False
"""

from __future__ import annotations

from collections.abc import Callable

from bridgeroom.robots.base import Decision
from bridgeroom.robots.bidding.model import (
    NT,
    C,
    Context,
    D,
    Facts,
    H,
    Rule,
    S,
    because,
    rule,
    says,
)
from bridgeroom.robots.sampler import HandLimits
from bridgeroom.rules.core import Call, Seat, Strain

__all__ = [
    "after_queen_ask",
    "agreed_suit",
    "is_queen_ask",
    "keycard_suit",
    "partner_losers",
    "queen_answers",
    "queen_step",
    "is_blackwood",
    "blackwood_answers",
    "after_blackwood",
    "after_gerber",
    "keycards",
    "slam_try",
]


def agreed_suit(ctx: Context) -> int | None:
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


def keycard_suit(ctx: Context) -> int | None:
    """The trump suit of RKCB: a suit both partners have bid, else the last suit our side bid
    (the usual rule where no suit was agreed: the last bid suit is trumps, e.g. after a jump
    shift that shows support, 1♠ 2♦ 2♠ 4NT asks in spades)."""
    agreed = agreed_suit(ctx)
    if agreed is not None:
        return agreed
    for seat, call in reversed(ctx.bids):
        if ctx.ours(seat) and call.strain is not None and call.strain is not NT:
            return int(call.strain)
    return None


def is_blackwood(ctx: Context, call: Call, seat: Seat) -> bool:
    """4NT asks for aces unless it raises partner's notrump (then it invites 6NT)."""
    if call != Call("4NT"):
        return False
    before = [c for s, c in ctx.calls if s == seat.partner and c.is_bid]
    return not (before and before[-1].strain == NT)


def blackwood_answers(ctx: Context) -> list[Rule] | None:
    """The answers to partner's 4NT (Blackwood) by the number of aces, or to his trump-queen ask
    after my RKCB answer, when partner just asked."""
    calls = ctx.calls
    if not calls:
        return None
    queen_asked = queen_answers(ctx)
    if queen_asked is not None:
        return queen_asked
    # answering partner's 4NT
    pl = ctx.partner_last
    if pl == Call("4NT") and ctx.last_bid == Call("4NT") and is_blackwood(ctx, pl, ctx.partner):
        trump = keycard_suit(ctx)
        if ctx.system.ace_ask == "rkcb1430" and trump is not None:
            queen = 13 * trump + 10
            return (
                rule(
                    "5C",
                    says("robot.system.rkcb_14"),
                    test=lambda f: keycards(f, trump) in (1, 4),
                    forcing=True,
                    convention="ace_answer",
                )
                + rule(
                    "5D",
                    says("robot.system.rkcb_03"),
                    test=lambda f: keycards(f, trump) in (0, 3, 5),
                    forcing=True,
                    convention="ace_answer",
                )
                + rule(
                    "5H",
                    says("robot.system.rkcb_2"),
                    test=lambda f: keycards(f, trump) == 2 and not f.mask >> queen & 1,
                    forcing=True,
                    convention="ace_answer",
                )
                + rule(
                    "5S",
                    says("robot.system.rkcb_2q"),
                    test=lambda f: keycards(f, trump) == 2 and bool(f.mask >> queen & 1),
                    forcing=True,
                    convention="ace_answer",
                )
            )
        return (
            rule(
                "5C",
                says("blackwood_0"),
                test=lambda f: f.aces in (0, 4),
                forcing=True,
            )
            + rule("5D", says("blackwood_1"), test=lambda f: f.aces == 1, forcing=True)
            + rule("5H", says("blackwood_2"), test=lambda f: f.aces == 2, forcing=True)
            + rule("5S", says("blackwood_3"), test=lambda f: f.aces == 3, forcing=True)
        )
    return None


def keycards(f: Facts, trump: int) -> int:
    """The key cards of RKCB held: the four aces and the king of trumps.

    >>> from bridgeroom.rules import Hand
    >>> keycards(Facts(Hand.parse("AK32.A2.5432.432").mask), 3)
    3
    """
    return f.aces + (f.mask >> (13 * trump + 11) & 1)


#: The fewest points that hold this many key cards (aces first, then the trump king).
_KEY_POINTS = (0, 3, 7, 11, 15, 19)


def _after_rkcb(ctx: Context, f: Facts, answer: Call, trump: int, partner: HandLimits) -> Decision:
    """The RKCB asker places the contract from partner's key cards (1430)."""
    mine = keycards(f, trump)
    his_options = {C: (1, 4), D: (0, 3), H: (2,), S: (2,)}[answer.strain]  # type: ignore[index]
    # of the two counts an answer shows, those that fit beside mine (five in all) and within
    # partner's points; the higher when even his fewest points hold it (an ace 4, the king 3)
    fits = [n for n in his_options if mine + n <= 5 and partner.hcp[1] >= _KEY_POINTS[n]]
    high = [n for n in fits if partner.hcp[0] >= _KEY_POINTS[n]]
    his = max(high) if high else min(fits, default=min(his_options))
    keys = mine + his
    strain = Strain(trump)
    if keys <= 3:
        call = Call.bid(5, strain)
        if call.index <= answer.index:
            return because(Call.PASS, "aces_missing_pass", contract=answer)
        return because(call, "robot.system.keycards_missing")
    combined = f.hcp + partner.hcp[0]
    if keys == 5 and ctx.system.queen_ask and grand_values(f, partner):
        if f.mask >> (13 * trump + 10) & 1:
            return because(Call.bid(7, strain), "robot.queen.grand_mine")
        if answer in (Call("5C"), Call("5D")):
            # the queen decides between the small slam and the grand: ask for it
            return because(queen_step(answer, trump), "robot.queen.ask")
    if keys == 5 and combined >= 36:
        return because(Call.bid(7, strain), "robot.system.keycards_grand", points=combined)
    return because(Call.bid(6, strain), "robot.system.keycards_slam", keys=keys)


def partner_losers(partner: HandLimits) -> float:
    """Partner's losing tricks as his fewest points suggest (a minimum opening about seven, a
    six-point response about nine): ``11 - points / 3``, at least four."""
    return max(4.0, 11 - partner.hcp[0] / 3)


def grand_values(f: Facts, partner: HandLimits) -> bool:
    """Thirteen tricks in view with all the key cards and the trump queen: 36 points between the
    hands (mine and the bottom of partner's range), or the losing-trick count's 24 less the two
    hands' losers reaching 13 (docs/bidding.md, "Slam")."""
    return f.hcp + partner.hcp[0] >= 36 or 24 - f.losers - partner_losers(partner) >= 13


def queen_step(answer: Call, trump: int) -> Call:
    """The trump-queen ask after the RKCB answer ``answer`` (5♣ or 5♦): the next bid above it
    that is not the trump suit."""
    assert answer.strain is not None
    level, strain = answer.level, int(answer.strain)
    while True:
        strain += 1
        if strain > 4:
            level, strain = level + 1, 0
        if strain != trump:
            return Call.bid(level, Strain(strain))


def _rkcb_answered(ctx: Context) -> tuple[int, Call] | None:
    """The trump suit and partner's answer when the last two bids are my RKCB 4NT (in my
    side's system, a suit agreed when I asked) and partner's answer to it."""
    if ctx.system.ace_ask != "rkcb1430" or len(ctx.bids) < 2:
        return None
    (asker, four), (answerer, answer) = ctx.bids[-2:]
    if asker != ctx.seat or answerer != ctx.partner or four != Call("4NT"):
        return None
    at = max(i for i, (s, c) in enumerate(ctx.calls) if s == ctx.seat and c == four)
    asking = ctx.prefix(at)
    if not is_blackwood(asking, four, ctx.seat):
        return None
    trump = keycard_suit(asking)
    return None if trump is None else (trump, answer)


def is_queen_ask(ctx: Context, call: Call) -> bool:
    """Whether ``call`` by ``ctx.seat`` asks for the trump queen: partner answered my RKCB
    4NT with 5♣ or 5♦ (the queen unknown), my side's system plays the ask, and ``call`` is its
    step (see the module).

    >>> from bridgeroom.robots.bidding.system import Agreements, System
    >>> rkcb = System("own", ace_ask="rkcb1430")
    >>> seats = [Seat((Seat.NORTH + i) % 4) for i in range(7)]
    >>> calls = tuple(zip(seats, map(Call, "1S P 3S P 4NT P 5C".split())))
    >>> calls += ((Seat.WEST, Call.PASS),)
    >>> ctx = Context(Seat.NORTH, Seat.NORTH, calls, Agreements(rkcb, rkcb))
    >>> is_queen_ask(ctx, Call("5D")), is_queen_ask(ctx, Call("5H"))
    (True, False)
    """
    done = _rkcb_answered(ctx)
    if done is None or not ctx.system.queen_ask:
        return False
    trump, answer = done
    return answer in (Call("5C"), Call("5D")) and call == queen_step(answer, trump)


def _queen_reply_context(ctx: Context, asker: Seat) -> tuple[int, Call] | None:
    """When ``asker``'s last bid asked for the trump queen: the trump suit and the ask."""
    mine = [i for i, (s, c) in enumerate(ctx.calls) if s == asker and c.is_bid]
    if not mine:
        return None
    at = mine[-1]
    ask = ctx.calls[at][1]
    asking = ctx.prefix(at)
    if not is_queen_ask(asking, ask):
        return None
    done = _rkcb_answered(asking)
    assert done is not None
    return done[0], ask


def queen_answers(ctx: Context) -> list[Rule] | None:
    """The answers to partner's trump-queen ask, when he just asked (see the module): the
    cheapest bid of a side suit whose king I hold, with the queen; 5NT with the queen and no
    side king; the trump suit at the cheapest level without it."""
    if ctx.last_bidder != ctx.partner or ctx.doubled:
        return None
    asked = _queen_reply_context(ctx, ctx.partner)
    if asked is None:
        return None
    trump, ask = asked
    queen = 13 * trump + 10

    def king_first(suit: int, cheaper: tuple[int, ...]) -> Callable[[Facts], bool]:
        return lambda f: (
            bool(f.mask >> queen & 1)
            and bool(f.mask >> (13 * suit + 11) & 1)
            and not any(f.mask >> (13 * s + 11) & 1 for s in cheaper)
        )

    sides = sorted(
        (s for s in range(4) if s != trump),
        key=lambda s: _cheapest_above(ask, s).index,
    )
    rules: list[Rule] = []
    for k, suit in enumerate(sides):
        rules += rule(
            _cheapest_above(ask, suit),
            says("robot.queen.king", suit=Strain(suit)),
            test=king_first(suit, tuple(sides[:k])),
            convention="queen_ask",
        )
    no_king = tuple(sides)
    rules += rule(
        "5NT",
        says("robot.queen.no_king"),
        test=lambda f: (
            bool(f.mask >> queen & 1) and not any(f.mask >> (13 * s + 11) & 1 for s in no_king)
        ),
        convention="queen_ask",
    )
    rules += rule(
        _cheapest_above(ask, trump),
        says("robot.queen.no_queen"),
        test=lambda f: not f.mask >> queen & 1,
        convention="queen_ask",
    )
    return rules


def _cheapest_above(call: Call, suit: int) -> Call:
    """The lowest bid of ``suit`` above ``call``."""
    assert call.strain is not None
    return Call.bid(call.level if suit > int(call.strain) else call.level + 1, Strain(suit))


def after_queen_ask(ctx: Context, f: Facts) -> Decision | None:
    """The asker's contract after partner's answer to his trump-queen ask: the grand slam
    with the queen (he asked only when all five key cards are ours and the points are there),
    else the small slam."""
    if ctx.last_bidder != ctx.partner or ctx.doubled or len(ctx.bids) < 2:
        return None
    if ctx.bids[-2][0] != ctx.seat:
        return None
    asked = _queen_reply_context(ctx, ctx.seat)
    if asked is None:
        return None
    trump = asked[0]
    reply = ctx.last_bid
    assert reply is not None
    if reply.strain == Strain(trump):
        small = Call.bid(6, Strain(trump))
        if reply.index >= small.index:
            return because(Call.PASS, "robot.queen.no_queen_pass", contract=reply)
        return because(small, "robot.queen.no_queen_slam")
    return because(Call.bid(7, Strain(trump)), "robot.queen.grand")


def after_gerber(ctx: Context, f: Facts, legal: set[Call]) -> Decision | None:
    """The Gerber asker (4♣ over partner's notrump opening) places the contract from partner's
    answer: a sign-off in 4NT with two aces missing, else a slam in notrump."""
    opener = ctx.opener
    if opener != ctx.partner or ctx.opening is None or ctx.opening.strain is not NT:
        return None
    if not ctx.system.gerber or ctx.bids_of(ctx.seat) != [Call("4C")]:
        return None
    answer = ctx.partner_last
    steps = {Call("4D"): 0, Call("4H"): 1, Call("4S"): 2, Call("4NT"): 3}
    if answer not in steps or ctx.last_bid != answer:
        return None
    assert answer is not None
    his = steps[answer]
    if his == 0 and f.aces == 0:
        his = 4
    aces = f.aces + his
    lo = ctx.system.notrump[0] if ctx.opening.level == 1 else ctx.system.notrump_two[0]
    if aces <= 2:
        if answer == Call("4NT") or Call("4NT") not in legal:
            return because(Call.PASS, "aces_missing_pass", contract=answer)
        return because(Call("4NT"), "robot.system.aces_sign_off", contract=Call("4NT"))
    if aces == 4 and f.hcp + lo >= 36 and Call("7NT") in legal:
        return because(Call("7NT"), "grand_slam", points=f.hcp + lo)
    return because(Call("6NT"), "small_slam", aces=aces)


def after_blackwood(ctx: Context, f: Facts, partner: HandLimits) -> Decision | None:
    """The asker places the contract from partner's aces (or key cards, RKCB 1430)."""
    mine = ctx.calls_of(ctx.seat)
    if not mine or mine[-1] != Call("4NT") or not is_blackwood(ctx, mine[-1], ctx.seat):
        return None
    answer = ctx.partner_last
    if answer is None or not answer.is_bid or answer.level != 5 or answer.strain is NT:
        return None
    assert answer.strain is not None
    rkcb = _rkcb_answered(ctx)
    if rkcb is not None and rkcb[1] == answer:
        return _after_rkcb(ctx, f, answer, rkcb[0], partner)
    his = {C: 0, D: 1, H: 2, S: 3}[answer.strain]
    if his == 0 and f.aces == 0 and partner.hcp[0] >= 13:
        # 5♣ is none or all four: all four when partner's points say so (never beside my aces)
        his = 4
    aces = f.aces + his
    trump = agreed_suit(ctx)
    strain = Strain(trump) if trump is not None else NT
    if aces <= 2:
        call = Call.bid(5, strain)
        if call.index <= answer.index:
            call = Call.bid(6, strain) if aces >= 3 else Call.PASS
        if call == Call.PASS or call == answer:
            return because(Call.PASS, "aces_missing_pass", contract=answer)
        return because(call, "aces_missing")
    combined = f.hcp + partner.hcp[0]
    if aces == 4 and combined >= 36:
        call = Call.bid(7, strain)
        return because(call, "grand_slam", points=combined)
    call = Call.bid(6, strain)
    return because(call, "small_slam", aces=aces)


def slam_try(ctx: Context, f: Facts, partner: HandLimits, legal: set[Call]) -> Decision | None:
    """With a fit both partners have bid and enough points for slam, ask for aces (4NT)."""
    if Call("4NT") not in legal or any(c == Call("4NT") for _, c in ctx.calls):
        return None
    if ctx.last_bidder is None or not ctx.ours(ctx.last_bidder) or ctx.doubled:
        return None
    trump = agreed_suit(ctx)
    if trump is None:
        return None
    points = f.support_points(trump) + partner.hcp[0]
    if points < 33 or f.hcp + partner.hcp[0] < 29:
        return None
    if ctx.system.ace_ask == "rkcb1430":
        return because(Call("4NT"), "robot.system.rkcb")
    return because(Call("4NT"), "blackwood", points=points, strain=Strain(trump))
