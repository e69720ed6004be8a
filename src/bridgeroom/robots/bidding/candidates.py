"""Which of the system's tables applies now: the candidate calls for the seat to call, from the
public auction alone (so that the same tables read other players' calls backwards).

    >>> from bridgeroom.rules import Seat
    >>> ctx = Context(Seat.SOUTH, Seat.NORTH, ((Seat.NORTH, Call("1NT")), (Seat.EAST, Call("P"))))
    >>> [str(r.call) for r in candidates(ctx)][:4]
    ['7NT', '6NT', '4NT', '2C']
"""

from __future__ import annotations

from bridgeroom.robots.bidding.competition import (
    advances,
    doubler_rebid,
    overcalls,
    two_suited_defence,
)
from bridgeroom.robots.bidding.model import NT, Context, Rule, rule, says
from bridgeroom.robots.bidding.notrump import (
    after_stayman,
    after_transfer,
    nt_competition,
    nt_opener_rebid,
    nt_opener_third,
    responses_to_nt,
)
from bridgeroom.robots.bidding.one_suit import (
    opener_rebid,
    responses_after_overcall,
    responses_to_one,
)
from bridgeroom.robots.bidding.openings import (
    opening_calls,
    responses_to_preempt,
    strong_two_sequence,
    two_club_sequence,
)
from bridgeroom.robots.bidding.slam import blackwood_answers
from bridgeroom.rules.core import Call

__all__ = ["candidates"]


def candidates(ctx: Context) -> list[Rule]:
    """The candidate calls of the system for ``ctx.seat`` now, in order of preference."""
    if not ctx.bids:
        return opening_calls(ctx)
    bw = blackwood_answers(ctx)
    if bw is not None:
        return bw
    opener = ctx.opener
    opening = ctx.opening
    assert opener is not None and opening is not None and opening.strain is not None
    mine = ctx.bids_of(ctx.seat)
    my_calls = [c for c in ctx.calls_of(ctx.seat) if not c.is_pass]
    two_clubs = two_club_sequence(ctx)
    if two_clubs is not None:
        return two_clubs
    strong_two = strong_two_sequence(ctx)
    if strong_two is not None:
        return strong_two
    only_opening = len(ctx.bids) == 1 and not any(
        c.is_double or c.is_redouble for _, c in ctx.calls
    )
    if ctx.ours(opener):
        rho = ctx.rho_call
        uncontested = all(ctx.ours(s) or c.is_pass for s, c in ctx.calls)
        if ctx.seat == opener.partner and not my_calls:
            if opening.strain == NT and opening.level <= 2:
                if uncontested:
                    return responses_to_nt(ctx)
                return nt_competition(ctx)
            if opening.level == 1:
                if uncontested or (rho is not None and rho.is_double and len(ctx.bids) == 1):
                    return responses_to_one(ctx)
                defence = two_suited_defence(ctx)
                if defence is not None:
                    return defence
                return responses_after_overcall(ctx)
            if opening != Call("2C") and only_opening:
                return responses_to_preempt(ctx)
            return []
        if ctx.seat == opener and len(mine) == 1 and len(my_calls) == 1 and uncontested:
            if opening.strain == NT:
                return nt_opener_rebid(ctx) or []
            if opening.level == 1:
                return opener_rebid(ctx) or []
            return rule("P", says("partner_decided"), to_play=True)
        if uncontested and opening.strain == NT:
            transfer = after_transfer(ctx)
            if transfer is not None:
                return transfer
        if uncontested and opening.strain == NT and ctx.seat == opener.partner and len(mine) == 1:
            return after_stayman(ctx) or []
        if uncontested and opening.strain == NT and ctx.seat == opener and len(mine) == 2:
            return nt_opener_third(ctx) or []
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
            return overcalls(ctx)
        return []
    if not my_calls:
        return advances(ctx) or []
    return doubler_rebid(ctx) or []
