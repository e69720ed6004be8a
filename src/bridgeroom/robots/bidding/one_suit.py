"""The auction after partner opens one of a suit: the responses, uncontested or over a double
(docs/bidding.md, "Responses to one of a suit") or after an overcall ("After the opponents
overcall partner's opening"), and the opener's rebid ("The opener's rebid").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bridgeroom.i18n import Message
from bridgeroom.robots.bidding.model import (
    NT,
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

__all__ = ["responses_to_one", "responses_after_overcall", "opener_rebid"]


def _new_suit_rules(
    ctx: Context,
    exclude: Sequence[int],
    *,
    min_hcp1: int,
    min_hcp2: int,
    why: Message,
    extra: Callable[[Facts], bool] | None = None,
    hi: int = 37,
) -> list[Rule]:
    """New suits at the cheapest level: 4+ cards at the one level, 4+ (hearts over spades 5+) higher."""
    rules: list[Rule] = []
    for suit in (3, 2, 1, 0):
        if suit in exclude:
            continue
        call = ctx.cheapest(suit)
        if call is None:
            continue
        one = call.level == 1
        need = 4 if one or suit < 2 else 5
        lo = min_hcp1 if one else min_hcp2

        def test(
            f: Facts, s: int = suit, one: bool = one, excl: tuple[int, ...] = tuple(exclude)
        ) -> bool:
            if extra is not None and not extra(f):
                return False
            others = [x for x in range(4) if x not in excl]
            # bid the longest new suit; at the one level with 4-4 the cheaper (up the line)
            best = max(f.lengths[x] for x in others)
            if f.lengths[s] < best:
                return False
            ties = [x for x in others if f.lengths[x] == best]
            if one and best == 4:
                return s == min(ties, key=lambda x: (ctx.cheapest(x) or Call.bid(7, NT)).index)
            return s == max(ties)

        rules += rule(
            call,
            why,
            (lo, hi),
            test=test,
            lengths={suit: (need, 13)},
            forcing=True,
        )
    return rules


def responses_to_one(ctx: Context) -> list[Rule]:
    """Partner opened one of a suit; the right-hand opponent passed or doubled."""
    opening = ctx.opening
    assert opening is not None and opening.strain is not None
    m = int(opening.strain)
    assert ctx.opener is not None
    support = ctx.systems.of(ctx.opener).raise_cards
    rules: list[Rule] = []
    rho = ctx.rho_call
    if rho is not None and rho.is_double:
        rules += rule(
            "XX",
            says("redouble_strength"),
            (10, 37),
            test=lambda f: f.len(m) < 3 or m < 2,
        )
    if m >= 2:  # a major

        def fit(f: Facts) -> bool:
            return f.len(m) >= support

        rules += _new_suit_rules(
            ctx,
            [m],
            min_hcp1=15,
            min_hcp2=15,
            why=says("new_suit_slam"),
            extra=lambda f: fit(f) and f.support_points(m) >= 17,
        )
        rules += rule(
            bid_at(4, m),
            says("raise_game"),
            (6, 16),
            test=lambda f: (
                fit(f) and (13 <= f.support_points(m) <= 16 or (f.losers <= 7 and f.hcp <= 10))
            ),
            lengths={m: (support, 13)},
            to_play=True,
        )
        rules += rule(
            bid_at(3, m),
            says("raise_invite"),
            (6, 12),
            test=lambda f: (
                fit(f)
                and (
                    10 <= f.support_points(m) <= 12 or (f.losers == 8 and f.support_points(m) >= 8)
                )
            ),
            lengths={m: (support, 13)},
        )
        rules += rule(
            bid_at(2, m),
            says("raise_simple"),
            (4, 9),
            test=lambda f: fit(f) and 6 <= f.support_points(m) <= 9,
            lengths={m: (support, 13)},
            to_play=True,
        )
        if m == 2:
            rules += rule(
                "1S",
                says("four_forcing", suit=S),
                (6, 37),
                lengths={3: (4, 13)},
                forcing=True,
            )
        rules += _new_suit_rules(
            ctx,
            [m, 3] if m == 2 else [m],
            min_hcp1=6,
            min_hcp2=10,
            why=says("new_suit"),
        )
        rules += rule("3NT", says("resp_3nt_no_fit"), (13, 15), balanced=True, to_play=True)
        rules += rule("2NT", says("resp_2nt_no_fit"), (11, 12), balanced=True)
        rules += rule("1NT", says("resp_1nt_no_fit"), (6, 10))
    else:  # a minor

        def no_major(f: Facts) -> bool:
            return f.len(2) < 4 and f.len(3) < 4

        rules += rule(
            "1H",
            says("four_forcing", suit=H),
            (6, 37),
            lengths={2: (4, 13)},
            test=lambda f: (
                f.len(2) >= f.len(3) or f.len(3) < 4 or (f.len(2) == 4 and f.len(3) == 4)
            ),
            forcing=True,
        )
        rules += rule(
            "1S",
            says("four_forcing", suit=S),
            (6, 37),
            lengths={3: (4, 13)},
            forcing=True,
        )
        if m == 0:
            rules += rule(
                "1D",
                says("four_forcing", suit=D),
                (6, 37),
                lengths={1: (4, 13)},
                test=lambda f: no_major(f) and f.len(1) >= f.len(0) - 1,
                forcing=True,
            )
        sup = 5 if m == 0 else 4
        rules += rule(
            "3NT",
            says("resp_3nt_no_major"),
            (13, 15),
            balanced=True,
            test=no_major,
            to_play=True,
        )
        rules += rule(
            bid_at(3, m),
            says("minor_invite", suit=Strain(m)),
            (11, 12),
            lengths={m: (sup, 13)},
            test=no_major,
        )
        rules += rule(
            "2NT",
            says("resp_2nt_no_major"),
            (11, 12),
            balanced=True,
            test=no_major,
        )
        if m == 1:
            rules += rule(
                "2C",
                says("resp_2c_over_1d"),
                (10, 37),
                lengths={0: (4, 13)},
                test=no_major,
                forcing=True,
            )
        rules += rule(
            bid_at(2, m),
            says("minor_raise", suit=Strain(m)),
            (6, 10),
            lengths={m: (sup, 13)},
            test=no_major,
            to_play=True,
        )
        rules += rule("1NT", says("resp_1nt_no_major"), (6, 10), test=no_major)
        rules += _new_suit_rules(ctx, [m], min_hcp1=6, min_hcp2=10, why=says("new_suit"))
    rules += rule("P", says("too_weak"), (0, 5))
    return rules


def responses_after_overcall(ctx: Context) -> list[Rule]:
    """Partner opened one of a suit and the right-hand opponent bid a suit or notrump."""
    opening = ctx.opening
    rho = ctx.last_bid
    assert (
        opening is not None
        and opening.strain is not None
        and rho is not None
        and rho.strain is not None
    )
    m = int(opening.strain)
    theirs = int(rho.strain)
    assert ctx.opener is not None
    support = ctx.systems.of(ctx.opener).raise_cards
    rules: list[Rule] = []
    if m >= 2:
        raise_ = ctx.cheapest(m)
        if raise_ is not None:
            if raise_.level <= 2:
                rules += rule(
                    bid_at(4, m),
                    says("raise_game"),
                    (10, 16),
                    lengths={m: (support, 13)},
                    test=lambda f: 13 <= f.support_points(m) <= 16,
                    to_play=True,
                )
                rules += rule(
                    bid_at(3, m),
                    says("raise_invite"),
                    (8, 12),
                    lengths={m: (support, 13)},
                    test=lambda f: 10 <= f.support_points(m) <= 12,
                )
                rules += rule(
                    raise_,
                    says("raise_simple"),
                    (4, 9),
                    lengths={m: (support, 13)},
                    test=lambda f: 6 <= f.support_points(m) <= 9,
                    to_play=True,
                )
            else:
                rules += rule(
                    bid_at(4, m),
                    says("raise_game"),
                    (10, 16),
                    lengths={m: (support, 13)},
                    test=lambda f: 12 <= f.support_points(m) <= 16,
                    to_play=True,
                )
                if raise_.level == 3:
                    rules += rule(
                        raise_,
                        says("raise_compete"),
                        (6, 11),
                        lengths={m: (4, 13)},
                        test=lambda f: 8 <= f.support_points(m) <= 11,
                        to_play=True,
                    )
    if theirs != NT and rho.level <= 2 and not ctx.system.negative_doubles:
        rules += rule(
            "X",
            says("robot.system.penalty_overcall", lo=10),
            (10, 37),
            lengths={theirs: (4, 13)},
            test=lambda f: f.suit_hcp(theirs) >= 3,
        )
    if theirs != NT and rho.level <= 2 and ctx.system.negative_doubles:
        unbid_majors = [s for s in (2, 3) if s not in (m, theirs)]
        if unbid_majors:
            rules += rule(
                "X",
                says("negative_double"),
                (7, 37),
                convention="negative_double",
                # one unbid major: the double shows four of it (partner may raise it)
                lengths={unbid_majors[0]: (4, 13)} if len(unbid_majors) == 1 else None,
                test=lambda f: (
                    any(f.len(s) >= 4 for s in unbid_majors)
                    and not (m >= 2 and f.len(m) >= support)
                    and all(
                        f.len(s) < 5 or (ctx.cheapest(s) or Call.bid(7, NT)).level > 1
                        for s in unbid_majors
                    )
                ),
            )
    if theirs != NT:

        def stop(f: Facts) -> bool:
            return f.stopper(theirs)

        nt1, nt2 = ctx.cheapest(NT), None
        if nt1 is not None and nt1.level == 1:
            rules += rule(nt1, says("stopper_8_10"), (8, 10), test=stop)
            nt2 = Call("2NT")
        elif nt1 is not None and nt1.level == 2:
            nt2 = nt1
        if nt2 is not None:
            rules += rule(nt2, says("stopper_11_12"), (11, 12), test=stop)
        rules += rule(
            "3NT",
            says("stopper_13_16"),
            (13, 16),
            test=lambda f: stop(f) and f.balanced,
            to_play=True,
        )
    for suit in (3, 2, 1, 0):
        if suit in (m, theirs):
            continue
        call = ctx.cheapest(suit)
        if call is None or call.level > 3:
            continue
        lo = 6 if call.level == 1 else 10 if call.level == 2 else 12
        rules += rule(
            call,
            says("five_or_more", suit=Strain(suit)),
            (lo, 37),
            lengths={suit: (5, 13)},
            test=for_suit(
                suit,
                lambda f, s: (
                    f.len(s) == max(f.lengths[x] for x in range(4) if x not in (m, theirs))
                ),
            ),
        )
    if theirs == NT:
        rules += rule("X", says("penalty_their_nt"), (9, 37))
    rules += rule("P", says("nothing_over_their_bid"), (0, 12))
    return rules


# --- opener's rebid -----------------------------------------------------------------


def opener_rebid(ctx: Context) -> list[Rule] | None:
    """The opener's second call after partner's response to one of a suit, uncontested; ``None``
    when partner's last call is not a bid."""
    opening = ctx.opening
    resp = ctx.partner_last
    assert opening is not None and opening.strain is not None
    if resp is None or not resp.is_bid or resp.strain is None:
        return None
    m = int(opening.strain)
    r = resp.strain
    rules: list[Rule] = []
    (rlo, rhi), (jlo, jhi) = ctx.system.rebid, ctx.system.jump_rebid

    def lp(f: Facts) -> int:
        return f.length_points

    if r == opening.strain:  # a raise
        if m >= 2 and resp.level <= 4:
            # slam in view: the losing tricks of the two hands (a raise to two shows about nine,
            # to three eight, to game seven) leave twelve tricks or more
            most = {2: 3, 3: 4, 4: 5}[resp.level]
            rules += rule(
                "4NT",
                says("slam_losers"),
                test=lambda f: f.losers <= most and f.len(m) >= 5 and f.hcp >= 13,
            )
        if resp.level == 2:
            if m >= 2:
                rules += rule(
                    bid_at(4, m),
                    says("after_raise_game"),
                    (10, 21),
                    test=lambda f: lp(f) >= 18 or f.losers <= 5,
                    to_play=True,
                )
                rules += rule(
                    bid_at(3, m),
                    says("after_raise_invite"),
                    (10, 18),
                    test=lambda f: 15 <= lp(f) <= 17 or f.losers == 6,
                )
            else:
                rules += rule(
                    "3NT",
                    says("after_raise_balanced"),
                    (18, 21),
                    balanced=True,
                    to_play=True,
                )
            rules += rule("P", says("after_raise_minimum"), (10, 15), to_play=True)
            return rules
        if resp.level == 3:
            if m >= 2:
                rules += rule(
                    bid_at(4, m),
                    says("accept_partner"),
                    (10, 21),
                    test=lambda f: lp(f) >= 14 or f.losers <= 6,
                    to_play=True,
                )
            else:
                rules += rule(
                    "3NT",
                    says("accept_in_nt"),
                    (13, 21),
                    test=lambda f: sum(f.stopper(x) for x in range(4) if x != m) >= 2,
                    to_play=True,
                )
                rules += rule(bid_at(5, m), says("accept_in_minor"), (15, 21), to_play=True)
            rules += rule("P", says("decline_partner"), (10, 14), to_play=True)
            return rules
        return rules + rule("P", says("placed"), to_play=True)
    if r == NT:
        if resp.level == 1:
            rules += rule("2NT", says("balanced_18_19_invite"), (18, 19), balanced=True)
            rules += rule(
                bid_at(3, m),
                says("long_suit_invite"),
                (15, 18),
                lengths={m: (6, 13)},
                test=lambda f: lp(f) >= 17,
            )
            rules += rule(
                bid_at(2, m), says("six_card_minimum"), (10, 15), lengths={m: (6, 13)}, to_play=True
            )
            for suit in (3, 2, 1, 0):
                if suit == m:
                    continue
                call = ctx.cheapest(suit)
                if call is None or call.level > 2:
                    continue
                reverse = suit > m
                rules += rule(
                    call,
                    says("reverse" if reverse else "second_suit", suit=Strain(suit)),
                    (17, 21) if reverse else (10, 18),
                    lengths={suit: (4, 13)},
                )
            rules += rule("P", says("minimum_balanced"), (10, 17), to_play=True)
            return rules
        if resp.level == 2:
            return rule("3NT", says("accept"), (14, 21), to_play=True) + rule(
                "P", says("decline"), (10, 13), to_play=True
            )
        return rule("P", says("placed"), to_play=True)
    # a new suit by partner
    p = int(r)
    if resp.level == 1 or (resp.level == 2 and p < m):
        if p >= 2:
            rules += rule(
                bid_at(4, p),
                says("support_game"),
                (16, 21),
                lengths={p: (4, 13)},
                test=lambda f: f.support_points(p) >= 19,
                to_play=True,
            )
            rules += rule(
                bid_at(3, p),
                says("support_invite"),
                (14, 19),
                lengths={p: (4, 13)},
                test=lambda f: 16 <= f.support_points(p) <= 18,
            )
            rules += rule(
                ctx.cheapest(p),
                says("support_minimum"),
                (10, 16),
                lengths={p: (4, 13)},
                test=lambda f: f.support_points(p) <= 15,
            )
        if resp.level == 1:
            rules += rule(
                "1S",
                says("spades_second_suit"),
                (10, 18),
                lengths={3: (4, 13)},
                test=lambda f: m < 3 and p < 3,
            )
            rules += rule(
                "2NT", says("robot.system.balanced", lo=jlo, hi=jhi), (jlo, jhi), balanced=True
            )
            rules += rule(
                "1NT",
                says("robot.system.balanced", lo=rlo, hi=rhi),
                (rlo if rlo != 12 else 10, rhi),
                balanced=True,
                to_play=True,
            )
        else:
            rules += rule(
                "3NT",
                says("robot.system.balanced", lo=jlo, hi=jhi),
                (jlo, jhi),
                balanced=True,
                to_play=True,
            )
            rules += rule(
                "2NT",
                says("robot.system.balanced", lo=rlo, hi=rhi),
                (rlo if rlo != 12 else 10, rhi),
                balanced=True,
            )
            if p < 2:
                rules += rule(bid_at(3, p), says("support_minor"), (10, 21), lengths={p: (4, 13)})
        # a strong one-suiter, too strong to invite: game opposite any response (a major's game,
        # or 3NT on a running minor)
        rules += rule(
            bid_at(4, m) if m >= 2 else Call("3NT"),
            says("six_card_game"),
            (19, 21),
            lengths={m: (6, 13)},
            to_play=True,
        )
        jump = bid_at((ctx.cheapest(m) or Call.bid(7, NT)).level + 1, m)
        rules += rule(
            jump,
            says("jump_rebid_invite"),
            (15, 18),
            lengths={m: (6, 13)},
            test=lambda f: lp(f) >= 17,
        )
        rules += rule(ctx.cheapest(m), says("rebid_six"), (10, 16), lengths={m: (6, 13)})
        for suit in (3, 2, 1, 0):
            if suit in (m, p):
                continue
            call = ctx.cheapest(suit)
            if call is None or call.level > 2:
                continue
            reverse = call.level == 2 and suit > m
            rules += rule(
                call,
                says("reverse" if reverse else "second_suit", suit=Strain(suit)),
                (17, 21) if reverse else (10, 18),
                lengths={suit: (4, 13)},
            )
        rules += rule(ctx.cheapest(m), says("rebid_suit"), (10, 21), lengths={m: (5, 13)})
        rules += rule(ctx.cheapest(NT), says("no_better"), (10, 21))
        return rules
    # partner's new suit at the two level above my suit (or a jump): game forcing
    if p >= 2 or resp.level >= 2:
        rules += rule(
            bid_at(max(3, resp.level + 1), p) if resp.level >= 2 else None,
            says("support_suit"),
            (10, 21),
            lengths={p: (3 if p >= 2 else 4, 13)},
        )
    rules += rule(ctx.cheapest(m), says("rebid_six"), (10, 21), lengths={m: (6, 13)})
    rules += rule(ctx.cheapest(NT), says("balanced_no_fit"), (10, 21), balanced=True)
    rules += rule(ctx.cheapest(m), says("rebid_suit"), (10, 21), lengths={m: (5, 13)})
    return rules
