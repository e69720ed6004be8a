"""The auction after partner opens 1NT or 2NT (docs/bidding.md, "Notrump openings"): the
responses, Stayman and its answers, the opener's later calls, and responder's calls when an
opponent comes in.
"""

from __future__ import annotations

from bridgeroom.i18n import Message
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
from bridgeroom.rules.core import Call, Seat, Strain

__all__ = [
    "responses_to_nt",
    "nt_opener_rebid",
    "after_stayman",
    "nt_opener_third",
    "nt_competition",
    "after_transfer",
]


def _shift(ctx: Context, opener: Seat) -> int:
    """How many points fewer responder needs than opposite a 15-17 1NT (20-21 2NT): the
    bottom of the opener's range by his side's system, less 15 (20)."""
    sys = ctx.systems.of(opener)
    opening = ctx.opening
    assert opening is not None
    return sys.notrump[0] - 15 if opening.level == 1 else sys.notrump_two[0] - 20


def _pts(key: str, lo: int, hi: int, **params: object) -> Message:
    return says(f"robot.system.{key}", lo=lo, hi=hi, **params)


def responses_to_nt(ctx: Context) -> list[Rule]:
    """Partner opened 1NT or 2NT; the right-hand opponent passed. The ranges are those
    opposite 15-17 (20-21), moved by the opener's range in his system."""
    opening = ctx.opening
    assert opening is not None and ctx.opener is not None
    sys = ctx.system
    d = -_shift(ctx, ctx.opener)

    def four_major(f: Facts) -> bool:
        return f.len(2) == 4 or f.len(3) == 4

    def no_major(f: Facts) -> bool:
        return f.len(2) < 4 and f.len(3) < 4

    def no_five_major(f: Facts) -> bool:
        return f.len(2) < 5 and f.len(3) < 5

    rules: list[Rule] = []
    if opening.level == 1:
        if sys.gerber:
            rules += rule(
                "4C",
                says("robot.system.gerber"),
                (18 + d, 37),
                test=no_five_major,
                forcing=True,
                convention="gerber",
            )
        rules += rule(
            "7NT",
            says("robot.system.nt_grand", lo=22 + d),
            (22 + d, 37),
            balanced=True,
            to_play=True,
        )
        rules += rule(
            "6NT",
            _pts("nt_small", 18 + d, 21 + d),
            (18 + d, 21 + d),
            test=no_five_major,
            to_play=True,
        )
        rules += rule(
            "4NT",
            _pts("nt_slam_invite", 16 + d, 17 + d),
            (16 + d, 17 + d),
            balanced=True,
            test=no_major,
        )
        if sys.stayman:
            rules += rule(
                "2C",
                says("stayman"),
                (8 + d, 37),
                test=four_major,
                forcing=True,
                convention="stayman",
            )
        for suit in (3, 2):
            rules += rule(
                bid_at(4, suit),
                says("six_game", suit=Strain(suit)),
                (10 + d, 15 + d),
                lengths={suit: (6, 13)},
                to_play=True,
            )
            if sys.transfers:
                rules += rule(
                    bid_at(2, suit - 1),
                    says("robot.system.transfer", suit=Strain(suit)),
                    (0, 37),
                    lengths={suit: (5, 13)},
                    test=for_suit(suit, lambda f, s: f.len(s) >= f.len(5 - s)),
                    forcing=True,
                    convention="transfer",
                )
                continue
            rules += rule(
                bid_at(3, suit),
                says("five_game_forcing", suit=Strain(suit)),
                (10 + d, 37),
                lengths={suit: (5, 13)},
                test=for_suit(suit, lambda f, s: f.len(s) >= f.len(5 - s)),
                forcing=True,
            )
        rules += rule(
            "3NT",
            _pts("nt_game_no_major", 10 + d, 15 + d),
            (10 + d, 15 + d),
            test=no_five_major,
            to_play=True,
        )
        rules += rule("2NT", _pts("nt_invite", 8 + d, 9 + d), (8 + d, 9 + d), test=no_five_major)
        for suit in (3, 2, 1) if not sys.transfers else ():
            rules += rule(
                bid_at(2, suit),
                _pts("weak_takeout", 0, 7 + d, suit=Strain(suit)),
                (0, 7 + d),
                lengths={suit: (5, 13)},
                test=for_suit(suit, lambda f, s: f.len(s) == max(f.lengths[1:])),
                to_play=True,
            )
        rules += rule(
            "P", _pts("nt_to_play", 0, 7 + d, contract=Call("1NT")), (0, 7 + d), to_play=True
        )
    else:
        if sys.gerber:
            rules += rule(
                "4C",
                says("robot.system.gerber"),
                (13 + d, 37),
                test=no_five_major,
                forcing=True,
                convention="gerber",
            )
        rules += rule(
            "6NT",
            _pts("nt_slam", 13 + d, 15 + d, contract=Call("2NT")),
            (13 + d, 15 + d),
            to_play=True,
        )
        rules += rule(
            "4NT", _pts("nt_slam_invite", 11 + d, 12 + d), (11 + d, 12 + d), balanced=True
        )
        if sys.stayman:
            rules += rule(
                "3C",
                says("stayman"),
                (4 + d, 37),
                test=four_major,
                forcing=True,
                convention="stayman",
            )
        for suit in (3, 2):
            rules += rule(
                bid_at(3, suit),
                says("five_forcing", suit=Strain(suit)),
                (4 + d, 37),
                lengths={suit: (5, 13)},
                forcing=True,
            )
        rules += rule("3NT", _pts("nt_game", 4 + d, 10 + d), (4 + d, 10 + d), to_play=True)
        rules += rule(
            "P", _pts("nt_to_play", 0, 3 + d, contract=Call("2NT")), (0, 3 + d), to_play=True
        )
    return rules


def _accept(ctx: Context) -> tuple[tuple[int, int], tuple[int, int]]:
    """The opener's maximum and minimum in his notrump range: (lo+1, hi) and (lo, lo)."""
    opening = ctx.opening
    assert opening is not None and ctx.opener is not None
    sys = ctx.systems.of(ctx.opener)
    lo, hi = sys.notrump if opening.level == 1 else sys.notrump_two
    return (lo + 1, hi), (lo, lo)


def _gerber_answers(ctx: Context) -> list[Rule]:
    return (
        rule(
            "4D",
            says("robot.system.gerber_0"),
            test=lambda f: f.aces in (0, 4),
            convention="ace_answer",
        )
        + rule(
            "4H", says("robot.system.gerber_1"), test=lambda f: f.aces == 1, convention="ace_answer"
        )
        + rule(
            "4S", says("robot.system.gerber_2"), test=lambda f: f.aces == 2, convention="ace_answer"
        )
        + rule(
            "4NT",
            says("robot.system.gerber_3"),
            test=lambda f: f.aces == 3,
            convention="ace_answer",
        )
    )


def nt_opener_rebid(ctx: Context) -> list[Rule] | None:
    """Opener's second call after 1NT or 2NT and an uncontested response."""
    opening = ctx.opening
    resp = ctx.partner_last
    assert opening is not None
    if resp is None or not resp.is_bid:
        return None
    sys = ctx.system
    one = opening.level == 1
    stayman = Call("2C") if one else Call("3C")
    maximum, minimum = _accept(ctx)
    if resp == Call("4C") and sys.gerber:
        return _gerber_answers(ctx)
    if resp == stayman and sys.stayman:
        lvl = opening.level + 1
        return (
            rule(
                bid_at(lvl, 2),
                says("stayman_hearts"),
                (0, 37),
                lengths={2: (4, 13)},
                convention="stayman_answer",
            )
            + rule(
                bid_at(lvl, 3),
                says("stayman_spades"),
                (0, 37),
                lengths={3: (4, 13), 2: (0, 3)},
                convention="stayman_answer",
            )
            + rule(
                bid_at(lvl, 1),
                says("stayman_none"),
                (0, 37),
                lengths={2: (0, 3), 3: (0, 3)},
                convention="stayman_answer",
            )
        )
    assert resp.strain is not None
    if one and sys.transfers and resp in (Call("2D"), Call("2H")):
        return rule(
            bid_at(2, int(resp.strain) + 1), says("robot.system.transfer_done"), forcing=False
        )
    if resp.level == 3 and resp.strain in (H, S):  # five of a major, forcing
        s = int(resp.strain)
        return rule(
            bid_at(4, s), says("major_fit_game"), lengths={s: (3, 13)}, to_play=True
        ) + rule("3NT", says("major_no_fit_game"), lengths={s: (0, 2)}, to_play=True)
    if resp == Call("2NT") and one:
        return rule("3NT", says("accept_maximum"), maximum, to_play=True) + rule(
            "P", says("decline_minimum"), minimum, to_play=True
        )
    if resp == Call("4NT"):
        top = maximum[1]
        return rule("6NT", says("accept_slam"), (top, top + 1), to_play=True) + rule(
            "P", says("decline_slam"), to_play=True
        )
    return rule("P", says("placed"), to_play=True)


def after_transfer(ctx: Context) -> list[Rule] | None:
    """Responder's second call after 1NT, his transfer and partner's completion; and the
    opener's third call after responder's invitation or game (Jacoby transfers)."""
    opening, opener = ctx.opening, ctx.opener
    if opening != Call("1NT") or opener is None or not ctx.systems.of(opener).transfers:
        return None
    responder = opener.partner
    first = ctx.bids_of(responder)
    if not first or first[0] not in (Call("2D"), Call("2H")):
        return None
    assert first[0].strain is not None
    s = int(first[0].strain) + 1
    major = Strain(s)
    if ctx.bids_of(opener)[1:2] != [bid_at(2, s)]:
        return None
    d = -_shift(ctx, opener)
    if ctx.seat == responder and len(first) == 1:
        return (
            rule(
                bid_at(4, s),
                _pts("transfer_game6", 10 + d, 15 + d, suit=major),
                (10 + d, 15 + d),
                lengths={s: (6, 13)},
                to_play=True,
            )
            + rule(
                "3NT",
                _pts("transfer_game", 10 + d, 15 + d, suit=major),
                (10 + d, 15 + d),
                lengths={s: (5, 5)},
            )
            + rule(
                bid_at(3, s),
                _pts("transfer_invite6", 8 + d, 9 + d, suit=major),
                (8 + d, 9 + d),
                lengths={s: (6, 13)},
            )
            + rule(
                "2NT",
                _pts("transfer_invite", 8 + d, 9 + d, suit=major),
                (8 + d, 9 + d),
                lengths={s: (5, 5)},
            )
            + rule(
                "P", _pts("nt_to_play", 0, 7 + d, contract=bid_at(2, s)), (0, 7 + d), to_play=True
            )
        )
    if ctx.seat == opener and len(ctx.bids_of(opener)) == 2 and len(first) == 2:
        maximum, minimum = _accept(ctx)
        last = first[1]
        fit = {s: (3, 13)}
        if last == Call("3NT"):
            return rule(
                bid_at(4, s), says("robot.system.fit_game", suit=major), lengths=fit, to_play=True
            ) + rule("P", says("placed"), to_play=True)
        if last == Call("2NT"):
            return (
                rule(bid_at(4, s), says("accept_maximum"), maximum, lengths=fit, to_play=True)
                + rule("3NT", says("accept_maximum"), maximum, to_play=True)
                + rule(bid_at(3, s), says("decline_minimum"), minimum, lengths=fit, to_play=True)
                + rule("P", says("decline_minimum"), minimum, to_play=True)
            )
        if last == bid_at(3, s):
            return rule(bid_at(4, s), says("accept_maximum"), maximum, to_play=True) + rule(
                "P", says("decline_minimum"), minimum, to_play=True
            )
        return rule("P", says("placed"), to_play=True)
    return None


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
    assert ctx.opener is not None
    if not ctx.systems.of(ctx.opener).stayman:
        return None
    d = -_shift(ctx, ctx.opener)
    rules: list[Rule] = []
    if answer.strain in (H, S):
        s = int(answer.strain)
        if one:
            rules += rule(
                bid_at(4, s),
                _pts("nt_fit_game", 10 + d, 15 + d),
                (10 + d, 15 + d),
                lengths={s: (4, 13)},
                to_play=True,
            )
            rules += rule(
                bid_at(3, s),
                _pts("nt_fit_invite", 8 + d, 9 + d),
                (8 + d, 9 + d),
                lengths={s: (4, 13)},
            )
        else:
            rules += rule(
                bid_at(4, s), says("fit_game"), (4, 12), lengths={s: (4, 13)}, to_play=True
            )
    if one:
        rules += rule("3NT", _pts("no_fit_game", 10 + d, 15 + d), (10 + d, 15 + d), to_play=True)
        rules += rule("2NT", _pts("no_fit_invite", 8 + d, 9 + d), (8 + d, 9 + d))
    else:
        rules += rule("3NT", says("no_fit_game"), (4, 12), to_play=True)
    return rules


def nt_opener_third(ctx: Context) -> list[Rule] | None:
    """Opener after 1NT - 2C - answer - invitation or game by responder."""
    opening = ctx.opening
    calls = ctx.bids_of(ctx.partner)
    if opening is None or len(calls) < 2 or calls[0] != Call("2C") or opening.level != 1:
        return None
    if not ctx.system.stayman:
        return None
    last = calls[-1]
    (top_lo, top_hi), (bottom, _) = _accept(ctx)

    def spades(f: Facts) -> bool:
        return f.len(3) >= 4

    mine = ctx.bids_of(ctx.seat)
    answer = mine[1] if len(mine) > 1 else None
    if last == Call("2NT") and answer == Call("2H"):
        return (
            rule("4S", says("spades_maximum"), (top_lo, top_hi), test=spades, to_play=True)
            + rule("3S", says("spades_minimum"), (bottom, bottom), test=spades, to_play=True)
            + rule("3NT", says("accept_maximum"), (top_lo, top_hi), to_play=True)
            + rule("P", says("decline_minimum"), (bottom, bottom), to_play=True)
        )
    if last == Call("2NT"):
        return rule("3NT", says("accept_maximum"), (top_lo, top_hi), to_play=True) + rule(
            "P", says("decline_minimum"), (bottom, bottom), to_play=True
        )
    if last == Call("3NT") and answer == Call("2H"):
        return rule("4S", says("spades_after_stayman"), test=spades, to_play=True) + rule(
            "P", says("placed"), to_play=True
        )
    if last.level == 3 and last.strain in (H, S):
        return rule(
            bid_at(4, int(last.strain)), says("accept_maximum"), (top_lo, top_hi), to_play=True
        ) + rule("P", says("decline_minimum"), (bottom, bottom), to_play=True)
    return rule("P", says("placed"), to_play=True)


def nt_competition(ctx: Context) -> list[Rule]:
    """Partner opened notrump and the right-hand opponent came in."""
    last = ctx.last_bid
    assert last is not None and last.strain is not None
    rules: list[Rule] = []
    assert ctx.opener is not None
    d = -_shift(ctx, ctx.opener)
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
        (10 + d, 15 + d),
        test=lambda f: t is None or f.stopper(t),
        to_play=True,
    )
    for suit in (3, 2):
        if suit == t:
            continue
        rules += rule(
            bid_at(4, suit),
            says("six_game", suit=Strain(suit)),
            (8 + d, 15 + d),
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
