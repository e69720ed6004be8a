"""Playing to the score: the ``basic`` robot's four-handed call at a score that counts games
(a rubber, a Chicago round, auction bridge; ``View.score``).

The system's call (:func:`bridgeroom.robots.bidding.basic_call_detail`) is made as if nothing
were on score. :func:`call_at_score` then looks at the score, and changes it in four cases,
each a rule of rubber bridge read from the score tables (docs/robots.md, "Playing to the score"):

* **stop where the game is** (CB-R1, CB-R2, AB-4, AB-6): partner's undoubled bid in a strain we
  agree on already completes our game at the score, and no slam is in view: pass (2♠ made
  with 60 below the line is the game, and 4♠ made scores nothing more than 2♠ with the same
  tricks: the overtricks go above the line). A bid higher than needed in a strain our side has
  agreed is brought down to the cheapest bid that completes the game;
* **no double into game**: a penalty double of a part-score the opponents would make into their
  game doubled (their trick points doubled reach the game, undoubled not) is a pass;
* **the double of a game reached cheaply**: the opponents' part-score bid already completes their
  game at the score, they need eight tricks or more and our side holds 21 points or more: the
  double costs no game that they did not have, so double;
* **the sacrifice**: the opponents' bid completes their game at the score, our side has a fit of
  nine cards or more and too little defence (18 points or fewer between us), and the cheapest
  bid in our fit, doubled, costs less than their game is worth at the score (:func:`~bridgeroom.
  robots.values.value`) on the Law of total tricks' estimate: as many tricks as trumps, less one.
  A side sacrifices once in an auction.
"""

from __future__ import annotations

from collections.abc import Mapping

from bridgeroom.robots.base import Decision
from bridgeroom.robots.bidding import Context, Facts, Partnership, infer_calls
from bridgeroom.robots.bidding.inference import partner_forcing
from bridgeroom.robots.bidding.system import Agreements
from bridgeroom.robots.values import completes_game, game_level, value
from bridgeroom.rules.core import Call, Contract, Seat, Strain
from bridgeroom.rules.score import ScoreState
from bridgeroom.rules.state import View
from bridgeroom.scoring import ScoreForm

__all__ = ["SACRIFICE_DEFENCE", "call_at_score", "column_of"]

#: At most this many points between us and we have too little defence: a sacrifice may pay.
SACRIFICE_DEFENCE = 18
#: At least this many points between us (they have 19 or fewer) to double a game they reached cheaply.
DOUBLE_POINTS = 21


def column_of(view: View, seat: Seat) -> str | None:
    """The score column of the player at ``seat`` (his side, or his name in three-handed
    bridge), ``None`` where the deal is played at no score that counts games."""
    score = view.score
    if score is None:
        return None
    items = view.extra.fields() if view.extra is not None and score.three_handed else {}
    players = items.get("players")
    names = {s: str(n) for s, n in players.items()} if isinstance(players, Mapping) else None
    return score.column_of(seat, names)


def _their_side(seat: Seat) -> str:
    return "EW" if seat in (Seat.NORTH, Seat.SOUTH) else "NS"


def call_at_score(
    view: View, decision: Decision, form: ScoreForm, systems: Agreements | None = None
) -> Decision:
    """The system's ``decision`` for ``view``, changed where the score asks (see the module
    text); the same decision where the view has no score or the form counts no games. Partner's
    strength is read by each side's system in ``systems`` (both ``standard`` unless given)."""
    score = view.score
    if score is None or form.boards or view.hand is None or not view.variant.partnership_auction:
        return decision
    action = decision.action
    if not isinstance(action, Call):
        return decision
    ctx = Context.from_view(view, systems)
    legal = {c for c in view.legal if isinstance(c, Call)}
    f = Facts(view.hand.mask)
    limits = infer_calls(ctx.calls, ctx.dealer, ctx.systems)
    side = Partnership(f, limits[ctx.partner])
    ours = _our_column(view)
    leg = score.leg(ours)
    last, bidder, doubled = ctx.last_bid, ctx.last_bidder, ctx.doubled
    if last is not None and bidder is not None and last.strain is not None:
        if ctx.ours(bidder):
            stop = _stop(ctx, f, side, action, last, bidder, doubled, leg, form, legal)
            if stop is not None:
                return stop
        else:
            theirs = score.leg(_their_side(view.seat))
            contract = Contract(last.level, last.strain, doubled)
            if action.is_double and "penalty" in decision.why.key:
                twice = Contract(last.level, last.strain, 1)
                if completes_game(form, twice, theirs) and not completes_game(
                    form, contract, theirs
                ):
                    return Decision.because(
                        Call.PASS, "robot.score.no_double_into_game", contract=last, leg=theirs
                    )
            if action.is_pass and doubled == 0 and completes_game(form, contract, theirs):
                cheap = last.level < game_level(form, last.strain, 0)
                if (
                    cheap
                    and Call.DOUBLE in legal
                    and last.level + 6 >= 8
                    and side.low >= DOUBLE_POINTS
                ):
                    return Decision.because(
                        Call.DOUBLE, "robot.score.double_cheap_game", contract=last, leg=theirs
                    )
                sacrifice = _sacrifice(view, ctx, side, last, bidder, score, form, legal)
                if sacrifice is not None:
                    return sacrifice
    return decision


def _our_column(view: View) -> str:
    return "NS" if view.seat in (Seat.NORTH, Seat.SOUTH) else "EW"


def _agreed(ctx: Context, side: Partnership, strain: Strain) -> bool:
    """Whether our side has agreed on ``strain``: notrump, or a suit of eight cards or more
    between us that partner has bid."""
    if strain is Strain.NOTRUMP:
        return True
    bid_by_partner = any(c.strain == strain for c in ctx.bids_of(ctx.partner))
    return bid_by_partner and side.fit(int(strain)) >= 8


def _stop(
    ctx: Context,
    f: Facts,
    side: Partnership,
    action: Call,
    last: Call,
    bidder: Seat,
    doubled: int,
    leg: int,
    form: ScoreForm,
    legal: set[Call],
) -> Decision | None:
    """Pass partner's bid that completes the game, or bid no higher than the game needs."""
    assert last.strain is not None
    slam = side.low >= 31
    if slam or leg == 0:
        return None
    current = Contract(last.level, last.strain, doubled)
    if (
        bidder == ctx.partner
        and action.is_bid
        and doubled == 0
        and completes_game(form, current, leg)
        and not partner_forcing(ctx)
        and Call.PASS in legal
        and _agreed(ctx, side, last.strain)
    ):
        return Decision.because(Call.PASS, "robot.score.game_reached", contract=last, leg=leg)
    if action.is_bid and action.strain is not None and action.level < 6:
        need = game_level(form, action.strain, leg)
        cheaper = Call.bid(need, action.strain) if need <= 7 else None
        if (
            cheaper is not None
            and need < action.level
            and cheaper in legal
            and _agreed(ctx, side, action.strain)
        ):
            return Decision.because(cheaper, "robot.score.enough", leg=leg)
    return None


def _sacrifice(
    view: View,
    ctx: Context,
    side: Partnership,
    last: Call,
    bidder: Seat,
    score: ScoreState,
    form: ScoreForm,
    legal: set[Call],
) -> Decision | None:
    """Bid on over the opponents' game when it costs less than their game is worth."""
    assert last.strain is not None
    if side.expected > SACRIFICE_DEFENCE or last.level >= 6:
        return None
    # once an auction: not after our side has bid over their game already
    theirs_leg = score.leg(_their_side(view.seat))
    reached = False
    for seat, call in ctx.calls:
        if call.is_bid and call.strain is not None and not ctx.ours(seat):
            reached = reached or completes_game(form, Contract(call.level, call.strain), theirs_leg)
        elif reached and call.is_bid and ctx.ours(seat):
            return None
    suits = {
        c.strain
        for s, c in ctx.bids
        if ctx.ours(s) and c.strain is not None and c.strain is not Strain.NOTRUMP
    }
    best: tuple[float, Strain] | None = None
    for suit in suits:
        fit = side.fit(int(suit))
        if fit >= 9 and (best is None or fit > best[0]):
            best = (fit, Strain(suit))
    if best is None:
        return None
    fit, strain = best
    cheapest = ctx.cheapest(strain)
    if cheapest is None or cheapest not in legal or cheapest.level > 5:
        return None
    ours = _our_column(view)
    tricks = int(fit) - 1
    cost = -value(
        form,
        Contract(cheapest.level, strain, 1),
        tricks,
        score.is_vulnerable(ours),
        score=score,
        column=ours,
    )
    their_column = _their_side(view.seat)
    contract = Contract(last.level, last.strain)
    worth = value(
        form,
        contract,
        contract.tricks_needed,
        score.is_vulnerable(their_column),
        score=score,
        column=their_column,
    )
    if cost >= worth:
        return None
    return Decision.because(
        cheapest,
        "robot.score.sacrifice",
        contract=Contract(cheapest.level, strain, 1),
        cost=cost,
        theirs=last,
        worth=worth,
    )
