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

__all__ = ["agreed_suit", "is_blackwood", "blackwood_answers", "after_blackwood", "slam_try"]


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


def after_blackwood(ctx: Context, f: Facts, partner: HandLimits) -> Decision | None:
    """The asker places the contract from partner's aces."""
    mine = ctx.calls_of(ctx.seat)
    if not mine or mine[-1] != Call("4NT") or not is_blackwood(ctx, mine[-1], ctx.seat):
        return None
    answer = ctx.partner_last
    if answer is None or not answer.is_bid or answer.level != 5 or answer.strain is NT:
        return None
    assert answer.strain is not None
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
    return because(Call("4NT"), "blackwood", points=points, strain=Strain(trump))
