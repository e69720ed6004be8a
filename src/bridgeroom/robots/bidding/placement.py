"""Placing the contract where the system's tables have no entry (docs/bidding.md, "Later rounds:
placing the contract"): the partnership's points and fits, from the bidder's hand and what
partner's calls showed, give a strain and a level.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bridgeroom.robots.base import Decision
from bridgeroom.robots.bidding.competition import their_suits
from bridgeroom.robots.bidding.inference import infer, partner_forcing
from bridgeroom.robots.bidding.model import NT, Context, Facts, H, S, because
from bridgeroom.robots.bidding.slam import after_blackwood, after_queen_ask, partner_losers
from bridgeroom.robots.sampler import HandLimits
from bridgeroom.rules.core import Call, Strain
from bridgeroom.rules.state import View

__all__ = ["Partnership", "partnership_view", "place"]


@dataclass(frozen=True)
class Partnership:
    """What a bidder knows of his side: his hand and partner's shown limits."""

    facts: Facts
    partner: HandLimits
    #: the suits the opponents have bid: partner is credited only with what he showed there
    theirs: tuple[int, ...] = ()
    #: partner has bid notrump since the opponents bid their suits (he holds their stoppers)
    partner_stops: bool = False

    @property
    def low(self) -> int:
        """The partnership's fewest points: mine and the bottom of partner's range."""
        return self.facts.hcp + self.partner.hcp[0]

    @property
    def high(self) -> int:
        """The partnership's most points: mine and the top of partner's range (of what is left)."""
        return self.facts.hcp + min(self.partner.hcp[1], 40 - self.facts.hcp)

    @property
    def expected(self) -> float:
        """My points plus partner's expected ones: near the bottom of his range (ranges are lopsided)."""
        lo, hi = self.partner.hcp
        hi = min(hi, 40 - self.facts.hcp)
        return self.facts.hcp + lo + min(max(hi - lo, 0), 10) * 0.3

    def partner_length(self, suit: int) -> float:
        """Partner's length: what he showed, at least his share of the cards I do not hold."""
        lo = self.partner.lengths[suit][0]
        if suit in self.theirs:
            return lo
        share = (13 - self.facts.len(suit)) / 3
        return max(lo, min(share, self.partner.lengths[suit][1]))

    def fit(self, suit: int) -> float:
        """The partnership's cards in ``suit``: mine and :meth:`partner_length`."""
        return self.facts.len(suit) + self.partner_length(suit)

    def best_strain(self) -> tuple[Strain, float]:
        """An eight-card major fit, else notrump if I am not short and hold a stopper in each suit
        the opponents bid, else the longest fit (seven cards will do without a stopper)."""
        fits = [(self.fit(s), s) for s in range(4) if s not in self.theirs]
        majors = [x for x in fits if x[1] >= 2 and x[0] >= 8]
        if majors:
            n, s = max(majors)
            return Strain(s), n
        f = self.facts
        stopped = self.partner_stops or all(f.stopper(s) for s in self.theirs)
        if (min(f.lengths) >= 2 or self.partner.balanced) and stopped:
            return NT, 0
        n, s = max(fits) if fits else (0, 0)
        if n >= 8 or (not stopped and n >= 7):
            return Strain(s), n
        return NT, 0


def partnership_view(view: View) -> Partnership:
    """The partnership of the seat that sees ``view``: its hand and what partner's calls showed."""
    assert view.hand is not None
    return Partnership(Facts(view.hand.mask), infer(view)[view.seat.partner])


def _points_for_tricks(tricks: float) -> float:
    """The points that :func:`_level_for` needs for a contract of ``tricks`` in a suit."""
    if tricks >= 13:
        return 37
    if tricks >= 12:
        return 33
    if tricks >= 11:
        return 28
    if tricks >= 10:
        return 25
    if tricks >= 9:
        return 23
    if tricks >= 8:
        return 20
    return 0


def _level_for(points: float, strain: Strain) -> int:
    """The level the partnership's points are worth in ``strain`` (0: not our hand)."""
    if points >= 37:
        return 7
    if points >= 33:
        return 6
    if strain is NT:
        return 3 if points >= 25 else 2 if points >= 23 else 1 if points >= 20 else 0
    if strain in (H, S):
        return 4 if points >= 25 else 3 if points >= 23 else 2 if points >= 20 else 0
    return 5 if points >= 28 else 3 if points >= 23 else 2 if points >= 20 else 0


def place(ctx: Context, f: Facts, partner: HandLimits, legal: Sequence[Call]) -> Decision:
    """Choose a contract from the partnership's known strength and fits, and bid it (or pass)."""
    done = after_blackwood(ctx, f, partner) or after_queen_ask(ctx, f)
    if done is not None and done.action in legal:
        return done
    side = Partnership(f, partner, tuple(their_suits(ctx)), _partner_stops(ctx))
    strain, _ = side.best_strain()
    points = side.expected
    if strain is not NT and f.len(int(strain)) >= 3:
        points += f.support_points(int(strain)) - f.hcp
    if strain is not NT and side.fit(int(strain)) >= 8:
        points = max(points, _points_for_tricks(24 - f.losers - partner_losers(partner)))
    last = ctx.last_bid
    ours_last = ctx.last_bidder is not None and ctx.ours(ctx.last_bidder)
    forcing = partner_forcing(ctx)
    level = _level_for(points, strain)
    # slam: ask for aces first
    if (
        level >= 6
        and strain is not NT
        and Call("4NT") in legal
        and not any(c == Call("4NT") for _, c in ctx.calls)
        and side.low >= 29
    ):
        if ctx.system.ace_ask == "rkcb1430":
            return because(Call("4NT"), "robot.system.rkcb")
        return because(Call("4NT"), "blackwood", points=round(points), strain=strain)
    if level >= 6 and (side.low < 29 or (strain is NT and side.low < 31)):
        level = 4 if strain in (H, S) else 3 if strain is NT else 5
    target = Call.bid(level, strain) if level else None
    if last is not None and ours_last and ctx.doubled == 0:
        assert last.strain is not None
        current_game = is_game(last)
        if (
            (last.strain == strain and last.level >= level)
            or (current_game and level < 6)
            or (not current_game and target is not None and not is_game(target) and not forcing)
        ):
            return because(Call.PASS, "will_do", contract=last, points=round(points))
    if target is not None and target in legal and (last is None or target.index > last.index):
        what = "slam" if level >= 6 else "game" if is_game(target) else "partscore"
        return because(target, f"place_{what}", points=round(points), strain=strain)
    if forcing:
        # keep the auction going: the cheapest bid in the best strain, else notrump, else my longest suit
        for st in (strain, NT, Strain(f.longest)):
            call = ctx.cheapest(st)
            if call is not None and call in legal:
                return because(call, "forced", strain=st)
    # preference: partner's last suit is shorter here than his first, which is bid again at the
    # same level (1♦ 1♥ 2♣ 2♦ with three diamonds and one club)
    first = _preference(ctx, f)
    if first is not None and first in legal:
        return because(first, "preference", strain=first.strain)
    # penalty double: the opponents have outbid a side with the balance of strength
    if last is not None and not ours_last and Call.DOUBLE in legal and last.strain is not None:
        theirs = int(last.strain) if last.strain is not NT else None
        trumps = f.len(theirs) if theirs is not None else 0
        if side.low >= 23 and (
            last.level + 6 >= 10 or (theirs is not None and trumps >= 4 and f.suit_hcp(theirs) >= 3)
        ):
            return because(Call.DOUBLE, "penalty_between_us", points=side.low, contract=last)
    return because(Call.PASS, "nothing_more")


def _preference(ctx: Context, f: Facts) -> Call | None:
    """Partner's first suit again at the level of his last bid, a second suit, undoubled, when I
    hold three or more of the first and fewer of the second (``None`` otherwise)."""
    last = ctx.last_bid
    if last is None or last.strain is None or last.strain is NT:
        return None
    if ctx.last_bidder != ctx.partner or ctx.doubled:
        return None
    second = int(last.strain)
    his = ctx.suits_bid_by([ctx.partner])
    if len(his) < 2 or his[-1] != second:
        return None
    first = his[0]
    call = ctx.cheapest(first)
    if call is None or call.level != last.level:
        return None
    if f.len(first) >= 3 and f.len(first) > f.len(second):
        return call
    return None


def _partner_stops(ctx: Context) -> bool:
    """Whether partner bid notrump after the opponents' last new suit (showing their stoppers)."""
    seen_theirs = False
    stops = False
    for seat, call in ctx.bids:
        if not ctx.ours(seat):
            seen_theirs = True
            stops = False
        elif seat == ctx.partner and call.strain is NT and seen_theirs:
            stops = True
    return stops


def is_game(call: Call) -> bool:
    """Whether ``call`` bids a game: 3NT, four of a major, five of a minor, or higher."""
    if call.strain is NT:
        return call.level >= 3
    if call.strain in (H, S):
        return call.level >= 4
    return call.level >= 5
