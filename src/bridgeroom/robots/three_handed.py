"""Three-handed bridge: the auction, where each player bids for himself with an unseen dummy (TH-6).

If a player wins the auction he plays his hand and the dummy (the hand
opposite the dealer, TH-4) against the other two, and the defender on his left
leads (TH-9). What a result is worth comes from the score table in use
(``three-handed-contract`` or ``three-handed-auction``) through
:mod:`bridgeroom.robots.values`: the declarer gains the deal's score on each
opponent, and each defender scores the penalty (TH-13, TH-14), so a contract
of another player costs a defender half of its score on average over his two
opponents.

``basic`` (a documented formula, see docs/robots.md): the partnership with the
unseen dummy is worth my HCP plus a third of the others' (the dummy's expected
share), plus one point per card over four in a suit; the tricks expected in a
strain are ``points / 3 + 1`` plus 0.7 per trump over eight (my length plus a
third of the rest); notrump counts ``points / 3 + 0.5``. The player bids the
cheapest legal bid in his best strain while it needs at most the tricks
expected less half a trick, doubles a bid of another player that needs eight
or more tricks when he holds 15+ HCP and four of its trumps (or 16+ HCP
against notrump), and redoubles when he expects two tricks more than needed.

``expert`` samples the 39 cards he cannot see, solves his own tricks with the
dummy in each strain and the current declarer's tricks in his contract, and
makes the call whose resulting contract (if the auction ended there) has the
best expected value for him. He doubles or redoubles only where the basic formula
does: weighed one call ahead, doubles and redoubles started doubling wars.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from bridgeroom.i18n import Message
from bridgeroom.robots.base import Decision
from bridgeroom.robots.bidding import Facts
from bridgeroom.robots.contracts import declarer_tricks, order_for
from bridgeroom.robots.dds import Solver
from bridgeroom.robots.public import knowledge
from bridgeroom.robots.sampler import NO_LIMITS, HandLimits, sample
from bridgeroom.robots.score import column_of
from bridgeroom.robots.values import completes_game, game_level, value
from bridgeroom.rules.core import Call, Contract, Seat, Strain
from bridgeroom.rules.state import View
from bridgeroom.rules.three_handed import ThreeHandedExtra
from bridgeroom.scoring import ScoreForm

__all__ = ["basic_three_handed_call", "expert_three_handed_call", "expected_tricks", "Cache"]

_STRAINS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
#: A double must gain this much on average over a pass (sampling noise makes doubles look good).
_DOUBLE_MARGIN = 25.0
#: Fewer layouts of my own solved than this in the time and the basic formula decides.
MIN_LAYOUTS = 4


def _defenders(view: View, declarer: Seat) -> tuple[Seat, Seat]:
    """TH-9, TH-A1: the next live player clockwise after the declarer leads; the other defends too."""
    dummy = view.dummy_seat if view.dummy_seat is not None else view.dealer.partner
    left = declarer.lho if declarer.lho != dummy else declarer.lho.lho
    right = next(s for s in Seat if s not in (declarer, dummy, left))
    return left, right


def _vulnerable(view: View, seat: Seat) -> bool:
    """TH-17: a player's own vulnerability, from the names the view lists as vulnerable."""
    extra = view.extra
    return isinstance(extra, ThreeHandedExtra) and extra.vulnerable_at(seat)


def _current(view: View) -> tuple[Call | None, Seat | None, int]:
    """The last bid, its bidder and its doubling (0, 1, 2)."""
    bid = bidder = None
    doubled = 0
    for seat, call in view.calls:
        if call.is_bid:
            bid, bidder, doubled = call, seat, 0
        elif call.is_double:
            doubled = 1
        elif call.is_redouble:
            doubled = 2
    return bid, bidder, doubled


def infer_three_handed(view: View) -> list[HandLimits]:
    """Soft limits read from the three-handed auction (each player bids his own hand):
    a suit bid shows four cards and 10+ HCP, a notrump bid 12+ HCP, a double of a suit
    three of its cards and 10+ HCP, a double of notrump 13+ HCP."""
    out = [NO_LIMITS] * 4
    last: Call | None = None
    for seat, call in view.calls:
        shows: HandLimits | None = None
        if call.is_bid and call.strain is not None:
            last = call
            if call.strain is Strain.NOTRUMP:
                shows = HandLimits((12, 37))
            else:
                lengths = [(0, 13)] * 4
                lengths[int(call.strain)] = (4, 13)
                shows = HandLimits((10, 37), tuple(lengths))
        elif call.is_double and last is not None and last.strain is not None:
            if last.strain is Strain.NOTRUMP:
                shows = HandLimits((13, 37))
            else:
                lengths = [(0, 13)] * 4
                lengths[int(last.strain)] = (3, 13)
                shows = HandLimits((10, 37), tuple(lengths))
        if shows is not None:
            both = out[seat] & shows
            ok = both.hcp[0] <= both.hcp[1] and all(lo <= hi for lo, hi in both.lengths)
            out[seat] = both if ok else shows
    return out


def expected_tricks(f: Facts) -> dict[Strain, float]:
    """The basic formula: tricks expected with an unseen dummy in each strain (see the module text)."""
    dummy_share = (40 - f.hcp) / 3
    points = f.hcp + dummy_share + sum(max(0, n - 4) for n in f.lengths)
    out = {Strain.NOTRUMP: points / 3 + 0.5}
    for suit in range(4):
        trumps = f.len(suit) + (13 - f.len(suit)) / 3
        out[Strain(suit)] = points / 3 + 1 + 0.7 * (trumps - 8)
    return out


def basic_three_handed_call(view: View, *, at_score: bool = True) -> Decision:
    """The basic call (see the module text); always one of ``view.legal``.

    ``at_score``: at a score that counts games (``View.score``) no double makes the bidder's
    part-score a game that undoubled it would not be (TH-16; docs/robots.md).
    """
    assert view.hand is not None
    f = Facts(view.hand.mask)
    legal = {c for c in view.legal if isinstance(c, Call)}
    tricks = expected_tricks(f)
    bid, bidder, doubled = _current(view)
    if bid is not None and bidder == view.seat and doubled == 1 and Call.REDOUBLE in legal:
        assert bid.strain is not None
        if tricks[bid.strain] >= bid.level + 6 + 2:
            return Decision.because(
                Call.REDOUBLE,
                "robot.three.redouble",
                tricks=tricks[bid.strain],
                contract=bid,
                need=bid.level + 6,
            )
    ranked = sorted(
        _STRAINS, key=lambda s: (tricks[s], s is Strain.NOTRUMP, s.is_major), reverse=True
    )
    margin = {s: 0.5 for s in _STRAINS}
    if at_score and view.score is not None:
        margin = _margins(view, bid, bidder)
    for strain in ranked[:2]:
        for level in range(1, 8):
            call = Call.bid(level, strain)
            if call in legal:
                if level + 6 <= tricks[strain] - margin[strain]:
                    return Decision.because(
                        call, "robot.three.bid", tricks=tricks[strain], strain=strain
                    )
                break
    if bid is not None and bidder != view.seat and Call.DOUBLE in legal:
        assert bid.strain is not None
        need = bid.level + 6
        trumps = f.len(int(bid.strain)) if bid.strain is not Strain.NOTRUMP else 0
        doubles = need >= 8 and (
            (f.hcp >= 15 and trumps >= 4) or (bid.strain is Strain.NOTRUMP and f.hcp >= 16)
        )
        if doubles and at_score and view.score is not None and bidder is not None:
            column = column_of(view, bidder)
            if column is not None and _doubles_into_game(view, bid, bidder):
                return Decision.because(
                    Call.PASS,
                    "robot.score.no_double_into_game",
                    contract=bid,
                    leg=view.score.leg(column),
                )
        if doubles:
            return Decision.because(
                Call.DOUBLE,
                "robot.three.double",
                hcp=f.hcp,
                trumps=trumps,
                contract=bid,
                need=need,
            )
    return Decision.because(Call.PASS, "robot.three.pass", tricks=max(tricks.values()))


def _margins(view: View, bid: Call | None, bidder: Seat | None) -> dict[Strain, float]:
    """The basic formula's margin, half a trick, in each strain, at the score: none where the
    bid completes my game (TH-16), or where the current bid, another player's, completes his."""
    score = view.score
    assert score is not None
    form = _form_of(view)
    mine = column_of(view, view.seat)
    leg = score.leg(mine) if mine is not None else 0
    theirs = (
        column_of(view, bidder) if bid is not None and bidder not in (None, view.seat) else None
    )
    compete = (
        theirs is not None
        and bid is not None
        and bid.strain is not None
        and completes_game(form, Contract(bid.level, bid.strain), score.leg(theirs))
    )
    out = {}
    for strain in _STRAINS:
        cheapest = next(
            (lv for lv in range(1, 8) if bid is None or Call.bid(lv, strain).index > bid.index), 8
        )
        mine_game = cheapest <= 7 and completes_game(form, Contract(cheapest, strain), leg)
        out[strain] = 0.0 if compete or mine_game else 0.5
    return out


def _form_of(view: View) -> ScoreForm:
    score = view.score
    auction = score is not None and score.game == 30
    return ScoreForm.THREE_HANDED_AUCTION if auction else ScoreForm.THREE_HANDED_CONTRACT


def _doubles_into_game(view: View, bid: Call, bidder: Seat | None) -> bool:
    """Whether doubling ``bid`` makes it, if made, a game for ``bidder`` that undoubled it is not."""
    column = column_of(view, bidder) if bidder is not None else None
    if view.score is None or column is None or bid.strain is None:
        return False
    form, leg = _form_of(view), view.score.leg(column)
    plain, doubled = Contract(bid.level, bid.strain), Contract(bid.level, bid.strain, 1)
    return completes_game(form, doubled, leg) and not completes_game(form, plain, leg)


@dataclass
class Cache:
    """Layouts and solved tricks kept across one player's calls in one auction (the unseen cards
    do not change during the auction, so every layout solved stays valid).

    When the auction has told more (the ``inferred`` limits changed), the layouts that still
    meet the new limits are kept with their tricks (:meth:`keep`): a player's limits narrow as
    he bids (:func:`infer_three_handed`; only calls that contradict each other replace them), so
    the layouts kept are a sample of the new limits as fresh ones would be, and a call need not
    solve from nothing in its time.

        >>> c = Cache(layouts=[(1, 2, 4, 8), (16, 32, 64, 128)], mine=np.array([[7] * 5]))
        >>> c.theirs[(Seat.EAST, Strain.SPADES)] = [9, 10]
        >>> c.keep([False, True])
        >>> c.layouts, c.mine.shape, c.theirs
        ([(16, 32, 64, 128)], (0, 5), {(<Seat.EAST: 1>, <Strain.SPADES: 3>): [10]})
    """

    key: tuple[int, ...] = ()
    inferred: tuple[HandLimits, ...] = ()
    layouts: list[tuple[int, int, int, int]] = field(default_factory=list)
    mine: np.ndarray = field(default_factory=lambda: np.zeros((0, 5), np.int64))
    theirs: dict[tuple[Seat, Strain], list[int]] = field(default_factory=dict)

    def keep(self, which: list[bool]) -> None:
        """Keep the layouts marked in ``which`` (one flag a layout), with their solved tricks."""
        self.layouts = [lay for lay, k in zip(self.layouts, which, strict=True) if k]
        self.mine = self.mine[np.array(which[: len(self.mine)], dtype=bool)]
        self.theirs = {
            key: [t for t, k in zip(done, which, strict=False) if k]
            for key, done in self.theirs.items()
        }


def expert_three_handed_call(
    view: View,
    solver: Solver,
    rng: np.random.Generator,
    *,
    cache: Cache | None = None,
    samples: int = 40,
    budget: float = 0.4,
    form: ScoreForm = ScoreForm.THREE_HANDED_CONTRACT,
    at_score: bool = True,
) -> Decision:
    """The call whose contract, were the auction to end on it, is worth most to me on average.

    ``at_score``: at a score that counts games (``View.score``) a contract is valued by what it
    does to the rubber (:func:`~bridgeroom.robots.values.value`, TH-16..TH-19), and the game bid
    weighed is the one the player's part-score needs."""
    start = time.perf_counter()
    deadline = start + budget
    assert view.hand is not None
    me = view.seat
    dummy = view.dummy_seat if view.dummy_seat is not None else view.dealer.partner
    legal = [c for c in view.legal if isinstance(c, Call)]
    if len(legal) == 1:
        return Decision.because(legal[0], "robot.three.only_call")
    # a double or redouble only where the formula makes it: weighed one call ahead, as if the
    # auction ended on it, they start doubling wars (docs/robots.md, "Ideas measured")
    basic = basic_three_handed_call(view, at_score=at_score)
    legal = [c for c in legal if c.is_bid or c.is_pass or c == basic.action]
    at = view.score if at_score else None
    c = cache if cache is not None else Cache()
    inferred = tuple(infer_three_handed(view))
    key = (view.hand.mask, int(view.dealer), int(me))
    if c.key != key:
        c.key, c.layouts, c.theirs = key, [], {}
        c.mine = np.zeros((0, 5), np.int64)
    elif c.inferred != inferred:
        c.keep(
            [
                all(limits.admits(hands[s]) for s, limits in enumerate(inferred) if s != me)
                for hands in c.layouts
            ]
        )
    c.inferred = inferred
    if len(c.layouts) < samples:
        more = sample(
            knowledge(view, inferred), samples - len(c.layouts), rng, deadline=start + budget / 5
        )
        c.layouts.extend(more)
    bid, bidder, doubled = _current(view)
    # the current declarer's tricks in his contract, first (a pass or a double depends on it)
    if bid is not None and bidder is not None and bidder != me:
        assert bid.strain is not None
        done = c.theirs.setdefault((bidder, bid.strain), [])
        if len(done) < len(c.layouts):
            left, _ = _defenders(view, bidder)
            order = order_for(bidder, dummy, left)
            rows = c.layouts[len(done) :]
            got = declarer_tricks(rows, order, [bid.strain], solver, deadline=start + budget / 3)
            done.extend(int(x) for x in got[:, 0])
    if len(c.mine) < len(c.layouts):
        left, _ = _defenders(view, me)
        order = order_for(me, dummy, left)
        rows = c.layouts[len(c.mine) :]
        got = declarer_tricks(rows, order, _STRAINS, solver, deadline=deadline)
        c.mine = np.concatenate([c.mine, got], axis=0)
    if len(c.mine) < MIN_LAYOUTS:
        return Decision.because(
            basic.action, "robot.three.few_layouts", reason=basic.why, n=len(c.mine)
        )
    n = len(c.mine)
    options: list[tuple[float, Call, Message]] = []
    if bid is not None and bidder is not None and bidder != me:
        assert bid.strain is not None
        theirs = c.theirs.get((bidder, bid.strain), [])
        their_vul = _vulnerable(view, bidder)
        their_column = column_of(view, bidder) if at is not None else None
        for call, dbl in ((Call.PASS, doubled), (Call.DOUBLE, 1)):
            if call not in legal or not theirs:
                continue
            contract = Contract(bid.level, bid.strain, dbl)
            mean = (
                -float(
                    np.mean(
                        [
                            value(form, contract, t, their_vul, score=at, column=their_column)
                            for t in theirs
                        ]
                    )
                )
                / 2
            )
            made = float(np.mean([t >= contract.tricks_needed for t in theirs]))
            what = "let_stand" if call.is_pass else "double_it"
            options.append(
                (
                    mean - (_DOUBLE_MARGIN if call.is_double else 0.0),
                    call,
                    Message(f"robot.three.{what}", contract=bid, made=made, n=len(theirs)),
                )
            )
    elif bid is None:
        options.append((0.0, Call.PASS, Message("robot.three.nothing_worth")))
    my_vul = _vulnerable(view, me)
    mine = column_of(view, me) if at is not None else None
    leg = at.leg(mine) if at is not None and mine is not None else 0
    for call in _my_candidates(legal, c.mine, form, leg):
        if call.is_pass and bid is not None and bidder == me:
            contract = Contract(bid.level, bid.strain or Strain.NOTRUMP, doubled)
        elif call.is_redouble and bid is not None:
            contract = Contract(bid.level, bid.strain or Strain.NOTRUMP, 2)
        elif call.is_bid:
            assert call.strain is not None
            contract = Contract(call.level, call.strain)
        else:
            continue
        col = c.mine[:, _STRAINS.index(contract.strain)]
        values = np.array(
            [value(form, contract, int(t), my_vul, score=at, column=mine) for t in col],
            dtype=float,
        )
        made = float(np.mean(col >= contract.tricks_needed))
        if (made < 0.5 or (doubled and bidder == me)) and contract.doubled == 0:
            # a contract that probably fails will be doubled by an opponent who sees as much;
            # and a player who escapes from a double is doubled again
            as_doubled = Contract(contract.level, contract.strain, 1)
            dv = np.array(
                [value(form, as_doubled, int(t), my_vul, score=at, column=mine) for t in col],
                dtype=float,
            )
            if dv.mean() < values.mean():
                values = dv
        mean = float(values.mean())
        # a new bid is judged by a cautious estimate: few layouts flatter the best of many options
        score = mean - (0.5 * float(values.std()) / np.sqrt(n) if call.is_bid else 0.0)
        options.append(
            (
                score,
                call,
                Message("robot.three.option", contract=contract, mean=mean, made=made, n=n),
            )
        )
    best = max(options, key=lambda o: (o[0], -o[1].index))
    return Decision(best[1], Message("robot.decision", action=best[1], why=best[2]))


def _my_candidates(
    legal: list[Call],
    mine: np.ndarray,
    form: ScoreForm = ScoreForm.THREE_HANDED_CONTRACT,
    leg: int = 0,
) -> list[Call]:
    """The calls worth weighing: pass, double, redouble, and in each strain the cheapest legal
    bid, plus game and slam bids when the layouts make them often enough (the game: the level
    that completes one from my part-score ``leg``)."""
    out = [c for c in legal if not c.is_bid]
    for j, strain in enumerate(_STRAINS):
        bids = [c for c in legal if c.is_bid and c.strain == strain]
        if not bids:
            continue
        out.append(bids[0])
        col = mine[:, j]
        for call in bids[1:]:
            need = call.level + 6
            rate = float(np.mean(col >= need))
            game = call.level == game_level(form, strain, leg)
            if (game and rate >= 0.5) or (call.level >= 6 and rate >= 0.6):
                out.append(call)
    return out
