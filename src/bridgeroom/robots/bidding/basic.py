"""The ``basic`` robot's call: a slam try when it is due, else the first candidate of the system
that the hand meets and that is legal (never a pass when partner's call forces), else a contract
placed from what the partnership has shown.
"""

from __future__ import annotations

from bridgeroom.robots.base import Decision
from bridgeroom.robots.bidding.candidates import candidates
from bridgeroom.robots.bidding.inference import infer_calls, partner_forcing
from bridgeroom.robots.bidding.model import Context, Facts, because
from bridgeroom.robots.bidding.placement import Partnership, is_game, place
from bridgeroom.robots.bidding.slam import after_gerber, blackwood_answers, slam_try
from bridgeroom.robots.bidding.system import Agreements
from bridgeroom.rules.core import Call
from bridgeroom.rules.state import View

__all__ = ["basic_call", "basic_call_detail"]


def _game_values(ctx: Context, f: Facts) -> bool:
    """Partner's bid stands below game, undoubled, and the partnership's fewest points (mine and
    the bottom of what partner showed) reach a game: then I do not pass, I place the contract."""
    last = ctx.last_bid
    if last is None or ctx.last_bidder != ctx.partner or ctx.doubled or is_game(last):
        return False
    partner = infer_calls(ctx.calls, ctx.dealer, ctx.systems)[ctx.partner]
    return Partnership(f, partner).expected >= 25


def _game_not_bid(ctx: Context, f: Facts, call: Call, forcing: bool) -> bool:
    """A candidate bid below game that partner may pass, when my points and the bottom of partner's
    shown range already make a game (26+) after partner has bid: then I place the contract."""
    if not call.is_bid or forcing or is_game(call) or ctx.doubled:
        return False
    if not any(c.is_bid for c in ctx.calls_of(ctx.partner)):
        return False
    partner = infer_calls(ctx.calls, ctx.dealer, ctx.systems)[ctx.partner]
    return Partnership(f, partner).low >= 26


def basic_call(view: View, systems: Agreements | None = None) -> Decision:
    """The ``basic`` call for the seat to act (always one of ``view.legal``), by its side's
    system in ``systems`` (both sides ``standard`` unless given)."""
    return basic_call_detail(view, systems)[0]


def basic_call_detail(view: View, systems: Agreements | None = None) -> tuple[Decision, bool]:
    """The ``basic`` call, and whether it places the contract (a call "to play", or a
    placement by :func:`place`), where the expert may weigh other contracts."""
    assert view.hand is not None
    f = Facts(view.hand.mask)
    ctx = Context.from_view(view, systems)
    legal = [c for c in view.legal if isinstance(c, Call)]
    legal_set = set(legal)
    forcing = partner_forcing(ctx)
    if ctx.bids:
        gerber = after_gerber(ctx, f, legal_set)
        if gerber is not None:
            return gerber, True
    if ctx.bids and blackwood_answers(ctx) is None:
        slam = slam_try(
            ctx, f, infer_calls(ctx.calls, ctx.dealer, ctx.systems)[ctx.partner], legal_set
        )
        if slam is not None:
            return slam, False
    for rule in candidates(ctx):
        if rule.call in legal_set and rule.fits(f):
            if rule.call.is_pass and forcing:
                continue
            if rule.call.is_pass and _game_values(ctx, f):
                break
            if _game_not_bid(ctx, f, rule.call, rule.forcing):
                break
            return rule.explain(f), rule.to_play
    partner = infer_calls(ctx.calls, ctx.dealer, ctx.systems)[ctx.partner]
    decision = place(ctx, f, partner, legal)
    if decision.action in legal_set:
        return decision, decision.why.key not in (
            "robot.bid.blackwood",
            "robot.system.rkcb",
            "robot.queen.ask",
        )
    return because(Call.PASS, "nothing_more"), True
