"""Card play by rules of thumb (the ``basic`` level), from the view alone.

The rules, in the order they are tried (docs/robots.md has the list):

* opening lead: partner's suit if he bid one; the top of a sequence; against a
  suit contract a singleton in a side suit; else fourth best of the longest
  suit at notrump, a low card of an unbid suit (not away from an ace) at a suit;
* declarer on lead: draw trumps while the opponents may hold some; cash a
  card that is master (no higher card is left outside his own hands); else
  lead from his longest combined suit toward the hand holding its honours;
* defender on lead: return the suit partner asked for with his lead that he ruffed (suit
  preference); give partner a ruff in a suit he has shown out of (the card asks for a suit);
  cash a master of a side suit; return partner's suit, or continue his own, unless the
  declaring side would ruff it in one hand and discard from the other;
* second hand low, but cover an honour with a higher honour;
* third hand high (the lowest of equal top cards), low if partner is winning;
* fourth hand: win as cheaply as possible, low if partner is winning;
* out of the suit led: ruff low (over-ruff when needed) if the opponents win
  the trick, else discard the lowest card of the weakest suit.

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal, Seat
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> for call in ["7NT", "P", "P", "P"]:
    ...     state.apply(call)
    >>> decision = basic_card(state.view(Seat.EAST))
    >>> decision
    Decision(action=Card('CJ'), reason='♣J: top of a sequence')
    >>> decision.explain("ru")
    '♣В: старшая из секвенции'
"""

from __future__ import annotations

from bridgeroom.robots.base import Decision
from bridgeroom.robots.public import (
    bid_suits,
    high_to_low,
    masters,
    partner_of,
    shown_voids,
    unplayed_cards,
    winning_so_far,
)
from bridgeroom.robots.signals import (
    asked_suit,
    attitude_card,
    count_card,
    gives_attitude,
    gives_count,
    gives_suit_preference,
    lead_card,
    leads_for_ruff,
    preferred_suit,
    sequence_top,
    suit_preference_card,
)
from bridgeroom.rules.core import SUIT_MASK, Card, Seat, Suit
from bridgeroom.rules.state import View

__all__ = ["basic_card", "winning_so_far"]


_cards = high_to_low


def _equal_low(card: Card, hand: int, unplayed: int) -> Card:
    """The lowest card of ``hand`` equal to ``card`` (no unplayed card of another hand between)."""
    best = card
    i = card.index - 1
    base = card.suit * 13
    while i >= base:
        bit = 1 << i
        if hand & bit:
            best = Card.from_index(i)
        elif unplayed & bit:
            break
        i -= 1
    return best


def _opening_lead(view: View, hand: int, trump: Suit | None) -> Decision:
    me = view.seat
    partner = partner_of(view, me)
    # partner's suit
    for suit in bid_suits(view, partner):
        holding = hand & SUIT_MASK[suit]
        if holding and suit != trump:
            card = lead_card(holding, notrump=trump is None, partners=True)
            return Decision.because(card, "robot.play.partners_suit")
    enemy = set()
    for s in Seat:
        if s not in (me, partner):
            enemy.update(bid_suits(view, s))
    # top of a sequence in a side suit
    choices: list[tuple[int, Card]] = []
    for suit in Suit:
        if suit == trump:
            continue
        cards = _cards(hand & SUIT_MASK[suit])
        top = sequence_top(cards)
        if top is not None:
            choices.append((top.rank + (5 if suit not in enemy else 0), top))
    if choices:
        card = max(choices, key=lambda x: x[0])[1]
        return Decision.because(card, "robot.play.top_of_sequence")
    if trump is not None:
        my_trumps = (hand & SUIT_MASK[trump]).bit_count()
        for suit in Suit:
            if suit != trump and (hand & SUIT_MASK[suit]).bit_count() == 1 and my_trumps >= 1:
                card = _cards(hand & SUIT_MASK[suit])[0]
                if card.rank < 13:
                    return Decision.because(card, "robot.play.singleton")
    # longest suit (notrump: fourth best; suit: a low card, not away from an ace)
    best_suit = None
    best_key = -1.0
    for suit in Suit:
        if suit == trump:
            continue
        cards = _cards(hand & SUIT_MASK[suit])
        if not cards:
            continue
        key = len(cards) * 10 + sum(c.hcp for c in cards) - (20 if suit in enemy else 0)
        if trump is not None and cards[0].rank == 14:
            key -= 15
        if key > best_key:
            best_key, best_suit = key, suit
    if best_suit is None:
        cards = _cards(hand)
        card = cards[-1]
        return Decision.because(card, "robot.play.only_trumps")
    holding = hand & SUIT_MASK[best_suit]
    card = lead_card(holding, notrump=trump is None)
    n = holding.bit_count()
    if trump is None and n >= 4:
        return Decision.because(card, "robot.play.fourth_best")
    if n == 2:
        return Decision.because(card, "robot.play.top_of_doubleton")
    return Decision.because(card, "robot.play.longest_unbid")


def _declarer_lead(
    view: View, hand: int, other: int, trump: Suit | None, unplayed: int
) -> Decision:
    ours = hand | other
    outside = unplayed & ~ours
    if trump is not None and outside & SUIT_MASK[trump] and hand & SUIT_MASK[trump]:
        top = masters(hand & SUIT_MASK[trump], unplayed & ~other)
        if top or (ours & SUIT_MASK[trump]).bit_count() >= 7:
            card = _cards(top)[-1] if top else _cards(hand & SUIT_MASK[trump])[-1]
            return Decision.because(card, "robot.play.drawing_trumps")
    mine = masters(hand, unplayed & ~hand)
    # cash winners in the suits where the opponents still follow, keeping trumps for last
    for suit in sorted(Suit, key=lambda s: s == trump):
        winners = mine & SUIT_MASK[suit]
        if winners and (suit != trump or not outside & SUIT_MASK[trump]):
            card = _equal_low(_cards(winners)[0], hand, unplayed)
            return Decision.because(card, "robot.play.cashing")
    # lead toward honours in the longest combined suit
    best = None
    best_len = -1
    for suit in Suit:
        if not hand & SUIT_MASK[suit]:
            continue
        n = (ours & SUIT_MASK[suit]).bit_count()
        if n > best_len:
            best, best_len = suit, n
    assert best is not None
    cards = _cards(hand & SUIT_MASK[best])
    card = cards[-1]
    return Decision.because(card, "robot.play.toward_honours")


def _ruff_and_discard(view: View, suit: Suit, trump: Suit | None) -> bool:
    """Whether a defender's lead of ``suit`` lets the declaring side ruff it in one hand and
    discard from the other: one of its hands is void in it (dummy's cards show it, the
    declarer's by showing out) and may still hold trumps."""
    if trump is None:
        return False
    voids = shown_voids(view)
    for seat in (view.declarer, view.dummy_seat):
        if seat is None:
            continue
        void = bool(voids[seat] >> suit & 1)
        trumps = not voids[seat] >> trump & 1
        if seat == view.dummy_seat and view.dummy is not None:
            void = not view.dummy.mask & SUIT_MASK[suit]
            trumps = bool(view.dummy.mask & SUIT_MASK[trump])
        if void and trumps:
            return True
    return False


def _defender_lead(view: View, hand: int, trump: Suit | None, unplayed: int) -> Decision:
    me = view.seat
    partner = partner_of(view, me)
    mine = masters(hand, unplayed & ~hand)
    dummy_mask = view.dummy.mask if view.dummy is not None else 0
    # partner's lead that I ruffed asked for a suit (suit preference): lead it, low
    asked = asked_suit(view, me)
    if asked is not None and hand & SUIT_MASK[asked]:
        card = _cards(hand & SUIT_MASK[asked])[-1]
        return Decision.because(card, "robot.play.asked_return", suit=asked)
    # a ruff for partner in a suit he has shown out of, where no card of mine wins by itself
    if trump is not None and unplayed & SUIT_MASK[trump] & ~hand & ~dummy_mask:
        for suit in Suit:
            holding = hand & SUIT_MASK[suit]
            if holding and gives_suit_preference(view, me, suit):
                card = suit_preference_card(hand, suit, trump)
                side = preferred_suit(hand, suit, trump)
                return Decision.because(card, "robot.play.ruff_for_partner", suit=side)
    # cash a master in a side suit (a trump master is a trick whenever trumps are led)
    for suit in Suit:
        winners = mine & SUIT_MASK[suit]
        if (
            winners
            and suit != trump
            and (trump is None or dummy_mask & SUIT_MASK[suit] or not dummy_mask & SUIT_MASK[trump])
        ):
            card = _equal_low(_cards(winners)[0], hand, unplayed)
            return Decision.because(card, "robot.play.cashing")
    led_by_partner = [t.cards[0].suit for t in view.tricks if t.leader == partner]
    for suit in reversed(led_by_partner):
        cards = _cards(hand & SUIT_MASK[suit])
        if cards and suit != trump and not _ruff_and_discard(view, suit, trump):
            card = cards[0] if len(cards) <= 2 else cards[-1]
            return Decision.because(card, "robot.play.returning")
    led_by_me = [t.cards[0].suit for t in view.tricks if t.leader == me]
    for suit in reversed(led_by_me):
        cards = _cards(hand & SUIT_MASK[suit])
        if cards and suit != trump and not _ruff_and_discard(view, suit, trump):
            card = cards[-1]
            return Decision.because(card, "robot.play.continuing")
    return _opening_lead(view, hand, trump)


def _follow(view: View, hand: int, trump: Suit | None, unplayed: int) -> Decision:
    me_seat = view.turn if view.turn is not None else view.seat
    partner = partner_of(view, me_seat)
    trick = view.trick
    led = trick[0][1].suit
    win_seat, win_card = winning_so_far(trick, trump)
    partner_winning = win_seat == partner
    position = len(trick) + 1
    suit_cards = _cards(hand & SUIT_MASK[led])
    if suit_cards:
        beats = [c for c in suit_cards if win_card.suit == led and c.rank > win_card.rank]
        lowest = suit_cards[-1]
        if position == 2:
            led_card = trick[0][1]
            if led_card.rank >= 11 and beats and beats[-1].rank >= 12:
                card = beats[-1]
                return Decision.because(card, "robot.play.cover")
            if gives_count(view, me_seat):
                return _count(hand & SUIT_MASK[led], led)
            return Decision.because(lowest, "robot.play.second_hand_low")
        if gives_attitude(view, me_seat) and (partner_winning or not beats):
            card = attitude_card(hand & SUIT_MASK[led])
            encourage = card != lowest
            signal = "robot.play.encourage" if encourage else "robot.play.discourage"
            return Decision.because(card, signal, suit=led)
        if partner_winning:
            return Decision.because(lowest, "robot.play.partner_winning")
        if beats:
            if position == 3:
                card = _equal_low(beats[0], hand, unplayed)
                return Decision.because(card, "robot.play.third_hand_high")
            card = beats[-1]
            return Decision.because(card, "robot.play.cheap_win")
        if gives_count(view, me_seat):
            return _count(hand & SUIT_MASK[led], led)
        return Decision.because(lowest, "robot.play.cannot_win")
    # void in the suit led: ruff when the opponents are winning, or when partner led the suit
    # for me to ruff and his card may still be beaten
    ruff_lead = (
        trump is not None
        and trick[0][0] == partner
        and position == 3
        and leads_for_ruff(view, partner, led, len(view.tricks))
        and bool(masters(trick[0][1].mask, unplayed & ~trick[0][1].mask) == 0)
    )
    if trump is not None and hand & SUIT_MASK[trump] and (not partner_winning or ruff_lead):
        trumps = _cards(hand & SUIT_MASK[trump])
        if win_card.suit == trump:
            over = [c for c in trumps if c.rank > win_card.rank]
            if over:
                card = over[-1]
                return Decision.because(card, "robot.play.overruff")
        else:
            card = trumps[-1]
            return Decision.because(card, "robot.play.ruff")
    # discard the lowest card of the weakest side suit
    best = None
    best_key = 99.0
    for suit in Suit:
        cards = _cards(hand & SUIT_MASK[suit])
        if not cards or (suit == trump and hand & ~SUIT_MASK[trump]):
            continue
        key = sum(c.hcp for c in cards) * 2 - len(cards) * 0.5
        if masters(hand & SUIT_MASK[suit], unplayed & ~hand):
            key += 5
        if key < best_key:
            best_key, best = key, cards[-1]
    assert best is not None
    return Decision.because(best, "robot.play.discard")


def _count(holding: int, suit: Suit) -> Decision:
    """The count card from ``holding`` (docs/bidding.md, "Carding"), explained."""
    card = count_card(holding)
    even = holding.bit_count() % 2 == 0 and card != high_to_low(holding)[-1]
    return Decision.because(
        card, "robot.play.count_even" if even else "robot.play.count_odd", suit=suit
    )


def basic_card(view: View) -> Decision:
    """The ``basic`` card for the seat to act in ``view`` (always one of ``view.legal``)."""
    legal = [a for a in view.legal if isinstance(a, Card)]
    if len(legal) == 1:
        return Decision.because(legal[0], "robot.play.only_card")
    contract = view.contract
    trump = contract.strain.suit if contract is not None else None
    playing = view.turn if view.turn is not None else view.seat
    hand = 0
    for c in legal:
        hand |= c.mask
    # the whole hand of the seat playing (legal may be only one suit)
    if playing == view.seat and view.hand is not None:
        whole = view.hand.mask
    elif view.dummy is not None:
        whole = view.dummy.mask
    else:
        whole = hand
    unplayed = unplayed_cards(view)
    if view.trick:
        decision = _follow(view, whole, trump, unplayed)
    elif not view.tricks:
        decision = _opening_lead(view, whole, trump)
    elif view.is_declaring(playing):
        other_seat = view.dummy_seat if playing == view.declarer else view.declarer
        other = 0
        if other_seat == view.dummy_seat and view.dummy is not None:
            other = view.dummy.mask
        elif other_seat == view.seat and view.hand is not None:
            other = view.hand.mask
        decision = _declarer_lead(view, whole, other, trump, unplayed)
    else:
        decision = _defender_lead(view, whole, trump, unplayed)
    if decision.action not in legal:
        card = legal[-1]
        return Decision.because(card, "robot.play.low_card")
    return decision
