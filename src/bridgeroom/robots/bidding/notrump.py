"""The auction after partner opens 1NT or 2NT (docs/bidding.md, "Notrump openings"): the
responses, Stayman and its answers, the opener's later calls, and responder's calls when an
opponent comes in.
"""

from __future__ import annotations

from bridgeroom.robots.bidding.model import (
    NT,
    Context,
    Facts,
    H,
    Rule,
    S,
    bid_at,
    for_suit,
    rule,
    says,
)
from bridgeroom.rules.core import Call, Strain

__all__ = [
    "responses_to_nt",
    "nt_opener_rebid",
    "after_stayman",
    "nt_opener_third",
    "nt_competition",
]


def responses_to_nt(ctx: Context) -> list[Rule]:
    """Partner opened 1NT (15-17) or 2NT (20-21); the right-hand opponent passed."""
    opening = ctx.opening
    assert opening is not None

    def four_major(f: Facts) -> bool:
        return f.len(2) == 4 or f.len(3) == 4

    def no_major(f: Facts) -> bool:
        return f.len(2) < 4 and f.len(3) < 4

    rules: list[Rule] = []
    if opening.level == 1:
        rules += rule(
            "7NT",
            says("nt_grand"),
            (22, 37),
            balanced=True,
            to_play=True,
        )
        rules += rule(
            "6NT",
            says("nt_small"),
            (18, 21),
            test=lambda f: f.len(2) < 5 and f.len(3) < 5,
            to_play=True,
        )
        rules += rule("4NT", says("nt_slam_invite_16"), (16, 17), balanced=True, test=no_major)
        rules += rule(
            "2C",
            says("stayman"),
            (8, 37),
            test=four_major,
            forcing=True,
        )
        for suit in (3, 2):
            rules += rule(
                bid_at(4, suit),
                says("six_game", suit=Strain(suit)),
                (10, 15),
                lengths={suit: (6, 13)},
                to_play=True,
            )
            rules += rule(
                bid_at(3, suit),
                says("five_game_forcing", suit=Strain(suit)),
                (10, 37),
                lengths={suit: (5, 13)},
                test=for_suit(suit, lambda f, s: f.len(s) >= f.len(5 - s)),
                forcing=True,
            )
        rules += rule(
            "3NT",
            says("nt_game_no_major"),
            (10, 15),
            test=lambda f: f.len(2) < 5 and f.len(3) < 5,
            to_play=True,
        )
        rules += rule(
            "2NT", says("nt_invite"), (8, 9), test=lambda f: f.len(2) < 5 and f.len(3) < 5
        )
        for suit in (3, 2, 1):
            rules += rule(
                bid_at(2, suit),
                says("weak_takeout", suit=Strain(suit)),
                (0, 7),
                lengths={suit: (5, 13)},
                test=for_suit(suit, lambda f, s: f.len(s) == max(f.lengths[1:])),
                to_play=True,
            )
        rules += rule("P", says("nt_to_play_0_7", contract=Call("1NT")), (0, 7), to_play=True)
    else:
        rules += rule("6NT", says("nt2_slam", contract=Call("2NT")), (13, 15), to_play=True)
        rules += rule("4NT", says("nt_slam_invite_11"), (11, 12), balanced=True)
        rules += rule(
            "3C",
            says("stayman"),
            (4, 37),
            test=four_major,
            forcing=True,
        )
        for suit in (3, 2):
            rules += rule(
                bid_at(3, suit),
                says("five_forcing", suit=Strain(suit)),
                (4, 37),
                lengths={suit: (5, 13)},
                forcing=True,
            )
        rules += rule("3NT", says("nt2_game"), (4, 10), to_play=True)
        rules += rule("P", says("nt_to_play_0_3", contract=Call("2NT")), (0, 3), to_play=True)
    return rules


def nt_opener_rebid(ctx: Context) -> list[Rule] | None:
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
            rule(bid_at(lvl, 2), says("stayman_hearts"), (0, 37), lengths={2: (4, 13)})
            + rule(
                bid_at(lvl, 3),
                says("stayman_spades"),
                (0, 37),
                lengths={3: (4, 13), 2: (0, 3)},
            )
            + rule(
                bid_at(lvl, 1),
                says("stayman_none"),
                (0, 37),
                lengths={2: (0, 3), 3: (0, 3)},
            )
        )
    assert resp.strain is not None
    if resp.level == 3 and resp.strain in (H, S):  # five of a major, forcing
        s = int(resp.strain)
        return rule(
            bid_at(4, s), says("major_fit_game"), lengths={s: (3, 13)}, to_play=True
        ) + rule("3NT", says("major_no_fit_game"), lengths={s: (0, 2)}, to_play=True)
    if resp == Call("2NT") and one:
        return rule("3NT", says("accept_maximum"), (16, 17), to_play=True) + rule(
            "P", says("decline_minimum"), (15, 15), to_play=True
        )
    if resp == Call("4NT"):
        top = 17 if one else 21
        return rule("6NT", says("accept_slam"), (top, top + 1), to_play=True) + rule(
            "P", says("decline_slam"), to_play=True
        )
    return rule("P", says("placed"), to_play=True)


def after_stayman(ctx: Context) -> list[Rule] | None:
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
            rules += rule(
                bid_at(4, s),
                says("stayman_fit_game"),
                (10, 15),
                lengths={s: (4, 13)},
                to_play=True,
            )
            rules += rule(bid_at(3, s), says("stayman_fit_invite"), (8, 9), lengths={s: (4, 13)})
        else:
            rules += rule(
                bid_at(4, s), says("fit_game"), (4, 12), lengths={s: (4, 13)}, to_play=True
            )
    if one:
        rules += rule("3NT", says("no_fit_game_10_15"), (10, 15), to_play=True)
        rules += rule("2NT", says("no_fit_invite"), (8, 9))
    else:
        rules += rule("3NT", says("no_fit_game"), (4, 12), to_play=True)
    return rules


def nt_opener_third(ctx: Context) -> list[Rule] | None:
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
            rule("4S", says("spades_maximum"), (16, 17), test=spades, to_play=True)
            + rule("3S", says("spades_minimum"), (15, 15), test=spades, to_play=True)
            + rule("3NT", says("accept_maximum"), (16, 17), to_play=True)
            + rule("P", says("decline_minimum"), (15, 15), to_play=True)
        )
    if last == Call("2NT"):
        return rule("3NT", says("accept_maximum"), (16, 17), to_play=True) + rule(
            "P", says("decline_minimum"), (15, 15), to_play=True
        )
    if last == Call("3NT") and answer == Call("2H"):
        return rule("4S", says("spades_after_stayman"), test=spades, to_play=True) + rule(
            "P", says("placed"), to_play=True
        )
    if last.level == 3 and last.strain in (H, S):
        return rule(
            bid_at(4, int(last.strain)), says("accept_maximum"), (16, 17), to_play=True
        ) + rule("P", says("decline_minimum"), (15, 15), to_play=True)
    return rule("P", says("placed"), to_play=True)


def nt_competition(ctx: Context) -> list[Rule]:
    """Partner opened notrump and the right-hand opponent came in."""
    last = ctx.last_bid
    assert last is not None and last.strain is not None
    rules: list[Rule] = []
    t = int(last.strain) if last.strain is not NT else None
    rules += rule(
        "X",
        says("penalty_double"),
        (8, 37),
        test=lambda f: t is None or f.len(t) >= 4 or (f.len(t) >= 3 and f.suit_hcp(t) >= 4),
    )
    rules += rule(
        "3NT",
        says("stopper_game_short"),
        (10, 15),
        test=lambda f: t is None or f.stopper(t),
        to_play=True,
    )
    for suit in (3, 2):
        if suit == t:
            continue
        rules += rule(
            bid_at(4, suit),
            says("six_game", suit=Strain(suit)),
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
        rules += rule(
            call,
            says("five_to_play", suit=Strain(suit)),
            (0, 9),
            lengths={suit: (5, 13)},
            test=for_suit(suit, lambda f, s: f.len(s) == max(f.lengths)),
            to_play=True,
        )
    rules += rule("P", says("nothing_to_add"), (0, 9))
    return rules
