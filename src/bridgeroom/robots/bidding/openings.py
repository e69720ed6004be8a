"""Opening bids (docs/bidding.md, "Openings") and the continuations of the strong and
pre-emptive ones ("Two clubs, weak twos, pre-empts").

    >>> from bridgeroom.rules import Seat
    >>> [r.call for r in opening_calls(Context(Seat.NORTH, Seat.NORTH, ()))][:3]
    [Call('2C'), Call('2NT'), Call('1NT')]
"""

from __future__ import annotations

from collections.abc import Callable

from bridgeroom.robots.bidding.model import (
    NT,
    C,
    Context,
    D,
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

__all__ = ["opening_calls", "two_club_sequence", "responses_to_preempt"]


def opening_calls(ctx: Context) -> list[Rule]:
    """Nobody has bid yet: the openings, in order of preference (pre-empts and weak twos in the
    first three seats only; a light opening by the rule of 20 not in the fourth)."""
    pos = ctx.position
    rules: list[Rule] = []
    rules += rule("2C", says("open_2c"), (22, 37), forcing=True)
    rules += rule("2NT", says("open_2nt"), (20, 21), balanced=True)
    rules += rule("1NT", says("open_1nt"), (15, 17), balanced=True)

    def opens(suit: int) -> Callable[[Facts], bool]:
        def test(f: Facts) -> bool:
            strong = f.hcp >= 12 or (f.hcp >= 10 and f.rule_of_20 and pos < 4)
            return strong and f.opening_suit() == suit

        return test

    rules += rule("1S", says("open_major", suit=S), (10, 21), test=opens(3), lengths={3: (5, 13)})
    rules += rule("1H", says("open_major", suit=H), (10, 21), test=opens(2), lengths={2: (5, 13)})
    rules += rule(
        "1D",
        says("open_minor", suit=D),
        (10, 21),
        test=opens(1),
        lengths={1: (3, 13)},
    )
    rules += rule("1C", says("open_minor", suit=C), (10, 21), test=opens(0), lengths={0: (2, 13)})
    if pos <= 3:
        for level, n in ((4, (8, 13)), (3, (7, 7))):
            for suit in (3, 2, 1, 0):
                if level == 4 and suit < 2:
                    continue
                rules += rule(
                    bid_at(level, suit),
                    says("preempt", cards=f"{n[0]}{'+' if n[1] > n[0] else ''}", suit=Strain(suit)),
                    (5, 10),
                    lengths={suit: n},
                    test=for_suit(suit, lambda f, s: f.suit_hcp(s) >= 3),
                )
        for suit in (3, 2, 1):
            rules += rule(
                bid_at(2, suit),
                says("weak_two", suit=Strain(suit)),
                (5, 10),
                lengths={suit: (6, 6)},
                test=for_suit(suit, lambda f, s: f.suit_hcp(s) >= 3),
            )
    rules += rule("P", says("open_pass"), (0, 12 if pos < 4 else 14))
    return rules


# --- strong two clubs, weak twos, pre-empts -----------------------------------------------


def two_club_sequence(ctx: Context) -> list[Rule] | None:
    """After our strong 2♣: responder's waiting 2♦, then the opener's description of his hand;
    ``None`` when the auction is not at one of these calls."""
    opening = ctx.opening
    if opening != Call("2C") or ctx.opener is None:
        return None
    opener = ctx.opener
    if ctx.seat == opener.partner and not ctx.bids_of(ctx.seat) and ctx.last_bid == Call("2C"):
        return rule("2D", says("waiting"), forcing=True)
    if ctx.seat == opener and len(ctx.bids_of(ctx.seat)) == 1 and ctx.partner_last == Call("2D"):
        rules = rule("2NT", says("balanced_22_24"), (22, 24), balanced=True) + rule(
            "3NT", says("balanced_25_27"), (25, 27), balanced=True, to_play=True
        )
        for suit in (3, 2, 1, 0):
            call = ctx.cheapest(suit)
            rules += rule(
                call,
                says("long_suit_game_forcing", suit=Strain(suit)),
                (22, 37),
                lengths={suit: (5, 13)},
                test=for_suit(suit, lambda f, s: f.longest == s),
                forcing=True,
            )
        return rules
    return None


def responses_to_preempt(ctx: Context) -> list[Rule]:
    """Partner opened a weak two or a pre-empt (or notrump above 2NT), and it is my first call."""
    opening = ctx.opening
    assert opening is not None and opening.strain is not None
    if opening.strain is NT:
        return rule("P", says("partner_nt_to_play"), to_play=True)
    s = int(opening.strain)
    rules: list[Rule] = []
    if s >= 2:
        rules += rule(
            bid_at(4, s), says("fit_enough_for_game"), (14, 37), lengths={s: (2, 13)}, to_play=True
        )
        if opening.level == 3:
            rules += rule(
                bid_at(4, s),
                says("fit_enough_for_game"),
                (10, 37),
                lengths={s: (3, 13)},
                test=lambda f: f.support_points(s) >= 12,
                to_play=True,
            )
        if opening.level == 2:
            rules += rule(
                bid_at(3, s),
                says("raise_preempt"),
                (0, 13),
                lengths={s: (3, 13)},
                to_play=True,
            )
    rules += rule(
        "3NT",
        says("stoppers_game"),
        (16, 37),
        test=lambda f: f.balanced and sum(f.stopper(x) for x in range(4) if x != s) >= 2,
        to_play=True,
    )
    rules += rule("P", says("partner_preempt_to_play"), (0, 15), to_play=True)
    return rules
