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

__all__ = ["opening_calls", "two_club_sequence", "responses_to_preempt", "strong_two_sequence"]


def opening_calls(ctx: Context) -> list[Rule]:
    """Nobody has bid yet: the openings, in order of preference (pre-empts and weak twos in the
    first three seats only; a light opening by the rule of 20 not in the fourth)."""
    pos = ctx.position
    sys = ctx.system
    rules: list[Rule] = []
    two_lo, two_hi = sys.notrump_two
    if sys.strong_2c:
        rules += rule(
            "2C",
            says("open_2c"),
            (max(22, two_hi + 1), 37),
            forcing=True,
            convention="strong_2c",
        )
    if sys.twos == "strong":
        for suit in (3, 2, 1):
            rules += rule(
                bid_at(2, suit),
                says("robot.system.strong_two", lo=16, hi=22, suit=Strain(suit)),
                (16, 22),
                lengths={suit: (6, 13)},
                test=for_suit(suit, lambda f, s: f.longest == s and f.suit_hcp(s) >= 5),
                forcing=True,
                convention="strong_two",
            )
    rules += rule(
        "2NT", says("robot.system.nt_open", lo=two_lo, hi=two_hi), sys.notrump_two, balanced=True
    )
    lo, hi = sys.notrump
    rules += rule("1NT", says("robot.system.nt_open", lo=lo, hi=hi), (lo, hi), balanced=True)
    majors = sys.majors

    def opens(suit: int) -> Callable[[Facts], bool]:
        def test(f: Facts) -> bool:
            strong = f.hcp >= 12 or (f.hcp >= 10 and f.rule_of_20 and pos < 4)
            return strong and f.opening_suit(majors) == suit

        return test

    major_why = "open_major" if majors == 5 else "robot.system.open_major_four"
    top = 21 if sys.strong_2c else 37
    rules += rule(
        "1S", says(major_why, suit=S), (10, top), test=opens(3), lengths={3: (majors, 13)}
    )
    rules += rule(
        "1H", says(major_why, suit=H), (10, top), test=opens(2), lengths={2: (majors, 13)}
    )
    rules += rule(
        "1D",
        says("open_minor", suit=D),
        (10, top),
        test=opens(1),
        lengths={1: (3, 13)},
    )
    rules += rule("1C", says("open_minor", suit=C), (10, top), test=opens(0), lengths={0: (2, 13)})
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
        for suit in (3, 2, 1) if sys.twos == "weak" else ():
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
    if not ctx.systems.of(opener).strong_2c:
        return None
    if ctx.seat == opener.partner and not ctx.bids_of(ctx.seat) and ctx.last_bid == Call("2C"):
        return rule("2D", says("waiting"), forcing=True, convention="waiting")
    if ctx.seat == opener and len(ctx.bids_of(ctx.seat)) == 1 and ctx.partner_last == Call("2D"):
        low = max(22, ctx.system.notrump_two[1] + 1)
        rules = rule(
            "2NT", says("robot.system.balanced", lo=low, hi=24), (low, 24), balanced=True
        ) + rule("3NT", says("balanced_25_27"), (25, 27), balanced=True, to_play=True)
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


def strong_two_sequence(ctx: Context) -> list[Rule] | None:
    """After our strong two in a suit (strong twos, docs/bidding.md "Systems"): responder's
    negative 2NT (0-7) or positive answer, then the opener's rebid over the negative; ``None``
    when the auction is not at one of these calls."""
    opening, opener = ctx.opening, ctx.opener
    if (
        opening is None
        or opener is None
        or opening.level != 2
        or opening.strain in (None, NT, C)
        or ctx.systems.of(opener).twos != "strong"
        or not ctx.ours(opener)
    ):
        return None
    assert opening.strain is not None
    s = int(opening.strain)
    mine = ctx.bids_of(ctx.seat)
    if ctx.seat == opener.partner and not mine and ctx.last_bid == opening:
        rules = rule(
            bid_at(3, s),
            says("robot.system.strong_two_raise", lo=8, suit=Strain(s)),
            (8, 37),
            lengths={s: (3, 13)},
            forcing=True,
        )
        for suit in (3, 2, 1, 0):
            if suit == s:
                continue
            rules += rule(
                ctx.cheapest(suit),
                says("robot.system.strong_two_suit", lo=8, suit=Strain(suit)),
                (8, 37),
                lengths={suit: (5, 13)},
                test=for_suit(suit, lambda f, x: f.longest == x),
                forcing=True,
            )
        rules += rule("3NT", says("robot.system.strong_two_nt", lo=8), (8, 37), balanced=True)
        rules += rule(
            "2NT",
            says("robot.system.negative_2nt", hi=7),
            (0, 7),
            forcing=True,
            convention="negative_2nt",
        )
        return rules
    if ctx.seat == opener and len(mine) == 1 and ctx.partner_last == Call("2NT"):
        game = bid_at(4 if s >= 2 else 5, s)
        return rule(game, says("fit_enough_for_game"), (19, 37), to_play=True) + rule(
            bid_at(3, s), says("robot.system.strong_two_minimum", suit=Strain(s)), (0, 18)
        )
    if ctx.seat == opener and len(mine) == 1 and ctx.partner_last == bid_at(3, s):
        return rule(bid_at(4 if s >= 2 else 5, s), says("fit_enough_for_game"), to_play=True)
    return None
