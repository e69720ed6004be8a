"""The declarer reads the defenders' cards by the rules they play by, and a defender his
partner's.

Defenders play by rules of thumb (docs/bidding.md, "Carding"; the ``basic`` robot's
:func:`~bridgeroom.robots.play.basic_card`): they return partner's suit, cash their masters,
lead the top of a sequence, play second hand low and third hand high, win as cheaply as they
can, discard from their longest suit. Strong defenders play the same card whenever it costs
nothing. So each card a defender has played tells the declarer, and his partner, something
about his hand: in a layout of the unseen cards where the rules would have given the defender
another card, he is less likely to hold those cards. The reader asks, for each such card after
the opening lead and layout by layout, which card the rules give from the defender's hand
there: each card the rules would not have played multiplies the layout's weight by
:data:`RULE_WEIGHT`. The declarer's cards are not read: declarers false-card freely.

The opening lead and the signals are read by the conventions already
(:func:`~bridgeroom.robots.signals.read_signals`); the cards they read are passed as ``skip``
so that no card is read twice. Only the defender's own hand matters to the rules (his cards now
and those he has played since), and the reader's view holds the rest of the position, so a
card is judged by asking the ``basic`` robot in the view as it was then.

    >>> from bridgeroom.robots import make_robot
    >>> from bridgeroom.robots.signals import read_signals
    >>> from bridgeroom.rules import ContractBridgeDeal, Deal, Hand, Seat
    >>> state = ContractBridgeDeal(
    ...     Deal("N:AK5.KQ4.J83.AT62 9742.A73.KT95.Q8 QJ.J9865.Q7.KJ95 T863.T2.A642.743"),
    ...     dealer=Seat.NORTH,
    ... )
    >>> for action in "1NT P P P".split():
    ...     state.apply(action)
    >>> robot = make_robot("basic", seed=1)
    >>> for _ in range(24):                 # six tricks, every card by the rules
    ...     state.apply(robot.decide(state.view(state.to_act)).action)
    >>> north = state.view(Seat.NORTH)
    >>> cards = read_rule_cards(north, skip=[s.card for s in read_signals(north)])
    >>> [(c.seat.letter, str(c.card)) for c in cards]
    [('E', 'S2'), ('W', 'S3'), ('W', 'HT'), ('W', 'DA'), ('E', 'D5')]

West, a defender, reads his partner East's cards only (dummy reads nobody's):

    >>> west = state.view(Seat.WEST)
    >>> [str(c.card) for c in read_rule_cards(west, skip=[s.card for s in read_signals(west)])]
    ['S2', 'D5']
    >>> read_rule_cards(state.view(Seat.SOUTH))
    []

The last trick: West cashed the ♦A and East, his partner winning, played his lowest diamond,
the ♦5. In the true layout the rules gave every one of those cards. In a layout where East
holds West's ♦4 (and West East's ♣Q), East would have played the ♦4:

    >>> true = tuple(state.hand(s).mask for s in Seat)
    >>> d4, cq = Hand("-.-.4.-").mask, Hand("-.-.-.Q").mask
    >>> swap = (true[0], true[1] ^ d4 ^ cq, true[2], true[3] ^ d4 ^ cq)
    >>> rule_weights(cards, [true, swap])
    [1.0, 0.1]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bridgeroom.robots.play import basic_card
from bridgeroom.robots.public import partner_of, played_tricks
from bridgeroom.rules.core import SUIT_MASK, Card, Hand, Seat
from bridgeroom.rules.state import View, cards_of_mask

__all__ = ["RULE_WEIGHT", "RuleCard", "read_rule_cards", "rule_weights"]

#: The weight of a layout, per defender's card that the rules would not have played from his
#: hand in it (a quarter before: docs/robots.md, "Ideas measured").
RULE_WEIGHT = 0.1


@dataclass(frozen=True, slots=True)
class RuleCard:
    """A defender's card, with the position it was played from: ``then`` is the reader's
    view as it was (the defender to play; his hand is filled in from a layout), ``since`` the
    cards the defender has played from that card on (the card included): added to his
    remaining cards in a layout, they give his hand at the time."""

    seat: Seat
    card: Card
    then: View
    since: int

    def expected(self, hand: int) -> Card:
        """The card the rules play from ``hand`` (the defender's cards at the time)."""
        legal = hand
        if self.then.trick:
            led = SUIT_MASK[self.then.trick[0][1].suit]
            if hand & led:
                legal = hand & led
        view = dataclasses.replace(self.then, hand=Hand(hand), legal=cards_of_mask(legal))
        action = basic_card(view).action
        assert isinstance(action, Card)
        return action


def read_rule_cards(view: View, skip: Iterable[Card] = ()) -> list[RuleCard]:
    """The cards after the opening lead that the viewer reads by the rules, all but those in
    ``skip`` (read otherwise): the declarer reads both defenders', a defender his partner's;
    ``[]`` for dummy and before the play."""
    if view.declarer is None or view.contract is None:
        return []
    if view.seat == view.declarer:
        read = {s for s in Seat if not view.is_declaring(s)}
    elif view.is_declaring(view.seat):
        return []
    else:
        read = {partner_of(view, view.seat)}
    skipped = set(skip)
    played = played_tricks(view)
    order = [(n, k, seat, card) for n, t in enumerate(played) for k, (seat, card) in enumerate(t)]
    dummy_now = view.dummy.mask if view.dummy is not None else 0
    out: list[RuleCard] = []
    later = [0, 0, 0, 0]  # the cards each seat played from the card in hand on
    for n, k, seat, card in reversed(order[1:]):  # order[0] is the opening lead
        later[seat] |= card.mask
        if seat not in read or card in skipped:
            continue
        dummy_since = later[view.dummy_seat] if view.dummy_seat is not None else 0
        before = view.tricks[:n]
        won = sum(1 for t in before if view.is_declaring(t.winner))
        then = dataclasses.replace(
            view,
            seat=seat,
            tricks=before,
            trick=played[n][:k],
            dummy=Hand(dummy_now | dummy_since) if view.dummy is not None else None,
            declarer_tricks=won,
            defender_tricks=n - won,
            turn=seat,
            to_act=seat,
            faced=(),
        )
        out.append(RuleCard(seat, card, then, later[seat]))
    out.reverse()
    return out


def rule_weights(cards: Sequence[RuleCard], layouts: Sequence[Sequence[int]]) -> list[float]:
    """The weight of each layout (remaining hands N, E, S, W): :data:`RULE_WEIGHT` to the power
    of the ``cards`` the rules would not have played from the defenders' hands in it."""
    known: dict[tuple[int, int], Card] = {}
    out = []
    for hands in layouts:
        w = 1.0
        for i, rc in enumerate(cards):
            hand = hands[rc.seat] | rc.since
            expected = known.get((i, hand))
            if expected is None:
                expected = known[(i, hand)] = rc.expected(hand)
            if expected != rc.card:
                w *= RULE_WEIGHT
        out.append(w)
    return out
