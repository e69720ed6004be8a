"""Defenders' carding: the conventions the robots play (docs/bidding.md, "Carding"), and how
their partner and the declarer read them.

Four conventions, each a card of one suit chosen from the holding there (suit preference
looks at the other suits too):

* **attitude** (:func:`attitude_card`): following to partner's lead of a suit led for the first
  time, without trying to win the trick, the highest spot card (nine or lower) with the ace,
  king or queen of the suit and two spot cards, else the lowest;
* **count** (:func:`count_card`): following to the declarer's (or dummy's) lead of a suit led for
  the first time, without trying to win the trick, the highest spot card from an even number of
  cards, the lowest from an odd number ("high-low shows an even number");
* **the opening lead** (:func:`lead_card`): from the suit led, the top of a sequence of honours,
  the top of a doubleton, fourth best from four or more at notrump, and otherwise a low card
  (the lowest under an honour, the third from three small or more, the lowest in partner's suit).
* **suit preference** (:func:`suit_preference_card`): a defender who leads a suit that his
  partner has shown out of, in a suit contract while partner may still hold trumps (a ruff),
  leads its highest card to ask for the higher-ranking of the two other side suits on the
  return, its lowest for the lower one: he asks for the suit headed by his higher card
  (:func:`asked_suit` reads it).

    >>> from bridgeroom.rules import Hand
    >>> str(attitude_card(Hand("K872.-.-.-").mask)), str(attitude_card(Hand("9742.-.-.-").mask))
    ('S8', 'S2')
    >>> str(count_card(Hand("9742.-.-.-").mask)), str(count_card(Hand("974.-.-.-").mask))
    ('S9', 'S4')
    >>> str(lead_card(Hand("KQ74.-.-.-").mask, notrump=True)), str(lead_card(Hand("K974.-.-.-").mask, notrump=True))
    ('SK', 'S4')
    >>> str(suit_preference_card(Hand("-.A4.952.8763").mask, Suit.DIAMONDS, Suit.SPADES))   # the ace of hearts
    'D9'

Reading (:func:`read_signals`, :func:`signal_weights`): a layout of the unseen cards in which a
signaller's card is not the one the convention gives from his holding there counts
:data:`SIGNAL_WEIGHT` as much (:data:`LEAD_WEIGHT` for the opening lead, whose choice of suit is
freer). A defender reads his partner's attitude, count and suit-preference signals and opening
lead; the declarer reads both defenders' (as real declarers do). The weights are soft: a robot
gives a signal only when the card costs nothing in its own judgement, and a person may play
another convention.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from bridgeroom.robots.public import (
    bid_suits,
    high_to_low,
    masters,
    partner_of,
    played_tricks,
    shown_voids,
    unplayed_cards,
    winning_so_far,
)
from bridgeroom.rules.core import SUIT_MASK, Card, Seat, Suit
from bridgeroom.rules.state import View

__all__ = [
    "LEAD_WEIGHT",
    "SIGNAL_WEIGHT",
    "Signal",
    "asked_suit",
    "attitude_card",
    "conventional_lead",
    "count_card",
    "gives_attitude",
    "gives_count",
    "gives_suit_preference",
    "lead_card",
    "leads_for_ruff",
    "partner_signals",
    "preferred_suit",
    "read_signals",
    "ruff_signal",
    "signal_weights",
    "suit_preference_card",
]

#: The weight of a layout, per attitude or count signal it does not explain.
SIGNAL_WEIGHT = 0.25
#: The weight of a layout whose opening leader would have led another card of the suit.
LEAD_WEIGHT = 0.1
#: Ranks that make a holding worth encouraging: ace, king, queen.
_HONOUR = 12
#: Every card of the pack, as a mask.
_ALL = (1 << 52) - 1
#: The highest rank that is a spot card.
_SPOT = 9


def attitude_card(holding: int) -> Card:
    """The attitude card from ``holding`` (one suit's cards, a mask; not empty)."""
    cards = high_to_low(holding)
    spots = [c for c in cards if c.rank <= _SPOT]
    if cards[0].rank >= _HONOUR and len(spots) >= 2:
        return spots[0]
    return cards[-1]


def count_card(holding: int) -> Card:
    """The count card from ``holding``: the highest spot card from an even number of cards (the
    lowest card when there is no spot card to spare), the lowest from an odd number."""
    cards = high_to_low(holding)
    spots = [c for c in cards if c.rank <= _SPOT]
    if len(cards) % 2 == 0 and len(spots) >= 2:
        return spots[0]
    return cards[-1]


def _top_rank(hand: int, suit: Suit) -> int:
    """The rank of ``hand``'s highest card in ``suit`` (0 when void)."""
    holding = hand & SUIT_MASK[suit]
    return int(high_to_low(holding)[0].rank) if holding else 0


def _side_suits(led: Suit, trump: Suit) -> tuple[Suit, Suit]:
    """The two suits other than ``led`` and ``trump``, lower-ranking first."""
    low, high = (s for s in Suit if s not in (led, trump))
    return low, high


def preferred_suit(hand: int, led: Suit, trump: Suit) -> Suit:
    """The side suit a defender leading ``led`` for his partner's ruff asks for, from his whole
    ``hand``: of the two suits other than ``led`` and ``trump``, the one headed by his higher card
    (the lower-ranking one when neither is, or when both are headed by the same rank)."""
    low, high = _side_suits(led, trump)
    return high if _top_rank(hand, high) > _top_rank(hand, low) else low


def suit_preference_card(hand: int, led: Suit, trump: Suit) -> Card:
    """The card of ``led`` that a defender leads for his partner to ruff, from his whole ``hand``
    (it holds ``led``): the highest asks for the higher-ranking of the other two side suits, the
    lowest for the lower (:func:`preferred_suit`)."""
    cards = high_to_low(hand & SUIT_MASK[led])
    return cards[0] if preferred_suit(hand, led, trump) == _side_suits(led, trump)[1] else cards[-1]


def sequence_top(cards: Sequence[Card]) -> Card | None:
    """The top of a sequence of two or more touching cards headed by an honour (AK, KQ, QJ, JT;
    T9 too), from cards of one suit high to low."""
    for a, b in itertools.pairwise(cards):
        if a.rank - b.rank == 1 and a.rank >= 10:
            return a
        if a.rank < 10:
            break
    return None


def lead_card(holding: int, *, notrump: bool, partners: bool = False) -> Card:
    """The opening lead's card from ``holding`` (the suit chosen): top of a sequence, top of a
    doubleton (or the singleton), low in partner's suit, fourth best from four or more at
    notrump, else the lowest under an honour (jack or higher), the third card from small ones."""
    cards = high_to_low(holding)
    top = sequence_top(cards)
    if top is not None:
        return top
    if len(cards) <= 2:
        return cards[0]
    if partners:
        return cards[-1]
    if notrump and len(cards) >= 4:
        return cards[3]
    return cards[-1] if cards[0].rank >= 11 else cards[min(2, len(cards) - 1)]


def _defender(view: View, seat: Seat) -> bool:
    """Whether ``seat`` defends (in every game: neither the declarer nor the dummy)."""
    if view.declarer is None or view.dummy_seat is None:
        return False
    return not view.is_declaring(seat)


def _first_time(view: View, suit: Suit, before: int) -> bool:
    """Whether no trick before trick number ``before`` (0-based) was led in ``suit``."""
    return all(t.cards[0].suit != suit for t in view.tricks[:before])


def _partners_suit(view: View, seat: Seat, suit: Suit) -> bool:
    """Whether ``seat``'s partner bid ``suit`` in the auction."""
    return suit in bid_suits(view, partner_of(view, seat))


def conventional_lead(view: View, seat: Seat, suit: Suit) -> Card | None:
    """The card of ``suit`` that the conventions give ``seat``, a defender on lead now, and his
    partner and the declarer read (:func:`read_signals`): the opening lead's card
    (:func:`lead_card`) in a suit other than trumps, the suit-preference card on a lead for
    partner's ruff (:func:`suit_preference_card`); ``None`` when a lead of ``suit`` signals
    nothing, or ``seat`` holds none.

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal, Seat
    >>> state = ContractBridgeDeal(
    ...     Deal("N:AK5.KQ4.J83.AT62 9742.A73.KT95.Q8 QJ.J9865.Q7.KJ95 T863.T2.A642.743"),
    ...     dealer=Seat.NORTH,
    ... )
    >>> for call in ["1NT", "P", "P", "P"]:
    ...     state.apply(call)
    >>> east = state.view(Seat.EAST)
    >>> str(conventional_lead(east, Seat.EAST, Suit.SPADES)), str(conventional_lead(east, Seat.EAST, Suit.CLUBS))
    ('S2', 'CQ')
    """
    if view.trick or not _defender(view, seat):
        return None
    hand = view.hand.mask if view.hand is not None and view.seat == seat else 0
    holding = hand & SUIT_MASK[suit]
    if not holding:
        return None
    trump = view.contract.strain.suit if view.contract is not None else None
    if not view.tricks:
        if suit == trump:
            return None
        partners = _partners_suit(view, seat, suit)
        return lead_card(holding, notrump=trump is None, partners=partners)
    if trump is not None and gives_suit_preference(view, seat, suit):
        return suit_preference_card(hand, suit, trump)
    return None


def gives_attitude(view: View, seat: Seat) -> bool:
    """Whether ``seat``, to play now, is a defender following to his partner's lead of a suit led
    for the first time (the moment of the signal, if he does not try to win the trick)."""
    if not _defender(view, seat) or len(view.trick) != 2:
        return False
    leader, led = view.trick[0]
    return leader == partner_of(view, seat) and _first_time(view, led.suit, len(view.tricks))


def gives_count(view: View, seat: Seat) -> bool:
    """Whether ``seat``, to play now, is a defender following to the declarer's or the dummy's
    lead of a suit led for the first time (a count signal, if he does not try to win)."""
    if not _defender(view, seat) or not view.trick:
        return False
    leader, led = view.trick[0]
    return not _defender(view, leader) and _first_time(view, led.suit, len(view.tricks))


def leads_for_ruff(view: View, seat: Seat, suit: Suit, n: int) -> bool:
    """Whether ``seat``, a defender, leading ``suit`` to trick number ``n`` (0-based) in a suit
    contract, leads it for his partner to ruff: partner had shown out of it and not of trumps."""
    trump = view.contract.strain.suit if view.contract is not None else None
    if trump is None or suit == trump or not _defender(view, seat):
        return False
    voids = shown_voids(view, before=n)[partner_of(view, seat)]
    return bool(voids >> suit & 1) and not voids >> trump & 1


def gives_suit_preference(view: View, seat: Seat, suit: Suit) -> bool:
    """Whether ``seat``, on lead now, would give a suit-preference signal by leading ``suit``
    (a ruff for his partner: :func:`suit_preference_card`). When ``seat`` is the viewer, none
    of his cards of ``suit`` may win by itself (he would cash it, not lead for a ruff)."""
    if view.trick or not leads_for_ruff(view, seat, suit, len(view.tricks)):
        return False
    if view.hand is None or view.seat != seat:
        return True
    return not masters(view.hand.mask & SUIT_MASK[suit], unplayed_cards(view))


def _played_before(view: View, n: int) -> int:
    """The cards played to the tricks before trick number ``n`` (0-based)."""
    out = 0
    for t in view.tricks[:n]:
        for c in t.cards:
            out |= c.mask
    return out


def ruff_signal(view: View, n: int) -> bool:
    """Whether the lead to trick number ``n`` (0-based; the trick in progress when ``n`` is
    the number of tricks played) reads as a lead for partner's ruff, a suit-preference signal:
    a defender's lead of a suit his partner had shown out of and not of trumps
    (:func:`leads_for_ruff`), with a card that was not the highest of its suit still out (that
    card wins by itself: it is cashed, not led for a ruff)."""
    if n < len(view.tricks):
        leader, card = view.tricks[n].leader, view.tricks[n].cards[0]
    elif view.trick:
        leader, card = view.trick[0]
    else:
        return False
    if not leads_for_ruff(view, leader, card.suit, n):
        return False
    return not masters(card.mask, _ALL & ~_played_before(view, n))


def asked_suit(view: View, seat: Seat) -> Suit | None:
    """The suit that ``seat``'s partner asked for with his last lead, when ``seat`` ruffed it and
    it was a suit-preference signal (``None`` otherwise): the higher-ranking of the two side
    suits when the card led is high, the lower when it is low. High means above more of the spot
    cards (nine or lower) that partner might have held than it is below: those unplayed before
    his lead, not in the dummy and not played since by another hand; on a tie, a seven or
    higher is high."""
    if not view.tricks or view.trick:
        return None
    n = len(view.tricks) - 1
    last = view.tricks[n]
    partner = partner_of(view, seat)
    led = last.cards[0]
    trump = view.contract.strain.suit if view.contract is not None else None
    if last.leader != partner or trump is None or not ruff_signal(view, n):
        return None
    mine = dict(zip(last.seats, last.cards, strict=True))[seat]
    if mine.suit != trump:
        return None
    unseen = SUIT_MASK[led.suit] & ~led.mask & ~_played_before(view, n)
    for other in Seat:
        if other != partner:
            unseen &= ~_since(view, other, led.suit, n)
    if view.dummy is not None:
        unseen &= ~view.dummy.mask
    spots = [c.rank for c in high_to_low(unseen) if c.rank <= _SPOT]
    below = sum(1 for r in spots if r < led.rank)
    above = len(spots) - below
    low, high = _side_suits(led.suit, trump)
    if below != above:
        return high if below > above else low
    return high if led.rank >= 7 else low


@dataclass(frozen=True, slots=True)
class Signal:
    """A signaller's card and what it signals (``kind``: attitude, count, lead or
    suit_preference), with the cards he has played since (the card included; only those of its
    suit, except for suit preference, which reads the whole hand): added to his remaining cards
    in a layout, they give his holding at the time. A lead also says whether it was made at
    notrump and in the leader's partner's suit; suit preference names the trump suit."""

    seat: Seat
    card: Card
    since: int
    kind: str = "attitude"
    notrump: bool = False
    partners: bool = False
    trump: Suit | None = None

    def expected(self, hand: int) -> Card:
        """The card the convention gives from ``hand`` (the signaller's cards at the time; only
        those of the card's suit matter, except for suit preference)."""
        if self.kind == "suit_preference":
            assert self.trump is not None
            return suit_preference_card(hand, self.card.suit, self.trump)
        holding = hand & SUIT_MASK[self.card.suit]
        if self.kind == "count":
            return count_card(holding)
        if self.kind == "lead":
            return lead_card(holding, notrump=self.notrump, partners=self.partners)
        return attitude_card(holding)


def _since(view: View, seat: Seat, suit: Suit | None, start: int) -> int:
    """The cards of ``suit`` (of every suit: ``None``) that ``seat`` played from trick ``start``
    (0-based) on."""
    out = 0
    for t in view.tricks[start:]:
        for s, c in zip(t.seats, t.cards, strict=True):
            if s == seat and (suit is None or c.suit == suit):
                out |= c.mask
    for s, c in view.trick:
        if s == seat and (suit is None or c.suit == suit):
            out |= c.mask
    return out


def read_signals(view: View) -> list[Signal]:
    """The signals the viewer reads: a defender his partner's, the declarer both defenders'
    (attitude, count and suit-preference cards, and the opening lead); nobody else reads any."""
    me = view.seat
    trump = view.contract.strain.suit if view.contract is not None else None
    if _defender(view, me):
        readers_of = {partner_of(view, me)}
    elif me == view.declarer:
        readers_of = {s for s in Seat if _defender(view, s)}
    else:
        return []
    tricks = played_tricks(view)
    out: list[Signal] = []
    for n, played in enumerate(tricks):
        leader, first = played[0]
        led = first.suit
        if n == 0 and leader in readers_of and led != trump:
            partners = _partners_suit(view, leader, led)
            since = _since(view, leader, led, 0)
            out.append(Signal(leader, first, since, "lead", trump is None, partners))
        if leader in readers_of and trump is not None and ruff_signal(view, n):
            since = _since(view, leader, None, n)
            out.append(Signal(leader, first, since, "suit_preference", trump=trump))
        if not _first_time(view, led, n):
            continue
        for k in range(1, len(played)):
            seat, card = played[k]
            if seat not in readers_of or card.suit != led:
                continue
            kind = None
            if k == 2 and leader == partner_of(view, seat):
                kind = "attitude"
            elif not _defender(view, leader):
                kind = "count"
            # an honour that takes the lead in the trick tries to win: it signals nothing (a spot
            # card above the one led, second hand, is still the count)
            if kind is None or (
                winning_so_far(played[: k + 1], trump)[0] == seat and card.rank >= 10
            ):
                continue
            out.append(Signal(seat, card, _since(view, seat, led, n), kind))
    return out


def partner_signals(view: View) -> list[Signal]:
    """The attitude signals partner gave on the leads of the defender ``view.seat`` so far."""
    me = view.seat
    if not _defender(view, me):
        return []
    return [s for s in read_signals(view) if s.kind == "attitude"]


def signal_weights(signals: Sequence[Signal], layouts: Sequence[Sequence[int]]) -> list[float]:
    """The weight of each layout (remaining hands N, E, S, W): :data:`SIGNAL_WEIGHT` (or
    :data:`LEAD_WEIGHT`) to the power of the signals the conventions do not give from the
    signallers' holdings in it."""
    out = []
    for hands in layouts:
        w = 1.0
        for sig in signals:
            if sig.expected(hands[sig.seat] | sig.since) != sig.card:
                w *= LEAD_WEIGHT if sig.kind == "lead" else SIGNAL_WEIGHT
        out.append(w)
    return out
