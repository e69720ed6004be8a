"""Reading the auction backwards (docs/bidding.md, "What the calls show to the other robots"):
what each call showed by the system, as limits on the caller's hand, and whether it forces
partner to bid again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bridgeroom.i18n import Message
from bridgeroom.robots.bidding.candidates import candidates
from bridgeroom.robots.bidding.model import Context
from bridgeroom.robots.bidding.system import Agreements, default_agreements
from bridgeroom.robots.sampler import NO_LIMITS, HandLimits
from bridgeroom.rules.core import Call, Seat
from bridgeroom.rules.state import View

__all__ = ["Shown", "shown_by", "infer_calls", "infer", "partner_forcing"]


class Shown(NamedTuple):
    """What a call shows by the system."""

    #: the union of the limits of the candidates with that call
    limits: HandLimits
    #: whether every candidate with that call is forcing
    forcing: bool
    #: the candidates' explanations, in the system's order
    whys: list[Message]


def shown_by(
    calls: Sequence[tuple[Seat, Call]],
    dealer: Seat,
    index: int,
    systems: Agreements | None = None,
) -> Shown | None:
    """What call ``index`` of the auction shows by the caller's side's system (``systems``:
    both sides ``standard`` unless given); ``None`` when no candidate of its situation has that
    call (the system does not explain it).

    >>> shown_by([(Seat.NORTH, Call("1NT"))], Seat.NORTH, 0).limits.describe()
    '15-17 HCP, balanced'
    """
    seat, call = calls[index]
    ctx = Context(seat, dealer, tuple(calls[:index]), systems or default_agreements())
    shows: HandLimits | None = None
    forcing = True
    whys: list[Message] = []
    for rule in candidates(ctx):
        if rule.call == call:
            shows = rule.limits if shows is None else shows | rule.limits
            forcing = forcing and rule.forcing
            whys.append(rule.why)
    return None if shows is None else Shown(shows, forcing, whys)


def infer_calls(
    calls: Sequence[tuple[Seat, Call]], dealer: Seat, systems: Agreements | None = None
) -> list[HandLimits]:
    """The limits each seat's calls showed by its side's system (N, E, S, W), intersected over
    its calls.

    A call the system does not explain shows nothing; a call that contradicts
    the seat's earlier calls replaces them (someone is not playing the system).
    """
    out = [NO_LIMITS] * 4
    calls = tuple(calls)
    for i, (seat, _) in enumerate(calls):
        shown = shown_by(calls, dealer, i, systems)
        if shown is None:
            continue
        both = out[seat] & shown.limits
        if both.hcp[0] > both.hcp[1] or any(lo > hi for lo, hi in both.lengths):
            out[seat] = shown.limits
        else:
            out[seat] = both
    return out


def infer(view: View, systems: Agreements | None = None) -> list[HandLimits]:
    """What each seat's calls in ``view`` showed (N, E, S, W), each read by its side's system."""
    return infer_calls(view.calls, view.dealer, systems)


def partner_forcing(ctx: Context) -> bool:
    """Partner's last call was forcing by the system and the right-hand opponent passed."""
    rho = ctx.rho_call
    if rho is not None and not rho.is_pass:
        return False
    calls = ctx.calls
    for i in range(len(calls) - 1, -1, -1):
        seat, call = calls[i]
        if seat == ctx.partner:
            if not call.is_bid:
                return False
            return any(rule.call == call and rule.forcing for rule in candidates(ctx.prefix(i)))
    return False
