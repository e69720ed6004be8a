"""The opponents opened (docs/bidding.md, "Competition"): overcalls and doubles, and the first
call of the overcaller's or doubler's partner.
"""

from __future__ import annotations

from collections.abc import Sequence

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
from bridgeroom.rules.core import Strain

__all__ = ["overcalls", "advances"]


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
    if pc[0].is_double:
        if rho is not None and not rho.is_pass:
            return None
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


def _best_unbid(f: Facts, unbid: Sequence[int]) -> int:
    """The suit to bid for partner's takeout double: a four-card major first, else the longest."""
    majors = [s for s in unbid if s >= 2 and f.len(s) >= 4]
    if majors:
        return max(majors, key=lambda s: (f.len(s), s))
    return max(unbid, key=lambda s: (f.len(s), s))
