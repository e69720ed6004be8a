"""Claims, from a robot's side: when to claim, and whether to accept another player's claim.

A table (the terminal's :class:`~bridgeroom.tui.table.PlayTable`, the
server's hub) asks a robot these questions; an agreed claim is then the
engine's :class:`~bridgeroom.rules.state.Claim` action.

* :func:`should_claim` claims the rest only when it is certain: the hand on
  lead holds nothing but masters (cards higher than every unplayed card
  outside that hand) and no trump is left outside it at a suit contract. It
  then leads its masters one after the other and wins every trick, whatever
  the layout of the unseen cards.
* :func:`accepts_claim` accepts a claim of ``tricks`` of the remaining tricks
  for the claimer's side when double dummy over sampled layouts of the cards
  the robot cannot see agrees: the claimer's side takes at least that many in
  every layout solved.
* :func:`robot_accepts_claim` is what a table asks of each robot opponent of
  the claimer: the robot's judgement from its view alone, where the claimer's
  hand is faced (Law 68B), never from the hands it cannot see. A robot without
  a judgement of its own (``random``) judges by :func:`accepts_claim` too.
  (:func:`claim_limit` sees every hand: the referee's check for tests, never a
  robot's.)

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal, Seat
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> for action in "7NT P P P S7 S3 S2".split():
    ...     state.apply(action)
    >>> should_claim(state.view(Seat.NORTH))   # North will win the trick and hold only masters
    >>> state.apply("SA")
    >>> should_claim(state.view(Seat.NORTH))
    12
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from bridgeroom.robots.base import Robot
from bridgeroom.robots.cardplay import dds_seats, positions_for
from bridgeroom.robots.dds import Solver
from bridgeroom.robots.public import knowledge, masters, unplayed_cards
from bridgeroom.robots.sampler import NO_LIMITS, sample
from bridgeroom.rules.core import SUIT_MASK, Hand, Seat
from bridgeroom.rules.state import DealState, Phase, View

__all__ = [
    "accepts_claim",
    "claim_is_certain",
    "claim_limit",
    "robot_accepts_claim",
    "should_claim",
]


def claim_is_certain(view: View, hand: int) -> bool:
    """Whether the hand ``hand``, on lead to an empty trick, wins every remaining trick."""
    if view.contract is None:
        return False
    unplayed = unplayed_cards(view)
    if masters(hand, unplayed & ~hand) != hand:
        return False
    trump = view.contract.strain.suit
    return trump is None or not unplayed & ~hand & SUIT_MASK[trump]


def should_claim(view: View) -> int | None:
    """The number of remaining tricks to claim now, or ``None``.

    Claims are made by the player to act, on lead to an empty trick (for the
    declarer, from either of his hands), and only when the rest is certain.
    """
    if view.phase is not Phase.PLAY or view.trick or view.to_act != view.seat:
        return None
    playing = view.turn
    if playing == view.seat and view.hand is not None:
        hand = view.hand.mask
    elif playing == view.dummy_seat and view.dummy is not None and view.seat == view.declarer:
        hand = view.dummy.mask
    else:
        return None
    if hand and claim_is_certain(view, hand):
        return hand.bit_count()
    return None


def accepts_claim(
    view: View,
    tricks: int,
    claimer: Seat | None = None,
    *,
    shown: Hand | None = None,
    solver: Solver | None = None,
    rng: np.random.Generator | None = None,
    samples: int = 24,
) -> bool:
    """Whether the robot at ``view.seat`` accepts that ``claimer``'s side takes ``tricks`` of the rest.

    ``claimer`` defaults to the declarer. ``shown`` is the claimer's hand as he
    faces it with his claim (Law 68): those cards are then known. A claim for no
    more tricks than are left is judged double dummy: accepted when the
    claimer's side takes at least ``tricks`` in every sampled layout.
    """
    if view.phase is not Phase.PLAY or view.contract is None:
        return False
    left = view.tricks_left
    if not 0 <= tricks <= left:
        return False
    who = claimer if claimer is not None else view.declarer
    assert who is not None
    if tricks == 0:
        return True
    if solver is None:
        from bridgeroom.robots.dds import solver as get_solver

        solver = get_solver()
    generator = rng if rng is not None else np.random.default_rng()
    k = knowledge(view)
    if shown is not None and k.hidden[who]:
        if shown.mask & ~k.unseen or len(shown) != k.hidden[who]:
            return False
        known = list(k.known)
        hidden = list(k.hidden)
        voids = list(k.voids)
        certain = list(k.certain)
        known[who], hidden[who], voids[who], certain[who] = shown.mask, 0, 0, NO_LIMITS
        k = replace(
            k,
            known=(known[0], known[1], known[2], known[3]),
            hidden=(hidden[0], hidden[1], hidden[2], hidden[3]),
            voids=(voids[0], voids[1], voids[2], voids[3]),
            certain=tuple(certain),
        )
    layouts = sample(k, samples, generator)
    if layouts.count == 0:
        return False
    seats = dds_seats(view)
    positions = positions_for(view, list(layouts), seats)
    best = solver.best(positions)
    to_play = view.turn
    assert to_play is not None

    # DDS counts the tricks from the current one on for the side to play; the claimer's share
    same_side = view.is_declaring(to_play) == view.is_declaring(who)
    for b in best:
        claimer_tricks = b if same_side else left - b
        if claimer_tricks < tricks:
            return False
    return True


def claim_limit(state: DealState, seat: Seat) -> int:
    """The most tricks of those left that ``seat``'s side takes whatever the others play, double
    dummy (every hand seen; the trick in progress counts). A claim of at most this many is right.

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> for action in "7NT P P P S7".split():
    ...     state.apply(action)
    >>> claim_limit(state, Seat.SOUTH), claim_limit(state, Seat.WEST)
    (13, 0)
    """
    from bridgeroom.robots.dds import solver

    assert state.contract is not None and state.turn is not None and state.declarer is not None
    view = state.view(state.declarer)  # for the public order of play and the current trick
    hands = tuple(state.hand(s).mask for s in Seat)
    layout = (hands[0], hands[1], hands[2], hands[3])
    scores = solver().solve(positions_for(view, [layout], dds_seats(view)))[0]
    best = max(scores.values()) if scores else 0

    left = state.tricks_left
    return best if state.is_declaring(state.turn) == state.is_declaring(seat) else left - best


def robot_accepts_claim(robot: Robot, view: View, claimer: Seat, tricks: int) -> bool:
    """Whether the robot whose view is ``view``, an opponent of ``claimer``, accepts the claim
    of ``tricks``, judged from that view alone: its own hand, the dummy once shown, the cards
    played, and the claimer's hand, faced with the claim (Law 68B: ``view.faced``).

    Each robot answers by its :meth:`~bridgeroom.robots.base.Robot.accepts_claim`: the basic
    and expert levels by their judgement, the ``random`` level by :func:`accepts_claim`.
    """
    return robot.accepts_claim(view, tricks, claimer, dict(view.faced).get(claimer))
