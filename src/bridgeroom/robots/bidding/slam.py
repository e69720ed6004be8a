"""Slam (docs/bidding.md, "Slam"): when 4NT asks for aces (Blackwood), the answers, and the
asker's contract from them; asking with a suit agreed and the points for slam.

    >>> from bridgeroom.rules import Seat
    >>> ctx = Context(Seat.NORTH, Seat.NORTH, ((Seat.NORTH, Call("1NT")), (Seat.EAST, Call("P"))))
    >>> is_blackwood(ctx, Call("4NT"), Seat.SOUTH)  # raises partner's notrump: invites 6NT
    False
"""

from __future__ import annotations

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
    "agreed_suit",
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


def is_blackwood(ctx: Context, call: Call, seat: Seat) -> bool:
    """4NT asks for aces unless it raises partner's notrump (then it invites 6NT)."""
    if call != Call("4NT"):
        return False
    before = [c for s, c in ctx.calls if s == seat.partner and c.is_bid]
    return not (before and before[-1].strain == NT)


def blackwood_answers(ctx: Context) -> list[Rule] | None:
    """The answers to partner's 4NT (Blackwood) by the number of aces, when partner just asked."""
    calls = ctx.calls
    if not calls:
        return None
    # answering partner's 4NT
    pl = ctx.partner_last
    if pl == Call("4NT") and ctx.last_bid == Call("4NT") and is_blackwood(ctx, pl, ctx.partner):
        trump = agreed_suit(ctx)
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


def _after_rkcb(ctx: Context, f: Facts, answer: Call, trump: int, partner: HandLimits) -> Decision:
    """The RKCB asker places the contract from partner's key cards (1430)."""
    mine = keycards(f, trump)
    his_options = {C: (1, 4), D: (0, 3), H: (2,), S: (2,)}[answer.strain]  # type: ignore[index]
    his = min(his_options, key=lambda n: abs(5 - mine - n) if mine + n <= 5 else 9)
    keys = mine + his
    strain = Strain(trump)
    if keys <= 3:
        call = Call.bid(5, strain)
        if call.index <= answer.index:
            return because(Call.PASS, "aces_missing_pass", contract=answer)
        return because(call, "robot.system.keycards_missing")
    combined = f.hcp + partner.hcp[0]
    if keys == 5 and combined >= 36:
        return because(Call.bid(7, strain), "robot.system.keycards_grand", points=combined)
    return because(Call.bid(6, strain), "robot.system.keycards_slam", keys=keys)


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
    trump_suit = agreed_suit(ctx)
    if ctx.system.ace_ask == "rkcb1430" and trump_suit is not None:
        return _after_rkcb(ctx, f, answer, trump_suit, partner)
    his = {C: 0, D: 1, H: 2, S: 3}[answer.strain]
    if (his == 0 and f.aces + partner.hcp[0] // 4 >= 4) or (his == 0 and partner.hcp[0] >= 13):
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
