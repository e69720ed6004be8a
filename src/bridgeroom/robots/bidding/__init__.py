"""A natural bidding system for the four-handed auction, as rules that can be read backwards.

The system (written out for people in ``docs/bidding.md``) is a list of
candidate calls for each situation of the auction. A candidate says what
the call shows (HCP range, suit lengths, balance) and may add a test on the
hand (e.g. "spades are the longest suit"). :func:`basic_call` makes the
first candidate that the hand meets and that is legal; when none is meant
for the situation it places the contract from what the partnership has shown
(:func:`place`). Because a situation's candidates depend only on the public
auction, the same table reads a call backwards: :func:`infer` gives, for
every seat, the limits its calls showed, which the sampler uses.

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal, Seat
    >>> state = ContractBridgeDeal(Deal("N:AK2.KQ3.Q432.Q32 Q963.T74.K96.K96 J85.A962.J85.J85 T74.J85.AT7.AT74"))
    >>> basic_call(state.view(Seat.NORTH))
    Decision(action=Call('1NT'), reason='1NT: 15-17 points, balanced (I have 16)')
    >>> state.apply("1NT")
    >>> infer(state.view(Seat.EAST))[Seat.NORTH].describe()
    '15-17 HCP, balanced'

The modules, from the bottom up:

* :mod:`~bridgeroom.robots.bidding.model`: the hand (:class:`Facts`), the public auction
  (:class:`Context`), a candidate call (:class:`Rule`) and the helpers the tables are written in;
* the system's tables, one module a part of docs/bidding.md:
  :mod:`~bridgeroom.robots.bidding.openings`, :mod:`~bridgeroom.robots.bidding.one_suit`,
  :mod:`~bridgeroom.robots.bidding.notrump`, :mod:`~bridgeroom.robots.bidding.competition`,
  :mod:`~bridgeroom.robots.bidding.slam`;
* :mod:`~bridgeroom.robots.bidding.candidates`: which table applies now (:func:`candidates`);
* :mod:`~bridgeroom.robots.bidding.inference`: what the calls showed (:func:`infer`);
* :mod:`~bridgeroom.robots.bidding.explain`: what a call means, for the other players
  (:func:`explain_call`, Law 20F);
* :mod:`~bridgeroom.robots.bidding.placement`: placing the contract (:func:`place`);
* :mod:`~bridgeroom.robots.bidding.basic`: the ``basic`` robot's call (:func:`basic_call`).
"""

from __future__ import annotations

from bridgeroom.robots.bidding.basic import basic_call, basic_call_detail
from bridgeroom.robots.bidding.candidates import candidates
from bridgeroom.robots.bidding.explain import CONVENTIONS, alerted, explain_call
from bridgeroom.robots.bidding.inference import infer, infer_calls, shown_by
from bridgeroom.robots.bidding.model import Context, Facts, Rule
from bridgeroom.robots.bidding.placement import Partnership, partnership_view, place

__all__ = [
    "CONVENTIONS",
    "Context",
    "Facts",
    "Partnership",
    "Rule",
    "alerted",
    "basic_call",
    "basic_call_detail",
    "candidates",
    "explain_call",
    "infer",
    "infer_calls",
    "partnership_view",
    "place",
    "shown_by",
]
